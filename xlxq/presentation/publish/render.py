"""The event web site rendered from :func:`xlxq.operations.publish.site_data`
with the Jinja2 templates of ``xlxq/presentation/publish/templates/`` (HTML escaped by
Jinja2's autoescape), the QR code by segno (an inline SVG), written into a
folder atomically.

The site is static and self-contained: one stylesheet and one script in
``assets/`` beside the pages, the search index as a script
(``search-index.js``, read without a request that a browser blocks on
``file://``), no external request.  Pages: ``index.html``, ``round-N.html``
(pairings and results), ``standings-N.html`` (after round N),
``cross.html`` (round robin), ``results.html`` (a Swiss's cross table by
rank: each player's opponent and result round by round), ``bracket.html`` (knockout; and the knockout
stage of 积分晋圈淘汰, with ``ko-round-N.html`` and ``final.html``: its rounds
and the final order), ``player-NO.html``,
``team-NO.html`` and ``boards.html`` (team events), ``rating.html``
(unofficial 等级分, when asked for), ``notice.html`` (the printable
编排记录公告 of the last round paired, with the QR code when a URL is given).

Every text a user typed (the event's name, players' names, units, team
names, the address) is isolated from the text around it (``<bdi>``, in the
page title U+2068…U+2069): a name holding U+202E (RIGHT-TO-LEFT OVERRIDE)
reverses itself, never the table row or the sentence it sits in.

Writing (:func:`write_site`): the folder holds xlxq's pages only.  Its
manifest :data:`MARKER` lists every file publish wrote there, with its
SHA-256; a second publish replaces those files and nothing else.  It is
refused (exit 2, nothing written, nothing deleted) when the folder holds
the event file or backups (``.xlxq-backups``), or any file publish did not
write there or that was changed since (named, the first few).  Every page
is written into a temporary folder beside the folder, then one rename puts
it in place (the old pages, known by the manifest, removed after): a
failure leaves the previous site as it was.  A folder given by a symbolic
link is written where the link points (the link stays a link).  A folder
of an earlier xlxq (marker without a list) counts the files of a site's
names as its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Iterable, Optional

import jinja2
import markupsafe
import segno

from xlxq.core.site_url import shown_url, site_url_error
from xlxq.errors import InputError
from xlxq.i18n import Text, lang_tag
from xlxq.i18n import Lazy, Msg, tr

__all__ = ["write_site", "MARKER", "render_pages", "qr_svg", "notice_of", "check_url"]

#: the manifest of a folder xlxq published: the files it wrote there
MARKER = ".xlxq-site"
#: the files of a site (the manifest of an earlier xlxq has no list: these are its own)
_SITE_NAME = re.compile(
    r"(?:(?:zh|en)/)?(?:(?:index|notice|cross|results|bracket|final|boards|rating|prizes"
    r"|(?:round|ko-round|standings|player|team)-\d+)\.html|search-index\.js)|assets/(?:style\.css|app\.js)"
)
#: at most so many foreign files are named in the message
_NAMED = 5
_TEMPLATES = Path(__file__).resolve().parent / "templates"
_ASSETS = ("style.css", "app.js")


def _bidi(text: object) -> markupsafe.Markup:
    """A text the user typed, isolated in the page (``<bdi>``, escaped)."""
    if text is None or text == "":
        return markupsafe.Markup("")
    return markupsafe.Markup("<bdi>%s</bdi>") % str(text)


def _isolate(text: object) -> str:
    """A text the user typed, isolated where no element can be (the page
    title): U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE."""
    return f"\u2068{text}\u2069" if text not in (None, "") else ""


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["bidi"] = _bidi
    env.filters["isolate"] = _isolate
    return env


def check_url(url: Optional[str]) -> None:
    """``--url``: an http:// or https:// address (what a phone opens from
    the QR code; ``javascript:``, ``data:``, ``file:`` … refused), without
    spaces or control characters (:func:`xlxq.core.site_url.site_url_error`,
    the 设置 网站地址's test), short enough for a QR code; else an error
    naming ``--url``."""
    if url is None:
        return
    if site_url_error(url) is not None:
        raise InputError(
            Msg("render.url-is-not-a-web-address-it-must-begin", shown_url=shown_url(url)),
        )
    try:
        segno.make(url, error="m")
    except segno.DataOverflowError:
        raise InputError(
            Msg("render.url-is-too-long-characters-for-a-qr-code", n=len(url)),
        ) from None


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as an inline SVG (error correction M)."""
    return str(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff"))


def _pages(site: dict) -> list[tuple[str, str, dict]]:
    """(file name, template, extra context) of every page of ``site``."""
    pages: list[tuple[str, str, dict]] = [("index.html", "index.html", {})]
    for r in site["rounds"]:
        pages.append((f"round-{r['round']}.html", "round.html", {"rnd": r, "stage": None}))
    ko = site.get("ko")
    for r in ko["rounds"] if ko else []:
        pages.append((f"ko-round-{r['round']}.html", "round.html", {"rnd": r, "stage": "ko"}))
    for tbl in site["tables"]:
        pages.append((f"standings-{tbl['round']}.html", "standings.html", {"table": tbl}))
    if site["cross"] is not None:
        pages.append(("cross.html", "cross.html", {}))
    if site.get("grid") is not None:
        pages.append(("results.html", "results.html", {}))
    if site["bracket"] is not None or ko:
        pages.append(("bracket.html", "bracket.html", {}))
    if ko and ko["rounds"]:
        pages.append(("final.html", "final.html", {}))
    for p in site["players"]:
        pages.append((f"player-{p['no']}.html", "player.html", {"p": p}))
    for tm in site.get("teams", []):
        pages.append((f"team-{tm['no']}.html", "team.html", {"tm": tm}))
    if site.get("teams"):
        pages.append(("boards.html", "boards.html", {}))
    if site["rating"] is not None:
        pages.append(("rating.html", "rating.html", {}))
    if site.get("prizes") is not None:
        pages.append(("prizes.html", "prizes.html", {}))
    if site.get("audit", {}).get("files"):
        pages.append(("audit.html", "audit.html", {}))
    if site["rounds"]:
        stage, rnd = notice_of(site)
        pages.append(("notice.html", "notice.html", {"rnd": rnd, "stage": stage}))
    return pages


def notice_of(site: dict) -> tuple[Optional[str], dict]:
    """(stage, round) of the 编排记录公告: the last round paired (of the
    knockout stage of 积分晋圈淘汰 once it has begun)."""
    ko = site.get("ko")
    if ko and ko["rounds"]:
        return "ko", ko["rounds"][-1]
    return None, site["rounds"][-1]


def _index_script(site: dict) -> str:
    rows = [[p["no"], p["name"], p["unit"], f"player-{p['no']}.html"] for p in site["players"]]
    rows += [[tm["no"], tm["name"], "", f"team-{tm['no']}.html"] for tm in site.get("teams", [])]
    return "window.XLXQ_INDEX = " + json.dumps(rows, ensure_ascii=False) + ";\n"


def render_pages(
    sites: dict[str, dict], url: Optional[str] = None, extra: Optional[dict[str, str]] = None
) -> dict[str, str]:
    """Every file of the site (path relative to the folder → text): the
    pages of each language (the first at the top, the others in a folder of
    their code), the assets, the search indexes, and ``extra`` (the event
    file the 如何复核 page names) at the top."""
    env = _environment()
    qr = qr_svg(url) if url else None
    langs = list(sites)
    files: dict[str, str] = dict(extra or {})
    for name in _ASSETS:
        files[f"assets/{name}"] = (_TEMPLATES / name).read_text(encoding="utf-8")
    for i, (lang, site) in enumerate(sites.items()):
        prefix = "" if i == 0 else f"{lang}/"
        up = "" if i == 0 else "../"
        others = [(code, (up if code == langs[0] else f"{up}{code}/")) for code in langs if code != lang]
        files[f"{prefix}search-index.js"] = _index_script(site)
        base = {
            "s": site,
            "t": Text(lang),
            "lang_tag": lang_tag,
            "lang": lang,
            "up": up,
            "others": others,
            "qr": qr,
            "url": url,
            "notice_of": notice_of,
        }
        for fname, template, more in _pages(site):
            ctx = {**base, **more, "page": fname}
            files[prefix + fname] = env.get_template(template).render(ctx)
    return files


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest(real: Path) -> Optional[dict[str, Optional[str]]]:
    """The files publish wrote in ``real`` (path → SHA-256; None: a file of
    an earlier xlxq's site, no digest), from its manifest; None when the
    folder has none (not a site xlxq published)."""
    marker = real / MARKER
    try:
        if stat.S_ISLNK(os.lstat(marker).st_mode):
            return None
        text = marker.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    try:
        files = json.loads(text)["files"]
        if isinstance(files, dict) and all(_safe(k) and isinstance(v, str) for k, v in files.items()):
            return dict(files)
    except (ValueError, KeyError, TypeError):
        pass
    if text.startswith("xlxq publish"):  # an earlier xlxq: no list, its files known by their names
        return {rel: None for rel in _walk_files(real) if _SITE_NAME.fullmatch(rel)}
    return None


def _safe(rel: object) -> bool:
    """A path a manifest may list: relative, inside the folder (no ``..``,
    no drive, no backslash, no empty or ``.`` part): a manifest edited to
    name ``../event.json`` names nothing publish would remove."""
    if not isinstance(rel, str) or not rel or "\\" in rel or ":" in rel or rel.startswith("/"):
        return False
    return all(part not in ("", ".", "..") for part in rel.split("/"))


def _walk_files(real: Path) -> list[str]:
    out = []
    for top, _dirs, names in os.walk(real):
        for n in names:
            out.append(Path(top, n).relative_to(real).as_posix())
    return out


def _entries(real: Path) -> Iterable[tuple[str, str]]:
    """Everything under ``real`` (not following links): (path, kind), kind
    "file", "dir" or "link"."""
    for top, dirs, names in os.walk(real):
        for d in list(dirs):
            p = Path(top, d)
            if p.is_symlink():
                dirs.remove(d)
                yield p.relative_to(real).as_posix(), "link"
            else:
                yield p.relative_to(real).as_posix(), "dir"
        for n in names:
            p = Path(top, n)
            yield p.relative_to(real).as_posix(), ("link" if p.is_symlink() else "file")


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def _refuse_folder(out: Path, real: Path, sources: Iterable[str | os.PathLike]) -> dict[str, Optional[str]]:
    """The files of ``real`` (the folder ``out`` names) publish may replace
    (its manifest); an error when the folder holds the event file, backups,
    or files publish did not write (nothing is written then)."""
    if not real.exists():
        return {}
    if not real.is_dir():
        raise InputError(
            Msg("render.exists-and-is-not-a-folder-choose", out=out),
            file=str(out),
        )
    for src in sources:
        event = Path(os.path.realpath(src))
        backups = event.parent / ".xlxq-backups"
        if _inside(event, real) or (_inside(backups, real) and backups.exists()):
            site = Lazy(lambda lang, src=src: Path(src).with_name(Path(src).stem + tr(lang, "publish.web")))
            if _inside(event, real):
                rel = event.relative_to(real).as_posix()
                also = Msg("render.and-its-backups") if backups.exists() else ""
                what = Msg("render.the-event-file", rel=rel, also=also)
            else:  # the folder is (inside) the event's backup folder
                what = Msg("render.the-backups-of-the-event-file", name=event.name, backups=backups)
            raise InputError(
                Msg("render.the-web-folder-holds-a-web-folder-holds", out=out, what=what, site=site),
                file=str(out),
            )
    own = _manifest(real)
    if own is None:
        own = {}
    wanted = {MARKER, *own}
    dirs_needed = {parent.as_posix() for p in wanted for parent in Path(p).parents if parent != Path(".")}
    foreign: list[str] = []
    changed: list[str] = []
    for rel, kind in _entries(real):
        if kind == "dir":
            if rel not in dirs_needed:
                foreign.append(rel + "/")
            continue
        if kind == "link" or rel not in wanted:
            foreign.append(rel)
            continue
        digest = own.get(rel)
        if digest is not None:
            try:
                same = _sha((real / rel).read_bytes()) == digest
            except OSError:
                same = False
            if not same:
                changed.append(rel)
    if any(Path(p).name == ".xlxq-backups" or p.startswith(".xlxq-backups") for p in foreign):
        raise InputError(
            Msg("render.the-web-folder-holds-event-backups-xlxq", out=out),
            file=str(out),
        )
    if foreign or changed:
        foreign = sorted(p for p in foreign if not any(p != q and p.startswith(q) for q in foreign if q.endswith("/")))
        named = (foreign + changed)[:_NAMED]
        more = len(foreign) + len(changed) - len(named)
        zh = "、".join(n + ("（发布后被改动过）" if n in changed else "") for n in named)
        en = ", ".join(n + (" (changed since published)" if n in changed else "") for n in named)
        raise InputError(
            f"网页文件夹 {out} 中有不是 xlxq 发布的文件：{zh}"
            + (f" 等{len(named) + more}个" if more else "")
            + "：发布只替换它自己写的网页，不删除也不覆盖别的文件，未做任何修改；"
            "请另选一个（新的或空的）文件夹，或先把这些文件移走",
            f"the web folder {out} holds files xlxq did not publish: {en}"
            + (f" and {more} more" if more else "")
            + "; publishing replaces only the pages it wrote, never deletes or overwrites another file; nothing was "
            "changed; choose another (new or empty) folder, or move those files away first",
            file=str(out),
        )
    return own


def write_site(
    sites: dict[str, dict],
    outdir: Path,
    url: Optional[str] = None,
    sources: Iterable[str | os.PathLike] = (),
    extra: Optional[dict[str, str]] = None,
) -> int:
    """Render and write the site into ``outdir`` at once (where it points,
    when it is a symbolic link); ``sources``: the files the event was read
    from (refused inside the folder); ``extra``: more files (name → text:
    the event file), listed in the manifest as the pages are; the number of
    HTML pages."""
    out = Path(outdir)
    real = Path(os.path.realpath(out))
    if os.path.islink(real):  # a loop of links: nowhere to write
        raise InputError(
            Msg("render.is-a-loop-of-symbolic-links-choose", out=out),
            file=str(out),
        )
    own = _refuse_folder(out, real, sources)
    files = render_pages(sites, url, extra)  # everything rendered before the disk is touched
    try:
        _write(files, real, own)
    except OSError as exc:  # named by the folder the user gave, not by the temporary one
        reason = exc.strerror or str(exc)
        raise InputError(
            Msg("render.cannot-write-the-web-folder-choose-a", out=out, reason=reason),
            file=str(out),
        ) from None
    return sum(1 for rel in files if rel.endswith(".html"))


def _write(files: dict[str, str], real: Path, own: dict[str, Optional[str]]) -> None:
    """``files`` and their manifest into a temporary folder beside
    ``real``, then renamed to ``real``; the old folder's files (``own``,
    the manifest's) removed after, and its folders when that empties them
    (anything else is left where it is).  On a failure the temporary
    folder is removed and ``real`` is as it was."""
    parent = real.parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{real.name}.", suffix=".new", dir=parent))
    old: Optional[Path] = None
    written: list[Path] = []
    try:
        manifest: dict[str, str] = {}
        for rel, text in files.items():
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            data = text.encode("utf-8")
            path.write_bytes(data)
            written.append(path)
            manifest[rel] = _sha(data)
        body = {"xlxq": "publish", "note": "the files xlxq publish wrote here", "files": manifest}
        (tmp / MARKER).write_text(json.dumps(body, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        written.append(tmp / MARKER)
        os.chmod(tmp, 0o755)
        if real.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{real.name}.", suffix=".old", dir=parent))
            os.rmdir(old)
            os.replace(real, old)
        os.replace(tmp, real)
    except BaseException:
        _remove(tmp, [p.relative_to(tmp).as_posix() for p in written])
        if old is not None and old.exists() and not real.exists():
            os.replace(old, real)
        raise
    if old is not None:
        _remove(old, [*own, MARKER])


def _remove(folder: Path, rels: Iterable[str]) -> None:
    """The files ``rels`` of ``folder``, then its folders left empty
    (deepest first), ``folder`` last; a file not listed stays."""
    for rel in rels:
        if not _safe(rel):
            continue
        try:
            os.unlink(folder / rel)
        except OSError:
            pass
    subdirs = sorted((p for p, _, _ in os.walk(folder)), key=lambda p: -len(Path(p).parts))
    for d in subdirs:
        try:
            os.rmdir(d)
        except OSError:
            pass
