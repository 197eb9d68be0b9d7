"""Guessing the hidden cards: full states consistent with what one player may see.

A player's view shows every card it may see and ``HIDDEN`` for the others. The cards it has
not seen are the game's deck (a multiset) minus every visible card of ``game.zones(view)``.
:func:`sample_state` deals those unseen cards at random into the hidden places (in the field
order of :func:`cardlab.engine.replace_cards`) and gives the result a fresh ``seed``, so chance
after this moment (a later shuffle) differs from sample to sample.

Some games constrain where a hidden card can be; a sample must keep those constraints, or the
engine would play out a position the rules never allow. Each such game has a hook here:

* Card Commons: a Commission is never a Wild (``commons.commission.no-wild``); and while the
  Claimant answers her own Claim, the Respondent holds no card that answers it (he had to
  discard because he could not: ``commons.no-defense.discard``).
* Commitment: the battle deck holds only battle cards, the hands and draw deck none.
* Contest: an arranged secret row never has two cards of a suit side by side
  (``contest.secret.neighbours``), so the opponent's four secret cards are a set that can be
  arranged so, in one of the orders that keep the suits apart, chosen at random.

Nothing here reads a hidden card: the functions take a view, and a view has none.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import permutations
from typing import Any

from ..cards import HIDDEN, Card
from ..engine import Game, replace_cards

__all__ = ["unseen_cards", "sample_state", "Sampler"]

#: How many times a constrained sample is redrawn before giving up (it never comes close).
_ATTEMPTS = 1000


def unseen_cards(game: Game, view: Any) -> list[Card]:
    """The cards ``view`` does not show, sorted: the deck minus every visible card."""
    count = Counter(game.deck())
    hidden = 0
    for zone in game.zones(view):
        for card in zone.cards:
            if card == HIDDEN:
                hidden += 1
            else:
                count[card] -= 1
    if any(n < 0 for n in count.values()):
        extra = sorted(c for c, n in count.items() if n < 0)
        raise ValueError(f"the view shows more copies of {' '.join(c.code for c in extra)} than the deck has")
    cards = sorted(count.elements())
    if len(cards) != hidden:
        raise ValueError(f"the view hides {hidden} card(s) but {len(cards)} card(s) of the deck are unseen")
    return cards


def _fill(view: Any, cards: list[Card]) -> Any:
    """``view`` with its hidden cards replaced, in field order, by ``cards``."""
    deal: Iterator[Card] = iter(cards)
    return replace_cards(view, lambda c: next(deal) if c == HIDDEN else c)


def _reseed(state: Any, rng: random.Random) -> Any:
    if dataclasses.is_dataclass(state) and any(f.name == "seed" for f in dataclasses.fields(state)):
        return dataclasses.replace(state, seed=rng.randrange(2 ** 31))
    return state


# --- per-game constraints -----------------------------------------------------------------------

def _commons(view: Any, me: int, cards: list[Card], rng: random.Random) -> Any:
    from ..games.card_commons import WILDS, answers
    other = 1 - me
    answering = view.phase == "answer" and view.hands[other] and view.hands[other][0] == HIDDEN
    commission_hidden = view.commissions[other] == HIDDEN
    for _ in range(_ATTEMPTS):
        rng.shuffle(cards)
        sample = _fill(view, cards)
        if commission_hidden and sample.commissions[other] in WILDS:
            continue
        if answering and answers(sample.hands[other], sample.claim):
            continue
        return sample
    # Rejection failed (the Respondent's hand is long and nearly every card answers): deal the
    # constrained places first, from the cards allowed there, then the rest at random.
    return _commons_constructive(view, me, cards, rng)


def _commons_constructive(view: Any, me: int, cards: list[Card], rng: random.Random) -> Any:
    from ..games.card_commons import WILDS, answers
    other = 1 - me
    pool = cards[:]
    rng.shuffle(pool)
    hand: tuple[Card, ...] = view.hands[other]
    if view.phase == "answer" and hand and hand[0] == HIDDEN:
        allowed = [c for c in pool if not answers((c,), view.claim)]
        if len(allowed) < len(hand):
            raise ValueError("no arrangement of the unseen cards fits this view")
        hand = tuple(allowed[:len(hand)])
        for c in hand:
            pool.remove(c)
    commissions = view.commissions
    if commissions[other] == HIDDEN:
        choice = next((c for c in pool if c not in WILDS), None)
        if choice is None:
            raise ValueError("no arrangement of the unseen cards fits this view")
        pool.remove(choice)
        commissions = (choice, commissions[1]) if other == 0 else (commissions[0], choice)
    hands = (hand, view.hands[1]) if other == 0 else (view.hands[0], hand)
    return _fill(dataclasses.replace(view, hands=hands, commissions=commissions), pool)


def _commitment(view: Any, me: int, cards: list[Card], rng: random.Random) -> Any:
    from ..games.commitment import BATTLE_VP
    battle = [c for c in cards if c in BATTLE_VP]
    rest = [c for c in cards if c not in BATTLE_VP]
    rng.shuffle(battle)
    rng.shuffle(rest)
    if len(battle) != view.battle_deck.count(HIDDEN):
        raise ValueError("the unseen battle cards do not fit the battle deck")
    deal = iter(battle)
    battle_deck = tuple(next(deal) if c == HIDDEN else c for c in view.battle_deck)
    return _fill(dataclasses.replace(view, battle_deck=battle_deck), rest)


def _contest(view: Any, me: int, cards: list[Card], rng: random.Random) -> Any:
    from ..games.contest import can_arrange
    other = 1 - me
    arranged = view.arranged > other and view.secrets[other] and view.secrets[other][0] == HIDDEN
    for _ in range(_ATTEMPTS):
        rng.shuffle(cards)
        sample = _fill(view, cards)
        if not arranged:
            return sample
        secret = sample.secrets[other]
        if not can_arrange(secret):
            continue
        # contest.secret.neighbours: no two cards of a suit side by side
        orders = [o for o in permutations(secret) if all(a.suit != b.suit for a, b in zip(o, o[1:]))]
        secrets = list(sample.secrets)
        secrets[other] = rng.choice(orders)
        return dataclasses.replace(sample, secrets=tuple(secrets))
    raise ValueError("no arrangement of the unseen cards fits this view")


def _any(view: Any, me: int, cards: list[Card], rng: random.Random) -> Any:
    rng.shuffle(cards)
    return _fill(view, cards)


Sampler = Callable[[Any, int, list[Card], random.Random], Any]
_SAMPLERS: dict[str, Sampler] = {"card-commons": _commons, "commitment": _commitment, "contest": _contest}


def sample_state(game: Game, view: Any, player: int, rng: random.Random, unseen: list[Card] | None = None) -> Any:
    """A full state that ``player`` could not tell from ``view``, drawn at random.

    ``unseen`` (the result of :func:`unseen_cards`) may be passed to save recomputing it when
    drawing many samples of one view; it is not changed.
    """
    cards = list(unseen_cards(game, view) if unseen is None else unseen)
    sample = _SAMPLERS.get(game.name, _any)(view, player, cards, rng)
    return _reseed(sample, rng)
