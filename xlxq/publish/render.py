"""The event web site rendered from :func:`xlxq.operations.publish.site_data`
with the Jinja2 templates of ``xlxq/publish/templates/`` (HTML escaped by
Jinja2's autoescape), the QR code by segno (an inline SVG), written into a
folder atomically.

The site is static and self-contained: one stylesheet and one script in
``assets/`` beside the pages, the search index as a script
(``search-index.js``, read without a request that a browser blocks on
``file://``), no external request.  Pages: ``index.html``, ``round-N.html``
(pairings and results), ``standings-N.html`` (after round N),
``cross.html`` (round robin), ``bracket.html`` (knockout; and the knockout
stage of 积分晋圈淘汰, with ``ko-round-N.html`` and ``final.html``: its rounds
and the final order), ``player-NO.html``,
``team-NO.html`` and ``boards.html`` (team events), ``rating.html``
(unofficial 等级分, when asked for), ``notice.html`` (the printable
编排记录公告 of the last round paired, with the QR code when a URL is given).

Writing: every page into a temporary folder beside ``outdir``, then one
rename; an ``outdir`` already there is replaced only when it is empty or a
site xlxq wrote (its marker file :data:`MARKER`), so an arbiter's own folder
is never deleted.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Optional

import jinja2
import segno

from xlxq.errors import InputError
from xlxq.i18n import Text

__all__ = ["write_site", "MARKER", "render_pages", "qr_svg", "notice_of"]

#: the file that marks a folder as an xlxq site (safe to replace)
MARKER = ".xlxq-site"
_TEMPLATES = Path(__file__).resolve().parent / "templates"
_ASSETS = ("style.css", "app.js")


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


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


def render_pages(sites: dict[str, dict], url: Optional[str] = None) -> dict[str, str]:
    """Every file of the site (path relative to the folder → text): the
    pages of each language (the first at the top, the others in a folder of
    their code), the assets, the search indexes."""
    env = _environment()
    qr = qr_svg(url) if url else None
    langs = list(sites)
    files: dict[str, str] = {}
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
            "lang": lang,
            "up": up,
            "others": others,
            "qr": qr,
            "url": url,
            "notice_of": notice_of,
        }
        for fname, template, extra in _pages(site):
            ctx = {**base, **extra, "page": fname}
            files[prefix + fname] = env.get_template(template).render(ctx)
    return files


def _replaceable(out: Path) -> bool:
    if not out.exists():
        return True
    if not out.is_dir():
        return False
    return (out / MARKER).exists() or not any(out.iterdir())


def write_site(sites: dict[str, dict], outdir: Path, url: Optional[str] = None) -> int:
    """Render and write the site into ``outdir`` at once; the number of
    HTML pages."""
    out = Path(outdir)
    if not _replaceable(out):
        raise InputError(
            f"{out} 已存在且不是 xlxq 发布的网页文件夹（也不是空文件夹）：请另选一个文件夹",
            f"{out} exists and is neither a site xlxq published nor empty: choose another folder",
            file=str(out),
        )
    files = render_pages(sites, url)  # everything rendered before the disk is touched
    try:
        _write(files, out)
    except OSError as exc:  # named by the folder the user gave, not by the temporary one
        reason = exc.strerror or str(exc)
        raise InputError(
            f"无法写入网页文件夹 {out}：{reason}（请另选一个可写的文件夹）",
            f"cannot write the web folder {out}: {reason} (choose a folder you can write to)",
            file=str(out),
        ) from None
    return sum(1 for rel in files if rel.endswith(".html"))


def _write(files: dict[str, str], out: Path) -> None:
    """``files`` into a temporary folder beside ``out``, then renamed to
    ``out`` (the old one, if any, removed after); on a failure the
    temporary folder is removed and ``out`` is as it was."""
    parent = out.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".new", dir=parent))
    old: Optional[Path] = None
    try:
        for rel, text in files.items():
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        (tmp / MARKER).write_text("xlxq publish\n", encoding="utf-8")
        os.chmod(tmp, 0o755)
        if out.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=parent))
            os.rmdir(old)
            os.replace(out, old)
        os.replace(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old is not None and old.exists() and not out.exists():
            os.replace(old, out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
