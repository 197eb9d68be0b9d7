"""Commitment (rule text: docs/rules/texts/commitment.txt).

Two players win battle cards over 3 rounds by committing cards to suit stacks. Every rule is
in this module, in ``moves.py`` (the decks, what each card does, the moves and their notation)
and in ``scoring.py`` (how a battle is judged, the score and the rounds); ``validation.py``
checks that a state read or edited by hand is one the rules allow.
``docs/rules/commitment.md`` maps each rule id to the sentence of the text it implements and
records each reading chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Any, TypeVar

from ...cards import HIDDEN, Card, ascii_upper, cards, cards_html, chance, deal_seed, shuffled, suit_symbol
from ...engine import (
    HAND,
    HIDDEN_SEED,
    PILE,
    SLOT,
    STACK,
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
    stacked_deck,
    whole_number,
)
from ...errors import CardError, IllegalMove, StateError
from .. import register
from . import explain, numbering
from .moves import (
    ACE,
    BATTLE_DECK,
    BATTLE_VP,
    DRAW_DECK,
    EMPTY_SIDE,
    JACK,
    KIND,
    KING,
    MOVES,
    NEXT_ROUND,
    NUMBER,
    ORDER,
    PASS,
    QUEEN,
    ROUNDS,
    SPADE,
    STACK_INDEX,
    STACK_NAMES,
    STACK_SUITS,
    WELL_FORMED,
    Commit,
    NextRound,
    Pass,
    Side,
    Stack,
    parse_move,
    stack_arithmetic,
    stack_value,
)
from .scoring import CommitmentScoring, Verdict, _list, _vp_of, judge
from .state import HAND_SIZE, ROUND_DRAW, Battle, CommitmentState
from .strategy import STRATEGY, CommitmentStrategy
from .validation import validate

#: one player's value of a pair (passed, cards won)
V = TypeVar("V")

__all__ = ["Commitment", "CommitmentState", "Battle", "Verdict", "judge"]

#: The group of the decks and the discard pile (see ``table_layout``).
DECKS = "decks"
#: What a card is (KIND) and the stack of its suit, by card: what a commit needs first.
PLACE = {card: (KIND[card], STACK_INDEX.get(card.suit)) for card in DRAW_DECK}
# the rule that puts a card (other than a wild spade) on its stack
_PLACEMENT_RULE = {
    NUMBER: "commitment.stack",
    ACE: "commitment.ace",
    JACK: "commitment.face",
    QUEEN: "commitment.face",
    KING: "commitment.face",
}

_replace = replacer(CommitmentState)
_battle = builder(Battle)
# a commit and a pass, the moves a round is made of, build only the fields they change
_committed = replacer(CommitmentState, "turn", "hands", "battles", "draw", "discard")
_passed = replacer(CommitmentState, "turn", "passed")


# --- rule helpers (pure functions of cards) -------------------------------------------------------


def _sorted(hand: Iterable[Card]) -> Stack:
    return tuple(sorted(hand, key=ORDER.__getitem__))


def _with_stack(battles: tuple[Battle, ...], b: int, player: int, slot: int, stack: Stack) -> tuple[Battle, ...]:
    """``battles`` with the stack ``slot`` of ``player``'s side at battle ``b`` replaced."""
    battle = battles[b]
    first, second = battle.sides
    side = first if player == 0 else second
    side = (
        (stack, side[1], side[2])
        if slot == 0
        else (side[0], stack, side[2])
        if slot == 1
        else (side[0], side[1], stack)
    )
    battle = _battle(battle.card, (side, second) if player == 0 else (first, side))
    if len(battles) == 1:
        return (battle,)
    return battles[:b] + (battle,) + battles[b + 1 :]


def _with_player(pair: tuple[V, V], player: int, value: V) -> tuple[V, V]:
    """``pair`` (one value per player) with ``player``'s value replaced by ``value``."""
    return (value, pair[1]) if player == 0 else (pair[0], value)


def _battle_names(n: int) -> str:
    return (
        (
            "battle " + _list([str(i) for i in range(1, n + 1)])
            if n == 1
            else "battles " + _list([str(i) for i in range(1, n + 1)])
        )
        if n
        else "no battles"
    )


# --- the game -----------------------------------------------------------------------------------


