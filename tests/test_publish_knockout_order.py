"""How a knockout's places are decided, stated on the site (issue 25 §1):
the places page of a knockout and the final order of 积分晋圈淘汰 open
with the rule :func:`xlxq.core.knockout.knockout_ranking` and
:func:`xlxq.core.combined.combined_ranking` apply (docs/knockout.md §4,
§5), in 简体, English and 繁體.  Hand-worked: five players, the better
seed wins every game: 4 beats 5, 1 beats 4, 2 beats 3, 1 beats 2; places 1,
2, 3–4 (2's and 1's victims of the semi-finals), 5."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.conftest import played_swiss
from tests.test_knockout import ko_event, run
from tests.test_publish import page
from xlxq.core.model import BLACK_WIN, RED_WIN
from xlxq.systems import pair_round


def higher_wins(rnd) -> None:
    for b in rnd.boards:
        b.result = RED_WIN if b.red < b.black else BLACK_WIN


def places(site: Path, name: str) -> list[str]:
    body = (site / name).read_text(encoding="utf-8").split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", r)).split()) for r in re.findall(r"<tr>(.*?)</tr>", body)]


def test_a_knockout_says_how_places_are_decided(tmp_path) -> None:
    from xlxq.operations.publish import publish_event

    ev = run(ko_event(5), decide=higher_wins)
    site = tmp_path / "site"
    publish_event(ev, site, "all")
    last = max(int(n) for n in re.findall(r"standings-(\d+)\.html", " ".join(p.name for p in site.iterdir())))
    name = f"standings-{last}.html"
    text = page(site, name).text
    assert "名次按淘汰轮次：冠军第1名，亚军第2名，同一轮被淘汰者名次并列（如3–4名、5–8名" in text
    assert "不设三四名决赛" in text and "名次按：" not in text
    assert [r.split(" ")[0] for r in places(site, name)] == ["1", "2", "3–4", "3–4", "5"]
    assert "Places by the round of elimination: the champion 1st, the runner-up 2nd" in page(site, "en/" + name).text
    assert "名次按淘汰輪次：冠軍第1名，亞軍第2名" in page(site, "zh-Hant/" + name).text


def test_the_final_order_of_a_qualifying_swiss_says_how(tmp_path) -> None:
    from xlxq.core.combined import build_knockout
    from xlxq.operations.publish import publish_event

    swiss = played_swiss(rounds=3, players=8)
    ko = build_knockout(swiss, 4)
    r1 = pair_round(ko).round
    higher_wins(r1)
    r1.boards[1].result = None
    site = tmp_path / "running"
    publish_event(swiss, site, "zh", knockout=ko.with_round(r1))  # not finished: the knockout's places so far
    text = page(site, "final.html").text
    assert "淘汰赛尚未结束" in text and "名次按淘汰轮次：冠军第1名" in text
    assert [r.split(" ")[0] for r in places(site, "final.html")][:2] == ["4", "—"]  # 8th seed out in round 1
    ko = run(ko, decide=higher_wins)
    site = tmp_path / "done"
    publish_event(swiss, site, "all", knockout=ko)
    text = page(site, "final.html").text
    assert "名次按：晋级淘汰赛者按淘汰赛名次（同一轮被淘汰者并列，按积分赛名次列出），其余按积分赛名次" in text
    assert [r.split(" ")[0] for r in places(site, "final.html")] == ["1", "2", "3", "3", "5", "6", "7", "8"]
    assert "Ranked by: the qualifiers by their knockout place" in page(site, "en/final.html").text
    assert "名次按：晉級淘汰賽者按淘汰賽名次" in page(site, "zh-Hant/final.html").text
