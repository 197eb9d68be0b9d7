"""Contest, the untitled two-player game of docs/rules/texts/contest.txt.

Every rule is in this module, in ``claims.py`` (a claim's checks and outcome, and placing a card)
and in ``moves.py`` (the deck, the moves and their notation, and the rules that are pure
functions of cards); ``movegen.py`` says the rules of a turn's actions
again, in the fast form that lists them and checks a claim; ``validation.py`` checks that a state
read or edited by hand is one the rules allow. ``docs/rules/contest.md`` maps each rule id to the
sentence of the text it implements and records each reading chosen where the text is silent.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from ...cards import HIDDEN, SUITS, Card, ascii_lower, cards_text, deal_seed, in_order, shuffled, suit_symbol, without
from ...cards import cards as read_cards
from ...engine import (
    HAND,
    HIDDEN_SEED,
    PILE,
    ROW,
    STACK,
    STOCK,
    Area,
    Breakdown,
    Event,
    Game,
    Layout,
    Move,
    RevealedHand,
    Round,
    ScoreItem,
    TextForm,
    Zone,
    builder,
    format_cards,
    plural,
    replacer,
    stacked_deck,
)
from ...errors import CardError, IllegalMove, StateError
from .. import register
from . import explain, numbering
from .claims import ContestClaims, _check_place, _claimed, _place_event
from .movegen import EVERY_ORDER, ClaimPlan, apart_orders, legal_claim_plan, placeable, turn_moves
from .moves import (
    DECK,
    MULLIGAN,
    PASS,
    SECRET_SIZE,
    SUIT_INDEX,
    Arrange,
    Claim,
    Exchange,
    Mulligan,
    Open,
    Pass,
    Reinforce,
    can_arrange,
    parse_move,
    secret_score,
    suits_apart,
)
from .state import HAND_SIZE, POSITIONS, ContestOptions, ContestState, Piles, replaced_at
from .strategy import STRATEGY, ContestStrategy
from .validation import validate

__all__ = ["Contest", "ContestState", "ContestOptions"]

BOTH = frozenset((0, 1))  # both players move in the game
# contest.secret.short-stock: a mulligan needs 4 new secret cards and the two hands of 7 still to deal.
MULLIGAN_NEEDS = SECRET_SIZE + 2 * HAND_SIZE
_EMPTY_ROW: tuple[tuple[Card, ...], ...] = ((), (), (), ())
_STAGES = ("arrange", "play", "final 2", "final 1", "over")
# The groups of zones on the table (see ``table_layout``).
ROW_AREA, POINTS, PILES = "row", "points", "piles"
#: the zones' words that never change: each contest position's name and label, each points pile's
_POSITION_WORDS = tuple((f"position {i + 1}", f"Position {i + 1}") for i in range(POSITIONS))
_POINTS_WORDS = tuple((f"points {suit}", f"{suit_symbol(suit)} points") for suit in SUITS)
_SECRET_LABEL = "Secret cards, 1st to 4th"
#: who sees a player's own zones, by player; and nobody (the draw pile)
_SEEN_BY = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()


@functools.cache
def _seat_zone_names(names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each player's secret cards' zone and hand's zone, by name (the players called ``names``)."""
    return tuple((f"{name} secret", f"{name} hand") for name in names)


_replace = replacer(ContestState)
_arrange = builder(Arrange)
_new_state = builder(ContestState)
# the secret cards laid: by A, then by B (the hands dealt)
_laid, _laid_and_dealt = (
    replacer(ContestState, "arranged", "turn", "secrets"),
    replacer(ContestState, "arranged", "turn", "secrets", "hands", "stock"),
)
# the state at the end of a turn, built with the fields a turn changes
_turn_ended = replacer(ContestState, "arranged", "turn", "last_turns", "hands", "row", "points", "discard", "stock")


