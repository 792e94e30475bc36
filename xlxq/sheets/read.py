"""Reading a whole workbook, individual (:func:`read_workbook`) or team
(:func:`read_team_workbook`), in one skeleton driven by the workbook's
layout (:data:`xlxq.sheets.layout.BOOK` / :data:`xlxq.sheets.team_layout.BOOK`):
every sheet opened once (:func:`~xlxq.sheets.book_sheets.open_sheets`),
merged cells refused, 设置 read, the registration (报名表 / 队伍报名) read,
the state sheet, the round sheets (no more than 轮数), the bad cells of all
of them found at once and marked (:func:`cell_problems`), else the event
built and checked, the rule problems listed and located.  Where the rules
differ, each workbook's own steps: the individual one's settings checked
against the model, the knockout stage of 积分晋圈淘汰 (:func:`_read_ko_stage`)
and the knockout bracket replayed (:func:`replay_bracket`); the team one's
出场名单, its match blocks seated (:func:`xlxq.sheets.team_rounds.seat_team_round`:
who decides the seats) and its pending line-ups checked.  Problems found on
the way are in ``.problems``.

Lazy imports: the team modules (``xlxq.core.teams``, ``team_registration``,
``team_rounds``, ``team_layout``) inside :func:`read_team_workbook`, so that
an individual workbook's commands import none of them.
"""

from __future__ import annotations

from typing import Optional, TypeVar

from xlxq.core.knockout import build_bracket, planned_rounds
from xlxq.core.model import (
    Event,
    EventSettings,
    Player,
    absent_beyond,
    absent_but_played,
    played_while_absent,
    validate_event,
)
from xlxq.errors import ErrorList, InputError, SheetError
from xlxq.sheets import layout as L
from xlxq.sheets.book_sheets import numbered_sheets, open_sheets, too_many_rounds
from xlxq.sheets.cells import find_layout, as_int, cell_at, named_no, norm_name, sheet_error, text_of
from xlxq.sheets.data import (
    KOStage,
    QualifiersSheet,
    RoundSheet,
    TeamWorkbookData,
    WorkbookData,
    WorkbookOptions,
)
from xlxq.sheets.formats import ko_rule_problems
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import BLOCKING, Problem, locate
from xlxq.sheets.registration import Names, read_registration, refuse_merged_registration
from xlxq.sheets.round_problems import structural_problems
from xlxq.sheets.rounds import read_round, refuse_merged_rounds
from xlxq.sheets.rules import rule_problems, team_rule_problems
from xlxq.sheets.settings import read_settings
from xlxq.sheets.state import State, read_state
from xlxq.systems import get_system, system_for
from xlxq.core.standings import check_options
from xlxq.core.knockout import check_knockout_settings
from xlxq.core.roundrobin import check_policy
from xlxq.i18n import Lazy, Msg


