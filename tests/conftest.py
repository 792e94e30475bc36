"""What several test modules share: the repository paths, the sample
registrations, loading a build tool by path, the matching oracle of the
property tests, and a team event of numbered teams (``make_team_event``).  Importable as ``from tests.conftest import …``; the
fixtures are found by pytest.

Test-specific builders stay with their tests (``tests/helpers.py``: hand-made
positions for the pairing engine; ``tests/cli_support.py``: the ``xlxq``
subprocess; ``tests/test_workbook_support.py``: an arbiter's edits on a
workbook).

Markers: ``slow`` (pyproject.toml) is every test over about two seconds on
the reference machine (property runs, LibreOffice renders, wheel builds):
``pytest -m "not slow"`` is the fast suite, the default run has them all.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Hashable, Iterable, Iterator, Optional

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "registration.csv"  # 24 players, 8 clubs, 4 seeds
SAMPLE_TEAMS = ROOT / "samples" / "teams.csv"
TEMPLATES = ROOT / "workbook_templates"


def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (the tools are scripts, not a package)."""
    key = f"xlxq_tool_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[key] = mod
    spec.loader.exec_module(mod)
    return mod


def perfect_matching(
    nodes: Iterable[Hashable],
    can_meet: Callable[[Hashable, Hashable], bool],
    bye_ok: Optional[Callable[[Hashable], bool]] = None,
) -> bool:
    """The oracle of the property tests: can every node be paired with one
    that ``can_meet`` it (``bye_ok``: with an odd count, one node may take
    the bye)?  networkx's maximum matching, independent of the engine."""
    import networkx as nx

    nodes = list(nodes)
    g = nx.Graph()
    g.add_nodes_from(nodes)
    g.add_edges_from((a, b) for i, a in enumerate(nodes) for b in nodes[i + 1 :] if can_meet(a, b))
    if bye_ok is not None and len(nodes) % 2:
        g.add_node("BYE")
        g.add_edges_from((a, "BYE") for a in nodes if bye_ok(a))
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == g.number_of_nodes()


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sample_registration() -> Path:
    return SAMPLE


@pytest.fixture
def remote_engine_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The environment of a test driving xlwings' remote engine: the
    noncommercial key (the remote engine lives in xlwings.pro), an error log
    in ``tmp_path``, default language and message routing."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    monkeypatch.setenv("XLXQ_ERROR_LOG", str(tmp_path / "xlxq-error.log"))
    monkeypatch.delenv("XLXQ_LANG", raising=False)
    monkeypatch.delenv("XLXQ_NOTIFY", raising=False)


#: the events of each format that the snapshot tests play: 7, 15 and 23 are workbook events
SNAPSHOT_EVENTS = (0, 4, 7, 9, 13, 15, 18, 23)


def snapshot_events(fmt: str, tmp_path: Path, indices: Iterable[int] = SNAPSHOT_EVENTS) -> Iterable[tuple[str, Path]]:
    """The events tools/snapshot.py plays for the format ``fmt`` (the lead's
    replay at merge time), each played into ``tmp_path``: (the event's id,
    its file) for every JSON file and workbook it leaves."""
    snap = load_tool("snapshot")
    for i in indices:
        spec = snap.spec_for(fmt, i)
        assert snap.run_event(spec, keep=str(tmp_path))["error"] is None, spec["id"]
        for f in sorted((tmp_path / spec["id"]).glob("*")):
            if f.suffix in (".json", ".xlsx") and not f.name.startswith("."):
                yield spec["id"], f


