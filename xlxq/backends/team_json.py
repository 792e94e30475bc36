"""Team events in the JSON tournament file: ``event.kind: "team"`` in
``xlxq/1`` (docs/format.md "Team events"; the shape proposed in
docs/teams.md §8), the 队员总分制 options of an individual file
(``event.member_total``), and the team registration (报名表) import.

Size: one strict reader and writer for every key of the team file (as
json_file.py is for the individual file) and the registration import.

* ``team_event_from_dict(d)`` / ``team_event_to_dict(ev)`` read and write a
  :class:`~xlxq.core.teams.TeamEvent` with the conventions of
  :mod:`xlxq.backends.json_file`: strict reading (unknown keys and wrong
  types refused, whole numbers as JSON integers), defaults for missing
  optional keys, messages in Chinese with an English twin naming the key,
  team, round, match and board; then
  :func:`~xlxq.core.teams.validate_team_event` (board colours, line-up
  formats …).  Writing is lossless: ``team_event_from_dict(
  team_event_to_dict(ev)) == ev``.
* Files are read and written by :mod:`xlxq.backends.json_file`, which
  knows both kinds: ``load_any(path)`` returns an ``Event`` or a
  ``TeamEvent`` by ``event.kind``; ``save_event`` / ``save_any`` write
  either atomically.  The pieces both kinds share (value readers, players,
  boards, options) are in :mod:`xlxq.backends.json_parts`.
* ``member_total`` (队员总分制): an individual event whose settings carry
  :class:`MemberTotalOptions` (:class:`MemberTotalSettings`, a subclass of
  ``EventSettings``, so ``dataclasses.replace`` keeps it).
* ``read_team_registration(path, boards, lineup)``: one row per player
  (队名, 姓名, 台次, 替补 …) → players and teams.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.json_parts import (
    FORMAT,
    INFO_KEYS,
    OPTIONS,
    as_int,
    as_list,
    as_number,
    as_obj,
    as_str,
    board_to_dict,
    choice,
    engine_pairs,
    fail,
    listed_numbers,
    place,
    first_round_keys,
    info_entries,
    info_from_dict,
    numbering_keys,
    numbering_entry,
    opt_int,
    opt_number,
    options_from_dict,
    player_from_dict,
    rating_from_dict,
    rating_to_dict,
    player_to_dict,
    scoring_from_dict,
    tiebreak_list,
    with_set,
)
from xlxq.backends.registration import (
    as_posint,
    cell_text,
    find_header,
    named_rows,
    rating_value,
    registration_rows,
    row_named,
)
from xlxq.core.member_total import BY, INCOMPLETE
from xlxq.core.model import (
    RESULTS,
    Board,
    EventSettings,
    PairingOptions,
    Player,
    Scoring,
    StandingsOptions,
)
from xlxq.core.teams import (
    BOARD_RANKINGS,
    PAIR_BY,
    VACANT,
    Match,
    Team,
    TeamEvent,
    TeamRound,
    TeamScoring,
    TeamSettings,
    lineup_format,
    validate_team_event,
)
from xlxq.errors import ErrorList, InputError
from xlxq.systems import get_system, get_team_system, team_rules, team_system_keys
from xlxq.core.team_standings import resolve_team_tiebreaks
from xlxq.i18n import Msg, zh_only

KIND_TEAM = "team"

_TOP_KEYS = ("format", "event", "players", "teams", "rounds")
_EVENT_KEYS = (
    "kind",
    "name",
    *INFO_KEYS,
    "system",
    "rounds",
    "boards",
    "lineup",
    "scoring",
    "match_scoring",
    "pair_by",
    "tiebreaks",
    "first_round",
    "first_round_seed",
    "numbering",
    "colour_tie",
    "board_ranking",
    "options",
    "rating",
)
_GAME_SCORING_KEYS = ("win", "draw", "loss", "draw_red", "draw_black")
_MATCH_SCORING_KEYS = ("win", "draw", "loss", "draw_first", "draw_second", "bye", "bye_game_points")
_MATCH_SCORING_FIELDS = {
    "win": "match_win",
    "draw": "match_draw",
    "loss": "match_loss",
    "draw_first": "match_draw_first",
    "draw_second": "match_draw_second",
    "bye": "bye_match_points",
    "bye_game_points": "bye_game_points",
}
_BOARD_RANKING_KEYS = ("by", "min_games")
# the options of docs/format.md that mean something for teams (the others —
# team-mates in round 1, forfeits, elimination, round-robin withdrawals —
# concern individual players and are refused as unknown keys)
_TEAM_OPTIONS = (
    "last_rounds_rule",
    "picker",
    "search_budget",
    "bye_opp_score",
    "bye_counts_as_win",
    "fallback_reading",
)
_TEAM_KEYS = ("no", "name", "players", "reserve_boards", "seed", "withdrawn_from_round")
_RESERVE_KEYS = ("no", "board")
_ROUND_KEYS = ("round", "matches", "byes", "engine")
_ENGINE_KEYS = ("matches", "byes")
_MATCH_KEYS = ("match", "first", "second", "boards")
_BOARD_KEYS = ("board", "red", "black", "result", "fouls")
_FOUL_KEYS = ("red", "black")
_RESULTSET = frozenset(RESULTS)


# --------------------------------------------------------------------------
# 队员总分制 options of an individual file
# --------------------------------------------------------------------------

MEMBER_TOTAL_KEYS = ("by", "best", "incomplete")


@dataclass(frozen=True)
class MemberTotalOptions:
    """``event.member_total``: how :func:`xlxq.core.member_total.member_total_standings`
    ranks the teams of an individual event (team = ``Player.unit``)."""

    by: str = "points"  # points | placings
    best: Optional[int] = None  # count each team's best N members; None = all
    incomplete: str = "last"  # last | drop | count


@dataclass
class MemberTotalSettings(EventSettings):
    """``EventSettings`` of a 队员总分制 event: the individual settings plus
    :class:`MemberTotalOptions` (kept by ``dataclasses.replace``)."""

    member_total: MemberTotalOptions = field(default_factory=MemberTotalOptions)


def with_member_total(settings: EventSettings, opts: MemberTotalOptions) -> MemberTotalSettings:
    values = {f.name: getattr(settings, f.name) for f in fields(EventSettings)}
    return MemberTotalSettings(**values, member_total=opts)


def member_total_from_dict(v: Any, system: str = "swiss") -> MemberTotalOptions:
    where = Msg("team_json.event-member-total")
    if get_system(system).has_bracket:
        raise fail(where, Msg("team_json.for-a-swiss-or-a-round-robin-not-a"))
    v = as_obj(v, MEMBER_TOTAL_KEYS, where)
    d = MemberTotalOptions()
    return MemberTotalOptions(
        by=choice(v.get("by", d.by), BY, place("team_json.place-member-total-by")),
        best=opt_int(v.get("best"), place("team_json.place-member-total-best"), minimum=1),
        incomplete=choice(
            v.get("incomplete", d.incomplete), INCOMPLETE, place("team_json.place-member-total-incomplete")
        ),
    )


def member_total_to_dict(o: MemberTotalOptions) -> dict:
    return {"by": o.by, "best": o.best, "incomplete": o.incomplete}


# --------------------------------------------------------------------------
# reading a team file
# --------------------------------------------------------------------------


def _settings_from_dict(e: Any) -> TeamSettings:
    e = as_obj(e, _EVENT_KEYS, "event")
    d = TeamSettings()
    name = as_str(e.get("name", d.name), Msg("json_file.event-name"))
    system = choice(e.get("system", d.system), team_system_keys(), Msg("team_json.event-system"))
    rounds = as_int(e.get("rounds", d.rounds), Msg("json_file.event-rounds"), minimum=1)
    boards = as_int(e.get("boards", d.boards), Msg("team_json.event-boards"), minimum=1)
    lu = e.get("lineup", d.lineup)
    try:
        lineup = lineup_format(as_str(lu, Msg("team_json.event-lineup-2")))
    except InputError as exc:
        raise InputError(Msg("team_json.event-lineup", exc=exc)) from None

    sc = as_obj(e.get("scoring", {}), _GAME_SCORING_KEYS, Msg("team_json.event-scoring"))
    game = scoring_from_dict(sc, _GAME_SCORING_KEYS, "team_json.event-scoring-key")
    ms = as_obj(e.get("match_scoring", {}), _MATCH_SCORING_KEYS, Msg("team_json.event-match-scoring"))
    dm = TeamScoring()
    match: dict[str, Any] = {}
    for k, attr in _MATCH_SCORING_FIELDS.items():
        where = Msg("team_json.event-match-scoring-2", k=k)
        if k in ("win", "draw", "loss"):
            match[attr] = as_number(ms.get(k, getattr(dm, attr)), where)
        else:
            match[attr] = opt_number(ms.get(k), where)
    scoring = TeamScoring(game=game, **match)

    pair_by = choice(e.get("pair_by", d.pair_by), PAIR_BY, Msg("team_json.event-pair-by"))
    tiebreaks = None
    if e.get("tiebreaks") is not None:
        tiebreaks = tiebreak_list(e["tiebreaks"], Msg("team_json.event-tiebreaks-place"))
        try:
            resolve_team_tiebreaks(tiebreaks, get_team_system(system).rules.default_tiebreaks)
        except InputError as exc:
            raise InputError(Msg("team_json.event-tiebreaks", exc=exc)) from None
    first_round, first_round_seed, colour_tie = first_round_keys(e, d.first_round, Msg("team_json.event-colour-tie"))
    numbering, numbering_seed = numbering_keys(e)
    br = as_obj(e.get("board_ranking", {}), _BOARD_RANKING_KEYS, Msg("team_json.event-board-ranking"))
    board_ranking = choice(
        br.get("by", d.board_ranking),
        BOARD_RANKINGS,
        Msg("team_json.event-board-ranking-by"),
    )
    board_min_games = as_int(
        br.get("min_games", d.board_min_games),
        Msg("team_json.event-board-ranking-min-games"),
        minimum=0,
    )

    pairing, standings = options_from_dict(e.get("options", {}), _TEAM_OPTIONS, system, colour_tie)
    return TeamSettings(
        name=name,
        info=info_from_dict(e),
        system=system,
        rounds=rounds,
        boards=boards,
        lineup=lineup,
        scoring=scoring,
        pair_by=pair_by,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=first_round_seed,
        numbering=numbering,
        numbering_seed=numbering_seed,
        pairing=PairingOptions(**pairing),
        standings=StandingsOptions(**standings),
        board_ranking=board_ranking,
        board_min_games=board_min_games,
        rating=rating_from_dict(e["rating"]) if "rating" in e else None,
    )


def _team_from_dict(t: Any, i: int) -> Team:
    where = Msg("team_json.teams-2", n=i + 1, i=i)
    if isinstance(t, dict) and _is_int(t.get("no")) and isinstance(t.get("name"), str):
        where = Msg(
            "team_json.teams-item-named",
            n=i + 1,
            i=i,
            name=zh_only("team_json.name-comma", name=t["name"]),
            no=int(t["no"]),
        )
    t = as_obj(t, _TEAM_KEYS, where)
    if "no" not in t:
        raise fail(where, Msg("team_json.missing-key-no"))
    no = as_int(t["no"], place("team_json.place-no", where=where), minimum=1)
    where = Msg("team_json.team", no=no)
    if "name" not in t:
        raise fail(where, Msg("team_json.missing-key-name"))
    name = as_str(t["name"], place("team_json.place-name", where=where))
    if not name.strip():
        raise fail(where, Msg("team_json.empty-name"))
    where = Msg("team_json.team-named-place", name=name, no=no)
    if "players" not in t:
        raise fail(where, Msg("team_json.missing-key-players"))
    members = [
        as_int(x, place("team_json.place-players", where=where, n=k + 1, k=k), minimum=1)
        for k, x in enumerate(as_list(t["players"], place("team_json.place-players-2", where=where)))
    ]
    seen: set[int] = set()
    for x in members:
        if x in seen:
            raise fail(where, place("team_json.player-listed-twice", x=x))
        seen.add(x)
    reserve_boards: dict[int, int] = {}
    for k, item in enumerate(
        as_list(t.get("reserve_boards", []), place("team_json.place-reserve-boards", where=where))
    ):
        at = Msg("team_json.reserve-boards", where=where, n=k + 1, k=k)
        item = as_obj(item, _RESERVE_KEYS, at)
        for key in _RESERVE_KEYS:
            if key not in item:
                raise fail(at, place("team_json.missing-key", key=key))
        rno = as_int(item["no"], place("team_json.place-no-2", where=at), minimum=1)
        if rno in reserve_boards:
            raise fail(at, place("team_json.reserve-listed-twice", rno=rno))
        reserve_boards[rno] = as_int(item["board"], place("team_json.place-board", where=at), minimum=1)
    return Team(
        no=no,
        name=name,
        players=members,
        reserve_boards=reserve_boards,
        seed=opt_int(t.get("seed"), place("team_json.place-seed", where=where), minimum=1),
        withdrawn_from_round=opt_int(
            t.get("withdrawn_from_round"), place("team_json.place-withdrawn-from-round", where=where), minimum=1
        ),
    )


def _is_int(v: Any) -> bool:
    return type(v) is int or (type(v) is float and v.is_integer())


def _board_from_dict(b: Any, match: Msg, j: int) -> Board:
    """A board of a match (``match``: its place); ``red``/``black`` 0 = empty seat (缺人)."""
    if type(b) is not dict:
        b = as_obj(b, _BOARD_KEYS, place("team_json.place-boards", where=match, n=j + 1, k=j))
    unknown = [k for k in b if k not in _BOARD_KEYS]
    if unknown:
        if _is_int(b.get("board")):
            as_obj(b, _BOARD_KEYS, place("team_json.place-board-2", where=match, board=int(b["board"])))
        as_obj(b, _BOARD_KEYS, place("team_json.place-boards", where=match, n=j + 1, k=j))
    for k in ("board", "red", "black"):
        if k not in b:
            raise fail(
                place("team_json.place-boards", where=match, n=j + 1, k=j), place("team_json.missing-key-2", k=k)
            )
    bno = b["board"]
    if not _is_int(bno) or bno < 1:
        bno = as_int(bno, place("team_json.place-boards-board", where=match, n=j + 1, k=j), minimum=1)
    bno = int(bno)
    where = Msg("team_json.board", where=match, bno=bno)
    red, black = b["red"], b["black"]
    if not (_is_int(red) and red >= 0):
        red = as_int(red, place("team_json.place-red-0-empty-seat", where=where), minimum=0)
    if not (_is_int(black) and black >= 0):
        black = as_int(black, place("team_json.place-black-0-empty-seat", where=where), minimum=0)
    red, black = int(red), int(black)
    if red == black and red != VACANT:
        raise fail(where, place("team_json.paired-with-himself", red=red))
    result = b.get("result")
    if result is not None and result not in _RESULTSET:
        raise fail(where, place("json_parts.invalid-result", result=repr(result), results=", ".join(RESULTS)))
    fr = fb = 0
    if "fouls" in b:
        fouls = as_obj(b["fouls"], _FOUL_KEYS, place("team_json.place-fouls", where=where))
        fr = as_int(fouls.get("red", 0), place("team_json.place-fouls-red", where=where), 0)
        fb = as_int(fouls.get("black", 0), place("team_json.place-fouls-black", where=where), 0)
    return Board(board=bno, red=red, black=black, result=result, fouls_red=fr, fouls_black=fb)


def _team_label(names: dict[int, str], no: int) -> Msg:
    """A team of a match in its place: 北京队（1队） / ``1``."""
    return Msg("team_json.match-team-named", name=names[no], no=no) if no in names else Msg("team_json.team-no", no=no)


def _match_from_dict(m: Any, rno: int, j: int, names: dict[int, str]) -> Match:
    where = Msg("team_json.round-matches", rno=rno, n=j + 1, j=j)
    m = as_obj(m, _MATCH_KEYS, where)
    for k in ("match", "first", "second"):
        if k not in m:
            raise fail(where, place("team_json.missing-key-2", k=k))
    mno = as_int(m["match"], place("team_json.place-match", where=where), minimum=1)
    where = Msg("team_json.round-match", rno=rno, mno=mno)
    first = as_int(m["first"], place("team_json.place-first", where=where), minimum=1)
    second = as_int(m["second"], place("team_json.place-second", where=where), minimum=1)
    label = place(
        "team_json.place-match-teams", where=where, first=_team_label(names, first), second=_team_label(names, second)
    )
    raw = as_list(m.get("boards", []), place("team_json.place-match-boards", where=label))
    boards = [_board_from_dict(b, label, k) for k, b in enumerate(raw)]
    return Match(match=mno, first=first, second=second, boards=boards)


def _round_from_dict(r: Any, i: int, names: dict[int, str]) -> TeamRound:
    where = Msg("json_file.rounds-2", n=i + 1, i=i)
    r = as_obj(r, _ROUND_KEYS, where)
    if "round" not in r:
        raise fail(where, Msg("json_file.missing-key-round"))
    rno = as_int(r["round"], place("team_json.place-round", where=where), minimum=1)
    matches = [
        _match_from_dict(m, rno, j, names)
        for j, m in enumerate(as_list(r.get("matches", []), place("team_json.place-round-matches", rno=rno)))
    ]
    byes = [
        as_int(n, place("team_json.place-round-byes", rno=rno, n=k + 1, k=k), minimum=1)
        for k, n in enumerate(as_list(r.get("byes", []), place("team_json.place-round-byes-2", rno=rno)))
    ]
    out = TeamRound(round=rno, matches=matches, byes=byes)
    if "engine" in r:
        out.engine = _engine_from_dict(r["engine"], rno, names)
    return out


def _engine_from_dict(v: Any, rno: int, names: dict[int, str]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A team round's ``engine``: the pairing the engine made of it
    (docs/format.md), ``{"matches": [[first, second], …], "byes": […]}``,
    every number a team's, none twice."""
    sides = ("json_parts.side-first", "json_parts.side-second")
    where, pairs, byes = engine_pairs(v, rno, _ENGINE_KEYS, "matches", sides)
    seen = [no for p in pairs for no in p] + list(byes)
    bad = sorted({no for no in seen if no not in names or seen.count(no) > 1})
    if bad:
        raise fail(where, place("team_json.teams-unknown-or-twice", nos=listed_numbers(bad)))
    return pairs, byes


