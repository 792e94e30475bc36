"""The published site in a real headless browser (Debian's chromium driven by
Playwright; skipped when either is missing): at phone (390 px) and desktop
(1280 px) widths no page overflows sideways, every board and player is in
the DOM (the knockout stage of 积分晋圈淘汰 too: its rounds, and its games on
the qualifiers' pages), the search box finds a player, and no request
leaves the folder.
The screenshots are kept in the test's folder (look at them:
``pytest --basetemp=DIR``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.test_publish import ko_file, publish_all

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
playwright = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is not installed (apt-get install chromium)"),
]
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    tmp = tmp_path_factory.mktemp("browser")
    return publish_all(tmp, "--lang", "both", "--rating", "--url", "https://example.org/e")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def open_page(browser, width: str):
    w, h = WIDTHS[width]
    ctx = browser.new_context(viewport={"width": w, "height": h})
    requests: list[str] = []
    ctx.on("request", lambda req: requests.append(req.url))
    ctx.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://") else route.abort())
    return ctx, ctx.new_page(), requests


def test_no_overflow_every_board_and_player_no_request(sites, browser) -> None:
    for width in WIDTHS:
        for key, (ev, site) in sites.items():
            data = json.loads(ev.read_text(encoding="utf-8"))
            ko = json.loads(ko_file(ev).read_text(encoding="utf-8")) if key == "qualify" else None
            ctx, pg, requests = open_page(browser, width)
            root = site.resolve()
            pages = sorted(p for p in root.rglob("*.html") if not p.name.startswith("player-"))
            pages += sorted(root.glob("player-*.html"))[:3]
            if ko is not None:
                pages += [root / f"player-{p['no']}.html" for p in ko["players"]]
                assert {"bracket.html", "final.html"} <= {p.name for p in pages}
            for f in pages:
                pg.goto(f.as_uri())
                sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                assert sw <= cw, (key, width, f.name, sw, cw)
                if f.parent == root and f.name.startswith("round-"):
                    n = int(f.stem.split("-")[1])
                    rnd = next(r for r in data["rounds"] if r["round"] == n)
                    boards = [b for m in rnd["matches"] for b in m["boards"]] if key == "team" else rnd["boards"]
                    assert pg.locator("tr.board").count() == len(boards)
                    for b in boards:
                        for no in (b["red"], b["black"]):
                            assert pg.locator(f'main a[href="player-{no}.html"]').count() >= 1, (key, n, no)
                if ko is not None and f.parent == root and f.name.startswith("ko-round-"):
                    rnd = next(r for r in ko["rounds"] if r["round"] == int(f.stem.split("-")[2]))
                    assert pg.locator("tr.board").count() == len(rnd["boards"]) > 0
                    for b in rnd["boards"]:
                        for no in (b["red"], b["black"]):
                            assert pg.locator(f'main a[href="player-{no}.html"]').count() >= 1, (key, f.name, no)
                if ko is not None and f.parent == root and f.name.startswith("player-"):
                    no = int(f.stem.split("-")[1])
                    played = [b for r in ko["rounds"] for b in r["boards"] if no in (b["red"], b["black"])]
                    assert pg.locator("tr.ko").count() == len(played), (width, f.name)
                if ko is not None and f.parent == root and f.name in ("final.html", "bracket.html"):
                    for p in ko["players"]:
                        assert pg.locator(f'main a[href="player-{p["no"]}.html"]').count() >= 1, (f.name, p)
            pg.goto((root / "index.html").as_uri())
            text = pg.inner_text("main")
            for p in data["players"]:
                assert p["name"] in text
            if width == "phone" and key in ("swiss", "team", "qualify"):
                pg.screenshot(path=str(site.parent / f"{key}-round-phone.png"))
            outside = [u for u in requests if not u.startswith(root.as_uri())]
            assert outside == [], (key, width, outside)
            ctx.close()


def test_search_box_finds_a_player(sites, browser) -> None:
    ev, site = sites["swiss"]
    player = json.loads(ev.read_text(encoding="utf-8"))["players"][6]
    for width in WIDTHS:
        ctx, pg, _ = open_page(browser, width)
        pg.goto((site / "round-1.html").resolve().as_uri())
        pg.fill("#q", player["name"][-2:])
        hit = pg.locator("#hits a").first
        assert player["name"] in hit.inner_text()
        hit.click()
        pg.wait_for_load_state()
        assert pg.url.endswith(f"player-{player['no']}.html")
        assert player["name"] in pg.inner_text("h1")
        pg.fill("#q", "没有这个人")
        assert pg.locator("#hits li").count() == 0
        # the English pages have their own index and switch back
        pg.goto((site / "en" / "index.html").resolve().as_uri())
        pg.fill("#q", str(player["no"]))
        assert pg.locator("#hits a").count() >= 1
        pg.click("a.lang")
        assert pg.url.endswith(f"{site.name}/index.html")
        ctx.close()


#: where the special-case event's screenshots go (stable: the closing note quotes them)
SHOTS = Path(__file__).resolve().parent.parent / "build" / "site-screenshots"


@pytest.fixture(scope="module")
def special_site(tmp_path_factory) -> Path:
    from tests.conftest import special_swiss
    from xlxq.operations.publish import publish_event

    out = tmp_path_factory.mktemp("special") / "site"
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", "1796396520")  # 2026-12-04 15:02 UTC
    try:
        publish_event(special_swiss(), out, "all")
    finally:
        mp.undo()
    return out


def test_special_cases_on_a_phone_and_a_desktop(special_site, browser) -> None:
    """The 31-player Swiss with every special case (tests/conftest.py
    special_swiss) at 390 px and 1280 px: the labels are on the pages as a
    reader sees them (visible text), the standings' deciding column
    (后走局数, the last) is in view on the phone without scrolling, 名次 and
    姓名 stay in view when the cross table by rank is scrolled sideways; the
    screenshots are written to build/site-screenshots/ and their paths
    printed."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    root = special_site.resolve()
    expect = {
        "round-3.html": ["轮空: 17 高翔宇", "请假：5 黄立新"],
        "round-4.html": ["迟到入场：31 迟到者"],
        "round-6.html": ["退赛：7 郭宏伟 第5轮起退赛", "人工调整（原编排：14-4，18-23）"],
        "round-7.html": ["弃权：第4台"],
        "player-5.html": ["请假", "更新于 2026-12-04 15:02"],
        "player-7.html": ["第5轮起退赛"],
        "player-31.html": ["未入场（迟到入场之前，不计分）", "迟到入场"],
        "player-22.html": ["弃权胜"],
        "standings-9.html": ["名次按：积分、对手分、胜局、犯规、后走局数、比较前一轮成绩", "退赛：7 郭宏伟"],
        "results.html": ["成绩表（按名次）", "请假", "未入场", "20红胜(弃权)"],
        "en/round-3.html": ["Absent: 5 黄立新"],
        "en/standings-9.html": ["Ranked by: score, opponents' score"],
        "zh-Hant/round-4.html": ["遲到入場：31 迟到者"],
    }
    shots = []
    for width in WIDTHS:
        ctx, pg, requests = open_page(browser, width)
        for name, labels in expect.items():
            pg.goto((root / name).as_uri())
            text = pg.inner_text("body")
            for label in labels:
                assert label in " ".join(text.split()), (width, name, label)
            sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert sw <= cw, (width, name, sw, cw)
            if "/" not in name:
                path = SHOTS / f"{width}-{name.replace('.html', '')}.png"
                pg.screenshot(path=str(path), full_page=True)
                shots.append(path)
        pg.goto((root / "standings-9.html").as_uri())
        heads = pg.locator("table.standings thead th")
        last = heads.last.bounding_box()
        assert heads.last.inner_text() == "后走局数" and last is not None
        assert last["x"] + last["width"] <= WIDTHS[width][0], (width, last)  # the deciding column in view
        unit = pg.locator("table.standings th.unit")
        assert unit.is_visible() == (width == "desktop")  # the phone shows 单位 under the name
        assert pg.locator("table.standings td:nth-child(2) small.unit-under").first.is_visible() == (width == "phone")
        # the cross table by rank scrolled to its end: 名次 and 姓名 still in view
        pg.goto((root / "results.html").as_uri())
        pg.evaluate("document.querySelector('.scroll').scrollLeft = 10000")
        first = pg.locator("table.grid tbody tr").first
        for k in (1, 2):
            box = first.locator(f"td:nth-child({k})").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[width][0], (width, k, box)
        path = SHOTS / f"{width}-results-scrolled.png"
        pg.screenshot(path=str(path))
        shots.append(path)
        assert [u for u in requests if not u.startswith(root.as_uri())] == []
        ctx.close()
    print("\nscreenshots:\n" + "\n".join(str(p) for p in shots))


