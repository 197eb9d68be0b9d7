"""What computer players and hints know about Commitment.

**Rule of thumb.** Look one card ahead: play the card that adds most to the VP you can expect
from the battles as they stand (a suit led by 8 points or more counts as safe), less what the
card is worth to keep for a later round; pass when no card gains.

**Playouts** go to the end of the game (the hands carry over from round to round); their
value is the lead in VP. The look-ahead weighs only a few moves per turn in playouts, which
are long, and a playout reads the battles and hands once a round, then follows each commit.

**Hidden cards** are dealt keeping the decks apart: the battle deck holds only battle cards,
the hands and the draw deck none.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterable
from typing import Any, Final, Protocol, cast

from ...cards import HIDDEN, Card
from ...engine import Game, Move, plural, replacer
from ...strategy import Choice, Strategy, Unit, fill_hidden, sample_indices, some_moves
from .moves import (
    ACE,
    BATTLE_VP,
    DRAW_DECK,
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
    VALUE,
    Commit,
    stack_value,
)
from .state import ROUND_DRAW, CommitmentState

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

    def rule_of_thumb(
        self, game: Game[CommitmentState], state: Any, rng: random.Random, limit: int | None = None
    ) -> Choice:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return Choice(moves[0], "the only legal move")
        weighed = [_option(m, state.round) for m in some_moves(moves, limit, rng) if type(m) is Commit]
        best, best_gain = _Reading(state).best(state, weighed, range(len(weighed)))
        if best < 0:
            return Choice(PASS, "no card adds more to your lead than it is worth keeping for later")
        move = weighed[best][_MOVE]
        return Choice(
            move, f"{move.card} adds {best_gain:.2f} VP to what you can expect from the battles as they stand"
        )

    def explain(self, game: Game[CommitmentState], state: Any, player: int, move: Move) -> str:
        return explain(game, state, player, move)

    def playout_move(self, game: Game[CommitmentState], state: Any, rng: random.Random) -> Move:
        if state.passed[0] and state.passed[1]:
            return NEXT_ROUND
        reading = _Reading(state)
        place = reading.choose(state, rng, self.playout_moves)
        return PASS if place < 0 else reading.hand(state, state.turn)[place][_MOVE]

    def playout(
        self,
        game: Game[CommitmentState],
        root: Any,
        state: Any,
        player: int,
        policy: Callable[..., Move],
        rng: random.Random,
    ) -> float:
        if policy != self.playout_move:
            return super().playout(game, root, state, player, policy, rng)
        # playout_move's moves to the end of the game (Commitment's playouts stop nowhere
        # before it), played on a _Table: the cards of the state in lists changed in place, as
        # the game's rules change them (the moves are legal by construction); the battles and
        # hands are read once a round, and then changed as each commit changes them
        if next(_PLAYOUTS) % 256 == 0:  # the memories' bound, looked at now and then
            for expected in EXPECTED.values():
                if expected.cache_info().currsize >= EXPECTED_MOST:
                    expected.cache_clear()
        table, limit = _Table(state), self.playout_moves
        reading = _Reading(table)
        while True:
            if table.passed[0] and table.passed[1]:
                if table.round == ROUNDS:
                    vp = table.standing_vp(reading)
                    return vp[player] - vp[1 - player]
                table.next_round(reading)
                reading = _Reading(table)
            while (place := reading.choose(table, rng, limit)) >= 0:  # commits, until a pass
                me = table.turn
                option = reading.commit(table, me, place)
                if table.commit(option):  # commitment.ace: the card drawn joins the hand
                    reading.options[me] = None
            table.pass_()

    def playout_value(self, game: Game[CommitmentState], state: Any, player: int) -> float:
        # the lead of the score's totals (``lead``), from the VP alone: the score's lines are
        # the VP won and the battles' VP once the round is scored
        vp = _rules(game)._standing_vp(state)
        return vp[player] - vp[1 - player]

    def move_scores(self, game: Game[CommitmentState], state: Any) -> list[tuple[float, Move]] | None:
        if game.to_move(state) is None:
            return None
        moves = game.legal_moves(state)
        options = [_option(m, state.round) for m in moves if type(m) is Commit]
        gains: list[float] = []
        if options:
            _Reading(state).best(state, options, range(len(options)), gains)
        scored = iter(gains)
        return [(next(scored), m) if type(m) is Commit else (0.0, m) for m in moves]

    def sample(self, game: Game[CommitmentState], view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
        battle = [c for c in cards if c in BATTLE_VP]
        rest = [c for c in cards if c not in BATTLE_VP]
        rng.shuffle(battle)
        rng.shuffle(rest)
        if len(battle) != view.battle_deck.count(HIDDEN):
            raise ValueError("the unseen battle cards do not fit the battle deck")
        deal = iter(battle)
        battle_deck = tuple(next(deal) if c == HIDDEN else c for c in view.battle_deck)
        return fill_hidden(_with_battle_deck(view, battle_deck), rest)


#: A commit as the rule of thumb weighs it in a round: (lead, kept, battle, slot, to, move, kind,
#: value, place, moves). What it adds to the mover's lead in the stack it changes (``lead``;
#: None for J, Q and K, whose effect depends on the stacks), what its card adds beyond the
#: battles (``kept``: KEPT), the battle (0-based) and the stack it changes, the battle a Jack's
#: stack moves to (-1: none); then the move, what its card does (EFFECT), and its place among
#: its card's moves (MOVES) and how many those are. A plain tuple, unpacked where it is read:
#: the hot loops unpack it, and a tuple subclass (a NamedTuple) unpacks several times slower.
_Option = tuple[int | None, float, int, int, int, Commit, str, int, int, int]
#: Where an option holds its move and what its card does.
_MOVE: Final = 5
_KIND: Final = 6


def _option(move: Commit, round: int, place: int = 0, moves: int = 1) -> _Option:
    """``move`` in round ``round`` as an option (its ``place`` among its card's ``moves``)."""
    card = move.card
    kind, suit_slot, value = EFFECT[card]
    # commitment.spade: on the chosen stack of your side (a spade's move names it); otherwise its suit's
    slot = STACK_INDEX[move.stack] if kind is SPADE and move.stack is not None else suit_slot
    assert slot is not None
    # commitment.number, .spade: on your own side; commitment.ace: on the other player's
    lead = value if kind is NUMBER or kind is SPADE else -value if kind is ACE else None
    to = -1 if move.to is None else move.to - 1
    return lead, KEPT[round][card], move.battle - 1, slot, to, move, kind, value, place, moves


class _Reading:
    """The battles and hands as the rule of thumb reads them: each battle's stack values side
    by side (``values[b][player]``: hearts, clubs, diamonds) and what it gives by the leads
    (``expected[b]``: EXPECTED of its VP); for each player, how
    far it leads in each stack (``leads[player][b]``) and what it may expect from the battle
    (``expects[player][b]``, :func:`_expect`); and a player's commits as options
    (``options[player]``, read when first asked for, :meth:`hand`).

    A commit changes one stack's value, or two (a Queen's, a Jack's that moves its stack), in
    one battle or two: the rule of thumb works out the values after it from those before it,
    without playing the move, and a playout changes its reading the same way after each commit
    (:meth:`commit`) rather than reading the state afresh."""

    __slots__ = ("values", "expected", "leads", "expects", "options")

    def __init__(self, state: Any) -> None:
        battles = state.battles
        self.values = [
            [[stack_value(stack) if stack else 0 for stack in side] for side in battle.sides] for battle in battles
        ]
        self.expected = [EXPECTED[BATTLE_VP[battle.card]] for battle in battles]
        n = len(battles)
        self.leads: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] = ([EVEN] * n, [EVEN] * n)
        self.expects: tuple[list[float], list[float]] = ([0.0] * n, [0.0] * n)
        for b in range(n):
            self._judge(b)
        self.options: list[list[_Option] | None] = [None, None]

    def hand(self, state: Any, player: int) -> list[_Option]:
        """``player``'s commits: each hand card's moves (MOVES, in the order of the hand)."""
        options = self.options[player]
        if options is None:
            table = OPTIONS[len(state.battles), state.round]
            cards = state.hands[player]
            options = self.options[player] = list(itertools.chain.from_iterable(map(table.__getitem__, cards)))
        return options

    def _judge(self, b: int) -> None:
        """Each player's leads in battle ``b`` and what it may expect from it, as its values stand."""
        first, second = self.values[b]
        expected, d0, d1, d2 = self.expected[b], first[0] - second[0], first[1] - second[1], first[2] - second[2]
        self.leads[0][b], self.leads[1][b] = (d0, d1, d2), (-d0, -d1, -d2)
        self.expects[0][b] = expected(d0, d1, d2)
        self.expects[1][b] = expected(-d0, -d1, -d2)

    def best(
        self, state: Any, options: list[_Option], places: Iterable[int], gains: list[float] | None = None
    ) -> tuple[int, float]:
        """The place, among ``places`` of ``options``, of the commit that gains most for the
        player to move in ``state``, and its gain; -1 when none gains. An option's gain is what
        it adds to the VP the player may expect from the battles as they stand, less its card's
        worth kept for later (``kept``); ``gains``, if given, receives each one's."""
        battles, me, expecteds, values = state.battles, state.turn, self.expected, self.values
        leads, before = self.leads[me], self.expects[me]
        # the sum of the expectations (``base``), and of those with one replaced, from the left
        # as sum() adds them: a round has one battle to three (commitment.setup.battles)
        n = len(before)
        if n == 3:
            e0, e1, e2 = before
            e01 = e0 + e1
            base = e01 + e2
        elif n == 2:
            e0, e1 = before
            base = e0 + e1
        else:
            base = before[0]
        best, best_gain, beat = -1, 0.0, 1e-9
        for i in places:
            lead, kept, b, slot, to, _, kind, _, _, _ = options[i]
            led = leads[b]
            # the lead in the stack after the commit (what commit makes of the values)
            if lead is not None:  # a number card, a wild spade, an Ace: adds to a stack
                lead += led[slot]
            elif kind is KING:  # commitment.king: doubles your stack
                lead = led[slot] + values[b][me][slot]
            elif kind is QUEEN:  # commitment.queen: both stacks of her suit are discarded
                lead = 0
            elif to < 0:  # a Jack in round 1 adds 0
                lead = led[slot]
            else:  # commitment.jack: your stack moves on top of yours at ``to``
                lead = led[slot] - values[b][me][slot]
                target = _stacked_on(values[to][me][slot], battles[b].sides[me][slot])
            expected = expecteds[b]
            expect = (
                expected(lead, led[1], led[2])
                if slot == 0
                # _expect_in, inline
                else expected(led[0], lead, led[2])
                if slot == 1
                else expected(led[0], led[1], lead)
            )
            if to >= 0:  # two battles change
                after = before[:]
                after[b] = expect
                after[to] = _expect_in(expecteds[to], leads[to], slot, target - values[to][1 - me][slot])
                gain = sum(after) - base + kept
            elif n == 3:  # sum(after), unrolled
                gain = ((expect + e1) + e2 if b == 0 else (e0 + expect) + e2 if b == 1 else e01 + expect) - base + kept
            elif n == 2:
                gain = (expect + e1 if b == 0 else e0 + expect) - base + kept
            else:
                gain = expect - base + kept
            if gains is not None:
                gains.append(gain)
            if gain > beat:
                best, best_gain, beat = i, gain, gain + 1e-9
        return best, best_gain

    def choose(self, state: Any, rng: random.Random, limit: int) -> int:
        """The place among the mover's options (:meth:`hand`) of the commit the rule of thumb
        plays in ``state`` (a round in play), -1 to pass, weighing ``limit`` of the legal
        moves: the very sample ``some_moves`` draws of them (each hand card's moves, then the
        pass), without listing them."""
        options = self.options[state.turn] or self.hand(state, state.turn)
        count = len(options) + 1
        if count == 1:
            return -1
        if count <= limit:
            return self.best(state, options, range(count - 1))[0]
        places = sorted(sample_indices(rng, count, limit))
        if places[-1] == count - 1:  # the pass
            places.pop()
        return self.best(state, options, places)[0]

    def commit(self, state: Any, me: int, place: int) -> _Option:
        """The reading after ``me`` commits the option at ``place`` of their hand, in ``state``:
        that option."""
        options = self.options[me]
        assert options is not None  # (read by ``hand`` before a commit is chosen)
        option = options[place]
        _, _, b, slot, to, _, kind, value, first, moves = option
        values = self.values
        ours, others = values[b][me], values[b][1 - me]
        if kind is NUMBER or kind is SPADE:
            ours[slot] += value
        elif kind is ACE:  # commitment.ace: on the other player's stack (its draw is ACE_DRAW)
            others[slot] += value
        elif kind is KING:  # commitment.king: doubles what lies below it
            ours[slot] *= 2
        elif kind is QUEEN:  # commitment.queen: both stacks of her suit are discarded
            ours[slot] = others[slot] = 0
        elif to >= 0:  # commitment.jack: the stack moves on top of another battle's
            values[to][me][slot] = _stacked_on(values[to][me][slot], state.battles[b].sides[me][slot])
            ours[slot] = 0
            self._judge(to)
        # (a Jack in round 1 adds 0)
        self._judge(b)
        first = place - first
        del options[first : first + moves]  # the card's moves, all of them
        return option


