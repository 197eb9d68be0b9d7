"""Card edits of a state: :func:`replace_cards` rewrites its cards one by one, :func:`swap_cards`
exchanges two cards on the table."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import StateError
from .values import field_names, replacer

if TYPE_CHECKING:
    from .game import Game, S

#: A card's place on the table: (zone number, card number) in ``game.zones(state)``.
Slot = tuple[int, int]


def replace_cards(value: Any, fn: Callable[[Card], Card], only: Card | None = None) -> Any:
    """A state (or any value of it) with every card ``c`` replaced by ``fn(c)``, in field order.

    A part in which no card changes is kept as it is (it is immutable), so a small change
    copies little. With ``only``, ``fn`` is called for the cards equal to ``only`` alone and
    every other card stays: how a view's hidden cards are filled when sampling what they
    might be (``strategy.fill_hidden``), where a pile without one is passed over at once.
    """
    if isinstance(value, Card):
        return value if only is not None and value != only else fn(value)
    if isinstance(value, tuple):
        if all(type(v) is Card for v in value):  # a pile, a hand: in one pass
            if only is None:
                parts = [fn(c) for c in value]
            elif only in value:
                return tuple(fn(c) if c == only else c for c in value)
            else:
                return value
        else:
            parts = [replace_cards(v, fn, only) for v in value]
        return value if all(p is v for p, v in zip(parts, value)) else tuple(parts)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for name in field_names(type(value)):
            part = getattr(value, name)
            changed = replace_cards(part, fn, only)
            if changed is not part:
                changes[name] = changed
        return replacer(type(value))(value, **changes) if changes else value
    return value


def swap_cards(game: Game[S], state: S, a: Card, b: Card, slot: tuple[str, int] | None = None) -> S:
    """``state`` with card ``a`` and card ``b`` exchanged on the table.

    ``slot`` (a zone's name and a position in it) says which ``a`` when the state holds
    several (Commitment's two Jokers); otherwise the first in zone order is meant, and ``b``
    is the first ``b`` elsewhere. Cards live in the state's fields, which may also remember
    cards elsewhere (a settled deal's hands): the exchange is the one whose zones come out
    as expected. A ``b`` that is not in the state simply replaces ``a`` (the validator then
    says what it thinks of that).
    """
    zones = [list(z.cards) for z in game.zones(state)]
    names = [z.name for z in game.zones(state)]
    pa = _slot(zones, names, a, slot)
    pb = _find(zones, b, skip=pa)
    expected = [list(cards) for cards in zones]
    expected[pa[0]][pa[1]] = b
    if pb is not None:
        expected[pb[0]][pb[1]] = a
    count = _occurrences(state)
    for i in range(count[a]):
        for j in range(count[b] if pb is not None else 1):
            edited: S = _exchange(state, a, i, b, j if pb is not None else None)
            if [list(z.cards) for z in game.zones(edited)] == expected:
                return edited
    raise StateError("cards", f"{a} and {b} cannot be exchanged in this state")


def _slot(zones: list[list[Card]], names: list[str], card: Card, slot: tuple[str, int] | None) -> Slot:
    if slot is not None and slot[0] in names:
        z = names.index(slot[0])
        if 0 <= slot[1] < len(zones[z]) and zones[z][slot[1]] == card:
            return z, slot[1]
    found = _find(zones, card)
    if found is None:
        raise StateError("cards", f"{card} is not on the table")
    return found


def _find(zones: list[list[Card]], card: Card, skip: Slot | None = None) -> Slot | None:
    for z, cards in enumerate(zones):
        for i, c in enumerate(cards):
            if c == card and (z, i) != skip:
                return z, i
    return None


def _occurrences(state: Any) -> Counter[Card]:
    count: Counter[Card] = Counter()

    def tally(card: Card) -> Card:
        count[card] += 1
        return card

    replace_cards(state, tally)
    return count


def _exchange(state: Any, a: Card, i: int, b: Card, j: int | None) -> Any:
    """``state`` with the ``i``-th ``a`` (in field order) made ``b`` and the ``j``-th ``b`` made ``a``."""
    seen: Counter[Card] = Counter()

    def swap(card: Card) -> Card:
        if card not in (a, b):
            return card
        n = seen[card]
        seen[card] += 1
        if card == a and n == i:
            return b
        if card == b and n == j:
            return a
        return card

    return replace_cards(state, swap)
