"""The tournament model: players, rounds, boards, results and event settings.

Pure data, no I/O.  Every backend (JSON file, openpyxl workbook, xlwings book)
reads into these classes and writes from them, so the pairing and standings
code sees one shape whatever the source.

One model over entrants (docs/architecture.md "Model"): an :class:`Entrant`
is what a pairing system pairs, a :class:`Player` in an individual event or
a :class:`~xlxq.core.teams.Team` (an entrant with a line-up) in a team
event; both event kinds (:class:`Event`, :class:`~xlxq.core.teams.TeamEvent`)
share :class:`RoundsMixin` (the rounds before a round, the next round, a
copy with a round added) and name their entrants ``entrants``.  The 编排卡
(:class:`~xlxq.core.history.CardState`), round 1 (:mod:`xlxq.core.round1`),
the group loop (:func:`xlxq.core.pairing.pair_score_groups`), the colour
rules, the checks and the tie-break registry work on entrant numbers and
serve both.

Terms (rules-research.md §2):
- ``no`` is the 序号 the rules speak of; it never changes after round 1.
- A bye (轮空) is not a board: it sits in ``Round.byes`` and has no colour.
- ``result`` is ``None`` while a game is unfinished (原则(八): it counts as a
  draw for pairing only).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Iterable, Iterator, Mapping, Optional, Protocol, Sequence, TypeVar

from xlxq.errors import ErrorList, InputError
from xlxq.i18n import Lazy, Msg, chinese_forms, tr

if TYPE_CHECKING:  # types only: the prize code is imported when a prize table is read
    from xlxq.core.prizes import PrizeTable

RED_WIN = "red_win"
BLACK_WIN = "black_win"
DRAW = "draw"
RED_WIN_FORFEIT = "red_win_forfeit"
BLACK_WIN_FORFEIT = "black_win_forfeit"
DOUBLE_FORFEIT = "double_forfeit"
RESULTS = (RED_WIN, BLACK_WIN, DRAW, RED_WIN_FORFEIT, BLACK_WIN_FORFEIT, DOUBLE_FORFEIT)
FORFEITS = (RED_WIN_FORFEIT, BLACK_WIN_FORFEIT, DOUBLE_FORFEIT)


def result_msg(result: str) -> Msg:
    """A result code as the word the result sheets use (红胜, 黑胜(弃权) …), in the reader's language."""
    return Msg("result-word." + result.replace("_", "-"))


# Outcome of one side: "W", "D", "L"; forfeit losses are "L" too.
_OUTCOME = {
    RED_WIN: ("W", "L"),
    BLACK_WIN: ("L", "W"),
    DRAW: ("D", "D"),
    RED_WIN_FORFEIT: ("W", "L"),
    BLACK_WIN_FORFEIT: ("L", "W"),
    DOUBLE_FORFEIT: ("L", "L"),
}

FIRST_ROUND_METHODS = ("adjacent", "fold", "slide", "random")
COLOUR_TIES = ("number_sum", "round_parity")
#: round-1 colours (seed 001 §二.3): 单数台次小号先手、双数台次大号先手 (seed 000's
#: 1-2, 4-3 …), 上半区先手, 单数序号先手, 抽签/猜先 (the first-round seed)
FIRST_ROUND_COLOURS = ("board_parity", "top_half", "odd_number", "draw")
#: 同单位回避 (原则(七), a 补充规定): none, round 1 only (seed 001's swap), every round
SAME_UNIT = ("none", "round1", "every_round")


def outcome(result: str, colour: str) -> str:
    """'W'/'D'/'L' for the side playing ``colour`` ('R' or 'B')."""
    red, black = _OUTCOME[result]
    return red if colour == "R" else black


