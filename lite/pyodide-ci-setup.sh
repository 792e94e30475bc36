#!/usr/bin/env bash
# What tests/test_lite_pyodide.py needs, installed into build/lite-ci/
# (idempotent; .ci/run calls it).  Only npm and PyPI are used: Pyodide's own
# package CDN (where micropip normally comes from) is not.
#   node/node_modules/pyodide   the Pyodide core and stdlib (npm package)
#   wheels/                     pure wheels installed with micropip in Pyodide:
#                               micropip and packaging (the versions Pyodide's
#                               lockfile lists), xlwings (what Lite brings),
#                               xlxq's dependencies, pypinyin and segno (lite/requirements.txt)
#   build-deps/                 setuptools + wheel, to build the xlxq wheel offline
set -euo pipefail
cd "$(dirname "$0")/.."
D=build/lite-ci
PY=${PYTHON:-python3}   # .ci/run's Python (its venv on a PEP 668 system)
PYODIDE_VERSION=314.0.7       # Python 3.14; xlwings Lite requires Pyodide 314.0.0+
mkdir -p "$D/node" "$D/wheels" "$D/build-deps"

if ! grep -qs "\"version\": \"$PYODIDE_VERSION\"" "$D/node/node_modules/pyodide/package.json"; then
  npm install --silent --prefix "$D/node" --no-audit --no-fund --no-save "pyodide@$PYODIDE_VERSION" >/dev/null
fi

pip_download() {
  "$PY" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: "$@" \
    2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
}
pip_download --platform any --python-version 3.14 --implementation py --abi none -d "$D/wheels" \
  micropip==0.11.1 packaging==26.1 xlwings==0.37.8 \
  openpyxl==3.1.5 et_xmlfile==2.0.0 XlsxWriter==3.3.1 networkx==3.6.1 pypinyin==0.55.0 segno==1.6.6
"$PY" -m pip download --quiet --disable-pip-version-check --only-binary=:all: -d "$D/build-deps" \
  "setuptools>=77" wheel 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
