"""Languages (issue 23 item 2): messages are ids rendered by one catalogue
per language (zh-Hans, en, zh-Hant).

- every id in every catalogue, with the same placeholders; every id the code
  uses is in the catalogue, called with the placeholders its template has;
- the runtime: language codes, rendering, an error keeps its place, a note
  renders in the user's language;
- whole scripted events of every format through the command line (the
  random events of tools/snapshot.py, plus pair --provisional, undo and bad
  input): in English no Chinese but the event's own names, units and titles,
  rule clauses (方法(三)6, 原则(八), 第13.1条) and a Chinese term in brackets
  beside its English name; in zh-Hant no simplified-only character.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import os
import random
import re
import string
from typing import Any, Callable
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from xlxq.errors import InputError, InputErrors
from xlxq.i18n import LANGS, Msg, Pair, Text, catalogue, env_lang, lang_tag, norm_lang, tr

sys.path.insert(0, str(ROOT / "tools"))
import catalogue_codemod as codemod  # noqa: E402
import snapshot  # noqa: E402

CJK = re.compile(r"[\u3400-\u9fff]")


def fields(template: str) -> set[str]:
    return {f.split(".")[0].split("[")[0].split("!")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


# ------------------------------------------------------------- the catalogues


def arguments(key: str) -> set[str]:
    """The arguments of message ``key``: the placeholders of its templates in
    every language.  A template may leave one out that only the others use
    (an index the Chinese counts from 1, ``第{n}项``, the English from 0,
    ``[{k}]``; a name only the Chinese place says); a call gives them all
    (below), so a misspelt placeholder in any catalogue fails there."""
    return set().union(*(fields(catalogue(lang)[key]) for lang in LANGS))


#: the messages whose templates use different placeholders (the JSON readers'
#: places, issue 23 §2): a template leaving an argument out is deliberate
UNEVEN = {key for key in catalogue("zh") if fields(catalogue("zh")[key]) != fields(catalogue("en").get(key, ""))}


def test_every_message_is_in_every_catalogue_with_the_same_placeholders():
    zh = catalogue("zh")
    assert len(zh) > 500
    for lang in LANGS:
        table = catalogue(lang)
        assert set(table) == set(zh), lang
        for key, template in table.items():
            list(string.Formatter().parse(template))  # a well-formed template
            if key in UNEVEN:
                assert fields(template) <= arguments(key), (lang, key, template)
            else:
                assert fields(template) == fields(zh[key]), (lang, key, template, zh[key])
    # 简体 and 繁體 always alike (one generated from the other); the uneven
    # messages are the places of the JSON and registration readers only
    assert all(fields(catalogue("zh-Hant")[key]) == fields(zh[key]) for key in zh)
    assert {key.split(".")[0] for key in UNEVEN} <= {"json_parts", "json_file", "team_json", "registration"}, UNEVEN


def used_ids() -> list[tuple[str, int, str, set[str] | None]]:
    """(file, line, id, the keyword names given or None when ``**`` hides them) of every use."""
    out = []
    for path in sorted((ROOT / "xlxq").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        texts = codemod.text_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = ast.unparse(node.func)
            short = func.split(".")[-1]
            if short in ("Msg", "i18n_Msg"):
                at = 0
            elif short in ("tr", "i18n_tr"):
                at = 1
            elif func in texts or (isinstance(node.func, ast.Call) and ast.unparse(node.func.func) == "Text"):
                if len(node.args) != 1:
                    continue
                at = 0
            else:
                continue
            if len(node.args) <= at or not isinstance(node.args[at], ast.Constant):
                continue
            names = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
            out.append((str(path.relative_to(ROOT)), node.lineno, node.args[at].value, names))
    return out


def test_every_id_the_code_uses_is_in_the_catalogue_with_its_placeholders():
    zh = catalogue("zh")
    uses = used_ids()
    assert len(uses) > 500
    for file, line, key, names in uses:
        assert key in zh, f"{file}:{line}: {key} is in no catalogue"
        if names is not None:
            assert names == arguments(key), f"{file}:{line}: {key} takes {arguments(key)}, given {names}"


def test_the_hant_catalogue_is_the_generated_one():
    opencc = pytest.importorskip("opencc")
    assert opencc
    assert codemod.hant(catalogue("zh")) == catalogue("zh-Hant")


def test_the_codemod_has_nothing_left_to_convert(tmp_path):
    """Re-running the tool changes nothing (it is idempotent, and the tree is converted)."""
    assert codemod.main(["--check"]) == 0


# ------------------------------------------------------------------ the runtime


@pytest.mark.parametrize(
    "code, lang",
    [
        (None, "zh"),
        ("zh", "zh"),
        ("zh-Hans", "zh"),
        ("zh_CN", "zh"),
        ("zh-SG", "zh"),
        ("en", "en"),
        ("en_GB.UTF-8", "en"),
        ("EN", "en"),
        ("zh-Hant", "zh-Hant"),
        ("zh-TW", "zh-Hant"),
        ("zh_HK", "zh-Hant"),
        ("zh-MO", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("fr", "zh"),
    ],
)
def test_language_codes(code, lang):
    assert norm_lang(code) == lang


def test_env_lang_and_tags(monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "zh_TW")
    assert env_lang() == "zh-Hant"
    assert [lang_tag(x) for x in ("zh", "en", "zh-TW")] == ["zh-Hans", "en", "zh-Hant"]


def test_a_message_renders_in_each_language():
    m = Msg("errors.n-problems", n=3)
    assert [m.render(x) for x in LANGS] == ["发现3处错误：", "3 problems:", "發現3處錯誤："]
    assert tr("en", "errors.n-problems", n=2) == "2 problems:"
    assert Text("zh-HK")("errors.n-problems", n=1) == "發現1處錯誤："
    assert Text("en")("中文", "English") == "English"  # a pair not (yet) in the catalogue
    # an argument that is a message is rendered in the same language; a Pair picks its side
    outer = Msg("errors.n-problems-the-first", n=2, first=Pair("甲", "A"))
    assert outer.render("en") == "2 problems; the first: A"
    assert Msg("errors.n-problems", n=1) == Msg("errors.n-problems", n=1) != Msg("errors.n-problems", n=2)


def test_an_error_keeps_its_place_and_renders_in_each_language(monkeypatch):
    e = InputError(Msg("errors.n-problems", n=4), sheet="报名表", row=5, cell="G5", round=2)
    assert (e.place.sheet, e.place.row, e.place.cell, e.place.round) == ("报名表", 5, "G5", 2)
    assert (e.zh, e.en, e.message("zh-TW")) == ("发现4处错误：", "4 problems:", "發現4處錯誤：")
    monkeypatch.setenv("XLXQ_LANG", "en")
    assert str(e) == "4 problems:"
    both = InputErrors([e, InputError("旧的", "old one", board=3)])
    assert both.lines("zh-Hant") == ["發現2處錯誤：", "發現4處錯誤：", "旧的"]
    assert both.message("en") == "2 problems; the first: 4 problems:"
    assert both.place.sheet == "报名表"


def test_an_errors_text_can_still_be_set_by_hand():
    e = InputError(Msg("errors.n-problems", n=4))
    e.zh = "组别“甲”：" + e.zh
    assert (e.zh, e.en) == ("组别“甲”：发现4处错误：", "4 problems:")


def test_a_note_is_its_chinese_text_and_renders_in_each_language():
    from xlxq.core.notes import Note, note_text

    n = Note(Msg("errors.n-problems", n=2))
    assert n == "发现2处错误：" and n.en == "2 problems:"
    assert [note_text(n, x) for x in LANGS] == ["发现2处错误：", "2 problems:", "發現2處錯誤："]
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(n)).localize("en") == copy.copy(n).en == "2 problems:"


# ------------------------------------------------------------ whole events


#: what may stay Chinese in English output beside the event's own names: rule
#: clauses, the rule books' titles and a Chinese term in brackets after its English name
CLAUSE = re.compile(
    r"棋规|循环赛对局秩序表|(方法|原则|原則)[(（][一二三四五六七八九十]+[)）][\d.]*|第[\d.]+条|第[\d.]+條"
    r"|(?<=[A-Za-z0-9)] )[(（][\u3400-\u9fff/、]{1,12}[)）]|(?<=[A-Za-z])[(（][\u3400-\u9fff/、]{1,12}[)）]"
)
FORMATS = ["swiss", "eliminate", "rr", "knockout", "team-swiss", "team-rr", "scheveningen", "member-total", "qualify"]


class Capture(snapshot.Run):
    """A snapshot run that keeps every step's text (stdout and stderr)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.texts: list[tuple[list[str], str]] = []

    def cli(self, *argv):
        main = snapshot.cli_main()
        args = [str(a) for a in argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main(args)
            except SystemExit as exc:
                rc = exc.code if isinstance(exc.code, int) else 2
        self.record(args, rc, out.getvalue(), err.getvalue())
        self.texts.append((args, out.getvalue() + err.getvalue()))
        return rc, out.getvalue()


def scripted_event(fmt: str, lang: str, tmp: Path, monkeypatch) -> tuple[list[tuple[list[str], str]], set[str]]:
    """Every text one whole event of ``fmt`` printed in ``lang``, and the event's own words."""
    spec = snapshot.spec_for(fmt, 1)
    monkeypatch.chdir(tmp)
    monkeypatch.setenv("XLXQ_LANG", lang)
    run = Capture(tmp)
    f = Path("pre.json")  # then tools/snapshot.py's event plays e.json
    if "teams" in spec:
        snapshot.write_teams_csv(Path("teams.csv"), spec["teams"])
    else:
        snapshot.write_players_csv(Path("players.csv"), spec["players"])
    run.cli("new", f, *snapshot.new_args(spec))
    seed = spec["seed"]
    run.cli("simulate", f, "--seed", seed, "--rounds", 1)
    run.cli("pair", f)

    def one_board_played(d):
        boards = d.get("rounds", [{}])[-1].get("boards") or []
        if boards and "result" in boards[0]:
            boards[0]["result"] = "red_win"

    if f.exists():
        snapshot.edit_json(f, one_board_played)
    run.cli("pair", f, "--provisional")  # 原则(八): unfinished boards paired as draws, or an error
    run.cli("explain", f)
    run.cli("undo", f)
    run.cli("undo", f)
    run.cli("check", f)
    run.cli("pair", "missing.json")
    Path("bad.json").write_text('{"players": [}', encoding="utf-8")
    run.cli("standings", "bad.json")
    snapshot.run_json_event(run, spec, random.Random(spec["seed"]))
    own: set[str] = set()
    for item in spec.get("players", []) + spec.get("teams", []):
        own |= {str(v) for v in item.values() if isinstance(v, str)}
        for m in item.get("members", []) or item.get("players", []) or []:
            own |= {str(v) for v in (m.values() if isinstance(m, dict) else [m]) if isinstance(v, str)}
    for f in (Path("pre.json"), Path("e.json"), Path("ko.json")):
        if not f.exists():
            continue
        data = json.loads(f.read_text(encoding="utf-8"))

        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k in ("name", "unit", "title", "team", "club", "event", "group", "organizer", "venue"):
                        if isinstance(v, str):
                            own.add(v)
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)

        walk(data)
    return run.texts, {w for w in own if CJK.search(w)}


