"""Commerce, Foster's no-widow game for 3 to 12 players, kept on a ledger
(rule text: docs/rules/texts/commerce.txt).

Every rule is in this module; the Commerce page of ``docs/rules/`` maps each rule id to the
sentence of the text it implements and records each reading chosen.

A game is one deal per player. In a deal, the player to act (``game.to_move(state)``) has:

    trade KD      give the dealer K♦ (face down, to the waste) and 1 point; take the stock top
    barter 7S     offer 7♠ face down to the left neighbour, who must answer at once:
    give QD         the neighbour gives Q♦ back without seeing the offered card, or
    knock           refuses by knocking
    knock         on your turn: exchanges stop, the hands are revealed and the deal settled

Teaching helpers: ``Commerce.rank_hand("6S 7S 8S")`` ranks and explains any 3-card hand;
``Commerce.compare_hands("6S 7S 8S", "AH KH 4D")`` says which wins and by which rule.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

from ..cards import HIDDEN, Card, cards, cards_html, parse_card, shuffled, standard_deck, suit_name, suit_symbol
from ..engine import (
    HIDDEN_SEED, Breakdown, Event, Game, Move, ScoreItem, State, TextForm, Zone, check_cards_once, format_cards,
)
from ..errors import CardError, IllegalMove, NotationError, StateError

__all__ = ["Commerce", "CommerceState", "DealRecord", "Trade", "Barter", "Give", "Knock", "KNOCK",
           "HandRank", "Comparison", "DECK", "MIN_PLAYERS", "MAX_PLAYERS", "DEFAULT_PLAYERS"]

# commerce.deck: 52 cards, no jokers.
DECK: tuple[Card, ...] = tuple(standard_deck())
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 3, 12, 4
HAND = 3
NAMES = "ABCDEFGHIJKL"

Turn = Literal["trade", "barter"]
Ending = Literal["knock", "refusal", "stock"]
TURNS: tuple[str, ...] = ("trade", "barter")
ENDINGS: tuple[str, ...] = ("knock", "refusal", "stock")


# --- moves ----------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Trade(Move):
    """Give ``card`` and 1 point to the dealer; take the stock top (commerce.trade)."""
    card: Card

    def __str__(self) -> str:
        return f"trade {self.card.code}"


@dataclass(frozen=True, slots=True)
class Barter(Move):
    """Offer ``card`` face down to the left neighbour (commerce.barter)."""
    card: Card

    def __str__(self) -> str:
        return f"barter {self.card.code}"


@dataclass(frozen=True, slots=True)
class Give(Move):
    """Answer a barter: give ``card`` for the offered card, unseen (commerce.barter.answer)."""
    card: Card

    def __str__(self) -> str:
        return f"give {self.card.code}"


@dataclass(frozen=True, slots=True)
class Knock(Move):
    """Knock: on your turn (commerce.knock), or to refuse a barter (commerce.barter.refuse)."""

    def __str__(self) -> str:
        return "knock"


KNOCK = Knock()
_CARD_MOVES: dict[str, type] = {"trade": Trade, "barter": Barter, "give": Give}
_MOVE_WORDS = "trade KD, barter 7S, give QD, knock"
_TRADE = {c: Trade(c) for c in DECK}
_BARTER = {c: Barter(c) for c in DECK}
_GIVE = {c: Give(c) for c in DECK}


# --- state ----------------------------------------------------------------------------------------

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

    GAME: ClassVar[str] = "commerce"
    players: int
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    offer: Card | None
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    turns: tuple[Turn, ...]
    history: tuple[DealRecord, ...]

    @property
    def deal_number(self) -> int:
        """The deal on the table, from 1."""
        return min(len(self.history) + 1, self.players)


# --- ranking (pure functions of cards) --------------------------------------------------------------

TRIPLET, SEQUENCE, POINT, NOTHING = 3, 2, 1, 0
CATEGORY = {TRIPLET: "triplet", SEQUENCE: "sequence", POINT: "point", NOTHING: "nothing"}
_ARTICLE = {TRIPLET: "a triplet", SEQUENCE: "a sequence", POINT: "a point",
            NOTHING: "a hand with no combination and no point"}
_PLURAL = {11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
Key = tuple[int, int, int]


def point_value(card: Card) -> int:
    """commerce.rank.point: ace 11, K Q J 10, the others their number."""
    return 11 if card.rank == 14 else min(card.rank, 10)


def _evaluate(hand: tuple[Card, ...]) -> tuple[Key, tuple[Card, ...]]:
    """The rank key of a 3-card hand (higher is better) and the cards that make it.

    Keys: (3, rank, 0) triplet; (2, top, 0) sequence; (1, total, cards) point; (0, 0, 0) none.
    """
    lo, mid, hi = sorted(hand)
    if lo.rank == mid.rank == hi.rank:
        return (TRIPLET, hi.rank, 0), (lo, mid, hi)
    if lo.suit == mid.suit == hi.suit:
        if mid.rank == lo.rank + 1 and hi.rank == mid.rank + 1:
            return (SEQUENCE, hi.rank, 0), (lo, mid, hi)
        if (lo.rank, mid.rank, hi.rank) == (2, 3, 14):  # A-2-3, the lowest sequence: its top is the 3
            return (SEQUENCE, 3, 0), (hi, lo, mid)
        return (POINT, point_value(lo) + point_value(mid) + point_value(hi), 3), (hi, mid, lo)
    for low, high in ((lo, mid), (lo, hi), (mid, hi)):  # not all one suit: at most one pair shares a suit
        if low.suit == high.suit:
            return (POINT, point_value(low) + point_value(high), 2), (high, low)
    return (NOTHING, 0, 0), ()


_KEYS: dict[tuple[Card, ...], Key] = {}


def _key(hand: tuple[Card, ...]) -> Key:
    key = _KEYS.get(hand)
    if key is None:
        key = _KEYS[hand] = _evaluate(hand)[0]
    return key


def _best(hands: tuple[tuple[Card, ...], ...], dealer: int, skip: int = -1) -> int:
    """commerce.rank.tie: the best hand, ties going to the dealer, then the nearest to the left."""
    n = len(hands)
    best, best_key = -1, (-1, 0, 0)
    for i in range(n):
        p = (dealer + i) % n
        if p != skip:
            key = _key(hands[p])
            if key > best_key:
                best, best_key = p, key
    return best


class Showdown(NamedTuple):
    """A settled deal's result: the winner, the next-best hand, and what the dealer pays."""

    winner: int
    runner_up: int
    dealer_pays: Literal["nothing", "winner", "everyone"]


