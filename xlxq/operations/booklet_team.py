"""The 成绩册's sections of a team event (team Swiss, team round robin,
全队轮赛制): the team standings with how they rank, the rosters with each
player's 台次成绩, the results by round, the team cross table, the board
results, and each round's matches with their boards and special cases
(弃权, 全场弃权, 退赛).  Called by :func:`xlxq.operations.booklet.booklet_document`."""

from __future__ import annotations

from typing import Any

from xlxq.core.document import Block, Paragraph, Section, Table
from xlxq.i18n import Text
from xlxq.operations.booklet_tables import by_round_table, order_note, running_scores
from xlxq.systems import get_team_system
from xlxq.text import fmt as _fmt

__all__ = ["team_sections"]


def _team_standings(site: dict, lang: str) -> Table:
    t = Text(lang)
    final = site["tables"][-1] if site["tables"] else {"standings": [], "tiebreak_order": []}
    labels = site["labels"]
    rows = final["standings"]
    order = order_note([labels.get(k, k) for k in final.get("tiebreak_order", [])], lang)
    keys = [k for k in final.get("tiebreak_order", []) if rows and k in rows[0]["tiebreaks"]]
    if "game_points" not in keys:
        keys.append("game_points")
    header = (*t("booklet.rank-no-team").split(), *(labels.get(k, k) for k in keys), t("booklet.matches"))
    body = tuple(
        (
            _fmt(r["rank"]),
            str(r["no"]),
            r["name"] + (t("booklet.withdrawn") if r.get("withdrawn") else ""),
            *(_fmt(r["tiebreaks"].get(k, r.get(k))) for k in keys),
            _fmt(r.get("matches")),
        )
        for r in rows
    )
    title = t("booklet.standings", system_label=site["system_label"])
    return Table(title, header, body, (True, True, False, *([True] * (len(keys) + 1))), keep=3, note=order)


def _team_results(event: Any, site: dict, lang: str) -> Table:
    """Each team's opponent, 先/后, match score and 场分 after each round."""
    t = Text(lang)
    running = running_scores(site)
    cells: dict[int, dict[int, str]] = {tm["no"]: {} for tm in site["teams"]}
    for rnd in site["rounds"]:
        after = running.get(rnd["round"], {})
        for m in rnd["matches"]:
            a, b = (m["score"].split(":") + [""])[:2] if m["score"] else ("", "")
            for me, opp, side, mine, theirs in (
                (m["first"], m["second"], t("booklet.1st"), a, b),
                (m["second"], m["first"], t("booklet.2nd"), b, a),
            ):
                text = f"{opp['no']}{side} {mine}:{theirs}" if mine else f"{opp['no']}{side}"
                if me["no"] in after:
                    text += f" {after[me['no']]}"
                cells[me["no"]][rnd["round"]] = text
        for tm in rnd["byes"]:
            cells[tm["no"]][rnd["round"]] = t("booklet.bye-2") + (f" {after[tm['no']]}" if tm["no"] in after else "")
    note = t(
        "booklet.each-cell-opponents-number-first-second",
    )
    heads = t("booklet.rank-no-team").split()
    return by_round_table(event, site, cells, heads, t("booklet.team-results-by-round"), note, lang)


def _team_cross(event: Any, site: dict, lang: str) -> Table:
    """The team round robin's 交叉表: the match scores by opponent."""
    t = Text(lang)
    nos = sorted(tm.no for tm in event.teams)
    scores: dict[int, dict[int, list[str]]] = {a: {} for a in nos}
    for tm in site["teams"]:
        for m in tm["matches"]:
            if not m.get("bye") and m["score"]:
                scores[tm["no"]].setdefault(m["opponent"]["no"], []).append(m["score"])
    final = {r["no"]: r for r in (site["tables"][-1]["standings"] if site["tables"] else [])}
    header = (
        *t("booklet.no-team").split(),
        *(str(n) for n in nos),
        site["labels"]["match_points"],
        t("booklet.rank"),
    )
    body = tuple(
        (
            str(a),
            event.team(a).name,
            *("×" if a == b else " ".join(scores[a].get(b, [])) for b in nos),
            _fmt(final.get(a, {}).get("match_points")),
            _fmt(final.get(a, {}).get("rank")),
        )
        for a in nos
    )
    return Table(
        t("booklet.team-cross-table-game-points"),
        header,
        body,
        (True, False, *[True] * (len(nos) + 2)),
        2,
    )


