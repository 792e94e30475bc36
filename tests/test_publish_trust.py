"""Issue 21, files: ``xlxq publish`` never deletes or overwrites a file it
did not write (the event file, its backups, an arbiter's own files, a page
changed since), replaces its own files (its manifest), writes through a
symbolic link without replacing it; ``--url`` is an http(s) address that
fits a QR code; every text a user typed is isolated in the pages (a name
holding U+202E reverses only itself)."""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE, played_swiss, tree


@pytest.fixture(scope="module")
def event_file(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("ev")
    ev = d / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", "5", check_rc=0)
    run("simulate", ev, "--seed", "3", "--rounds", "2", check_rc=0)
    return ev


def _copy_event(event_file: Path, folder: Path, name: str = "ev.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    ev = folder / name
    ev.write_bytes(event_file.read_bytes())
    return ev


def refused(tmp_path: Path, *args, needles=(), lang="zh"):
    before = tree(tmp_path)
    p = run("publish", *args, lang=lang)
    assert_bad_input(p, *needles, lang=lang)
    assert tree(tmp_path) == before  # nothing written, nothing deleted
    return p.err


@pytest.mark.slow
def test_the_event_file_and_its_backups_are_never_deleted(tmp_path, event_file):
    """The issue's case: the event file (with its backups) kept inside the
    site folder, published into that folder; and the arbiter's working
    folder itself as the site folder."""
    site = tmp_path / "site"
    run("publish", event_file, site, check_rc=0)
    ev = _copy_event(event_file, site)
    run("simulate", ev, "--seed", "4", "--rounds", "1", check_rc=0)  # a save: .xlxq-backups/ in site/
    assert (site / ".xlxq-backups").is_dir()
    err = refused(tmp_path, ev, site, needles=(f"网页文件夹 {site}", "赛事文件 ev.json", ".xlxq-backups"))
    assert "ev-网页" in err  # where to publish instead
    refused(tmp_path, ev, site, needles=("the event file ev.json",), lang="en")
    # the folder the arbiter works in
    work = tmp_path / "work"
    ev2 = _copy_event(event_file, work)
    refused(tmp_path, ev2, work, needles=("赛事文件 ev.json",))
    p = run("publish", ev2.name, ".", cwd=work)
    assert_bad_input(p, "赛事文件 ev.json")
    # the event file deeper inside; the backups of another event
    deep = tmp_path / "deep"
    ev3 = _copy_event(event_file, deep / "data")
    refused(tmp_path, ev3, deep, needles=("赛事文件 data/ev.json",))
    other = tmp_path / "other"
    (other / ".xlxq-backups" / "x.json").mkdir(parents=True)
    refused(tmp_path, event_file, other, needles=(".xlxq-backups",))
    assert (site / "ev.json").read_bytes() == ev.read_bytes()


@pytest.mark.slow
def test_only_its_own_files_are_replaced(tmp_path, event_file):
    site = tmp_path / "site"
    run("publish", event_file, site, "--lang", "both", check_rc=0)
    manifest = json.loads((site / ".xlxq-site").read_text(encoding="utf-8"))["files"]
    assert "en/index.html" in manifest and "index.html" in manifest and "assets/style.css" in manifest
    run("publish", event_file, site, check_rc=0)  # its own folder: works, the English pages (its own) go
    assert not (site / "en").exists() and (site / "index.html").exists()
    mine = tree(site)
    for make, name in (
        (lambda: (site / "notes.txt").write_text("the arbiter's"), "notes.txt"),
        (lambda: (site / "assets" / "logo.png").write_bytes(b"\x89PNG"), "assets/logo.png"),
        (lambda: (site / "photos").mkdir(), "photos/"),
        (lambda: (site / "player-999.html").write_text("by hand"), "player-999.html"),
        (lambda: (site / "link.html").symlink_to(event_file), "link.html"),
        (lambda: (site / ".git" / "objects").mkdir(parents=True), ".git/"),
        (lambda: (site / "index.html").write_text("<p>edited</p>"), "index.html（发布后被改动过）"),
    ):
        state = tree(site)
        make()
        err = refused(tmp_path, event_file, site, needles=(f"网页文件夹 {site}", name, "未做任何修改"))
        assert "不删除也不覆盖" in err
        # put back as it was
        for p in sorted(site.rglob("*"), key=lambda q: -len(q.parts)):
            rel = p.relative_to(site).as_posix()
            if rel not in state and rel + "/" not in state:
                p.unlink() if p.is_symlink() or p.is_file() else p.rmdir()
        for rel, data in state.items():
            if not rel.endswith("/") and not data.startswith(b"->"):
                (site / rel).write_bytes(data)
        assert tree(site) == mine
    run("publish", event_file, site, check_rc=0)
    # many foreign files: the first few named, the count given
    for k in range(8):
        (site / f"mine-{k}.txt").write_text("x")
    refused(tmp_path, event_file, site, needles=("mine-0.txt", "等8个"))
    refused(tmp_path, event_file, site, needles=("and 3 more",), lang="en")


@pytest.mark.slow
def test_a_site_of_an_earlier_xlxq_is_replaced_by_its_names(tmp_path, event_file):
    """A folder published before the manifest (its marker says "xlxq
    publish", no list): the files of a site's names are its own."""
    site = tmp_path / "site"
    run("publish", event_file, site, "--lang", "both", check_rc=0)
    for rel in ("event.json", "audit.html", "en/audit.html"):  # files an earlier xlxq did not write
        (site / rel).unlink()
    (site / ".xlxq-site").write_text("xlxq publish\n", encoding="utf-8")
    (site / "player-99.html").write_text("an old page")  # a site's name: its own
    run("publish", event_file, site, check_rc=0)
    assert not (site / "player-99.html").exists() and not (site / "en").exists()
    (site / ".xlxq-site").write_text("xlxq publish\n", encoding="utf-8")
    (site / "readme.txt").write_text("mine")
    refused(tmp_path, event_file, site, needles=("readme.txt",))


@pytest.mark.slow
def test_a_linked_folder_is_written_where_it_points(tmp_path, event_file):
    target = tmp_path / "www" / "event"
    target.mkdir(parents=True)
    link = tmp_path / "site"
    link.symlink_to(target)
    run("publish", event_file, link, check_rc=0)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert (target / "index.html").exists() and "名次" in (target / "index.html").read_text(encoding="utf-8")
    run("publish", event_file, link, "--lang", "en", check_rc=0)  # the target updated, the link kept
    assert link.is_symlink() and "Standings" in (target / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in (tmp_path / "www").iterdir()) == ["event"]  # no temporary folder left
    (target / "mine.txt").write_text("x")
    refused(tmp_path, event_file, link, needles=(str(link), "mine.txt"))
    # a link to a folder not made yet: made there, the link stays
    dangling = tmp_path / "later"
    dangling.symlink_to(tmp_path / "www" / "later" / "site")
    run("publish", event_file, dangling, check_rc=0)
    assert dangling.is_symlink() and (tmp_path / "www" / "later" / "site" / "index.html").exists()
    # a loop of links: refused, nothing made
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    refused(tmp_path, event_file, tmp_path / "loop1", needles=("loop1",))


BAD_URLS = (
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/site/",
    "example.com/site/",
    "//example.com/site/",
    "http://",
    "https:///path",
    "https://example.com/a b",
    "https://example.com/\u001b[2J",
    "https://[::1/",
    "https://example.com/" + "x" * 5000,
)


@pytest.mark.slow
@pytest.mark.parametrize("url", BAD_URLS, ids=[u[:24] for u in BAD_URLS])
def test_a_bad_url_is_refused(tmp_path, event_file, url):
    site = tmp_path / "site"
    err = refused(tmp_path, event_file, site, "--url", url, needles=("--url",))
    assert ("太长" in err) == (len(url) > 1000)
    assert not site.exists()


@pytest.mark.slow
def test_good_urls_make_the_qr_code(tmp_path, event_file):
    for url in ("http://192.168.1.5:8000/", "https://例子.中国/赛事/", "HTTPS://EXAMPLE.COM/x?a=1&b=2#top"):
        site = tmp_path / "site"
        p = run("publish", event_file, site, "--url", url, check_rc=0)
        assert url in p.out and "<svg" in (site / "notice.html").read_text(encoding="utf-8")


class Isolation(HTMLParser):
    """Where a marker text appears: inside a ``<bdi>`` (or an element with
    ``dir="auto"``), or in the title between U+2068 and U+2069."""

    def __init__(self, marker: str) -> None:
        super().__init__()
        self.marker = marker
        self.stack: list[tuple[str, bool]] = []
        self.bare: list[str] = []
        self.found = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "meta", "link", "input", "img"):
            return
        self.stack.append((tag, tag == "bdi" or dict(attrs).get("dir") == "auto"))

    def handle_endtag(self, tag):
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data):
        if self.marker not in data:
            return
        self.found += data.count(self.marker)
        if any(iso for _, iso in self.stack):
            return
        if self.stack and self.stack[-1][0] == "title":
            inner = data.split(" · ")
            if all(self.marker not in x or (x.startswith("\u2068") and x.endswith("\u2069")) for x in inner):
                return
        self.bare.append(data)