def team_event_from_dict(d: Any) -> TeamEvent:
    """The model of a parsed team file (``event.kind: "team"``), strict as
    :func:`xlxq.backends.json_file.event_from_dict`, then
    :func:`~xlxq.core.teams.validate_team_event`."""
    d = as_obj(d, _TOP_KEYS, Msg("json_file.top-level"))
    fmt = d.get("format")
    if fmt != FORMAT:
        raise InputError(
            Msg("json_file.not-an-xlxq-tournament-file-format", FORMAT=FORMAT, fmt=fmt),
        )
    e = d.get("event", {})
    if isinstance(e, dict) and e.get("kind") != KIND_TEAM:
        raise fail(Msg("json_file.event-kind"), Msg("team_json.a-team-file-has-team-not", kind=e.get("kind")))
    # every problem at once (issue 10 §4): the settings, each player, each
    # team, each round; the event is validated only when they all read
    errors = ErrorList()
    settings = TeamSettings()
    with errors.guard():
        settings = _settings_from_dict(e)
    for key in ("players", "teams"):
        if key not in d:
            errors.add(
                InputError(
                    Msg(
                        "team_json.missing-list",
                        what=zh_only("team_json.players-list" if key == "players" else "team_json.teams-list"),
                        key=key,
                    )
                )
            )
    players, teams, rounds = [], [], []
    with errors.guard():
        for i, p in enumerate(as_list(d.get("players", []), Msg("json_file.players"))):
            with errors.guard():
                players.append(player_from_dict(p, i))
                if players[-1].absent_rounds:  # a team plays with its 替补 or forfeits the board
                    raise fail(
                        place("json_parts.player", no=players[-1].no),
                        Msg("team_json.a-team-member-has-no-absent-rounds-a"),
                    )
    with errors.guard():
        for i, t in enumerate(as_list(d.get("teams", []), Msg("team_json.teams"))):
            with errors.guard():
                teams.append(_team_from_dict(t, i))
    names = {t.no: t.name for t in teams}
    with errors.guard():
        for i, r in enumerate(as_list(d.get("rounds", []), Msg("json_file.rounds"))):
            with errors.guard():
                rounds.append(_round_from_dict(r, i, names))
    errors.check()
    event = TeamEvent(settings=settings, players=players, teams=teams, rounds=rounds)
    validate_team_event(event, rules=team_rules(event.settings))
    return event


