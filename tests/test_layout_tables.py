"""The one table definition of both workbooks (:class:`xlxq.sheets.layout.TableLayout`):
the team tables derive from the individual ones where they are the same
shape, every table's reader finds what its writer writes, and the sheets
the program makes carry the table's headers and widths."""

from __future__ import annotations

import dataclasses

import pytest

from xlxq.core.model import EventSettings
from xlxq.core.teams import TeamSettings
from xlxq.errors import XlxqError
from xlxq.sheets import layout as L
from xlxq.sheets.cells import find_layout
from xlxq.sheets import team_layout as T
from xlxq.sheets.templates import plan_new_workbook
from xlxq.sheets.templates import plan_new_team_workbook

TABLES = {
    "settings": L.SETTINGS_TABLE,
    "registration": L.REGISTRATION_TABLE,
    "round": L.ROUND_TABLE,
    "standings": L.STANDINGS_TABLE,
    "qualifiers": L.QUALIFIERS_TABLE,
    "teams": T.TEAMS_TABLE,
    "lineups": T.LINEUPS_TABLE.but(columns=T.lineup_columns(6), tail=()),
    "team_round": T.TEAM_ROUND_TABLE,
    "team_standings": T.TEAM_STANDINGS_TABLE,
    "board_standings": T.BOARD_STANDINGS_TABLE,
}


def _same_but(team: L.Column, individual: L.Column, *fields: str) -> bool:
    """``team`` is ``individual`` but for ``fields`` and the aliases."""
    changes = {f: getattr(individual, f) for f in fields}
    return dataclasses.replace(team, aliases=individual.aliases, **changes) == individual


def test_team_round_columns_are_the_individual_ones_where_the_same():
    team = {c.key: c for c in T.TEAM_ROUND_COLUMNS}
    own = {"match", "red_team", "black_team"}
    for c in L.ROUND_COLUMNS:
        if c.key in team:
            assert _same_but(team[c.key], c, "width"), c.key
    assert set(team) - {c.key for c in L.ROUND_COLUMNS} == own
    # the team sheet has no 单位/积分 columns: its seats' teams stand beside the names
    assert not {"red_unit", "red_score", "black_score", "black_unit"} & set(team)


def test_team_registration_columns_are_the_individual_ones_where_the_same():
    team = {c.key: c for c in T.TEAM_REG_COLUMNS}
    for key in ("no", "name", "rating", "withdrawn", "remark", "note"):
        assert _same_but(team[key], L.REGISTRATION_TABLE.col(key), "width"), key
    assert team["rating"] == L.REGISTRATION_TABLE.col("rating")
    assert team["note"] == L.REGISTRATION_TABLE.col("note")
    assert T.TEAM_STANDINGS_TABLE.tail == L.STANDINGS_TABLE.tail
    assert T.TEAM_STANDINGS_TABLE.col("rank") == L.STANDINGS_TABLE.col("rank")
    # 团体成绩's 队号 and 队名 are 队伍报名's, written by the program; 台次成绩's player columns are 成绩表's
    for key in ("team_no", "team"):
        assert _same_but(T.TEAM_STANDINGS_TABLE.col(key), T.TEAMS_TABLE.col(key), "owner"), key
    board = {c.key: c for c in T.BOARD_STANDINGS_COLUMNS}
    for key in ("no", "name"):
        assert _same_but(board[key], L.STANDINGS_TABLE.col(key)), key
    assert _same_but(board["points"], L.STANDINGS_TABLE.col("score"), "key", "width")
    # the team 设置 reuses the individual rows it shares as they are
    shared = [s for s in T.TEAM_SETTINGS_ROWS if L.SETTINGS_BY_KEY.get(s.key) is s]
    assert {s.key for s in shared} >= {"first_round", "numbering", "picker", "normalise_results", "provisional"}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_no_header_means_two_columns(name):
    table = TABLES[name]
    seen: dict[str, str] = {}
    for c in (*table.columns, *table.tail, *table.optional):
        for k in c.names() - table.exclude:
            assert seen.setdefault(k, c.key) == c.key, (name, k, seen[k], c.key)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_reader_finds_every_column_the_writer_writes(name, lang):
    table = TABLES[name]
    header = table.headers(lang)
    grid = [["title"], header, [None] * len(header)]
    found = find_layout(table, "S", grid)
    assert found.header_row == table.header_row
    assert found.cols == {c.key: j for j, c in enumerate((*table.columns, *table.tail), start=1)}


