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
from typing import Any

from ...cards import HIDDEN, Card
from ...engine import Game, Move
from ...strategy import Choice, Strategy, Unit, fill_hidden, some_moves
from .moves import BATTLE_VP, PASS, Commit, stack_value

__all__ = ["CommitmentStrategy"]

#: VP a card is worth keeping for later rounds, per point of its worth, by round.
KEEP = {1: 0.10, 2: 0.05, 3: 0.0}
#: The worth of J, Q and K kept for later, in points (number cards: their value).
FACE_WORTH = {11: 3, 12: 6, 13: 6}
#: An Ace helps the opponent's stack by 1, but draws a card: worth this many VP.
ACE_DRAW = 0.3
#: A lead of this many points in a suit counts as safe.
SAFE_LEAD = 8.0


class CommitmentStrategy(Strategy):
    """Commitment: the card that adds most to the VP expected from the battles as they stand."""

    playout_moves = 4
    unit = Unit("VP", "VP ahead of {opponent} at the end of the game")

    def rule_of_thumb(self, game: Game, state: Any, rng: random.Random, limit: int | None = None) -> Choice:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return Choice(moves[0], "the only legal move")
        commits = [m for m in some_moves(moves, limit, rng) if type(m) is Commit]
        best, best_gain = None, 0.0
        for gain, move in _gains(game, state, game.to_move(state), commits):
            if gain > best_gain + 1e-9:
                best, best_gain = move, gain
        if best is None:
            return Choice(PASS, "no card adds more to your lead than it is worth keeping for later")
        return Choice(best, f"{best.card} adds {best_gain:.2f} VP to what you can expect from the battles as they stand")

    def move_scores(self, game: Game, state: Any) -> list[tuple[float, Move]] | None:
        me = game.to_move(state)
        return None if me is None else _gains(game, state, me, game.legal_moves(state))

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


def _gains(game: Game, s: Any, me: int, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each commit among ``moves`` with what it adds to the VP this player may expect from the
    battles as they stand, less the card's worth kept for later (a pass gains 0)."""
    other = 1 - me

    def expect(battle: Any) -> float:
        """The VP this player may expect from a battle: each suit counts by how safely it is
        led (a lead of SAFE_LEAD points or more is safe), the total breaks ties."""
        (m0, m1, m2), (t0, t1, t2) = battle.sides[me], battle.sides[other]
        d0 = stack_value(m0) - stack_value(t0)
        d1 = stack_value(m1) - stack_value(t1)
        d2 = stack_value(m2) - stack_value(t2)
        lead = _safe(d0) + _safe(d1) + _safe(d2) + (d0 + d1 + d2) / 50
        return BATTLE_VP[battle.card] * (1 + math.tanh(lead)) / 2

    before = [expect(b) for b in s.battles]
    base = sum(before)
    keep = KEEP.get(s.round, 0.0)
    gains = []
    for move in moves:
        if type(move) is not Commit:
            gains.append((0.0, move))
            continue
        card = move.card
        after = game.advance(s, move).battles
        # a move changes one or two battles; the others are the very same objects
        gain = sum(v if a is b else expect(a) for a, b, v in zip(after, s.battles, before)) - base
        gain += ACE_DRAW if card.rank == 14 else -keep * FACE_WORTH.get(card.rank, card.rank)
        gains.append((gain, move))
    return gains


def _safe(lead: int) -> float:
    """A suit's lead as -1 (safely lost) to +1 (safely won)."""
    return -1.0 if lead <= -SAFE_LEAD else 1.0 if lead >= SAFE_LEAD else lead / SAFE_LEAD

#: The one instance the game hands out.
STRATEGY = CommitmentStrategy()
