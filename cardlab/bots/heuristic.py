"""The heuristic player: one short rule of thumb per game, each a teacher can say in two sentences.

* **Card Commons** — Choose as Commission the card with the best chance of matching the Nest
  Egg (most unseen cards share its suit or value) times the cards of its colour in your hand.
  Then gather that colour: trade an off-colour card for a pool card of your colour, claim and defend with cards
  of your colour (they land on your side), answer your own Claim and discard with the others,
  and keep the Wilds for last.
* **Commerce** — Knock with a hand that beats most hands (a triplet, a sequence, or a high
  point). Otherwise trade the card whose replacement most improves the hand on average, if
  that is worth the point it costs; if not, barter your least useful card (free), or knock
  once the table has bartered as many times as there are players (players who only
  barter would never end a deal). Answer a barter with your least useful card, or knock to
  refuse it with a hand good enough to knock.
* **Commitment** — Look one card ahead: play the card that adds most to the VP you can expect
  from the battles as they stand (a suit led by 8 points or more counts as safe), less what
  the card is worth to keep for a later round; pass when no card gains.
* **Contest** — A card in a points pile is worth the positions of your secret cards of its
  suit, less 2.5 (the opponent's average); a card in the contest row half that. Play the move
  that raises this most, spending your least useful cards; lay the secret cards with the
  suits that have most cards left in play in the high positions.

Every strategy reads only what the player to move may see (hand, own secret cards, the table,
counts), so it gives the same move for a full state and for that player's view; the search
player uses this to run heuristic playouts on full states without building views.
"""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any, NamedTuple

from ..cards import HIDDEN, Card, suit_symbol
from ..engine import Game, Move
from .base import advance

__all__ = ["HeuristicPlayer", "Choice", "heuristic_policy", "heuristic_choice", "heuristic_scores", "STRATEGIES"]


class Choice(NamedTuple):
    """A move and the rule of thumb that picked it, in words."""

    move: Move
    reason: str


def _visible(game: Game, state: Any, player: int) -> list[Card]:
    """Every card ``player`` may see in ``state`` (a full state or the player's view)."""
    return [c for z in game.zones(state) if z.visible_to(player) for c in z.cards if c != HIDDEN]


def _unseen(game: Game, state: Any, player: int) -> list[Card]:
    count = Counter(game.deck())
    count.subtract(_visible(game, state, player))
    return sorted(count.elements())


# --- Card Commons ----------------------------------------------------------------------------------