class _Table:
    """A playout's game as it goes: what of a state the rest of the game depends on, in lists
    changed in place (no state is built). Its moves are the game's own: ``commit``, ``pass_``
    and ``next_round`` change it as ``rules.Commitment`` changes a state, and ``standing_vp``
    scores it as the game does, from a reading of its battles. Like a state, it has ``round``,
    ``turn``, ``hands`` and ``battles`` (each a _Sides: its card and ``sides[player][stack]``),
    so a _Reading reads it as it reads a state."""

    __slots__ = ("round", "first", "turn", "passed", "hands", "battles", "battle_deck", "draw", "vp")

    def __init__(self, state: Any) -> None:
        self.round, self.first, self.turn = state.round, state.first, state.turn
        self.passed = list(state.passed)
        self.hands = list(state.hands)
        self.battles = [_Sides(battle.card, [list(side) for side in battle.sides]) for battle in state.battles]
        self.battle_deck, self.draw = state.battle_deck, state.draw
        self.vp = [sum(BATTLE_VP[c] for c in won) for won in state.won]

    def commit(self, option: _Option) -> bool:
        """``option`` committed by the player to move (``Commitment._commit``); whether its card
        drew one (an Ace's, while the draw deck lasts)."""
        p = self.turn
        q = 1 - p
        _, _, b, slot, to, move, kind, _, _, _ = option
        card = move.card
        hand = self.hands[p]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        sides = self.battles[b].sides
        drew = False
        if kind is ACE:  # commitment.ace: the other side, then draw
            sides[q][slot] += (card,)
            if self.draw:
                hand = tuple(sorted(hand + self.draw[:1], key=ORDER.__getitem__))
                self.draw = self.draw[1:]
                drew = True
        elif kind is QUEEN:  # commitment.queen: both stacks of her suit go
            sides[p][slot] = sides[q][slot] = ()
        elif kind is JACK and to >= 0:  # commitment.jack: the whole stack moves on top
            self.battles[to].sides[p][slot] += sides[p][slot] + (card,)
            sides[p][slot] = ()
        else:  # a number card, a spade on its chosen stack, a King, a Jack that stays
            sides[p][slot] += (card,)
        self.hands[p] = hand
        self.turn = p if self.passed[q] else q
        return drew

    def pass_(self) -> None:
        """The player to move passes (``Commitment._pass``)."""
        p = self.turn
        self.passed[p] = True
        self.turn = None if self.passed[1 - p] else 1 - p

    def standing_vp(self, reading: _Reading) -> list[int]:
        """Each player's VP (``Commitment._standing_vp``) once both have passed, the battles
        judged from ``reading``, the reading of this round."""
        vp = self.vp[:]
        for battle, values in zip(self.battles, reading.values):
            winner = standing(values)
            if winner is not None:
                vp[winner] += BATTLE_VP[battle.card]
        return vp

    def next_round(self, reading: _Reading) -> None:
        """The next round dealt (``Commitment._next_round``), the battles of this one judged
        from ``reading``."""
        self.vp = vp = self.standing_vp(reading)
        count = self.round + 1
        draw, order = self.draw, ORDER.__getitem__
        hands = self.hands
        self.hands = [
            tuple(sorted(hands[0] + draw[:ROUND_DRAW], key=order)),
            tuple(sorted(hands[1] + draw[ROUND_DRAW : 2 * ROUND_DRAW], key=order)),
        ]
        self.draw = draw[2 * ROUND_DRAW :]
        self.battles = [_Sides(card, [[(), (), ()], [(), (), ()]]) for card in self.battle_deck[:count]]
        self.battle_deck = self.battle_deck[count:]
        self.round, self.passed = count, [False, False]
        # commitment.round.start: more VP starts; on equal VP, round 1's starter
        self.turn = self.first if vp[0] == vp[1] else 0 if vp[0] > vp[1] else 1


