"""Toy Tricks: a small trick-taking game, defined here to show that a new game needs only its
own files. Registered with ``cardlab.games.register`` (tests/conftest.py does it), it gets a
table, hints, computer players, the conformance test and the soak with no change to
``cardlab/bots``, ``cardlab/widgets`` or ``benchmarks``.

Rules (rule ids ``toy.*``): 16 cards, 7 to A of spades and hearts; each of two players gets 5
and the rest is a face-down stock. The leader plays any card (``toy.lead``); the other must
follow suit if able (``toy.follow``). The higher card of the suit led wins the trick
(``toy.trick``) and leads next; while the stock lasts the winner, then the loser, draws a
card (``toy.draw``). When the hands are empty, each trick won scores 1 (``toy.score``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.cards import HIDDEN, Card, cards_text, deal_seed, in_order, shuffled, without
from cardlab.engine import (
    HAND,
    HIDDEN_SEED,
    PILE,
    POOL,
    STOCK,
    Area,
    Breakdown,
    Event,
    Game,
    Layout,
    Move,
    MoveReader,
    ScoreItem,
    State,
    TextForm,
    Zone,
    check_cards_once,
    format_cards,
    replacer,
    stacked_deck,
    validate_seed,
)
from cardlab.errors import IllegalMove, StateError

DECK = tuple(Card(r, s) for s in "SH" for r in range(7, 15))
NAMES = ("A", "B")
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Play(Move):
    card: Card

    def __str__(self) -> str:
        return f"play {self.card.code}"


@dataclass(frozen=True, slots=True)
class ToyState(State):
    """``trick``: the cards played to the trick on the table, the leader's first; ``stock``
    top first; ``won``: each player's tricks, two cards each."""

    seed: int
    leader: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trick: tuple[Card, ...]
    stock: tuple[Card, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]


_replace = replacer(ToyState)


