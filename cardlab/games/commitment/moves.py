"""Commitment's cards and moves: the two decks, what each card does when committed, a stack's
value, and the moves with their notation. The rules (``rules.py``) and the strategy
(``strategy.py``) both build on this module.

Moves (the player to act is always ``game.to_move(state)``):

    7H b1            commit a card to battle 1 (an Ace goes on the other player's side)
    4S b1 clubs      a wild spade (2-10), on the stack of your choice
    JH b1 -> b2      a Jack, and the battle its stack moves to (in round 1 simply JH b1)
    pass             pass for the rest of the round
    next round       once both have passed and the battles are scored: clear them, start the next round

A side of a battle is three stacks (hearts, clubs, diamonds), each listed bottom card first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...cards import HIDDEN, JOKER, Card, ascii_lower, parse_card
from ...engine import Continuation, Move, MoveReader
from ...errors import CardError, quoted

__all__ = [
    "BATTLE_VP",
    "BATTLE_DECK",
    "DRAW_DECK",
    "ROUNDS",
    "STACK_SUITS",
    "STACK_NAMES",
    "Commit",
    "Pass",
    "NextRound",
    "PASS",
    "NEXT_ROUND",
    "stack_value",
    "stack_arithmetic",
    "parse_move",
    "EXAMPLES",
]

ROUNDS = 3
STACK_SUITS = ("H", "C", "D")  # each side's stacks, in this order
STACK_NAMES = ("hearts", "clubs", "diamonds")
STACK_INDEX = {"H": 0, "C": 1, "D": 2}
STACK_NAME = dict(zip(STACK_SUITS, STACK_NAMES))
_STACK_WORDS = {
    **{n: s for n, s in zip(STACK_NAMES, STACK_SUITS)},
    "h": "H",
    "c": "C",
    "d": "D",
    "♥": "H",
    "♣": "C",
    "♦": "D",
    "heart": "H",
    "club": "C",
    "diamond": "D",
}

# commitment.battle-deck: the 2 Jokers and the A♠, J♠, Q♠ and K♠, with their VP (commitment.vp).
BATTLE_VP: dict[Card, int] = {JOKER: 1, Card(11, "S"): 2, Card(12, "S"): 2, Card(13, "S"): 3, Card(14, "S"): 3}
BATTLE_DECK: tuple[Card, ...] = (JOKER, JOKER, Card(14, "S"), Card(11, "S"), Card(12, "S"), Card(13, "S"))
# the draw deck: hearts, clubs and diamonds complete, spades 2-10 only
DRAW_DECK: tuple[Card, ...] = tuple(Card(r, s) for s in STACK_SUITS for r in range(2, 15)) + tuple(
    Card(r, "S") for r in range(2, 11)
)
IN_DRAW_DECK = frozenset(DRAW_DECK)
ORDER = {card: i for i, card in enumerate(DRAW_DECK)}  # hands are kept in this order
ORDER[HIDDEN] = len(DRAW_DECK)  # a card drawn unseen, in a view, goes last

# What a card does when committed (commitment.number / .spade / .ace / .jack / .queen / .king).
NUMBER, SPADE, ACE, JACK, QUEEN, KING = "number", "spade", "ace", "jack", "queen", "king"
KIND: dict[Card, str] = {}
VALUE: dict[Card, int] = {}
for _card in DRAW_DECK:
    KIND[_card] = SPADE if _card.suit == "S" else {14: ACE, 11: JACK, 12: QUEEN, 13: KING}.get(_card.rank, NUMBER)
    VALUE[_card] = 1 if _card.rank == 14 else 0 if _card.rank > 10 else _card.rank
del _card

Stack = tuple[Card, ...]
Side = tuple[Stack, Stack, Stack]  # hearts, clubs, diamonds; each bottom card first
EMPTY_SIDE: Side = ((), (), ())


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Commit(Move):
    """Commit ``card`` to battle number ``battle`` (1-based). ``stack`` is a wild spade's
    stack ("H", "C" or "D"); ``to`` is the battle a Jack's stack moves to."""

    card: Card
    battle: int
    stack: str | None = None
    to: int | None = None

    def __str__(self) -> str:
        text = f"{self.card.code} b{self.battle}"
        if self.stack is not None:
            text += f" {STACK_NAME.get(self.stack, self.stack)}"
        if self.to is not None:
            text += f" -> b{self.to}"
        return text

    def words(self) -> str:
        text = f"put the {self.card} on battle {self.battle}"
        if self.stack is not None:
            text += f", in the {STACK_NAME.get(self.stack, self.stack)} stack"
        if self.to is not None:
            text += f", moving that stack to battle {self.to}"
        return text


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Pass for the rest of the round."""

    def __str__(self) -> str:
        return "pass"

    def words(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class NextRound(Continuation):
    """After a scored round: discard the committed cards, hand out the battle cards, start the next round."""

    def __str__(self) -> str:
        return "next round"

    def words(self) -> str:
        return "start the next round"


PASS, NEXT_ROUND = Pass(), NextRound()
EXAMPLES = "7H b1, 4S b1 clubs, JH b1 -> b2, pass, next round"


def _card_moves(card: Card, battles: int) -> tuple[Commit, ...]:
    """Every distinct way to commit ``card`` when ``battles`` battles are out."""
    kind = KIND[card]
    moves: list[Commit] = []
    for b in range(1, battles + 1):
        if kind == SPADE:
            moves += [Commit(card, b, suit) for suit in STACK_SUITS]
        elif kind == JACK and battles > 1:
            moves += [Commit(card, b, to=t) for t in range(1, battles + 1) if t != b]
        else:
            moves.append(Commit(card, b))
    return tuple(moves)


def _tables() -> dict[int, dict[Card, tuple[Commit, ...]]]:
    """Every card's commits with 1, 2 and 3 battles out. A commit the rounds share is one
    object in every table, so that a move's number is found by the object itself
    (``engine.flat_numbering``)."""
    one: dict[Commit, Commit] = {}
    return {
        n: {card: tuple(one.setdefault(m, m) for m in _card_moves(card, n)) for card in DRAW_DECK}
        for n in range(1, ROUNDS + 1)
    }


MOVES = _tables()
WELL_FORMED = {n: frozenset(m for ms in table.values() for m in ms) for n, table in MOVES.items()}


def stack_value(stack: Iterable[Card]) -> int:
    """commitment.score.stack: a stack's value, bottom card first. Number cards count their
    face value, a wild spade too (commitment.number), Aces 1, J Q K 0; a King doubles every
    card below it."""
    total = 0
    for card in stack:
        if card.rank == 13:
            total *= 2  # commitment.king: only what lies below the King so far
        else:
            total += VALUE[card]
    return total


def stack_arithmetic(stack: Sequence[Card]) -> str:
    """The sum behind :func:`stack_value`, spelled out: ``(3♣ + 4♠) × 2 by K♣ + 5♣ = 19``."""
    if not stack:
        return "empty = 0"
    expr = ""
    for card in stack:
        if card.rank == 13:
            if not expr:
                expr = f"{card} (0)"
            else:
                compound = " + " in expr or " × " in expr
                expr = f"({expr}) × 2 by {card}" if compound else f"{expr} × 2 by {card}"
        else:
            term = str(card) if card.rank <= 10 else f"{card} ({VALUE[card]})"
            expr = f"{expr} + {term}" if expr else term
    return f"{expr} = {stack_value(stack)}"


def parse_move(text: str) -> Move:
    """Read a move's notation (see the module's documentation)."""
    reader = MoveReader(text, EXAMPLES, _TOKENS)
    head = reader.peek()
    if head == "pass":
        reader.next("pass")
        reader.end()
        return PASS
    if head == "next":
        reader.next("next")
        if reader.peek() != "round":
            raise reader.fail("write 'next round'", reader.tokens[reader.index] if reader.peek() else None)
        reader.next("round")
        reader.end()
        return NEXT_ROUND
    token = reader.next("card")
    try:
        card = parse_card(token[0])
    except CardError as err:
        raise reader.fail(f"{err.reason}; moves look like: {EXAMPLES}", token) from None
    battle = _battle(reader, f"name the battle after the card, such as '{card.code} b1'")
    stack = to = None
    following = reader.peek()
    if following is not None and following != "->":
        stack = _STACK_WORDS.get(following)
        if stack is None:
            raise reader.fail(
                "expected a stack (hearts, clubs or diamonds) or '-> b2' for a Jack", reader.next("stack")
            )
        reader.next("stack")
    if reader.peek() == "->":
        reader.next("->")
        to = _battle(reader, "name the battle the Jack's stack moves to, such as '-> b2'")
    reader.end()
    return Commit(card, battle, stack, to)


_TOKENS = re.compile(r"->|[^\s>-]+|\S")
_BATTLE = re.compile(r"b[1-9][0-9]*")


def _battle(reader: MoveReader, missing: str) -> int:
    """A battle's number, from its notation ``b1``."""
    token = reader.next("battle", missing)
    word = ascii_lower(token[0])
    if not _BATTLE.fullmatch(word):
        raise reader.fail(f"expected a battle such as b1, got {quoted(word)}", token)
    if len(word) > 3:  # far beyond the battles of any round, and never converted digit by digit
        raise reader.fail(f"there is no battle {quoted(word, 8)}: Commitment has battles b1 to b{ROUNDS}", token)
    return int(word[1:])
