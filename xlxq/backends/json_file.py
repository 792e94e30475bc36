"""The JSON tournament file (``format: "xlxq/1"``), documented key by key in
docs/format.md (the keys of round robins, knockouts and combined events:
docs/formats-other.md).

Size: one strict reader and writer for every key of the individual file
(each key checked with its own message); the team keys are in team_json.py.

``load_event(path)`` / ``event_from_dict(d)`` read it into the model and
``event_to_dict(ev)`` / ``save_event(ev, path)`` write it back.  Team events
(``event.kind: "team"``) are read and written by
:mod:`xlxq.backends.team_json`; ``load_any(path)`` / ``any_from_dict(d)``
return an ``Event`` or a ``TeamEvent`` by ``event.kind``, and
``save_event`` / ``dumps`` write either.  Reading is
strict: a wrong type, an unknown key, a bad result string or a player missing
from the registration raises :class:`~xlxq.errors.InputError` naming the key,
player, round or board (in Chinese, with an English twin), and every event is
then checked with :func:`xlxq.core.model.validate_event`.  Missing optional
keys take the model's defaults.  Writing is lossless: ``event_from_dict(
event_to_dict(ev)) == ev`` and a file written by ``save_event`` reloads to
the same dictionary.

Lazy imports: the team file's reader and writer (:mod:`xlxq.backends.team_json`,
the team model) are imported when a team file or a 队员总分制 key is met, so
that an individual event never loads the team modules (start-up time).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from xlxq.backends.json_parts import (
    FORMAT,
    INFO_KEYS,
    OPTIONS,
    WRITTEN_WHEN_SET,
    as_bool,
    as_int,
    as_list,
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
    options_from_dict,
    player_from_dict,
    prizes_from_dict,
    prizes_to_dict,
    rating_from_dict,
    rating_to_dict,
    player_to_dict,
    scoring_from_dict,
    tiebreak_list,
    two_items,
    with_set,
)
from xlxq.core.model import (
    RESULTS,
    Board,
    Event,
    EventSettings,
    PairingOptions,
    Round,
    Scoring,
    StandingsOptions,
    validate_event,
)
from xlxq.backends.limits import parse_json
from xlxq.core.groups import Grouped, check_group_name, group_clash
from xlxq.backends.safety import atomic_save
from xlxq.errors import ErrorList, InputError
from xlxq.systems import get_system, system_for, system_keys
from xlxq.core.rr_standings import resolve_rr_tiebreaks
from xlxq.core.standings import resolve_tiebreaks
from xlxq.core.knockout import build_bracket
from xlxq.i18n import Msg

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent

KINDS = ("individual", "team")  # event.kind: Event or TeamEvent (xlxq.backends.team_json)

_TOP_KEYS = ("format", "event", "players", "rounds")
_EVENT_KEYS = (
    "kind",
    "name",
    *INFO_KEYS,
    "system",
    "rounds",
    "games_per_match",
    "scoring",
    "tiebreaks",
    "first_round",
    "first_round_seed",
    "numbering",
    "colour_tie",
    "options",
    "knockout",
    "member_total",
    "rating",
    "prizes",
)
_KNOCKOUT_KEYS = ("playoff_games", "armageddon")
_SCORING_KEYS = ("win", "draw", "loss", "bye", "draw_red", "draw_black", "absent")
_ROUND_KEYS = ("round", "boards", "byes", "provisional", "engine")
_ENGINE_KEYS = ("boards", "byes")
_BOARD_KEYS = ("board", "red", "black", "result", "fouls")
_FOUL_KEYS = ("red", "black")


# --------------------------------------------------------------------------
# reading
# --------------------------------------------------------------------------


def _settings_from_dict(e: dict) -> EventSettings:
    e = as_obj(e, _EVENT_KEYS, "event")
    choice(e.get("kind", "individual"), KINDS, Msg("json_file.event-kind"))  # "team": event_from_dict
    d = EventSettings()
    name = as_str(e.get("name", d.name), Msg("json_file.event-name"))
    system = choice(e.get("system", d.system), system_keys(), Msg("json_file.event-system"))
    rounds = as_int(e.get("rounds", d.rounds), Msg("json_file.event-rounds"), minimum=1)
    games = as_int(
        e.get("games_per_match", d.games_per_match),
        Msg("json_file.event-games-per-match"),
        minimum=1,
    )
    if get_system(system).pairs_by_score and games != 1:
        raise fail(
            Msg("json_file.event-games-per-match"),
            place("json_file.swiss-games-per-match-must-be-1", games=games),
        )

    sc = as_obj(e.get("scoring", {}), _SCORING_KEYS, Msg("json_file.event-scoring"))
    scoring = scoring_from_dict(sc, _SCORING_KEYS)

    tiebreaks = tiebreak_list(e.get("tiebreaks", list(d.tiebreaks)), Msg("json_file.event-tiebreaks-2"))
    _check_tiebreaks(tiebreaks, system, games)

    first_round, first_round_seed, colour_tie = first_round_keys(e, d.first_round, Msg("json_parts.event-colour-tie"))
    numbering, numbering_seed = numbering_keys(e)

    pairing, standings = options_from_dict(e.get("options", {}), tuple(OPTIONS), system, colour_tie)

    ko: dict[str, Any] = {}
    if "knockout" in e:
        if not get_system(system).has_bracket:
            raise fail(
                Msg("json_file.event-knockout"),
                Msg("json_file.only-for-a-knockout-this-event-is", system=system),
            )
        k = as_obj(e["knockout"], _KNOCKOUT_KEYS, Msg("json_file.event-knockout"))
        if "playoff_games" in k:
            ko["playoff_games"] = [
                as_int(v, place("json_file.place-event-knockout-playoff-games", k=i), 1)
                for i, v in enumerate(as_list(k["playoff_games"], Msg("json_file.event-knockout-playoff-games")))
            ]
        if "armageddon" in k:
            ko["armageddon"] = as_bool(k["armageddon"], Msg("json_file.event-knockout-armageddon"))
    settings = EventSettings(
        name=name,
        info=info_from_dict(e),
        system=system,
        rounds=rounds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=first_round_seed,
        numbering=numbering,
        numbering_seed=numbering_seed,
        pairing=PairingOptions(**pairing),
        standings=StandingsOptions(**standings),
        games_per_match=games,
        rating=rating_from_dict(e["rating"]) if "rating" in e else None,
        prizes=prizes_from_dict(e["prizes"]) if "prizes" in e else None,
        **ko,
    )
    if "member_total" in e:
        # 队员总分制 (docs/teams.md §7): the team options ride on the settings
        from xlxq.backends.team_json import member_total_from_dict, with_member_total  # lazy (module text)

        settings = with_member_total(settings, member_total_from_dict(e["member_total"], system))
    return settings


def _check_tiebreaks(keys: list[str], system: str = "swiss", games_per_match: int = 1) -> None:
    """Let the standings module of the system judge the keys: the Swiss
    ``resolve_tiebreaks``, the round-robin ``resolve_rr_tiebreaks``; a
    knockout has no tie-breaks (the list is kept, not used)."""
    if get_system(system).has_bracket:
        return
    try:
        if get_system(system).follows_order_table:
            resolve_rr_tiebreaks(keys, games_per_match)
        else:
            resolve_tiebreaks(keys)
    except InputError as exc:
        raise InputError(Msg("json_file.event-tiebreaks", exc=exc)) from None
    except (KeyError, ValueError, TypeError) as exc:
        raise fail(
            Msg("json_file.event-tiebreaks-2"),
            place("json_file.unknown-tiebreaks", keys=repr(keys), exc=exc),
        ) from None


_BOARD_KEYSET = frozenset(_BOARD_KEYS)
_RESULTSET = frozenset(RESULTS)


def _board_fast(b: Any) -> Optional[Board]:
    """The common well-formed board without building error texts (speed:
    a 1000-player file has thousands of boards); None → take the slow path."""
    if type(b) is not dict or not _BOARD_KEYSET.issuperset(b) or "fouls" in b:
        return None
    try:
        bno, red, black = b["board"], b["red"], b["black"]
    except KeyError:
        return None
    if (
        type(bno) is not int
        or type(red) is not int
        or type(black) is not int
        or min(bno, red, black) < 1
        or red == black
    ):
        return None
    result = b.get("result")
    if result is not None and result not in _RESULTSET:
        return None
    return Board(board=bno, red=red, black=black, result=result)


def _board_from_dict(b: Any, rno: int, j: int) -> Board:
    fast = _board_fast(b)
    if fast is not None:
        return fast
    where = Msg("json_file.round-boards", rno=rno, n=j + 1, j=j)
    b = as_obj(b, _BOARD_KEYS, where)
    for k in ("board", "red", "black"):
        if k not in b:
            raise fail(where, place("json_file.missing-key", k=k))
    bno = as_int(b["board"], place("json_file.place-board", where=where), minimum=1)
    where = Msg("json_file.round-board", rno=rno, bno=bno)
    red = as_int(b["red"], place("json_file.place-red", where=where), minimum=1)
    black = as_int(b["black"], place("json_file.place-black", where=where), minimum=1)
    if red == black:
        raise fail(where, place("json_file.paired-with-himself", red=red))
    result = b.get("result")
    if result is not None and result not in RESULTS:
        raise fail(where, place("json_parts.invalid-result", result=repr(result), results=", ".join(RESULTS)))
    fouls = as_obj(b.get("fouls", {}), _FOUL_KEYS, place("json_file.place-fouls", where=where))
    return Board(
        board=bno,
        red=red,
        black=black,
        result=result,
        fouls_red=as_int(fouls.get("red", 0), place("json_file.place-fouls-red", where=where), 0),
        fouls_black=as_int(fouls.get("black", 0), place("json_file.place-fouls-black", where=where), 0),
    )


def _round_from_dict(r: Any, i: int, errors: Optional[ErrorList] = None) -> Round:
    """Round ``i`` of the file; a bad board goes to ``errors`` (if given)
    and the others are still read."""
    where = Msg("json_file.rounds-2", n=i + 1, i=i)
    r = as_obj(r, _ROUND_KEYS, where)
    if "round" not in r:
        raise fail(where, Msg("json_file.missing-key-round"))
    rno = as_int(r["round"], place("json_file.place-round", where=where), minimum=1)
    local = errors is None
    errors = ErrorList() if errors is None else errors
    mine = len(errors.errors)
    boards = []
    for j, b in enumerate(as_list(r.get("boards", []), place("json_file.place-round-boards", rno=rno))):
        with errors.guard():
            boards.append(_board_from_dict(b, rno, j))
    if len(errors.errors) > mine:
        if local:
            errors.check()
        return Round(round=rno)  # its boards' errors are kept; the rest of the round is not judged
    seen: set[int] = set()
    for b in boards:
        if b.board in seen:
            raise InputError(Msg("json_file.round-board-appears-twice", rno=rno, board=b.board))
        seen.add(b.board)
    byes = [
        as_int(n, place("json_file.place-round-byes", rno=rno, n=k + 1, k=k), minimum=1)
        for k, n in enumerate(as_list(r.get("byes", []), place("json_file.place-round-byes-2", rno=rno)))
    ]
    provisional = []
    where = Msg("json_file.round-provisional", rno=rno)
    for k, item in enumerate(as_list(r.get("provisional", []), where)):
        at = place("json_file.place-item", where=where, n=k + 1, k=k)
        vr, vb = two_items(item, at, place("json_file.shape-round-board"))
        pr = as_int(vr, place("json_file.place-item-round", where=where, n=k + 1, k=k), minimum=1)
        pb = as_int(vb, place("json_file.place-item-board", where=where, n=k + 1, k=k), minimum=1)
        if pr >= rno:
            raise fail(at, place("json_file.round-not-before-this-one", pr=pr, rno=rno))
        provisional.append((pr, pb))
    out = Round(round=rno, boards=boards, byes=byes, provisional=provisional)
    if "engine" in r:
        out.engine = _engine_from_dict(r["engine"], rno)
    return out


def _engine_from_dict(v: Any, rno: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A round's ``engine``: the pairing the engine made of it (docs/format.md),
    ``{"boards": [[red, black], …], "byes": […]}``."""
    where, pairs, byes = engine_pairs(v, rno, _ENGINE_KEYS, "boards", ("json_parts.side-red", "json_parts.side-black"))
    seen = [no for p in pairs for no in p] + list(byes)
    if len(set(seen)) != len(seen):
        twice = sorted({no for no in seen if seen.count(no) > 1})
        raise fail(where, place("json_file.players-appear-twice", nos=listed_numbers(twice)))
    return pairs, byes