def make_team_event(
    n_teams: int, boards: int = 4, reserves: int = 1, system: str = "swiss", rounds: int = 5, **settings
):
    """A team event of ``n_teams`` teams "1队" … numbered 1 …, each of
    ``boards`` 主力 and ``reserves`` 替补 (players numbered team by team), no
    rounds; ``settings`` go to ``TeamSettings``."""
    from xlxq.core.model import Player
    from xlxq.core.teams import Team, TeamEvent, TeamSettings

    players, teams, no = [], [], 1
    for t in range(1, n_teams + 1):
        ps = []
        for k in range(boards + reserves):
            players.append(Player(no, f"{t}队{k + 1}号", unit=f"{t}队"))
            ps.append(no)
            no += 1
        teams.append(Team(t, f"{t}队", ps))
    return TeamEvent(TeamSettings(system=system, rounds=rounds, boards=boards, **settings), players, teams)


def played_swiss(rounds: int = 3, seed: int = 1, players: Optional[int] = None):
    """A Swiss of the sample registration (its first ``players``, default
    all 24) with ``rounds`` rounds paired and random results, in process
    (``xlxq simulate``'s operation)."""
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings
    from xlxq.operations.simulate import simulate_file

    entrants = read_registration(SAMPLE)[:players]
    event = Event(EventSettings(name="测试赛", rounds=rounds), entrants)
    return simulate_file(event, "unused.json", seed, None).event


def template_workbook(
    path: Path,
    names: list[str],
    seeds: Optional[dict[str, int]] = None,
    ratings: Optional[dict[str, float]] = None,
    settings: Optional[dict[str, Any]] = None,
    lang: str = "zh",
    groups: Optional[dict[str, str]] = None,
) -> Path:
    """A copy of the committed individual template at ``path`` as an
    arbiter fills it: the players typed into 报名表 with 序号 left blank,
    their 种子 / 等级分 by name, ``settings`` (设置 label → value) typed
    in the 设置 rows; ``groups`` (name → 组别): a 组别 column added."""
    import shutil

    import openpyxl

    shutil.copyfile(ROOT / "workbook_templates" / f"xlxq-event-{lang}.xlsx", path)
    wb = openpyxl.load_workbook(path)
    hant = lang == "zh-Hant"  # the 繁體 template: its own sheet and header words
    reg = wb["報名表" if hant else "报名表" if lang == "zh" else "Registration"]
    head = {c.value: c.column for c in reg[2] if c.value is not None}
    words = {
        "name": ("姓名", "Name"),
        "seed": ("種子" if hant else "种子", "Seed"),
        "rating": ("等級分" if hant else "等级分", "Rating"),
    }
    col = {k: head[en if lang == "en" else zh] for k, (zh, en) in words.items()}
    if groups is not None:
        col["group"] = reg.max_column + 1
        reg.cell(row=2, column=col["group"]).value = "组别" if lang == "zh" else "Group"
    for i, name in enumerate(names, start=3):
        reg.cell(row=i, column=col["name"]).value = name
        if groups is not None:
            reg.cell(row=i, column=col["group"]).value = groups.get(name)
        if seeds and name in seeds:
            reg.cell(row=i, column=col["seed"]).value = seeds[name]
        if ratings and name in ratings:
            reg.cell(row=i, column=col["rating"]).value = ratings[name]
    ws = wb["設置" if hant else "设置" if lang == "zh" else "Settings"]
    for label, value in (settings or {}).items():
        row = next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value == label)
        ws.cell(row=row, column=2).value = value
    wb.save(path)
    return path


