"""Team events (团体赛): the model, line-ups and their checks.

Size: the team model and each line-up format's rule with its check, kept
together in the order docs/teams.md gives them (about 800 lines).

A team is an entrant with a line-up: :class:`Team` is an
:class:`~xlxq.core.model.Entrant` (number, name, seed, withdrawal) whose
members are registered individuals (:class:`~xlxq.core.model.Player`, 序号
unique across the event), 主力 in board order, then 替补.  A
:class:`TeamEvent` is an event over those entrants (``entrants`` = the
teams; the rounds through :class:`~xlxq.core.model.RoundsMixin`, as an
individual event's); a round holds :class:`Match` es, and a match its boards
as ordinary :class:`~xlxq.core.model.Board` s (red, black, result, fouls), so
results and fouls read exactly as in an individual event.

Rules (docs/teams.md gives each with its source):

* Board colours (rules-research §3.1, reibang 13.2/13.3): the team listed
  first in a match (round robin) or that 先走 (Swiss) has red on odd boards
  and black on even boards.  A team's place in a match is its "colour" for
  the team Swiss: first = 先, second = 后.
* 局分: each board 2/1/0 (``TeamScoring.game``, any :class:`Scoring`); 场分:
  the team with more 局分 takes the match, 2/1/0 by default, any scale,
  with a different draw for the first (home) and second (away) team
  allowed (2011 13.2/13.3; 象甲 2011: 3/0, home draw 1, away draw 2).
* Line-up formats (seed 000 团体赛种类; 2011 第11条 title; rules-research
  §3.3), checked whenever a line-up is entered:

  - ``fixed_boards`` 分台定人制: every player keeps one board for the whole
    event: a 主力 the board of his registered place, a 替补 the board he is
    registered for (``Team.reserve_boards``) or, if none, the first board he
    plays;
  - ``fixed_order`` 分台换人制: any of the registered players (替补 included)
    may play, seated in registered order (a later-registered player never
    sits above an earlier one); a missing player leaves the bottom board(s)
    empty;
  - ``per_round`` 临时定台制: the line-up and its board order are submitted
    each round, any registered players in any order.

* An empty seat (缺人, :data:`VACANT` = 0 in ``Board.red``/``black``) loses
  that board by forfeit; two empty seats are a double forfeit.

Pure data and checks, no I/O; messages are Chinese with an English twin and
name the team, round, match and board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping, Optional, Sequence, TypedDict

from xlxq.core.model import (
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    RED_WIN_FORFEIT,
    RESULTS,
    TEAM_WORDS,
    Board,
    Entrant,
    EventInfo,
    PairingOptions,
    Player,
    RatingOptions,
    Scoring,
    StandingsOptions,
    check_first_round,
    check_rounds,
    invalid_int,
    outcome,
    RoundsMixin,
    register,
    rounds_in_order,
)
from xlxq.core.tiebreaks import BYE_OPP_SCORE_MODES, FALLBACK_READINGS
from xlxq.core.team_tiebreaks import resolve_team_tiebreaks
from xlxq.errors import InputError
from xlxq.i18n import Lazy, Msg, by_forms, chinese_forms, tr, zh_only

VACANT = 0  # an empty seat: nobody fielded on that board
MIN_BOARDS, MAX_BOARDS = 2, 10

LINEUP_FORMATS = ("fixed_boards", "fixed_order", "per_round")
LINEUP_NAMES = {"fixed_boards": "分台定人制", "fixed_order": "分台换人制", "per_round": "临时定台制"}
LINEUP_ALIASES = {v: k for k, v in LINEUP_NAMES.items()}
PAIR_BY = ("match_points", "game_points")
BOARD_RANKINGS = ("points", "percentage")


# ------------------------------------------------------------------ settings


@dataclass(frozen=True)
class TeamScoring:
    """局分 per board (``game``) and 场分 per match.

    ``match_draw_first`` / ``match_draw_second``: the draw for the team
    listed first (home, 主队) and second (away); ``None`` = ``match_draw``.
    A bye (轮空, odd number of teams in a Swiss) counts as a won match
    (原则(五) 轮空者以胜局计算): ``bye_match_points`` (None = ``match_win``) and
    ``bye_game_points`` 局分 (None = every board won, boards × ``game.win``).
    """

    game: Scoring = field(default_factory=Scoring)
    match_win: float = 2
    match_draw: float = 1
    match_loss: float = 0
    match_draw_first: Optional[float] = None
    match_draw_second: Optional[float] = None
    bye_match_points: Optional[float] = None
    bye_game_points: Optional[float] = None

    def match_points(self, mine: float, theirs: float, first: bool) -> float:
        """场分 of one team from the two teams' 局分 (2011 13.2)."""
        if mine > theirs:
            return self.match_win
        if mine < theirs:
            return self.match_loss
        special = self.match_draw_first if first else self.match_draw_second
        return self.match_draw if special is None else special

    def match_outcome(self, mine: float, theirs: float) -> str:
        return "W" if mine > theirs else "L" if mine < theirs else "D"

    def bye_match(self) -> float:
        return self.match_win if self.bye_match_points is None else self.bye_match_points

    def bye_games(self, boards: int) -> float:
        return boards * self.game.win if self.bye_game_points is None else self.bye_game_points