def strip_own(text: str, own: set[str]) -> str:
    for w in sorted(own, key=len, reverse=True):
        text = text.replace(w, "")
    return text


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_english_output_of_a_whole_event_has_no_chinese_but_names_and_clauses(fmt, tmp_path, monkeypatch):
    texts, own = scripted_event(fmt, "en", tmp_path, monkeypatch)
    leaks = []
    for argv, text in texts:
        for line in CLAUSE.sub("", strip_own(text, own)).splitlines():
            if CJK.search(line):
                leaks.append(f"{' '.join(argv)}: {line}")
    assert len(texts) > 15
    assert not leaks, "\n".join(dict.fromkeys(leaks))


#: formats whose 繁體 output still has 简体 in it, and where (issue 23: the
#: systems' own check lines move with item 1; strict: a fix makes them pass)
HANT_LEFT: dict[str, str] = {}


@pytest.mark.slow
@pytest.mark.parametrize(
    "fmt",
    [
        pytest.param(f, marks=pytest.mark.xfail(strict=True, reason=HANT_LEFT[f])) if f in HANT_LEFT else f
        for f in FORMATS
    ],
)
def test_hant_output_of_a_whole_event_has_no_simplified_character(fmt, tmp_path, monkeypatch):
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    texts, own = scripted_event(fmt, "zh-Hant", tmp_path, monkeypatch)
    simplified = []
    for argv, text in texts:
        for line in strip_own(text, own).splitlines():
            bad = sorted({c for c in line if CJK.match(c) and s2t.convert(c) != c})
            if bad:
                simplified.append(f"{' '.join(argv)}: {''.join(bad)}: {line}")
    assert len(texts) > 15
    assert any(CJK.search(t) for _, t in texts)
    assert not simplified, "\n".join(simplified[:40])


