"""Nothing lost and nothing silently wrong (issue 11, docs/reliability.md):
two writers at once (the lock), ``kill -9`` during saves (the atomic save
and the clean-up of the next run), read-only files, and formula cells of a
real .xlsx (stored values read, kept through a save, never written over;
none stored: the cell named).

The concurrent and killed runs are real processes: children forked from
this test process (xlxq already imported, so both start together) that run
``xlxq.cli.main`` with their output in a file.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import random
import re
import shutil
import signal
import stat
import time
import zipfile
from pathlib import Path

import pytest

from tests.conftest import SAMPLE, enter_results
from xlxq.backends.safety import file_lock, leftovers, lock_file_of
from xlxq.cli import main
from xlxq.errors import InputError

CTX = mp.get_context("fork")


def _child(args: list[str], out: str, start) -> None:  # pragma: no cover - runs in the child
    import sys

    sys.stdout = sys.stderr = open(out, "w", encoding="utf-8")  # noqa: SIM115 - the child exits with it open
    if start is not None:
        start.wait()
    try:
        rc = main(args)
    except SystemExit as exc:
        rc = int(exc.code or 0)
    sys.stdout.flush()
    os._exit(rc)


def _spawn(args: list[str], out: Path, start=None):
    p = CTX.Process(target=_child, args=(args, str(out), start))
    p.start()
    return p


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> dict[str, Path]:
    """An 8-player Swiss as a JSON file and as a workbook, round 1 paired."""
    d = tmp_path_factory.mktemp("small")
    csv = d / "p.csv"
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join(lines[:9]) + "\n", encoding="utf-8")
    js = d / "e.json"
    assert main(["new", str(js), "--players", str(csv), "--rounds", "7"]) == 0
    assert main(["pair", str(js)]) == 0
    demo = d / "demo"
    demo.mkdir()
    assert main(["demo", str(demo)]) == 0
    for f in (js, demo / "xlxq-demo.xlsx"):  # round 1 played: pairing round 2 is allowed
        enter_results(f)
    return {"json": js, "xlsx": demo / "xlxq-demo.xlsx"}


def _rounds(path: Path) -> list[int]:
    if path.suffix == ".json":
        return [r["round"] for r in json.loads(path.read_text(encoding="utf-8"))["rounds"]]
    from openpyxl import load_workbook

    names = load_workbook(path, read_only=True).sheetnames
    return sorted(int(m.group(1)) for n in names if (m := re.fullmatch(r"第(\d+)轮", n)))


_PAIRED = re.compile(r"已编排第(\d+)轮|第(\d+)轮对阵表")


def _paired_round(text: str) -> int | None:
    m = _PAIRED.search(text)
    return int(m.group(1) or m.group(2)) if m else None


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["json", "xlsx"])
@pytest.mark.parametrize("other", ["pair", "standings"])
def test_two_writers_lose_nothing(small, tmp_path, kind, other):
    """50 trials of ``xlxq pair`` with a second ``pair`` or ``standings`` at
    the same moment: every round a run reports is in the file, once; the
    file has exactly the rounds reported."""
    base = small[kind]
    start_rounds = _rounds(base)
    waited = 0
    for trial in range(50):
        f = tmp_path / f"t{trial}{base.suffix}"
        shutil.copy(base, f)
        go = CTX.Event()
        a = _spawn(["pair", str(f)], tmp_path / "a.out", go)
        b = _spawn([other, str(f)], tmp_path / "b.out", go)
        go.set()
        a.join(60)
        b.join(60)
        outs = [(p.exitcode, (tmp_path / n).read_text(encoding="utf-8")) for p, n in ((a, "a.out"), (b, "b.out"))]
        reported = []
        for (rc, text), cmd in zip(outs, ("pair", other)):
            if rc == 2 and cmd == other == "pair" and "还没有任何结果" in text:
                continue  # the other pair made round 2 first: no pairing on a round without results
            if rc == 2:  # the only other refusal allowed: the lock, after waiting
                assert "正被另一个 xlxq 运行" in text and f.name in text, text
                waited += 1
                continue
            assert rc == 0, (trial, cmd, rc, text[-500:])
            if cmd == "pair":
                reported.append(_paired_round(text))
        rounds = _rounds(f)
        assert len(rounds) == len(set(rounds)), rounds
        assert sorted(reported) == [r for r in rounds if r not in start_rounds], (trial, reported, rounds)
        assert not leftovers(f) and not lock_file_of(f).exists()
        f.unlink()
    assert waited <= 5  # a few seconds' wait covers a small event's run


def test_lock_refuses_a_second_run_with_one_line(small, tmp_path, monkeypatch, capsys):
    f = tmp_path / "e.json"
    shutil.copy(small["json"], f)
    before = f.read_bytes()
    monkeypatch.setenv("XLXQ_LOCK_WAIT", "0.2")
    ready, done = CTX.Event(), CTX.Event()

    def hold() -> None:  # pragma: no cover - runs in the child
        with file_lock(f):
            ready.set()
            done.wait(30)
        os._exit(0)

    p = CTX.Process(target=hold)
    p.start()
    assert ready.wait(30)
    try:
        assert main(["pair", str(f)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "e.json" in err and "正被另一个 xlxq 运行" in err and "0.2 秒" in err
        assert f.read_bytes() == before
    finally:
        done.set()
        p.join(30)
    assert main(["pair", str(f)]) == 0  # free again, and no lock file left
    assert not lock_file_of(f).exists()


def test_a_killed_holder_never_blocks(small, tmp_path):
    """The OS drops a dead process's lock: the lock file it leaves is taken
    (and removed) by the next run at once."""
    f = tmp_path / "e.json"
    shutil.copy(small["json"], f)
    ready = CTX.Event()

    def hold() -> None:  # pragma: no cover - runs in the child
        with file_lock(f):
            ready.set()
            time.sleep(60)

    p = CTX.Process(target=hold)
    p.start()
    assert ready.wait(30)
    os.kill(p.pid, signal.SIGKILL)
    p.join(30)
    assert lock_file_of(f).exists()
    t = time.perf_counter()
    assert main(["pair", str(f)]) == 0
    assert time.perf_counter() - t < 4
    assert not lock_file_of(f).exists()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["xlsx", "json"])
def test_kill_during_saves_leaves_old_or_new(small, tmp_path, kind):
    """50 runs of ``xlxq pair`` killed (SIGKILL) at a random moment near the
    end (the save): the file is always the old one or a whole new one, and
    the next run leaves no temporary or lock file behind."""
    base = small[kind]
    old = base.read_bytes()
    f = tmp_path / ("e" + base.suffix)
    shutil.copy(base, f)
    t = time.perf_counter()
    p = _spawn(["pair", str(f)], tmp_path / "probe.out")
    p.join(60)
    full = time.perf_counter() - t
    new_rounds = _rounds(f)
    in_save = changed = 0
    rng = random.Random(11)
    for trial in range(50):
        shutil.copy(base, f)
        p = _spawn(["pair", str(f)], tmp_path / "k.out")
        time.sleep(full * rng.uniform(0.5, 1.05))
        os.kill(p.pid, signal.SIGKILL)
        p.join(30)
        in_save += bool(leftovers(f))
        data = f.read_bytes()
        if data != old:
            changed += 1
            assert _rounds(f) == new_rounds, trial  # a whole new file
            if kind == "xlsx":
                assert zipfile.ZipFile(f).testzip() is None
        assert main(["standings", str(f)]) in (0, 1), trial  # the next run reads it and cleans up
        assert not leftovers(f), trial
        assert not lock_file_of(f).exists(), trial
        left = sorted(n for n in os.listdir(tmp_path) if n != ".xlxq-backups")  # the backups every save keeps
        assert left == sorted(["e" + base.suffix, "probe.out", "k.out"]), os.listdir(tmp_path)
    print(f"{kind}: 50 kills, {in_save} inside the save (a temporary file left), {changed} after the rename")


@pytest.mark.parametrize("kind", ["json", "xlsx"])
def test_read_only_file_refused(small, tmp_path, capsys, kind):
    f = tmp_path / ("e" + small[kind].suffix)
    shutil.copy(small[kind], f)
    os.chmod(f, 0o444)
    before = f.read_bytes()
    try:
        assert main(["pair", str(f)]) == 2
        err = capsys.readouterr().err
        assert "只读" in err and f.name in err and err.count("\n") == 1
        assert f.read_bytes() == before
        assert sorted(os.listdir(tmp_path)) == [f.name]
    finally:
        os.chmod(f, 0o644)


def test_read_only_folder_message_names_the_target(small, tmp_path, monkeypatch, capsys):
    """A folder that takes no new file (here: mkstemp refused): the message
    names the event file, not a temporary file; the lock goes to the user's
    temporary folder."""
    import tempfile

    f = tmp_path / "e.json"
    shutil.copy(small["json"], f)
    before = f.read_bytes()
    real = tempfile.mkstemp

    def refuse(*a, dir=None, **k):
        if dir is not None and Path(dir) == tmp_path:
            raise PermissionError(13, "Permission denied", str(Path(dir) / ".e.json.abcdefgh.tmp"))
        return real(*a, dir=dir, **k)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    assert main(["pair", str(f)]) == 2
    err = capsys.readouterr().err
    assert "e.json" in err and ".tmp" not in err and "不可写" in err
    assert f.read_bytes() == before


def test_disk_full_names_the_file(small, tmp_path, monkeypatch, capsys):
    import errno

    f = tmp_path / "e.xlsx"
    shutil.copy(small["xlsx"], f)
    before = f.read_bytes()
    from xlxq.backends import safety

    def full(path: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safety, "_fsync_file", full)
    assert main(["pair", str(f)]) == 2
    err = capsys.readouterr().err
    assert "磁盘已满" in err and str(f) in err and err.count("\n") == 1
    assert f.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["e.xlsx"]


def test_lock_in_a_read_only_place_falls_back(tmp_path, monkeypatch):
    """Where no lock file can be made beside the file, the lock lives in the
    user's temporary folder."""
    from xlxq.backends import safety

    f = tmp_path / "e.json"
    f.write_text("{}", encoding="utf-8")
    real = safety._take
    taken = []

    def take(lock_path, target):
        if lock_path.parent == tmp_path:
            raise PermissionError(13, "Permission denied")
        taken.append(lock_path)
        return real(lock_path, target)

    monkeypatch.setattr(safety, "_take", take)
    with file_lock(f):
        pass
    assert taken == [lock_file_of(f, beside=False)]
    assert sorted(os.listdir(tmp_path)) == ["e.json"]


def test_refuse_read_only_helper(tmp_path):
    from xlxq.backends.safety import refuse_read_only

    f = tmp_path / "x.json"
    f.write_text("{}")
    refuse_read_only(f)
    os.chmod(f, stat.S_IRUSR)
    with pytest.raises(InputError, match="只读"):
        refuse_read_only(f)
    os.chmod(f, 0o644)
