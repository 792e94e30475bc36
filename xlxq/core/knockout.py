"""Knockout (淘汰赛): single-elimination bracket, matches, 加赛, champion.

Storage (docs/formats-other.md): a knockout event is an ordinary
:class:`~xlxq.core.model.Event`.  The bracket is not stored: it is derived
from the registration (``Player.seed``, then 序号) and replayed from the
games in ``event.rounds``, where every model round holds one game of each
match still playing (game 1 of every match, then game 2, then 加赛 games of
the tied matches only, then the next stage).  In single elimination two
players meet at most once, so the pair of a board names its match.

Rules and readings (docs/knockout.md):

- Bracket of P = 2^k ≥ N lines; the P − N byes go to the top seeds (seed 000:
  淘汰赛如需棋手轮空时，应让种子选手首轮轮空).  Placement is the standard
  seeded bracket: rank 1 on the top line, rank 2 on the bottom line, 1 meets
  P, 2 meets P − 1 …, and 1 and 2 can meet only in the final.
- Seeding rank: players with ``seed`` by seed, then the others by 序号.
- A match is ``games_per_match`` games, colours swapped from game to game
  (第13.5条 两局制); game 1: the better-ranked player red (a stand-in for
  猜先, 第13.4条 — swap the colours in the file after the toss if needed).
- Tied on points: 加赛 blocks of ``playoff_games`` games (the last size
  repeats), or, with ``armageddon``, one final game where a draw goes to
  black.  Points are ``Scoring.points`` (forfeits count as recorded).
- A double forfeit eliminates both; a withdrawn player's games are entered
  as forfeits; whoever has no opponent advances (a walkover, listed as a bye).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from xlxq.core.history import build_cards
from xlxq.core.model import (
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    RED_WIN_FORFEIT,
    Board,
    Event,
    Player,
    Round,
    outcome,
    validate_event,
)
from xlxq.core.outcome import PairingOutcome
from xlxq.errors import InputError, PairingImpossible
from xlxq.core.notes import Note
from xlxq.i18n import Lazy, Msg, chinese_forms, tr

OPEN = "open"  # the players are not known yet (an earlier match is unfinished)
PENDING = "pending"  # both players known, the next game is to be paired
WAITING = "waiting"  # a game of the match has no result yet
DECIDED = "decided"  # won over the board (forfeits included)
BYE = "bye"  # one player, no opponent: advances without playing
VOID = "void"  # double forfeit: both players are out
EMPTY = "empty"  # no player at all
RESOLVED = frozenset({DECIDED, BYE, VOID, EMPTY})

MAIN, PLAYOFF, ARMAGEDDON = "main", "playoff", "armageddon"


# ------------------------------------------------------------------ bracket


def bracket_size(n: int) -> int:
    """The smallest power of two ≥ n (n ≥ 2)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 2:
        raise InputError(Msg("knockout.a-knockout-needs-at-least-2-players-got", n=n))
    return 1 << (n - 1).bit_length()


def stage_count(n: int) -> int:
    return bracket_size(n).bit_length() - 1


