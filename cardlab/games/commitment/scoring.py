"""Commitment's scoring: how a battle is judged, the score and the rounds, as ``Commitment`` shows them.

``judge`` scores one battle from its cards; ``CommitmentScoring`` is the part of the game
(``rules.Commitment``) that turns the battles on the table into VP, score lines and round rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import gt
from typing import NamedTuple

from ...cards import Card
from ...engine import Breakdown, Event, Round, ScoreItem, plural
from .moves import BATTLE_VP, ROUNDS, STACK_NAMES, stack_arithmetic, stack_value
from .state import Battle, CommitmentState

BOTH = frozenset((0, 1))  # both players move in every round


class Verdict(NamedTuple):
    """How a battle scores: stack values per side, suits won per player, and who takes the card."""

    values: tuple[tuple[int, ...], tuple[int, ...]]  # each side's hearts, clubs and diamonds
    suits: tuple[int, int]
    winner: int | None
    rule: str


def judge(battle: Battle) -> Verdict:
    """Score one battle (commitment.score.suit / .suits / .total / .discard)."""
    first, second = battle.sides
    mine, theirs = tuple(map(stack_value, first)), tuple(map(stack_value, second))
    values = (mine, theirs)
    a, b = sum(map(gt, mine, theirs)), sum(map(gt, theirs, mine))  # the suits each side wins
    if a != b:
        return Verdict(values, (a, b), 0 if a > b else 1, "commitment.score.suits")
    total_a, total_b = sum(mine), sum(theirs)
    if total_a != total_b:
        return Verdict(values, (a, b), 0 if total_a > total_b else 1, "commitment.score.total")
    return Verdict(values, (a, b), None, "commitment.score.discard")


def _verdict_text(verdict: Verdict, names: Sequence[str]) -> str:
    """Why the battle card goes where it goes, in words (the players called ``names``)."""
    values, (a, b) = verdict.values, verdict.suits
    suits = []
    for slot, name in enumerate(STACK_NAMES):
        x, y = values[0][slot], values[1][slot]
        if x == y:
            suits.append(f"{name} tied {x} to {y}")
        else:
            w = 0 if x > y else 1
            suits.append(f"{names[w]} wins {name} {max(x, y)} to {min(x, y)}")
    text = "; ".join(suits) + ". "
    text = text[0].upper() + text[1:]
    if a != b:
        hi, lo = max(a, b), min(a, b)
        assert verdict.winner is not None  # (more suits won: a winner)
        return text + f"{names[verdict.winner]} wins more suits, {hi} to {lo}."
    each = "No suit to either player" if a == 0 else f"{plural(a, 'suit')} each"
    total_a, total_b = sum(values[0]), sum(values[1])
    if total_a == total_b:
        return text + f"{each}, and the totals of all three stacks are equal, {total_a} to {total_b}."
    return (
        text + f"{each}, so the higher total of all three stacks takes it: "
        f"{max(total_a, total_b)} to {min(total_a, total_b)}."
    )


def _vp_of(cards_won: Iterable[Card]) -> int:
    return sum(BATTLE_VP[c] for c in cards_won)


def vp_totals(s: CommitmentState) -> tuple[int, int]:
    """Each player's VP as :meth:`CommitmentScoring.score` totals them, without its words: the
    battle cards won in earlier rounds, and once both players have passed, this round's."""
    totals = [_vp_of(won) for won in s.won]
    if s.round_over:
        for battle in s.battles:
            winner = judge(battle).winner
            if winner is not None:
                totals[winner] += BATTLE_VP[battle.card]
    return totals[0], totals[1]


@lru_cache(maxsize=4096)  # a move changes one battle: the score lists the others' lines again
def _battle_lines(
    i: int, battle: Battle, scored: bool, names: tuple[str, ...]
) -> tuple[tuple[ScoreItem, ...], str | None]:
    """Battle b``i``'s lines of the score, stack by stack, then what it gives (``scored``: once
    the round is over), and why; or, when nobody takes its card, a note saying so instead of the
    last line (as when it has no card added yet while the round is played)."""
    items = []
    for p in (0, 1):
        for name, stack in zip(STACK_NAMES, battle.sides[p]):
            if stack:
                rule = "commitment.king" if any(c.rank == 13 for c in stack) else "commitment.score.stack"
                items.append(
                    ScoreItem(
                        p, 0, f"Battle {i} {battle.card}: {names[p]}'s {name} {stack_arithmetic(stack)}", rule, stack
                    )
                )
    verdict = judge(battle)
    if not scored and not any(battle.sides[0] + battle.sides[1]):
        return tuple(items), f"Battle {i} {battle.card}: no card added yet."
    text = _result_text(i, battle, verdict, scored, names)
    if verdict.winner is None:
        return tuple(items), text  # nobody wins the battle: a note in words, without its rule id
    points = BATTLE_VP[battle.card] if scored else 0
    items.append(ScoreItem(verdict.winner, points, text, verdict.rule, (battle.card,)))
    return tuple(items), None


