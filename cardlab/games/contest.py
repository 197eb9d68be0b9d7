"""Contest, the untitled two-player game of docs/rules/texts/contest.txt.

Every rule is in this module; ``docs/rules/contest.md`` maps each rule id to the sentence of
the text it implements and records each reading chosen where the text is silent.

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

import random
import re
from dataclasses import dataclass
from itertools import permutations
from typing import Any, ClassVar, Literal

from ..cards import HIDDEN, SUITS, Card, cards as read_cards, parse_card, shuffled, standard_deck, suit_symbol
from ..engine import (
    HIDDEN_SEED, Breakdown, Event, Game, Move, ScoreItem, State, TextForm, Zone, check_cards_once,
    format_cards, replacer,
)
from ..errors import CardError, IllegalMove, NotationError, StateError

__all__ = ["Contest", "ContestState", "Arrange", "Mulligan", "Open", "Reinforce", "Claim", "Exchange",
           "Pass", "DECK", "secret_score"]

# contest.deck: 52 cards, no jokers (canonical Card objects, so hands compare by identity first).
DECK: tuple[Card, ...] = tuple(parse_card(c.code) for c in standard_deck())
NAMES = ("A", "B")
HAND_SIZE = 7
SECRET_SIZE = 4
POSITIONS = 4
# contest.secret.short-stock: a mulligan needs 4 new secret cards and the two hands of 7 still to deal.
MULLIGAN_NEEDS = SECRET_SIZE + 2 * HAND_SIZE
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_NEIGHBOURS = ((1,), (0, 2), (1, 3), (2,))
_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_EMPTY_ROW: tuple[tuple[Card, ...], ...] = ((), (), (), ())
_STAGES = ("arrange", "play", "final 2", "final 1", "over")


# --- moves --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Arrange(Move):
    """Lay the 4 secret cards face down, ``cards[0]`` in position 1 to ``cards[3]`` in position 4."""
    cards: tuple[Card, Card, Card, Card]

    def __str__(self) -> str:
        return "arrange " + " ".join(c.code for c in self.cards)


@dataclass(frozen=True, slots=True)
class Mulligan(Move):
    """Show the secret cards (no order keeps two of a suit apart), discard them, take 4 more."""

    def __str__(self) -> str:
        return "mulligan"


@dataclass(frozen=True, slots=True)
class Open(Move):
    """Play ``card`` into the empty position ``position`` (1 to 4)."""
    card: Card
    position: int

    def __str__(self) -> str:
        return f"open {self.card.code} {self.position}"


@dataclass(frozen=True, slots=True)
class Reinforce(Move):
    """Play ``card`` onto the pile of its own suit at ``position`` (1 to 4)."""
    card: Card
    position: int

    def __str__(self) -> str:
        return f"reinforce {self.card.code} {self.position}"


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


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """Discard ``card`` and draw one card (only while the draw pile has cards)."""
    card: Card

    def __str__(self) -> str:
        return f"exchange {self.card.code}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """In the last turns, a player with no possible action passes."""

    def __str__(self) -> str:
        return "pass"


MULLIGAN = Mulligan()
PASS = Pass()
# Moves are values: the hot paths hand out shared instances instead of building new ones.
_OPEN = {c: tuple(Open(c, p) for p in range(1, 5)) for c in DECK}
_REINFORCE = {c: tuple(Reinforce(c, p) for p in range(1, 5)) for c in DECK}
_EXCHANGE = {c: Exchange(c) for c in DECK}
_MOVE_WORDS = ("arrange 4H 2C 9H 5S, mulligan, open 5H 2, reinforce 7H 2, claim 1 3 9H "
               "[discard 2 | open 5H 2 | reinforce 5H 1] [keep 3], exchange 4H, pass")
_TOKENS = re.compile(r"\S+")


# --- state --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ContestState(State):
    """One moment of a Contest game. Players are 0 (A) and 1 (B); positions are 0..3 here, 1..4 in moves.

    ``arranged`` counts the players who have arranged their secret cards (A first, then B);
    until both have, ``secrets[p]`` is in the order dealt and the hands are empty.
    ``turn`` is the player to act, -1 once the game is over. ``last_turns`` is None while
    the draw pile lasts, then the turns left in the game (2, 1, then 0 at the end).
    ``row`` holds the four contest piles (bottom card first); ``points`` the points piles in
    the order clubs, diamonds, hearts, spades; ``discard`` is bottom first; ``stock`` (the
    draw pile) is top first. ``seed`` is None for a stacked deck and -1 in a player's view.
    """

    GAME: ClassVar[str] = "contest"
    ace: Literal["high", "low"]
    pile_value: Literal["sum", "top"]
    seed: int | None
    arranged: int
    turn: int
    last_turns: int | None
    secrets: tuple[tuple[Card, ...], tuple[Card, ...]]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    row: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    points: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]


_replace = replacer(ContestState)


# --- rule helpers: pure functions of cards ------------------------------------------------------

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


def can_arrange(secret: tuple[Card, ...]) -> bool:
    """contest.secret.neighbours: 4 cards can be laid with no two of a suit side by side unless
    three or four of them share a suit."""
    suits = [c.suit for c in secret]
    return all(suits.count(s) <= 2 for s in suits)


def _apart(secret: tuple[Card, ...]) -> bool:
    """No two of the 4 secret cards of a suit side by side (contest.secret.neighbours)."""
    a, b, c, d = secret
    return a.suit != b.suit and b.suit != c.suit and c.suit != d.suit


_ORDERS = tuple(permutations(range(SECRET_SIZE)))
_APART_ORDERS: dict[tuple[str, ...], tuple[tuple[int, ...], ...]] = {}


def _apart_orders(secret: tuple[Card, ...]) -> tuple[tuple[int, ...], ...]:
    """The orders (as index tuples) of ``secret`` that keep its suits apart, by suit pattern."""
    pattern = tuple(c.suit for c in secret)
    orders = _APART_ORDERS.get(pattern)
    if orders is None:
        orders = _APART_ORDERS[pattern] = tuple(
            o for o in _ORDERS if all(pattern[o[i]] != pattern[o[i + 1]] for i in range(SECRET_SIZE - 1)))
    return orders


def secret_score(secret: tuple[Card, ...], points: tuple[tuple[Card, ...], ...]) -> int:
    """contest.score: each card in a points pile scores the position number (1-4) of every
    secret card of its suit."""
    return sum(position * len(points[SUIT_INDEX[card.suit]]) for position, card in enumerate(secret, 1))


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _pair(pair: tuple, index: int, value: Any) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _at(row: tuple, index: int, value: Any) -> tuple:
    return row[:index] + (value,) + row[index + 1:]


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards)) or "none"


def _go(cards: tuple[Card, ...]) -> str:
    return "goes" if len(cards) == 1 else "go"


def _pile_name(row: tuple[tuple[Card, ...], ...], i: int) -> str:
    pile = row[i]
    return f"the {suit_symbol(pile[0].suit)} pile at position {i + 1} ({_text(pile)})"


def _suits(row: tuple[tuple[Card, ...], ...]) -> list[str | None]:
    return [pile[0].suit if pile else None for pile in row]


class _ClaimPlan:
    """A checked claim: the hand and row once its power is used, and which pile wins."""

    __slots__ = ("hand", "row", "scrapped", "p", "q", "vp", "vq", "winner")

    def __init__(self, hand: tuple[Card, ...], row: tuple, scrapped: tuple[Card, ...],
                 p: int, q: int, vp: int, vq: int, winner: int) -> None:
        self.hand, self.row, self.scrapped = hand, row, scrapped
        self.p, self.q, self.vp, self.vq, self.winner = p, q, vp, vq, winner


class Contest(Game):
    """Contest for two players.

    ``ace="low"`` counts an Ace as 1 instead of 14; ``pile_value="top"`` values a contest
    pile by its top card instead of the sum of its cards.
    """

    name = "contest"
    title = "Contest"
    rules_prefix = "contest"
    state_class = ContestState
    players = 2

    def __init__(self, *, ace: str = "high", pile_value: str = "sum", **unknown: Any) -> None:
        if unknown:
            raise ValueError(f"unknown option(s) for Contest: {', '.join(sorted(unknown))}; "
                             f"Contest accepts ace ('high' or 'low') and pile_value ('sum' or 'top')")
        if ace not in ("high", "low"):
            raise ValueError(f"ace must be 'high' (an Ace counts 14) or 'low' (an Ace counts 1), not {ace!r}")
        if pile_value not in ("sum", "top"):
            raise ValueError(f"pile_value must be 'sum' (a pile is worth the sum of its cards) or "
                             f"'top' (the rank of its top card), not {pile_value!r}")
        self.ace = ace
        self.pile_value = pile_value
        self._checked: tuple[Any, Any, Any] = (None, None, None)

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if self.ace != "high":
            options["ace"] = self.ace
        if self.pile_value != "sum":
            options["pile_value"] = self.pile_value
        return options

    @classmethod
    def for_state(cls, state: ContestState) -> Contest:
        return cls(ace=state.ace, pile_value=state.pile_value)

    def _check_options(self, state: ContestState) -> None:
        for key, mine, theirs in (("ace", self.ace, state.ace), ("pile_value", self.pile_value, state.pile_value)):
            if mine != theirs:
                raise StateError(key.replace("_", " "), f"this state is played with {key}={theirs!r}; read it with "
                                                        f"{Contest(ace=state.ace, pile_value=state.pile_value)!r}")

    def deck(self) -> tuple[Card, ...]:
        return DECK

    # -- the deal ----------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, deck: Any = None) -> ContestState:
        """The start: A's 4 secret cards, then B's, from the top of the deck.

        ``deck`` stacks all 52 cards, top first: A's 4 secret cards, B's 4, then the stock
        from which mulligans take 4 cards each (in the order they are declared), then A's hand
        of 7, B's hand of 7 (dealt once both have arranged), then the draw pile. Without it the
        deck is shuffled from ``seed`` (a fresh random seed when None).
        """
        if deck is not None:
            if seed is not None:
                raise ValueError("give a seed or a stacked deck, not both")
            order = _stacked(deck)
        else:
            if seed is None:
                seed = random.SystemRandom().randrange(2 ** 63)
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise ValueError(f"a seed is a whole number from 0, got {seed!r}")
            order = tuple(shuffled(DECK, f"contest:{seed}"))
        return ContestState(ace=self.ace, pile_value=self.pile_value, seed=seed, arranged=0, turn=0,
                            last_turns=None, secrets=(order[:4], order[4:8]), hands=((), ()), row=_EMPTY_ROW,
                            points=_EMPTY_ROW, discard=(), stock=order[8:])

    # -- whose turn ----------------------------------------------------------------------------------

    def to_move(self, state: ContestState) -> int | None:
        turn = state.turn
        return None if turn < 0 else turn

    # -- legal moves ---------------------------------------------------------------------------------

    def legal_moves(self, state: ContestState) -> list[Move]:
        if state.turn < 0:
            return []
        if state.arranged < 2:
            return self._setup_moves(state)
        try:
            return _turn_moves(state)
        except KeyError:  # a hidden card in the mover's hand: a view of the other player
            raise _hidden_mover(state) from None

    def _setup_moves(self, state: ContestState) -> list[Move]:
        secret = state.secrets[state.turn]
        if HIDDEN in secret:
            raise _hidden_mover(state)
        orders = _apart_orders(secret)
        if not orders:
            if len(state.stock) >= MULLIGAN_NEEDS:
                return [MULLIGAN]
            orders = _ORDERS  # contest.secret.short-stock: any order
        return [Arrange((secret[a], secret[b], secret[c], secret[d])) for a, b, c, d in orders]

    # -- checking a move -----------------------------------------------------------------------------

    def _check(self, state: ContestState, move: Move) -> None:
        kind = type(move)
        player = state.turn
        name = NAMES[player]
        if state.arranged < 2:
            if kind is Arrange:
                return self._check_arrange(state, move)  # type: ignore[arg-type]
            if kind is Mulligan:
                return self._check_mulligan(state, move)
            raise IllegalMove(move, "contest.secret", f"{name} must first arrange the 4 secret cards "
                                                      f"({_text(state.secrets[player])}) or declare a mulligan")
        if kind is Open or kind is Reinforce:
            hand = state.hands[player]
            if move.card not in hand:  # type: ignore[attr-defined]
                raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {_text(hand)})")  # type: ignore[attr-defined]
            return _check_place(move, move, state.row, name)  # type: ignore[arg-type]
        if kind is Claim:
            # play() checks, then applies: keep the checked plan for _apply (identity-keyed).
            self._checked = (state, move, self._claim_plan(state, move))  # type: ignore[arg-type]
            return None
        if kind is Exchange:
            hand = state.hands[player]
            if move.card not in hand:  # type: ignore[attr-defined]
                raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {_text(hand)})")  # type: ignore[attr-defined]
            if not state.stock:
                raise IllegalMove(move, "contest.exchange", f"the draw pile is empty, so {name} cannot exchange a card")
            return None
        if kind is Pass:
            if state.last_turns is None:
                raise IllegalMove(move, "contest.pass", f"{name} cannot pass: a player passes only in the last turns, "
                                                        f"with no possible action (while the draw pile lasts, "
                                                        f"exchanging a card is always possible)")
            possible = _turn_moves(state)
            if possible != [PASS]:
                raise IllegalMove(move, "contest.pass", f"{name} cannot pass while an action is possible, "
                                                        f"such as '{possible[0]}'")
            return None
        if kind is Arrange or kind is Mulligan:
            raise IllegalMove(move, "contest.secret", "the secret cards are arranged once, at the start; "
                                                      "they are not touched again until the end")
        raise IllegalMove(move, "contest.turn", f"{move!r} is not a Contest move")

    def _check_arrange(self, state: ContestState, move: Arrange) -> None:
        player = state.turn
        name = NAMES[player]
        secret = state.secrets[player]
        order = move.cards
        if not isinstance(order, tuple) or len(order) != SECRET_SIZE or sorted(order) != sorted(secret):
            raise IllegalMove(move, "contest.secret", f"{name}'s secret cards are {_text(secret)}: "
                                                      f"arrange exactly these 4 cards")
        if _apart(order):
            return
        if can_arrange(secret):
            raise IllegalMove(move, "contest.secret.neighbours",
                              f"{name} cannot place {_text(order)}: two cards of the same suit would be side by "
                              f"side; an order such as '{self._setup_moves(state)[0]}' keeps them apart")
        if len(state.stock) >= MULLIGAN_NEEDS:
            raise IllegalMove(move, "contest.secret.mulligan",
                              f"no order of {_text(secret)} keeps two cards of a suit apart, so {name} must "
                              f"declare a mulligan")

    def _check_mulligan(self, state: ContestState, move: Move) -> None:
        player = state.turn
        name = NAMES[player]
        secret = state.secrets[player]
        if can_arrange(secret):
            raise IllegalMove(move, "contest.secret.mulligan",
                              f"{name} can arrange {_text(secret)} with no two cards of a suit side by side "
                              f"(such as '{self._setup_moves(state)[0]}'), so a mulligan is not allowed")
        if len(state.stock) < MULLIGAN_NEEDS:
            raise IllegalMove(move, "contest.secret.short-stock",
                              f"only {len(state.stock)} cards are left to take secret cards and deal the hands "
                              f"from ({MULLIGAN_NEEDS} are needed): {name} keeps {_text(secret)} and arranges "
                              f"them in any order")

    def _claim_plan(self, state: ContestState, move: Claim) -> _ClaimPlan:
        """Check a claim; return what it does. Raises IllegalMove naming the rule it breaks."""
        player = state.turn
        name = NAMES[player]
        hand = state.hands[player]
        card = move.card
        if card not in hand:
            raise IllegalMove(move, "contest.hand", f"{name} does not hold {card} (hand: {_text(hand)})")
        hand = _without(hand, card)
        row = state.row
        scrapped: tuple[Card, ...] = ()
        if move.discard is not None and move.play is not None:
            raise IllegalMove(move, "contest.claim.king", f"a King is used as a Jack or as a Queen, not both: "
                                                          f"{name} may discard a pile or play a card, not both")
        if move.discard is not None:
            if card.rank not in (11, 13):
                raise IllegalMove(move, "contest.claim.jack", f"only a Jack or a King lets the claimant discard a "
                                                              f"contest pile first; {name} claims with {card}")
            r = _position(move, move.discard)
            if not row[r] or row[r][0].suit != card.suit:
                held = f"holds {_pile_name(row, r)}" if row[r] else "is empty"
                raise IllegalMove(move, "contest.claim.jack", f"{card} discards a contest pile of its own suit "
                                                              f"({suit_symbol(card.suit)}); position {r + 1} {held}")
            scrapped = row[r]
            row = _at(row, r, ())
        elif move.play is not None:
            play = move.play
            if card.rank not in (12, 13):
                raise IllegalMove(move, "contest.claim.queen", f"only a Queen or a King lets the claimant play a card "
                                                               f"first; {name} claims with {card}")
            if type(play) not in (Open, Reinforce):
                raise IllegalMove(move, "contest.claim.queen", "a Queen's power is an open or a reinforce")
            extra = play.card
            if extra.suit != card.suit:
                raise IllegalMove(move, "contest.claim.queen", f"{card} lets {name} play a card of its own suit "
                                                               f"({suit_symbol(card.suit)}) first, and {extra} is not one")
            if extra not in hand:
                why = (f"{card} is the card discarded for the claim" if extra == card
                       else f"{name} does not hold {extra}")
                raise IllegalMove(move, "contest.hand", f"{why} (hand: {_text(state.hands[player])})")
            _check_place(move, play, row, name)
            hand = _without(hand, extra)
            row = _at(row, play.position - 1, row[play.position - 1] + (extra,))
        p, q = _position(move, move.first), _position(move, move.second)
        if p >= q:
            raise IllegalMove(move, "contest.claim", "a claim names two different positions, the lower one first "
                                                     f"(such as 'claim {min(p, q) + 1} {max(p, q) + 1} ...')")
        for i in (p, q):
            if not row[i]:
                raise IllegalMove(move, "contest.claim", f"position {i + 1} is empty{' once the power is used' if row[i] != state.row[i] else ''}: "
                                                         f"a claim takes two contest piles")
        sp, sq = row[p][0].suit, row[q][0].suit
        if sp == sq:
            raise IllegalMove(move, "contest.claim", f"both piles are {suit_symbol(sp)}: a claim takes two piles of "
                                                     f"different suits")
        if card.suit != sp and card.suit != sq:
            raise IllegalMove(move, "contest.claim.match", f"{card} matches neither {_pile_name(row, p)} nor "
                                                           f"{_pile_name(row, q)}: the discarded card must be of "
                                                           f"one of their suits")
        low, top = state.ace == "low", state.pile_value == "top"
        vp, vq = pile_value(row[p], low, top), pile_value(row[q], low, top)
        keep = move.keep
        if vp == vq:
            if keep != move.first and keep != move.second:
                raise IllegalMove(move, "contest.claim.tie", f"both piles are worth {vp}: {name} chooses the one that "
                                                             f"goes to the points piles, such as "
                                                             f"'{Claim(move.first, move.second, card, move.discard, move.play, move.second)}'")
            winner = keep - 1
        else:
            if keep is not None:
                raise IllegalMove(move, "contest.claim.tie", f"'keep' is only for piles of equal value; here the pile "
                                                             f"at {p + 1} is worth {vp} and the pile at {q + 1} {vq}")
            winner = p if vp > vq else q
        return _ClaimPlan(hand, row, scrapped, p, q, vp, vq, winner)

    # -- applying a move ------------------------------------------------------------------------------

    def _apply(self, state: ContestState, move: Move, log: list[Event] | None) -> ContestState:
        kind = type(move)
        player = state.turn
        if kind is Open or kind is Reinforce:
            card, i = move.card, move.position - 1  # type: ignore[attr-defined]
            row = state.row
            if log is not None:
                log.append(_place_event(move, row, player))  # type: ignore[arg-type]
            row = _at(row, i, row[i] + (card,))
            return _end_turn(state, _without(state.hands[player], card), row, state.points, state.discard,
                             state.stock, log)
        if kind is Claim:
            return self._apply_claim(state, move, log)  # type: ignore[arg-type]
        if kind is Exchange:
            card = move.card  # type: ignore[attr-defined]
            drawn = state.stock[0]
            if log is not None:
                log.append(Event("contest.exchange", f"{NAMES[player]} discards {card} and draws a card.", player, (card,)))
                log.append(Event("contest.exchange", f"{NAMES[player]} draws {drawn}.", player, (drawn,),
                                 frozenset((player,))))
            return _end_turn(state, _without(state.hands[player], card) + (drawn,), state.row, state.points,
                             state.discard + (card,), state.stock[1:], log)
        if kind is Pass:
            if log is not None:
                log.append(Event("contest.pass", f"{NAMES[player]} has no possible action and passes.", player))
            return _end_turn(state, state.hands[player], state.row, state.points, state.discard, state.stock, log)
        if kind is Arrange:
            return self._apply_arrange(state, move, log)  # type: ignore[arg-type]
        return self._apply_mulligan(state, log)

    def _apply_arrange(self, state: ContestState, move: Arrange, log: list[Event] | None) -> ContestState:
        player = state.turn
        order = tuple(move.cards)
        if log is not None:
            waived = "" if _apart(order) else (" The draw pile is too short for a mulligan, so the suits may touch.")
            log.append(Event("contest.secret", f"{NAMES[player]} lays the 4 secret cards face down in positions 1 to 4."
                             + waived, player))
            log.append(Event("contest.secret", f"{NAMES[player]}'s secret cards, positions 1 to 4: {_text(order)}.",
                             player, order, frozenset((player,))))
        secrets = _pair(state.secrets, player, order)
        if player == 0:
            return _replace(state, arranged=1, turn=1, secrets=secrets)
        stock = state.stock
        hands = (stock[:HAND_SIZE], stock[HAND_SIZE:2 * HAND_SIZE])
        # At least 2 cards remain: a mulligan needs 18 cards, so at most 7 are made (44 - 28 - 14 = 2).
        stock = stock[2 * HAND_SIZE:]
        if log is not None:
            log.append(Event("contest.deal", f"Each player is dealt a hand of {HAND_SIZE} cards; A plays first.", None))
            for p in (0, 1):
                log.append(Event("contest.deal", f"{NAMES[p]}'s hand: {_text(hands[p])}.", p, hands[p], frozenset((p,))))
        return _replace(state, arranged=2, turn=0, secrets=secrets, hands=hands, stock=stock)

    def _apply_mulligan(self, state: ContestState, log: list[Event] | None) -> ContestState:
        player = state.turn
        shown = state.secrets[player]
        if log is not None:
            log.append(Event("contest.secret.mulligan", f"No order of {_text(shown)} keeps two cards of a suit apart: "
                             f"{NAMES[player]} declares a mulligan, shows them, discards them and takes 4 more "
                             f"secret cards.", player, shown))
        return _replace(state, secrets=_pair(state.secrets, player, state.stock[:SECRET_SIZE]),
                        discard=state.discard + shown, stock=state.stock[SECRET_SIZE:])

    def _apply_claim(self, state: ContestState, move: Claim, log: list[Event] | None) -> ContestState:
        checked = self._checked
        if checked[0] is state and checked[1] is move:
            plan = checked[2]
        else:
            plan = self._claim_plan(state, move)
        row = plan.row
        winner = plan.winner
        loser = plan.q if winner == plan.p else plan.p
        won, lost = row[winner], row[loser]
        if log is not None:
            self._narrate_claim(state, move, plan, log)
        suit = SUIT_INDEX[won[0].suit]
        points = _at(state.points, suit, state.points[suit] + won)
        row = _at(_at(row, winner, ()), loser, ())
        discard = state.discard + (move.card,) + plan.scrapped + lost
        return _end_turn(state, plan.hand, row, points, discard, state.stock, log)

    def _narrate_claim(self, state: ContestState, move: Claim, plan: _ClaimPlan, log: list[Event]) -> None:
        player = state.turn
        name = NAMES[player]
        card = move.card
        king = card.rank == 13
        if move.discard is not None:
            rule, as_ = ("contest.claim.king", " as a Jack") if king else ("contest.claim.jack", "")
            log.append(Event(rule, f"{name} uses {card}{as_}: first {_pile_name(state.row, move.discard - 1)} goes to "
                                   f"the discard pile.", player, state.row[move.discard - 1]))
        elif move.play is not None:
            rule, as_ = ("contest.claim.king", " as a Queen") if king else ("contest.claim.queen", "")
            log.append(Event(rule, f"{name} uses {card}{as_} to play a card first.", player, (card,)))
            log.append(_place_event(move.play, state.row, player))
        p, q, row = plan.p, plan.q, plan.row
        log.append(Event("contest.claim.match", f"{name} claims {_pile_name(row, p)} and {_pile_name(row, q)}, "
                                                f"discarding {card}.", player, (card,)))
        winner = plan.winner
        loser = q if winner == p else p
        won, lost = row[winner], row[loser]
        value = plan.vp if winner == p else plan.vq
        symbol = suit_symbol(won[0].suit)
        if plan.vp == plan.vq:
            log.append(Event("contest.claim.tie", f"Both piles are worth {value}: {name} chooses the "
                                                  f"{symbol} pile at position {winner + 1}.", player, won))
        else:
            other = plan.vq if winner == p else plan.vp
            log.append(Event("contest.claim.value", f"The {symbol} pile ({value}) beats the "
                                                    f"{suit_symbol(lost[0].suit)} pile ({other}).", player, won))
        log.append(Event("contest.claim.value", f"{_text(won)} {_go(won)} to the {symbol} points pile; {_text(lost)} "
                                                f"{_go(lost)} to the discard pile.", player, won + lost))

    # -- scoring -------------------------------------------------------------------------------------

    def score_items(self, state: ContestState, player: int) -> tuple[ScoreItem, ...]:
        """contest.score: one line per secret position: its suit, the cards in that suit's
        points pile, and the product (the secret card first among the cards, then the pile)."""
        items = []
        for position, card in enumerate(state.secrets[player], 1):
            pile = state.points[SUIT_INDEX[card.suit]]
            n = len(pile)
            reason = (f"position {position}: {card} — {n} card{'s' if n != 1 else ''} in the "
                      f"{suit_symbol(card.suit)} points pile × {position} = {n * position}")
            items.append(ScoreItem(player, n * position, reason, "contest.score", (card,) + pile))
        return tuple(items)

    def score(self, state: ContestState) -> Breakdown:
        over = state.turn < 0
        items: list[ScoreItem] = []
        notes: list[str] = []
        for p in (0, 1):
            if state.arranged <= p:
                notes.append(f"{NAMES[p]} has not arranged the secret cards yet.")
            elif HIDDEN in state.secrets[p]:
                notes.append(f"{NAMES[p]}'s secret cards stay hidden until the end.")
            else:
                items += self.score_items(state, p)
        title = "Contest — final score" if over else "Contest — the score if the game ended now"
        breakdown = Breakdown(NAMES, tuple(items), title, over, (), tuple(notes))
        if not over:
            return breakdown
        totals = breakdown.totals
        winners = tuple(p for p in (0, 1) if totals[p] == max(totals))
        verdict = (f"A draw at {totals[0]}." if len(winners) == 2
                   else f"{NAMES[winners[0]]} wins, {max(totals)} to {min(totals)}.")
        return Breakdown(NAMES, tuple(items), title, True, winners, tuple(notes) + (verdict,))

    # -- hidden information ------------------------------------------------------------------------

    def zones(self, state: ContestState) -> list[Zone]:
        revealed = state.turn < 0
        zones = []
        for p in (0, 1):
            own = frozenset((p,))
            zones += [Zone(f"{NAMES[p]} secret", state.secrets[p], None if revealed else own, p),
                      Zone(f"{NAMES[p]} hand", state.hands[p], own, p)]
        zones += [Zone(f"position {i + 1}", pile) for i, pile in enumerate(state.row)]
        zones += [Zone(f"points {suit}", pile) for suit, pile in zip(SUITS, state.points)]
        zones += [Zone("discard", state.discard), Zone("draw pile", state.stock, frozenset())]
        return zones

    def view(self, state: ContestState, player: int | None) -> ContestState:
        if player is None:
            return state
        if player not in (0, 1):
            raise ValueError(f"Contest has players 0 (A) and 1 (B), not {player!r}")
        other = 1 - player
        secrets = state.secrets
        if state.turn >= 0:
            secrets = _pair(secrets, other, (HIDDEN,) * len(secrets[other]))
        return _replace(state, seed=HIDDEN_SEED, secrets=secrets,
                        hands=_pair(state.hands, other, (HIDDEN,) * len(state.hands[other])),
                        stock=(HIDDEN,) * len(state.stock))

    # -- notation --------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(repr(text), 0, len(repr(text)), "expected the text of a move, such as 'open 5H 2'", "move")
        reader = _Reader(text)
        verb = reader.word("an action")
        if verb == "arrange":
            order = tuple(reader.card("secret card") for _ in range(SECRET_SIZE))
            reader.end()
            if len(set(order)) != SECRET_SIZE:
                raise NotationError(text, 0, len(text), "the same card is named twice; name each secret card once", "move")
            return Arrange(order)  # type: ignore[arg-type]
        if verb in ("mulligan", "pass"):
            reader.end()
            return MULLIGAN if verb == "mulligan" else PASS
        if verb in ("open", "reinforce"):
            move = reader.place(verb)
            reader.end()
            return move
        if verb == "exchange":
            card = reader.card("card")
            reader.end()
            return _EXCHANGE[card]
        if verb == "claim":
            return reader.claim()
        raise NotationError(text, reader.last[1], reader.last[2], f"unknown action; moves look like: {_MOVE_WORDS}", "move")

    # -- the text form -------------------------------------------------------------------------------

    _KEYS = ("ace", "pile value", "seed", "stage", "to move", "A secret", "B secret", "A hand", "B hand", "row",
             "points C", "points D", "points H", "points S", "discard", "draw pile")

    def to_text(self, state: ContestState) -> str:
        if state.arranged < 2:
            stage = "arrange"
        elif state.last_turns is None:
            stage = "play"
        else:
            stage = "over" if state.last_turns == 0 else f"final {state.last_turns}"
        lines = [
            f"ace: {state.ace}",
            f"pile value: {state.pile_value}",
            # a view's seed is hidden: no line
            *([f"seed: {'-' if state.seed is None else state.seed}"] if state.seed != HIDDEN_SEED else []),
            f"stage: {stage}",
            f"to move: {'-' if state.turn < 0 else NAMES[state.turn]}",
        ]
        for p in (0, 1):
            lines.append(f"{NAMES[p]} secret: {format_cards(state.secrets[p])}")
        for p in (0, 1):
            lines.append(f"{NAMES[p]} hand: {format_cards(state.hands[p])}")
        lines.append("row: " + " | ".join(format_cards(pile) for pile in state.row))
        lines += [f"points {suit}: {format_cards(pile)}" for suit, pile in zip(SUITS, state.points)]
        lines += [f"discard: {format_cards(state.discard)}", f"draw pile: {format_cards(state.stock)}"]
        return "\n".join(lines)

    def _from_text(self, text: str) -> ContestState:
        form = TextForm(text, self._KEYS, "Contest")
        ace = form.choice("ace", ("high", "low"), self.ace)
        value = form.choice("pile value", ("sum", "top"), self.pile_value)
        if (ace, value) != (self.ace, self.pile_value):
            key = "ace" if ace != self.ace else "pile value"
            raise StateError(form.where(key), f"this state is played with ace={ace!r}, pile_value={value!r}; read it "
                                              f"with {Contest(ace=ace, pile_value=value)!r}")
        seed_text = form.text("seed", "-").strip()
        seed = None if seed_text in ("-", "—") else form.int("seed")
        stage = " ".join(form.text("stage").lower().split())
        if stage not in _STAGES:
            raise StateError(form.where("stage"), f"expected one of {', '.join(_STAGES)}, got {stage!r}")
        turn = form.player("to move", NAMES, optional=True)
        if (turn is None) != (stage == "over"):
            raise StateError(form.where("to move"), "write '-' when the stage is 'over', and A or B otherwise")
        if stage == "arrange":
            arranged, last_turns = turn, None
        else:
            arranged, last_turns = 2, {"play": None, "final 2": 2, "final 1": 1, "over": 0}[stage]
        row_text = form.text("row")
        parts = row_text.split("|")
        if len(parts) != POSITIONS:
            raise StateError(form.where("row"), f"expected the 4 positions separated by '|', such as "
                                                f"'5H | - | 9C 10C | -'; got {len(parts)}")
        row = []
        for i, part in enumerate(parts):
            try:
                row.append(() if part.strip() in ("-", "—") else tuple(read_cards(part)))
            except CardError as err:
                raise StateError(form.where("row"), f"position {i + 1}: {err}") from None
        return ContestState(
            ace=ace, pile_value=value, seed=seed, arranged=arranged,  # type: ignore[arg-type]
            turn=-1 if turn is None else turn, last_turns=last_turns,
            secrets=(form.cards("A secret"), form.cards("B secret")),
            hands=(form.cards("A hand"), form.cards("B hand")), row=tuple(row),  # type: ignore[arg-type]
            points=tuple(form.cards(f"points {s}") for s in SUITS),  # type: ignore[arg-type]
            discard=form.cards("discard"), stock=form.cards("draw pile"))

    def validate(self, state: ContestState) -> None:
        """Every card once, and the counts and placements the rules allow at this stage."""
        self._check_options(state)
        if state.seed is not None and state.seed < 0:
            raise StateError("seed", "a seed is a whole number from 0 ('-' for a stacked deck); "
                                     "-1 marks a player's view, which is not a whole state")
        for field, value, allowed in (("arranged", state.arranged, (0, 1, 2)), ("turn", state.turn, (-1, 0, 1)),
                                      ("last_turns", state.last_turns, (None, 0, 1, 2))):
            if value not in allowed:
                raise StateError(field, f"expected one of {', '.join(map(str, allowed))}, got {value!r}")
        check_cards_once(self.zones(state), DECK)
        for p in (0, 1):
            if len(state.secrets[p]) != SECRET_SIZE:
                raise StateError(f"{NAMES[p]} secret", f"holds {len(state.secrets[p])} cards; a player has 4 secret cards")
        for p in range(state.arranged):
            secret = state.secrets[p]
            if not _apart(secret) and can_arrange(secret):
                raise StateError(f"{NAMES[p]} secret", f"{_text(secret)} has two cards of a suit side by side; "
                                                       f"an order that keeps them apart exists (contest.secret.neighbours)")
        self._validate_row(state)
        for suit, pile in zip(SUITS, state.points):
            wrong = [c for c in pile if c.suit != suit]
            if wrong:
                raise StateError(f"points {suit}", f"{_text(tuple(wrong))} cannot be in the "
                                                   f"{suit_symbol(suit)} points pile (contest.points: one pile per suit)")
        if state.arranged < 2:
            self._validate_setup(state)
        else:
            self._validate_play(state)

    def _validate_row(self, state: ContestState) -> None:
        row = state.row
        for i, pile in enumerate(row):
            mixed = [c for c in pile if c.suit != pile[0].suit]
            if mixed:
                raise StateError(f"position {i + 1}", f"a contest pile holds one suit; {_text(pile)} mixes suits")
        suits = _suits(row)
        for i in range(POSITIONS - 1):
            if suits[i] is not None and suits[i] == suits[i + 1]:
                raise StateError(f"positions {i + 1} and {i + 2}", f"neighbouring positions never hold the same suit "
                                                                   f"({suit_symbol(suits[i])}) (contest.open.neighbours)")

    def _validate_setup(self, state: ContestState) -> None:
        if state.turn != state.arranged:
            raise StateError("to move", f"while the secret cards are arranged, A goes first, then B: "
                                        f"{NAMES[state.arranged]} is to move")
        if any(state.hands) or any(state.row) or any(state.points):
            raise StateError("stage", "while the secret cards are arranged, the hands are not dealt yet "
                                      "and no card has been played")
        if state.last_turns is not None:
            raise StateError("stage", "the last turns come after the deal, once the draw pile is empty")
        if len(state.discard) % SECRET_SIZE:
            raise StateError("discard", f"holds {len(state.discard)} cards; before the deal only mulligans "
                                        f"discard, 4 cards at a time")
        if len(state.stock) < 2 * HAND_SIZE:
            raise StateError("draw pile", f"holds {len(state.stock)} cards; the two hands of {HAND_SIZE} are still "
                                          f"to be dealt from it")

    def _validate_play(self, state: ContestState) -> None:
        over = state.last_turns == 0
        if over != (state.turn < 0):
            raise StateError("to move", "nobody is to move exactly when the game is over")
        if state.last_turns is None:
            if not state.stock:
                raise StateError("stage", "the draw pile is empty: the stage is 'final 2', 'final 1' or 'over'")
            for p in (0, 1):
                if len(state.hands[p]) != HAND_SIZE:
                    raise StateError(f"{NAMES[p]} hand", f"holds {len(state.hands[p])} cards; while the draw pile "
                                                         f"lasts, every turn ends with {HAND_SIZE} in hand (contest.draw)")
        else:
            if state.stock:
                raise StateError("draw pile", f"holds {len(state.stock)} cards; the last turns come only once it is empty")
            for p in (0, 1):
                if len(state.hands[p]) > HAND_SIZE:
                    raise StateError(f"{NAMES[p]} hand", f"holds {len(state.hands[p])} cards; a hand never holds "
                                                         f"more than {HAND_SIZE}")


# --- the hot path: legal moves and the end of a turn ------------------------------------------------

class _Layout:
    """What a contest row allows, from the suits of its four positions alone.

    For a card of suit index ``si`` (0..3, clubs to spades): ``opens[si]`` the empty positions
    it may open (contest.open.neighbours), ``reinforces[si]`` the piles of its suit
    (contest.reinforce), ``claims[si]`` the pairs ``(k, p, q)`` (``_PAIRS[k] == (p, q)``) of
    piles of different suits, one of them its suit, that it may claim (contest.claim.match).
    """

    __slots__ = ("opens", "reinforces", "claims")

    def __init__(self, suits: tuple[str | None, ...]) -> None:
        self.opens = tuple(tuple(i for i in range(POSITIONS) if suits[i] is None
                                 and all(suits[j] != s for j in _NEIGHBOURS[i])) for s in SUITS)
        self.reinforces = tuple(tuple(i for i in range(POSITIONS) if suits[i] == s) for s in SUITS)
        self.claims = tuple(tuple((k, p, q) for k, (p, q) in enumerate(_PAIRS)
                                  if suits[p] is not None and suits[q] is not None and suits[p] != suits[q]
                                  and s in (suits[p], suits[q])) for s in SUITS)


# A row's suits as a number: position i holds suit code 0 (empty) or 1..4, weighted 5**i.
_SUIT_CODE = {s: i + 1 for i, s in enumerate(SUITS)}
_WEIGHT = (1, 5, 25, 125)
_LAYOUTS: list[_Layout | None] = [None] * 5 ** POSITIONS  # built on first use: write _LAYOUTS[code] or _layout(code)


def _layout(code: int) -> _Layout:
    layout = _LAYOUTS[code] = _Layout(tuple((None, *SUITS)[code // w % 5] for w in _WEIGHT))
    return layout


class _CardMoves:
    """The moves a card can take part in, built once: the hot path hands them out.

    A claim table holds the 18 claims of one card with one power choice: entry ``3k + keep``
    claims the pair ``_PAIRS[k]`` with keep 0 (values differ), 1 (the first pile) or 2 (the second).
    """

    __slots__ = ("card", "suit", "opens", "reinforces", "exchange", "plain", "jack", "queen", "powered")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.suit = SUITS.index(card.suit)
        self.opens = _OPEN[card]
        self.reinforces = _REINFORCE[card]
        self.exchange = _EXCHANGE[card]
        self.plain = self._table(None, None)
        self.jack = card.rank in (11, 13)
        self.queen = card.rank in (12, 13)
        # power tables, by the position discarded (Jack) or by id() of the shared Open/Reinforce played (Queen)
        self.powered: dict[int, tuple[Claim, ...]] = {}

    def _table(self, discard: int | None, play: Open | Reinforce | None) -> tuple[Claim, ...]:
        return tuple(Claim(p + 1, q + 1, self.card, discard, play, (None, p + 1, q + 1)[keep])
                     for p, q in _PAIRS for keep in range(3))

    def jack_table(self, discard: int) -> tuple[Claim, ...]:
        table = self.powered.get(discard)
        if table is None:
            table = self.powered[discard] = self._table(discard, None)
        return table

    def queen_table(self, play: Open | Reinforce) -> tuple[Claim, ...]:
        """``play`` must be one of the shared moves of ``_OPEN`` / ``_REINFORCE`` (they live forever)."""
        table = self.powered.get(id(play))
        if table is None:
            table = self.powered[id(play)] = self._table(None, play)
        return table


_CARD_MOVES = {c: _CardMoves(c) for c in DECK}


def _turn_moves(state: ContestState) -> list[Move]:
    """Every action of the player to move, once the secret cards are arranged."""
    hand = state.hands[state.turn]
    row = state.row
    low, top = state.ace == "low", state.pile_value == "top"
    code = 0
    values = [0, 0, 0, 0]
    for i in range(POSITIONS):
        pile = row[i]
        if pile:
            code += _SUIT_CODE[pile[0].suit] * _WEIGHT[i]
            values[i] = pile_value(pile, low, top)
    layout = _LAYOUTS[code] or _layout(code)
    opens, reinforces, claims = layout.opens, layout.reinforces, layout.claims
    stock = state.stock
    moves: list[Move] = []
    append = moves.append
    for card in hand:
        e = _CARD_MOVES[card]
        si = e.suit
        places = e.opens
        for i in opens[si]:  # contest.open
            append(places[i])
        places = e.reinforces
        for i in reinforces[si]:  # contest.reinforce
            append(places[i])
        pairs = claims[si]
        if pairs:  # contest.claim
            _add_claims(append, e.plain, pairs, values)
        if e.jack:  # contest.claim.jack: first discard a pile of the card's suit
            for r in reinforces[si]:
                after_code = code - (si + 1) * _WEIGHT[r]
                after = _LAYOUTS[after_code] or _layout(after_code)
                _add_claims(append, e.jack_table(r + 1), after.claims[si], values)
        if e.queen:
            _queen_claims(append, e, hand, code, layout, values, low, top)
        if stock:  # contest.exchange
            append(e.exchange)
    if not moves:  # contest.pass: only in the last turns, when nothing else is possible
        append(PASS)
    return moves


def _add_claims(append: Any, table: tuple[Claim, ...], pairs: tuple, values: list[int]) -> None:
    for k, p, q in pairs:
        if values[p] == values[q]:  # contest.claim.tie: the claimant chooses
            append(table[3 * k + 1])
            append(table[3 * k + 2])
        else:
            append(table[3 * k])


def _queen_claims(append: Any, e: _CardMoves, hand: tuple[Card, ...], code: int, layout: _Layout,
                  values: list[int], low: bool, top: bool) -> None:
    """contest.claim.queen: first play another card of the card's suit (open or reinforce), then claim."""
    si = e.suit
    suit = e.card.suit
    for extra in hand:
        if extra.suit != suit or extra == e.card:
            continue
        x = _CARD_MOVES[extra]
        v = card_value(extra, low)
        for r in layout.opens[si]:
            worth = values[:]
            worth[r] = v
            after_code = code + (si + 1) * _WEIGHT[r]
            after = _LAYOUTS[after_code] or _layout(after_code)
            _add_claims(append, e.queen_table(x.opens[r]), after.claims[si], worth)
        for r in layout.reinforces[si]:
            worth = values[:]
            worth[r] = v if top else values[r] + v
            _add_claims(append, e.queen_table(x.reinforces[r]), layout.claims[si], worth)


