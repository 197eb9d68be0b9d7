"""Whether a "what should X play?" question has one right answer: every legal move weighed by
the engine, and the moves a lesson marks wrong compared with the ones it accepts.

**What a move is worth.** A move is worth what the game's strategy says the end of its horizon
is worth to the player to move (``Strategy.playout_done`` and ``Strategy.playout_value``, the
values hints give): the lead once the round is scored in Card Commons, the ledger points of
the deal in Commerce, the VP lead in Commitment and the points lead in Contest. The horizon is
also the end of the round (a ``round-end`` phase), so a game of several rounds is weighed to
the end of the round being played.

**What the learner knows.** The learner sees the lesson's viewer's view only, so a move is
weighed over the deals consistent with that view: the position itself when it hides nothing
(the teacher's view), otherwise deals drawn by the game's own sampler
(``cardlab.bots.sampling``) from fixed seeds, the same deals for every move. Each deal is then
played as if every card were face up (determinization), which is how cardlab's search player
and hints read a hidden hand too.

**How it is weighed.** Where the rest of the horizon is small enough (at most
:data:`NODE_BUDGET` positions in all, over every deal, and :data:`MAX_DEPTH` moves deep), every
move is solved exactly: a full game-tree search in which each player plays the move best for
them (in a game of more than two, each maximises their own value; among equal moves the first
legal one). Otherwise each move is played out by the search player's heuristic playouts
(``cardlab.bots.search.playout_policy``), one per deal, every move on the same deals with the
same random numbers. Either way a move's figure is its mean over the deals with its 95%
interval.

**The verdict.** A move the lesson does not accept is *as good as* an accepted one when the
accepted move (the worst of them, when several are accepted) does not beat it by more than the
95% interval of the paired differences, deal by deal: with one position solved exactly, that
is an equal or higher value. Deals are drawn :data:`WORLDS` at a time, doubling up to
:data:`MAX_WORLDS` while some rival is still undecided (a move already beaten is set aside).
Everything is drawn from fixed seeds, so the verdict is the same on every run.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.sampling import sample_state, unseen_cards
from ..bots.search import playout_policy
from ..cards import HIDDEN
from ..engine import Game, Move, all_cards
from ..strategy import Strategy, Unit, signed, strategy_of

#: The most positions an exact search visits for one question, over all its deals.
NODE_BUDGET = 20_000
#: The most moves an exact search looks ahead (a horizon further away is played out).
MAX_DEPTH = 48
#: The deals first drawn for a view that hides cards.
WORLDS = 24
#: The most deals the playouts go to while a rival is still undecided.
MAX_WORLDS = 96
#: How many standard errors of the paired differences set two moves apart (a 95% interval).
Z = 1.96
#: The seed every deal and playout of a weighing is drawn from.
SEED = "lesson check"


@dataclass(frozen=True, slots=True)
class Weight:
    """A move's worth to the player to move: ``mean`` over the deals, and its 95% interval."""

    move: Move
    words: str
    mean: float
    low: float
    high: float

    def said(self, unit: Unit, exact: bool) -> str:
        if exact or self.low == self.high:
            return unit.amount(self.mean)
        return f"{unit.amount(self.mean)} (95%: {signed(self.low)} to {signed(self.high)})"


@dataclass(frozen=True, slots=True)
class Rival:
    """A move the lesson does not accept that weighs as much as an accepted one."""

    move: Weight
    accepted: Weight
    gap: float  # the accepted move's mean lead over the rival's, deal by deal


@dataclass(frozen=True, slots=True)
class Verdict:
    """The weighing of one question's moves: the rivals found (none: one right answer)."""

    rivals: tuple[Rival, ...]
    exact: bool
    deals: int
    unit: Unit

    @property
    def how(self) -> str:
        """How the moves were weighed, in a sentence's words."""
        method = "solved exactly" if self.exact else "played out by the search player"
        over = "in this position" if self.deals == 1 else f"over {self.deals} deals consistent with the view"
        return f"{method} {over}; {self.unit}"


def judge(game: Game, state: Any, viewer: int | None, accepted: Sequence[Move]) -> Verdict:
    """Weigh every legal move of ``state`` for the player to move, as the lesson's ``viewer``
    (None: the teacher; otherwise the player to move) sees the position, and find the moves not
    in ``accepted`` that are as good as an accepted one."""
    if viewer is not None and viewer != game.to_move(state):
        raise ValueError(f"a move is weighed in the view of the player to move or the teacher's, not {viewer}'s")
    key = (game.name, tuple(sorted(game.options.items())), state, viewer, tuple(accepted))
    if key not in _CACHE:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _Weighing(game, state, viewer, tuple(accepted)).verdict()
    return _CACHE[key]


_CACHE: dict[Any, Verdict] = {}
_CACHE_SIZE = 256


class _TooBig(Exception):
    """The exact search went over its budget."""


