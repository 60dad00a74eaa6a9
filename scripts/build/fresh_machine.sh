#!/usr/bin/env bash
# Prove the README's two commands on freshly installed, minimal Debian systems.
#
#   sudo bash scripts/build/fresh_machine.sh [--worktree] [--keep] [--workdir DIR] [bookworm|trixie ...]
#
# For each Debian suite (default: bookworm and trixie) this makes a minimal Debian with
# `debootstrap --variant=minbase` in a chroot, installs only git, make, python3 and
# ca-certificates, clones this repository, and runs exactly what README.md says, as root:
# `make serve` (in the background, until http://127.0.0.1:PORT/ serves index.html and the
# Pyodide wasm, then stopped) and then `make test`. It prints, per suite, the wall time of
# `make test` and of `make serve`'s set-up, the packages those commands installed (dpkg -l
# before/after), the disk used (the chroot, .venv, node_modules, static/vendor, .cache, ...)
# and pytest's final summary line. It exits non-zero if either command failed.
#
# Needs: root (debootstrap, chroot, mount), a Debian package mirror (read from the host's apt
# sources) and the package indexes the host uses (PyPI/npm or the local mirrors named in the
# host's pip and npm settings, which are copied or bind-mounted read-only into the chroot).
# It is a manual check for a fresh machine, NOT part of CI. It never changes the repository:
# it clones HEAD (or, with --worktree, HEAD plus the working tree's uncommitted changes).
#
# Options (or environment variables):
#   --workdir DIR      FRESH_WORKDIR   work folder (default /var/tmp/opening-hand-fresh);
#                                      chroots in DIR/<suite>/root, logs in DIR/logs/<suite>/
#   --keep             FRESH_KEEP=1    keep the chroots (their mounts are always removed)
#   --worktree         FRESH_WORKTREE=1  copy the uncommitted changes (modified, deleted and
#                                      untracked files, as `git status` lists them) over the clone
#   --worktree-only PATH[,PATH...]     the same, but only for these files or folders (e.g. your
#                                      set-up changes, while others' edits are mid-way)
#   --mirror URL       FRESH_MIRROR    Debian mirror (default: the host's apt sources)
#   --security URL     FRESH_SECURITY  Debian security mirror (default: the host's apt sources)
#   --port N           FRESH_PORT      `make serve` port for the first suite (default 8000, the
#                                      README's; later suites use N+1, N+2, ... so they never clash)
#   --no-pytest-diag                   do not run pytest directly when `make test` stopped
#                                      before pytest (e.g. on a lint error)
set -euo pipefail
export LC_ALL=C  # one decimal point in the timings

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

WORKDIR=${FRESH_WORKDIR:-/var/tmp/opening-hand-fresh}
KEEP=${FRESH_KEEP:-0}
WORKTREE=${FRESH_WORKTREE:-0}
ONLY=
MIRROR=${FRESH_MIRROR:-}
SECURITY=${FRESH_SECURITY:-}
PORT0=${FRESH_PORT:-8000}
PYTEST_DIAG=1
SUITES=()
while [ $# -gt 0 ]; do
  case "$1" in
  --workdir) WORKDIR=$2; shift ;;
  --keep) KEEP=1 ;;
  --worktree) WORKTREE=1 ;;
  --worktree-only) WORKTREE=1 ONLY=$2; shift ;;
  --mirror) MIRROR=$2; shift ;;
  --security) SECURITY=$2; shift ;;
  --port) PORT0=$2; shift ;;
  --no-pytest-diag) PYTEST_DIAG=0 ;;
  -h | --help) usage; exit 0 ;;
  -*) echo "fresh: unknown option $1" >&2; usage >&2; exit 2 ;;
  *) SUITES+=("$1") ;;
  esac
  shift