def _position(move: Move, position: Any) -> int:
    """contest.row: positions are 1 to 4; the index 0..3 of ``position``."""
    if not isinstance(position, int) or not 1 <= position <= POSITIONS:
        raise IllegalMove(move, "contest.row", f"there is no position {position!r}: the contest row has positions 1 to 4")
    return position - 1


def _check_place(move: Move, place: Open | Reinforce, row: tuple, name: str) -> None:
    """contest.open / contest.open.neighbours / contest.reinforce, for ``place`` (a move of its own
    or a Queen's power inside ``move``)."""
    card = place.card
    i = _position(move, place.position)
    pile = row[i]
    if type(place) is Open:
        if pile:
            raise IllegalMove(move, "contest.open", f"position {i + 1} is not empty: it holds {_pile_name(row, i)}; "
                                                    f"a card opens an empty position")
        for j in _NEIGHBOURS[i]:
            if row[j] and row[j][0].suit == card.suit:
                raise IllegalMove(move, "contest.open.neighbours",
                                  f"{name} cannot open position {i + 1} with {card}: position {j + 1} next to it "
                                  f"holds {suit_symbol(card.suit)}, and neighbours never hold the same suit")
        return
    if not pile:
        raise IllegalMove(move, "contest.reinforce", f"position {i + 1} is empty: {name} can open it, not reinforce it")
    if pile[0].suit != card.suit:
        raise IllegalMove(move, "contest.reinforce", f"{name} cannot put {card} on {_pile_name(row, i)}: a pile "
                                                     f"takes only cards of its own suit")