class _Weighing:
    """The weighing of one question's moves, deal by deal."""

    def __init__(self, game: Game, state: Any, viewer: int | None, accepted: tuple[Move, ...]) -> None:
        self.game, self.state, self.accepted = game, state, accepted
        self.strategy: Strategy = strategy_of(game)
        self.player: int = game.to_move(state)  # type: ignore[assignment]
        self.moves = game.legal_moves(state)
        self.view = game.view(state, viewer)
        self.hidden = HIDDEN in all_cards(game.zones(self.view))
        self.unit = self.strategy.unit.said_to(game.player_names, self.player)
        self.worlds: list[Any] = []
        self.unseen = unseen_cards(game, self.view) if self.hidden else []
        self.solver = _Solver(game, self.strategy, NODE_BUDGET)

    def verdict(self) -> Verdict:
        if len(self.moves) < 2 or not set(self.moves) - set(self.accepted):
            return Verdict((), True, 1, self.unit)
        try:
            values, exact = self._weighed(self._solve), True
        except _TooBig:
            values, exact = self._weighed(self._play_out), False
        rivals = self._rivals(values, range(len(self.moves)))
        return Verdict(tuple(rivals), exact, max(len(v) for v in values), self.unit)

    def _weighed(self, weigh: Callable[[int, list[float], int], None]) -> list[list[float]]:
        """Every move's values deal by deal (``weigh`` adds move ``i``'s values up to a number of
        deals), each move on the same deals; more deals while a rival is undecided."""
        values: list[list[float]] = [[] for _ in self.moves]
        alive = list(range(len(self.moves)))
        # one position solved exactly is weighed once; playouts draw their own numbers, deal by deal
        repeated = self.hidden or weigh == self._play_out
        deals = WORLDS if repeated else 1
        while True:
            for i in alive:
                weigh(i, values[i], deals)
            undecided = self._rivals(values, alive)
            if not undecided or not repeated or deals >= MAX_WORLDS:
                break
            keep = {self.moves.index(r.move.move) for r in undecided}
            alive = [i for i in alive if self.moves[i] in self.accepted or i in keep]
            deals *= 2
        # a move set aside early is compared on the deals it was played on
        return [v + [math.nan] * (deals - len(v)) for v in values]

    # -- the deals ------------------------------------------------------------------------------

    def _world(self, i: int) -> Any:
        while len(self.worlds) <= i:
            if not self.hidden:
                self.worlds.append(self.state)
                continue
            rng = random.Random(f"{SEED}:deal {len(self.worlds)}")
            self.worlds.append(sample_state(self.game, self.view, self.player, rng, self.unseen))
        return self.worlds[i]

    # -- exact --------------------------------------------------------------------------------

    def _solve(self, i: int, into: list[float], deals: int) -> None:
        for w in range(len(into), deals):
            world = self._world(w)
            self.solver.start(world)
            into.append(self.solver.value(self.game.advance(world, self.moves[i]))[self.player])

    # -- playouts -----------------------------------------------------------------------------

    def _play_out(self, i: int, into: list[float], deals: int) -> None:
        game, strategy, done = self.game, self.strategy, _horizon(self.game, self.strategy)
        policy = playout_policy("heuristic", game)
        for w in range(len(into), deals):
            world = self._world(w)
            rng = random.Random(f"{SEED}:playout {w}")
            state = game.advance(world, self.moves[i])
            while not done(world, state):
                state = game.advance(state, policy(game, state, rng))
            into.append(strategy.playout_value(game, state, self.player))

    # -- the verdict --------------------------------------------------------------------------

    def _rivals(self, values: list[list[float]], among: Sequence[int]) -> list[Rival]:
        accepted = [i for i in among if self.moves[i] in self.accepted]
        rivals = []
        for j in among:
            if self.moves[j] in self.accepted:
                continue
            for i in accepted:
                diffs = _paired(values[i], values[j])
                gap, error = _mean(diffs), _stderr(diffs)
                if gap <= Z * error + 1e-9:
                    rivals.append(Rival(self._weight(j, values[j]), self._weight(i, values[i]), gap))
                    break
        return rivals

    def _weight(self, i: int, values: list[float]) -> Weight:
        known = [v for v in values if not math.isnan(v)]
        mean, error = _mean(known), _stderr(known)
        move = self.moves[i]
        return Weight(move, self.game.move_words(self.state, move), mean, mean - Z * error, mean + Z * error)


class _Solver:
    """Exact values of positions up to the horizon, each player playing their best move."""

    def __init__(self, game: Game, strategy: Strategy, budget: int) -> None:
        self.game, self.strategy, self.budget = game, strategy, budget
        self.done = _horizon(game, strategy)
        self.nodes = 0
        self.root: Any = None
        self.known: dict[Any, tuple[float, ...]] = {}

    def start(self, root: Any) -> None:
        self.root, self.known = root, {}

    def value(self, state: Any, depth: int = 0) -> tuple[float, ...]:
        """Every player's value of ``state`` under best play to the horizon."""
        known = self.known.get(state)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget or depth > MAX_DEPTH:
            raise _TooBig
        game = self.game
        mover = game.to_move(state)
        if mover is None or self.done(self.root, state):
            found = tuple(self.strategy.playout_value(game, state, p) for p in range(game.players))
        else:
            found = max(
                (self.value(game.advance(state, move), depth + 1) for move in game.legal_moves(state)),
                key=lambda v: v[mover],
            )
        self.known[state] = found
        return found


def _horizon(game: Game, strategy: Strategy) -> Callable[[Any, Any], bool]:
    """Whether a line of play from ``root`` has reached the horizon at ``state``: the game's
    end, the end of the round (a ``round-end`` phase) or the strategy's own horizon."""
    to_move, phase, done = game.to_move, game.phase, strategy.playout_done
    return lambda root, state: to_move(state) is None or phase(state) == "round-end" or done(game, root, state)


def _paired(a: list[float], b: list[float]) -> list[float]:
    return [x - y for x, y in zip(a, b) if not (math.isnan(x) or math.isnan(y))]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _stderr(xs: list[float]) -> float:
    """The standard error of the mean of ``xs`` (0 for one value: a single exact position)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
