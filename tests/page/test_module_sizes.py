"""The page is a package of small modules, one job each: every module of ``py/page`` stays
under 400 lines (STYLE.md), so a new job gets a module of its own instead of growing one."""

from __future__ import annotations

from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "py" / "page"
LIMIT = 400


def test_every_page_module_is_under_400_lines() -> None:
    sizes = {str(p.relative_to(PAGE)): len(p.read_text(encoding="utf-8").splitlines()) for p in PAGE.rglob("*.py")}
    assert len(sizes) > 30
    assert {name: n for name, n in sizes.items() if n >= LIMIT} == {}