@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> Path:
    """The site of an event whose round 3 was changed by hand (人工调整:
    boards 2, 3 and 5), in 简体 and English (issue 26 §3)."""
    from tests.test_publish_audit import hand_event
    from xlxq.operations.publish import publish_event
    from xlxq.operations.source import save

    tmp = tmp_path_factory.mktemp("audited")
    src = tmp / "event-src.json"
    save(hand_event(), str(src))
    publish_event(hand_event(), tmp / "site", "both", sources=[src])
    return tmp / "site"


def test_audit_marks_record_and_how_to_check(audited, browser) -> None:
    """The marks on the round pages (与定位编排一致 on rounds 1–2, 人工调整
    第2、3、5台 on round 3, in English too), the round's 编排记录 shown, and
    the 如何复核 page with its command and the event file it names, at phone
    and desktop widths, nothing wider than the screen."""
    root = audited.resolve()
    for width in WIDTHS:
        ctx, pg, requests = open_page(browser, width)
        for n in (1, 2):
            pg.goto((root / f"round-{n}.html").as_uri())
            assert pg.locator("section.audit.same .mark strong").inner_text() == "与定位编排一致"
            assert pg.locator("section.record").is_visible()
            assert f"第{n}轮编排记录" in pg.locator("section.record").inner_text()
        pg.goto((root / "round-3.html").as_uri())
        mark = pg.locator("section.audit.hand")
        assert mark.locator(".mark strong").inner_text() == "人工调整"
        assert mark.locator(".mark-boards").inner_text() == "（第2、3、5台）"
        assert mark.locator(".audit-lines li").count() == 3
        assert "第3轮编排记录" in pg.locator("section.record").inner_text()
        assert pg.locator("section.record").is_visible() and mark.is_visible()
        sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert sw <= cw, (width, sw, cw)
        pg.screenshot(path=str(audited.parent / f"round-3-audit-{width}.png"), full_page=True)
        pg.click("section.audit a[href='audit.html']")
        pg.wait_for_load_state()
        assert pg.url.endswith("/audit.html")
        assert pg.locator("h1").inner_text() == "如何复核"
        assert "xlxq audit event.json" in pg.locator("pre.cmd").nth(1).inner_text()
        href = pg.locator(".event-files a").first.get_attribute("href")
        assert href == "event.json" and (root / href).is_file()
        rounds = [pg.locator(f'.audit-rounds li[data-round="{n}"]').inner_text() for n in (1, 2, 3)]
        assert rounds == ["第1轮: 与定位编排一致", "第2轮: 与定位编排一致", "第3轮: 人工调整 （第2、3、5台）"]
        sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert sw <= cw, (width, "audit.html", sw, cw)
        pg.screenshot(path=str(audited.parent / f"how-to-check-{width}.png"), full_page=True)
        pg.goto((root / "en" / "round-3.html").as_uri())
        assert pg.locator("section.audit.hand .mark").inner_text().startswith("Adjusted by hand (boards 2, 3, 5)")
        pg.click("nav a[href='audit.html']")
        pg.wait_for_load_state()
        assert pg.locator("h1").inner_text() == "How to check"
        assert pg.locator(".event-files a").first.get_attribute("href") == "../event.json"
        assert [u for u in requests if not u.startswith(root.as_uri())] == []
        ctx.close()