@dataclass(frozen=True)
class Scoring:
    """Points per game (2011 第13条: 2/1/0 by default; 13.3 lets organisers
    change it, including a colour-dependent draw such as red 1 / black 2)."""

    win: float = 2
    draw: float = 1
    loss: float = 0
    bye: Optional[float] = None  # None: a bye scores as a win (原则(五))
    absent: float = 0  # 请假计分: a round a player is absent from (``absent_rounds``), 0 unless set
    draw_red: Optional[float] = None
    draw_black: Optional[float] = None

    @property
    def bye_points(self) -> float:
        return self.win if self.bye is None else self.bye

    def points(self, result: Optional[str], colour: str, provisional_draw: bool = False) -> float:
        """Points for one side.  ``result=None`` (unfinished) scores 0, or a
        draw when ``provisional_draw`` (pairing only, 原则(八))."""
        if result is None:
            if not provisional_draw:
                return 0
            result = DRAW
        o = outcome(result, colour)
        if o == "W":
            return self.win
        if o == "L":
            return self.loss
        if colour == "R" and self.draw_red is not None:
            return self.draw_red
        if colour == "B" and self.draw_black is not None:
            return self.draw_black
        return self.draw


class Entrant:
    """What a pairing system pairs: a player, or a team (an entrant with a
    line-up).  ``no`` is fixed at registration (序号 / 队序号); ``seed``
    orders a knockout's bracket; from ``withdrawn_from_round`` on the
    entrant is no longer paired; in the rounds of ``absent_rounds`` (请假)
    it is not paired either, and plays again after.  The subclasses are
    dataclasses that declare these fields in their own order (the file
    formats follow it)."""

    no: int
    name: str
    seed: Optional[int]
    withdrawn_from_round: Optional[int]
    absent_rounds: tuple[int, ...]

    def active_in(self, round_no: int) -> bool:
        """Not withdrawn by ``round_no`` (an absence does not count: see
        :meth:`plays_in`)."""
        return self.withdrawn_from_round is None or round_no < self.withdrawn_from_round

    def absent_in(self, round_no: int) -> bool:
        """Marked absent (请假) for ``round_no`` and not withdrawn by then."""
        return round_no in self.absent_rounds and self.active_in(round_no)

    def plays_in(self, round_no: int) -> bool:
        """To be paired in ``round_no``: not withdrawn, not absent."""
        return self.active_in(round_no) and round_no not in self.absent_rounds


@dataclass
class Player(Entrant):
    no: int
    name: str
    unit: str = ""
    rating: Optional[float] = None
    seed: Optional[int] = None
    withdrawn_from_round: Optional[int] = None
    absent_rounds: tuple[int, ...] = ()
    # the registration extras (性别 "M"/"F", 出生年份, 类别 as typed: one or
    # more categories, 少年组、女子): kept, written back, read by the prize
    # conditions (xlxq/core/prizes.py); None: not given
    sex: Optional[str] = None
    birth_year: Optional[int] = None
    category: Optional[str] = None


@dataclass
class Board:
    board: int
    red: int
    black: int
    result: Optional[str] = None
    fouls_red: int = 0
    fouls_black: int = 0

    def side_of(self, no: int) -> str:
        return "R" if no == self.red else "B"

    def opponent_of(self, no: int) -> int:
        return self.black if no == self.red else self.red

    @property
    def forfeit(self) -> bool:
        return self.result in FORFEITS


