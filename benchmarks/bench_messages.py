"""Benchmark: what the message catalogue costs a click, and the format
choice (issue 23 item 2): plain Python tables (xlxq/messages/*.py, the
choice) against stdlib gettext ``.mo`` files built from the same catalogue.

Each figure is the median of ``--runs`` fresh interpreters, timed inside
the interpreter (``python -B`` is not used and PYTHONDONTWRITEBYTECODE is
unset: the tables are imported from their ``.pyc``, as pip install writes
them):

- ``import xlxq.i18n``: the runtime alone (no catalogue yet);
- ``+ first message``: import and render one message (imports one catalogue);
- ``+ all three``: one message in each language (all three catalogues);
- ``gettext .mo``: ``import gettext`` and open the .mo of one language,
  render one message (``gettext`` + ``str.format``);

and the cost of one lookup (``tr``) in a warm interpreter.

    python benchmarks/bench_messages.py [--runs 15]

Figures go to docs/i18n.md.
"""

from __future__ import annotations

import argparse
import array
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def write_mo(path: Path, table: dict[str, str]) -> None:
    """A GNU .mo file of ``table`` (msgid → msgstr), as msgfmt writes it."""
    table = {"": "Content-Type: text/plain; charset=UTF-8\n", **table}
    keys = sorted(table)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(table[k].encode() + b"\0" for k in keys)
    offsets = []
    i = s = 0
    for k in keys:
        kb, vb = k.encode(), table[k].encode()
        offsets.append((len(kb), i, len(vb), s))
        i += len(kb) + 1
        s += len(vb) + 1
    n = len(keys)
    start_ids = 7 * 4 + 16 * n
    start_strs = start_ids + len(ids)
    koff: list[int] = []
    voff: list[int] = []
    for lk, ok, lv, ov in offsets:
        koff += [lk, ok + start_ids]
        voff += [lv, ov + start_strs]
    head = array.array("I", [0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0])
    path.write_bytes(head.tobytes() + array.array("I", koff).tobytes() + array.array("I", voff).tobytes() + ids + strs)


def timed(code: str, runs: int) -> float:
    """Median ms of ``code`` in fresh interpreters, timed inside the child
    (the interpreter's own start-up, noisy on a loaded machine, left out)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the .pyc, as pip install writes them
    child = f"import time; t0 = time.perf_counter()\n{code}\nprint((time.perf_counter() - t0) * 1000)"
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", child], check=True, env=env, capture_output=True, text=True)
        times.append(float(out.stdout.split()[-1]))
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()
    from xlxq.i18n import catalogue, tr

    key = "errors.n-problems"
    with tempfile.TemporaryDirectory() as tmp:
        mo = Path(tmp) / "zh_Hans.mo"
        write_mo(mo, catalogue("zh"))
        timed("import xlxq.messages.zh_Hans, xlxq.messages.en, xlxq.messages.zh_Hant", 1)  # write the .pyc
        rows = {
            "import xlxq.i18n": "import xlxq.i18n",
            "+ first message": f"import xlxq.i18n as i; i.tr('zh', {key!r}, n=1)",
            "+ all three": f"import xlxq.i18n as i; [i.tr(x, {key!r}, n=1) for x in i.LANGS]",
            "gettext .mo (one language)": (
                f"import gettext; t = gettext.GNUTranslations(open({str(mo)!r}, 'rb')); t.gettext({key!r}).format(n=1)"
            ),
        }
        for label, code in rows.items():
            print(f"{label:30} {timed(code, a.runs):7.2f} ms")
    n = 100_000
    t0 = time.perf_counter()
    for _ in range(n):
        tr("zh", key, n=1)
    print(f"one lookup and format (warm)     {(time.perf_counter() - t0) / n * 1e6:.2f} µs")
    print(f"catalogue: {len(catalogue('zh'))} messages a language")
    return 0


if __name__ == "__main__":
    sys.exit(main())
