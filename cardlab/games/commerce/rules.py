"""Commerce, Foster's no-widow game for 3 to 12 players, kept on a ledger
(rule text: docs/rules/texts/commerce.txt).

The rules of play are in this module, the ledger (antes, payments, each deal's showdown) in
``ledger.py``, the deck, the moves and their notation in ``moves.py`` and the hand ranking in
``ranking.py``; ``validation.py`` checks that a state read or edited by hand
is one the rules allow. The Commerce page of ``docs/rules/`` maps each rule id to the sentence
of the text it implements and records each reading chosen. A game is one deal per player.

Teaching helpers: ``Commerce.rank_hand("6S 7S 8S")`` ranks and explains any 3-card hand;
``Commerce.compare_hands("6S 7S 8S", "AH KH 4D")`` says which wins and by which rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from ...cards import (
    HIDDEN,
    Card,
    ascii_lower,
    ascii_upper,
    cards,
    cards_html,
    cards_text,
    chance,
    deal_seed,
    parse_card,
    shuffled,
)
from ...engine import (
    HAND,
    HIDDEN_SEED,
    PILE,
    SLOT,
    STOCK,
    Area,
    Event,
    Game,
    Layout,
    Move,
    TextForm,
    Zone,
    builder,
    format_cards,
    replacer,
    shuffle_from,
    stacked_deck,
    validate_seed,
)
from ...engine.words import chips
from ...errors import CardError, IllegalMove, StateError
from .. import register
from . import explain, numbering
from .ledger import CommerceLedger
from .moves import BARTER, DECK, EXAMPLES, GIVE, KNOCK, TRADE, Barter, Give, Knock, Trade, parse_move
from .ranking import CATEGORY, HAND_SIZE, NOTHING, compare_hands, hand_key, rank_hand, showdown
from .state import (
    DEFAULT_PLAYERS,
    ENDINGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TURNS,
    CommerceOptions,
    CommerceState,
    DealRecord,
    Ending,
    Turn,
)
from .strategy import STRATEGY, CommerceStrategy
from .validation import validate

__all__ = [
    "Commerce",
    "CommerceState",
    "CommerceOptions",
    "DealRecord",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "DEFAULT_PLAYERS",
]

#: The group of the zones between the players: the stock, the waste, an offer (see ``table_layout``).
POOL = "pool"
#: who sees only their own cards, by player; and nobody
_ONLY = tuple(frozenset((p,)) for p in range(MAX_PLAYERS))
_NOBODY: frozenset[int] = frozenset()


@cache
def _hand_zones(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[frozenset[int], ...]]:
    """Each player's hand's zone name and who sees it while the game is played (the players
    called ``names``)."""
    return tuple(f"{name}'s hand" for name in names), _ONLY[: len(names)]


_replace = replacer(CommerceState)
# the moves of a turn build only the fields they change: a trade (the offer is None on a turn), an offer, a barter done
_traded = replacer(CommerceState, "hands", "stock", "waste", "turns")
_offered = replacer(CommerceState, "hands", "offer")
_bartered = replacer(CommerceState, "hands", "offer", "turns")
_new_state, _new_record = builder(CommerceState), builder(DealRecord)
_DECK_ORDER = {card: index for index, card in enumerate((*DECK, HIDDEN))}  # a view deals face-down cards


def _in_order(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """A hand of 3 cards dealt, sorted as ``cards.in_order`` sorts it (the deck's order), by three
    comparisons: each deal sorts every hand, and with 12 players that is much of a game's work."""
    first, second, third = hand
    at = _DECK_ORDER.__getitem__
    first_at, second_at, third_at = at(first), at(second), at(third)
    if first_at > second_at:
        first, second, first_at, second_at = second, first, second_at, first_at
    if second_at > third_at:
        second, third, second_at = third, second, third_at
        if first_at > second_at:
            first, second = second, first
    return first, second, third


# --- the game -------------------------------------------------------------------------------------


@register
class Commerce(CommerceLedger, Game[CommerceState], numbering=numbering, explained=explain):
    """Commerce for 3 to 12 players (``players``, default 4): one deal per player, on a ledger."""

    name = "commerce"
    conformance = ({"players": 3}, {"players": 4}, {"players": 7}, {"players": 12})
    # moves as numbers, the bound on a game's length and the utilities: numbering.py (docs/protocol.md)
    #: a player's turn (trade, barter or knock); a barter offered and waiting for its answer; the end
    phases = ("turn", "barter", "game-over")
    title = "Commerce"
    score_unit = "chips"  # commerce.ledger: the ledger counts money
    rules_prefix = "commerce"
    state_class = CommerceState
    options_class = CommerceOptions
    settings: CommerceOptions

    rank_hand = staticmethod(rank_hand)
    compare_hands = staticmethod(compare_hands)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.players = self.settings.players

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def strategy(self) -> CommerceStrategy:
        """The rule of thumb, playouts and sampling of computer players (``strategy.py``)."""
        return STRATEGY

    # -- dealing --------------------------------------------------------------------------------------

    def deal(self, seed: int | None = None, deck: Any = None, *, dealer: int | None = None) -> CommerceState:
        """The first deal of a game.

        ``seed`` (a fresh random one when None) chooses the first dealer and shuffles every deal.
        ``dealer`` (0..players-1) overrides the first dealer. ``deck`` stacks the first deal: its
        cards are dealt one at a time, starting with the dealer's left neighbour and going
        clockwise (to the left), three times round; the cards after that are the stock, top first.
        A ``deck`` of fewer than 52 cards is followed by the other cards in the seed's shuffled
        order. Without ``seed`` a stacked deal takes seed 0 (reproducible, text form included);
        a shuffled one gets a fresh seed. In a shuffled deal each hand is sorted, so its order
        shows nothing of the shuffle.
        """
        names = self.player_names
        seed = deal_seed(seed, stacked=deck is not None)
        n = self.players
        if dealer is None:
            dealer = chance(seed, "first dealer").randrange(n)  # commerce.deal.first-dealer
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ValueError(f"the dealer is a player from 0 to {n - 1} (A to {names[n - 1]}), not {dealer!r}")
        order: tuple[Card, ...] = shuffled(DECK, seed, "deal 1")
        if deck is not None:
            top = stacked_deck(deck, DECK, self.title, whole=False)
            given = set(top)
            order = top + tuple(c for c in order if c not in given)
        return self._start_deal(seed, dealer, (), order, stacked=deck is not None)

    def _start_deal(
        self, seed: int, dealer: int, history: tuple[DealRecord, ...], order: tuple[Card, ...], stacked: bool = False
    ) -> CommerceState:
        """commerce.deal.cards: 3 cards each, singly, from the dealer's left; the rest is stock."""
        n = self.players
        hands: list[tuple[Card, ...]] = [()] * n
        for seat in range(n):
            hand = order[seat : HAND_SIZE * n : n]  # one card a time round the table, three times
            hands[(dealer + 1 + seat) % n] = hand if stacked else _in_order(hand)
        return _new_state(self.settings, seed, dealer, tuple(hands), None, order[HAND_SIZE * n :], (), (), history)

    # -- whose turn ------------------------------------------------------------------------------------

    def phase(self, state: CommerceState) -> str:
        if len(state.history) == state.options.players:
            return "game-over"
        return "turn" if state.offer is None else "barter"

    def to_move(self, state: CommerceState) -> int | None:
        n = state.options.players
        if len(state.history) == n:
            return None
        # commerce.turn.order: the dealer's left neighbour first, then clockwise, one turn each;
        # a barter is answered by the offerer's left neighbour before their own turn.
        p = (state.dealer + 1 + len(state.turns)) % n
        return p if state.offer is None else (p + 1) % n

    def is_over(self, state: CommerceState) -> bool:
        return len(state.history) == state.options.players

    def legal_moves(self, state: CommerceState) -> list[Move]:
        n = state.options.players
        if len(state.history) == n:
            return []
        p = (state.dealer + 1 + len(state.turns)) % n
        try:  # the hand on a turn, or of the player answering a barter, holds 3 cards (validate)
            if state.offer is not None:
                a, b, c = state.hands[(p + 1) % n]
                return [GIVE[a], GIVE[b], GIVE[c], KNOCK]
            a, b, c = state.hands[p]
            return [TRADE[a], TRADE[b], TRADE[c], BARTER[a], BARTER[b], BARTER[c], KNOCK]
        except KeyError:
            raise ValueError("legal_moves needs the mover's own cards: this view hides them") from None

    # -- checking a move -------------------------------------------------------------------------------

    def _check(self, state: CommerceState, move: Move) -> None:
        n = state.options.players
        p = (state.dealer + 1 + len(state.turns)) % n
        if type(move) is Knock:
            return
        if state.offer is not None:
            q = (p + 1) % n
            if type(move) is not Give:
                names = self.player_names
                raise IllegalMove(
                    move,
                    "commerce.barter.answer",
                    f"{names[q]} must first answer {names[p]}'s barter: give a card of their choice "
                    f"or knock to refuse; it is not {names[q]}'s turn to {_verb(move)}",
                )
            assert isinstance(move, Give)
            if move.card not in state.hands[q]:
                names = self.player_names
                raise IllegalMove(
                    move,
                    "commerce.barter.answer",
                    f"{names[q]} does not hold {move.card}, so cannot give it to {names[p]} "
                    f"(hand: {cards_text(state.hands[q])})",
                )
            return
        if type(move) is Trade:
            if move.card not in state.hands[p]:
                raise IllegalMove(
                    move,
                    "commerce.trade",
                    f"{self.player_names[p]} does not hold {move.card}, so cannot trade it "
                    f"(hand: {cards_text(state.hands[p])})",
                )
            return
        if type(move) is Barter:
            if move.card not in state.hands[p]:
                names = self.player_names
                raise IllegalMove(
                    move,
                    "commerce.barter",
                    f"{names[p]} does not hold {move.card}, so cannot offer it to {names[(p + 1) % n]} "
                    f"(hand: {cards_text(state.hands[p])})",
                )
            return
        names = self.player_names
        if type(move) is Give:
            raise IllegalMove(
                move,
                "commerce.turn",
                f"nobody has offered {names[p]} a barter: on {names[p]}'s turn the moves are trade, barter or knock",
            )
        raise IllegalMove(move, "commerce.turn", f"{move!r} is not a Commerce move; moves are: {EXAMPLES}")

    # -- applying a move -------------------------------------------------------------------------------

    def _apply(self, s: CommerceState, move: Move, log: list[Event] | None, checked: Any = None) -> CommerceState:
        n = s.options.players
        p = (s.dealer + 1 + len(s.turns)) % n
        if type(move) is Trade:
            return self._trade(s, p, move.card, log)
        if type(move) is Barter:
            return self._barter(s, p, move.card, log)
        if type(move) is Give:
            return self._give(s, p, move.card, log)
        if s.offer is not None:
            return self._refuse(s, p, log)
        if log is not None:
            log.append(
                Event(
                    "commerce.knock",
                    f"{self.player_names[p]} knocks: exchanges stop at once, with no final circuit.",
                    p,
                )
            )
        return self._settle(s, "knock", log)

    def _trade(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        hand = s.hands[p]
        i = hand.index(card)
        top = s.stock[0]
        hands = s.hands[:p] + (hand[:i] + (top,) + hand[i + 1 :],) + s.hands[p + 1 :]
        after = _traded(s, hands, s.stock[1:], s.waste + (card,), s.turns + ("trade",))
        if log is not None:
            self._narrate_trade(s, p, card, top, log)
        if not after.stock:
            if log is not None:
                log.append(
                    Event(
                        "commerce.stock-out",
                        f"{self.player_names[p]} took the last card of the stock: the "
                        f"deal is revealed and settled at once, as after a knock; the waste is not recycled.",
                        p,
                    )
                )
            return self._settle(after, "stock", log)
        return after

    def _narrate_trade(self, s: CommerceState, p: int, card: Card, top: Card, log: list[Event]) -> None:
        names = self.player_names
        name, dealer = names[p], names[s.dealer]
        log.append(
            Event(
                "commerce.trade",
                f"{name} trades: a card goes face down to the waste, and {name} takes the top card of the stock.",
                p,
            )
        )
        log.append(
            Event(
                "commerce.trade.waste",
                f"{name} gives up {card}, face down, to the waste and takes {top}.",
                p,
                (card, top),
                frozenset((p,)),
            )
        )
        if p == s.dealer:
            log.append(
                Event("commerce.trade.dealer", f"{name} is the dealer, trading on their own turn, and pays nothing.", p)
            )
        else:
            log.append(
                Event(
                    "commerce.trade.payment",
                    f"{name} pays the dealer {dealer} 1 chip (trade payments go to the dealer, not the pool).",
                    p,
                )
            )

    def _barter(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        hand = s.hands[p]
        i = hand.index(card)
        hands = s.hands[:p] + (hand[:i] + hand[i + 1 :],) + s.hands[p + 1 :]
        if log is not None:
            names = self.player_names
            q = names[(p + 1) % s.options.players]
            log.append(Event("commerce.barter", f"{names[p]} offers {q} a card face down.", p))
            log.append(Event("commerce.barter", f"{names[p]} offers {card}.", p, (card,), frozenset((p,))))
            log.append(
                Event(
                    "commerce.barter.answer",
                    f"{q} must give a card of their choice without seeing the offered one, or knock to refuse.",
                    (p + 1) % s.options.players,
                )
            )
        return _offered(s, hands, card)

    def _give(self, s: CommerceState, p: int, card: Card, log: list[Event] | None) -> CommerceState:
        q = (p + 1) % s.options.players
        offered = s.offer
        assert offered is not None  # (a card is given only for one on offer)
        given = s.hands[q]
        i = given.index(card)
        row = list(s.hands)
        row[p] = row[p] + (card,)
        row[q] = given[:i] + (offered,) + given[i + 1 :]
        hands = tuple(row)
        if log is not None:
            names = self.player_names
            a, b = names[p], names[q]
            log.append(
                Event(
                    "commerce.barter.answer", f"{b} gives {a} a card and takes the offered one: the barter is done.", q
                )
            )
            log.append(
                Event(
                    "commerce.barter.answer",
                    f"{b} gives {card} and receives {offered}.",
                    q,
                    (card, offered),
                    frozenset((p, q)),
                )
            )
            log.append(Event("commerce.barter.turn", f"Now {b}'s own turn: accepting a barter does not use it up.", q))
        return _bartered(s, hands, None, s.turns + ("barter",))

    def _refuse(self, s: CommerceState, p: int, log: list[Event] | None) -> CommerceState:
        q = (p + 1) % s.options.players
        hands = s.hands[:p] + (s.hands[p] + (s.offer,),) + s.hands[p + 1 :]
        if log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commerce.barter.refuse",
                    f"{names[q]} refuses {names[p]}'s barter by knocking: the "
                    f"offered card goes back to {names[p]} and exchanges stop at once.",
                    q,
                )
            )
        back = _replace(s, hands=hands, offer=None)
        return self._settle(back, "refusal", log)

    def _settle(self, s: CommerceState, end: Ending, log: list[Event] | None) -> CommerceState:
        """Reveal the hands and settle the deal; then deal the next one, or end the game."""
        n = s.options.players
        record = _new_record(s.dealer, s.turns, end, s.hands)
        history = s.history + (record,)
        if log is not None:
            self._narrate_settlement(record, len(history), log)
        if len(history) == n:
            after = _replace(s, offer=None, history=history)
            if log is not None:
                names = self.player_names
                board = self.score(after)
                totals = ", ".join(f"{names[p]} {t:+d}" for p, t in enumerate(board.totals))
                winners = " and ".join(names[w] for w in board.winners)
                log.append(
                    Event(
                        "commerce.end",
                        f"That was the last of the {n} deals. Final ledger: {totals}. "
                        f"{winners} {'wins' if len(board.winners) == 1 else 'share the win'}.",
                        None,
                    )
                )
            return after
        dealer = (s.dealer + 1) % n
        if log is not None:
            names = self.player_names
            first = names[(dealer + 1) % n]
            log.append(
                Event(
                    "commerce.deal.rotation",
                    f"Deal {len(history) + 1} of {n}: the deal passes to the left, to {names[dealer]}.",
                    dealer,
                )
            )
            log.append(Event("commerce.deal.ante", f"Everyone pays 1 chip into a fresh pool of {n} chips.", None))
            log.append(
                Event(
                    "commerce.deal.cards",
                    f"{names[dealer]} deals 3 concealed cards each, one at a time; the rest is the concealed stock.",
                    dealer,
                )
            )
            log.append(
                Event("commerce.turn.order", f"{first}, the dealer's left neighbour, moves first.", (dealer + 1) % n)
            )
        order = shuffle_from(s.seed, DECK, f"deal {len(history) + 1}")
        return self._start_deal(s.seed, dealer, history, order)

    def _narrate_settlement(self, record: DealRecord, number: int, log: list[Event]) -> None:
        names = self.player_names
        n, hands, d = self.players, record.hands, record.dealer
        for seat in range(n):
            p = (d + 1 + seat) % n
            log.append(
                Event(
                    "commerce.settle.reveal",
                    f"{names[p]} shows {cards_text(hands[p])}: {rank_hand(hands[p])}.",
                    p,
                    hands[p],
                )
            )
        result = showdown(hands, d)
        w, r = result.winner, result.runner_up
        log.append(Event(*self._why_best(hands, d, w, r), w, hands[w]))
        log.append(Event("commerce.settle.pool", f"{names[w]} takes the pool of {n} chips.", w))
        if result.dealer_pays == "winner":
            log.append(
                Event(
                    "commerce.settle.dealer-loses",
                    f"The dealer {names[d]} lost, so {names[d]} pays the winner {names[w]} 1 more chip.",
                    d,
                )
            )
        elif result.dealer_pays == "everyone":
            category = CATEGORY[hand_key(hands[d])[0]]
            log.append(
                Event(
                    "commerce.settle.same-category",
                    f"The dealer {names[d]} lost with a {category}, the "
                    f"winner's category, so {names[d]} pays 1 chip to every other player instead.",
                    d,
                )
            )

    def _why_best(self, hands: tuple[tuple[Card, ...], ...], dealer: int, w: int, r: int) -> tuple[str, str]:
        """The rule and sentence that make ``w``'s hand the best: its comparison with the next best."""
        names = self.player_names
        if all(hand_key(h)[0] == NOTHING for h in hands):
            return "commerce.rank.tie", (
                f"Nobody has a combination or a point: all hands tie, and positional "
                f"priority gives the pool to the dealer {names[w]}."
            )
        cmp = compare_hands(hands[w], hands[r])
        # one sentence each: the two hands (a hand's words may hold a note of their own), then why
        said = f"{names[w]}'s hand: {cmp.hands[0]}. {names[r]}'s hand: {cmp.hands[1]}."
        if cmp.winner is None:  # equal hands: the winner is the one seated first (commerce.rank.tie)
            return cmp.rule, (
                f"{said} The two hands are equal, so seating decides: the dealer first, then the "
                f"nearest player to the dealer's left. {_seated_first(w, r, dealer, names)}, so "
                f"{names[w]} has the best hand."
            )
        return cmp.rule, f"{names[w]} has the best hand. {said} {names[w]}'s beats {names[r]}'s, as {cmp.reason}."

    # -- hidden information --------------------------------------------------------------------------------

    def zones(self, s: CommerceState) -> list[Zone]:
        # (zones are made with their fields in order, and their words made once: the research
        # adapters ask for them at every step)
        names, own = _hand_zones(self.player_names)
        over = len(s.history) == s.players  # the game is over: every hand is shown
        seen_by: tuple[frozenset[int] | None, ...] = (None,) * s.players if over else own
        zones = [Zone(names[p], hand, seen_by[p], p, HAND, None, "Hand") for p, hand in enumerate(s.hands)]
        # an offer is seen by the offerer only: the neighbour answers without seeing it
        if s.offer is None:
            zones.append(Zone("offer", (), _NOBODY, None, SLOT, POOL, "Barter offer"))
        else:
            zones.append(Zone("offer", (s.offer,), _ONLY[s.turn_player], None, SLOT, POOL, "Barter offer"))
        # piles bottom to top: the stock's last card is the next one traded for (the state keeps
        # the stock top first); the waste's last card is the latest traded away
        zones.append(Zone("stock", s.stock[::-1], _NOBODY, None, STOCK, POOL, "Stock"))
        zones.append(Zone("waste", s.waste, _NOBODY, None, PILE, POOL, "Waste"))
        return zones

    def table_layout(self, s: CommerceState) -> Layout:
        """Every seat around the table with its hand, the dealer marked and its ledger balance;
        the stock, the waste and a barter offer between, under the pool."""
        return Layout(
            rows=((Area(POOL, f"Pool: {chips(self.pool(s))}"),),),
            seats=tuple("dealer" if p == s.dealer else "" for p in range(s.players)),
            scores=tuple(f"ledger {chips(balance, signed=True)}" for balance in self.ledger(s)),
        )

    def view(self, s: CommerceState, player: int | None) -> CommerceState:
        names = self.player_names
        if player is None:
            return s
        n = s.players
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
            raise ValueError(f"this game has players 0 to {n - 1} (A to {names[n - 1]}), not {player!r}")
        over = len(s.history) == n
        hands = tuple(h if over or p == player else (HIDDEN,) * len(h) for p, h in enumerate(s.hands))
        offer = s.offer
        if offer is not None and player != s.turn_player:
            offer = HIDDEN  # commerce.barter.answer: the neighbour answers without seeing it
        return _replace(
            s,
            seed=HIDDEN_SEED,
            hands=hands,
            offer=offer,
            stock=(HIDDEN,) * len(s.stock),
            waste=(HIDDEN,) * len(s.waste),
        )

    # -- notation -------------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # -- the text form --------------------------------------------------------------------------------------

    def _keys(self) -> tuple[str, ...]:
        """The keys of the text form, for any number of players: each seat's hand and each deal."""
        return (
            ("players", "seed", "dealer")
            + _every_seat()
            + ("offer", "stock", "waste", "turns")
            + tuple(f"deal {k}" for k in range(1, MAX_PLAYERS + 1))
        )

    def to_text(self, s: CommerceState) -> str:
        names = self.player_names
        n = s.players
        mover = self.to_move(s)
        status = "game over" if mover is None else f"deal {s.deal_number} of {n}, {names[mover]} to move"
        ledger = ", ".join(f"{names[p]} {t:+d}" for p, t in enumerate(self.ledger(s)))
        lines = [
            f"# Commerce, {n} players: {status}",
            f"# ledger: {ledger}; pool {self.pool(s)}",
            *s.options.lines(),
            *([f"seed: {s.seed}"] if s.seed != HIDDEN_SEED else []),  # a view: no line
            f"dealer: {names[s.dealer]}",
        ]
        lines += [f"{names[p]}: {format_cards(h)}" for p, h in enumerate(s.hands)]
        offer = "-" if s.offer is None else f"{names[s.turn_player]} {s.offer.code}"
        lines += [
            f"offer: {offer}",
            f"stock: {format_cards(s.stock)}",
            f"waste: {format_cards(s.waste)}",
            f"turns: {_turns_text(s.turns, s.dealer, names)}",
        ]
        lines += [_deal_line(number, r, names) for number, r in enumerate(s.history, start=1)]
        return "\n".join(lines)

    def _from_text(self, text: str) -> CommerceState:
        form = TextForm(text, self._keys(), "Commerce")
        options = self._read_options(form)
        assert isinstance(options, CommerceOptions)  # (the options of this game's class)
        n = options.players
        names = self.player_names
        for extra in _every_seat()[n:]:
            if form.has(extra):
                raise StateError(form.where(extra), f"a {n}-player game has players {names[0]} to {names[-1]} only")
        dealer = form.player("dealer", names)
        hands = tuple(form.cards(name) for name in names)
        turns = _read_turns(form.text("turns", "-"), form.where("turns"), dealer, names)
        offer_text = form.text("offer", "-").split()
        offer = None
        if offer_text and offer_text != ["-"]:
            if len(offer_text) != 2:
                raise StateError(form.where("offer"), "write the offerer and the card, such as 'A 7S', or '-' for none")
            offerer = (dealer + 1 + len(turns)) % n
            if ascii_upper(offer_text[0]) != names[offerer]:
                raise StateError(
                    form.where("offer"), f"only {names[offerer]}, whose turn it is, can have a card on offer"
                )
            try:
                offer = parse_card(offer_text[1])
            except CardError as err:
                raise StateError(form.where("offer"), str(err)) from None
        history: list[DealRecord] = []
        for number in range(1, MAX_PLAYERS + 1):
            key = f"deal {number}"
            if form.has(key):
                if len(history) != number - 1:
                    raise StateError(form.where(key), f"deal {len(history) + 1} is missing before deal {number}")
                history.append(_read_record(form.text(key), form.where(key), names))
        seed, waste = form.int("seed"), form.cards("waste", "-")
        validate_seed(seed)  # before the seed shuffles the rest of the stock
        placed = [c for hand in hands for c in hand] + list(waste) + ([] if offer is None else [offer])
        stock = _read_stock(form, placed, shuffled(DECK, seed, f"deal {min(len(history) + 1, n)}"))
        return CommerceState(options, seed, dealer, hands, offer, stock, waste, turns, tuple(history))

    # -- validation -------------------------------------------------------------------------------------------

    def validate(self, s: CommerceState) -> None:
        """Every card once, hands of 3, the stock and waste matching the trades, the deals in order
        (``validation.py``)."""
        validate(self, s)

    # -- HTML ---------------------------------------------------------------------------------------------------

    def state_html(self, s: CommerceState) -> str:
        names = self.player_names
        mover = self.to_move(s)
        status = "game over" if mover is None else f"deal {s.deal_number} of {s.players}, {names[mover]} to move"
        ledger = ", ".join(f"{names[p]} {t:+d}" for p, t in enumerate(self.ledger(s)))
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em;font-weight:500'>{z.name}</th>"
            f"<td>{cards_html(z.cards)}</td></tr>"
            for z in self.zones(s)
        )
        return (
            f"<div class='cardlab-static-state'><b>Commerce</b> — {status}; dealer {names[s.dealer]}"
            f"<table>{rows}</table><div>Ledger: {ledger}; pool {self.pool(s)}</div></div>"
        )


