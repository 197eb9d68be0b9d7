"""Which Commerce states the rules allow: every card once, hands of 3, the stock and the waste
matching the trades, the settled deals in order (``Commerce.validate``, for a state read from its
text form or JSON, or edited by hand).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...engine import Game, check_cards_once, validate_seed
from ...errors import StateError
from .moves import DECK
from .ranking import HAND_SIZE
from .state import ENDINGS, TURNS, CommerceState, DealRecord

__all__ = ["validate"]

_IN_DECK = frozenset(DECK)


def validate(game: Game[CommerceState], s: CommerceState) -> None:
    """Every card once, hands of 3, the stock and waste matching the trades, the deals in order."""
    names = game.player_names
    game._check_options(s)
    n = s.players
    validate_seed(s.seed)
    if not 0 <= s.dealer < n:
        raise StateError("dealer", f"the dealer is a player from 0 to {n - 1}, not {s.dealer}")
    if len(s.hands) != n:
        raise StateError("hands", f"a {n}-player game has {n} hands, not {len(s.hands)}")
    if len(s.history) > n:
        raise StateError("history", f"a {n}-player game has {n} deals, not {len(s.history)}")
    _validate_history(game, s.history)
    _validate_turns(s.turns, "turns")
    over = len(s.history) == n
    if over:
        _validate_settled_table(game, s)
    elif s.history and s.dealer != (s.history[-1].dealer + 1) % n:
        last = s.history[-1].dealer
        raise StateError("dealer", f"the deal passes to the left: after {names[last]} comes {names[(last + 1) % n]}")
    offerer = s.turn_player if s.offer is not None else -1
    for p, hand in enumerate(s.hands):
        want = HAND_SIZE - (p == offerer)
        if len(hand) != want:
            why = ", as their third card is on offer" if p == offerer else ""
            raise StateError(f"{names[p]}'s hand", f"holds {len(hand)} card(s); it should hold {want}{why}")
    check_cards_once(game.zones(s), DECK)
    trades = s.turns.count("trade")
    if len(s.waste) != trades:
        raise StateError(
            "waste", f"each trade puts one card in the waste: {trades} trade(s), but {len(s.waste)} waste card(s)"
        )
    if not over and not s.stock:
        raise StateError("stock", "the stock is empty, so the deal was settled at once (commerce.stock-out)")


def _validate_settled_table(game: Game[CommerceState], s: CommerceState) -> None:
    """Once the game is over the table shows the last deal as it was settled: its dealer, its
    turns and its hands, with no offer (commerce.end)."""
    names = game.player_names
    last = s.history[-1]
    if s.dealer != last.dealer:
        place = "dealer"
    elif s.turns != last.turns:
        place = "turns"
    elif s.offer is not None:
        place = "offer"
    elif s.hands != last.hands:
        place = f"{names[next(p for p in range(s.players) if s.hands[p] != last.hands[p])]}'s hand"
    else:
        return
    raise StateError(
        place,
        f"the game is over: the table shows deal {s.players} as it was settled (its dealer, turns and hands, "
        f"with no offer)",
    )


def _validate_history(game: Game[CommerceState], history: tuple[DealRecord, ...]) -> None:
    names = game.player_names
    n = game.players
    stock_size = len(DECK) - HAND_SIZE * n  # the cards a deal leaves out of the hands
    for number, record in enumerate(history, start=1):
        where = f"deal {number}"
        if not 0 <= record.dealer < n:
            raise StateError(where, f"the dealer is a player from 0 to {n - 1}, not {record.dealer}")
        if number > 1 and record.dealer != (history[number - 2].dealer + 1) % n:
            raise StateError(
                where,
                f"the deal passes to the left: deal {number} is dealt by {names[(history[number - 2].dealer + 1) % n]}",
            )
        _validate_turns(record.turns, where)
        if record.end not in ENDINGS:
            raise StateError(where, f"a deal ends by {', '.join(ENDINGS)}, not {record.end!r}")
        if len(record.hands) != n or any(len(h) != HAND_SIZE for h in record.hands):
            raise StateError(where, f"a settled deal shows {n} hands of 3 cards")
        problem = _record_cards_problem(record.hands, names)
        if problem:
            raise StateError(where, problem)
        trades = record.turns.count("trade")
        if trades > stock_size:
            raise StateError(where, f"{trades} trades, but the stock holds only {stock_size} cards")
        if (record.end == "stock") != (trades == stock_size):
            raise StateError(
                where,
                f"a deal ends by 'stock' exactly when its {stock_size} stock cards "
                f"are all traded; it has {trades} trade(s)",
            )
        if record.end == "stock" and record.turns[-1] != "trade":
            raise StateError(where, "a deal that ends by 'stock' ends on the trade that took the last card")


def _record_cards_problem(hands: tuple[tuple[Card, ...], ...], names: Sequence[str]) -> str | None:
    """What is wrong with the cards of a settled deal's hands, naming the card and where it is
    (the players called ``names``)."""
    holder: dict[Card, int] = {}
    for p, hand in enumerate(hands):
        for card in hand:
            if card not in _IN_DECK:
                return f"{card.code} in {names[p]}'s hand is not one of the 52 cards Commerce is played with"
            if card in holder:
                q = holder[card]
                where = f"twice in {names[p]}'s hand" if q == p else f"in both {names[q]}'s and {names[p]}'s hands"
                return f"{card.code} is {where}; the hands of a deal come from one 52-card deck, each card once"
            holder[card] = p
    return None


def _validate_turns(turns: tuple[str, ...], where: str) -> None:
    for turn in turns:
        if turn not in TURNS:
            raise StateError(where, f"a completed turn is a trade or a barter, not {turn!r}")