@dataclass
class Round:
    round: int
    boards: list[Board] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    # (round, board) of earlier games still unfinished when this round was
    # paired: they were counted as draws and the pairing stands (原则(八)).
    provisional: list[tuple[int, int]] = field(default_factory=list)
    # the pairing the engine made of this round (:meth:`as_made`), when the
    # file keeps it (a workbook's _xlxq ``generated``, a JSON round's
    # ``engine``): (red, black) by board, and the byes; None: not kept (a
    # file written before it was kept; the engine's pairing is then derived
    # from the rounds before, xlxq.core.hand.engine_pairing).  Not compared.
    engine: Optional[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = field(
        default=None, compare=False, repr=False
    )

    @property
    def finished(self) -> bool:
        return all(b.result is not None for b in self.boards)

    def players(self) -> list[int]:
        out = [n for b in self.boards for n in (b.red, b.black)]
        return out + list(self.byes)

    def as_made(self) -> "Round":
        """This round as the engine has just made it: ``engine`` set to its
        own pairing (every engine's pair returns its round so, and the file
        keeps it)."""
        self.engine = (tuple((b.red, b.black) for b in self.boards), tuple(self.byes))
        return self


@dataclass(frozen=True)
class PairingOptions:
    """Switches of the 定位编排 engine; defaults follow seed 000 (CXA)."""

    colour_tie: str = "number_sum"  # 方法(四)8; "round_parity" = seed 001's alternative
    last_rounds_rule: str = "cxa"  # 方法(四)9 narrow (cxa) or seed 001 broad ("broad")
    picker: str = "cxa"  # 方法(二) 先编者 (cxa) or seed 001 以少调多 ("fewer_row")
    same_unit: str = "none"  # 原则(七) 不回避; "round1": seed 001's round-1 swap; "every_round": also later
    first_round_colours: str = "board_parity"  # FIRST_ROUND_COLOURS
    # 亲属回避 (a 补充规定): pairs of numbers (small, large) that never meet,
    # ranked as 原则(六) (已相遇过的对手不再编对)
    forbidden_pairs: tuple[tuple[int, int], ...] = ()
    forfeit_counts_as_met: bool = True  # a forfeited pairing still blocks a rematch
    forfeits_before_removal: Optional[int] = None  # e.g. 2: 连续两轮弃权者不再编排
    search_budget: int = 5000  # nodes per score group for the 拆对 search
    # 积分末位淘汰 (seed 001; Match BP "第X轮未得Y分淘汰"): pairs (X, Y): a
    # player under Y points after round X is no longer paired.  () = off.
    elimination: tuple[tuple[int, float], ...] = ()

    @property
    def avoid_same_unit_round1(self) -> bool:
        """Team-mates are kept apart in round 1 (``same_unit`` round1 or every_round)."""
        return self.same_unit != "none"

    @property
    def avoid_same_unit_later(self) -> bool:
        """Team-mates are kept apart in the rounds after the first too."""
        return self.same_unit == "every_round"

    def forbidden_with(self) -> dict[int, set[int]]:
        """Each number's forbidden partners (亲属回避)."""
        out: dict[int, set[int]] = {}
        for a, b in self.forbidden_pairs:
            out.setdefault(a, set()).add(b)
            out.setdefault(b, set()).add(a)
        return out


@dataclass(frozen=True)
class StandingsOptions:
    bye_opp_score: str = "lowest_scoring"  # 14.4: 有分棋手中的最低得分; "lowest", "zero"
    bye_counts_as_win: bool = True  # 原则(五) 轮空以胜局计算 → counts in 胜局
    fallback_reading: str = "running_total"  # 比较前一轮成绩: running_total | round_score
    # Round robin, a player who withdraws during the event (裁判细则 第20.3条):
    # "cxa" = results annulled if he met under half his opponents, else the
    # unplayed games are forfeits; "annul" / "forfeit" force one branch.
    rr_withdrawal: str = "cxa"
    # 显示等级分 (issue 25 §3): a 等级分 column beside the name on the round
    # sheets, the 成绩表, the CLI tables, the site, the booklet and the paper
    # when any player has a rating.  Display only: no pairing or ranking reads it.
    show_rating: bool = False


@dataclass(frozen=True)
class EventInfo:
    """What the paper of an event prints beside its name (设置 rows 比赛日期,
    比赛地点, 主办单位, 裁判长, 编排长; JSON keys of the same names): free text,
    not used in pairing or standings."""

    date: str = ""  # 比赛日期, as the arbiter writes it (e.g. 2026年12月1日—3日)
    venue: str = ""  # 比赛地点
    organizer: str = ""  # 主办单位
    chief_arbiter: str = ""  # 裁判长
    pairing_officer: str = ""  # 编排长
    #: 网站地址: where the published site will be online (http/https,
    #: xlxq.core.site_url): the 编排公告's QR code, ``publish``'s default --url
    site_url: str = ""


#: the :class:`EventInfo` fields, in the order of the 设置 rows and JSON keys
INFO_FIELDS = ("date", "venue", "organizer", "chief_arbiter", "pairing_officer", "site_url")

#: (from rating, K): K 20 below 2400, 10 from 2400 on (the FIDE figures, as a
#: default only: the arbiter sets his own table)
DEFAULT_K_TABLE: tuple[tuple[float, float], ...] = ((0.0, 20.0), (2400.0, 10.0))
#: the cap on |D| (FIDE's 400 rule)
DEFAULT_CAP = 400.0


@dataclass(frozen=True)
class RatingOptions:
    """The unofficial 等级分 report's settings (:mod:`xlxq.core.rating`): the
    K table (rising "from rating" thresholds, each with its K), the cap on
    the rating difference D, and ``report`` (等级分报告: the 等级分 sheet and
    the web site's rating page are made)."""

    k_table: tuple[tuple[float, float], ...] = DEFAULT_K_TABLE
    cap: float = DEFAULT_CAP
    report: bool = False


@dataclass
class EventSettings:
    name: str = ""
    info: EventInfo = field(default_factory=EventInfo)
    system: str = "swiss"
    rounds: int = 7
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: list[str] = field(default_factory=lambda: ["cxa2011-opp"])
    first_round: str = "adjacent"
    first_round_seed: Optional[int] = None
    # 编号方式 of the unseeded players when the numbers are made (order, draw,
    # rating: xlxq/core/numbering.py) and the 抽签种子 of a draw, recorded so
    # that the draw can be repeated in public
    numbering: str = "order"
    numbering_seed: Optional[int] = None
    pairing: PairingOptions = field(default_factory=PairingOptions)
    standings: StandingsOptions = field(default_factory=StandingsOptions)
    # Round robin and knockout: games in one match (两局制 = 2); colours swap
    # from game to game.  A round-robin or knockout "round" of the model is
    # one game (docs/formats-other.md).
    games_per_match: int = 1
    # Knockout 加赛: sizes of the successive play-off blocks after a tied
    # match; the last size repeats until someone wins (unless armageddon).
    playoff_games: list[int] = field(default_factory=lambda: [2])
    # Knockout: after the listed play-off blocks, one sudden-death game in
    # which a draw counts as a win for black (红方和棋判负).
    armageddon: bool = False
    # the unofficial 等级分 report's settings (JSON event.rating, 设置 等级分报告,
    # K值表, 等级分差上限); None: the event gives none
    rating: Optional[RatingOptions] = None
    # the prize table (奖项, 设置 / JSON event.prizes); None: the event gives none
    prizes: Optional[PrizeTable] = None


class RoundNumbered(Protocol):
    @property
    def round(self) -> int: ...


RoundT = TypeVar("RoundT", bound=RoundNumbered)
E = TypeVar("E", bound="RoundsMixin")  # type: ignore[type-arg]


class RoundsMixin(Generic[RoundT]):
    """What both event kinds do with their rounds (an individual event's
    :class:`Round` s, a team event's ``TeamRound`` s)."""

    rounds: list[RoundT]

    def rounds_before(self, round_no: int) -> list[RoundT]:
        return [r for r in self.rounds if r.round < round_no]

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def with_round(self: E, rnd: RoundT) -> E:
        """A copy with ``rnd`` appended (the model is never changed in place
        by the engine: read everything, compute, write once)."""
        out: E = replace(self, rounds=[*self.rounds, rnd])  # type: ignore[type-var]
        return out


@dataclass
class Event(RoundsMixin[Round]):
    settings: EventSettings
    players: list[Player]
    rounds: list[Round] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._by_no = {p.no: p for p in self.players}

    @property
    def entrants(self) -> Sequence[Player]:
        """What is paired: the players."""
        return self.players

    def player(self, no: int) -> Player:
        return self._by_no[no]

    def has_player(self, no: int) -> bool:
        return no in self._by_no

    @property
    def shows_rating(self) -> bool:
        """显示等级分 is on and some player has a 等级分: the printed tables
        carry a 等级分 column beside the name (issue 25 §3; unrated: blank)."""
        return self.settings.standings.show_rating and any(p.rating is not None for p in self.players)

    def rating_text(self, no: int) -> str:
        """Player ``no``'s 等级分 as printed (2400, 2150.5); blank when unrated."""
        r = self.player(no).rating if self.has_player(no) else None
        return "" if r is None else (str(int(r)) if float(r).is_integer() else str(r))

    def reindex(self) -> None:
        self._by_no = {p.no: p for p in self.players}

    def as_paired(self, round_no: int) -> "Event":
        """The event as it stood when ``round_no`` was paired: only the
        rounds before it, with the games that were then unfinished (the
        round's ``provisional`` list) unfinished again (原则(八)), and, for a
        round in the file, only the players entered by then
        (:meth:`entered_by`: a late entry registered since is not in it)."""
        rnd = next((r for r in self.rounds if r.round == round_no), None)
        open_games = set(map(tuple, rnd.provisional)) if rnd else set()
        prior = []
        for r in self.rounds:
            if r.round >= round_no:
                continue
            if any(k[0] == r.round for k in open_games):
                r = replace(
                    r, boards=[replace(b, result=None) if (r.round, b.board) in open_games else b for b in r.boards]
                )
            prior.append(r)
        if rnd is None:
            return replace(self, rounds=prior)
        entered = self.entered_by(round_no)
        return replace(self, rounds=prior, players=[p for p in self.players if p.no in entered])

    def entered_by(self, round_no: int) -> set[int]:
        """The players registered when round ``round_no`` (in the file) was
        paired: those in a round up to it (a board or the bye) or on leave
        (请假) in one.  Any other player came later: a late entry (中途加入)
        first paired after it, or one in no round yet (the reading of
        recompute's 中途加入 note, docs/pairing.md)."""
        out = {no for r in self.rounds if r.round <= round_no for no in r.players()}
        out.update(p.no for p in self.players if any(k <= round_no for k in p.absent_rounds))
        return out


def invalid_int(value: object, least: int, allow_bool: bool = False) -> bool:
    """True unless ``value`` is an int ≥ ``least`` (``True``/``False`` count
    as ints only when ``allow_bool``)."""
    return (isinstance(value, bool) and not allow_bool) or not isinstance(value, int) or value < least


def check_rounds(rounds: object, allow_bool: bool = False) -> None:
    """The planned number of rounds (``settings.rounds``) is a whole number ≥ 1."""
    if invalid_int(rounds, 1, allow_bool):
        raise InputError(Msg("model.invalid-number-of-rounds", rounds=rounds))


class FirstRoundSettings(Protocol):
    """Settings with a first-round method and pairing options (individual or team)."""

    @property
    def first_round(self) -> str: ...
    @property
    def first_round_seed(self) -> Optional[int]: ...
    @property
    def pairing(self) -> PairingOptions: ...


class Numbered(Protocol):
    """What :func:`register` numbers: a player, a team."""

    @property
    def no(self) -> int: ...
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=Numbered)


