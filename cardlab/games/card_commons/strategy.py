"""What computer players and hints know about Card Commons.

**Rule of thumb.** Choose as Commission the card with the best chance of matching the Nest Egg
(most unseen cards share its suit or value) times the cards of its colour in your hand. Then
gather that colour: trade an off-colour card for a pool card of your colour, claim and defend
with cards of your colour (they land on your side), answer your own Claim and discard with the
others, and keep the Wilds for last.

**Playouts** stop at the end of the round: every round is dealt afresh, so what happens in
this round does not change the later ones. Their value is the player's lead in points once
this round is scored (earlier rounds included).

**Hidden cards** are dealt keeping what the rules imply: a Commission is never a Wild
(``commons.commission.no-wild``); the Respondent holds a card that answers the Claim while he
must defend (``commons.defense.forced``), and none while he discards or waits for the Claimant
to answer her own Claim (``commons.no-defense.discard``: he had to discard because he could
not), nor when he owes the second discard; the Claimant who answers her own Claim holds an
answer (``commons.no-defense.self-answer``). These hold for either player's view: the
Claimant's view hides the Respondent's hand, and the Respondent's view hides hers.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, cast

from ...cards import HIDDEN, Card, without
from ...engine import Game, Move, plural
from ...engine.words import chance
from ...strategy import Choice, Strategy, Unit, fill_hidden, unseen
from .moves import (
    CLAIM,
    COMMISSION,
    DECK,
    DEFEND,
    DISCARD,
    WILDS,
    Claim,
    Commission,
    Defend,
    Discard,
    TradeCommission,
    TradePool,
    answers,
)
from .state import CommonsState

__all__ = ["CommonsStrategy"]

#: How many times a constrained sample is redrawn before dealing the constrained places first.
ATTEMPTS = 1000


class CommonsStrategy(Strategy):
    """Card Commons: gather your Commission's colour; playouts to the end of the round."""

    unit = Unit("points", "points ahead of {opponent} once this round is scored (earlier rounds counted too)")

    def rule_of_thumb(
        self, game: Game[CommonsState], state: Any, rng: random.Random, limit: int | None = None
    ) -> Choice:
        move, why = _choose(game, state, _mover(game, state))
        return Choice(move, why())

    def playout_move(self, game: Game[CommonsState], state: Any, rng: random.Random) -> Move:
        return _choose(game, state, _mover(game, state))[0]

    def explain(self, game: Game[CommonsState], state: Any, player: int, move: Move) -> str:
        return explain(game, state, player, move)

    def playout_done(self, game: Game[CommonsState], root: Any, state: Any) -> bool:
        return state.round != root.round or state.phase in ("round-end", "game-over")

    def playout_value(self, game: Game[CommonsState], state: Any, player: int) -> float:
        # the lead of the score's totals (``lead``), without the words of the score's lines
        totals = _rules(game)._totals(state)
        return totals[player] - totals[1 - player]

    def sample(self, game: Game[CommonsState], view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
        other = 1 - player
        rule = hand_rule(view, other) if view.hands[other] and view.hands[other][0] == HIDDEN else None
        commission_hidden = view.commissions[other] == HIDDEN
        for _ in range(ATTEMPTS):
            rng.shuffle(cards)
            sample = fill_hidden(view, cards)
            if commission_hidden and sample.commissions[other] in WILDS:
                continue
            if rule is not None and bool(answers(sample.hands[other], rule.claim)) != rule.answers:
                continue
            return sample
        # Rejection failed (nearly every arrangement breaks a rule): deal the constrained places
        # first, from the cards allowed there, then the rest at random.
        return sample_constrained_first(view, player, cards, rng)


class HandRule(NamedTuple):
    """What the rules say of a hidden hand: it holds a card that answers ``claim`` (``answers``
    True), or none (False)."""

    claim: Card
    answers: bool


def hand_rule(view: Any, holder: int) -> HandRule | None:
    """What the phase of ``view`` says of ``holder``'s hand, or None when it says nothing."""
    phase, claimant = view.phase, view.claimant
    if phase == "answer":  # commons.no-defense.self-answer: she can answer; he could not
        return HandRule(view.claim, holder == claimant)
    if holder == claimant:
        return None
    if phase == "defend":  # commons.defense.forced
        return HandRule(view.claim, True)
    if phase == "discard":  # commons.no-defense.discard
        return HandRule(view.claim, False)
    if phase == "discard2":  # he discarded, then she answered: the Claim lies last on her side
        return HandRule(view.sides[claimant][-1], False)
    return None


def sample_constrained_first(view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
    """A sample of ``view``'s hidden cards that deals the constrained places first: the
    opponent's hand as :func:`hand_rule` says (from the cards that do not answer the Claim; or
    one card that answers it, then any), a Commission from the cards that are not Wilds; then
    the rest at random."""
    other = 1 - player
    pool = cards[:]
    rng.shuffle(pool)
    hand: tuple[Card, ...] = view.hands[other]
    rule = hand_rule(view, other) if hand and hand[0] == HIDDEN else None
    if rule is not None:
        fits = [c for c in pool if bool(answers((c,), rule.claim)) == rule.answers]
        if not fits or (not rule.answers and len(fits) < len(hand)):
            raise ValueError("no arrangement of the unseen cards fits this view")
        dealt = fits[: len(hand)] if not rule.answers else fits[:1]
        for c in dealt:
            pool.remove(c)
        rest = len(hand) - len(dealt)
        hand = tuple(dealt) + tuple(pool[:rest])
        del pool[:rest]
    commissions = view.commissions
    if commissions[other] == HIDDEN:
        choice = next((c for c in pool if c not in WILDS), None)
        if choice is None:
            raise ValueError("no arrangement of the unseen cards fits this view")
        pool.remove(choice)
        commissions = (choice, commissions[1]) if other == 0 else (commissions[0], choice)
    hands = (hand, view.hands[1]) if other == 0 else (view.hands[0], hand)
    return fill_hidden(dataclasses.replace(view, hands=hands, commissions=commissions), pool)


class _Rules(Protocol):
    """What the rule of thumb uses of Card Commons' own rules (``rules.CardCommons``)."""

    def _totals(self, s: CommonsState) -> tuple[int, int]: ...
    def first_claimant(self, round_: int) -> int: ...


def _rules(game: Game[CommonsState]) -> _Rules:
    """``game``, which is Card Commons: a strategy is handed the game it belongs to."""
    return cast(_Rules, game)


def _mover(game: Game[CommonsState], state: Any) -> int:
    """The player to move in ``state``: a computer player is asked to move only when one is."""
    mover = game.to_move(state)
    assert mover is not None
    return mover


def _cards(moves: list[Move]) -> list[Card]:
    """The cards of the moves that each play one card (a Commission, a Defense, a discard, a Claim)."""
    return [m.card for m in moves if isinstance(m, (Commission, Defend, Discard, Claim))]


def _choose(game: Game[CommonsState], s: Any, me: int) -> tuple[Move, Callable[[], str]]:
    """The rule of thumb's move, and a function that says why (words cost time a playout saves)."""
    moves = game.legal_moves(s)
    if len(moves) == 1:
        return moves[0], lambda: "the only legal move"
    phase = s.phase
    commission = s.commissions[me]
    colour = commission.color if commission is not None and commission != HIDDEN else None

    def keep(card: Card) -> tuple[int, int]:
        """How much to keep a card: Wilds most, then your colour, then the rest; low cards least."""
        return (2 if card in WILDS else 1 if card.color == colour else 0, card.rank)

    if phase in ("answer", "discard", "discard2"):
        card = min(_cards(moves), key=keep)
        if phase == "answer":
            return DEFEND[card], lambda: "your own answer lands on the opponent's side, so give the card you need least"
        return (
            DISCARD[card],
            lambda: (
                "a Wild is all you have left to give"
                if card in WILDS
                else f"{card} is the card you need least: not {colour}, not a Wild"
                if card.color != colour
                else f"{card} is your lowest {colour} card, and every card you hold is {colour} or a Wild"
            ),
        )
    if phase == "defend":
        card = max(_cards(moves), key=lambda c: (c not in WILDS, c.color == colour, -c.rank))
        return (
            DEFEND[card],
            lambda: (
                "the Defense lands on your side: answer with a card of your colour and keep the Wilds"
                if card.color == colour
                else "the cheapest card that answers; keep the Wilds"
            ),
        )

    hand = s.hands[me]
    if phase == "commission":
        value = _CommissionValue(s, me, _unseen(game, s, me))
        best = max(_cards(moves), key=lambda c: (value.worth(c, out=c), c))
        return (
            COMMISSION[best],
            lambda: (
                f"{best} matches the Nest Egg {chance(value.match(best))}, and "
                f"{sum(1 for c in without(hand, best) if c.color == best.color)} of your other cards are {best.color} "
                f"like it"
            ),
        )
    # the claim phase: trade toward your colour, then claim
    offers = [
        m
        for m in moves
        if type(m) is TradePool and m.give.color != colour and m.give not in WILDS and m.take.color == colour
    ]
    if offers:
        m = max(offers, key=lambda m: (m.take in WILDS, -m.give.rank, m.take.rank))
        return m, lambda: f"{m.give} is off your colour; {m.take} from the pool is {colour}, like your Commission"
    left = _unseen(game, s, me)
    swaps = [m for m in moves if type(m) is TradeCommission]
    if swaps:
        value = _CommissionValue(s, me, left)
        now = value.worth(commission)
        scored = [(value.worth(m.give, out=m.give, back=commission), m) for m in swaps]
        better, swap = max(scored, key=lambda x: (x[0], x[1].give))
        if better > now + 0.5:
            return (
                swap,
                lambda: (
                    f"{swap.give} should score more as Commission ({better:.1f} points expected "
                    f"against {now:.1f}): it matches the Nest Egg {chance(value.match(swap.give))}"
                ),
            )
    answering = _answering(left)
    card = max((m.card for m in moves if type(m) is Claim), key=lambda c: _claim_preference(c, colour, answering))
    return (
        CLAIM[card],
        lambda: (
            f"{card} is {colour}, like your Commission, and lands on your side when answered"
            if card.color == colour and card not in WILDS
            else f"{card} is the card you need least; keep your {colour} cards and Wilds"
        ),
    )


class _CommissionValue:
    """What a Commission is worth to ``me`` in ``s``: the expected points of its colour, from the
    cards ``left`` unseen by ``me`` (one of them is the Nest Egg). Counted once, then looked up
    for each candidate."""

    def __init__(self, s: Any, me: int, left: list[Card]) -> None:
        self.unseen = len(left)
        self.plain = [u for u in left if u not in WILDS]  # a Wild Nest Egg is swapped: it matches nothing
        self.suits = Counter(u.suit for u in self.plain)
        self.ranks = Counter(u.rank for u in self.plain)
        self.held = Counter(c.color for c in (*s.sides[me], *s.hands[me]))  # on your side and in your hand

    def match(self, card: Card) -> float:
        """The chance that a Commission ``card`` matches the Nest Egg: the share of the unseen
        cards that are no Wild and share its suit or its value (a card sharing both counted once)."""
        if not self.unseen:
            return 0.0
        hits = self.suits[card.suit] + self.ranks[card.rank] - self.plain.count(card)
        return hits / self.unseen

    def worth(self, candidate: Card, out: Card | None = None, back: Card | None = None) -> float:
        """Expected points of a Commission: its match chance times the cards of its colour to come,
        on your side and in your hand once ``out`` has left the hand and ``back`` come into it."""
        col = candidate.color
        count = self.held[col] - (out is not None and out.color == col) + (back is not None and back.color == col)
        return self.match(candidate) * count


def _unseen(game: Game[CommonsState], s: Any, me: int) -> list[Card]:
    """The cards ``me`` has not seen (:func:`cardlab.strategy.unseen`, in another order), read
    from the places ``me`` may see while a round is played: the face-up pool, both sides, the
    Claim, ``me``'s hand and Commission, and in the Peek variant ``me``'s face-down pool card."""
    if s.phase in ("round-end", "game-over"):
        return unseen(game, s, me)
    seen = {*s.pool_up, *s.sides[0], *s.sides[1], *s.hands[me], s.commissions[me], s.claim}
    if s.options.variant == "peek":  # commons.peek.look: the first Claimant sees the first face-down card
        seen.update(s.pool_down[:1] if _rules(game).first_claimant(s.round) == me else s.pool_down[1:])
    return [card for card in DECK if card not in seen]


def _answering(left: list[Card]) -> Callable[[Card], int]:
    """For a Claim, how many of the unseen cards ``left`` would answer it (commons.defense: a card
    of its value or a Wild), from one count of ``left``."""
    wilds = sum(1 for u in left if u in WILDS)
    ranks = Counter(u.rank for u in left if u not in WILDS)
    return lambda card: ranks[card.rank] + wilds


def _claim_preference(card: Card, colour: str | None, answering: Callable[[Card], int]) -> tuple[int, int, int]:
    """Claim a card of your colour the opponent is likely to answer; keep the Wilds for last."""
    if card in WILDS:
        return (0, 0, card.rank)
    if card.color == colour:
        return (2, answering(card), card.rank)
    return (1, -answering(card), -card.rank)


def explain(game: Game[CommonsState], s: Any, me: int, move: Move) -> str:
    """Why ``move`` is good for ``me`` in ``s``, in one sentence of Card Commons' words: the
    colour of the Commission, where the card lands, the Wilds kept, the Nest Egg's chance of a
    match (what the rule of thumb weighs)."""
    words = game.move_words(s, move)
    words = words[:1].upper() + words[1:]
    commission = s.commissions[me]
    colour = commission.color if commission is not None and commission != HIDDEN else None
    card = getattr(move, "card", None)
    if s.phase == "commission":
        assert card is not None  # (a Commission's move)
        value = _CommissionValue(s, me, _unseen(game, s, me))
        like = sum(1 for c in without(s.hands[me], card) if c.color == card.color)
        return (
            f"{words}: it matches the Nest Egg {chance(value.match(card))}, and {like or 'none'} of "
            f"your other cards {'is' if like == 1 else 'are'} {card.color} like it"
        )
    if type(move) is TradePool:
        give, take = move.give, move.take
        if take.color == colour and give.color != colour:
            return f"{words}: {give} is off your colour, and {take} is {colour}, like your Commission"
        if take in WILDS:
            return f"{words}: a Wild is worth keeping for last, and {give} is the card you give up"
        n = sum(1 for c in without(s.hands[me], give) if c.color == colour) + (take.color == colour)
        return f"{words}: {take} is {take.color}, and your hand then holds {plural(n, f'{colour} card')}"
    if type(move) is TradeCommission:
        assert commission is not None  # (both Commissions are chosen before a trade)
        value = _CommissionValue(s, me, _unseen(game, s, me))
        return (
            f"{words}: as Commission, {move.give} matches the Nest Egg {chance(value.match(move.give))}, and "
            f"{commission} {chance(value.match(commission))}"
        )
    if s.phase == "answer":
        return f"{words}: your own answer lands on the opponent's side, so give a card you need little"
    if s.phase == "defend":
        assert card is not None  # (a Defense's move)
        if card in WILDS:
            return f"{words}: the Defense lands on your side, and only a Wild answers here"
        if card.color == colour:
            return f"{words}: the Defense lands on your side, and {card} is {colour}, like your Commission"
        return f"{words}: it answers the Claim and keeps your {colour} cards and Wilds"
    if s.phase in ("discard", "discard2"):
        assert card is not None  # (a discard's move)
        if card in WILDS:
            return f"{words}: a Wild is all you have left to give"
        if card.color != colour:
            return f"{words}: {card} is not {colour} and not a Wild, so you need it little"
        return f"{words}: {card} is a low {colour} card, and your others count more"
    if type(move) is Claim:
        assert card is not None  # (a Claim's move)
        if card in WILDS:
            return f"{words}: any card answers a Wild Claim, and when answered {card} lands on your side"
        if card.color == colour:
            return f"{words}: {card} is {colour}, like your Commission, and lands on your side when answered"
        return f"{words}: {card} is off your colour, so you keep your {colour} cards and Wilds"
    return words


#: The one instance the game hands out.
STRATEGY = CommonsStrategy()
