"""The registration reader without pandas gives the rows pandas gave.

pandas was the reader of registration files (``read_excel`` / ``read_csv``)
until it was dropped from the dependencies (it made every button click
slower: xlwings imports pandas whenever it is installed).  Where pandas is
still installed, these tests run the old pandas code next to the new one on
random files, .xlsx and .csv, and compare the rows and the players (or the
error) they lead to."""

from __future__ import annotations

import datetime as dt
import io
import math
import random

import pytest

from xlxq.backends import registration as R
from xlxq.errors import InputError

pd = pytest.importorskip("pandas", reason="the comparison needs pandas (no longer a dependency)")


def pandas_rows(path):
    """The reader as it was (xlxq before pandas was dropped)."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        df = pd.read_excel(path, sheet_name=0, header=None, dtype=object, engine="openpyxl")
        return df.values.tolist()
    text = R.decode_text(path)  # unchanged: shared with the new reader
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    sep = max((",", "\t", ";"), key=lambda c: (first.count(c), c == ","))
    try:
        df = pd.read_csv(
            io.StringIO(text),
            sep=sep,
            header=None,
            dtype=str,
            keep_default_na=False,
            skip_blank_lines=False,
            engine="python",
        )
    except pd.errors.EmptyDataError:
        return []
    except (pd.errors.ParserError, ValueError) as exc:
        raise InputError(f"报名表 {path.name} 格式错误：{exc}", f"malformed registration {path.name}: {exc}") from None
    return df.values.tolist()


def norm(rows):
    """Rows with every kind of 'empty' as None and dates as datetime."""

    def one(v):
        if v is None or v is pd.NaT or v is pd.NA or (isinstance(v, float) and math.isnan(v)):
            return None
        if isinstance(v, pd.Timestamp):
            return v.to_pydatetime()
        return v

    out = [[one(v) for v in r] for r in rows]
    while out and all(v is None for v in out[-1]):
        out.pop()  # trailing blank lines: both readers skip them
    return out


CELLS = [
    None,
    None,
    "",
    "张三",
    " 李四 ",
    "Alice",
    "NA",
    "null",
    "None",
    "n/a",
    "  ",
    "北京",
    "1-2",
    "007",
    2100,
    1980.5,
    3.0,
    0,
    True,
    False,
    dt.datetime(2024, 5, 1, 0, 0),
    dt.datetime(1899, 12, 30, 2, 0),
    "=1+1",
    "#N/A",
    "2,100",
]
HEADERS = [["姓名", "单位", "等级分"], ["Name", "Club", "Rating", "Seed"], ["序号", "姓名"], ["姓名"], ["报名表"], []]


def random_rows(rng: random.Random) -> list[list]:
    rows = [rng.choice(HEADERS)[:] for _ in range(rng.randint(0, 2))]
    rows.append(rng.choice(HEADERS[:4])[:])
    width = rng.randint(1, 4)
    for _ in range(rng.randint(0, 8)):
        if rng.random() < 0.15:
            rows.append([])
        else:
            rows.append([rng.choice(CELLS) for _ in range(rng.randint(1, width))])
    return rows


def write_xlsx(path, rows):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for i, r in enumerate(rows, start=1):
        for j, v in enumerate(r, start=1):
            if v is not None:
                ws.cell(row=i, column=j, value=v)
    if rows and rows[0] == ["报名表"]:
        wb.create_sheet("second")["A1"] = "姓名"  # only the first sheet is read
    wb.save(path)
    return path


def csv_text(rng: random.Random, rows: list[list]) -> str:
    sep = rng.choice([",", ",", "\t", ";"])
    lines = []
    for r in rows:
        cells = []
        for v in r:
            s = "" if v is None else str(v)
            if sep in s or '"' in s or rng.random() < 0.1:
                s = '"' + s.replace('"', '""') + '"'
            cells.append(s)
        lines.append(sep.join(cells))
    return "\n".join(lines) + rng.choice(["", "\n", "\n\n", "\r\n"])


def outcome(fn, path):
    try:
        return ("ok", fn(path))
    except InputError as exc:
        return ("error", exc.zh, exc.en)


@pytest.mark.parametrize("seed", range(60))
def test_excel_rows_equal_pandas(tmp_path, seed):
    rng = random.Random(seed)
    rows = random_rows(rng)
    path = write_xlsx(tmp_path / "r.xlsx", rows)
    formulas = [(i, j) for i, r in enumerate(rows, start=1) for j, v in enumerate(r) if v == "=1+1"]
    if formulas:  # openpyxl stores no value: pandas read a blank, the reader names the cell (docs/reliability.md §3)
        i, j = min(formulas)
        with pytest.raises(
            InputError, match=f"r.xlsx：“Sheet”表（{'ABCD'[j]}{i}）：公式 =1\\+1 在文件中没有保存计算结果"
        ):
            R._read_rows(path)
        return
    assert norm(R._read_rows(path)) == norm(pandas_rows(path))


@pytest.mark.parametrize("seed", range(60))
def test_csv_rows_equal_pandas(tmp_path, seed):
    rng = random.Random(1000 + seed)
    rows = random_rows(rng)
    path = tmp_path / "r.csv"
    path.write_bytes(csv_text(rng, rows).encode(rng.choice(["utf-8", "utf-8-sig", "gb18030"])))
    new, old = outcome(R._read_rows, path), outcome(pandas_rows, path)
    if old[0] == "ok":
        assert new[0] == "ok" and norm(new[1]) == norm(old[1])
    else:
        assert new == old  # the same message for a row longer than the first


@pytest.mark.parametrize("seed", range(40))
def test_players_equal_those_read_through_pandas(tmp_path, seed, monkeypatch):
    rng = random.Random(5000 + seed)
    names = ["张三", "李四", "王五", "Alice", "Bob", "赵六", "NA", " 钱七 "]
    header = rng.choice([["姓名", "单位", "等级分"], ["Name", "Club", "Rating", "Seed"], ["序号", "姓名", "单位"]])
    rows = [["某某赛报名表"]] if rng.random() < 0.3 else []
    rows.append(header)
    for i in range(rng.randint(1, 8)):
        row = []
        for h in header:
            if h in ("姓名", "Name"):
                row.append(rng.choice(names) + str(i))
            elif h == "序号":
                row.append(rng.choice([i + 1, i + 1, float(i + 1), str(i + 1), None]))
            elif h in ("等级分", "Rating"):
                row.append(rng.choice([2000 + i, 1900.5, None, "abc", "2100"]))
            elif h == "Seed":
                row.append(rng.choice([None, None, i + 1, 0]))
            else:
                row.append(rng.choice(["北京", None, "上海", 7]))
        rows.append(row)
        if rng.random() < 0.1:
            rows.append([])
    for kind in ("xlsx", "csv"):
        path = tmp_path / f"r.{kind}"
        if kind == "xlsx":
            write_xlsx(path, rows)
        else:
            path.write_text(csv_text(rng, rows), encoding="utf-8")
        new = outcome(R.read_registration, path)
        monkeypatch.setattr(
            R,
            "_read_rows",
            lambda p: [[None if (isinstance(v, float) and math.isnan(v)) else v for v in r] for r in pandas_rows(p)],
        )
        old = outcome(R.read_registration, path)
        monkeypatch.undo()
        assert new == old, kind


def test_no_pandas_is_imported_by_the_reader(tmp_path):
    import subprocess
    import sys

    path = write_xlsx(tmp_path / "r.xlsx", [["姓名", "单位"], ["张三", "北京"]])
    csv = tmp_path / "r.csv"
    csv.write_text("姓名,单位\n李四,上海\n", encoding="utf-8")
    code = (
        "import sys; from xlxq.backends.registration import read_registration as r; "
        f"print(r({str(path)!r})[0].name, r({str(csv)!r})[0].name, 'pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["张三", "李四", "False"]
