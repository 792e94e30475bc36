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
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional

from xlxq.core.model import (
    COLOUR_TIES,
    FIRST_ROUND_METHODS,
    RESULTS,
    SYSTEMS,
    Board,
    Event,
    EventSettings,
    PairingOptions,
    Player,
    Round,
    Scoring,
    StandingsOptions,
    validate_event,
)
from xlxq.backends.limits import parse_json
from xlxq.backends.safety import atomic_save
from xlxq.errors import InputError

FORMAT = "xlxq/1"

LAST_ROUNDS_RULES = ("cxa", "broad")
RR_WITHDRAWALS = ("cxa", "annul", "forfeit")  # xlxq.core.roundrobin.WITHDRAWAL_POLICIES
RR_SYSTEMS = ("round_robin", "double_round_robin")
PICKERS = ("cxa", "fewer_row")
BYE_OPP_SCORES = ("lowest_scoring", "lowest", "zero")
FALLBACK_READINGS = ("running_total", "round_score")

# option key -> (which options object, expected kind, allowed values)
_OPTIONS: dict[str, tuple[str, str, tuple]] = {
    "last_rounds_rule": ("pairing", "choice", LAST_ROUNDS_RULES),
    "picker": ("pairing", "choice", PICKERS),
    "avoid_same_unit_round1": ("pairing", "bool", ()),
    "forfeit_counts_as_met": ("pairing", "bool", ()),
    "forfeits_before_removal": ("pairing", "posint_or_null", ()),
    "search_budget": ("pairing", "posint", ()),
    "elimination": ("pairing", "elimination", ()),
    "bye_opp_score": ("standings", "choice", BYE_OPP_SCORES),
    "bye_counts_as_win": ("standings", "bool", ()),
    "fallback_reading": ("standings", "choice", FALLBACK_READINGS),
    "rr_withdrawal": ("standings", "choice", RR_WITHDRAWALS),
}

KINDS = ("individual", "team")  # event.kind: Event or TeamEvent (xlxq.backends.team_json)

_TOP_KEYS = ("format", "event", "players", "rounds")
_EVENT_KEYS = (
    "kind",
    "name",
    "system",
    "rounds",
    "games_per_match",
    "scoring",
    "tiebreaks",
    "first_round",
    "first_round_seed",
    "colour_tie",
    "options",
    "knockout",
    "member_total",
)
_KNOCKOUT_KEYS = ("playoff_games", "armageddon")
_SCORING_KEYS = ("win", "draw", "loss", "bye", "draw_red", "draw_black")
_PLAYER_KEYS = ("no", "name", "unit", "rating", "seed", "withdrawn_from_round")
_ROUND_KEYS = ("round", "boards", "byes", "provisional")
_BOARD_KEYS = ("board", "red", "black", "result", "fouls")
_FOUL_KEYS = ("red", "black")


# --------------------------------------------------------------------------
# small typed readers; ``zh``/``en`` name the place of the value
# --------------------------------------------------------------------------


def _fail(zh_where: str, en_where: str, zh: str, en: str) -> InputError:
    return InputError(f"{zh_where}：{zh}", f"{en_where}: {en}")


def _is_int(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, float) and v.is_integer()


def _int(v: Any, zh: str, en: str, minimum: Optional[int] = None) -> int:
    if not _is_int(v):
        raise _fail(zh, en, f"应为整数，实为 {v!r}", f"expected an integer, got {v!r}")
    v = int(v)
    if minimum is not None and v < minimum:
        raise _fail(zh, en, f"应不小于 {minimum}，实为 {v}", f"must be at least {minimum}, got {v}")
    return v


def _opt_int(v: Any, zh: str, en: str, minimum: Optional[int] = None) -> Optional[int]:
    return None if v is None else _int(v, zh, en, minimum)