def read_workbook(book: Book) -> WorkbookData:
    """Read every sheet once and build the event.  Raises InputError for
    unusable data; other problems are in ``.problems``."""
    sheets = open_sheets(book, L.BOOK)
    if sheets.merged:
        refuse_merged_registration(sheets, L.REGISTRATION)
        for kind in (L.ROUND, L.KO_ROUND):
            refuse_merged_rounds(sheets, kind)
    names, kinds, one, lang, snapshot = sheets.names, sheets.kinds, sheets.one, sheets.lang, sheets.snapshot
    settings_name = one[L.SETTINGS]
    reg_name = one[L.REGISTRATION]
    problems: list[Problem] = []
    errors = ErrorList()  # every bad cell of 设置, 报名表 and the rounds at once (issue 10 §4)
    settings, opts, settings_sheet = read_settings(settings_name, snapshot[settings_name], problems, errors)
    players, reg = read_registration(
        reg_name, snapshot[reg_name], problems, errors, settings.numbering, settings.numbering_seed
    )
    state_name = one.get(L.STATE)
    state = read_state(snapshot[state_name]) if state_name else State()
    by_round = numbered_sheets(kinds, L.ROUND)
    system = get_system(settings.system)
    settings.rounds = _system_rounds(settings, len(players), len(by_round))
    if len(by_round) > settings.rounds:
        if system.follows_order_table:
            raise InputError(
                Msg(
                    "read.the-workbook-has-rounds-but-a-of-has-2",
                    n=len(by_round),
                    n2=len(players),
                    label=Lazy(system.label),
                    rounds=settings.rounds,
                ),
            )
        raise too_many_rounds(len(by_round), settings.rounds, settings_name)
    names_idx = Names(players)
    rounds = [
        read_round(n, by_round[n], snapshot[by_round[n]], names_idx, state.written.get(n), errors=errors)
        for n in sorted(by_round)
    ]
    for rs in rounds:  # the engine's pairing of each round it made (hand changes: xlxq.core.hand)
        gen = state.generated.get(rs.no)
        if gen is not None:
            rs.round.engine = (tuple(gen.boards[k] for k in sorted(gen.boards)), tuple(gen.byes))
    event = Event(settings=settings, players=players, rounds=[rs.round for rs in rounds])
    ko = _read_ko_stage(kinds, one, snapshot, settings, opts, players, names_idx, state, lang)
    data = WorkbookData(
        names=names,
        snapshot=snapshot,
        lang=lang,
        settings_sheet=settings_sheet,
        registration=reg,
        rounds=rounds,
        standings_sheet=one.get(L.STANDINGS),
        log_sheet=one.get(L.LOG),
        state_sheet=state_name,
        event=event,
        normalise_results=opts.normalise_results,
        state=state,
        problems=problems,
        options=opts,
        ko=ko,
        sheets={k: one[k] for k in (L.CROSS, L.BRACKET, L.FINAL, L.RATING, L.PRIZES) if k in one},
    )
    with errors.guard():
        _check_settings(data)
    _refuse_absence_beyond(data, errors)
    _refuse_absent_but_played(data, errors)
    if system.rounds_from_entrants:
        with errors.guard():
            _refuse_late_entries(data)
    if errors:
        return cell_problems(data, errors)  # each bad cell marked and noted; no rule is judged on the rest
    data.problems.extend(structural_problems(data))
    if not data.blocking:
        validate_event(event, system.pairs_by_score)  # raises InputError for what the checks above do not cover
        if system.has_bracket:
            data.bracket = replay_bracket(data, event, data.rounds)
        if ko is not None:
            validate_event(ko.event)
            ko.bracket = replay_bracket(data, ko.event, ko.rounds)
        data.problems.extend(rule_problems(data, event))
        if ko is not None:
            data.problems.extend(ko_rule_problems(data, ko.event, ko.rounds, ko.bracket))
    locate(data)
    return data


_Data = TypeVar("_Data", WorkbookData, TeamWorkbookData)


def cell_problems(data: _Data, errors: ErrorList) -> _Data:
    """The errors of the cells read (``errors``) as blocking problems of
    ``data`` (each cell highlighted, its row's 提示 filled) and in
    ``data.input_errors`` (a command that cannot mark them raises them),
    every problem located; ``data`` returned.  ``data``: an individual or a
    team workbook's (both have ``table_of`` and ``note_row``): the step both
    readers end on when a cell is bad.
    An error with no row (a sheet without its header, a setting the model
    refuses) cannot be marked: the read raises every error as before."""
    if any(e.place.sheet is None or e.place.row is None for e in errors.errors):
        errors.check()
    data.input_errors = list(errors.errors)
    for e in errors.errors:
        table = data.table_of(e.place.sheet)
        key = None
        if table is not None and e.place.cell:
            col = L.column_of(e.place.cell)
            key = next((k for k, c in table.cols.items() if c == col), None)
        said = e.detail if isinstance(e, SheetError) else e.msg or Msg("cells.text", text=e)
        data.note_row(e.place.sheet, e.place.row)
        data.problems.append(
            Problem(
                BLOCKING,
                "input",
                sheet=e.place.sheet,
                row=e.place.row,
                cols=(key,) if key else (),
                cell=e.place.cell,
                msg=said,
            )
        )
    locate(data)
    return data