def _place_event(place: Open | Reinforce, row: tuple, player: int) -> Event:
    card, i = place.card, place.position - 1
    if type(place) is Open:
        return Event("contest.open", f"{NAMES[player]} opens position {i + 1} with {card}.", player, (card,))
    return Event("contest.reinforce", f"{NAMES[player]} reinforces {_pile_name(row, i)} with {card}.", player, (card,))


def _end_turn(state: ContestState, hand: tuple[Card, ...], row: tuple, points: tuple, discard: tuple[Card, ...],
              stock: tuple[Card, ...], log: list[Event] | None) -> ContestState:
    """contest.draw, then contest.end: draw back up to 7 while the draw pile lasts; once it is
    empty, each player takes one more turn (the other player first), then the game is over."""
    player = state.turn
    last_turns = state.last_turns
    if last_turns is None:
        need = HAND_SIZE - len(hand)
        if need > 0 and stock:
            drawn, stock = stock[:need], stock[need:]
            hand = hand + drawn
            if log is not None:
                log.append(Event("contest.draw", f"{NAMES[player]} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''} "
                                                 f"({len(hand)} in hand).", player))
                log.append(Event("contest.draw", f"{NAMES[player]} draws {_text(drawn)}.", player, drawn,
                                 frozenset((player,))))
        if not stock:
            last_turns = 2
            if log is not None:
                log.append(Event("contest.end", f"That was the last card of the draw pile: {NAMES[1 - player]}, then "
                                                f"{NAMES[player]}, take one more turn each, without drawing.", None))
    else:
        last_turns -= 1
    turn = -1 if last_turns == 0 else 1 - player
    after = ContestState(state.ace, state.pile_value, state.seed, 2, turn, last_turns, state.secrets,
                         _pair(state.hands, player, hand), row, points, discard, stock)
    if turn < 0 and log is not None:
        totals = [secret_score(after.secrets[p], points) for p in (0, 1)]
        verdict = ("It is a draw." if totals[0] == totals[1]
                   else f"{NAMES[0 if totals[0] > totals[1] else 1]} wins.")
        log.append(Event("contest.score", f"Both last turns are played: the secret cards are revealed — A "
                                          f"{_text(after.secrets[0])}, B {_text(after.secrets[1])}. A scores "
                                          f"{totals[0]}, B {totals[1]}. {verdict}", None,
                         after.secrets[0] + after.secrets[1]))
    return after


