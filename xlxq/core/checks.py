"""Judge a round already made (by the engine or by hand) against the rules.

``check_round`` lists every problem with the round, most serious first:
errors break a hard rule (a player twice or missing, a rematch 原则(六), a
second bye, a withdrawn player paired); warnings are soft rules (a bye that a
lower-scored player without one could have had, the rest still pairable,
原则(五); a new 连三/多三 原则(十一)).
``compare_with_engine`` says where a round differs from what the engine
would pair from the same history.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Mapping, Optional, Sequence

from xlxq.core.colours import after
from xlxq.core.hand import HandChange, engine_changes
from xlxq.core.history import CardState, build_cards, pairable_players
from xlxq.core.matching import Matcher
from xlxq.core.model import Event, Round
from xlxq.i18n import Lazy, Msg, Pair, chinese_forms, tr, zh_only
from xlxq.text import joined

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True, eq=False)
class Issue:
    """A problem with a round: its level (error, warning), its code, its
    message (rendered in the language asked: :meth:`message`), its round and
    the board or players it is about.  ``zh`` and ``en`` are the message's
    简体 and English texts; issues compare (and hash) by their texts."""

    level: str
    code: str
    msg: Msg
    round: int
    board: Optional[int] = None
    players: tuple[int, ...] = ()

    @classmethod
    def of(
        cls, level: str, code: str, msg: Msg, round: int, board: Optional[int] = None, players: tuple[int, ...] = ()
    ) -> Issue:
        """An issue that says ``msg`` (rendered in the language asked)."""
        return cls(level, code, msg, round, board, players)

    @cached_property
    def zh(self) -> str:
        """The message's 简体 text."""
        return self.msg.render("zh")

    @cached_property
    def en(self) -> str:
        """The message's English text."""
        return self.msg.render("en")

    def message(self, lang: str = "zh") -> str:
        return self.msg.render(lang)

    localize = message

    def _key(self) -> tuple[Any, ...]:
        return (self.level, self.code, self.zh, self.en, self.round, self.board, self.players)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Issue):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def texts_msg(zh: str, en: str) -> Msg:
    """Two texts (a finding of a system written before messages, an error
    without a message) as a message: 简体 and English as given, another
    language as :func:`~xlxq.i18n.pick` gives it."""
    return Msg("checks.texts", text=Pair(zh, en))


def _who(name: dict[int, str], no: int) -> Lazy:
    """A player in a warning: 张三（7号）; in English the number only (a
    number without a name: 7（7号）, as the check has always written it)."""
    return Lazy(
        lambda lang: tr(lang, "checks.name-no", name=name.get(no, no), no=no) if chinese_forms(lang) else str(no)
    )


def colour_runs(colours: list[str]) -> tuple[int, int]:
    """(longest run of one colour, largest |reds − blacks| reached)."""
    best = run = 0
    last = None
    d = maxd = 0
    for c in colours:
        run = run + 1 if c == last else 1
        last = c
        best = max(best, run)
        d += 1 if c == "R" else -1
        maxd = max(maxd, abs(d))
    return best, maxd


def lower_byes(
    cards: Mapping[int, CardState],
    in_round: Sequence[int],
    bye: int,
    forbidden: Optional[Mapping[int, set[int]]] = None,
) -> list[int]:
    """原则(五) for a bye already given: the units of ``in_round`` (players,
    or teams in a team Swiss) scored below ``bye``, never given a bye, who
    could have had it with the rest of the round still pairable without a
    rematch (:class:`~xlxq.core.matching.Matcher`), lowest score first, then
    by number.  Empty: the bye was as low as it could go.  ``forbidden``:
    the forbidden pairs (亲属回避), as met, as the engine has them."""
    forbidden = forbidden or {}
    met = {no: cards[no].opponents | forbidden.get(no, set()) for no in in_round}
    matcher = Matcher(met, lambda no: False)
    low = sorted(
        (cards[q].score, q) for q in in_round if q != bye and cards[q].byes == 0 and cards[q].score < cards[bye].score
    )
    return [q for _, q in low if matcher.feasible([x for x in in_round if x != q])]