# --- helpers -------------------------------------------------------------------------------------------


@cache
def _every_seat() -> tuple[str, ...]:
    """The names of the seats of the largest game, A to L: the text form knows each of them."""
    return Commerce(players=MAX_PLAYERS).player_names


def _verb(move: Move) -> str:
    return {Trade: "trade", Barter: "barter", Give: "give", Knock: "knock"}.get(type(move), "move")


def _seated_first(near: int, far: int, dealer: int, names: Sequence[str]) -> str:
    """Why ``near`` comes before ``far`` in seating order (commerce.rank.tie), naming both."""
    if near == dealer:
        return f"{names[near]} is the dealer, seated before {names[far]}"
    return f"{names[near]} sits nearer the dealer's left than {names[far]}"


def _read_stock(form: TextForm, placed: list[Card], order: tuple[Card, ...]) -> tuple[Card, ...]:
    """The stock line, top first. Ending in ``rest`` (or left out) it means: these cards on top,
    then every card not placed elsewhere (``placed``), in ``order`` (the seed's shuffle of this deal)."""
    text = form.text("stock", "rest")
    words = text.split()
    if not any(ascii_lower(w) == "rest" for w in words):
        return form.cards("stock")
    if ascii_lower(words[-1]) != "rest" or sum(ascii_lower(w) == "rest" for w in words) > 1:
        raise StateError(form.where("stock"), "'rest' ends the stock line: the stock's top cards (if any), then 'rest'")
    try:
        top = tuple(cards(" ".join(words[:-1])))
    except CardError as err:
        raise StateError(form.where("stock"), str(err)) from None
    used = set(placed).union(top)
    return top + tuple(c for c in order if c not in used)


