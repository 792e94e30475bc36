"""Never pair on missing results by accident (issue 10 §1).

:func:`require_results` stands between the pairing of the next round and
its save, for every system that pairs round by round (Swiss, round robin
round by round, team events; a knockout refuses on its own while a result
of the stage is missing): while a game of an earlier round has no result,
the round is refused with one message that lists every unfinished board
(round, 台次, players) and says how to go on — enter the results, or pair
on 原则(八) provisional draws on purpose (``xlxq pair --provisional``; in the
workbook 设置 → 暂计和棋编排 = 是, or OK in the button's confirmation).  A
round with no result at all is always refused, provisional or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from xlxq.errors import InputError, Place
from xlxq.i18n import tr
from xlxq.i18n import Lazy, Msg

__all__ = ["UnfinishedResults", "Unfinished", "unfinished_games", "empty_rounds", "require_results", "PROVISIONAL_HOW"]

#: how to pair on provisional draws on purpose, in every front-end
PROVISIONAL_HOW = (
    "如确要按和棋暂计编排（原则(八)），用 xlxq pair --provisional；工作簿：“设置”表“暂计和棋编排”填“是”，"
    "或在 Excel 中点按钮后在确认框中选“确定”",
    "to pair on provisional draws on purpose (原则(八)), use xlxq pair --provisional; in the workbook set "
    "Settings → 'Pair on provisional draws' to yes, or answer OK in the button's confirmation in Excel",
)

_SHOWN = 12  # boards listed; the rest counted
_VACANT = 0  # xlxq.core.teams.VACANT, an empty seat (not imported: pairing a player event loads no team engine)


class UnfinishedResults(InputError):
    """Refused: earlier games have no result.  ``provisional_ok``: pairing on
    provisional draws would be allowed (no round without any result), so an
    Excel button may ask the arbiter and pair with ``provisional``."""

    provisional_ok: bool = False


@dataclass(frozen=True)
class Unfinished:
    """A game with no result: its round, match (team events), board, players."""

    round: int
    match: Optional[int]
    board: Optional[int]  # None: a match with no line-ups yet
    red: str
    black: str

    def where(self, lang: str) -> str:
        m = tr(lang, "pending.match", match=self.match) if self.match is not None else ""
        b = tr(lang, "pending.board", board=self.board) if self.board is not None else tr(lang, "pending.no-lineups")
        return tr(lang, "pending.game", round=self.round, m=m, b=b, red=self.red, black=self.black)


def is_team(event: Any) -> bool:
    """A team event (it has teams; the team engine is not imported here)."""
    return hasattr(event, "teams")


def _name(event: Any, no: int, lang: str) -> str:
    if no == _VACANT:
        return tr(lang, "pending.vacant")
    try:
        p = event.player(no)
    except KeyError:
        return tr(lang, "common.no", no=no)
    return tr(lang, "pending.no-name", no=no, name=p.name)


def _team(event: Any, no: int) -> str:
    try:
        return event.team(no).name
    except KeyError:
        return str(no)


def unfinished_games(event: Any, before: int, lang: str = "zh") -> list[Unfinished]:
    """Every game of the rounds before ``before`` that has no result."""
    out = []
    for r in event.rounds:
        if r.round >= before:
            continue
        if is_team(event):
            for m in r.matches:
                if not m.boards:
                    out.append(Unfinished(r.round, m.match, None, _team(event, m.first), _team(event, m.second)))
                for b in m.boards:
                    if b.result is None:
                        out.append(
                            Unfinished(
                                r.round, m.match, b.board, _name(event, b.red, lang), _name(event, b.black, lang)
                            )
                        )
        else:
            for b in r.boards:
                if b.result is None:
                    out.append(
                        Unfinished(r.round, None, b.board, _name(event, b.red, lang), _name(event, b.black, lang))
                    )
    return out


def _boards(event: Any, rnd: Any) -> list[Any]:
    if is_team(event):
        return [b for m in rnd.matches for b in m.boards] + [None for m in rnd.matches if not m.boards]
    return list(rnd.boards)


def empty_rounds(event: Any, before: int) -> list[int]:
    """The rounds before ``before`` with games and not one result."""
    out = []
    for r in event.rounds:
        games = _boards(event, r)
        if r.round < before and games and all(b is None or b.result is None for b in games):
            out.append(r.round)
    return out


def require_results(event: Any, round_no: int, provisional: bool) -> None:
    """Refuse to pair ``round_no`` while a game before it has no result,
    unless ``provisional`` (原则(八), on purpose); a round with no result at
    all is refused always (see the module text)."""
    zh_games, en_games = unfinished_games(event, round_no, "zh"), unfinished_games(event, round_no, "en")
    if not zh_games:
        return
    empty = empty_rounds(event, round_no)
    if provisional and not empty:
        return

    def listed(games: list[Unfinished], lang: str, sep: str) -> str:
        shown = sep.join(g.where(lang) for g in games[:_SHOWN])
        more = len(games) - _SHOWN
        if more > 0:
            shown += tr(lang, "pending.and-more", sep=sep, more=more)
        return shown

    n = len(zh_games)
    first = zh_games[0]
    where = Place(round=first.round, board=first.board)
    # the games in the language the message is rendered in (made once a language)
    made = {"zh": zh_games, "en": en_games}
    games = Lazy(
        lambda lang: listed(
            made[lang] if lang in made else made.setdefault(lang, unfinished_games(event, round_no, lang)),
            lang,
            tr(lang, "record.sep"),
        )
    )
    if empty:
        rounds = Lazy(lambda lang: tr(lang, "common.list-sep").join(tr(lang, "pending.round-k", k=k) for k in empty))
        raise UnfinishedResults(
            Msg("pending.round-s-have-no-result-at-all-round", rounds=rounds, round_no=round_no, n=n, games=games),
            place=where,
        )
    exc = UnfinishedResults(
        Msg(
            "pending.game-s-have-no-result-round-was-not",
            n=n,
            round_no=round_no,
            games=games,
            PROVISIONAL_HOW=Msg("pending.to-pair-on-provisional-draws-on-purpose"),
        ),
        place=where,
    )
    exc.provisional_ok = True
    raise exc