def seed_lines(size: int) -> list[int]:
    """Seeding rank (1-based) on each line of a bracket of ``size`` lines.

    Built by doubling: each rank r of the half-size bracket becomes the
    pair (r, size + 1 − r), flipped on every other line so that rank 2 ends
    on the bottom line: 4 → [1, 4, 3, 2]; 8 → [1, 8, 5, 4, 3, 6, 7, 2].
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
    lines = [1]
    while len(lines) < size:
        m = 2 * len(lines) + 1
        nxt: list[int] = []
        for i, r in enumerate(lines):
            nxt.extend((r, m - r) if i % 2 == 0 else (m - r, r))
        lines = nxt
    return lines


def seeding_order(players: list[Player]) -> list[int]:
    """序号 by seeding rank: seeds by ``seed``, then the rest by 序号."""
    ps = sorted(players, key=lambda p: (p.seed is None, p.seed if p.seed is not None else 0, p.no))
    return [p.no for p in ps]


def first_round_lines(order: list[int]) -> list[Optional[int]]:
    """The player on each first-round line (None = the bye line)."""
    size = bracket_size(len(order))
    return [order[r - 1] if r <= len(order) else None for r in seed_lines(size)]


def stage_msg(stage: int, stages: int) -> Msg:
    """The name of a knockout stage (决赛, 半决赛, 1/4决赛, 1/8决赛, 第N轮)."""
    left = stages - stage
    key = {0: "knockout.stage-final", 1: "knockout.stage-semi-final", 2: "knockout.stage-quarter-final"}
    return Msg(key.get(left, "knockout.stage-round-of-16" if left == 3 else "knockout.stage-round"), stage=stage)


def stage_name(stage: int, stages: int) -> str:
    return stage_msg(stage, stages).render("zh")


def stage_name_en(stage: int, stages: int) -> str:
    return stage_msg(stage, stages).render("en")


def planned_rounds(n: int, games_per_match: int = 1) -> int:
    """Model rounds without any 加赛: stages × games per match."""
    return stage_count(n) * games_per_match


# ------------------------------------------------------------------ matches


@dataclass
class Match:
    stage: int  # 1 = first round
    index: int  # 0 = top of the bracket
    top: Optional[int] = None
    bottom: Optional[int] = None
    games: list[tuple[int, Board]] = field(default_factory=list)  # (model round, board), in order
    status: str = OPEN
    winner: Optional[int] = None
    next_kind: Optional[str] = None  # MAIN / PLAYOFF / ARMAGEDDON for the next game when PENDING

    @property
    def seated(self) -> tuple[int, int]:
        """(top, bottom) of a match whose two players are known (pending or played)."""
        assert self.top is not None and self.bottom is not None, (self.stage, self.index)
        return self.top, self.bottom

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(x for x in (self.top, self.bottom) if x is not None)

    @property
    def losers(self) -> tuple[int, ...]:
        if self.status == VOID:
            return self.players
        if self.status == DECIDED:
            return tuple(x for x in self.players if x != self.winner)
        return ()

    @property
    def resolved(self) -> bool:
        return self.status in RESOLVED

    def main_games(self, g: int) -> list[tuple[int, Board]]:
        return self.games[:g]

    def playoff_games(self, g: int) -> list[tuple[int, Board]]:
        """The 加赛 games (every game after the first ``g``)."""
        return self.games[g:]


@dataclass
class Bracket:
    size: int
    order: list[int]  # 序号 by seeding rank
    lines: list[Optional[int]]  # first-round lines
    stages: list[list[Match]]
    round_stage: dict[int, int] = field(default_factory=dict)  # model round → stage
    _ranks: dict[int, int] = field(default_factory=dict, repr=False, compare=False)

    @property
    def stage_total(self) -> int:
        return len(self.stages)

    @property
    def final(self) -> Match:
        return self.stages[-1][0]

    @property
    def finished(self) -> bool:
        return self.final.resolved

    @property
    def champion(self) -> Optional[int]:
        return self.final.winner if self.finished else None

    @property
    def current_stage(self) -> Optional[int]:
        """The first stage (1-based) with an unresolved match; None when finished."""
        for s, ms in enumerate(self.stages, start=1):
            if any(not m.resolved for m in ms):
                return s
        return None

    def first_rank(self, m: Match) -> int:
        """The better seeding rank of a match's two players."""
        a, b = m.seated
        return min(self.rank(a), self.rank(b))

    def rank(self, no: int) -> int:
        """Seeding rank, 1-based."""
        if len(self._ranks) != len(self.order):
            self._ranks = {x: i for i, x in enumerate(self.order, start=1)}
        return self._ranks[no]

    def match_of(self, a: int, b: int) -> Optional[Match]:
        for ms in self.stages:
            for m in ms:
                if {m.top, m.bottom} == {a, b}:
                    return m
        return None

    def byes(self) -> list[int]:
        """Players with a first-round bye (the top seeds)."""
        return [m.winner for m in self.stages[0] if m.status == BYE and m.winner is not None]


def _blocks(g: int, playoff: list[int], armageddon: bool) -> Iterator[tuple[str, int]]:
    yield MAIN, g
    for k in playoff:
        yield PLAYOFF, k
    if armageddon:
        yield ARMAGEDDON, 1
        return
    last = playoff[-1] if playoff else 1
    while True:
        yield PLAYOFF, last