def _system_rounds(settings: EventSettings, n_players: int, n_sheets: int) -> int:
    """轮数 as the model needs it: as typed for a Swiss; from the number of
    players for a round robin (the table) and a knockout (stages × games,
    raised by the 加赛 rounds already in the workbook)."""
    system = get_system(settings.system)
    if not system.rounds_from_entrants:
        return settings.rounds
    if n_players < 2:
        return max(settings.rounds, n_sheets)
    planned = system.planned_rounds(n_players, settings)
    return planned if system.follows_order_table else max(planned, n_sheets)


def _refuse_absence_beyond(data: WorkbookData, errors: ErrorList) -> None:
    """A 请假轮次 beyond the planned rounds (轮数): refused, naming the cell
    (a typing slip such as 10^15 is not a round that will come)."""
    rounds = data.event.settings.rounds
    reg = data.registration
    col = reg.table.cols.get("absent")
    for p in data.event.players:
        late = [k for k in p.absent_rounds if k > rounds]
        if late and col is not None:
            row = reg.rows.get(p.no)
            with errors.guard():
                said = absent_beyond(late[0], rounds, p.name, p.no)
                raise sheet_error(reg.name, row, said, L.cell_ref(row, col) if row else None)


def _refuse_absent_but_played(data: WorkbookData, errors: ErrorList) -> None:
    """A 请假轮次 naming a round the player has a result in (a Swiss):
    refused, naming the cell (``validate_event`` names the player for a
    JSON file)."""
    reg = data.registration
    col = reg.table.cols.get("absent")
    if not system_for(data.event.settings).pairs_by_score:
        return
    for p, n, board in played_while_absent(data.event):
        row = reg.rows.get(p.no)
        with errors.guard():
            said = absent_but_played(p, n, board)
            raise sheet_error(reg.name, row, said, L.cell_ref(row, col) if row and col else None)


def _refuse_late_entries(data: WorkbookData) -> None:
    """A round robin's table and a knockout's bracket come from the
    registration: once round 1 exists, a new player cannot be fitted in."""
    if not data.rounds:
        return
    first = set(data.rounds[0].round.players())
    for p in data.event.players:
        if p.no in first or p.withdrawn_from_round == 1:
            continue
        if get_system(data.system).has_bracket:
            why = Msg("read.a-knockouts-bracket-is-made-from-the")
        else:
            why = Msg("read.a-round-robins-table-is-made-from-the")
        raise sheet_error(
            data.registration.name,
            data.registration.rows.get(p.no),
            Msg("read.no-is-not-in-round-1-no-player-can-join", name=p.name, no=p.no, why=why),
        )