# --------------------------------------------------------------------------
# writing a team file
# --------------------------------------------------------------------------


def _game_scoring_to_dict(sc: Scoring) -> dict:
    if sc.bye is not None:
        raise InputError(
            Msg("team_json.team-game-scoring-has-no-bye-see-match"),
        )
    return with_set({"win": sc.win, "draw": sc.draw, "loss": sc.loss}, sc, ("draw_red", "draw_black"))


def _match_scoring_to_dict(sc: TeamScoring) -> dict:
    out: dict[str, Any] = {}
    for k, attr in _MATCH_SCORING_FIELDS.items():
        v = getattr(sc, attr)
        if k in ("win", "draw", "loss") or v is not None:
            out[k] = v
    return out


def _team_to_dict(t: Team) -> dict:
    out: dict[str, Any] = {"no": t.no, "name": t.name, "players": list(t.players)}
    if t.reserve_boards:
        order = {no: i for i, no in enumerate(t.players)}
        out["reserve_boards"] = [
            {"no": no, "board": k} for no, k in sorted(t.reserve_boards.items(), key=lambda kv: order.get(kv[0], 0))
        ]
    return with_set(out, t, ("seed", "withdrawn_from_round"))


def _round_to_dict(r: TeamRound) -> dict:
    out: dict[str, Any] = {
        "round": r.round,
        "matches": [
            {"match": m.match, "first": m.first, "second": m.second, "boards": [board_to_dict(b) for b in m.boards]}
            for m in r.matches
        ],
        "byes": list(r.byes),
    }
    if r.engine is not None:  # the pairing the engine made (hand changes: xlxq.core.hand)
        pairs, byes = r.engine
        out["engine"] = {"matches": [[f, k] for f, k in pairs], "byes": list(byes)}
    return out