def _number(v: Any, zh: str, en: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v in (float("inf"), float("-inf")):
        raise _fail(zh, en, f"应为数字，实为 {v!r}", f"expected a number, got {v!r}")
    return v


def _opt_number(v: Any, zh: str, en: str) -> Optional[float]:
    return None if v is None else _number(v, zh, en)


def _str(v: Any, zh: str, en: str) -> str:
    if not isinstance(v, str):
        raise _fail(zh, en, f"应为文字（字符串），实为 {v!r}", f"expected a string, got {v!r}")
    return v


def _bool(v: Any, zh: str, en: str) -> bool:
    if not isinstance(v, bool):
        raise _fail(zh, en, f"应为 true 或 false，实为 {v!r}", f"expected true or false, got {v!r}")
    return v


def _choice(v: Any, allowed: tuple, zh: str, en: str) -> str:
    if v not in allowed:
        raise _fail(
            zh, en, f"无效值 {v!r}（可选 {', '.join(allowed)}）", f"invalid value {v!r} (one of {', '.join(allowed)})"
        )
    return v


def _obj(v: Any, keys: tuple, zh: str, en: str) -> dict:
    if not isinstance(v, dict):
        raise _fail(zh, en, f"应为对象 {{…}}，实为 {type(v).__name__}", f"expected an object, got {type(v).__name__}")
    unknown = [k for k in v if k not in keys]
    if unknown:
        raise _fail(
            zh,
            en,
            f"未知的键 {', '.join(map(repr, unknown))}（可用的键：{', '.join(keys)}）",
            f"unknown key(s) {', '.join(map(repr, unknown))} (known: {', '.join(keys)})",
        )
    return v


def _list(v: Any, zh: str, en: str) -> list:
    if not isinstance(v, list):
        raise _fail(zh, en, f"应为列表 […]，实为 {type(v).__name__}", f"expected a list, got {type(v).__name__}")
    return v


# --------------------------------------------------------------------------
# reading
# --------------------------------------------------------------------------


def _settings_from_dict(e: dict) -> EventSettings:
    e = _obj(e, _EVENT_KEYS, "event", "event")
    _choice(e.get("kind", "individual"), KINDS, "event.kind（赛事类别）", "event.kind")  # "team": event_from_dict
    d = EventSettings()
    name = _str(e.get("name", d.name), "event.name（赛事名称）", "event.name")
    system = _choice(e.get("system", d.system), SYSTEMS, "event.system（赛制）", "event.system")
    rounds = _int(e.get("rounds", d.rounds), "event.rounds（轮数）", "event.rounds", minimum=1)
    games = _int(
        e.get("games_per_match", d.games_per_match),
        "event.games_per_match（每场局数）",
        "event.games_per_match",
        minimum=1,
    )
    if system == "swiss" and games != 1:
        raise _fail(
            "event.games_per_match（每场局数）",
            "event.games_per_match",
            f"积分编排（swiss）每轮一局，应为 1，实为 {games}（两局制只用于循环赛和淘汰赛）",
            f"must be 1 for a Swiss, got {games} (matches of several games: round robin and knockout only)",
        )

    sc = _obj(e.get("scoring", {}), _SCORING_KEYS, "event.scoring（计分）", "event.scoring")
    scoring = _scoring_from_dict(sc, _SCORING_KEYS)

    tb = _list(e.get("tiebreaks", list(d.tiebreaks)), "event.tiebreaks（破同分方法）", "event.tiebreaks")
    tiebreaks = [_str(k, f"event.tiebreaks[{i}]", f"event.tiebreaks[{i}]") for i, k in enumerate(tb)]
    _check_tiebreaks(tiebreaks, system, games)

    first_round = _choice(
        e.get("first_round", d.first_round),
        FIRST_ROUND_METHODS,
        "event.first_round（首轮配对方法）",
        "event.first_round",
    )
    first_round_seed = _opt_int(
        e.get("first_round_seed"), "event.first_round_seed（首轮随机种子）", "event.first_round_seed"
    )
    colour_tie = _choice(
        e.get("colour_tie", PairingOptions().colour_tie),
        COLOUR_TIES,
        "event.colour_tie（先后手同等时的规则）",
        "event.colour_tie",
    )

    pairing, standings = _options_from_dict(e.get("options", {}), tuple(_OPTIONS), system, colour_tie)

    ko: dict[str, Any] = {}
    if "knockout" in e:
        if system != "knockout":
            raise _fail(
                "event.knockout（淘汰赛设置）",
                "event.knockout",
                f'只用于淘汰赛（system: "knockout"），本赛事为 {system}',
                f'only for system "knockout", this event is {system}',
            )
        k = _obj(e["knockout"], _KNOCKOUT_KEYS, "event.knockout（淘汰赛设置）", "event.knockout")
        if "playoff_games" in k:
            ko["playoff_games"] = [
                _int(v, f"event.knockout.playoff_games[{i}]（加赛局数）", f"event.knockout.playoff_games[{i}]", 1)
                for i, v in enumerate(
                    _list(
                        k["playoff_games"], "event.knockout.playoff_games（加赛局数）", "event.knockout.playoff_games"
                    )
                )
            ]
        if "armageddon" in k:
            ko["armageddon"] = _bool(
                k["armageddon"], "event.knockout.armageddon（和棋判黑胜的决胜局）", "event.knockout.armageddon"
            )
    settings = EventSettings(
        name=name,
        system=system,
        rounds=rounds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=first_round_seed,
        pairing=PairingOptions(**pairing),
        standings=StandingsOptions(**standings),
        games_per_match=games,
        **ko,
    )
    if "member_total" in e:
        # 队员总分制 (docs/teams.md §7): the team options ride on the settings
        from xlxq.backends.team_json import member_total_from_dict, with_member_total

        settings = with_member_total(settings, member_total_from_dict(e["member_total"], system))
    return settings


def _scoring_from_dict(sc: dict, keys: tuple, zh_note: str = "") -> Scoring:
    """``event.scoring`` (its keys already checked): win/draw/loss default to
    the model's, the other ``keys`` to None; ``zh_note`` follows the key in
    the Chinese message."""
    ds = Scoring()
    return Scoring(
        **{
            k: (
                _number(sc.get(k, getattr(ds, k)), f"event.scoring.{k}{zh_note}", f"event.scoring.{k}")
                if k in ("win", "draw", "loss")
                else _opt_number(sc.get(k), f"event.scoring.{k}{zh_note}", f"event.scoring.{k}")
            )
            for k in keys
        }
    )


def _options_from_dict(v: Any, keys: tuple, system: str, colour_tie: str) -> tuple[dict, dict]:
    """``event.options`` (only ``keys`` allowed) → the keyword arguments of
    ``PairingOptions`` (with ``colour_tie``) and of ``StandingsOptions``."""
    opts = _obj(v, keys, "event.options（编排选项）", "event.options")
    pairing: dict[str, Any] = {"colour_tie": colour_tie}
    standings: dict[str, Any] = {}
    for key, value in opts.items():
        target, kind, allowed = _OPTIONS[key]
        zh, en = f"event.options.{key}", f"event.options.{key}"
        if kind == "choice":
            value = _choice(value, allowed, zh, en)
        elif kind == "bool":
            value = _bool(value, zh, en)
        elif kind == "posint":
            value = _int(value, zh, en, minimum=1)
        elif kind == "posint_or_null":
            value = _opt_int(value, zh, en, minimum=1)
        elif kind == "elimination":
            value = _elimination(value, system)
        (pairing if target == "pairing" else standings)[key] = value
    return pairing, standings


def _elimination(v: Any, system: str) -> tuple:
    """``[[X, Y], …]`` → ``((X, Y), …)`` in the order given (积分末位淘汰)."""
    zh, en = "event.options.elimination（积分末位淘汰）", "event.options.elimination"
    items = _list(v, zh, en)
    if items and system != "swiss":
        raise _fail(zh, en, f"只用于积分编排（swiss），本赛事为 {system}", f"only for a Swiss, this event is {system}")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, list) or len(item) != 2:
            raise _fail(
                f"{zh}第{i + 1}项",
                f"{en}[{i}]",
                f"应为 [X, Y]（第X轮后未得Y分者淘汰），实为 {item!r}",
                f"expected [X, Y] (under Y points after round X: out), got {item!r}",
            )
        x = _int(item[0], f"{zh}第{i + 1}项的轮次 X", f"{en}[{i}][0]", minimum=1)
        y = _number(item[1], f"{zh}第{i + 1}项的分数 Y", f"{en}[{i}][1]")
        out.append((x, y))
    return tuple(out)