def bye_msg(
    cards: Mapping[int, CardState],
    in_round: Sequence[int],
    bye: int,
    who: Callable[[int], Any],
    forbidden: Optional[Mapping[int, set[int]]] = None,
) -> Optional[Msg]:
    """The 原则(五) warning for ``bye`` (None when none): it names the
    lowest-scored unit(s) of :func:`lower_byes` who could have had the bye.
    ``who`` writes a unit (a message argument: a :class:`Lazy`, a name)."""
    lower = lower_byes(cards, in_round, bye, forbidden)
    if not lower:
        return None
    best = [who(q) for q in lower if cards[q].score == cards[lower[0]].score]
    return Msg(
        "checks.the-bye-is-not-in-the-lowest-score-group",
        bye=who(bye),
        pts=_pts(cards[bye].score),
        best=Lazy(lambda lang: tr(lang, "common.list-sep").join(str(_arg(x, lang)) for x in best)),
        low=_pts(cards[lower[0]].score),
    )


def _arg(value: Any, lang: str) -> Any:
    localize = getattr(value, "localize", None)
    return localize(lang) if localize is not None else value


def _pts(x: float) -> str:
    return f"{x:g}"


def check_round(event: Event, round_no: int) -> list[Issue]:
    rnd = next((r for r in event.rounds if r.round == round_no), None)
    if rnd is None:
        return [Issue.of(ERROR, "no_round", Msg("teams.there-is-no-round", round_no=round_no), round_no)]
    cards = build_cards(event, round_no, event.settings.pairing.forfeit_counts_as_met)
    return round_issues(event, rnd, cards)


def check_rounds(event: Event) -> dict[int, list[Issue]]:
    """:func:`check_round` of every round, from one pass over the rounds
    (each round checked with the cards as they are before it), when the
    rounds are in order; else each on its own."""
    rounds = event.rounds
    if any(a.round >= b.round for a, b in zip(rounds, rounds[1:])):
        return {r.round: check_round(event, r.round) for r in rounds}
    out: dict[int, list[Issue]] = {}

    def check(i: int, cards: dict[int, CardState]) -> None:
        out[rounds[i].round] = round_issues(event, rounds[i], cards)

    last = rounds[-1].round if rounds else 0
    build_cards(event, last + 1, event.settings.pairing.forfeit_counts_as_met, before_each=check)
    return out


