"""The search player: information-set Monte Carlo with determinized playouts.

To judge the moves of a position it sees only as a view, the search player

1. draws *worlds*: full states consistent with the view (:mod:`cardlab.bots.sampling`), each
   with its own seed for later chance and its own seed for the playout policy;
2. plays each candidate move in a world and plays the rest out (``Strategy.playout``) with a
   fast policy (the game's heuristic, or uniformly random moves) up to the game's horizon
   (``Strategy.playout_done``), scoring the end for the deciding player (``Strategy.playout_value``);
3. shares its budget of playouts among the moves by *sequential halving*: every move gets
   the same first worlds, the better half goes on to more worlds, and so on until one move is
   left. All moves of a round are judged on the same worlds (common random numbers), so the
   comparison is fair and the best moves get most of the playouts.

With heuristic playouts, :class:`SearchPlayer` builds on the rule of thumb: it weighs the
heuristic's best-scored moves and the heuristic's own choice, keeps that choice through every
round, and leaves it only for a move that beat it beyond the noise of the playouts.
:func:`evaluate_moves` (used by hints) judges every legal move.
"""

from __future__ import annotations

import collections
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..engine import Game, Move
from ..strategy import strategy_of
from .sampling import sample_state, unseen_cards

__all__ = ["SearchPlayer", "MoveValue", "evaluate_moves", "Policy", "random_policy"]

#: A playout policy: the move to play in a full state, for whoever is to move.
Policy = Callable[[Game, Any, random.Random], Move]