done
[ ${#SUITES[@]} -gt 0 ] || SUITES=(bookworm trixie)

REPO=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
WORKDIR=$(realpath -m "$WORKDIR")
CHECKOUT=/root/opening-hand  # where the chroot's user clones the repository
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say() { printf '\n== fresh: %s\n' "$*"; }
die() { echo "fresh: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root: sudo bash $0 $*"
case "$WORKDIR" in /|/var|/var/tmp|/tmp|/root|/home) die "--workdir must be a folder of its own, not $WORKDIR" ;; esac
for s in "${SUITES[@]}"; do
  [[ "$s" =~ ^[a-z]+$ ]] || die "not a Debian suite name: $s"
done

# ---------------------------------------------------------------- mounts and processes

# Mount points under $1, deepest first (mountinfo escapes spaces as \040).
mounts_under() {
  awk -v p="$1/" '{ m = $5; gsub(/\\040/, " ", m); if (index(m, p) == 1) print m }' /proc/self/mountinfo | sort -r
}

# Processes whose root directory is the chroot $1 (the server, npm, Chromium, ...).
chroot_pids() {
  local p
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$1" ] && echo "${p#/proc/}"
  done
  return 0
}

stop_chroot_processes() {
  local root=$1 pids
  pids=$(chroot_pids "$root")
  [ -n "$pids" ] || return 0
  echo "fresh: stopping processes left in $root: ${pids//$'\n'/ }"
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null || true
  sleep 2
  pids=$(chroot_pids "$root")
  # shellcheck disable=SC2086
  [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
  sleep 1
}

unmount_all_under() {
  local dir=$1 m list _
  for _ in 1 2 3; do
    list=$(mounts_under "$dir")
    [ -n "$list" ] || return 0
    while IFS= read -r m; do
      umount "$m" 2>/dev/null || umount --lazy "$m" 2>/dev/null || true
    done <<<"$list"
  done
  list=$(mounts_under "$dir")
  [ -z "$list" ] || { echo "fresh: could not unmount: $list" >&2; return 1; }
}

# Remove a suite's folder, but never while anything is still mounted inside it.
remove_dir() {
  local dir=$1
  [ -e "$dir" ] || return 0
  unmount_all_under "$dir" || die "refusing to delete $dir: something is still mounted in it"
  [ -z "$(mounts_under "$dir")" ] || die "refusing to delete $dir: something is still mounted in it"
  rm -rf --one-file-system -- "$dir"
}

# ---------------------------------------------------------------- host settings

# "URI SUITES..." for each enabled deb source of the host (one-line and deb822 formats).
host_sources() {
  local f lists d822
  shopt -s nullglob
  lists=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list)
  d822=(/etc/apt/sources.list.d/*.sources)
  shopt -u nullglob
  for f in "${lists[@]}"; do
    [ -f "$f" ] && awk '$1 == "deb" { sub(/\[[^]]*\][ \t]*/, ""); print $2, $3 }' "$f"
  done
  for f in "${d822[@]}"; do
    awk -v RS= -F '\n' '{
      t = u = s = ""; on = 1
      for (i = 1; i <= NF; i++) {
        if ($i ~ /^Types:/) t = $i " "
        else if ($i ~ /^URIs:/) { u = $i; sub(/^URIs:[ \t]*/, "", u) }
        else if ($i ~ /^Suites:/) { s = $i; sub(/^Suites:[ \t]*/, "", s) }
        else if ($i ~ /^Enabled:[ \t]*[Nn]o/) on = 0
      }
      if (on && t ~ /[ \t]deb[ \t]/) { n = split(u, us, /[ \t]+/); for (j = 1; j <= n; j++) print us[j], s }
    }' "$f"
  done
  return 0
}

# Absolute paths named in pip/npm settings (files and the PIP_*/npm_config_* environment).
paths_in_settings() {
  local f
  for f in "$@"; do
    [ -f "$f" ] && grep -v -E '^[[:space:]]*[#;]' "$f" | tr -s ' \t=,' '\n'
  done
  env | grep -E '^(PIP_|npm_config_|NPM_CONFIG_)' | cut -d= -f2- | tr -s ' \t,' '\n'
  return 0
}

HOST_HOME=$HOME
if [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
  HOST_HOME=$(getent passwd "$SUDO_USER" | cut -d: -f6)
fi
# (host file, place in the chroot)
PIP_CONFS=()
for f in /etc/pip.conf /etc/xdg/pip/pip.conf; do [ -f "$f" ] && PIP_CONFS+=("$f:$f"); done
for f in .config/pip/pip.conf .pip/pip.conf; do
  if [ -f "$HOME/$f" ]; then PIP_CONFS+=("$HOME/$f:/root/$f"); elif [ -f "$HOST_HOME/$f" ]; then PIP_CONFS+=("$HOST_HOME/$f:/root/$f"); fi
done
[ -n "${PIP_CONFIG_FILE:-}" ] && [ -f "$PIP_CONFIG_FILE" ] && PIP_CONFS+=("$PIP_CONFIG_FILE:$PIP_CONFIG_FILE")
NPM_CONFS=()
for f in /etc/npmrc /usr/etc/npmrc /usr/local/etc/npmrc; do [ -f "$f" ] && NPM_CONFS+=("$f:$f"); done
if [ -f "$HOME/.npmrc" ]; then NPM_CONFS+=("$HOME/.npmrc:/root/.npmrc"); elif [ -f "$HOST_HOME/.npmrc" ]; then NPM_CONFS+=("$HOST_HOME/.npmrc:/root/.npmrc"); fi

# The environment inside the chroot: a clean root login plus the host's pip/npm variables.
CHROOT_ENV=(HOME=/root USER=root LOGNAME=root "PATH=$CHROOT_PATH" LANG=C.UTF-8 TERM=dumb)
while IFS= read -r kv; do CHROOT_ENV+=("$kv"); done < <(env | grep -E '^(PIP_|npm_config_|NPM_CONFIG_)[A-Za-z0-9_]*=' || true)

# ---------------------------------------------------------------- helpers

# shellcheck disable=SC2016  # expanded inside the chroot
VERSIONS='python3 --version; echo "node $(node --version 2>/dev/null || echo none)"; echo "npm $(npm --version 2>/dev/null || echo none)"
  chromium --version 2>/dev/null || echo "no /usr/bin/chromium (Playwright'"'"'s own)"'

in_chroot() {  # in_chroot ROOT COMMAND... (bash -c string)
  local root=$1; shift
  chroot "$root" /usr/bin/env -i "${CHROOT_ENV[@]}" /bin/bash -c "$*"
}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { s = b - a; printf "%dm%02ds (%.0f s)", s / 60, s % 60, s }'; }
human() { numfmt --to=iec --suffix=B --format=%.1f "$1"; }
dpkg_count() { chroot "$1" dpkg -l | grep -c '^ii'; }
du_bytes() {  # du_bytes PATH [exclusions...]: bytes on this file system, 0 when missing
  local path=$1; shift
  local ex=() e
  for e in "$@"; do ex+=("--exclude=$e"); done
  if [ -e "$path" ]; then du -sxB1 "${ex[@]}" "$path" | cut -f1; else echo 0; fi
}
http_code() {
  if command -v curl >/dev/null; then
    curl -s -o /dev/null -w '%{http_code}' --max-time 20 "$1" || true
  else
    python3 -c 'import sys, urllib.request as u
try: print(u.urlopen(sys.argv[1], timeout=20).status)
except Exception as e: print(getattr(e, "code", "000"))' "$1"
  fi
}
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# ---------------------------------------------------------------- one suite

# run_make_test ROOT LOG: `make test` in the chroot; sets TEST_RC, and MARK_LINT and MARK_PYTEST
# (when the first lint and pytest steps began: they split the set-up from the checks).
run_make_test() {
  local line
  MARK_LINT='' MARK_PYTEST=''
  while IFS= read -r line; do
    printf '%s\n' "$line"
    case $line in
    *"-m ruff check"*) [ -n "$MARK_LINT" ] || MARK_LINT=$(now) ;;
    *"-m pytest"*) [ -n "$MARK_PYTEST" ] || MARK_PYTEST=$(now) ;;
    esac
  done < <(in_chroot "$1" "cd $CHECKOUT && make test" 2>&1 </dev/null; echo "fresh-exit-status $?") >"$2"
  TEST_RC=$(sed -n 's/^fresh-exit-status //p' "$2" | tail -n 1)
  TEST_RC=${TEST_RC:-1}
  sed -i '/^fresh-exit-status /d' "$2"
}