def event_from_dict(d: Any) -> Event:
    """The model of a parsed JSON tournament file (strict, see module doc)."""
    if _kind(d) == "team":
        raise InputError(
            Msg("json_file.this-is-a-team-file-event-kind-team-read"),
        )
    d = as_obj(d, _TOP_KEYS, Msg("json_file.top-level"))
    fmt = d.get("format")
    if fmt != FORMAT:
        raise InputError(
            Msg("json_file.not-an-xlxq-tournament-file-format", FORMAT=FORMAT, fmt=fmt),
        )
    # every problem at once (issue 10 §4): the settings, each player, each
    # round's boards; the event is validated only when they all read
    errors = ErrorList()
    settings = EventSettings()
    with errors.guard():
        settings = _settings_from_dict(d.get("event", {}))
    if "players" not in d:
        errors.add(InputError(Msg("json_file.missing-key-players")))
    players = []
    with errors.guard():
        for i, p in enumerate(as_list(d.get("players", []), Msg("json_file.players"))):
            with errors.guard():
                players.append(player_from_dict(p, i))
    rounds = []
    with errors.guard():
        for i, r in enumerate(as_list(d.get("rounds", []), Msg("json_file.rounds"))):
            with errors.guard():
                rounds.append(_round_from_dict(r, i, errors))
    errors.check()
    event = Event(settings=settings, players=players, rounds=rounds)
    validate_event(event, absent_unpaired=system_for(settings).pairs_by_score)
    boards = {(r.round, b.board) for r in rounds for b in r.boards}
    for r in rounds:
        for pr, pb in r.provisional:
            if (pr, pb) not in boards:
                raise InputError(
                    Msg("json_file.round-provisional-round-has-no-board", round=r.round, pr=pr, pb=pb),
                )
    for r in rounds:
        unknown = sorted({no for no in _engine_players(r) if not event.has_player(no)})
        if unknown:
            raise InputError(
                Msg(
                    "json_file.round-engine-no-player",
                    round=r.round,
                    str_unknown=listed_numbers(unknown),
                ),
            )
    if len(rounds) > settings.rounds:
        raise InputError(
            Msg("json_file.the-file-has-rounds-but-event-rounds-is", n=len(rounds), rounds=settings.rounds),
        )
    if system_for(settings).has_bracket:
        # the bracket is derived from the registration and replayed from the
        # games: a board that fits no match names its round and board here
        if len(players) >= 2:
            build_bracket(event)
    return event


