"""macOS, a workbook whose name is not ASCII (xlxq/excel/mac_caller.py): the
strings the button's AppleScript hands Python, built here exactly as
xlwings 0.37.8's ``ExecuteMac`` (xlwings.bas) and ``VbaHandler``
(xlwings-0.37.8.applescript) build them, mangled as xlwings issue #2004
shows, and the book found among Excel's open books all the same."""

from __future__ import annotations

import shlex
import sys
import unicodedata
from dataclasses import dataclass

import pytest

from xlxq.excel.mac_caller import find_caller, name_candidates, paths_from_command, pick_book

#: the exact string of xlwings issue #2004 for "Multikontoauszüge ab 2013.xlsm"
ISSUE_2004 = "MultikontoauszuÃàge ab 2013.xlsm"
#: "2026市公开赛.xlsm" (README's example) mangled the same way
MANGLED_ZH = "2026Â∏ÇÂÖ¨ÂºÄËµõ.xlsm"


def mangle(s: str) -> str:
    """What #2004 shows: the name decomposed (NFD), its UTF-8 bytes read as Mac Roman."""
    return unicodedata.normalize("NFD", s).encode("utf-8").decode("mac_roman")


def applescript_argv(
    fullname: str, name: str, command: str = "import xlxq.excel; xlxq.excel.pair_next_round()"
) -> list[str]:
    """The interpreter's argv (``sys.orig_argv``) for a click, as
    ``VbaHandler`` builds the shell command from ExecuteMac's parameter
    string and ``do shell script`` (sh) splits it."""
    pythonpath = (
        f"False;{fullname};{fullname};;;;"  # ADD_WORKBOOK_TO_PYTHONPATH (xlxq: False); ActiveFullName; ThisFullName …
    )
    shell = (
        f"python -B -u -W ignore -c \"import xlwings.utils;xlwings.utils.prepare_sys_path('{pythonpath}');"
        f'{command} " "--wb={name}" "--from_xl=1" "--app=/Applications/Microsoft Excel.app" > /dev/null 2>"x.log" &'
    )
    return shlex.split(shell.rsplit(" >", 1)[0])


@dataclass
class FakeBook:
    name: str
    fullname: str


@dataclass
class FakeApp:
    books: list


class FakeXw:
    def __init__(self, *books: FakeBook):
        self.apps = [FakeApp(list(books))]


def test_the_mangled_strings_are_those_of_the_issue():
    assert mangle("Multikontoauszüge ab 2013.xlsm") == ISSUE_2004
    assert mangle("2026市公开赛.xlsm") == MANGLED_ZH


@pytest.mark.parametrize(
    "arrived, meant",
    [
        (ISSUE_2004, "Multikontoauszüge ab 2013.xlsm"),
        (MANGLED_ZH, "2026市公开赛.xlsm"),
        (mangle("象棋赛事（甲组）.xlsm"), "象棋赛事（甲组）.xlsm"),
        (mangle("2026市公開賽·繁體.xlsm"), "2026市公開賽·繁體.xlsm"),
        ("2026市公开赛.xlsm", "2026市公开赛.xlsm"),  # intact
        (unicodedata.normalize("NFD", "Café.xlsm"), "Café.xlsm"),  # intact but decomposed (NFD)
    ],
)
def test_a_name_as_it_arrives_finds_the_open_book(arrived, meant):
    assert meant in name_candidates(arrived)
    books = [FakeBook("其他.xlsx", "/Users/a/其他.xlsx"), FakeBook(meant, f"/Users/a/赛事/{meant}")]
    argv = applescript_argv(mangle(f"/Users/a/赛事/{meant}"), arrived)
    assert pick_book(books, arrived, argv) is books[1]
    assert find_caller(FakeXw(*books), argv=argv[argv.index("--wb=" + arrived) :], orig_argv=argv) is books[1]


def test_two_open_books_of_one_name_are_told_apart_by_the_path_on_the_command_line():
    name = "2026市公开赛.xlsm"
    a = FakeBook(name, "/Users/a/甲/2026市公开赛.xlsm")
    b = FakeBook(name, "/Users/a/乙/2026市公开赛.xlsm")
    argv = applescript_argv(mangle(b.fullname), mangle(name))
    assert paths_from_command(argv)[0] == b.fullname
    assert pick_book([a, b], mangle(name), argv) is b
    assert pick_book([a, b], mangle(name), []) is None  # no path: not guessed


def test_an_ascii_name_takes_xlwings_own_way_and_no_match_falls_back():
    argv = applescript_argv("/Users/a/event.xlsm", "event.xlsm")
    assert find_caller(FakeXw(FakeBook("event.xlsm", "/Users/a/event.xlsm")), argv=argv, orig_argv=argv) is None
    argv = applescript_argv(mangle("/Users/a/别的.xlsm"), mangle("别的.xlsm"))
    assert find_caller(FakeXw(FakeBook("赛事.xlsm", "/Users/a/赛事.xlsm")), argv=argv, orig_argv=argv) is None


def test_a_click_on_macos_uses_the_lookup(monkeypatch):
    """xlxq.excel's button path on macOS: the mangled --wb finds the open book
    (xlwings' Book.caller() would look for the mangled name and fail)."""
    xlwings = pytest.importorskip("xlwings")
    import xlxq.excel as E

    book = FakeBook("2026市公开赛.xlsm", "/Users/a/2026市公开赛.xlsm")
    argv = applescript_argv(mangle(book.fullname), MANGLED_ZH)
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(sys, "argv", ["-c", *argv[argv.index("--wb=" + MANGLED_ZH) :]])
    monkeypatch.setattr(sys, "orig_argv", argv, raising=False)
    monkeypatch.setattr(xlwings, "apps", [FakeApp([book])])

    def no_caller():
        raise AssertionError("Book.caller() was used")

    monkeypatch.setattr(xlwings.Book, "caller", staticmethod(no_caller))
    assert E._caller(None) is book


def test_the_cannot_reach_message_names_the_workbook_as_meant(monkeypatch):
    import xlxq.excel as E

    monkeypatch.setattr(sys, "platform", "darwin")
    argv = ["-c", f"--wb={MANGLED_ZH}", "--from_xl=1"]
    st = E.unreachable_status("pair", RuntimeError("no book"), argv)
    assert "「2026市公开赛.xlsm」" in st.message_zh and MANGLED_ZH not in st.message_zh
