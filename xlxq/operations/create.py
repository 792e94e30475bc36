"""A new event from a registration (``xlxq new``): an individual event of
any system (积分末位淘汰, 队员总分制 included) or a team event, its
settings checked as a later load checks them (docs/format.md).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from xlxq.backends.registration import has_group_column, read_registration, read_registration_groups
from xlxq.backends.team_json import MemberTotalOptions, read_team_registration, with_member_total
from xlxq.core.checks import MIN_ROUNDS, max_swiss_rounds
from xlxq.core.combined import with_elimination
from xlxq.core.knockout import bracket_size, planned_rounds, stage_count
from xlxq.core.member_total import FIRST_ROUND_FOR, number_members
from xlxq.core.model import Event, EventSettings, PairingOptions, Scoring, StandingsOptions, validate_event
from xlxq.core.roundrobin import rr_round_count
from xlxq.core.rr_standings import default_preset
from xlxq.core.teams import (
    MAX_BOARDS,
    MIN_BOARDS,
    TeamEvent,
    TeamScoring,
    TeamSettings,
    lineup_format,
    validate_team_event,
)
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Lazy, Text
from xlxq.core.groups import in_group
from xlxq.operations.convert import created, groups_workbook_refused
from xlxq.operations.source import is_workbook
from xlxq.operations.groups import combined
from xlxq.operations.lines import Lines, ko_first_round_lines, next_step, plan_warnings, tiebreak_words
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked, parse_playoff, split_list
from xlxq.operations.team import team_schedule_rounds
from xlxq.systems import (
    find_system,
    find_team_system,
    get_system,
    get_team_system,
    system_label,
    team_rules,
    team_system_keys,
)
from xlxq.presentation.team_report import lineup_label, team_schedule_lines, team_system_label, team_table
from xlxq.text import fmt, text_table, joined
from xlxq.i18n import Msg

__all__ = ["create_file"]


def create_file(args, lang: str = "zh", players: Optional[list] = None) -> Outcome:
    """``xlxq new FILE``: the event of a registration (``args``: the options
    of ``xlxq new``), to be saved as ``args.file``; a team registration
    (``--teams``) makes a team event; a registration with a 组别 column, a
    file of groups (each group an event of its own, numbered on its own,
    with the same options).  ``players``: one group's, already read.
    FILE.xlsx/.xlsm: the workbook is built from the template, its sheets in
    ``args.book_lang`` if set ("zh-Hant": in 繁體), else ``lang`` (:func:`created`)."""
    path = Path(args.file)
    if path.exists() and not args.force:
        raise InputError(Msg("create.already-exists-use-force-to-overwrite", path=path))
    if path.is_dir():
        raise InputError(Msg("create.is-a-directory", path=path))
    if args.teams is not None:
        return _team_new(args, path, lang)
    system = args.system
    if args.players is None:
        raise InputError(
            Msg("create.give-a-registration-players-file"),
        )
    _refuse(
        (
            ("--boards", args.boards),
            ("--lineup", args.lineup),
            ("--pair-by", args.pair_by),
            ("--match-scoring", args.match_scoring),
        ),
        "{flag} 只用于团体赛（--teams 团体赛报名表）",
        "{flag} is for a team event (--teams)",
    )
    if find_system(system) is None and find_team_system(system) is not None:  # a team-only system
        raise InputError(
            Msg(
                "create.a-is-a-team-event-use-teams",
                label=Lazy(get_team_system(system).label),
            ),
        )
    kind = get_system(system)  # the system's facts (round robin, knockout …)
    if not args.member_total:
        _refuse(
            (
                ("--best", args.best),
                ("--by", args.by),
                ("--numbering", args.numbering),
                ("--incomplete", args.incomplete),
            ),
            "{flag} 只用于队员总分制（--member-total）",
            "{flag} is for --member-total only",
        )
    elif kind.has_bracket:
        raise InputError(
            Msg("create.member-total-is-for-a-swiss-or-a-round"),
        )
    if args.best is not None and args.best < 1:
        raise InputError(Msg("create.best-must-be-positive", best=args.best))
    g = args.games_per_match
    label, label_en = system_label(system, "zh"), system_label(system, "en")
    # options that belong to other systems: refused before anything is read
    if g is not None and g < 1:
        raise InputError(Msg("create.games-per-match-must-be-positive", g=g))
    if kind.pairs_by_score and g not in (None, 1):
        raise InputError(
            Msg("create.a-swiss-plays-one-game-a-round-games-per"),
        )
    if not kind.pairs_by_score:
        _refuse(
            (
                ("--first-round", args.first_round),
                ("--seed", args.seed),
                ("--first-round-colours", getattr(args, "first_round_colours", None)),
                ("--same-unit", getattr(args, "same_unit", None)),
                ("--forbid", getattr(args, "forbid", None)),
            ),
            f"{{flag}} 只用于积分编排（swiss），{label}不用",
            f"{{flag}} is for a Swiss only, not for a {label_en}",
        )
    if args.eliminate and not kind.pairs_by_score:
        raise InputError(
            Msg("create.eliminate-is-for-a-swiss-only-not-for-a", label=Lazy(lambda lang: system_label(system, lang))),
        )
    if not kind.has_bracket and (args.playoff_games is not None or args.armageddon):
        flag = "--playoff-games" if args.playoff_games is not None else "--armageddon"
        raise InputError(Msg("create.play-offs-is-for-a-knockout-only", flag=flag))
    if kind.has_bracket and args.tiebreaks:
        raise InputError(
            Msg("create.a-knockout-is-ranked-by-its-bracket"),
        )
    g = g or 1
    eliminate = _parse_eliminate(args.eliminate or [])
    playoff = parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]

    by_rating = bool(getattr(args, "by_rating", False))
    if by_rating and (args.draw is not None or args.member_total):
        raise InputError(
            Msg("create.by-rating-cannot-be-used-with-draw-or"),
        )
    method = "rating" if by_rating else None
    if players is None:
        groups = read_registration_groups(
            args.players, draw_seed=None if args.member_total else args.draw, method=method
        )
        if groups is not None:
            if args.member_total:
                raise InputError(
                    Msg("create.member-total-has-no-groups-column"),
                )
            if is_workbook(path):  # each group would be written over the one before: refused before any
                raise groups_workbook_refused(path, [g for g, _ in groups])
            return combined([(g, _in_group(g, args, ps, lang)) for g, ps in groups], created=True)
        players = read_registration(args.players, draw_seed=None if args.member_total else args.draw, method=method)
    numbering = None
    if args.member_total:
        players, numbering = _member_total_numbering(players, args)
    n = len(players)
    if n < 2:
        raise InputError(Msg("create.the-registration-has-player-s-at-least-2", n=n))
    if args.rounds is not None and args.rounds < 1:
        raise InputError(Msg("create.rounds-must-be-positive", rounds=args.rounds))
    seed = args.seed
    first_round = args.first_round or "adjacent"
    colours = getattr(args, "first_round_colours", None) or "board_parity"
    pairing = PairingOptions(
        same_unit=getattr(args, "same_unit", None) or "none",
        first_round_colours=colours,
        forbidden_pairs=parse_forbid(getattr(args, "forbid", None) or []),
    )
    if numbering is not None and args.first_round is None:
        first_round = FIRST_ROUND_FOR[numbering]  # upper half meets lower half in round 1
    scoring = Scoring(win=2, draw=1, loss=0, bye=2)
    extra_rr: Optional[Msg] = None  # what the round-robin or knockout line adds
    if kind.pairs_by_score:
        # default 7 (原则(二)), or fewer if the field cannot pair seven; any other
        # count is the organiser's: warned about below, never refused
        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds
        if (first_round == "random" or colours == "draw") and seed is None:
            seed = secrets.randbelow(1_000_000_000)
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else ["cxa2011-opp"]
        for x, y in eliminate:
            if x >= rounds:
                raise InputError(
                    Msg("create.eliminate-no-round-follows-round-the", x=x, y=fmt(y), rounds=rounds),
                )
    elif kind.follows_order_table:
        double = kind.cycles == 2
        rounds = rr_round_count(n, double, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                Msg(
                    "create.a-of-players-has-rounds-not-rounds-leave",
                    n=n,
                    zh_g=Lazy(lambda lang: system_label(system, lang, g)),
                    rounds=rounds,
                    rounds2=args.rounds,
                ),
            )
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else [default_preset(g)]
        scoring = Scoring(win=2, draw=1, loss=0)  # a round-robin bye scores nothing
        if n % 2:
            extra_rr = Msg("create.odd-field-one-bye-a-round-no-points")
    elif not kind.has_bracket:
        # a system of its own (docs/architecture.md, "Adding a system"): the
        # rounds it plans (as typed, or fixed by the field), its tie-break preset
        plan = EventSettings(system=system, rounds=MIN_ROUNDS if args.rounds is None else args.rounds)
        rounds = kind.planned_rounds(n, plan)
        if kind.rounds_from_entrants and args.rounds is not None and args.rounds != rounds:
            raise InputError(
                Msg(
                    "create.a-of-players-has-rounds-not-rounds-leave-2",
                    n=n,
                    label=Lazy(lambda lang: system_label(system, lang)),
                    rounds=rounds,
                    rounds2=args.rounds,
                ),
            )
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else kind.default_tiebreaks(plan)
    else:
        rounds = planned_rounds(n, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                Msg(
                    "create.a-knockout-of-players-stages-game-s-a",
                    n=n,
                    count_n=stage_count(n),
                    g=g,
                    rounds=rounds,
                    rounds2=args.rounds,
                ),
            )
        tiebreaks = []
        scoring = Scoring(win=2, draw=1, loss=0)
        extra_rr = Msg(
            "create.knockout-lines-stages-play-offs",
            size=bracket_size(n),
            stages=stage_count(n),
            playoff=",".join(map(str, playoff)),
            armageddon=Msg("create.then-an-armageddon-game") if args.armageddon else "",
        )
    settings = EventSettings(
        name=args.name if args.name is not None else path.stem,
        system=system,
        rounds=rounds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=seed,
        numbering="rating" if by_rating else "order",
        games_per_match=g,
        playoff_games=playoff,
        armageddon=bool(args.armageddon),
        pairing=pairing,
        standings=StandingsOptions(show_rating=bool(getattr(args, "show_rating", False))),
    )
    if eliminate:
        # the 累进分 line goes with 末位淘汰 (seed 001) unless a list was given
        settings = with_elimination(settings, eliminate, cumulative_tiebreaks=not args.tiebreaks)
        settings = _keep_given_numbers(settings, eliminate)
    if args.member_total:
        settings = with_member_total(
            settings, MemberTotalOptions(by=args.by or "points", best=args.best, incomplete=args.incomplete or "last")
        )
    event = Event(settings=settings, players=players)
    validate_event(event)
    checked(event)  # the same checks as a later load (tie-breaks per system …)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        if kind.pairs_by_score:
            method = {
                "adjacent": txt("create.adjacent"),
                "fold": txt("create.fold"),
                "slide": txt("create.slide"),
                "random": txt("create.random"),
            }[first_round]
            drawn = first_round == "random" or colours == "draw"
            extra = txt("create.random-seed", seed=seed) if drawn else ""
            extra += {
                "board_parity": ("", ""),
                "top_half": ("，上半区先手", ", top half red"),
                "odd_number": ("，单数序号先手", ", odd numbers red"),
                "draw": ("，先后手抽签", ", colours drawn"),
            }[colours][0 if lang == "zh" else 1]
            draw = txt("create.draw-seed", draw=args.draw) if args.draw is not None else ""
            draw += txt("create.the-others-numbered-by-rating") if by_rating else ""
            echo(
                txt(
                    "create.created-players-rounds-first-round",
                    path=path,
                    n=n,
                    rounds=rounds,
                    method=method,
                    extra=extra,
                    draw=draw,
                )
            )
            echo(*plan_warnings(n, rounds, lang))
            if eliminate:
                rules = txt("create.text").join(
                    txt("create.under-after-round-out", x=x, y=fmt(y)) for x, y in eliminate
                )
                echo(
                    txt(
                        "create.elimination-tie-breaks",
                        rules=rules,
                        tiebreaks_lang=tiebreak_words(settings.tiebreaks, lang),
                    )
                )
        else:
            extra = extra_rr.render(lang) if extra_rr is not None else ""
            draw = txt("create.draw-seed", draw=args.draw) if args.draw is not None else ""
            draw += txt("create.the-others-numbered-by-rating") if by_rating else ""
            echo(
                txt(
                    "create.created-players-rounds",
                    path=path,
                    n=n,
                    lang_g=system_label(system, lang, g),
                    rounds=rounds,
                    extra=extra,
                    draw=draw,
                )
            )
        if args.member_total:
            mt = settings.member_total  # type: ignore[attr-defined]
            how = (
                txt("create.odd-even-upper-half-odd-lower-half-even")
                if numbering == "odd_even"
                else txt("create.halves-upper-half-first")
            )
            by = txt("create.points") if mt.by == "points" else txt("create.placings")
            best = txt("create.best-a-team", best=mt.best) if mt.best else txt("create.every-member")
            echo(
                txt(
                    "create.member-totals",
                    how=how,
                    order=txt("create.order-by-draw" if args.draw is not None else "create.order-by-rating"),
                    by=by,
                    best=best,
                    path=path,
                )
            )
        header = txt("create.no-name-unit-rating-seed").split()
        rows = [[p.no, p.name, p.unit, fmt(p.rating), fmt(p.seed)] for p in players]
        echo(*text_table(header, rows, [True, False, False, True, True]))
        if kind.has_bracket:
            echo(*ko_first_round_lines(event, lang))
        echo(next_step(lang, schedule=kind.follows_order_table))
        return echo

    return created(event, path, render, args.force, getattr(args, "book_lang", None) or lang)


def _in_group(group: str, args, players: list, lang: str) -> Outcome:
    """``xlxq new`` for one group's players; an error names the group."""
    try:
        return create_file(args, lang, players)
    except XlxqError as exc:
        raise in_group(group, exc) from None


