"""Contest, the untitled two-player game of docs/rules/texts/contest.txt.

Every rule is in this module and in ``moves.py`` (the deck, the moves and their notation, and
the rules that are pure functions of cards); ``docs/rules/contest.md`` maps each rule id to the
sentence of the text it implements and records each reading chosen where the text is silent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Any, Literal

from ...cards import (
    HIDDEN, SUITS, Card, ascii_lower, cards as read_cards, cards_text, deal_seed, in_order, shuffled, suit_symbol,
    without,
)
from ...engine import (
    HAND, HIDDEN_SEED, PILE, ROW, STACK, STOCK, Area, Breakdown, Event, Game, Layout, Move, Options, Reason,
    RevealedHand, Round, ScoreItem, State, TextForm, Zone, builder, check_cards_once, format_cards, replacer,
    stacked_deck, validate_seed,
)
from ...errors import CardError, IllegalMove, StateError
from .. import register
from . import explain, numbering
from .moves import (
    DECK, EXCHANGE, MULLIGAN, OPEN, PASS, REINFORCE, SECRET_SIZE, SUIT_INDEX, Arrange, Claim, Exchange, Mulligan,
    Open, Pass, Reinforce, can_arrange, card_value, parse_move, pile_value, secret_score,
)

if TYPE_CHECKING:
    from .strategy import ContestStrategy

__all__ = ["Contest", "ContestState", "ContestOptions"]

NAMES = ("A", "B")
BOTH = frozenset((0, 1))  # both players move in the game
HAND_SIZE = 7
POSITIONS = 4
# contest.secret.short-stock: a mulligan needs 4 new secret cards and the two hands of 7 still to deal.
MULLIGAN_NEEDS = SECRET_SIZE + 2 * HAND_SIZE
_NEIGHBOURS = ((1,), (0, 2), (1, 3), (2,))
_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_EMPTY_ROW: tuple[tuple[Card, ...], ...] = ((), (), (), ())
_STAGES = ("arrange", "play", "final 2", "final 1", "over")
# The groups of zones on the table (see ``table_layout``).
ROW_AREA, POINTS, PILES = "row", "points", "piles"


# --- state --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ContestOptions(Options):
    """``ace="low"`` counts an Ace as 1 instead of 14 (contest.value); ``pile_value="top"``
    values a contest pile by its top card instead of the sum of its cards (contest.claim.value);
    ``jack="match-first"`` checks a Jack's match before its power: the Jack matches the pile of
    its suit that it discards, and the claim then takes any two piles of different suits
    (contest.claim.jack.match-first), where by default the power comes first and the Jack must
    still match one of the claimed piles (contest.claim.jack)."""

    ace: Literal["high", "low"] = "high"
    pile_value: Literal["sum", "top"] = "sum"
    jack: Literal["power-first", "match-first"] = "power-first"


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


_STRATEGY: ContestStrategy | None = None


def _import_strategy() -> ContestStrategy:
    global _STRATEGY
    from .strategy import STRATEGY
    _STRATEGY = STRATEGY
    return STRATEGY


_replace = replacer(ContestState)
_arrange = builder(Arrange)
_new_state = builder(ContestState)
# the secret cards laid: by A, then by B (the hands dealt)
_laid, _laid_and_dealt = replacer(ContestState, "arranged", "turn", "secrets"), \
    replacer(ContestState, "arranged", "turn", "secrets", "hands", "stock")
# the hot path: the state at the end of a turn
_turn_ended = replacer(ContestState, "arranged", "turn", "last_turns", "hands", "row", "points", "discard", "stock")


# --- rule helpers: pure functions of cards ------------------------------------------------------

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


def _pair(pair: tuple, index: int, value: Any) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _at(row: tuple, index: int, value: Any) -> tuple:
    return row[:index] + (value,) + row[index + 1:]


def _go(cards: tuple[Card, ...]) -> str:
    return "goes" if len(cards) == 1 else "go"


def _pile_name(row: tuple[tuple[Card, ...], ...], i: int) -> str:
    pile = row[i]
    return f"the {suit_symbol(pile[0].suit)} pile at position {i + 1} ({cards_text(pile)})"


def _suits(row: tuple[tuple[Card, ...], ...]) -> list[str | None]:
    return [pile[0].suit if pile else None for pile in row]


class _ClaimPlan:
    """A checked claim: the hand and row once its power is used, and which pile wins."""

    __slots__ = ("hand", "row", "scrapped", "p", "q", "vp", "vq", "winner")

    def __init__(self, hand: tuple[Card, ...], row: tuple, scrapped: tuple[Card, ...],
                 p: int, q: int, vp: int, vq: int, winner: int) -> None:
        self.hand, self.row, self.scrapped = hand, row, scrapped
        self.p, self.q, self.vp, self.vq, self.winner = p, q, vp, vq, winner


@register
class Contest(Game):
    """Contest for two players.

    ``ace="low"`` counts an Ace as 1 instead of 14; ``pile_value="top"`` values a contest
    pile by its top card instead of the sum of its cards; ``jack="match-first"`` checks a
    Jack's (or a King's) match against the pile its power discards, before the power.
    """

    name = "contest"
    round_end_on_table = True  # a round's cards stay turned up on the table until play goes on
    conformance = ({}, {"ace": "low"}, {"pile_value": "top"}, {"jack": "match-first"})
    # moves as numbers, the bound on a game's length and the utilities (numbering.py; docs/protocol.md)
    num_moves = numbering.NUM_MOVES
    move_numbering = "parts"
    utility_type = numbering.UTILITY_TYPE
    move_id = numbering.move_id
    move_of = numbering.move_of
    max_moves = numbering.max_moves
    utility_range = numbering.utility_range
    #: the stages of the text form: the secret cards arranged, turns, the two last turns, the end
    phases = _STAGES
    title = "Contest"
    rules_prefix = "contest"
    state_class = ContestState
    options_class = ContestOptions
    players = 2

    @property
    def ace(self) -> str:
        return self.settings.ace

    @property
    def pile_value(self) -> str:
        return self.settings.pile_value

    @property
    def jack(self) -> str:
        return self.settings.jack

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def strategy(self) -> ContestStrategy:
        """The rule of thumb, playouts and sampling of computer players (``strategy.py``, imported
        the first time it is asked for; every playout move asks, and an import costs a microsecond)."""
        return _STRATEGY or _import_strategy()

    # -- why and why not (explain.py) -----------------------------------------------------------------

    def card_role(self, state: ContestState, card: Card, zone: Zone, player: int | None) -> Reason | None:
        return explain.card_role(self, state, card, zone, player)

    def situation(self, state: ContestState) -> Reason:
        return explain.situation(self, state)

    def card_candidates(self, state: ContestState, card: Card, zone: Zone, legal: Sequence[Move]) -> list[Move]:
        return explain.card_candidates(self, state, card, zone, legal, super().card_candidates(state, card, zone, legal))

    # -- the deal ----------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, deck: Any = None) -> ContestState:
        """The start: A's 4 secret cards, then B's, from the top of the deck.

        ``deck`` stacks all 52 cards, top first: A's 4 secret cards, B's 4, then the stock
        from which mulligans take 4 cards each (in the order they are declared), then A's hand
        of 7, B's hand of 7 (dealt once both have arranged), then the draw pile. Without it the
        deck is shuffled from ``seed`` (when None: a fresh seed; with a stacked deck, 0). The
        secret cards are kept sorted until arranged, and each hand sorted as dealt.
        """
        seed = deal_seed(seed, stacked=deck is not None)
        order = stacked_deck(deck, DECK, self.title) if deck is not None else tuple(shuffled(DECK, seed, "deal"))
        return _new_state(self.settings, seed, 0, 0, None, (in_order(order[:4]), in_order(order[4:8])), ((), ()),
                          _EMPTY_ROW, _EMPTY_ROW, (), order[8:])

    # -- whose turn ----------------------------------------------------------------------------------

    def phase(self, state: ContestState) -> str:
        if state.arranged < 2:
            return "arrange"
        if state.last_turns is None:
            return "play"
        return "over" if state.last_turns == 0 else f"final {state.last_turns}"

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
        return [_arrange((secret[a], secret[b], secret[c], secret[d])) for a, b, c, d in orders]

    # -- checking a move -----------------------------------------------------------------------------

    def _check(self, state: ContestState, move: Move) -> _ClaimPlan | None:
        kind = type(move)
        player = state.turn
        if state.arranged == 2:  # the hot path first: a legal action in a turn
            if kind is Open or kind is Reinforce:
                if move.card in state.hands[player] and _placeable(move, state.row):  # type: ignore[attr-defined]
                    return None
            elif kind is Claim:
                return self._claim_plan(state, move)  # type: ignore[arg-type]  # _apply uses the plan
            elif kind is Exchange and state.stock and move.card in state.hands[player]:  # type: ignore[attr-defined]
                return None
        name = NAMES[player]
        if state.arranged < 2:
            if kind is Arrange:
                return self._check_arrange(state, move)  # type: ignore[arg-type]
            if kind is Mulligan:
                return self._check_mulligan(state, move)
            raise IllegalMove(move, "contest.secret", f"{name} must first arrange the 4 secret cards "
                                                      f"({cards_text(state.secrets[player])}) or declare a mulligan")
        if kind is Open or kind is Reinforce:  # contest.hand, then why the place is refused
            hand = state.hands[player]
            if move.card not in hand:  # type: ignore[attr-defined]
                raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {cards_text(hand)})")  # type: ignore[attr-defined]
            _check_place(move, move, state.row, name)  # type: ignore[arg-type]
            return None
        if kind is Exchange:
            hand = state.hands[player]
            if move.card not in hand:  # type: ignore[attr-defined]
                raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {cards_text(hand)})")  # type: ignore[attr-defined]
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
            raise IllegalMove(move, "contest.secret", f"{name}'s secret cards are {cards_text(secret)}: "
                                                      f"arrange exactly these 4 cards")
        if _apart(order):
            return
        if can_arrange(secret):
            raise IllegalMove(move, "contest.secret.neighbours",
                              f"{name} cannot place {cards_text(order)}: two cards of the same suit would be side by "
                              f"side; an order such as '{self._setup_moves(state)[0]}' keeps them apart")
        if len(state.stock) >= MULLIGAN_NEEDS:
            raise IllegalMove(move, "contest.secret.mulligan",
                              f"no order of {cards_text(secret)} keeps two cards of a suit apart, so {name} must "
                              f"declare a mulligan")

    def _check_mulligan(self, state: ContestState, move: Move) -> None:
        player = state.turn
        name = NAMES[player]
        secret = state.secrets[player]
        if can_arrange(secret):
            raise IllegalMove(move, "contest.secret.mulligan",
                              f"{name} can arrange {cards_text(secret)} with no two cards of a suit side by side "
                              f"(such as '{self._setup_moves(state)[0]}'), so a mulligan is not allowed")
        if len(state.stock) < MULLIGAN_NEEDS:
            raise IllegalMove(move, "contest.secret.short-stock",
                              f"only {len(state.stock)} cards are left to take secret cards and deal the hands "
                              f"from ({MULLIGAN_NEEDS} are needed): {name} keeps {cards_text(secret)} and arranges "
                              f"them in any order")

    def _claim_plan(self, state: ContestState, move: Claim) -> _ClaimPlan:
        """Check a claim; return what it does. Raises IllegalMove naming the rule it breaks."""
        return _legal_claim_plan(state, move) or self._checked_claim_plan(state, move)

    def _checked_claim_plan(self, state: ContestState, move: Claim) -> _ClaimPlan:
        """:meth:`_claim_plan` rule by rule, saying which rule a claim breaks."""
        name = NAMES[state.turn]
        hand = state.hands[state.turn]
        if move.card not in hand:
            raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {cards_text(hand)})")
        hand, row, scrapped = self._use_power(state, move, without(hand, move.card))
        # contest.claim.jack.match-first: the card matched the pile its power discarded
        matched = bool(scrapped) and state.options.jack == "match-first"
        p, q = _claimed_piles(move, row, state.row, matched)
        vp, vq, winner = _claim_winner(state, move, row, p, q)
        return _ClaimPlan(hand, row, scrapped, p, q, vp, vq, winner)

    def _use_power(self, state: ContestState, move: Claim, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple, tuple[Card, ...]]:
        """The hand, the row and the pile discarded once the claiming card's power, if any, is
        used: a Jack's (or King's) discard of a pile of its suit, a Queen's (or King's) play of a
        card of its suit (contest.claim.jack, .queen, .king)."""
        name, card, row = NAMES[state.turn], move.card, state.row
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
            return hand, _at(row, r, ()), row[r]
        if move.play is None:
            return hand, row, ()
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
            why = f"{card} is the card discarded for the claim" if extra == card else f"{name} does not hold {extra}"
            raise IllegalMove(move, "contest.hand", f"{why} (hand: {cards_text(state.hands[state.turn])})")
        _check_place(move, play, row, name)
        return without(hand, extra), _at(row, play.position - 1, row[play.position - 1] + (extra,)), ()

    # -- applying a move ------------------------------------------------------------------------------

    def _apply(self, state: ContestState, move: Move, log: list[Event] | None,
               checked: _ClaimPlan | None = None) -> ContestState:
        kind = type(move)
        player = state.turn
        if kind is Open or kind is Reinforce:
            card, i = move.card, move.position - 1  # type: ignore[attr-defined]
            row = state.row
            if log is not None:
                log.append(_place_event(move, row, player))  # type: ignore[arg-type]
            row = row[:i] + (row[i] + (card,),) + row[i + 1:]  # _at, inline: the hot path
            return _end_turn(state, without(state.hands[player], card), row, state.points, state.discard,
                             state.stock, log)
        if kind is Claim:
            return self._apply_claim(state, move, log, checked or self._claim_plan(state, move))  # type: ignore[arg-type]
        if kind is Exchange:
            card = move.card  # type: ignore[attr-defined]
            drawn = state.stock[0]
            if log is not None:
                log.append(Event("contest.exchange", f"{NAMES[player]} discards {card} and draws a card.", player, (card,)))
                log.append(Event("contest.exchange", f"{NAMES[player]} draws {drawn}.", player, (drawn,),
                                 frozenset((player,))))
            return _end_turn(state, without(state.hands[player], card) + (drawn,), state.row, state.points,
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
            log.append(Event("contest.secret", f"{NAMES[player]}'s secret cards, positions 1 to 4: {cards_text(order)}.",
                             player, order, frozenset((player,))))
        secrets = _pair(state.secrets, player, order)
        if player == 0:
            return _laid(state, 1, 1, secrets)
        stock = state.stock
        hands = (in_order(stock[:HAND_SIZE]), in_order(stock[HAND_SIZE:2 * HAND_SIZE]))
        # At least 2 cards remain: a mulligan needs 18 cards, so at most 7 are made (44 - 28 - 14 = 2).
        stock = stock[2 * HAND_SIZE:]
        if log is not None:
            log.append(Event("contest.deal", f"Each player is dealt a hand of {HAND_SIZE} cards; A plays first.", None))
            for p in (0, 1):
                log.append(Event("contest.deal", f"{NAMES[p]}'s hand: {cards_text(hands[p])}.", p, hands[p], frozenset((p,))))
        return _laid_and_dealt(state, 2, 0, secrets, hands, stock)

    def _apply_mulligan(self, state: ContestState, log: list[Event] | None) -> ContestState:
        player = state.turn
        shown = state.secrets[player]
        if log is not None:
            log.append(Event("contest.secret.mulligan", f"No order of {cards_text(shown)} keeps two cards of a suit apart: "
                             f"{NAMES[player]} declares a mulligan, shows them, discards them and takes 4 more "
                             f"secret cards.", player, shown))
        return _replace(state, secrets=_pair(state.secrets, player, in_order(state.stock[:SECRET_SIZE])),
                        discard=state.discard + shown, stock=state.stock[SECRET_SIZE:])

    def claimed(self, state: ContestState, move: Claim) -> tuple[tuple, tuple]:
        """The contest row and the points piles once ``move``, one of the claims of
        ``legal_moves(state)``, is made: what the rule of thumb weighs a claim by, worked out
        without checking or making it (``_claim_plan`` is the checked way)."""
        row, p, q, winner = self.claim_piles(state, move)
        won = row[winner]
        suit = SUIT_INDEX[won[0].suit]
        after = list(row)
        after[p] = after[q] = ()
        return tuple(after), _at(state.points, suit, state.points[suit] + won)

    def claim_piles(self, state: ContestState, move: Claim) -> tuple[tuple, int, int, int]:
        """For ``move``, one of the claims of ``legal_moves(state)``, worked out without checking
        or making it: the contest row once the claiming card's power is used, the two claimed
        positions (0 to 3), and the one whose pile goes to the points piles."""
        row = state.row
        if move.discard is not None:    # contest.claim.jack
            row = _at(row, move.discard - 1, ())
        elif move.play is not None:     # contest.claim.queen
            i = move.play.position - 1
            row = _at(row, i, row[i] + (move.play.card,))
        p, q = move.first - 1, move.second - 1
        options = state.options
        low, top = options.ace == "low", options.pile_value == "top"
        vp, vq = pile_value(row[p], low, top), pile_value(row[q], low, top)
        return row, p, q, move.keep - 1 if vp == vq else p if vp > vq else q  # contest.claim.tie, contest.claim.value

    def _apply_claim(self, state: ContestState, move: Claim, log: list[Event] | None, plan: _ClaimPlan) -> ContestState:
        if log is not None:
            self._narrate_claim(state, move, plan, log)
        row, points = _claimed(state, plan)
        lost = plan.row[plan.q if plan.winner == plan.p else plan.p]
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
            if state.options.jack == "match-first":
                log.append(Event("contest.claim.jack.match-first", f"{card} matched that pile, so the claim may take "
                                                                   f"any two piles of different suits.", player))
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
        log.append(Event("contest.claim.value", f"{cards_text(won)} {_go(won)} to the {symbol} points pile; {cards_text(lost)} "
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

    def rounds(self, state: ContestState) -> tuple[Round, ...]:
        """Contest is one round, known once both last turns are played (contest.end) and the
        secret cards are turned face up (contest.score): none before (each player's score is
        their own until then). Its showdown shows each player's secret cards, best score first,
        and who won."""
        if state.turn >= 0:
            return ()
        breakdown = self.score(state)
        totals = breakdown.totals
        order = sorted((0, 1), key=lambda p: -totals[p])
        hands = tuple(RevealedHand(p, state.secrets[p], f"{totals[p]} points") for p in order)
        ended = Event("contest.end", "Both last turns are played: the secret cards are turned face up.", None)
        winner = None if totals[0] == totals[1] else order[0]
        verdict = Event("contest.score", breakdown.notes[-1], winner)
        return (Round(1, "The game", breakdown.items, BOTH, ended, "the draw pile ran out", hands, verdict),)

    # -- hidden information ------------------------------------------------------------------------

    def zones(self, state: ContestState) -> list[Zone]:
        """Piles bottom to top: the draw pile's last card is the next one drawn (the state keeps
        it top first); a contest pile's, a points pile's and the discard pile's last card is the
        latest put there."""
        revealed = state.turn < 0
        zones = []
        for p in (0, 1):
            own = frozenset((p,))
            zones += [Zone(f"{NAMES[p]} secret", state.secrets[p], None if revealed else own, p, ROW, None,
                           "Secret cards, 1st to 4th"),
                      Zone(f"{NAMES[p]} hand", state.hands[p], own, p, HAND, None, "Hand")]
        zones += [Zone(f"position {i + 1}", pile, None, None, STACK, ROW_AREA, f"Position {i + 1}")
                  for i, pile in enumerate(state.row)]
        zones += [Zone(f"points {suit}", pile, None, None, PILE, POINTS, f"{suit_symbol(suit)} points")
                  for suit, pile in zip(SUITS, state.points)]
        zones += [Zone("discard", state.discard, None, None, PILE, PILES, "Discard pile"),
                  Zone("draw pile", state.stock[::-1], frozenset(), None, STOCK, PILES, "Draw pile")]
        return zones

    def table_layout(self, state: ContestState) -> Layout:
        """Each player's secret cards in order and hand at their seat; the four contest positions
        in a row; the points piles by suit and, beside them to keep the table short, the discard
        and draw piles."""
        return Layout(rows=((Area(ROW_AREA, "Contest positions"),), (Area(POINTS, "Points piles"), Area(PILES))))

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
        return parse_move(text)

    # -- the text form -------------------------------------------------------------------------------

    _KEYS = ("ace", "pile value", "jack", "seed", "stage", "to move", "A secret", "B secret", "A hand", "B hand", "row",
             "points C", "points D", "points H", "points S", "discard", "draw pile")

    def to_text(self, state: ContestState) -> str:
        stage = self.phase(state)
        lines = [
            *state.options.lines(),
            *([f"seed: {state.seed}"] if state.seed != HIDDEN_SEED else []),  # a view's seed is hidden: no line
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
        options = self._read_options(form)
        # A stacked deal was once written 'seed: -': it is seed 0 now, as in every game.
        seed = 0 if form.text("seed", "-").strip() in ("-", "—") else form.int("seed")
        stage = " ".join(ascii_lower(form.text("stage")).split())
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
            options=options, seed=seed, arranged=arranged,
            turn=-1 if turn is None else turn, last_turns=last_turns,
            secrets=(form.cards("A secret"), form.cards("B secret")),
            hands=(form.cards("A hand"), form.cards("B hand")), row=tuple(row),  # type: ignore[arg-type]
            points=tuple(form.cards(f"points {s}") for s in SUITS),  # type: ignore[arg-type]
            discard=form.cards("discard"), stock=form.cards("draw pile"))

    def validate(self, state: ContestState) -> None:
        """Every card once, and the counts and placements the rules allow at this stage."""
        self._check_options(state)
        validate_seed(state.seed)
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
                raise StateError(f"{NAMES[p]} secret", f"{cards_text(secret)} has two cards of a suit side by side; "
                                                       f"an order that keeps them apart exists (contest.secret.neighbours)")
        self._validate_row(state)
        for suit, pile in zip(SUITS, state.points):
            wrong = [c for c in pile if c.suit != suit]
            if wrong:
                raise StateError(f"points {suit}", f"{cards_text(tuple(wrong))} cannot be in the "
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
                raise StateError(f"position {i + 1}", f"a contest pile holds one suit; {cards_text(pile)} mixes suits")
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
    ``pairs``: every pair of piles of different suits (a claim after a Jack's power that
    matched already, contest.claim.jack.match-first). ``places[si]``: its opens and reinforces
    as bits (see :meth:`_CardMoves.place_moves`).
    """

    __slots__ = ("opens", "reinforces", "claims", "pairs", "places", "_queens")

    def __init__(self, suits: tuple[str | None, ...]) -> None:
        self.opens = tuple(tuple(i for i in range(POSITIONS) if suits[i] is None
                                 and all(suits[j] != s for j in _NEIGHBOURS[i])) for s in SUITS)
        self.reinforces = tuple(tuple(i for i in range(POSITIONS) if suits[i] == s) for s in SUITS)
        self.pairs = tuple((k, p, q) for k, (p, q) in enumerate(_PAIRS)
                           if suits[p] is not None and suits[q] is not None and suits[p] != suits[q])
        self.claims = tuple(tuple((k, p, q) for k, p, q in self.pairs if s in (suits[p], suits[q])) for s in SUITS)
        self.places = tuple(sum(1 << i for i in opens) | sum(16 << i for i in reinforces)
                            for opens, reinforces in zip(self.opens, self.reinforces))
        self._queens: tuple | None = None

    def queen_spots(self, code: int) -> tuple:
        """For a Queen's claim, by suit index: each play of a card of that suit that leaves a
        claim, then each claim after it, as ``(at, r, 3k, p, q)``: the play ``at`` (``r`` opens
        position r + 1, ``4 + r`` reinforces it) and the pair ``_PAIRS[k] == (p, q)`` claimed."""
        if self._queens is None:
            queens = []
            for si in range(len(SUITS)):
                spots = []
                for r in self.opens[si]:
                    after_code = code + (si + 1) * _WEIGHT[r]
                    pairs = (_LAYOUTS[after_code] or _layout(after_code)).claims[si]
                    spots += [(r, r, 3 * k, p, q) for k, p, q in pairs]
                for r in self.reinforces[si]:
                    spots += [(4 + r, r, 3 * k, p, q) for k, p, q in self.claims[si]]
                queens.append(tuple(spots))
            self._queens = tuple(queens)
        return self._queens


