"""Every sheet prints (issue 13 §1, Done-when): full demo events of each kind,
played to the end through the workbook, every visible sheet rendered by
LibreOffice and checked by :mod:`tests.render_support` (nothing cut, no
ink at the paper's edge, no overlapping text, every name printed), zh and
en (积分晋圈淘汰: its knockout stage paired, not played: ``simulate`` does
not play it); and the shipped templates."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Optional

import openpyxl
import pytest

from tests.conftest import SAMPLE, TEMPLATES
from tests.render_support import check_workbook, missing_tools, problems, render_workbook, text_sizes
from xlxq.cli import main as cli_main

pytestmark = [pytest.mark.slow, pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))]

INFO = {
    "zh": {"比赛日期": "2026年12月1日—3日", "比赛地点": "杭州棋院", "裁判长": "张裁判", "编排长": "李编排"},
    "en": {"Date": "1–3 Dec 2026", "Venue": "Hangzhou", "Chief arbiter": "Zhang", "Chief of pairings": "Li"},
}
WORDS = {"zh": ("红胜", "和", "黑胜"), "en": ("1-0", "draw", "0-1")}


def cli(lang: str, monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setenv("XLXQ_LANG", lang)
    assert cli_main(list(args)) == 0, args


def type_settings(path: Path, values: dict[str, str]) -> None:
    """Type ``values`` (设置 label → text) into the 设置 sheet, as an arbiter does."""
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    for r in range(1, ws.max_row + 1):
        label = ws.cell(row=r, column=1).value
        if label in values:
            ws.cell(row=r, column=2).value = values[label]
    wb.save(path)


def random_results(path: Path, lang: str, rng: random.Random) -> None:
    """A random result typed into every open board of every round sheet (a
    row with two player numbers and an empty 结果)."""
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets[2:]:
        heads = [c.value for c in ws[2]]
        res = "结果" if lang == "zh" else "Result"
        if res not in heads:
            continue
        rc = heads.index(res) + 1
        nos = [i + 1 for i, v in enumerate(heads) if v in ("序号", "No", "No.")]
        for r in range(3, ws.max_row + 1):
            if ws.cell(row=r, column=rc).value in (None, "") and all(
                isinstance(ws.cell(row=r, column=c).value, int) for c in nos[:2]
            ):
                ws.cell(row=r, column=rc).value = rng.choice(WORDS[lang])
    wb.save(path)


def names_of(path: Path) -> list[str]:
    """The players' names typed into the registration sheet."""
    ws = openpyxl.load_workbook(path).worksheets[1]
    heads = [c.value for c in ws[2]]
    col = heads.index("姓名" if "姓名" in heads else "Name") + 1
    return [str(v) for v in (ws.cell(row=r, column=col).value for r in range(3, ws.max_row + 1)) if v]