def _refuse(options, zh: str, en: str) -> None:
    """The first of the ``(flag, value)`` options that is given (not None):
    an error, ``{flag}`` in its texts naming it."""
    for flag, given in options:
        if given is not None:
            raise InputError(zh.replace("{flag}", flag), en.replace("{flag}", flag))


def parse_forbid(items: list[str]) -> tuple[tuple[int, int], ...]:
    """``--forbid A-B`` (repeatable) → the forbidden pairs (亲属回避)."""
    out = set()
    for item in items:
        m = re.fullmatch(r"\s*(\d+)\s*[-–:]\s*(\d+)\s*", item)
        if not m or int(m.group(1)) == int(m.group(2)):
            raise InputError(
                Msg("create.forbid-must-be-a-b-two-different-numbers", item=item),
            )
        a, b = int(m.group(1)), int(m.group(2))
        out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


def _parse_eliminate(items: Sequence[str]) -> list[tuple[int, float]]:
    """``--eliminate X:Y`` (repeatable; also ``X：Y``, ``X,Y``) → [(X, Y), …]."""
    out = []
    for item in items:
        m = re.fullmatch(r"\s*(\d+)\s*[:：,，]\s*(-?\d+(?:\.\d+)?)\s*", item)
        if not m or int(m.group(1)) < 1:
            raise InputError(
                Msg("create.invalid-eliminate-expected-x-y-under-y", item=item),
            )
        y = float(m.group(2))
        out.append((int(m.group(1)), int(y) if y.is_integer() else y))
    return out