def _engine_players(r: Round) -> list[int]:
    if r.engine is None:
        return []
    pairs, byes = r.engine
    return [no for p in pairs for no in p] + list(byes)


def _kind(d: Any) -> str:
    e = d.get("event") if isinstance(d, dict) else None
    if not isinstance(e, dict):
        return "individual"
    return choice(e.get("kind", "individual"), KINDS, Msg("json_file.event-kind"))


def grouped_from_dict(d: dict) -> Grouped:
    """A file of groups (组别, docs/format.md): ``{"format": …, "groups":
    [{"group": "男子组", "event": {…}, "players": […], "rounds": […]}, …]}``,
    each group an ordinary individual event (a team event has no groups)."""
    d = as_obj(d, ("format", "groups"), Msg("json_file.top-level"))
    if d.get("format") != FORMAT:
        raise InputError(
            Msg("json_file.not-an-xlxq-tournament-file-format-2", FORMAT=FORMAT, get_format=d.get("format")),
        )
    out = Grouped()
    seen: dict[str, str] = {}
    for i, g in enumerate(as_list(d["groups"], Msg("json_file.groups"))):
        g = as_obj(g, ("group", *_TOP_KEYS), f"groups[{i}]")
        name = check_group_name(as_str(g.get("group"), place("json_file.place-groups-group", k=i)))
        if name in out.names():
            raise InputError(Msg("json_file.group-appears-twice", name=name))
        if group_clash(name, seen):
            clash = Msg("groups.group-differs-from-only-by-case-a-groups", g=name, other=seen[name.casefold()])
            raise InputError(Msg("json_file.groups-group", i=i, clash=clash))
        if _kind(g) == "team":
            raise InputError(
                Msg("json_file.group-team-events-have-no-groups-one", name=name),
            )
        body = {k: v for k, v in g.items() if k != "group"}
        try:
            out.groups.append((name, event_from_dict({**body, "format": FORMAT})))
        except InputError as exc:
            raise InputError(Msg("json_file.group", name=name, exc=exc)) from None
    if not out.groups:
        raise InputError(Msg("json_file.groups-is-empty-at-least-one-group"))
    return out


