"""Small readers the lesson's parts share: whole numbers, option values, lists of cards, a
score, the cards a player may play, and the engine's words about a value the lesson gave it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..cards import Card, cards
from ..engine import Game, move_cards, whole_number
from ..errors import QUOTE_CHARS, StateError, quoted


def lesson_number(text: str) -> int | None:
    """The whole number ``text`` writes, or None: ASCII digits after an optional ``-`` or
    ``+`` (``6``, ``-1``, ``+3``), as many as :func:`cardlab.engine.whole_number` reads."""
    text = text.strip()
    if text.startswith("+") and text[1:2].isascii() and text[1:2].isdigit():
        text = text[1:]
    try:
        return whole_number(text, "")
    except StateError:
        return None


def option_value(text: str) -> Any:
    """An option's value in a lesson: a whole number, or else the text (the game then says
    whether it takes it)."""
    number = lesson_number(text)
    return text.strip() if number is None else number


def read_cards(text: str) -> tuple[Card, ...]:
    """The cards of an answer or a ``cards:`` line; ``-``, ``—`` or ``none`` for none."""
    return () if text.strip() in ("-", "—", "none") else tuple(cards(text))


def card_list(found: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(found)) or "none"


def breakdown(game: Game, state: Any, deal: int | None) -> Any:
    """The score of ``state``: of the game, or of deal ``deal`` of a game scored deal by deal."""
    return game.score(state) if deal is None else game.score(state, deal=deal)  # type: ignore[call-arg]


def cut(text: str) -> str:
    """``text`` as a message shows it unquoted: cut short with "…" after
    :data:`~cardlab.errors.QUOTE_CHARS` characters."""
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


def engine_says(err: Exception, given: Iterable[str]) -> str:
    """What the engine said about values a lesson gave it, each long one quoted cut short (the
    engine's message may quote a value whole)."""
    text = str(err)
    for value in given:
        if len(value) > QUOTE_CHARS:
            text = text.replace(repr(value), quoted(value)).replace(value, quoted(value)[1:-1])
    return text


def state_message(err: StateError) -> str:
    """A text-form problem without the line it names (the lesson names the file's line instead)."""
    return re.sub(r"^line [0-9]+ ?", "", str(err)).lstrip(": ").strip() or str(err)


def playable_cards(game: Game, state: Any, verb: str = "") -> frozenset[Card]:
    """The first card of every legal move (whose notation starts with ``verb``, if given): the
    answer to "which cards may the player to move play (or defend with, claim with...)?"."""
    found = set()
    for move in game.legal_moves(state):
        if verb and str(move).split(" ", 1)[0].lower() != verb:
            continue
        named = move_cards(move)
        if named:
            found.add(named[0])
    return frozenset(found)
