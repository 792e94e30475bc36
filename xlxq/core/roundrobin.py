"""Round robin (循环赛): the order tables (对局秩序表) and the rounds made from them.

The table rule is the one printed with the 棋规's tables (附录, 3–20 players)
for numbers beyond them, quoted by seed 002 and 韩宽《象棋规则问答》
(rules-research.md §1.2); as an algorithm (§1.3) it gives exactly the FIDE
Berger tables:

1. 最大号 M = N if N is even, N + 1 if N is odd (the phantom, 轮空); M − 1 rounds.
2. Round 1: 首尾相对，依次靠拢 — 1-M, 2-(M−1), …; with odd N, 1 has the bye.
3. M has red in round 2 and alternates; the pair holding M is always listed
   first (board 1).
4. From round 2, M meets the number printed last in the previous round; the
   others: 上轮跨邻相遇，前后顺序依然，从后往前配对.

The number listed first plays red (号次在前的执红棋先走, 第13.1条).  A
double round robin plays the table twice, the second cycle with colours
reversed; a match of ``games_per_match`` games swaps colours from game to
game (两局制: 第一局执红者第二局执黑).  Every game is one model round.

Withdrawals (裁判细则 第20.2/20.3条; docs/roundrobin.md §5) are applied when a
round is made: the withdrawn player's game becomes a forfeit win for the
opponent, or, when his results are annulled, the opponent sits out (a bye,
worth nothing in a round robin).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from xlxq.core.history import build_cards
from xlxq.core.model import BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, FORFEITS, RED_WIN_FORFEIT, Board, Event, Round
from xlxq.core.outcome import PairingOutcome
from xlxq.errors import InputError
from xlxq.core.notes import Note
from xlxq.i18n import Lazy, Msg, chinese_forms, tr, zh_only
from xlxq.text import joined

WITHDRAWAL_POLICIES = ("cxa", "annul", "forfeit")
ANNULLED, FORFEIT = "annulled", "forfeit"


def max_number(n: int) -> int:
    """The 最大号: N for even N, N + 1 (the phantom) for odd N."""
    return n if n % 2 == 0 else n + 1


def phantom(n: int) -> Optional[int]:
    """The phantom number of an odd-N table (its opponent has the bye), else None."""
    return n + 1 if n % 2 else None


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """The order table for ``n`` players: one list per round, board 1 first,
    each pair ``(red, black)`` by table number 1..M.

    For odd ``n`` the phantom M = n + 1 appears like a player (always on
    board 1, in the pair with the 最大号); whoever meets it has the bye.
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 2:
        raise InputError(Msg("roundrobin.a-round-robin-needs-at-least-2-players", n=n))
    m = max_number(n)
    table = [[(i, m + 1 - i) for i in range(1, m // 2 + 1)]]
    for k in range(2, m):
        seq = [x for pair in table[-1] for x in pair]
        last = seq[-1]
        board1 = (m, last) if k % 2 == 0 else (last, m)
        rest = [x for x in seq if x != m and x != last]
        pairs = [(rest[i - 2], rest[i - 1]) for i in range(len(rest), 0, -2)]
        table.append([board1] + pairs)
    return table


def rr_round_count(n: int, double: bool = False, games_per_match: int = 1) -> int:
    """Model rounds (games) of a round robin: (M − 1) × cycles × games per match."""
    _check_games(games_per_match)
    return (max_number(n) - 1) * (2 if double else 1) * games_per_match


def table_position(round_no: int, n: int, double: bool = False, games_per_match: int = 1) -> tuple[int, int, int]:
    """(cycle, table round, game), all from 1, of model round ``round_no``."""
    per_cycle = (max_number(n) - 1) * games_per_match
    total = per_cycle * (2 if double else 1)
    if not 1 <= round_no <= total:
        raise InputError(
            Msg(
                "roundrobin.a-round-robin-of-has-rounds-not",
                n=n,
                double_else=Msg("roundrobin.double" if double else "roundrobin.single"),
                total=total,
                round_no=round_no,
            ),
        )
    i = round_no - 1
    cycle, j = divmod(i, per_cycle)
    t, g = divmod(j, games_per_match)
    return cycle + 1, t + 1, g + 1


def _check_games(g: int) -> None:
    if not isinstance(g, int) or isinstance(g, bool) or g < 1:
        raise InputError(Msg("knockout.invalid-games-per-match", g=g))


def table_round(players_nos: Sequence[int], round_no: int, double: bool = False, games_per_match: int = 1) -> Round:
    """Model round ``round_no`` straight from the table (no withdrawals).

    ``players_nos[i]`` sits at table number i + 1.  Colours are the table's,
    reversed in the second cycle and in the even games of a match.  The
    phantom's pair is not a board: its opponent goes to ``byes``; the real
    boards keep the table's order and are numbered from 1.
    """
    _check_games(games_per_match)
    nos = list(players_nos)
    n = len(nos)
    if len(set(nos)) != n:
        raise InputError(Msg("roundrobin.duplicate-numbers-in-the-round-robin"))
    cycle, t, game = table_position(round_no, n, double, games_per_match)
    swap = (cycle == 2) != (game % 2 == 0)
    ph = phantom(n)
    boards: list[Board] = []
    byes: list[int] = []
    for a, b in berger_table(n)[t - 1]:
        if ph in (a, b):
            byes.append(nos[(b if a == ph else a) - 1])
            continue
        red, black = (b, a) if swap else (a, b)
        boards.append(Board(board=len(boards) + 1, red=nos[red - 1], black=nos[black - 1]))
    return Round(round=round_no, boards=boards, byes=byes)


def schedule_rounds(players_nos: Sequence[int], double: bool = False, games_per_match: int = 1) -> list[Round]:
    """Every model round of the event, in order (see :func:`table_round`)."""
    total = rr_round_count(len(players_nos), double, games_per_match)
    return [table_round(players_nos, r, double, games_per_match) for r in range(1, total + 1)]


# ---------------------------------------------------------------- withdrawals


def table_players(event: Event) -> list[int]:
    """Table numbers 1..N are the registered 序号 in increasing order."""
    return sorted(p.no for p in event.players)


def check_policy(event: Event) -> str:
    pol = event.settings.standings.rr_withdrawal
    if pol not in WITHDRAWAL_POLICIES:
        raise InputError(
            Msg(
                "roundrobin.unknown-rr-withdrawal-choose-from",
                pol=pol,
                WITHDRAWAL_POLICIES=joined(WITHDRAWAL_POLICIES),
            ),
        )
    return pol


def opponents_met(event: Event, no: int, before_round: Optional[int] = None) -> set[int]:
    """Opponents ``no`` actually played (a finished game that is not a
    forfeit) in the rounds before ``before_round`` (default: all)."""
    out = set()
    for r in event.rounds:
        if before_round is not None and r.round >= before_round:
            continue
        for b in r.boards:
            if no in (b.red, b.black) and b.result is not None and b.result not in FORFEITS:
                out.add(b.opponent_of(no))
    return out


def withdrawal_ruling(event: Event, no: int) -> Optional[str]:
    """What happens to a withdrawn player's games (裁判细则 第20.3条):

    ``None`` if he has not withdrawn; ``"annulled"`` (所有已赛结果一概注销) if
    he met fewer than half of his opponents before withdrawing; otherwise
    ``"forfeit"`` (其成绩有效，其余未赛对局均作弃权，对方获胜).  "Opponents"
    are the other registered players, less those who withdrew before round 1;
    "met" means a game actually played (forfeits do not count).  The option
    ``standings.rr_withdrawal`` = ``annul`` / ``forfeit`` forces one branch.
    """
    p = event.player(no)
    if p.withdrawn_from_round is None:
        return None
    pol = check_policy(event)
    if pol == "annul":
        return ANNULLED
    if pol == "forfeit":
        return FORFEIT
    others = [q for q in event.players if q.no != no and q.withdrawn_from_round != 1]
    met = opponents_met(event, no, p.withdrawn_from_round)
    return ANNULLED if 2 * len(met) < len(others) else FORFEIT


def apply_withdrawals(event: Event, rnd: Round, notes: Optional[list[str]] = None) -> Round:
    """``rnd`` with the games of withdrawn players settled (see module doc).

    - one side withdrawn, results standing: the board stays, prefilled as a
      forfeit win for the other side;
    - one side withdrawn, results annulled: no board, the other side sits out
      (listed in ``byes``; a round-robin bye is worth nothing);
    - both withdrawn: a double forfeit if both results stand, else no board;
    - a withdrawn player's bye is dropped.
    """
    notes = notes if notes is not None else []
    rnd = apply_absences(event, rnd, notes)
    gone = {p.no for p in event.players if not p.active_in(rnd.round)}
    if not gone:
        return rnd
    ruling = {no: withdrawal_ruling(event, no) for no in gone}
    name = {p.no: p.name for p in event.players}
    boards: list[Board] = []
    byes = [no for no in rnd.byes if no not in gone]
    for b in rnd.boards:
        wr, wb = b.red in gone, b.black in gone
        if not wr and not wb:
            boards.append(Board(len(boards) + 1, b.red, b.black, b.result, b.fouls_red, b.fouls_black))
            continue
        if wr and wb:
            if ruling[b.red] == FORFEIT and ruling[b.black] == FORFEIT:
                boards.append(Board(len(boards) + 1, b.red, b.black, DOUBLE_FORFEIT))
                notes.append(
                    Note(
                        Msg(
                            "roundrobin.and-have-both-withdrawn-a-double-forfeit",
                            b_red=name[b.red],
                            red=b.red,
                            b_black=name[b.black],
                            black=b.black,
                        ),
                    )
                )
            continue
        w, other = (b.red, b.black) if wr else (b.black, b.red)
        if ruling[w] == ANNULLED:
            byes.append(other)
            notes.append(
                Note(
                    Msg(
                        "roundrobin.withdrew-having-met-fewer-than-half-the",
                        name_w=name[w],
                        w=w,
                        name_other=name[other],
                        other=other,
                    ),
                )
            )
        else:
            res = BLACK_WIN_FORFEIT if wr else RED_WIN_FORFEIT
            boards.append(Board(len(boards) + 1, b.red, b.black, res))
            notes.append(
                Note(
                    Msg(
                        "roundrobin.has-withdrawn-loses-to-by-forfeit-20-3",
                        name_w=name[w],
                        w=w,
                        name_other=name[other],
                        other=other,
                    ),
                )
            )
    return Round(rnd.round, boards, byes)


def apply_absences(event: Event, rnd: Round, notes: list[str]) -> Round:
    """``rnd`` with the unfinished games of players absent (请假) that round
    prefilled as their forfeit loss: the table is fixed, the game cannot be
    moved, so it is lost by forfeit as a withdrawn player's games are
    (第20.3条 未赛对局均作弃权; docs/pairing.md "Absence").  Both absent: a
    double forfeit."""
    away = {p.no for p in event.players if p.absent_in(rnd.round)}
    if not away:
        return rnd
    name = {p.no: p.name for p in event.players}
    boards = []
    for b in rnd.boards:
        ar, ab = b.red in away, b.black in away
        if b.result is not None or not (ar or ab):
            boards.append(b)
            continue
        res = DOUBLE_FORFEIT if ar and ab else BLACK_WIN_FORFEIT if ar else RED_WIN_FORFEIT
        boards.append(replace(b, result=res))
        for no in (b.red, b.black):
            if no in away:
                notes.append(
                    Note(
                        Msg(
                            "roundrobin.is-absent-in-round-the-game-is-lost-by",
                            name_no=name[no],
                            no=no,
                            round=rnd.round,
                        ),
                    )
                )
    return replace(rnd, boards=boards)


def _check_start_withdrawals(event: Event) -> None:
    before = [p for p in event.players if p.withdrawn_from_round == 1]
    if before and (len(event.players) - len(before)) % 2 == 0:
        left = len(event.players) - len(before)
        names = Lazy(
            lambda lang: (
                tr(lang, "common.list-sep").join(tr(lang, "checks.name-no", name=p.name, no=p.no) for p in before)
                if chinese_forms(lang)
                else str(len(before))
            )
        )
        raise InputError(
            Msg(
                "roundrobin.withdrew-before-the-start-redraw",
                names=names,
                left=Lazy(lambda lang: left if chinese_forms(lang) else ""),
            )
        )


def pair_rr_round(event: Event, round_no: Optional[int] = None, *, double: bool) -> PairingOutcome:
    """The next round (default) of a round-robin event, from the table.

    Returns a :class:`xlxq.core.pairing.PairingOutcome` (cards filled for
    display; no score groups).  ``double``: the table twice (the system's
    ``cycles``); ``settings.games_per_match`` the games per match.
    """
    s = event.settings
    nos = table_players(event)
    if len(nos) < 2:
        raise InputError(Msg("roundrobin.a-round-robin-needs-at-least-2-players-2"))
    if round_no is None:
        round_no = event.next_round
    total = rr_round_count(len(nos), double, s.games_per_match)
    if round_no > total:
        raise InputError(
            Msg("roundrobin.this-round-robin-of-players-has-rounds", n=len(nos), total=total, round_no=round_no),
        )
    if round_no > s.rounds:
        raise InputError(
            Msg(
                "roundrobin.the-event-has-rounds-cannot-pair-round",
                rounds=s.rounds,
                round_no=round_no,
                n=len(nos),
                kind=zh_only("roundrobin.double" if double else "roundrobin.single"),
                total=total,
            )
        )
    _check_start_withdrawals(event)
    check_policy(event)
    notes: list[str] = []
    if s.rounds != total:
        notes.append(
            Note(
                Msg(
                    "roundrobin.the-events-rounds-but-this-round-robin-has",
                    rounds=s.rounds,
                    n=len(nos),
                    kind=zh_only("roundrobin.double" if double else "roundrobin.single"),
                    games=zh_only("roundrobin.games-per-match-paren", games=s.games_per_match)
                    if s.games_per_match > 1
                    else "",
                    total=total,
                )
            )
        )
    for r in event.rounds_before(round_no):
        want = {frozenset((b.red, b.black)) for b in table_round(nos, r.round, double, s.games_per_match).boards}
        have = {frozenset((b.red, b.black)) for b in r.boards}
        if not have <= want:
            notes.append(
                Note(
                    Msg("roundrobin.round-is-not-the-tables-edited-by-hand", round=r.round),
                )
            )
    rnd = apply_withdrawals(event, table_round(nos, round_no, double, s.games_per_match), notes)
    cycle, t, game = table_position(round_no, len(nos), double, s.games_per_match)
    games = s.games_per_match

    def where(lang: str) -> object:  # 第2循环秩序表第3轮（先后手互换）第2局 …; English: the table round
        if not chinese_forms(lang):
            return t
        text = tr(lang, "roundrobin.table-round-t", t=t)
        if double:
            text = tr(lang, "roundrobin.cycle", cycle=cycle) + text
            text += tr(lang, "roundrobin.colours-swapped") if cycle == 2 else ""
        if games > 1:
            text += tr(lang, "roundrobin.game", game=game)
            text += tr(lang, "roundrobin.colours-swapped") if game % 2 == 0 else ""
        return text

    notes.insert(0, Note(Msg("roundrobin.round-robin-table-round", where=Lazy(where))))
    cards = build_cards(event, round_no, True)
    return PairingOutcome(round=rnd.as_made(), cards=cards, notes=notes)


__all__ = [
    "berger_table",
    "schedule_rounds",
    "table_round",
    "rr_round_count",
    "table_position",
    "max_number",
    "phantom",
    "withdrawal_ruling",
    "apply_withdrawals",
    "pair_rr_round",
    "table_players",
    "opponents_met",
]