def check_knockout_settings(event: Event) -> tuple[int, list[int], bool]:
    s = event.settings
    g = s.games_per_match
    if not isinstance(g, int) or isinstance(g, bool) or g < 1:
        raise InputError(Msg("knockout.invalid-games-per-match", g=g))
    pg = list(s.playoff_games or [])
    for k in pg:
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InputError(Msg("knockout.invalid-playoff-games", playoff_games=s.playoff_games))
    if not isinstance(s.armageddon, bool):
        raise InputError(Msg("knockout.armageddon-must-be-a-boolean", armageddon=s.armageddon))
    return g, pg, s.armageddon


def _evaluate(m: Match, event: Event, g: int, playoff: list[int], armageddon: bool) -> None:
    """Set ``status``/``winner``/``next_kind`` of a two-player match from its games."""
    sc = event.settings.scoring
    boards = [b for _, b in m.games]
    if any(b.result == DOUBLE_FORFEIT for b in boards):
        m.status, m.winner, m.next_kind = VOID, None, None
        return
    if any(b.result is None for b in boards):
        m.status, m.winner, m.next_kind = WAITING, None, None
        return
    i = 0
    for kind, size in _blocks(g, playoff, armageddon):
        block = boards[i : i + size]
        if len(block) < size:
            m.status, m.winner, m.next_kind = PENDING, None, kind
            return
        i += size
        winner = None
        if kind == ARMAGEDDON:
            b = block[0]
            assert b.result is not None  # a block is of finished games
            winner = b.red if outcome(b.result, "R") == "W" else b.black
        else:
            pts = {m.top: 0.0, m.bottom: 0.0}
            for b in block:
                pts[b.red] += sc.points(b.result, "R")
                pts[b.black] += sc.points(b.result, "B")
            if pts[m.top] != pts[m.bottom]:
                winner = m.top if pts[m.top] > pts[m.bottom] else m.bottom
        if winner is not None:
            if i < len(boards):
                rno, b = m.games[i]
                raise InputError(
                    Msg(
                        "knockout.round-board-the-match-of-and-was-already",
                        rno=rno,
                        board=b.board,
                        red=b.red,
                        black=b.black,
                    ),
                    round=rno,
                    board=b.board,
                )
            m.status, m.winner, m.next_kind = DECIDED, winner, None
            return


def _seat(m: Match, top: Optional[int], bottom: Optional[int]) -> None:
    m.top, m.bottom = top, bottom
    if top is None and bottom is None:
        m.status, m.winner = EMPTY, None
    elif top is None or bottom is None:
        m.status, m.winner = BYE, (top if bottom is None else bottom)
    else:
        m.status, m.winner, m.next_kind = PENDING, None, MAIN


def _propagate(br: Bracket) -> None:
    for s in range(1, len(br.stages)):
        for m in br.stages[s]:
            if m.status != OPEN:
                continue
            a, b = br.stages[s - 1][2 * m.index], br.stages[s - 1][2 * m.index + 1]
            if a.resolved and b.resolved:
                _seat(m, a.winner, b.winner)


def refuse_absences(event: Event) -> None:
    """A knockout has no absence for a round (请假): an absent player loses
    his match by forfeit, which the arbiter enters (docs/pairing.md §2.6b)."""
    for p in event.players:
        if p.absent_rounds:
            raise InputError(
                Msg("knockout.no-a-knockout-has-no-absences-an-absent", name=p.name, no=p.no),
            )