def enter_results(path: Path, zh: str = "和", en: str = "draw") -> None:
    """Type a draw into every open game of the event file ``path``, as an
    arbiter does before pairing on (``pair`` refuses missing results): a
    JSON file's boards (individual and team), or the 结果 cell of every row of
    a workbook's round sheets that has both 序号 (``zh``/``en``: the text)."""
    import json
    import re

    import openpyxl

    path = Path(path)
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        for r in data.get("rounds", []):
            for b in [*r.get("boards", []), *(b for m in r.get("matches", []) for b in m.get("boards", []))]:
                if b.get("result") is None:
                    b["result"] = "draw"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        return
    wb = openpyxl.load_workbook(path, keep_vba=path.suffix.lower() == ".xlsm")
    for ws in wb.worksheets:
        if not re.match(r"^第\d+轮$|^Round \d+$|^淘汰赛|^KO ", ws.title):
            continue
        for r0 in range(1, 7):
            heads = [c.value for c in ws[r0]]
            if "结果" in heads or "Result" in heads:
                break
        else:
            continue
        res = heads.index("结果" if "结果" in heads else "Result") + 1
        nos = [i + 1 for i, v in enumerate(heads) if v in ("序号", "No.", "No")]
        for r in range(r0 + 1, ws.max_row + 1):
            cell = ws.cell(row=r, column=res)
            if (
                len(nos) >= 2
                and cell.value in (None, "")
                and all(isinstance(ws.cell(row=r, column=c).value, int) for c in nos)
            ):
                cell.value = zh if "结果" in heads else en
    wb.save(path)
    if wb.vba_archive is not None:  # openpyxl's in-memory copy of the parts: closed now, not when collected
        wb.vba_archive.close()


def tree(root: Path) -> dict[str, bytes]:
    """Every file, folder and link under ``root`` (a link: its target)."""
    out: dict[str, bytes] = {}
    for top, dirs, names in os.walk(root):
        for n in dirs + names:
            p = Path(top, n)
            rel = p.relative_to(root).as_posix()
            if p.is_symlink():
                out[rel] = b"->" + os.readlink(p).encode()
            elif p.is_dir():
                out[rel + "/"] = b""
            else:
                out[rel] = p.read_bytes()
    return out


def special_swiss(seed: int = 3):
    """A 31-player 9-round Swiss with every special case a reader meets
    (issue 25), played in process with random results: 序号 5 absent
    (请假) in round 3, 序号 7 withdrawn from round 5 (退赛), 序号 31 a late
    entry in round 4 (迟到入场, registered after round 3), round 6 changed by
    hand (the black players of boards 2 and 3 swapped, after the engine's
    pairing), board 4 of round 7 lost by forfeit (红胜(弃权)); rounds 1–9
    paired, all results in."""
    import dataclasses

    from xlxq.backends.registration import read_registration
    from xlxq.core.model import RED_WIN_FORFEIT, Board, Event, EventSettings, Player
    from xlxq.operations.simulate import simulate_file

    base = read_registration(SAMPLE)
    players = [dataclasses.replace(p) for p in base]
    players += [Player(no, f"棋手{no:02d}", unit=("东城棋社", "西城棋社", "南山棋院")[no % 3]) for no in range(25, 31)]
    players[4].absent_rounds = (3,)
    players[6].withdrawn_from_round = 5
    event = Event(EventSettings(name="特殊情况测试赛", rounds=9), players)
    event = simulate_file(event, "unused.json", seed, 3).event
    event.players.append(Player(31, "迟到者", unit="北城棋社"))
    event.reindex()
    event = simulate_file(event, "unused.json", seed, 2).event  # rounds 4, 5
    event = simulate_file(event, "unused.json", seed, 1).event  # round 6, then changed by hand
    r6 = event.rounds[5]
    b2, b3 = r6.boards[1], r6.boards[2]
    r6.boards[1] = Board(b2.board, b2.red, b3.black, b2.result)
    r6.boards[2] = Board(b3.board, b3.red, b2.black, b3.result)
    event = simulate_file(event, "unused.json", seed, 1).event  # round 7
    b4 = event.rounds[6].boards[3]
    event.rounds[6].boards[3] = Board(b4.board, b4.red, b4.black, RED_WIN_FORFEIT)
    return simulate_file(event, "unused.json", seed, 2).event  # rounds 8, 9


