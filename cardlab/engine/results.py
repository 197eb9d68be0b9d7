"""What play produces: moves and the cards they name, narration, the score and its rounds, a move played."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import Card
from ..cards import pretty as pretty_cards
from .markup import breakdown_html


class Move:
    """Base class of every game's moves: frozen, hashable dataclasses whose ``str`` is their
    notation (``game.parse_move(str(move)) == move``) and whose :meth:`words` say them in the
    game's words."""

    __slots__ = ()

    def words(self) -> str:
        """The move in the game's words, as a learner reads it ("claim with the 2♦"). The
        default: the notation with suit symbols."""
        return pretty_cards(str(self))


class Continuation(Move):
    """Base class of a move that only carries the game on, deciding nothing (such as "next
    round" once a round is scored). When continuations are all the player to act can do, the
    widgets do not mark that player as the one to move: the round is over."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened during a move, narrated for a learner, with the rule it applies.

    ``seen_by`` is None for public narration; otherwise only those players may read it (it
    names cards the others may not see). Show a player only ``event.visible_to(player)``.
    """

    rule: str
    text: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    seen_by: frozenset[int] | None = None

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.seen_by is None or player in self.seen_by

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score: ``points`` to ``player`` for ``reason`` under ``rule``."""

    player: int
    points: int
    reason: str
    rule: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Why the score is what it is: line items and the totals they add up to.

    ``totals[p]`` is always the sum of ``points`` over the items of player ``p``.
    ``final`` is true when the game is over; ``winners`` then names every player with the best
    result. A draw is every player sharing it, so a two-player draw has ``winners == (0, 1)``
    (:attr:`draw`); some of three or more players tied for the best share the win.
    """

    players: tuple[str, ...]
    items: tuple[ScoreItem, ...]
    title: str = "Score"
    final: bool = False
    winners: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * len(self.players)
        for item in self.items:
            totals[item.player] += item.points
        return tuple(totals)

    def for_player(self, player: int) -> tuple[ScoreItem, ...]:
        return tuple(i for i in self.items if i.player == player)

    @property
    def draw(self) -> bool:
        """The game is over and every player shares the best result."""
        return self.final and len(self.players) > 1 and len(self.winners) == len(self.players)

    def outcome(self, names: Sequence[str] | None = None) -> str:
        """The result in words, naming the players by ``names`` (default: the breakdown's):
        "A wins", "a draw", "A and C share the win"; empty while the game is not over."""
        if not self.final or not self.winners:
            return ""
        if self.draw:
            return "a draw"
        who = " and ".join((names or self.players)[w] for w in self.winners)
        return f"{who} wins" if len(self.winners) == 1 else f"{who} share the win"

    def _result(self) -> str:
        """The last line of a final score: "winner: A", "a draw", "winners: A and C (...)"."""
        if self.draw:
            return "a draw"
        who = " and ".join(self.players[w] for w in self.winners) or "none"
        return f"winner: {who}" if len(self.winners) <= 1 else f"winners: {who} (they share the win)"

    def __str__(self) -> str:
        lines = [self.title]
        for item in self.items:
            cards = f" ({' '.join(map(str, item.cards))})" if item.cards else ""
            lines.append(f"  {self.players[item.player]:>3} {item.points:+4d}  {item.reason}{cards} [{item.rule}]")
        lines.append("  total: " + ", ".join(f"{n} {t}" for n, t in zip(self.players, self.totals)))
        if self.final:
            lines.append(f"  {self._result()}")
        lines.extend(f"  {n}" for n in self.notes)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return breakdown_html(self)


class RevealedHand(NamedTuple):
    """A hand shown at a round's showdown: whose, its cards, and what it is worth in words
    ("point 15 with J♥ and 5♥")."""

    player: int
    cards: tuple[Card, ...]
    ranking: str


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a game scored round by round (a deal of Commerce), as every player may know it.

    ``number`` counts from 1 and ``title`` names the round ("Deal 2 of 4"); ``items`` are its
    lines of the score, exactly those of :meth:`Game.score` that belong to it, in the same order.
    ``movers`` are the players who made a move in it. Once the round is settled, ``ended``
    says how it ended (an :class:`Event`: who ended it, by which rule) and ``how`` says it in a
    few words for the round's row of the score ("C knocked"); ``hands`` are the hands revealed
    at its showdown, best first, and ``verdict`` says who won it and why. While the round is
    still played, ``ended`` is None and ``hands`` is empty.
    """

    number: int
    title: str
    items: tuple[ScoreItem, ...]
    movers: frozenset[int] = frozenset()
    ended: Event | None = None
    how: str = ""
    hands: tuple[RevealedHand, ...] = ()
    verdict: Event | None = None

    @property
    def settled(self) -> bool:
        return self.ended is not None

    def changes(self, players: int) -> tuple[int, ...]:
        """Each player's points from this round (the sum of its items per player)."""
        totals = [0] * players
        for item in self.items:
            totals[item.player] += item.points
        return tuple(totals)


class Step(NamedTuple):
    """One move played: the state before and after, and what happened, narrated."""

    move: Move
    before: Any
    after: Any
    events: tuple[Event, ...]


@functools.lru_cache(maxsize=16384)  # moves are immutable values, and the same ones come back
def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move names: its Card-typed fields (and tuples of cards), in field order."""
    if not dataclasses.is_dataclass(move):
        return ()
    found: list[Card] = []
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, Card))
    return tuple(found)