@dataclass
class TeamSettings:
    name: str = ""
    info: EventInfo = field(default_factory=EventInfo)  # 比赛日期, 裁判长 … (as EventSettings)
    system: str = "swiss"  # swiss | round_robin | double_round_robin | scheveningen
    rounds: int = 7
    boards: int = 4  # boards per match, 2–10 (全队轮赛制: players a side)
    lineup: str = "fixed_boards"  # LINEUP_FORMATS
    scoring: TeamScoring = field(default_factory=TeamScoring)
    pair_by: str = "match_points"  # team Swiss score: 场分 (default) or 局分
    # None: the system's default preset (team_standings.default_preset)
    tiebreaks: Optional[list[str]] = None
    first_round: str = "adjacent"  # team Swiss round 1, as 方法(一) with team numbers
    first_round_seed: Optional[int] = None
    numbering: str = "order"  # how the 队号 were made (xlxq/core/numbering.py), as EventSettings
    numbering_seed: Optional[int] = None
    pairing: PairingOptions = field(default_factory=PairingOptions)
    standings: StandingsOptions = field(default_factory=StandingsOptions)
    board_ranking: str = "points"  # 台次成绩: "points" or "percentage" first
    board_min_games: int = 0  # 台次成绩: fewer games → listed unranked
    rating: Optional[RatingOptions] = None  # the unofficial 等级分 report, as EventSettings.rating


@dataclass
class Team(Entrant):
    no: int  # 队序号 (team number, fixed at registration)
    name: str
    players: list[int]  # the line-up to choose from: 序号 of the members, 主力 by board, then 替补
    reserve_boards: dict[int, int] = field(default_factory=dict)  # 分台定人制: a 替补's registered board
    seed: Optional[int] = None
    withdrawn_from_round: Optional[int] = None
    absent_rounds: tuple[int, ...] = ()

    def place(self, no: int) -> int:
        """Registered place (1 = first) of member ``no``."""
        return self.players.index(no) + 1


@dataclass
class Match:
    match: int  # 场次 (1 = top)
    first: int  # team listed first / 先走: red on odd boards
    second: int
    boards: list[Board] = field(default_factory=list)  # empty until the line-ups are in

    def teams(self) -> tuple[int, int]:
        return self.first, self.second

    def opponent_of(self, team_no: int) -> int:
        return self.second if team_no == self.first else self.first

    def side(self, team_no: int, board: Board) -> str:
        """'R' or 'B': the colour of ``team_no``'s seat on ``board`` by the
        board rule (not for 全队轮赛制, whose colours come from its table:
        use :func:`team_side`)."""
        c = first_team_colour(board.board)
        return c if team_no == self.first else other(c)

    def lineup(self, team_no: int) -> list[int]:
        """The team's line-up as it sits, board 1 first (VACANT = empty
        seat), by the board rule."""
        return [b.red if self.side(team_no, b) == "R" else b.black for b in self.boards]


