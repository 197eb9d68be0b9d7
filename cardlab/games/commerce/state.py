"""Commerce's state and options: what one moment of a game holds (the deal on the table and the
deals settled before it), and whose turn it is.

The rules (``rules.py``), the explanations (``explain.py``) and the strategy (``strategy.py``)
all read this module; it imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...cards import Card
from ...engine import Options, State

__all__ = ["CommerceState", "CommerceOptions", "DealRecord", "MIN_PLAYERS", "MAX_PLAYERS", "DEFAULT_PLAYERS"]

MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 3, 12, 4

Turn = Literal["trade", "barter"]
Ending = Literal["knock", "refusal", "stock"]
TURNS: tuple[str, ...] = ("trade", "barter")
ENDINGS: tuple[str, ...] = ("knock", "refusal", "stock")


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A settled deal, public once its hands were revealed: enough to replay its ledger.

    ``turns`` are the deal's completed turns in order (the first by the dealer's left
    neighbour); ``end`` says how it stopped; ``hands`` are the hands revealed, player by player.
    """

    dealer: int
    turns: tuple[Turn, ...]
    end: Ending
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class CommerceOptions(Options):
    """commerce.players: 3 to 12 players (4 by default)."""

    players: int = field(default=DEFAULT_PLAYERS, metadata={"range": (MIN_PLAYERS, MAX_PLAYERS), "shown": True})


@dataclass(frozen=True, slots=True)
class CommerceState(State):
    """One moment of a Commerce game. Players are 0 (A) to ``players - 1``; A's left neighbour is B.

    The deal on the table: ``dealer``, ``hands``, the stock (top first; its zone lists it bottom
    to top), the waste (in the order traded), and
    ``turns``, the completed turns of this deal (a trade or an accepted barter each), from which
    the player to move follows. ``offer`` is a card offered in barter and not yet answered;
    it has left the offerer's hand. ``history`` holds the settled deals; the ledger is computed
    from them and from this deal's antes and trades. When ``history`` has a deal per player the
    game is over, and the last deal stays on the table, revealed.
    """

    options: CommerceOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    offer: Card | None
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    turns: tuple[Turn, ...]
    history: tuple[DealRecord, ...]

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def deal_number(self) -> int:
        """The deal on the table, from 1."""
        return min(len(self.history) + 1, self.players)

    @property
    def turn_player(self) -> int:
        """commerce.turn.order: whose turn it is: the dealer's left neighbour first, then clockwise,
        one turn each (a barter offered on that turn waits for the next player's answer)."""
        return (self.dealer + 1 + len(self.turns)) % self.options.players
