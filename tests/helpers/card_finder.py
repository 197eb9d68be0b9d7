"""Which cards a text names, and which cards a player may not see: for the tests that check
that a player's widgets show no hidden card."""

from __future__ import annotations

import functools
import re
from typing import Any

from cardlab.cards import Card, parse_card
from helpers.widget_driver import synced_text


def hidden_from(game: Any, state: Any, player: int) -> set[Card]:
    """The cards of ``state`` that ``player`` sees nowhere on the table."""
    zones = game.zones(state)
    seen = {c for z in zones if z.visible_to(player) for c in z.cards}
    return {c for z in zones if not z.visible_to(player) for c in z.cards} - seen


#: A card as a text writes it: its code ("4H", "JK") or its rank with a suit symbol ("4♥").
CARD_CODE = re.compile(r"(?<![\w?])(?:(?:10|[2-9JQKA])[CDHS♣♦♥♠]|JK)(?!\w)")


@functools.cache
def card_of(code: str) -> Card:
    """The card of ``code`` (cached: the tests read the same codes again and again)."""
    return parse_card(code)


def card_set(codes: list[str]) -> set[Card]:
    """The cards of a pile's codes, face-down cards (``??``) left out."""
    return {card_of(c) for c in codes if c != "??"}


@functools.cache
def mentioned(text: str) -> frozenset[Card]:
    """Every card named in ``text``, by code ("4H", "JK") or with its symbol ("4♥")."""
    return frozenset(card_of(t) for t in set(CARD_CODE.findall(text)))


def shows_none_of(table: Any, cards_: Any) -> bool:
    """Whether nothing ``table`` syncs names any of ``cards_``, by code or with its symbol."""
    text = synced_text(table)
    return not (mentioned(text) & set(cards_)) and not any(c.code in text for c in cards_)
