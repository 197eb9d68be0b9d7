"""A game's own facts in a study: what each game folder's ``study.py`` declares and observes.

A game joins the studies with a module ``study.py`` in its folder (``cardlab/games/contest/study.py``)
holding two things:

- ``FACTS``: a dict from a fact's key (``"jack_usable"``) to a :class:`Fact`, saying in words what
  happens and what it is counted over ("a Jack's power is usable", per "turn with a Jack in hand");
- ``facts(game, record)``: the observations of one game played (a
  :class:`cardlab.bots.GameRecord`), as ``(key, happened)`` pairs: one pair per chance the
  fact had (a Commission at a round's end, a turn with a Jack in hand), ``happened`` saying
  whether it came about.

A study counts, for each game and each fact, the chances and how many of them happened. A game
without ``study.py`` has no facts of its own; its rows still hold the scores and the winners.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..engine import Fact, Game

__all__ = ["Fact", "GameFacts", "game_facts", "NO_FACTS"]


class GameFacts(NamedTuple):
    """A game's facts: what they are (key -> :class:`Fact`, in order) and how to observe them
    (``observe(game, record)`` yields ``(key, happened)`` pairs)."""

    facts: dict[str, Fact]
    observe: Callable[[Game, Any], Iterable[tuple[str, bool]]]


#: The facts of a game without a ``study.py``, or of a study that records none.
NO_FACTS = GameFacts({}, lambda game, record: ())


def game_facts(game: Game) -> GameFacts:
    """The facts of ``game``'s folder (its ``study.py``), or none when it has no such module."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.study"
    if not package or importlib.util.find_spec(name) is None:
        return NO_FACTS
    module = importlib.import_module(name)
    return GameFacts(dict(module.FACTS), module.facts)