def showdown(hands: tuple[tuple[Card, ...], ...], dealer: int) -> Showdown:
    """Who wins the pool (commerce.settle.pool) and what the dealer pays (commerce.settle.dealer-loses,
    commerce.settle.same-category)."""
    winner = _best(hands, dealer)
    runner_up = _best(hands, dealer, skip=winner)
    if winner == dealer:
        pays: Literal["nothing", "winner", "everyone"] = "nothing"
    elif _key(hands[dealer])[0] == _key(hands[winner])[0]:
        pays = "everyone"  # commerce.settle.same-category
    else:
        pays = "winner"  # commerce.settle.dealer-loses
    return Showdown(winner, runner_up, pays)


@dataclass(frozen=True, slots=True)
class HandRank:
    """What a 3-card hand is worth (the ranking rules, commerce.rank.order and after), in words
    and as a sort ``key``."""

    hand: tuple[Card, ...]
    category: str
    key: Key
    counting: tuple[Card, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Comparison:
    """Which of two hands wins (``winner`` 0 or 1, None for a tie left to seating), by which rule."""

    hands: tuple[HandRank, HandRank]
    winner: int | None
    rule: str
    reason: str

    @property
    def text(self) -> str:
        a, b = self.hands
        if self.winner is None:
            return f"{a} and {b} tie: {self.reason}"
        win, lose = self.hands[self.winner], self.hands[1 - self.winner]
        return f"{win} beats {lose}: {self.reason}"

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


def _read_hand(hand: Any) -> tuple[Card, ...]:
    found = tuple(cards(hand))
    if len(found) != HAND:
        raise ValueError(f"a Commerce hand has 3 cards, not {len(found)}: {' '.join(map(str, found)) or 'none'}")
    if len(set(found)) != HAND:
        raise ValueError(f"a Commerce hand comes from one deck, so no card twice: {' '.join(map(str, found))}")
    odd = [c for c in found if c not in _TRADE]
    if odd:
        raise ValueError(f"{odd[0].code} is not a card of the 52-card deck Commerce uses")
    return found


def rank_hand(hand: Any) -> HandRank:
    """Rank and explain a 3-card hand: ``rank_hand("6S 7S 8S")`` is a same-suit sequence, top 8."""
    hand = _read_hand(hand)
    key, counting = _evaluate(hand)
    category = key[0]
    ranks = sorted(c.rank for c in hand)
    if category == TRIPLET:
        text = f"triplet of {_PLURAL.get(key[1], f'{key[1]}s')}"
    elif category == SEQUENCE:
        top = counting[-1]
        text = f"same-suit sequence {'-'.join(c.rank_code for c in counting)}{suit_symbol(top.suit)}, top {top.rank_code}"
        if key[1] == 3:
            text += " (the lowest sequence)"
        elif key[1] == 14:
            text += " (the highest sequence)"
    elif category == POINT:
        suit = suit_name(counting[0].suit)
        text = f"point {key[1]} with {' '.join(map(str, counting))} ({key[2]} {suit})"
        if key[2] == 3:
            # commerce.rank.no-pairs: an ordinary flush is only a point; K-A-2 is no sequence
            text += ("; K-A-2 is not a sequence" if ranks == [2, 13, 14] else "; a plain flush counts only as a point")
    else:
        text = "no combination and no point (three suits, and a singleton suit scores 0)"
    if category != TRIPLET and len(set(ranks)) < HAND:
        text += "; a pair has no rank of its own"  # commerce.rank.no-pairs
    return HandRank(hand, CATEGORY[category], key, counting, text)


def compare_hands(first: Any, second: Any, *, seated_first: int | None = None) -> Comparison:
    """Which of two hands wins, and the rule that decides.

    Hands that tie on every rule are split by seating (commerce.rank.tie): pass
    ``seated_first=0`` (or 1) to say which hand is seated first (the dealer first, then the
    nearest to the dealer's left). The game's narration names the players instead.
    """
    a, b = rank_hand(first), rank_hand(second)
    ka, kb = a.key, b.key
    if ka[0] != kb[0]:
        win = 0 if ka[0] > kb[0] else 1
        w, l = (ka, kb) if win == 0 else (kb, ka)
        reason = f"{_ARTICLE[w[0]]} outranks {_ARTICLE[l[0]]} (triplet, then sequence, then point)"
        return Comparison((a, b), win, "commerce.rank.order", reason)
    category = ka[0]
    if ka[1] != kb[1]:
        win = 0 if ka[1] > kb[1] else 1
        rule, reason = {
            TRIPLET: ("commerce.rank.triplet", "triplets compare by rank, A above K"),
            SEQUENCE: ("commerce.rank.sequence", "sequences compare by their top card (Q-K-A highest, A-2-3 lowest)"),
            POINT: ("commerce.rank.point", "the higher point total wins (A 11, K Q J 10, the others their number)"),
        }[category]
        return Comparison((a, b), win, rule, reason)
    if ka[2] != kb[2]:
        win = 0 if ka[2] > kb[2] else 1
        return Comparison((a, b), win, "commerce.rank.point-cards", "equal point totals favour 3 cards over 2")
    if category == NOTHING:
        reason = "neither has a combination or a point, so they tie and seating decides"
    else:
        reason = "they are equal, so seating decides"
    reason += ": the dealer first, then the nearest player to the dealer's left"
    if seated_first not in (0, 1):
        return Comparison((a, b), None, "commerce.rank.tie", reason)
    nearer = ("first", "second")[seated_first]
    return Comparison((a, b), seated_first, "commerce.rank.tie", f"{reason}; the {nearer} hand is seated first")


# --- the game -------------------------------------------------------------------------------------

class Commerce(Game):
    """Commerce for 3 to 12 players (``players``, default 4): one deal per player, on a ledger."""

    name = "commerce"
    title = "Commerce"
    rules_prefix = "commerce"
    state_class = CommerceState

    rank_hand = staticmethod(rank_hand)
    compare_hands = staticmethod(compare_hands)

    def __init__(self, players: int = DEFAULT_PLAYERS, **unknown: Any) -> None:
        if unknown:
            raise ValueError(f"Commerce has no option {', '.join(map(repr, unknown))}; "
                             f"its only option is players={MIN_PLAYERS}..{MAX_PLAYERS} (default {DEFAULT_PLAYERS})")
        # commerce.players: 3 to 12
        if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Commerce is for {MIN_PLAYERS} to {MAX_PLAYERS} players "
                             f"(players={MIN_PLAYERS}..{MAX_PLAYERS}), not {players!r}")
        self.players = players
        self.stock_size = len(DECK) - HAND * players

    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players}

    @classmethod
    def for_state(cls, state: CommerceState) -> Commerce:
        return cls(players=state.players)

    def _check_options(self, state: CommerceState) -> None:
        if state.players != self.players:
            raise StateError("players", _wrong_players(state.players, self.players))

    def deck(self) -> tuple[Card, ...]:
        return DECK

    # -- dealing --------------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, deck: Any = None, *, dealer: int | None = None) -> CommerceState:
        """The first deal of a game.

        ``seed`` (a fresh random one when None) chooses the first dealer and shuffles every deal.
        ``dealer`` (0..players-1) overrides the first dealer. ``deck`` stacks the first deal: its
        cards are dealt one at a time, starting with the dealer's left neighbour and going
        clockwise (to the left), three times round; the cards after that are the stock, top first.
        A ``deck`` of fewer than 52 cards is followed by the other cards in the seed's shuffled
        order. Without ``seed`` a stacked deal takes seed 0 (reproducible, text form included);
        a shuffled one gets a fresh random seed.
        """
        if seed is None:
            seed = 0 if deck is not None else random.SystemRandom().randrange(2 ** 63)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"the seed is a whole number from 0, not {seed!r}")
        n = self.players
        if dealer is None:
            dealer = random.Random(f"{seed}:dealer").randrange(n)  # commerce.deal.first-dealer
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ValueError(f"the dealer is a player from 0 to {n - 1} (A to {NAMES[n - 1]}), not {dealer!r}")
        order = shuffled(DECK, f"{seed}:deal 1")
        if deck is not None:
            top = _read_deck(deck)
            given = set(top)
            order = top + tuple(c for c in order if c not in given)
        return self._start_deal(seed, dealer, (), order)

    def _start_deal(self, seed: int, dealer: int, history: tuple[DealRecord, ...], order: tuple[Card, ...]) -> CommerceState:
        """commerce.deal.cards: 3 cards each, singly, from the dealer's left; the rest is stock."""
        n = self.players
        hands = [()] * n
        for seat in range(n):
            p = (dealer + 1 + seat) % n
            hands[p] = (order[seat], order[n + seat], order[2 * n + seat])
        return CommerceState(n, seed, dealer, tuple(hands), None, order[HAND * n:], (), (), history)

    # -- whose turn ------------------------------------------------------------------------------------

    def to_move(self, state: CommerceState) -> int | None:
        n = state.players
        if len(state.history) == n:
            return None
        # commerce.turn.order: the dealer's left neighbour first, then clockwise, one turn each;
        # a barter is answered by the offerer's left neighbour before their own turn.
        p = (state.dealer + 1 + len(state.turns)) % n
        return p if state.offer is None else (p + 1) % n

    def _turn_player(self, state: CommerceState) -> int:
        return (state.dealer + 1 + len(state.turns)) % state.players

    def is_over(self, state: CommerceState) -> bool:
        return len(state.history) == state.players

    def legal_moves(self, state: CommerceState) -> list[Move]:
        n = state.players
        if len(state.history) == n:
            return []
        p = (state.dealer + 1 + len(state.turns)) % n
        try:
            if state.offer is not None:
                return [_GIVE[c] for c in state.hands[(p + 1) % n]] + [KNOCK]
            hand = state.hands[p]
            return [_TRADE[c] for c in hand] + [_BARTER[c] for c in hand] + [KNOCK]
        except KeyError:
            raise ValueError("legal_moves needs the mover's own cards: this view hides them") from None

    # -- checking a move -------------------------------------------------------------------------------

    def _check(self, state: CommerceState, move: Move) -> None:
        n = state.players
        p = (state.dealer + 1 + len(state.turns)) % n
        kind = type(move)
        if kind is Knock:
            return
        if state.offer is not None:
            q = (p + 1) % n
            if kind is not Give:
                raise IllegalMove(move, "commerce.barter.answer",
                                  f"{NAMES[q]} must first answer {NAMES[p]}'s barter: give a card of their choice "
                                  f"or knock to refuse; it is not {NAMES[q]}'s turn to {_verb(move)}")
            if move.card not in state.hands[q]:
                raise IllegalMove(move, "commerce.barter.answer",
                                  f"{NAMES[q]} does not hold {move.card}, so cannot give it to {NAMES[p]} "
                                  f"(hand: {_cards_text(state.hands[q])})")
            return
        if kind is Trade:
            if move.card not in state.hands[p]:
                raise IllegalMove(move, "commerce.trade",
                                  f"{NAMES[p]} does not hold {move.card}, so cannot trade it "
                                  f"(hand: {_cards_text(state.hands[p])})")
            return
        if kind is Barter:
            if move.card not in state.hands[p]:
                raise IllegalMove(move, "commerce.barter",
                                  f"{NAMES[p]} does not hold {move.card}, so cannot offer it to {NAMES[(p + 1) % n]} "
                                  f"(hand: {_cards_text(state.hands[p])})")
            return
        if kind is Give:
            raise IllegalMove(move, "commerce.turn",
                              f"nobody has offered {NAMES[p]} a barter: on {NAMES[p]}'s turn the moves are "
                              f"trade, barter or knock")
        raise IllegalMove(move, "commerce.turn", f"{move!r} is not a Commerce move; moves are: {_MOVE_WORDS}")

    # -- applying a move -------------------------------------------------------------------------------

    def _apply(self, s: CommerceState, move: Move, log: list[Event] | None) -> CommerceState:
        n = s.players
        p = (s.dealer + 1 + len(s.turns)) % n
        kind = type(move)
        if kind is Trade:
            return self._trade(s, p, move.card, log)
        if kind is Barter:
            return self._barter(s, p, move.card, log)
        if kind is Give:
            return self._give(s, p, move.card, log)
        if s.offer is not None:
            return self._refuse(s, p, log)
        if log is not None:
            log.append(Event("commerce.knock", f"{NAMES[p]} knocks: exchanges stop at once, with no final circuit.", p))
        return self._settle(s, "knock", log)

    def _trade(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        hand = s.hands[p]
        i = hand.index(card)
        top = s.stock[0]
        hands = s.hands[:p] + (hand[:i] + (top,) + hand[i + 1:],) + s.hands[p + 1:]
        after = CommerceState(s.players, s.seed, s.dealer, hands, None, s.stock[1:], s.waste + (card,),
                              s.turns + ("trade",), s.history)
        if log is not None:
            name, dealer = NAMES[p], NAMES[s.dealer]
            log.append(Event("commerce.trade", f"{name} trades: a card goes face down to the waste, "
                             f"and {name} takes the top card of the stock.", p))
            log.append(Event("commerce.trade.waste", f"{name} gives up {card} to the concealed waste and takes {top}.",
                             p, (card, top), frozenset((p,))))
            if p == s.dealer:
                log.append(Event("commerce.trade.dealer", f"{name} is the dealer, trading on their own turn, "
                                 f"and pays nothing.", p))
            else:
                log.append(Event("commerce.trade.payment", f"{name} pays the dealer {dealer} 1 point "
                                 f"(trade payments go to the dealer, not the pool).", p))
        if not after.stock:
            if log is not None:
                log.append(Event("commerce.stock-out", f"{NAMES[p]} took the last card of the stock: the deal is "
                                 f"revealed and settled at once, as after a knock; the waste is not recycled.", p))
            return self._settle(after, "stock", log)
        return after

    def _barter(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        hand = s.hands[p]
        i = hand.index(card)
        hands = s.hands[:p] + (hand[:i] + hand[i + 1:],) + s.hands[p + 1:]
        if log is not None:
            q = NAMES[(p + 1) % s.players]
            log.append(Event("commerce.barter", f"{NAMES[p]} offers {q} a card face down.", p))
            log.append(Event("commerce.barter", f"{NAMES[p]} offers {card}.", p, (card,), frozenset((p,))))
            log.append(Event("commerce.barter.answer", f"{q} must give a card of their choice without seeing the "
                             f"offered one, or knock to refuse.", (p + 1) % s.players))
        return CommerceState(s.players, s.seed, s.dealer, hands, card, s.stock, s.waste, s.turns, s.history)

    def _give(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        q = (p + 1) % s.players
        offered = s.offer
        given = s.hands[q]
        i = given.index(card)
        row = list(s.hands)
        row[p] = row[p] + (card,)
        row[q] = given[:i] + (offered,) + given[i + 1:]
        hands = tuple(row)
        if log is not None:
            a, b = NAMES[p], NAMES[q]
            log.append(Event("commerce.barter.answer", f"{b} gives {a} a card and takes the offered one: "
                             f"the barter is done.", q))
            log.append(Event("commerce.barter.answer", f"{b} gives {card} and receives {offered}.", q,
                             (card, offered), frozenset((p, q))))
            log.append(Event("commerce.barter.turn", f"Now {b}'s own turn: accepting a barter does not use it up.", q))
        return CommerceState(s.players, s.seed, s.dealer, hands, None, s.stock, s.waste, s.turns + ("barter",), s.history)

    def _refuse(self, s: CommerceState, p: int, log: list[Event] | None) -> CommerceState:
        q = (p + 1) % s.players
        hands = s.hands[:p] + (s.hands[p] + (s.offer,),) + s.hands[p + 1:]
        if log is not None:
            log.append(Event("commerce.barter.refuse", f"{NAMES[q]} refuses {NAMES[p]}'s barter by knocking: the "
                             f"offered card goes back to {NAMES[p]} and exchanges stop at once.", q))
        back = CommerceState(s.players, s.seed, s.dealer, hands, None, s.stock, s.waste, s.turns, s.history)
        return self._settle(back, "refusal", log)

    def _settle(self, s: CommerceState, end: Ending, log: list[Event] | None) -> CommerceState:
        """Reveal the hands and settle the deal; then deal the next one, or end the game."""
        n = s.players
        record = DealRecord(s.dealer, s.turns, end, s.hands)
        history = s.history + (record,)
        if log is not None:
            self._narrate_settlement(record, len(history), log)
        if len(history) == n:
            after = CommerceState(n, s.seed, s.dealer, s.hands, None, s.stock, s.waste, s.turns, history)
            if log is not None:
                board = self.score(after)
                totals = ", ".join(f"{NAMES[p]} {t:+d}" for p, t in enumerate(board.totals))
                winners = " and ".join(NAMES[w] for w in board.winners)
                log.append(Event("commerce.end", f"That was the last of the {n} deals. Final ledger: {totals}. "
                                 f"{winners} {'wins' if len(board.winners) == 1 else 'share the win'}.", None))
            return after
        dealer = (s.dealer + 1) % n
        if log is not None:
            first = NAMES[(dealer + 1) % n]
            log.append(Event("commerce.deal.rotation", f"Deal {len(history) + 1} of {n}: the deal passes to the left, "
                             f"to {NAMES[dealer]}.", dealer))
            log.append(Event("commerce.deal.ante", f"Everyone pays 1 point into a fresh pool of {n}.", None))
            log.append(Event("commerce.deal.cards", f"{NAMES[dealer]} deals 3 concealed cards each, one at a time; "
                             f"the rest is the concealed stock.", dealer))
            log.append(Event("commerce.turn.order", f"{first}, the dealer's left neighbour, moves first.", (dealer + 1) % n))
        order = shuffled(DECK, f"{s.seed}:deal {len(history) + 1}")
        return self._start_deal(s.seed, dealer, history, order)

    def _narrate_settlement(self, record: DealRecord, number: int, log: list[Event]) -> None:
        n, hands, d = self.players, record.hands, record.dealer
        for seat in range(n):
            p = (d + 1 + seat) % n
            log.append(Event("commerce.settle.reveal", f"{NAMES[p]} shows {_cards_text(hands[p])}: "
                             f"{rank_hand(hands[p])}.", p, hands[p]))
        result = showdown(hands, d)
        w, r = result.winner, result.runner_up
        log.append(Event(*self._why_best(hands, d, w, r), w, hands[w]))
        log.append(Event("commerce.settle.pool", f"{NAMES[w]} takes the pool of {n} points.", w))
        if result.dealer_pays == "winner":
            log.append(Event("commerce.settle.dealer-loses", f"The dealer {NAMES[d]} lost, so {NAMES[d]} pays the "
                             f"winner {NAMES[w]} 1 more point.", d))
        elif result.dealer_pays == "everyone":
            category = CATEGORY[_key(hands[d])[0]]
            log.append(Event("commerce.settle.same-category", f"The dealer {NAMES[d]} lost with a {category}, the "
                             f"winner's category, so {NAMES[d]} pays 1 point to every other player instead.", d))

    def _why_best(self, hands: tuple[tuple[Card, ...], ...], dealer: int, w: int, r: int) -> tuple[str, str]:
        """The rule and sentence that make ``w``'s hand the best: its comparison with the next best."""
        if all(_key(h)[0] == NOTHING for h in hands):
            return "commerce.rank.tie", (f"Nobody has a combination or a point: all hands tie, and positional "
                                         f"priority gives the pool to the dealer {NAMES[w]}.")
        cmp = compare_hands(hands[w], hands[r])
        if cmp.winner is None:  # equal hands: the winner is the one seated first (commerce.rank.tie)
            return cmp.rule, (f"{NAMES[w]}'s {cmp.hands[0]} and {NAMES[r]}'s {cmp.hands[1]} are equal, so "
                              f"seating decides: the dealer first, then the nearest player to the dealer's left. "
                              f"{_seated_first(w, r, dealer)}, so {NAMES[w]} has the best hand.")
        return cmp.rule, (f"{NAMES[w]} has the best hand: {NAMES[w]}'s {cmp.hands[0]} beats "
                          f"{NAMES[r]}'s {cmp.hands[1]}, as {cmp.reason}.")

    # -- the ledger --------------------------------------------------------------------------------------

    def _deal_items(self, number: int, dealer: int, turns: tuple[str, ...]) -> list[ScoreItem]:
        """A deal's antes and trade payments (commerce.deal.ante, commerce.trade.*)."""
        n, d = self.players, NAMES[dealer]
        items = [ScoreItem(p, -1, f"Deal {number}: pays 1 into the pool", "commerce.deal.ante") for p in range(n)]
        for i, turn in enumerate(turns):
            if turn != "trade":
                continue
            p = (dealer + 1 + i) % n
            if p == dealer:
                items.append(ScoreItem(p, 0, f"Deal {number}: the dealer trades on their own turn and pays nothing",
                                       "commerce.trade.dealer"))
            else:
                items.append(ScoreItem(p, -1, f"Deal {number}: pays the dealer {d} 1 for a trade", "commerce.trade.payment"))
                items.append(ScoreItem(dealer, 1, f"Deal {number}: {NAMES[p]} pays 1 for a trade", "commerce.trade.payment"))
        return items

    def _settlement_items(self, number: int, record: DealRecord) -> list[ScoreItem]:
        """A settled deal's pool and dealer's payment."""
        n, hands, d = self.players, record.hands, record.dealer
        result = showdown(hands, d)
        w = result.winner
        rank = rank_hand(hands[w])
        items = [ScoreItem(w, n, f"Deal {number}: wins the pool of {n} with {rank}",
                           "commerce.settle.pool", rank.counting or hands[w])]
        if result.dealer_pays == "winner":
            items.append(ScoreItem(d, -1, f"Deal {number}: the losing dealer pays the winner {NAMES[w]} 1",
                                   "commerce.settle.dealer-loses", hands[d]))
            items.append(ScoreItem(w, 1, f"Deal {number}: 1 more from the losing dealer {NAMES[d]}",
                                   "commerce.settle.dealer-loses"))
        elif result.dealer_pays == "everyone":
            category = CATEGORY[_key(hands[d])[0]]
            for p in range(n):
                if p != d:
                    items.append(ScoreItem(d, -1, f"Deal {number}: the dealer lost with a {category}, the winner's "
                                           f"category, and pays {NAMES[p]} 1", "commerce.settle.same-category", hands[d]))
                    items.append(ScoreItem(p, 1, f"Deal {number}: 1 from the dealer {NAMES[d]}, who lost in the "
                                           f"winner's category", "commerce.settle.same-category"))
        return items

    def score(self, state: CommerceState, deal: int | None = None) -> Breakdown:
        """The ledger: every movement of every deal so far, with its rule (or one ``deal``'s only).

        commerce.ledger: every balance starts at 0 and may go negative; nobody is eliminated.
        """
        n = state.players
        over = len(state.history) == n
        current = len(state.history) + 1
        if deal is not None and not (isinstance(deal, int) and 1 <= deal <= min(current, n)):
            raise ValueError(f"deal {deal!r} has not been played: deals 1 to {min(current, n)} have")
        items: list[ScoreItem] = []
        for number, record in enumerate(state.history, start=1):
            if deal in (None, number):
                items += self._deal_items(number, record.dealer, record.turns)
                items += self._settlement_items(number, record)
        if not over and deal in (None, current):
            items += self._deal_items(current, state.dealer, state.turns)
        pool = self.pool(state) if deal in (None, current) else 0
        notes = (f"Pool: {pool}. The ledger and the pool add up to 0.",)
        if deal is not None:
            return Breakdown(self.player_names, tuple(items), f"Commerce — deal {deal} of {n}", notes=notes)
        title = "Commerce ledger — final" if over else f"Commerce ledger — deal {current} of {n}"
        board = Breakdown(self.player_names, tuple(items), title, notes=notes)
        if not over:
            return board
        totals = board.totals
        winners = tuple(p for p in range(n) if totals[p] == max(totals))  # commerce.end: tied leaders share
        return Breakdown(self.player_names, tuple(items), title, True, winners, notes)

    def ledger(self, state: CommerceState) -> tuple[int, ...]:
        """Every player's balance: the totals of :meth:`score`."""
        return self.score(state).totals

    def pool(self, state: CommerceState) -> int:
        """The points in the pool: every player's ante while a deal is played, 0 once the game is over."""
        return 0 if len(state.history) == state.players else state.players

    # -- hidden information --------------------------------------------------------------------------------

    def zones(self, s: CommerceState) -> list[Zone]:
        n = s.players
        over = len(s.history) == n
        zones = [Zone(f"{NAMES[p]}'s hand", s.hands[p], None if over else frozenset((p,)), p) for p in range(n)]
        offerer = self._turn_player(s)
        if s.offer is None:
            zones.append(Zone("offer", (), frozenset()))
        else:
            zones.append(Zone("offer", (s.offer,), frozenset((offerer,)), offerer))
        # piles bottom to top: the stock's last card is the next one traded for (the state keeps
        # the stock top first); the waste's last card is the latest traded away
        zones.append(Zone("stock", s.stock[::-1], frozenset()))
        zones.append(Zone("waste", s.waste, frozenset()))
        return zones

    def view(self, s: CommerceState, player: int | None) -> CommerceState:
        if player is None:
            return s
        n = s.players
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
            raise ValueError(f"this game has players 0 to {n - 1} (A to {NAMES[n - 1]}), not {player!r}")
        over = len(s.history) == n
        hands = tuple(h if over or p == player else (HIDDEN,) * len(h) for p, h in enumerate(s.hands))
        offer = s.offer
        if offer is not None and player != self._turn_player(s):
            offer = HIDDEN  # commerce.barter.answer: the neighbour answers without seeing it
        return CommerceState(n, HIDDEN_SEED, s.dealer, hands, offer, (HIDDEN,) * len(s.stock),
                             (HIDDEN,) * len(s.waste), s.turns, s.history)

    # -- notation -------------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(repr(text), 0, len(repr(text)),
                                f"expected the text of a move, such as {_MOVE_WORDS}", "move")
        tokens = [(m.group(), m.start(), m.end()) for m in _TOKENS.finditer(text)]
        if not tokens:
            raise NotationError(text, 0, len(text), f"it is empty; moves look like: {_MOVE_WORDS}", "move")
        word, start, end = tokens[0]
        verb = word.lower()
        if verb == "knock":
            if len(tokens) > 1:
                raise NotationError(text, tokens[1][1], tokens[-1][2], "'knock' takes no card", "move")
            return KNOCK
        kind = _CARD_MOVES.get(verb)
        if kind is None:
            raise NotationError(text, start, end, f"unknown move; moves look like: {_MOVE_WORDS}", "move")
        if len(tokens) < 2:
            raise NotationError(text, len(text), len(text), f"'{verb}' needs a card, such as '{verb} KD'", "move")
        if len(tokens) > 2:
            raise NotationError(text, tokens[2][1], tokens[-1][2], f"'{verb}' takes one card", "move")
        token, start, end = tokens[1]
        try:
            card = parse_card(token)
        except CardError as err:
            raise NotationError(text, start, end, err.reason, "move") from None
        if card not in _TRADE:
            raise NotationError(text, start, end, "Commerce is played without jokers", "move")
        return kind(card)

    # -- the text form --------------------------------------------------------------------------------------

    def _keys(self) -> tuple[str, ...]:
        return (("players", "seed", "dealer") + tuple(NAMES) + ("offer", "stock", "waste", "turns")
                + tuple(f"deal {k}" for k in range(1, MAX_PLAYERS + 1)))

    def to_text(self, s: CommerceState) -> str:
        n = s.players
        mover = self.to_move(s)
        status = "game over" if mover is None else f"deal {s.deal_number} of {n}, {NAMES[mover]} to move"
        ledger = ", ".join(f"{NAMES[p]} {t:+d}" for p, t in enumerate(self.ledger(s)))
        lines = [f"# Commerce, {n} players: {status}",
                 f"# ledger: {ledger}; pool {self.pool(s)}",
                 f"players: {n}", *([f"seed: {s.seed}"] if s.seed != HIDDEN_SEED else []),  # a view: no line
                 f"dealer: {NAMES[s.dealer]}"]
        lines += [f"{NAMES[p]}: {format_cards(h)}" for p, h in enumerate(s.hands)]
        offer = "-" if s.offer is None else f"{NAMES[self._turn_player(s)]} {s.offer.code}"
        lines += [f"offer: {offer}", f"stock: {format_cards(s.stock)}", f"waste: {format_cards(s.waste)}",
                  f"turns: {_turns_text(s.turns, s.dealer, n)}"]
        for number, r in enumerate(s.history, start=1):
            hands = " / ".join(format_cards(h) for h in r.hands)
            lines.append(f"deal {number}: dealer {NAMES[r.dealer]}; turns {_turns_text(r.turns, r.dealer, n)}; "
                         f"end {r.end}; hands {hands}")
        return "\n".join(lines)

    def _from_text(self, text: str) -> CommerceState:
        form = TextForm(text, self._keys(), "Commerce")
        n = form.int("players")
        if n != self.players:
            raise StateError(form.where("players"), _wrong_players(n, self.players))
        names = self.player_names
        for extra in NAMES[n:]:
            if form.has(extra):
                raise StateError(form.where(extra), f"a {n}-player game has players {names[0]} to {names[-1]} only")
        dealer = form.player("dealer", names)
        hands = tuple(form.cards(name) for name in names)
        turns = _read_turns(form.text("turns", "-"), form.where("turns"), dealer, n)
        offer_text = form.text("offer", "-").split()
        offer = None
        if offer_text and offer_text != ["-"]:
            if len(offer_text) != 2:
                raise StateError(form.where("offer"), "write the offerer and the card, such as 'A 7S', or '-' for none")
            offerer = (dealer + 1 + len(turns)) % n
            if offer_text[0].upper() != NAMES[offerer]:
                raise StateError(form.where("offer"), f"only {NAMES[offerer]}, whose turn it is, can have a card on offer")
            try:
                offer = parse_card(offer_text[1])
            except CardError as err:
                raise StateError(form.where("offer"), str(err)) from None
        history = []
        for number in range(1, MAX_PLAYERS + 1):
            key = f"deal {number}"
            if form.has(key):
                if len(history) != number - 1:
                    raise StateError(form.where(key), f"deal {len(history) + 1} is missing before deal {number}")
                history.append(_read_record(form.text(key), form.where(key), n))
        seed, waste = form.int("seed"), form.cards("waste", "-")
        placed = [c for hand in hands for c in hand] + list(waste) + ([] if offer is None else [offer])
        stock = _read_stock(form, placed, shuffled(DECK, f"{seed}:deal {min(len(history) + 1, n)}"))
        return CommerceState(n, seed, dealer, hands, offer, stock, waste, turns, tuple(history))

    # -- validation -------------------------------------------------------------------------------------------

    def validate(self, s: CommerceState) -> None:
        """Every card once, hands of 3, the stock and waste matching the trades, the deals in order."""
        self._check_options(s)
        n = s.players
        if s.seed < 0:
            raise StateError("seed", f"the seed is a whole number from 0 (a player's view has {HIDDEN_SEED}), not {s.seed}")
        if not 0 <= s.dealer < n:
            raise StateError("dealer", f"the dealer is a player from 0 to {n - 1}, not {s.dealer}")
        if len(s.hands) != n:
            raise StateError("hands", f"a {n}-player game has {n} hands, not {len(s.hands)}")
        if len(s.history) > n:
            raise StateError("history", f"a {n}-player game has {n} deals, not {len(s.history)}")
        self._validate_history(s.history)
        _validate_turns(s.turns, "turns")
        over = len(s.history) == n
        if over:
            last = s.history[-1]
            if (s.dealer, s.turns, s.hands, s.offer) != (last.dealer, last.turns, last.hands, None):
                raise StateError("hands", f"the game is over: the table shows deal {n} as it was settled "
                                          f"(its dealer, turns and hands, with no offer)")
        elif s.history and s.dealer != (s.history[-1].dealer + 1) % n:
            last = s.history[-1].dealer
            raise StateError("dealer", f"the deal passes to the left: after {NAMES[last]} comes {NAMES[(last + 1) % n]}")
        offerer = self._turn_player(s) if s.offer is not None else -1
        for p, hand in enumerate(s.hands):
            want = HAND - (p == offerer)
            if len(hand) != want:
                why = ", as their third card is on offer" if p == offerer else ""
                raise StateError(f"{NAMES[p]}'s hand", f"holds {len(hand)} card(s); it should hold {want}{why}")
        check_cards_once(self.zones(s), DECK)
        trades = s.turns.count("trade")
        if len(s.waste) != trades:
            raise StateError("waste", f"each trade puts one card in the waste: {trades} trade(s), "
                                      f"but {len(s.waste)} waste card(s)")
        if not over and not s.stock:
            raise StateError("stock", "the stock is empty, so the deal was settled at once (commerce.stock-out)")

    def _validate_history(self, history: tuple[DealRecord, ...]) -> None:
        n = self.players
        for number, record in enumerate(history, start=1):
            where = f"deal {number}"
            if not 0 <= record.dealer < n:
                raise StateError(where, f"the dealer is a player from 0 to {n - 1}, not {record.dealer}")
            if number > 1 and record.dealer != (history[number - 2].dealer + 1) % n:
                raise StateError(where, f"the deal passes to the left: deal {number} is dealt by "
                                        f"{NAMES[(history[number - 2].dealer + 1) % n]}")
            _validate_turns(record.turns, where)
            if record.end not in ENDINGS:
                raise StateError(where, f"a deal ends by {', '.join(ENDINGS)}, not {record.end!r}")
            if len(record.hands) != n or any(len(h) != HAND for h in record.hands):
                raise StateError(where, f"a settled deal shows {n} hands of 3 cards")
            problem = _record_cards_problem(record.hands)
            if problem:
                raise StateError(where, problem)
            trades = record.turns.count("trade")
            if trades > self.stock_size:
                raise StateError(where, f"{trades} trades, but the stock holds only {self.stock_size} cards")
            if (record.end == "stock") != (trades == self.stock_size):
                raise StateError(where, f"a deal ends by 'stock' exactly when its {self.stock_size} stock cards "
                                        f"are all traded; it has {trades} trade(s)")
            if record.end == "stock" and record.turns[-1] != "trade":
                raise StateError(where, "a deal that ends by 'stock' ends on the trade that took the last card")

    # -- HTML ---------------------------------------------------------------------------------------------------

    def state_html(self, s: CommerceState) -> str:
        mover = self.to_move(s)
        status = "game over" if mover is None else f"deal {s.deal_number} of {s.players}, {NAMES[mover]} to move"
        ledger = ", ".join(f"{NAMES[p]} {t:+d}" for p, t in enumerate(self.ledger(s)))
        rows = "".join(f"<tr><th style='text-align:left;padding-right:1em;font-weight:500'>{z.name}</th>"
                       f"<td>{cards_html(z.cards)}</td></tr>" for z in self.zones(s))
        return (f"<div class='cardlab-state'><b>Commerce</b> — {status}; dealer {NAMES[s.dealer]}"
                f"<table>{rows}</table><div>Ledger: {ledger}; pool {self.pool(s)}</div></div>")


# --- helpers -------------------------------------------------------------------------------------------

_TOKENS = re.compile(r"\S+")


def _cards_text(hand: tuple[Card, ...]) -> str:
    return " ".join(map(str, hand)) or "none"


def _verb(move: Move) -> str:
    return {Trade: "trade", Barter: "barter", Give: "give", Knock: "knock"}.get(type(move), "move")


def _seated_first(near: int, far: int, dealer: int) -> str:
    """Why ``near`` comes before ``far`` in seating order (commerce.rank.tie), naming both."""
    if near == dealer:
        return f"{NAMES[near]} is the dealer, seated before {NAMES[far]}"
    return f"{NAMES[near]} sits nearer the dealer's left than {NAMES[far]}"


def _wrong_players(found: int, expected: int) -> str:
    return f"this is a {found}-player state; read it with cardlab.game('commerce', players={found}), not players={expected}"


def _read_deck(deck: Any) -> tuple[Card, ...]:
    """A stacked deck: cards from the top, each at most once, no jokers."""
    top = tuple(cards(deck))
    seen: set[Card] = set()
    for card in top:
        if card not in _TRADE:
            raise ValueError(f"a Commerce deck has the 52 standard cards; {card.code} is not one of them")
        if card in seen:
            raise ValueError(f"the stacked deck lists {card.code} twice; each card is in the deck once")
        seen.add(card)
    return top


def _read_stock(form: TextForm, placed: list[Card], order: tuple[Card, ...]) -> tuple[Card, ...]:
    """The stock line, top first. Ending in ``rest`` (or left out) it means: these cards on top,
    then every card not placed elsewhere (``placed``), in ``order`` (the seed's shuffle of this deal)."""
    text = form.text("stock", "rest")
    words = text.split()
    if not any(w.lower() == "rest" for w in words):
        return form.cards("stock")
    if words[-1].lower() != "rest" or sum(w.lower() == "rest" for w in words) > 1:
        raise StateError(form.where("stock"), "'rest' ends the stock line: the stock's top cards (if any), then 'rest'")
    try:
        top = tuple(cards(" ".join(words[:-1])))
    except CardError as err:
        raise StateError(form.where("stock"), str(err)) from None
    used = set(placed).union(top)
    return top + tuple(c for c in order if c not in used)


def _turns_text(turns: tuple[str, ...], dealer: int, n: int) -> str:
    return ", ".join(f"{NAMES[(dealer + 1 + i) % n]} {t}" for i, t in enumerate(turns)) or "-"


def _read_turns(text: str, where: str, dealer: int, n: int) -> tuple[Turn, ...]:
    """'B trade, C barter' -> ("trade", "barter"), checking that turns go clockwise from the dealer's left."""
    if text.strip() in ("", "-", "—"):
        return ()
    turns: list[Turn] = []
    for i, item in enumerate(text.split(",")):
        words = item.split()
        expected = NAMES[(dealer + 1 + i) % n]
        if len(words) != 2 or words[1].lower() not in TURNS:
            raise StateError(where, f"write each turn as a player and 'trade' or 'barter', such as '{expected} trade'; "
                                    f"got {item.strip()!r}")
        if words[0].upper() != expected:
            raise StateError(where, f"turn {i + 1} is {expected}'s, not {words[0]!r}'s: turns go clockwise "
                                    f"from the dealer's left neighbour")
        turns.append(words[1].lower())  # type: ignore[arg-type]
    return tuple(turns)


def _read_record(text: str, where: str, n: int) -> DealRecord:
    """'dealer C; turns A trade; end knock; hands 6S 7S 8S / AH KH 4D / 3C 4C 5C'."""
    parts = [p.strip() for p in text.split(";")]
    labels = ("dealer", "turns", "end", "hands")
    if len(parts) != 4 or any(not p.lower().startswith(label) for p, label in zip(parts, labels)):
        raise StateError(where, "write 'dealer C; turns A trade, B barter; end knock; hands 6S 7S 8S / AH KH 4D / ...'")
    values = [p[len(label):].strip() for p, label in zip(parts, labels)]
    names = NAMES[:n]
    if values[0].upper() not in names:
        raise StateError(where, f"the dealer is one of {', '.join(names)}, not {values[0]!r}")
    dealer = names.index(values[0].upper())
    end = values[2].lower()
    if end not in ENDINGS:
        raise StateError(where, f"a deal ends by {', '.join(ENDINGS)}, not {values[2]!r}")
    try:
        hands = tuple(tuple(cards(h)) for h in values[3].split("/"))
    except CardError as err:
        raise StateError(where, str(err)) from None
    return DealRecord(dealer, _read_turns(values[1], where, dealer, n), end, hands)  # type: ignore[arg-type]


def _record_cards_problem(hands: tuple[tuple[Card, ...], ...]) -> str | None:
    """What is wrong with the cards of a settled deal's hands, naming the card and where it is."""
    holder: dict[Card, int] = {}
    for p, hand in enumerate(hands):
        for card in hand:
            if card not in _TRADE:
                return f"{card.code} in {NAMES[p]}'s hand is not one of the 52 cards Commerce is played with"
            if card in holder:
                q = holder[card]
                where = f"twice in {NAMES[p]}'s hand" if q == p else f"in both {NAMES[q]}'s and {NAMES[p]}'s hands"
                return f"{card.code} is {where}; the hands of a deal come from one 52-card deck, each card once"
            holder[card] = p
    return None


def _validate_turns(turns: tuple[str, ...], where: str) -> None:
    for turn in turns:
        if turn not in TURNS:
            raise StateError(where, f"a completed turn is a trade or a barter, not {turn!r}")
