"""The one printer of the 编排记录: a :class:`~xlxq.core.steps.Record` as
lines in Chinese or English, for the CLI (``xlxq explain``), the workbook's
编排记录 sheet and the web page alike.  Pure: the language is passed in.

The Chinese is the wording of seed 000 (the text the program has always
written, kept byte for byte); the English uses the arbiters' terms, each
with its Chinese beside it the first time a record uses it ("same position
(同位)"), and cites the clause on every line.  A team record names teams
(7队, "team 7"), 先走/后走 for the colours; the team workbook's sheet keeps
its own older wording (``Record.style`` "sheet").
"""

from __future__ import annotations

from typing import Any, Callable

from xlxq.core.knockout import stage_msg
from xlxq.core.records import heading, ko_stage, system_name, team_system_name
from xlxq.core.steps import Record, Step
from xlxq.core.notes import Note, note_text
from xlxq.i18n import Text, pick
from xlxq.text import joined
from xlxq.i18n import Msg

Line = Callable[[Step], list[str]]

#: first-round methods: (zh, en)
FIRST_ROUND = {
    "adjacent": ("近号配对", "adjacent numbers"),
    "fold": ("首尾配对", "first against last"),
    "slide": ("对半交叉配对", "top half against bottom half"),
    "random": ("随机配对", "random draw"),
}
#: round-1 colour methods other than 方法(一)'s (seed 001 §二.3): (zh, en)
FIRST_ROUND_COLOURS = {
    "top_half": ("上半区先手", "the top half has red"),
    "odd_number": ("单数序号先手、双数序号后手", "odd numbers have red, even numbers black"),
    "draw": ("先后手抽签决定", "colours drawn by lot"),
}
#: the 方法(二) reasons that make a player 先编者: (zh, en)
PICKER = {
    "alone": ("本段仅剩一人", "the only one left in the group"),
    "score": ("方法(二)1 高分先编", "方法(二)1: the higher score picks first"),
    "balance": ("方法(二)2 与平先之差的绝对值最大", "方法(二)2: the largest colour imbalance picks first"),
    "run": ("方法(二)3/4 连走次数多者先编", "方法(二)3/4: the longer run of one colour picks first"),
    "number_odd": ("方法(二)5 单轮次小号先编", "方法(二)5: odd round, the smaller number picks first"),
    "number_even": ("方法(二)5 双轮次大号先编", "方法(二)5: even round, the larger number picks first"),
}
#: the colour reasons of core/colours.py ``allocate``: (zh, en)
COLOUR = {
    "m4.1": ("方法(四)1 少先者先走", "方法(四)1: the one short of {red}s {has_red}"),
    "m4.1_ext": ("先走较少者先走（方法(四)1 推及）", "fewer {red}s {has_red} (方法(四)1 extended)"),
    "m4.2-7": ("方法(四)2–7 连后/上后者先走", "方法(四)2–7: the one on {black} (连后/上后) {has_red}"),
    "m4.2-7_ext": (
        "先后走数相同，连后/上后者先走（方法(四)2–7 推及）",
        "equal balance, the one on {black} {has_red} (方法(四)2–7 extended)",
    ),
    "m4.8_sum_odd": ("方法(四)8 号和为奇数，小号先走", "方法(四)8: odd sum of numbers, the smaller {has_red}"),
    "m4.8_sum_even": ("方法(四)8 号和为偶数，大号先走", "方法(四)8: even sum of numbers, the larger {has_red}"),
    "m4.8_round_odd": ("方法(四)8 单轮小号先", "方法(四)8: odd round, the smaller number {has_red}"),
    "m4.8_round_even": ("方法(四)8 双轮大号先", "方法(四)8: even round, the larger number {has_red}"),
    "m4.9": ("方法(四)9 低分服从高分", "方法(四)9: the lower score gives way to the higher"),
    "m4.9_broad": (
        "方法(四)9 低分服从高分（缺先补先、缺后补后）",
        "方法(四)9: the lower score gives way to the higher (the colour it lacks)",
    ),
    "p11": ("原则(十一) 避免连三/多三", "原则(十一): avoids three in a row / three over"),
    "p12": ("原则(十二) 最后一轮先后走只相差一先", "原则(十二): last round, colours end at most one apart"),
    "p12_keep": (
        "；最后一轮不为原则(十一)换先后（原则(十二) 只相差一先）",
        "; not swapped for 原则(十一) in the last round (原则(十二))",
    ),
}
#: the quality criteria of a group pairing (steps.Q_KEYS): (zh, en)
QUALITY = {
    "floats": ("下调人数", "floats "),
    "hard": ("连三/多三", "three in a row/over "),
    "refloat": ("连续上下调", "repeated floats "),
    "strong": ("先后走不平衡", "colour imbalance not met "),
    "weak": ("未变换先后走", "colours not alternated "),
    "apart": ("终局相差两先以上", "ending two apart "),
    "floaton": ("下调者再下调", "floated in and on "),
    "unit": ("同单位相遇", "club-mates paired "),
}
#: why a 先编者 passed a player over (steps.skip_reason), but 拆对
SKIP_ZH = {"met": "已相遇", "forbidden": "回避配对"}
SKIP_EN = {"met": "already met", "forbidden": "forbidden pair"}
SCORE_BASIS = {"match_points": ("场分", "match points"), "game_points": ("局分", "game points")}


