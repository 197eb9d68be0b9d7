"""Card Commons, with its Peek variant (rule text: docs/rules/texts/card-commons.txt).

The rules of play are in this module, the scoring in ``scoring.py``, the text form in
``text_form.py``, and the deck, the moves and their notation in ``moves.py``;
``validation.py`` checks that a state read or edited by hand is one the rules allow.
``docs/rules/card-commons.md`` maps each rule id to the sentence of the text it implements and
records each reading chosen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from ...cards import HIDDEN, Card, cards_html, cards_text, chance, deal_seed, in_order, shuffled, without
from ...engine import (
    HAND,
    HIDDEN_SEED,
    POOL,
    SIDE,
    SLOT,
    Area,
    Event,
    Game,
    Layout,
    Move,
    Zone,
    builder,
    replacer,
    shuffle_from,
    stacked_deck,
)
from ...errors import IllegalMove
from .. import register
from . import explain, numbering
from .moves import (
    CLAIM,
    COMMISSION,
    DECK,
    DEFEND,
    DISCARD,
    NEXT_ROUND,
    TRADE_COMMISSION,
    TRADE_POOL,
    WILDS,
    Claim,
    Commission,
    Defend,
    Discard,
    NextRound,
    TradeCommission,
    TradePool,
    answers,
    parse_move,
)
from .scoring import CommonsScoring, swap_target
from .state import PHASES, CommonsOptions, CommonsState
from .strategy import STRATEGY, CommonsStrategy
from .text_form import SCORELESS_ROUNDS_LIMIT, CommonsTextForm
from .validation import validate

__all__ = ["CardCommons", "CommonsState", "CommonsOptions"]

#: one player's value of a pair (a hand, a Commission)
V = TypeVar("V")

BOTH = frozenset((0, 1))  # both players move in every round
_RED = frozenset("DH")
_CERTAIN = Fraction(1)  # the chance of a Nest Egg that is no Wild still to be swapped
#: The group of the zones on the table between the players (see ``table_layout``).
TABLEAU = "tableau"
_PEEK_1, _PEEK_2 = "Pool, face down 1", "Pool, face down 2"
#: who sees a player's own zones, by player; and nobody (the face-down cards)
_SEEN_BY = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()


@functools.cache
def _seat_zone_names(names: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """Each player's hand, Commission and side of the tableau, by name (the players called ``names``)."""
    return tuple((f"{name} hand", f"{name} commission", f"{name} side") for name in names)


# --- rules helpers (pure functions of cards) -------------------------------------------------------


def _or_list(cards: tuple[Card, ...]) -> str:
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


