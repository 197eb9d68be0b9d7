"""Card Commons' scoring: whether a Commission scores against the Nest Egg, each round's
points, the score and its rounds (commons.score.count, commons.score.match and the rules of the
Wild Nest Egg).

``CommonsScoring`` is a part of the game's class, ``CardCommons``: its
methods use the game's ``peek``, ``multiplier`` and ``player_names``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...cards import HIDDEN, Card
from ...engine import Breakdown, Event, RevealedHand, Round, ScoreItem, plural
from .moves import WILDS
from .state import CommonsState

BOTH = frozenset((0, 1))  # both players move in every round
_RED = frozenset("DH")
_CERTAIN = Fraction(1)  # the chance of a Nest Egg that is no Wild still to be swapped


class CommonsScoring:
    """How Card Commons scores: a part of the game's class."""

    # what the scoring reads of the game
    player_names: tuple[str, ...]
    multiplier: Callable[[int], int]

    @property
    def peek(self) -> bool:
        """Whether the game is the Peek variant (the game's class says)."""
        raise NotImplementedError

    def commission_scores(
        self, commission: Card, nest_egg: Card, only_wild_left: bool = False
    ) -> tuple[bool, str, str]:
        """Whether ``commission`` scores against ``nest_egg``: (scores, reason, rule id).

        ``nest_egg`` is the one the round is scored against: in the standard game a Wild Nest
        Egg is first swapped with a face-down pool card, so a Wild is scored against only when
        no other card was left (``only_wild_left``: both Commissions score). For the Nest Eggs
        a round may end with, see :meth:`nest_egg_outcomes`.
        """
        if nest_egg in WILDS:
            if self.peek:
                ok = _color(commission) == _color(nest_egg)
                relation = "like" if ok else "unlike"
                return (
                    ok,
                    (
                        f"the Wild Nest Egg {nest_egg} stays, and Commission {commission} is {_color(commission)} "
                        f"{relation} it"
                    ),
                    "commons.peek.wild-nest-egg",
                )
            if not only_wild_left:
                raise ValueError(
                    f"the Wild Nest Egg {nest_egg} is swapped with a face-down pool card before it is "
                    f"compared (commons.wild-nest-egg.swap): pass the card it is swapped with, or "
                    f"only_wild_left=True when no card but a Wild was left"
                )
            return (
                True,
                (f"only a Wild was left to use as the Nest Egg, so Commission {commission} scores"),
                "commons.wild-nest-egg.both-score",
            )
        if commission.suit == nest_egg.suit:
            return True, f"Commission {commission} matches the Nest Egg {nest_egg} by suit", "commons.score.match"
        if commission.rank == nest_egg.rank:
            return True, f"Commission {commission} matches the Nest Egg {nest_egg} by value", "commons.score.match"
        return (
            False,
            (f"Commission {commission} matches neither the suit nor the value of the Nest Egg {nest_egg}"),
            "commons.score.match",
        )

    def nest_egg_outcomes(self, s: CommonsState) -> tuple[tuple[Card, Fraction], ...]:
        """The Nest Eggs the round on the table may be scored against once it is over, each with
        its chance: the Nest Egg itself, for certain, unless it is a Wild still to be swapped in
        the standard game; then each face-down pool card the random swap may give
        (commons.wild-nest-egg.swap, passing over the other Wild: commons.wild-nest-egg.other-wild),
        or the Wild itself when no other card is left (commons.wild-nest-egg.both-score)."""
        nest, down = s.nest_egg, s.pool_down
        if nest not in WILDS or self.peek or s.phase in ("round-end", "game-over") or not down:
            return ((nest, _CERTAIN),)
        chances: dict[Card, Fraction] = {}
        for pick in range(len(down)):
            target = swap_target(down, pick)
            card = nest if target is None else down[target]
            chances[card] = chances.get(card, Fraction(0)) + Fraction(1, len(down))
        return tuple(chances.items())

    def round_items(self, s: CommonsState, nest_egg: Card | None = None) -> tuple[ScoreItem, ...]:
        """The scoring of the round on the table: one line per player, against ``nest_egg`` (by
        default the Nest Egg the round is scored against; a ValueError while that depends on a
        random swap still to come: then give one of :meth:`nest_egg_outcomes`)."""
        names = self.player_names
        nest_egg = self._scored_against(s, nest_egg)
        mult = self.multiplier(s.round)
        only_wild = nest_egg in WILDS and not s.peek
        items = []
        for p in (0, 1):
            commission = s.commissions[p]
            if commission is None:
                continue
            color = _color(commission)
            counted = tuple(c for c in s.sides[p] if _color(c) == color)
            ok, why, rule = self.commission_scores(commission, nest_egg, only_wild)
            count = f"{plural(len(counted), color + ' card')} on {names[p]}'s side"
            if ok:
                reason = f"Round {s.round}: {why}; {count} × {mult} = {len(counted) * mult}"
                rule = "commons.score.count" if rule == "commons.score.match" else rule
                items.append(ScoreItem(p, len(counted) * mult, reason, rule, counted))
            else:
                items.append(ScoreItem(p, 0, f"Round {s.round}: {why}: nothing for {count}", rule, ()))
        return tuple(items)

    def round_points(self, s: CommonsState, nest_egg: Card | None = None) -> tuple[int, int]:
        """Each player's points of :meth:`round_items`, without their words (the rules score a
        round with this at every round's end)."""
        nest_egg = self._scored_against(s, nest_egg)
        mult = self.multiplier(s.round)
        points = [0, 0]
        for p in (0, 1):
            commission = s.commissions[p]
            if commission is not None and self._commission_matches(commission, nest_egg):
                red = commission.suit in _RED  # commons.score.count: the cards of the Commission's colour
                points[p] = len([c for c in s.sides[p] if (c.suit in _RED) == red]) * mult
        return points[0], points[1]

    def _totals(self, s: CommonsState) -> tuple[int, int]:
        """Each player's points so far, as :meth:`score` totals them, without the words of its
        lines: the rounds scored, and the round on the table once it is revealed."""
        points = self.round_points(s) if s.phase in ("round-end", "game-over") else (0, 0)
        return sum(r[0] for r in s.rounds) + points[0], sum(r[1] for r in s.rounds) + points[1]

    def _scored_against(self, s: CommonsState, nest_egg: Card | None) -> Card:
        """``nest_egg``, or by default the Nest Egg the round is scored against (a ValueError
        while that depends on a random swap still to come)."""
        if nest_egg is not None:
            return nest_egg
        outcomes = self.nest_egg_outcomes(s)
        if len(outcomes) > 1:
            raise ValueError(
                f"the Wild Nest Egg {s.nest_egg} will be swapped at random with one of "
                f"{', '.join(str(c) for c, _ in outcomes)}: give nest_egg="
            )
        return outcomes[0][0]

    def _commission_matches(self, commission: Card, nest_egg: Card) -> bool:
        """Whether ``commission`` scores against the Nest Egg the round is scored against, as
        :meth:`commission_scores` says (a Wild one, in the standard game, is the Wild left when
        no other card was: both Commissions score)."""
        if nest_egg in WILDS:
            return not self.peek or _color(commission) == _color(nest_egg)
        return commission.suit == nest_egg.suit or commission.rank == nest_egg.rank

    def score(self, state: CommonsState) -> Breakdown:
        names = self.player_names
        items = [
            ScoreItem(p, pts[p], f"Round {r}", "commons.score.count")
            for r, pts in enumerate(state.rounds, start=1)
            for p in (0, 1)
            if pts[p]
        ]
        notes: list[str] = []
        revealed = state.phase in ("round-end", "game-over")
        if revealed:
            items += self.round_items(state)
        elif HIDDEN not in state.commissions and None not in state.commissions:
            notes = self._preview(state)
        over = state.phase == "game-over"
        breakdown = Breakdown(names, tuple(items), f"Card Commons — round {state.round}", over, (), tuple(notes))
        if over:
            totals = breakdown.totals
            winners = tuple(p for p in (0, 1) if totals[p] == max(totals))
            breakdown = Breakdown(names, tuple(items), breakdown.title, True, winners, tuple(notes))
        return breakdown

    def rounds(self, state: CommonsState) -> tuple[Round, ...]:
        """One round per deal, its lines of the score as :meth:`score` lists them. A round on the
        table is settled once its cards are turned up (commons.round-end): its showdown shows
        each Commission with what it scored against the Nest Egg, and who scored more."""
        rounds = [
            Round(
                r,
                f"Round {r}",
                tuple(ScoreItem(p, pts[p], f"Round {r}", "commons.score.count") for p in (0, 1) if pts[p]),
                BOTH,
                Event("commons.round-end", f"Round {r} was scored.", None),
                "scored",
            )
            for r, pts in enumerate(state.rounds, start=1)
        ]
        if state.phase not in ("round-end", "game-over"):
            return tuple(rounds) + (Round(state.round, f"Round {state.round}", (), BOTH),)
        items = self.round_items(state)
        revealed = tuple(
            RevealedHand(item.player, _held(state.commissions[item.player]), _commission_worth(item))
            for item in sorted(items, key=lambda item: -item.points)
        )
        ended = Event(
            "commons.round-end",
            f"Both hands are empty: the Nest Egg {state.nest_egg} and the Commissions are turned face up.",
            None,
            (state.nest_egg,),
        )
        return tuple(rounds) + (
            Round(
                state.round,
                f"Round {state.round}",
                items,
                BOTH,
                ended,
                "both hands empty",
                revealed,
                _round_verdict(items, self.player_names),
            ),
        )

    def _preview(self, s: CommonsState) -> list[str]:
        """The note "If round N ended now: ..." for a round in play: the points of each Nest
        Egg the round may end with, their chances and the expected points when a Wild Nest Egg
        is still to be swapped at random. None when the viewer can't see the cards it turns on."""
        outcomes = self.nest_egg_outcomes(s)
        if any(card == HIDDEN for card, _ in outcomes):
            return []
        head, nest = f"If round {s.round} ended now", s.nest_egg

        def points(card: Card) -> str:
            a, b = self.round_points(s, card)
            return f"A {_points(a)}, B {_points(b)}"

        if nest not in WILDS or self.peek:
            return [f"{head}: {points(nest)}."]
        swapped = f"the Wild Nest Egg {nest} would be swapped"
        if len(outcomes) == 1:
            card = outcomes[0][0]
            if card == nest:
                how = "with no card: only a Wild is left, so both Commissions score [commons.wild-nest-egg.both-score]"
            elif any(c in WILDS for c in s.pool_down):
                how = f"with {card}, as the other face-down card is the other Wild [commons.wild-nest-egg.other-wild]"
            else:
                how = f"with {card}, the only face-down pool card [commons.wild-nest-egg.swap]"
            return [f"{head}: {swapped} {how}: {points(card)}."]
        each = " ".join(
            f"With {card if card != nest else 'no card (both Commissions score)'} (chance {chance}): {points(card)}."
            for card, chance in outcomes
        )
        expected = [sum(chance * self.round_points(s, card)[p] for card, chance in outcomes) for p in (0, 1)]
        return [
            f"{head}: {swapped} with a random face-down pool card [commons.wild-nest-egg.swap]. {each} "
            f"Expected: A {_points(expected[0])}, B {_points(expected[1])}."
        ]


