"""What computer players and hints know about Commitment.

**Rule of thumb.** Look one card ahead: play the card that adds most to the VP you can expect
from the battles as they stand (a suit led by 8 points or more counts as safe), less what the
card is worth to keep for a later round; pass when no card gains.

**Playouts** go to the end of the game (the hands carry over from round to round); their
value is the lead in VP. The look-ahead weighs only a few moves per turn in playouts, which
are long.

**Hidden cards** are dealt keeping the decks apart: the battle deck holds only battle cards,
the hands and the draw deck none.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from typing import Any

from ...cards import HIDDEN, Card
from ...engine import Game, Move
from ...strategy import Choice, Strategy, Unit, fill_hidden, sample_indices, some_moves
from .moves import (
    ACE, BATTLE_VP, DRAW_DECK, KIND, KING, MOVES, NEXT_ROUND, NUMBER, PASS, QUEEN, ROUNDS, SPADE, STACK_INDEX, VALUE,
    Commit, stack_value,
)

__all__ = ["CommitmentStrategy"]

#: VP a card is worth keeping for later rounds, per point of its worth, by round.
KEEP = {1: 0.10, 2: 0.05, 3: 0.0}
#: The worth of J, Q and K kept for later, in points (number cards: their value).
FACE_WORTH = {11: 3, 12: 6, 13: 6}
#: An Ace helps the opponent's stack by 1, but draws a card: worth this many VP.
ACE_DRAW = 0.3
#: A lead of this many points in a suit counts as safe (``_expect`` has it inline).
SAFE_LEAD = 8.0


class CommitmentStrategy(Strategy):
    """Commitment: the card that adds most to the VP expected from the battles as they stand."""

    playout_moves = 4
    unit = Unit("VP", "VP ahead of {opponent} at the end of the game")

    def rule_of_thumb(self, game: Game, state: Any, rng: random.Random, limit: int | None = None) -> Choice:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return Choice(moves[0], "the only legal move")
        best, best_gain = _Reading(state.battles).best(state, some_moves(moves, limit, rng))
        if best is None:
            return Choice(PASS, "no card adds more to your lead than it is worth keeping for later")
        return Choice(best, f"{best.card} adds {best_gain:.2f} VP to what you can expect from the battles as they stand")

    def playout_move(self, game: Game, state: Any, rng: random.Random) -> Move:
        if state.passed[0] and state.passed[1]:
            return NEXT_ROUND
        return _Reading(state.battles).choose(state, rng, self.playout_moves)

    def playout(self, game: Game, root: Any, state: Any, player: int, policy: Callable[..., Move],
                rng: random.Random) -> float:
        if policy != self.playout_move:
            return super().playout(game, root, state, player, policy, rng)
        # playout_move's moves to the end of the game, the battles read once a round and then
        # changed as each commit changes them, rather than read afresh at every move
        advance, limit = game.advance, self.playout_moves
        reading = _Reading(state.battles)
        while True:
            if state.passed[0] and state.passed[1]:
                if state.round == ROUNDS:
                    return self.playout_value(game, state, player)
                state = advance(state, NEXT_ROUND)
                reading = _Reading(state.battles)
                continue
            move = reading.choose(state, rng, limit)
            if type(move) is Commit:
                reading.commit(state.battles, state.turn, move)
            state = advance(state, move)

    def playout_value(self, game: Game, state: Any, player: int) -> float:
        # the lead of the score's totals (``lead``), from the VP alone: the score's lines are
        # the VP won and the battles' VP once the round is scored
        vp = game._standing_vp(state)
        return vp[player] - vp[1 - player]

    def move_scores(self, game: Game, state: Any) -> list[tuple[float, Move]] | None:
        me = game.to_move(state)
        if me is None:
            return None
        reading, kept = _Reading(state.battles), KEPT[state.round]
        return [(reading.gain(state.battles, me, kept, m), m) if type(m) is Commit else (0.0, m)
                for m in game.legal_moves(state)]

    def sample(self, game: Game, view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
        battle = [c for c in cards if c in BATTLE_VP]
        rest = [c for c in cards if c not in BATTLE_VP]
        rng.shuffle(battle)
        rng.shuffle(rest)
        if len(battle) != view.battle_deck.count(HIDDEN):
            raise ValueError("the unseen battle cards do not fit the battle deck")
        deal = iter(battle)
        battle_deck = tuple(next(deal) if c == HIDDEN else c for c in view.battle_deck)
        return fill_hidden(dataclasses.replace(view, battle_deck=battle_deck), rest)


class _Reading:
    """The battles as the rule of thumb reads them: each battle's stack values side by side
    (``values[b][player]``: hearts, clubs, diamonds), its VP, and what each player may expect
    from it (``expects[player][b]``, :func:`_expect`).

    A commit changes one stack's value, or two (a Queen's, a Jack's that moves its stack), in
    one battle or two: the rule of thumb works out the values after it from those before it,
    without playing the move, and a playout changes its reading the same way after each commit
    rather than reading the battles afresh."""

    __slots__ = ("values", "vps", "expects")

    def __init__(self, battles: tuple[Any, ...]) -> None:
        self.values = [[list(map(stack_value, side)) for side in battle.sides] for battle in battles]
        self.vps = [BATTLE_VP[battle.card] for battle in battles]
        self.expects = ([0.0] * len(battles), [0.0] * len(battles))
        for b in range(len(battles)):
            self._judge(b)

    def _judge(self, b: int) -> None:
        """What each player may expect from battle ``b`` as its values stand."""
        first, second = self.values[b]
        vp, d0, d1, d2 = self.vps[b], first[0] - second[0], first[1] - second[1], first[2] - second[2]
        self.expects[0][b] = _expect(vp, d0, d1, d2)
        self.expects[1][b] = _expect(vp, -d0, -d1, -d2)

    def _effect(self, battles: tuple[Any, ...], me: int, move: Commit) -> tuple[int, int, int, int, int, int]:
        """What ``me`` committing ``move`` does to the values: at battle ``b``, the stacks
        ``slot`` of ``me`` and of the other player become worth ``mine`` and ``theirs``; a Jack
        moves the stack on top of ``me``'s at battle ``t`` (-1: none), then worth ``target``."""
        card, b = move.card, move.battle - 1
        kind, slot, value = EFFECT[card]
        if kind is SPADE:            # commitment.spade: on the chosen stack of your side
            slot = STACK_INDEX[move.stack]
        sides = self.values[b]
        mine, theirs, t, target = sides[me][slot], sides[1 - me][slot], -1, 0
        if kind is NUMBER or kind is SPADE:
            mine += value
        elif kind is ACE:            # commitment.ace: on the other player's stack (its draw is ACE_DRAW)
            theirs += value
        elif kind is KING:           # commitment.king: doubles what lies below it
            mine *= 2
        elif kind is QUEEN:          # commitment.queen: both stacks of her suit are discarded
            mine = theirs = 0
        elif move.to is not None:    # commitment.jack: the stack moves on top of another battle's
            t = move.to - 1
            target = _stacked_on(self.values[t][me][slot], battles[b].sides[me][slot])
            mine = 0
        # (a Jack in round 1 adds 0)
        return b, slot, mine, theirs, t, target

    def _expect_with(self, b: int, me: int, slot: int, mine: int, theirs: int) -> float:
        """What ``me`` may expect from battle ``b`` with its stacks ``slot`` worth ``mine`` and ``theirs``."""
        sides = self.values[b]
        ours, others = sides[me], sides[1 - me]
        d = [ours[0] - others[0], ours[1] - others[1], ours[2] - others[2]]
        d[slot] = mine - theirs
        return _expect(self.vps[b], d[0], d[1], d[2])

    def gain(self, battles: tuple[Any, ...], me: int, kept: dict[Card, float], move: Commit) -> float:
        """What ``move`` adds to the VP ``me`` may expect from the battles as they stand, less
        the card's worth kept for later (``kept``: KEPT of the round)."""
        b, slot, mine, theirs, t, target = self._effect(battles, me, move)
        before = self.expects[me]
        after = before[:]
        after[b] = self._expect_with(b, me, slot, mine, theirs)
        if t >= 0:
            after[t] = self._expect_with(t, me, slot, target, self.values[t][1 - me][slot])
        return sum(after) - sum(before) + kept[move.card]

    def commit(self, battles: tuple[Any, ...], me: int, move: Commit) -> None:
        """The reading after ``me`` commits ``move`` to ``battles`` (the battles read)."""
        b, slot, mine, theirs, t, target = self._effect(battles, me, move)
        sides = self.values[b]
        sides[me][slot], sides[1 - me][slot] = mine, theirs
        self._judge(b)
        if t >= 0:
            self.values[t][me][slot] = target
            self._judge(t)

    def best(self, state: Any, moves: list[Move]) -> tuple[Commit | None, float]:
        """The commit among ``moves`` that gains most for the player to move in ``state``, and
        its gain; None when none gains."""
        best, best_gain = None, 0.0
        battles, me, kept = state.battles, state.turn, KEPT[state.round]
        for move in moves:
            if type(move) is Commit:
                g = self.gain(battles, me, kept, move)
                if g > best_gain + 1e-9:
                    best, best_gain = move, g
        return best, best_gain

    def choose(self, state: Any, rng: random.Random, limit: int) -> Move:
        """The rule of thumb's move in ``state`` (a round in play), weighing a sample of
        ``limit`` of the legal moves: the very sample ``some_moves`` draws, without listing
        them all. They are each hand card's moves (MOVES, in the order of the hand), then the
        pass."""
        table = MOVES[len(state.battles)]
        hand = state.hands[state.turn]
        count = 1 + sum(map(COUNT[len(state.battles)].__getitem__, hand))
        if count == 1:
            return PASS
        if count <= limit:
            return self.best(state, [m for card in hand for m in table[card]])[0] or PASS
        picked: list[Move] = []
        chosen = iter(sorted(sample_indices(rng, count, limit)))
        want, first = next(chosen), 0
        for card in hand:
            moves = table[card]
            last = first + len(moves)
            while want < last:
                picked.append(moves[want - first])
                want = next(chosen, count)
            first = last
        return self.best(state, picked)[0] or PASS


