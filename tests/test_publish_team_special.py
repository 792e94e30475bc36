"""The special cases of a team event on the site (issue 25 §1), on the
hand-worked :func:`tests.conftest.special_team_swiss` (5 teams, 2 boards, 3
rounds: 5队 轮空 in round 1, 4队 in round 2; 5队's empty seat on board 2 of
round 2 (红胜(弃权)); 5队 退赛 from round 3; 2队 fields nobody in round 3,
全场弃权): the round pages list them under the matches, a team's page has a
row for every round with its own result of the match (胜/负/和, 轮空, 退赛),
the team standings say how they rank (the event's team tie-break list in
words, only its columns); in 简体, English and 繁體."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.conftest import special_team_swiss
from tests.test_publish import page

#: 2026-12-04 15:02 UTC
EPOCH = 1796396520


def publish(tmp: Path, event, lang: str = "all") -> Path:
    from xlxq.operations.publish import publish_event

    out = tmp / "site"
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
    try:
        publish_event(event, out, lang)
    finally:
        mp.undo()
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return publish(tmp_path_factory.mktemp("team-special"), special_team_swiss())


def heads(site: Path, name: str) -> list[str]:
    head = re.search(r"<thead>(.*?)</thead>", (site / name).read_text(encoding="utf-8"), re.S)[1]
    return [html.unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]


def team_rows(site: Path, name: str) -> dict[int, str]:
    """Round → the text of its entry on a team's page (a match's heading,
    a bye or a 退赛 line)."""
    text = (site / name).read_text(encoding="utf-8")
    out = {}
    for n, body in re.findall(r'data-round="(\d+)">(.*?)</(?:h3|p)>', text, re.S):
        out[int(n)] = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())
    return out


def test_round_pages_list_the_team_special_cases(site) -> None:
    r1 = page(site, "round-1.html").text
    assert "轮空: 5队" in r1 and "弃权" not in r1 and "退赛" not in r1
    r2 = page(site, "round-2.html").text
    assert "轮空: 4队" in r2 and "弃权：第2台" in r2 and "退赛" not in r2
    assert r2.index("第1场: 5队") < r2.index("弃权：第2台") < r2.index("第2场: 2队")  # under its match, match 1
    r3 = page(site, "round-3.html").text
    assert "弃权：2队全场弃权" in r3 and "退赛： 5队 第3轮起退赛" in r3 and "弃权：第" not in r3
    assert "轮空" not in r3
    en = page(site, "en/round-3.html").text
    assert "Forfeit: 2队 forfeited the whole match" in en and "Withdrawn:5队 withdrawn from round 3" in en.replace(
        ": ", ":"
    )
    assert "Forfeits: board 2" in page(site, "en/round-2.html").text
    hant = page(site, "zh-Hant/round-3.html").text
    assert "棄權：2队全場棄權" in hant and "退賽： 5队 第3輪起退賽" in hant


def test_a_teams_page_has_its_own_result_every_round(site) -> None:
    assert team_rows(site, "team-5.html") == {1: "第1轮 : 轮空", 2: "第2轮 对 1队 2:2 和", 3: "第3轮 : 第3轮起退赛"}
    assert '</h1>\n<p class="withdrawn">第3轮起退赛</p>' in (site / "team-5.html").read_text(encoding="utf-8")
    assert team_rows(site, "team-2.html") == {
        1: "第1轮 对 1队 1:3 负",
        2: "第2轮 对 3队 2:2 和",
        3: "第3轮 对 4队 0:4 弃权负",
    }
    assert team_rows(site, "team-1.html") == {
        1: "第1轮 对 2队 3:1 胜",
        2: "第2轮 对 5队 2:2 和",
        3: "第3轮 对 3队 3:1 胜",
    }
    assert (
        team_rows(site, "team-4.html")[2] == "第2轮 : 轮空"
        and team_rows(site, "team-4.html")[3] == "第3轮 对 2队 4:0 弃权胜"
    )
    assert team_rows(site, "en/team-2.html") == {
        1: "Round 1 v 1队 1:3 loss",
        2: "Round 2 v 3队 2:2 draw",
        3: "Round 3 v 4队 0:4 loss by forfeit",
    }
    assert team_rows(site, "en/team-5.html")[3] == "Round 3 : withdrawn from round 3"
    assert team_rows(site, "zh-Hant/team-5.html") == {
        1: "第1輪 : 輪空",
        2: "第2輪 對 1队 2:2 和",
        3: "第3輪 : 第3輪起退賽",
    }
    # a member's page: his own result (the board's 红胜 is on the round page)
    p4 = page(site, "player-4.html").text.split("对局", 1)[1]
    assert "负" in p4 and "胜" in p4 and "红胜" not in p4


def test_team_standings_say_how_they_rank(site) -> None:
    text = page(site, "standings-3.html").text
    assert "名次按：场分、团体对手分、局分、胜场、胜局、犯规、比较前一轮场分" in text
    assert heads(site, "standings-3.html") == ["名次", "队名", "场分", "团体对手分", "局分", "胜场", "胜局", "犯规"]
    body = (site / "standings-3.html").read_text(encoding="utf-8").split("<tbody>", 1)[1]
    order = re.findall(r'href="team-(\d+).html"', body.split("</tbody>", 1)[0])
    assert order == ["1", "4", "5", "3", "2"]  # 场分 5 5 3 2 1; 1队 over 4队 by 团体对手分 6 to 4 (by hand)
    assert "5队 退赛" in text and "退赛： 5队 第3轮起退赛" in text
    assert "退赛" in page(site, "standings-2.html").text  # not paired after round 2
    assert "退赛" not in page(site, "standings-1.html").text
    en = page(site, "en/standings-3.html").text
    assert (
        "Ranked by: match points, opponents' match points, game points, matches won, games won, fouls, "
        "earlier rounds' match points" in en
    )
    assert (
        "名次按：場分、團體對手分、局分、勝場、勝局、犯規、比較前一輪場分"
        in page(site, "zh-Hant/standings-3.html").text
    )


def test_team_standings_show_only_the_columns_of_the_list(tmp_path) -> None:
    site = publish(tmp_path, special_team_swiss(["场分", "局分", "胜场"]), "zh")
    assert "名次按：场分、局分、胜场" in page(site, "standings-3.html").text
    assert heads(site, "standings-3.html") == ["名次", "队名", "场分", "局分", "胜场"]
    assert "团体对手分" not in page(site, "team-1.html").text  # the team's summary: the same columns
    order = re.findall(
        r'href="team-(\d+).html"', (site / "standings-3.html").read_text(encoding="utf-8").split("<tbody>")[1]
    )
    assert order[:2] == ["4", "1"]  # 场分 5 each: 局分 10 to 8


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "zh",
            {
                1: ["轮空：5 5队"],
                2: ["轮空：4 4队", "第1场 弃权：第2台"],
                3: ["第2场 弃权：2队全场弃权", "退赛：5 5队（第3轮起）"],
            },
        ),
        (
            "en",
            {
                1: ["Bye: 5 5队"],
                2: ["Bye: 4 4队", "Match 1: Forfeits: board 2"],
                3: ["Match 2: Forfeit: 2队 forfeited the whole match", "Withdrawn: 5 5队 (from round 3)"],
            },
        ),
        (
            "zh-Hant",
            {
                1: ["輪空：5 5队"],
                2: ["輪空：4 4队", "第1場 棄權：第2臺"],
                3: ["第2場 棄權：2队全場棄權", "退賽：5 5队（第3輪起）"],
            },
        ),
    ],
)
def test_the_booklets_team_round_pages_list_the_special_cases(lang, expected) -> None:
    """The 成绩册's round pages of a team event say what the site's round
    pages say (issue 25 §1): the bye, each match's forfeited boards or the
    team that forfeited the whole match, the teams withdrawn."""
    from xlxq.core.document import Paragraph
    from xlxq.i18n import Text
    from xlxq.operations.booklet import booklet_document

    doc = booklet_document(special_team_swiss(), lang)
    rounds = doc.sections[-3:]  # the round pages close a team event's booklet
    assert [s.sheet for s in rounds] == [Text(lang)("booklet.round", rnd_round=n) for n in (1, 2, 3)]
    lines = {k: [b.text for b in s.blocks if isinstance(b, Paragraph)] for k, s in enumerate(rounds, 1)}
    assert lines == expected
