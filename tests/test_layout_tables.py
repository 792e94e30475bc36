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