@register
class CardCommons(CommonsScoring, CommonsTextForm, Game[CommonsState], numbering=numbering, explained=explain):
    """Card Commons for two players; ``variant="peek"`` selects the Peek variant."""

    name = "card-commons"
    round_end_on_table = True  # a round's cards stay turned up on the table until play goes on
    aliases = ("commons", "cardcommons", "card commons")
    conformance = ({}, {"variant": "peek"})
    # moves as numbers, the bound on a game's length and the utilities: numbering.py (docs/protocol.md)
    phases = PHASES
    title = "Card Commons"
    rules_prefix = "commons"
    state_class = CommonsState
    settings: CommonsOptions
    options_class = CommonsOptions
    players = 2

    @property
    def peek(self) -> bool:
        return self.settings.variant == "peek"

    @property
    def last_round(self) -> int:
        """commons.game-end / commons.peek.rounds: the last round, unless the totals are tied."""
        return 3 if self.peek else 4

    def deck(self) -> tuple[Card, ...]:
        return DECK

    def is_wild(self, card: Card) -> bool:
        """commons.deck: the Q♥ and the K♠ are Wilds."""
        return card in WILDS

    def strategy(self) -> CommonsStrategy:
        """The rule of thumb, playouts and sampling of computer players (``strategy.py``)."""
        return STRATEGY

    # -- round structure ---------------------------------------------------------------------------

    def layout(self, round_: int) -> tuple[int, int]:
        """(face-up, face-down) pool cards dealt in a round (commons.setup.pool, commons.peek.pool)."""
        if self.peek:
            return 1, 2
        return (1, 2) if round_ in (3, 4) else (2, 1)

    def multiplier(self, round_: int) -> int:
        """commons.score.multiplier: the face-down pool count, ×1 in rounds 1-2 and extra rounds,
        ×2 in rounds 3-4; Peek: ×1, ×1, ×2 and extra rounds ×1 (commons.peek.extra-round)."""
        if self.peek:
            return 2 if round_ == 3 else 1
        return 2 if round_ in (3, 4) else 1

    @staticmethod
    def first_claimant(round_: int) -> int:
        """commons.first-claimant: A in odd rounds, B in even rounds."""
        return (round_ - 1) % 2

    def deal(self, seed: int | None = None, deck: Any = None, round: int = 1) -> CommonsState:
        """Deal round ``round`` (default 1).

        ``deck`` stacks the round's 18 cards, top first, in this order: the face-up pool
        cards, the face-down pool cards, the Nest Egg, A's 7 cards, B's 7 cards (each hand and
        each part of the pool is kept sorted). Later rounds are shuffled from ``seed`` (when
        None: 0 with a stacked deck, else a fresh seed). Dealing a later round directly takes
        the rounds before it as scoreless (up to round 100; a later round is read from a text
        form that gives their scores).
        """
        seed = deal_seed(seed, stacked=deck is not None)
        if not isinstance(round, int) or isinstance(round, bool) or not 1 <= round <= SCORELESS_ROUNDS_LIMIT:
            raise ValueError(
                f"round must be a whole number from 1 to {SCORELESS_ROUNDS_LIMIT}, got {round!r}; "
                f"a later round follows the scores of the rounds before it: read it from a text "
                f"form that gives them on its 'rounds' line"
            )
        if deck is None:
            cards = _sorted_parts(self.layout(round), shuffled(DECK, seed, f"round {round}"))
        else:
            cards = stacked_deck(deck, DECK, self.title)
        # Dealing a later round directly: the rounds before it are taken as scoreless.
        return self._deal_round(seed, round, ((0, 0),) * (round - 1), cards)

    def _deal_round(
        self, seed: int, round_: int, rounds: tuple[tuple[int, int], ...], cards: tuple[Card, ...]
    ) -> CommonsState:
        # commons.setup.pool, commons.setup.nest-egg, commons.setup.deal: the pool cards, the Nest Egg, 7 each
        up, down = self.layout(round_)
        return _build(
            self.settings,
            seed,
            round_,
            rounds,
            "commission",
            self.first_claimant(round_),
            0,
            cards[up + down],
            cards[:up],
            cards[up : up + down],
            (cards[up + down + 1 : up + down + 8], cards[up + down + 8 :]),
            (None, None),
            ((), ()),
            None,
        )

    # -- whose turn ------------------------------------------------------------------------------------

    def phase(self, state: CommonsState) -> str:
        return state.phase

    def to_move(self, state: CommonsState) -> int | None:
        """The player to act; None once the game is over (commons.end: no move is legal then)."""
        phase = state.phase
        if phase in ("claim", "answer"):
            return state.claimant
        if phase in ("defend", "discard", "discard2"):
            return 1 - state.claimant
        if phase == "commission":
            first = self.first_claimant(state.round)
            return first if state.commissions[first] is None else 1 - first
        if phase == "round-end":
            return self.first_claimant(state.round + 1)
        return None

    # -- legal moves ---------------------------------------------------------------------------------

    def legal_moves(self, state: CommonsState) -> list[Move]:
        phase = state.phase
        if phase == "claim":
            hand = state.hands[state.claimant]
            moves: list[Move] = []
            if state.traded == 0:
                moves += [TRADE_POOL[g, t] for g in hand for t in state.pool_up]
            if state.traded < 2:
                moves += [TRADE_COMMISSION[g] for g in hand if g not in WILDS]
            moves += [CLAIM[c] for c in hand]
            return moves
        if phase == "defend":
            assert state.claim is not None  # (a Claim waits for its answer)
            return [DEFEND[c] for c in answers(state.hands[1 - state.claimant], state.claim)]
        if phase == "answer":
            assert state.claim is not None  # (a Claim waits for its answer)
            return [DEFEND[c] for c in answers(state.hands[state.claimant], state.claim)]
        if phase in ("discard", "discard2"):
            return [DISCARD[c] for c in state.hands[1 - state.claimant]]
        if phase == "commission":
            chooser = self.to_move(state)
            assert chooser is not None  # (a player to choose a Commission)
            return [COMMISSION[c] for c in state.hands[chooser] if c not in WILDS]
        if phase == "round-end":
            return [NEXT_ROUND]
        return []

    # -- checking a move ---------------------------------------------------------------------------------

    def _check(self, state: CommonsState, move: Move) -> int:
        """Raise IllegalMove unless ``move`` is legal; return the player who makes it (``_apply``'s
        ``checked``)."""
        phase, mover = state.phase, self.to_move(state)
        assert mover is not None  # (play refuses every move once the game is over)
        kind: type | None = type(move)
        if kind not in _APPLY:  # a subclass of a move, or no move of this game
            kind = _kind(move)
        if kind not in _PHASE_MOVES[phase]:
            raise IllegalMove(
                move,
                _wrong_moment_rule(phase, kind),
                f"{self._waiting_for(state)}, so {self.player_names[mover]} can't {_describe(move)} now",
            )
        if kind is NextRound:
            return mover
        assert isinstance(move, (Commission, TradePool, TradeCommission, Claim, Defend, Discard))  # (the phase's)
        card = move.give if isinstance(move, (TradePool, TradeCommission)) else move.card
        hand = state.hands[mover]
        if card not in hand:
            raise IllegalMove(
                move,
                "commons.hand",
                f"{self.player_names[mover]} does not hold {card} (hand: {cards_text(hand, 'empty')})",
            )
        if kind is Commission:
            if card in WILDS:
                raise IllegalMove(
                    move, "commons.commission.no-wild", f"{card} is a Wild, and a Wild can't be a Commission"
                )
        elif isinstance(move, TradePool):
            if state.traded:
                raise IllegalMove(
                    move,
                    "commons.trade.order",
                    f"{self.player_names[mover]} has already traded this "
                    "turn; the pool trade comes first and is made once per "
                    "turn",
                )
            if move.take not in state.pool_up:
                raise IllegalMove(
                    move,
                    "commons.trade.pool",
                    f"{move.take} is not a face-up card of the discard pool (face up: {cards_text(state.pool_up)})",
                )
        elif kind is TradeCommission:
            if state.traded == 2:
                raise IllegalMove(
                    move,
                    "commons.trade.order",
                    f"{self.player_names[mover]} has already traded with the Commission this turn",
                )
            if card in WILDS:
                raise IllegalMove(
                    move, "commons.commission.no-wild", f"{card} is a Wild, and a Wild can't become a Commission"
                )
        elif kind is Defend:
            assert state.claim is not None  # (a Claim waits for its answer)
            if not answers((card,), state.claim):  # the card, held, answers the Claim
                raise IllegalMove(
                    move,
                    "commons.defense",
                    f"{card} does not answer the Claim {state.claim}: a Defense is a card of the "
                    f"same value ({state.claim.rank_code}) or a Wild",
                )
        return mover

    def _waiting_for(self, state: CommonsState) -> str:
        names = self.player_names
        phase = state.phase
        mover = self.to_move(state)
        name = names[mover] if mover is not None else ""
        claim = state.claim
        return {
            "commission": f"{name} must choose a Commission",
            "claim": f"it is {name}'s turn to trade or claim",
            "defend": f"{name} must answer the Claim {claim} with a Defense",
            "discard": f"{name} can't answer the Claim {claim} and must discard",
            "answer": f"{name} must answer their own Claim {claim}",
            "discard2": f"{name} must discard a second card",
            "round-end": "the round is over; the next move is 'next round'",
            "game-over": "the game is over",
        }[phase]

    # -- applying a move ------------------------------------------------------------------------------

    def _apply(self, s: CommonsState, move: Move, log: list[Event] | None, checked: Any = None) -> CommonsState:
        mover = self.to_move(s) if checked is None else checked  # _check worked out the mover
        apply = _APPLY.get(type(move)) or _APPLY[_kind(move)]  # type: ignore[index]  # (None: a KeyError)
        return apply(self, s, mover, move, log)

    def _trade_pool(self, s: CommonsState, mover: int, move: TradePool, log: list[Event] | None) -> CommonsState:
        """commons.trade.pool: the Claimant swaps a card of her hand with a face-up pool card."""
        give, take = move.give, move.take
        hand = without(s.hands[mover], give) + (take,)
        if log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commons.trade.pool",
                    f"{names[mover]} trades {give} from hand for "
                    f"{take} from the pool; {give} goes face up to the pool.",
                    mover,
                    (give, take),
                )
            )
        return _traded_with_pool(s, 1, without(s.pool_up, take) + (give,), _with_player(s.hands, mover, hand))

    def _trade_commission(
        self, s: CommonsState, mover: int, move: TradeCommission, log: list[Event] | None
    ) -> CommonsState:
        """commons.trade.commission: the Claimant makes a card of her hand her Commission."""
        give, old = move.give, s.commissions[mover]
        assert old is not None  # (both Commissions are chosen before the first Claim)
        hand = without(s.hands[mover], give) + (old,)
        if log is not None:
            names = self.player_names
            log.append(
                Event("commons.trade.commission", f"{names[mover]} trades a card from hand with the Commission.", mover)
            )
            log.append(
                Event(
                    "commons.trade.commission",
                    f"{give} is {names[mover]}'s Commission now; the old Commission {old} goes to the hand.",
                    mover,
                    (give, old),
                    frozenset((mover,)),
                )
            )
        return _traded_with_commission(
            s, 2, _with_player(s.hands, mover, hand), _with_player(s.commissions, mover, give)
        )

    def _commission(self, s: CommonsState, mover: int, move: Commission, log: list[Event] | None) -> CommonsState:
        card = move.card
        commissions = _with_player(s.commissions, mover, card)
        if log is not None:
            names = self.player_names
            log.append(Event("commons.commission", f"{names[mover]} puts a card face down as their Commission.", mover))
        phase = "claim" if None not in commissions else "commission"
        if phase == "claim" and log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commons.first-claimant",
                    f"{names[s.claimant]} is the first Claimant of round {s.round}.",
                    s.claimant,
                )
            )
        return _committed(s, phase, _with_player(s.hands, mover, without(s.hands[mover], card)), commissions)

    def _claim(self, s: CommonsState, mover: int, move: Claim, log: list[Event] | None) -> CommonsState:
        card = move.card
        claimant, respondent = s.claimant, 1 - s.claimant
        hands = _with_player(s.hands, claimant, without(s.hands[claimant], card))
        options = answers(hands[respondent], card)
        if log is not None:
            names = self.player_names
            log.append(Event("commons.claim", f"{names[claimant]} claims with {card}.", claimant, (card,)))
            other = names[respondent]
            if not options:
                log.append(
                    Event(
                        "commons.no-defense.discard",
                        f"{other} holds no {card.rank_code} and no Wild: no Defense, so {other} must discard.",
                        respondent,
                    )
                )
            else:
                log.append(Event("commons.defense.forced", f"{other} can answer, so {other} must defend.", respondent))
                if len(options) == 1 and options[0] in WILDS and card not in WILDS:
                    why = f"{other}'s only answer is the Wild {options[0]}, so {other} must play it."
                elif len(options) == 1:
                    why = f"{other}'s only answer is {options[0]}, so {other} must defend with it."
                else:
                    why = f"{other} can answer with {_or_list(options)} and chooses one."
                log.append(Event("commons.defense.forced", why, respondent, options, frozenset((respondent,))))
        return _claimed(s, "defend" if options else "discard", 0, hands, card)

    def _defend(self, s: CommonsState, mover: int, move: Defend, log: list[Event] | None) -> CommonsState:
        card, claimant = move.card, s.claimant
        assert s.claim is not None  # (a Claim waits for its answer)
        hands = _with_player(s.hands, mover, without(s.hands[mover], card))
        # commons.defense.placement / commons.no-defense.self-answer: the Defense goes on the
        # Respondent's side (whoever plays it), the Claim on the Claimant's side.
        claims, defenses = s.sides[claimant] + (s.claim,), s.sides[1 - claimant] + (card,)
        sides = (claims, defenses) if claimant == 0 else (defenses, claims)
        if s.phase == "defend":
            if log is not None:
                names = self.player_names
                log.append(
                    Event(
                        "commons.defense.placement",
                        f"{names[mover]} defends with {card}: the Defense goes "
                        f"on {names[mover]}'s side and the Claim {s.claim} on "
                        f"{names[claimant]}'s side.",
                        mover,
                        (card, s.claim),
                    )
                )
            return self._end_turn(s, log, s.pool_up, hands, sides, None)
        if log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commons.no-defense.self-answer",
                    f"{names[mover]} answers their own Claim with {card}: "
                    f"it goes on {names[1 - claimant]}'s side and the "
                    f"Claim {s.claim} on {names[claimant]}'s. "
                    f"{names[1 - claimant]} must discard a second card.",
                    mover,
                    (card, s.claim),
                )
            )
        return _answered(s, "discard2", hands, sides, None)

    def _discard(self, s: CommonsState, mover: int, move: Discard, log: list[Event] | None) -> CommonsState:
        card = move.card
        hands = _with_player(s.hands, mover, without(s.hands[mover], card))
        pool_up = s.pool_up + (card,)
        if s.phase == "discard2":
            if log is not None:
                names = self.player_names
                log.append(
                    Event(
                        "commons.no-defense.second-discard",
                        f"{names[mover]} discards {card} face up as a second discard.",
                        mover,
                        (card,),
                    )
                )
            return self._end_turn(s, log, pool_up, hands, s.sides, s.claim)
        assert s.claim is not None  # (the Respondent discards for want of an answer to the Claim)
        if log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commons.no-defense.discard", f"{names[mover]} discards {card} face up to the pool.", mover, (card,)
                )
            )
        claimant = s.claimant
        own = answers(hands[claimant], s.claim)
        if own:
            if log is not None:
                names = self.player_names
                log.append(
                    Event(
                        "commons.no-defense.self-answer",
                        f"{names[claimant]} can answer their own Claim {s.claim}, so {names[claimant]} must.",
                        claimant,
                    )
                )
                log.append(
                    Event(
                        "commons.no-defense.self-answer",
                        f"{names[claimant]} can answer with {_or_list(own)}.",
                        claimant,
                        own,
                        frozenset((claimant,)),
                    )
                )
            return _discarded(s, "answer", pool_up, hands)
        if log is not None:
            names = self.player_names
            log.append(
                Event(
                    "commons.no-defense.claim-discarded",
                    f"{names[claimant]} can't answer their own Claim "
                    f"either, so the Claim {s.claim} is discarded face "
                    "up.",
                    claimant,
                    (s.claim,),
                )
            )
        return self._end_turn(s, log, pool_up + (s.claim,), hands, s.sides, None)

    def _end_turn(
        self,
        s: CommonsState,
        log: list[Event] | None,
        pool_up: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], tuple[Card, ...]],
        sides: tuple[tuple[Card, ...], tuple[Card, ...]],
        claim: Card | None,
    ) -> CommonsState:
        """commons.turn: the state after a turn, whose last move left the pool, the hands, the sides
        and the Claim so: the roles switch; when both hands are empty, the round is scored
        (commons.round-end)."""
        if hands[0] or hands[1]:
            if log is not None:
                names = self.player_names
                log.append(
                    Event("commons.turn", f"Roles switch: {names[1 - s.claimant]} is the Claimant.", 1 - s.claimant)
                )
            return _turn_ended(s, "claim", 1 - s.claimant, 0, pool_up, hands, sides, claim)
        return self._reveal(s, log, pool_up, hands, sides, claim)

    def _reveal(
        self,
        s: CommonsState,
        log: list[Event] | None,
        pool_up: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], tuple[Card, ...]],
        sides: tuple[tuple[Card, ...], tuple[Card, ...]],
        claim: Card | None,
    ) -> CommonsState:
        """Both hands are empty (the last turn left the pool, the hands, the sides and the Claim
        so): turn the Nest Egg and the Commissions face up, swapping a Wild Nest Egg
        (commons.wild-nest-egg.swap, commons.wild-nest-egg.other-wild,
        commons.wild-nest-egg.both-score), then score and see whether the game is over."""
        nest, down = s.nest_egg, s.pool_down
        if log is not None:
            log.append(
                Event(
                    "commons.round-end",
                    f"Both hands are empty: the Nest Egg {nest} and the Commissions "
                    f"{s.commissions[0]} (A) and {s.commissions[1]} (B) are turned face up.",
                    None,
                    (nest,),
                )
            )
        if nest in WILDS and not s.peek:
            drawn = chance(s.seed, f"round {s.round} swap").randrange(len(down))
            if down[drawn] in WILDS and log is not None:
                log.append(
                    Event(
                        "commons.wild-nest-egg.other-wild",
                        f"The Wild Nest Egg {nest} is swapped with a random face-down pool card, the other Wild "
                        f"{down[drawn]}: "
                        + (
                            "the other face-down card is used instead."
                            if len(down) > 1
                            else "the pool has no other face-down card."
                        ),
                        None,
                    )
                )
            pick = swap_target(down, drawn)
            if pick is None:
                if log is not None:
                    log.append(
                        Event(
                            "commons.wild-nest-egg.both-score",
                            "No card but a Wild is left to use as the Nest Egg, so both Commissions score.",
                            None,
                        )
                    )
            else:
                new = down[pick]
                down = down[:pick] + (nest,) + down[pick + 1 :]
                if log is not None:
                    log.append(
                        Event(
                            "commons.wild-nest-egg.swap",
                            f"The Wild Nest Egg {nest} is swapped with the "
                            f"face-down pool card {new}, which is the Nest Egg "
                            "instead.",
                            None,
                            (new,),
                        )
                    )
                nest = new
        s = _round_ended(s, "round-end", nest, pool_up, down, hands, sides, claim)
        totals = self._totals(s)
        over = s.round >= self.last_round and totals[0] != totals[1]
        if log is not None:
            names = self.player_names
            points = self.round_points(s)
            for p in (0, 1):
                log.append(
                    Event("commons.score.count", f"{names[p]} scores {points[p]} this round ({totals[p]} in all).", p)
                )
            if s.peek and s.round == self.last_round:
                log.append(
                    Event(
                        "commons.peek.rounds",
                        f"Round {s.round} is the last of Peek's {self.last_round} rounds, scored ×1, ×1 and ×2.",
                        None,
                    )
                )
            if over:
                log.append(
                    Event(
                        "commons.game-end",
                        f"{names[0 if totals[0] > totals[1] else 1]} wins, {max(totals)} to {min(totals)}.",
                        None,
                    )
                )
            elif s.round >= self.last_round:
                log.append(
                    Event(
                        "commons.extra-round",
                        f"The totals are tied at {totals[0]}: an extra round breaks the tie.",
                        None,
                    )
                )
        return _with_phase(s, "game-over") if over else s

    def _next_round(self, s: CommonsState, mover: int, move: NextRound, log: list[Event] | None) -> CommonsState:
        names = self.player_names
        rounds = s.rounds + (self.round_points(s),)
        nxt = s.round + 1
        if log is not None:
            up, down = self.layout(nxt)
            extra = " (an extra round, scored ×1)" if nxt > self.last_round else ""
            # In Peek its own sentences deal the pool, the look and the extra rounds.
            log.append(
                Event(
                    "commons.peek.pool" if self.peek else "commons.setup.pool",
                    f"Round {nxt}{extra}: all 18 cards are shuffled; {up} face up and {down} "
                    f"face down go to the pool, 1 is the Nest Egg and each player gets 7.",
                    None,
                )
            )
            if self.peek:
                first = self.first_claimant(nxt)
                log.append(
                    Event(
                        "commons.peek.look",
                        f"{names[first]}, the first Claimant, secretly looks at one "
                        f"face-down pool card, and {names[1 - first]} at the other.",
                        None,
                    )
                )
                if nxt > self.last_round:
                    log.append(
                        Event(
                            "commons.peek.extra-round",
                            f"Round {nxt} is an extra round to break the tie: it is scored ×1.",
                            None,
                        )
                    )
        cards = _sorted_parts(self.layout(nxt), shuffle_from(s.seed, DECK, f"round {nxt}"))
        return self._deal_round(s.seed, nxt, rounds, cards)

    # -- hidden information ------------------------------------------------------------------------

    def zones(self, s: CommonsState) -> list[Zone]:
        # (zones are made with their fields in order, and their words made once: the research
        # adapters ask for them at every step)
        revealed = s.phase in ("round-end", "game-over")
        secret: frozenset[int] | None = None if revealed else _NOBODY
        zones = [
            Zone("nest egg", (s.nest_egg,), secret, None, SLOT, TABLEAU, "Nest Egg"),
            Zone("pool face up", s.pool_up, None, None, POOL, TABLEAU, "Pool, face up"),
        ]
        if s.peek and not revealed:
            # commons.peek.look: the round's first Claimant sees the first face-down card, the other player the second.
            first = self.first_claimant(s.round)
            zones.append(Zone("pool face down 1", s.pool_down[:1], _SEEN_BY[first], None, POOL, TABLEAU, _PEEK_1))
            zones.append(Zone("pool face down 2", s.pool_down[1:], _SEEN_BY[1 - first], None, POOL, TABLEAU, _PEEK_2))
        else:
            zones.append(Zone("pool face down", s.pool_down, secret, None, POOL, TABLEAU, "Pool, face down"))
        for p, (hand, commission_name, side) in enumerate(_seat_zone_names(self.player_names)):
            own = None if revealed else _SEEN_BY[p]
            held = s.commissions[p]
            commission = () if held is None else (held,)
            zones.append(Zone(hand, s.hands[p], _SEEN_BY[p], p, HAND, None, "Hand"))
            zones.append(Zone(commission_name, commission, own, p, SLOT, None, "Commission"))
            zones.append(Zone(side, s.sides[p], None, p, SIDE, TABLEAU, "side of the tableau"))
        claim = () if s.claim is None else (s.claim,)
        zones.append(Zone("claim", claim, None, None, SLOT, TABLEAU, "Claim"))
        return zones

    def table_layout(self, s: CommonsState) -> Layout:
        """Each player's hand and Commission at their edge; the two sides of the tableau grow out
        from the Nest Egg, the pool and the Claim toward their owners; the seats say who claims."""
        return Layout(
            rows=((Area(TABLEAU, "Tableau"),),),
            seats=tuple("Claimant" if p == s.claimant else "Respondent" for p in (0, 1)),
        )

    def view(self, s: CommonsState, player: int | None) -> CommonsState:
        if player is None:
            return s
        if player not in (0, 1):
            raise ValueError(f"Card Commons has players 0 (A) and 1 (B), not {player!r}")
        revealed = s.phase in ("round-end", "game-over")
        other = 1 - player
        changes: dict[str, Any] = {
            "seed": HIDDEN_SEED,
            "hands": _with_player(s.hands, other, (HIDDEN,) * len(s.hands[other])),
        }
        if not revealed:
            changes["nest_egg"] = HIDDEN
            if s.commissions[other] is not None:
                changes["commissions"] = _with_player(s.commissions, other, HIDDEN)
            if s.peek:
                seen = 0 if self.first_claimant(s.round) == player else 1
                changes["pool_down"] = tuple(c if i == seen else HIDDEN for i, c in enumerate(s.pool_down))
            else:
                changes["pool_down"] = (HIDDEN,) * len(s.pool_down)
        return _replace(s, **changes)

    # -- notation ----------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def validate(self, s: CommonsState) -> None:
        """Every card once, and the counts and placements the rules allow in ``s.phase`` (``validation.py``)."""
        validate(self, s)

    # -- HTML ----------------------------------------------------------------------------------------

    def state_html(self, s: CommonsState) -> str:
        names = self.player_names
        mover = self.to_move(s)
        status = "game over" if mover is None else f"{names[mover]}: {self._waiting_for(s)}"
        mult = self.multiplier(s.round)
        rows = []
        for z in self.zones(s):
            rows.append(
                f"<tr><th style='text-align:left;padding-right:1em;font-weight:500'>{z.name}</th>"
                f"<td>{cards_html(z.cards)}</td></tr>"
            )
        return (
            f"<div class='cardlab-static-state'><b>Card Commons{' (Peek)' if s.peek else ''}</b> — round {s.round} "
            f"(×{mult}) — {status}<table>{''.join(rows)}</table></div>"
        )


