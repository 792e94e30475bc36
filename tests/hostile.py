"""Hostile inputs for the fuzz suite (tests/test_hostile.py): each case is
a file (JSON or .xlsx bytes), the command run on it and a word the message
must contain (the place).  The families follow issue 11 and
docs/reliability.md: nesting, duplicate keys, number sizes, non-finite
numbers, long strings, control characters, lone surrogates, broken text; for
workbooks zip bombs, CRC errors, malformed XML, entity attacks, missing
shared strings, huge sheets, long texts, control characters, huge numbers,
formulas without a stored value, merged cells where the program writes or
over a column read row by row.
"""

from __future__ import annotations

import io
import json
import re
import struct
import zipfile
from dataclasses import dataclass
from typing import Any, Callable, Iterator

COMMANDS = (("pair",), ("standings",), ("standings", "--json"), ("explain",), ("check",))


@dataclass(frozen=True)
class Case:
    id: str
    suffix: str  # ".json" or ".xlsx"
    data: bytes
    args: tuple[str, ...]
    place: str  # the message names it (the file name is "event" + suffix)


# --------------------------------------------------------------------------
# JSON
# --------------------------------------------------------------------------


def _dump(d: Any) -> bytes:
    return json.dumps(d, ensure_ascii=False, indent=1).encode("utf-8")


def _set(d: Any, path: tuple, value: Any) -> Any:
    d = json.loads(json.dumps(d))
    node = d
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return d


#: (where, path in the file): the fields a hostile value is put into
NUMBER_FIELDS = (
    ("win", ("event", "scoring", "win")),
    ("draw", ("event", "scoring", "draw")),
    ("rounds", ("event", "rounds")),
    ("rating", ("players", 2, "rating")),
    ("no", ("players", 3, "no")),
    ("seed", ("players", 0, "seed")),
    ("board", ("rounds", 0, "boards", 1, "board")),
    ("red", ("rounds", 0, "boards", 0, "red")),
    ("budget", ("event", "options", "search_budget")),
)
TEXT_FIELDS = (
    ("name", ("players", 4, "name")),
    ("unit", ("players", 5, "unit")),
    ("event", ("event", "name")),
    ("result", ("rounds", 0, "boards", 0, "result")),
    ("tiebreak", ("event", "tiebreaks", 0)),
)