def team_event_to_dict(ev: TeamEvent) -> dict:
    """The JSON-ready dictionary of a team event (keys in documented order)."""
    s = ev.settings
    event: dict[str, Any] = {
        "kind": KIND_TEAM,
        "name": s.name,
        **info_entries(s.info),
        "system": s.system,
        "rounds": s.rounds,
        "boards": s.boards,
        "lineup": s.lineup,
        "scoring": _game_scoring_to_dict(s.scoring.game),
        "match_scoring": _match_scoring_to_dict(s.scoring),
        "pair_by": s.pair_by,
    }
    if s.tiebreaks is not None:
        event["tiebreaks"] = list(s.tiebreaks)
    event.update(
        {
            "first_round": s.first_round,
            "first_round_seed": s.first_round_seed,
            **numbering_entry(s.numbering, s.numbering_seed),
            "colour_tie": s.pairing.colour_tie,
            "board_ranking": {"by": s.board_ranking, "min_games": s.board_min_games},
            "options": {k: getattr(s.pairing if OPTIONS[k][0] == "pairing" else s.standings, k) for k in _TEAM_OPTIONS},
        }
    )
    if s.rating is not None:
        event["rating"] = rating_to_dict(s.rating)
    return {
        "format": FORMAT,
        "event": event,
        "players": [player_to_dict(p) for p in ev.players],
        "teams": [_team_to_dict(t) for t in ev.teams],
        "rounds": [_round_to_dict(r) for r in ev.rounds],
    }