def _list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _result_text(i: int, battle: Battle, verdict: Verdict, scored: bool, names: Sequence[str]) -> str:
    """What battle b``i`` gives (``scored``: once the round is over), and why."""
    why = _verdict_text(verdict, names)
    card = battle.card
    if verdict.winner is None:
        return f"Battle {i}: {card} {'is' if scored else 'would be'} discarded. {why}"
    taker = names[verdict.winner]
    vp = BATTLE_VP[card]
    if scored:
        return f"Battle {i}: {taker} takes {card} ({vp} VP). {why}"
    return f"Battle {i}: if the round ended now, {taker} would take {card} ({vp} VP). {why}"


def _round_verdict(battles: tuple[Battle, ...], names: Sequence[str]) -> Event:
    """Who took which battle card in a scored round (commitment.vp), and who won more VP."""
    taken: tuple[list[Card], list[Card]] = ([], [])
    for battle in battles:
        winner = judge(battle).winner
        if winner is not None:
            taken[winner].append(battle.card)
    return _taken_verdict(taken, names)


def _taken_verdict(taken: Sequence[Sequence[Card]], names: Sequence[str]) -> Event:
    """The verdict of a round in which player p took the battle cards ``taken[p]``."""
    vp = [sum(BATTLE_VP[card] for card in cards) for cards in taken]
    said = [f"{names[p]} takes {_list([str(c) for c in taken[p]])} ({vp[p]} VP)" for p in (0, 1) if taken[p]]
    if not said:
        return Event("commitment.vp", "Nobody takes a battle card this round.", None)
    best = None if vp[0] == vp[1] else int(vp[1] > vp[0])
    return Event("commitment.vp", "; ".join(said) + ".", best)