@lru_cache(maxsize=4096)  # a settled deal never changes, and every text form writes it again
def _deal_line(number: int, r: DealRecord, names: tuple[str, ...]) -> str:
    """A settled deal's line of the text form (the players called ``names``)."""
    hands = " / ".join(format_cards(h) for h in r.hands)
    return (
        f"deal {number}: dealer {names[r.dealer]}; turns {_turns_text(r.turns, r.dealer, names)}; "
        f"end {r.end}; hands {hands}"
    )


def _turns_text(turns: tuple[str, ...], dealer: int, names: Sequence[str]) -> str:
    """A deal's turns as the text form writes them: 'B trade, C barter' (the players called ``names``)."""
    return ", ".join(f"{names[(dealer + 1 + i) % len(names)]} {t}" for i, t in enumerate(turns)) or "-"


def _read_turns(text: str, where: str, dealer: int, names: Sequence[str]) -> tuple[Turn, ...]:
    """'B trade, C barter' -> ("trade", "barter"), checking that turns go clockwise from the dealer's left."""
    if text.strip() in ("", "-", "—"):
        return ()
    turns: list[Turn] = []
    for i, item in enumerate(text.split(",")):
        words = item.split()
        expected = names[(dealer + 1 + i) % len(names)]
        if len(words) != 2 or ascii_lower(words[1]) not in TURNS:
            raise StateError(
                where,
                f"write each turn as a player and 'trade' or 'barter', such as '{expected} trade'; "
                f"got {item.strip()!r}",
            )
        if ascii_upper(words[0]) != expected:
            raise StateError(
                where,
                f"turn {i + 1} is {expected}'s, not {words[0]!r}'s: turns go clockwise "
                f"from the dealer's left neighbour",
            )
        turns.append(ascii_lower(words[1]))  # type: ignore[arg-type]
    return tuple(turns)