# A row's suits as a number: position i holds suit code 0 (empty) or 1..4, weighted 5**i.
_WEIGHT = (1, 5, 25, 125)
# a suit's code at each position: _SUIT_AT[suit][i] == (SUITS.index(suit) + 1) * _WEIGHT[i]
_SUIT_AT = {s: tuple((si + 1) * w for w in _WEIGHT) for si, s in enumerate(SUITS)}
_LAYOUTS: list[_Layout | None] = [None] * 5 ** POSITIONS  # built on first use: write _LAYOUTS[code] or _layout(code)


def _layout(code: int) -> _Layout:
    layout = _LAYOUTS[code] = _Layout(tuple((None, *SUITS)[code // w % 5] for w in _WEIGHT))
    return layout


class _CardMoves:
    """The moves a card can take part in, built once: the hot path hands them out.

    A claim table holds the 18 claims of one card with one power choice: entry ``3k + keep``
    claims the pair ``_PAIRS[k]`` with keep 0 (values differ), 1 (the first pile) or 2 (the second).
    """

    __slots__ = ("card", "suit", "index", "opens", "reinforces", "exchange", "plain", "jack", "queen", "powered",
                 "queens", "places")

    def __init__(self, card: Card) -> None:
        self.card = card
        self.suit = SUITS.index(card.suit)
        self.opens = OPEN[card]
        self.reinforces = REINFORCE[card]
        self.exchange = EXCHANGE[card]
        self.plain = self._table(None, None)
        self.jack = card.rank in (11, 13)
        self.queen = card.rank in (12, 13)
        self.index = DECK.index(card)
        self.powered: dict[int, tuple[Claim, ...]] = {}  # a Jack's claim tables, by the position discarded
        # a Queen's claim tables, at 8 * (index of the card played) + at (see _Layout.queen_spots)
        self.queens: list[tuple[Claim, ...] | None] = [None] * (8 * len(DECK)) if self.queen else []
        self.places: list[tuple[Open | Reinforce, ...] | None] = [None] * 256  # by the bits of place_moves

    def place_moves(self, places: int) -> tuple[Open | Reinforce, ...]:
        """The card's opens, then its reinforces, at the positions of the bits of ``places``:
        bit i (0..3) opens position i + 1, bit 4 + i reinforces it (``_Layout.places``). A few
        dozen kinds of rows, each kept once: a turn hands them out instead of listing them."""
        moves = self.places[places]
        if moves is None:
            moves = self.places[places] = (tuple(self.opens[i] for i in range(POSITIONS) if places >> i & 1)
                                           + tuple(self.reinforces[i] for i in range(POSITIONS) if places >> 4 + i & 1))
        return moves

    def _table(self, discard: int | None, play: Open | Reinforce | None) -> tuple[Claim, ...]:
        return tuple(Claim(p + 1, q + 1, self.card, discard, play, (None, p + 1, q + 1)[keep])
                     for p, q in _PAIRS for keep in range(3))

    def jack_table(self, discard: int) -> tuple[Claim, ...]:
        table = self.powered.get(discard)
        if table is None:
            table = self.powered[discard] = self._table(discard, None)
        return table

    def queen_table(self, extra: _CardMoves, at: int) -> tuple[Claim, ...]:
        """The claims after this Queen (or King) plays ``extra`` (``at``: see ``_Layout.queen_spots``)."""
        table = self.queens[8 * extra.index + at] = self._table(None, (extra.opens + extra.reinforces)[at])
        return table


_CARD_MOVES = {c: _CardMoves(c) for c in DECK}


def _turn_moves(state: ContestState) -> list[Move]:
    """Every action of the player to move, once the secret cards are arranged."""
    hand = state.hands[state.turn]
    row = state.row
    options = state.options
    low, top = options.ace == "low", options.pile_value == "top"
    match_first = options.jack == "match-first"
    code = 0
    values = [0, 0, 0, 0]
    i = 0
    for pile in row:
        if pile:
            code += _SUIT_AT[pile[0].suit][i]
            if top or low:
                values[i] = pile_value(pile, low, top)
            else:
                for card in pile:
                    values[i] += card.rank
        i += 1
    layout = _LAYOUTS[code] or _layout(code)
    places, reinforces, claims = layout.places, layout.reinforces, layout.claims
    stock = state.stock
    moves: list[Move] = []
    append = moves.append
    for e in map(_CARD_MOVES.__getitem__, hand):
        si = e.suit
        # contest.open, contest.reinforce
        placed = e.places[places[si]]
        moves += placed if placed is not None else e.place_moves(places[si])
        pairs = claims[si]
        if pairs:  # contest.claim
            _add_claims(append, e.plain, pairs, values)
        if e.jack:  # contest.claim.jack: first discard a pile of the card's suit
            for r in reinforces[si]:
                after_code = code - (si + 1) * _WEIGHT[r]
                after = _LAYOUTS[after_code] or _layout(after_code)
                # contest.claim.jack.match-first: the card matched the pile discarded; any two piles
                _add_claims(append, e.jack_table(r + 1), after.pairs if match_first else after.claims[si], values)
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
    """contest.claim.queen: first play another card of the card's suit (open or reinforce), then
    claim, as :func:`_add_claims` would once the card played changed the value of its pile."""
    spots = layout.queen_spots(code)[e.suit]
    if not spots:
        return
    card = e.card
    suit = card.suit
    tables = e.queens
    for extra in hand:
        if extra.suit != suit or extra == card:
            continue
        x = _CARD_MOVES[extra]
        v = card_value(extra, low)
        base = 8 * x.index
        for at, r, k3, p, q in spots:
            table = tables[base + at] or e.queen_table(x, at)
            worth = v if at < 4 or top else values[r] + v  # the pile at r once played: opened, or reinforced
            if (worth if p == r else values[p]) == (worth if q == r else values[q]):  # contest.claim.tie
                append(table[k3 + 1])
                append(table[k3 + 2])
            else:
                append(table[k3])


def _position(move: Move, position: Any) -> int:
    """contest.row: positions are 1 to 4; the index 0..3 of ``position``."""
    if not isinstance(position, int) or not 1 <= position <= POSITIONS:
        raise IllegalMove(move, "contest.row", f"there is no position {position!r}: the contest row has positions 1 to 4")
    return position - 1


def _placeable(place: Open | Reinforce, row: tuple) -> bool:
    """Whether ``place`` may be made on ``row`` (the hot path of :func:`_check_place`, which says why not)."""
    position = place.position
    if type(position) is not int or not 1 <= position <= POSITIONS:
        return False
    i = position - 1
    pile, suit = row[i], place.card.suit
    if type(place) is Reinforce:
        return bool(pile) and pile[0].suit == suit
    if pile:
        return False
    for j in _NEIGHBOURS[i]:
        if row[j] and row[j][0].suit == suit:
            return False
    return True


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


def _legal_claim_plan(state: ContestState, move: Claim) -> _ClaimPlan | None:
    """What a legal, well-formed claim does, worked out at once; None for any other claim (the
    hot path of :meth:`Contest._checked_claim_plan`, which decides those and says why not)."""
    first, second, card = move.first, move.second, move.card
    if type(first) is not int or type(second) is not int or not 1 <= first < second <= POSITIONS:
        return None
    hand = state.hands[state.turn]
    if card not in hand:  # contest.hand
        return None
    hand = without(hand, card)
    row = state.row
    options = state.options
    scrapped: tuple[Card, ...] = ()
    matched = False
    discard, play = move.discard, move.play
    if discard is not None:  # contest.claim.jack: a Jack or King discards a pile of its suit first
        if play is not None or card.rank not in (11, 13) or type(discard) is not int or not 1 <= discard <= POSITIONS:
            return None
        scrapped = row[discard - 1]
        if not scrapped or scrapped[0].suit != card.suit:
            return None
        row = _at(row, discard - 1, ())
        matched = options.jack == "match-first"  # contest.claim.jack.match-first
    elif play is not None:  # contest.claim.queen: a Queen or King plays a card of its suit first
        kind = type(play)
        if card.rank not in (12, 13) or (kind is not Open and kind is not Reinforce):
            return None
        extra = play.card
        if extra.suit != card.suit or extra not in hand or not _placeable(play, row):
            return None
        hand = without(hand, extra)
        i = play.position - 1
        row = _at(row, i, row[i] + (extra,))
    p, q = first - 1, second - 1
    a, b = row[p], row[q]
    if not a or not b:
        return None
    sa, sb = a[0].suit, b[0].suit
    if sa == sb or not (matched or card.suit == sa or card.suit == sb):  # contest.claim, contest.claim.match
        return None
    low, top = options.ace == "low", options.pile_value == "top"
    vp, vq = pile_value(a, low, top), pile_value(b, low, top)
    keep = move.keep
    if vp != vq:  # contest.claim.value
        if keep is not None:
            return None
        return _ClaimPlan(hand, row, scrapped, p, q, vp, vq, p if vp > vq else q)
    if keep != first and keep != second:  # contest.claim.tie
        return None
    return _ClaimPlan(hand, row, scrapped, p, q, vp, vq, keep - 1)


def _claimed_piles(move: Claim, row: tuple, before: tuple, matched: bool = False) -> tuple[int, int]:
    """contest.claim, contest.claim.match: the two claimed positions (0..3), once checked: two
    piles of different suits, one of them the claiming card's unless the card has ``matched``
    already (the pile a Jack's power discarded, contest.claim.jack.match-first). ``before``: the
    row before a power changed it."""
    p, q = _position(move, move.first), _position(move, move.second)
    if p >= q:
        raise IllegalMove(move, "contest.claim", "a claim names two different positions, the lower one first "
                                                 f"(such as 'claim {min(p, q) + 1} {max(p, q) + 1} ...')")
    for i in (p, q):
        if not row[i]:
            changed = " once the power is used" if row[i] != before[i] else ""
            raise IllegalMove(move, "contest.claim", f"position {i + 1} is empty{changed}: a claim takes two contest piles")
    sp, sq = row[p][0].suit, row[q][0].suit
    if sp == sq:
        raise IllegalMove(move, "contest.claim", f"both piles are {suit_symbol(sp)}: a claim takes two piles of "
                                                 f"different suits")
    if not matched and move.card.suit != sp and move.card.suit != sq:
        raise IllegalMove(move, "contest.claim.match", f"{move.card} matches neither {_pile_name(row, p)} nor "
                                                       f"{_pile_name(row, q)}: the discarded card must be of "
                                                       f"one of their suits")
    return p, q


def _claim_winner(state: ContestState, move: Claim, row: tuple, p: int, q: int) -> tuple[int, int, int]:
    """contest.claim.value, contest.claim.tie: the two piles' values and the position (0..3) of
    the pile that goes to the points piles (on equal values, the one the claimant keeps)."""
    options = state.options
    low, top = options.ace == "low", options.pile_value == "top"
    vp, vq = pile_value(row[p], low, top), pile_value(row[q], low, top)
    keep = move.keep
    if vp != vq:
        if keep is not None:
            raise IllegalMove(move, "contest.claim.tie", f"'keep' is only for piles of equal value; here the pile "
                                                         f"at {p + 1} is worth {vp} and the pile at {q + 1} {vq}")
        return vp, vq, p if vp > vq else q
    if keep != move.first and keep != move.second:
        example = Claim(move.first, move.second, move.card, move.discard, move.play, move.second)
        raise IllegalMove(move, "contest.claim.tie", f"both piles are worth {vp}: {NAMES[state.turn]} chooses the one "
                                                     f"that goes to the points piles, such as '{example}'")
    return vp, vq, keep - 1


def _claimed(state: ContestState, plan: _ClaimPlan) -> tuple[tuple, tuple]:
    """contest.claim.value: the row and the points piles after a claim: the winning pile goes to
    the points pile of its suit, the other to the discard pile."""
    row, winner = plan.row, plan.winner
    won = row[winner]
    suit = SUIT_INDEX[won[0].suit]
    return _at(_at(row, winner, ()), plan.q if winner == plan.p else plan.p, ()), \
        _at(state.points, suit, state.points[suit] + won)


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
            hand = hand + (drawn if need == 1 else in_order(drawn))  # cards drawn at once show no draw order
            if log is not None:
                log.append(Event("contest.draw", f"{NAMES[player]} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''} "
                                                 f"({len(hand)} in hand).", player))
                log.append(Event("contest.draw", f"{NAMES[player]} draws {cards_text(drawn)}.", player, drawn,
                                 frozenset((player,))))
        if not stock:
            last_turns = 2
            if log is not None:
                log.append(Event("contest.end", f"That was the last card of the draw pile: {NAMES[1 - player]}, then "
                                                f"{NAMES[player]}, take one more turn each, without drawing.", None))
    else:
        last_turns -= 1
    turn = -1 if last_turns == 0 else 1 - player
    hands = (hand, state.hands[1]) if player == 0 else (state.hands[0], hand)  # _pair, inline: the hot path
    after = _turn_ended(state, 2, turn, last_turns, hands, row, points, discard, stock)
    if turn < 0 and log is not None:
        totals = [secret_score(after.secrets[p], points) for p in (0, 1)]
        verdict = ("It is a draw." if totals[0] == totals[1]
                   else f"{NAMES[0 if totals[0] > totals[1] else 1]} wins.")
        log.append(Event("contest.score", f"Both last turns are played: the secret cards are revealed — A "
                                          f"{cards_text(after.secrets[0])}, B {cards_text(after.secrets[1])}. A scores "
                                          f"{totals[0]}, B {totals[1]}. {verdict}", None,
                         after.secrets[0] + after.secrets[1]))
    return after


def _hidden_mover(state: ContestState) -> ValueError:
    name = NAMES[state.turn]
    return ValueError(f"{name}'s cards are hidden in this view: list the legal moves from the full state "
                      f"or from {name}'s own view")