def _check_tiebreaks(keys: list[str], system: str = "swiss", games_per_match: int = 1) -> None:
    """Let the standings module of the system judge the keys: the Swiss
    ``resolve_tiebreaks``, the round-robin ``resolve_rr_tiebreaks``; a
    knockout has no tie-breaks (the list is kept, not used)."""
    if system == "knockout":
        return
    try:
        if system in RR_SYSTEMS:
            from xlxq.core.rr_standings import resolve_rr_tiebreaks

            resolve_rr_tiebreaks(keys, games_per_match)
        else:
            from xlxq.core.standings import resolve_tiebreaks

            resolve_tiebreaks(keys)
    except InputError as exc:
        raise InputError(f"event.tiebreaks（破同分方法）：{exc.zh}", f"event.tiebreaks: {exc.en}") from None
    except (KeyError, ValueError, TypeError) as exc:
        raise _fail(
            "event.tiebreaks（破同分方法）",
            "event.tiebreaks",
            f"无法识别 {keys!r}（{exc}）",
            f"unknown tiebreaks {keys!r} ({exc})",
        ) from None


def _player_from_dict(p: Any, i: int) -> Player:
    fast = _player_fast(p)
    if fast is not None:
        return fast
    where_zh, where_en = f"players 第{i + 1}项", f"players[{i}]"
    p = _obj(p, _PLAYER_KEYS, where_zh, where_en)
    if "no" not in p:
        raise _fail(where_zh, where_en, "缺少序号 no", "missing key 'no'")
    no = _int(p["no"], f"{where_zh} 的序号 no", f"{where_en}.no", minimum=1)
    where_zh, where_en = f"{no}号棋手", f"player {no}"
    if "name" not in p:
        raise _fail(where_zh, where_en, "缺少姓名 name", "missing key 'name'")
    name = _str(p["name"], f"{where_zh}的姓名 name", f"{where_en} name")
    if not name.strip():
        raise _fail(where_zh, where_en, "姓名为空", "empty name")
    where_zh = f"{no}号棋手（{name}）"
    return Player(
        no=no,
        name=name,
        unit=_str(p.get("unit", ""), f"{where_zh}的单位 unit", f"{where_en} unit"),
        rating=_opt_number(p.get("rating"), f"{where_zh}的等级分 rating", f"{where_en} rating"),
        seed=_opt_int(p.get("seed"), f"{where_zh}的种子 seed", f"{where_en} seed", minimum=1),
        withdrawn_from_round=_opt_int(
            p.get("withdrawn_from_round"),
            f"{where_zh}的退赛轮次 withdrawn_from_round",
            f"{where_en} withdrawn_from_round",
            minimum=1,
        ),
    )


