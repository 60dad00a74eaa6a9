"""Every name the page and the engine import from the engine comes from the module that defines
it, so a reader who follows an import lands on the definition, not on a re-export."""

from __future__ import annotations

import ast
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"


def module_path(module: str) -> Path | None:
    base = PY.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def defined_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_engine_names_are_imported_from_where_they_are_defined() -> None:
    wrong = []
    checked = 0
    for path in sorted(PY.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("opening_hand")):
                continue
            assert node.level == 0, f"{path}: a relative import"
            source = module_path(node.module)
            assert source is not None, f"{path}: no module {node.module}"
            defined = defined_names(source)
            for alias in node.names:
                checked += 1
                if alias.name not in defined and module_path(f"{node.module}.{alias.name}") is None:
                    wrong.append(f"{path.relative_to(PY)}: {alias.name} from {node.module}")
    assert checked > 300
    assert wrong == []