def test_the_provisional_note_is_english_in_english(tmp_path, monkeypatch):
    """The leak of issue 23: ``XLXQ_LANG=en xlxq pair e.json --provisional``
    printed ``note: 第1轮第2台未结束，按和棋暂计编排（原则(八)）``."""
    spec = snapshot.spec_for("swiss", 0)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XLXQ_LANG", "en")
    run = Capture(tmp_path)
    snapshot.write_players_csv(Path("players.csv"), spec["players"])
    run.cli("new", "e.json", *snapshot.new_args(spec))
    run.cli("pair", "e.json")

    def first_board_played(d):
        d["rounds"][0]["boards"][0]["result"] = "red_win"

    snapshot.edit_json(Path("e.json"), first_board_played)
    rc, out = run.cli("pair", "e.json", "--provisional")
    assert rc == 0, run.texts[-1]
    notes = [line for line in out.splitlines() if line.startswith("note: round 1 board")]
    assert notes and all(line.endswith("is unfinished: paired as a draw (原则(八))") for line in notes), out
    os.environ["XLXQ_LANG"] = "zh-Hant"
    run.cli("undo", "e.json")
    rc, out = run.cli("pair", "e.json", "--provisional")
    assert "說明：第1輪第2臺未結束，按和棋暫計編排（原則(八)）" in out, out


def test_the_team_provisional_notes_are_english_in_english(tmp_path, monkeypatch):
    """The same leak for a team event: the notes merged by match (第1轮第1场第2、3台未结束 …)
    were built from the Chinese text and printed in Chinese under ``XLXQ_LANG=en``."""
    spec = snapshot.spec_for("team-swiss", 1)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XLXQ_LANG", "en")
    run = Capture(tmp_path)
    snapshot.write_teams_csv(Path("teams.csv"), spec["teams"])
    run.cli("new", "e.json", *snapshot.new_args(spec))
    run.cli("pair", "e.json")

    def first_board_played(d):
        d["rounds"][0]["matches"][0]["boards"][0]["result"] = "red_win"

    snapshot.edit_json(Path("e.json"), first_board_played)
    rc, out = run.cli("pair", "e.json", "--provisional")
    assert rc == 0, run.texts[-1]
    notes = [line for line in out.splitlines() if line.startswith("note: round 1 match")]
    assert notes[0] == "note: round 1 match 1 boards 2, 3, 4, 5 are unfinished: paired as draws (原则(八))", out
    assert not any(CJK.search(line) for line in notes if "原则" not in line)
    os.environ["XLXQ_LANG"] = "zh"
    run.cli("undo", "e.json")
    rc, out = run.cli("pair", "e.json", "--provisional")
    assert "说明：第1轮第1场第2、3、4、5台未结束，按和棋暂计编排（原则(八)）" in out, out