def test_a_table_without_its_required_headers_names_them():
    with pytest.raises(XlxqError) as exc:
        find_layout(T.TEAM_ROUND_TABLE, "第1轮", [["title"], ["台次", "红方", "结果", "黑方"]])
    assert "“场次、结果”" in exc.value.zh and "'Match, Result'" in exc.value.en
    with pytest.raises(XlxqError) as exc:
        find_layout(L.REGISTRATION_TABLE, "报名表", [["序号", "单位"]])
    assert "“姓名”" in exc.value.zh
    # the team reader reads the 种子 column an arbiter adds (not written in the template)
    found = find_layout(T.TEAMS_TABLE, "队伍报名", [["队号", "队名", "姓名", "种子"]])
    assert found.cols["seed"] == 4 and "seed" not in {c.key for c in T.TEAMS_TABLE.columns}


def _same_head(got: tuple[list, dict], table: L.TableLayout, lang: str) -> bool:
    """The header is the table's, and so are the widths (in English a column
    may be widened for its longer bold header: :mod:`xlxq.sheets.pages`)."""
    header, widths = got
    want = table.widths()
    if lang == "zh":
        return header == table.headers(lang) and widths == want
    return header == table.headers(lang) and widths.keys() == want.keys() and all(widths[c] >= want[c] for c in want)


def _heads(plan) -> dict[str, tuple[list, dict]]:
    """sheet → (its header row, its column widths) in a new workbook's plan."""
    rows: dict[str, list] = {}
    for v in plan.values:
        if v.row <= L.HEADER_ROW < v.row + len(v.values):
            rows[v.sheet] = v.values[L.HEADER_ROW - v.row]
    widths: dict[str, dict] = {}
    for look in plan.looks:
        if look.widths:
            widths.setdefault(look.sheet, look.widths)
    return {s: (rows[s], widths.get(s, {})) for s in rows}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_new_workbooks_write_the_tables_heads(lang):
    heads = _heads(plan_new_workbook(lang, EventSettings(tiebreaks=["cxa2011-opp"])))
    reg = L.REGISTRATION_TABLE
    assert _same_head(heads[reg.sheet_name(lang)], reg, lang)
    st = heads[L.STANDINGS_TABLE.sheet_name(lang)]
    assert st[0][:5] == [c.header(lang) for c in L.STANDINGS_TABLE.columns]
    assert st[0][-1] == L.STANDINGS_TABLE.tail[0].header(lang)

    settings = TeamSettings(boards=5)
    heads = _heads(plan_new_team_workbook(lang, settings))
    teams = T.TEAMS_TABLE
    assert _same_head(heads[teams.sheet_name(lang)], teams, lang)
    lineups = T.LINEUPS_TABLE.but(columns=T.lineup_columns(5), tail=())
    assert _same_head(heads[lineups.sheet_name(lang)], lineups, lang)
    board = T.BOARD_STANDINGS_TABLE
    assert _same_head(heads[board.sheet_name(lang)], board, lang)
    ts = heads[T.TEAM_STANDINGS_TABLE.sheet_name(lang)]
    assert ts[0][:3] == [c.header(lang) for c in T.TEAM_STANDINGS_TABLE.columns]
    assert ts[1][1] >= T.TEAM_STANDINGS_TABLE.columns[0].width