class _Sides:
    """A battle of a _Table: its card, and the stacks of each side (``sides[player][stack]``)."""

    __slots__ = ("card", "sides")

    def __init__(self, card: Card, sides: list[list[tuple[Card, ...]]]) -> None:
        self.card, self.sides = card, sides


class _Rules(Protocol):
    """What the playouts use of Commitment's own rules (``rules.Commitment``)."""

    def _standing_vp(self, s: CommitmentState) -> tuple[int, int]: ...


def _rules(game: Game[CommitmentState]) -> _Rules:
    """``game``, which is Commitment: a strategy is handed the game it belongs to."""
    return cast(_Rules, game)


#: No lead in any stack.
EVEN = (0, 0, 0)
#: A view with its battle deck dealt (``sample``).
_with_battle_deck = replacer(CommitmentState, "battle_deck")
#: What committing a card does to the stacks: (kind, the stack of its suit, the value it adds).
EFFECT = {card: (KIND[card], STACK_INDEX.get(card.suit), VALUE[card]) for card in DRAW_DECK}
#: By round: what committing a card adds beyond the battles: an Ace's draw, or minus what the
#: card is worth keeping for a later round.
KEPT = {
    r: {
        card: ACE_DRAW if card.rank == 14 else -KEEP.get(r, 0.0) * FACE_WORTH.get(card.rank, card.rank)
        for card in DRAW_DECK
    }
    for r in range(1, ROUNDS + 1)
}
#: Each card's moves as options (in the order of MOVES), by the number of battles out and the round.
OPTIONS = {
    (n, r): {card: tuple(_option(m, r, i, len(moves)) for i, m in enumerate(moves)) for card, moves in table.items()}
    for n, table in MOVES.items()
    for r in range(1, ROUNDS + 1)
}


