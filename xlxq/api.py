"""The public Python API: an event in a script or a notebook (docs/api.md).

    import xlxq.api as xq

    event = xq.new_event(xq.sample("registration.csv"), rounds=5)   # 报名表 → an event
    event = xq.pair(event)                                          # round 1
    event = xq.set_results(event, {1: "1-0", 2: "和", 3: "0-1"})    # any 结果 spelling of the workbook
    print(xq.standings(event).to_pandas())                          # pip install "xlxq[pandas]"

Every function is a thin, typed call of the operation the CLI and the
buttons run (:mod:`xlxq.operations`): same input, same pairing, same
table.  Events are the model's values (:class:`xlxq.core.model.Event`, a
team event :class:`xlxq.core.teams.TeamEvent`), never changed in place: a
function that changes an event returns the new one.  Nothing is written
to disk except by :func:`save` and :func:`publish`.  Bad input raises
:class:`xlxq.errors.XlxqError` (its ``message("zh"|"en")`` names the place).

pandas is optional (the extra ``xlxq[pandas]``): only
:meth:`Standings.to_pandas` and :func:`pairings_frame` import it, when
called; the command line and the buttons never import this module.

Lazy imports: the operations, inside each function (``import xlxq.api``
costs only the model; a workbook's readers, openpyxl, load only when a
workbook is opened; pandas only when a DataFrame is asked for).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Union

from xlxq import __version__
from xlxq.core.model import Event, Round
from xlxq.errors import InputError
from xlxq.i18n import Msg, norm_lang

if TYPE_CHECKING:  # pragma: no cover - types only
    import pandas

    from xlxq.core.steps import Record
    from xlxq.core.teams import TeamEvent
    from xlxq.systems.base import CheckReport

__all__ = [
    "__version__",
    "AnyEvent",
    "Standings",
    "open_event",
    "new_event",
    "sample",
    "save",
    "pair",
    "pairings",
    "pairings_frame",
    "set_results",
    "standings",
    "explain",
    "check",
    "publish",
]

PathLike = Union[str, "os.PathLike[str]"]
#: an individual event or a team event
AnyEvent = Union[Event, "TeamEvent"]


def _lang(lang: Optional[str]) -> str:
    """The language asked (argument, else ``XLXQ_LANG``; 简体 by default),
    one of the registered languages (zh-Hant was 简体)."""
    return norm_lang(lang or os.environ.get("XLXQ_LANG", "zh"))


# ------------------------------------------------------------------ events


def open_event(path: PathLike) -> AnyEvent:
    """The event of a JSON tournament file (docs/format.md) or of a workbook
    (.xlsx/.xlsm, as its sheets hold it; refused with the places when they
    have errors to fix first)."""
    from xlxq.operations.event_read import read_event

    return read_event(os.fspath(path))


def sample(name: str = "registration.csv") -> Path:
    """A sample file shipped with xlxq (``registration.csv``, ``teams.csv``)."""
    from xlxq.resources import sample_file

    found = sample_file(name)
    if found is None:
        raise InputError(Msg("api.no-sample-file", name=name))
    return found


def new_event(
    registration: PathLike,
    *,
    system: str = "swiss",
    rounds: Optional[int] = None,
    name: Optional[str] = None,
    first_round: Optional[str] = None,
    seed: Optional[int] = None,
    draw: Optional[int] = None,
    tiebreaks: Optional[str] = None,
    games_per_match: Optional[int] = None,
) -> Event:
    """A new individual event from a registration (.csv or .xlsx: 姓名, 单位,
    等级分, 种子 …), as ``xlxq new EVENT.json --players REGISTRATION`` makes
    it (same options, same defaults: docs/format.md); nothing is written.
    A registration with a 组别 column (several groups) is refused here: one
    group a file."""
    from xlxq.operations.create import create_file

    reg = Path(registration)
    args = argparse.Namespace(
        file=f"{name or reg.stem}.json",  # the event's default name; never written (force: no existence check)
        players=str(reg),
        teams=None,
        system=system,
        rounds=rounds,
        name=name,
        first_round=first_round,
        seed=seed,
        draw=draw,
        tiebreaks=tiebreaks,
        games_per_match=games_per_match,
        eliminate=None,
        playoff_games=None,
        armageddon=False,
        boards=None,
        lineup=None,
        pair_by=None,
        match_scoring=None,
        member_total=False,
        best=None,
        by=None,
        numbering=None,
        incomplete=None,
        force=True,
    )
    event = create_file(args, _lang(None)).event
    if not isinstance(event, Event):
        raise InputError(
            Msg("api.the-registration-has-several-groups-give", name=reg.name),
            file=str(reg),
        )
    return event


def save(event: AnyEvent, path: PathLike, *, lang: Optional[str] = None) -> Path:
    """Write ``event`` as a JSON tournament file, or as a new workbook for a
    .xlsx/.xlsm name (its sheets in ``lang``); an existing file is replaced
    (a workbook: refused, as ``xlxq convert`` does without --force)."""
    from xlxq.operations.source import is_workbook

    p = Path(path)
    if is_workbook(p):
        from xlxq.operations.convert import write_workbook

        return write_workbook(event, p, _lang(lang))
    from xlxq.operations.source import save as save_file

    save_file(event, str(p))
    return p


# ------------------------------------------------------------------ rounds


def pair(event: AnyEvent, *, provisional: bool = False) -> AnyEvent:
    """The event with its next round paired (``xlxq pair``): refused while an
    earlier game has no result, unless ``provisional`` (原则(八))."""
    from xlxq.operations.source import is_team

    if is_team(event):
        from xlxq.operations.team_pair import pair_team_file

        return pair_team_file(event, "", provisional).event
    from xlxq.operations.pair import pair_file

    return pair_file(event, "", provisional).event


def pairings(event: AnyEvent, round_no: Optional[int] = None) -> Any:
    """Round ``round_no`` (default: the last paired) as the model has it: a
    :class:`~xlxq.core.model.Round` (boards: ``board``, ``red``, ``black``,
    ``result``; ``byes``), a team event's ``TeamRound``."""
    from xlxq.operations.source import round_arg

    n = round_arg(event, round_no)
    return next(r for r in event.rounds if r.round == n)