def grouped_to_dict(gr: Grouped) -> dict:
    """The file of groups: each group's event as its own file would hold
    it, its ``group`` name first."""
    return {
        "format": FORMAT,
        "groups": [
            {"group": g, **{k: v for k, v in event_to_dict(ev).items() if k != "format"}} for g, ev in gr.groups
        ],
    }


def any_from_dict(d: Any):
    """``event_from_dict(d)``, or, for ``event.kind: "team"``,
    :func:`xlxq.backends.team_json.team_event_from_dict` (a ``TeamEvent``);
    a file of groups (top-level ``groups``): a :class:`~xlxq.core.groups.Grouped`."""
    if isinstance(d, dict) and "groups" in d:
        return grouped_from_dict(d)
    if _kind(d) == "team":
        from xlxq.backends.team_json import team_event_from_dict  # lazy: start-up time (module text)

        return team_event_from_dict(d)
    return event_from_dict(d)


def any_to_dict(ev) -> dict:
    """``event_to_dict`` for an ``Event``, ``team_event_to_dict`` for a
    ``TeamEvent``, ``grouped_to_dict`` for the groups of an event."""
    if isinstance(ev, Event):
        return event_to_dict(ev)
    if isinstance(ev, Grouped):
        return grouped_to_dict(ev)
    from xlxq.backends.team_json import team_event_to_dict  # lazy: start-up time (module text)

    return team_event_to_dict(ev)