# ------------------------------------------------- the team JSON's errors (issue 23 §2)


def test_the_codemod_reports_no_pair_left(capsys):
    """Every (zh, en) pair of xlxq/ is a catalogue message: ``--report`` lists none
    (the 45 it listed were built by concatenation or said a part in one language only)."""
    assert codemod.main(["--check", "--report"]) == 0
    out = capsys.readouterr().out
    assert "left as they are: 0 pairs" in out, out


def assert_said(texts: list[tuple[list[str], str]], *words: str) -> None:
    """Each of ``words`` is in what the commands printed."""
    said = "\n".join(text for _, text in texts)
    missing = [w for w in words if w not in said]
    assert not missing, (missing, said)


def team_json_errors(lang: str, tmp: Path, monkeypatch) -> tuple[list[tuple[list[str], str]], set[str]]:
    """What a team JSON event with a bad line-up and bad team data prints in
    ``lang`` (each command refused), and the event's own names."""
    from tests.conftest import SAMPLE_TEAMS

    monkeypatch.chdir(tmp)
    monkeypatch.setenv("XLXQ_LANG", lang)
    run = Capture(tmp)
    run.cli("new", "t.json", "--teams", SAMPLE_TEAMS, "--boards", 4)
    run.cli("pair", "t.json")
    run.texts.clear()
    f = Path("t.json")
    good = f.read_text(encoding="utf-8")
    d = json.loads(good)
    t1, t2 = d["teams"][0]["players"], d["teams"][1]["players"]
    own = {t["name"] for t in d["teams"]} | {p["name"] for p in d["players"]}

    run.cli(
        "lineup", f, "--team", 1, "--players", f"{t1[0]},{t1[2]},{t1[1]},{t1[3]}"
    )  # 分台定人制: board 3's player on 2
    run.cli("lineup", f, "--team", 1, "--players", f"{t1[0]},{t1[1]},{t1[2]},999")  # not registered
    run.cli("lineup", f, "--team", 1, "--players", f"{t1[0]},{t1[1]},{t1[2]},{t2[0]}")  # of another team
    run.cli("lineup", f, "--team", 99, "--players", "1,2,3,4")  # no such team

    def broken(edit) -> None:
        e = json.loads(good)
        edit(e)
        f.write_text(json.dumps(e, ensure_ascii=False), encoding="utf-8")
        run.cli("check", f)

    broken(lambda e: e["teams"][1]["players"].append(t1[0]))  # one player in two teams
    broken(lambda e: e["teams"][0]["players"].append(999))  # an unregistered player
    broken(lambda e: e["teams"][0]["players"].__delitem__(slice(1, None)))  # fewer players than boards
    broken(lambda e: e["teams"][0].update(reserve_boards=[{"no": t1[0], "board": 2}]))  # not a reserve

    def wrong_colour(e):
        b = e["rounds"][0]["matches"][0]["boards"][0]
        b["red"], b["black"] = b["black"], b["red"]

    broken(wrong_colour)  # the first team is red on odd boards

    def played_twice(e):
        m = e["rounds"][0]["matches"][0]
        m["boards"][1]["red" if m["boards"][1]["red"] != m["boards"][0]["red"] else "black"] = m["boards"][0]["red"]

    broken(played_twice)
    broken(lambda e: e["event"].update(lineup="random"))  # an unknown line-up format
    f.write_text(good, encoding="utf-8")
    return run.texts, own


def test_team_json_errors_print_in_hant(tmp_path, monkeypatch):
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    texts, own = team_json_errors("zh-Hant", tmp_path, monkeypatch)
    assert len(texts) == 11
    simplified = []
    for argv, text in texts:
        assert CJK.search(text), (argv, text)
        line = strip_own(text, own)
        bad = sorted({c for c in line if CJK.match(c) and s2t.convert(c) != c})
        if bad:
            simplified.append(f"{' '.join(argv)}: {''.join(bad)}: {text}")
    assert not simplified, "\n".join(simplified)
    assert_said(
        texts,
        "第1輪",
        "（1隊）",
        "分臺定人制",
        "固定在第3臺（報名第3位），不能改坐第2臺",
        "不是本隊報名隊員（未報名）",
        "沒有這支隊伍：99（可用隊序號或隊名：1 ",
        "同時報名",
        "不在報名表中",
        "只報名1人，少於每場4臺",
        "不是本隊替補",
        "出現兩次（第1場第1臺、第1場第2臺）",
        "（先走隊單數臺執紅、雙數臺執黑）",
        "出場方式無效：'random'（可選 分臺定人制、分臺換人制、臨時定臺制）",
    )


