"""Standings (名次计算) of an individual one-game Swiss: score, then tie-breaks.

Pure computation over :class:`~xlxq.core.model.Event`: no I/O.  The table is
ranked by 积分 (score), then by the event's tie-break list
(``event.settings.tiebreaks``), which is either a preset name or a list of
keys.  Sources (rules-research.md §2.2–2.4, §7.15; seed 001 section 五):

- 2011 第14.3.1条 (对手分 line): 对手分 → 胜局 → 犯规 → 后走局数, then
  "比较前一轮成绩，以此类推，直至区分"                 → preset ``cxa2011-opp``
- 2011 第14.3.2条 (累进分 line): 累进分 → 胜局 → 犯规 → 后走局数, then
  "去除第一轮得分进行比较，如仍相等，则再去除第二轮的积分"   → preset ``cxa2011-cumulative``
- seed 001 五.1 第一种方式: 积分、对手分、胜局、犯规、后走胜局、后走局数, then
  "比较倒数第二轮积分，依此类推"                       → preset ``seed001-opp``
- seed 001 五.1 第二种方式: 积分、累进分、胜局、犯规、后走胜局, then
  "扣除第一轮积分；还相同、再扣除第二轮"                 → preset ``seed001-cumulative``
- 2011 第14.4条: a bye scores as a win, and its 对手分 is "有分棋手中的最低得分".
- Asian Xiangqi Federation (AXF championship regulations, Sydney): Buchholz
  (对手分), direct encounter (直胜), wins, wins with black, games with black,
  best opponent's ranking, technical fouls                       → preset ``axf``
- World Xiangqi Federation (18th World Championships 2023 regulations, VIII.b):
  opponent score (对手分, Buchholz: docs/standings.md says why not
  Sonneborn–Berger), direct encounter, most wins; the rest of the list is
  not in the available text and is the AXF order's        → preset ``wxf2023``

Every key except 犯规 and the best opponent's ranking is "higher is better";
those two are "fewer is better".  直胜 is a group tie-break (the players
still tied, split as a whole): a list that has it is ranked group by group.
Players still equal on everything share a rank (1, 2, 2, 4) and are listed by
序号 within it.  docs/standings.md explains each definition and reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Protocol, Sequence, TypeVar, Union

from xlxq.core.model import Board, Event, Round, absent_players, invalid_int, outcome, validate_event
from xlxq.core.tiebreaks import (
    BYE_OPP_SCORE_MODES,
    FALLBACK_READINGS,
    SortItem,
    TableFacts,
    TieBreakRegistry,
    running_and_back,
    runs,
    split_direct,
)
from xlxq.errors import InputError
from xlxq.i18n import Msg, tr
from xlxq.text import joined

if TYPE_CHECKING:  # types only: teams.py does not import this module (no circle)
    from xlxq.core.teams import TeamEvent, TeamRound

#: A table is of an individual event or of a team event; so are its rounds.
AnyEvent = Union[Event, "TeamEvent"]
AnyRound = Union[Round, "TeamRound"]

PRESETS: dict[str, list[str]] = {
    "cxa2011-opp": ["opp_score", "wins", "fouls", "black_games", "back_rounds"],  # 2011 14.3.1
    "cxa2011-cumulative": ["cumulative", "wins", "fouls", "black_games", "drop_rounds"],  # 2011 14.3.2
    "seed001-opp": ["opp_score", "wins", "fouls", "black_wins", "black_games", "back_rounds"],
    "seed001-cumulative": ["cumulative", "wins", "fouls", "black_wins", "drop_rounds"],
}
# The international presets (AXF, WXF 2023) are registered below, once their
# tie-breaks (直胜, best opponent) are: ``SWISS.add_preset``.
DEFAULT_PRESET = "cxa2011-opp"


def resolve_tiebreaks(spec: Union[Iterable[str], str, None]) -> list[str]:
    """Expand ``spec`` into a list of keys from :data:`ALL_KEYS`.

    ``spec`` is a list holding a preset name (``["cxa2011-opp"]``) or keys
    (``["opp_score", "wins", ...]``); a preset may also appear among keys and
    is expanded in place.  A bare string is read as a one-item list, and
    ``None`` or an empty list gives ``[]`` (rank by score, then share).
    Chinese labels (对手分, 累进分, …) are accepted for the keys.  Repeats are
    dropped (a key repeated can never separate anyone).  An unknown name
    raises :class:`InputError` naming it.
    """
    if spec is None:
        return []
    return SWISS.resolve(spec)


@dataclass
class StandingRow:
    rank: int
    no: int
    name: str
    unit: str
    score: float
    # always the six BASE_KEYS, plus any other tie-break of the event's list
    # (小分, 直胜 — None when not applied —, best opponent's ranking)
    tiebreaks: dict[str, Optional[float]]
    withdrawn: bool
    round_scores: list[Optional[float]] = field(default_factory=list)  # None: not paired / unfinished

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "no": self.no,
            "name": self.name,
            "unit": self.unit,
            "score": self.score,
            "tiebreaks": dict(self.tiebreaks),
            "withdrawn": self.withdrawn,
            "round_scores": list(self.round_scores),
        }


@dataclass
class PlayerRecord:
    """One player's games in rounds 1..N, the record every Swiss tie-break is
    computed from: points per round (None: no game, or unfinished),
    opponents played (a game with a result), byes, wins (byes included when
    they count as wins), fouls, wins and games with black actually played."""

    no: int
    round_scores: list[Optional[float]]
    opponents: list[int] = field(default_factory=list)
    byes: int = 0
    wins: int = 0
    fouls: int = 0
    black_wins: int = 0
    black_games: int = 0
    table: TableFacts = TableFacts(0, {}, 0.0, "running_total")
    #: each game with a result: (opponent, points scored, share of the
    #: game won: 1 a win, 0.5 a draw, 0 a loss) — 直胜, 小分
    against: list[tuple[int, float, float]] = field(default_factory=list)
    #: 直胜: points against the others of the tied group it separated (None:
    #: not applied), set by :func:`_split_direct`
    direct: Optional[float] = None

    @property
    def total(self) -> float:
        """积分 after round N."""
        return self.table.totals[self.no]

    @property
    def running(self) -> list[float]:
        """The running total after each round 1..N."""
        return running_and_back(self.round_scores, self.table.n, self.table.fallback_reading)[0]


SWISS: TieBreakRegistry[PlayerRecord] = TieBreakRegistry(
    PRESETS,
    extra_labels={"score": ("积分", "score")},
    extra_aliases={
        "后胜局": "black_wins",
        "后手局": "black_games",
        "后走局": "black_games",
        "前一轮成绩": "back_rounds",
        "倒数第二轮积分": "back_rounds",
        "去除第一轮得分": "drop_rounds",
        "扣除第一轮积分": "drop_rounds",
    },
)


@SWISS.register("opp_score", "对手分", "opponents' score")
def _opp_score(r: PlayerRecord) -> float:
    t = r.table
    return float(sum(t.totals[o] for o in r.opponents) + r.byes * t.bye_value)


@SWISS.register("cumulative", "累进分", "cumulative score")
def _cumulative(r: PlayerRecord) -> float:
    return float(sum(r.running))


@SWISS.register("wins", "胜局", "wins")
def _wins(r: PlayerRecord) -> float:
    return float(r.wins)


@SWISS.register("fouls", "犯规", "fouls", ascending=True)
def _fouls(r: PlayerRecord) -> float:
    return float(r.fouls)


@SWISS.register("black_wins", "后走胜局", "wins with black")
def _black_wins(r: PlayerRecord) -> float:
    return float(r.black_wins)


@SWISS.register("black_games", "后走局数", "games with black")
def _black_games(r: PlayerRecord) -> float:
    return float(r.black_games)


@SWISS.register("back_rounds", "比较前一轮成绩", "earlier rounds compared", vector=True)
def _back_rounds(r: PlayerRecord) -> tuple[float, ...]:
    return running_and_back(r.round_scores, r.table.n, r.table.fallback_reading)[1]


@SWISS.register("drop_rounds", "去除前几轮积分", "early rounds removed", vector=True)
def _drop_rounds(r: PlayerRecord) -> tuple[float, ...]:
    total, running = r.total, r.running
    return tuple(total - running[k] for k in range(0, r.table.n - 1))


def _mutual(group: list[PlayerRecord]) -> Optional[dict[int, float]]:
    """Points each member of ``group`` scored against the others, or None
    unless every two of them have played each other (a game with a result)
    equally often."""
    members = {r.no for r in group}
    pts = {r.no: 0.0 for r in group}
    met: dict[frozenset[int], int] = {}
    for r in group:
        for opp, p, _ in r.against:
            if opp in members:
                pts[r.no] += p
                key = frozenset((r.no, opp))
                met[key] = met.get(key, 0) + 1
    pairs = len(group) * (len(group) - 1) // 2
    if len(met) != pairs or len(set(met.values())) != 1:
        return None
    return pts


def _split_direct(group: list[PlayerRecord], top: bool = True) -> list[list[PlayerRecord]]:
    """直胜 (direct encounter) of a Swiss: ``group`` (players still tied)
    split by the points its members scored against each other, when every
    two of them have met (two tied players who played each other; a
    Swiss rarely has more who all met); sub-groups it separates only in part
    are compared again among themselves.  Otherwise not applied (one group,
    value None): docs/standings.md "直胜 in a Swiss"."""
    return split_direct(group, _mutual, _keep_direct, top)


def _keep_direct(r: PlayerRecord, v: float) -> None:
    r.direct = v


@SWISS.register("direct", "直胜", "direct encounter", separate=_split_direct)
def _direct(r: PlayerRecord) -> Optional[float]:
    return r.direct  # set by _split_direct for the group it separates


@SWISS.register("sb", "小分", "Sonneborn-Berger")
def _sb(r: PlayerRecord) -> float:
    """小分 (Sonneborn–Berger, 2011 14.1's word): each opponent's final score
    times the share of the game's points the player took (a win: all of
    it, a draw: half); a bye adds nothing."""
    t = r.table.totals
    return float(sum(t[o] * share for o, _, share in r.against))


@SWISS.register("best_opp", "最佳对手名次", "best opponent's ranking", ascending=True)
def _best_opp(r: PlayerRecord) -> float:
    """The ranking by final score (积分 alone: equal scores share a place)
    of the highest-scored opponent played; lower is better; no opponent:
    the place after the last."""
    t = r.table.totals
    best = max((t[o] for o in r.opponents), default=None)
    if best is None:
        return float(len(t) + 1)
    return float(r.table.places[best])


SWISS.add_preset("axf", ["opp_score", "direct", "wins", "black_wins", "black_games", "best_opp", "fouls"])
SWISS.add_preset("wxf2023", ["opp_score", "direct", "wins", "black_wins", "black_games", "best_opp", "fouls"])

#: The six tie-breaks that every StandingRow carries (JSON names); the
#: others (小分, 直胜, best opponent) only when the event's list has them.
BASE_KEYS = ("opp_score", "cumulative", "wins", "fouls", "black_wins", "black_games")
# Every value tie-break a StandingRow may carry.
TIEBREAK_KEYS = SWISS.value_keys()
# Fall-backs: compare a vector of per-round numbers; meant for the end of a list.
FALLBACK_KEYS = SWISS.vector_keys()
ALL_KEYS = SWISS.keys()
# Sorted ascending (fewer is better); every other key is sorted descending.
ASCENDING_KEYS = frozenset(k for k in ALL_KEYS if SWISS[k].ascending)
# The labels of the table's columns: 积分 and every registered tie-break.
LABELS_ZH: dict[str, str] = SWISS.labels_zh
LABELS_EN: dict[str, str] = SWISS.labels_en


def check_options(event: Event) -> None:
    o = event.settings.standings
    if o.bye_opp_score not in BYE_OPP_SCORE_MODES:
        raise InputError(
            Msg(
                "standings.unknown-bye-opp-score-choose-from",
                bye_opp_score=o.bye_opp_score,
                SCORE_MODES=joined(BYE_OPP_SCORE_MODES),
            ),
        )
    if o.fallback_reading not in FALLBACK_READINGS:
        raise InputError(
            Msg(
                "standings.unknown-fallback-reading-choose-from",
                fallback_reading=o.fallback_reading,
                FALLBACK_READINGS=joined(FALLBACK_READINGS),
            ),
        )


def last_round(event: AnyEvent, after_round: Optional[int]) -> int:
    """N of a table "after ``after_round``" of an individual or team event:
    ``after_round`` capped at the last round present (None: that round)."""
    last = max((r.round for r in event.rounds), default=0)
    if after_round is None:
        return last
    if invalid_int(after_round, 0):
        raise InputError(Msg("standings.invalid-after-round", after_round=after_round))
    return min(after_round, last)


def _games(rnd: AnyRound) -> list[Board]:
    """The games of a round: its boards (individual) or its matches' boards
    (team)."""
    if hasattr(rnd, "matches"):
        return [b for m in rnd.matches for b in m.boards]
    return list(rnd.boards)


def round_started(rnd: AnyRound) -> bool:
    """A round counts in a table once one of its games has a result; a
    round of byes alone (nobody to play) counts at once.  A round paired
    and not yet played adds nothing: not its pairings (对手分), not its byes."""
    units: Sequence[object] = rnd.matches if hasattr(rnd, "matches") else rnd.boards
    return any(b.result is not None for b in _games(rnd)) or (bool(rnd.byes) and not units)


@dataclass(frozen=True)
class TableRound:
    """Which rounds a standings table counts and how to label it: ``after``
    is N, the last round (up to the one asked for) with a result; rounds
    after it are left out.  ``unfinished``: rounds 1..N → games still
    without a result (only rounds that have some; a team match whose
    line-ups are not in counts all its boards)."""

    after: int
    unfinished: Mapping[int, int] = field(default_factory=dict)

    @property
    def in_progress(self) -> bool:
        """Round N has results, but not all of them."""
        return bool(self.unfinished.get(self.after))

    def when(self, lang: str = "zh") -> str:
        """ "第3轮后" / "第4轮进行中" ("after round 3" / "round 4 in progress");
        "尚无结果" ("no results yet") before any result."""
        if not self.after:
            return tr(lang, "standings.no-results-yet")
        return tr(
            lang, "standings.round-in-progress" if self.in_progress else "standings.when-after-round", n=self.after
        )

    def note(self, lang: str = "zh") -> str:
        """The games without a result: "尚有2台未完成" in round N, "第3轮尚有1台未完成" in an earlier round."""
        en = lang.startswith("en")
        parts = []
        for r in sorted(self.unfinished):
            k = self.unfinished[r]
            if en:
                parts.append(
                    f"{k} game{'s' if k > 1 else ''}" + ("" if r == self.after else f" of round {r}") + " unfinished"
                )
            elif r == self.after:
                parts.append(tr(lang, "standings.games-unfinished", k=k))
            else:
                parts.append(tr(lang, "standings.games-of-round-unfinished", r=r, k=k))
        return "; ".join(parts) if en else tr(lang, "record.comma").join(parts)

    def label(self, lang: str = "zh") -> str:
        """:meth:`when` and :meth:`note`: "第4轮进行中，尚有2台未完成"."""
        note = self.note(lang)
        return self.when(lang) + ((", " if lang.startswith("en") else tr(lang, "record.comma")) + note if note else "")

    def title(self, what: Any, lang: str = "zh", when_first: bool = False) -> str:
        """A table's title in ``lang``: "成绩表（第4轮进行中，尚有2台未完成）"
        ("Standings (round 4 in progress, 2 games unfinished)"); ``when_first``:
        "第4轮进行中名次表（尚有2台未完成）".  Round 0: the bare name.  ``what``:
        the table's name, a message (anything with ``localize``) or a text."""
        name = what.localize(lang) if callable(getattr(what, "localize", None)) else what
        if not self.after:
            return str(name)
        if not self.unfinished:
            key = "standings.title-when-first" if when_first else "standings.title-when"
            return tr(lang, key, what=name, when=self.when(lang))
        if when_first:
            return tr(lang, "standings.title-when-first-note", what=name, when=self.when(lang), note=self.note(lang))
        return tr(lang, "standings.title-label", what=name, label=self.label(lang))