@dataclass
class TeamRound:
    round: int
    matches: list[Match] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)  # team numbers
    # the pairing the engine made of this round, when the file keeps it (a
    # JSON round's ``engine``): (first, second) by match, and the byes;
    # None: not kept (derived from the rounds before).  Not compared.
    engine: Optional[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = field(
        default=None, compare=False, repr=False
    )

    def teams(self) -> list[int]:
        return [t for m in self.matches for t in m.teams()] + list(self.byes)

    def as_made(self) -> "TeamRound":
        """This round as the engine has just made it: ``engine`` set to its
        own pairing (as :meth:`xlxq.core.model.Round.as_made`)."""
        self.engine = (tuple((m.first, m.second) for m in self.matches), tuple(self.byes))
        return self


@dataclass
class TeamEvent(RoundsMixin[TeamRound]):
    settings: TeamSettings
    players: list[Player]  # the members of every team
    teams: list[Team]
    rounds: list[TeamRound] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.reindex()

    @property
    def entrants(self) -> Sequence[Team]:
        """What is paired: the teams."""
        return self.teams

    def reindex(self) -> None:
        self._players = {p.no: p for p in self.players}
        self._teams = {t.no: t for t in self.teams}
        self._team_of = {no: t.no for t in self.teams for no in t.players}

    def player(self, no: int) -> Player:
        return self._players[no]

    def team(self, no: int) -> Team:
        return self._teams[no]

    def team_of(self, player_no: int) -> Optional[int]:
        return self._team_of.get(player_no)

    def get_round(self, round_no: int) -> TeamRound:
        for r in self.rounds:
            if r.round == round_no:
                return r
        raise InputError(Msg("teams.there-is-no-round", round_no=round_no))

    def with_round_replaced(self, rnd: TeamRound) -> "TeamEvent":
        return replace(self, rounds=[rnd if r.round == rnd.round else r for r in self.rounds])

    def player_label(self, no: int) -> str:
        if no == VACANT:
            return "（空台）"
        p = self._players.get(no)
        return f"{p.name}（{no}号）" if p else f"{no}号"


def first_team_colour(board_no: int) -> str:
    """The first-listed (先走) team is red on odd boards, black on even."""
    return "R" if board_no % 2 == 1 else "B"


def other(colour: str) -> str:
    return "B" if colour == "R" else "R"


def team_side(event: "TeamEvent", m: Match, team_no: int, board: Board) -> str:
    """The colour of ``team_no`` on ``board``: by whose player sits red (a
    checked event: the board rule, or a schedule's colours, 全队轮赛制), by the
    board rule when red's seat is empty."""
    red_team = event.team_of(board.red)
    if red_team is None:
        return m.side(team_no, board)
    return "R" if red_team == team_no else "B"


def seats(event: "TeamEvent", m: Match, team_no: int) -> list[int]:
    """``team_no``'s players in ``m``, board 1 first (VACANT = empty seat)."""
    return [b.red if team_side(event, m, team_no, b) == "R" else b.black for b in m.boards]


# ------------------------------------------------------------------ boards


def vacant_result(red: int, black: int) -> Optional[str]:
    """The result an empty seat forces (None when both seats are filled)."""
    if red == VACANT and black == VACANT:
        return DOUBLE_FORFEIT
    if red == VACANT:
        return BLACK_WIN_FORFEIT
    if black == VACANT:
        return RED_WIN_FORFEIT
    return None


def make_boards(lineup_first: Sequence[int], lineup_second: Sequence[int]) -> list[Board]:
    """Boards of a match from the two line-ups (board 1 first): the first
    team red on odd boards, black on even; empty seats forfeited."""
    boards = []
    for k, (a, b) in enumerate(zip(lineup_first, lineup_second), start=1):
        red, black = (a, b) if first_team_colour(k) == "R" else (b, a)
        boards.append(Board(board=k, red=red, black=black, result=vacant_result(red, black)))
    return boards


def board_points(sc: Scoring, board: Board, colour: str, provisional: bool = False) -> Optional[float]:
    """局分 of the side playing ``colour``; None for an unfinished board
    (or a draw's points when ``provisional``, 原则(八))."""
    if board.result is None and not provisional:
        return None
    return float(sc.points(board.result, colour, provisional_draw=provisional))


def match_game_points(event: TeamEvent, m: Match, provisional: bool = False) -> tuple[float, float, bool]:
    """(局分 of the first team, 局分 of the second, finished?).  Unfinished
    boards add nothing, or a draw each when ``provisional`` (pairing, 原则(八));
    a match without boards yet counts every board as unfinished."""
    sc = event.settings.scoring.game
    if not m.boards:
        if provisional:
            pts = float(event.settings.boards * sc.points(None, "R", provisional_draw=True))
            return pts, pts, False
        return 0.0, 0.0, False
    first = second = 0.0
    finished = True
    for b in m.boards:
        if b.result is None:
            finished = False
            if not provisional:
                continue
        first_colour = team_side(event, m, m.first, b)
        first += sc.points(b.result, first_colour, provisional_draw=provisional)
        second += sc.points(b.result, other(first_colour), provisional_draw=provisional)
    return float(first), float(second), finished


# ------------------------------------------------------------------ line-ups


class _Place(TypedDict):
    round: int
    team: int
    board: Optional[int]


def _where(event: TeamEvent, round_no: int, team_no: int, board: Optional[int] = None) -> tuple[Msg, _Place]:
    name = event.team(team_no).name
    if board is None:
        msg = Msg("teams.where-round-team", round=round_no, name=name, team=team_no)
    else:
        msg = Msg("teams.where-round-team-board", round=round_no, name=name, team=team_no, board=board)
    return msg, {"round": round_no, "team": team_no, "board": board}


def _err(where: tuple[Msg, _Place], msg: Msg) -> InputError:
    return InputError(Msg("teams.where-zh", where=where[0], zh=msg), **where[1])


def team_named(name: str, no: int, en: object) -> Lazy:
    """A team in an error: 一队（3队）; in English ``en`` (its name or number)."""
    return Lazy(lambda lang: tr(lang, "teams.name-team-no", name=name, no=no) if chinese_forms(lang) else en)


def player_named(event: TeamEvent, no: int, en: bool = True) -> Lazy:
    """A player in an error as :meth:`TeamEvent.player_label` names him
    (张三（7号）); in English his number (``en``) or nothing."""

    def render(lang: str) -> str:
        if not chinese_forms(lang):
            return str(no) if en else ""
        if no == VACANT:
            return tr(lang, "teams.vacant-paren")
        p = event._players.get(no)
        return tr(lang, "checks.name-no", name=p.name, no=no) if p else tr(lang, "common.no", no=no)

    return Lazy(render)


def fixed_board_of(event: TeamEvent, team_no: int, player_no: int, before_round: int) -> Optional[int]:
    """分台定人制: the board ``player_no`` is bound to before ``before_round``:
    the registered place for a 主力, the registered board of a 替补, else
    the board he first played (None: a 替补 not yet bound)."""
    t = event.team(team_no)
    place = t.place(player_no)
    if place <= event.settings.boards:
        return place
    if player_no in t.reserve_boards:
        return t.reserve_boards[player_no]
    for r in event.rounds_before(before_round):
        for m in r.matches:
            if team_no not in m.teams():
                continue
            for b in m.boards:
                if player_no in (b.red, b.black):
                    return b.board
    return None


def check_lineup(event: TeamEvent, round_no: int, team_no: int, lineup: Sequence[int]) -> None:
    """Raise :class:`InputError` if ``lineup`` (序号 per board, board 1 first,
    VACANT for an empty seat) breaks the event's line-up format or is not
    a line-up of this team at all."""
    s = event.settings
    t = event.team(team_no)
    lineup = list(lineup)
    if len(lineup) != s.boards:
        raise _err(
            _where(event, round_no, team_no),
            Msg("teams.lineup-must-have-boards", boards=s.boards, n=len(lineup)),
        )
    members = set(t.players)
    seen: dict[int, int] = {}
    for k, no in enumerate(lineup, start=1):
        if invalid_int(no, 0):
            raise _err(_where(event, round_no, team_no, k), Msg("teams.lineup-invalid-number", no=no))
        if no == VACANT:
            continue
        if no not in members:
            owner = event.team_of(no)
            extra = (
                zh_only("teams.of-team-paren", team=event.team(owner).name)
                if owner is not None
                else zh_only("teams.not-registered-paren")
            )
            raise _err(
                _where(event, round_no, team_no, k),
                Msg("teams.lineup-not-of-this-team", player=player_named(event, no), extra=extra),
            )
        if no in seen:
            raise _err(
                _where(event, round_no, team_no, k),
                Msg("teams.lineup-already-sits", player=player_named(event, no), board=seen[no]),
            )
        seen[no] = k
        if not event.player(no).active_in(round_no):
            raise _err(
                _where(event, round_no, team_no, k),
                Msg("teams.lineup-withdrawn", player=player_named(event, no)),
            )
    fmt = s.lineup
    if fmt == "fixed_boards":
        for k, no in enumerate(lineup, start=1):
            if no == VACANT:
                continue
            fb = fixed_board_of(event, team_no, no, round_no)
            if fb is not None and fb != k:
                why = (
                    zh_only("teams.why-registered-place", place=t.place(no))
                    if t.place(no) <= s.boards
                    else zh_only("teams.why-reserve-registered" if no in t.reserve_boards else "teams.why-first-played")
                )
                raise _err(
                    _where(event, round_no, team_no, k),
                    Msg("teams.lineup-fixed-board", player=player_named(event, no), fb=fb, why=why, k=k),
                )
    elif fmt == "fixed_order":
        last_place, last_board = 0, 0
        seen_vacant = 0
        for k, no in enumerate(lineup, start=1):
            if no == VACANT:
                seen_vacant = seen_vacant or k
                continue
            if seen_vacant:
                raise _err(
                    _where(event, round_no, team_no, seen_vacant),
                    Msg("teams.lineup-empty-seat-at-the-bottom", k=k, player=player_named(event, no, en=False)),
                )
            p = t.place(no)
            if p < last_place:
                prev = lineup[last_board - 1]
                raise _err(
                    _where(event, round_no, team_no, k),
                    Msg(
                        "teams.lineup-fixed-order",
                        player=player_named(event, no),
                        p=p,
                        at=zh_only("teams.board-n", board=last_board),
                        prev=player_named(event, prev),
                        last_place=last_place,
                    ),
                )
            last_place, last_board = p, k


def default_lineup(event: TeamEvent, team_no: int, round_no: int) -> list[int]:
    """The line-up when the team submits none: its active players in
    registered order (分台定人制: each on his bound board, the 主力's empty
    board filled by a 替补 bound to it or not yet bound), VACANT where nobody
    is left."""
    s = event.settings
    t = event.team(team_no)
    active = [no for no in t.players if event.player(no).active_in(round_no)]
    if s.lineup != "fixed_boards":
        out = active[: s.boards]
        return out + [VACANT] * (s.boards - len(out))
    out = [VACANT] * s.boards
    free = []
    for no in active:
        fb = fixed_board_of(event, team_no, no, round_no)
        if fb is None:
            free.append(no)
        elif 1 <= fb <= s.boards and out[fb - 1] == VACANT:
            out[fb - 1] = no
    for k in range(s.boards):
        if out[k] == VACANT and free:
            out[k] = free.pop(0)
    return out


def set_lineups(
    event: TeamEvent, round_no: int, lineups: Mapping[int, Sequence[int]], *, rules: TeamRules
) -> TeamEvent:
    """A copy of ``event`` with the boards of round ``round_no`` made from
    the line-ups given (team number → 序号 per board; a team left out keeps
    its current seats, or :func:`default_lineup` if its match has no boards
    yet).  Every line-up is checked (:func:`check_lineup`).  Results already
    entered on a board whose two players are unchanged are kept.  A system
    seated by its schedule (``rules``) has no line-ups: refused."""
    rnd = event.get_round(round_no)
    if rules.seated_by_schedule:
        raise InputError(
            Msg("teams.a-scheveningen-round-is-seated-from-its"),
        )
    for team_no in lineups:
        if team_no not in {t.no for t in event.teams}:
            raise InputError(Msg("teams.round-no-team", round_no=round_no, team_no=team_no))
        if team_no not in rnd.teams() or team_no in rnd.byes:
            raise InputError(
                Msg(
                    "teams.round-team-has-no-match",
                    round_no=round_no,
                    name=by_forms(event.team(team_no).name, team_no),
                ),
            )
    matches = []
    for m in rnd.matches:
        ups = []
        for t in m.teams():
            if t in lineups:
                up = list(lineups[t])
            elif m.boards:
                up = m.lineup(t)
            else:
                up = default_lineup(event, t, round_no)
            check_lineup(event, round_no, t, up)
            ups.append(up)
        old = {(b.red, b.black): b for b in m.boards}
        boards = []
        for b in make_boards(ups[0], ups[1]):
            keep = old.get((b.red, b.black))
            if keep is not None and b.result is None:
                b = replace(keep, board=b.board)
            boards.append(b)
        matches.append(replace(m, boards=boards))
    return event.with_round_replaced(replace(rnd, matches=matches))


# ------------------------------------------------------------------ validation


@dataclass(frozen=True)
class TeamRules:
    """What the event's team system tells the core's data rules and tables
    (``TeamSystem.rules``; issue 23: the core tests no system's name):

    - ``seated_by_schedule``: the boards are seated and coloured by the
      system's schedule (全队轮赛制): two teams, as many rounds as boards, one
      player of each team on every board, no line-ups, no board-colour rule;
    - ``bye_wins_match``: a bye counts as a match won (team Swiss);
    - ``default_tiebreaks``: the tie-break presets when the event names none.
    """

    seated_by_schedule: bool = False
    bye_wins_match: bool = False
    default_tiebreaks: tuple[str, ...] = ()


def check_team_settings(s: TeamSettings, *, rules: TeamRules) -> None:
    if invalid_int(s.boards, MIN_BOARDS) or s.boards > MAX_BOARDS:
        raise InputError(
            Msg("teams.boards-per-match-must-be-got", MIN_BOARDS=MIN_BOARDS, MAX_BOARDS=MAX_BOARDS, boards=s.boards),
        )
    if s.lineup not in LINEUP_FORMATS:
        raise InputError(Msg("teams.unknown-lineup-format", lineup=s.lineup, choices=zh_only("teams.lineup-choices")))
    check_rounds(s.rounds)
    if s.pair_by not in PAIR_BY:
        raise InputError(
            Msg("teams.unknown-pair-by", pair_by=s.pair_by),
        )
    check_first_round(s)
    if s.board_ranking not in BOARD_RANKINGS:
        raise InputError(
            Msg("teams.unknown-board-ranking", board_ranking=s.board_ranking),
        )
    if invalid_int(s.board_min_games, 0):
        raise InputError(
            Msg("teams.invalid-board-min-games", board_min_games=s.board_min_games),
        )
    if s.standings.bye_opp_score not in BYE_OPP_SCORE_MODES:
        raise InputError(
            Msg("teams.unknown-bye-opp-score", bye_opp_score=s.standings.bye_opp_score),
        )
    if s.standings.fallback_reading not in FALLBACK_READINGS:
        raise InputError(
            Msg("teams.unknown-fallback-reading", fallback_reading=s.standings.fallback_reading),
        )
    if rules.seated_by_schedule and s.rounds != s.boards:
        raise InputError(
            Msg("teams.a-scheveningen-match-of-a-side-has", boards=s.boards, rounds=s.rounds),
        )
    resolve_team_tiebreaks(s.tiebreaks, rules.default_tiebreaks)


def validate_team_event(event: TeamEvent, *, rules: TeamRules) -> None:
    """Hard consistency of a team event, line-up formats included, by the
    data rules of its system (``rules``).

    Raises :class:`InputError` naming the team, player, round, match and
    board at fault.  Pairing-rule questions (rematches) are not data errors
    and are not judged here.
    """
    s = event.settings
    check_team_settings(s, rules=rules)
    seen: dict[int, Player] = {}
    for p in event.players:
        register(p, seen)
    teams: dict[int, Team] = {}
    owner: dict[int, Team] = {}
    for t in event.teams:
        register(t, teams, TEAM_WORDS)
        if len(t.players) < s.boards:
            raise InputError(
                Msg(
                    "teams.team-fewer-players-than-boards",
                    team=team_named(t.name, t.no, t.name),
                    n=len(t.players),
                    boards=s.boards,
                )
            )
        for no in t.players:
            if no not in seen:
                raise InputError(Msg("teams.team-player-not-registered", team=team_named(t.name, t.no, t.name), no=no))
            if no in owner:
                raise InputError(
                    Msg(
                        "teams.player-registered-for-two-teams",
                        player=player_named(event, no),
                        teams=zh_only("teams.first-and-second", first=owner[no].name, second=t.name),
                    )
                )
            owner[no] = t
        for no, k in t.reserve_boards.items():
            if no not in t.players or t.place(no) <= s.boards:
                raise InputError(Msg("teams.team-not-a-reserve", team=team_named(t.name, t.no, t.name), no=no))
            if invalid_int(k, 1) or k > s.boards:
                raise InputError(
                    Msg("teams.team-invalid-reserve-board", team=team_named(t.name, t.no, t.name), no=no, k=k)
                )
    if rules.seated_by_schedule and len(teams) != 2:
        raise InputError(
            Msg("scheveningen.a-scheveningen-match-is-between-two", n=len(teams)),
        )
    event.reindex()
    for r in rounds_in_order(event.rounds):
        try:
            _validate_round(event, r, teams, owner, rules.seated_by_schedule)
        except InputError as exc:  # the round at fault, for the caller's place (its sheet)
            exc.place = exc.place.merged(round=r.round)
            raise
    if len(event.rounds) > s.rounds:
        raise InputError(
            Msg("teams.rounds-present-more-than-the-planned", n=len(event.rounds), rounds=s.rounds),
        )


def _validate_round(
    event: TeamEvent, r: TeamRound, teams: dict[int, Team], owner: dict[int, Team], by_schedule: bool
) -> None:
    s = event.settings
    where_team: dict[int, int] = {}
    nos_seen: set[int] = set()
    where_player: dict[int, tuple[int, int]] = {}
    for m in r.matches:
        label = Msg("teams.round-match-label", round=r.round, match=m.match)
        if invalid_int(m.match, 1):
            raise InputError(Msg("teams.round-invalid-match-number", round=r.round, match=m.match))
        if m.match in nos_seen:
            raise InputError(Msg("teams.round-match-twice", round=r.round, match=m.match))
        nos_seen.add(m.match)
        for t in m.teams():
            if t not in teams:
                raise InputError(Msg("teams.label-no-team", label=label, t=t))
            if t in where_team:
                raise InputError(
                    Msg(
                        "teams.team-appears-twice",
                        round=r.round,
                        team=team_named(teams[t].name, t, t),
                        where=zh_only("teams.twice-in-matches", first=where_team[t], second=m.match),
                    )
                )
            where_team[t] = m.match
        if m.first == m.second:
            raise InputError(
                Msg(
                    "teams.round-match-a-team-is-paired-with-itself",
                    label=Lazy(lambda lang, label=label, n=r.round: label.render(lang) if chinese_forms(lang) else n),
                    first=by_forms(m.first, m.match),
                ),
            )
        if not m.boards:
            continue
        if len(m.boards) != s.boards:
            raise InputError(Msg("teams.label-boards-not", label=label, boards=s.boards, n=len(m.boards)))
        seated: dict[int, list[int]] = {m.first: [], m.second: []}
        for k, b in enumerate(m.boards, start=1):
            bl = Msg("teams.round-match-board-label", round=r.round, match=m.match, board=k)
            if b.board != k:
                raise InputError(Msg("teams.label-board-is-numbered", label=label, k=k, value=b.board))
            for no in (b.red, b.black):
                if invalid_int(no, 0):
                    raise InputError(Msg("teams.board-invalid-number", bl=bl, no=no))
                if no == VACANT:
                    continue
                if no in where_player:
                    pm, pk = where_player[no]
                    raise InputError(
                        Msg(
                            "teams.player-appears-twice",
                            round=r.round,
                            player=player_named(event, no),
                            where=zh_only("teams.twice-on-boards", pm=pm, pk=pk, match=m.match, board=k),
                        )
                    )
                where_player[no] = (m.match, k)
            if b.result is not None and b.result not in RESULTS:
                raise InputError(Msg("teams.board-unknown-result", bl=bl, result=b.result))
            forced = vacant_result(b.red, b.black)
            if forced is not None and b.result != forced:
                raise InputError(Msg("teams.board-empty-seat-result", bl=bl, forced=forced, result=b.result))
            for f in (b.fouls_red, b.fouls_black):
                if invalid_int(f, 0):
                    raise InputError(Msg("teams.board-invalid-foul-count", bl=bl, f=f))
            if by_schedule:
                tr, tb = owner.get(b.red), owner.get(b.black)
                if tr is None or tb is None or tr is tb or {tr.no, tb.no} != {m.first, m.second}:
                    raise InputError(Msg("teams.board-one-player-of-each-team", bl=bl))
                continue
            for t in m.teams():
                colour = first_team_colour(k) if t == m.first else other(first_team_colour(k))
                no = b.red if colour == "R" else b.black
                if no != VACANT and (no not in owner or owner[no].no != t):
                    raise InputError(
                        Msg(
                            "teams.board-player-not-of-team",
                            bl=bl,
                            side=Msg("teams.side-red" if colour == "R" else "teams.side-black"),
                            player=player_named(event, no),
                            team=Lazy(lambda lang, t=t: teams[t].name if chinese_forms(lang) else t),
                            rule=zh_only("teams.first-team-colours" if t == m.first else "teams.second-team-colours"),
                        )
                    )
                seated[t].append(no)
        if not by_schedule:
            for t in m.teams():
                check_lineup(event, r.round, t, seated[t])
    for t in r.byes:
        if t not in teams:
            raise InputError(Msg("teams.round-bye-no-team", round=r.round, t=t))
        if t in where_team:
            raise InputError(Msg("teams.team-plays-and-has-a-bye", round=r.round, team=team_named(teams[t].name, t, t)))
        where_team[t] = 0


def lineup_format(value: str) -> str:
    """A line-up format from its key or Chinese name (分台定人制 …)."""
    v = str(value).strip()
    if v in LINEUP_FORMATS:
        return v
    if v in LINEUP_ALIASES:
        return LINEUP_ALIASES[v]
    raise InputError(Msg("teams.unknown-line-up-format", value=value))


def iter_team_games(
    event: TeamEvent, rounds: Optional[Iterable[TeamRound]] = None
) -> Iterator[tuple[int, Match, Board]]:
    """Yield (round_no, match, board) for every board of the rounds given."""
    for r in event.rounds if rounds is None else rounds:
        for m in r.matches:
            for b in m.boards:
                yield r.round, m, b


def player_outcome(board: Board, colour: str) -> Optional[str]:
    return None if board.result is None else outcome(board.result, colour)


__all__ = [
    "TeamEvent",
    "TeamSettings",
    "TeamScoring",
    "Team",
    "Match",
    "TeamRound",
    "VACANT",
    "LINEUP_FORMATS",
    "LINEUP_NAMES",
    "PAIR_BY",
    "first_team_colour",
    "make_boards",
    "vacant_result",
    "match_game_points",
    "team_side",
    "TeamRules",
    "seats",
    "check_lineup",
    "default_lineup",
    "set_lineups",
    "validate_team_event",
    "fixed_board_of",
    "lineup_format",
    "iter_team_games",
    "board_points",
]