def _commission_worth(item: ScoreItem) -> str:
    """What a Commission scored, in a few words (its line of the score says why)."""
    if not item.points:
        return "scores nothing"
    n = len(item.cards)
    return f"scores {_points(item.points)}: {plural(n, _color(item.cards[0]) + ' card')} × {item.points // n}"


def _round_verdict(items: tuple[ScoreItem, ...], names: tuple[str, ...]) -> Event:
    """Who scored more in a round (commons.score.count), and how many points each took (the
    players called ``names``)."""
    points = [0, 0]
    for item in items:
        points[item.player] += item.points
    each = f"A scores {_points(points[0])}, B {_points(points[1])}"
    if points[0] == points[1]:
        return Event("commons.score.count", f"{each}: the round is even.", None)
    best = 0 if points[0] > points[1] else 1
    return Event("commons.score.count", f"{each}: {names[best]} takes the round.", best)


def _points(value: int | Fraction) -> str:
    """A number of points with its unit: "1 point", "2.5 points" (a round's expected points, its
    Nest Egg one of two cards alike likely, are whole or half numbers)."""
    return plural(int(value) if value == int(value) else float(value), "point")  # type: ignore[arg-type]


def _color(card: Card) -> str:
    return "red" if card.suit in _RED else "black"


def swap_target(down: tuple[Card, ...], pick: int) -> int | None:
    """The face-down pool card a Wild Nest Egg is swapped with when the random pick is ``pick``:
    that card, or the other one when it is the other Wild (commons.wild-nest-egg.other-wild);
    None when no card but a Wild is left (commons.wild-nest-egg.both-score)."""
    if down[pick] not in WILDS:
        return pick
    others = [i for i in range(len(down)) if i != pick]
    return others[0] if others else None


def _held(card: Card | None) -> tuple[Card, ...]:
    """The card of a slot that holds one once the round is scored (a Commission), as a tuple."""
    assert card is not None  # (every Commission is chosen before a round is scored)
    return (card,)