def table_round(event: AnyEvent, after_round: Optional[int] = None) -> TableRound:
    """The :class:`TableRound` of a table of an individual or team event
    "after ``after_round``" (default: as far as the results go): N is the
    last round up to ``after_round`` that has started (:func:`round_started`)."""
    cap = last_round(event, after_round)
    n = max((r.round for r in event.rounds if r.round <= cap and round_started(r)), default=0)
    boards = getattr(event.settings, "boards", 0)
    unfinished = {}
    for r in event.rounds:
        if r.round <= n:
            k = sum(1 for b in _games(r) if b.result is None)
            k += sum(boards for m in getattr(r, "matches", ()) if not m.boards)
            if k:
                unfinished[r.round] = k
    return TableRound(n, unfinished)


def bye_opp_value(mode: str, totals: Mapping[int, float]) -> float:
    """What a bye adds to 对手分 (``StandingsOptions.bye_opp_score``, 2011
    14.4): the lowest final total among those who have scored
    (``lowest_scoring``; 0 if nobody has), the lowest of all, or 0."""
    if mode == "zero" or not totals:
        return 0.0
    if mode == "lowest":
        return min(totals.values())
    return min((t for t in totals.values() if t > 0), default=0.0)


class Ranked(Protocol):
    """A row :func:`rank_rows` ranks: an ``int`` rank, or ``Optional[int]``
    in tables that list some rows unranked (the attribute is set, so its
    type is left open)."""

    rank: Any