# --------------------------------------------------------------------------
# team registration (报名表): one row per player
# --------------------------------------------------------------------------

TEAM_HEADERS: dict[str, tuple[str, ...]] = {
    "team": ("队名", "队伍", "代表队", "参赛队", "单位", "队", "team", "teamname", "unit", "club"),
    "name": ("姓名", "棋手", "棋手姓名", "队员", "name", "player"),
    "board": ("台次", "台号", "board"),
    "reserve": ("替补", "reserve", "sub", "substitute"),
    "rating": ("等级分", "rating", "elo"),
    "no": ("序号", "编号", "no", "no.", "number"),
}
_TEAM_LABEL = {"team": "队名", "name": "姓名", "board": "台次", "reserve": "替补", "rating": "等级分", "no": "序号"}
_TEAM_LOOKUP = {alias: key for key, aliases in TEAM_HEADERS.items() for alias in aliases}
_YES = {"是", "替补", "y", "yes", "1", "true", "√", "✓", "✔", "r", "reserve", "sub", "x", "替"}
_NO = {"否", "主力", "n", "no", "0", "false", "main"}


def _reserve_flag(v: Any) -> Optional[bool]:
    if v is None:
        return False
    t = cell_text(v).strip().lower()
    if t in _YES:
        return True
    if t in _NO or t == "":
        return False
    return None