def _read_ko_stage(
    kinds: dict,
    one: dict,
    snapshot: dict,
    settings: EventSettings,
    opts: WorkbookOptions,
    players: list[Player],
    names_idx: Names,
    state: State,
    lang: str,
) -> Optional[KOStage]:
    """The knockout stage of 积分晋圈淘汰: 晋级名单 + 淘汰赛第N轮."""
    if L.QUALIFIERS not in one and L.KO_ROUND not in kinds:
        return None
    ko_sheets = numbered_sheets(kinds, L.KO_ROUND, Msg("read.knockout"))
    if not system_for(settings).pairs_by_score:
        what = one.get(L.QUALIFIERS) or ko_sheets[min(ko_sheets)]
        raise InputError(
            Msg(
                "read.sheet-belongs-to-the-knockout-stage-of-a-2",
                what=what,
                label=Lazy(system_for(settings).label),
            ),
        )
    if L.QUALIFIERS not in one:
        # the sheet's name in the language's workbook (L.SHEET_NAMES: 晋级名单 / Qualifiers)
        raise InputError(Msg("read.knockout-rounds-but-no-sheet", zh=Msg("read.qualifiers-sheet")))
    qname = one[L.QUALIFIERS]
    grid = snapshot[qname]
    table = find_layout(L.QUALIFIERS_TABLE, qname, grid)
    c = table.cols
    if "no" not in c and "name" not in c:
        raise sheet_error(qname, table.header_row, Msg("read.no-number-or-name-column"))
    qs = QualifiersSheet(qname, table)
    by_no = names_idx.by_no
    seeds: dict[int, int] = {}
    seed_row: dict[int, int] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        raw_no = cell_at(grid, r, c["no"]) if "no" in c else None
        name = text_of(cell_at(grid, r, c["name"])) if "name" in c else None
        raw_seed = cell_at(grid, r, c["seed"])
        if raw_no is None and name is None:
            qs.other_rows.append(r)
            continue
        if raw_no is not None:
            no = as_int(raw_no)
            if no is None or no not in by_no:
                raise sheet_error(qname, r, Msg("read.no-is-not-registered", raw_no=raw_no), L.cell_ref(r, c["no"]))
        else:
            found = names_idx.by_name.get(norm_name(name), [])
            if len(found) != 1:
                raise sheet_error(
                    qname,
                    r,
                    Msg("read.is-unknown-or-ambiguous-fill-in-the", name=name),
                    L.cell_ref(r, c["name"]),
                )
            no = found[0].no
        seed = as_int(raw_seed)
        if seed is None or seed < 1:
            raise sheet_error(
                qname,
                r,
                Msg(
                    "read.the-seed-must-be-a-positive-whole-number", who=named_no(by_no[no].name, no), raw_seed=raw_seed
                ),
                L.cell_ref(r, c["seed"]),
            )
        if no in seeds:
            raise sheet_error(
                qname,
                r,
                Msg("read.is-listed-twice-rows-and", who=named_no(by_no[no].name, no), row_first=qs.rows[no], r=r),
            )
        if seed in seed_row:
            raise sheet_error(
                qname,
                r,
                Msg("read.seed-appears-twice-rows-and", seed=seed, row_seed=seed_row[seed], r=r),
                L.cell_ref(r, c["seed"]),
            )
        seeds[no] = seed
        seed_row[seed] = r
        qs.rows[no] = r
    if len(seeds) < 2:
        raise sheet_error(qname, None, Msg("read.at-least-2-qualifiers-are-needed"))

    ko_players = [
        Player(no=p.no, name=p.name, unit=p.unit, rating=p.rating, seed=seeds[p.no])
        for p in sorted((by_no[no] for no in seeds), key=lambda p: (seeds[p.no], p.no))
    ]
    name = settings.name
    ko_settings = EventSettings(
        name=f"{name} 淘汰赛" if name else "淘汰赛",
        system="knockout",
        rounds=max(planned_rounds(len(ko_players), opts.ko_games), len(ko_sheets)),
        scoring=settings.scoring,
        tiebreaks=[],
        games_per_match=opts.ko_games,
        playoff_games=list(opts.ko_playoff),
        armageddon=opts.ko_armageddon,
    )
    rounds = []
    for n in sorted(ko_sheets):
        rs = read_round(n, ko_sheets[n], snapshot[ko_sheets[n]], names_idx, state.ko_written.get(n), stage="ko")
        for no, seats in rs.seats.items():
            if no not in seeds:
                row = seats[0][0]
                raise sheet_error(
                    rs.name,
                    row,
                    Msg("read.no-is-not-in-not-in-the-knockout", name=by_no[no].name, no=no, qname=qname),
                )
        rounds.append(rs)
    ko_event = Event(settings=ko_settings, players=ko_players, rounds=[rs.round for rs in rounds])
    return KOStage(qs, rounds, ko_event)


def replay_bracket(data: WorkbookData, event: Event, rounds: list[RoundSheet]):
    """build_bracket, with its errors naming the sheet and row."""

    try:
        return build_bracket(event)
    except InputError as exc:
        where = exc.place
        rs = next((r for r in rounds if r.no == where.round), None)
        if rs is not None:
            row = rs.board_rows.get(where.board) if where.board is not None else None
            raise sheet_error(rs.name, row, exc) from None
        raise


def _check_settings(data: WorkbookData) -> None:
    """Model-level settings checks, with the sheet and row named."""
    s = data.event.settings
    sheet = data.settings_sheet
    try:
        validate_event(Event(settings=s, players=[]))
        check_options(data.event)
        if system_for(s).has_bracket:
            check_knockout_settings(data.event)
        if data.ko is not None:
            check_knockout_settings(data.ko.event)
        if system_for(s).follows_order_table:
            check_policy(data.event)
    except InputError as exc:
        raise sheet_error(sheet.name, None, exc) from None