R = TypeVar("R", bound=Ranked)


def rank_rows(keyed: Iterable[tuple[Any, R]], tie: Callable[[R], Any]) -> list[R]:
    """The rows of ``(key, row)`` pairs sorted by key, then by ``tie(row)``,
    each ``row.rank`` set: rows with equal keys share a rank (1, 2, 2, 4)."""
    out: list[R] = []
    prev = None
    for i, (key, row) in enumerate(sorted(keyed, key=lambda kr: (kr[0], tie(kr[1])))):
        row.rank = out[-1].rank if out and key == prev else i + 1
        prev = key
        out.append(row)
    return out


def compute_standings(event: Event, after_round: Optional[int] = None) -> list[StandingRow]:
    """The ranked table after ``after_round`` (default: every round in the
    event), rank 1 first.

    Definitions (2011 第13条, 第14.3–14.4条; seed 001 五; rules-research §2.3):

    - 积分 score: ``Scoring.points`` per game (2011 第13条, 2/1/0 unless set);
      an unfinished game (result ``None``) scores nothing here (原则(八)'s
      provisional draw is for pairing only); a bye scores
      ``Scoring.bye_points`` (2011 14.4 / 原则(五): 轮空按胜局计分).
    - Only games with a result count (issue 8 §6): a game still unfinished
      adds no points, no opponent to 对手分, no fouls, no colour; a round
      paired but not started (no result at all) is left out altogether, its
      byes included (:func:`table_round`).
    - 对手分 opp_score (14.3.1 "所对弈过的全部对手的积分之和"): the sum of the
      final scores (after ``after_round``) of every opponent played, forfeits
      and double forfeits included, withdrawn opponents at their final score.
      Each bye adds, per ``settings.standings.bye_opp_score``: the lowest
      final score among players who have scored (14.4 "有分棋手中的最低得分",
      default; 0 if nobody has), the lowest score of all, or 0.
    - 累进分 cumulative (14.3.2 "每轮积分相加总和"): the sum, over rounds
      1..N, of the player's running total after each round.
    - 胜局 wins: games won, forfeit wins included; a bye counts as a win when
      ``bye_counts_as_win`` (原则(五) "轮空者以胜局计算").
    - 犯规 fouls: ``fouls_red``/``fouls_black`` of games with a result
      summed; fewer is better.
    - 后走胜局 black_wins (seed 001): wins with black in games actually played.
    - 后走局数 black_games (14.3.1/14.3.2): games actually played with black;
      forfeits, byes and unfinished games do not count.
    - back_rounds (14.3.1 "比较前一轮成绩"; seed 001 "比较倒数第二轮积分"):
      ``running_total`` compares the running total after round N−1, then
      N−2, … 1; ``round_score`` compares the points of round N−1 alone, then
      N−2, … 1.  Higher is better.
    - drop_rounds (14.3.2 "去除第一轮得分…再去除第二轮"): total minus round 1,
      then minus rounds 1–2, … minus rounds 1..N−1.  Higher is better.
    - 直胜 direct (AXF/WXF "direct match"): the points the players still tied
      scored against each other, when every two of them met; else not
      applied (``None``).  Forfeits count by their result.
    - 小分 sb: each opponent's final score times the share of the game won
      (all for a win, half for a draw); a bye adds nothing.
    - best_opp (AXF "Best Opponent Ranking"): the place by final 积分 (equal
      scores share it) of the highest-scored opponent played; fewer is better.
    - An absence (请假, ``absent_rounds``; docs/standings.md "Absence"):
      the round counts with ``Scoring.absent`` points (请假计分, 0 unless
      set) and no opponent: nothing added to 对手分 (not a bye: 14.4's
      lowest score is for a bye only), no win, no colour; its points count
      in 累进分 and the fall-backs like any round's.  Only once the round
      has started (:func:`round_started`), and not if he is on a board.

    N is the last round up to ``after_round`` (default: every round) with a
    result (:func:`table_round`).  Withdrawn players
    stay in the table and are ranked like everyone else.
    """
    validate_event(event)
    check_options(event)
    keys = resolve_tiebreaks(event.settings.tiebreaks)
    opts = event.settings.standings
    sc = event.settings.scoring
    n = table_round(event, after_round).after

    acc = {p.no: PlayerRecord(p.no, round_scores=[None] * n) for p in event.players}
    for rnd in event.rounds:
        if rnd.round > n:
            continue
        i = rnd.round - 1
        for b in rnd.boards:
            for no, colour, opp, fouls in ((b.red, "R", b.black, b.fouls_red), (b.black, "B", b.red, b.fouls_black)):
                if b.result is None:  # not played yet: no points, no opponent, no fouls
                    continue
                a = acc[no]
                a.opponents.append(opp)
                a.fouls += fouls
                a.round_scores[i] = float(sc.points(b.result, colour))
                o = outcome(b.result, colour)
                a.against.append((opp, a.round_scores[i] or 0.0, 1.0 if o == "W" else 0.5 if o == "D" else 0.0))
                won = o == "W"
                a.wins += won
                if colour == "B" and not b.forfeit:
                    a.black_games += 1
                    a.black_wins += won
        for no in rnd.byes:
            a = acc[no]
            a.round_scores[i] = float(sc.bye_points)
            a.byes += 1
            a.wins += bool(opts.bye_counts_as_win)
        if round_started(rnd):
            for no in absent_players(event, rnd):
                acc[no].round_scores[i] = float(sc.absent)

    totals = {no: float(sum(s for s in a.round_scores if s is not None)) for no, a in acc.items()}
    facts = TableFacts(n, totals, bye_opp_value(opts.bye_opp_score, totals), opts.fallback_reading)

    for a in acc.values():
        a.table = facts
    shown = [k for k in SWISS.value_keys() if k in BASE_KEYS or k in keys]

    def row(p: Any, values: Optional[Mapping[str, Optional[float]]] = None) -> StandingRow:
        a = acc[p.no]
        if values is None:
            values = SWISS.values(a, shown)
        return StandingRow(
            rank=0,
            no=p.no,
            name=p.name,
            unit=p.unit,
            score=a.total,
            tiebreaks={k: values[k] for k in shown},
            withdrawn=not p.active_in(n + 1),
            round_scores=list(a.round_scores),
        )

    if any(SWISS[k].separate is not None for k in keys):
        return _ranked_by_groups(event, acc, keys, row)
    rows: list[tuple[tuple[SortItem, ...], StandingRow]] = []
    for p in event.players:
        a = acc[p.no]
        values = SWISS.values(a, shown)
        key = (-a.total, *SWISS.sort_key(keys, values, a))
        rows.append((key, row(p, values)))
    return rank_rows(rows, lambda row: row.no)


