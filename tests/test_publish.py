"""``xlxq publish FILE OUTDIR``: the static site of an event (every format,
JSON and workbook), its numbers the CLI's, written atomically, no external
request.  The browser checks are in tests/test_publish_browser.py."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE, SAMPLE_TEAMS, played_swiss
from xlxq.errors import InputError


class Page(HTMLParser):
    """The text, links and sources of a page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.refs: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src", "action", "srcset") and v:
                self.refs.append(v)

    def handle_data(self, data):
        self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


def page(site: Path, name: str) -> Page:
    return Page((site / name).read_text(encoding="utf-8"))


def events(tmp: Path) -> dict[str, Path]:
    """A finished Swiss, round robin, knockout and team Swiss, and a
    积分晋圈淘汰 (key "qualify": the Swiss file; its knockout file is
    :func:`ko_file` of it)."""
    eight = tmp / "eight.csv"
    eight.write_text("\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[:9]) + "\n", encoding="utf-8")
    out = {}
    for key, new in (
        ("swiss", ["--players", SAMPLE, "--rounds", "5"]),
        ("rr", ["--players", eight, "--system", "round_robin"]),
        ("ko", ["--players", eight, "--system", "knockout"]),
        ("team", ["--teams", SAMPLE_TEAMS, "--boards", "4", "--rounds", "4"]),
    ):
        ev = tmp / f"{key}.json"
        run("new", ev, *new, check_rc=0)
        if key == "rr":
            run("schedule", ev, check_rc=0)
        run("simulate", ev, "--seed", "7", check_rc=0)
        out[key] = ev
    swiss = tmp / "qualify.json"
    swiss.write_bytes(out["swiss"].read_bytes())
    run("qualify", swiss, ko_file(swiss), "--top", "4", "--on-tie", "number", check_rc=0)
    run("simulate", ko_file(swiss), "--seed", "7", check_rc=0)
    out["qualify"] = swiss
    return out


def ko_file(swiss: Path) -> Path:
    """The knockout file of the 积分晋圈淘汰 Swiss ``swiss``."""
    return swiss.with_name(swiss.stem + "-ko.json")


def publish_all(tmp: Path, *flags: str) -> dict[str, tuple[Path, Path]]:
    """Every event of :func:`events` published with ``flags`` (the
    积分晋圈淘汰 with its knockout file, ``--with``): key → (event, site)."""
    out = {}
    for key, ev in events(tmp).items():
        site = tmp / f"site-{key}"
        more = ["--with", ko_file(ev)] if key == "qualify" else []
        p = run("publish", ev, site, *flags, *more, check_rc=0)
        assert str(site) in p.out
        out[key] = (ev, site)
    return out


def test_site_in_process(tmp_path) -> None:
    """The fast check (the rest of this file is marked slow): every page of
    a small Swiss, each round's boards, the folder replaced whole."""
    from xlxq.operations.publish import publish_event

    event = played_swiss(rounds=2, players=10)
    site = tmp_path / "site"
    out = publish_event(event, site, "zh")
    assert out.lines("en") == [
        f"web pages written to {site} (18 pages; open index.html)",
        "for a QR code on the pairing notice (notice.html): add --url ADDRESS (where the pages will be online)",
    ]
    names = sorted(p.name for p in site.iterdir())
    assert names == sorted(
        [
            ".xlxq-site",
            "assets",
            "index.html",
            "notice.html",
            "results.html",
            "search-index.js",
            "audit.html",
            "event.json",
        ]
        + [f"{k}-{n}.html" for k in ("round", "standings") for n in (1, 2)]
        + [f"player-{p.no}.html" for p in event.players]
    )
    for rnd in event.rounds:
        text = page(site, f"round-{rnd.round}.html").text
        assert all(event.player(n).name in text for b in rnd.boards for n in (b.red, b.black))
    (site / "stale.html").write_text("old")  # a file publish did not write: refused, kept
    with pytest.raises(InputError, match="stale.html"):
        publish_event(event, site, "en")
    assert (site / "stale.html").read_text() == "old" and "名次" in page(site, "index.html").text
    (site / "stale.html").unlink()
    publish_event(event, site, "en")  # its own files replaced
    assert "Standings" in page(site, "index.html").text


def test_names_are_escaped(tmp_path) -> None:
    """A name is text on every page, never markup (Jinja2's autoescape); the
    search index is a script file of JSON, not inline in a page."""
    from dataclasses import replace

    from xlxq.operations.publish import publish_event

    event = played_swiss(rounds=1, players=6)
    bad = '<b onclick="x">&\'</script>'
    event = replace(event, players=[replace(p, name=bad if p.no == 1 else p.name) for p in event.players])
    site = tmp_path / "site"
    publish_event(event, site, "zh")
    for f in site.glob("*.html"):
        html = f.read_text(encoding="utf-8")
        assert "<b onclick" not in html and "</script>'" not in html, f.name
    assert "&lt;b onclick=&#34;x&#34;&gt;&amp;&#39;&lt;/script&gt;" in (site / "player-1.html").read_text(
        encoding="utf-8"
    )
    index = (site / "search-index.js").read_text(encoding="utf-8")
    assert index.startswith("window.XLXQ_INDEX = ") and bad in json.loads(index[20:-2])[0]


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    return publish_all(tmp_path_factory.mktemp("publish"), "--url", "https://example.org/event", "--rating")


@pytest.mark.slow
def test_every_board_and_player_is_on_the_pages(published) -> None:
    for key, (ev, site) in published.items():
        data = json.loads(ev.read_text(encoding="utf-8"))
        names = {p["no"]: p["name"] for p in data["players"]}
        index = page(site, "index.html").text
        for no, name in names.items():
            assert name in index, (key, name)
            assert name in page(site, f"player-{no}.html").text
        for r in data["rounds"]:
            text = page(site, f"round-{r['round']}.html").text
            boards = [b for m in r["matches"] for b in m["boards"]] if key == "team" else r["boards"]
            assert boards
            for b in boards:
                assert names[b["red"]] in text and names[b["black"]] in text, (key, r["round"], b)


@pytest.mark.slow
def test_standings_pages_show_the_cli_numbers(published) -> None:
    from xlxq.core.standings import resolve_tiebreaks
    from xlxq.operations.source import load

    ev, site = published["swiss"]
    rounds = len(json.loads(ev.read_text(encoding="utf-8"))["rounds"])
    for n in range(1, rounds + 1):
        table = json.loads(run("standings", ev, "--json", "--round", n, check_rc=0).out)
        html = (site / f"standings-{n}.html").read_text(encoding="utf-8")
        rows = re.findall(r"<tr><td class=\"n\">(\d+)</td><td>(\d+) <a href=\"player-\d+.html\">", html)
        assert [(int(a), int(b)) for a, b in rows] == [(r["rank"], r["no"]) for r in table["standings"]]
        for r in table["standings"]:
            cells = re.search(
                rf"<td>{r['no']} <a href=\"player-{r['no']}.html\"><bdi>[^<]*</bdi></a>"
                rf"<small class=\"unit-under\">(?:<bdi>[^<]*</bdi>)?</small></td>(.*?)</tr>",
                html,
            )
            assert cells is not None
            values = re.findall(r"<td class=\"n\">([^<]*)</td>", cells.group(1))
            # the columns of the preset's criteria, in its order (issue 25: not 累进分, 后走胜局)
            keys = [k for k in resolve_tiebreaks(load(str(ev)).settings.tiebreaks) if k in r["tiebreaks"]]
            assert keys == ["opp_score", "wins", "fouls", "black_games"]
            assert values == [str(r["score"])] + [str(r["tiebreaks"][k]) for k in keys]


@pytest.mark.slow
def test_cross_table_bracket_and_team_pages(published) -> None:
    ev, site = published["rr"]
    cross = json.loads(run("crosstable", ev, "--json", check_rc=0).out)
    text = page(site, "cross.html").text
    for a in cross["players"]:
        assert f"player-{a}.html" in (site / "cross.html").read_text(encoding="utf-8")
    assert "×" in text
    ko_ev, ko = published["ko"]
    places = json.loads(run("standings", ko_ev, "--json", check_rc=0).out)
    champion = next(r["name"] for r in places["standings"] if r["place"] == 1)
    assert champion in page(ko, "bracket.html").text
    tm_ev, tm = published["team"]
    teams = json.loads(tm_ev.read_text(encoding="utf-8"))["teams"]
    boards = json.loads(run("standings", tm_ev, "--boards", "--json", check_rc=0).out)
    text = page(tm, "boards.html").text
    for rows in boards["boards"].values():
        for r in rows:
            assert r["name"] in text
    for t in teams:
        assert t["name"] in page(tm, f"team-{t['no']}.html").text


@pytest.mark.slow
def test_the_knockout_stage_of_a_qualifying_swiss(tmp_path, published) -> None:
    """积分晋圈淘汰: the Swiss's pages and the knockout stage's: its rounds
    (every board), the bracket, the final order of ``xlxq standings KO
    --with SWISS``, each qualifier's page with his knockout games; the
    编排记录公告 of the last knockout round."""
    ev, site = published["qualify"]
    ko = json.loads(ko_file(ev).read_text(encoding="utf-8"))
    swiss = json.loads(ev.read_text(encoding="utf-8"))
    names = {p["no"]: p["name"] for p in swiss["players"]}
    for r in swiss["rounds"]:
        assert (site / f"round-{r['round']}.html").exists()
    for r in ko["rounds"]:
        pg = page(site, f"ko-round-{r['round']}.html")
        assert f"淘汰赛第{r['round']}轮" in pg.text
        for b in r["boards"]:
            assert names[b["red"]] in pg.text and names[b["black"]] in pg.text
    final = json.loads(run("standings", ko_file(ev), "--with", ev, "--json", check_rc=0).out)["standings"]
    html = (site / "final.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td class=\"n\">(\d+)</td><td>(\d+) <a href=\"player-\d+.html\">", html)
    assert [(int(a), int(b)) for a, b in rows] == [(r["rank"], r["no"]) for r in final]
    champion = next(r for r in final if r["rank"] == 1)
    assert champion["name"] in page(site, "bracket.html").text
    assert "ko-round-1.html" in page(site, "bracket.html").refs
    for p in ko["players"]:
        played = [(r["round"], b) for r in ko["rounds"] for b in r["boards"] if p["no"] in (b["red"], b["black"])]
        html = (site / f"player-{p['no']}.html").read_text(encoding="utf-8")
        assert html.count('<tr class="ko">') == len(played) > 0
        for rnd, _ in played:
            assert f'href="ko-round-{rnd}.html"' in html
        assert "最终名次" in page(site, f"player-{p['no']}.html").text
    assert '<tr class="ko">' not in (site / f"player-{final[-1]['no']}.html").read_text(encoding="utf-8")
    last = ko["rounds"][-1]
    assert f"淘汰赛第{last['round']}轮编排记录公告" in page(site, "notice.html").text
    index = page(site, "index.html")
    assert {"bracket.html", "final.html", f"ko-round-{last['round']}.html"} <= set(index.refs)
    # either file first; a workbook or two Swiss files are refused (exit 2, nothing written)
    other = tmp_path / "other"
    run("publish", ko_file(ev), other, "--with", ev, "--url", "https://example.org/event", "--rating", check_rc=0)
    stamp = re.compile(r"更新于 \d{4}-\d\d-\d\d \d\d:\d\d")  # the time made: the one line that may differ
    same = [stamp.sub("", (d / "final.html").read_text(encoding="utf-8")) for d in (other, site)]
    assert same[0] == same[1] and stamp.search(same[0]) is None
    assert_bad_input(run("publish", ev, tmp_path / "bad", "--with", ev), "--with")
    assert_bad_input(run("publish", ev, tmp_path / "bad", "--with", tmp_path / "x.xlsx"), "--with")
    assert not (tmp_path / "bad").exists()


@pytest.mark.slow
def test_the_knockout_stage_inside_a_workbook(tmp_path) -> None:
    """A workbook's 积分晋圈淘汰 (晋级名单, 淘汰赛第N轮 sheets): the command and
    the button 发布网页 (:func:`publish_book`) publish its knockout stage;
    qualified but not begun: the bracket only; finished: the final order
    of the 最终名次 sheet."""
    import openpyxl

    from tests.conftest import enter_results
    from tests.test_workbook_support import book
    from xlxq.operations.publish import publish_book, site_folder

    wb = tmp_path / "open.xlsx"
    run("new", wb, "--players", SAMPLE, "--rounds", "3", check_rc=0)
    run("simulate", wb, "--seed", "3", check_rc=0)
    run("qualify", wb, "--top", "4", "--on-tie", "number", check_rc=0)
    run("publish", wb, tmp_path / "begun", check_rc=0)
    begun = tmp_path / "begun"
    assert (begun / "bracket.html").exists() and not (begun / "final.html").exists()
    assert not list(begun.glob("ko-round-*.html"))
    for _ in range(2):  # semi-finals and final, red wins
        run("pair", wb, check_rc=0)
        enter_results(wb, "红胜")
    run("standings", wb, check_rc=0)
    before = wb.read_bytes()
    status = publish_book(book(wb), wb, "zh")
    assert status.ok and wb.read_bytes() == before
    site = site_folder(wb, "zh")
    assert sorted(p.name for p in site.glob("ko-round-*.html")) == ["ko-round-1.html", "ko-round-2.html"]
    sheet = openpyxl.load_workbook(wb)["最终名次"]
    final = [(r[0], r[1]) for r in sheet.iter_rows(min_row=3, values_only=True) if isinstance(r[0], int)]
    html = (site / "final.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr><td class=\"n\">(\d+)</td><td>(\d+) <a href=\"player-\d+.html\">", html)
    assert [(int(a), int(b)) for a, b in rows] == final and len(final) == 24
    champion = final[0][1]
    assert html.count('class="ko"') == 0
    assert (site / f"player-{champion}.html").read_text(encoding="utf-8").count('<tr class="ko">') == 2
    assert_bad_input(run("publish", wb, tmp_path / "x", "--with", tmp_path / "k.json"), "--with")


@pytest.mark.slow
def test_no_request_leaves_the_folder(published) -> None:
    for _, site in published.values():
        for f in site.rglob("*.html"):
            pg = page(site, str(f.relative_to(site)))
            for ref in pg.refs:
                assert not re.match(r"^[a-z]+:|^//", ref), (f, ref)  # relative only
                target = (f.parent / ref.split("#")[0]).resolve()
                assert target.exists() and site.resolve() in target.parents, (f, ref)
        for f in list(site.rglob("*.css")) + list(site.rglob("*.js")):
            text = f.read_text(encoding="utf-8")
            assert "http" not in text and "@import" not in text and "url(" not in text, f


@pytest.mark.slow
def test_qr_code_and_notice(published) -> None:
    _, site = published["swiss"]
    for name in ("index.html", "notice.html"):
        html = (site / name).read_text(encoding="utf-8")
        assert html.count("<svg") == 1 and "https://example.org/event" in html
    notice = page(site, "notice.html").text
    assert "按序号查台次" in notice and "第5轮编排记录公告" in notice  # the posted notice of the last round
    assert "扫码查看全部对阵与成绩" in notice
    assert "notice.html" in page(site, "index.html").refs
    run_site = site.parent / "no-url"
    p = run("publish", published["swiss"][0], run_site, check_rc=0)
    assert "加 --url 网页地址" in p.out  # the message says how to have the QR code
    p = run("publish", published["swiss"][0], run_site, "--url", "https://example.org/e2", lang="en", check_rc=0)
    assert "QR code (on the index and the notice.html pairing notice) points to https://example.org/e2" in p.out
    run("publish", published["swiss"][0], run_site, check_rc=0)
    assert "<svg" not in (run_site / "index.html").read_text(encoding="utf-8")
    assert not (run_site / "rating.html").exists()
    assert "非官方" in page(site, "rating.html").text


@pytest.mark.slow
def test_languages(tmp_path, published) -> None:
    ev = published["swiss"][0]
    en = tmp_path / "en"
    run("publish", ev, en, lang="en", check_rc=0)
    assert "Standings after round" in page(en, "standings-5.html").text
    both = tmp_path / "both"
    run("publish", ev, both, "--lang", "both", check_rc=0)
    assert "名次" in page(both, "standings-5.html").text
    assert "Standings" in page(both, "en/standings-5.html").text
    assert "en/player-3.html" in page(both, "player-3.html").refs
    assert "../player-3.html" in page(both, "en/player-3.html").refs


@pytest.mark.slow
def test_atomic_and_safe_folder(tmp_path, published) -> None:
    ev = published["swiss"][0]
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("the arbiter's own file")
    assert_bad_input(run("publish", ev, mine), "mine")
    assert (mine / "notes.txt").read_text() == "the arbiter's own file" and len(list(mine.iterdir())) == 1
    site = tmp_path / "site"
    run("publish", ev, site, check_rc=0)
    (site / "player-999.html").write_text("old")  # a file publish did not write: refused, kept
    assert_bad_input(run("publish", ev, site), "player-999.html")
    assert (site / "player-999.html").read_text() == "old"
    (site / "player-999.html").unlink()
    run("publish", ev, site, check_rc=0)  # a site of ours: its files replaced
    assert (site / "index.html").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary folder left
    assert_bad_input(run("publish", tmp_path / "missing.json", tmp_path / "x"))
    assert not (tmp_path / "x").exists()


@pytest.mark.slow
def test_a_failed_render_leaves_the_old_site(tmp_path, published, monkeypatch) -> None:
    from xlxq.operations.event_read import read_event
    from xlxq.operations.publish import publish_event

    ev = read_event(str(published["swiss"][0]))
    site = tmp_path / "site"
    publish_event(ev, site, "zh")
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}

    def broken(path, text, *a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", broken)
    with pytest.raises(InputError) as err:  # the folder the user gave is named, not the temporary one
        publish_event(ev, site, "zh")
    monkeypatch.undo()
    assert err.value.zh == f"无法写入网页文件夹 {site}：No space left on device（请另选一个可写的文件夹）"
    assert ".new" not in err.value.en and str(site) in err.value.en
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


@pytest.mark.slow
def test_an_unwritable_outdir_is_named(tmp_path, published) -> None:
    """OUTDIR that cannot be written (under a file; on a read-only
    filesystem; in a folder without write permission): exit 2, the message
    names OUTDIR as given (not the temporary folder beside it), nothing written."""
    ev = published["swiss"][0]
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    cases = [blocker / "site"]
    if Path("/proc/self").exists():
        cases.append(Path("/proc/xlxq-site"))  # procfs: no folder can be made there, not even by root
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    if not os.access(ro, os.W_OK):  # not root
        cases.append(ro / "site")
    for out in cases:
        p = run("publish", ev, out)
        assert_bad_input(p, f"无法写入网页文件夹 {out}：")
        assert ".new" not in p.err and not out.exists()
        en = run("publish", ev, out, lang="en")
        assert_bad_input(en, f"cannot write the web folder {out}: ", lang="en")
    ro.chmod(0o755)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "ro"] and list(ro.iterdir()) == []
    assert blocker.read_text() == "not a folder"