def _read_record(text: str, where: str, names: Sequence[str]) -> DealRecord:
    """'dealer C; turns A trade; end knock; hands 6S 7S 8S / AH KH 4D / 3C 4C 5C'."""
    parts = [p.strip() for p in text.split(";")]
    labels = ("dealer", "turns", "end", "hands")
    if len(parts) != 4 or any(not ascii_lower(p).startswith(label) for p, label in zip(parts, labels)):
        raise StateError(where, "write 'dealer C; turns A trade, B barter; end knock; hands 6S 7S 8S / AH KH 4D / ...'")
    values = [p[len(label) :].strip() for p, label in zip(parts, labels)]
    if ascii_upper(values[0]) not in names:
        raise StateError(where, f"the dealer is one of {', '.join(names)}, not {values[0]!r}")
    dealer = names.index(ascii_upper(values[0]))
    end = ascii_lower(values[2])
    if end not in ENDINGS:
        raise StateError(where, f"a deal ends by {', '.join(ENDINGS)}, not {values[2]!r}")
    try:
        hands = tuple(tuple(cards(h)) for h in values[3].split("/"))
    except CardError as err:
        raise StateError(where, str(err)) from None
    return DealRecord(dealer, _read_turns(values[1], where, dealer, names), end, hands)  # type: ignore[arg-type]