def round_issues(event: Event, rnd: Round, cards: dict[int, CardState]) -> list[Issue]:
    """The checks of the round ``rnd`` (:func:`check_round`), with the cards
    of the rounds before it."""
    round_no = rnd.round
    expected = set(pairable_players(event, round_no, cards))
    name = {p.no: p.name for p in event.players}
    issues: list[Issue] = []
    seen: dict[int, Optional[int]] = {}
    forbidden_pairs = set(event.settings.pairing.forbidden_pairs)
    for b in rnd.boards:
        for no in (b.red, b.black):
            if no in seen:
                issues.append(
                    Issue.of(
                        ERROR,
                        "twice",
                        Msg("checks.round-player-appears-twice", round=round_no, who=_who(name, no)),
                        round_no,
                        b.board,
                        (no,),
                    )
                )
            seen[no] = b.board
        if (min(b.red, b.black), max(b.red, b.black)) in forbidden_pairs:
            issues.append(
                Issue.of(
                    WARNING,
                    "forbidden_pair",
                    Msg(
                        "checks.round-board-and-are-a-forbidden-pair",
                        round=round_no,
                        board=b.board,
                        red=_who(name, b.red),
                        black=_who(name, b.black),
                    ),
                    round_no,
                    b.board,
                    (b.red, b.black),
                )
            )
        if b.black in cards[b.red].opponents:
            issues.append(
                Issue.of(
                    ERROR,
                    "rematch",
                    Msg(
                        "checks.round-board-and-have-already-met",
                        round=round_no,
                        board=b.board,
                        red=_who(name, b.red),
                        black=_who(name, b.black),
                    ),
                    round_no,
                    b.board,
                    (b.red, b.black),
                )
            )
    for no in rnd.byes:
        if no in seen:
            issues.append(
                Issue.of(
                    ERROR,
                    "twice",
                    Msg("checks.round-player-plays-and-has-a-bye", round=round_no, who=_who(name, no)),
                    round_no,
                    None,
                    (no,),
                )
            )
        seen[no] = None
        if cards[no].byes:
            issues.append(
                Issue.of(
                    ERROR,
                    "second_bye",
                    Msg("checks.round-player-already-had-a-bye", round=round_no, who=_who(name, no)),
                    round_no,
                    None,
                    (no,),
                )
            )
    if len(rnd.byes) > 1:
        issues.append(
            Issue.of(
                ERROR,
                "byes",
                Msg("checks.round-has-byes-at-most-one", round_no=round_no, n=len(rnd.byes)),
                round_no,
            )
        )
    for no in sorted(expected - set(seen)):
        issues.append(
            Issue.of(
                ERROR,
                "missing",
                Msg("checks.round-player-is-not-paired", round=round_no, who=_who(name, no)),
                round_no,
                None,
                (no,),
            )
        )
    for no in sorted(set(seen) - expected):
        p = event.player(no)
        if p.absent_in(round_no):
            issues.append(
                Issue.of(
                    ERROR,
                    "absent",
                    Msg("checks.round-player-is-absent-this-round-but", round=round_no, who=_who(name, no)),
                    round_no,
                    seen[no],
                    (no,),
                )
            )
            continue
        why = (  # the Chinese says why; the English did not
            Msg("checks.withdrawn-from-round", round=p.withdrawn_from_round)
            if not p.active_in(round_no)
            else Msg("checks.forfeited-in-a-row-no-longer-paired")
        )
        said = Lazy(lambda lang, why=why: why.render(lang) if chinese_forms(lang) else "")
        issues.append(
            Issue.of(
                ERROR,
                "withdrawn",
                Msg("checks.round-player-is-withdrawn-but-paired", round=round_no, who=_who(name, no), why=said),
                round_no,
                seen[no],
                (no,),
            )
        )
    if rnd.byes and round_no > 1:
        for no in rnd.byes:
            bye = bye_msg(cards, sorted(seen), no, lambda x: _who(name, x), event.settings.pairing.forbidden_with())
            if bye is not None:
                issues.append(
                    Issue.of(
                        WARNING,
                        "bye_not_lowest",
                        Msg("checks.round", round_no=round_no, zh=bye),
                        round_no,
                        None,
                        (no,),
                    )
                )
    for b in rnd.boards:
        for no, col in ((b.red, "R"), (b.black, "B")):
            c = cards[no]
            d, s = after(c, col)
            if abs(s) >= 3 and abs(c.streak) < 3:
                issues.append(
                    Issue.of(
                        WARNING,
                        "three_in_row",
                        Msg(
                            "checks.third-in-a-row",
                            round=round_no,
                            board=b.board,
                            who=_who(name, no),
                            colour=Msg("checks.red" if col == "R" else "checks.black"),
                        ),
                        round_no,
                        b.board,
                        (no,),
                    )
                )
            if abs(d) >= 3 and abs(c.diff) < 3:
                issues.append(
                    Issue.of(
                        WARNING,
                        "three_surplus",
                        Msg(
                            "checks.three-more",
                            round=round_no,
                            board=b.board,
                            who=_who(name, no),
                            colour=Msg("checks.reds" if d > 0 else "checks.blacks"),
                        ),
                        round_no,
                        b.board,
                        (no,),
                    )
                )
    order = {ERROR: 0, WARNING: 1}
    issues.sort(key=lambda i: (order[i.level], i.board or 0))
    return issues


# ------------------------------------------------------------------ 原则(一)(二): the plan

MIN_ROUNDS = 7  # 原则(二): "最低不得少于七轮，以减少偶然性"


def max_swiss_rounds(n: int) -> int:
    """The most rounds a Swiss of ``n`` players (or teams) can ever pair
    without a rematch (原则(六)) and without a second bye: ``n − 1`` for an
    even field (everyone meets each of the others once), ``n`` for an odd
    field (everyone meets the other ``n − 1`` once and has the bye once: a
    complete round robin).  An upper bound: a Swiss may get stuck before it,
    since its earlier rounds were not planned as a round robin."""
    return n if n % 2 else max(n - 1, 0)