def build_bracket(event: Event, before_round: Optional[int] = None, first_round: int = 1) -> Bracket:
    """Replay the knockout from the rounds ``first_round`` ≤ r < ``before_round``
    (default: all).  Raises :class:`InputError` naming the round and board
    of a game that does not fit the bracket."""
    g, playoff, arm = check_knockout_settings(event)
    refuse_absences(event)
    order = seeding_order(event.players)
    size = bracket_size(len(order))
    lines = first_round_lines(order)
    stages: list[list[Match]] = []
    k = size // 2
    s = 1
    while k >= 1:
        stages.append([Match(stage=s, index=i) for i in range(k)])
        k //= 2
        s += 1
    br = Bracket(size=size, order=order, lines=lines, stages=stages)
    for i, m in enumerate(stages[0]):
        _seat(m, lines[2 * i], lines[2 * i + 1])
    _propagate(br)
    for rnd in event.rounds:
        if rnd.round < first_round or (before_round is not None and rnd.round >= before_round):
            continue
        cur = br.current_stage
        if cur is None:
            if rnd.boards:
                raise InputError(
                    Msg("knockout.round-the-knockout-is-over-no-more-games", round=rnd.round),
                    round=rnd.round,
                )
            continue
        touched = []
        lookup = {frozenset((x.top, x.bottom)): x for x in br.stages[cur - 1] if x.top is not None}
        for b in rnd.boards:
            found = lookup.get(frozenset((b.red, b.black)))
            if found is None:
                raise InputError(
                    Msg(
                        "knockout.round-board-v-is-not-a-match-of-the",
                        round=rnd.round,
                        board=b.board,
                        red=b.red,
                        black=b.black,
                        stage_total=stage_msg(cur, br.stage_total),
                    ),
                    round=rnd.round,
                    board=b.board,
                )
            if found.resolved:
                raise InputError(
                    Msg(
                        "knockout.round-board-the-match-of-and-is-over",
                        round=rnd.round,
                        board=b.board,
                        red=b.red,
                        black=b.black,
                    ),
                    round=rnd.round,
                    board=b.board,
                )
            found.games.append((rnd.round, b))
            touched.append(found)
        if rnd.boards:
            br.round_stage[rnd.round] = cur
        for m in touched:
            _evaluate(m, event, g, playoff, arm)
        _propagate(br)
    return br


def _next_colours(m: Match, br: Bracket) -> tuple[int, int]:
    if not m.games:
        a, b = m.seated
        return (a, b) if br.rank(a) < br.rank(b) else (b, a)
    last = m.games[-1][1]
    return last.black, last.red


def pair_knockout_round(event: Event, round_no: Optional[int] = None) -> PairingOutcome:
    """The next model round of a knockout: one game for every match of the
    current stage still to be decided.  Returns a
    :class:`xlxq.core.pairing.PairingOutcome`.

    Refuses while a game of the stage has no result (a knockout cannot pair
    on a provisional result) and once the champion is known.
    """
    validate_event(event)
    if round_no is None:
        round_no = event.next_round
    br = build_bracket(event, before_round=round_no)
    names = {p.no: p.name for p in event.players}
    if br.finished:
        ch = br.champion
        # 张三（7号） / 7; no champion (both finalists forfeited) in every language
        # (the English said "None")
        who: object = (
            Lazy(lambda lang, ch=ch: tr(lang, "checks.name-no", name=names[ch], no=ch) if chinese_forms(lang) else ch)
            if ch is not None
            else Msg("simulate.none-double-forfeit-in-the-final")
        )
        raise InputError(Msg("knockout.the-knockout-is-over-champion", who=who))
    cur = br.current_stage
    assert cur is not None
    ms = br.stages[cur - 1]
    waiting = [m for m in ms if m.status == WAITING]
    if waiting:
        games = [(r, b) for m in waiting for r, b in m.games if b.result is None]
        where = Lazy(
            lambda lang: tr(lang, "common.list-sep").join(
                tr(lang, "knockout.game-of", r=r, board=b.board, red=b.red, black=b.black) for r, b in games
            )
        )
        raise PairingImpossible(Msg("knockout.results-missing-a-knockout-round-needs", where=where))
    notes: list[str] = [
        Note(
            Msg(
                "knockout.stage-note",
                stage=stage_msg(cur, br.stage_total),
                cur=cur,
                stages=br.stage_total,
                n=len(br.order),
                size=br.size,
            )
        )
    ]
    todo = sorted((m for m in ms if m.status == PENDING), key=br.first_rank)
    g = event.settings.games_per_match
    boards: list[Board] = []
    for m in todo:
        red, black = _next_colours(m, br)
        res = None
        out_r = not event.player(red).active_in(round_no)
        out_b = not event.player(black).active_in(round_no)
        if out_r and out_b:
            res = DOUBLE_FORFEIT
            notes.append(
                Note(
                    Msg(
                        "knockout.and-have-both-withdrawn-a-double-forfeit",
                        names_red=names[red],
                        red=red,
                        names_black=names[black],
                        black=black,
                    ),
                )
            )
        elif out_r or out_b:
            res = BLACK_WIN_FORFEIT if out_r else RED_WIN_FORFEIT
            w = red if out_r else black
            notes.append(Note(Msg("knockout.has-withdrawn-loses-by-forfeit", names_w=names[w], w=w)))
        n_game = len(m.games) + 1
        if m.next_kind == MAIN:
            if g > 1:
                swapped = Msg("roundrobin.colours-swapped") if n_game > 1 else ""
                notes.append(Note(Msg("knockout.v-game", red=red, black=black, n_game=n_game, swapped=swapped)))
        elif m.next_kind == PLAYOFF:
            notes.append(
                Note(
                    Msg("knockout.v-level-play-off-game", red=red, black=black, game_g=n_game - g),
                )
            )
        else:
            notes.append(
                Note(
                    Msg("knockout.v-level-one-decider-a-draw-is-a-black", red=red, black=black),
                )
            )
        boards.append(Board(len(boards) + 1, red, black, res))
    byes: list[int] = []
    if not any(m.games for m in ms):
        byes = sorted((m.winner for m in ms if m.status == BYE and m.winner is not None), key=br.rank)
        why = Msg("knockout.a-first-round-bye-by-seeding-seed-000" if cur == 1 else "knockout.no-opponent-goes-through")
        notes += [Note(Msg("knockout.names-no-no-why", names_no=names[no], no=no, why=why)) for no in byes]
    if round_no > event.settings.rounds:
        notes.append(
            Note(
                Msg("knockout.this-is-round-beyond-the-events-rounds", round_no=round_no, rounds=event.settings.rounds),
            )
        )
    cards = build_cards(event, round_no, True)
    return PairingOutcome(round=Round(round_no, boards, byes).as_made(), cards=cards, notes=notes)