class ToyTricks(Game):
    name = "toy-tricks"
    title = "Toy Tricks"
    rules_prefix = "toy"
    turn_rule = "toy.lead"
    state_class = ToyState
    players = 2

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def deal(self, seed: int | None = None, deck: Any = None) -> ToyState:
        """A's 5 cards, B's 5, then the stock, top first: from ``deck`` as stacked, or shuffled."""
        seed = deal_seed(seed, stacked=deck is not None)
        order = stacked_deck(deck, DECK, self.title) if deck is not None else tuple(shuffled(DECK, seed, "deal"))
        hands = (in_order(order[:HAND_SIZE]), in_order(order[HAND_SIZE : 2 * HAND_SIZE]))
        return ToyState(seed, 0, hands, (), order[2 * HAND_SIZE :], ((), ()))

    phases = ("lead", "follow", "game-over")

    def phase(self, s: ToyState) -> str:
        return "game-over" if self.to_move(s) is None else ("follow" if s.trick else "lead")

    def to_move(self, s: ToyState) -> int | None:
        if not s.hands[0] and not s.hands[1]:
            return None
        return (s.leader + len(s.trick)) % 2

    def legal_moves(self, s: ToyState) -> list[Move]:
        mover = self.to_move(s)
        if mover is None:
            return []
        hand = s.hands[mover]
        follow = [c for c in hand if s.trick and c.suit == s.trick[0].suit]
        return [Play(c) for c in (follow or hand)]

    def parse_move(self, text: str) -> Move:
        reader = MoveReader(text, "play 9S")
        if reader.word("move") != "play":
            raise reader.fail("unknown move; moves look like: play 9S", reader.last)
        card = reader.card()
        reader.end()
        return Play(card)

    def _check(self, s: ToyState, move: Move) -> None:
        mover = self.to_move(s)
        if not isinstance(move, Play):
            raise IllegalMove(move, "toy.lead", "the only move is to play a card")
        hand = s.hands[mover]
        if move.card not in hand:
            raise IllegalMove(move, "toy.lead", f"{NAMES[mover]} does not hold {move.card} (hand: {cards_text(hand)})")
        if move not in self.legal_moves(s):
            raise IllegalMove(move, "toy.follow", f"{NAMES[mover]} must follow suit ({s.trick[0].suit}) while able")

    def _apply(self, s: ToyState, move: Move, log: list[Event] | None, checked: Any = None) -> ToyState:
        mover, card = self.to_move(s), move.card
        hands = tuple(without(h, card) if p == mover else h for p, h in enumerate(s.hands))
        trick = s.trick + (card,)
        if log is not None:
            log.append(
                Event("toy.lead" if len(trick) == 1 else "toy.follow", f"{NAMES[mover]} plays {card}.", mover, (card,))
            )
        if len(trick) < 2:
            return _replace(s, hands=hands, trick=trick)
        lead, reply = trick
        winner = 1 - s.leader if reply.suit == lead.suit and reply.rank > lead.rank else s.leader
        won = tuple(w + trick if p == winner else w for p, w in enumerate(s.won))
        stock = s.stock
        if stock:  # toy.draw: the winner first
            drawn = {winner: stock[0], 1 - winner: stock[1]}
            hands = tuple(in_order(h + (drawn[p],)) for p, h in enumerate(hands))
            stock = stock[2:]
        if log is not None:
            log.append(Event("toy.trick", f"{NAMES[winner]} wins the trick and leads.", winner, trick))
        return _replace(s, leader=winner, hands=hands, trick=(), stock=stock, won=won)

    def score(self, s: ToyState) -> Breakdown:
        items = tuple(
            ScoreItem(p, len(s.won[p]) // 2, f"{len(s.won[p]) // 2} trick(s) won", "toy.score", s.won[p])
            for p in (0, 1)
        )
        over = self.to_move(s) is None
        totals = [i.points for i in items]
        winners = tuple(p for p in (0, 1) if totals[p] == max(totals)) if over else ()
        return Breakdown(NAMES, items, "Toy Tricks", over, winners)

    def zones(self, s: ToyState) -> list[Zone]:
        return [
            *(Zone(f"{NAMES[p]} hand", s.hands[p], frozenset((p,)), p, HAND, None, "Hand") for p in (0, 1)),
            Zone("trick", s.trick, None, None, POOL, "table", "Trick"),
            Zone("stock", s.stock[::-1], frozenset(), None, STOCK, "table", "Stock"),
            *(Zone(f"{NAMES[p]} won", s.won[p], None, p, PILE, None, "Tricks won") for p in (0, 1)),
        ]

    def table_layout(self, s: ToyState) -> Layout:
        return Layout(
            rows=((Area("table", "On the table"),),), seats=tuple("leads" if p == s.leader else "" for p in (0, 1))
        )

    def view(self, s: ToyState, player: int | None) -> ToyState:
        if player is None:
            return s
        hands = tuple(h if p == player else (HIDDEN,) * len(h) for p, h in enumerate(s.hands))
        return _replace(s, seed=HIDDEN_SEED, hands=hands, stock=(HIDDEN,) * len(s.stock))

    _KEYS = ("seed", "leader", "A hand", "B hand", "trick", "stock", "A won", "B won")

    def to_text(self, s: ToyState) -> str:
        seed = [f"seed: {s.seed}"] if s.seed != HIDDEN_SEED else []  # a view's seed is hidden: no line
        return "\n".join(
            [
                *seed,
                f"leader: {NAMES[s.leader]}",
                *(f"{NAMES[p]} hand: {format_cards(s.hands[p])}" for p in (0, 1)),
                f"trick: {format_cards(s.trick)}",
                f"stock: {format_cards(s.stock)}",
                *(f"{NAMES[p]} won: {format_cards(s.won[p])}" for p in (0, 1)),
            ]
        )

    def _from_text(self, text: str) -> ToyState:
        form = TextForm(text, self._KEYS, self.title)
        return ToyState(
            form.int("seed"),
            form.player("leader", NAMES),
            (form.cards("A hand"), form.cards("B hand")),
            form.cards("trick", "-"),
            form.cards("stock", "-"),
            (form.cards("A won", "-"), form.cards("B won", "-")),
        )

    def validate(self, s: ToyState) -> None:
        validate_seed(s.seed)
        check_cards_once(self.zones(s), DECK)
        if len(s.trick) > 1 or len(s.stock) % 2:
            raise StateError("trick", "the trick holds at most one card, and the stock an even number")
        sizes = [len(h) + (p == s.leader and len(s.trick) == 1) for p, h in enumerate(s.hands)]
        if sizes[0] != sizes[1]:
            raise StateError("hands", f"both players hold as many cards, counting a card led; here {sizes}")
        if s.stock and sizes[0] != HAND_SIZE:
            raise StateError("hands", f"while the stock lasts, a hand holds {HAND_SIZE} cards at a trick's start")