def _commons(game: Game, s: Any, me: int, rng: random.Random, limit: int | None = None) -> Choice:
    from ..games.card_commons import WILDS, Claim, Commission, Defend, Discard, TradeCommission, TradePool
    moves = game.legal_moves(s)
    if len(moves) == 1:
        return Choice(moves[0], "the only legal move")
    phase = s.phase
    commission = s.commissions[me]
    colour = commission.color if commission is not None and commission != HIDDEN else None

    def keep(card: Card) -> tuple[int, int]:
        """How much to keep a card: Wilds most, then your colour, then the rest; low cards least."""
        return (2 if card in WILDS else 1 if card.color == colour else 0, card.rank)

    if phase in ("answer", "discard", "discard2"):
        card = min((m.card for m in moves), key=keep)
        if phase == "answer":
            return Choice(Defend(card), "your own answer lands on the opponent's side, so give the card you "
                                        "need least")
        why = ("a Wild is all you have left to give" if card in WILDS else
               f"{card} is the card you need least: not {colour}, not a Wild" if card.color != colour else
               f"{card} is your lowest {colour} card, and every card you hold is {colour} or a Wild")
        return Choice(Discard(card), why)
    if phase == "defend":
        card = max((m.card for m in moves), key=lambda c: (c not in WILDS, c.color == colour, -c.rank))
        why = ("the Defense lands on your side: answer with a card of your colour and keep the Wilds"
               if card.color == colour else "the cheapest card that answers; keep the Wilds")
        return Choice(Defend(card), why)

    hand = s.hands[me]
    unseen = _unseen(game, s, me)
    chance: dict[Card, float] = {}

    def match(card: Card) -> float:
        """The chance that a Commission ``card`` matches the Nest Egg, one of the unseen cards."""
        if card not in chance:
            hits = sum(1 for u in unseen if u not in WILDS and (u.suit == card.suit or u.rank == card.rank))
            chance[card] = hits / len(unseen) if unseen else 0.0
        return chance[card]

    def worth(candidate: Card, held: Iterable[Card]) -> float:
        """Expected points of a Commission: its match chance times the cards of its colour to come."""
        col = candidate.color
        return match(candidate) * sum(1 for c in (*s.sides[me], *held) if c.color == col)

    if phase == "commission":
        best = max((m.card for m in moves), key=lambda c: (worth(c, _without(hand, c)), c))
        same = sum(1 for c in _without(hand, best) if c.color == best.color)
        return Choice(Commission(best), f"{best} matches the Nest Egg with chance {match(best):.0%}, and {same} "
                                        f"of your other cards are {best.color} like it")
    # the claim phase: trade toward your colour, then claim
    offers = [m for m in moves if type(m) is TradePool
              and m.give.color != colour and m.give not in WILDS and m.take.color == colour]
    if offers:
        m = max(offers, key=lambda m: (m.take in WILDS, -m.give.rank, m.take.rank))
        return Choice(m, f"{m.give} is off your colour; {m.take} from the pool is {colour}, like your Commission")
    swaps = [m for m in moves if type(m) is TradeCommission]
    if swaps:
        now = worth(commission, hand)
        scored = [(worth(m.give, _without(hand, m.give) + (commission,)), m) for m in swaps]
        better, m = max(scored, key=lambda x: (x[0], x[1].give))
        if better > now + 0.5:
            return Choice(m, f"{m.give} should score more as Commission ({better:.1f} points expected "
                             f"against {now:.1f}): it matches the Nest Egg with chance {match(m.give):.0%}")
    card = max((m.card for m in moves if type(m) is Claim), key=lambda c: _claim_preference(c, colour, unseen, WILDS))
    why = (f"{card} is {colour}, like your Commission, and lands on your side when answered"
           if card.color == colour and card not in WILDS else
           f"{card} is the card you need least; keep your {colour} cards and Wilds")
    return Choice(Claim(card), why)


def _claim_preference(card: Card, colour: str | None, unseen: list[Card], wilds: frozenset) -> tuple:
    """Claim a card of your colour the opponent is likely to answer; keep the Wilds for last."""
    answerable = sum(1 for u in unseen if u.rank == card.rank or u in wilds)
    if card in wilds:
        return (0, 0, card.rank)
    if card.color == colour:
        return (2, answerable, card.rank)
    return (1, -answerable, -card.rank)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


# --- Commerce ------------------------------------------------------------------------------------------

#: Knock (or refuse a barter) with a hand that would beat at least this share of random hands,
#: once raised to the number of opponents: the chance of holding the best hand at a showdown.
_COMMERCE_KNOCK = 0.55


class _HandTable:
    """The share of all 3-card hands each hand beats (ties count half), from the engine's
    ranking, computed once; and, cached, the average over the third card for a pair kept."""

    def __init__(self) -> None:
        from ..games.commerce import DECK, rank_hand
        self.deck = DECK
        keys = {frozenset(h): rank_hand(h).key for h in combinations(DECK, 3)}
        ordered = sorted(keys.values())
        total = len(ordered)
        self.shares = {hand: (bisect.bisect_left(ordered, key) + bisect.bisect_right(ordered, key)) / 2 / total
                       for hand, key in keys.items()}
        self._pairs: dict[tuple[frozenset, int], float] = {}

    def chance(self, hand: Iterable[Card], opponents: int) -> float:
        """The chance that ``hand`` is the best of ``opponents + 1`` hands dealt at random."""
        return self.shares[frozenset(hand)] ** opponents

    def after_swap(self, hand: tuple[Card, ...], card: Card, opponents: int) -> float:
        """The average of :meth:`chance` once ``card`` is swapped for one of the other 49 cards."""
        rest = frozenset(hand) - {card}
        key = (rest, opponents)
        total = self._pairs.get(key)
        if total is None:  # the sum over every third card outside the pair
            total = self._pairs[key] = sum(self.shares[rest | {u}] ** opponents for u in self.deck if u not in rest)
        return (total - self.chance(hand, opponents)) / (len(self.deck) - 3)


