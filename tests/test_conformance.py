"""One conformance test for every registered game, its variants and player counts."""

from __future__ import annotations

import os
import random

import pytest

import cardlab
from cardlab.engine import STOCK
from cardlab.games import configurations
from helpers.conformance import (
    Violation,
    check_move_log,
    check_research_declarations,
    random_game,
    research_game,
    sample_every_phase,
)

# Games checked in depth (every invariant at every step) and games checked fast (cards,
# legality and the end at every step; round-trips and views every 10th step).
DEEP_GAMES = int(os.environ.get("CARDLAB_CONFORMANCE_DEEP", "30"))
FAST_GAMES = int(os.environ.get("CARDLAB_CONFORMANCE_FAST", "300"))


def _id(config):
    name, options = config
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("config", list(configurations()), ids=_id)
def test_random_games_keep_every_invariant(config):
    name, options = config
    game = cardlab.game(name, **options)
    deep, fast = games_for(game)
    for seed in range(deep):
        random_game(game, seed, deep_every=1)
    for seed in range(deep, deep + fast):
        random_game(game, seed, deep_every=10)


def games_for(game: cardlab.Game) -> tuple[int, int]:
    """How many games to check in depth and fast: fewer for more than four players, whose games
    are that many times longer (a Commerce game is a deal per player, each with a turn per
    player), so every configuration is checked over about as many states."""
    share = min(1.0, 4 / game.players)
    return max(1, round(DEEP_GAMES * share)), max(1, round(FAST_GAMES * share))


#: Seeded random games played per configuration to check the samplers: at least the first
#: number, then more (up to the second) until every phase has been reached in the third's states.
SAMPLE_GAMES, SAMPLE_GAMES_MOST, SAMPLE_PHASE_STATES = 12, 300, 10


@pytest.mark.parametrize("config", list(configurations()), ids=_id)
def test_sampled_states_are_valid_and_agree_with_the_view_in_every_phase(config, capsys):
    """``bots.sample_state``, the hidden cards dealt as each game's strategy says, in every phase
    of every game (Card Commons' "answer", Commerce's barter, Contest's last turns, ...) and for
    every player's view, the player to move or not: each sample is a state the rules allow and
    looks to that player exactly like their view (conformance.check_samples). The phases
    reached, with the states checked in each, are printed (pytest -s shows them)."""
    name, options = config
    game = cardlab.game(name, **options)
    reached = sample_every_phase(game, range(SAMPLE_GAMES_MOST), games=SAMPLE_GAMES, at_least=SAMPLE_PHASE_STATES)
    with capsys.disabled():
        print(f"\n  states sampled by phase, {_id(config)}: " + ", ".join(f"{p} {n}" for p, n in reached.items()))
    assert set(reached) == set(game.phases), f"states in phases the game does not list: {reached}"
    missing = [p for p, n in reached.items() if n < SAMPLE_PHASE_STATES]
    assert not missing, f"{SAMPLE_GAMES_MOST} random games hardly reached {missing}: {reached}"


class _Trader:
    """A Commerce player who trades on 19 turns in 20, so that stocks run out and the deal that
    follows a stock-out is dealt inside the move (random players knock long before that)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, view):
        legal = game.legal_moves(view)
        trades = [m for m in legal if str(m).startswith("trade")]
        return self.rng.choice(trades if trades and self.rng.random() < 0.95 else legal)


@pytest.mark.parametrize("players", [3, 4, 7, 12])
def test_a_log_line_never_names_a_card_its_reader_could_not_see_when_the_move_was_made(players):
    """check_move_log (which random_game runs at every deep step) over Commerce games whose
    stocks run out: there a card traded face down may be dealt to another player by the deal
    that the trade's settlement starts, within the same move."""
    game = cardlab.game("commerce", players=players)
    stock_outs = 0
    for seed in range(20):
        traders = [_Trader(seed * 100 + p) for p in range(players)]
        state = game.deal(seed=seed)
        while not game.is_over(state):
            mover = game.to_move(state)
            step = game.step(state, traders[mover].choose(game, game.view(state, mover)))
            check_move_log(game, step)
            stock_outs += len(step.after.history) > len(state.history) and step.after.history[-1].end == "stock"
            state = step.after
    assert stock_outs >= 20


def test_a_stock_listed_top_first_is_caught():
    """The pile check catches a stock whose zone lists the next card drawn first (Contest's draw
    pile did, before it was listed bottom to top like every pile)."""

    class TopFirst(type(cardlab.game("contest"))):
        def zones(self, state):
            return [z._replace(cards=z.cards[::-1]) if z.kind == STOCK else z for z in super().zones(state)]

    random_game(cardlab.game("contest"), 1)  # listed bottom to top: fine
    with pytest.raises(Violation, match="cards left draw pile from below its top"):
        random_game(TopFirst(), 1)


#: every configuration the research adapters offer: the conformance sets, and Commerce with
#: every number of players
RESEARCH_CONFIGS = [*configurations(), *(("commerce", {"players": p}) for p in (5, 6, 8, 9, 10, 11))]
RESEARCH_GAMES = int(os.environ.get("CARDLAB_CONFORMANCE_RESEARCH", "12"))


@pytest.mark.parametrize("config", RESEARCH_CONFIGS, ids=_id)
def test_move_ids_length_utilities_and_information_keys(config):
    """The research declarations (docs/protocol.md): ids in range(num_moves) that read back to
    every legal move, from the state and from the mover's view, distinct for distinct moves; every
    game within max_moves; utilities within utility_range at every step (adding up to 0 in a
    zero-sum game, the final score at the end); each player's information key built move by move
    equal to information_key, and equal in two worlds exactly when the player was shown the same."""
    name, options = config
    game = cardlab.game(name, **options)
    if game.num_moves is None:
        pytest.skip(f"{name} numbers no moves (a test-only game: see test_a_game_without_numbering_says_so)")
    check_research_declarations(game)
    games = max(2, round(RESEARCH_GAMES * min(1.0, 4 / game.players)))
    for seed in range(games):
        research_game(game, seed, keys=seed < max(2, games // 2))
    for seed in range(games, games + 10 * games):  # lengths and ids over more games, fast
        research_game(game, seed, keys=False)


def test_move_numbers_per_game():
    """The sizes of the action spaces docs/protocol.md states."""
    assert cardlab.game("card-commons").num_moves == cardlab.game("card-commons", variant="peek").num_moves == 397
    assert {cardlab.game("commerce", players=p).num_moves for p in range(3, 13)} == {157}
    assert cardlab.game("commitment").num_moves == 212
    assert cardlab.game("contest").num_moves == 6_891_926
    contest = cardlab.game("contest")
    for text in ("arrange 2C 3C 4C 5C", "arrange AS KS QS JS", "claim 3 4 KS reinforce AS 4 keep 4", "mulligan"):
        move = contest.parse_move(text)
        assert contest.move_of(contest.move_id(move), contest.deal(seed=1)) == move
    last = contest.move_of(contest.num_moves - 1, contest.deal(seed=1))
    assert str(last).startswith("claim 3 4 ") and " reinforce " in str(last) and str(last).endswith(" 4 keep 4")
    with pytest.raises(ValueError):
        contest.move_of(contest.num_moves, contest.deal(seed=1))


def test_a_game_without_numbering_says_so():
    from helpers.toy_game import ToyTricks

    toy = ToyTricks()
    assert toy.num_moves is None and toy.max_moves is None
    with pytest.raises(NotImplementedError, match="numbers no moves"):
        toy.move_id(toy.legal_moves(toy.deal(seed=1))[0])