def test_team_json_errors_print_in_english(tmp_path, monkeypatch):
    texts, own = team_json_errors("en", tmp_path, monkeypatch)
    assert len(texts) == 11
    leaks = [
        f"{' '.join(argv)}: {line}"
        for argv, text in texts
        for line in CLAUSE.sub("", strip_own(text, own)).splitlines()
        if CJK.search(line)
    ]
    assert not leaks, "\n".join(leaks)
    assert_said(
        texts,
        "fixed boards: player 3 is bound to board 3, not 2",
        "player 999 is not registered for this team",
        "no team '99' (give a team number or name)",
        "is registered for two teams",
        "team 北京队: player 999 is not registered",
        "registers 1 players, fewer than 4 boards",
        "is not a reserve of the team",
        "round 1: player",
        "appears twice",
        "(the first team is red on odd boards)",
        "unknown line-up format 'random'",
    )


# ------------------------------------------- the knockout and round-robin checks


def broken_checks(lang: str, tmp: Path, monkeypatch) -> list[tuple[list[str], str]]:
    """What ``xlxq check`` prints in ``lang`` of hand-broken knockout and round-robin rounds."""
    from xlxq.backends.json_file import save_event
    from xlxq.core.model import RED_WIN, Event, EventSettings, Player
    from xlxq.systems import pair_round

    monkeypatch.chdir(tmp)
    monkeypatch.setenv("XLXQ_LANG", lang)
    run = Capture(tmp)

    def paired(settings: EventSettings, n: int, rounds: int) -> Event:
        ev = Event(settings, [Player(i, f"棋手{i}", seed=i if i <= 2 else None) for i in range(1, n + 1)])
        for _ in range(rounds):
            r = pair_round(ev).round
            for b in r.boards:
                b.result = RED_WIN
            ev = ev.with_round(r)
        return ev

    ko = paired(EventSettings(system="knockout", games_per_match=2, rounds=6), 8, 1)
    ko = ko.with_round(pair_round(ko).round)  # game 2 of the quarter-finals
    b = ko.rounds[1].boards
    b.pop()  # a match due and not paired
    b[0].red, b[0].black = b[0].black, b[0].red  # 13.5: colours not swapped
    b.reverse()  # boards not in seeding order
    save_event(ko, Path("ko.json"))
    run.cli("check", "ko.json")
    ko.rounds[0].boards[0].result = None  # game 1 unfinished, game 2 paired
    save_event(ko, Path("ko2.json"))
    run.cli("check", "ko2.json", "--round", 2)
    six = paired(EventSettings(system="knockout", rounds=3), 6, 0)
    r1 = pair_round(six).round
    r1.byes = r1.byes[:1]  # one of the two best seeds without his bye
    save_event(six.with_round(r1), Path("ko3.json"))
    run.cli("check", "ko3.json")

    rr = paired(EventSettings(system="round_robin", rounds=5), 6, 1)
    b = rr.rounds[0].boards
    b[0].red, b[0].black = b[0].black, b[0].red  # a colour changed
    b[1].black, b[2].black = b[2].black, b[1].black  # pairs not the table's
    save_event(rr, Path("rr.json"))
    run.cli("check", "rr.json")
    return run.texts


def test_broken_knockout_and_round_robin_checks_print_in_hant(tmp_path, monkeypatch):
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    texts = broken_checks("zh-Hant", tmp_path, monkeypatch)
    simplified = [
        f"{' '.join(argv)}: {line}"
        for argv, text in texts
        for line in text.replace("棋手", "").splitlines()
        if any(CJK.match(c) and s2t.convert(c) != c for c in line)
    ]
    assert not simplified, "\n".join(simplified)
    assert_said(
        texts,
        "未與上一局（第1輪）交換先後",
        "的臺次順序與種子順位不同",
        "應在本輪進行，文件中沒有",
        "尚無結果，淘汰賽須待結果錄入後才能編排第2輪",
        "輪空（直接晉級）",
    )


def test_broken_knockout_and_round_robin_checks_print_in_english(tmp_path, monkeypatch):
    texts = broken_checks("en", tmp_path, monkeypatch)
    leaks = [
        f"{' '.join(argv)}: {line}"
        for argv, text in texts
        for line in CLAUSE.sub("", text.replace("棋手", "")).splitlines()
        if CJK.search(line)
    ]
    assert not leaks, "\n".join(leaks)
    assert_said(
        texts,
        "colours not swapped from round 1",
        "boards not in seeding order (edited by hand)",
        "is due and not paired",
        "had no result when round 2 was paired",
        "round 1 byes: expected [1, 2], the file has [",
    )