_TABLE: _HandTable | None = None


def _hands() -> _HandTable:
    global _TABLE
    if _TABLE is None:
        _TABLE = _HandTable()
    return _TABLE


def _commerce(game: Game, s: Any, me: int, rng: random.Random, limit: int | None = None) -> Choice:
    from ..games.commerce import KNOCK, Barter, Give, Trade, rank_hand
    table = _hands()
    hand = s.hands[me]
    opponents = s.players - 1

    def after_swap(card: Card) -> float:
        return table.after_swap(hand, card, opponents)

    now = table.chance(hand, opponents)
    if s.offer is not None:  # answering a barter: the offered card is unseen
        if now >= _COMMERCE_KNOCK:
            return Choice(KNOCK, f"your {rank_hand(hand)} is strong enough to refuse the barter by knocking")
        worst = max(hand, key=after_swap)
        return Choice(Give(worst), f"{worst} is the card your hand misses least")
    if now >= _COMMERCE_KNOCK:
        return Choice(KNOCK, f"your {rank_hand(hand)} beats most hands: knock before the others improve")
    worst = max(hand, key=after_swap)
    better = after_swap(worst)
    gain = (better - now) * s.players  # the pool holds one point per player
    cost = 0 if me == s.dealer else 1
    if gain > cost:
        return Choice(Trade(worst), f"trading {worst} improves your chance of the best hand from {now:.0%} to "
                                    f"{better:.0%} on average, worth more than the {cost} point it costs")
    if s.turns.count("barter") < s.players:
        return Choice(Barter(worst), f"no trade is worth its point here; barter {worst}, the card you miss "
                                     f"least, for free")
    return Choice(KNOCK, f"no trade is worth its point and the table has bartered enough: knock with your "
                         f"{now:.0%} chance of the best hand")


# --- Commitment -----------------------------------------------------------------------------------------

#: VP a card is worth keeping for later rounds, per point of its worth, by round.
_COMMITMENT_KEEP = {1: 0.10, 2: 0.05, 3: 0.0}
#: The worth of J, Q and K kept for later, in points (number cards: their value).
_FACE_WORTH = {11: 3, 12: 6, 13: 6}
#: An Ace helps the opponent's stack by 1, but draws a card: worth this many VP.
_ACE_DRAW = 0.3
#: A lead of this many points in a suit counts as safe.
_SAFE_LEAD = 8.0