def fmt_score(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def colour_text(reason: str, lang: str, team: bool = False) -> str:
    """A colour reason of ``allocate`` (a key, perhaps with ``+p12_keep``)
    in words; ``team``: the Chinese of a team record (队和 for 号和)."""
    code = Text(lang).lang
    parts = reason.split("+")
    out = "".join(pick(code, *COLOUR[part]) for part in parts)
    if code != "en":
        return out.replace("号和", "队和").replace("號和", "隊和") if team else out
    if team:
        return out.format(red="first", black="second", has_red="goes first")
    return out.format(red="red", black="black", has_red="has red")


def ko_game_label(kind: str, k: int, games: int, lang: str) -> str:
    """What a knockout game is (第2局, 加赛第1局 …): ``kind`` main /
    armageddon / playoff, ``k`` its number in the match."""
    t = Text(lang)
    if kind == "main":
        return t("record_text.game", k=k) if games > 1 else ""
    if kind == "armageddon":
        return t("record_text.play-off-decider-draw-black-wins")
    return t("record_text.play-off-game", k_games=k - games)


def clause_text(clause: str, lang: str) -> str:
    """A clause as cited in ``lang``: the rules' own words, the same in 简体
    and English (方法(三)6, 原则(八), 第13.1条); 繁體 writes them in 繁體
    (原則(八), 第13.1條, 棋規循環賽對局秩序表)."""
    if Text(lang).lang != "zh-Hant" or not clause:
        return clause
    return clause.translate(_HANT_CLAUSE)


#: the simplified characters of the clauses cited (原则, 条, 棋规循环赛对局秩序表)
_HANT_CLAUSE = str.maketrans("则条规环赛对", "則條規環賽對")


class Printer:
    """Renders one record in one language (see the module text)."""

    def __init__(self, rec: Record, lang: str) -> None:
        self.rec = rec
        self.t = Text(lang)
        # the English printer: hand-written English prose with the Chinese term
        # beside it the first time (``term``); every other language prints the
        # catalogue's record.* messages (the Chinese forms' wording, translated)
        self.en = self.t.lang == "en"
        self.team = rec.entrant == "team"
        self.sheet = rec.style == "sheet"
        # team words in Chinese: 7队, 先走/后走 (the sheet keeps 号, 红/黑)
        self.team_zh = self.team and not self.sheet
        self.seen: set[str] = set()

    # -- words -----------------------------------------------------------------
    def clause(self, st: Step) -> str:
        """The step's clause as cited in this language (:func:`clause_text`)."""
        return clause_text(st.clause, self.t.lang)

    def term(self, en: str, zh: str) -> str:
        """An English term, with its Chinese beside it the first time."""
        if zh in self.seen:
            return en
        self.seen.add(zh)
        return f"{en} ({zh})"

    def no(self, n: int) -> str:
        """An entrant by number: 7号 / 7队 / "7" (en)."""
        if self.en:
            return f"{n}"
        return self.t("common.team-no" if self.team_zh else "common.no", no=n)

    def name(self, n: int) -> str:
        nm = self.rec.names.get(n, "")
        if self.en:
            return f"{'team ' if self.team else ''}{n} {nm}".rstrip()
        return self.t("record.team-name" if self.team_zh else "record.player-name", no=n, name=nm)

    def nos(self, ns: list[int]) -> str:
        """Several numbers: 3、5号 / 3, 5."""
        if self.en:
            return ", ".join(map(str, ns))
        return self.t(
            "common.team-no" if self.team_zh else "common.no", no=self.t("common.list-sep").join(map(str, ns))
        )

    def describe(self, c: dict[str, Any]) -> str:
        """A card: '7号 4分 先3后2 多先1 上先' / '7: 4 pts, 3 red 2 black, …'."""
        d, s = c["diff"], c["streak"]
        if not self.en:
            t = self.t
            bal = t("record.over", d=d) if d > 0 else t("record.short", d=-d) if d < 0 else t("record.level")
            if s >= 2:
                run = t("record.reds-in-a-row", s=s)
            elif s == 1:
                run = t("record.last-red")
            elif s <= -2:
                run = t("record.blacks-in-a-row", s=-s)
            elif s == -1:
                run = t("record.last-black")
            else:
                run = t("record.no-colour-yet")
            return t(
                "record.card",
                no=self.no(c["no"]),
                score=fmt_score(c["score"]),
                reds=c["reds"],
                blacks=c["blacks"],
                bal=bal,
                run=run,
            )
        red, black = ("first", "second") if self.team else ("red", "black")
        if d > 0:
            bal = self.term(f"{d} {red} over", "多先")
        elif d < 0:
            bal = self.term(f"{-d} {red} short", "少先")
        else:
            bal = self.term("level", "平先")
        if s >= 2:
            run = self.term(f"{s} {red}s in a row", "连先")
        elif s == 1:
            run = self.term("first last time" if self.team else "last red", "上先")
        elif s <= -2:
            run = self.term(f"{-s} {black}s in a row", "连后")
        elif s == -1:
            run = self.term("second last time" if self.team else "last black", "上后")
        else:
            run = self.term("no colour yet", "无先后")
        pts = "pt" if c["score"] == 1 else "pts"
        return f"{c['no']}: {fmt_score(c['score'])} {pts}, {c['reds']} {red} {c['blacks']} {black}, {bal}, {run}"

    def colour(self, key: str) -> str:
        return colour_text(key, self.t.lang, self.team_zh if not self.en else self.team)

    # -- the record --------------------------------------------------------------
    def lines(self) -> list[str]:
        rec, t = self.rec, self.t
        default = "record_text.team-event" if rec.default_name == "team_event" else "record_text.event"
        head = heading(rec.round, rec.event_name, t.lang, default)
        out = [ko_stage(head, t.lang) if rec.stage == "ko" else head]
        for st in rec.steps:
            out += getattr(self, "k_" + st.kind)(st)  # one k_<kind> method per kind of step
        return out

    def k_note(self, st: Step) -> list[str]:
        note = st["text"]
        text = note_text(note, self.t.lang) if isinstance(note, Note) else st["en"] if self.en else note
        return [self.t("record_text.note", note=text)]

    def k_rederived(self, st: Step) -> list[str]:
        return [
            self.t(
                "record_text.note-results-or-entries-withdrawals",
            )
        ]

    # -- the Swiss -----------------------------------------------------------------
    def k_first_round(self, st: Step) -> list[str]:
        zh, en = FIRST_ROUND[st["method"]]
        colours = st.data.get("colours")
        if colours:  # seed 001 §二.3's other colour methods (individual events)
            czh, cen = FIRST_ROUND_COLOURS[colours]
            if self.en:
                return [f"round 1: {en} ({zh}); {cen} (seed 001)"]
            return [
                self.t(
                    "record.first-round-colours", method=pick(self.t.lang, zh, en), colours=pick(self.t.lang, czh, cen)
                )
            ]
        if self.en:
            units = "matches" if self.team else "boards"
            first = "goes first" if self.team else "has red"
            return [
                f"round 1: {en} ({zh}){' by team number' if self.team else ''}; on odd {units} the smaller "
                f"number {first}, on even {units} the larger ({self.clause(st)})"
            ]
        key = (
            "record.first-round-sheet"
            if self.sheet
            else "record.first-round-team"
            if self.team
            else "record.first-round"
        )
        return [self.t(key, method=pick(self.t.lang, zh, en))]

    def k_method(self, st: Step) -> list[str]:
        odd = st["parity"] == "odd"
        if self.en:
            order = "odd round: smaller numbers first" if odd else "even round: larger numbers first"
            who = "teams" if self.team else "players"
            return [
                f"{self.term('positional pairing', '定位编排')}: {who} by score group, {order} "
                f"({'单轮次' if odd else '双轮次'}); "
                f"the {self.term('first picker', '先编者')} by 方法(二), pairs by 方法(三), colours by 方法(四)"
            ]
        parity = self.t("record.odd-round-smaller-first" if odd else "record.even-round-larger-first")
        if self.sheet:
            basis = pick(self.t.lang, *SCORE_BASIS[st["basis"]])
            return [self.t("record.method-sheet", basis=basis, parity=parity)]
        return [self.t("record.method", parity=parity)]

    def k_group(self, st: Step) -> list[str]:
        if self.en:
            who = "teams" if self.team else "players"
            line = f"{self.term('score group', '积分段')} {fmt_score(st['score'])}, {st['size']} {who}"
            if st["incoming"]:
                line += f" (with {self.nos(st['incoming'])} {self.term('floated down', '下调')} from above)"
            return [line + f" ({self.clause(st)})"]
        t = self.t
        unit = t("record.unit-teams" if self.team_zh else "record.unit-players")
        line = t("record.group", score=fmt_score(st["score"]), size=st["size"], unit=unit)
        if st["incoming"]:
            line += t(
                "record.group-incoming",
                nos=t("common.list-sep").join(str(n) for n in st["incoming"]),
                unit=t("record.unit-team-no" if self.team_zh else "record.unit-no"),
            )
        return [line]

    def k_row(self, st: Step) -> list[str]:
        red = st["row"] == "red"
        if self.en:
            if self.team:
                label = (
                    self.term('"must go first" row', "要先行") if red else self.term('"must go second" row', "要后行")
                )
            else:
                label = (
                    self.term('"must have red" row', "要先行") if red else self.term('"must have black" row', "要后行")
                )
            cards = "; ".join(self.describe(c) for c in st["cards"]) or "(empty)"
            return [f"  {label} by {self.clause(st)}: {cards}"]
        t = self.t
        label = t("record.must-go-first" if red else "record.must-go-second")
        cards = t("record.sep").join(self.describe(c) for c in st["cards"]) or t("record.empty")
        return [t("record.row", label=label, cards=cards)]

    def k_pair(self, st: Step) -> list[str]:
        why_zh, why_en = PICKER[st["why"]]
        if self.en:
            form = {
                "same_position": ("same position", "同位"),
                "shifted": ("shifted", "错位"),
                "same_row": ("same-row", "同行"),
                "cross_fill": ("cross-row fill-in", "异行补配"),
            }[st["form"]]
            colours = (
                f"first {st['red']}, second {st['black']}" if self.team else f"red {st['red']}, black {st['black']}"
            )
            line = (
                f"  {st['n']}. {self.term('first picker', '先编者')} {self.name(st['picker'])} ({why_en}) "
                f"pairs {self.term(*form)} with {self.name(st['partner'])}: {colours} ({self.colour(st['colour'])})"
            )
            if st["skipped"]:
                line += "; passed over " + ", ".join(
                    f"{s['no']} ({SKIP_EN.get(s['why']) or self.term('backtracking', '拆对')})" for s in st["skipped"]
                )
            return [line]
        t = self.t
        colours = t("record.first-second" if self.team_zh else "record.red-black", red=st["red"], black=st["black"])
        line = t(
            "record.pair",
            n=st["n"],
            picker=self.name(st["picker"]),
            why=pick(t.lang, why_zh, why_en),
            form=t("record.form-" + st["form"]),
            partner=self.name(st["partner"]),
            colours=colours,
            colour=self.colour(st["colour"]),
        )
        if st["skipped"]:
            line += t(
                "record.passed-over",
                nos=t("common.list-sep").join(
                    t(
                        "record.passed-over-one",
                        no=s["no"],
                        why=pick(t.lang, SKIP_ZH[s["why"]], SKIP_EN[s["why"]])
                        if s["why"] in SKIP_ZH
                        else t("record.backtracking"),
                    )
                    for s in st["skipped"]
                ),
            )
        return [line]

    def k_wait(self, st: Step) -> list[str]:
        ps = st["players"]
        if self.en:
            across = self.term("cross-row", "异行")
            if len(ps) == 1:
                return [
                    f"  ·  {self.name(ps[0])} has no {across} partner left; the next first picker pairs across "
                    "(方法(三)3)"
                ]
            return [
                f"  ·  {self.nos(ps)} have no {across} partner left; the next first pickers pair across in turn "
                f"(方法(三)3), the rest pair {self.term('same-row', '同行')} (方法(三)4)"
            ]
        if len(ps) == 1:
            return [self.t("record.no-cross-partner", name=self.name(ps[0]))]
        return [self.t("record.no-cross-partners", nos=self.nos(ps))]

    def k_defer(self, st: Step) -> list[str]:
        if self.en:
            return [
                f"  ·  {self.term('backtracking', '拆对')}: {self.name(st['player'])} does not pair across for now "
                f"({self.nos(st['legal'])} in the other row could, but give a worse pairing); the next first "
                "picker pairs across (方法(五), 方法(三)3)"
            ]
        legal = self.t("common.list-sep").join(str(n) for n in st["legal"])
        return [self.t("record.defer", name=self.name(st["player"]), legal=legal)]

    def k_float(self, st: Step) -> list[str]:
        if self.en:
            alone = " (the only one left in the group)" if st["alone"] else ""
            return [
                f"  ·  {self.name(st['player'])}{alone} {self.term('floats down', '下调')} to the next score "
                f"group ({self.clause(st)})"
            ]
        alone = self.t("record.alone") if st["alone"] else ""
        return [self.t("record.float", name=self.name(st["player"]), alone=alone)]

    def k_bye(self, st: Step) -> list[str]:
        if self.en:
            won = "scored as a match won" if self.team else "on the last board, scored as a win"
            return [f"  ·  {self.name(st['player'])} has the {self.term('bye', '轮空')}, {won} ({self.clause(st)})"]
        where = self.t("record.bye-team" if self.team_zh else "record.bye-player")
        return [self.t("record.bye", name=self.name(st["player"]), where=where)]

    def k_absent(self, st: Step) -> list[str]:
        who = self.t("common.list-sep").join(self.name(n) for n in st["players"])
        pts = fmt_score(st["points"])
        if self.en:
            who = ", ".join(self.name(n) for n in st["players"])
            return [
                f"{self.term('absent', '请假')}: {who}: not paired this round, no bye, {pts} "
                f"{'pt' if st['points'] == 1 else 'pts'}; paired again from the next round ({self.clause(st)})"
            ]
        return [self.t("record.absent", who=who, pts=pts, clause=self.clause(st))]

    def k_late_entry(self, st: Step) -> list[str]:
        if self.en:
            who = ", ".join(self.name(n) for n in st["players"])
            return [
                f"{self.term('late entry', '迟到入场')}: {who}: paired from this round, no points for the "
                f"rounds before ({self.clause(st)})"
            ]
        who = self.t("common.list-sep").join(self.name(n) for n in st["players"])
        return [self.t("record.late-entry", who=who, clause=self.clause(st))]

    def k_search(self, st: Step) -> list[str]:
        lang, sep = self.t.lang, self.t("record.comma")
        q0 = sep.join(f"{pick(lang, *QUALITY[k])}{v}" for k, v in st["first"].items())
        q1 = sep.join(f"{pick(lang, *QUALITY[k])}{v}" for k, v in st["chosen"].items())
        if self.en:
            return [
                f"  {self.term('backtracking', '拆对')} ({self.clause(st)}): {st['nodes']} search steps; first pairing "
                f"({q0}) → chosen ({q1})"
                + ("; search limit reached, the best found is used" if st["budget_hit"] else "")
            ]
        return [
            self.t("record.search", nodes=st["nodes"], q0=q0, q1=q1)
            + (self.t("record.search-limit") if st["budget_hit"] else "")
        ]

    def k_same_unit(self, st: Step) -> list[str]:
        """同单位回避 in every round (a 补充规定): the team-mates the search kept
        apart by undoing pairs, and those it could not."""
        out = []
        pairs = "、".join(f"{a}–{b}" for a, b in st["unavoidable"])
        if self.en:
            if st["avoided"]:
                out.append(
                    f"  club-mates kept apart (原则(七), announced rule): {st['avoided']} pair(s), by undoing pairs"
                )
            if pairs:
                out.append(
                    f"  club-mates paired, no other full pairing of the group avoids it (原则(七)): {pairs.replace('、', ', ')}"
                )
            return out
        if st["avoided"]:
            out.append(self.t("record.club-mates-kept-apart", n=st["avoided"]))
        if pairs:
            out.append(self.t("record.club-mates-paired", pairs=pairs))
        return out

    # -- pairings -------------------------------------------------------------------
    def k_pairings(self, st: Step) -> list[str]:
        t, names = self.t, self.rec.names
        out = [t("record_text.the-engines-pairing") if self.rec.of_kind("played") else t("record_text.pairings")]
        ko = st.data.get("ko")
        for k, (board, red, black, result) in enumerate(st["boards"]):
            res = t("record_text.prefilled", result=result) if result else ""
            line = t(
                "record_text.board-red-black",
                board=board,
                red=red,
                names_red=names[red],
                black=black,
                names_black=names[black],
                res=res,
            )
            if ko is not None:
                line += self.ko_match(ko[k])
            out.append(line)
        for no in st["byes"]:
            out.append(t("record_text.bye-2", no=no, names_no=names[no]))
        return out

    def k_played(self, st: Step) -> list[str]:
        """The round as played where it differs from the proposal printed
        before it: every board, each change marked 人工调整."""
        t, names = self.t, self.rec.names
        marks = {c["board"]: c for c in st["changes"] if c["board"] is not None}
        bye_marks = {c["red"]: c for c in st["changes"] if c["kind"] == "bye"}
        hand = self.term("changed by hand", "人工调整")
        out = [t("record_text.as-played-differs-from-the-engine", hand=hand if self.en else "")]
        for board, red, black in st["boards"]:  # a team round: its matches (first, second)
            out.append(self.played_line(board, red, black) + (self.hand_mark(marks[board]) if board in marks else ""))
        for no in st["byes"]:
            who = self.tname(no) if self.team and not self.sheet else f"{no} {names[no]}"
            line = t("record_text.bye", who=who)
            out.append(line + (self.hand_mark(bye_marks[no]) if no in bye_marks else ""))
        out += ["  " + dropped_text(c, t.lang, self.name) for c in st["changes"] if c["kind"] == "dropped"]
        return out

    def played_line(self, board: int, red: int, black: int) -> str:
        """A board as played (a team round: a match, as :meth:`k_matches` words it)."""
        t, names = self.t, self.rec.names
        if not self.team:
            return t(
                "record_text.board-red-black-2",
                board=board,
                red=red,
                names_red=names[red],
                black=black,
                names_black=names[black],
            )
        if self.sheet:
            return t(
                "record_text.match-first-second",
                board=board,
                red=red,
                names_red=names[red],
                black=black,
                names_black=names[black],
            )
        a, b = self.tname(red), self.tname(black)
        return t("record_text.match-first", board=board, a=a, b=b)

    def hand_mark(self, c: dict[str, Any]) -> str:
        """The 人工调整 mark of a board or bye as played."""
        return "  " + hand_mark(c, self.t.lang)

    def ko_match(self, m: dict[str, Any] | None) -> str:
        """The stage, the game and the colour reason of a knockout board."""
        t = self.t
        if m is None:
            return t("record_text.text") + t("record_text.colours-swapped-from-the-previous-game")
        label = ko_game_label(m["kind"], m["k"], m["games"], t.lang)
        if m["seed_rank"] is not None:
            why = t(
                "record_text.better-seeding-has-red-in-place-of-the",
                seed_rank=m["seed_rank"],
            )
        else:
            why = t("record_text.colours-swapped-from-the-previous-game")
        sname = stage_msg(m["stage"], m["stages"]).render(t.lang)
        return t("record_text.sname-label-why", sname=sname, label=label, why=why)

    def tname(self, no: int) -> str:
        """A team as the matches name it: 队名（7队） / Name (7)."""
        nm = self.rec.names[no]
        return self.t("record_text.nm-no", nm=nm, no=no)

    def k_matches(self, st: Step) -> list[str]:
        """The matches of a team round (and a 全队轮赛制 round's boards)."""
        t, names, rec = self.t, self.rec.names, self.rec
        out = [t("record_text.the-engines-pairing") if rec.of_kind("played") else t("record_text.matches")]
        for m, first, second, boards in st["matches"]:
            if self.sheet:
                out.append(
                    t(
                        "record_text.match-first-second-2",
                        m=m,
                        first=first,
                        names_first=names[first],
                        second=second,
                        names_second=names[second],
                    )
                )
                continue
            mark = "" if st["scheveningen"] else t("record_text.first")
            a, b = self.tname(first), self.tname(second)
            out.append(t("record_text.match", m=m, a=a, mark=mark, b=b))
            for board, red, black in boards:
                pn = rec.player_names
                out.append(
                    t(
                        "record_text.board-red-black-3",
                        board=board,
                        red=red,
                        pn_red=pn[red],
                        black=black,
                        pn_black=pn[black],
                    )
                )
        for no in st["byes"]:
            if self.sheet:
                out.append(t("record_text.bye-2", no=no, names_no=names[no]))
            else:
                out.append(t("record_text.bye-3", tname_no=self.tname(no)))
        return out

    # -- round robin -------------------------------------------------------------------
    def k_rr_table(self, st: Step) -> list[str]:
        t = self.t
        n, m, ph, g = st["players"], st["largest"], st["phantom"], st["games"]
        label = system_name(st["system"], t.lang, g)
        if self.en:
            return [
                f"{label} of {n} players; largest number M = {m}"
                + (f" (odd field: {m} is the phantom, its opponent has the bye)" if ph else "")
                + f"; {m - 1} table rounds a cycle (棋规 round-robin table, 循环赛对局秩序表)"
            ]
        phantom = t("record.rr-phantom", n=n, m=m) if ph else ""
        return [t("record.rr-table", n=n, label=label, m=m, phantom=phantom, cycle=m - 1)]

    def where(self, st: Step) -> str:
        t = self.t
        w = t("record_text.table-round", table_round=st["table_round"])
        if st["double"]:
            w = t("record_text.cycle", st_cycle=st["cycle"]) + w
        if st["games"] > 1:
            w += t("record_text.game-2", st_game=st["game"])
        return w

    def k_rr_position(self, st: Step) -> list[str]:
        w = self.where(st)
        return [self.t("record_text.this-round", w=w)]

    def k_rr_row(self, st: Step) -> list[str]:
        t = self.t
        cells = "  ".join(
            f"{a}—{b}" + (t("record_text.bye-4") if st["phantom"] in (a, b) else "") for a, b in st["pairs"]
        )
        tr = st["table_round"]
        return [t("record_text.table-round-table-numbers-first-listed", tr=tr) + cells]

    def k_rr_numbers(self, st: Step) -> list[str]:
        return [
            self.t("record_text.table-number-no")
            + self.t("record_text.text-2").join(f"{i}→{no}" for i, no in enumerate(st["nos"], 1))
        ]

    def k_rr_bye(self, st: Step) -> list[str]:
        t, x, m = self.t, st["player"], st["phantom"]
        nm = self.rec.names.get(x, "")
        who = t("record_text.nm-x", nm=nm, x=x)
        return [
            t(
                "record_text.bye-meets-the-phantom-no-points-no",
                who=who,
                m=m,
            )
        ]

    def k_rr_colours(self, st: Step) -> list[str]:
        t = self.t
        reason = t("record_text.the-number-listed-first-has-red-13-1")
        if st["cycle"] == 2:
            reason += t("record_text.second-cycle-colours-reversed")
        g, game = st["games"], st["game"]
        if g > 1 and game % 2 == 0:
            reason += t(
                "record_text.game-of-the-match-colours-swapped",
                game=game,
            )
        swap = st["swap"]
        return [t("record.colours", reason=reason) + (t("record.so-second-has-red") if swap else "")]

    # -- knockout -------------------------------------------------------------------------
    def k_ko_bracket(self, st: Step) -> list[str]:
        po, g = st["playoffs"], st["games"]
        return [
            self.t("record.ko-bracket", players=st["players"], size=st["size"], stages=st["stages"], g=g, po=po)
            + self.t("record.ko-armageddon" if st["armageddon"] else "record.ko-last-repeats")
        ]

    def k_ko_seeding(self, st: Step) -> list[str]:
        return [
            self.t("record_text.seeding-seeds-by-seed-then-by-no")
            + self.t("record_text.text-3").join(f"{i}.{no}" for i, no in enumerate(st["order"], 1))
        ]

    # -- teams ------------------------------------------------------------------------------
    def k_team_system(self, st: Step) -> list[str]:
        label = team_system_name(st["system"], self.t.lang)
        return [
            self.t(
                "record_text.teams-boards-a-match",
                label=label,
                st_teams=st["teams"],
                st_boards=st["boards"],
            )
        ]

    def k_team_swiss(self, st: Step) -> list[str]:
        zh, en = SCORE_BASIS[st["basis"]]
        zh_label, en_label = ("局分", "Game pts") if st["basis"] == "game_points" else ("场分", "Match pts")
        if self.en:
            return [
                f"the teams are paired as players are (the same engine): score = {en_label} ({zh}); "
                f"first (先) = the team that goes first (red on odd boards)"
            ]
        return [self.t("record.team-swiss", label=pick(self.t.lang, zh_label, en_label))]

    def k_team_rr(self, st: Step) -> list[str]:
        return [
            self.t(
                "record_text.team-round-robin-the-rulebooks-table",
            )
        ]

    def k_sch_sides(self, st: Step) -> list[str]:
        t, pn, k = self.t, self.rec.player_names, st["boards"]
        a, b = st["a"], st["b"]
        names = self.rec.names
        return [
            t(
                "record_text.scheveningen-a-b-a-side-each-player",
                names_a=names[a],
                a=a,
                names_b=names[b],
                b=b,
                k=k,
            ),
            t("record_text.a")
            + t("record_text.text-3").join(f"A{i}={no} {pn[no]}" for i, no in enumerate(st["a_players"], 1)),
            t("record_text.b")
            + t("record_text.text-3").join(f"B{i}={no} {pn[no]}" for i, no in enumerate(st["b_players"], 1)),
        ]

    def k_sch_row(self, st: Step) -> list[str]:
        n, row = st["round"], st["cells"]
        return [self.t("record_text.table-round-first-listed-has-red", n=n, row=row)]


def hand_mark(c: dict[str, Any], lang: str) -> str:
    """What a board or bye as played says of its change from the engine's
    pairing (a change as :func:`~xlxq.core.steps.change_data` gives it): the
    编排记录's 实际对阵, the web pages and the 成绩册 alike."""
    t = Text(lang)
    if c["kind"] == "pairing":
        was = [f"{r}-{k}" for r, k in c["was"]]
        return t(
            "record_text.changed-by-hand-was",
            was_or=joined(was, "common.comma-sep") if was else Msg("record_text.none"),
        )
    if c["kind"] == "colours":
        return t("record_text.changed-by-hand-colours-swapped")
    was = c["byes_was"]
    return t(
        "record_text.changed-by-hand-bye-was",
        was_or=joined(was) if was else Msg("record_text.none"),
    )


def dropped_text(c: dict[str, Any], lang: str, name: Callable[[int], str]) -> str:
    """A pair (or the bye) of the engine's pairing neither of whose players
    is in the round as played; ``name``: a player as the text names him."""
    t = Text(lang)
    if c["black"]:
        return t(
            "record_text.changed-by-hand-the-engines-is-not-in",
            c_red=c["red"],
            c_black=c["black"],
        )
    return t(
        "record_text.changed-by-hand-the-engines-bye-is-not",
        c_red=name(c["red"]),
    )


def record_lines(rec: Record, lang: str) -> list[str]:
    """The lines of a record in ``lang`` (zh / en)."""
    return Printer(rec, lang).lines()


def record_text(rec: Record, lang: str) -> str:
    """The record as one text (its lines joined), as a 编排记录 block."""
    return "\n".join(record_lines(rec, lang))


__all__ = [
    "Printer",
    "clause_text",
    "record_lines",
    "record_text",
    "hand_mark",
    "dropped_text",
    "fmt_score",
    "colour_text",
    "ko_game_label",
    "FIRST_ROUND",
]