#: How many moves each card has, by the number of battles out.
COUNT = {n: {card: len(moves) for card, moves in table.items()} for n, table in MOVES.items()}
#: What committing a card does to the stacks: (kind, the stack of its suit, the value it adds).
EFFECT = {card: (KIND[card], STACK_INDEX.get(card.suit), VALUE[card]) for card in DRAW_DECK}
#: By round: what committing a card adds beyond the battles: an Ace's draw, or minus what the
#: card is worth keeping for a later round.
KEPT = {r: {card: ACE_DRAW if card.rank == 14 else -KEEP.get(r, 0.0) * FACE_WORTH.get(card.rank, card.rank)
            for card in DRAW_DECK} for r in range(1, ROUNDS + 1)}


def _expect(vp: int, d0: int, d1: int, d2: int, tanh: Callable[[float], float] = math.tanh) -> float:
    """The VP this player may expect from a battle of ``vp`` VP whose stacks it leads by ``d0``,
    ``d1``, ``d2`` points (hearts, clubs, diamonds): each suit counts by how safely it is led
    (:func:`_safe`: a lead of SAFE_LEAD points or more is safe), the total breaks ties."""
    lead = ((-1.0 if d0 <= -8 else 1.0 if d0 >= 8 else d0 / 8.0)   # _safe, inline: SAFE_LEAD is 8
            + (-1.0 if d1 <= -8 else 1.0 if d1 >= 8 else d1 / 8.0)
            + (-1.0 if d2 <= -8 else 1.0 if d2 >= 8 else d2 / 8.0)
            + (d0 + d1 + d2) / 50)
    return vp * (1 + tanh(lead)) / 2


def _stacked_on(value: int, stack: tuple[Card, ...]) -> int:
    """commitment.score.stack: the value of a stack worth ``value`` with ``stack`` put on top."""
    for card in stack:
        value = value * 2 if card.rank == 13 else value + VALUE[card]
    return value


def _safe(lead: int) -> float:
    """A suit's lead as -1 (safely lost) to +1 (safely won)."""
    return -1.0 if lead <= -SAFE_LEAD else 1.0 if lead >= SAFE_LEAD else lead / SAFE_LEAD

#: The one instance the game hands out.
STRATEGY = CommitmentStrategy()