def _board_table(site: dict, lang: str) -> Table:
    t = Text(lang)
    header = t(
        "booklet.board-rank-no-name-team-points-games-won",
    ).split()
    body = tuple(
        (
            k,
            r["rank"],
            r["no"],
            r["name"],
            r["team"],
            r["points"],
            r["games"],
            r["wins"],
            r["draws"],
            r["losses"],
            r["fouls"],
            r["percentage"],
        )
        for k, rows in sorted(site["board_tables"].items(), key=lambda kv: int(kv[0]))
        for r in rows
    )
    numeric = (True, True, True, False, False, *[True] * 7)
    return Table(t("booklet.board-results"), tuple(header), body, numeric, keep=4)


def _rosters(site: dict, lang: str) -> Table:
    """Every team's players (the 替补 who never played included), with
    their 局数 and 积分 (台次成绩)."""
    t = Text(lang)
    player = {p["no"]: p for p in site["players"]}
    body = []
    for tm in site["teams"]:
        for k, m in enumerate(tm["members"]):
            row = player[m["no"]]["board_row"]
            head = (str(tm["no"]), tm["name"]) if k == 0 else ("", "")
            body.append((*head, str(m["no"]), m["name"], row.get("games", "0"), row.get("points", "")))
    header = t("booklet.no-team-no-player-games-points").split()
    return Table(t("booklet.team-rosters"), tuple(header), tuple(body), (True, False, True, False, True, True))


def _team_round(rnd: dict, lang: str) -> list[Block]:
    t = Text(lang)
    header = t("booklet.match-teams-score-board-red-result-black").split()
    body = []
    for m in rnd["matches"]:
        for k, b in enumerate(m["boards"] or [None]):
            head = (
                (str(m["match"]), f"{m['first']['name']} — {m['second']['name']}", m["score"])
                if k == 0
                else ("", "", "")
            )
            if b is None:
                body.append((*head, "", "", "", ""))
                continue
            red, black = (
                t("booklet.seat-unit", no=s["no"], name=s["name"], unit=s["unit"]) if s["no"] else ""
                for s in (b["red"], b["black"])
            )
            body.append((*head, str(b["board"]), red, b["result"], black))
    blocks: list[Block] = [
        Table(
            t("booklet.round-pairings-and-results", rnd_round=rnd["round"]),
            tuple(header),
            tuple(body),
            (True, False, True, True, False, False, False),
        )
    ]
    if rnd["byes"]:
        names = t("record_text.text-3").join(f"{x['no']} {x['name']}" for x in rnd["byes"])
        blocks.append(Paragraph(t("booklet.bye-3", names=names)))
    return blocks + _team_special_lines(rnd, lang)


def _team_special_lines(rnd: dict, lang: str) -> list[Block]:
    """Under a team round's table, as the site's round page: each match's
    弃权 (its forfeited boards, or the team that forfeited the whole match,
    全场弃权), then the teams withdrawn by this round (退赛, from which round)."""
    t = Text(lang)
    sep = t("record_text.text-3")
    out: list[Block] = []
    for m in rnd["matches"]:
        f = m.get("forfeits") or {}
        if f.get("by"):
            text = t("site.match-forfeited", team=f["by"]["name"])
        elif f.get("boards"):
            text = t("booklet.forfeit-list", boards=sep.join(t("site.board-n", n=n) for n in f["boards"]))
        else:
            continue
        out.append(Paragraph(t("booklet.match-special", match=m["match"], text=text)))
    if rnd.get("withdrawn"):
        names = sep.join(
            t("booklet.withdrawn-from", name=f"{x['no']} {x['name']}", n=x["from"]) for x in rnd["withdrawn"]
        )
        out.append(Paragraph(t("booklet.withdrawn-list", names=names)))
    return out


def team_sections(event: Any, site: dict, lang: str) -> list[Section]:
    t = Text(lang)
    sections = [Section(t("booklet.team-standings"), t("booklet.team-standings"), (_team_standings(site, lang),))]
    sections.append(Section(t("booklet.team-rosters"), t("booklet.rosters"), (_rosters(site, lang),)))
    if site["rounds"]:
        res = _team_results(event, site, lang)
        sections.append(Section(res.title, t("booklet.team-results"), (res,)))
        if get_team_system(event.settings.system).follows_order_table:
            sections.append(
                Section(t("booklet.team-cross-table"), t("booklet.cross-table"), (_team_cross(event, site, lang),))
            )
        sections.append(Section(t("booklet.board-results"), t("booklet.boards"), (_board_table(site, lang),)))
    for k, rnd in enumerate(site["rounds"]):
        name = t("booklet.round", rnd_round=rnd["round"])
        sections.append(Section(name, name, tuple(_team_round(rnd, lang)), flow=k > 0))
    return sections
