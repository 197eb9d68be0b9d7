"""What computer players and hints know about Contest.

**Rule of thumb.** A card in a points pile is worth the positions of your secret cards of its
suit, less 2.5 (the opponent's average); a card in the contest row half that. Play the move
that raises this most, spending your least useful cards; lay the secret cards with the suits
that have most cards left in play in the high positions.

**Playouts** go to the end of the game (one long deal); their value is the lead in points.
The look-ahead weighs only a sample of the moves per turn in playouts.

**Hidden cards** are dealt keeping what the rules imply: an arranged secret row never has two
cards of a suit side by side (``contest.secret.neighbours``), so the opponent's four secret
cards are a set that can be arranged so, in one of the orders that keep the suits apart,
chosen at random.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from itertools import permutations
from typing import Any, cast

from ...cards import HIDDEN, Card, shuffle, suit_symbol
from ...engine import Game, Move, plural, replacer
from ...strategy import Choice, Strategy, Unit, fill_hidden, sample_indices
from .claims import ContestClaims
from .moves import SUIT_INDEX, Arrange, Claim, Exchange, Open, Reinforce, can_arrange, secret_score
from .state import ContestState

__all__ = ["ContestStrategy"]

#: What the opponent's secret cards make a points-pile card worth to them, on average (1+2+3+4 over 4 suits).
OPPONENT = 2.5
#: How many times a sample is redrawn before giving up (it never comes close).
ATTEMPTS = 1000


class ContestStrategy(Strategy):
    """Contest: send cards to the points piles your secret cards score most."""

    playout_moves = 8
    unit = Unit("points", "points ahead of {opponent} at the end of the game")

    def rule_of_thumb(
        self, game: Game[ContestState], state: Any, rng: random.Random, limit: int | None = None
    ) -> Choice:
        me = game.to_move(state)
        assert me is not None  # (a computer player is asked to move only when one is)
        move = _choose(game, state, me, rng, limit)
        return Choice(move, _why(game, state, me, move))

    def playout_move(self, game: Game[ContestState], state: Any, rng: random.Random) -> Move:
        return _choose(game, state, state.turn, rng, self.playout_moves)

    def explain(self, game: Game[ContestState], state: Any, player: int, move: Move) -> str:
        return explain(game, state, player, move)

    def playout(
        self,
        game: Game[ContestState],
        root: Any,
        state: Any,
        player: int,
        policy: Callable[..., Move],
        rng: random.Random,
    ) -> float:
        if policy != self.playout_move:
            return super().playout(game, root, state, player, policy, rng)
        # playout_move's moves to the end of the game (a Contest playout stops nowhere before
        # it), each applied as ``advance`` applies it: by the game's own unchecked ``_apply``
        # (once the secret cards are laid, each player's count is looked up once a playout)
        apply, limit = game._apply, self.playout_moves
        counts: tuple[_Count, _Count] | None = None
        while state.turn >= 0:
            if counts is None and state.arranged == 2:
                counts = (_count(state, 0), _count(state, 1))
            me = state.turn
            state = apply(state, _choose(game, state, me, rng, limit, counts[me] if counts else None), None)
        return self.playout_value(game, state, player)

    def playout_value(self, game: Game[ContestState], state: Any, player: int) -> float:
        # the lead of the score's totals (``lead``): each player's secret cards score the points piles
        return _secret_points(state, player) - _secret_points(state, 1 - player)

    def move_scores(self, game: Game[ContestState], state: Any) -> list[tuple[float, Move]] | None:
        me = game.to_move(state)
        if me is None or state.arranged < 2:
            return None  # the secret cards are laid by another rule
        return _gains(game, state, me, game.legal_moves(state))

    def sample(self, game: Game[ContestState], view: Any, player: int, cards: list[Card], rng: random.Random) -> Any:
        other = 1 - player
        arranged = view.arranged > other and view.secrets[other] and view.secrets[other][0] == HIDDEN
        for _ in range(ATTEMPTS):
            shuffle(cards, rng)  # the very order rng.shuffle gives
            sample = fill_hidden(view, cards)
            if not arranged:
                return sample
            secret = sample.secrets[other]
            if not can_arrange(secret):
                continue
            # contest.secret.neighbours: no two cards of a suit side by side
            orders = [o for o in permutations(secret) if all(a.suit != b.suit for a, b in zip(o, o[1:]))]
            secrets = list(sample.secrets)
            secrets[other] = rng.choice(orders)
            return _with_secrets(sample, tuple(secrets))
        raise ValueError("no arrangement of the unseen cards fits this view")


_with_secrets = replacer(ContestState, "secrets")


class _Count:
    """The rule of thumb's count for a player with these secret cards: ``weight`` (what a card in
    a points pile of each suit is worth: the positions of the secret cards of that suit),
    ``worth`` (that, less the opponent's OPPONENT) and ``cost`` (what spending a card costs: a
    little, more for a card of a suit you score, and for a high card; worked out once a card)."""

    __slots__ = ("weight", "worth", "cost")

    def __init__(self, secret: tuple[Card, ...]) -> None:
        weight = {suit: 0.0 for suit in SUIT_INDEX}
        for position, card in enumerate(secret, 1):
            weight[card.suit] += position
        self.weight = weight
        self.worth = {suit: w - OPPONENT for suit, w in weight.items()}
        self.cost = _Costs(self.worth)


class _Costs(dict[Card, float]):
    """What spending each card costs, worked out the first time a card is asked for."""

    __slots__ = ("worth",)

    def __init__(self, worth: dict[str, float]) -> None:
        super().__init__()
        self.worth = worth

    def __missing__(self, card: Card) -> float:
        cost = self[card] = 0.05 * (max(self.worth[card.suit], 0.0) + card.rank / 14)
        return cost


#: Counts by secret cards: a playout asks for the same two again and again (kept within a bound).
_COUNTS: dict[tuple[Card, ...], _Count] = {}
_COUNTS_KEPT = 4096


def _count(state: Any, me: int) -> _Count:
    secret = state.secrets[me]
    count = _COUNTS.get(secret)
    if count is None:
        if len(_COUNTS) >= _COUNTS_KEPT:
            _COUNTS.clear()
        count = _COUNTS[secret] = _Count(secret)
    return count


def _secret_points(state: Any, player: int) -> int:
    """What the score counts for ``player``: its secret cards' score, once they are laid and seen."""
    secret = state.secrets[player]
    if state.arranged <= player or HIDDEN in secret:
        return 0
    return secret_score(secret, state.points)


