"""Contest's cards and moves: the deck, the moves with their notation, and the rules that are
pure functions of cards (what a card and a pile are worth, which secret rows can be laid, what
the secret cards score). The rules (``rules.py``) and the strategy (``strategy.py``) both build
on this module.

A game, as moves (the player to act is always ``game.to_move(state)``):

    arrange 4H 2C 9H 5S      each player's first decision, A then B: the secret cards, positions 1 to 4
    mulligan                 instead, when no two-suits-apart order exists: show, discard, take 4 more
    open 5H 2                play a card into an empty position of the contest row
    reinforce 7H 2           play a card onto the pile of its own suit
    claim 1 3 9H             claim the piles at positions 1 and 3, discarding 9H
    claim 1 3 JH discard 2   ... a Jack (or King) first discards the pile at 2, of its suit
    claim 1 3 QH open 5H 2   ... a Queen (or King) first plays a card of its suit (open or reinforce)
    claim 1 3 9H keep 3      ... on equal values, the pile the claimant sends to the points piles
    exchange 4H              discard a card and draw one
    pass                     in the last turns, only when no other action is possible
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import SUITS, Card, parse_card, standard_deck
from ...engine import Move, MoveReader
from ...errors import NotationError

__all__ = [
    "DECK",
    "SUIT_INDEX",
    "Arrange",
    "Mulligan",
    "Open",
    "Reinforce",
    "Claim",
    "Exchange",
    "Pass",
    "MULLIGAN",
    "PASS",
    "card_value",
    "pile_value",
    "suits_apart",
    "can_arrange",
    "secret_score",
    "parse_move",
    "EXAMPLES",
]

# contest.deck: 52 cards, no jokers (canonical Card objects, so hands compare by identity first).
DECK: tuple[Card, ...] = tuple(parse_card(c.code) for c in standard_deck())
SECRET_SIZE = 4
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Arrange(Move):
    """Lay the 4 secret cards face down, ``cards[0]`` in position 1 to ``cards[3]`` in position 4."""

    cards: tuple[Card, Card, Card, Card]

    def __str__(self) -> str:
        return "arrange " + " ".join(c.code for c in self.cards)

    def words(self) -> str:
        return "lay out the secret cards as " + " ".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Mulligan(Move):
    """Show the secret cards (no order keeps two of a suit apart), discard them, take 4 more."""

    def __str__(self) -> str:
        return "mulligan"

    def words(self) -> str:
        return "take a mulligan: four new secret cards"


@dataclass(frozen=True, slots=True)
class Open(Move):
    """Play ``card`` into the empty position ``position`` (1 to 4)."""

    card: Card
    position: int

    def __str__(self) -> str:
        return f"open {self.card.code} {self.position}"

    def words(self) -> str:
        return f"open pile {self.position} with the {self.card}"


@dataclass(frozen=True, slots=True)
class Reinforce(Move):
    """Play ``card`` onto the pile of its own suit at ``position`` (1 to 4)."""

    card: Card
    position: int

    def __str__(self) -> str:
        return f"reinforce {self.card.code} {self.position}"

    def words(self) -> str:
        return f"add the {self.card} to pile {self.position}"


@dataclass(frozen=True, slots=True)
class Claim(Move):
    """Claim the piles at positions ``first`` < ``second`` by discarding ``card`` from the hand.

    ``discard``: a Jack's (or King's) power, the position of a pile of its suit discarded first.
    ``play``: a Queen's (or King's) power, the Open or Reinforce of a card of its suit made first.
    ``keep``: on equal values, the claimed position whose pile goes to the points piles.
    """

    first: int
    second: int
    card: Card
    discard: int | None = None
    play: Open | Reinforce | None = None
    keep: int | None = None

    def __str__(self) -> str:
        text = f"claim {self.first} {self.second} {self.card.code}"
        if self.discard is not None:
            text += f" discard {self.discard}"
        if self.play is not None:
            text += f" {self.play}"
        if self.keep is not None:
            text += f" keep {self.keep}"
        return text

    def words(self) -> str:
        text = f"claim piles {self.first} and {self.second} with the {self.card}"
        if self.discard is not None:
            text += f", first throwing away pile {self.discard}"
        if self.play is not None:
            text += f", first playing: {self.play.words()}"
        if self.keep is not None:
            text += f", keeping pile {self.keep}"
        return text


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Discard ``card`` and draw one card (only while the draw pile has cards)."""

    card: Card

    def __str__(self) -> str:
        return f"exchange {self.card.code}"

    def words(self) -> str:
        return f"exchange the {self.card} for a new card"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """In the last turns, a player with no possible action passes."""

    def __str__(self) -> str:
        return "pass"

    def words(self) -> str:
        return "pass"