_BOARD_KEYSET = frozenset(_BOARD_KEYS)
_PLAYER_KEYSET = frozenset(_PLAYER_KEYS)
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


def _player_fast(p: Any) -> Optional[Player]:
    if type(p) is not dict or not _PLAYER_KEYSET.issuperset(p):
        return None
    no, name, unit = p.get("no"), p.get("name"), p.get("unit", "")
    if type(no) is not int or no < 1 or type(name) is not str or not name.strip() or type(unit) is not str:
        return None
    rating, seed, wd = p.get("rating"), p.get("seed"), p.get("withdrawn_from_round")
    if rating is not None and (type(rating) not in (int, float) or rating != rating or abs(rating) == float("inf")):
        return None
    for v in (seed, wd):
        if v is not None and (type(v) is not int or v < 1):
            return None
    return Player(no=no, name=name, unit=unit, rating=rating, seed=seed, withdrawn_from_round=wd)


def _board_from_dict(b: Any, rno: int, j: int) -> Board:
    fast = _board_fast(b)
    if fast is not None:
        return fast
    where_zh, where_en = f"第{rno}轮 boards 第{j + 1}项", f"round {rno} boards[{j}]"
    b = _obj(b, _BOARD_KEYS, where_zh, where_en)
    for k in ("board", "red", "black"):
        if k not in b:
            raise _fail(where_zh, where_en, f"缺少键 {k}", f"missing key {k!r}")
    bno = _int(b["board"], f"{where_zh} 的台次 board", f"{where_en}.board", minimum=1)
    where_zh, where_en = f"第{rno}轮第{bno}台", f"round {rno} board {bno}"
    red = _int(b["red"], f"{where_zh}红方 red", f"{where_en} red", minimum=1)
    black = _int(b["black"], f"{where_zh}黑方 black", f"{where_en} black", minimum=1)
    if red == black:
        raise _fail(where_zh, where_en, f"红黑双方是同一人（{red}号）", f"a player ({red}) is paired with himself")
    result = b.get("result")
    if result is not None and result not in RESULTS:
        raise _fail(
            where_zh,
            where_en,
            f"结果 result 无效 {result!r}（可选 {', '.join(RESULTS)} 或 null）",
            f"invalid result {result!r} (one of {', '.join(RESULTS)} or null)",
        )
    fouls = _obj(b.get("fouls", {}), _FOUL_KEYS, f"{where_zh}犯规 fouls", f"{where_en} fouls")
    return Board(
        board=bno,
        red=red,
        black=black,
        result=result,
        fouls_red=_int(fouls.get("red", 0), f"{where_zh}红方犯规 fouls.red", f"{where_en} fouls.red", 0),
        fouls_black=_int(fouls.get("black", 0), f"{where_zh}黑方犯规 fouls.black", f"{where_en} fouls.black", 0),
    )