def individual(
    tmp: Path,
    lang: str,
    monkeypatch: pytest.MonkeyPatch,
    n: int,
    *options: str,
    settings: Optional[dict[str, Any]] = None,
) -> Path:
    csv = tmp / "players.csv"
    csv.write_text("\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[: n + 1]) + "\n", encoding="utf-8")
    path = tmp / "event.xlsx"
    cli(lang, monkeypatch, "new", str(path), "--players", str(csv), "--name", "全国象棋个人赛", *options)
    type_settings(path, {**INFO[lang], **(settings or {})})
    if "round_robin" in options:
        cli(lang, monkeypatch, "schedule", str(path))
    cli(lang, monkeypatch, "simulate", "--seed", "7", str(path))
    return path


def team(tmp: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """10 teams of 5 (4 boards), 9 rounds, random results typed round by round."""
    rows = ["队名,姓名,台次,替补"]
    surnames = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许"
    for t in range(10):
        for k in range(5):
            rows.append(
                f"{'东南西北中春夏秋冬京'[t]}城队,{surnames[(t + 3 * k) % 20]}{'文武明亮志远海峰国平'[t]}{k + 1},"
                f"{k + 1 if k < 4 else ''},{'是' if k == 4 else ''}"
            )
    csv = tmp / "teams.csv"
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    path = tmp / "team.xlsx"
    cli(
        lang,
        monkeypatch,
        "new",
        str(path),
        "--teams",
        str(csv),
        "--boards",
        "4",
        "--rounds",
        "9",
        "--name",
        "全国象棋团体赛",
    )
    type_settings(path, INFO[lang])
    rng = random.Random(5)
    for _ in range(9):
        cli(lang, monkeypatch, "pair", str(path))
        random_results(path, lang, rng)
    cli(lang, monkeypatch, "standings", str(path))
    return path


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("kind", ["swiss", "round_robin", "knockout", "team", "swiss_knockout"])
def test_every_sheet_of_a_finished_event_prints(tmp_path, monkeypatch, kind, lang):
    if kind == "swiss":
        path = individual(tmp_path, lang, monkeypatch, 24, "--rounds", "9")
    elif kind == "round_robin":
        path = individual(tmp_path, lang, monkeypatch, 10, "--system", "round_robin")
    elif kind == "knockout":
        path = individual(tmp_path, lang, monkeypatch, 16, "--system", "knockout")
    elif kind == "swiss_knockout":  # 积分晋圈淘汰: 7 Swiss rounds played, the top 8's first knockout round paired
        path = individual(
            tmp_path,
            lang,
            monkeypatch,
            24,
            "--rounds",
            "7",
            settings={"晋圈人数" if lang == "zh" else "Qualifiers to knockout": 8},
        )
        cli(lang, monkeypatch, "qualify", "--top", "8", str(path))
        cli(lang, monkeypatch, "pair", str(path))
        assert len(openpyxl.load_workbook(path).sheetnames) == 15  # 7 rounds, 晋级名单, 对阵图, 淘汰赛第1轮 …
    else:
        path = team(tmp_path, lang, monkeypatch)
    if kind in ("swiss", "team"):  # the paper of a round (docs/paper.md): both styles of 记分单, the 公告
        last = "9"
        cli(lang, monkeypatch, "scoresheets", str(path), "--round", last)
        cli(lang, monkeypatch, "scoresheets", str(path), "--round", "8", "--style", "compact")
        cli(lang, monkeypatch, "notice", str(path), "--round", last)
    names = names_of(path)
    assert len(names) >= 10
    renders = check_workbook(path, tmp_path / "render", names)
    # the 成绩册 as a workbook (docs/booklet.md): every sheet of it prints too
    booklet = tmp_path / "booklet.xlsx"
    cli(lang, monkeypatch, "report", str(path), "--out", str(booklet))
    check_workbook(booklet, tmp_path / "render-booklet", names)
    text = "".join(r.text for r in renders.values())
    assert ("张裁判" if lang == "zh" else "Zhang") in text  # the signature line, filled from 设置
    if kind in ("swiss", "team"):  # the 公告's header and footer (issue 25 §2): event, 裁判长 line, page number
        notice = renders["第9轮编排公告" if lang == "zh" else "Round 9 pairings notice"].text
        words = ("裁判长：张裁判", "第 1 页，共") if lang == "zh" else ("Chief arbiter: Zhang", "page 1 of")
        assert "全国象棋" in notice and all(w in notice for w in words), notice[-300:]
    assert ("2026年12月1日" if lang == "zh" else "1–3 Dec 2026") in text


@pytest.mark.parametrize(
    "name",
    [f"xlxq-{kind}-{lang}.xlsx" for kind in ("event", "team") for lang in ("zh", "en", "zh-Hant")],
)
def test_templates_print(tmp_path, name):
    check_workbook(TEMPLATES / name, tmp_path)


#: the smallest size (points) a split table's text prints at (issue 25 §2)
READABLE = 9.0


def test_a_wide_standings_prints_readably_over_pages_with_the_names_on_each(tmp_path, monkeypatch):
    """Issue 25 §2: the 31-player × 9-round 成绩表 (about 6 pt when fitted to
    one page) prints at :data:`READABLE` points or more, split into pages of
    whole columns with 名次/序号/姓名 repeated on every page and nothing
    cut; a round robin of 10's 成绩表 (20 columns, 6 pt before) too; its
    交叉表 stays one page at 11 pt."""
    (tmp_path / "swiss").mkdir()
    (tmp_path / "rr").mkdir()
    swiss = individual(tmp_path / "swiss", "zh", monkeypatch, 31, "--rounds", "9")
    rr = individual(tmp_path / "rr", "zh", monkeypatch, 10, "--system", "round_robin")
    for book, sheet, pages in ((swiss, "成绩表", 2), (rr, "成绩表", 2), (rr, "交叉表", 1)):
        r = render_workbook(book, tmp_path / f"render-{book.parent.name}-{sheet}", only=[sheet])[sheet]
        sizes = text_sizes(r.pdf)
        smallest = min(size for page in sizes for size, _ in page)
        assert len(sizes) == pages and smallest >= READABLE, (book.parent.name, sheet, len(sizes), smallest)
        assert not problems(r), problems(r)
        names = names_of(book)
        for page in r.pages:  # the names on every page: the identifying columns repeated
            text = "".join(w.text for w in page.words)
            assert all(n in text for n in names), (sheet, [n for n in names if n not in text])


def registration(path: Path, n: int) -> Path:
    """``n`` players of distinct names (the sample's units and ratings, the
    seeds of its first rows only)."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    head, body = lines[0], lines[1:]
    seed = head.split(",").index("种子")
    surnames = "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜"
    rows = [head]
    for i in range(n):
        cells = body[i % len(body)].split(",")
        cells[0] = surnames[i % len(surnames)] + "晓" + "明亮刚强伟"[i % 5]
        if i >= len(body):
            cells[seed] = ""
        rows.append(",".join(cells))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_the_booklets_wide_standings_print_readably(tmp_path, monkeypatch):
    """Issue 25 §2: the 成绩册 workbook's 成绩表 prints at :data:`READABLE`
    points or more as the event workbook's does (it was fitted to one page
    wide: the 31 × 9 Swiss's on a portrait page at about 7 pt; a 16-player
    round robin's at about 5 pt): the Swiss's on one landscape page, the
    round robin's over two pages of whole columns at 85 % with 名次/序号/姓名
    repeated, nothing cut, every name on every page."""
    for key, n, options, pages in (
        ("swiss", 31, ("--rounds", "9"), 1),
        ("rr", 16, ("--system", "round_robin"), 2),
    ):
        ev = tmp_path / f"{key}.json"
        players = registration(tmp_path / f"{key}.csv", n)
        cli("zh", monkeypatch, "new", str(ev), "--players", str(players), "--name", "全国象棋个人赛", *options)
        if key == "rr":
            cli("zh", monkeypatch, "schedule", str(ev))
        cli("zh", monkeypatch, "simulate", "--seed", "7", str(ev))
        book = tmp_path / f"{key}-booklet.xlsx"
        cli("zh", monkeypatch, "report", str(ev), "--out", str(book))
        r = render_workbook(book, tmp_path / f"render-{key}", only=["成绩表"])["成绩表"]
        sizes = text_sizes(r.pdf)
        names = [line.split(",")[0] for line in players.read_text(encoding="utf-8").splitlines()[1:]]
        # the table's text (the note under it is 9-point italics by design)
        smallest = min(size for page in sizes for size, text in page if any(x in text for x in names))
        assert len(sizes) == pages and smallest >= READABLE, (key, len(sizes), smallest)
        assert not problems(r), problems(r)
        for page in r.pages:
            text = "".join(w.text for w in page.words)
            assert all(x in text for x in names), (key, [x for x in names if x not in text])