@register
class Commitment(CommitmentScoring, Game[CommitmentState], numbering=numbering, explained=explain):
    """Commitment for two players: 3 rounds of battles fought with suit stacks and card abilities."""

    name = "commitment"
    round_end_on_table = True  # a round's cards stay turned up on the table until play goes on
    title = "Commitment"
    rules_prefix = "commitment"
    turn_rule = "commitment.commit"
    state_class = CommitmentState
    players = 2
    #: a round being played (commit or pass); both passed, the next round to start; the end
    phases = ("play", "round-end", "game-over")
    # moves as numbers, the bound on a game's length and the utilities: numbering.py (docs/protocol.md)

    def deck(self) -> tuple[Card, ...]:
        return BATTLE_DECK + DRAW_DECK

    def is_wild(self, card: Card) -> bool:
        """commitment.spade: the spades of the draw deck are wild (the battle cards are not)."""
        return card.suit == "S" and card in DRAW_DECK

    def strategy(self) -> CommitmentStrategy:
        """The rule of thumb, playouts and sampling of computer players (``strategy.py``)."""
        return STRATEGY

    # -- the deal -----------------------------------------------------------------------------------

    def deal(
        self, seed: int | None = None, deck: Iterable[Card | str] | str | None = None, first: int | str | None = None
    ) -> CommitmentState:
        """Round 1, ready to play.

        ``seed`` shuffles both decks and picks who starts round 1 (when None: 0 with a stacked
        deck, so the deal is reproducible, else a fresh seed). ``deck`` stacks the 54
        cards instead, top first: the 6 battle cards (round 1's, then round 2's two, then round
        3's three), A's 10 cards, B's 10 cards, then the draw deck (in rounds 2 and 3 A draws
        the next 6, then B). ``first`` ("A"/"B" or 0/1) fixes who starts round 1.
        """
        seed = deal_seed(seed, stacked=deck is not None)
        if deck is None:
            battle_deck = tuple(shuffled(BATTLE_DECK, seed, "battle deck"))
            draw = tuple(shuffled(DRAW_DECK, seed, "draw deck"))
        else:
            battle_deck, draw = _stacked(deck)
        if first is None:
            starter = chance(seed, "first").randrange(2)  # commitment.first
        else:
            starter = _player(first, "first", self.player_names)
        sides = (EMPTY_SIDE, EMPTY_SIDE)
        return CommitmentState(
            seed=seed,
            round=1,
            first=starter,
            turn=starter,
            passed=(False, False),
            hands=(_sorted(draw[:HAND_SIZE]), _sorted(draw[HAND_SIZE : 2 * HAND_SIZE])),
            battles=(Battle(battle_deck[0], sides),),
            battle_deck=battle_deck[1:],
            draw=draw[2 * HAND_SIZE :],
            won=((), ()),
            discard=(),
        )

    # -- whose turn, and what they may do -----------------------------------------------------------

    def phase(self, state: CommitmentState) -> str:
        if not state.round_over:
            return "play"
        return "game-over" if state.round == ROUNDS else "round-end"

    def to_move(self, state: CommitmentState) -> int | None:
        if state.passed[0] and state.passed[1]:
            return self._next_starter(state)
        return state.turn

    def _next_starter(self, s: CommitmentState) -> int | None:
        """After both have passed: who starts the next round (commitment.round.start), or None
        when round 3 is over and so is the game."""
        if s.round == ROUNDS:
            return None
        return self._starter(s.first, self._standing_vp(s))

    def legal_moves(self, state: CommitmentState) -> list[Move]:
        if state.passed[0] and state.passed[1]:
            return [] if state.round == ROUNDS else [NEXT_ROUND]
        turn = state.turn
        assert turn is not None  # (a round in play has a player to act)
        table = MOVES[len(state.battles)]
        moves: list[Move] = [m for card in state.hands[turn] for m in table[card]]
        moves.append(PASS)
        return moves

    def _check(self, s: CommitmentState, move: Move) -> None:
        if s.passed[0] and s.passed[1]:
            if type(move) is not NextRound:
                raise IllegalMove(
                    move,
                    "commitment.round.next",
                    f"both players have passed, so round {s.round} is over and scored; next, a round starts",
                )
            return
        if type(move) is Pass:
            return
        p = s.turn
        assert p is not None  # (a round in play has a player to act)
        if type(move) is NextRound:
            waiting = " and ".join(self.player_names[i] for i in (0, 1) if not s.passed[i])
            raise IllegalMove(
                move,
                "commitment.round.end",
                f"round {s.round} goes on until both players have passed; {waiting} has not passed yet",
            )
        if type(move) is not Commit:
            raise IllegalMove(move, "commitment.commit", f"{move!r} is not a Commitment move")
        assert isinstance(move, Commit)
        card = move.card
        if card not in s.hands[p]:
            q = 1 - p
            names = self.player_names
            held = f"{names[p]} does not hold {card} (hand: {' '.join(map(str, s.hands[p])) or 'empty'})"
            if s.passed[q]:
                raise IllegalMove(
                    move,
                    "commitment.pass",
                    f"{names[q]} has passed and plays no more cards this round. It is {names[p]}'s turn, and {held}",
                )
            raise IllegalMove(move, "commitment.commit", held)
        if move not in WELL_FORMED[len(s.battles)]:
            raise self._misplaced(s, move)

    def _misplaced(self, s: CommitmentState, move: Commit) -> IllegalMove:
        """Why a move with a held card is still illegal: the battle, stack or destination is wrong."""
        n, card, kind = len(s.battles), move.card, KIND[move.card]
        here = f"round {s.round} has {_battle_names(n)}"
        if not 1 <= move.battle <= n:
            return IllegalMove(move, "commitment.commit", f"there is no battle {move.battle}: {here}")
        if kind == SPADE and move.stack not in STACK_INDEX:
            return IllegalMove(
                move, "commitment.spade", f"{card} is wild: name the stack it joins, hearts, clubs or diamonds"
            )
        if kind != SPADE and move.stack is not None:
            where = (
                f"the other player's {STACK_NAMES[STACK_INDEX[card.suit]]} stack"
                if kind == ACE
                else f"its own suit's stack ({STACK_NAMES[STACK_INDEX[card.suit]]})"
            )
            return IllegalMove(
                move, _PLACEMENT_RULE[kind], f"{card} goes on {where}; only a spade 2-10 chooses its stack"
            )
        if kind != JACK:
            return IllegalMove(
                move,
                "commitment.jack",
                f"only a Jack moves a stack to another battle; {card} stays at battle {move.battle}",
            )
        if n == 1:
            return IllegalMove(move, "commitment.jack", f"round 1 has one battle, so {card} stays there and adds 0")
        if move.to is None:
            other = 1 if move.battle != 1 else 2
            return IllegalMove(
                move,
                "commitment.jack",
                f"{card} must move its stack to another battle when there is one, such as battle {other}",
            )
        if move.to == move.battle:
            return IllegalMove(
                move, "commitment.jack", f"{card}'s stack moves to another battle, not back to battle {move.battle}"
            )
        return IllegalMove(move, "commitment.jack", f"there is no battle {move.to} to move the stack to: {here}")

    # -- applying a move ------------------------------------------------------------------------------

    def _apply(self, s: CommitmentState, move: Move, log: list[Event] | None, checked: Any = None) -> CommitmentState:
        if type(move) is Commit:
            assert isinstance(move, Commit)
            return self._commit(s, move, log)
        if type(move) is Pass:
            return self._pass(s, log)
        return self._next_round(s, log)

    def _commit(self, s: CommitmentState, move: Commit, log: list[Event] | None) -> CommitmentState:
        p = s.turn
        assert p is not None  # (a round in play has a player to act)
        q = 1 - p
        card = move.card
        hand = s.hands[p]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        b = move.battle - 1
        kind, place = PLACE[card]
        battles, draw, discard = s.battles, s.draw, s.discard
        # a spade's stack is the one its move names (checked), every other card's that of its suit
        slot = STACK_INDEX[move.stack] if kind is SPADE and move.stack is not None else place
        assert slot is not None
        if kind is SPADE:  # commitment.spade: the chosen stack of your side
            battles = _with_stack(battles, b, p, slot, battles[b].sides[p][slot] + (card,))
        elif kind is ACE:  # commitment.ace: the other side, then draw
            battles = _with_stack(battles, b, q, slot, battles[b].sides[q][slot] + (card,))
            if draw:
                hand = _sorted(hand + draw[:1])
                draw = draw[1:]
        else:
            stack = battles[b].sides[p][slot] + (card,)
            if kind is JACK and move.to is not None:  # commitment.jack: the whole stack moves on top
                battles = _with_stack(battles, b, p, slot, ())
                t = move.to - 1
                battles = _with_stack(battles, t, p, slot, battles[t].sides[p][slot] + stack)
            elif kind is QUEEN:  # commitment.queen: both stacks of her suit go
                discard = discard + stack + battles[b].sides[q][slot]
                battles = _with_stack(_with_stack(battles, b, p, slot, ()), b, q, slot, ())
            else:
                battles = _with_stack(battles, b, p, slot, stack)
        hands = (hand, s.hands[1]) if p == 0 else (s.hands[0], hand)
        after = _committed(s, p if s.passed[q] else q, hands, battles, draw, discard)
        if log is not None:
            self._narrate_commit(s, after, move, log)
        return after

    def _narrate_commit(self, s: CommitmentState, after: CommitmentState, move: Commit, log: list[Event]) -> None:
        names = self.player_names
        p, card, kind = s.turn, move.card, KIND[move.card]
        assert p is not None  # (a round in play has a player to act)
        me, other = names[p], names[1 - p]
        b = f"battle {move.battle}"
        stack = move.stack if kind == SPADE else card.suit
        assert stack is not None  # (a spade's move names its stack: checked)
        slot = STACK_INDEX[stack]
        suit = STACK_NAMES[slot]

        def now(player: int, battle: int) -> str:
            stack = after.battles[battle - 1].sides[player][slot]
            return f"{names[player]}'s {suit} at battle {battle}: {stack_arithmetic(stack)}"

        if kind == NUMBER:
            log.append(Event("commitment.stack", f"{me} adds {card} to {b}; {now(p, move.battle)}.", p, (card,)))
        elif kind == SPADE:
            log.append(
                Event(
                    "commitment.spade",
                    f"{me} adds {card}, a wild spade, to the {suit} stack at {b}; "
                    f"it belongs to that stack from now on: {now(p, move.battle)}.",
                    p,
                    (card,),
                )
            )
        elif kind == ACE:
            log.append(
                Event(
                    "commitment.ace",
                    f"{me} adds {card}: an Ace goes on the other player's side, so it joins {now(1 - p, move.battle)}.",
                    p,
                    (card,),
                )
            )
            drawn = [c for c in after.hands[p] if c not in s.hands[p]]
            if drawn:
                log.append(
                    Event("commitment.ace", f"{me} draws a card from the draw deck ({len(after.draw)} left).", p)
                )
                log.append(Event("commitment.ace", f"{me} draws {drawn[0]}.", p, (drawn[0],), frozenset((p,))))
            else:
                log.append(Event("commitment.ace", f"The draw deck is empty, so {me} draws nothing.", p))
        elif kind == JACK and move.to is None:
            log.append(
                Event(
                    "commitment.jack",
                    f"{me} adds {card} to {b}. There is no other battle in round 1, "
                    f"so the Jack stays and adds 0: {now(p, move.battle)}.",
                    p,
                    (card,),
                )
            )
        elif kind == JACK and move.to is not None:
            moved = s.battles[move.battle - 1].sides[p][slot] + (card,)
            log.append(
                Event(
                    "commitment.jack",
                    f"{me} adds {card} to {b}, and the Jack moves {me}'s whole {suit} "
                    f"stack there ({' '.join(map(str, moved))}) on top of {me}'s {suit} at battle {move.to}; "
                    f"{now(p, move.to)}.",
                    p,
                    moved,
                )
            )
        elif kind == QUEEN:
            mine = s.battles[move.battle - 1].sides[p][slot] + (card,)
            theirs = s.battles[move.battle - 1].sides[1 - p][slot]
            gone = (
                f"{other}'s {suit} stack there ({' '.join(map(str, theirs))})"
                if theirs
                else f"{other}'s {suit} stack there, which is empty"
            )
            log.append(
                Event(
                    "commitment.queen",
                    f"{me} adds {card} to {b}: the Queen discards its own stack "
                    f"({' '.join(map(str, mine))}) and {gone}.",
                    p,
                    mine + theirs,
                )
            )
        else:
            log.append(
                Event(
                    "commitment.king",
                    f"{me} adds {card} to {b}: it doubles every card below it in "
                    f"the stack, and none played on top; {now(p, move.battle)}.",
                    p,
                    (card,),
                )
            )
        if s.passed[1 - p]:
            log.append(Event("commitment.pass", f"{other} has passed, so {me} plays again.", p))

    def _pass(self, s: CommitmentState, log: list[Event] | None) -> CommitmentState:
        p = s.turn
        assert p is not None  # (a round in play has a player to act)
        q = 1 - p
        # once both have passed no turn is stored: to_move derives who starts the next round
        after = _passed(s, None if s.passed[q] else q, _with_player(s.passed, p, True))
        if log is not None:
            names = self.player_names
            log.append(Event("commitment.pass", f"{names[p]} passes and plays no more cards in round {s.round}.", p))
            if s.passed[q]:
                self._narrate_round_end(after, log)
            else:
                log.append(
                    Event(
                        "commitment.pass", f"{names[q]} may add cards, one at a time, until {names[q]} passes too.", q
                    )
                )
        return after

    @staticmethod
    def _starter(first: int, vp: tuple[int, int]) -> int:
        """commitment.round.start: more VP starts; on equal VP, round 1's starter."""
        return first if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)

    def _next_round(self, s: CommitmentState, log: list[Event] | None) -> CommitmentState:
        won = [s.won[0], s.won[1]]
        discard = s.discard
        for battle in s.battles:
            for side in battle.sides:
                discard += side[0] + side[1] + side[2]
        # the round of each card won: known while nothing is won, or once kept (None: unknown)
        known = s.won_in if s.won_in is not None else (((), ()) if not (s.won[0] or s.won[1]) else None)
        won_in = list(known) if known is not None else None
        taken: list[tuple[int | None, Card]] = []
        for battle in s.battles:
            winner = judge(battle).winner
            taken.append((winner, battle.card))
            if winner is None:
                discard += (battle.card,)
            else:
                won[winner] += (battle.card,)
                if won_in is not None:
                    won_in[winner] += (s.round,)
        count = s.round + 1
        turned = s.battle_deck[:count]
        draw = s.draw
        hands = (_sorted(s.hands[0] + draw[:ROUND_DRAW]), _sorted(s.hands[1] + draw[ROUND_DRAW : 2 * ROUND_DRAW]))
        # commitment.round.start, from the VP won so far (what _next_starter works out)
        starter = self._starter(s.first, (_vp_of(won[0]), _vp_of(won[1])))
        after = _replace(
            s,
            round=count,
            turn=starter,
            passed=(False, False),
            hands=hands,
            battles=tuple(_battle(card, (EMPTY_SIDE, EMPTY_SIDE)) for card in turned),
            battle_deck=s.battle_deck[count:],
            draw=draw[2 * ROUND_DRAW :],
            won=(won[0], won[1]),
            discard=discard,
            won_in=(won_in[0], won_in[1]) if won_in is not None and (won_in[0] or won_in[1]) else None,
        )
        if log is not None:
            self._narrate_next_round(s, after, taken, log)
        return after

    def _narrate_next_round(
        self, s: CommitmentState, after: CommitmentState, taken: list[tuple[int | None, Card]], log: list[Event]
    ) -> None:
        names = self.player_names
        for winner, card in taken:
            if winner is None:
                log.append(
                    Event("commitment.score.discard", f"{card} is discarded: nobody won its battle.", None, (card,))
                )
            else:
                log.append(
                    Event("commitment.vp", f"{names[winner]} keeps {card} ({BATTLE_VP[card]} VP).", winner, (card,))
                )
        log.append(
            Event(
                "commitment.round.discard",
                f"Every card added in round {s.round} is discarded; the cards still in hand carry over.",
            )
        )
        turned = tuple(b.card for b in after.battles)
        listed = _list([f"{card} at battle {i}" for i, card in enumerate(turned, start=1)])
        log.append(
            Event(
                "commitment.setup.battles",
                f"Round {after.round}: {len(turned)} battle cards are turned up: {listed}.",
                None,
                turned,
            )
        )
        for p in (0, 1):
            new = s.draw[p * ROUND_DRAW : (p + 1) * ROUND_DRAW]
            log.append(
                Event(
                    "commitment.setup.draw",
                    f"{names[p]} draws {ROUND_DRAW} cards and now holds {len(after.hands[p])}.",
                    p,
                )
            )
            log.append(
                Event("commitment.setup.draw", f"{names[p]} draws {' '.join(map(str, new))}.", p, new, frozenset((p,)))
            )
        starter = after.turn
        assert starter is not None  # (a new round has a player to act)
        log.append(Event("commitment.round.start", f"{names[starter]} starts round {after.round}.", starter))

    # -- views and zones ---------------------------------------------------------------------------

    def zones(self, s: CommitmentState) -> list[Zone]:
        """Piles bottom to top: the decks' last card is the next one drawn or turned up (the
        state keeps them top first); the discard pile's last card is the latest discarded.
        (Zones are made with their fields in order, and their words made once: the research
        adapters ask for them at every step.)"""
        names = self.player_names
        hands, won = _seat_zone_names(names)
        zones = [Zone(hands[p], s.hands[p], _SEEN_BY[p], p, HAND, None, "Hand") for p in (0, 1)]
        zones.append(Zone("draw deck", s.draw[::-1], _NOBODY, None, STOCK, DECKS, "Draw deck"))
        zones.append(Zone("battle deck", s.battle_deck[::-1], _NOBODY, None, STOCK, DECKS, "Battle deck"))
        for i, battle in enumerate(s.battles, start=1):
            area, card_name, stacks = _battle_zone_names(i, names)
            zones.append(Zone(card_name, (battle.card,), None, None, SLOT, area, "Battle card"))
            for p in (0, 1):
                zones += [
                    Zone(name, stack, None, p, STACK, area, label)
                    for (name, label), stack in zip(stacks[p], battle.sides[p])
                ]
        zones += [Zone(won[p], s.won[p], None, p, PILE, None, "Battle cards won") for p in (0, 1)]
        zones.append(Zone("discard", s.discard, None, None, PILE, DECKS, "Discard"))
        return zones

    def table_layout(self, s: CommitmentState) -> Layout:
        """Each battle card between the two sides' hearts, clubs and diamonds stacks, the battles
        side by side; hands and won battle cards at the seats; the decks and the discard (the
        battle deck as its top card and a count) in a column beside the first round's battle,
        and in a row under the battles once there are two: beside them, the column would sit
        under them anyway, tall, on a narrow screen."""
        battles = tuple(Area(f"battle {i}", f"Battle {i}", framed=True) for i in range(1, len(s.battles) + 1))
        if len(battles) == 1:
            return Layout(rows=((*battles, Area(DECKS, column=True, compact=True)),))
        return Layout(rows=(battles, (Area(DECKS, compact=True),)))

    def card_notes(self, s: CommitmentState) -> dict[str, tuple[str | None, ...]]:
        """Every spade on a stack is "wild": it joined that stack's suit (commitment.spade)."""
        names = self.player_names
        return {
            f"b{i} {names[p]} {name}": tuple("wild" if c.suit == "S" else None for c in stack)
            for i, battle in enumerate(s.battles, start=1)
            for p in (0, 1)
            for name, stack in zip(STACK_NAMES, battle.sides[p])
            if any(c.suit == "S" for c in stack)
        }

    def view(self, s: CommitmentState, player: int | None) -> CommitmentState:
        if player is None:
            return s
        if player not in (0, 1):
            raise ValueError(f"player must be 0 (A), 1 (B) or None (everything), got {player!r}")
        other = 1 - player
        return _replace(
            s,
            seed=HIDDEN_SEED,
            hands=_with_player(s.hands, other, (HIDDEN,) * len(s.hands[other])),
            battle_deck=(HIDDEN,) * len(s.battle_deck),
            draw=(HIDDEN,) * len(s.draw),
        )

    # -- notation ------------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    # -- the text form -------------------------------------------------------------------------------

    _KEYS = (
        "seed",
        "round",
        "first",
        "turn",
        "passed",
        "A hand",
        "B hand",
        "draw deck",
        "battle deck",
        *(f"b{i}{suffix}" for i in range(1, ROUNDS + 1) for suffix in ("", " A", " B")),
        "A won",
        "B won",
        "discard",
        "won in",
    )

    def to_text(self, s: CommitmentState) -> str:
        names = self.player_names
        passed = " ".join(names[p] for p in (0, 1) if s.passed[p]) or "-"
        # once both have passed, who starts the next round follows from the VP: no turn line
        turn = [] if s.round_over or s.turn is None else [f"turn: {names[s.turn]}"]
        seed = [f"seed: {s.seed}"] if s.seed != HIDDEN_SEED else []  # a view's seed is hidden: no line
        lines = [
            *seed,
            f"round: {s.round}",
            f"first: {names[s.first]}",
            *turn,
            f"passed: {passed}",
            f"A hand: {format_cards(s.hands[0])}",
            f"B hand: {format_cards(s.hands[1])}",
            f"draw deck: {format_cards(s.draw)}",
            f"battle deck: {format_cards(s.battle_deck)}",
        ]
        for i, battle in enumerate(s.battles, start=1):
            lines.append(f"b{i}: {battle.card.code}")
            lines += [f"b{i} {names[p]}: " + " / ".join(format_cards(st) for st in battle.sides[p]) for p in (0, 1)]
        lines += [
            f"A won: {format_cards(s.won[0])}",
            f"B won: {format_cards(s.won[1])}",
            f"discard: {format_cards(s.discard)}",
        ]
        if s.won_in is not None:  # the round of each card won, once known: A's / B's
            lines.append("won in: " + " / ".join(" ".join(map(str, r)) or "-" for r in s.won_in))
        return "\n".join(lines)

    def _from_text(self, text: str) -> CommitmentState:
        names = self.player_names
        form = TextForm(text, self._KEYS, "Commitment")
        passed = form.text("passed", "-").replace(",", " ").split()
        if passed in (["-"], ["—"]):
            passed = []
        for name in passed:
            if ascii_upper(name) not in names:
                raise StateError(
                    form.where("passed"), f"expected the players who have passed (A, B, 'A B' or -), got {name!r}"
                )
        battles: list[Battle] = []
        for i in range(1, ROUNDS + 1):
            key = f"b{i}"
            if not form.has(key):
                for p in names:
                    if form.has(f"{key} {p}"):
                        raise StateError(
                            form.where(f"{key} {p}"), f"there is no battle {key}: add a line '{key}: <battle card>'"
                        )
                continue
            if len(battles) != i - 1:
                raise StateError(
                    form.where(key), f"battles are numbered from b1 without gaps; b{len(battles) + 1} is missing"
                )
            card = form.card(key)
            first_side, second_side = (_read_side(form, f"{key} {p}") for p in names)
            battles.append(Battle(card, (first_side, second_side)))
        passed_a, passed_b = (n in (ascii_upper(x) for x in passed) for n in names)
        passed_by = (passed_a, passed_b)
        return CommitmentState(
            seed=form.int("seed", 0),
            round=form.int("round", lo=1, hi=ROUNDS),
            first=form.player("first", names),
            turn=_read_turn(form, all(passed_by), names),
            passed=passed_by,
            hands=(form.cards("A hand", "-"), form.cards("B hand", "-")),
            battles=tuple(battles),
            battle_deck=form.cards("battle deck", "-"),
            draw=form.cards("draw deck", "-"),
            won=(form.cards("A won", "-"), form.cards("B won", "-")),
            discard=form.cards("discard", "-"),
            won_in=_read_won_in(form),
        )

    # -- validation ------------------------------------------------------------------------------------

    def validate(self, s: CommitmentState) -> None:
        """Every card once, in a place the rules allow, with the counts the round implies (``validation.py``)."""
        validate(self, s)

    # -- HTML ----------------------------------------------------------------------------------------

    def state_html(self, s: CommitmentState) -> str:
        names = self.player_names
        mover = self.to_move(s)
        if mover is None:
            status = "game over"
        elif s.round_over:
            status = f"round {s.round} scored; {names[mover]} plays 'next round'"
        else:
            status = f"{names[mover]} to move" + "".join(f"; {names[p]} has passed" for p in (0, 1) if s.passed[p])
        rows = []
        for i, battle in enumerate(s.battles, start=1):
            for p in (1, 0):
                stacks = "".join(
                    f"<td>{cards_html(st)} <small>{stack_value(st)}</small></td>" for st in battle.sides[p]
                )
                label = f"Battle {i} {battle.card} — {names[p]}" if p == 1 else f"Battle {i} — {names[p]}"
                rows.append(f"<tr><th style='text-align:left;padding-right:1em'>{label}</th>{stacks}</tr>")
        heads = "".join(f"<th>{n}</th>" for n in STACK_NAMES)
        hidden = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{z.name}</th><td colspan='3'>"
            f"{cards_html(z.cards)}</td></tr>"
            for z in self.zones(s)
            if not z.name.startswith("b")
        )
        return (
            f"<div class='cardlab-static-state'><b>Commitment</b> — round {s.round} — {status}"
            f"<table><tr><th></th>{heads}</tr>{''.join(rows)}{hidden}</table></div>"
        )


