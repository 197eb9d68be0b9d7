"""Commerce's cards and moves: the 52-card deck and the moves with their notation. The rules
(``rules.py``), the hand ranking (``ranking.py``) and the strategy (``strategy.py``) build on it.

In a deal, the player to act (``game.to_move(state)``) has:

    trade KD      give the dealer K♦ (face down, to the waste) and 1 point; take the stock top
    barter 7S     offer 7♠ face down to the left neighbour, who must answer at once:
    give QD         the neighbour gives Q♦ back without seeing the offered card, or
    knock           refuses by knocking
    knock         on your turn: exchanges stop, the hands are revealed and the deal settled
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, standard_deck
from ...engine import Move, MoveReader

__all__ = ["DECK", "Trade", "Barter", "Give", "Knock", "KNOCK", "parse_move", "EXAMPLES"]

# commerce.deck: 52 cards, no jokers.
DECK: tuple[Card, ...] = tuple(standard_deck())


# --- moves ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trade(Move):
    """Give ``card`` and 1 point to the dealer; take the stock top (commerce.trade)."""

    card: Card

    def __str__(self) -> str:
        return f"trade {self.card.code}"

    def words(self) -> str:
        return f"trade the {self.card} for the top stock card"


@dataclass(frozen=True, slots=True)
class Barter(Move):
    """Offer ``card`` face down to the left neighbour (commerce.barter)."""

    card: Card

    def __str__(self) -> str:
        return f"barter {self.card.code}"

    def words(self) -> str:
        return f"offer the {self.card} face down to the player on the left"


@dataclass(frozen=True, slots=True)
class Give(Move):
    """Answer a barter: give ``card`` for the offered card, unseen (commerce.barter.answer)."""

    card: Card

    def __str__(self) -> str:
        return f"give {self.card.code}"

    def words(self) -> str:
        return f"give the {self.card} back for the offered card"


@dataclass(frozen=True, slots=True)
class Knock(Move):
    """Knock: on your turn (commerce.knock), or to refuse a barter (commerce.barter.refuse)."""

    def __str__(self) -> str:
        return "knock"

    def words(self) -> str:
        return "knock"


KNOCK = Knock()
EXAMPLES = "trade KD, barter 7S, give QD, knock"
# Moves are values: the hot paths hand out shared instances instead of building new ones.
TRADE = {c: Trade(c) for c in DECK}
BARTER = {c: Barter(c) for c in DECK}
GIVE = {c: Give(c) for c in DECK}
_CARD_MOVES: dict[str, dict[Card, Trade] | dict[Card, Barter] | dict[Card, Give]] = {
    "trade": TRADE,
    "barter": BARTER,
    "give": GIVE,
}


def parse_move(text: str) -> Move:
    """Read a move's notation (see the module's documentation)."""
    reader = MoveReader(text, EXAMPLES)
    verb = reader.word("move")
    if verb == "knock":
        reader.end("'knock' takes no card")
        return KNOCK
    moves = _CARD_MOVES.get(verb)
    if moves is None:
        raise reader.fail(f"unknown move; moves look like: {EXAMPLES}", reader.last)
    card = reader.card(missing=f"'{verb}' needs a card, such as '{verb} KD'", jokers=False)
    reader.end(f"'{verb}' takes one card")
    return moves[card]
