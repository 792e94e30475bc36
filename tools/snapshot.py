"""Snapshot the program's behaviour on random events, to check a refactor.

    python tools/snapshot.py record OUT.json [--events N] [--offset K] [--formats swiss,rr,…]
                                             [--workers 2] [--keep DIR]
    python tools/snapshot.py compare OUT.json [--workers 2] [--keep DIR]
    python tools/snapshot.py formats

``--repo DIR`` (before the command) runs the code of another checkout
(its xlxq, templates and pyproject.toml) with this script, e.g. a commit
that predates the script: ``git worktree add /tmp/before <commit>``, then
``python tools/snapshot.py --repo /tmp/before record /tmp/before.json``.

``record`` generates N random events of every format (default 200 each;
``--offset K``: the events K … K+N-1),
plays each one to the end through the program and writes a manifest: for
every event and step the argv, the exit code, a sha256 of stdout and of
stderr, and a sha256 of every file in the event's folder after the step.
``compare`` replays the events named in a manifest on the code that is
importable now and prints the number of events and steps compared and every
difference (exit 1 on any).  The manifest stores the event specifications
(generated from the format name and the event's index only), so ``compare``
needs no random state of its own.

The check of issue 9 ("the same random events give byte-identical
tournament files and workbooks before and after"):

    git stash / git checkout <pre-refactor commit>
    PYTHONPATH=$PWD python tools/snapshot.py record /tmp/before.json
    git checkout <refactored commit>
    PYTHONPATH=$PWD python tools/snapshot.py compare /tmp/before.json

Stable entry points only, so the script outlives moved modules: the program
is driven by ``xlxq.cli.main(argv)`` in-process (the function the
checkout's pyproject.toml names for the ``xlxq`` script) (stdout, stderr and the
return code captured), on JSON files (``xlxq new``, ``simulate``, ``pair``,
``schedule``, ``qualify``, ``standings``, ``crosstable``, ``explain``,
``check``) and on .xlsx workbooks (``pair``, ``schedule``, ``qualify``,
``standings``, ``explain``, ``check``, ``crosstable``).  A workbook event
starts from the committed template ``workbook_templates/xlxq-*-zh.xlsx``,
whose 设置 / 报名表 (队伍报名) the script fills as an arbiter does, and the
script writes the random results into the round sheets' 结果 column
(openpyxl), so no Python API of xlxq is used beyond ``xlxq.cli.main``.  The
JSON file format is the documented one (docs/format.md): withdrawals
(``withdrawn_from_round``) and late entries (a player appended) are written
into the file between rounds.

Every random first round gets a seed (``--seed`` / 随机种子): without one,
``xlxq new --first-round random`` picks a seed at random by design (and
records it in the file), so such an event can never compare equal; the
first determinism check of this script found exactly that (41 team Swiss
events).

Hashes: a JSON file is hashed as its bytes.  An .xlsx is hashed in a
canonical form, the sorted member names and each member's bytes, with the
``dcterms:modified`` time of ``docProps/core.xml`` blanked: openpyxl stamps
the save time there and the zip headers carry the time, the only parts of
the file that are not deterministic (every other member is byte-identical
from run to run; checked with ``record`` twice under different
PYTHONHASHSEED, then ``compare``).

``record --hash content`` hashes a workbook by its content instead
(:func:`content_hash`: what an arbiter sees, cell by cell, however the XML
is written), for a change that writes the same workbook in other bytes
(issue 14: only the changed sheets rewritten); the manifest says which, and
``compare`` hashes as the manifest did.

A difference names the event, the step (its argv) and what differs (exit
code, stdout, stderr, which files).  To see it, replay that format with
``--keep DIR`` on both versions (every event's folder is copied to
DIR/<event id>, with the stdout of every step in ``_stdout/``) and diff.

Work is spread over ``--workers`` processes (default 2); each event runs in
its own temporary folder (the current directory during its steps, so paths
in the output are relative and the same from run to run).  Timings per
format are printed at the end.  Formats (``formats`` lists them):

  swiss         individual Swiss 定位编排; round-1 method adjacent / fold /
                slide / random in turn, --draw, tie-break presets,
                withdrawals and late entries between rounds
  eliminate     积分末位淘汰 (--eliminate X:Y)
  qualify       积分晋圈淘汰: a Swiss, then qualify --top K and the knockout,
                standings --with
  rr            single round robin (one- and two-game matches), schedule or
                round by round, withdrawals, crosstable
  drr           double round robin (one- and two-game matches)
  knockout      knockout, seeds, 加赛 and 加赛决胜局
  team-swiss    team Swiss, each line-up format in turn, pair-by, match scoring
  team-rr       team round robin (single and double)
  scheveningen  全队轮赛制
  member-total  队员总分制 (--member-total, --best, --by, --numbering)

Every eighth event of every format but member-total (JSON
only) is a workbook event, with a smaller field: a workbook step reads
and writes the whole .xlsx (openpyxl), ten to fifty times the cost of a JSON
step, so 200 events of a format are 175 JSON files and 25 workbooks.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import hashlib
import io
import json
import multiprocessing
import os
import random
import re
import shutil
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any, Callable

#: the checkout under test: its xlxq is imported, its templates and
#: pyproject.toml read (``--repo DIR``; default: the one holding this script)
ROOT = Path(os.environ.get("XLXQ_SNAPSHOT_REPO") or Path(__file__).resolve().parent.parent).resolve()
TEMPLATES = ROOT / "workbook_templates"
MANIFEST_FORMAT = "xlxq-snapshot/1"

FORMATS = (
    "swiss",
    "eliminate",
    "qualify",
    "rr",
    "drr",
    "knockout",
    "team-swiss",
    "team-rr",
    "scheveningen",
    "member-total",
)
#: formats that also get workbook events (every WORKBOOK_EVERY-th event)
WORKBOOK_FORMATS = set(FORMATS) - {"member-total"}
WORKBOOK_EVERY = 8
FIRST_ROUND = ("adjacent", "fold", "slide", "random")
FIRST_ROUND_ZH = {"adjacent": "近号", "fold": "首尾", "slide": "对半交叉", "random": "随机"}
LINEUPS = ("fixed_boards", "fixed_order", "per_round")
LINEUPS_ZH = {"fixed_boards": "分台定人制", "fixed_order": "分台换人制", "per_round": "临时定台制"}
SURNAMES = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建国志远海峰"
UNITS = ("北京", "上海", "广东", "四川", "浙江", "江苏", "湖北", "河北", "黑龙江", "云南")


# ==========================================================================
# event specifications (a pure function of format and index)
# ==========================================================================


def spec_for(fmt: str, index: int) -> dict[str, Any]:
    """The event ``index`` of format ``fmt``: everything the run needs,
    JSON-serialisable, from ``random.Random(f"{fmt}-{index}")`` only."""
    rng = random.Random(f"{fmt}-{index}")
    workbook = fmt in WORKBOOK_FORMATS and index % WORKBOOK_EVERY == WORKBOOK_EVERY - 1
    s: dict[str, Any] = {
        "format": fmt,
        "index": index,
        "id": f"{fmt}-{index:04d}",
        "workbook": workbook,
        "seed": rng.randrange(1, 10**6),
    }
    small = workbook
    if fmt in ("swiss", "eliminate", "qualify", "member-total"):
        n = rng.randint(6, 14) if small else rng.choice([rng.randint(5, 16), rng.randint(17, 40)])
        s["players"] = players_for(rng, n, units=rng.randint(2, 6) if fmt == "member-total" else rng.randint(1, 8))
        s["rounds"] = min(rng.randint(3, 5) if small else rng.randint(3, 9), n if n % 2 else n - 1)
        s["first_round"] = FIRST_ROUND[index % 4]
        if s["first_round"] == "random":
            s["first_round_seed"] = rng.randrange(1000)
        if rng.random() < 0.3:
            s["draw"] = rng.randrange(1000)
        s["tiebreaks"] = rng.choice([None, None, "cxa2011-opp", "cxa2011-cumulative", "seed001-opp"])
        if fmt in ("swiss", "eliminate", "qualify"):
            s["withdrawals"] = {str(r): rng.randrange(1000) for r in range(2, s["rounds"] + 1) if rng.random() < 0.15}
        if fmt == "swiss":
            s["late"] = [r for r in range(2, s["rounds"] + 1) if rng.random() < 0.12]
        if fmt == "eliminate":
            x = rng.randint(1, max(1, s["rounds"] - 1))
            s["eliminate"] = [f"{x}:{rng.randint(1, x * 2)}"]
            if rng.random() < 0.3 and x + 1 < s["rounds"]:
                s["eliminate"].append(f"{x + 1}:{rng.randint(x, 2 * x + 2)}")
        if fmt == "qualify":
            s["top"] = rng.choice([2, 4, 4, 8]) if n >= 8 else 2
            s["on_tie"] = "number"
            s["ko_games"] = rng.choice([1, 1, 2])
            s["armageddon"] = rng.random() < 0.3
        if fmt == "member-total":
            s["best"] = rng.choice([None, 2, 3])
            s["by"] = rng.choice(["points", "placings"])
            s["numbering"] = rng.choice(["odd_even", "halves"])
            s["incomplete"] = rng.choice(["last", "drop", "count"])
    elif fmt in ("rr", "drr"):
        n = rng.randint(3, 7) if small else rng.randint(3, 12)
        s["players"] = players_for(rng, n, units=rng.randint(1, 5))
        s["games"] = rng.choice([1, 1, 2])
        s["schedule"] = rng.random() < 0.5
        if fmt == "rr" and rng.random() < 0.2:
            s["withdrawals"] = {str(rng.randint(2, n)): rng.randrange(1000)}
    elif fmt == "knockout":
        n = rng.randint(3, 10) if small else rng.randint(3, 24)
        s["players"] = players_for(rng, n, units=rng.randint(1, 6), seeds=rng.randint(0, min(8, n)))
        s["games"] = rng.choice([1, 1, 2])
        s["playoff"] = rng.choice([None, "2", "2,1", "1"])
        s["armageddon"] = rng.random() < 0.3
    elif fmt in ("team-swiss", "team-rr", "scheveningen"):
        if fmt == "scheveningen":
            n_teams, boards = 2, rng.randint(2, 4 if small else 6)
        else:
            n_teams, boards = (rng.randint(3, 6) if small else rng.randint(3, 10)), rng.randint(2, 4 if small else 6)
        reserves = 0 if fmt == "scheveningen" else rng.randint(0, 2)
        s["teams"] = teams_for(rng, n_teams, boards, reserves)
        s["boards"] = boards
        s["lineup"] = LINEUPS[index % 3] if fmt != "scheveningen" else "fixed_boards"
        if fmt == "team-swiss":
            s["rounds"] = min(
                rng.randint(3, 5) if small else rng.randint(3, 7), n_teams if n_teams % 2 else n_teams - 1
            )
            s["first_round"] = FIRST_ROUND[(index // 3) % 4]
            if s["first_round"] == "random":
                s["first_round_seed"] = rng.randrange(1000)
            s["pair_by"] = rng.choice(["match_points", "match_points", "game_points"])
            s["match_scoring"] = rng.choice([None, None, "3/1/0"])
        if fmt == "team-rr":
            s["double"] = rng.random() < 0.3
    return s


def players_for(rng: random.Random, n: int, units: int, seeds: int | None = None) -> list[dict[str, Any]]:
    unit_names = [f"{u}队" for u in UNITS[:units]]
    out, used = [], set()
    for _ in range(n):
        name = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(["", *GIVEN])
        while name in used:
            name += rng.choice(GIVEN)
        used.add(name)
        out.append(
            {"name": name, "unit": rng.choice(unit_names), "rating": rng.choice([None, rng.randint(1500, 2600)])}
        )
    if seeds is None:
        seeds = rng.choice([0, 0, 2, 4]) if n >= 8 else 0
    for k, p in enumerate(rng.sample(out, min(seeds, n))):
        p["seed"] = k + 1
    return out


def teams_for(rng: random.Random, n_teams: int, boards: int, reserves: int) -> list[dict[str, Any]]:
    out, used = [], set()
    for t in range(n_teams):
        members = []
        for b in range(boards + reserves):
            name = rng.choice(SURNAMES) + rng.choice(GIVEN) + rng.choice(GIVEN)
            while name in used:
                name += rng.choice(GIVEN)
            used.add(name)
            members.append(
                {
                    "name": name,
                    "board": b + 1 if b < boards else None,
                    "reserve": b >= boards,
                    "rating": rng.choice([None, rng.randint(1500, 2600)]),
                }
            )
        out.append({"name": f"{UNITS[t % len(UNITS)]}{'' if t < len(UNITS) else t}队", "members": members})
    return out


# ==========================================================================
# running the program
# ==========================================================================


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_MODIFIED = re.compile(rb"<dcterms:modified([^>]*)>[^<]*</dcterms:modified>")


#: how a workbook is hashed: "bytes" (its members) or "content" (what an
#: arbiter sees); set by --hash for the workers (which inherit the variable)
HASH_ENV = "XLXQ_SNAPSHOT_HASH"
_CONTENT: dict[str, str] = {}


def file_hash(path: Path) -> str:
    """sha256 of a file; of the canonical form for a workbook (see the
    module docstring): its members' bytes, or with ``--hash content`` its
    content (:func:`content_hash`)."""
    data = path.read_bytes()
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        return sha(data)
    if os.environ.get(HASH_ENV) == "content":
        key = sha(data)
        if key not in _CONTENT:
            _CONTENT[key] = content_hash(data)
        return _CONTENT[key]
    h = hashlib.sha256()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in sorted(z.namelist()):
            member = z.read(name)
            if name == "docProps/core.xml":
                member = _MODIFIED.sub(rb"<dcterms:modified\1></dcterms:modified>", member)
            h.update(name.encode() + b"\0" + str(len(member)).encode() + b"\0" + member)
    return h.hexdigest()


def content_hash(data: bytes) -> str:
    """sha256 of what an arbiter sees in a workbook, however its XML is
    written: the sheets in order with their names and states, every cell
    that has a value or a style (its value and type, its style as resolved:
    font, fill, borders, alignment, number format, protection), the stored
    values of formulas, merged cells, column widths and row heights, frozen
    panes, print settings (page setup, options, margins, header and footer,
    print titles and area), data validations, comments and notes,
    conditional formatting, the defined names and the VBA project.  Empty
    cells without a style and the order or names of the zip members are
    not content."""
    import openpyxl

    from openpyxl.xml.functions import tostring

    def norm(obj: Any) -> str:  # openpyxl objects as their XML (their repr has addresses)
        if hasattr(obj, "to_tree"):
            try:
                return tostring(obj.to_tree()).decode("utf-8")
            except TypeError:  # to_tree needs a tag name
                return tostring(obj.to_tree("x")).decode("utf-8")
        if isinstance(obj, (list, tuple)):
            return "[" + ",".join(norm(x) for x in obj) + "]"
        return repr(obj)

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        vba = z.read("xl/vbaProject.bin") if "xl/vbaProject.bin" in names else b""
        formulas = any(b"<f" in z.read(n) for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml"))
    wb = openpyxl.load_workbook(io.BytesIO(data), keep_vba=False)
    stored = openpyxl.load_workbook(io.BytesIO(data), data_only=True) if formulas else None
    h = hashlib.sha256()

    def put(*parts: Any) -> None:
        h.update(("\x1f".join(str(p) for p in parts) + "\x1e").encode("utf-8", "surrogatepass"))

    styles: dict[Any, str] = {}
    put("vba", sha(vba))
    put("names", sorted((n, norm(d.attr_text), d.localSheetId) for n, d in wb.defined_names.items()))
    for ws in wb.worksheets:
        put(
            "sheet", ws.title, ws.sheet_state, norm(ws.print_title_rows), norm(ws.print_title_cols), norm(ws.print_area)
        )
        put("view", ws.freeze_panes, norm(ws.sheet_properties.pageSetUpPr), norm(ws.sheet_properties.tabColor))
        put("page", norm(ws.page_setup), norm(ws.print_options), norm(ws.page_margins), norm(ws.HeaderFooter))
        put("merged", sorted(str(r) for r in ws.merged_cells.ranges))
        put("cols", sorted((k, d.width, d.hidden, d.customWidth) for k, d in ws.column_dimensions.items()))
        put("rows", sorted((k, d.height, d.hidden) for k, d in ws.row_dimensions.items() if d.height or d.hidden))
        put("dv", sorted(norm(dv) for dv in ws.data_validations.dataValidation))
        put(
            "cf",
            sorted(norm((str(k.sqref), [norm(r) for r in v])) for k, v in ws.conditional_formatting._cf_rules.items()),
        )
        st = stored[ws.title] if stored is not None else None
        for (r, c), cell in sorted(ws._cells.items()):
            if cell.value is None and not cell.has_style and cell.comment is None:
                continue
            key = tuple(cell._style) if cell.has_style else None
            if key not in styles:
                styles[key] = sha(
                    "|".join(
                        norm(x)
                        for x in (
                            cell.font,
                            cell.fill,
                            cell.border,
                            cell.alignment,
                            cell.number_format,
                            cell.protection,
                        )
                    ).encode()
                )
            comment = (cell.comment.text, cell.comment.author) if cell.comment is not None else None
            value = cell.value
            if cell.data_type == "f" and st is not None:
                value = (norm(value), norm(st.cell(row=r, column=c).value))
            put("c", r, c, cell.data_type, norm(value), styles[key], norm(comment))
    return h.hexdigest()


_MAIN: list[Callable[[list[str]], int]] = []


def cli_main() -> Callable[[list[str]], int]:
    """The ``xlxq`` console script's function, as the checkout's
    pyproject.toml declares it (``[project.scripts] xlxq = "xlxq.cli:entry"``
    now), so that a moved entry point is followed; its in-process form:
    ``main`` beside an ``entry`` (which ends the process when it is done)."""
    if not _MAIN:
        import importlib

        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        m = re.search(r'^xlxq\s*=\s*"([\w.]+):(\w+)"', text, re.M)
        module, func = m.groups() if m else ("xlxq.cli", "main")
        func = "main" if func == "entry" else func  # entry() would end this process
        _MAIN.append(getattr(importlib.import_module(module), func))
    return _MAIN[0]


class Run:
    """One event's steps in a folder: each step's record goes to ``steps``."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.steps: list[dict[str, Any]] = []
        self.stdout_texts: list[str] = []

    def cli(self, *argv: Any) -> tuple[int, str]:
        main = cli_main()
        args = [str(a) for a in argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(args)
            except SystemExit as exc:  # argparse
                rc = exc.code if isinstance(exc.code, int) else 2
        self.record(args, rc, out.getvalue(), err.getvalue())
        return rc, out.getvalue()

    def record(self, argv: list[str], rc: int, stdout: str, stderr: str) -> None:
        files = {p.name: file_hash(p) for p in sorted(self.folder.iterdir()) if p.is_file()}
        self.stdout_texts.append(stdout + ("\n--- stderr ---\n" + stderr if stderr else ""))
        self.steps.append(
            {
                "step": len(self.steps) + 1,
                "argv": argv,
                "rc": rc,
                "stdout": sha(stdout.encode()),
                "stderr": sha(stderr.encode()),
                "files": files,
            }
        )

    def edit(self, what: str) -> None:
        """A step made by the script (results, withdrawals): its files."""
        self.record([f"<{what}>"], 0, "", "")


def run_event(spec: dict[str, Any], keep: str | None = None) -> dict[str, Any]:
    """Play one event in a fresh temporary folder; its steps and timing
    (``keep``: copy the folder and the steps' stdout to keep/<id>)."""
    os.environ["XLXQ_LANG"] = "zh"
    t0 = time.perf_counter()
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="xlxq-snap-") as tmp:
        os.chdir(tmp)
        run = Run(Path(tmp))
        try:
            (run_workbook_event if spec["workbook"] else run_json_event)(run, spec, random.Random(spec["seed"]))
            error = None
        except Exception as exc:  # a broken script step: recorded, so compare shows it
            error = f"{type(exc).__name__}: {exc}"
        finally:
            os.chdir(old)
        if keep:
            shutil.copytree(tmp, Path(keep) / spec["id"], dirs_exist_ok=True)
            out = Path(keep) / spec["id"] / "_stdout"
            out.mkdir(exist_ok=True)
            for k, text in enumerate(run.stdout_texts, start=1):
                (out / f"{k:03d}.txt").write_text(text, encoding="utf-8")
    return {
        "id": spec["id"],
        "spec": spec,
        "steps": run.steps,
        "error": error,
        "seconds": round(time.perf_counter() - t0, 3),
    }