@pytest.mark.slow
def test_hant_site_has_no_simplified_character(tmp_path):
    """``xlxq publish --lang zh-Hant`` of a Swiss with every special case, a
    team Swiss and a round robin: the visible text of every page, the
    user's own (names, units, titles: every typed text is in ``<bdi>``)
    taken out, has no simplified-only character.  The site's labels built
    in the templates were (zh, en) pairs, which give the 简体 in zh-Hant
    (第3轮對陣與結果)."""
    import html as html_mod

    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    from tests.conftest import make_team_event, special_swiss
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings
    from xlxq.operations.publish import publish_event
    from xlxq.operations.simulate import simulate_file, simulate_team_file

    rr = Event(
        EventSettings(name="循环赛", rounds=5, system="round_robin"),
        read_registration(ROOT / "samples" / "registration.csv")[:6],
    )
    events = {
        "swiss": special_swiss(),
        "team": simulate_team_file(make_team_event(6, rounds=3), "u.json", 2, None).event,
        "rr": simulate_file(rr, "u.json", 3, None).event,
    }
    bad: list[str] = []
    for name, ev in events.items():
        site = tmp_path / name
        publish_event(ev, site, "zh-Hant")
        pages = sorted(site.glob("*.html"))
        assert len(pages) > 5
        for f in pages:
            text = f.read_text(encoding="utf-8")
            text = re.sub(r"<bdi>.*?</bdi>", " ", text, flags=re.S)
            text = re.sub(r"<(script|style|title)\b.*?</\1>", " ", text, flags=re.S)
            text = html_mod.unescape(re.sub(r"<[^>]+>", " ", text))
            for line in text.splitlines():
                chars = sorted({c for c in line if CJK.match(c) and s2t.convert(c) != c})
                if chars:
                    bad.append(f"{name}/{f.name}: {''.join(chars)}: {line.strip()[:80]}")
    assert not bad, "\n".join(bad[:40])


# ------------------------------------- the JSON readers' places (issue 23 §2)


def _set(path: str, value: Any) -> Callable[[dict], None]:
    """An edit of a parsed file: the value at ``path`` ("rounds.0.boards.0.red") set."""

    def edit(d: dict) -> None:
        *head, last = [int(k) if k.isdigit() else k for k in path.split(".")]
        for k in head:
            d = d[k]
        d[last] = value

    return edit


HOSTILE_INDIVIDUAL = [
    _set("players.0.name", 5),
    _set("players.0.unit", 5),
    _set("players.0.rating", "高"),
    _set("players.0.seed", 0),
    _set("players.0.sex", [1]),
    _set("players.0.birth_year", "明年"),
    _set("players.0.withdrawn_from_round", "x"),
    _set("rounds.0.round", "一"),
    _set("rounds.0.boards.0.board", "x"),
    _set("rounds.0.boards.0.red", "x"),
    _set("rounds.0.boards.0.result", "win"),
    _set("rounds.0.boards.0.fouls", {"red": -1}),
    _set("rounds.0.byes", ["x"]),
    _set("rounds.0.engine", {"boards": [["x", 2]], "byes": []}),
    _set("rounds.0.engine", {"boards": [[1, 2, 3]], "byes": []}),
    _set("rounds.0.engine", {"boards": [[1, 2], [2, 3]], "byes": []}),
    _set("event.games_per_match", 2),
    _set("event.venue", 5),
    _set("event.colour_tie", "黑"),
    _set("event.scoring.win", "二分"),
    _set("event.tiebreaks", "对手分"),
    _set("players.1.rating", 1e300),  # the file's limits (backends/limits.py)
    _set("players.1.seed", 10**400),
]
HOSTILE_TEAM = [
    _set("teams.0.name", 5),
    _set("teams.0.players", ["x"]),
    _set("teams.0.seed", 0),
    _set("teams.0.reserve_boards", [{"no": "x", "board": 1}]),
    _set("rounds.0.round", "一"),
    _set("rounds.0.byes", ["x"]),
    _set("rounds.0.matches.0.first", "x"),
    _set("rounds.0.matches.0.boards.0.red", "x"),
    _set("rounds.0.matches.0.boards.0.result", "win"),
    _set("rounds.0.matches.0.boards.0.fouls", {"black": -1}),
    _set("rounds.0.engine", {"matches": [[1, 99]], "byes": []}),
]


def hostile_json(lang: str, tmp: Path, monkeypatch) -> tuple[list[tuple[list[str], str]], set[str]]:
    """What ``xlxq check`` prints in ``lang`` of an individual and a team
    file, each broken in one place at a time (a wrong type, a bad value, an
    engine pairing naming a team twice …), and the events' own names."""
    from tests.conftest import SAMPLE, SAMPLE_TEAMS

    monkeypatch.chdir(tmp)
    monkeypatch.setenv("XLXQ_LANG", lang)
    run = Capture(tmp)
    own: set[str] = set()
    for f, new, edits in (
        (Path("e.json"), ["--players", SAMPLE], HOSTILE_INDIVIDUAL),
        (Path("t.json"), ["--teams", SAMPLE_TEAMS, "--boards", 4], HOSTILE_TEAM),
    ):
        run.cli("new", f, *new)
        run.cli("pair", f)
        good = f.read_text(encoding="utf-8")
        d = json.loads(good)
        own |= {x["name"] for x in d.get("teams", []) + d["players"]} | {
            p["unit"] for p in d["players"] if p.get("unit")
        }
        for edit in edits:
            e = json.loads(good)
            edit(e)
            f.write_text(json.dumps(e, ensure_ascii=False), encoding="utf-8")
            rc, _ = run.cli("check", f)
            assert rc == 2, (lang, f, run.texts[-1])
    return [t for t in run.texts if t[0][0] == "check"], own