class CommitmentScoring:
    """The scoring of ``Commitment``, a base class of it: VP, the score and the rounds. It uses the
    game's ``player_names`` and ``_next_starter``."""

    player_names: tuple[str, ...]
    _next_starter: Callable[[CommitmentState], int | None]

    @staticmethod
    def _standing_vp(s: CommitmentState) -> tuple[int, int]:
        """Each player's VP: battle cards won, plus those of a finished round still on the table."""
        vp = [_vp_of(s.won[0]), _vp_of(s.won[1])]
        if s.passed[0] and s.passed[1]:
            for battle in s.battles:
                winner = judge(battle).winner
                if winner is not None:
                    vp[winner] += BATTLE_VP[battle.card]
        return vp[0], vp[1]

    def _narrate_round_end(self, s: CommitmentState, log: list[Event]) -> None:
        """The scoring of a round both players have just passed, and who starts the next one."""
        names = self.player_names
        vp, starter = self._standing_vp(s), self._next_starter(s)
        log.append(
            Event("commitment.round.end", f"Both players have passed: round {s.round} is scored, battle by battle.")
        )
        for i, battle in enumerate(s.battles, start=1):
            verdict = judge(battle)
            for p in (0, 1):
                stacks = "; ".join(
                    f"{name} {stack_arithmetic(stack)}" for name, stack in zip(STACK_NAMES, battle.sides[p])
                )
                king = any(c.rank == 13 for st in battle.sides[p] for c in st)
                rule = "commitment.king" if king else "commitment.score.stack"
                log.append(
                    Event(
                        rule,
                        f"Battle {i} ({battle.card}), {names[p]}'s stacks: {stacks}.",
                        p,
                        tuple(c for st in battle.sides[p] for c in st),
                    )
                )
            log.append(
                Event(verdict.rule, _result_text(i, battle, verdict, True, names), verdict.winner, (battle.card,))
            )
        score = f"A has {vp[0]} VP and B has {vp[1]}"
        if starter is None:
            if vp[0] == vp[1]:
                log.append(Event("commitment.end", f"After round 3, {score}: equal VP, so the game is a draw."))
            else:
                w = 0 if vp[0] > vp[1] else 1
                log.append(Event("commitment.end", f"After round 3, {score}: {names[w]} wins.", w))
            return
        why = (
            f"equal VP, so {names[s.first]}, who started round 1, starts"
            if vp[0] == vp[1]
            else f"{names[starter]} has more VP and starts"
        )
        log.append(Event("commitment.round.start", f"{score}: {why} round {s.round + 1}.", starter))

    def score(self, s: CommitmentState) -> Breakdown:
        """VP won in earlier rounds (round by round), and the battles on the table stack by stack: scored (their
        VP counted) once both players have passed, otherwise shown as they stand (0 points)."""
        names = self.player_names
        won = [(0 if s.won_in is None else s.won_in[p][i], p, card) for p in (0, 1) for i, card in enumerate(s.won[p])]
        won.sort(key=lambda w: w[0])  # by the round each was won in, when known (stable: A's, then B's)
        items = [
            ScoreItem(p, BATTLE_VP[card], f"{names[p]} won {card}: {BATTLE_VP[card]} VP", "commitment.vp", (card,))
            for _, p, card in won
        ]
        notes: list[str] = []
        scored = s.round_over
        for i, battle in enumerate(s.battles, start=1):
            lines, note = _battle_lines(i, battle, scored, names)
            items += lines
            if note is not None:
                notes.append(note)
        final = scored and s.round == ROUNDS
        title = f"Round {s.round} scored" if scored else f"Round {s.round} in play: the battles as they stand"
        winners: tuple[int, ...] = ()
        if final:
            title = "Final score"
            totals = [sum(i.points for i in items if i.player == p) for p in (0, 1)]
            winners = tuple(p for p in (0, 1) if totals[p] == max(totals))  # a draw: both
            if totals[0] == totals[1]:
                notes.append("Equal VP: the game is a draw.")  # commitment.end
        return Breakdown(names, tuple(items), title, final, winners, tuple(notes))

    def rounds(self, s: CommitmentState) -> tuple[Round, ...]:
        """The rounds so far, their lines of the score as :meth:`score` lists them. Each earlier
        round is a row of its own, with the battle cards taken in it (``won_in``); when the state
        does not know the round of each card won (one written before cardlab kept it), the rounds
        before this one are one row ("Rounds 1–2"). The round on the table is settled once both
        players have passed (commitment.round.end): its showdown says who took which battle card."""
        items = self.score(s).items
        earlier = len(s.won[0]) + len(s.won[1])  # the score lists the cards won before this round first
        rounds: list[Round] = []
        known = s.won_in if s.won_in is not None else (((), ()) if not earlier else None)
        if s.round > 1 and known is None:
            title = "Round 1" if s.round == 2 else f"Rounds 1–{s.round - 1}"
            rounds.append(
                Round(
                    s.round - 1,
                    title,
                    items[:earlier],
                    BOTH,
                    Event("commitment.vp", f"{title}: the battle cards were won.", None),
                    "scored",
                )
            )
        elif known is not None:
            # the score lists the cards won round by round (A's, then B's, within a round)
            at = sorted(r for p in (0, 1) for r in known[p])
            for number in range(1, s.round):
                mine = tuple(item for item, r in zip(items[:earlier], at) if r == number)
                taken = [[c for c, r in zip(s.won[p], known[p]) if r == number] for p in (0, 1)]
                rounds.append(
                    Round(
                        number,
                        f"Round {number}",
                        mine,
                        BOTH,
                        Event("commitment.vp", f"Round {number}: the battle cards were won.", None),
                        "scored",
                        verdict=_taken_verdict(taken, self.player_names),
                    )
                )
        items = items[earlier:]
        title = f"Round {s.round} of {ROUNDS}"
        if not s.round_over:
            return tuple(rounds) + (Round(s.round, title, items, BOTH),)
        ended = Event("commitment.round.end", "Both players passed: the battles are scored.", None)
        return tuple(rounds) + (
            Round(
                s.round, title, items, BOTH, ended, "both passed", verdict=_round_verdict(s.battles, self.player_names)
            ),
        )
