"""The site shows the audit (issue 26 §3): each round page carries its
编排记录 and the verdict of ``xlxq audit`` on the round (与定位编排一致 /
人工调整 with the changed boards / 与定位编排不一致; a round robin's 秩序表, a
knockout's 对阵图), the site includes the event file (a copy of the JSON
file, a workbook's JSON export), and the page 如何复核 says how to re-run
the audit on it.  A team event is marked by the audit of its matches.
The browser test is in tests/test_publish_browser.py."""

from __future__ import annotations

import json
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import SAMPLE, played_swiss
from tests.test_audit import _stripped, swapped
from xlxq.backends.json_file import load_any
from xlxq.backends.registration import read_registration
from xlxq.core.model import Event, EventSettings
from xlxq.operations.audit import audit_file
from xlxq.operations.publish import publish_event
from xlxq.operations.simulate import simulate_file
from xlxq.operations.source import save


class Sections(HTMLParser):
    """The text of a page's ``section.audit`` (and its class) and of its
    ``section.record``."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.audit_class = ""
        self.text: dict[str, str] = {"audit": "", "record": "", "main": ""}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "section" and "audit" in cls:
            self.audit_class = " ".join(cls)
            self.stack.append("audit")
        elif tag == "section" and "record" in cls:
            self.stack.append("record")
        elif tag == "main":
            self.stack.append("main")
        elif tag in ("section", "main"):
            self.stack.append("")

    def handle_endtag(self, tag):
        if tag in ("section", "main") and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        for key in set(self.stack) - {""}:
            self.text[key] += data


def sections(path: Path) -> Sections:
    p = Sections()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def hand_event() -> Event:
    """12 players, 3 rounds paired by xlxq; round 3 changed by hand: the
    blacks of boards 2 and 3 exchanged, board 5's colours reversed (the
    file keeps the engine's pairing: 人工调整)."""
    ev = played_swiss(rounds=3, seed=3, players=12)
    ev.rounds[2] = swapped(ev.rounds[2], 2, 3, 5)
    return ev


def test_round_pages_carry_the_mark_and_the_record(tmp_path) -> None:
    ev = hand_event()
    src = tmp_path / "赛事.json"
    save(ev, str(src))
    site = tmp_path / "site"
    publish_event(ev, site, "both", sources=[src])
    for n in (1, 2):
        p = sections(site / f"round-{n}.html")
        assert p.audit_class == "audit same"
        assert p.text["audit"].split("·")[0].strip() == "与定位编排一致"
        assert p.text["record"].startswith(f"\n编排记录\n\n第{n}轮编排记录（测试赛）")
    p = sections(site / "round-3.html")
    assert p.audit_class == "audit hand"
    assert "人工调整 （第2、3、5台）" in p.text["audit"]
    assert "第2台 5-3（红-黑）：人工调整的对阵，引擎编排为 5-7，12-3" in p.text["audit"]
    assert "第5台 10-1（红-黑）：人工调整，先后手与引擎编排相反（引擎：1 执红）" in p.text["audit"]
    assert "第3轮编排记录（测试赛）" in p.text["record"] and "实际对阵（经人工调整" in p.text["record"]
    en = sections(site / "en" / "round-3.html")
    assert "Adjusted by hand (boards 2, 3, 5)" in en.text["audit"]
    assert "Matches the 定位编排 method" in sections(site / "en" / "round-1.html").text["audit"]
    assert "Round 3 record (测试赛)" in en.text["record"]
    # the event file: a copy of the JSON file, in the manifest; audited it gives the pages' verdicts
    assert (site / "event.json").read_bytes() == src.read_bytes()
    assert "event.json" in json.loads((site / ".xlxq-site").read_text(encoding="utf-8"))["files"]
    out = audit_file(load_any(site / "event.json"), as_json=True)
    assert out.code == 1
    assert [r["status"] for r in out.data("zh")["rounds"]] == ["same", "same", "hand"]
    how = sections(site / "audit.html").text["main"]
    for want in (
        "如何复核",
        "python3 -m pip install xlxq",
        "xlxq audit event.json",
        "XLXQ_LANG=en xlxq audit event.json",
        "退出码",
        "第3轮: 人工调整 （第2、3、5台）",
    ):
        assert want in how, want
    assert "xlxq audit event.json" in sections(site / "en" / "audit.html").text["main"]
    # a second publish replaces the event file (the manifest's)
    ev2 = replace(ev, settings=replace(ev.settings, name="改名赛"))
    save(ev2, str(src))
    publish_event(ev2, site, "zh", sources=[src])
    assert load_any(site / "event.json").settings.name == "改名赛" and not (site / "en").exists()


