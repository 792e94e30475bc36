"""Issue 10 §6, the small things a new user met: the next step after
``xlxq new``, no internal keys in messages, the standings title, the
人工调整 note written once, ``xlxq simulate`` on a workbook (``--help`` in
English: tests/test_cli_help.py)."""

from __future__ import annotations

import pytest

from tests.cli_support import ROOT, run

SAMPLES = ROOT / "samples"


@pytest.mark.parametrize(
    "args, step",
    [
        (["--players", SAMPLES / "registration.csv"], "下一步：xlxq pair 编排第1轮"),
        (["--players", SAMPLES / "registration.csv", "--system", "knockout"], "下一步：xlxq pair 编排第1轮"),
        (["--players", SAMPLES / "registration.csv", "--system", "round_robin"], "下一步：xlxq schedule"),
        (["--teams", SAMPLES / "teams.csv", "--boards", "4"], "下一步：xlxq pair 编排第1轮"),
    ],
)
def test_new_says_the_next_step(tmp_path, args, step):
    p = run("new", tmp_path / "e.json", *args, check_rc=0)
    assert p.out.splitlines()[-1].startswith(step)
    en = run("new", tmp_path / "f.json", *args, lang="en", check_rc=0)
    assert en.out.splitlines()[-1].startswith("next: xlxq ")


def test_new_names_the_tie_breaks_as_the_arbiter_reads_them(tmp_path):
    p = run("new", tmp_path / "t.json", "--teams", SAMPLES / "teams.csv", "--boards", "4", check_rc=0)
    assert "名次：格式一（场分优先）" in p.out and "seed001" not in p.out
    p = run("new", tmp_path / "u.json", "--teams", SAMPLES / "teams.csv", "--boards", "4", lang="en", check_rc=0)
    assert "ranking: Format 1 (match points first)" in p.out
    p = run("new", tmp_path / "e.json", "--players", SAMPLES / "registration.csv", "--eliminate", "3:2", check_rc=0)
    assert "名次计算：累进分法（001方案）" in p.out and "seed001" not in p.out
    p = run("schedule", tmp_path / "e.json")
    assert p.returncode == 2 and "本赛事为积分编排，" in p.err and "swiss" not in p.err