def json_cases(base: dict) -> Iterator[Case]:
    cmd = iter(COMMANDS * 1000)
    text = _dump(base).decode("utf-8")

    def case(cid: str, data: bytes, place: str = "event.json") -> Case:
        return Case("json-" + cid, ".json", data, next(cmd), place)

    # numbers: too many digits, too large, not finite (raw text: JSON has no inf)
    numbers = ("9" * 5000, "1" + "0" * 25, "-" + "7" * 300, "1e308", "1e400", "-1e400", "NaN", "Infinity", "-Infinity")
    for fname, path in NUMBER_FIELDS:
        where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)  # issue 21 §2.7: the field
        for i, raw in enumerate(numbers):
            marker = "__HOSTILE__"
            data = _dump(_set(base, path, marker)).replace(b'"__HOSTILE__"', raw.encode())
            yield case(f"number-{fname}-{i}", data, where)
    # texts: long, control characters, escape sequences, lone surrogates
    texts = (
        "x" * 40000,
        "\u001b[2J\u001b[31m红",
        "a\u0000b",
        "\u0007bell",
        "\u009bcsi",
        "\u007f",
        "\ud800",
        "\udfff",
        "ok\udc80",
        "两行\n名字",
        "tab\there",
    )
    for fname, path in TEXT_FIELDS:
        for i, t in enumerate(texts):
            yield case(f"text-{fname}-{i}", json.dumps(_set(base, path, t), ensure_ascii=True, indent=1).encode())
    # nesting: deep at the top and inside a field
    for depth in (40, 1000, 100_000):
        yield case(f"deep-top-{depth}", ("[" * depth + "]" * depth).encode())
        deep = "[" * depth + "]" * depth
        yield case(f"deep-name-{depth}", text.replace(f'"{base["players"][0]["name"]}"', deep, 1).encode())
        yield case(f"deep-unit-{depth}", text.replace('"rounds": [', '"rounds": [' + deep + ",", 1).encode())
    # duplicate keys at every level
    for level, (anchor, dup) in enumerate(
        (
            ('"format": "xlxq/1"', '"format": "xlxq/1",\n "format": "xlxq/1"'),
            ('"system": "swiss"', '"system": "swiss",\n  "system": "round_robin"'),
            ('"win": 2', '"win": 2,\n   "win": 3'),
            (f'"name": "{base["players"][1]["name"]}"', f'"name": "{base["players"][1]["name"]}", "name": "某"'),
            ('"result": ', '"result": null, "result": '),
            ('"board": 1', '"board": 1, "board": 1'),
            ('"byes": ', '"byes": [], "byes": '),
        )
    ):
        assert anchor in text, anchor
        yield case(f"dup-{level}", text.replace(anchor, dup, 1).encode())
    # broken text
    raw = text.encode("utf-8")
    for i, bad in enumerate(
        (
            b"",
            b"\xff\xfe" + raw,
            raw[: len(raw) // 2],
            raw.replace(b'"', b"'", 3),
            b"\xef\xbb\xbf\xef\xbb\xbf" + raw,
            raw[:100] + b"\xc3\x28" + raw[100:],
            raw + b"\x00",
            b"{" * 10 + raw,
            raw.replace(b"[", b"(", 1),
            b"\xed\xa0\x80",  # a UTF-8-encoded surrogate
        )
    ):
        yield case(f"broken-{i}", bad)


# --------------------------------------------------------------------------
# workbooks
# --------------------------------------------------------------------------


def _members(xlsx: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(io.BytesIO(xlsx)) as z:
        return [(i, z.read(i.filename)) for i in z.infolist()]


def _rezip(members: list[tuple[zipfile.ZipInfo, bytes]], stored: bool = False) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            z.writestr(info.filename, data)
    return out.getvalue()


def sheet_parts(xlsx: bytes) -> dict[str, str]:
    """sheet name → its part in the zip."""
    members = dict((i.filename, d) for i, d in _members(xlsx))
    wb = members["xl/workbook.xml"].decode()
    rels = members["xl/_rels/workbook.xml.rels"].decode()
    targets = dict(re.findall(r'Id="(rId\d+)"[^>]*?Target="([^"]+)"', rels))
    targets.update({k: v for v, k in re.findall(r'Target="([^"]+)"[^>]*?Id="(rId\d+)"', rels)})
    out = {}
    for name, rid in re.findall(r'<sheet name="([^"]+)"[^>]*?r:id="(rId\d+)"', wb):
        t = targets[rid].lstrip("/")
        out[name] = t if t.startswith("xl/") else "xl/" + t
    return out


def _edit(xlsx: bytes, part: str, fn: Callable[[str], str], stored: bool = False) -> bytes:
    members = [(i, (fn(d.decode("utf-8")).encode("utf-8") if i.filename == part else d)) for i, d in _members(xlsx)]
    return _rezip(members, stored)


def _cell_xml(xml: str, coord: str, inner: str, attrs: str = "") -> str:
    """``xml`` with the cell ``coord`` (row already present or appended) set."""
    row = int(re.sub(r"[A-Z]+", "", coord))
    new = f'<c r="{coord}"{attrs}>{inner}</c>'
    xml = re.sub(rf'<c r="{coord}"[^>]*?(/>|>.*?</c>)', "", xml, count=1)
    m = re.search(rf'<row r="{row}"[^>]*>', xml)
    if m:
        return xml[: m.end()] + new + xml[m.end() :]
    if "<sheetData/>" in xml:
        return xml.replace("<sheetData/>", f'<sheetData><row r="{row}">{new}</row></sheetData>')
    return xml.replace("</sheetData>", f'<row r="{row}">{new}</row></sheetData>')


def _patch_central_size(data: bytes, name: str, size: int) -> bytes:
    """The zip ``data`` with the central directory claiming ``size`` bytes
    unpacked for ``name`` (the local header is left: a lying zip)."""
    b = bytearray(data)
    key = name.encode()
    pos = 0
    while True:
        pos = b.find(b"PK\x01\x02", pos)
        if pos < 0:
            raise AssertionError(name)
        n = struct.unpack_from("<H", b, pos + 28)[0]
        if bytes(b[pos + 46 : pos + 46 + n]) == key:
            struct.pack_into("<I", b, pos + 24, size)
            return bytes(b)
        pos += 4


BOMB = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">' for i in range(1, 10))
    + "]>"
)
XXE = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


SST = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
SST_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"


def with_shared_strings(xlsx: bytes) -> bytes:
    """``xlsx`` (openpyxl writes inline strings) with a shared-strings part,
    as Excel writes it, holding the name in 报名表!B3."""
    reg = sheet_parts(xlsx)["报名表"]
    out = []
    for info, data in _members(xlsx):
        text = data.decode("utf-8")
        if info.filename == "[Content_Types].xml":
            text = text.replace("</Types>", f'<Override PartName="/xl/sharedStrings.xml" ContentType="{SST}"/></Types>')
        elif info.filename == "xl/_rels/workbook.xml.rels":
            text = text.replace(
                "</Relationships>",
                f'<Relationship Id="rId99" Type="{SST_REL}" Target="sharedStrings.xml"/></Relationships>',
            )
        elif info.filename == reg:
            m = re.search(r'<c r="B3"[^>]*><is><t>([^<]*)</t></is></c>', text)
            assert m, "B3"
            name = m.group(1)
            text = text.replace(m.group(0), '<c r="B3" t="s"><v>0</v></c>')
        out.append((info, text.encode("utf-8")))
    sst = f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>{name}</t></si></sst>'
    out.append((zipfile.ZipInfo("xl/sharedStrings.xml"), sst.encode("utf-8")))
    return _rezip(out)


def workbook_cases(xlsx: bytes) -> Iterator[Case]:
    xlsx = with_shared_strings(xlsx)
    parts = sheet_parts(xlsx)
    reg, rnd, settings = parts["报名表"], parts["第1轮"], parts["设置"]
    sheet_of = {v: k for k, v in parts.items()}
    names = list(parts)
    cmd = iter(COMMANDS * 1000)

    def case(cid: str, data: bytes, place: str = "event.xlsx", args: tuple[str, ...] | None = None) -> Case:
        return Case("xlsx-" + cid, ".xlsx", data, args or next(cmd), place)

    # zip: not a zip, truncated, bombs (claimed sizes), CRC errors
    yield case("not-zip", b"PK\x03\x04" + b"\x00" * 200)
    yield case("empty", b"")
    yield case("text", b"hello, this is not a workbook")
    for cut in (0.2, 0.5, 0.9, 0.99):
        yield case(f"truncated-{cut}", xlsx[: int(len(xlsx) * cut)])
    for part in ("xl/sharedStrings.xml", reg, rnd, "xl/styles.xml", "xl/workbook.xml"):
        yield case(f"bomb-claimed-{part}", _patch_central_size(xlsx, part, 3_000_000_000))
    members = _members(xlsx)
    for part in ("xl/sharedStrings.xml", reg, rnd, settings, "xl/workbook.xml", "[Content_Types].xml"):
        stored = _rezip(members, stored=True)
        with zipfile.ZipFile(io.BytesIO(stored)) as z:
            info = z.getinfo(part)
        off = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra) + info.file_size // 2
        flipped = bytearray(stored)
        flipped[off] ^= 0x20
        yield case(f"crc-{part}", bytes(flipped))
    # malformed XML in every part the reader parses
    for part in (reg, rnd, settings, "xl/sharedStrings.xml", "xl/workbook.xml", "xl/styles.xml", "[Content_Types].xml"):
        yield case(f"xml-cut-{part}", _edit(xlsx, part, lambda x: x[: len(x) * 2 // 3]))
        yield case(
            f"xml-tag-{part}",
            _edit(xlsx, part, lambda x: x.replace(">", "><<", 1) if "?>" not in x[:60] else x.replace("?>", "?><<", 1)),
        )
    # entity attacks
    for part in (reg, rnd, "xl/sharedStrings.xml", "xl/workbook.xml", "xl/styles.xml"):
        for kind, head in (("bomb", BOMB), ("xxe", XXE)):
            yield case(
                f"entity-{kind}-{part}",
                _edit(xlsx, part, lambda x, h=head: h + re.sub(r"^<\?xml[^>]*\?>", "", x)),
                "XML 攻击",
            )
    # a shared string that is not there
    for part, coord in ((reg, "B3"), (rnd, "C3"), (settings, "B2")):
        yield case(
            f"missing-string-{part}", _edit(xlsx, part, lambda x, c=coord: _cell_xml(x, c, "<v>99999</v>", ' t="s"'))
        )
    # huge sheets: a note far away in a read sheet
    for part, coord in ((reg, "XFD1048576"), (reg, "Z200000"), (rnd, "A150000"), (settings, "AZZ10")):
        yield case(
            f"far-{coord}-{part}",
            _edit(xlsx, part, lambda x, c=coord: _cell_xml(x, c, "<is><t>note</t></is>", ' t="inlineStr"')),
            sheet_of[part],
        )
    # numbers in cells: too many digits, too large
    for part, coord in ((reg, "D3"), (reg, "A4"), (rnd, "A3"), (settings, "B3")):
        for i, v in enumerate(("9" * 5000, "1e308", "-1e300", "123456789012345678901234")):
            yield case(
                f"number-{i}-{coord}-{part}",
                _edit(xlsx, part, lambda x, c=coord, v=v: _cell_xml(x, c, f"<v>{v}</v>")),
                sheet_of[part] if i else "event.xlsx",
            )
    # texts in cells: too long, control characters
    for part, coord in ((reg, "B5"), (reg, "C6"), (rnd, "F3"), (settings, "B2")):
        for i, t in enumerate(("x" * 40000,)):
            yield case(
                f"text-{i}-{coord}-{part}",
                _edit(xlsx, part, lambda x, c=coord, t=t: _cell_xml(x, c, f"<is><t>{t}</t></is>", ' t="inlineStr"')),
                sheet_of[part],
            )
    # control characters XML lets through (C1 controls such as CSI, DEL) in a shared string
    for i, t in enumerate(("\u009b31m", "a\u0085b", "\u007f", "x\u009d2;t\u009c")):
        yield case(
            f"sst-control-{i}",
            _edit(xlsx, "xl/sharedStrings.xml", lambda x, t=t: re.sub(r"<t>[^<]*</t>", f"<t>{t}</t>", x)),
            "报名表",
        )
    # formulas without a stored value, in every read sheet
    for part, coord, f in (
        (reg, "A3", "ROW()-2"),
        (reg, "B7", '"周"&amp;"六"'),
        (rnd, "F3", '"红"&amp;"胜"'),
        (settings, "B3", "1+1"),
    ):
        yield case(
            f"formula-{coord}-{part}",
            _edit(xlsx, part, lambda x, c=coord, f=f: _cell_xml(x, c, f"<f>{f}</f><v/>")),
            coord,
        )
    # a sheet missing from the zip, a workbook.xml naming nothing
    for name in names[:3]:
        members2 = [(i, d) for i, d in members if i.filename != parts[name]]
        yield case(f"part-missing-{name}", _rezip(members2), "event.xlsx")


def merged_cases(xlsx_path: str) -> Iterator[Case]:
    """Merged cells where the program writes (built with openpyxl)."""
    from openpyxl import load_workbook

    for sheet, rng, args in (
        ("成绩表", "A3:C4", ("standings",)),
        ("成绩表", "B5:B9", ("standings",)),
        ("第1轮", "M3:M5", ("pair",)),
        ("成绩表", "D3:E3", ("standings", "--json")),
        # merged over several rows of a column read row by row (issue 21 §2.5)
        ("第1轮", "F3:F8", ("pair",)),
        ("第1轮", "F4:F5", ("standings",)),
        ("报名表", "A3:A5", ("check",)),
        ("报名表", "B4:B6", ("explain",)),
        ("成绩表", "F3:G4", ("recompute",)),  # the button 计算成绩's command
    ):
        wb = load_workbook(xlsx_path)
        if sheet not in wb.sheetnames:
            continue
        wb[sheet].merge_cells(rng)
        buf = io.BytesIO()
        wb.save(buf)
        yield Case(f"xlsx-merged-{sheet}-{rng}", ".xlsx", buf.getvalue(), args, sheet)


# --------------------------------------------------------------------------
# files and folders (issue 21): publish into a folder that is not its own,
# backups that are not what they seem, bad addresses, names too long
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    """A situation of files and folders: ``build(folder, kit)`` makes it in
    an empty folder and gives the command's arguments; the message names
    ``place``; nothing under the folder may change."""

    id: str
    build: Callable[[Any, dict], tuple[str, ...]]
    place: str


BAD_URLS = (
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/site/",
    "example.com/site/",
    "//example.com/site/",
    "http://",
    "https:///path",
    "https://example.com/a b",
    "https://example.com/\u001b[2J",
    "https://example.com/\u202e",
    "https://[::1/",
    "https://example.com/" + "x" * 5000,
    "https://例子.中国/" + "赛" * 1000,
)
STAMP = "20261201-142233"


def _put(path: Any, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def _published(d: Any, kit: dict, site: str = "site") -> Any:
    """``d/e.json`` published into ``d/site`` (a real site of xlxq's)."""
    ev = d / "e.json"
    _put(ev, kit["json"])
    kit["publish"](ev, d / site)
    return d / site


def _backup(d: Any, name: str, data: bytes, seq: int = 1, suffix: str = ".json") -> Any:
    b = d / ".xlxq-backups" / name / f"{seq:06d}-{STAMP}-pair{suffix}"
    _put(b, data)
    return b


def file_scenes() -> Iterator[Scene]:
    # publish: the event file, backups, foreign files in the output folder
    def inside(d, kit):
        site = _published(d, kit)
        _put(site / "e.json", kit["json"])
        _backup(site, "e.json", kit["json"])
        return ("publish", str(site / "e.json"), str(site))

    yield Scene("publish-event-inside", inside, "e.json")

    def working_folder(d, kit):
        _put(d / "e.json", kit["json"])
        return ("publish", str(d / "e.json"), str(d))

    yield Scene("publish-event-folder", working_folder, "e.json")

    def deep(d, kit):
        _put(d / "site" / "data" / "e.json", kit["json"])
        return ("publish", str(d / "site" / "data" / "e.json"), str(d / "site"))

    yield Scene("publish-event-deep", deep, "data/e.json")

    def other_backups(d, kit):
        _put(d / "e.json", kit["json"])
        _backup(d / "site", "other.json", kit["json"])
        return ("publish", str(d / "e.json"), str(d / "site"))

    yield Scene("publish-backups", other_backups, ".xlxq-backups")

    def into_backups(d, kit):
        _put(d / "e.json", kit["json"])
        _backup(d, "e.json", kit["json"])
        return ("publish", str(d / "e.json"), str(d / ".xlxq-backups"))

    yield Scene("publish-into-backups", into_backups, "的备份")

    foreign: dict[str, Callable[[Any], None]] = {
        "file": lambda s: (s / "notes.txt").write_text("mine"),
        "nested": lambda s: (s / "assets" / "logo.png").write_bytes(b"\x89PNG"),
        "empty-folder": lambda s: (s / "photos").mkdir(),
        "site-name": lambda s: (s / "player-999.html").write_text("by hand"),
        "symlink": lambda s: (s / "link.html").symlink_to("/etc/hostname"),
        "symlinked-folder": lambda s: (s / "more").symlink_to(s.parent),
        "git": lambda s: (s / ".git" / "objects").mkdir(parents=True),
        "changed-page": lambda s: (s / "index.html").write_text("<p>edited</p>"),
        "changed-asset": lambda s: (s / "assets" / "style.css").write_text("body{}"),
        "legacy-marker": lambda s: (
            (s / ".xlxq-site").write_text("xlxq publish\n"),
            (s / "readme.txt").write_text("x"),
        ),
        "no-marker": lambda s: (s / ".xlxq-site").unlink(),
        "bad-marker": lambda s: (s / ".xlxq-site").write_text('{"files": {"../e.json": "x"}}'),
        "many": lambda s: [(s / f"mine-{k}.txt").write_text("x") for k in range(9)],
    }
    for key, make in foreign.items():

        def build(d, kit, make=make):
            site = _published(d, kit)
            make(site)
            return ("publish", str(d / "e.json"), str(site))

        yield Scene(f"publish-foreign-{key}", build, "site")

    def a_file(d, kit):
        _put(d / "e.json", kit["json"])
        _put(d / "site", b"not a folder")
        return ("publish", str(d / "e.json"), str(d / "site"))

    yield Scene("publish-outdir-file", a_file, "site")

    def loop(d, kit):
        _put(d / "e.json", kit["json"])
        (d / "a").symlink_to(d / "b")
        (d / "b").symlink_to(d / "a")
        return ("publish", str(d / "e.json"), str(d / "a"))

    yield Scene("publish-link-loop", loop, "a")

    def linked_foreign(d, kit):
        site = _published(d, kit, "real")
        (site / "mine.txt").write_text("x")
        (d / "site").symlink_to(site)
        return ("publish", str(d / "e.json"), str(d / "site"))

    yield Scene("publish-linked-foreign", linked_foreign, "mine.txt")

    for i, url in enumerate(BAD_URLS):

        def bad_url(d, kit, url=url):
            _put(d / "e.json", kit["json"])
            return ("publish", str(d / "e.json"), str(d / "site"), "--url", url)

        yield Scene(f"publish-url-{i}", bad_url, "--url")

    # backups --restore: truncated, linked, of another kind, out of range
    for suffix in (".json", ".xlsx"):
        for cut in (0, 1, 100, 0.5, -3):

            def truncated(d, kit, cut=cut, suffix=suffix):
                data = kit[suffix[1:]]
                n = int(len(data) * cut) if isinstance(cut, float) else (cut if cut >= 0 else len(data) + cut)
                _put(d / f"e{suffix}", data)
                _backup(d, f"e{suffix}", data[:n], suffix=suffix)
                return ("backups", str(d / f"e{suffix}"), "--restore", "1")

            yield Scene(f"restore-truncated-{suffix[1:]}-{cut}", truncated, "000001-")
        for target in ("event", "/etc/hostname", "folder", "dangling"):

            def linked(d, kit, target=target, suffix=suffix):
                _put(d / f"e{suffix}", kit[suffix[1:]])
                _put(d / f"other{suffix}", kit[suffix[1:]])
                b = _backup(d, f"e{suffix}", b"", suffix=suffix)
                b.unlink()
                to = {"event": d / f"other{suffix}", "folder": d, "dangling": d / "nowhere"}.get(target, target)
                b.symlink_to(to)
                return ("backups", str(d / f"e{suffix}"), "--restore", "1")

            yield Scene(f"restore-link-{suffix[1:]}-{target.strip('/').replace('/', '-')}", linked, "000001-")

        def linked_folder(d, kit, suffix=suffix):
            _put(d / f"e{suffix}", kit[suffix[1:]])
            _backup(d / "elsewhere", f"e{suffix}", kit[suffix[1:]], suffix=suffix)
            (d / ".xlxq-backups").symlink_to(d / "elsewhere" / ".xlxq-backups")
            return ("backups", str(d / f"e{suffix}"), "--restore", "1")

        yield Scene(f"restore-linked-folder-{suffix[1:]}", linked_folder, "000001-")
    for key, (event, backup, suffix) in {
        "team-in-individual": ("json", "team", ".json"),
        "individual-in-team": ("team", "json", ".json"),
        "workbook-in-json": ("json", "xlsx", ".json"),
        "json-in-workbook": ("xlsx", "json", ".xlsx"),
        "plain-workbook": ("xlsx", "plain", ".xlsx"),
        "not-json": ("json", "text", ".json"),
    }.items():

        def other_kind(d, kit, event=event, backup=backup, suffix=suffix):
            _put(d / f"e{suffix}", kit[event])
            _backup(d, f"e{suffix}", kit[backup], suffix=suffix)
            return ("backups", str(d / f"e{suffix}"), "--restore", "1")

        yield Scene(f"restore-{key}", other_kind, "000001-")
    for k in ("0", "2", "-1", "99999999999999999999"):

        def out_of_range(d, kit, k=k):
            _put(d / "e.json", kit["json"])
            _backup(d, "e.json", kit["json"])
            return ("backups", str(d / "e.json"), "--restore", k)

        yield Scene(f"restore-number-{k}", out_of_range, "e.json")

    # names too long for the save's temporary file (or for any file)
    for n, suffix, cmd in ((80, ".json", "new"), (80, ".xlsx", "new"), (90, ".json", "new"), (80, ".json", "pair")):

        def long_name(d, kit, n=n, suffix=suffix, cmd=cmd):
            name = d / ("赛" * n + suffix)
            if cmd == "new":
                return ("new", str(name), "--players", kit["players"], "--rounds", "5")
            _put(name, kit["new"])
            return ("pair", str(name))

        yield Scene(f"long-name-{cmd}-{n}{suffix}", long_name, "文件名太长")

    # a registration's 请假轮次 / 退赛轮次 (read as the workbook reads them)
    for key, (column, value, place) in {
        "absent-30-digits": ("请假轮次", "1" * 30, "r.csv 第2行"),
        "absent-zero": ("请假轮次", "0", "r.csv 第2行"),
        "absent-word": ("请假", "下午", "r.csv 第2行"),
        "absent-beyond": ("请假轮次", "9", "请假轮次 9 超出计划的5轮"),
        "withdrawn-word": ("退赛轮次", "第二轮", "r.csv 第2行"),
    }.items():

        def registration(d, kit, column=column, value=value):
            _put(d / "r.csv", f"姓名,{column}\n甲,{value}\n乙,\n丙,\n".encode())
            return ("new", str(d / "e.json"), "--players", str(d / "r.csv"), "--rounds", "5")

        yield Scene(f"registration-{key}", registration, place)

    # xlxq import REG ROUNDS OUT (issue 26): one bad cell each, nothing written
    reg = "序号,姓名,单位\n1,甲,a\n2,乙,b\n3,丙,a\n4,丁,b\n"
    for key, (text, place) in {
        "result-word": ("1,1,1,2,赢了\n", "g.csv 第2行（E2）"),
        "result-formula": ("1,1,1,2,=1+1\n", "g.csv 第2行（E2）"),
        "result-control": ("1,1,1,2,1-0\u001b[2J\n", "g.csv 第2行（E2）"),
        "unknown-player": ("1,1,1,9,1-0\n", "g.csv 第2行（D2）"),
        "huge-number": ("1,1,1," + "9" * 40 + ",1-0\n", "g.csv 第2行（D2）"),
        "zero-round": ("0,1,1,2,1-0\n", "g.csv 第2行（A2）"),
        "negative-board": ("1,-1,1,2,1-0\n", "g.csv 第2行（B2）"),
        "nan-red": ("1,1,nan,2,1-0\n", "g.csv 第2行（C2）"),
        "self": ("1,1,2,2,1-0\n", "g.csv 第2行（D2）"),
        "board-twice": ("1,1,1,2,1-0\n1,1,3,4,1-0\n", "g.csv 第3行（B3）"),
        "player-twice": ("1,1,1,2,1-0\n1,2,2,3,1-0\n", "g.csv 第3行"),
        "bye-result": ("1,1,1,2,1-0\n1,,3,轮空,1-0\n", "g.csv 第3行（E3）"),
        "gap-rounds": ("1,1,1,2,1-0\n3,1,1,3,1-0\n", "g.csv"),
        "no-header": ("!a,b,c\n1,2,3\n", "g.csv"),
        "missing-column": (None, "缺少列"),
        "empty": ("!", "g.csv"),
    }.items():

        def bad_rounds(d, kit, text=text):
            _put(d / "r.csv", reg.encode())
            if text is None:  # no 黑方序号, 结果 columns
                body = "轮次,台次,红方序号\n1,1,1\n"
            elif text.startswith("!"):  # the whole file
                body = text[1:]
            else:
                body = "轮次,台次,红方序号,黑方序号,结果\n" + text
            _put(d / "g.csv", body.encode())
            return ("import", str(d / "r.csv"), str(d / "g.csv"), str(d / "out.json"))

        yield Scene(f"import-{key}", bad_rounds, place)

    def import_over(d, kit):
        _put(d / "r.csv", reg.encode())
        _put(d / "g.csv", "轮次,台次,红方序号,黑方序号,结果\n1,1,1,2,1-0\n1,2,3,4,0-1\n".encode())
        _put(d / "out.json", kit["json"])
        return ("import", str(d / "r.csv"), str(d / "g.csv"), str(d / "out.json"))

    yield Scene("import-out-exists", import_over, "out.json")

    def import_junk_xlsx(d, kit):
        _put(d / "r.csv", reg.encode())
        _put(d / "g.xlsx", b"PK\x03\x04 not a workbook")
        return ("import", str(d / "r.csv"), str(d / "g.xlsx"), str(d / "out.xlsx"))

    yield Scene("import-junk-xlsx", import_junk_xlsx, "g.xlsx")

    # xlxq import --teams TEAMREG ROUNDS OUT: one bad cell each, nothing written
    # (3 teams of 2: 甲 1, 2; 乙 3, 4; 丙 5, 6)
    team_reg = "队名,姓名\n甲,a\n甲,b\n乙,c\n乙,d\n丙,e\n丙,f\n"
    for key, (text, out, place) in {
        "unknown-member": ("1,1,1,1,9,1-0\n1,1,2,4,2,和\n", "out.json", "g.csv 第2行（E2）"),
        "one-team": ("1,1,1,1,2,1-0\n", "out.json", "g.csv 第2行（E2）"),
        "third-team": ("1,1,1,1,3,1-0\n1,1,2,6,2,和\n", "out.json", "g.csv 第3行（D3）"),
        "colours": ("1,1,1,1,3,1-0\n1,1,2,2,4,和\n", "out.json", "g.csv 第3行（D3）"),
        "board-twice": ("1,1,1,1,3,1-0\n1,1,1,4,2,和\n", "out.json", "g.csv 第3行（C3）"),
        "team-twice": ("1,1,1,1,3,1-0\n1,1,2,4,2,和\n1,,,3,轮空,\n", "out.json", "g.csv 第4行（D4）"),
        "result-word": ("1,1,1,1,3,赢了\n1,1,2,4,2,和\n", "out.json", "g.csv 第2行（F2）"),
        "match-word": ("1,一,1,1,3,1-0\n1,1,2,4,2,和\n", "out.json", "g.csv 第2行（B2）"),
        "empty-seat-result": ("1,1,1,1,3,1-0\n1,1,2,0,2,和\n", "out.json", "g.csv 第3行（F3）"),
        "workbook-out": ("1,1,1,1,3,1-0\n1,1,2,4,2,和\n", "out.xlsx", "out.xlsx"),
    }.items():

        def bad_team_rounds(d, kit, text=text, out=out):
            _put(d / "r.csv", team_reg.encode())
            _put(d / "g.csv", ("轮次,场次,台次,红方序号,黑方序号,结果\n" + text).encode())
            return ("import", "--teams", str(d / "r.csv"), str(d / "g.csv"), str(d / out), "--boards", "2")

        yield Scene(f"import-teams-{key}", bad_team_rounds, place)

    def import_teams_one_board(d, kit):  # the boards a match read from the file: 1
        _put(d / "r.csv", team_reg.encode())
        _put(d / "g.csv", "轮次,场次,台次,红方序号,黑方序号,结果\n1,1,1,1,3,1-0\n".encode())
        return ("import", "--teams", str(d / "r.csv"), str(d / "g.csv"), str(d / "out.json"))

    yield Scene("import-teams-one-board", import_teams_one_board, "g.csv：多数场次有1台")

    # xlxq audit FILE: nothing to audit (an individual or a team file), not an event
    for key, kind, place in (("unpaired", "new", "无可复核"), ("team", "team", "无可复核"), ("text", "text", "e.json")):

        def audit(d, kit, kind=kind):
            _put(d / "e.json", kit[kind])
            return ("audit", str(d / "e.json"))

        yield Scene(f"audit-{key}", audit, place)


def file_cases_count() -> int:
    """How many scenes :func:`file_scenes` gives (docs/reliability.md)."""
    return 78 + 21 + 11


def _edited(xlsx_path: str, edit: Callable[[Any], None]) -> bytes:
    from openpyxl import load_workbook

    wb = load_workbook(xlsx_path)
    edit(wb)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _cells(sheet: str, values: dict[str, Any]) -> Callable[[Any], None]:
    def edit(wb: Any) -> None:
        for coord, v in values.items():
            wb[sheet][coord] = v

    return edit


def _played(wb: Any) -> None:
    """Round 1 of the demo workbook played: a result on every board."""
    ws = wb["第1轮"]
    for r in range(3, ws.max_row + 1):
        if isinstance(ws.cell(row=r, column=2).value, int) and isinstance(ws.cell(row=r, column=10).value, int):
            ws.cell(row=r, column=6).value = "和"


def _groups(wb: Any) -> None:
    """A 组别 column whose values differ only by case or a trailing space."""
    ws = wb["报名表"]
    col = ws.max_column + 1
    ws.cell(row=2, column=col).value = "组别"
    for r in range(3, 27):
        ws.cell(row=r, column=col).value = ("A", "A ", "a")[r % 3]


def _chart_sheet(name: str, with_chart: bool) -> Callable[[Any], None]:
    def edit(wb: Any) -> None:
        cs = wb.create_chartsheet(name)
        if with_chart:
            from openpyxl.chart import BarChart, Reference

            chart = BarChart()
            chart.add_data(Reference(wb["报名表"], min_col=4, min_row=2, max_row=10), titles_from_data=True)
            cs.add_chart(chart)

    return edit


def place_cases(xlsx_path: str) -> Iterator[Case]:
    """Issue 21 §2.6, §2.7: inputs that gave "程序内部错误" or were taken
    silently, each refused naming its place (built with openpyxl)."""

    def both(*edits: Callable[[Any], None]) -> Callable[[Any], None]:
        def edit(wb: Any) -> None:
            for e in edits:
                e(wb)

        return edit

    for cid, edit, args, place in (
        ("groups-case", _groups, ("pair",), "只差大小写"),
        ("absent-30-digits", _cells("报名表", {"G3": "1" * 30}), ("pair",), "G3"),
        ("absent-400-digits", _cells("报名表", {"G3": "1" * 400}), ("explain",), "G3"),
        ("absent-1e15", _cells("报名表", {"G3": 10**15}), ("pair",), "G3"),
        ("absent-beyond-rounds", _cells("报名表", {"G4": "3,99"}), ("pair",), "G4"),
        ("withdrawn-400-digits", _cells("报名表", {"F5": "9" * 400}), ("explain",), "F5"),
        ("seed-400-digits", _cells("报名表", {"E6": "1" * 400}), ("pair",), "E6"),
        ("absent-but-played", _cells("报名表", {"G3": 1}), ("pair",), "G3"),
        ("chart-round-4", _chart_sheet("第4轮", True), ("pair",), "第4轮"),
        ("chart-round-2-empty", _chart_sheet("第2轮", False), ("standings",), "第2轮"),
    ):
        # round 1 played in every case: the refusal is the input's, not "results missing"
        yield Case(f"xlsx-place-{cid}", ".xlsx", _edited(xlsx_path, both(_played, edit)), args, place)


def json_place_cases(base: dict) -> Iterator[Case]:
    """The same for a JSON file: an absence beyond the planned rounds, an
    absence in a round played, a round's engine pairing that names no player,
    one twice or is malformed, groups that differ only by case."""
    played = json.loads(json.dumps(base))
    for b in played["rounds"][0]["boards"]:
        b["result"] = "red_win"
    for cid, path, value, place in (
        ("absent-1e15", ("players", 3, "absent_rounds"), [10**15], "1000000000000000"),
        ("absent-beyond-rounds", ("players", 3, "absent_rounds"), [2, 6], "超出计划的5轮"),
        ("absent-but-played", ("players", 0, "absent_rounds"), [1], "已有他的结果"),
        # the engine's pairing kept in a round (docs/format.md): each refused naming the round's engine
        ("engine-unknown-player", ("rounds", 0, "engine", "boards", 0), [1, 999], "第1轮 engine"),
        ("engine-player-twice", ("rounds", 0, "engine", "boards", 0), [1, 1], "第1轮 engine"),
        ("engine-not-a-pair", ("rounds", 0, "engine", "boards", 0), "1-2", "第1轮 engine"),
        ("engine-not-an-object", ("rounds", 0, "engine"), [[1, 2]], "第1轮 engine"),
        ("engine-unknown-key", ("rounds", 0, "engine", "pairs"), [], "第1轮 engine"),
        ("engine-bye-zero", ("rounds", 0, "engine", "byes"), [0], "第1轮 engine"),
    ):
        yield Case(f"json-place-{cid}", ".json", _dump(_set(played, path, value)), ("pair",), place)
    group = {k: v for k, v in played.items() if k != "format"}
    groups = {"format": "xlxq/1", "groups": [{"group": "A", **group}, {"group": "a", **group}]}
    yield Case("json-place-groups-case", ".json", _dump(groups), ("pair",), "groups[1].group")


#: hostile prize tables (docs/prizes.md): (id, event.prizes or a player's
#: extra, the word the message names)
PRIZE_VALUES: tuple[tuple[str, tuple, Any, str], ...] = (
    ("prizes-not-object", ("event", "prizes"), [1, 2], "event.prizes"),
    ("prizes-deep", ("event", "prizes", "categories"), [[[[[[]]]]]], "event.prizes.categories"),
    ("prizes-unknown-key", ("event", "prizes", "winners"), [], "winners"),
    ("prizes-double-text", ("event", "prizes", "double"), "是", "event.prizes.double"),
    ("cat-places-huge", ("event", "prizes", "categories", 0, "places"), 10**30, "event.prizes.categories"),
    ("cat-places-float", ("event", "prizes", "categories", 0, "places"), 1.5, "event.prizes.categories"),
    ("cat-places-neg", ("event", "prizes", "categories", 0, "places"), -1, "event.prizes.categories"),
    ("cat-name-newline", ("event", "prizes", "categories", 0, "name"), "两行\n奖项", "event.prizes.categories"),
    ("cat-name-escape", ("event", "prizes", "categories", 0, "name"), "\u001b[2J红", "event.prizes.categories"),
    ("cat-name-long", ("event", "prizes", "categories", 0, "name"), "奖" * 40000, "event.prizes.categories"),
    ("cat-name-empty", ("event", "prizes", "categories", 0, "name"), " ", "event.prizes.categories"),
    (
        "cat-cond-escape",
        ("event", "prizes", "categories", 0, "condition"),
        "\u001b[31m性别=女",
        "event.prizes.categories",
    ),
    (
        "cat-cond-long",
        ("event", "prizes", "categories", 0, "condition"),
        "性别=女，" * 10000,
        "event.prizes.categories",
    ),
    ("cat-cond-number", ("event", "prizes", "categories", 0, "condition"), 5, "event.prizes.categories"),
    ("cat-cond-field", ("event", "prizes", "categories", 0, "condition"), "年龄<12", "event.prizes.categories"),
    ("cat-cond-nan", ("event", "prizes", "categories", 0, "condition"), "等级分<NaN", "event.prizes.categories"),
    ("cat-cond-inf", ("event", "prizes", "categories", 0, "condition"), "等级分<1e400", "event.prizes.categories"),
    (
        "cat-cond-year",
        ("event", "prizes", "categories", 0, "condition"),
        "出生年份>=" + "9" * 400,
        "event.prizes.categories",
    ),
    ("cat-twice", ("event", "prizes", "categories", 1, "name"), "名次奖", "event.prizes"),
    ("player-sex", ("players", 1, "sex"), "\u001b[2J", "sex"),
    ("player-sex-list", ("players", 1, "sex"), ["女"], "sex"),
    ("player-year-huge", ("players", 1, "birth_year"), 10**30, "birth_year"),
    ("player-year-text", ("players", 1, "birth_year"), "2010", "birth_year"),
    ("player-year-float", ("players", 1, "birth_year"), 2010.5, "birth_year"),
    ("player-category-newline", ("players", 1, "category"), "少年组\n女子", "category"),
    ("player-category-long", ("players", 1, "category"), "少" * 101, "category"),
    ("player-category-list", ("players", 1, "category"), ["U12", "女子"], "category"),
    ("player-category-number", ("players", 1, "category"), 12, "category"),
    (
        "cat-cond-category-op",
        ("event", "prizes", "categories", 0, "condition"),
        "类别>少年组",
        "event.prizes.categories",
    ),
    (
        "cat-cond-category-empty",
        ("event", "prizes", "categories", 0, "condition"),
        "类别=\u3000",
        "event.prizes.categories",
    ),
)


def prize_cases(base: dict) -> Iterator[Case]:
    """``xlxq prizes`` (and ``--json``) on a file with a hostile prize table
    or registration extra: each refused naming its key, nothing written."""
    good = json.loads(json.dumps(base))
    for b in good["rounds"][0]["boards"]:
        b["result"] = "red_win"
    good["event"]["prizes"] = {
        "double": False,
        "categories": [{"name": "名次奖", "places": 3}, {"name": "最佳女棋手", "places": 1, "condition": "性别=女"}],
    }
    for i, (cid, path, value, place) in enumerate(PRIZE_VALUES):
        args = ("prizes", "--json") if i % 2 else ("prizes",)
        yield Case(f"json-{cid}", ".json", _dump(_set(good, path, value)), args, place)


def _prize_block(rows: list[tuple[Any, ...]]) -> Callable[[Any], None]:
    """The 设置 prize block (奖项 | 名额 | 条件 and ``rows``) under the last row."""

    def edit(wb: Any) -> None:
        ws = wb["设置"]
        last = ws.max_row + 1
        for i, row in enumerate([("奖项", "名额", "条件"), *rows], start=last + 1):
            for j, v in enumerate(row, start=1):
                ws.cell(row=i, column=j).value = v

    return edit


def prize_workbook_cases(xlsx_path: str) -> Iterator[Case]:
    """The same in a workbook: a bad prize row or 性别/出生年份/类别 cell, named by its cell."""
    for cid, edit, place in (
        ("places-huge", _prize_block([("名次奖", 10**20, None)]), "设置"),
        ("places-text", _prize_block([("名次奖", "三", None)]), "设置"),
        ("cond-tab", _prize_block([("最佳女棋手", 1, "性别\t=女\u007f")]), "设置"),
        ("cond-long", _prize_block([("最佳女棋手", 1, "等级分<" + "9" * 40000)]), "设置"),
        ("name-newline", _prize_block([("两行\n奖项", 1, None)]), "设置"),
        ("no-name", _prize_block([(None, 1, "性别=女")]), "设置"),
        ("sex-cell", _cells("报名表", {"J5": "未知"}), "J5"),  # the demo's 性别 column (J)
        ("year-cell", _cells("报名表", {"K2": "出生年份", "K6": "1" * 400}), "K6"),
        ("category-cell-newline", _cells("报名表", {"K2": "类别", "K7": "少年组\n女子"}), "K7"),
        ("category-cell-long", _cells("报名表", {"K2": "年龄组", "K8": "U" * 101}), "K8"),
        ("category-cond", _prize_block([("少年组前三", 3, "类别>=少年组")]), "设置"),
    ):
        yield Case(f"xlsx-prize-{cid}", ".xlsx", _edited(xlsx_path, edit), ("prizes",), place)
