"""The fuzz suite of issue 11 (docs/reliability.md): hostile JSON files and
workbooks (tests/hostile.py: every class of the issue), each run through
the command line; for every one: exit 2, one line ``错误：…`` naming the
place, no traceback and no "程序内部错误", the file byte-identical and
nothing left beside it.  Plus a hypothesis run putting hostile values at
random places of a valid file.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import SAMPLE, tree
from tests.hostile import (
    Case,
    Scene,
    file_cases_count,
    file_scenes,
    json_cases,
    json_place_cases,
    merged_cases,
    place_cases,
    prize_cases,
    prize_workbook_cases,
    workbook_cases,
)
from xlxq.cli import main


def _run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main([*args])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(scope="module")
def base_json(tmp_path_factory) -> dict:
    d = tmp_path_factory.mktemp("base")
    f = d / "e.json"
    assert main(["new", str(f), "--players", str(SAMPLE), "--rounds", "5"]) == 0
    assert main(["pair", str(f)]) == 0
    data = json.loads(f.read_text(encoding="utf-8"))
    for b in data["rounds"][0]["boards"]:
        b["result"] = "1-0"
    data["players"][0]["seed"] = 1
    return data


@pytest.fixture(scope="module")
def base_xlsx(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("demo")
    assert main(["demo", str(d)]) == 0
    return d / "xlxq-demo.xlsx"


#: the counts of issue 21's "Done when", over every case this run checked
#: (printed at the end of the module: ``pytest -s tests/test_hostile.py``)
TALLY: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def hostile_totals():
    yield
    if TALLY["tried"]:
        print(
            f"\nhostile inputs tried {TALLY['tried']} / clear messages {TALLY['clear']} / internal errors "
            f"{TALLY['internal']} / files changed on refusal {TALLY['changed']} / files lost {TALLY['lost']}"
        )


def _tally(case: Case, f: Path, before: list[str], rc: int, out: str, err: str) -> None:
    internal = "程序内部错误" in err or "Traceback" in err + out
    lines = err.splitlines()
    after = sorted(os.listdir(f.parent))
    TALLY["tried"] += 1
    TALLY["internal"] += internal
    TALLY["clear"] += (
        rc == 2 and not internal and len(lines) == 1 and lines[0].startswith("错误：") and case.place in err
    )
    TALLY["changed"] += (not f.exists() or f.read_bytes() != case.data) or after != before
    TALLY["lost"] += not set(before) <= set(after)


def check_refused(capsys, tmp_path: Path, case: Case) -> str:
    """Run ``case``; the assertions of the suite; the message."""
    f = tmp_path / ("event" + case.suffix)
    f.write_bytes(case.data)
    before = sorted(os.listdir(tmp_path))
    rc, out, err = _run(capsys, *case.args[:1], str(f), *case.args[1:])
    _tally(case, f, before, rc, out, err)
    assert rc == 2, (case.id, rc, out[-500:], err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("错误："), (case.id, err)
    assert "程序内部错误" not in err and "Traceback" not in err + out, (case.id, err)
    assert case.place in err, (case.id, case.place, err)  # the file, sheet or key
    assert f.read_bytes() == case.data, case.id
    assert sorted(os.listdir(tmp_path)) == before, case.id
    return err


def _json_list() -> list[Case]:
    return list(json_cases(_BASE_FOR_IDS))


# the ids are built from a fixed stand-in (the data come from the fixture)
_BASE_FOR_IDS: dict = {
    "format": "xlxq/1",
    "event": {
        "name": "e",
        "system": "swiss",
        "rounds": 5,
        "scoring": {"win": 2, "draw": 1, "loss": 0},
        "tiebreaks": ["a"],
        "options": {"search_budget": 5000},
    },
    "players": [{"no": i, "name": f"n{i}", "unit": "u", "rating": None, "seed": None} for i in range(1, 7)],
    "rounds": [{"round": 1, "boards": [{"board": 1, "red": 1, "black": 2, "result": None}] * 2, "byes": []}],
}
JSON_IDS = [c.id for c in _json_list()]


@pytest.mark.parametrize("index", range(len(JSON_IDS)), ids=JSON_IDS)
def test_hostile_json(capsys, tmp_path, base_json, index):
    cases = _json_cases_of(base_json)
    check_refused(capsys, tmp_path, cases[index])


_CACHE: dict[int, list[Case]] = {}


def _json_cases_of(base: dict) -> list[Case]:
    key = id(base)
    if key not in _CACHE:
        _CACHE[key] = list(json_cases(base))
        assert [c.id for c in _CACHE[key]] == JSON_IDS
    return _CACHE[key]


def _workbook_cases_of(path: Path) -> list[Case]:
    key = hash(str(path))
    if key not in _CACHE:
        _CACHE[key] = list(workbook_cases(path.read_bytes())) + list(merged_cases(str(path)))
    return _CACHE[key]


def check_each_refused(capsys, tmp_path, cases, tail: int = 400) -> None:
    """Each case refused (:func:`check_refused`, each in a folder of its
    own); the failures named together, by case."""
    failures = []
    for i, case in enumerate(cases):
        d = tmp_path / str(i)
        d.mkdir()
        try:
            check_refused(capsys, d, case)
        except AssertionError as exc:
            failures.append(f"{case.id}: {str(exc)[-tail:]}")
    assert not failures, "\n".join(failures)


WORKBOOK_COUNT = 89  # checked below: the families of tests/hostile.py give this many


@pytest.mark.slow
def test_hostile_workbooks(capsys, tmp_path, base_xlsx):
    cases = _workbook_cases_of(base_xlsx)
    assert len(cases) == WORKBOOK_COUNT and len({c.id for c in cases}) == len({c.data for c in cases}) == len(cases)
    check_each_refused(capsys, tmp_path, cases, tail=300)


@pytest.fixture(scope="module")
def played_json(base_json) -> dict:
    """The base file with valid results (the base has '1-0', refused by
    the reader: a case meant for a later check must not stop there)."""
    data = json.loads(json.dumps(base_json))
    for b in data["rounds"][0]["boards"]:
        b["result"] = None
    return data


def test_place_cases_json(capsys, tmp_path, played_json):
    """Issue 21 §2.6, §2.7 in a JSON file: each refused naming its place."""
    cases = list(json_place_cases(played_json))
    check_each_refused(capsys, tmp_path, cases)


def test_place_cases_workbook(capsys, tmp_path, base_xlsx):
    """Issue 21 §2.6, §2.7 in a workbook (were "程序内部错误" or taken
    silently): each refused naming its place, nothing written."""
    check_each_refused(capsys, tmp_path, place_cases(str(base_xlsx)))


def test_hostile_counts(base_json):
    """The suite's size (README, docs/reliability.md): distinct files."""
    assert len(JSON_IDS) == len(set(JSON_IDS)) >= 150
    assert len({c.data for c in _json_cases_of(base_json)}) == len(JSON_IDS)