def _round_from_dict(r: Any, i: int) -> Round:
    where_zh, where_en = f"rounds 第{i + 1}项", f"rounds[{i}]"
    r = _obj(r, _ROUND_KEYS, where_zh, where_en)
    if "round" not in r:
        raise _fail(where_zh, where_en, "缺少轮次 round", "missing key 'round'")
    rno = _int(r["round"], f"{where_zh} 的轮次 round", f"{where_en}.round", minimum=1)
    boards = [
        _board_from_dict(b, rno, j)
        for j, b in enumerate(_list(r.get("boards", []), f"第{rno}轮 boards", f"round {rno} boards"))
    ]
    seen: set[int] = set()
    for b in boards:
        if b.board in seen:
            raise InputError(f"第{rno}轮：台次 {b.board} 重复", f"round {rno}: board {b.board} appears twice")
        seen.add(b.board)
    byes = [
        _int(n, f"第{rno}轮轮空 byes 第{k + 1}项", f"round {rno} byes[{k}]", minimum=1)
        for k, n in enumerate(_list(r.get("byes", []), f"第{rno}轮轮空 byes", f"round {rno} byes"))
    ]
    provisional = []
    zh, en = f"第{rno}轮 provisional（按和棋暂计编排的对局）", f"round {rno} provisional"
    for k, item in enumerate(_list(r.get("provisional", []), zh, en)):
        if not isinstance(item, list) or len(item) != 2:
            raise _fail(
                f"{zh}第{k + 1}项",
                f"{en}[{k}]",
                f"应为 [轮次, 台次]，实为 {item!r}",
                f"expected [round, board], got {item!r}",
            )
        pr = _int(item[0], f"{zh}第{k + 1}项的轮次", f"{en}[{k}][0]", minimum=1)
        pb = _int(item[1], f"{zh}第{k + 1}项的台次", f"{en}[{k}][1]", minimum=1)
        if pr >= rno:
            raise _fail(
                f"{zh}第{k + 1}项", f"{en}[{k}]", f"第{pr}轮不在本轮之前", f"round {pr} is not before round {rno}"
            )
        provisional.append((pr, pb))
    return Round(round=rno, boards=boards, byes=byes, provisional=provisional)


def event_from_dict(d: Any) -> Event:
    """The model of a parsed JSON tournament file (strict, see module doc)."""
    if _kind(d) == "team":
        raise InputError(
            '这是团体赛文件（event.kind: "team"），应由 load_any / xlxq.backends.team_json 读取',
            'this is a team file (event.kind: "team"): read it with load_any / xlxq.backends.team_json',
        )
    d = _obj(d, _TOP_KEYS, "文件顶层", "top level")
    fmt = d.get("format")
    if fmt != FORMAT:
        raise InputError(
            f"不是 xlxq 赛事文件：format 应为 {FORMAT!r}，实为 {fmt!r}",
            f"not an xlxq tournament file: format should be {FORMAT!r}, got {fmt!r}",
        )
    settings = _settings_from_dict(d.get("event", {}))
    if "players" not in d:
        raise InputError("缺少棋手名单 players", "missing key 'players'")
    players = [_player_from_dict(p, i) for i, p in enumerate(_list(d["players"], "players（棋手名单）", "players"))]
    rounds = [_round_from_dict(r, i) for i, r in enumerate(_list(d.get("rounds", []), "rounds（各轮）", "rounds"))]
    event = Event(settings=settings, players=players, rounds=rounds)
    validate_event(event)
    boards = {(r.round, b.board) for r in rounds for b in r.boards}
    for r in rounds:
        for pr, pb in r.provisional:
            if (pr, pb) not in boards:
                raise InputError(
                    f"第{r.round}轮 provisional：第{pr}轮没有第{pb}台",
                    f"round {r.round} provisional: round {pr} has no board {pb}",
                )
    if len(rounds) > settings.rounds:
        raise InputError(
            f"文件中已有{len(rounds)}轮，超过赛事设定的 event.rounds = {settings.rounds} 轮",
            f"the file has {len(rounds)} rounds but event.rounds is {settings.rounds}",
        )
    if settings.system == "knockout":
        # the bracket is derived from the registration and replayed from the
        # games: a board that fits no match names its round and board here
        from xlxq.core.knockout import build_bracket

        if len(players) >= 2:
            build_bracket(event)
    return event