def test_hostile_json_files_print_their_places_in_hant(tmp_path, monkeypatch):
    """The places of the JSON readers were built by concatenation
    (``f"{where_zh}的队名 name"``) and stayed 简体 under zh-Hant (第1轮第1台红方,
    1号棋手（…）的等级分, 队不存在或出现两次): now catalogue messages."""
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    texts, own = hostile_json("zh-Hant", tmp_path, monkeypatch)
    assert len(texts) == len(HOSTILE_INDIVIDUAL) + len(HOSTILE_TEAM)
    simplified = []
    for argv, text in texts:
        bad = sorted({c for c in strip_own(text, own) if CJK.match(c) and s2t.convert(c) != c})
        if bad:
            simplified.append(f"{' '.join(argv)}: {''.join(bad)}: {text}")
    assert not simplified, "\n".join(simplified)
    assert_said(
        texts, "的姓名 name", "的等級分 rating", "紅方 red", "結果 result 無效", "隊不存在或出現兩次", "的隊名 name"
    )


def test_hostile_json_files_print_the_same_english(tmp_path, monkeypatch):
    """The English of the places is unchanged (the old f-strings' text)."""
    texts, _ = hostile_json("en", tmp_path, monkeypatch)
    said = [text for _, text in texts]
    assert said[:3] == [
        "error: player 1 name: expected a string, got 5\n",
        "error: player 1 unit: expected a string, got 5\n",
        "error: player 1 rating: expected a number, got '高'\n",
    ]
    assert_said(
        texts,
        "error: player 1 birth_year: expected a year (a whole number), got '明年'",
        "error: round 1 boards[0].board: expected an integer, got 'x'",
        "error: round 1 board 1 fouls.red: must be at least 0, got -1",
        "error: round 1 engine.boards[0]: expected [red, black], got [1, 2, 3]",
        "error: round 1 engine: 2 appear twice",
        "error: team 1 reserve_boards[0].no: expected an integer, got 'x'",
        "error: round 1 match 1 (1 v 2) board 1 red (0 = empty seat): expected an integer, got 'x'",
        "error: round 1 engine: team(s) 99 unknown or twice",
    )


#: more places of the readers (issue 23 §2): the settings, the provisional
#: games, the engine's sides, a team's lists and match boards
HOSTILE_MORE_INDIVIDUAL = [
    _set("rounds.0.provisional", [[5, 1]]),
    _set("rounds.0.engine", {"boards": [[1, "x"]], "byes": []}),
    _set("event.options", {"elimination": [[1, "x"]]}),
    _set("event.options", {"forbidden_pairs": [[1]]}),
    _set("event.prizes", {"categories": [{"name": "a", "places": "x"}]}),
    _set("event.rating", {"cap": "x"}),
    _set("event.numbering", {"method": "draw"}),
]
HOSTILE_MORE_TEAM = [
    _set("rounds.0", 3),
    _set("teams.0.reserve_boards", [{"no": 1, "board": 1}, {"no": 1, "board": 2}]),
    _set("rounds.0.byes", 3),
    _set("rounds.0.engine", {"matches": [[1, 2, 3]]}),
    _set("event.match_scoring", 3),
]


def _good_files(tmp: Path) -> dict[str, dict]:
    """A valid individual and team file (one round paired), parsed."""
    from tests.conftest import SAMPLE, SAMPLE_TEAMS

    run = Capture(tmp)
    out = {}
    for f, new in (("e.json", ["--players", SAMPLE]), ("t.json", ["--teams", SAMPLE_TEAMS, "--boards", 4])):
        run.cli("new", tmp / f, *new)
        run.cli("pair", tmp / f)
        out[f] = json.loads((tmp / f).read_text(encoding="utf-8"))
    return out


def _hostile_errors(tmp: Path, individual: list, team: list) -> list[InputError]:
    """The error each edit of a good file makes its reader raise."""
    from xlxq.backends.json_file import any_from_dict

    good = _good_files(tmp)
    out = []
    for f, edits in (("e.json", individual), ("t.json", team)):
        for edit in edits:
            d = json.loads(json.dumps(good[f]))
            edit(d)
            with pytest.raises(InputError) as info:
                any_from_dict(d)
            out.append(info.value)
    return out


def _pairs_in(x: Any) -> list[Any]:
    """The arguments of a message, through the messages and errors in it,
    that are known only as a (zh, en) pair (a ``Pair``)."""
    if isinstance(x, InputErrors):
        return [p for e in x.errors for p in _pairs_in(e)]
    if isinstance(x, InputError):
        return _pairs_in(x.msg) if x.msg is not None else [(x.zh, x.en)]
    if isinstance(x, Msg):
        assert x.id in catalogue("zh"), x.id
        return [p for v in x.args.values() for p in _pairs_in(v)]
    return [x] if isinstance(x, Pair) else []