def _units(n: int, team: bool) -> Lazy:
    """The field in a message: 9名棋手 / 9 players (9支队伍 / 9 teams)."""

    def render(lang: str) -> str:
        one = "-one" if n == 1 else ""  # the English singular; the Chinese says it alike
        return tr(lang, f"checks.n-teams{one}" if team else f"checks.n-players{one}", n=n)

    return Lazy(render)


def round_count_msgs(n: int, rounds: int, team: bool = False) -> list[Msg]:
    """The warnings on a Swiss planned for ``rounds`` rounds with ``n``
    players (teams): fewer than seven (原则(二)), or more than
    :func:`max_swiss_rounds`.  Warnings only: the organiser decides."""
    out: list[Msg] = []
    top = max_swiss_rounds(n)
    units = _units(n, team)
    one = zh_only("checks.team-unit" if team else "checks.person-unit")
    if rounds > top:
        why = Msg("checks.each-meets-the-others-odd" if n % 2 else "checks.each-meets-the-others", one=one, m=n - 1)
        out.append(
            Msg(
                "checks.rounds-planned-more-than-the-a-swiss-of",
                rounds=rounds,
                zu=units,
                top=top,
                why=why,
            )
        )
    if rounds < MIN_ROUNDS:
        few = Msg("checks.units-allow-at-most", units=units, top=top) if top < MIN_ROUNDS else ""
        out.append(Msg("checks.rounds-planned-fewer-than-seven-at-least", rounds=rounds, few=few))
    return out


def odd_field_msg(n: int, team: bool = False) -> Optional[Msg]:
    """The note on an odd field (原则(一) 参赛运动员（队）数宜为双数), or None."""
    if n % 2 == 0:
        return None
    return Msg(
        "checks.odd-field-one-bye-every-round",
        units=_units(n, team),
        who=zh_only("checks.one-team" if team else "checks.one-player"),
        whom=zh_only("checks.team-unit" if team else "checks.athlete-unit"),
    )


def compare_with_engine(event: Event, round_no: int) -> list[Msg]:
    """Differences between the round in the file and the engine's pairing
    of it (the one it made, when the file keeps it; else from the event as
    it stood before the round: :meth:`Event.as_paired`), one message (a
    line) each, by the one comparison (:func:`~xlxq.core.hand.engine_changes`)."""
    return change_lines(engine_changes(event, round_no))


#: the words of :func:`change_lines` by kind of change (pairing, colours,
#: bye, engine pair left out, engine bye left out): ``check``'s, 人工调整
HAND_WORDS = (
    "checks.board-red-black-pairing-changed-by-hand",
    "checks.board-red-black-colours-swapped-by-hand",
    "checks.bye-bye-changed-by-hand-the-engines-bye",
    "checks.the-engines-red-black-neither-player-is",
    "checks.the-engines-bye-not-in-the-round",
)


def change_lines(changes: Sequence[HandChange], words: Sequence[str] = HAND_WORDS) -> list[Msg]:
    """The changes of a round from the engine's pairing, as ``check`` lists
    them: a message (a line) each; ``words``: the message ids by kind (default
    :data:`HAND_WORDS`; ``audit`` words them as differences)."""
    pairing, colours, bye, left_out, bye_left_out = words
    out: list[Msg] = []
    for c in changes:
        was = joined((f"{r}-{k}" for r, k in c.was), "common.comma-sep") if c.was else Msg("checks.none")
        if c.kind == "pairing":
            out.append(Msg(pairing, board=c.board, red=c.red, black=c.black, was=was))
        elif c.kind == "colours":
            out.append(Msg(colours, board=c.board, red=c.red, black=c.black))
        elif c.kind == "bye":
            byes = joined(c.byes_was) if c.byes_was else Msg("checks.none")
            out.append(Msg(bye, red=c.red, byes=byes))
        elif c.black:
            out.append(Msg(left_out, red=c.red, black=c.black))
        else:
            out.append(Msg(bye_left_out, red=c.red))
    return out