def _hidden_mover(state: ContestState) -> ValueError:
    name = NAMES[state.turn]
    return ValueError(f"{name}'s cards are hidden in this view: list the legal moves from the full state "
                      f"or from {name}'s own view")


def _stacked(deck: Any) -> tuple[Card, ...]:
    """A stacked deck: all 52 cards, each once."""
    order = tuple(read_cards(deck)) if isinstance(deck, str) else tuple(
        c if isinstance(c, Card) else parse_card(c) for c in deck)
    if sorted(order) != sorted(DECK):
        missing = [c.code for c in DECK if c not in order]
        extra = [c.code for c in order if c not in DECK]
        twice = sorted({c.code for c in order if order.count(c) > 1})
        problems = [f"missing {' '.join(missing)}" if missing else "",
                    f"not in this game: {' '.join(extra)}" if extra else "",
                    f"twice: {' '.join(twice)}" if twice else ""]
        raise ValueError("a stacked Contest deck holds the 52 cards, each once: "
                         + "; ".join(p for p in problems if p))
    return tuple(parse_card(c.code) for c in order)


class _Reader:
    """Reads a move's tokens left to right, pointing at the one that is wrong."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = [(m.group(), m.start(), m.end()) for m in _TOKENS.finditer(text)]
        self.index = 0
        self.last = ("", 0, len(text))
        if not self.tokens:
            raise NotationError(text, 0, len(text), f"it is empty; moves look like: {_MOVE_WORDS}", "move")

    def fail(self, reason: str, token: tuple[str, int, int] | None = None) -> NotationError:
        start, end = (token[1], token[2]) if token else (0, len(self.text))
        return NotationError(self.text, start, end, reason, "move")

    def next(self, what: str) -> tuple[str, int, int]:
        if self.index >= len(self.tokens):
            raise self.fail(f"the {what} is missing after {self.tokens[-1][0]!r}")
        self.last = self.tokens[self.index]
        self.index += 1
        return self.last

    def peek(self) -> str | None:
        return self.tokens[self.index][0].lower() if self.index < len(self.tokens) else None

    def word(self, what: str) -> str:
        return self.next(what)[0].lower()

    def card(self, what: str) -> Card:
        token = self.next(what)
        try:
            card = parse_card(token[0])
        except CardError as err:
            raise self.fail(err.reason, token) from None
        if card.is_joker:
            raise self.fail("Contest is played without jokers", token)
        return card

    def position(self, what: str) -> int:
        token = self.next(what)
        if token[0] not in ("1", "2", "3", "4"):
            raise self.fail("positions are numbered 1 to 4", token)
        return int(token[0])

    def place(self, verb: str) -> Open | Reinforce:
        card = self.card("card")
        position = self.position("position")
        return (_OPEN if verb == "open" else _REINFORCE)[card][position - 1]

    def end(self) -> None:
        if self.index < len(self.tokens):
            token = self.tokens[self.index]
            raise NotationError(self.text, token[1], self.tokens[-1][2], "unexpected text at the end of the move", "move")

    def claim(self) -> Claim:
        first = self.position("first claimed position")
        first_token = self.last
        second = self.position("second claimed position")
        if second <= first:
            reason = ("a claim names two different positions" if second == first
                      else f"write the lower position first: 'claim {second} {first} ...'")
            raise self.fail(reason, (first_token[0], first_token[1], self.last[2]))
        card = self.card("discarded card")
        discard = play = keep = None
        power = self.peek()
        if power == "discard":
            self.next("power")
            discard = self.position("position of the pile to discard")
        elif power in ("open", "reinforce"):
            self.next("power")
            play = self.place(power)
        if self.peek() == "keep":
            self.next("keep")
            keep = self.position("position to keep")
            if keep not in (first, second):
                raise self.fail(f"'keep' names one of the two claimed positions ({first} or {second})", self.last)
        if self.index < len(self.tokens):
            token = self.tokens[self.index]
            raise NotationError(self.text, token[1], self.tokens[-1][2],
                                "unexpected text; a claim reads 'claim 1 3 9H', then optionally 'discard 2', "
                                "'open 5H 2' or 'reinforce 5H 1', then optionally 'keep 3'", "move")
        return Claim(first, second, card, discard, play, keep)