MULLIGAN = Mulligan()
PASS = Pass()
# Moves are values: the hot paths hand out shared instances instead of building new ones.
OPEN = {c: tuple(Open(c, p) for p in range(1, 5)) for c in DECK}
REINFORCE = {c: tuple(Reinforce(c, p) for p in range(1, 5)) for c in DECK}
EXCHANGE = {c: Exchange(c) for c in DECK}
EXAMPLES = (
    "arrange 4H 2C 9H 5S, mulligan, open 5H 2, reinforce 7H 2, claim 1 3 9H "
    "[discard 2 | open 5H 2 | reinforce 5H 1] [keep 3], exchange 4H, pass"
)


# --- rules that are pure functions of cards ---------------------------------------------------


def card_value(card: Card, ace_low: bool) -> int:
    """contest.value: 2-10 at face value, J 11, Q 12, K 13, A 14 (or 1 with ace low)."""
    return 1 if ace_low and card.rank == 14 else card.rank


def pile_value(pile: tuple[Card, ...], ace_low: bool, top: bool) -> int:
    """contest.claim.value: the sum of the pile's ranks, or (pile_value="top") its top card's."""
    if top:
        return card_value(pile[-1], ace_low)
    total = 0
    for card in pile:
        rank = card.rank
        total += 1 if ace_low and rank == 14 else rank
    return total


def suits_apart(secret: tuple[Card, ...]) -> bool:
    """contest.secret.neighbours: no two of the 4 secret cards, in this order, of a suit side by side."""
    first, second, third, fourth = secret
    return first.suit != second.suit and second.suit != third.suit and third.suit != fourth.suit


def can_arrange(secret: tuple[Card, ...]) -> bool:
    """contest.secret.neighbours: 4 cards can be laid with no two of a suit side by side unless
    three or four of them share a suit."""
    suits = [c.suit for c in secret]
    return all(suits.count(s) <= 2 for s in suits)


def secret_score(secret: tuple[Card, ...], points: tuple[tuple[Card, ...], ...]) -> int:
    """contest.score: each card in a points pile scores the position number (1-4) of every
    secret card of its suit."""
    return sum(position * len(points[SUIT_INDEX[card.suit]]) for position, card in enumerate(secret, 1))


# --- notation -------------------------------------------------------------------------------------


def parse_move(text: str) -> Move:
    """Read a move's notation (see the module's documentation)."""
    reader = MoveReader(text, EXAMPLES)
    verb = reader.word("action")
    if verb == "arrange":
        order = tuple(_card(reader, "secret card") for _ in range(SECRET_SIZE))
        reader.end()
        if len(set(order)) != SECRET_SIZE:
            raise NotationError(text, 0, len(text), "the same card is named twice; name each secret card once", "move")
        return Arrange(order)  # type: ignore[arg-type]
    if verb in ("mulligan", "pass"):
        reader.end()
        return MULLIGAN if verb == "mulligan" else PASS
    if verb in ("open", "reinforce"):
        move = _place(reader, verb)
        reader.end()
        return move
    if verb == "exchange":
        card = _card(reader, "card")
        reader.end()
        return EXCHANGE[card]
    if verb == "claim":
        return _claim(reader)
    raise reader.fail(f"unknown action; moves look like: {EXAMPLES}", reader.last)


def _card(reader: MoveReader, what: str) -> Card:
    return reader.card(what, jokers=False)


def _position(reader: MoveReader, what: str) -> int:
    token = reader.next(what)
    if token[0] not in ("1", "2", "3", "4"):
        raise reader.fail("positions are numbered 1 to 4", token)
    return int(token[0])


def _place(reader: MoveReader, verb: str) -> Open | Reinforce:
    card = _card(reader, "card")
    position = _position(reader, "position")
    return (OPEN if verb == "open" else REINFORCE)[card][position - 1]


def _claim(reader: MoveReader) -> Claim:
    first = _position(reader, "first claimed position")
    first_token = reader.last
    second = _position(reader, "second claimed position")
    if second <= first:
        reason = (
            "a claim names two different positions"
            if second == first
            else f"write the lower position first: 'claim {second} {first} ...'"
        )
        raise reader.fail(reason, (first_token[0], first_token[1], reader.last[2]))
    card = _card(reader, "discarded card")
    discard = play = keep = None
    power = reader.peek()
    if power == "discard":
        reader.next("power")
        discard = _position(reader, "position of the pile to discard")
    elif power in ("open", "reinforce"):
        reader.next("power")
        play = _place(reader, power)
    if reader.peek() == "keep":
        reader.next("keep")
        keep = _position(reader, "position to keep")
        if keep not in (first, second):
            raise reader.fail(f"'keep' names one of the two claimed positions ({first} or {second})", reader.last)
    reader.end(
        "unexpected text; a claim reads 'claim 1 3 9H', then optionally 'discard 2', 'open 5H 2' or "
        "'reinforce 5H 1', then optionally 'keep 3'"
    )
    return Claim(first, second, card, discard, play, keep)
