"""Every special case of an event on the site and in the 成绩册 (issue 25
§1), on :func:`tests.conftest.special_swiss` (31 players, 9 rounds: 5 请假
in round 3, 7 退赛 from round 5, 31 迟到入场 in round 4, round 6 changed
by hand, round 7 board 4 红胜(弃权)): the round pages list them under the
boards, a player's page has a row for every round and his own result, the
standings say how they rank (only the preset's columns, 单位, 退赛 marked),
the Swiss cross table by rank, the time the pages were made; the booklet's
round pages and 逐轮成绩表 cells.  Hand-worked from the event's rounds (the
seeded simulation is deterministic): round 3 board 1 is 2 李明轩 红胜 11
郑雨桐, round 6 board 2 (changed by hand) 14 马骁勇 和 23 冯静怡, round 7
board 4 22 韩振东 红胜(弃权) 20 谢春晖."""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path

import pytest

from tests.conftest import special_swiss
from tests.test_publish import page

pytestmark = pytest.mark.slow  # the event is paired in process (about 2 s), then published in three languages

#: 2026-12-04 15:02 UTC
EPOCH = 1796396520


@pytest.fixture(scope="module")
def event():
    return special_swiss()


@pytest.fixture(scope="module")
def site(event, tmp_path_factory) -> Path:
    from xlxq.operations.publish import publish_event

    out = tmp_path_factory.mktemp("special") / "site"
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    try:
        publish_event(event, out, "all")
    finally:
        mp.undo()
    return out