def read_team_workbook(book: Book, mark: bool = False) -> TeamWorkbookData:
    """Read every sheet once and build the team event.  Raises InputError
    for unusable data; other problems are in ``.problems``.  Every bad cell
    of 设置, 队伍报名, 出场名单 and the rounds is found at once (issue 10 §4):
    they are raised together, or with ``mark`` (recompute, check) returned
    as blocking problems, each cell to be marked (``.input_errors``)."""
    from xlxq.core.teams import TeamEvent, validate_team_event
    from xlxq.sheets import team_layout as T
    from xlxq.sheets.settings import read_team_settings
    from xlxq.sheets.state import TeamState, read_team_state
    from xlxq.sheets.team_registration import (
        TeamIndex,
        check_pending_lineups,
        read_lineups,
        read_teams,
        refuse_merged_teams,
    )
    from xlxq.sheets.team_rounds import read_team_round, refuse_merged_team_rounds, seat_team_round
    from xlxq.systems import team_rules

    sheets = open_sheets(book, T.BOOK)
    if sheets.merged:
        refuse_merged_teams(sheets)
        refuse_merged_team_rounds(sheets)
    names, kinds, one, lang, snapshot = sheets.names, sheets.kinds, sheets.one, sheets.lang, sheets.snapshot
    problems: list[Problem] = []
    errors = ErrorList()
    settings, normalise, settings_sheet = read_team_settings(
        one[T.SETTINGS], snapshot[one[T.SETTINGS]], problems, errors
    )
    players, teams, reg = read_teams(one[T.TEAMS], snapshot[one[T.TEAMS]], settings, problems, errors)
    base = TeamEvent(settings=settings, players=players, teams=teams)
    if not errors:
        try:
            validate_team_event(base, rules=team_rules(base.settings))
        except InputError as exc:
            raise sheet_error(reg.name, None, exc) from None
    state = read_team_state(snapshot[one[T.STATE]]) if T.STATE in one else TeamState()
    by_round = numbered_sheets(kinds, T.ROUND)
    if len(by_round) > settings.rounds:
        raise too_many_rounds(len(by_round), settings.rounds, settings_sheet.name)
    idx = TeamIndex(teams)
    names_idx = Names(players)
    lineups = (
        read_lineups(one[T.LINEUPS], snapshot[one[T.LINEUPS]], settings, players, idx, errors)
        if T.LINEUPS in one
        else None
    )
    data = TeamWorkbookData(
        names=names,
        snapshot=snapshot,
        lang=lang,
        settings_sheet=settings_sheet,
        reg=reg,
        lineups=lineups,
        rounds=[],
        team_standings_sheet=one.get(T.TEAM_STANDINGS),
        board_standings_sheet=one.get(T.BOARD_STANDINGS),
        log_sheet=one.get(T.LOG),
        state_sheet=one.get(T.STATE),
        rating_sheet=one.get(T.RATING),
        event=base,
        normalise_results=normalise,
        state=state,
        problems=problems,
    )
    raws = [
        read_team_round(n, by_round[n], snapshot[by_round[n]], settings, names_idx, idx, state, errors)
        for n in sorted(by_round)
    ]
    data.rounds = [raw.sheet for raw in raws]
    if errors:
        if not mark:
            errors.check()
        return cell_problems(data, errors)  # each bad cell marked and noted; no rule is judged on the rest
    event = base
    for raw in raws:
        event = seat_team_round(data, event, raw)
    data.event = event
    try:
        validate_team_event(event, rules=team_rules(event.settings))
    except InputError as exc:
        sheet = next((rs.name for rs in data.rounds if rs.no == exc.place.round), data.reg.name)
        raise sheet_error(sheet, None, exc) from None
    check_pending_lineups(data)
    data.problems.extend(team_rule_problems(data, event))
    locate(data)
    return data