def random_policy(game: Game, state: Any, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(game.legal_moves(state))


@dataclass(frozen=True, slots=True)
class MoveValue:
    """A move's estimated value: the ``mean`` over ``playouts`` playouts, with its ``stderr``.

    ``rounds`` is how many halving rounds the move survived (the best move survives them all).
    """

    move: Move
    mean: float
    stderr: float
    playouts: int
    rounds: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean (normal approximation)."""
        half = 1.96 * self.stderr
        return self.mean - half, self.mean + half


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _stderr(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (infinite for fewer than two values)."""
    n = len(xs)
    if n < 2:
        return math.inf
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


class _Worlds:
    """Sampled worlds of one view, made on demand and shared by every move."""

    def __init__(self, game: Game, view: Any, player: int, seed: int | str) -> None:
        self.game, self.view, self.player, self.seed = game, view, player, seed
        self.unseen = unseen_cards(game, view)
        self.states: list[Any] = []

    def __getitem__(self, i: int) -> tuple[Any, int]:
        """World ``i``: a sampled state and the seed of its playouts."""
        while len(self.states) <= i:
            rng = random.Random(f"{self.seed}:{len(self.states)}")
            self.states.append(
                (sample_state(self.game, self.view, self.player, rng, self.unseen), rng.randrange(2**31))
            )
        return self.states[i]


class _Evaluation:
    """The playout values of some moves: ``values[i][w]`` is move ``i`` played in world ``w``;
    ``final`` marks the search's last evaluation, ``settled`` one that the early stop ended."""

    def __init__(
        self,
        moves: list[Move],
        values: list[list[float]],
        survived: list[int],
        best: int,
        final: bool = False,
        settled: bool = False,
    ) -> None:
        self.moves, self.values, self.survived, self.best, self.final = moves, values, survived, best, final
        self.settled = settled

    def better_than(self, i: int, j: int, margin: float) -> bool:
        """Whether move ``i`` beat move ``j`` by more than ``margin`` standard errors, on the
        worlds both were played in (a paired comparison)."""
        diffs = [x - y for x, y in zip(self.values[i], self.values[j])]
        return len(diffs) >= 2 and _mean(diffs) > margin * _stderr(diffs)

    def ranked(self) -> list[MoveValue]:
        """Every move's value, the best first, then in the order the halving dropped them.

        A move dropped early was played in fewer worlds than the best, all of which the best was
        played in too: its value is the best move's mean plus the mean difference between the
        two on those shared worlds, so every value is on the same footing as the best move's.
        """
        values, best = self.values, self.best
        top, top_error = _mean(values[best]), _stderr(values[best])
        ranked = []
        for i, own in enumerate(values):
            if i == best or len(own) == len(values[best]):
                ranked.append(MoveValue(self.moves[i], _mean(own), _stderr(own), len(own), self.survived[i]))
                continue
            diffs = [x - y for x, y in zip(own, values[best])]
            error = math.sqrt(_stderr(diffs) ** 2 + top_error**2)
            ranked.append(MoveValue(self.moves[i], top + _mean(diffs), error, len(own), self.survived[i]))
        order = sorted(range(len(values)), key=lambda i: (i != best, -self.survived[i], -ranked[i].mean, i))
        return [ranked[i] for i in order]


def _evaluate(
    game: Game,
    view: Any,
    moves: list[Move],
    *,
    playouts: int,
    seed: int | str,
    policy: Policy,
    keep: Move | None = None,
    stop_early: bool = False,
) -> _Evaluation:
    """Sequential halving over ``moves`` with about ``playouts`` playouts in all (at least one
    per move); the move ``keep``, if given, is never dropped; ``stop_early`` as in :func:`_halving`."""
    steps = _halving(game, view, moves, playouts=playouts, seed=seed, policy=policy, keep=keep, stop_early=stop_early)
    return collections.deque(steps, maxlen=1)[0]  # the last step's


def _halving(
    game: Game,
    view: Any,
    moves: list[Move],
    *,
    playouts: int,
    seed: int | str,
    policy: Policy,
    keep: Move | None = None,
    first: bool = False,
    stop_early: bool = False,
) -> Iterator[_Evaluation]:
    """:func:`_evaluate`, step by step: the evaluation after each round of the halving, the last
    one :func:`_evaluate`'s. With ``first``, a first evaluation comes before them, of every move
    played in the first world only: the very playouts the first round begins with, so the
    later steps are the same as without it.

    With ``stop_early``, the search ends as soon as its best move is settled (:func:`_settled`),
    its last evaluation then made from fewer playouts than ``playouts``. Until then every
    playout is the one it would be without the stop, so a search that never settles early ends
    as it would without it."""
    player = game.to_move(view)
    if player is None:
        raise ValueError("the game is over: there is no move to judge")
    strategy = strategy_of(game)
    worlds = _Worlds(game, view, player, seed)
    values: list[list[float]] = [[] for _ in moves]  # values[i][w]: move i in world w
    survived = [0] * len(moves)
    kept = moves.index(keep) if keep is not None else None
    alive = list(range(len(moves)))
    rounds = max(1, math.ceil(math.log2(len(moves))))

    def play(i: int, w: int) -> None:
        world, playout_seed = worlds[w]
        after = game.advance(world, moves[i])
        values[i].append(strategy.playout(game, view, after, player, policy, random.Random(playout_seed)))

    if first:
        for i in alive:
            play(i, 0)
        yield _Evaluation(moves, values, survived, max(alive, key=lambda i: _mean(values[i])))
    used = 0
    for r in range(rounds):
        per_move = max(1, (playouts - used) // ((rounds - r) * len(alive)))
        start = len(values[alive[0]]) if r else 0
        end = start + per_move
        at = start
        while at < end:  # the round's worlds, in stretches up to each check of the early stop
            upto = min(end, _next_check(at)) if stop_early else end
            for i in alive:
                for w in range(max(at, len(values[i])), upto):
                    play(i, w)
            at = upto
            if at < end and (leader := _settled(values, alive)) is not None:
                for i in alive:
                    survived[i] = r + 1
                yield _Evaluation(moves, values, survived, leader, final=True, settled=True)
                return
        for i in alive:
            survived[i] = r + 1
        used += per_move * len(alive)
        alive.sort(key=lambda i: -_mean(values[i]))  # stable: ties keep the order of legal_moves
        best = alive[0]
        settled = r < rounds - 1 and stop_early and _settled(values, alive) is not None  # against the whole round
        alive = alive[: math.ceil(len(alive) / 2)]
        if kept is not None and kept not in alive:
            alive.append(kept)
        done = settled or r == rounds - 1
        yield _Evaluation(moves, values, survived, best, final=done, settled=settled)
        if done:
            return


#: The early stop (:func:`_settled`): the leading move must beat every other move of its round
#: by more than SETTLE_MARGIN standard errors, once each was played in SETTLE_AFTER worlds.
SETTLE_MARGIN = 3.0
SETTLE_AFTER = 32


def _next_check(at: int) -> int:
    """The number of worlds per move at which the early stop next looks, after ``at``: 32, 64,
    128 and so on (and at the end of each round)."""
    check = SETTLE_AFTER
    while check <= at:
        check *= 2
    return check


def _settled(values: list[list[float]], alive: list[int]) -> int | None:
    """The leading move of ``alive`` (the moves of a round of the halving) if it is settled, else None.

    The moves of a round were played in the same worlds, so the leader is compared with each
    other move world by world (a paired comparison, as in :meth:`_Evaluation.better_than`).
    It is settled when, against every other move of the round, its mean difference exceeds
    SETTLE_MARGIN (3) standard errors of those differences, after at least SETTLE_AFTER (32)
    worlds each. A move that trails by that much would very rarely overtake the leader with
    more playouts. Two level moves never settle, so such a search spends its whole budget."""
    if len(alive) < 2 or len(values[alive[0]]) < SETTLE_AFTER:
        return None
    leader = max(alive, key=lambda i: _mean(values[i]))
    for j in alive:
        diffs = [x - y for x, y in zip(values[leader], values[j])]
        if j != leader and not _mean(diffs) > SETTLE_MARGIN * _stderr(diffs):
            return None
    return leader


def evaluate_moves(
    game: Game,
    view: Any,
    *,
    playouts: int = 1000,
    seed: int | str = 0,
    policy: Policy = random_policy,
    keep: Move | None = None,
    stop_early: bool = False,
) -> list[MoveValue]:
    """Every legal move of ``view`` (the view of the player to move) with its estimated value,
    best first, from about ``playouts`` playouts in all (at least one per move). The move
    ``keep`` (such as the rule of thumb's), if given, is played in every round of the halving.
    With ``stop_early`` (as hints do), the search may end before its budget is spent, once its
    best move is settled."""
    moves = game.legal_moves(view)
    return _evaluate(
        game, view, moves, playouts=playouts, seed=seed, policy=policy, keep=keep, stop_early=stop_early
    ).ranked()


class SearchPlayer:
    """Information-set Monte Carlo: the move with the best mean over sampled, played-out worlds.

    ``playouts`` is the budget per decision (by default the game's, ``Strategy.playouts``);
    ``policy`` plays the playouts: "heuristic" (the game's rule of thumb, or random play for a
    game without one) or "random". A position with a single legal move is answered at once.

    With heuristic playouts the search builds on the rule of thumb: where the heuristic scores
    every move, it weighs the ``candidates`` best-scored moves and ``explore`` others drawn at
    random (the heuristic's blind spots); always the heuristic's own choice, which is never
    dropped; and it plays another move only when that move beat the heuristic's by more than
    ``margin`` standard errors on the worlds both were played in.
    """

    name = "search"

    def __init__(
        self,
        seed: int | str | None = None,
        playouts: int | None = None,
        policy: str = "heuristic",
        candidates: int = 8,
        explore: int = 4,
        margin: float = 1.0,
    ) -> None:
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts!r}")
        if policy not in POLICIES:
            raise ValueError(f"a playout policy is one of {', '.join(POLICIES)}, not {policy!r}")
        self.rng = random.Random(seed)
        self.playouts, self.policy, self.margin = playouts, policy, margin
        self.candidates, self.explore = candidates, explore

    def choose(self, game: Game, view: Any) -> Move:
        # Given a full state by mistake, it still decides from the mover's view only.
        view = game.view(view, game.to_move(view))
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        seed = self.rng.randrange(2**63)
        policy = playout_policy(self.policy, game)
        strategy = strategy_of(game)
        playouts = self.playouts or strategy.playouts
        thumb = strategy.rule_of_thumb(game, view, random.Random(seed)) if self.policy == "heuristic" else None
        if thumb is None:
            return _evaluate(game, view, moves, playouts=playouts, seed=seed, policy=policy).ranked()[0].move
        default = thumb.move
        scores = strategy.move_scores(game, view)
        if scores is not None and len(moves) > self.candidates + self.explore:
            ranked = [m for _, m in sorted(scores, key=lambda x: -x[0])]
            others = random.Random(seed).sample(ranked[self.candidates :], self.explore)
            chosen = set(ranked[: self.candidates]) | set(others) | {default}
            moves = [m for m in moves if m in chosen]
        found = _evaluate(game, view, moves, playouts=playouts, seed=seed, policy=policy, keep=default)
        kept = moves.index(default)
        if found.best != kept and found.better_than(found.best, kept, self.margin):
            return moves[found.best]
        return default

    def __repr__(self) -> str:
        return f"SearchPlayer(playouts={self.playouts}, policy={self.policy!r})"


#: The playout policies by name.
POLICIES = ("heuristic", "random")


def playout_policy(name: str, game: Game) -> Policy:
    """The playout policy called ``name`` for ``game``: "random", or "heuristic" (the game's
    rule of thumb, which is random play for a game that has none)."""
    if name not in POLICIES:
        raise ValueError(f"a playout policy is one of {', '.join(POLICIES)}, not {name!r}")
    # the heuristic policy (bots.heuristic.heuristic_policy), its strategy looked up once
    return strategy_of(game).playout_move if name == "heuristic" else random_policy
