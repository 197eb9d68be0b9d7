"""Dealing: seeds (:func:`validate_seed`, a view's :data:`HIDDEN_SEED`), :func:`shuffle_from`,
stacked decks, and the check that a state holds each card of its deck once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import GUESSABLE_BITS, HIDDEN, SEED_BITS, Card, chance, check_seed, parse_card, shuffle
from ..cards import cards as read_cards
from ..errors import StateError
from .table import Zone, all_cards

#: The value of a state's ``seed`` in a player's view: the seed would reveal every hidden card.
HIDDEN_SEED = -1


def validate_seed(seed: Any) -> None:
    """Raise :class:`StateError` unless a state's ``seed`` is a seed: a whole number from 0 to
    2**64 - 1 (every game refuses a negative seed; a view's -1 is no whole state's)."""
    try:
        check_seed(seed)
    except ValueError:
        view = " (-1 is a player's view, which is not a whole state)" if seed == HIDDEN_SEED else ""
        raise StateError("seed", f"a seed is a whole number from 0 to 2**{SEED_BITS} - 1, not {seed!r}{view}") from None


def shuffle_from(seed: int, deck: Sequence[Card], purpose: str) -> tuple[Card, ...]:
    """``deck`` shuffled from a state's ``seed`` for ``purpose`` (``cards.shuffled``). In a
    player's view the seed is hidden, and so are the cards a move deals from it (the next round
    played on a view): they come out ``HIDDEN``."""
    if seed == HIDDEN_SEED:
        return (HIDDEN,) * len(deck)
    cards = list(deck)
    shuffle(cards, chance(seed, purpose))
    return tuple(cards)


def seed_is_guessable(state: Any) -> bool:
    """Whether ``state`` was dealt from a seed small enough to be found by searching (below
    2**48: an explicit seed such as 7, chosen for a lesson), so that whoever knows or finds it
    knows every hidden card. A fresh seed never is; a table where players hide cards from each
    other should warn when it is. False for a state without a seed, or a player's view."""
    seed = getattr(state, "seed", None)
    return isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << GUESSABLE_BITS


def stacked_deck(deck: Any, game_deck: Sequence[Card], title: str, *, whole: bool = True) -> tuple[Card, ...]:
    """A stacked deck (its text, or cards), top first, checked against ``game_deck``: every card
    one of the game's, none more often than the game's deck has it, and (``whole``) none
    missing. A ValueError says what is missing, what is not in this game and what comes twice."""
    order = tuple(parse_card(c.code) for c in read_cards(deck))  # the shared Card objects
    want, got = Counter(game_deck), Counter(order)
    problems = []
    if whole and want - got:
        problems.append("missing " + " ".join(c.code for c in sorted((want - got).elements())))
    if any(c not in want for c in got):
        problems.append("not in this game: " + " ".join(c.code for c in got if c not in want))
    if any(c in want and got[c] > want[c] for c in got):
        problems.append("twice: " + " ".join(c.code for c in got if c in want and got[c] > want[c]))
    if problems:
        each = "each once" if len(want) == len(game_deck) else "each as often as the game's deck has it"
        what = f"the {len(game_deck)} cards of the game" if whole else "cards of the game"
        raise ValueError(f"a stacked {title} deck holds {what}, {each}: " + "; ".join(problems))
    return order


def check_cards_once(zones: Sequence[Zone], deck: Sequence[Card]) -> None:
    """Raise StateError unless the zones hold exactly the cards of ``deck``, each once."""
    held = all_cards(zones)
    expected = Counter(deck)
    if held == expected:
        return
    if HIDDEN in held:
        raise StateError("cards", "the state has face-down ('??') cards: only a player's view may hide cards")
    for card, count in held.items():
        if count > expected.get(card, 0):
            places = [z.name for z in zones if card in z.cards]
            if expected.get(card, 0) == 0:
                raise StateError(places[0], f"{card.code} is not a card of this game")
            raise StateError(
                ", ".join(dict.fromkeys(places)),
                f"{card.code} appears {count} times (in {', '.join(places)}); the deck has {expected[card]}",
            )
    missing = sorted((expected - held).elements(), key=lambda c: (c.suit, c.rank))
    raise StateError(
        "cards",
        f"{len(missing)} card(s) are missing from the state: "
        f"{' '.join(c.code for c in missing)}; every card must be somewhere",
    )