def _commitment_gains(game: Game, s: Any, me: int, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each commit among ``moves`` with what it adds to the VP this player may expect from the
    battles as they stand, less the card's worth kept for later (a pass gains 0)."""
    from ..games.commitment import BATTLE_VP, Commit, stack_value
    other = 1 - me

    def expect(battle: Any) -> float:
        """The VP this player may expect from a battle: each suit counts by how safely it is
        led (a lead of _SAFE_LEAD points or more is safe), the total breaks ties."""
        (m0, m1, m2), (t0, t1, t2) = battle.sides[me], battle.sides[other]
        d0 = stack_value(m0) - stack_value(t0)
        d1 = stack_value(m1) - stack_value(t1)
        d2 = stack_value(m2) - stack_value(t2)
        lead = _safe(d0) + _safe(d1) + _safe(d2) + (d0 + d1 + d2) / 50
        return BATTLE_VP[battle.card] * (1 + math.tanh(lead)) / 2

    before = [expect(b) for b in s.battles]
    base = sum(before)
    keep = _COMMITMENT_KEEP.get(s.round, 0.0)
    gains = []
    for move in moves:
        if type(move) is not Commit:
            gains.append((0.0, move))
            continue
        card = move.card
        after = advance(game, s, move).battles
        # a move changes one or two battles; the others are the very same objects
        gain = sum(v if a is b else expect(a) for a, b, v in zip(after, s.battles, before)) - base
        gain += _ACE_DRAW if card.rank == 14 else -keep * _FACE_WORTH.get(card.rank, card.rank)
        gains.append((gain, move))
    return gains


def _safe(lead: int) -> float:
    """A suit's lead as -1 (safely lost) to +1 (safely won)."""
    return -1.0 if lead <= -_SAFE_LEAD else 1.0 if lead >= _SAFE_LEAD else lead / _SAFE_LEAD


def _commitment(game: Game, s: Any, me: int, rng: random.Random, limit: int | None = None) -> Choice:
    from ..games.commitment import PASS, Commit
    moves = game.legal_moves(s)
    if len(moves) == 1:
        return Choice(moves[0], "the only legal move")
    commits = [m for m in _candidates(moves, limit, rng) if type(m) is Commit]
    best, best_gain = None, 0.0
    for gain, move in _commitment_gains(game, s, me, commits):
        if gain > best_gain + 1e-9:
            best, best_gain = move, gain
    if best is None:
        return Choice(PASS, "no card adds more to your lead than it is worth keeping for later")
    return Choice(best, f"{best.card} adds {best_gain:.2f} VP to what you can expect from the battles as they stand")


# --- Contest -----------------------------------------------------------------------------------------------

#: What the opponent's secret cards make a points-pile card worth to them, on average (1+2+3+4 over 4 suits).
_CONTEST_OPPONENT = 2.5


def _contest_weights(s: Any, me: int) -> dict[str, float]:
    """What a card in a points pile of each suit is worth to this player: the positions of its
    secret cards of that suit."""
    from ..games.contest import SUIT_INDEX
    weight = {suit: 0.0 for suit in SUIT_INDEX}
    for position, card in enumerate(s.secrets[me], 1):
        weight[card.suit] += position
    return weight


def _contest_gains(game: Game, s: Any, me: int, moves: list[Move]) -> list[tuple[float, Move]]:
    """Each move with what it adds to the rule of thumb's count: a points-pile card is worth its
    suit's weight less _CONTEST_OPPONENT, a contest-row card half that; spent cards cost a little."""
    from ..games.contest import SUIT_INDEX, Claim, Exchange, Open, Reinforce
    worth = {suit: w - _CONTEST_OPPONENT for suit, w in _contest_weights(s, me).items()}

    def value(state: Any) -> float:
        total = 0.0
        for suit, i in SUIT_INDEX.items():
            total += worth[suit] * len(state.points[i])
        for pile in state.row:
            if pile:
                total += worth[pile[0].suit] * len(pile) / 2
        return total

    # spending a card costs a little: more for a card of a suit you score, and for a high card
    cost = {c: 0.05 * (max(worth[c.suit], 0.0) + c.rank / 14) for c in s.hands[me]}
    base = value(s)
    gains = []
    for move in moves:
        kind = type(move)
        if kind is Open or kind is Reinforce:   # the card joins the contest row
            gain = worth[move.card.suit] / 2 - cost[move.card]
        elif kind is Claim:                     # the engine resolves the claim
            gain = value(advance(game, s, move)) - base - cost[move.card]
            if move.play is not None:
                gain -= cost[move.play.card]
        elif kind is Exchange:                  # the table stays as it is
            gain = -cost[move.card]
        else:
            gain = 0.0
        gains.append((gain, move))
    return gains


def _contest(game: Game, s: Any, me: int, rng: random.Random, limit: int | None = None) -> Choice:
    from ..games.contest import SUIT_INDEX, Arrange, Claim, Exchange, Open, Reinforce
    moves = game.legal_moves(s)
    if len(moves) == 1:
        return Choice(moves[0], "the only legal move")
    if isinstance(moves[0], Arrange):
        left = Counter(c.suit for c in game.deck())
        left.subtract(c.suit for c in _visible(game, s, me))

        def laid(m: Any) -> tuple:
            return sum(pos * left[c.suit] for pos, c in enumerate(m.cards, 1)), m.cards

        best = max(moves, key=laid)
        return Choice(best, "the suits with the most cards still in play go to the high positions")
    best, best_gain = moves[0], -math.inf
    for gain, move in _contest_gains(game, s, me, _candidates(moves, limit, rng)):
        if gain > best_gain:
            best, best_gain = move, gain
    weight = _contest_weights(s, me)
    if isinstance(best, Claim):
        after = advance(game, s, best)
        suit = next(x for x, i in SUIT_INDEX.items() if len(after.points[i]) > len(s.points[i]))
        gained = len(after.points[SUIT_INDEX[suit]]) - len(s.points[SUIT_INDEX[suit]])
        why = (f"the claim sends {gained} card{'s' if gained > 1 else ''} to the {suit_symbol(suit)} points pile, "
               f"which your secret cards score {weight[suit]:.0f} a card")
    elif isinstance(best, (Open, Reinforce)):
        suit = best.card.suit
        why = (f"{best.card} builds a {suit_symbol(suit)} pile, a suit your secret cards score "
               f"{weight[suit]:.0f} a card, to win a later claim")
    elif isinstance(best, Exchange):
        why = f"no claim or pile gains here; {best.card} is the card you need least"
    else:
        why = "no other action is possible"
    return Choice(best, why)


def _candidates(moves: list[Move], limit: int | None, rng: random.Random) -> list[Move]:
    """The moves a look-ahead weighs: all of them, or a random sample of ``limit`` (in order)."""
    if limit is None or len(moves) <= limit:
        return moves
    return [moves[i] for i in sorted(rng.sample(range(len(moves)), limit))]


# --- the player -------------------------------------------------------------------------------------------

Strategy = Callable[[Game, Any, int, random.Random, "int | None"], Choice]
#: In playouts, the look-ahead heuristics weigh a random sample of at most this many moves,
#: for speed (Commitment's playouts are long); the heuristic player itself weighs them all.
PLAYOUT_CANDIDATES = {"commitment": 4, "contest": 8}
STRATEGIES: dict[str, Strategy] = {"card-commons": _commons, "commerce": _commerce,
                                   "commitment": _commitment, "contest": _contest}


def heuristic_choice(game: Game, state: Any, rng: random.Random, limit: int | None = None) -> Choice:
    """The heuristic's move for the player to move in ``state`` (a view or a full state), and why.
    ``limit`` makes a look-ahead heuristic weigh only a random sample of that many moves."""
    strategy = STRATEGIES.get(game.name)
    if strategy is None:
        raise ValueError(f"there is no heuristic player for {game.title}; "
                         f"heuristics exist for: {', '.join(STRATEGIES)}")
    me = game.to_move(state)
    if me is None:
        raise ValueError("the game is over: there is no move to choose")
    return strategy(game, state, me, rng, limit)


#: Heuristics that score every move (a one-move look-ahead), by game.
_SCORES: dict[str, Callable[[Game, Any, int, list[Move]], list[tuple[float, Move]]]] = {
    "commitment": _commitment_gains, "contest": _contest_gains}


def heuristic_scores(game: Game, state: Any) -> list[tuple[float, Move]] | None:
    """Every legal move with the heuristic's score for it (higher is better), for the games whose
    heuristic scores every move (Commitment, Contest during play); None for the others."""
    scores = _SCORES.get(game.name)
    me = game.to_move(state)
    if scores is None or me is None:
        return None
    moves = game.legal_moves(state)
    if game.name == "contest" and state.arranged < 2:
        return None   # the secret cards are laid by another rule
    return scores(game, state, me, moves)


def heuristic_policy(game: Game, state: Any, rng: random.Random) -> Move:
    """The heuristic as a playout policy: on full states (it reads only what the mover may see),
    weighing at most PLAYOUT_CANDIDATES moves where a game has a limit."""
    return heuristic_choice(game, state, rng, PLAYOUT_CANDIDATES.get(game.name)).move


class HeuristicPlayer:
    """The game's rule of thumb (see the module's documentation). ``explain`` gives the reason too."""

    name = "heuristic"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, view: Any) -> Move:
        return self.explain(game, view).move

    def explain(self, game: Game, view: Any) -> Choice:
        """The move and the rule of thumb behind it (from the mover's view, even of a full state)."""
        return heuristic_choice(game, game.view(view, game.to_move(view)), self.rng)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"