stopped_from_outside() { grep -q -E '^make: \*\*\* .*\] Terminated$' "$1"; }

run_suite() {  # run_suite SUITE PORT (runs in a subshell; its EXIT trap cleans up)
  set -euo pipefail
  local suite=$1 port=$2
  # Not local: the EXIT trap below runs after this function has returned.
  dir=$WORKDIR/$suite root=$WORKDIR/$suite/root logs=$WORKDIR/logs/$suite SERVE_PID=
  local report=$logs/report.txt
  BINDS=()  # read-only bind mounts of package indexes, left out of the chroot's du

  # shellcheck disable=SC2317  # run by the EXIT trap
  cleanup() {
    local rc=$?
    set +e
    [ -n "${SERVE_PID:-}" ] && kill -TERM -- "-$SERVE_PID" 2>/dev/null
    [ -d "$root" ] && stop_chroot_processes "$root"
    unmount_all_under "$dir" || rc=1
    if [ "$KEEP" = 1 ]; then
      echo "fresh: kept $root (nothing mounted in it)"
    elif [ -z "$(mounts_under "$dir")" ]; then
      rm -rf --one-file-system -- "$dir"
    else
      echo "fresh: NOT deleting $dir: something is still mounted in it" >&2; rc=1
    fi
    exit "$rc"
  }
  trap cleanup EXIT
  trap 'exit 130' INT TERM

  say "$suite: fresh minimal Debian in $root (mirror $MIRROR)"
  remove_dir "$dir"
  rm -rf -- "$logs"
  mkdir -p "$dir" "$logs"
  local t0 t1
  t0=$(now)
  debootstrap --variant=minbase "$suite" "$root" "$MIRROR" >"$logs/debootstrap.log" 2>&1 \
    || { tail -n 30 "$logs/debootstrap.log"; die "$suite: debootstrap failed (log: $logs/debootstrap.log)"; }
  t1=$(now)
  pkd=$(dpkg_count "$root")
  echo "debootstrap: $(elapsed "$t0" "$t1"), $pkd packages"
  # debootstrap may leave its own /proc and /sys mounts behind on some hosts.
  unmount_all_under "$root"

  # The chroot's apt sources, for its own suite.
  local signed=
  [ -f "$root/usr/share/keyrings/debian-archive-keyring.gpg" ] && signed="Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: $suite $suite-updates
Components: main
$signed

Types: deb
URIs: $SECURITY
Suites: $suite-security
Components: main
$signed
EOF
  # The host's network settings: name server, CAs (a proxy's CA included), pip and npm settings.
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  if [ -d /usr/local/share/ca-certificates ]; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp -a /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
  fi
  copy_ca_bundle() {
    if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
      mkdir -p "$root/etc/ssl/certs"
      cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    fi
  }
  copy_ca_bundle
  local pair src dst
  for pair in "${PIP_CONFS[@]}" "${NPM_CONFS[@]}"; do
    src=${pair%%:*} dst=${pair#*:}
    mkdir -p "$root$(dirname "$dst")"
    cp -L "$src" "$root$dst"
    echo "settings: $src -> chroot $dst"
  done

  # Kernel file systems, then the paths the pip/npm settings name that the chroot lacks
  # (local wheel folders and indexes: bind-mounted read-only; single files: copied).
  mount -t proc proc "$root/proc"
  mount --bind /sys "$root/sys"
  mount --bind /dev "$root/dev"
  mount --bind /dev/pts "$root/dev/pts"
  mount --bind /dev/shm "$root/dev/shm"
  local confs=() p top
  for pair in "${PIP_CONFS[@]}" "${NPM_CONFS[@]}"; do confs+=("${pair%%:*}"); done
  while IFS= read -r p; do
    p=${p#file://}
    p=${p%/}
    [[ "$p" == /* ]] || continue
    [ -e "$p" ] || continue
    [ -e "$root$p" ] && continue   # /usr, the CA bundle, ... already there
    if [ -d "$p" ]; then
      top=$p
      [ "$(basename "$p")" = simple ] && top=$(dirname "$p")  # a PEP 503 index links to ../files
      mountpoint -q "$root$top" 2>/dev/null && continue
      mkdir -p "$root$top"
      mount --bind "$top" "$root$top"
      mount -o remount,bind,ro "$root$top"
      BINDS+=("$root$top")
      echo "settings: $top bind-mounted read-only"
    else
      mkdir -p "$root$(dirname "$p")"
      cp -L "$p" "$root$p"
      echo "settings: $p copied"
    fi
  done < <(paths_in_settings "${confs[@]}" | sort -u)

  # What a user installs by hand before reading the README.
  say "$suite: apt-get install -y git make python3 ca-certificates"
  in_chroot "$root" "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y git make python3 ca-certificates" \
    >"$logs/base.log" 2>&1 || { tail -n 30 "$logs/base.log"; die "$suite: installing the base packages failed"; }
  copy_ca_bundle  # the host's exact bundle (update-ca-certificates rebuilt it from the CA files above)

  # Clone the committed HEAD (through a bare copy, so the chroot's own git does the clone).
  local head
  head=$(git -C "$REPO" rev-parse --short HEAD)
  git clone --quiet --bare --no-local "$REPO" "$root/tmp/opening-hand.git"
  in_chroot "$root" "git clone --quiet /tmp/opening-hand.git $CHECKOUT" >"$logs/clone.log" 2>&1 \
    || { cat "$logs/clone.log"; die "$suite: git clone failed"; }
  rm -rf -- "$root/tmp/opening-hand.git"
  local source="HEAD $head"
  if [ "$WORKTREE" = 1 ]; then
    # Uncommitted changes, without touching the repository's index (--no-optional-locks).
    local entry path copied=0 deleted=0 limit=()
    [ -z "$ONLY" ] || IFS=, read -r -a limit <<<"$ONLY"
    while IFS= read -r -d '' entry; do
      path=${entry:3}
      if [ -e "$REPO/$path" ] || [ -L "$REPO/$path" ]; then
        (cd "$REPO" && cp -a --parents -- "$path" "$root$CHECKOUT/")
        copied=$((copied + 1))
      else
        rm -f -- "$root$CHECKOUT/$path"
        deleted=$((deleted + 1))
      fi
    done < <(git -C "$REPO" --no-optional-locks status --porcelain=v1 -z --untracked-files=all --no-renames -- "${limit[@]}")
    source="HEAD $head + working tree${ONLY:+ of $ONLY} ($copied files copied, $deleted deleted)"
  fi
  echo "checkout: $source"

  local pk0 du0
  pk0=$(dpkg_count "$root")
  du0=$(du_bytes "$root" "${BINDS[@]}")

  # ---- make serve (README's first command), in the background until it serves the app
  local serve_cmd="make serve"
  [ "$port" = 8000 ] || serve_cmd="make serve PORT=$port"
  say "$suite: $serve_cmd"
  port_busy "$port" && die "port $port is already in use on this host: pass --port"
  local ts te serve_ok=0 idx=000 wasm=000
  ts=$(now)
  setsid chroot "$root" /usr/bin/env -i "${CHROOT_ENV[@]}" /bin/bash -c "cd $CHECKOUT && exec $serve_cmd" \
    >"$logs/serve.log" 2>&1 </dev/null &
  SERVE_PID=$!
  local deadline=$((SECONDS + 1800))
  while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$SERVE_PID" 2>/dev/null; then break; fi
    idx=$(http_code "http://127.0.0.1:$port/")
    [ "$idx" = 200 ] && break
    sleep 1
  done
  te=$(now)
  if [ "$idx" = 200 ]; then
    wasm=$(http_code "http://127.0.0.1:$port/static/vendor/pyodide/pyodide.asm.wasm")
    [ "$wasm" = 200 ] && serve_ok=1
  fi
  kill -TERM -- "-$SERVE_PID" 2>/dev/null || kill -TERM "$SERVE_PID" 2>/dev/null || true
  wait "$SERVE_PID" 2>/dev/null || true
  SERVE_PID=
  stop_chroot_processes "$root"
  local serve_time
  serve_time=$(elapsed "$ts" "$te")
  echo "make serve: index.html $idx, pyodide.asm.wasm $wasm after $serve_time"
  [ "$serve_ok" = 1 ] || tail -n 40 "$logs/serve.log"
  local pk1 du1
  pk1=$(dpkg_count "$root")
  du1=$(du_bytes "$root" "${BINDS[@]}")

  # ---- make test (README's second command)
  say "$suite: make test (log: $logs/test.log)"
  local test_rc=0 test_time split='' rerun='' tlog=$logs/test.log
  ts=$(now)
  run_make_test "$root" "$tlog"
  te=$(now)
  test_time=$(elapsed "$ts" "$te")
  [ -z "$MARK_LINT" ] || split="set-up $(elapsed "$ts" "$MARK_LINT")"
  [ -z "$MARK_LINT" ] || [ -z "$MARK_PYTEST" ] || split="$split, ruff+mypy $(elapsed "$MARK_LINT" "$MARK_PYTEST"), pytest $(elapsed "$MARK_PYTEST" "$te")"
  test_rc=$TEST_RC
  stop_chroot_processes "$root"  # what survives when only make was stopped
  if stopped_from_outside "$tlog"; then
    # Every process in the chroot is visible on the host: a `pkill` there stops ours too.
    say "$suite: make test was stopped by SIGTERM from outside this script; running make test again"
    tlog=$logs/test-rerun.log
    ts=$(now)
    run_make_test "$root" "$tlog"
    te=$(now)
    test_rc=$TEST_RC
    rerun="second make test $(elapsed "$ts" "$te")"
    [ -z "$MARK_PYTEST" ] || rerun="$rerun (pytest $(elapsed "$MARK_PYTEST" "$te"))"
    stop_chroot_processes "$root"
  fi
  local pk2 du2
  pk2=$(dpkg_count "$root")
  du2=$(du_bytes "$root" "${BINDS[@]}")

  local summary diag=
  summary=$(grep -E '^=+ .*( in [0-9.]+s).* =+$' "$tlog" | tail -n 1 || true)
  if [ -z "$summary" ] && [ "$test_rc" != 0 ] && [ "$PYTEST_DIAG" = 1 ] && [ -x "$root$CHECKOUT/.venv/bin/python" ]; then
    # `make test` stopped before pytest (lint, types or set-up): run pytest itself, to report
    # what the tests say. Diagnostic only: the exit status stays `make test`'s.
    say "$suite: make test stopped before pytest; running .venv/bin/python -m pytest for the report"
    in_chroot "$root" "cd $CHECKOUT && .venv/bin/python -m pytest" >"$logs/pytest-diag.log" 2>&1 </dev/null || true
    stop_chroot_processes "$root"
    diag=$(grep -E '^=+ .*( in [0-9.]+s).* =+$' "$logs/pytest-diag.log" | tail -n 1 || true)
  fi

  # ---- report
  local c=$root$CHECKOUT
  {
    echo "suite:            $suite ($(cat "$root/etc/debian_version"))  checkout: $source"
    echo "versions:         $(in_chroot "$root" "$VERSIONS" 2>/dev/null | paste -sd ';' | sed 's/;/; /g')"
    echo "make serve:       $([ "$serve_ok" = 1 ] && echo OK || echo FAILED) - set-up until index.html (HTTP $idx) $serve_time; pyodide.asm.wasm HTTP $wasm; $serve_cmd"
    echo "make test:        $([ "$test_rc" = 0 ] && echo OK || echo "FAILED (exit $test_rc)") - $test_time${split:+ ($split)}"
    if [ -n "$rerun" ]; then
      echo "                  NOTE: stopped by SIGTERM from outside this script; $rerun: $([ "$test_rc" = 0 ] && echo OK || echo "FAILED (exit $test_rc)")"
      stopped_from_outside "$tlog" && echo "                  NOTE: the second make test was stopped from outside too"
    fi
    if [ -f "$logs/pytest-diag.log" ] && grep -q "Terminated$" "$logs/pytest-diag.log"; then
      echo "                  NOTE: the diagnostic pytest run was stopped by SIGTERM from outside this script"
    fi
    echo "pytest:           ${summary:-no pytest summary in the log}"
    [ -n "$diag" ] && echo "pytest (direct):  $diag   <- diagnostic run after make test stopped early"
    echo "packages (dpkg):  $pkd after debootstrap, $pk0 with git make python3 ca-certificates; make serve +$((pk1 - pk0)); make test +$((pk2 - pk1)); both +$((pk2 - pk0)) = $pk2"
    echo "chroot disk:      $(human "$du0") before; $(human "$du1") after make serve (+$(human $((du1 - du0)))); $(human "$du2") after make test (+$(human $((du2 - du1)))); total +$(human $((du2 - du0)))"
    printf '  %-28s %s\n' \
      ".venv" "$(human "$(du_bytes "$c/.venv")")" \
      "node_modules" "$(human "$(du_bytes "$c/node_modules")")" \
      "static/vendor" "$(human "$(du_bytes "$c/static/vendor")")" \
      ".cache (checkout)" "$(human "$(du_bytes "$c/.cache")")" \
      "/root/.cache (pip, browsers)" "$(human "$(du_bytes "$root/root/.cache")")" \
      "/root/.npm (npm cache)" "$(human "$(du_bytes "$root/root/.npm")")" \
      "/var/cache/apt/archives" "$(human "$(du_bytes "$root/var/cache/apt/archives")")" \
      "/usr (system packages)" "$(human "$(du_bytes "$root/usr")")"
    echo "setup notes:      'setup: note: Node.js' printed $(cat "$logs/serve.log" "$logs"/test*.log | grep -c 'setup: note: Node.js' || true) time(s); EBADENGINE $(cat "$logs/serve.log" "$logs"/test*.log | grep -c EBADENGINE || true) time(s)"
    grep -h -A2 'setup: note: Node.js' "$logs/serve.log" "$logs"/test*.log | sed 's/^/  | /' || true
    echo "apt installs:     $(grep -h '^setup: apt-get install' "$logs/serve.log" "$logs"/test*.log | sed 's/^setup: apt-get install --no-install-recommends //' | paste -sd ',' | sed 's/,/, /g')"
    echo "runtime tests:    $(grep -h -E '^tests/runtime/' "$tlog" ${diag:+"$logs/pytest-diag.log"} | paste -sd ' ' || true)"
    if grep -q -E '^(FAILED|ERROR) ' "$tlog" ${diag:+"$logs/pytest-diag.log"}; then
      echo "failures ($(grep -h -E '^(FAILED|ERROR) ' "$tlog" ${diag:+"$logs/pytest-diag.log"} | awk '!seen[$0]++' | wc -l), first 40):"
      grep -h -E '^(FAILED|ERROR) ' "$tlog" ${diag:+"$logs/pytest-diag.log"} | awk '!seen[$0]++' | head -n 40 | sed 's/^/  /'
    fi
    if [ "$test_rc" != 0 ] && [ -z "$summary" ]; then
      echo "make test output (last lines):"
      tail -n 15 "$tlog" | sed 's/^/  | /'
    fi
    echo "logs:             $logs"
  } >"$report"
  say "$suite: report"
  cat "$report"
  [ "$serve_ok" = 1 ] && [ "$test_rc" = 0 ]
}

# ---------------------------------------------------------------- main

if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap on the host"
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
fi
if [ -z "$MIRROR" ] || [ -z "$SECURITY" ]; then
  m='' s=''
  while read -r uri suites; do
    case " $suites" in
    *-security*) [ -n "$s" ] || s=$uri ;;
    *) case "$uri" in */debian | */debian/) [ -n "$m" ] || m=$uri ;; esac ;;
    esac
  done < <(host_sources)
  MIRROR=${MIRROR:-${m:-http://deb.debian.org/debian}}
  MIRROR=${MIRROR%/}
  SECURITY=${SECURITY:-${s:-${MIRROR%/debian}/debian-security}}
fi
MIRROR=${MIRROR%/} SECURITY=${SECURITY%/}
mkdir -p "$WORKDIR"
echo "fresh: repository $REPO, suites ${SUITES[*]}, mirror $MIRROR, security $SECURITY, work folder $WORKDIR"
avail=$(df --output=avail -B1 "$WORKDIR" | tail -n 1)
[ "$avail" -gt $((3 * 1024 * 1024 * 1024)) ] || die "less than 3 GiB free in $WORKDIR"

trap 'echo "fresh: interrupted" >&2; exit 130' INT TERM
status=0
i=0
for suite in "${SUITES[@]}"; do
  set +e
  ( run_suite "$suite" $((PORT0 + i)) )
  rc=$?
  set -e
  [ "$rc" = 0 ] || { status=1; echo "fresh: $suite: FAILED (exit $rc)"; }
  i=$((i + 1))
done
say "summary"
for suite in "${SUITES[@]}"; do
  [ -f "$WORKDIR/logs/$suite/report.txt" ] && { cat "$WORKDIR/logs/$suite/report.txt"; echo; }
done
exit "$status"