def _expect(vp: int, d0: int, d1: int, d2: int, tanh: Callable[[float], float] = math.tanh) -> float:
    """The VP this player may expect from a battle of ``vp`` VP whose stacks it leads by ``d0``,
    ``d1``, ``d2`` points (hearts, clubs, diamonds): each suit counts by how safely it is led
    (:func:`_safe`: a lead of SAFE_LEAD points or more is safe), the total breaks ties."""
    lead = (
        (-1.0 if d0 <= -8 else 1.0 if d0 >= 8 else d0 / 8.0)  # _safe, inline: SAFE_LEAD is 8
        + (-1.0 if d1 <= -8 else 1.0 if d1 >= 8 else d1 / 8.0)
        + (-1.0 if d2 <= -8 else 1.0 if d2 >= 8 else d2 / 8.0)
        + (d0 + d1 + d2) / 50
    )
    return vp * (1 + tanh(lead)) / 2


#: :func:`_expect` for a battle of each VP, by the leads: each value worked out once, since
#: playouts ask for the same few thousand battles again and again (each cleared, before one
#: playout in 256, once it holds EXPECTED_MOST values).
EXPECTED = {vp: functools.cache(functools.partial(_expect, vp)) for vp in sorted(set(BATTLE_VP.values()))}
EXPECTED_MOST = 1 << 16
_PLAYOUTS = itertools.count()