def game_rows(site: Path, name: str) -> dict[int, str]:
    """Round → the text of its row in a player's table of games."""
    text = (site / name).read_text(encoding="utf-8")
    body = text.split('<table class="games">', 1)[1].split("</table>", 1)[0]
    out = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body.split("<tbody>", 1)[1], flags=re.S):
        cells = [
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        out[int(cells[0])] = " | ".join(cells[1:])
    return out


def test_the_event_has_every_special_case(event) -> None:
    from xlxq.core.model import absent_players, late_entries

    r = {x.round: x for x in event.rounds}
    assert absent_players(event, r[3]) == [5] and r[3].byes == [17]
    assert late_entries(event, r[4]) == [31] and r[4].byes == [6]
    assert event.player(7).withdrawn_from_round == 5 and all(7 not in x.players() for x in event.rounds[4:])
    b = r[7].boards[3]
    assert (b.red, b.black, b.result) == (22, 20, "red_win_forfeit")


def test_round_pages_list_the_special_cases(site) -> None:
    r3 = page(site, "round-3.html").text
    assert "轮空: 17 高翔宇" in r3 and "请假：5 黄立新" in r3
    r4 = page(site, "round-4.html").text
    assert "迟到入场：31 迟到者" in r4 and "请假" not in r4
    r6 = page(site, "round-6.html").text
    assert "退赛：7 郭宏伟 第5轮起退赛" in r6 and "人工调整（原编排：14-4，18-23）" in r6
    r7 = page(site, "round-7.html").text
    assert "弃权：第4台" in r7 and "红胜(弃权)" in r7
    assert "退赛" not in page(site, "round-4.html").text  # 7 withdraws from round 5
    # each language
    assert "Absent: 5 黄立新" in page(site, "en/round-3.html").text
    assert "Late entry: 31 迟到者" in page(site, "en/round-4.html").text
    assert "Withdrawn: 7 郭宏伟 withdrawn from round 5" in page(site, "en/round-5.html").text
    assert "Forfeits: board 4" in page(site, "en/round-7.html").text
    assert "請假：5 黄立新" in page(site, "zh-Hant/round-3.html").text
    assert "遲到入場：31" in page(site, "zh-Hant/round-4.html").text


def test_a_players_page_has_a_row_for_every_round_and_his_own_result(site) -> None:
    absent = game_rows(site, "player-5.html")
    assert sorted(absent) == list(range(1, 10)) and absent[3] == " |  | 请假"
    gone = game_rows(site, "player-7.html")
    assert [gone[n] for n in range(5, 10)] == [" |  | 第5轮起退赛"] * 5 and "第5轮起退赛" in page(
        site, "player-7.html"
    ).text
    late = game_rows(site, "player-31.html")
    assert [late[n] for n in (1, 2, 3)] == [" |  | 未入场（迟到入场之前，不计分）"] * 3
    assert late[4].split(" | ")[-2] == "负 迟到入场"
    bye = game_rows(site, "player-17.html")
    assert bye[3] == " |  | 轮空 |  | 轮空 | 2"
    # his own result, not the board's (红胜)
    assert game_rows(site, "player-2.html")[3].split(" | ")[-2] == "胜"
    assert game_rows(site, "player-11.html")[3].split(" | ")[-2] == "负"
    assert game_rows(site, "player-14.html")[6].split(" | ")[-2] == "和"
    assert "人工调整（原编排：14-4，18-23）" in game_rows(site, "player-14.html")[6]  # his board was changed by hand
    assert "人工调整" not in " ".join(game_rows(site, "player-14.html")[n] for n in (5, 7))
    assert game_rows(site, "player-22.html")[7].split(" | ")[-2] == "弃权胜"
    assert game_rows(site, "player-20.html")[7].split(" | ")[-2] == "弃权负"
    assert game_rows(site, "en/player-20.html")[7].split(" | ")[-2] == "loss by forfeit"
    assert game_rows(site, "en/player-5.html")[3] == " |  | absent"
    assert game_rows(site, "zh-Hant/player-7.html")[5] == " |  | 第5輪起退賽"
    for name in ("player-2.html", "player-11.html"):
        assert "红胜" not in page(site, name).text.split("对局", 1)[1]


def test_standings_say_how_they_rank(site) -> None:
    text = page(site, "standings-9.html").text
    assert "名次按：积分、对手分、胜局、犯规、后走局数、比较前一轮成绩" in text
    head = re.search(r"<thead>(.*?)</thead>", (site / "standings-9.html").read_text(encoding="utf-8"), re.S)[1]
    heads = [html.unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    assert heads == ["名次", "姓名", "单位", "积分", "对手分", "胜局", "犯规", "后走局数"]  # no 累进分, 后走胜局
    assert "7 郭宏伟 退赛" in text and "退赛：7 郭宏伟 第5轮起退赛" in text
    assert "退赛" not in page(site, "standings-3.html").text  # 7 still plays round 4
    assert "退赛：7 郭宏伟 第5轮起退赛" in page(site, "standings-4.html").text  # not paired after round 4
    assert "累进分" not in page(site, "player-5.html").text  # the player's summary: the same columns
    en = page(site, "en/standings-9.html").text
    assert (
        "Ranked by: score, opponents' score, wins, fouls, games with black, earlier rounds compared" in en
        and "Club" in en
    )
    assert "名次按：積分、對手分" in page(site, "zh-Hant/standings-9.html").text


def test_cross_table_by_rank(site, event) -> None:
    from xlxq.presentation.report import standings_data

    rows = standings_data(event, None, "zh")["standings"]
    text = (site / "results.html").read_text(encoding="utf-8")
    body = text.split("<tbody>", 1)[1]
    order = [int(n) for n in re.findall(r'<td class="n">[^<]*</td><td>(\d+) <a', body)]
    assert order == [r["no"] for r in rows] and len(order) == 31
    row5 = re.search(r'<td>5 <a href="player-5.html">.*?</tr>', body, re.S)[0]
    cells = [html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td class=\"[a-z_]+\">(.*?)</td>", row5)]
    assert cells[2] == "请假" and cells[0] == "6红胜"  # round 1: 5 red against 6, won
    row31 = re.search(r'<td>31 <a href="player-31.html">.*?</tr>', body, re.S)[0]
    assert row31.count(">未入场<") == 3
    row22 = re.search(r'<td>22 <a href="player-22.html">.*?</tr>', body, re.S)[0]
    assert "20红胜(弃权)" in row22
    assert 'href="results.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_every_page_says_when_it_was_made(site, event, tmp_path, monkeypatch) -> None:
    from xlxq.operations.publish import publish_event

    stamp = datetime.datetime.fromtimestamp(EPOCH, tz=datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    assert stamp == "2026-12-04 15:02"
    for f in site.rglob("*.html"):
        text = f.read_text(encoding="utf-8")
        assert ("更新于 " + stamp in text) or ("Updated " + stamp in text) or ("更新於 " + stamp in text), f
    # a later publish of the same event differs only in that line
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(EPOCH + 3600))
    later = tmp_path / "later"
    publish_event(event, later, "all")
    for f in site.rglob("*.html"):
        a = f.read_text(encoding="utf-8")
        b = (later / f.relative_to(site)).read_text(encoding="utf-8")
        assert a != b and a.replace(stamp, "2026-12-04 16:02") == b, f


def test_the_booklet_shows_the_special_cases(event, tmp_path) -> None:
    import openpyxl

    from xlxq.core.document import Paragraph
    from xlxq.operations.booklet import booklet_document, write_booklet

    doc = booklet_document(event, "zh")
    by = {s.title: s for s in doc.sections}

    def lines(title: str) -> list[str]:
        return [b.text for b in by[title].blocks if isinstance(b, Paragraph)]

    assert lines("第3轮") == ["轮空：17 高翔宇", "请假：5 黄立新"]
    assert lines("第4轮") == ["轮空：6 刘建国", "迟到入场：31 迟到者"]
    assert lines("第7轮") == ["退赛：7 郭宏伟（第5轮起）", "弃权：第4台"]
    table = next(t for s in doc.sections for t in s.tables() if t.title == "逐轮成绩表")
    row = {r[1]: r[3:] for r in table.rows}
    assert row["5"][2] == "请假 4" and row["7"][4:] == ("退赛 3",) * 5 and row["31"][:3] == ("—",) * 3
    assert row["22"][6].startswith("20红胜(弃权)")
    assert table.note.endswith("；轮空、请假、退赛 = 该轮未对局；— = 迟到入场之前")
    out = tmp_path / "成绩册.xlsx"
    write_booklet(doc, out, pdf=False)
    wb = openpyxl.load_workbook(out)
    values = [c.value for ws in wb.worksheets for r in ws.iter_rows() for c in r if c.value]
    assert "请假：5 黄立新" in values and "请假 4" in values and "退赛：7 郭宏伟（第5轮起）" in values
    en = booklet_document(event, "en")
    assert any(isinstance(b, Paragraph) and b.text == "Absent: 5 黄立新" for s in en.sections for b in s.blocks)
