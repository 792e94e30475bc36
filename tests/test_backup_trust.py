"""Issue 21, files: backups ordered by a sequence number, not the clock
(stamps in the future, time zone changes, the earlier names still listed
and restorable), and ``xlxq backups FILE --restore K`` restoring only a
readable event of the same kind, never through a symbolic link."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.conftest import SAMPLE, SAMPLE_TEAMS
from xlxq.backends import backups as B
from xlxq.cli import main


def _event(tmp_path: Path, name: str = "e.json", *extra: str) -> Path:
    f = tmp_path / name
    assert main(["new", str(f), "--players", str(SAMPLE), "--rounds", "5", *extra]) == 0
    return f


def _run(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture
def tz():
    """Set the process's time zone (TZ and tzset), put back after."""
    before = os.environ.get("TZ")

    def set_tz(name: str) -> None:
        os.environ["TZ"] = name
        time.tzset()

    yield set_tz
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


def _old_backup(f: Path, stamp: str, text: str, sub: int = 1, op: str = "pair") -> Path:
    """A backup named by the earlier scheme (``YYYYMMDD-HHMMSS[.N]-op``)."""
    folder = B.folder_of(f)
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / f"{stamp}{'' if sub == 1 else f'.{sub}'}-{op}{f.suffix}"
    p.write_text(text, encoding="utf-8")
    return p


def test_the_newest_is_the_last_made_whatever_the_clock_says(tmp_path, tz):
    """20 backups stamped in the "future" (a clock set wrong once): the next
    save's backup is 1 = 最新 and the rotation removes the oldest of those,
    never the one just made; a change of time zone between two saves (the
    later one stamped hours "earlier") changes nothing either."""
    f = tmp_path / "e.json"
    for k in range(20):
        _old_backup(f, f"209901{k + 1:02d}-120000", f"future {k}\n")
    f.write_text("now 1\n", encoding="utf-8")
    tz("Pacific/Kiritimati")  # UTC+14
    first = B.keep(f)
    assert first is not None and first.exists()
    left = B.backups(f)
    assert len(left) == 20 and left[0].path == first and left[0].path.read_text(encoding="utf-8") == "now 1\n"
    texts = [b.path.read_text(encoding="utf-8") for b in left]
    assert "future 0\n" not in texts and "future 19\n" in texts  # the oldest stamp went
    tz("Pacific/Pago_Pago")  # UTC-11: 25 hours "back"
    f.write_text("now 2\n", encoding="utf-8")
    second = B.keep(f)
    assert second is not None and second.exists()
    left = B.backups(f)
    assert [b.path for b in left[:2]] == [second, first]
    assert left[0].time < left[1].time  # the stamps say the opposite: information only
    assert [b.seq for b in left[:2]] == [2, 1] and left[0].path.name.startswith("000002-")


def test_every_save_of_a_command_is_newest_in_any_time_zone(tmp_path, tz, capsys):
    f = _event(tmp_path)
    for zone, cmd in (("Asia/Shanghai", "pair"), ("America/Los_Angeles", "simulate"), ("Asia/Tokyo", "undo")):
        tz(zone)
        before = f.read_bytes()
        args = ["--seed", "3"] if cmd == "simulate" else ["--force"] if cmd == "undo" else []
        assert main([cmd, str(f), *args]) == 0
        newest = B.backups(f)[0]
        assert newest.operation == cmd and newest.path.read_bytes() == before
    rc, out, _ = _run(capsys, "backups", f, "--json")
    rows = json.loads(out)["backups"]
    assert [r["operation"] for r in rows] == ["undo", "simulate", "pair"]


