"""What a player may know: the cards they see (:func:`visible_cards`, :func:`cards_seen_in`) and
a move as they may read it (:func:`move_text`). ``game`` is a :class:`~cardlab.engine.Game`."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..cards import Card, parse_card
from ..errors import CardError
from .results import Step, move_cards
from .table import Zone, all_cards


def visible_cards(game: Any, state: Any, viewer: int | None, zones: Iterable[Zone] | None = None) -> Counter[Card]:
    """The cards ``viewer`` may see in ``state`` (a multiset); ``zones``: ``game.zones(state)``,
    if the caller has them already."""
    return all_cards(z for z in (game.zones(state) if zones is None else zones) if z.visible_to(viewer))


_CARD_CODE = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[CDHS](?!\w)|(?<![\w?])JK(?!\w)", re.I | re.ASCII)


def move_text(game: Any, step: Step, viewer: int | None, hidden: str = "??") -> str:
    """A move's notation as ``viewer`` may read it, judged at the moment it was played: a card
    it names is written out if the viewer saw it (:func:`cards_seen_in`). Any other card is
    written ``hidden`` (the opponent's Commission, a secret arrangement, a card traded face
    down), even if the viewer sees it once the move is over: a new deal that follows the move
    automatically may hand them the very card, which says nothing about the move."""
    text = str(step.move)
    if viewer is None or not move_cards(step.move):
        return text
    seen = cards_seen_in(game, step, viewer)
    if all(seen[c] for c in move_cards(step.move)):
        return text

    def hide(match: re.Match[str]) -> str:
        try:
            card = parse_card(match.group())
        except CardError:
            return match.group()
        return match.group() if seen[card] else hidden

    return _CARD_CODE.sub(hide, text)


def cards_seen_in(game: Any, step: Step, viewer: int) -> Counter[Card]:
    """The cards ``viewer`` saw around the move of ``step``: those visible to them just before
    it, and those its narration shows them (an event they may read lists it: a card played
    face up, a card handed to them)."""
    seen = visible_cards(game, step.before, viewer)
    for event in step.events:
        if event.visible_to(viewer):
            seen.update(event.cards)
    return seen