def read_team_registration(
    path, boards: int, lineup: str = "fixed_boards", draw_seed: Optional[int] = None
) -> tuple[list[Player], list[Team]]:
    """Players and teams of a team registration (.csv/.xlsx, read as
    :func:`xlxq.backends.registration.read_registration` reads files).

    One row per player.  Columns (header Chinese or English): 队名/team
    (required), 姓名/name (required), 台次/board (optional), 替补/reserve
    (optional: 是/替补/Y/1/√ marks a reserve), 等级分/rating, 序号/no.

    * Teams are numbered 1, 2, … in order of first appearance (with
      ``draw_seed``: in the order of ``random.Random(draw_seed).shuffle``).
    * A team needs exactly ``boards`` 主力 (rows not marked 替补); they sit in
      file order, or by 台次 when the team's 主力 rows give one (then every
      主力 row of that team does, 1 … ``boards`` once each).  Reserves follow
      in file order; a reserve's 台次 is his registered board
      (``Team.reserve_boards``: used by 分台定人制, kept unused by the other
      formats).  ``lineup`` is accepted for the record only.
    * Players are numbered team by team in registered order (1 … for team 1,
      then team 2 …), unless a 序号 column gives every row its number.
    """
    path = Path(path)
    fname = path.name
    rows = registration_rows(path)
    header, cols = find_header(
        rows,
        fname,
        _TEAM_LOOKUP,
        _TEAM_LABEL,
        en_cells=False,
        missing=Msg("team_json.no-name-column-in-the-first-10-rows-team", fname=fname),
    )
    if "team" not in cols:
        raise InputError(
            Msg("team_json.a-team-registration-needs-a-team-column", fname=fname),
        )
    entries: list[dict] = []
    for i, cells, name, where in named_rows(rows, header, cols, fname):
        if cells.get("team") is None:
            raise InputError(Msg("team_json.missing-team", where=where))
        e: dict[str, Any] = {"row": i, "name": name, "team": cell_text(cells["team"])}
        flag = _reserve_flag(cells.get("reserve"))
        if flag is None:
            raise InputError(
                Msg(
                    "team_json.reserve-should-be-yes-y-1-or-empty-got",
                    where=where,
                    cells_reserve=cells["reserve"],
                ),
            )
        e["reserve"] = flag
        if cells.get("board") is not None:
            k = as_posint(cells["board"])
            if k is None or k > boards:
                raise InputError(
                    Msg(
                        "team_json.board-should-be-a-whole-number-1-got",
                        where=where,
                        boards=boards,
                        cells_board=cells["board"],
                    ),
                )
            e["board"] = k
        if cells.get("rating") is not None:
            e["rating"] = rating_value(cells["rating"], where)
        if "no" in cols:
            n = as_posint(cells.get("no")) if cells.get("no") is not None else None
            if n is None:
                raise InputError(
                    Msg(
                        "team_json.no-should-be-a-positive-whole-number",
                        where=where,
                        got=zh_only("team_json.got-quoted", value=cells.get("no")),
                    )
                )
            e["no"] = n
        entries.append(e)
    if not entries:
        raise InputError(Msg("team_json.no-players-in-the-registration", fname=fname))

    order: list[str] = []
    by_team: dict[str, list[dict]] = {}
    for e in entries:
        if e["team"] not in by_team:
            order.append(e["team"])
            by_team[e["team"]] = []
        by_team[e["team"]].append(e)
    if draw_seed is not None:
        random.Random(draw_seed).shuffle(order)
    registered: list[tuple[str, list[dict]]] = []
    for tname in order:
        rows_t = by_team[tname]
        mains = [e for e in rows_t if not e["reserve"]]
        reserves = [e for e in rows_t if e["reserve"]]
        if len(mains) != boards:
            raise InputError(
                Msg(
                    "team_json.fewer-main-players-than-boards"
                    if len(mains) < boards
                    else "team_json.more-main-players-than-boards",
                    fname=fname,
                    tname=tname,
                    n=len(mains),
                    boards=boards,
                )
            )
        with_board = [e for e in mains if "board" in e]
        if with_board:
            if len(with_board) != len(mains):
                e = next(e for e in mains if "board" not in e)
                raise InputError(
                    Msg(
                        "team_json.some-main-players-give-a-board",
                        where=row_named(fname, e["row"], e["name"]),
                        tname=tname,
                    )
                )
            seen: dict[int, dict] = {}
            for e in mains:
                if e["board"] in seen:
                    o = seen[e["board"]]
                    raise InputError(
                        Msg(
                            "team_json.board-repeats-row",
                            where=row_named(fname, e["row"], e["name"]),
                            tname=tname,
                            board=e["board"],
                            row=o["row"],
                            who=zh_only("registration.who-paren", who=o["name"]),
                        )
                    )
                seen[e["board"]] = e
            mains = sorted(mains, key=lambda e: e["board"])
        registered.append((tname, mains + reserves))

    players: list[Player] = []
    teams: list[Team] = []
    next_no = 1
    used: dict[int, dict] = {}
    for tno, (tname, members) in enumerate(registered, start=1):
        nos = []
        reserve_boards: dict[int, int] = {}
        for e in members:
            if "no" in e:
                no = e["no"]
                if no in used:
                    o = used[no]
                    raise InputError(
                        Msg(
                            "registration.no-repeats-row",
                            where=row_named(fname, e["row"], e["name"]),
                            no=no,
                            row=o["row"],
                            who=zh_only("registration.who-paren", who=o["name"]),
                        )
                    )
            else:
                no = next_no
                next_no += 1
            used[no] = e
            nos.append(no)
            players.append(Player(no=no, name=e["name"], unit=tname, rating=e.get("rating")))
            if e["reserve"] and "board" in e:
                reserve_boards[no] = e["board"]
        teams.append(Team(no=tno, name=tname, players=nos, reserve_boards=reserve_boards))
    return sorted(players, key=lambda p: p.no), teams


__all__ = [
    "team_event_from_dict",
    "team_event_to_dict",
    "read_team_registration",
    "MemberTotalOptions",
    "MemberTotalSettings",
    "with_member_total",
    "member_total_from_dict",
    "member_total_to_dict",
    "KIND_TEAM",
    "TEAM_HEADERS",
]
