#!/usr/bin/env bash
# The release as a user gets it, checked end to end (docs/release.md):
#   1. build the sdist and the wheel (python -m build: the wheel is built
#      from the sdist, so a file missing from the sdist fails here);
#   2. twine check (the metadata PyPI would show, the README rendered);
#   3. a fresh venv OUTSIDE the checkout, the wheel installed from PyPI's
#      dependencies; from another folder: xlxq --version, xlxq demo, new →
#      pair → standings --json → publish → report on the sample, the
#      buttons' entry points, xlxq.api's five lines;
#   4. with a Python older than the supported range on the machine
#      (python3.10): pip refuses the wheel with one line.
# .ci/run and .github/workflows/release.yml run it; runnable as is:
#   bash tools/release_check.sh [DIST_DIR]      (default build/dist)
# Needs network (PyPI) for the build backend and the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIST=${1:-build/dist}
PY=${PYTHON:-$(command -v python3 || command -v python)}
t0=$(date +%s)

rm -rf "$DIST"
"$PY" -m build --outdir "$DIST" . >"$DIST.log" 2>&1 || { tail -40 "$DIST.log"; exit 1; }
"$PY" -m twine check --strict "$DIST"/*
WHEEL=$(ls "$DIST"/xlxq-*.whl)
WHEEL=$(cd "$(dirname "$WHEEL")" && pwd)/$(basename "$WHEEL")
echo "wheel: $(basename "$WHEEL") ($(( $(wc -c <"$WHEEL") / 1024 )) KiB)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/xlxq-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
"$PY" -m venv "$WORK/venv"
if [ -x "$WORK/venv/Scripts/python.exe" ]; then VPY="$WORK/venv/Scripts/python.exe"; else VPY="$WORK/venv/bin/python"; fi
"$VPY" -m pip install --quiet --disable-pip-version-check "$WHEEL" \
  2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
BIN=$(dirname "$VPY")

mkdir -p "$WORK/run"
cd "$WORK/run"   # not the checkout: everything must come from the installed wheel
unset PYTHONPATH
"$VPY" - "$ROOT" <<'EOF'
import sys
import xlxq
root = sys.argv[1]
assert not xlxq.__file__.startswith(root), f"xlxq imported from the checkout: {xlxq.__file__}"
print("xlxq", xlxq.__version__, "from", xlxq.__file__)
EOF
"$BIN/xlxq" --version
"$BIN/xlxq" demo .
test -s xlxq-demo.xlsx
SAMPLE=$("$VPY" -c "import xlxq.api as xq; print(xq.sample())")
"$BIN/xlxq" new event.json --players "$SAMPLE" --rounds 5 >/dev/null
"$BIN/xlxq" pair event.json >/dev/null
"$BIN/xlxq" simulate event.json --seed 1 --rounds 3 >/dev/null
"$BIN/xlxq" standings event.json --json >standings.json
"$BIN/xlxq" publish event.json site >/dev/null
test -s site/index.html
"$BIN/xlxq" new event.xlsm --players "$SAMPLE" --rounds 5 >/dev/null
"$BIN/xlxq" pair event.xlsm >/dev/null
"$BIN/xlxq" report event.xlsm --out booklet.xlsx >/dev/null
"$BIN/xlxq" lite-bundle lite --wheel-url https://example.org/xlxq-0.1.0-py3-none-any.whl >/dev/null
test -s lite/main.py && test -s lite/requirements.txt
"$VPY" - <<'EOF'
import json
import xlxq.excel as E
import xlxq.api as xq

# the buttons' entry points (RunPython "import xlxq.excel; xlxq.excel.NAME()")
assert all(callable(f) for f in E.ENTRY_POINTS.values()), E.ENTRY_POINTS
# the API's five lines, and its table equal to the command's
event = xq.new_event(xq.sample("registration.csv"), rounds=5)
event = xq.pair(event)
event = xq.set_results(event, {b.board: "1-0" for b in xq.pairings(event).boards})
print(xq.standings(event).rows[0])
assert xq.standings(xq.open_event("event.json")).data == json.load(open("standings.json", encoding="utf-8"))
print("smoke: demo, new, pair, simulate, standings, publish, workbook, report, lite-bundle, buttons, api: ok")
EOF
cd "$ROOT"

# an older Python: one clear line from pip (requires-python), nothing installed
# (PYTHON_OLD, else python3.10 on PATH, else a pyenv 3.10; a pyenv shim of an inactive version does not run)
OLD=""
for c in "${PYTHON_OLD:-}" python3.10 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.10*/bin/python3.10; do
  if [ -n "$c" ] && "$c" -c "import sys, venv; assert sys.version_info[:2] == (3, 10)" 2>/dev/null; then OLD=$c; break; fi
done
if [ -n "$OLD" ]; then
  # a bare venv and this pip acting on it (pip --python): the same requires-python check, no ensurepip (20 s)
  "$OLD" -m venv --without-pip "$WORK/old"
  if "$PY" -m pip --python "$WORK/old/bin/python" install --quiet --no-deps --disable-pip-version-check "$WHEEL" \
    2>"$WORK/old.err"; then
    echo "FAIL: Python 3.10 installed the wheel" >&2; exit 1
  fi
  grep -v "is ignored: it is neither a file nor a directory" "$WORK/old.err" | grep -q "requires a different Python" \
    || { cat "$WORK/old.err" >&2; echo "FAIL: no clear message on Python 3.10" >&2; exit 1; }
  echo "python3.10: $(grep "requires a different Python" "$WORK/old.err")"
else
  echo "note: no python3.10 here; the requires-python refusal was not tried" >&2
fi
echo "release check: $(( $(date +%s) - t0 )) s"