def _ranked_by_groups(
    event: Event, acc: Mapping[int, PlayerRecord], keys: list[str], row: Callable[[Any], StandingRow]
) -> list[StandingRow]:
    """The table of a list with a group tie-break (直胜): the players tied
    on 积分 split by each tie-break in turn (a group tie-break splits a tied
    group as a whole), as the round robin's table is; each final group
    shares a rank and is listed by 序号."""
    ordered = sorted(acc.values(), key=lambda a: (-a.total, a.no))
    groups = runs(ordered, lambda a: a.total)
    for key in keys:
        groups = [sub for grp in groups for sub in _split(grp, key)]
    players = {p.no: p for p in event.players}
    out: list[StandingRow] = []
    for grp in groups:
        rank = len(out) + 1
        for a in sorted(grp, key=lambda a: a.no):
            r = row(players[a.no])
            r.rank = rank
            out.append(r)
    return out


def _split(group: list[PlayerRecord], key: str) -> list[list[PlayerRecord]]:
    """``group`` (players still tied) split by tie-break ``key`` into ranked sub-groups."""
    if len(group) == 1:
        return [group]
    tb = SWISS[key]
    if tb.separate is not None:
        return tb.separate(group)

    def value(a: PlayerRecord) -> SortItem:
        v = tb.compute(a)
        assert v is not None, key
        return v

    def sort_value(a: PlayerRecord) -> SortItem:
        v = value(a)
        if isinstance(v, tuple):
            return tuple(-x for x in v)
        return v if tb.ascending else -v

    ordered = sorted(group, key=lambda a: (sort_value(a), a.no))
    return runs(ordered, value)