def check_first_round(s: FirstRoundSettings) -> None:
    """``first_round`` and ``pairing.colour_tie`` of individual or team settings."""
    if s.first_round not in FIRST_ROUND_METHODS:
        raise InputError(Msg("model.unknown-first-round-method", first_round=s.first_round))
    if s.pairing.colour_tie not in COLOUR_TIES:
        raise InputError(Msg("model.unknown-colour-tie", colour_tie=s.pairing.colour_tie))
    if s.pairing.first_round_colours not in FIRST_ROUND_COLOURS:
        raise InputError(
            Msg("model.unknown-first-round-colours", first_round_colours=s.pairing.first_round_colours),
        )
    if s.pairing.same_unit not in SAME_UNIT:
        raise InputError(Msg("model.unknown-same-unit", same_unit=s.pairing.same_unit))


# How ``register`` names what it numbers: (zh noun, zh number, zh name,
# en noun, en number).
#: what :func:`register` checks: the prefix of its messages' ids
PLAYER_WORDS = "model.player"
TEAM_WORDS = "model.team"


def register(item: N, seen: dict[int, N], words: str = PLAYER_WORDS, allow_bool: bool = False) -> None:
    """Add ``item`` (anything with ``no`` and ``name``: a player, a team) to
    ``seen`` by number, after checking the number is ≥ 1 and new and the
    name not blank."""
    if invalid_int(item.no, 1, allow_bool):
        raise InputError(Msg(f"{words}-invalid-no", name=item.name, no=item.no))
    if item.no in seen:
        raise InputError(
            Msg(
                "model.duplicate-and",
                zh_no=Msg(f"{words}-no-word"),
                no=item.no,
                name=seen[item.no].name,
                name2=item.name,
            ),
        )
    if not str(item.name).strip():
        raise InputError(Msg(f"{words}-has-no-name", no=item.no))
    seen[item.no] = item