# ------------------------------------------------------------------ ranking


@dataclass
class KnockoutPlace:
    no: int
    place: Optional[int]  # None: still in the event
    place_to: Optional[int]  # last place of a shared range (3–4, 5–8 …)
    stage_out: Optional[int]  # stage lost in (None: champion or still in)
    seed_rank: int


def knockout_ranking(event: Event, bracket: Optional[Bracket] = None) -> list[KnockoutPlace]:
    """Places from the bracket: champion 1, runner-up 2, and the players
    knocked out in one stage share the places below everyone who went
    further: N − (out by the end of that stage) + 1 … N − (out before it),
    i.e. 3–4, 5–8 … (with byes the first stage's losers share the places
    down to N).  While a stage is running its losers so far get that formula
    too (provisional).  Listed by place, then seeding rank; players still in
    the event come last with place None."""
    br = bracket or build_bracket(event)
    n = len(br.order)
    out: list[KnockoutPlace] = []
    out_before = 0
    for s in range(1, br.stage_total + 1):
        losers = sorted((no for m in br.stages[s - 1] for no in m.losers), key=br.rank)
        for no in losers:
            out.append(KnockoutPlace(no, n - out_before - len(losers) + 1, n - out_before, s, br.rank(no)))
        out_before += len(losers)
    gone = {p.no for p in out}
    ch = br.champion
    if ch is not None:
        out.append(KnockoutPlace(ch, 1, 1, None, br.rank(ch)))
        gone.add(ch)
    for no in br.order:
        if no not in gone:
            out.append(KnockoutPlace(no, None, None, None, br.rank(no)))
    out.sort(key=lambda p: (p.place is None, p.place or 0, p.seed_rank))
    return out


__all__ = [
    "check_knockout_settings",
    "Bracket",
    "Match",
    "KnockoutPlace",
    "bracket_size",
    "stage_count",
    "seed_lines",
    "seeding_order",
    "first_round_lines",
    "build_bracket",
    "pair_knockout_round",
    "knockout_ranking",
    "planned_rounds",
    "stage_name",
    "stage_name_en",
    "OPEN",
    "PENDING",
    "WAITING",
    "DECIDED",
    "BYE",
    "VOID",
    "EMPTY",
]