def _rules(game: Game[ContestState]) -> ContestClaims:
    """``game``, which is Contest (its claims, ``claims.ContestClaims``): a strategy is handed the
    game it belongs to."""
    return cast(ContestClaims, game)


def _gains(game: Game[ContestState], state: Any, me: int, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each move with what it adds to the rule of thumb's count (:func:`_gain`)."""
    count = _count(state, me)
    worth, cost = count.worth, count.cost
    return [(_gain(game, state, move, worth, cost), move) for move in moves]


def _gain(game: Game[ContestState], state: Any, move: Move, worth: dict[str, float], cost: _Costs) -> float:
    """What ``move`` adds to the rule of thumb's count: a points-pile card is worth its suit's
    worth (``_Count``), a contest-row card half that; spent cards cost a little. A claim is
    weighed on where its piles go (``Contest.claim_piles``), not played."""
    if type(move) is Open or type(move) is Reinforce:  # the card joins the contest row
        return worth[move.card.suit] / 2 - cost[move.card]
    if type(move) is Claim:  # the engine resolves the claim
        gain = _claim_change(game, state, move, worth) - cost[move.card]
        if move.play is not None:
            gain -= cost[move.play.card]
        return gain
    if type(move) is Exchange:  # the table stays as it is
        return -cost[move.card]
    return 0.0


def _claim_change(game: Game[ContestState], state: Any, move: Claim, worth: dict[str, float]) -> float:
    """How much a claim changes the count of the table: each points-pile card counts its suit's
    worth, each contest-row card half that. The winning pile joins its points pile, both claimed
    piles leave the row, and a power changed a pile or two first (``Contest.claim_piles``). Every
    term is a multiple of 1/4, so the sum is exact: the very number counting the whole table
    before and after gives."""
    row, p, q, winner = _rules(game).claim_piles(state, move)
    won, first, second = row[winner], row[p], row[q]
    change = (
        worth[won[0].suit] * len(won) - worth[first[0].suit] * len(first) / 2 - worth[second[0].suit] * len(second) / 2
    )
    if row is not state.row:  # the power: a pile discarded, or a card played
        for before, after in zip(state.row, row):
            if after is not before:
                change += (
                    (worth[after[0].suit] * len(after) if after else 0.0)
                    - (worth[before[0].suit] * len(before) if before else 0.0)
                ) / 2
    return change


def _choose(
    game: Game[ContestState], state: Any, me: int, rng: random.Random, limit: int | None, count: _Count | None = None
) -> Move:
    """The rule of thumb's move (:func:`_why` says why: words cost time a playout saves);
    ``count``: ``me``'s, when it is at hand."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    if state.arranged < 2:  # the secret cards' orders
        return max(moves, key=_laid(game, state, me))
    count = count or _count(state, me)
    worth, cost = count.worth, count.cost
    best, best_gain = moves[0], -math.inf
    n = len(moves)
    # the moves weighed: those some_moves picks, by their places
    places = range(n) if limit is None or n <= limit else sorted(sample_indices(rng, n, limit))
    for i in places:
        move = moves[i]
        kind = type(move)  # _gain, inline for an open, a reinforce and an exchange: the playouts' hot path
        if kind is Open or kind is Reinforce:
            gain = worth[move.card.suit] / 2 - cost[move.card]  # type: ignore[attr-defined]  # (an open's or a reinforce's)
        elif kind is Exchange:
            gain = -cost[move.card]  # type: ignore[attr-defined]  # (an exchange's)
        else:
            gain = _gain(game, state, move, worth, cost)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _laid(game: Game[ContestState], state: Any, me: int) -> Callable[[Any], tuple[int, tuple[Card, ...]]]:
    """How the rule of thumb ranks the orders of the secret cards: the suits with the most cards
    still in play go to the high positions."""
    left = Counter(c.suit for c in game.deck())
    left.subtract(c.suit for z in game.zones(state) if z.visible_to(me) for c in z.cards if c != HIDDEN)

    def laid(arrange: Arrange) -> tuple[int, tuple[Card, ...]]:
        return sum(pos * left[c.suit] for pos, c in enumerate(arrange.cards, 1)), arrange.cards

    return laid


def _why(game: Game[ContestState], state: Any, me: int, best: Move) -> str:
    """Why the rule of thumb plays ``best`` (from :func:`_choose`), in words."""
    if len(game.legal_moves(state)) == 1:
        return "the only legal move"
    if state.arranged < 2:
        return "the suits with the most cards still in play go to the high positions"
    return _reason(game, state, best, _count(state, me).weight)


def _reason(game: Game[ContestState], state: Any, best: Move, weight: dict[str, float]) -> str:
    """Why the rule of thumb plays ``best``, in words."""
    if isinstance(best, Claim):
        points = _rules(game).claimed(state, best)[1]
        suit = next(suit for suit, index in SUIT_INDEX.items() if len(points[index]) > len(state.points[index]))
        gained = len(points[SUIT_INDEX[suit]]) - len(state.points[SUIT_INDEX[suit]])
        return (
            f"the claim sends {plural(gained, 'card')} to the {suit_symbol(suit)} points pile, "
            f"which your secret cards score {weight[suit]:.0f} a card"
        )
    if isinstance(best, (Open, Reinforce)):
        suit = best.card.suit
        return (
            f"{best.card} builds a {suit_symbol(suit)} pile, a suit your secret cards score "
            f"{weight[suit]:.0f} a card, to win a later claim"
        )
    if isinstance(best, Exchange):
        return f"no claim or pile gains here; {best.card} is the card you need least"
    return "no other action is possible"


def _scores(weight: dict[str, float], suit: str) -> str:
    """What a points-pile card of ``suit`` scores for secret cards of these weights, in words."""
    score = round(weight[suit])
    return "do not score" if score == 0 else f"score {score} a card"


def explain(game: Game[ContestState], state: Any, me: int, move: Move) -> str:
    """Why ``move`` is good for ``me`` in ``s``, in one sentence of Contest's words: where its
    cards go and what your secret cards score there (what the rule of thumb weighs)."""
    words = game.move_words(state, move)
    if isinstance(move, Arrange):
        weight = _Count(move.cards).weight
        first, second = sorted({c.suit for c in move.cards}, key=lambda suit: (-weight[suit], suit))[:2]
        return (
            f"{words}: each {suit_symbol(first)} card in its points pile then scores {weight[first]:.0f} for "
            f"you, and each {suit_symbol(second)} card {weight[second]:.0f}"
        )
    weight = _count(state, me).weight
    if isinstance(move, Claim):
        row, _, _, winner = _rules(game).claim_piles(state, move)
        won = row[winner]
        suit = won[0].suit
        sent = f"{plural(len(won), 'card')} to the {suit_symbol(suit)} points pile"
        worth = "nothing" if round(weight[suit]) == 0 else f"{weight[suit]:.0f} a card"
        return f"{words}; it adds {sent}, worth {worth} to you"
    if isinstance(move, (Open, Reinforce)):
        suit = move.card.suit
        if round(weight[suit]) == 0:
            return (
                f"{words}: {move.card} is of a suit your secret cards do not score, so it is the card you "
                f"lose least by spending"
            )
        return (
            f"{words} to build {'up the' if isinstance(move, Reinforce) else 'a'} {suit_symbol(suit)} pile, a "
            f"suit your secret cards score {weight[suit]:.0f} a card, for a later claim"
        )
    if isinstance(move, Exchange):
        return f"{words}: your secret cards {_scores(weight, move.card.suit)} in its suit, and the row stays as it is"
    return words


#: The one instance the game hands out.
STRATEGY = ContestStrategy()
