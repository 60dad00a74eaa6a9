#!/bin/sh
# System packages the two README commands need, installed only when missing, with apt's
# --no-install-recommends (Node.js and npm: ~360 packages on Debian 12/13 instead of ~600 with
# build-essential and the rest of the recommends).
# Usage: sh scripts/build/sysdeps.sh node | venv PYTHON | chromium
# Runs as root, or through sudo when it is there (then `make` may itself be run with sudo).
set -eu

if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
APT_UPDATED=

apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: $* is missing and this system has no apt-get: install it with your package manager" >&2
    exit 1
  fi
  if [ -z "$APT_UPDATED" ]; then $SUDO apt-get update -q; APT_UPDATED=1; fi
  echo "setup: apt-get install --no-install-recommends $*"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "$@"
}

case "${1:-}" in
node)
  # npm ci copies the pinned runtime; the engine tests also run Pyodide under Node (Pyodide
  # declares Node >= 18). @pyscript/core declares >= 20 for its own build tools, which we never
  # run: we only copy its files. So 18 works, and 20, 22 and 24 are what npm expects.
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || apt_install nodejs npm
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt 18 ]; then
    echo "setup: Node.js $(node --version) is too old: Pyodide needs Node 18 or later (20, 22 or 24 recommended)" >&2
    exit 1
  elif [ "$major" -lt 20 ]; then
    echo "setup: note: Node.js $(node --version) is older than the 20 that @pyscript/core declares for its own"
    echo "       build tools; this project only copies its files, so npm's engine warning is hidden and"
    echo "       everything works (tested on Debian 12's Node 18). Node 20, 22 or 24 is recommended."
  fi
  ;;
venv)
  # Debian and Ubuntu ship `venv` without `ensurepip` (package python3-venv), and refuse
  # `pip install` into the system Python (PEP 668): the test tools go into .venv/.
  py=${2:-python3}
  if ! "$py" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    ver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    # python3-venv pulls the right python3.X-venv for the system's default python3.
    apt_install python3-venv || apt_install "python$ver-venv"
  fi
  ;;
chromium)
  # Playwright's own Node.js driver (in .venv) needs libatomic.so.1, which a minimal Debian 12
  # lacks (Debian 13's Chromium happens to pull it in).
  need=
  { ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | grep -q 'libatomic\.so\.1 ' || need=libatomic1
  # Debian's Chromium for the browser tests (Ubuntu's "chromium" is a snap stub: the tests then
  # use Playwright's own Chromium, which `make` installs into .venv's Playwright instead).
  if [ -x /usr/bin/chromium ]; then
    if [ -n "$need" ]; then apt_install $need; fi
    exit 0
  fi
  if command -v apt-get >/dev/null 2>&1 && apt-cache show chromium 2>/dev/null | grep -q '^Filename: .*chromium_'; then
    apt_install chromium $need
  else
    if [ -n "$need" ] && command -v apt-get >/dev/null 2>&1; then apt_install $need; fi
    exit 3  # the caller falls back to Playwright's Chromium
  fi
  ;;
*)
  echo "usage: sh scripts/build/sysdeps.sh node | venv PYTHON | chromium" >&2
  exit 2
  ;;
esac