@pytest.fixture(scope="module")
def team_site(tmp_path_factory) -> Path:
    from tests.conftest import special_team_swiss
    from xlxq.operations.publish import publish_event

    out = tmp_path_factory.mktemp("team-special") / "site"
    mp = pytest.MonkeyPatch()
    mp.setenv("SOURCE_DATE_EPOCH", "1796396520")  # 2026-12-04 15:02 UTC
    try:
        publish_event(special_team_swiss(), out, "all")
    finally:
        mp.undo()
    return out


def test_team_special_cases_on_a_phone_and_a_desktop(team_site, browser) -> None:
    """The hand-worked team Swiss (tests/conftest.py special_team_swiss: a
    bye, a withdrawal, a forfeited board and a match forfeited whole) at
    390 px and 1280 px: the labels are on the round, team and standings
    pages as a reader sees them, no page scrolls sideways, the team
    standings' last column (犯规) in view on the phone; screenshots in
    build/site-screenshots/ (team-*)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    root = team_site.resolve()
    expect = {
        "round-2.html": ["弃权：第2台", "轮空: 4队"],
        "round-3.html": ["弃权：2队全场弃权", "退赛：5队 第3轮起退赛"],
        "team-5.html": ["第3轮起退赛", "第1轮: 轮空", "对 1队 2:2 和"],
        "team-2.html": ["对 4队 0:4 弃权负", "对 1队 1:3 负"],
        "team-4.html": ["对 2队 4:0 弃权胜"],
        "standings-3.html": ["名次按：场分、团体对手分、局分、胜场、胜局、犯规、比较前一轮场分", "5队 退赛"],
        "en/round-3.html": ["Forfeit: 2队 forfeited the whole match", "5队 withdrawn from round 3"],
        "en/team-2.html": ["0:4 loss by forfeit"],
        "en/standings-3.html": ["Ranked by: match points, opponents' match points, game points"],
        "zh-Hant/team-5.html": ["第3輪起退賽"],
        "zh-Hant/standings-3.html": ["名次按：場分、團體對手分、局分"],
    }
    shots = []
    for width in WIDTHS:
        ctx, pg, requests = open_page(browser, width)
        for name, labels in expect.items():
            pg.goto((root / name).as_uri())
            text = " ".join(pg.inner_text("body").split())
            for label in labels:
                assert " ".join(label.split()) in text, (width, name, label, text)
            sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            assert sw <= cw, (width, name, sw, cw)
            if "/" not in name:
                path = SHOTS / f"{width}-team-{name.replace('.html', '')}.png"
                pg.screenshot(path=str(path), full_page=True)
                shots.append(path)
        pg.goto((root / "standings-3.html").as_uri())
        last = pg.locator("table.standings thead th").last
        box = last.bounding_box()
        assert last.inner_text() == "犯规" and box is not None
        assert box["x"] + box["width"] <= WIDTHS[width][0], (width, box)  # the last column in view
        assert [u for u in requests if not u.startswith(root.as_uri())] == []
        ctx.close()
    print("\nscreenshots:\n" + "\n".join(str(p) for p in shots))
