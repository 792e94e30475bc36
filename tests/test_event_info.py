"""The event's paper facts (:class:`xlxq.core.model.EventInfo`: 比赛日期,
比赛地点, 主办单位, 裁判长, 编排长): read from the 设置 rows and the JSON
``event`` keys, written back only where filled in, kept through convert."""

from __future__ import annotations

import openpyxl
import pytest

from tests.cli_support import ROOT, assert_bad_input, load, run, save
from tests.conftest import template_workbook
from xlxq.core.model import INFO_FIELDS, EventInfo

REG = ROOT / "samples" / "registration.csv"
TEAMS = ROOT / "samples" / "teams.csv"
INFO = {
    "date": "2026年12月1日—3日",
    "venue": "杭州棋院",
    "organizer": "浙江省象棋协会",
    "chief_arbiter": "王裁判",
    "pairing_officer": "李编排",
    "site_url": "https://example.org/杭州赛",
}
LABELS = {
    "date": "比赛日期",
    "venue": "比赛地点",
    "organizer": "主办单位",
    "chief_arbiter": "裁判长",
    "pairing_officer": "编排长",
    "site_url": "网站地址",
}


def test_info_fields_are_the_model_fields():
    assert set(INFO_FIELDS) == set(EventInfo.__dataclass_fields__) == set(INFO) == set(LABELS)


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_json_info_round_trips_and_blank_is_not_written(tmp_path, team):
    f = tmp_path / "e.json"
    run("new", f, *(["--teams", TEAMS, "--boards", "4"] if team else ["--players", REG]), check_rc=0)
    d = load(f)
    assert not set(INFO) & set(d["event"])  # nothing filled in: no key written
    d["event"].update({k: v for k, v in INFO.items() if k != "venue"})
    save(f, d)
    run("pair", f, check_rc=0)
    after = load(f)["event"]
    assert {k: after.get(k) for k in INFO} == {**INFO, "venue": None}
    keys = list(after)
    assert keys[keys.index("name") + 1] == "date"  # documented order: after the name


def test_json_info_must_be_text(tmp_path):
    f = tmp_path / "e.json"
    run("new", f, "--players", REG, check_rc=0)
    d = load(f)
    d["event"]["chief_arbiter"] = 3
    save(f, d)
    before = f.read_bytes()
    assert_bad_input(run("pair", f), "event.chief_arbiter（裁判长）")
    assert f.read_bytes() == before


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_workbook_rows_read_and_convert_to_json(tmp_path, lang):
    x = tmp_path / "e.xlsx"
    if lang == "zh":
        template_workbook(x, [f"选手{i}" for i in range(1, 9)], settings={LABELS[k]: v for k, v in INFO.items()})
    else:
        en = {
            "date": "Date",
            "venue": "Venue",
            "organizer": "Organizer",
            "chief_arbiter": "Chief arbiter",
            "site_url": "Website",
        }
        template_workbook(x, [f"P{i}" for i in range(1, 9)], lang="en", settings={en[k]: INFO[k] for k in en})
    run("pair", x, check_rc=0)
    run("convert", x, tmp_path / "e.json", check_rc=0)
    got = load(tmp_path / "e.json")["event"]
    want = INFO if lang == "zh" else {k: v for k, v in INFO.items() if k != "pairing_officer"}
    assert {k: got[k] for k in INFO if k in got} == want


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_json_to_workbook_shows_the_info_in_settings(tmp_path, team):
    f = tmp_path / "e.json"
    run("new", f, *(["--teams", TEAMS, "--boards", "4"] if team else ["--players", REG]), check_rc=0)
    d = load(f)
    d["event"].update(INFO)
    save(f, d)
    x = tmp_path / "e.xlsx"
    run("convert", f, x, check_rc=0)
    ws = openpyxl.load_workbook(x)["设置"]
    shown = {ws.cell(row=r, column=1).value: ws.cell(row=r, column=2).value for r in range(1, ws.max_row + 1)}
    assert {k: shown[LABELS[k]] for k in INFO} == INFO
    run("convert", x, tmp_path / "back.json", check_rc=0)
    assert load(tmp_path / "back.json") == load(f)


@pytest.mark.parametrize("url", ["javascript:alert(1)", "www.example.org", "https://exa mple.org", "ftp://example.org"])
def test_site_url_must_be_a_web_address(url):
    """网站地址 (JSON ``event.site_url``): http:// or https:// with a host, no
    spaces; else an error naming the key."""
    from xlxq.backends.json_file import event_from_dict
    from xlxq.errors import InputError

    d = {
        "format": "xlxq/1",
        "event": {"name": "e", "site_url": url},
        "players": [{"no": 1, "name": "甲"}, {"no": 2, "name": "乙"}],
    }
    with pytest.raises(InputError) as exc:
        event_from_dict(d)
    assert "event.site_url（网站地址）" in exc.value.message("zh")
    assert "http:// 或 https://" in exc.value.message("zh")
    d["event"]["site_url"] = "https://example.org/杭州赛"
    assert event_from_dict(d).settings.info.site_url == "https://example.org/杭州赛"


@pytest.mark.slow
def test_site_url_refused_at_its_cell_and_key(tmp_path):
    """A bad 网站地址: exit 2 naming the JSON key, or the 设置 cell; nothing written."""
    url = "javascript:alert(1)"
    f = tmp_path / "e.json"
    run("new", f, "--players", REG, check_rc=0)
    d = load(f)
    d["event"]["site_url"] = url
    save(f, d)
    before = f.read_bytes()
    assert_bad_input(run("pair", f), "event.site_url（网站地址）")
    assert f.read_bytes() == before
    x = tmp_path / "e.xlsx"
    template_workbook(x, [f"选手{i}" for i in range(1, 9)], settings={"网站地址": url})
    before = x.read_bytes()
    p = run("pair", x)
    assert_bad_input(p, "“设置”表第")
    ws = openpyxl.load_workbook(x)["设置"]
    cell = next(c.offset(column=1).coordinate for row in ws.iter_rows() for c in row if c.value == "网站地址")
    assert f"（{cell}）：网站地址应是以 http:// 或 https:// 开头的网址" in p.err
    assert x.read_bytes() == before


@pytest.mark.slow
def test_publish_takes_the_site_url_as_its_address(tmp_path):
    """``publish`` without --url uses 网站地址: the QR code on notice.html."""
    f = tmp_path / "e.json"
    run("new", f, "--players", REG, check_rc=0)
    d = load(f)
    d["event"]["site_url"] = "https://example.org/e"
    save(f, d)
    run("pair", f, check_rc=0)
    p = run("publish", f, tmp_path / "site", check_rc=0)
    assert "https://example.org/e" in p.out
    notice = (tmp_path / "site" / "notice.html").read_text(encoding="utf-8")
    assert "<svg" in notice and "https://example.org/e" in notice