# ---- JSON files -----------------------------------------------------------


def write_players_csv(path: Path, players: list[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["姓名", "单位", "等级分", "种子"])
        for p in players:
            w.writerow([p["name"], p["unit"], p["rating"] or "", p.get("seed") or ""])


def write_teams_csv(path: Path, teams: list[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["队名", "姓名", "台次", "替补", "等级分"])
        for t in teams:
            for m in t["members"]:
                w.writerow([t["name"], m["name"], m["board"] or "", "是" if m["reserve"] else "", m["rating"] or ""])


def new_args(spec: dict[str, Any]) -> list[Any]:
    fmt = spec["format"]
    a: list[Any] = []
    if "teams" in spec:
        a += ["--teams", "teams.csv", "--boards", spec["boards"]]
        if fmt != "scheveningen":
            a += ["--lineup", spec["lineup"]]
        if fmt == "team-rr":
            a += ["--system", "double_round_robin" if spec["double"] else "round_robin"]
        elif fmt == "scheveningen":
            a += ["--system", "scheveningen"]
        else:
            a += ["--rounds", spec["rounds"], "--first-round", spec["first_round"], "--pair-by", spec["pair_by"]]
            if "first_round_seed" in spec:
                a += ["--seed", spec["first_round_seed"]]
            if spec["match_scoring"]:
                a += ["--match-scoring", spec["match_scoring"]]
        return a
    a += ["--players", "players.csv"]
    if fmt in ("rr", "drr"):
        a += ["--system", "round_robin" if fmt == "rr" else "double_round_robin", "--games-per-match", spec["games"]]
    elif fmt == "knockout":
        a += ["--system", "knockout", "--games-per-match", spec["games"]]
        if spec["playoff"]:
            a += ["--playoff-games", spec["playoff"]]
        if spec["armageddon"]:
            a += ["--armageddon"]
    else:
        a += ["--rounds", spec["rounds"], "--first-round", spec["first_round"]]
        if "first_round_seed" in spec:
            a += ["--seed", spec["first_round_seed"]]
        if "draw" in spec:
            a += ["--draw", spec["draw"]]
        if spec.get("tiebreaks") and fmt != "eliminate":
            a += ["--tiebreaks", spec["tiebreaks"]]
        for e in spec.get("eliminate", []):
            a += ["--eliminate", e]
        if fmt == "member-total":
            a += [
                "--member-total",
                "--by",
                spec["by"],
                "--numbering",
                spec["numbering"],
                "--incomplete",
                spec["incomplete"],
            ]
            if spec["best"]:
                a += ["--best", spec["best"]]
    return a


def edit_json(path: Path, fn: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    fn(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def between_rounds_json(run: Run, spec: dict[str, Any], f: Path, next_round: int) -> None:
    """Withdraw a player / enter a late one before ``next_round`` (Swiss, round robin)."""
    w = spec.get("withdrawals", {}).get(str(next_round))
    late = next_round in spec.get("late", [])
    if w is None and not late:
        return

    def change(data: dict[str, Any]) -> None:
        active = [p for p in data["players"] if p.get("withdrawn_from_round") is None]
        if w is not None and len(active) > 4:
            active[w % len(active)]["withdrawn_from_round"] = next_round
        if late:
            no = max(p["no"] for p in data["players"]) + 1
            data["players"].append({"no": no, "name": f"补报{no}", "unit": "补报队"})

    edit_json(f, change)
    run.edit(f"withdraw/late before round {next_round}")


def run_json_event(run: Run, spec: dict[str, Any], rng: random.Random) -> None:
    fmt, f = spec["format"], Path("e.json")
    if "teams" in spec:
        write_teams_csv(Path("teams.csv"), spec["teams"])
    else:
        write_players_csv(Path("players.csv"), spec["players"])
    rc, _ = run.cli("new", f, *new_args(spec))
    if rc != 0:
        return
    seed = spec["seed"]
    if fmt in ("rr", "drr", "team-rr", "scheveningen") and spec.get("schedule", fmt == "scheveningen"):
        run.cli("schedule", f)
    last = run.steps[-1]["files"].get("e.json")
    for r in range(1, 40):
        if fmt in ("swiss", "eliminate", "qualify", "rr") and r > 1:
            between_rounds_json(run, spec, f, r)
        rc, _ = run.cli("simulate", f, "--seed", seed, "--rounds", 1)
        now = run.steps[-1]["files"].get("e.json")
        if rc != 0 or now == last:
            break
        last = now
        if r % 3 == 1:
            run.cli("standings", f)
            run.cli("check", f)
    run.cli("simulate", f, "--seed", seed)  # whatever is left (the last round's results)
    finish_json(run, spec, f)
    if fmt == "qualify":
        ko = Path("ko.json")
        a = ["qualify", f, ko, "--top", spec["top"], "--on-tie", spec["on_tie"], "--games-per-match", spec["ko_games"]]
        rc, _ = run.cli(*a, *(["--armageddon"] if spec["armageddon"] else []))
        if rc == 0:
            run.cli("simulate", ko, "--seed", seed + 1)
            run.cli("standings", ko, "--with", f)
            run.cli("standings", ko, "--with", f, "--json")
            run.cli("explain", ko)


def finish_json(run: Run, spec: dict[str, Any], f: Path) -> None:
    fmt = spec["format"]
    run.cli("standings", f)
    run.cli("standings", f, "--json")
    run.cli("standings", f, "--round", 2)
    run.cli("explain", f)
    run.cli("explain", f, "--round", 1)
    run.cli("check", f)
    run.cli("check", f, "--round", 1)
    if fmt in ("rr", "drr"):
        run.cli("crosstable", f)
        run.cli("crosstable", f, "--json")
    if "teams" in spec:
        run.cli("standings", f, "--boards")
        run.cli("standings", f, "--json", "--boards")
    if fmt == "member-total":
        run.cli("standings", f, "--teams")
        run.cli("standings", f, "--teams", "--json")


# ---- workbooks --------------------------------------------------------------


def set_settings(ws: Any, values: dict[str, Any]) -> None:
    rows = {ws.cell(row=r, column=1).value: r for r in range(1, ws.max_row + 1)}
    for label, v in values.items():
        ws.cell(row=rows[label], column=2).value = v


#: 设置 rows the templates gained after the baseline was recorded (编号方式 and
#: 抽签种子, issue 10 §3; 暂计和棋编排, issue 10 §1; 请假计分, issue 10 §5; 比赛日期 … 编排长,
#: issue 13 §1; 网站地址, issue 25 §2): taken out of the template's copy, so that the
#: replay starts from the baseline's workbook (a missing row is the default)
NEW_SETTINGS_ROWS = (
    "编号方式",
    "抽签种子",
    "暂计和棋编排",
    "请假计分",
    "比赛日期",
    "比赛地点",
    "主办单位",
    "裁判长",
    "编排长",
    "网站地址",
    "显示等级分",
)


def without_new_settings(ws: Any) -> None:
    """Delete :data:`NEW_SETTINGS_ROWS` from the 设置 sheet ``ws`` as if they
    had never been there: the rows below move up with their drop-down lists
    and the print area."""
    rows = [r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value in NEW_SETTINGS_ROWS]
    for r in reversed(rows):
        ws.delete_rows(r)
        kept = []
        for dv in ws.data_validations.dataValidation:
            m = re.fullmatch(r"([A-Z]+)(\d+)", str(dv.sqref))
            if m is None:
                kept.append(dv)
                continue
            row = int(m.group(2))
            if row == r:
                continue
            if row > r:
                dv.sqref = openpyxl_range(f"{m.group(1)}{row - 1}")
            kept.append(dv)
        ws.data_validations.dataValidation = kept
        if ws.print_area:
            m = re.fullmatch(r"'?[^!]*'?!?\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)", ws.print_area)
            if m is not None:
                ws.print_area = f"{m.group(1)}{m.group(2)}:{m.group(3)}{int(m.group(4)) - 1}"


#: 报名表 columns the template gained after the baseline (请假轮次, issue 10 §5)
NEW_REGISTRATION_COLUMNS = ("请假轮次",)


def without_new_columns(ws: Any) -> None:
    """Delete :data:`NEW_REGISTRATION_COLUMNS` from the 报名表 ``ws`` as if
    they had never been there: the columns to the right move left with
    their widths (regrouped as openpyxl groups equal neighbours) and the
    print area."""
    from openpyxl.utils import get_column_letter

    heads = [c.value for c in ws[2]]
    for name in NEW_REGISTRATION_COLUMNS:
        if name not in heads:
            continue
        col = heads.index(name) + 1
        widths: dict[int, Any] = {}
        for dim in ws.column_dimensions.values():
            for c in range(dim.min or 0, (dim.max or 0) + 1):
                widths[c] = dim
        ws.delete_cols(col)
        heads.pop(col - 1)
        shifted = {(c if c < col else c - 1): d for c, d in widths.items() if c != col}
        ws.column_dimensions.clear()
        runs: list[list[int]] = []  # equal neighbours, one <col> each as openpyxl writes them
        for c in sorted(shifted):
            if runs and c == runs[-1][-1] + 1 and shifted[c].width == shifted[runs[-1][0]].width:
                runs[-1].append(c)
            else:
                runs.append([c])
        for run in runs:
            dim = ws.column_dimensions[get_column_letter(run[0])]
            dim.width = shifted[run[0]].width
            dim.min, dim.max = run[0], run[-1]
        if ws.print_area:
            m = re.fullmatch(r"'?[^!]*'?!?\$?([A-Z]+)\$?(\d+):\$?([A-Z]+)\$?(\d+)", ws.print_area)
            if m is not None:
                from openpyxl.utils import column_index_from_string

                last = get_column_letter(column_index_from_string(m.group(3)) - 1)
                ws.print_area = f"{m.group(1)}{m.group(2)}:{last}{m.group(4)}"


def openpyxl_range(ref: str) -> Any:
    from openpyxl.worksheet.cell_range import MultiCellRange

    return MultiCellRange(ref)


def new_workbook(spec: dict[str, Any], path: Path) -> None:
    import openpyxl

    fmt = spec["format"]
    team = "teams" in spec
    shutil.copyfile(TEMPLATES / ("xlxq-team-zh.xlsx" if team else "xlxq-event-zh.xlsx"), path)
    wb = openpyxl.load_workbook(path)
    without_new_settings(wb["设置"])
    if not team:
        without_new_columns(wb["报名表"])
    settings: dict[str, Any] = {"赛事名称": spec["id"]}
    if team:
        settings["赛制"] = {"team-swiss": "团体积分编排", "scheveningen": "全队轮赛"}.get(
            fmt, "团体双循环" if spec.get("double") else "团体循环"
        )
        settings["每队台数"] = spec["boards"]
        if fmt != "scheveningen":
            settings["出场方式"] = LINEUPS_ZH[spec["lineup"]]
        if fmt == "team-swiss":
            settings["轮数"] = spec["rounds"]
            settings["首轮配对"] = FIRST_ROUND_ZH[spec["first_round"]]
            settings["编排依据"] = "场分" if spec["pair_by"] == "match_points" else "局分"
            if "first_round_seed" in spec:
                settings["随机种子"] = spec["first_round_seed"]
        elif fmt == "scheveningen":
            settings["轮数"] = spec["boards"]
        set_settings(wb["设置"], settings)
        ws = wb["队伍报名"]
        no, row = 1, 3
        for t, team_spec in enumerate(spec["teams"], start=1):
            for m in team_spec["members"]:
                ws.cell(row=row, column=1).value = t
                ws.cell(row=row, column=2).value = team_spec["name"]
                ws.cell(row=row, column=3).value = "替补" if m["reserve"] else m["board"]
                ws.cell(row=row, column=4).value = no
                ws.cell(row=row, column=5).value = m["name"]
                ws.cell(row=row, column=6).value = m["rating"]
                no, row = no + 1, row + 1
    else:
        settings["赛制"] = {"rr": "单循环", "drr": "双循环", "knockout": "淘汰赛"}.get(fmt, "积分编排")
        if fmt in ("rr", "drr", "knockout"):
            settings["每场局数"] = spec["games"]
        if fmt == "knockout":
            settings["加赛局数"] = spec["playoff"] or "2"
            settings["加赛决胜局"] = "是" if spec["armageddon"] else "否"
        if fmt in ("swiss", "eliminate", "qualify"):
            settings["轮数"] = spec["rounds"]
            settings["首轮配对"] = FIRST_ROUND_ZH[spec["first_round"]]
            if "first_round_seed" in spec:
                settings["随机种子"] = spec["first_round_seed"]
        if fmt == "eliminate":
            settings["末位淘汰"] = ", ".join(spec["eliminate"])
        if fmt == "qualify":
            settings["晋圈人数"] = spec["top"]
            settings["晋圈并列"] = "按序号"
            settings["每场局数"] = spec["ko_games"]
            settings["加赛决胜局"] = "是" if spec["armageddon"] else "否"
        set_settings(wb["设置"], settings)
        ws = wb["报名表"]
        for i, p in enumerate(spec["players"], start=1):
            for col, v in enumerate([i, p["name"], p["unit"], p["rating"], p.get("seed")], start=1):
                ws.cell(row=2 + i, column=col).value = v
    wb.save(path)


_ROUND_SHEET = re.compile(r"^第\d+轮$|^淘汰赛")
_RESULTS = ("1-0", "0-1", "和")


def fill_workbook_results(path: Path, rng: random.Random, spec: dict[str, Any], next_round: int | None) -> bool:
    """Random results in every empty 结果 cell of the round sheets whose red
    and black 序号 are both filled; a withdrawal / late entry for
    ``next_round``.  True if anything was written."""
    import openpyxl

    wb = openpyxl.load_workbook(path)
    changed = False
    for ws in wb.worksheets:
        if not _ROUND_SHEET.match(ws.title):
            continue
        header = None
        for r in range(1, min(ws.max_row, 6) + 1):
            vals = [c.value for c in ws[r]]
            if "结果" in vals:
                header = r, vals
                break
        if header is None:
            continue
        r0, vals = header
        res = vals.index("结果") + 1
        nos = [i + 1 for i, v in enumerate(vals) if v == "序号"]
        if len(nos) < 2:
            continue
        for r in range(r0 + 1, ws.max_row + 1):
            cell = ws.cell(row=r, column=res)
            if cell.value not in (None, ""):
                continue
            if all(isinstance(ws.cell(row=r, column=c).value, int) for c in nos):
                cell.value = rng.choice(_RESULTS)
                changed = True
    if next_round is not None and "players" in spec:
        ws = wb["报名表"]
        w = spec.get("withdrawals", {}).get(str(next_round))
        last = max(r for r in range(3, ws.max_row + 1) if ws.cell(row=r, column=2).value) if ws.max_row >= 3 else 2
        if w is not None:
            active = [r for r in range(3, last + 1) if ws.cell(row=r, column=6).value in (None, "")]
            if len(active) > 4:
                ws.cell(row=active[w % len(active)], column=6).value = next_round
                changed = True
        if next_round in spec.get("late", []):
            ws.cell(row=last + 1, column=1).value = last - 1
            ws.cell(row=last + 1, column=2).value = f"补报{last - 1}"
            ws.cell(row=last + 1, column=3).value = "补报队"
            changed = True
    if changed:
        wb.save(path)
    return changed


def run_workbook_event(run: Run, spec: dict[str, Any], rng: random.Random) -> None:
    fmt, f = spec["format"], Path("e.xlsx")
    new_workbook(spec, f)
    run.edit("new workbook from the template")
    if fmt in ("rr", "drr", "team-rr", "scheveningen") and spec.get("schedule", True):
        run.cli("schedule", f)
    qualified = False
    for r in range(1, 40):
        rc, _ = run.cli("pair", f)
        if rc != 0:
            if fmt == "qualify" and not qualified:
                qualified = True
                rc, _ = run.cli("qualify", f, "--top", spec["top"])
                if rc == 0:
                    continue
            break
        if fill_workbook_results(f, rng, spec, r + 1):
            run.edit(f"results, round {r}")
        if r % 3 == 1:
            run.cli("standings", f)
            run.cli("check", f)
    if fill_workbook_results(f, rng, spec, None):
        run.edit("results")
    run.cli("standings", f)
    run.cli("standings", f, "--json")
    run.cli("standings", f, "--round", 2)
    run.cli("explain", f)
    run.cli("explain", f, "--round", 1)
    run.cli("check", f)
    if fmt in ("rr", "drr"):
        run.cli("crosstable", f)
        run.cli("crosstable", f, "--json")


# ==========================================================================
# record / compare
# ==========================================================================


def run_all(specs: list[dict[str, Any]], workers: int, keep: str | None = None) -> list[dict[str, Any]]:
    print(f"{len(specs)} events, {workers} worker(s), code: {ROOT}", flush=True)
    if workers <= 1:
        return [run_event(s, keep) for s in specs]
    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter: no state shared with the parent
    with ctx.Pool(workers, initializer=_worker_init, initargs=(sys.path,)) as pool:
        return pool.starmap(run_event, [(s, keep) for s in specs], chunksize=4)


def _worker_init(path: list[str]) -> None:
    sys.path[:] = path


def print_timings(results: list[dict[str, Any]], wall: float) -> None:
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in results:
        by.setdefault((r["spec"]["format"], "xlsx" if r["spec"]["workbook"] else "json"), []).append(r)
    print(f"{'format':14} {'kind':5} {'events':>6} {'steps':>6} {'seconds':>8}")
    for fmt in FORMATS:
        for kind in ("json", "xlsx"):
            rs = by.get((fmt, kind))
            if rs:
                print(
                    f"{fmt:14} {kind:5} {len(rs):6} {sum(len(r['steps']) for r in rs):6} "
                    f"{sum(r['seconds'] for r in rs):8.1f}"
                )
    print(f"{len(results)} events, {sum(len(r['steps']) for r in results)} steps, {wall:.1f} s wall (code: {ROOT})")


def record(out: Path, events: int, formats: list[str], workers: int, offset: int = 0, keep: str | None = None) -> int:
    specs = [spec_for(fmt, i) for fmt in formats for i in range(offset, offset + events)]
    t0 = time.perf_counter()
    results = run_all(specs, workers, keep)
    wall = time.perf_counter() - t0
    manifest = {"format": MANIFEST_FORMAT, "hash": os.environ.get(HASH_ENV) or "bytes", "events": results}
    out.write_text(json.dumps(manifest, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print_timings(results, wall)
    errors = [r for r in results if r["error"]]
    for r in errors:
        print(f"script error in {r['id']}: {r['error']}")
    print(f"manifest: {out}")
    return 0


def compare(path: Path, workers: int, keep: str | None = None) -> int:
    manifest = json.loads(path.read_text(encoding="utf-8"))
    if manifest.get("format") != MANIFEST_FORMAT:
        print(f"{path}: not a {MANIFEST_FORMAT} manifest")
        return 2
    old = manifest["events"]
    os.environ[HASH_ENV] = manifest.get("hash", "bytes")  # hashed as the manifest was
    t0 = time.perf_counter()
    new = run_all([e["spec"] for e in old], workers, keep)
    wall = time.perf_counter() - t0
    diffs = []
    for a, b in zip(old, new):
        if a["error"] != b["error"]:
            diffs.append(f"{a['id']}: script error {a['error']!r} → {b['error']!r}")
        for sa, sb in zip(a["steps"], b["steps"]):
            for key in ("argv", "rc", "stdout", "stderr", "files"):
                if sa[key] != sb[key]:
                    what = (
                        key
                        if key != "files"
                        else "files "
                        + ", ".join(
                            sorted(
                                n
                                for n in set(sa["files"]) | set(sb["files"])
                                if sa["files"].get(n) != sb["files"].get(n)
                            )
                        )
                    )
                    diffs.append(
                        f"{a['id']} step {sa['step']} ({' '.join(sa['argv'])}): {what} differs"
                        + (f" (rc {sa['rc']} → {sb['rc']})" if key == "rc" else "")
                    )
        if len(a["steps"]) != len(b["steps"]):
            diffs.append(f"{a['id']}: {len(a['steps'])} steps → {len(b['steps'])}")
    print_timings(new, wall)
    counts: dict[str, int] = {}
    for e in old:
        counts[e["spec"]["format"]] = counts.get(e["spec"]["format"], 0) + 1
    print("compared: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"compared {len(old)} events, {sum(len(e['steps']) for e in old)} steps: {len(diffs)} differences")
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", metavar="DIR", help="the checkout whose code to run (default: this script's)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record", help="play the random events, write the manifest")
    r.add_argument("out", type=Path)
    r.add_argument("--events", type=int, default=200, help="events per format (default 200)")
    r.add_argument("--formats", default=",".join(FORMATS), help="comma-separated (default: all)")
    r.add_argument("--offset", type=int, default=0, help="index of the first event (default 0)")
    r.add_argument("--workers", type=int, default=2)
    r.add_argument("--keep", metavar="DIR", help="copy every event's folder and stdout to DIR/<event id>")
    r.add_argument(
        "--hash",
        choices=("bytes", "content"),
        default="bytes",
        help="a workbook's hash: its members' bytes (default) or its content as an arbiter sees it",
    )
    c = sub.add_parser("compare", help="replay a manifest's events, print the differences")
    c.add_argument("manifest", type=Path)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--keep", metavar="DIR", help="copy every event's folder and stdout to DIR/<event id>")
    sub.add_parser("formats", help="list the formats")
    a = ap.parse_args(argv)
    if a.repo and Path(a.repo).resolve() != ROOT:
        # the workers and this process must all see it: re-run with the variable set
        env = dict(os.environ, XLXQ_SNAPSHOT_REPO=str(Path(a.repo).resolve()))
        import subprocess

        given = list(sys.argv[1:] if argv is None else argv)
        rest = [
            x
            for k, x in enumerate(given)
            if x != "--repo" and not x.startswith("--repo=") and (k == 0 or given[k - 1] != "--repo")
        ]
        return subprocess.call([sys.executable, __file__, *rest], env=env)
    if "xlxq" in sys.modules and not Path(sys.modules["xlxq"].__file__ or "").resolve().is_relative_to(ROOT):
        print(f"note: xlxq is already imported from {sys.modules['xlxq'].__file__}, not {ROOT}")
    if str(ROOT) in sys.path:
        sys.path.remove(str(ROOT))
    sys.path.insert(0, str(ROOT))
    if a.cmd == "formats":
        print("\n".join(FORMATS))
        return 0
    if a.cmd == "record":
        formats = [f for f in a.formats.split(",") if f]
        bad = [f for f in formats if f not in FORMATS]
        if bad:
            ap.error(f"unknown format(s): {', '.join(bad)} (known: {', '.join(FORMATS)})")
        os.environ[HASH_ENV] = a.hash
        return record(a.out, a.events, formats, a.workers, a.offset, a.keep)
    return compare(a.manifest, a.workers, a.keep)


if __name__ == "__main__":
    raise SystemExit(main())
