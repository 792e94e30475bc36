"""Benchmark: instructions (valgrind's callgrind, ``Ir``) of `xlxq pair` on a
workbook and on a JSON file, for this checkout and any others given.

On a noisy machine CPU times move 5–15 % from run to run, more than the 5 %
a change may cost; the number of instructions a process executes does not
move (a few in ten thousand: string hashing is seeded per process).  It is
not time (cache misses and memory are not in it), so it stands beside the
CPU figures of bench_roundtrip.py, not for them; but it tells a real
slowdown from noise, and a version from another one, in one run.

For each checkout (``--repo DIR``, e.g. ``git worktree add /tmp/old <commit>``;
this one when none is given, and this one first otherwise) the script
byte-compiles its package (as ``pip install`` does), builds the workbook of
``--players`` players with ``--played`` rounds played with that checkout's
own ``benchmarks/bench_workbook.py`` (its template, its sheets: the round
trip as that version does it) and the JSON file of the same event, then
counts the instructions of ``python -m xlxq pair`` on a copy of each, run
from the checkout (its code first on the path).

    python benchmarks/bench_instructions.py [--players 1000] [--played 5]
                                           [--books DIR] [--repo DIR ...]

``--books DIR`` keeps the built files (by commit) and reuses them.  Needs
valgrind (Debian: ``apt-get install valgrind``); about 40 s a checkout at
1 000 players.  Not a test: it prints figures for README.md.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: builds the workbook and the JSON file with the checkout's own code (run
#: in the checkout, its benchmarks/ and package first on the path)
_BUILD = (
    "import sys\n"
    "from pathlib import Path\n"
    "sys.path.insert(0, 'benchmarks')\n"
    "from bench_workbook import make_workbook\n"
    "from xlxq.backends.json_file import save_event\n"
    "from xlxq.backends.openpyxl_book import OpenpyxlBook\n"
    "from xlxq.sheets.read import read_workbook\n"
    "book, js, n, played = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])\n"
    "make_workbook(book, n, played)\n"
    "save_event(read_workbook(OpenpyxlBook(book)).event, js)\n"
)


def commit_of(repo: Path) -> str:
    """The checkout's commit (short), with "+" when its package has changes."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True).stdout.strip()

    return (git("rev-parse", "--short", "HEAD") or repo.name) + (
        "+" if git("status", "--porcelain", "--", "xlxq") else ""
    )


def env_for(repo: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(repo), PYTHONHASHSEED="0")


def instructions(repo: Path, target: Path, work: Path) -> int:
    """Instructions of ``python -m xlxq pair`` on a copy of ``target``."""
    copy = work / f"run{target.suffix}"
    shutil.copy(target, copy)
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-m",
            "xlxq",
            "pair",
            str(copy),
        ],
        cwd=repo,
        env=env_for(repo),
        capture_output=True,
        text=True,
    )
    got = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or got is None:
        raise SystemExit(f"`xlxq pair {target.name}` in {repo} failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return int(got.group(1))


def files_of(repo: Path, commit: str, n: int, played: int, books: Path) -> tuple[Path, Path]:
    """The checkout's workbook and JSON file of the event (built once)."""
    folder = books / commit.replace("+", "-changed")
    book, js = folder / f"book{n}-{played}.xlsx", folder / f"event{n}-{played}.json"
    if commit.endswith("+") or not (book.exists() and js.exists()):
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [sys.executable, "-c", _BUILD, str(book), str(js), str(n), str(played)],
            cwd=repo,
            env=env_for(repo),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise SystemExit(f"building the event in {repo} failed:\n{done.stderr[-2000:]}")
    return book, js


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--played", type=int, default=5)
    ap.add_argument("--books", type=Path, help="keep the built files here (by commit) and reuse them")
    ap.add_argument("--repo", type=Path, action="append", default=[], help="another checkout to count")
    a = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    repos = [ROOT, *(r.resolve() for r in a.repo if r.resolve() != ROOT)]
    print(
        f"instructions (callgrind Ir) of `xlxq pair` at round {a.played + 1} of 11, {a.players} players; "
        f"Python {sys.version.split()[0]}"
    )
    print(f"{'checkout':14} {'book.xlsx':>14} {'event.json':>14}   this checkout against it")
    first: tuple[int, int] | None = None
    with tempfile.TemporaryDirectory() as d:
        books = a.books or Path(d) / "books"
        for repo in repos:
            subprocess.run([sys.executable, "-m", "compileall", "-q", "xlxq"], cwd=repo, check=True)
            commit = commit_of(repo)
            book, js = files_of(repo, commit, a.players, a.played, books)
            ir = (instructions(repo, book, Path(d)), instructions(repo, js, Path(d)))
            first = first or ir
            rel = "" if repo == ROOT else "   " + " / ".join(f"{f / x - 1:+.1%}" for x, f in zip(ir, first))
            print(f"{commit:14} {ir[0] / 1e9:>12.3f} G {ir[1] / 1e9:>12.3f} G{rel}")


if __name__ == "__main__":
    main()
