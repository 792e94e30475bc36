"""The team tie-breaks (团体名次的计算顺序): one registry (``TEAM``, the shape
of :mod:`xlxq.core.tiebreaks`), its presets (seed 001 五.2's two formats,
``team-rr``, ``scheveningen``; docs/teams.md §4) and the record every team
tie-break is a function of.  The table is :mod:`xlxq.core.team_standings`;
this module is below it and below :mod:`xlxq.core.teams`, which checks a
team event's tie-break list with :func:`resolve_team_tiebreaks`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence, Union

from xlxq.core.tiebreaks import TableFacts, TieBreakRegistry, running_and_back
from xlxq.errors import InputError
from xlxq.i18n import Msg

TEAM_PRESETS: dict[str, list[str]] = {
    "seed001-team-1": [
        "match_points",
        "opp_match_points",
        "game_points",
        "match_wins",
        "game_wins",
        "fouls",
        "back_rounds",
    ],
    "seed001-team-2": ["game_points", "match_points", "opp_match_points", "match_wins", "fouls", "back_rounds"],
    "team-rr": ["match_points", "game_points", "match_wins", "game_wins", "fouls"],
    "scheveningen": ["game_points", "game_wins", "fouls"],
}


@dataclass
class TeamRecord:
    """One team's matches in rounds 1..N, the record every team tie-break is
    computed from: 场分 and 局分 per round (None: no finished match / not
    paired), 局分 in all, matches and boards won, fouls, the teams met in a
    finished match, finished matches and byes."""

    no: int
    round_match_points: list[Optional[float]]
    round_game_points: list[Optional[float]]
    game_points: float = 0.0
    match_wins: int = 0
    game_wins: int = 0
    fouls: int = 0
    played: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    # shared: N, every team's final 场分 (totals), what a Swiss bye adds to
    # 团体对手分 (0 in other systems), the fall-back's reading
    table: TableFacts = TableFacts(0, {}, 0.0, "running_total")


TEAM: TieBreakRegistry[TeamRecord] = TieBreakRegistry(
    TEAM_PRESETS,
    extra_aliases={
        "总局分": "game_points",
        "全队总局分": "game_points",
        "团体场分": "match_points",
        "对手分": "opp_match_points",
        "全队胜场": "match_wins",
        "全队胜局": "game_wins",
        "全队犯规": "fouls",
        "倒数第二轮场分": "back_rounds",
        "第一种格式": "seed001-team-1",
        "第二种格式": "seed001-team-2",
    },
)


@TEAM.register("match_points", "场分", "match points")
def _match_points(r: TeamRecord) -> float:
    return r.table.totals[r.no]


@TEAM.register("game_points", "局分", "game points")
def _game_points(r: TeamRecord) -> float:
    return float(r.game_points)


@TEAM.register("opp_match_points", "团体对手分", "opponents' match points")
def _opp_match_points(r: TeamRecord) -> float:
    t = r.table
    return float(sum(t.totals[o] for o in r.opponents) + r.byes * t.bye_value)


@TEAM.register("match_wins", "胜场", "matches won")
def _match_wins(r: TeamRecord) -> float:
    return float(r.match_wins)


@TEAM.register("game_wins", "胜局", "games won")
def _game_wins(r: TeamRecord) -> float:
    return float(r.game_wins)


@TEAM.register("fouls", "犯规", "fouls", ascending=True)
def _fouls(r: TeamRecord) -> float:
    return float(r.fouls)


@TEAM.register("back_rounds", "比较前一轮场分", "earlier rounds' match points", vector=True)
def _back_rounds(r: TeamRecord) -> tuple[float, ...]:
    return running_and_back(r.round_match_points, r.table.n, r.table.fallback_reading)[1]


TEAM_KEYS = TEAM.keys()
LABELS_ZH: dict[str, str] = TEAM.labels_zh
LABELS_EN: dict[str, str] = TEAM.labels_en


def resolve_team_tiebreaks(spec: Union[Iterable[str], str, None], default: Sequence[str] = ()) -> list[str]:
    """Expand ``spec`` (presets, keys or Chinese labels) into :data:`TEAM_KEYS`
    in order, repeats dropped; None = ``default``, the presets the event's
    system names (``TeamSystem.default_tiebreaks``)."""
    if spec is None:
        spec = list(default)
    out = TEAM.resolve(spec, Msg("team_tiebreaks.team"))
    if not out:
        raise InputError(
            Msg("team_tiebreaks.the-team-ranking-list-is-empty-give-at"),
        )
    return out