def _keep_given_numbers(settings, rules):
    """``with_elimination`` stores Y as a float; keep the number as typed
    (3:2 → [3, 2] in the file, not [3, 2.0])."""
    ordered = tuple(sorted((x, y) for x, y in rules))
    return replace(settings, pairing=replace(settings.pairing, elimination=ordered))


def _member_total_numbering(players, args):
    """队员总分制 numbering (docs/teams.md §7): team-mates split between the
    halves, round 1 without team-mates where possible."""
    numbering = args.numbering or "odd_even"
    order = "draw" if args.draw is not None else "rating"
    return number_members(players, numbering=numbering, order=order, seed=args.draw), numbering


def _parse_match_scoring(spec: str) -> dict:
    """``W/D/L`` (e.g. ``3/1/0``); the draw may be ``H:A`` for a different
    draw of the first (home) and second (away) team (``3/1:2/0``)."""
    num = r"(-?\d+(?:\.\d+)?)"
    m = re.fullmatch(rf"\s*{num}\s*[/,，]\s*{num}(?:\s*[:：]\s*{num})?\s*[/,，]\s*{num}\s*", spec)
    if not m:
        raise InputError(
            Msg("create.invalid-match-scoring-w-d-l-match-points", spec=spec),
        )

    def n(x):
        v = float(x)
        return int(v) if v.is_integer() else v

    out = {"match_win": n(m.group(1)), "match_draw": n(m.group(2)), "match_loss": n(m.group(4))}
    if m.group(3) is not None:
        out["match_draw_first"] = out["match_draw"]
        out["match_draw_second"] = n(m.group(3))
    return out