def special_team_swiss(tiebreaks: Optional[list[str]] = None):
    """A hand-worked team Swiss with the special cases of a team event
    (issue 25 §1): five teams "1队" … "5队" of 2 boards and 1 替补
    (:func:`make_team_event`: team t's players are 3t−2, 3t−1, 3t), 3 rounds,
    every result in.

    - round 1: 1队 3:1 2队 (board 1 1 红胜 4, board 2 5 和 2), 3队 2:2 4队
      (7 和 10, 11 和 8), 5队 轮空;
    - round 2: 5队 2:2 1队 (13 红胜 1; board 2 5队's seat empty: 2 红胜(弃权)),
      2队 2:2 3队 (4 红胜 7, 8 红胜 5), 4队 轮空;
    - round 3: 5队 退赛 (withdrawn_from_round 3); 1队 3:1 3队 (1 红胜 7, 8 和 2),
      4队 4:0 2队 (2队 fields nobody: 全场弃权, 10 红胜(弃权), 11 黑胜(弃权)).

    By hand (场分 2/1/0, a bye a won match with 局分 4): 1队 场分 5 局分 8,
    4队 5 / 10, 5队 3 / 6, 3队 2 / 5, 2队 1 / 3; 团体对手分 1队 1+3+2 = 6,
    4队 2 + 1 (the bye: the lowest 场分, 2队's 1) + 1 = 4; so 1队, 4队,
    5队, 3队, 2队."""
    from xlxq.core.model import DRAW, RED_WIN
    from xlxq.core.teams import VACANT, Match, TeamRound, make_boards

    event = make_team_event(5, boards=2, reserves=1, rounds=3, **({"tiebreaks": tiebreaks} if tiebreaks else {}))

    def match(k: int, first: int, second: int, a: list[int], b: list[int], results: list[Optional[str]]) -> Match:
        boards = make_boards(a, b)
        for bd, res in zip(boards, results):
            if res is not None:
                bd.result = res
        return Match(k, first, second, boards)

    event.rounds = [
        TeamRound(
            1,
            [match(1, 1, 2, [1, 2], [4, 5], [RED_WIN, DRAW]), match(2, 3, 4, [7, 8], [10, 11], [DRAW, DRAW])],
            [5],
        ),
        TeamRound(
            2,
            [
                match(1, 5, 1, [13, VACANT], [1, 2], [RED_WIN, None]),
                match(2, 2, 3, [4, 5], [7, 8], [RED_WIN, RED_WIN]),
            ],
            [4],
        ),
        TeamRound(
            3,
            [
                match(1, 1, 3, [1, 2], [7, 8], [RED_WIN, DRAW]),
                match(2, 4, 2, [10, 11], [VACANT, VACANT], [None, None]),
            ],
        ),
    ]
    event.team(5).withdrawn_from_round = 3
    return event


@pytest.fixture
def qps() -> Iterator[str]:
    """The pseudo-language of tests/test_pseudo_language.py registered for a
    test (its code), removed after it: a further language's view of a message."""
    from tests.test_pseudo_language import CODE, pseudo_messages
    from xlxq.i18n import register_language, unregister_language

    register_language(CODE, "qps-ploc", prefixes=("qps",), messages=pseudo_messages())
    try:
        yield CODE
    finally:
        unregister_language(CODE)


def simplified_only(text: str) -> set[str]:
    """The characters of ``text`` that 繁體 writes otherwise (OpenCC's s2t
    changes them): what a zh-Hant output must not contain outside the
    user's own text.  Skips the test where OpenCC is not installed."""
    opencc = pytest.importorskip("opencc")
    global _S2T
    if _S2T is None:
        _S2T = opencc.OpenCC("s2t")
    return {c for c in text if "\u4e00" <= c <= "\u9fff" and _S2T.convert(c) != c}


_S2T: Any = None


def write_csv(path: Path, header: list[str], rows: Iterable[Iterable[Any]]) -> Path:
    """A UTF-8 CSV file of ``header`` and ``rows`` (a registration or a rounds
    file as ``xlxq new``/``xlxq import`` read them); ``path``, returned."""
    import csv

    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)
    return path