def check_absent_rounds(e: Entrant, rounds: Optional[int] = None) -> None:
    """``absent_rounds`` are round numbers ≥ 1 (a knockout refuses any:
    :func:`xlxq.core.knockout.refuse_absences`), none beyond the planned
    ``rounds`` (a typing slip such as 10^15 is not a round that will come)."""
    for k in e.absent_rounds:
        if invalid_int(k, 1):
            raise InputError(Msg("model.no-invalid-absent-round", name=e.name, no=e.no, k=k))
        if rounds is not None and not invalid_int(rounds, 1) and k > rounds:
            raise InputError(absent_beyond(k, rounds, e.name, e.no))


def absent_beyond(k: int, rounds: int, name: str, no: int) -> Msg:
    """The message of a 请假轮次 beyond the planned rounds (JSON and workbook)."""
    who = Msg("model.name-no", name=name, no=no)
    return Msg("model.absent-round-is-beyond-the-rounds", who=who, k=k, rounds=rounds)


def rounds_in_order(rounds: Iterable[RoundT]) -> Iterator[RoundT]:
    """Yield ``rounds``, raising :class:`InputError` at the first whose
    number is not the next of 1, 2, 3 …"""
    for expected, r in enumerate(rounds, start=1):
        if r.round != expected:
            raise InputError(
                Msg("model.rounds-out-of-order-expected-round-found", expected=expected, round=r.round),
            )
        yield r