def test_backups_of_the_earlier_names_are_listed_and_restored(tmp_path, capsys):
    """Backups kept before the numbering: listed after the numbered ones (by
    their stamp, the same second's ``.2`` after ``.1``), and restorable."""
    f = _event(tmp_path)
    original = f.read_bytes()
    old1 = _old_backup(f, "20261201-142233", original.decode("utf-8"))
    old2 = _old_backup(f, "20261201-142233", original.decode("utf-8") + " ", sub=2, op="standings")
    old3 = _old_backup(f, "20300101-000000", original.decode("utf-8") + "  ", op="undo")  # a "future" one
    assert main(["pair", str(f)]) == 0
    listed = B.backups(f)
    assert [b.path for b in listed[1:]] == [old3, old2, old1] and listed[0].seq == 1
    rc, out, _ = _run(capsys, "backups", f)
    assert rc == 0 and "20261201" not in out and "2026-12-01 14:22:33  standings" in out
    rc, out, err = _run(capsys, "backups", f, "--restore", 4)
    assert rc == 0, err
    assert f.read_bytes() == original and B.backups(f)[0].operation == "restore" and B.backups(f)[0].seq == 2


def _state(tmp_path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(tmp_path)): (os.readlink(p).encode() if p.is_symlink() else p.read_bytes())
        for p in sorted(tmp_path.rglob("*"))
        if p.is_file() or p.is_symlink()
    }


def _refused(capsys, tmp_path: Path, f: Path, k: int, word: str, lang: str = "zh") -> str:
    before = _state(tmp_path)
    if lang == "en":
        os.environ["XLXQ_LANG"] = "en"
    try:
        rc, out, err = _run(capsys, "backups", f, "--restore", k)
    finally:
        os.environ.pop("XLXQ_LANG", None)
    assert rc == 2, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err and "内部错误" not in err
    assert word in err, err
    assert _state(tmp_path) == before  # nothing changed, no backup made
    return err