# --- helpers for notation, decks and text ----------------------------------------------------------


#: who sees a player's hand, by player; and nobody (the decks)
_SEEN_BY = (frozenset((0,)), frozenset((1,)))
_NOBODY: frozenset[int] = frozenset()


@cache
def _seat_zone_names(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names of each player's hand and won battle cards (the players called ``names``)."""
    return tuple(f"{name} hand" for name in names), tuple(f"{name} won" for name in names)


@lru_cache(maxsize=64)
def _battle_zone_names(i: int, names: tuple[str, ...]) -> tuple[str, str, tuple[tuple[tuple[str, str], ...], ...]]:
    """Battle b``i``'s zones' words: its group, its card's zone's name, and the name and label
    of each player's hearts, clubs and diamonds stacks (the players called ``names``)."""
    stacks = tuple(
        tuple(
            (f"b{i} {names[p]} {name}", f"{suit_symbol(suit)} {name}") for suit, name in zip(STACK_SUITS, STACK_NAMES)
        )
        for p in (0, 1)
    )
    return f"battle {i}", f"b{i} battle card", stacks


def _read_won_in(form: TextForm) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The optional ``won in`` line: the round of each card of ``A won``, then ``/``, the round of
    each card of ``B won`` (``-`` for none). Without it the rounds are unknown (None)."""
    if not form.has("won in"):
        return None
    parts = form.text("won in").split("/")
    if len(parts) != 2:
        raise StateError(
            form.where("won in"), "expected the rounds of A's cards won, '/', then B's (for example '1 2 / 2')"
        )
    where = form.where("won in")
    rounds = []
    for part in parts:
        words = part.replace(",", " ").split()
        if words in (["-"], ["—"]):
            words = []
        rounds.append(tuple(whole_number(w, where, lo=1, hi=ROUNDS) for w in words))
    return rounds[0], rounds[1]


def _read_turn(form: TextForm, round_over: bool, names: Sequence[str]) -> int | None:
    """The player to act; once both have passed there is none to store (``to_move`` derives who
    starts the next round), so a ``turn`` line there is ignored once it reads as a player or '-'."""
    if round_over:
        if form.has("turn"):
            form.player("turn", names, optional=True)
        return None
    turn = form.player("turn", names, optional=True)
    if turn is None:
        raise StateError(
            form.where("turn"),
            "'-' (nobody to act) is only for a round both players have passed: name the player to act, A or B",
        )
    return turn


def _read_side(form: TextForm, key: str) -> Side:
    text = form.text(key, "- / - / -")
    parts = text.split("/")
    if len(parts) != 3:
        raise StateError(
            form.where(key), f"expected three stacks, hearts / clubs / diamonds, separated by '/'; got {len(parts)}"
        )
    stacks: list[Stack] = []
    for part in parts:
        part = part.strip()
        if part in ("-", "—", ""):
            stacks.append(())
            continue
        try:
            stacks.append(tuple(cards(part)))
        except CardError as err:
            raise StateError(form.where(key), str(err)) from None
    return (stacks[0], stacks[1], stacks[2])


def _player(value: int | str, what: str, names: Sequence[str]) -> int:
    """The player ``value`` names: one of ``names``, or its number."""
    if isinstance(value, str) and ascii_upper(value.strip()) in names:
        return names.index(ascii_upper(value.strip()))
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise ValueError(f"{what} must be 'A' or 'B' (or 0 or 1), got {value!r}")


def _stacked(deck: Iterable[Card | str] | str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The battle deck and the rest, from a stacked 54-card deck (battle cards first)."""
    order = stacked_deck(deck, BATTLE_DECK + DRAW_DECK, "Commitment")
    head = order[: len(BATTLE_DECK)]
    if sorted(head) != sorted(BATTLE_DECK):
        raise ValueError(
            f"a stacked Commitment deck starts with the 6 battle cards (JK JK AS JS QS KS, any order); "
            f"it starts with {' '.join(c.code for c in head)}"
        )
    return head, order[len(BATTLE_DECK) :]