def test_a_round_that_differs_names_where_it_parts(tmp_path) -> None:
    """A file without the engine's pairing (another program's): the changed
    round is 与定位编排不一致, with the step of the record where it parts."""
    ev = _stripped(hand_event())
    site = tmp_path / "site"
    publish_event(ev, site, "zh")
    p = sections(site / "round-3.html")
    assert p.audit_class == "audit differs"
    assert p.text["audit"].startswith("\n与定位编排不一致 （第2、3、5台）")
    assert "分歧始于编排记录：方法(" in p.text["audit"]
    assert sections(site / "round-2.html").audit_class == "audit same"
    # no source given: the event as ``xlxq convert`` writes it
    assert [r.round for r in load_any(site / "event.json").rounds] == [1, 2, 3]


def test_the_systems_own_words(tmp_path) -> None:
    """Round robin: 与秩序表一致; knockout: 与对阵图一致."""
    for system, words in (("round_robin", "与秩序表一致"), ("knockout", "与对阵图一致")):
        ev = Event(EventSettings(name="t", rounds=3, system=system), read_registration(SAMPLE)[:8])
        ev = simulate_file(ev, "u.json", 1, None).event
        site = tmp_path / system
        publish_event(ev, site, "zh")
        p = sections(site / "round-1.html")
        assert p.audit_class == "audit same" and p.text["audit"].split("·")[0].strip() == words, system
        assert p.text["record"].strip().startswith("编排记录"), system


def test_a_team_event_is_marked_by_its_matches(tmp_path) -> None:
    """A team Swiss: its round pages are marked by the audit of its matches
    (与定位编排一致); its last round changed by hand (match 3's order
    reversed: the other team goes first) is 人工调整（第3场） with the match's
    line; the 如何复核 page lists every round; the record
    and the event file are there."""
    from tests.test_audit_teams import played, reversed_match

    ev = played("swiss", 7, 4)
    r4 = ev.rounds[3]
    ms = list(r4.matches)
    ms[2] = reversed_match(ms[2])
    new = replace(r4, matches=ms)
    new.engine = r4.engine
    ev.rounds[3] = new
    site = tmp_path / "site"
    publish_event(ev, site, "zh")
    p = sections(site / "round-1.html")
    assert p.audit_class == "audit same" and p.text["audit"].split("·")[0].strip() == "与定位编排一致"
    assert "第1轮" in p.text["record"]
    p4 = sections(site / "round-4.html")
    assert p4.audit_class == "audit hand"
    assert "人工调整" in p4.text["audit"] and "（第3场）" in p4.text["audit"]
    assert "第3场" in p4.text["audit"]
    how = sections(site / "audit.html").text["main"]
    assert "尚无可复核的轮次" not in how and how.count("与定位编排一致") == 3
    assert len(load_any(site / "event.json").rounds) == 4


@pytest.mark.slow
def test_a_workbook_site_includes_its_json_export(tmp_path) -> None:
    """The button 发布网页 on a workbook: the site's event.json is the
    workbook's JSON export (the engine's pairing it keeps in _xlxq
    included: round 3 is 人工调整 there too); with 设置 网站地址 the button's
    message names the QR code's address."""
    from dataclasses import replace

    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.core.model import EventInfo
    from xlxq.operations.convert import write_workbook
    from xlxq.operations.publish import publish_book, site_folder

    ev = hand_event()
    ev = replace(ev, settings=replace(ev.settings, info=EventInfo(site_url="https://example.org/e")))
    wb = write_workbook(ev, tmp_path / "赛事.xlsx", "zh")
    st = publish_book(OpenpyxlBook(wb), wb, "zh")
    site = site_folder(wb, "zh")
    assert "https://example.org/e" in st.message_zh
    got = load_any(site / "event.json")
    assert got.settings.info.site_url == "https://example.org/e" and len(got.rounds) == 3
    assert [r["status"] for r in audit_file(got, as_json=True).data("en")["rounds"]] == ["same", "same", "hand"]
    assert sections(site / "round-3.html").audit_class == "audit hand"
    assert "<svg" in (site / "notice.html").read_text(encoding="utf-8")