@pytest.mark.parametrize("suffix", [".json", ".xlsx"])
def test_a_truncated_or_linked_backup_is_not_restored(tmp_path, capsys, suffix):
    if suffix == ".json":
        f = _event(tmp_path)
        assert main(["pair", str(f)]) == 0
        assert main(["simulate", str(f), "--seed", "1"]) == 0
    else:
        assert main(["demo", str(tmp_path)]) == 0
        f = tmp_path / "xlxq-demo.xlsx"
        assert main(["simulate", str(f), "--seed", "1", "--rounds", "1"]) == 0
        assert main(["undo", str(f)]) == 0
    listed = B.backups(f)
    assert len(listed) >= 2
    good = listed[0].path.read_bytes()
    # truncated (a disk that filled up, a copy cut short)
    for cut in (0, 100, len(good) // 2, len(good) - 3):
        listed[1].path.write_bytes(good[:cut])
        err = _refused(capsys, tmp_path, f, 2, f"备份 {listed[1].path}")
        assert "未恢复" in err
    # a symbolic link: to another event file, to a system file, to a folder; never followed
    other = tmp_path / ("other" + suffix)
    other.write_bytes(good)
    for target in (other, Path("/etc/hostname"), tmp_path):
        listed[1].path.unlink()
        listed[1].path.symlink_to(target)
        err = _refused(capsys, tmp_path, f, 2, "符号链接")
        assert str(listed[1].path) in err
    _refused(capsys, tmp_path, f, 2, "symbolic link", lang="en")
    # the backup folder itself a link to somewhere else
    folder = B.folder_of(f)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(folder, elsewhere, symlinks=True)
    shutil.rmtree(folder)
    folder.symlink_to(elsewhere)
    _refused(capsys, tmp_path, f, 1, "符号链接")
    folder.unlink()
    shutil.copytree(elsewhere, folder, symlinks=True)
    # a good one still restores
    rc, out, err = _run(capsys, "backups", f, "--restore", 1)
    assert rc == 0 and f.read_bytes() == good, err


def test_a_backup_of_another_kind_is_not_restored(tmp_path, capsys):
    """A team event's file in the backups of an individual event (and the
    other way round), a workbook's bytes under a JSON event's backups."""
    f = _event(tmp_path)
    assert main(["pair", str(f)]) == 0
    team = tmp_path / "t.json"
    assert main(["new", str(team), "--teams", str(SAMPLE_TEAMS), "--boards", "4", "--rounds", "4"]) == 0
    b = B.backups(f)[0]
    b.path.write_bytes(team.read_bytes())
    err = _refused(capsys, tmp_path, f, 1, "团体赛")
    assert "个人赛" in err
    assert main(["demo", str(tmp_path / "demo")]) == 0
    b.path.write_bytes((tmp_path / "demo" / "xlxq-demo.xlsx").read_bytes())
    _refused(capsys, tmp_path, f, 1, "不是可读的 xlxq 赛事文件")
    # a workbook that is not an event workbook
    import openpyxl

    book = tmp_path / "demo" / "xlxq-demo.xlsx"
    assert main(["simulate", str(book), "--seed", "2"]) == 0
    plain = openpyxl.Workbook()
    plain.active.title = "Sheet1"
    kept = B.backups(book)[0].path
    plain.save(kept)
    _refused(capsys, tmp_path, book, 1, "不是可读的 xlxq 赛事工作簿")


def test_a_link_in_the_backups_does_not_stop_the_next_backup(tmp_path):
    """The newest "backup" a symbolic link to the event file itself: it
    equals the file, but is no copy of it; the next save still keeps one."""
    f = tmp_path / "e.json"
    f.write_text("version 1\n", encoding="utf-8")
    folder = B.folder_of(f)
    folder.mkdir(parents=True)
    (folder / "000005-20261201-142233-pair.json").symlink_to(f)
    kept = B.keep(f)
    assert kept is not None and not kept.is_symlink() and kept.read_text(encoding="utf-8") == "version 1\n"
    assert B.backups(f)[0].path == kept and kept.name.startswith("000006-")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_linked_backup_is_marked_in_the_listing(tmp_path, capsys, lang):
    """The listing marks a backup that is a symbolic link (restore refuses
    it), does not read through it (its rounds "?"), and marks every backup
    when the backup folder itself is a link; ``--json`` says ``link``."""
    f = _event(tmp_path)
    assert main(["pair", str(f)]) == 0
    assert main(["simulate", str(f), "--seed", "1", "--rounds", "1"]) == 0
    assert main(["simulate", str(f), "--seed", "1", "--rounds", "1"]) == 0
    listed = B.backups(f)
    assert len(listed) >= 3
    other = tmp_path / "other.json"
    other.write_bytes(listed[0].path.read_bytes())
    listed[1].path.unlink()
    listed[1].path.symlink_to(other)
    word = "符号链接" if lang == "zh" else "symbolic link"
    if lang == "en":
        os.environ["XLXQ_LANG"] = "en"
    try:
        rc, out, _ = _run(capsys, "backups", f)
        assert rc == 0
        rows = [line for line in out.splitlines() if line.strip()[:2].strip().isdigit()]
        assert len(rows) == len(listed)
        assert [word in r for r in rows] == [k == 1 for k in range(len(listed))], out
        assert rows[1].split()[4] == "?"  # the link is not read: its rounds unknown
        rc, out, _ = _run(capsys, "backups", f, "--json")
        assert [r["link"] for r in json.loads(out)["backups"]] == [k == 1 for k in range(len(listed))]
        # the backup folder itself a link: every backup is marked (restore refuses each)
        folder = B.folder_of(f)
        elsewhere = tmp_path / "elsewhere"
        shutil.copytree(folder, elsewhere, symlinks=True)
        shutil.rmtree(folder)
        folder.symlink_to(elsewhere)
        rc, out, _ = _run(capsys, "backups", f)
        rows = [line for line in out.splitlines() if line.strip()[:2].strip().isdigit()]
        assert rc == 0 and len(rows) == len(listed) and all(word in r for r in rows), out
    finally:
        os.environ.pop("XLXQ_LANG", None)