def test_one_sheet_set_the_team_workbook_takes_the_shared_sheets_from():
    """Both workbooks' sheets are one :class:`~xlxq.sheets.layout.SheetSet`
    each, the team one made of the individual one's shared sheets (the same
    names and aliases, not copies) and its own; each reads only its own
    sheets, in 简体, 繁體 and English."""
    for kind in (T.SETTINGS, T.LOG, T.STATE, T.RATING):
        assert T.SHEET_NAMES[kind] is L.SHEET_NAMES[kind]
        assert T.SHEET_ALIASES[kind] is L.SHEET_ALIASES[kind]
    assert list(T.SHEET_NAMES) == ["settings", "teams", "lineups", "team_standings", "board_standings"] + [
        "log",
        "state",
        "rating",
    ]
    cases = {
        "设置": ("settings", "settings"),
        "Settings": ("settings", "settings"),
        "報名表": ("registration", None),
        "隊伍報名": (None, "teams"),
        "Line-ups": (None, "lineups"),
        "臺次成績": (None, "board_standings"),
        "成绩表": ("standings", None),
        "对阵图": ("bracket", None),
        "编排记录": ("log", "log"),
        "等級分": ("rating", "rating"),
        "我的表": (None, None),
    }
    for name, (individual, team) in cases.items():
        assert L.sheet_kind(name) == (individual, None), name
        assert T.sheet_kind(name) == (team, None), name
    assert L.sheet_kind("第3輪") == T.sheet_kind("Round 3") == ("round", 3)
    # the knockout stage's rounds are the individual workbook's only
    assert L.sheet_kind("淘汰赛第2轮") == ("ko_round", 2) and T.sheet_kind("淘汰赛第2轮") == (None, None)
    assert (L.BOOK.round_kinds, T.BOOK.round_kinds) == (("round", "ko_round"), ("round",))


def test_team_settings_rows_it_shares_are_the_individual_rows_but():
    """A team 设置 row with the key of an individual one is that row with
    only what differs (:meth:`~xlxq.sheets.layout.Setting.but`): the same
    target, and the same kind but for 排名方法 (the team's tie-break items)."""
    differ = {}
    for s in T.TEAM_SETTINGS_ROWS:
        ind = L.SETTINGS_BY_KEY.get(s.key)
        if ind is None or s is ind:
            continue
        if s.key in ("draw_red", "draw_black"):  # the team's 局分 rows: another target
            assert s.target.startswith("game.") and ind.target.startswith("scoring."), s.key
            continue
        assert s.target == ind.target, s.key
        differ[s.key] = sorted(f.name for f in dataclasses.fields(s) if getattr(s, f.name) != getattr(ind, f.name))
    assert differ == {
        "name": ["help_en"],
        "system": ["choices", "help_en", "help_zh"],
        "rounds": ["help_en", "help_zh"],
        "tiebreaks": ["aliases", "en", "help_en", "help_zh", "kind"],
        "bye_counts_as_win": ["aliases", "en", "help_zh", "zh"],
    }
    row = L.SETTINGS_BY_KEY["bye_counts_as_win"]
    assert row.but("x", zh="y").aliases == (*row.aliases, "x") and row.but("x", zh="y").zh == "y"


def test_every_table_prints_by_one_page_setup():
    """The print setup of a table (title and header rows on every page, the
    area down to the last row, at least the header, page numbers below) is
    one definition: :func:`~xlxq.sheets.layout.table_page`."""
    p = L.table_page("S", 1, 7, landscape=True)
    assert (p.sheet, p.landscape, p.title_rows, p.area, p.footer, p.fit_width) == (
        "S",
        True,
        (1, 2),
        (1, 1, 2, 7),
        "&P / &N",
        1,
    )
    assert L.table_page("S", 30, 5, header_row=4).area == (1, 1, 30, 5)
    plan = plan_new_team_workbook("en", TeamSettings(boards=4))
    by_sheet = {p.sheet: (p.title_rows, p.area) for p in plan.page_setups}
    assert by_sheet["Teams"] == ((1, 2), (1, 1, 2, len(T.TEAM_REG_COLUMNS) - 1))  # every column but 提示
    assert by_sheet["Line-ups"] == ((1, 2), (1, 1, 2, 4 + 3))  # 轮次 队号 队名, the 4 boards
