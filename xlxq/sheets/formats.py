"""The workbook for the systems other than the plain Swiss: round robin
(单循环 / 双循环, matches of several games), knockout (淘汰赛, 加赛) and the
combined formats (积分晋圈淘汰, 积分末位淘汰).

Part of the one mapping layer (:mod:`xlxq.sheets.read` reads the sheets
into the model; this module adds what these systems write and check):

- 积分 column of a round sheet per system (:func:`round_scores`);
- 成绩表 for a round robin (2011 14.1/14.2 columns) and its 交叉表;
- 成绩表 for a knockout (places) and its 对阵图 (the bracket);
- the knockout stage of 积分晋圈淘汰: 晋级名单, 对阵图, 最终名次;
- rule checks of round-robin rounds (the order table) and knockout rounds
  (the bracket, colours 13.5);
- titles of the new round sheets (秩序表第3轮, 半决赛 第2局 …).

Everything is computed by the core (``xlxq.core.roundrobin``,
``rr_standings``, ``knockout``, ``combined``); nothing here reads a workbook.
docs/workbook.md describes the sheets.
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.combined import combined_ranking
from xlxq.core.knockout import (
    ARMAGEDDON,
    BYE,
    EMPTY,
    MAIN,
    OPEN,
    PENDING,
    VOID,
    WAITING,
    build_bracket,
    knockout_ranking,
    stage_name,
    stage_name_en,
)
from xlxq.core.model import Event
from xlxq.core.roundrobin import table_players, table_position
from xlxq.core.rr_standings import LABELS_EN, LABELS_ZH, compute_rr_standings, cross_table, resolve_rr_tiebreaks
from xlxq.core.standings import compute_standings
from xlxq.core.standings import table_round as standings_table_round
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.data import RoundSheet, WorkbookData
from xlxq.sheets.looks import table_looks
from xlxq.sheets.plan import SheetLook, Style
from xlxq.sheets.problems import Problem
from xlxq.sheets.round_problems import hand_problems, issue_cells, unfinished_problems
from xlxq.sheets.write_standings import round_cell, scores_before, standings_after
from xlxq.systems import get_system, system_for, system_label
from xlxq.systems.knockout import ko_issues
from xlxq.systems.roundrobin import rr_issues
from xlxq.i18n import Msg
from xlxq.i18n import labels as i18n_labels


def _t(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


# ==========================================================================
# round sheets: the 积分 column, the titles
# ==========================================================================


def round_scores(
    event: Event, rnd, by_round: Optional[dict[int, dict[int, float]]] = None
) -> dict[int, Optional[float]]:
    """What the 积分 cells of a round sheet show, per player:

    - Swiss: the score before the round as the pairing saw it (unfinished = draw;
      ``by_round``: :func:`xlxq.sheets.write_standings.scores_by_round`, when made);
    - round robin: the 积分 (场分 with matches) before the round, as in the standings;
    - knockout: the game points each side has in this match before this game
      (blank on a bye row)."""
    system = event.settings.system
    n = rnd.round
    if get_system(system).follows_order_table:
        return {r.no: r.score for r in compute_rr_standings(event, n - 1)}
    if get_system(system).has_bracket:
        sc = event.settings.scoring
        out: dict[int, Optional[float]] = {}
        for b in rnd.boards:
            pair = {b.red, b.black}
            pts = {b.red: 0.0, b.black: 0.0}
            for r in event.rounds:
                if r.round >= n:
                    continue
                for x in r.boards:
                    if {x.red, x.black} == pair and x.result is not None:
                        pts[x.red] += sc.points(x.result, "R")
                        pts[x.black] += sc.points(x.result, "B")
            out.update(pts)
        return out
    if by_round and n in by_round:
        return dict(by_round[n])
    return dict(scores_before(event, n))


def rr_round_label(event: Event, n: int, lang: str) -> str:
    """'秩序表第3轮', '第2循环 秩序表第1轮（先后手互换）', '… 第2局'."""

    s = event.settings
    double = system_for(s).cycles == 2
    cycle, t, game = table_position(n, len(table_players(event)), double, s.games_per_match)
    out = _t(lang, f"秩序表第{t}轮", f"table round {t}")
    if double:
        out = _t(lang, f"第{cycle}循环 ", f"cycle {cycle}, ") + out
    if s.games_per_match > 1:
        out += _t(lang, f" 第{game}局", f", game {game}")
    return out


def ko_game_label(m, g: int, lang: str) -> str:
    """What the next game of knockout match ``m`` is: '第2局', '加赛第1局', '加赛决胜局'."""

    k = len(m.games) + 1
    if m.next_kind == MAIN:
        return _t(lang, f"第{k}局", f"game {k}") if g > 1 else ""
    if m.next_kind == ARMAGEDDON:
        return _t(lang, "加赛决胜局（和棋判黑胜）", "armageddon (draw: black wins)")
    return _t(lang, f"加赛第{k - g}局", f"play-off game {k - g}")


def ko_round_label(prior: Event, boards, lang: str) -> str:
    """'1/4决赛', '半决赛 第2局', '决赛 加赛第1局' for a round paired from ``prior``."""

    br = build_bracket(prior)
    cur = br.current_stage or br.stage_total
    label = _t(lang, stage_name(cur, br.stage_total), stage_name_en(cur, br.stage_total))
    for b in boards:
        m = br.match_of(b.red, b.black)
        if m is not None:
            game = ko_game_label(m, prior.settings.games_per_match, lang)
            return f"{label} {game}" if game else label
    return label


# ==========================================================================
# checks
# ==========================================================================


def rr_rule_problems(data: WorkbookData, event: Event) -> list[Problem]:
    """A round robin's rounds by the system's one check
    (:func:`xlxq.systems.roundrobin.rr_issues`, the CLI's ``check`` too;
    docs/roundrobin.md), each issue on its cells: the board's row, a bye's,
    a missing player's registration row, else the round sheet; then the
    hand changes and, before the last round with a result, unfinished
    results (warnings)."""
    reg = data.registration
    last = standings_after(event)
    out: list[Problem] = []
    for rs in data.rounds:
        n = rs.no
        hand, _, _ = hand_problems(data, rs)
        out += hand
        issues, _ = rr_issues(event, n) if any(r.round == n for r in event.rounds) else ([], None)
        for issue in issues:
            if issue.code == "missing":
                (no,) = issue.players
                cells = [(reg.rows.get(no), ("name",))]
                sheet = reg.name
            else:
                sheet = rs.name
                cells = (issue_cells(rs, issue) if issue.board is not None or issue.players else []) or [(None, ())]
            for row, cols in cells:
                out.append(Problem(issue.level, issue.code, sheet=sheet, row=row, cols=cols, round=n, msg=issue.msg))
        if n < last:
            gone = {p.no for p in event.players if not p.active_in(n)}
            skip = frozenset(b.board for b in rs.round.boards if b.red in gone or b.black in gone)
            out += unfinished_problems(rs, skip)
    return out


def ko_rule_problems(data: WorkbookData, event: Event, rounds: list[RoundSheet], bracket) -> list[Problem]:
    """Knockout rounds by the system's one check
    (:func:`xlxq.systems.knockout.ko_issues`, the CLI's ``check`` too; the
    bracket itself was checked when it was replayed: a board that is no
    match of the stage stops the operation), each issue on its cells: the
    board's row (of the round at fault), a bye's, else the round sheet; then
    the hand changes and unfinished results."""
    out: list[Problem] = []
    last = len(event.rounds)
    by_no = {rs.no: rs for rs in rounds}
    played = {r.round for r in event.rounds}
    for rs in rounds:
        hand, _, _ = hand_problems(data, rs)
        out += hand
        if rs.no < last:
            out += unfinished_problems(rs)
    if bracket is None:
        return out
    for rs in rounds:
        if rs.no not in played:
            continue
        where = Msg("read.knockout") if rs.stage == "ko" else ""
        issues, _ = ko_issues(event, rs.no, where)
        for issue in issues:
            at = by_no.get(issue.round, rs)
            if issue.code == "ko_colours":
                cells = [(at.board_rows.get(issue.board), ("red_name", "black_name"))]
            elif issue.code == "waiting":
                cells = [(at.board_rows.get(issue.board), ("result",))]
            else:
                cells = (issue_cells(at, issue) if issue.board is not None or issue.players else []) or [(None, ())]
            for row, cols in cells:
                out.append(
                    Problem(
                        issue.level, issue.code, sheet=at.name, row=row, cols=cols, round=issue.round, msg=issue.msg
                    )
                )
    return out


# ==========================================================================
# program-owned sheets
# ==========================================================================


def program_sheet(canvas: Canvas, data: WorkbookData, kind: str, after: Optional[str]) -> str:
    """The sheet of ``kind`` (added after ``after`` when missing), emptied:
    it is rewritten as a whole."""
    name = data.standings_sheet if kind == L.STANDINGS else data.sheets.get(kind)
    if name is None:
        name = L.SHEET_NAMES[kind][data.lang]
        if name in data.names:
            raise InputError(Msg("formats.a-sheet-named-already-exists", name=name))
        canvas.add_sheet(name, kind, after)
        data.names.append(name)
        if kind == L.STANDINGS:
            data.standings_sheet = name
        else:
            data.sheets[kind] = name
    canvas.clear_sheet(name)
    return name


def write_table(
    canvas: Canvas,
    name: str,
    title: str,
    header: list[str],
    rows: list[list[Any]],
    widths: dict[int, float],
    freeze: tuple[int, int] = (L.FIRST_DATA_ROW, 4),
    center_cols: tuple[int, ...] = (),
) -> None:
    """Title, header and rows from A1, with the usual looks."""
    canvas.set(name, L.TITLE_ROW, 1, title)
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    for i, vals in enumerate(rows, start=L.FIRST_DATA_ROW):
        canvas.set_row(name, i, 1, vals)
    last = L.FIRST_DATA_ROW + len(rows) - 1
    ncols = len(header)
    plan = canvas.plan
    table_looks(canvas, name, widths, ncols, last, freeze)
    if rows:
        for c in center_cols:
            plan.styles.append(Style(name, L.FIRST_DATA_ROW, c, len(rows), 1, align="center"))
    plan.page_setups.append(L.table_page(name, last, ncols, landscape=ncols > 12))


def _after_standings(data: WorkbookData) -> Optional[str]:
    return data.standings_sheet or (data.rounds[-1].name if data.rounds else data.registration.name)


# --- round robin -------------------------------------------------------------


def write_rr_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """成绩表 of a round robin: 名次, 序号, 姓名, 单位, 积分 (场分 with
    matches), the 14.1/14.2 tie-breaks in use (小分/局分总和, 胜局, 直胜, 犯规,
    后走局数/后走胜局), one column per round, 备注.  Returns the RRStandingRow list."""

    lang = data.lang
    s = event.settings
    g = s.games_per_match
    after = standings_after(event)
    rows = compute_rr_standings(event, after)
    keys = resolve_rr_tiebreaks(s.tiebreaks, g)
    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    name = program_sheet(canvas, data, L.STANDINGS, data.rounds[-1].name if data.rounds else data.registration.name)
    rnd_by_no = {r.round: r for r in event.rounds}
    seats = {r.round: {no: b for b in r.boards for no in (b.red, b.black)} for r in event.rounds}
    score_label = labels["match_points" if g > 1 else "score"]
    head_cols = (L.RATED_STANDINGS_TABLE if event.shows_rating else L.STANDINGS_TABLE).columns
    nhead = len(head_cols)  # 名次 序号 姓名 (等级分) 单位 积分
    header = [c.header(lang) for c in head_cols[:-1]]
    header += [score_label if lang == "zh" else score_label.capitalize()]
    header += [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
    header += [L.round_col_header(n, lang) for n in range(1, after + 1)]
    header.append(L.STANDINGS_TAIL.header(lang))
    by_no = event._by_no
    table = []
    for row in rows:
        p = by_no[row.no]
        note = None
        if row.annulled:
            note = _t(
                lang,
                f"第{p.withdrawn_from_round}轮起退赛，成绩注销（第20.3条）",
                f"withdrawn from round {p.withdrawn_from_round}, results annulled",
            )
        elif p.withdrawn_from_round is not None:
            note = _t(
                lang,
                f"第{p.withdrawn_from_round}轮起退赛，未赛对局按弃权",
                f"withdrawn from round {p.withdrawn_from_round}, games left are forfeits",
            )
        vals = [row.rank, row.no, row.name, row.unit or None, tidy_number(float(row.score))]
        if nhead > 5:  # 显示等级分: beside the name, unrated blank
            vals.insert(3, None if p.rating is None else tidy_number(float(p.rating)))
        vals += [None if row.tiebreaks[k] is None else tidy_number(float(row.tiebreaks[k])) for k in keys]
        vals += [round_cell(rnd_by_no[n], seats[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        table.append(vals)
    label = system_label(s.system, lang, g)
    # the label's first letter up in English ("Swiss standings", "Round robin standings"); none in Chinese
    title = standings_table_round(event, after).title(
        Msg("formats.system-standings", label=label[:1].upper() + label[1:]), lang
    )
    widths = L.standings_widths(
        [c.width for c in head_cols], len(keys), L.TIEBREAK_WIDTH, after, L.ROUND_CELL_WIDTH, 24
    )
    centred = (1, 2, *range(nhead, len(header)))
    write_table(canvas, name, L.titled(s.name, title), header, table, widths, center_cols=centred)
    return rows


def write_cross_table(canvas: Canvas, data: WorkbookData, event: Event) -> None:
    """交叉表: one row and one column per player (序号 order = table numbers);
    a cell holds the row player's points against the column player, one
    number per game ('2/1' in a double round robin, '.' for a game without a
    result yet, blank before any result); then 积分/场分 and 名次."""

    lang = data.lang
    s = event.settings
    g = s.games_per_match
    after = standings_after(event)
    ct = cross_table(event, after)
    ranks = {r.no: r for r in compute_rr_standings(event, after)}
    nos = sorted(p.no for p in event.players)
    by_no = event._by_no
    name = program_sheet(canvas, data, L.CROSS, _after_standings(data))
    header = [_t(lang, "序号", "No"), _t(lang, "姓名", "Name"), _t(lang, "单位", "Club")]
    header += [str(no) for no in nos]
    header += [_t(lang, "场分", "Match pts") if g > 1 else _t(lang, "积分", "Pts"), _t(lang, "名次", "Rank")]
    rows = []
    for a in nos:
        cells: list[Any] = []
        for b in nos:
            if a == b:
                cells.append("×")
                continue
            games = ct[a].get(b, [])
            if not games or all(x is None for x in games):
                cells.append(None)
            elif len(games) == 1:
                cells.append(tidy_number(float(games[0])))
            else:
                cells.append("/".join("." if x is None else str(tidy_number(float(x))) for x in games))
        r = ranks[a]
        rows.append([a, by_no[a].name, by_no[a].unit or None] + cells + [tidy_number(float(r.score)), r.rank])
    title = _t(lang, "交叉表", "Cross table") + (
        _t(lang, f"（第{after}轮后）", f" after round {after}") if after else ""
    )
    widths = {1: 6, 2: 12, 3: 16}
    for j in range(4, 4 + len(nos)):
        widths[j] = 5 if system_for(s).cycles * g == 1 else 8
    widths[4 + len(nos)] = 7
    widths[5 + len(nos)] = 6
    write_table(
        canvas,
        name,
        L.titled(s.name, title),
        header,
        rows,
        widths,
        freeze=(L.FIRST_DATA_ROW, 3),
        center_cols=(1, *range(4, len(header) + 1)),
    )
    canvas.set(
        name,
        L.FIRST_DATA_ROW + len(rows) + 1,
        1,
        _t(
            lang,
            "格内为该行棋手对该列对手每局所得分（按轮次，“/”分隔；“.”= 尚无结果）",
            "each cell: the row player's points in each game against the column player (. = no result yet)",
        ),
    )


# --- knockout ------------------------------------------------------------------


def _place_text(p) -> Any:
    if p.place is None:
        return None
    return p.place if p.place_to in (None, p.place) else f"{p.place}-{p.place_to}"


def write_ko_standings(
    canvas: Canvas,
    data: WorkbookData,
    event: Event,
    bracket,
    after_sheet: Optional[str] = None,
    kind: str = L.STANDINGS,
) -> list:
    """成绩表 of a knockout: the places (冠军 1, 2, 3-4, 5-8 …) from the
    bracket.  Returns the KnockoutPlace list."""

    lang = data.lang
    places = knockout_ranking(event, bracket)
    total = bracket.stage_total

    def stage(s: Optional[int]) -> str:
        return _t(lang, stage_name(s, total), stage_name_en(s, total)) if s else ""

    name = program_sheet(
        canvas, data, kind, after_sheet or (data.rounds[-1].name if data.rounds else data.registration.name)
    )
    by_no = event._by_no
    header = [
        _t(lang, "名次", "Rank"),
        _t(lang, "序号", "No"),
        _t(lang, "姓名", "Name"),
        _t(lang, "单位", "Club"),
        _t(lang, "种子顺位", "Seeding"),
        _t(lang, "成绩", "Result"),
        _t(lang, "备注", "Notes"),
    ]
    rows = []
    for p in places:
        pl = by_no[p.no]
        if p.place == 1:
            res = _t(lang, "冠军", "champion")
        elif p.stage_out is not None:
            res = _t(lang, f"{stage(p.stage_out)}负", f"lost in the {stage(p.stage_out)}")
        else:
            res = _t(lang, "仍在比赛", "still in")
        note = None
        if pl.withdrawn_from_round is not None:
            note = _t(lang, f"第{pl.withdrawn_from_round}轮起退赛", f"withdrawn from round {pl.withdrawn_from_round}")
        rows.append([_place_text(p), p.no, pl.name, pl.unit or None, p.seed_rank, res, note])
    if bracket.finished:
        ch = bracket.champion
        title = _t(lang, "淘汰赛名次", "Knockout places") + (
            _t(lang, f"（冠军：{by_no[ch].name}）", f" (champion: {by_no[ch].name})") if ch is not None else ""
        )
    else:
        title = _t(
            lang,
            f"淘汰赛名次（{stage(bracket.current_stage)}进行中）",
            f"Knockout places ({stage(bracket.current_stage)} in progress)",
        )
    write_table(
        canvas,
        name,
        L.titled(data.event.settings.name, title),
        header,
        rows,
        {1: 7, 2: 6, 3: 12, 4: 18, 5: 9, 6: 14, 7: 18},
        center_cols=(1, 2, 5),
    )
    return places


def _match_note(m, event: Event, lang: str) -> Optional[str]:
    """The score of a match for the bracket: '2:0', '2:2 加赛 2:0', '轮空',
    '双方弃权', '1:1 进行中' (top player first)."""

    if m.status == BYE:
        return _t(lang, "轮空", "bye") if m.stage == 1 else _t(lang, "直接晋级", "walkover")
    if m.status == VOID:
        return _t(lang, "双方弃权", "double forfeit")
    if m.status in (EMPTY, OPEN) or not m.games:
        return None
    g = event.settings.games_per_match
    sc = event.settings.scoring

    def score(games) -> str:
        pts = {m.top: 0.0, m.bottom: 0.0}
        for _, b in games:
            if b.result is not None:
                pts[b.red] += sc.points(b.result, "R")
                pts[b.black] += sc.points(b.result, "B")
        return f"{tidy_number(pts[m.top])}:{tidy_number(pts[m.bottom])}"

    text = score(m.main_games(g))
    if m.playoff_games(g):
        text += _t(lang, " 加赛 ", " play-off ") + score(m.playoff_games(g))
    if m.status in (PENDING, WAITING):
        text += _t(lang, " 进行中", " in progress")
    return text


def write_bracket(canvas: Canvas, data: WorkbookData, event: Event, bracket, after: Optional[str]) -> None:
    """对阵图: one column per stage (1/4决赛, 半决赛, 决赛) and one for the
    champion.  Each match shows its two players (序号 姓名) with the match
    score between them (加赛 noted); a stage's players are the winners of
    the matches beside them in the column before.  Rewritten by every
    recompute and pairing."""

    lang = data.lang
    total = bracket.stage_total
    by_no = event._by_no
    name = program_sheet(canvas, data, L.BRACKET, after)
    r0 = L.FIRST_DATA_ROW

    def who(no: Optional[int]) -> Optional[str]:
        return None if no is None else f"{no} {by_no[no].name}"

    def centre(s: int, k: int) -> int:
        """Row of match k of stage s (stage 0: the first-round lines)."""
        return r0 + k * (1 << (s + 1)) + (1 << s) - 1

    header = [_t(lang, stage_name(s, total), stage_name_en(s, total).capitalize()) for s in range(1, total + 1)]
    header.append(_t(lang, "冠军", "Champion"))
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    player_cells: list[tuple[int, int]] = []
    for s, matches in enumerate(bracket.stages, start=1):
        for m in matches:
            if s == 1:
                top_line, bottom_line = bracket.lines[2 * m.index], bracket.lines[2 * m.index + 1]
                top = who(top_line) if top_line is not None else _t(lang, "（轮空）", "(bye)")
                bottom = who(bottom_line) if bottom_line is not None else _t(lang, "（轮空）", "(bye)")
            else:
                top, bottom = who(m.top), who(m.bottom)
            rt, rb = centre(s - 1, 2 * m.index), centre(s - 1, 2 * m.index + 1)
            canvas.set(name, rt, s, top)
            canvas.set(name, rb, s, bottom)
            player_cells += [(rt, s), (rb, s)]
            canvas.set(name, centre(s, m.index), s, _match_note(m, event, lang))
    champ = bracket.champion
    canvas.set(name, centre(total, 0), total + 1, who(champ))
    if champ is not None:
        player_cells.append((centre(total, 0), total + 1))
    if bracket.finished:
        status = (
            _t(lang, f"冠军：{by_no[champ].name}（{champ}号）", f"champion: {by_no[champ].name} ({champ})")
            if champ is not None
            else _t(lang, "决赛双方弃权，无冠军", "no champion (double forfeit)")
        )
    else:
        status = _t(
            lang,
            f"{stage_name(bracket.current_stage, total)}进行中",
            f"{stage_name_en(bracket.current_stage, total)} in progress",
        )
    g = event.settings.games_per_match
    po = ",".join(map(str, event.settings.playoff_games)) or "1"
    rule = _t(
        lang,
        f"每场{g}局；战平加赛{po}局" + ("，再平一局决胜（和棋判黑胜）" if event.settings.armageddon else ""),
        f"{g} game(s) a match; play-offs {po}" + (" then armageddon" if event.settings.armageddon else ""),
    )
    title = _t(lang, "对阵图", "Bracket") + _t(lang, f"（{status}；{rule}）", f" ({status}; {rule})")
    canvas.set(name, L.TITLE_ROW, 1, L.titled(data.event.settings.name, title))
    last = centre(0, bracket.size - 1)
    canvas.set(
        name,
        last + 2,
        1,
        _t(
            lang,
            "比分写在两名棋手之间（上方棋手在前）；胜方进入右侧一列",
            "the score is between the two players (upper first); the winner moves right",
        ),
    )
    plan = canvas.plan
    for c in range(1, total + 2):
        canvas.fill(name, L.HEADER_ROW, c, L.HEADER_FILL)
    plan.looks.append(SheetLook(name, {c: 18 for c in range(1, total + 2)}, freeze=(L.FIRST_DATA_ROW, 1)))
    plan.styles.append(Style(name, L.TITLE_ROW, 1, bold=True, size=14))
    plan.styles.append(Style(name, L.HEADER_ROW, 1, 1, total + 1, bold=True, border=True, align="center", wrap=True))
    for r, c in player_cells:
        plan.styles.append(Style(name, r, c, border=True))
    plan.styles.append(Style(name, centre(total, 0), total + 1, bold=True))
    plan.page_setups.append(L.table_page(name, last + 2, total + 1, landscape=True))


# --- 积分晋圈淘汰 -----------------------------------------------------------------


def write_qualifiers(canvas: Canvas, data: WorkbookData, swiss: Event, ko: Event, after_round: int) -> str:
    """晋级名单 (written once, by qualify): 种子 = Swiss place among the
    qualifiers, 序号, 姓名, 单位, 积分赛名次, 积分."""

    lang = data.lang
    rows = {r.no: r for r in compute_standings(swiss, after_round)}
    after = data.rounds[-1].name if data.rounds else data.registration.name
    name = L.SHEET_NAMES[L.QUALIFIERS][lang]
    if name in data.names:
        raise InputError(Msg("formats.a-sheet-named-already-exists", name=name))
    canvas.add_sheet(name, L.QUALIFIERS, after)
    data.names.append(name)
    header = [c.header(lang) for c in L.QUALIFIER_COLUMNS]
    table = [
        [p.seed, p.no, p.name, p.unit or None, rows[p.no].rank, tidy_number(float(rows[p.no].score)), None]
        for p in ko.players
    ]
    title = _t(
        lang,
        f"晋级名单（积分赛第{after_round}轮后前{len(ko.players)}名进入淘汰赛；种子 = 积分赛名次顺序）",
        f"Qualifiers (top {len(ko.players)} after Swiss round {after_round}; seed = Swiss order)",
    )
    write_table(
        canvas,
        name,
        L.titled(swiss.settings.name, title),
        header,
        table,
        {i: c.width for i, c in enumerate(L.QUALIFIER_COLUMNS, start=1)},
        freeze=(L.FIRST_DATA_ROW, 1),
        center_cols=(1, 2, 5, 6),
    )
    return name


def write_final_ranking(canvas: Canvas, data: WorkbookData, swiss: Event, ko: Event) -> Optional[list]:
    """最终名次 of 积分晋圈淘汰 (combined.combined_ranking): the qualifiers by
    knockout place, then the others by the Swiss table.  Written once the
    knockout is finished (the sheet is added then)."""

    lang = data.lang
    try:
        rows = combined_ranking(swiss, ko)
    except InputError:
        rows = None
    if rows is None and L.FINAL not in data.sheets:
        return None
    name = program_sheet(canvas, data, L.FINAL, data.standings_sheet or _after_standings(data))
    header = [
        _t(lang, "名次", "Rank"),
        _t(lang, "序号", "No"),
        _t(lang, "姓名", "Name"),
        _t(lang, "单位", "Club"),
        _t(lang, "决出方式", "Decided by"),
        _t(lang, "积分赛名次", "Swiss rank"),
        _t(lang, "淘汰赛名次", "Knockout place"),
    ]
    table = []
    for r in rows or []:
        ko_place = None
        if r.knockout_place is not None:
            ko_place = (
                r.knockout_place
                if r.knockout_place_to in (None, r.knockout_place)
                else f"{r.knockout_place}-{r.knockout_place_to}"
            )
        table.append(
            [
                r.rank,
                r.no,
                r.name,
                swiss.player(r.no).unit or None,
                _t(lang, "淘汰赛", "knockout") if r.source == "knockout" else _t(lang, "积分赛", "Swiss"),
                r.swiss_rank,
                ko_place,
            ]
        )
    title = _t(lang, "积分晋圈淘汰最终名次", "Final ranking (Swiss, then knockout)")
    if rows is None:
        title += _t(lang, "（淘汰赛尚未结束）", " (the knockout is not finished)")
    write_table(
        canvas,
        name,
        L.titled(swiss.settings.name, title),
        header,
        table,
        {1: 6, 2: 6, 3: 12, 4: 18, 5: 10, 6: 10, 7: 11},
        center_cols=(1, 2, 6, 7),
    )
    return rows


__all__ = [
    "round_scores",
    "rr_round_label",
    "ko_round_label",
    "ko_game_label",
    "rr_rule_problems",
    "ko_rule_problems",
    "write_rr_standings",
    "write_cross_table",
    "write_ko_standings",
    "write_bracket",
    "write_qualifiers",
    "write_final_ranking",
]
