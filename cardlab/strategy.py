"""What computer players and hints ask of a game: the game's :class:`Strategy`.

``cardlab.bots`` plays every game through the protocol alone. Where a player needs to know
something about one game, it asks ``game.strategy()``:

* ``rule_of_thumb``: the move a teacher's rule of thumb plays, and why (the heuristic player,
  and the playouts of the search player);
* ``explain``: why a move is good, in one sentence of the game's words (a hint's reason);
* ``move_scores``: where the rule of thumb looks one move ahead, its score for every move;
* ``playout_move``: the rule of thumb's move in a playout, without its reason (a game may
  answer it faster than ``rule_of_thumb``, always with the same move);
* ``playout_done`` and ``playout_value``: where a playout may stop, and what its end is worth
  to a player; ``unit`` (a :class:`Unit`) says what that value measures, in a learner's words;
* ``playout``: one playout (a game may play its heuristic playouts faster, with the same moves);
* ``sample``: the hidden cards of a view dealt at random, consistently with what the player
  has seen;
* ``playouts``: how many playouts the search player makes per decision.

The base class is the generic default: it suits any game (no rule of thumb, playouts to the end
of the game, the lead over the best other player, hidden cards dealt uniformly), so a new game
has computer players and hints at once. A game gives better answers by returning an instance of
its own subclass from ``Game.strategy``; :func:`strategy_of` is what players ask. Like the
games, this module needs nothing but Python.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import HIDDEN, Card
from .engine import Move, replace_cards

if TYPE_CHECKING:
    from .engine import Game

__all__ = [
    "Strategy",
    "Choice",
    "Unit",
    "signed",
    "strategy_of",
    "lead",
    "fill_hidden",
    "unseen",
    "some_moves",
    "sample_indices",
]


class Choice(NamedTuple):
    """A move and the rule of thumb that picked it, in words."""

    move: Move
    reason: str


class Unit(NamedTuple):
    """What a playout's value measures, in a learner's words.

    ``name`` follows every number ("+0.45 points"); ``measure`` says exactly what is counted,
    and may name ``{opponent}``: the other player in a two-player game, "the best of the other
    players" in a larger one (see :meth:`said_to`).
    """

    name: str
    measure: str

    def said_to(self, names: tuple[str, ...], player: int) -> Unit:
        """This unit as ``player`` reads it, ``{opponent}`` named."""
        others = [n for p, n in enumerate(names) if p != player]
        opponent = others[0] if len(others) == 1 else "the best of the other players"
        return Unit(self.name, self.measure.replace("{opponent}", opponent))

    def amount(self, value: float) -> str:
        """``value`` with its sign and unit: "+0.45 points", "−1.20 VP"."""
        return f"{signed(value)} {self.name}"

    def __str__(self) -> str:
        return self.measure


def signed(value: float) -> str:
    """``value`` to two decimals with its sign, a true minus: "+0.45", "−1.20", "0.00"."""
    text = f"{abs(value):.2f}"
    if text == "0.00":
        return text
    return ("+" if value > 0 else "−") + text


class Strategy:
    """What computer players and hints know about a game; every answer here is generic.

    Every method reads only what the player to move may see (a full state gives the same
    answer as that player's view), so the search player can call them on the full states
    of its playouts.
    """

    #: The search player's playouts per decision.
    playouts: int = 200
    #: In playouts, a rule of thumb that looks ahead weighs at most this many moves (None: all).
    playout_moves: int | None = None
    #: What a playout's value measures, in a learner's words (hints show it beside each value).
    unit: Unit = Unit("points", "points ahead of {opponent} at the end of the game")

    def rule_of_thumb(self, game: Game, state: Any, rng: random.Random, limit: int | None = None) -> Choice | None:
        """The rule of thumb's move for the player to move in ``state``, and why; None when
        the game has no rule of thumb. ``limit`` (see :attr:`playout_moves`) lets a rule that
        looks ahead weigh only a random sample of that many moves."""
        return None

    def playout_move(self, game: Game, state: Any, rng: random.Random) -> Move:
        """The move of a heuristic playout in ``state`` (a full state): the rule of thumb's,
        weighing at most :attr:`playout_moves` moves, or a random legal move for a game without
        one. A game may answer faster than :meth:`rule_of_thumb` (no reason to write, work done
        once), but always with the same move, drawing the same numbers from ``rng``: a seeded
        hint then ranks its moves the same way whichever answers."""
        choice = self.rule_of_thumb(game, state, rng, self.playout_moves)
        return rng.choice(game.legal_moves(state)) if choice is None else choice.move

    def explain(self, game: Game, state: Any, player: int, move: Move) -> str:
        """Why ``move`` is a good move for ``player`` (the player to move) in ``state`` (a full
        state or that player's view), in one sentence of the game's words for a learner: what
        the move does and what that is good for, from what the rule of thumb weighs. It says
        this of any legal move (the move a search ranks best, not only the rule of thumb's), and
        only what the position shows: never that no other move does as well. Hints give it as
        their reason. The generic answer says only what the move is."""
        words = game.move_words(state, move)
        return f"{words} comes out ahead, or level with the best, when the game is played on from here"

    def move_scores(self, game: Game, state: Any) -> list[tuple[float, Move]] | None:
        """Every legal move with the rule of thumb's score for it (higher is better), where the
        rule of thumb scores every move; None elsewhere."""
        return None

    def playout_done(self, game: Game, root: Any, state: Any) -> bool:
        """Whether a playout from ``root`` may stop at ``state`` before the end of the game:
        when nothing after it depends on the moves judged (a new round dealt afresh)."""
        return False

    def playout_value(self, game: Game, state: Any, player: int) -> float:
        """What the end of a playout is worth to ``player``, measured in :attr:`unit`."""
        return lead(game, state, player)

    def playout(
        self, game: Game, root: Any, state: Any, player: int, policy: Callable[..., Move], rng: random.Random
    ) -> float:
        """A playout from ``state`` (``root``: the position judged): ``policy(game, state, rng)``
        played for whoever is to move until :meth:`playout_done` or the end of the game, and
        what its end is worth to ``player`` (:meth:`playout_value`). A game may play its own
        heuristic playouts (``policy`` is its :meth:`playout_move`) faster, carrying work from
        move to move, but always with the same moves from the same numbers drawn."""
        done, to_move, advance = self.playout_done, game.to_move, game.advance
        while not done(game, root, state) and to_move(state) is not None:
            state = advance(state, policy(game, state, rng))
        return self.playout_value(game, state, player)

    def sample(self, game: Game, view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
        """A full state ``player`` could not tell from ``view``: its hidden cards replaced by
        ``cards`` (the unseen cards, which this may reorder), dealt at random where the rules
        allow them."""
        rng.shuffle(cards)
        return fill_hidden(view, cards)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


GENERIC = Strategy()


def strategy_of(game: Game) -> Strategy:
    """``game``'s own strategy, or the generic one for a game without one."""
    return game.strategy() or GENERIC


def lead(game: Game, state: Any, player: int) -> float:
    """``player``'s points minus the best of the others' (in a two-player game, the
    opponent's): 0 is a tie, a positive value is winning."""
    totals = game.score(state).totals
    return totals[player] - max(t for p, t in enumerate(totals) if p != player)


def fill_hidden(view: Any, cards: list[Card]) -> Any:
    """``view`` with its hidden cards replaced, in field order, by ``cards``."""
    deal = iter(cards).__next__
    return replace_cards(view, lambda _hidden: deal(), HIDDEN)


def unseen(game: Game, state: Any, player: int) -> list[Card]:
    """The cards of the deck ``player`` may not see in ``state`` (a full state or a view), sorted."""
    count = Counter(game.deck())
    count.subtract(c for z in game.zones(state) if z.visible_to(player) for c in z.cards if c != HIDDEN)
    return sorted(count.elements())


def some_moves(moves: list[Move], limit: int | None, rng: random.Random) -> list[Move]:
    """The moves a look-ahead weighs: all of them, or a random sample of ``limit`` (in order)."""
    if limit is None or len(moves) <= limit:
        return moves
    return [moves[i] for i in sorted(sample_indices(rng, len(moves), limit))]


def sample_indices(rng: random.Random, n: int, k: int) -> list[int]:
    """``k`` distinct numbers of ``range(n)`` drawn at random, in the order drawn: the very
    numbers ``rng.sample(range(n), k)`` draws (CPython's algorithm, from ``rng.getrandbits``,
    leaving ``rng`` in the same state), at a fraction of its cost in the playouts' hot path."""
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n} numbers")
    getrandbits = rng.getrandbits
    result: list[int] = []
    draw = result.append
    if n <= _pool_most(k):  # a pool the draws are taken out of
        pool = list(range(n))
        for left in range(n, n - k, -1):
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            draw(pool[j])
            pool[j] = pool[left - 1]
        return result
    bits = n.bit_length()
    if k <= 5:  # so few numbers are looked up fastest in the list of those drawn
        for _ in range(k):
            j = getrandbits(bits)
            while j >= n or j in result:
                j = getrandbits(bits)
            draw(j)
        return result
    selected: set[int] = set()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in selected:
            j = getrandbits(bits)
        selected.add(j)
        draw(j)
    return result


@functools.cache
def _pool_most(k: int) -> int:
    """The largest ``n`` for which ``rng.sample`` draws ``k`` numbers out of a pool (else, into a set)."""
    return 21 if k <= 5 else 21 + 4 ** math.ceil(math.log(k * 3, 4))
