"""Contest's fast paths give exactly what the obvious code gives, over many seeded positions of
every option set: the legal moves in their order (seeded games depend on it), the secret cards'
orders read one by one, and a legal claim's check (``movegen.py``); the rule of thumb's scores to
the last bit and its move (seeded hints depend on them), its playouts, and the worlds sampled
for a hint (``strategy.py``)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import cardlab
from cardlab import IllegalMove
from cardlab.cards import Card
from cardlab.games.contest import Claim, ContestState, Exchange, Open, Reinforce
from cardlab.games.contest.movegen import legal_claim_plan
from cardlab.games.contest.moves import EXCHANGE, OPEN, PASS, REINFORCE, pile_value

OPTION_SETS = ({}, {"ace": "low"}, {"pile_value": "top"}, {"jack": "match-first"})
NEIGHBOURS = ((1,), (0, 2), (1, 3), (2,))
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def obvious_turn_moves(state: ContestState) -> list:
    """The legal moves of a turn, written out from the rules, one card of the hand after another:
    its opens, reinforces, claims, a Jack's claims, a Queen's claims, its exchange; else a pass."""
    options = state.options
    low, top, match_first = options.ace == "low", options.pile_value == "top", options.jack == "match-first"
    hand, row = state.hands[state.turn], state.row

    def opens(card: Card, row: tuple) -> list[int]:
        return [
            i for i in range(4) if not row[i] and all(not row[j] or row[j][0].suit != card.suit for j in NEIGHBOURS[i])
        ]

    def reinforces(card: Card, row: tuple) -> list[int]:
        return [i for i in range(4) if row[i] and row[i][0].suit == card.suit]

    def claims(card: Card, row: tuple, matched: bool = False, **power) -> list[Claim]:
        found = []
        for p, q in PAIRS:
            if not row[p] or not row[q] or row[p][0].suit == row[q][0].suit:
                continue
            if not matched and card.suit not in (row[p][0].suit, row[q][0].suit):
                continue
            if pile_value(row[p], low, top) == pile_value(row[q], low, top):
                found += [
                    Claim(p + 1, q + 1, card, keep=p + 1, **power),
                    Claim(p + 1, q + 1, card, keep=q + 1, **power),
                ]
            else:
                found.append(Claim(p + 1, q + 1, card, **power))
        return found

    def put(row: tuple, i: int, pile: tuple) -> tuple:
        return row[:i] + (pile,) + row[i + 1 :]

    moves: list = []
    for card in hand:
        moves += [OPEN[card][i] for i in opens(card, row)]
        moves += [REINFORCE[card][i] for i in reinforces(card, row)]
        moves += claims(card, row)
        if card.rank in (11, 13):
            for r in reinforces(card, row):
                moves += claims(card, put(row, r, ()), matched=match_first, discard=r + 1)
        if card.rank in (12, 13):
            for extra in hand:
                if extra.suit == card.suit and extra != card:
                    for i in opens(extra, row):
                        moves += claims(card, put(row, i, (extra,)), play=OPEN[extra][i])
                    for i in reinforces(extra, row):
                        moves += claims(card, put(row, i, row[i] + (extra,)), play=REINFORCE[extra][i])
        if state.stock:
            moves.append(EXCHANGE[card])
    return moves or [PASS]


def positions(options: dict, games: int):
    """The positions of seeded random games, once the secret cards are arranged."""
    game = cardlab.game("contest", **options)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while moves := game.legal_moves(state):
            if state.arranged == 2:
                yield game, state, moves
            state = game.play(state, rng.choice(moves))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_legal_moves_are_the_obvious_ones_in_the_same_order(options):
    kinds = set()
    for game, state, moves in positions(options, 150):
        assert moves == obvious_turn_moves(state), state.to_text()
        view = game.view(state, state.turn)
        assert game.legal_moves(view) == moves
        kinds.update(kind(m) for m in moves)
    # opens, reinforces, exchanges, and claims plain, by a Jack and by a Queen, each with and without a tie
    assert kinds >= {"Open", "Reinforce", "Exchange"} | {
        f"Claim{power}{tie}" for power in ("", " discard", " play") for tie in ("", " keep")
    }, kinds


def kind(move) -> str:
    if type(move) is not Claim:
        return type(move).__name__
    power = " discard" if move.discard is not None else " play" if move.play is not None else ""
    return "Claim" + power + (" keep" if move.keep is not None else "")


def plan_fields(plan) -> tuple:
    return (
        plan.hand,
        plan.row,
        plan.scrapped,
        plan.first,
        plan.second,
        plan.first_value,
        plan.second_value,
        plan.winner,
        plan.loser,
    )


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_legal_claim_is_worked_out_at_once_as_the_checked_way_works_it_out(options):
    """The fast check of a claim takes every legal claim, with the very plan the rule-by-rule
    check makes; any other claim it leaves to that check, which refuses it."""
    checked = 0
    for game, state, moves in positions(options, 40):
        claims = [m for m in moves if type(m) is Claim]
        for move in claims:
            plan = legal_claim_plan(state, move)
            assert plan is not None, (state.to_text(), str(move))
            assert plan_fields(plan) == plan_fields(game._checked_claim_plan(state, move))
            checked += 1
        # the same claims with another card, another keep, another power: legal exactly when listed
        hand = state.hands[state.turn]
        for move in claims[:6]:
            for other in (
                Claim(move.first, move.second, hand[0], move.discard, move.play, move.keep),
                Claim(move.first, move.second, move.card, move.discard, move.play, None),
                Claim(move.first, move.second, move.card, move.discard, move.play, move.second),
                Claim(move.first, move.second, move.card, 1, None, move.keep),
                Claim(move.first, move.second, move.card, None, OPEN[hand[-1]][0], move.keep),
                Claim(1, 4, move.card, move.discard, move.play, move.keep),
            ):
                plan = legal_claim_plan(state, other)
                if other in moves:
                    assert plan_fields(plan) == plan_fields(game._checked_claim_plan(state, other))
                else:
                    assert plan is None
                    with pytest.raises(IllegalMove):
                        game.play(state, other)
    assert checked > 1000


def obvious_gains(game, state, me: int, moves: list) -> list:
    """The rule of thumb's score of each move, as written out first: the whole table's count after
    the move less before it (a claim's after ``Contest.claimed``), less what the cards spent cost."""
    weight = {suit: 0.0 for suit in "CDHS"}
    for position, card in enumerate(state.secrets[me], 1):
        weight[card.suit] += position
    worth = {suit: w - 2.5 for suit, w in weight.items()}

    def value(row: tuple, points: tuple) -> float:
        total = 0.0
        for i, suit in enumerate("CDHS"):
            total += worth[suit] * len(points[i])
        for pile in row:
            if pile:
                total += worth[pile[0].suit] * len(pile) / 2
        return total

    cost = {c: 0.05 * (max(worth[c.suit], 0.0) + c.rank / 14) for c in state.hands[me]}
    base = value(state.row, state.points)
    gains = []
    for move in moves:
        if type(move) in (Open, Reinforce):
            gain = worth[move.card.suit] / 2 - cost[move.card]
        elif type(move) is Claim:
            gain = value(*game.claimed(state, move)) - base - cost[move.card]
            if move.play is not None:
                gain -= cost[move.play.card]
        elif type(move) is Exchange:
            gain = -cost[move.card]
        else:
            gain = 0.0
        gains.append((gain, move))
    return gains


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_rule_of_thumbs_scores_are_the_obvious_ones_to_the_last_bit(options):
    """The rule of thumb scores a claim by the piles it changes and keeps what it worked out per
    player: every score is the very number (``==`` on floats) the whole table's count gives."""
    strategy = cardlab.game("contest", **options).strategy()
    for game, state, moves in positions(options, 60):
        assert strategy.move_scores(game, state) == obvious_gains(game, state, state.turn, moves)


def obvious_setup_moves(state: ContestState) -> list:
    """The secret cards' orders, written out from the rules: every order of the four cards, in
    the order itertools.permutations gives, that keeps two cards of a suit apart; else a mulligan,
    or with too short a draw pile every order (contest.secret.short-stock)."""
    from itertools import permutations

    from cardlab.games.contest import Arrange, Mulligan

    secret = state.secrets[state.turn]
    apart = [
        Arrange(order) for order in permutations(secret) if all(a.suit != b.suit for a, b in zip(order, order[1:]))
    ]
    if apart:
        return apart
    return [Mulligan()] if len(state.stock) >= 18 else [Arrange(order) for order in permutations(secret)]


def setup_positions(games: int):
    game = cardlab.game("contest")
    for seed in range(games):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while state.arranged < 2:
            yield game, state
            state = game.play(state, rng.choice(game.legal_moves(state)))
    # four hearts and a draw pile too short for a mulligan: any order (contest.secret.short-stock)
    state = game.deal(seed=0)
    cards = state.secrets[0] + state.stock
    hearts = tuple(c for c in cards if c.suit == "H")[:4]
    rest = tuple(c for c in cards if c not in hearts)
    yield game, dataclasses.replace(state, secrets=(hearts, state.secrets[1]), discard=rest[:-17], stock=rest[-17:])


def test_the_secret_cards_orders_are_the_obvious_ones():
    """The orders, listed from the precomputed orders of four places, are the very moves the
    rules list, in the same order: mulligans, pairs of suits and the short draw pile included."""
    seen = set()
    for game, state in setup_positions(200):
        obvious = obvious_setup_moves(state)
        assert game.legal_moves(state) == obvious
        seen.add(len(obvious))
    assert {1, 8, 12, 24} <= seen, seen  # a mulligan, two pairs of suits, one pair, four suits


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_playout_of_the_rule_of_thumb_is_the_generic_one(options):
    """Contest plays its rule of thumb's playouts itself: the same moves, so the same value, from
    the same numbers drawn, as the generic playout (``playout_move`` then ``advance``, to the end)."""
    from cardlab.strategy import Strategy

    strategy = cardlab.game("contest", **options).strategy()
    played = 0
    for game, state, _ in positions(options, 30):
        if random.Random(played).random() < 0.8:  # a fifth of the positions keeps the test short
            played += 1
            continue
        mine, generic = random.Random(played), random.Random(played)
        value = strategy.playout(game, state, state, state.turn, strategy.playout_move, mine)
        assert value == Strategy.playout(strategy, game, state, state, state.turn, strategy.playout_move, generic)
        assert mine.getstate() == generic.getstate()
        played += 1
    assert played > 100
    for seed, (game, state) in enumerate(setup_positions(10)):  # from the secret cards on
        mine, generic = random.Random(seed), random.Random(seed)
        value = strategy.playout(game, state, state, state.turn, strategy.playout_move, mine)
        assert value == Strategy.playout(strategy, game, state, state, state.turn, strategy.playout_move, generic)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_rule_of_thumbs_move_is_the_first_best_of_its_sample(options):
    """A playout's move, written out: the moves ``some_moves`` samples (8, from the same numbers
    drawn), each scored as written out first, and the first of the best."""
    from cardlab.strategy import some_moves

    strategy = cardlab.game("contest", **options).strategy()
    ties = 0
    for seed, (game, state, moves) in enumerate(positions(options, 60)):
        sample = some_moves(list(moves), strategy.playout_moves, random.Random(seed))
        gains = obvious_gains(game, state, state.turn, sample)
        best = max(gain for gain, _ in gains)
        ties += sum(gain == best for gain, _ in gains) > 1
        expected = next(move for gain, move in gains if gain == best)
        assert strategy.playout_move(game, state, random.Random(seed)) == expected
    assert ties > 10  # positions where the first of equal bests is the one played


def obvious_sample(view, player: int, cards: list, rng: random.Random):
    """A full state drawn for a view, written out: the unseen cards shuffled (``rng.shuffle``) into
    the hidden places in field order (``fill_hidden``), the opponent's secret cards, once laid,
    redrawn until they can be laid apart, then laid in one of the orders that keep them apart."""
    from itertools import permutations

    from cardlab.cards import HIDDEN
    from cardlab.games.contest.moves import can_arrange
    from cardlab.strategy import fill_hidden

    other = 1 - player
    laid = view.arranged > other and view.secrets[other] and view.secrets[other][0] == HIDDEN
    while True:
        rng.shuffle(cards)
        sample = fill_hidden(view, cards)
        if not laid:
            return sample
        if can_arrange(sample.secrets[other]):
            orders = [o for o in permutations(sample.secrets[other]) if all(a.suit != b.suit for a, b in zip(o, o[1:]))]
            secrets = list(sample.secrets)
            secrets[other] = rng.choice(orders)
            return dataclasses.replace(sample, secrets=tuple(secrets))


def test_a_sampled_state_is_the_one_written_out():
    """Contest fills a view's hidden cards itself: the very state, from the very numbers drawn,
    as the generic filling written out, in every stage and for either player."""
    from cardlab.bots import unseen_cards

    game = cardlab.game("contest")
    strategy = game.strategy()
    stages = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while not game.is_over(state):
            for player in (0, 1):
                view = game.view(state, player)
                cards = unseen_cards(game, view)
                mine, written = random.Random(seed * 7 + player), random.Random(seed * 7 + player)
                assert strategy.sample(game, view, player, list(cards), mine) == obvious_sample(
                    view, player, list(cards), written
                )
                assert mine.getstate() == written.getstate()
                stages.add(game.phase(state))
            state = game.play(state, rng.choice(game.legal_moves(state)))
    assert stages == {"arrange", "play", "final 2", "final 1"}, stages