# --------------------------------------------------------------------------
# hypothesis: hostile values at random places of a valid file
# --------------------------------------------------------------------------

HOSTILE_VALUES = st.one_of(
    st.integers(min_value=10**21, max_value=10**60),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=31), min_size=1, max_size=5).map(lambda s: "x" + s),
    st.sampled_from(["\ud800", "\udbff\u0041", "\u009b2J"]),
    st.integers(min_value=33, max_value=300).map(lambda n: "[" * n + "]" * n),
    st.sampled_from(["1e400", "NaN", "-Infinity", "1e300"]),
)


def _paths(d, prefix=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hostile_values_anywhere(capsys, tmp_path_factory, base_json, data):
    paths = list(_paths(base_json))
    path = data.draw(st.sampled_from(paths))
    value = data.draw(HOSTILE_VALUES)
    marker = "__HOSTILE__"
    doc = json.loads(json.dumps(base_json))
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = marker
    text = json.dumps(doc, ensure_ascii=True, indent=1)
    raw = value if isinstance(value, str) and value[:1] in "[1N-" else json.dumps(value)
    data_bytes = text.replace(json.dumps(marker), raw).encode()
    command = data.draw(st.sampled_from([("pair",), ("standings", "--json"), ("check",)]))
    d = tmp_path_factory.mktemp("h")
    check_refused(capsys, d, Case("hyp", ".json", data_bytes, command, "event.json"))
    shutil.rmtree(d)


# --------------------------------------------------------------------------
# files and folders (issue 21): publish, backups --restore, --url, long names
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kit(tmp_path_factory, base_xlsx) -> dict:
    """What the scenes build from: the event files' bytes (JSON paired and
    not yet paired, workbook,
    team JSON, a workbook that is no event, text), the registration file, and
    a publisher (a real site of xlxq's)."""
    import openpyxl

    from tests.conftest import SAMPLE_TEAMS

    d = tmp_path_factory.mktemp("kit")
    ev = d / "e.json"
    assert main(["new", str(ev), "--players", str(SAMPLE), "--rounds", "5"]) == 0
    fresh = ev.read_bytes()
    assert main(["pair", str(ev)]) == 0
    team = d / "t.json"
    assert main(["new", str(team), "--teams", str(SAMPLE_TEAMS), "--boards", "4", "--rounds", "4"]) == 0
    plain = d / "plain.xlsx"
    openpyxl.Workbook().save(plain)

    def publish(ev: Path, site: Path) -> None:
        assert main(["publish", str(ev), str(site)]) == 0

    return {
        "json": ev.read_bytes(),
        "new": fresh,
        "xlsx": base_xlsx.read_bytes(),
        "team": team.read_bytes(),
        "plain": plain.read_bytes(),
        "text": b"not an event\n",
        "players": str(SAMPLE),
        "publish": publish,
    }


SCENES = list(file_scenes())


@pytest.mark.parametrize("scene", SCENES, ids=[s.id for s in SCENES])
def test_hostile_files(capsys, tmp_path, kit, scene: Scene):
    """Exit 2, one line naming the place, no traceback or internal error,
    nothing under the folder changed (no file written, none deleted)."""
    args = scene.build(tmp_path, kit)
    before = tree(tmp_path)
    rc, out, err = _run(capsys, *args)
    after = tree(tmp_path)
    internal = "程序内部错误" in err or "Traceback" in err + out
    lines = err.splitlines()
    TALLY["tried"] += 1
    TALLY["internal"] += internal
    TALLY["clear"] += (
        rc == 2 and not internal and len(lines) == 1 and lines[0].startswith("错误：") and scene.place in err
    )
    TALLY["changed"] += after != before
    TALLY["lost"] += not set(before) <= set(after)
    assert rc == 2, (scene.id, rc, out[-300:], err)
    assert len(lines) == 1 and lines[0].startswith("错误："), (scene.id, err)
    assert not internal, (scene.id, err)
    assert scene.place in err, (scene.id, scene.place, err)
    assert after == before, scene.id


def test_hostile_files_count():
    assert len(SCENES) == len({s.id for s in SCENES}) == file_cases_count()


def test_prize_cases_json(capsys, tmp_path, base_json):
    """``xlxq prizes`` on a hostile prize table or 性别/出生年份 of a player:
    exit 2, one line naming the key, nothing written."""
    cases = list(prize_cases(base_json))
    assert len(cases) == len({c.data for c in cases}) >= 24
    check_each_refused(capsys, tmp_path, cases)


def test_prize_cases_workbook(capsys, tmp_path, base_xlsx):
    """The same in a workbook: a bad 设置 prize row or 报名表 extra cell."""
    check_each_refused(capsys, tmp_path, prize_workbook_cases(str(base_xlsx)))