def test_every_user_text_is_isolated(tmp_path):
    """A name, a unit, the event's name holding U+202E (RIGHT-TO-LEFT
    OVERRIDE): on every page each stays inside its own <bdi> (the title:
    between U+2068 and U+2069), so it cannot reverse the row around it."""
    from dataclasses import replace

    from xlxq.operations.publish import publish_event

    evil = "\u202eEVIL"
    event = played_swiss(rounds=2, players=8)
    players = [replace(p, name=p.name + evil, unit=(p.unit or "u") + evil) for p in event.players]
    event = replace(event, players=players, settings=replace(event.settings, name="赛事" + evil))
    site = tmp_path / "site"
    publish_event(event, site, "both", url="https://example.com/EVIL")
    total = 0
    for f in sorted(site.rglob("*.html")):
        check = Isolation("EVIL")
        check.feed(f.read_text(encoding="utf-8"))
        assert check.bare == [], (f.name, check.bare[:3])
        total += check.found
    assert total > 300  # names, units and the event's name on every page
    app = (site / "assets" / "app.js").read_text(encoding="utf-8")
    assert 'createElement("bdi")' in app and "a.textContent =" not in app  # the search hits too


def test_refusals_in_process(tmp_path):
    """The fast check (the CLI cases above are slow): a foreign file, the
    event file inside, bad addresses; nothing written."""
    from xlxq.errors import InputError
    from xlxq.operations.publish import publish_event

    event = played_swiss(rounds=1, players=6)
    site = tmp_path / "site"
    publish_event(event, site, "zh")
    publish_event(event, site, "en")
    before = tree(tmp_path)
    (site / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="notes.txt"):
        publish_event(event, site, "zh")
    assert (site / "notes.txt").read_text() == "mine"
    (site / "notes.txt").unlink()
    ev = site / "e.json"
    ev.write_text("{}")
    with pytest.raises(InputError, match="赛事文件 e.json"):
        publish_event(event, site, "zh", sources=[ev])
    ev.unlink()
    for url in ("javascript:alert(1)", "data:,x", "https://x/" + "y" * 5000):
        with pytest.raises(InputError, match="--url"):
            publish_event(event, tmp_path / "new", "zh", url=url)
    assert tree(tmp_path) == before and not (tmp_path / "new").exists()