# Each kind of move builds its state with the fields it changes (engine.replacer), in the order given.
_traded_with_pool = replacer(CommonsState, "traded", "pool_up", "hands")
_traded_with_commission = replacer(CommonsState, "traded", "hands", "commissions")
_committed = replacer(CommonsState, "phase", "hands", "commissions")
_claimed = replacer(CommonsState, "phase", "traded", "hands", "claim")
_answered = replacer(CommonsState, "phase", "hands", "sides", "claim")
_discarded = replacer(CommonsState, "phase", "pool_up", "hands")
_turn_ended = replacer(CommonsState, "phase", "claimant", "traded", "pool_up", "hands", "sides", "claim")
_round_ended = replacer(CommonsState, "phase", "nest_egg", "pool_up", "pool_down", "hands", "sides", "claim")
_with_phase = replacer(CommonsState, "phase")
_build = builder(CommonsState)
_replace = replacer(CommonsState)  # any fields, by name (a view)
_PHASE_MOVES: dict[str, tuple[type, ...]] = {
    "commission": (Commission,),
    "claim": (TradePool, TradeCommission, Claim),
    "defend": (Defend,),
    "discard": (Discard,),
    "answer": (Defend,),
    "discard2": (Discard,),
    "round-end": (NextRound,),
    "game-over": (),
}