def load_event(path: str | os.PathLike) -> Event:
    """Read a tournament file.  Any problem (missing file, bad JSON, bad
    data) raises :class:`InputError`."""
    return event_from_dict(_read_json(path))


def load_any(path: str | os.PathLike):
    """Read a tournament file of either kind: an ``Event``, or a
    ``TeamEvent`` when ``event.kind`` is ``"team"``."""
    return any_from_dict(_read_json(path))


def _read_json(path: str | os.PathLike) -> Any:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(Msg("json_file.file-not-found", path=path)) from None
    except IsADirectoryError:
        raise InputError(Msg("json_file.is-a-directory", path=path)) from None
    except OSError as exc:
        raise InputError(Msg("json_file.cannot-read", path=path, or_exc=exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            Msg("json_file.is-not-utf-8-text-byte", name=path.name, exc_start=exc.start + 1),
        ) from None
    data = parse_json(text, path)
    return data


# --------------------------------------------------------------------------
# writing
# --------------------------------------------------------------------------


def _scoring_to_dict(sc: Scoring) -> dict:
    out = with_set({"win": sc.win, "draw": sc.draw, "loss": sc.loss}, sc, ("bye", "draw_red", "draw_black"))
    if sc.absent:
        out["absent"] = sc.absent
    return out


def _options_to_dict(s: EventSettings) -> dict:
    out = {}
    for key, (target, kind, _) in OPTIONS.items():
        value = getattr(s.pairing if target == "pairing" else s.standings, key)
        if key in WRITTEN_WHEN_SET and not value:
            continue
        if kind in ("elimination", "pairs"):
            value = [[x, y] for x, y in value]
        out[key] = value
    return out


def _round_to_dict(r: Round) -> dict:
    out: dict[str, Any] = {"round": r.round, "boards": [board_to_dict(b) for b in r.boards], "byes": list(r.byes)}
    if r.provisional:
        out["provisional"] = [[pr, pb] for pr, pb in r.provisional]
    if r.engine is not None:  # the pairing the engine made (hand changes: xlxq.core.hand)
        pairs, byes = r.engine
        out["engine"] = {"boards": [[red, black] for red, black in pairs], "byes": list(byes)}
    return out


def event_to_dict(ev: Event) -> dict:
    """The JSON-ready dictionary of an event (keys in documented order)."""
    s = ev.settings
    event: dict[str, Any] = {
        "name": s.name,
        **info_entries(s.info),
        "system": s.system,
        "rounds": s.rounds,
        "games_per_match": s.games_per_match,
        "scoring": _scoring_to_dict(s.scoring),
        "tiebreaks": list(s.tiebreaks),
        "first_round": s.first_round,
        "first_round_seed": s.first_round_seed,
        **numbering_entry(s.numbering, s.numbering_seed),
        "colour_tie": s.pairing.colour_tie,
        "options": _options_to_dict(s),
    }
    if system_for(s).has_bracket:
        event["knockout"] = {"playoff_games": list(s.playoff_games), "armageddon": s.armageddon}
    mt = getattr(s, "member_total", None)
    if mt is not None:
        from xlxq.backends.team_json import member_total_to_dict  # lazy (module text)

        event["member_total"] = member_total_to_dict(mt)
    if s.rating is not None:
        event["rating"] = rating_to_dict(s.rating)
    if s.prizes is not None:
        event["prizes"] = prizes_to_dict(s.prizes)
    return {
        "format": FORMAT,
        "event": event,
        "players": [player_to_dict(p) for p in ev.players],
        "rounds": [_round_to_dict(r) for r in ev.rounds],
    }


_enc = getattr(json.encoder, "c_encode_basestring", None) or json.encoder.py_encode_basestring


def _scalar(v: Any) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is str:
        return _enc(v)
    if type(v) is int:
        return int.__repr__(v)
    if type(v) is float:
        return float.__repr__(v)
    return json.dumps(v, ensure_ascii=False)


def _emit(o: Any, ind: int, out: list) -> None:
    """Byte for byte ``json.dumps(o, ensure_ascii=False, indent=1)``, a few
    times faster than the pure-Python encoder that ``indent`` forces."""
    if type(o) is dict:
        if not o:
            out.append("{}")
            return
        pad = "\n" + " " * (ind + 1)
        sep = "{" + pad
        for k, v in o.items():
            out.append(sep)
            out.append(_enc(k))
            out.append(": ")
            if type(v) is dict or type(v) is list:
                _emit(v, ind + 1, out)
            else:
                out.append(_scalar(v))
            sep = "," + pad
        out.append("\n" + " " * ind + "}")
    elif type(o) is list:
        if not o:
            out.append("[]")
            return
        pad = "\n" + " " * (ind + 1)
        sep = "[" + pad
        for v in o:
            out.append(sep)
            if type(v) is dict or type(v) is list:
                _emit(v, ind + 1, out)
            else:
                out.append(_scalar(v))
            sep = "," + pad
        out.append("\n" + " " * ind + "]")
    else:
        out.append(_scalar(o))


def dumps(ev) -> str:
    """The file text: JSON with Chinese kept as is, one-space indent
    (identical to ``json.dumps(any_to_dict(ev), ensure_ascii=False, indent=1)``);
    ``ev`` an ``Event`` or a ``TeamEvent``."""
    out: list[str] = []
    _emit(any_to_dict(ev), 0, out)
    out.append("\n")
    return "".join(out)


def save_event(ev, path: str | os.PathLike) -> None:
    """Write the file atomically (:func:`xlxq.backends.safety.atomic_save`:
    a temporary file in the same folder, fsynced, then ``os.replace``; the
    old file stays whole if anything fails; a read-only file is refused).
    ``ev`` is an ``Event`` or a ``TeamEvent``."""
    text = dumps(ev)

    def write(tmp: str) -> None:
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)

    atomic_save(path, write)


def load_team_event(path) -> TeamEvent:
    """Read a team file; an individual file is refused."""
    from xlxq.core.teams import TeamEvent  # lazy: start-up time (module text)

    ev = load_any(path)
    if not isinstance(ev, TeamEvent):
        raise InputError(
            Msg("json_file.is-not-a-team-file-event-kind-is-not", name=Path(path).name),
        )
    return ev


def save_team_event(ev: TeamEvent, path) -> None:
    """Write a team file atomically (as :func:`save_event`)."""
    save_event(ev, path)


save_any = save_event

__all__ = [
    "FORMAT",
    "KINDS",
    "load_event",
    "load_any",
    "save_event",
    "save_any",
    "event_from_dict",
    "any_from_dict",
    "event_to_dict",
    "any_to_dict",
    "dumps",
]