def test_the_button_refuses_a_folder_with_other_files(tmp_path):
    """发布网页: its folder beside the workbook (``NAME-网页``) is replaced
    only while it holds the pages the button wrote."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.errors import InputError
    from xlxq.operations.publish import publish_book, site_folder

    assert run("demo", tmp_path).returncode == 0
    book = tmp_path / "xlxq-demo.xlsx"
    st = publish_book(OpenpyxlBook(book), book, "zh")
    folder = site_folder(book, "zh")
    assert st.ok and (folder / "index.html").exists()
    assert publish_book(OpenpyxlBook(book), book, "zh").ok  # its own folder again
    (folder / "照片.jpg").write_bytes(b"\xff\xd8")
    before = tree(tmp_path)
    with pytest.raises(InputError, match="照片.jpg"):
        publish_book(OpenpyxlBook(book), book, "zh")
    assert tree(tmp_path) == before


def test_a_crafted_manifest_names_nothing_outside(tmp_path):
    """A manifest edited to list ``../victim.txt`` (or an absolute path):
    not a list publish trusts; nothing outside the folder is touched."""
    from xlxq.operations.publish import publish_event

    event = played_swiss(rounds=1, players=6)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    for listed in ("../victim.txt", str(victim), "a/../../victim.txt", "..\\victim.txt"):
        site = tmp_path / "site"
        site.mkdir()
        body = {"xlxq": "publish", "files": {listed: "0" * 64}}
        (site / ".xlxq-site").write_text(json.dumps(body), encoding="utf-8")
        publish_event(event, site, "zh")
        publish_event(event, site, "zh")
        assert victim.read_text() == "keep me" and (site / "index.html").exists()
        manifest = json.loads((site / ".xlxq-site").read_text(encoding="utf-8"))["files"]
        assert listed not in manifest
        import shutil

        shutil.rmtree(site)
