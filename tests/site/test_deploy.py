"""The GitHub Pages workflow and the published site folder."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml
from site_build import build  # scripts/build/site_build.py

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def test_the_pages_workflow_tests_then_deploys_with_the_official_actions() -> None:
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = flow.get("on") or flow.get(True)  # YAML 1.1 reads a bare `on:` key as True
    assert triggers["push"]["branches"] == ["main"]
    assert flow["permissions"] == {"contents": "read"}  # least privilege: only the deploy job may publish
    jobs = flow["jobs"]
    assert jobs["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert "permissions" not in jobs["test"] and "permissions" not in jobs["build"]
    assert jobs["build"]["needs"] == "test" and jobs["deploy"]["needs"] == "build"
    test_steps = " ".join(str(step.get("run", "")) for step in jobs["test"]["steps"])
    assert "bash .ci/run" in test_steps  # the same command as CI and README
    uses = [step.get("uses", "") for job in jobs.values() for step in job["steps"]]
    for action in ("actions/checkout@", "actions/configure-pages@", "actions/upload-pages-artifact@",
                   "actions/deploy-pages@"):  # fmt: skip
        assert any(u.startswith(action) for u in uses), action
    upload = next(s for s in jobs["build"]["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    build_runs = " ".join(str(s.get("run", "")) for s in jobs["build"]["steps"])
    assert upload["with"]["path"] == "_site" and "scripts/build/site_build.py _site" in build_runs
    assert "npm ci" in build_runs and "scripts/build/vendor.py" in build_runs
    assert jobs["deploy"]["environment"]["name"] == "github-pages"


def test_the_site_folder_holds_exactly_what_the_page_loads(tmp_path: Path) -> None:
    files = set(build(tmp_path / "_site"))
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"].removeprefix("./") in files
    assert "files" not in config, "the modules are in static/python.json"
    published = {"index.html", "pyscript.toml", ".nojekyll", "py/main.py", "static/python.json", "static/stdlib.zip"}
    assert published <= files
    assert any(re.fullmatch(r"static/vendor/pyscript/core\.js", f) for f in files)
    assert not [f for f in files if f.startswith(("tests/", "node_modules/", "scripts/")) or "__pycache__" in f]
    # Offline and install: the service worker, its precache list and the manifest with its icons.
    assert {"sw.js", "static/precache.js", "static/manifest.webmanifest"} <= files
    manifest = json.loads((tmp_path / "_site" / "static" / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        assert "static/" + icon["src"].removeprefix("./") in files, icon
    # Every file the worker precaches is published (a missing one would fail its install).
    precache = (tmp_path / "_site" / "static" / "precache.js").read_text(encoding="utf-8")
    listed = json.loads(precache[precache.index("{") : precache.rindex("}") + 1])["files"]
    assert len(listed) > 20
    for name in listed:
        assert name == "./" or name.removeprefix("./") in files, name
