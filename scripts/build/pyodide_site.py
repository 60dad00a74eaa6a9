#!/usr/bin/env python3
"""Install pytest, hypothesis and their dependencies as pure-Python wheels into .cache/pyodide-site/.

Why: the Pyodide npm package ships no wheels and the network reaches no Pyodide CDN, so to run
tests/engine inside Pyodide (tests/pyodide/run_engine_tests.mjs) we mount this folder into it.

What: pytest and hypothesis at the pins in requirements-dev.txt (read from there, never repeated
here), plus the closure of their dependencies as Pyodide sees it (markers evaluated for Python
3.14 on emscripten), each at the version installed on this host, so both runtimes use the same
tools. Only py3-none-any wheels are accepted. Idempotent: a stamp lists what was installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PINS = ROOT / "requirements-dev.txt"
SITE = ROOT / ".cache" / "pyodide-site"
STAMP = SITE / ".installed"
TOOLS = ("pytest", "hypothesis")
PYTHON = "3.14"  # Pyodide 314.x
# The environment markers of Pyodide's interpreter (pip would evaluate them for this host).
PYODIDE_ENV = {"python_version": PYTHON, "python_full_version": f"{PYTHON}.0", "sys_platform": "emscripten",
               "platform_system": "Emscripten", "os_name": "posix", "platform_machine": "wasm32",
               "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}  # fmt: skip


def pinned_tools() -> dict[str, str]:
    """name -> version for TOOLS, from the `name==version` lines of requirements-dev.txt."""
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)", PINS.read_text(), re.M))
    missing = [t for t in TOOLS if t not in pins]
    if missing:
        sys.exit(f"pyodide-site: no `name==version` pin for {missing} in {PINS.name}")
    return {t: pins[t] for t in TOOLS}


def closure(tools: dict[str, str]) -> list[str]:
    """`name==version` for the tools and every dependency Pyodide needs, versions from this host."""
    wanted: dict[str, str] = {}
    todo = list(tools)
    while todo:
        name = canonicalize_name(todo.pop())
        if name in wanted:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            sys.exit(f"pyodide-site: {name} is not installed here: run `pip install -r {PINS.name}` first")
        wanted[name] = dist.version
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(dict(PYODIDE_ENV)):
                todo.append(req.name)
    for tool, version in tools.items():
        if (have := wanted[canonicalize_name(tool)]) != version:
            sys.exit(f"pyodide-site: {tool} {have} is installed, {PINS.name} pins {version}: reinstall it")
    return sorted(f"{n}=={v}" for n, v in wanted.items())


def main() -> None:
    reqs = closure(pinned_tools())
    stamp = f"python {PYTHON}\n" + "\n".join(reqs) + "\n"
    if STAMP.exists() and STAMP.read_text() == stamp:
        print(f"pyodide-site: up to date ({', '.join(reqs)})")
        return
    # Install next to the old copy and swap, so an interrupted run never leaves a half site.
    fresh = SITE.with_name(SITE.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    # --platform any + --implementation py + --only-binary: only py3-none-any wheels qualify;
    # --no-deps: the closure above is the whole list, with Pyodide's markers, not this host's.
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "--root-user-action=ignore", "--no-deps", "--only-binary=:all:", "--platform", "any",
           "--implementation", "py", "--python-version", PYTHON, "--target", str(fresh), *reqs]  # fmt: skip
    subprocess.run(pip, check=True)
    (fresh / STAMP.name).write_text(stamp)
    shutil.rmtree(SITE, ignore_errors=True)
    fresh.rename(SITE)
    print(f"pyodide-site: installed {', '.join(reqs)} into {SITE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