def test_the_json_readers_places_are_messages_not_pairs(tmp_path, monkeypatch):
    """A place of the JSON readers is a message whose arguments are numbers,
    keys, names or other messages (issue 23 §2): a further language renders
    it from its own catalogue.  (Before: ``where=Pair(where_zh, where_en)``,
    ``k=Pair(k + 1, k)``, a (zh, en) pair a fourth language could not say.)"""
    monkeypatch.chdir(tmp_path)
    errors = _hostile_errors(
        tmp_path, HOSTILE_INDIVIDUAL[:-2] + HOSTILE_MORE_INDIVIDUAL, HOSTILE_TEAM + HOSTILE_MORE_TEAM
    )  # (the last two individual ones are refused by the file's limits, before the readers)
    assert len(errors) == 44
    left = [(e.message("en"), p) for e in errors for p in _pairs_in(e)]
    assert not left, left


def test_more_hostile_json_places_print_as_before(tmp_path, monkeypatch):
    """The 简体 and English of the places converted from pairs (an index
    counted from 1 in Chinese, from 0 in English; a side only the Chinese
    names; a list joined by 、 or ", ") are the old f-strings' texts."""
    monkeypatch.chdir(tmp_path)
    errors = _hostile_errors(tmp_path, HOSTILE_MORE_INDIVIDUAL, HOSTILE_MORE_TEAM)
    said = {lang: [e.message(lang) for e in errors] for lang in ("zh", "en", "zh-Hant")}
    assert said["zh"][:4] == [
        "第1轮 provisional（按和棋暂计编排的对局）第1项：第5轮不在本轮之前",
        "第1轮 engine（引擎编排） boards 第1项的黑方：应为整数，实为 'x'",
        "event.options.elimination（积分末位淘汰）第1项的分数 Y：应为数字，实为 'x'",
        "event.options.forbidden_pairs[0]：应为两个序号 [a, b]",
    ]
    assert said["en"][:4] == [
        "round 1 provisional[0]: round 5 is not before round 1",
        "round 1 engine.boards[0][1]: expected an integer, got 'x'",
        "event.options.elimination[0][1]: expected a number, got 'x'",
        "event.options.forbidden_pairs[0]: expected two numbers [a, b]",
    ]
    assert said["zh"][6:8] == [
        "event.numbering.seed（抽签种子）：抽签需要抽签种子",
        "rounds 第1项：应为对象 {…}，实为 int",
    ]
    assert said["en"][6:8] == ["event.numbering.seed: a draw needs its seed", "rounds[0]: expected an object, got int"]
    assert "北京队（1队）的替补台次 reserve_boards 第2项：替补 1 号登记了两次" in said["zh"][8]
    assert "team 1 reserve_boards[1]: reserve 1 listed twice" in said["en"][8]
    assert said["zh"][10] == "第1轮 engine（引擎编排） matches 第1项：应为 [先走队, 后走队]，实为 [1, 2, 3]"
    assert said["en"][10] == "round 1 engine.matches[0]: expected [first, second], got [1, 2, 3]"
    # what an error inside a place says, and the engine's sides, are now 繁體 too (they stayed 简体)
    assert said["zh-Hant"][5] == "event.rating.cap（等級分差上限）：等級分差上限應為正數，實為“x”"
    assert said["zh-Hant"][10] == "第1輪 engine（引擎編排） matches 第1項：應為 [先走隊, 後走隊]，實為 [1, 2, 3]"


def test_the_registration_round_cells_say_what_the_workbook_says():
    """A bad 退赛轮次/请假轮次 cell of a registration file is told in the
    words of the workbook's: ``ROUND_CELLS`` (the sheets layer) holds the
    message both readers use; the texts as they were, and 繁體 in zh-Hant."""
    from xlxq.sheets.registration import ROUND_CELLS

    assert set(ROUND_CELLS) == {"withdrawn", "absent"}
    said = {key: (msg.render("zh"), msg.render("en")) for key, (_, msg) in ROUND_CELLS.items()}
    assert said["withdrawn"] == (
        "退赛轮次应为轮次数字（如 5 表示从第5轮起不再编排）",
        "withdrawn-from-round must be a round number",
    )
    assert said["absent"] == (
        "请假轮次应为轮次数字（如 3 或 3,5）",
        "absent-in-rounds must be round numbers (3 or 3,5)",
    )
    assert ROUND_CELLS["absent"][1].render("zh-Hant").startswith("請假輪次應為輪次數字")


def test_two_columns_of_one_meaning_in_each_language(tmp_path):
    """A registration with two name columns: the message (an f-string pair
    before, 简体 under zh-Hant) is a catalogue message; 简体 and English as they were."""
    from xlxq.backends.registration import read_registration

    f = tmp_path / "two.csv"
    f.write_text("序号,姓名,name\n1,张三,x\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_registration(f)
    assert info.value.message("zh") == "two.csv 第1行：有两列都表示姓名（“姓名”与“name”）"
    assert info.value.message("en") == "two.csv row 1: two columns mean name ('姓名' and 'name')"
    assert info.value.message("zh-Hant") == "two.csv 第1行：有兩列都表示姓名（“姓名”與“name”）"