def _kind(d: Any) -> str:
    e = d.get("event") if isinstance(d, dict) else None
    if not isinstance(e, dict):
        return "individual"
    return _choice(e.get("kind", "individual"), KINDS, "event.kind（赛事类别）", "event.kind")


def any_from_dict(d: Any):
    """``event_from_dict(d)``, or, for ``event.kind: "team"``,
    :func:`xlxq.backends.team_json.team_event_from_dict` (a ``TeamEvent``)."""
    if _kind(d) == "team":
        from xlxq.backends.team_json import team_event_from_dict

        return team_event_from_dict(d)
    return event_from_dict(d)


def any_to_dict(ev) -> dict:
    """``event_to_dict`` for an ``Event``, ``team_event_to_dict`` for a ``TeamEvent``."""
    if isinstance(ev, Event):
        return event_to_dict(ev)
    from xlxq.backends.team_json import team_event_to_dict

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
        raise InputError(f"找不到文件：{path}", f"file not found: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{path} 是文件夹，不是赛事文件", f"{path} is a directory") from None
    except OSError as exc:
        raise InputError(
            f"无法读取文件 {path}：{exc.strerror or exc}", f"cannot read {path}: {exc.strerror or exc}"
        ) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path.name} 不是 UTF-8 编码的文本（第{exc.start + 1}字节）",
            f"{path.name} is not UTF-8 text (byte {exc.start + 1})",
        ) from None
    data = parse_json(text, path)
    return data


# --------------------------------------------------------------------------
# writing
# --------------------------------------------------------------------------


def _with_set(out: dict, obj: Any, keys: tuple) -> dict:
    """``out`` plus those of the attributes ``keys`` of ``obj`` that are not
    None, in that order."""
    for k in keys:
        v = getattr(obj, k)
        if v is not None:
            out[k] = v
    return out


def _scoring_to_dict(sc: Scoring) -> dict:
    return _with_set({"win": sc.win, "draw": sc.draw, "loss": sc.loss}, sc, ("bye", "draw_red", "draw_black"))


def _options_to_dict(s: EventSettings) -> dict:
    out = {}
    for key, (target, kind, _) in _OPTIONS.items():
        value = getattr(s.pairing if target == "pairing" else s.standings, key)
        if kind == "elimination":
            value = [[x, y] for x, y in value]
        out[key] = value
    return out


def _player_to_dict(p: Player) -> dict:
    return _with_set({"no": p.no, "name": p.name, "unit": p.unit}, p, ("rating", "seed", "withdrawn_from_round"))


def _board_to_dict(b: Board) -> dict:
    out: dict[str, Any] = {"board": b.board, "red": b.red, "black": b.black, "result": b.result}
    if b.fouls_red or b.fouls_black:
        out["fouls"] = {"red": b.fouls_red, "black": b.fouls_black}
    return out


def _round_to_dict(r: Round) -> dict:
    out: dict[str, Any] = {"round": r.round, "boards": [_board_to_dict(b) for b in r.boards], "byes": list(r.byes)}
    if r.provisional:
        out["provisional"] = [[pr, pb] for pr, pb in r.provisional]
    return out


def event_to_dict(ev: Event) -> dict:
    """The JSON-ready dictionary of an event (keys in documented order)."""
    s = ev.settings
    event: dict[str, Any] = {
        "name": s.name,
        "system": s.system,
        "rounds": s.rounds,
        "games_per_match": s.games_per_match,
        "scoring": _scoring_to_dict(s.scoring),
        "tiebreaks": list(s.tiebreaks),
        "first_round": s.first_round,
        "first_round_seed": s.first_round_seed,
        "colour_tie": s.pairing.colour_tie,
        "options": _options_to_dict(s),
    }
    if s.system == "knockout":
        event["knockout"] = {"playoff_games": list(s.playoff_games), "armageddon": s.armageddon}
    mt = getattr(s, "member_total", None)
    if mt is not None:
        from xlxq.backends.team_json import member_total_to_dict

        event["member_total"] = member_total_to_dict(mt)
    return {
        "format": FORMAT,
        "event": event,
        "players": [_player_to_dict(p) for p in ev.players],
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
