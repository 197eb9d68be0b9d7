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
        best, best_gain = _best(state, some_moves(moves, limit, rng))
        if best is None:
            return Choice(PASS, "no card adds more to your lead than it is worth keeping for later")
        return Choice(best, f"{best.card} adds {best_gain:.2f} VP to what you can expect from the battles as they stand")

    def playout_move(self, game: Game, state: Any, rng: random.Random) -> Move:
        # rule_of_thumb's move, drawing the same sample of the legal moves without listing them
        # all: they are each hand card's moves (MOVES, in the order of the hand), then the pass
        if state.passed[0] and state.passed[1]:
            return NEXT_ROUND
        table = MOVES[len(state.battles)]
        hand = state.hands[state.turn]
        count = 1 + sum(map(COUNT[len(state.battles)].__getitem__, hand))
        if count == 1:
            return PASS
        if count <= self.playout_moves:
            return _best(state, [m for card in hand for m in table[card]])[0] or PASS
        picked: list[Move] = []
        chosen = iter(sorted(sample_indices(rng, count, self.playout_moves)))
        want, first = next(chosen), 0
        for card in hand:
            moves = table[card]
            last = first + len(moves)
            while want < last:
                picked.append(moves[want - first])
                want = next(chosen, count)
            first = last
        return _best(state, picked)[0] or PASS

    def playout_value(self, game: Game, state: Any, player: int) -> float:
        # the lead of the score's totals (``lead``), from the VP alone: the score's lines are
        # the VP won and the battles' VP once the round is scored
        vp = game._standing_vp(state)
        return vp[player] - vp[1 - player]

    def move_scores(self, game: Game, state: Any) -> list[tuple[float, Move]] | None:
        me = game.to_move(state)
        return None if me is None else _gains(state, me, game.legal_moves(state))

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


def _best(s: Any, moves: list[Move]) -> tuple[Commit | None, float]:
    """The commit among ``moves`` that gains most, and its gain; None when none gains."""
    best, best_gain = None, 0.0
    gain = _scorer(s, s.turn)
    for move in moves:
        if type(move) is Commit:
            g = gain(move)
            if g > best_gain + 1e-9:
                best, best_gain = move, g
    return best, best_gain


def _gains(s: Any, me: int, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each commit among ``moves`` with what it adds to the VP this player may expect from the
    battles as they stand, less the card's worth kept for later (a pass gains 0)."""
    gain = _scorer(s, me)
    return [(gain(m), m) if type(m) is Commit else (0.0, m) for m in moves]


def _scorer(s: Any, me: int) -> Callable[[Commit], float]:
    """The gain of a commit for ``me`` in ``s`` (see :func:`_gains`).

    A battle is expected from its stacks' values (:func:`_expect`). A commit changes one
    stack's value, or two (a Queen's, a Jack's that moves its stack), in one battle or two: the
    values after it are worked out from those before it, without playing the move."""
    battles = s.battles
    judged = [_judged(b, me) for b in battles]
    before = [j[3] for j in judged]
    base = sum(before)
    kept = KEPT[s.round]

    def gain(move: Commit) -> float:
        card, b = move.card, move.battle - 1
        kind, slot, value = EFFECT[card]
        mine, theirs, vp, _ = judged[b]
        mine, after = list(mine), before[:]
        if kind is SPADE:            # commitment.spade: on the chosen stack of your side
            mine[STACK_INDEX[move.stack]] += value
        elif kind is NUMBER:
            mine[slot] += value
        elif kind is ACE:            # commitment.ace: on the other player's stack (its draw is ACE_DRAW)
            theirs = list(theirs)
            theirs[slot] += value
        elif kind is KING:           # commitment.king: doubles what lies below it
            mine[slot] *= 2
        elif kind is QUEEN:          # commitment.queen: both stacks of her suit are discarded
            theirs = list(theirs)
            mine[slot] = theirs[slot] = 0
        elif move.to is not None:    # commitment.jack: the stack moves on top of another battle's
            t = move.to - 1
            target, others, vt, _ = judged[t]
            target = list(target)
            target[slot] = _stacked_on(target[slot], battles[b].sides[me][slot])
            mine[slot] = 0
            after[t] = _expect(vt, target[0] - others[0], target[1] - others[1], target[2] - others[2])
        # (a Jack in round 1 adds 0)
        after[b] = _expect(vp, mine[0] - theirs[0], mine[1] - theirs[1], mine[2] - theirs[2])
        return sum(after) - base + kept[card]
    return gain


#: How many moves each card has, by the number of battles out.
COUNT = {n: {card: len(moves) for card, moves in table.items()} for n, table in MOVES.items()}
#: What committing a card does to the stacks: (kind, the stack of its suit, the value it adds).
EFFECT = {card: (KIND[card], STACK_INDEX.get(card.suit), VALUE[card]) for card in DRAW_DECK}
#: By round: what committing a card adds beyond the battles: an Ace's draw, or minus what the
#: card is worth keeping for a later round.
KEPT = {r: {card: ACE_DRAW if card.rank == 14 else -KEEP.get(r, 0.0) * FACE_WORTH.get(card.rank, card.rank)
            for card in DRAW_DECK} for r in range(1, ROUNDS + 1)}


#: Battles judged lately, by id: (the battle, its judgement for player 0, for player 1). A
#: battle stays the very same object from move to move until a card is committed to it.
_JUDGED: dict[int, tuple[Any, tuple, tuple]] = {}
_JUDGED_MOST = 1024


def _judged(battle: Any, me: int) -> tuple[tuple[int, ...], tuple[int, ...], int, float]:
    """A battle's stack values for ``me`` and for the other player, its VP, and what ``me`` may
    expect from it."""
    hit = _JUDGED.get(id(battle))
    if hit is None or hit[0] is not battle:
        first, second = battle.sides
        first, second = tuple(map(stack_value, first)), tuple(map(stack_value, second))
        vp = BATTLE_VP[battle.card]
        d0, d1, d2 = first[0] - second[0], first[1] - second[1], first[2] - second[2]
        hit = (battle, (first, second, vp, _expect(vp, d0, d1, d2)),
               (second, first, vp, _expect(vp, -d0, -d1, -d2)))
        if len(_JUDGED) >= _JUDGED_MOST:
            _JUDGED.clear()
        _JUDGED[id(battle)] = hit
    return hit[1 + me]


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