def check_forbidden_pair(a: int, b: int, seen: Mapping[int, Any]) -> None:
    """A forbidden pair (亲属回避) names two registered numbers, not one twice."""
    for no in (a, b):
        if no not in seen:
            raise InputError(Msg("model.forbidden-pair-no-is-not-registered", a=a, b=b, no=no))
    if a == b:
        raise InputError(Msg("model.forbidden-pair-the-same-number-twice", a=a, b=b))


def validate_event(event: Event, absent_unpaired: bool = False) -> None:
    """Hard consistency of the data itself, whatever its source.

    ``absent_unpaired``: the event's system leaves a player absent (请假)
    unpaired (its ``pairs_by_score``: a Swiss), so a result of his in that
    round contradicts the data (:func:`played_while_absent`); the reader of
    a file passes it, the core's own callers need not.

    Raises :class:`InputError` naming the player, round or board at fault;
    every such problem at once (issue 10 §4: :class:`~xlxq.errors.InputErrors`
    when there are several, the one error as it is when there is one).
    Pairing-rule problems (rematches, colours) are judged by ``checks``, not
    here: a hand-made round may break them and still be data.
    """
    s = event.settings  # its system key: checked by the registry (xlxq.systems.get_system)
    check_rounds(s.rounds, allow_bool=True)
    check_first_round(s)
    errors = ErrorList()
    seen: dict[int, Player] = {}
    for p in event.players:
        with errors.guard():
            register(p, seen, PLAYER_WORDS, allow_bool=True)
            check_absent_rounds(p, s.rounds)
    errors.check()  # the rounds name players: judged once the players are sound
    for one, other in s.pairing.forbidden_pairs if event.players else ():  # (the settings alone: no players)
        with errors.guard():
            check_forbidden_pair(one, other, seen)
    for r in rounds_in_order(event.rounds):
        where: dict[int, Optional[int]] = {}  # player → board (None: the bye)
        for b in r.boards:
            with errors.guard():
                _check_board(r.round, b, seen, where)
        for no in r.byes:
            with errors.guard():
                if no not in seen:
                    raise InputError(Msg("model.round-bye-no-is-not-registered", round=r.round, no=no))
                if no in where:
                    raise InputError(
                        Msg("model.round-player-both-plays-and-has-a-bye", round=r.round, who=_who(seen, no))
                    )
                where[no] = None
    for p, n, board in played_while_absent(event) if absent_unpaired else ():
        with errors.guard():
            raise InputError(absent_but_played(p, n, board), player=p.no, round=n, board=board)
    errors.check()


