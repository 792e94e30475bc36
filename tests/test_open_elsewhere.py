"""A workbook open in Excel, WPS or LibreOffice (issue 11, docs/reliability.md
§1): every command that writes the workbook stops before anything is
written, naming the file, the program and who has it open (read from the
owner file); a command that only reads runs; deleting a stale owner file
lets the next run through.

The owner files are written byte for byte as the programs write them:
Excel's 165-byte ``~$NAME`` (the name's length, the name in the Windows code
page, spaces to byte 55, the length again and the name in UTF-16-LE, spaces
to the end: the layout LibreOffice reads and writes for MS Office,
svl/source/misc/msodocumentlockfile.cxx) and LibreOffice's
``.~lock.NAME#`` (``NAME,SYSUSER,HOST,DATE,PROFILE;``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import enter_results
from xlxq.backends.safety import leftovers, owner_files, owner_of, refuse_open_elsewhere
from xlxq.cli import main
from xlxq.errors import InputError


def excel_owner_file(user: str) -> bytes:
    """An Excel owner file of ``user`` (at most 52 characters)."""
    n = len(user)
    acp = user.encode("gb18030")[:n]
    data = bytes([n]) + acp + b" " * (55 - 1 - len(acp)) + bytes([n, 0]) + user.encode("utf-16-le")
    while len(data) < 165:
        data += b" \x00"
    return data[:165]


def libreoffice_lock_file(user: str, sysuser: str, host: str) -> bytes:
    return f"{user},{sysuser},{host},01.12.2026 13:20,file:///home/{sysuser}/.config/libreoffice/4;".encode()


@pytest.fixture(scope="module")
def paired(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("open")
    assert main(["demo", str(d)]) == 0
    enter_results(d / "xlxq-demo.xlsx")  # round 1 played: pairing round 2 is allowed
    return d / "xlxq-demo.xlsx"


@pytest.fixture
def book(paired, tmp_path) -> Path:
    f = tmp_path / "赛事 2026.xlsx"
    shutil.copyfile(paired, f)
    return f


def _run(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


def _refused(capsys, book: Path, command: str, prefix: str = "错误：") -> str:
    before = book.read_bytes()
    rc, out, err = _run(capsys, command, book)
    assert rc == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err
    assert book.read_bytes() == before and leftovers(book) == []
    return lines[0]


OWNERS = [
    ("~$赛事 2026.xlsx", excel_owner_file("王裁判"), "Excel/WPS", "王裁判"),
    (".~lock.赛事 2026.xlsx#", libreoffice_lock_file("王裁判", "wang", "judge-pc"), "LibreOffice", "王裁判@judge-pc"),
]


@pytest.mark.parametrize("owner, content, program, who", OWNERS, ids=["excel", "libreoffice"])
@pytest.mark.parametrize("command", ["pair", "standings", "explain"])
def test_a_write_is_refused_while_open(capsys, book, owner, content, program, who, command):
    (book.parent / owner).write_bytes(content)
    line = _refused(capsys, book, command)
    assert f"{book.name} 正在 {program} 中打开（{who}，自 " in line
    assert f"删除所有者文件 {owner} 后再运行" in line
    assert ("xlxq 按钮" in line) == (program == "Excel/WPS")


def test_refused_in_english(capsys, book, monkeypatch):
    (book.parent / f"~${book.name}").write_bytes(excel_owner_file("Referee Li"))
    monkeypatch.setenv("XLXQ_LANG", "en")
    line = _refused(capsys, book, "pair", "error: ")
    assert f"{book.name} is open in Excel/WPS (by Referee Li, since " in line
    assert f"delete the owner file ~${book.name}" in line


def test_reading_commands_run_while_open(capsys, book):
    rc0, out0, _ = _run(capsys, "check", book)
    before = book.read_bytes()
    (book.parent / f"~${book.name}").write_bytes(excel_owner_file("王裁判"))
    rc, out, err = _run(capsys, "check", book)
    assert (rc, out) == (rc0, out0) and "正在" not in err
    assert book.read_bytes() == before


def test_deleting_a_stale_owner_file_lets_the_run_through(capsys, book):
    owner = book.parent / f".~lock.{book.name}#"
    owner.write_bytes(libreoffice_lock_file("", "wang", "judge-pc"))
    assert "wang@judge-pc" in _refused(capsys, book, "pair")
    owner.unlink()
    rc, out, err = _run(capsys, "pair", book)
    assert rc == 0, err
    assert "第2轮" in out


def test_unreadable_or_odd_owner_files(capsys, book):
    owner = book.parent / f"~${book.name}"
    owner.write_bytes(b"")
    line = _refused(capsys, book, "pair")
    assert f"{book.name} 正在 Excel/WPS 中打开（自 " in line
    owner.write_bytes(b"\xff" + b"\x00" * 10)  # not the format: no name, still refused
    assert owner_of(owner) == ""
    owner.write_bytes(bytes([5]) + b"admin" + b" " * 10)  # a short file: the code-page name
    assert owner_of(owner) == "admin"


def test_owner_file_names_and_contents(tmp_path):
    long = tmp_path / "第十届全国象棋个人锦标赛.xlsx"  # Excel keeps the whole name (Word cuts it)
    assert owner_files(long) == []
    (tmp_path / f"~${long.name}").write_bytes(excel_owner_file("张三"))
    (tmp_path / f".~lock.{long.name}#").write_bytes(libreoffice_lock_file("", "zs", "pc\\,1"))
    found = owner_files(long)
    assert [p for p, _ in found] == ["Excel/WPS", "LibreOffice"]
    assert owner_of(found[0][1]) == "张三"
    assert owner_of(found[1][1]) == "zs@pc,1"
    assert owner_files(tmp_path / "十届全国象棋个人锦标赛.xlsx") == []  # another workbook's owner is not this one's
    refuse_open_elsewhere(long)  # no workbook yet (a new file): the owner files are leftovers
    long.write_bytes(b"")
    with pytest.raises(InputError, match="张三"):
        refuse_open_elsewhere(long)


def test_a_json_file_is_never_checked(capsys, tmp_path):
    from tests.conftest import SAMPLE

    e = tmp_path / "e.json"
    assert main(["new", str(e), "--players", str(SAMPLE), "--rounds", "7"]) == 0
    (tmp_path / "~$e.json").write_bytes(excel_owner_file("x"))
    (tmp_path / ".~lock.e.json#").write_bytes(libreoffice_lock_file("x", "x", "x"))
    rc, out, err = _run(capsys, "pair", e)
    assert rc == 0, err
    assert '"round": 1' in e.read_text(encoding="utf-8")
