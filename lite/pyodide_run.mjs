// Run the xlwings Lite edition (lite/main.py) in real Pyodide under Node,
// the way xlwings Lite / xlwings Server's Pyodide mode run a script:
//   book = xw.Book(json=payload)
//   book = await xlwings.server.custom_scripts_call(module=main, script_name=…,
//                                                   typehint_to_value={xw.Book: book})
//   → book.json()  (the actions the Office.js client then carries out)
//
// Usage: node lite/pyodide_run.mjs <pyodide.mjs> <main.py> <wheel>... <xlxq wheel>
//        node lite/pyodide_run.mjs <pyodide.mjs> <main.py> --lite <requirements.txt> <index URL> <micropip> <packaging>
//   The wheels are installed with micropip from Pyodide's file system
//   (emfs:), in the order given, the last one (xlxq) with its dependencies
//   resolved by micropip (they must all be installed by then: no network).
//   micropip and packaging themselves are unpacked from their wheels: their
//   usual source, Pyodide's package CDN, is not used.
// Protocol: one JSON line on stdout when ready
//   {"ready": true, "pyodide": …, "python": …, "load_ms": …, "install_ms": …,
//    "import_ms": …, "packages": {name: version}, "scripts": [main.py's @script metadata]}
// then, for each JSON line {"script": name, "payload": {...}} on stdin, one
// JSON line {"ms": …, "result": {"actions": [...]} | {"error", "details"},
// "stdout": "…"}.  Python's own output never goes to stdout directly.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [pyodideMjs, mainPy, ...rest] = process.argv.slice(2);
// --lite REQUIREMENTS INDEX: install as xlwings Lite does, from its requirements.txt
// (micropip.install of its lines), the packages from the index at INDEX (a PEP 503
// simple index over HTTP standing for PyPI); then <wheel>... are micropip and packaging only.
let lite = null;
if (rest[0] === "--lite") {
  lite = { requirements: rest[1], index: rest[2] };
  rest.splice(0, 3);
}
const wheels = rest;
if (!pyodideMjs || !mainPy || wheels.length === 0) {
  console.error("usage: node pyodide_run.mjs <pyodide.mjs> <main.py> [--lite REQUIREMENTS INDEX] <wheel>... [<xlxq wheel>]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideMjs)).href);

let captured = "";
const t0 = performance.now();
const py = await loadPyodide({
  stdout: (s) => { captured += s + "\n"; },
  stderr: (s) => { captured += s + "\n"; },
});
const loadMs = performance.now() - t0;

const t1 = performance.now();
py.FS.mkdirTree("/wheels");
const names = [];
for (const w of wheels) {
  const name = path.basename(w);
  py.FS.writeFile("/wheels/" + name, new Uint8Array(fs.readFileSync(w)));
  names.push(name);
}
for (const name of names.filter((n) => /^(micropip|packaging)-/.test(n))) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(wheels[names.indexOf(name)])), "wheel");
}
const others = names.filter((n) => !/^(micropip|packaging)-/.test(n));
py.globals.set("_wheels", py.toPy(others));
py.globals.set("_lite_json", JSON.stringify(lite ? { requirements: fs.readFileSync(lite.requirements, "utf8"), index: lite.index } : null));
await py.runPythonAsync(`
import os
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")   # xlwings' remote engine (xlwings.pro)
os.environ.setdefault("XLWINGS_ON_SERVER", "true")              # xlwings.script = the server/Lite decorator
import json, micropip
_lite = json.loads(_lite_json)
if _lite is not None:
    # xlwings Lite: every line of requirements.txt (comments dropped) in one micropip.install
    _lines = [ln.split("#", 1)[0].strip() for ln in _lite["requirements"].splitlines()]
    _requirements = [ln for ln in _lines if ln]
    await micropip.install(_requirements, index_urls=[_lite["index"]])
else:
    for _w in _wheels[:-1]:
        await micropip.install("emfs:/wheels/" + _w, deps=False)
    await micropip.install("emfs:/wheels/" + _wheels[-1])           # xlxq, with its dependencies
`);
const installMs = performance.now() - t1;

const t2 = performance.now();
py.FS.writeFile("/home/pyodide/main.py", fs.readFileSync(mainPy));
await py.runPythonAsync(`
import json, sys, platform, importlib.metadata as _md
sys.path.insert(0, "/home/pyodide")
import xlwings as xw
from xlwings.server import custom_scripts_call
import main

async def _call(script_name, payload_json):
    book = xw.Book(json=json.loads(payload_json))
    try:
        book = await custom_scripts_call(module=main, script_name=script_name,
                                         typehint_to_value={xw.Book: book})
        result = book.json()
    except Exception as e:
        import traceback
        result = {"error": str(e), "details": traceback.format_exc()}
    finally:
        try:
            book.impl.books.books.remove(book.impl)
        except (AttributeError, ValueError):
            pass
    return json.dumps(result, ensure_ascii=False, default=str)

from xlwings.server import custom_scripts_meta
_versions = json.dumps({"python": platform.python_version(),
                        "packages": {d.metadata["Name"]: d.version for d in _md.distributions()},
                        "scripts": custom_scripts_meta(main)}, ensure_ascii=False)
`);
const importMs = performance.now() - t2;
const info = JSON.parse(py.globals.get("_versions"));
const call = py.globals.get("_call");

const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
out({ ready: true, pyodide: py.version, python: info.python, load_ms: loadMs, install_ms: installMs,
      import_ms: importMs, packages: info.packages, scripts: info.scripts, stdout: captured });
captured = "";

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  const t = performance.now();
  const res = await call(req.script, JSON.stringify(req.payload));
  const ms = performance.now() - t;
  out({ ms, result: JSON.parse(res), stdout: captured });
  captured = "";
}