@pytest.mark.slow
def test_workbooks_are_read_not_written(tmp_path) -> None:
    for teams in (False, True):
        folder = tmp_path / ("team" if teams else "ind")
        run("demo", folder, *(["--teams"] if teams else []), check_rc=0)
        book = next(folder.glob("*.xlsx"))
        before = book.read_bytes()
        site = folder / "site"
        run("publish", book, site, check_rc=0)
        assert book.read_bytes() == before
        assert (site / "round-1.html").exists()
        assert (site / "team-1.html").exists() == teams
        run("rating", book, check_rc=0)
        assert book.read_bytes() == before


@pytest.mark.slow
def test_the_button_publishes_beside_the_workbook(tmp_path, monkeypatch, remote_engine_env) -> None:
    """发布网页 through xlwings' remote engine (the book's full name there is
    its file name: the folder lands in the working folder)."""
    import xlxq.excel as E
    from tests import xlremote as H

    run("demo", tmp_path, check_rc=0)
    book = next(tmp_path.glob("*.xlsx"))
    before = book.read_bytes()
    monkeypatch.chdir(tmp_path)
    r = H.run_workbook_function(book, E.publish_site, dst=tmp_path / "after.xlsx")
    assert r.result.ok, r.result.message_zh
    site = tmp_path / f"{book.stem}-网页"
    assert (site / "index.html").exists() and (site / "round-1.html").exists()
    assert [a["title"] for a in r.alerts] == ["xlxq · 发布网页"] and str(site.name) in r.alerts[0]["prompt"]
    assert [a["func"] for a in r.actions] == ["alert"]  # nothing written into the workbook
    assert book.read_bytes() == before
    monkeypatch.setenv("XLXQ_LANG", "en")
    r = H.run_workbook_function(book, E.publish_site, dst=tmp_path / "after.xlsx")
    assert r.result.ok and (tmp_path / f"{book.stem}-web" / "index.html").exists()
    assert "Pairings" in (tmp_path / f"{book.stem}-web" / "index.html").read_text(encoding="utf-8")