@register
class Contest(ContestClaims, Game[ContestState], numbering=numbering, explained=explain):
    """Contest for two players.

    ``ace="low"`` counts an Ace as 1 instead of 14; ``pile_value="top"`` values a contest
    pile by its top card instead of the sum of its cards; ``jack="match-first"`` checks a
    Jack's (or a King's) match against the pile its power discards, before the power.
    """

    name = "contest"
    round_end_on_table = True  # a round's cards stay turned up on the table until play goes on
    conformance = ({}, {"ace": "low"}, {"pile_value": "top"}, {"jack": "match-first"})
    # moves as numbers, the bound on a game's length and the utilities: numbering.py (docs/protocol.md)
    move_numbering = "parts"
    #: the stages of the text form: the secret cards arranged, turns, the two last turns, the end
    phases = _STAGES
    title = "Contest"
    rules_prefix = "contest"
    state_class = ContestState
    options_class = ContestOptions
    settings: ContestOptions
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
        """The rule of thumb, playouts and sampling of computer players (``strategy.py``)."""
        return STRATEGY

    def card_candidates(self, state: ContestState, card: Card, zone: Zone, legal: Sequence[Move]) -> list[Move]:
        default = super().card_candidates(state, card, zone, legal)
        return explain.card_candidates(self, state, card, zone, legal, default)

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
        return _new_state(
            self.settings,
            seed,
            0,
            0,
            None,
            (in_order(order[:4]), in_order(order[4:8])),
            ((), ()),
            _EMPTY_ROW,
            _EMPTY_ROW,
            (),
            order[8:],
        )

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
            return turn_moves(state)
        except KeyError:  # a hidden card in the mover's hand: a view of the other player
            raise _hidden_mover(self.player_names[state.turn]) from None

    def _setup_moves(self, state: ContestState) -> list[Move]:
        """contest.secret, contest.secret.neighbours: the orders of the secret cards that keep two
        cards of a suit apart; a mulligan when there is none (contest.secret.mulligan), or any
        order when the draw pile is too short for one (contest.secret.short-stock)."""
        secret = state.secrets[state.turn]
        if HIDDEN in secret:
            raise _hidden_mover(self.player_names[state.turn])
        orders = apart_orders(secret)
        if not orders:
            if len(state.stock) >= MULLIGAN_NEEDS:
                return [MULLIGAN]
            orders = EVERY_ORDER
        return [
            _arrange((secret[first], secret[second], secret[third], secret[fourth]))
            for first, second, third, fourth in orders
        ]

    # -- checking a move -----------------------------------------------------------------------------

    def play(self, state: Any, move: Move | str) -> Any:
        """:meth:`Game.play`; a legal action of a turn is checked and applied the quick way
        (``movegen.py``), any other move or input as every game does it."""
        if type(state) is ContestState and state.arranged == 2 and state.turn >= 0:
            kind = type(move)
            if kind is Open or kind is Reinforce:
                if move.card in state.hands[state.turn] and placeable(move, state.row):  # type: ignore[union-attr,arg-type]
                    return self._apply(state, move, None)  # type: ignore[arg-type]
            elif kind is Claim:
                plan = legal_claim_plan(state, move)  # type: ignore[arg-type]
                if plan is not None:
                    return self._apply_claim(state, move, None, plan)  # type: ignore[arg-type]
            elif kind is Exchange and state.stock and move.card in state.hands[state.turn]:  # type: ignore[union-attr]
                return self._apply(state, move, None)  # type: ignore[arg-type]
        return Game.play(self, state, move)

    def _check(self, state: ContestState, move: Move) -> ClaimPlan | None:
        kind = type(move)
        player = state.turn
        if state.arranged == 2:  # a legal action in a turn first, the quick way (movegen.py)
            if kind is Open or kind is Reinforce:
                if move.card in state.hands[player] and placeable(move, state.row):  # type: ignore[attr-defined,arg-type]
                    return None
            elif kind is Claim:
                return self._claim_plan(state, move)  # type: ignore[arg-type]  # _apply uses the plan
            elif kind is Exchange and state.stock and move.card in state.hands[player]:  # type: ignore[attr-defined]
                return None
        if state.arranged < 2 and kind is Arrange:
            self._check_arrange(state, move)  # type: ignore[arg-type]
            return None
        if state.arranged < 2 and kind is Mulligan:
            self._check_mulligan(state, move)
            return None
        name = self.player_names[player]  # the move is refused: say whose
        if state.arranged < 2:
            raise IllegalMove(
                move,
                "contest.secret",
                f"{name} must first arrange the 4 secret cards "
                f"({cards_text(state.secrets[player])}) or declare a mulligan",
            )
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
                raise IllegalMove(
                    move,
                    "contest.pass",
                    f"{name} cannot pass: a player passes only in the last turns, "
                    f"with no possible action (while the draw pile lasts, "
                    f"exchanging a card is always possible)",
                )
            possible = turn_moves(state)
            if possible != [PASS]:
                raise IllegalMove(
                    move, "contest.pass", f"{name} cannot pass while an action is possible, such as '{possible[0]}'"
                )
            return None
        if kind is Arrange or kind is Mulligan:
            raise IllegalMove(
                move,
                "contest.secret",
                "the secret cards are arranged once, at the start; they are not touched again until the end",
            )
        raise IllegalMove(move, "contest.turn", f"{move!r} is not a Contest move")

    def _check_arrange(self, state: ContestState, move: Arrange) -> None:
        player = state.turn
        secret = state.secrets[player]
        order = move.cards
        if (
            isinstance(order, tuple)
            and len(order) == SECRET_SIZE
            and sorted(order) == sorted(secret)
            and suits_apart(order)
        ):
            return
        name = self.player_names[player]  # the order is refused: say whose
        if not isinstance(order, tuple) or len(order) != SECRET_SIZE or sorted(order) != sorted(secret):
            raise IllegalMove(
                move, "contest.secret", f"{name}'s secret cards are {cards_text(secret)}: arrange exactly these 4 cards"
            )
        if can_arrange(secret):
            raise IllegalMove(
                move,
                "contest.secret.neighbours",
                f"{name} cannot place {cards_text(order)}: two cards of the same suit would be side by "
                f"side; an order such as '{self._setup_moves(state)[0]}' keeps them apart",
            )
        if len(state.stock) >= MULLIGAN_NEEDS:
            raise IllegalMove(
                move,
                "contest.secret.mulligan",
                f"no order of {cards_text(secret)} keeps two cards of a suit apart, so {name} must declare a mulligan",
            )

    def _check_mulligan(self, state: ContestState, move: Move) -> None:
        player = state.turn
        secret = state.secrets[player]
        if not can_arrange(secret) and len(state.stock) >= MULLIGAN_NEEDS:
            return
        name = self.player_names[player]  # the mulligan is refused: say whose
        if can_arrange(secret):
            raise IllegalMove(
                move,
                "contest.secret.mulligan",
                f"{name} can arrange {cards_text(secret)} with no two cards of a suit side by side "
                f"(such as '{self._setup_moves(state)[0]}'), so a mulligan is not allowed",
            )
        if len(state.stock) < MULLIGAN_NEEDS:
            raise IllegalMove(
                move,
                "contest.secret.short-stock",
                f"only {len(state.stock)} cards are left to take secret cards and deal the hands "
                f"from ({MULLIGAN_NEEDS} are needed): {name} keeps {cards_text(secret)} and arranges "
                f"them in any order",
            )

    # -- applying a move ------------------------------------------------------------------------------

    def _apply(
        self, state: ContestState, move: Move, log: list[Event] | None, checked: ClaimPlan | None = None
    ) -> ContestState:
        kind = type(move)
        player = state.turn
        if kind is Open or kind is Reinforce:
            card, index = move.card, move.position - 1  # type: ignore[attr-defined]
            row: Piles = state.row
            if log is not None:
                log.append(_place_event(move, row, player, self.player_names[player]))  # type: ignore[arg-type]
            row = row[:index] + (row[index] + (card,),) + row[index + 1 :]
            return self._end_turn(
                state, without(state.hands[player], card), row, state.points, state.discard, state.stock, log
            )
        if kind is Claim:
            return self._apply_claim(state, move, log, checked or self._claim_plan(state, move))  # type: ignore[arg-type]
        if kind is Exchange:
            card = move.card  # type: ignore[attr-defined]
            drawn = state.stock[0]
            if log is not None:
                name = self.player_names[player]
                log.append(Event("contest.exchange", f"{name} discards {card} and draws a card.", player, (card,)))
                log.append(Event("contest.exchange", f"{name} draws {drawn}.", player, (drawn,), frozenset((player,))))
            return self._end_turn(
                state,
                without(state.hands[player], card) + (drawn,),
                state.row,
                state.points,
                state.discard + (card,),
                state.stock[1:],
                log,
            )
        if kind is Pass:
            if log is not None:
                log.append(
                    Event("contest.pass", f"{self.player_names[player]} has no possible action and passes.", player)
                )
            return self._end_turn(state, state.hands[player], state.row, state.points, state.discard, state.stock, log)
        if kind is Arrange:
            return self._apply_arrange(state, move, log)  # type: ignore[arg-type]
        return self._apply_mulligan(state, log)

    def _apply_arrange(self, state: ContestState, move: Arrange, log: list[Event] | None) -> ContestState:
        player = state.turn
        order = tuple(move.cards)
        if log is not None:
            names = self.player_names
            waived = "" if suits_apart(order) else " The draw pile is too short for a mulligan, so the suits may touch."
            log.append(
                Event(
                    "contest.secret",
                    f"{names[player]} lays the 4 secret cards face down, from the first to the fourth." + waived,
                    player,
                )
            )
            log.append(
                Event(
                    "contest.secret",
                    f"{names[player]}'s secret cards, first to fourth: {cards_text(order)}.",
                    player,
                    order,
                    frozenset((player,)),
                )
            )
        secrets = replaced_at(state.secrets, player, order)
        if player == 0:
            return _laid(state, 1, 1, secrets)
        stock = state.stock
        hands = (in_order(stock[:HAND_SIZE]), in_order(stock[HAND_SIZE : 2 * HAND_SIZE]))
        # At least 2 cards remain: a mulligan needs 18 cards, so at most 7 are made (44 - 28 - 14 = 2).
        stock = stock[2 * HAND_SIZE :]
        if log is not None:
            names = self.player_names
            log.append(Event("contest.deal", f"Each player is dealt a hand of {HAND_SIZE} cards; A plays first.", None))
            for p in (0, 1):
                log.append(
                    Event("contest.deal", f"{names[p]}'s hand: {cards_text(hands[p])}.", p, hands[p], frozenset((p,)))
                )
        return _laid_and_dealt(state, 2, 0, secrets, hands, stock)

    def _apply_mulligan(self, state: ContestState, log: list[Event] | None) -> ContestState:
        player = state.turn
        shown = state.secrets[player]
        if log is not None:
            log.append(
                Event(
                    "contest.secret.mulligan",
                    f"No order of {cards_text(shown)} keeps two cards of a suit "
                    f"apart: {self.player_names[player]} declares a mulligan, "
                    "shows them, discards them and takes 4 more secret cards.",
                    player,
                    shown,
                )
            )
        return _replace(
            state,
            secrets=replaced_at(state.secrets, player, in_order(state.stock[:SECRET_SIZE])),
            discard=state.discard + shown,
            stock=state.stock[SECRET_SIZE:],
        )

    def _apply_claim(self, state: ContestState, move: Claim, log: list[Event] | None, plan: ClaimPlan) -> ContestState:
        if log is not None:
            self._narrate_claim(state, move, plan, log)
        row, points = _claimed(state, plan)
        discard = state.discard + (move.card, *plan.scrapped, *plan.row[plan.loser])
        return self._end_turn(state, plan.hand, row, points, discard, state.stock, log)

    def _end_turn(
        self,
        state: ContestState,
        hand: tuple[Card, ...],
        row: Piles,
        points: Piles,
        discard: tuple[Card, ...],
        stock: tuple[Card, ...],
        log: list[Event] | None,
    ) -> ContestState:
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
                    name = self.player_names[player]
                    log.append(
                        Event(
                            "contest.draw", f"{name} draws {plural(len(drawn), 'card')} ({len(hand)} in hand).", player
                        )
                    )
                    log.append(
                        Event("contest.draw", f"{name} draws {cards_text(drawn)}.", player, drawn, frozenset((player,)))
                    )
            if not stock:
                last_turns = 2
                if log is not None:
                    names = self.player_names
                    log.append(
                        Event(
                            "contest.end",
                            f"That was the last card of the draw pile: {names[1 - player]}, "
                            f"then {names[player]}, take one more turn each, without drawing.",
                            None,
                        )
                    )
        else:
            last_turns -= 1
        turn = -1 if last_turns == 0 else 1 - player
        hands = (hand, state.hands[1]) if player == 0 else (state.hands[0], hand)
        after = _turn_ended(state, 2, turn, last_turns, hands, row, points, discard, stock)
        if turn < 0 and log is not None:
            log.append(self._final_score_event(after))
        return after

    def _final_score_event(self, state: ContestState) -> Event:
        """contest.score, once both last turns are played: the secret cards revealed, and who won."""
        names = self.player_names
        totals = [secret_score(state.secrets[p], state.points) for p in (0, 1)]
        verdict = "It is a draw." if totals[0] == totals[1] else f"{names[0 if totals[0] > totals[1] else 1]} wins."
        return Event(
            "contest.score",
            f"Both last turns are played: the secret cards are revealed — A "
            f"{cards_text(state.secrets[0])}, B {cards_text(state.secrets[1])}. A scores "
            f"{totals[0]}, B {totals[1]}. {verdict}",
            None,
            state.secrets[0] + state.secrets[1],
        )

    # -- scoring -------------------------------------------------------------------------------------

    def score_items(self, state: ContestState, player: int) -> tuple[ScoreItem, ...]:
        """contest.score: one line per secret position: its suit, the cards in that suit's
        points pile, and the product (the secret card first among the cards, then the pile)."""
        items = []
        for position, card in enumerate(state.secrets[player], 1):
            pile = state.points[SUIT_INDEX[card.suit]]
            count = len(pile)
            reason = (
                f"{explain.ORDINALS[position - 1].capitalize()} secret card {card}: {plural(count, 'card')} in the "
                f"{suit_symbol(card.suit)} points pile × {position} = {count * position}"
            )
            items.append(ScoreItem(player, count * position, reason, "contest.score", (card,) + pile))
        return tuple(items)

    def score(self, state: ContestState) -> Breakdown:
        over = state.turn < 0
        names = self.player_names
        items: list[ScoreItem] = []
        notes: list[str] = []
        for p in (0, 1):
            if state.arranged <= p:
                notes.append(f"{names[p]} has not arranged the secret cards yet.")
            elif HIDDEN in state.secrets[p]:
                notes.append(f"{names[p]}'s secret cards stay hidden until the end.")
            else:
                items += self.score_items(state, p)
        title = "Contest — final score" if over else "Contest — the score if the game ended now"
        breakdown = Breakdown(names, tuple(items), title, over, (), tuple(notes))
        if not over:
            return breakdown
        totals = breakdown.totals
        winners = tuple(p for p in (0, 1) if totals[p] == max(totals))
        verdict = (
            f"A draw at {totals[0]}."
            if len(winners) == 2
            else f"{names[winners[0]]} wins, {max(totals)} to {min(totals)}."
        )
        return Breakdown(names, tuple(items), title, True, winners, tuple(notes) + (verdict,))

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
        latest put there. (Zones are made with their fields in order, and their words made once:
        the research adapters ask for them at every step.)"""
        revealed = state.turn < 0
        zones = []
        for p, (secret, hand) in enumerate(_seat_zone_names(self.player_names)):
            own = _SEEN_BY[p]
            zones.append(Zone(secret, state.secrets[p], None if revealed else own, p, ROW, None, _SECRET_LABEL))
            zones.append(Zone(hand, state.hands[p], own, p, HAND, None, "Hand"))
        for (name, label), pile in zip(_POSITION_WORDS, state.row):
            zones.append(Zone(name, pile, None, None, STACK, ROW_AREA, label))
        for (name, label), pile in zip(_POINTS_WORDS, state.points):
            zones.append(Zone(name, pile, None, None, PILE, POINTS, label))
        zones.append(Zone("discard", state.discard, None, None, PILE, PILES, "Discard pile"))
        zones.append(Zone("draw pile", state.stock[::-1], _NOBODY, None, STOCK, PILES, "Draw pile"))
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
            secrets = replaced_at(secrets, other, (HIDDEN,) * len(secrets[other]))
        return _replace(
            state,
            seed=HIDDEN_SEED,
            secrets=secrets,
            hands=replaced_at(state.hands, other, (HIDDEN,) * len(state.hands[other])),
            stock=(HIDDEN,) * len(state.stock),
        )

    # -- notation --------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # -- the text form -------------------------------------------------------------------------------

    _KEYS = (
        "ace",
        "pile value",
        "jack",
        "seed",
        "stage",
        "to move",
        "A secret",
        "B secret",
        "A hand",
        "B hand",
        "row",
        "points C",
        "points D",
        "points H",
        "points S",
        "discard",
        "draw pile",
    )

    def to_text(self, state: ContestState) -> str:
        stage = self.phase(state)
        names = self.player_names
        lines = [
            *state.options.lines(),
            *([f"seed: {state.seed}"] if state.seed != HIDDEN_SEED else []),  # a view's seed is hidden: no line
            f"stage: {stage}",
            f"to move: {'-' if state.turn < 0 else names[state.turn]}",
        ]
        for p in (0, 1):
            lines.append(f"{names[p]} secret: {format_cards(state.secrets[p])}")
        for p in (0, 1):
            lines.append(f"{names[p]} hand: {format_cards(state.hands[p])}")
        lines.append("row: " + " | ".join(format_cards(pile) for pile in state.row))
        lines += [f"points {suit}: {format_cards(pile)}" for suit, pile in zip(SUITS, state.points)]
        lines += [f"discard: {format_cards(state.discard)}", f"draw pile: {format_cards(state.stock)}"]
        return "\n".join(lines)

    def _from_text(self, text: str) -> ContestState:
        form = TextForm(text, self._KEYS, "Contest")
        options = self._read_options(form)
        assert isinstance(options, ContestOptions)  # (the options of this game's class)
        # A stacked deal was once written 'seed: -': it is seed 0 now, as in every game.
        seed = 0 if form.text("seed", "-").strip() in ("-", "—") else form.int("seed")
        stage = " ".join(ascii_lower(form.text("stage")).split())
        if stage not in _STAGES:
            raise StateError(form.where("stage"), f"expected one of {', '.join(_STAGES)}, got {stage!r}")
        turn = form.player("to move", self.player_names, optional=True)
        if (turn is None) != (stage == "over"):
            raise StateError(form.where("to move"), "write '-' when the stage is 'over', and A or B otherwise")
        if stage == "arrange":
            assert turn is not None  # (checked above: only 'over' has nobody to move)
            arranged, last_turns = turn, None
        else:
            arranged, last_turns = 2, {"play": None, "final 2": 2, "final 1": 1, "over": 0}[stage]
        row_text = form.text("row")
        parts = row_text.split("|")
        if len(parts) != POSITIONS:
            raise StateError(
                form.where("row"),
                f"expected the 4 positions separated by '|', such as '5H | - | 9C 10C | -'; got {len(parts)}",
            )
        row = []
        for i, part in enumerate(parts):
            try:
                row.append(() if part.strip() in ("-", "—") else tuple(read_cards(part)))
            except CardError as err:
                raise StateError(form.where("row"), f"position {i + 1}: {err}") from None
        return ContestState(
            options=options,
            seed=seed,
            arranged=arranged,
            turn=-1 if turn is None else turn,
            last_turns=last_turns,
            secrets=(form.cards("A secret"), form.cards("B secret")),
            hands=(form.cards("A hand"), form.cards("B hand")),
            row=tuple(row),  # type: ignore[arg-type]
            points=tuple(form.cards(f"points {s}") for s in SUITS),  # type: ignore[arg-type]
            discard=form.cards("discard"),
            stock=form.cards("draw pile"),
        )

    def validate(self, state: ContestState) -> None:
        """Every card once, and the counts and placements the rules allow at this stage (``validation.py``)."""
        validate(self, state)


def _hidden_mover(name: str) -> ValueError:
    """The error for listing the moves of ``name``, whose cards a view hides."""
    return ValueError(
        f"{name}'s cards are hidden in this view: list the legal moves from the full state or from {name}'s own view"
    )
