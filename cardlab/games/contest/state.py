"""Contest's state and options: what one moment of a game holds, and the shape of the contest row.

The rules (``rules.py``), their fast paths (``movegen.py``), the explanations (``explain.py``)
and the strategy (``strategy.py``) all read this module; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ...cards import Card
from ...engine import Options, State

__all__ = ["ContestOptions", "ContestState", "Piles", "POSITIONS", "NEIGHBOURS", "HAND_SIZE", "replaced_at"]

#: Piles read by their place: the contest row's four (position 1 first), or the points piles'
Piles = tuple[tuple[Card, ...], ...]

#: contest.row: the contest row has 4 positions (0 to 3 here, 1 to 4 in moves).
POSITIONS = 4
#: contest.open.neighbours: the positions (0 to 3) next to each position.
NEIGHBOURS = ((1,), (0, 2), (1, 3), (2,))
#: contest.deal, contest.draw: a hand holds 7 cards while the draw pile lasts.
HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class ContestOptions(Options):
    """``ace="low"`` counts an Ace as 1 instead of 14 (contest.value); ``pile_value="top"``
    values a contest pile by its top card instead of the sum of its cards (contest.claim.value);
    ``jack="match-first"`` checks a Jack's match before its power: the Jack matches the pile of
    its suit that it discards, and the claim then takes any two piles of different suits
    (contest.claim.jack.match-first), where by default the power comes first and the Jack must
    still match one of the claimed piles (contest.claim.jack)."""

    # each plays a reading the rules page lists as a choice (docs/rules/contest.md, its number)
    ace: Literal["high", "low"] = field(default="high", metadata={"reading": 2})
    pile_value: Literal["sum", "top"] = field(default="sum", metadata={"reading": 3})
    jack: Literal["power-first", "match-first"] = field(default="power-first", metadata={"reading": 5})


@dataclass(frozen=True, slots=True)
class ContestState(State):
    """One moment of a Contest game. Players are 0 (A) and 1 (B); positions are 0..3 here, 1..4 in moves.

    ``arranged`` counts the players who have arranged their secret cards (A first, then B);
    until both have, ``secrets[p]`` is in the order dealt and the hands are empty.
    ``turn`` is the player to act, -1 once the game is over. ``last_turns`` is None while
    the draw pile lasts, then the turns left in the game (2, 1, then 0 at the end).
    ``row`` holds the four contest piles (bottom card first); ``points`` the points piles in
    the order clubs, diamonds, hearts, spades; ``discard`` is bottom first; ``stock`` (the
    draw pile) is top first. ``seed`` is -1 in a player's view.
    """

    options: ContestOptions
    seed: int
    arranged: int
    turn: int
    last_turns: int | None
    secrets: tuple[tuple[Card, ...], tuple[Card, ...]]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    row: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    points: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    @property
    def ace(self) -> str:
        return self.options.ace

    @property
    def pile_value(self) -> str:
        return self.options.pile_value

    @property
    def jack(self) -> str:
        return self.options.jack


def replaced_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with the one at ``index`` replaced by ``value``: a pile of the contest row or of
    the points piles, or a player's secret cards or hand."""
    return items[:index] + (value,) + items[index + 1 :]