def set_results(event: Event, results: Mapping[int, Any], round_no: Optional[int] = None) -> Event:
    """The event with results entered in round ``round_no`` (default: the
    last): ``{board: result}``, a result spelled as the workbook's 结果
    column takes it (``"1-0"``, ``"红胜"``, ``"和"``, ``"0-1"``, ``"+-"`` …,
    or a code of :data:`xlxq.core.model.RESULTS`; ``None`` clears it)."""
    from xlxq.core.model import RESULTS
    from xlxq.operations.source import checked, is_team, round_arg
    from xlxq.sheets.results import BYE, ResultError, parse_result

    if is_team(event):
        raise InputError(
            Msg("api.set-results-is-for-individual-events"),
        )
    n = round_arg(event, round_no)
    rnd: Round = next(r for r in event.rounds if r.round == n)
    by_board = {b.board: b for b in rnd.boards}
    codes: dict[int, Optional[str]] = {}
    for board, value in results.items():
        if board not in by_board:
            raise InputError(Msg("api.round-has-no-board", n=n, board=board), round=n, board=board)
        try:
            code = value if value in RESULTS else parse_result(value)
        except ResultError:
            code = BYE  # the same message: a bye is no result of a game
        if code == BYE:
            raise InputError(
                Msg("api.round-board-invalid-result", n=n, board=board, value=value),
                round=n,
                board=board,
            )
        codes[board] = code
    boards = [replace(b, result=codes[b.board]) if b.board in codes else b for b in rnd.boards]
    new_round = replace(rnd, boards=boards)
    return checked(replace(event, rounds=[new_round if r.round == n else r for r in event.rounds]))


# ------------------------------------------------------------------ tables and records


