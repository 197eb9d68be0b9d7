"""Which questions depend on a reading of the rules, so that the question must name it.

Where a game's text is silent or ambiguous, docs/rules/<game>.md lists the reading cardlab
chose; where the other reading can be played too, the game has an option for it (the rules
page's "Options" table), marked in its options class by ``metadata={"reading": N}``, N being
the reading's number on the rules page. A question *depends* on a reading when, with the
position played under another value of that option, the rules give another answer: another
score, another set of cards, or for a move, an accepted move that is illegal or does something
else (other narration). Such a question names the reading in a ``reading:`` line (``reading:
pile value``), so a teacher sees that the answer is cardlab's choice.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from typing import Any

from ..engine import Game
from .model import Question
from .readers import breakdown, playable_cards


def reading_options(game: Game) -> dict[str, int]:
    """The options of ``game`` that play a reading of its text, with the reading's number."""
    return {f.name: f.metadata["reading"] for f in dataclasses.fields(game.options_class) if "reading" in f.metadata}


def reading_names(game: Game) -> dict[str, int]:
    """The reading options of ``game`` as a lesson writes them (``pile value``), with their numbers."""
    return {name.replace("_", " "): number for name, number in reading_options(game).items()}


def readings_changing(game: Game, state: Any, question: Question) -> list[str]:
    """The reading options (as a lesson writes them) under another value of which the rules
    give ``question`` (asked in ``state``) another answer."""
    answer = _answer_of(question)
    found = []
    for name in reading_options(game):
        for value in _other_values(game, name):
            try:
                other = type(game)(**{**game.options, name: value})
                moved = dataclasses.replace(state, options=other.settings)
                changed = answer(other, moved) != answer(game, state)
            except (ValueError, TypeError):
                changed = True
            if changed:
                found.append(name.replace("_", " "))
                break
    return found


def _other_values(game: Game, name: str) -> tuple[Any, ...]:
    hint = typing.get_type_hints(game.options_class)[name]
    return tuple(v for v in typing.get_args(hint) if v != getattr(game.settings, name))


def _answer_of(question: Question) -> Callable[[Game, Any], Any]:
    """What the rules say of ``question`` in a position, as a value two readings can compare."""
    if question.kind == "score":
        return lambda game, state: breakdown(game, state, question.deal).totals[question.player]
    if question.kind == "cards":
        return lambda game, state: playable_cards(game, state, question.verb)

    def moves(game: Game, state: Any) -> Any:
        return tuple(
            tuple(e.text for e in game.step(state, str(m)).events) if game.is_legal(state, str(m)) else None
            for m in question.moves
        )

    return moves