def _expect_in(expected: Callable[[int, int, int], float], leads: tuple[int, int, int], slot: int, lead: int) -> float:
    """What a battle (``expected``: its EXPECTED) led by ``leads`` but by ``lead`` in stack
    ``slot`` is expected to give."""
    if slot == 0:
        return expected(lead, leads[1], leads[2])
    if slot == 1:
        return expected(leads[0], lead, leads[2])
    return expected(leads[0], leads[1], lead)


def _stacked_on(value: int, stack: tuple[Card, ...]) -> int:
    """commitment.score.stack: the value of a stack worth ``value`` with ``stack`` put on top."""
    for card in stack:
        value = value * 2 if card.rank == 13 else value + VALUE[card]
    return value


def _safe(lead: int) -> float:
    """A suit's lead as -1 (safely lost) to +1 (safely won)."""
    return -1.0 if lead <= -SAFE_LEAD else 1.0 if lead >= SAFE_LEAD else lead / SAFE_LEAD


def standing(values: list[list[int]]) -> int | None:
    """Who takes a battle whose stacks are worth ``values[player]`` (hearts, clubs, diamonds) as
    they stand (commitment.score.suits, .total, .discard): 0, 1, or None for nobody."""
    wins = [sum(a > b for a, b in zip(values[p], values[1 - p])) for p in (0, 1)]
    if wins[0] != wins[1]:
        return 0 if wins[0] > wins[1] else 1
    totals = [sum(v) for v in values]
    return None if totals[0] == totals[1] else 0 if totals[0] > totals[1] else 1