@dataclass(frozen=True)
class Standings:
    """The standings after a round: ``data`` is exactly what ``xlxq
    standings FILE --json`` prints (its ``standings`` rows: rank, no, name,
    score, tiebreaks …; a team event's: the team table)."""

    data: dict

    @property
    def rows(self) -> list[dict]:
        return list(self.data.get("standings", []))

    def to_pandas(self) -> "pandas.DataFrame":
        """The rows as a DataFrame (needs pandas: ``pip install "xlxq[pandas]"``):
        one row a line of the table, in its order; the ``tiebreaks`` of a row
        spread into one column each (their keys, in the table's order)."""
        pd = _pandas()
        rows = []
        for r in self.rows:
            flat = {k: v for k, v in r.items() if k != "tiebreaks"}
            flat.update(r.get("tiebreaks") or {})
            rows.append(flat)
        return pd.DataFrame(rows)


def standings(event: AnyEvent, round_no: Optional[int] = None, *, lang: Optional[str] = None) -> Standings:
    """The table after ``round_no`` (default: as far as the results go), as
    ``xlxq standings --json`` gives it (``lang``: its labels, where a
    system has any)."""
    from xlxq.operations.source import is_team
    from xlxq.operations.standings import standings_file, team_standings_file

    op = team_standings_file if is_team(event) else standings_file
    return Standings(op(event, round_no=round_no, as_json=True).json(_lang(lang)))


def pairings_frame(event: AnyEvent, round_no: Optional[int] = None) -> "pandas.DataFrame":
    """Round ``round_no`` (default: the last) of an individual event as a
    DataFrame (needs pandas): round, board, red, red_name, black,
    black_name, result (the model's code, None while unplayed); byes last,
    with board and black empty."""
    pd = _pandas()
    rnd = pairings(event, round_no)
    name = {p.no: p.name for p in event.entrants}
    rows = [
        {
            "round": rnd.round,
            "board": b.board,
            "red": b.red,
            "red_name": name.get(b.red),
            "black": b.black,
            "black_name": name.get(b.black),
            "result": b.result,
        }
        for b in rnd.boards
    ]
    rows += [
        {"round": rnd.round, "board": None, "red": no, "red_name": name.get(no), "black": None, "black_name": None}
        | {"result": "bye"}
        for no in getattr(rnd, "byes", [])
    ]
    return pd.DataFrame(rows, columns=["round", "board", "red", "red_name", "black", "black_name", "result"])


def explain(event: AnyEvent, round_no: Optional[int] = None) -> "Record":
    """The 编排记录 of ``round_no`` (default: the last round): a
    :class:`~xlxq.core.steps.Record` (``.data()``: ``xlxq explain --json``;
    ``xlxq.core.record_text.record_lines(record, "zh")``: its text)."""
    from xlxq.operations.explain import record_of

    return record_of(event, round_no)


def check(event: AnyEvent, round_no: Optional[int] = None, *, lang: Optional[str] = None) -> "CheckReport":
    """Round ``round_no`` (default: the last) against the rules and the
    engine (``xlxq check``): a :class:`~xlxq.systems.base.CheckReport`
    (``.errors``, ``.issues``, ``.lines(lang)``)."""
    from xlxq.operations.check import check_report

    return check_report(event, round_no, _lang(lang))


def publish(
    event: AnyEvent, outdir: PathLike, *, lang: str = "zh", url: Optional[str] = None, knockout: Any = None
) -> Path:
    """The event's web site in ``outdir`` (``xlxq publish``; replaced whole:
    a folder of xlxq's own or an empty one); ``lang``: zh, en or both;
    ``url``: its address, for the QR code; ``knockout``: the knockout event
    of a 积分晋圈淘汰 Swiss.  The 等级分 page when the event's settings ask
    for it.  Returns the folder (open its index.html)."""
    from xlxq.core.rating import report_options
    from xlxq.operations.publish import publish_event
    from xlxq.operations.rating import rating_options

    rating = None
    if report_options(event.settings) is not None:
        rating = rating_options(None, None, event.settings.rating)
    publish_event(event, outdir, lang, url, rating, knockout)
    return Path(outdir)


def _pandas() -> Any:
    try:
        import pandas as pd
    except ImportError as exc:
        raise ImportError('pandas is not installed: pip install "xlxq[pandas]" (or pip install pandas)') from exc
    return pd