#: How each kind of move is applied (``_apply``), by its class.
_APPLY: dict[type, Callable[..., CommonsState]] = {
    Commission: CardCommons._commission,
    TradePool: CardCommons._trade_pool,
    TradeCommission: CardCommons._trade_commission,
    Claim: CardCommons._claim,
    Defend: CardCommons._defend,
    Discard: CardCommons._discard,
    NextRound: CardCommons._next_round,
}


def _kind(move: Move) -> type | None:
    """Which Card Commons move ``move`` is: its class (a subclass's base), or None for a move of no
    kind of this game."""
    kind = type(move)
    if kind in _APPLY:
        return kind
    return next((k for k in _APPLY if isinstance(move, k)), None)


def _sorted_parts(layout: tuple[int, int], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A shuffled deal's cards with each part (the pool face up, face down, each hand) sorted."""
    up, down = layout
    egg = up + down
    return (
        in_order(cards[:up])
        + in_order(cards[up:egg])
        + cards[egg : egg + 1]
        + in_order(cards[egg + 1 : egg + 8])
        + in_order(cards[egg + 8 :])
    )


def _with_player(pair: tuple[V, V], player: int, value: V) -> tuple[V, V]:
    """``pair`` (one value per player) with ``player``'s value replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _wrong_moment_rule(phase: str, kind: type | None) -> str:
    """The rule that refuses a move of the wrong kind for ``phase``: before play, the Commission's
    (commons.commission: the Commissions come first); a discard from a Respondent who can answer,
    "If he can answer, he must" (commons.defense.forced); otherwise the turn's order (commons.turn)."""
    if phase == "commission":
        return "commons.commission"
    if phase == "defend" and kind is Discard:
        return "commons.defense.forced"
    return "commons.turn"


def _describe(move: Move) -> str:
    return {
        Commission: "choose a Commission",
        TradePool: "trade with the pool",
        TradeCommission: "trade with the Commission",
        Claim: "claim",
        Defend: "defend",
        Discard: "discard",
        NextRound: "start the next round",
    }[type(move)]