def played_while_absent(event: Event) -> list[tuple[Player, int, int]]:
    """(player, round, board) of the players marked absent (请假) in a round
    where a result of theirs is entered, in an event whose system leaves an
    absent player unpaired (a Swiss; the caller asks: a round robin's
    absentee keeps his fixed game, lost by forfeit): the data contradict
    themselves.  A board paired but not played yet is a problem of
    ``check``, not this."""
    away = {(p.no, k): p for p in event.players for k in p.absent_rounds}
    if not away:
        return []
    out = []
    for r in event.rounds:
        for b in r.boards:
            if b.result is None:
                continue
            for no in (b.red, b.black):
                p = away.get((no, r.round))
                if p is not None:
                    out.append((p, r.round, b.board))
    return out


def absent_but_played(p: Player, n: int, board: int) -> Msg:
    """The message of :func:`played_while_absent` (JSON and workbook)."""
    return Msg("model.no-is-marked-absent-in-round-but-has-a", name=p.name, no=p.no, n=n, board=board)


def _who(seen: dict[int, Any], no: int) -> Lazy:
    """A player in an error: 张三（7号）; in English the number only."""
    return Lazy(lambda lang: tr(lang, "checks.name-no", name=seen[no].name, no=no) if chinese_forms(lang) else str(no))


def _place(lang: str, board: Optional[int]) -> str:
    """Where a player is in a round, as :func:`validate_event` names it: 第N台, 轮空."""
    return tr(lang, "model.bye") if board is None else tr(lang, "model.board", board=board)


def _check_board(round_no: int, b: Board, seen: dict[int, Player], where: dict[int, Optional[int]]) -> None:
    """One board of :func:`validate_event`: its players registered and once
    in the round (``where``), not the same, a known result, foul counts."""
    for no in (b.red, b.black):
        if no not in seen:
            raise InputError(
                Msg("model.round-board-no-is-not-registered", round_no=round_no, board=b.board, no=no),
            )
        if no in where:
            raise InputError(
                Msg(
                    "model.round-player-appears-twice",
                    round=round_no,
                    who=_who(seen, no),
                    boards=Lazy(  # the Chinese names the two places; the English did not
                        lambda lang, first=where[no], board=b.board: (
                            tr(lang, "model.places", first=_place(lang, first), board=board)
                            if chinese_forms(lang)
                            else ""
                        )
                    ),
                )
            )
        where[no] = b.board
    if b.red == b.black:
        raise InputError(
            Msg("model.round-board-a-player-is-paired-with-himself", round=round_no, board=b.board, no=b.red)
        )
    if b.result is not None and b.result not in RESULTS:
        raise InputError(
            Msg("model.round-board-unknown-result", round_no=round_no, board=b.board, result=b.result),
        )
    for f in (b.fouls_red, b.fouls_black):
        if invalid_int(f, 0, allow_bool=True):
            raise InputError(
                Msg("model.round-board-invalid-foul-count", round_no=round_no, board=b.board, f=f),
            )


def absent_players(event: Event, rnd: Round) -> list[int]:
    """The players absent (请假) in ``rnd``: marked absent for it and neither
    on a board nor given the bye (a board wins over the mark: ``check``
    flags it)."""
    there = set(rnd.players())
    return [p.no for p in event.players if p.absent_in(rnd.round) and p.no not in there]


def late_entries(event: Event, rnd: Round) -> list[int]:
    """The late entries (迟到入场) of ``rnd``: players in it who are in no
    earlier round and were not absent from all of them (round 1 has none)."""
    if rnd.round == 1:
        return []
    earlier = {no for r in event.rounds_before(rnd.round) for no in r.players()}
    now = set(rnd.players())
    return [
        p.no
        for p in event.players
        if p.no in now and p.no not in earlier and not all(p.absent_in(k) for k in range(1, rnd.round))
    ]


def iter_games(rounds: Iterable[Round]) -> Iterator[tuple[int, Board]]:
    """Yield (round_no, board) for every board of the given rounds."""
    for r in rounds:
        for b in r.boards:
            yield r.round, b