def _team_new(args, path, lang: str = "zh") -> Outcome:
    system = args.system
    if find_team_system(system) is None:
        raise InputError(
            Msg(
                "create.a-team-event-is-one-of-not-2",
                system_keys=joined(team_system_keys()),
                system=system,
            ),
        )
    kind = get_team_system(system)
    if args.players is not None:
        raise InputError(
            Msg("create.players-individual-registration-and"),
        )
    _refuse(
        (
            ("--games-per-match", args.games_per_match),
            ("--eliminate", args.eliminate),
            ("--playoff-games", args.playoff_games),
            ("--armageddon", args.armageddon or None),
            ("--member-total", args.member_total or None),
            ("--best", args.best),
            ("--by", args.by),
            ("--numbering", args.numbering),
            ("--incomplete", args.incomplete),
            ("--same-unit", getattr(args, "same_unit", None)),
            ("--forbid", getattr(args, "forbid", None)),
            ("--first-round-colours", getattr(args, "first_round_colours", None)),
            ("--show-rating", getattr(args, "show_rating", False) or None),
        ),
        "{flag} 不用于团体赛（--teams）",
        "{flag} is not for a team event (--teams)",
    )
    label, label_en = team_system_label(system, "zh"), team_system_label(system, "en")
    if not kind.pairs_by_score:
        _refuse(
            (("--first-round", args.first_round), ("--seed", args.seed), ("--pair-by", args.pair_by)),
            f"{{flag}} 只用于积分编排团体赛（swiss），{label}不用",
            f"{{flag}} is for a team Swiss only, not for a {label_en}",
        )
    if kind.seated_by_schedule and args.lineup is not None:
        raise InputError(
            Msg("create.a-scheveningen-match-is-seated-from-its"),
        )
    k = args.boards
    if k is None:
        raise InputError(
            Msg("create.a-team-event-needs-boards-k-scheveningen", MIN_BOARDS=MIN_BOARDS, MAX_BOARDS=MAX_BOARDS),
        )
    if not MIN_BOARDS <= k <= MAX_BOARDS:
        raise InputError(Msg("create.boards-must-be", MIN_BOARDS=MIN_BOARDS, MAX_BOARDS=MAX_BOARDS, k=k))
    lineup = lineup_format(args.lineup) if args.lineup is not None else "fixed_boards"
    pair_by = "match_points"
    if args.pair_by is not None:
        pair_by = {"场分": "match_points", "局分": "game_points"}.get(args.pair_by, args.pair_by)
    if args.rounds is not None and args.rounds < 1:
        raise InputError(Msg("create.rounds-must-be-positive", rounds=args.rounds))
    match = _parse_match_scoring(args.match_scoring) if args.match_scoring is not None else {}

    if has_group_column(args.teams):
        raise InputError(
            Msg("create.a-team-event-has-no-groups-the"),
        )
    players, teams = read_team_registration(args.teams, k, lineup, draw_seed=args.draw)
    n = len(teams)
    if n < 2:
        raise InputError(Msg("create.the-registration-has-team-s-at-least-2", n=n))
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if kind.pairs_by_score:
        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds  # warned below
        if first_round == "random" and seed is None:
            seed = secrets.randbelow(1_000_000_000)
    elif kind.seated_by_schedule:
        if n != 2:
            raise InputError(
                Msg("create.a-scheveningen-match-is-between-two", n=n),
            )
        rounds = k
        if args.rounds is not None and args.rounds != k:
            raise InputError(
                Msg("create.a-scheveningen-match-of-a-side-has", k=k, rounds=args.rounds),
            )
    else:
        rounds = rr_round_count(n, kind.cycles == 2)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                Msg(
                    "create.a-of-teams-has-rounds-not-rounds",
                    n=n,
                    label=Lazy(lambda lang: team_system_label(system, lang)),
                    rounds=rounds,
                    rounds2=args.rounds,
                ),
            )
    tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else list(get_team_system(system).rules.default_tiebreaks)
    settings = TeamSettings(
        name=args.name if args.name is not None else path.stem,
        system=system,
        rounds=rounds,
        boards=k,
        lineup=lineup,
        scoring=TeamScoring(game=Scoring(win=2, draw=1, loss=0), **match),
        pair_by=pair_by,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=seed,
    )
    event = TeamEvent(settings=settings, players=players, teams=teams)
    validate_team_event(event, rules=team_rules(event.settings))
    if kind.seated_by_schedule:
        event = team_schedule_rounds(event)
    checked(event)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_system_label(system, lang)
        sc = settings.scoring
        draw = (
            fmt(sc.match_draw)
            if sc.match_draw_first is None
            else f"{fmt(sc.match_draw_first)}:{fmt(sc.match_draw_second)}"
        )
        ms = f"{fmt(sc.match_win)}/{draw}/{fmt(sc.match_loss)}"
        what = txt(
            "create.teams-boards",
            n=n,
            k=k,
            lineup_lang=lineup_label(lineup, lang),
        )
        if kind.seated_by_schedule:
            what = txt("create.two-teams-of", k=k)
        extra = ""
        if kind.pairs_by_score:
            method = {
                "adjacent": txt("create.adjacent"),
                "fold": txt("create.fold"),
                "slide": txt("create.slide"),
                "random": txt("create.random"),
            }[first_round]
            extra = txt("create.first-round-team-numbers", method=method)
            if first_round == "random":
                extra += txt("create.random-seed", seed=seed)
            if pair_by == "game_points":
                extra += txt("create.paired-by-game-points")
        elif kind.follows_order_table and n % 2:
            extra = txt("create.odd-number-of-teams-one-bye-a-round-no")
        if args.draw is not None:
            extra += txt("create.team-numbers-drawn-seed", draw=args.draw)
        echo(
            txt(
                "create.created-rounds-match-points-ranking",
                path=path,
                what=what,
                label=label,
                rounds=rounds,
                ms=ms,
                tiebreaks_lang=tiebreak_words(tiebreaks, lang),
                extra=extra,
            )
        )
        if kind.pairs_by_score:
            echo(*plan_warnings(n, rounds, lang, team=True))
        echo(*team_table(event, lang))
        if kind.seated_by_schedule:
            echo(*team_schedule_lines(event, lang))
            echo(txt("create.every-round-written-from-the"))
        else:
            echo(next_step(lang, schedule=kind.follows_order_table))
        return echo

    return created(event, path, render, args.force, getattr(args, "book_lang", None) or lang)