def after_commit(state: Any, me: int, move: Commit) -> list[list[list[int]]]:
    """The stack values of every battle (``[battle][player][stack]``) once ``me`` commits ``move``,
    as the rule of thumb works them out (without playing the move)."""
    reading = _Reading(state)
    options = reading.hand(state, me)
    place = next(i for i, option in enumerate(options) if option[_MOVE] == move)
    reading.commit(state, me, place)
    return reading.values


def explain(game: Game[CommitmentState], s: Any, me: int, move: Move) -> str:
    """Why ``move`` is good for ``me`` in ``s``, in one sentence of Commitment's words: what the
    card does to the stacks it changes, and who takes the battle as it then stands, or what
    passing keeps for later (what the rule of thumb weighs)."""
    names = game.player_names
    other = names[1 - me]
    words = game.move_words(s, move)
    words = words[:1].upper() + words[1:]
    before = _Reading(s).values
    if type(move) is not Commit:
        if move == NEXT_ROUND:
            return f"{words}: both players have passed"
        takes = [standing(v) for v in before]
        said = ", ".join(
            f"{'you take' if w == me else f'{other} takes' if w is not None else 'nobody takes'} battle {b}"
            for b, w in enumerate(takes, 1)
        )
        if s.round < ROUNDS and s.hands[me]:
            return (
                f"Pass now and keep your {plural(len(s.hands[me]), 'card')} for round {s.round + 1}, which has "
                f"more battles; as things stand {said}"
            )
        return f"Pass now and leave the battles as they stand: {said}"
    card, kind = move.card, KIND[move.card]
    if kind is JACK and move.to is None:
        return "A Jack adds nothing while there is one battle: spending it now keeps your high cards for rounds 2 and 3"
    after = after_commit(s, me, move)
    b = move.battle - 1
    stack = move.stack if kind is SPADE else card.suit
    assert stack is not None  # (a spade's move names its stack)
    slot = STACK_INDEX[stack]
    suit = STACK_NAMES[slot]
    mine, theirs = after[b][me][slot], after[b][1 - me][slot]
    if kind is JACK and move.to is not None:
        to = move.to - 1
        text = (
            f"{words}: your {suit} at battle {move.to} come to {after[to][me][slot]}, against {other}'s "
            f"{after[to][1 - me][slot]}"
        )
        changed = [to, b]
    elif kind is QUEEN:
        text = (
            f"{words}: the Queen discards {other}'s {before[b][1 - me][slot]}-point {suit} stack there, and "
            f"your own of {before[b][me][slot]}"
        )
        changed = [b]
    elif kind is ACE:
        text = f"{words}: the Ace adds only 1 to {other}'s {suit} there, and you draw a card"
        changed = [b]
    elif kind is KING:
        text = f"{words}: the King doubles your {suit} there to {mine}, against {other}'s {theirs}"
        changed = [b]
    else:
        text = f"{words}: your {suit} there come to {mine}, against {other}'s {theirs}"
        changed = [b]
    for c in changed:
        was, now = standing(before[c]), standing(after[c])
        if now == me and was != me:
            return text + f", so you take battle {c + 1} as things stand"
    if kind is NUMBER and s.round < ROUNDS and VALUE[card] <= 4:
        return text + f", and a card this low costs little to spend before round {ROUNDS}"
    return text


#: The one instance the game hands out.
STRATEGY = CommitmentStrategy()
