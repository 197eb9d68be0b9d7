"""cardlab.openspiel: every configuration passes OpenSpiel's own game test, and an OpenSpiel
bot plays on cardlab's side as a computer player (docs/research.md)."""

from __future__ import annotations

import random

import pytest

import cardlab

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy")
co = pytest.importorskip("cardlab.openspiel")

from cardlab import research  # noqa: E402
from cardlab.bots import HeuristicPlayer, play_game  # noqa: E402

#: random_sim_test's simulations per configuration (each a whole game, serialized at every step)
SIMS = 5


def test_every_configuration_is_registered():
    assert co.GAMES == (
        "cardlab_card_commons",
        "cardlab_card_commons_peek",
        *(f"cardlab_commerce_{p}" for p in range(3, 13)),
        "cardlab_commitment",
        "cardlab_contest",
        "cardlab_contest_ace_low",
        "cardlab_contest_pile_value_top",
        "cardlab_contest_jack_match_first",
    )
    registered = set(pyspiel.registered_names())
    assert set(co.GAMES) <= registered


@pytest.mark.parametrize("name", co.GAMES)
def test_random_sim_test(name):
    game = pyspiel.load_game(name)
    cl = research.game_for(name)
    info = game.get_type(), game
    actions = research.actions(cl)
    assert game.num_distinct_actions() == actions.base <= research.ACTION_LIMIT
    assert game.max_game_length() == cl.max_moves * actions.depth
    assert (game.min_utility(), game.max_utility()) == tuple(float(u) for u in cl.utility_range())
    assert (info[0].utility == pyspiel.GameType.Utility.ZERO_SUM) == (cl.utility_type == "zero-sum")
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["cardlab_commitment", "cardlab_contest", "cardlab_commerce_5"])
def test_the_python_answers_are_openspiel_s_own(name):
    """A state's ``is_chance_node`` and ``legal_actions``, which answer Python callers at once,
    agree with OpenSpiel's own (C++) ones at every step, chance and the end included, for
    every player; restored from its serialized form too."""
    game = pyspiel.load_game(name)
    rng = random.Random(5)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            for copy in (state, game.deserialize_state(state.serialize())):
                assert copy.is_chance_node() == pyspiel.State.is_chance_node(copy)
                assert copy.legal_actions() == pyspiel.State.legal_actions(copy)
                for player in range(game.num_players()):
                    assert copy.legal_actions(player) == pyspiel.State.legal_actions(copy, player)
            if state.is_terminal():
                assert state.legal_actions() == []
                break
            state.apply_action(rng.choice(state.legal_actions()))
    dealt = game.new_initial_state()
    for action in co.deal_actions(1):
        dealt.apply_action(action)
    for answer in (dealt.legal_actions, lambda player: pyspiel.State.legal_actions(dealt, player)):
        with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
            answer(pyspiel.PlayerId.TERMINAL)


def _dealt(game, seed):
    state = game.new_initial_state()
    for action in co.deal_actions(seed):
        assert state.is_chance_node() and len(state.chance_outcomes()) == co.SEED_OUTCOMES
        state.apply_action(action)
    return state


def test_the_deal_is_cardlab_s_deal_of_the_seed_and_play_is_cardlab_s():
    game = pyspiel.load_game("cardlab_commitment")
    cl = cardlab.game("commitment")
    seed = 0x1234_5678_9ABC_DEF0
    state = _dealt(game, seed)
    assert co.cardlab_state(state) == cl.deal(seed=seed)
    rng = random.Random(1)
    expected = cl.deal(seed=seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        expected = cl.play(expected, cl.move_of(action, expected))
        move = cl.move_of(action, co.cardlab_state(state))
        assert state.action_to_string(state.current_player(), action) == str(move)
        state.apply_action(action)
        assert co.cardlab_state(state) == expected
    assert state.returns() == [float(t) for t in cl.score(expected).totals]
    with pytest.raises(ValueError, match="no parameters"):
        co.CardlabGame_commitment({"deals": 5})


def test_information_state_strings_are_one_line_a_move_and_serialize():
    game = pyspiel.load_game("cardlab_card_commons")
    cl = cardlab.game("card-commons")
    state = _dealt(game, 3)
    rng = random.Random(2)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    for p in (0, 1):
        lines = state.information_state_string(p).split(research.KEY_SEPARATOR)
        assert lines[0] == cl.seen_at_start(cl.deal(seed=3), p) and len(lines) == 13
        assert all(len(line) < 80 for line in lines[1:])
        assert state.observation_string(p) == cl.view(co.cardlab_state(state), p).to_text()
        assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
        assert len(state.observation_tensor(p)) == game.observation_tensor_size()
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(0) == state.information_state_string(0)


def test_a_resampled_world_keeps_the_player_s_information_state():
    game = pyspiel.load_game("cardlab_contest")
    state = _dealt(game, 4)
    rng = random.Random(5)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    world = co.resample(state, player, random.Random(9))
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()
    cl = cardlab.game("contest")
    assert cl.view(co.cardlab_state(world), player) == cl.view(co.cardlab_state(state), player)


def _ismcts(spiel, seed, simulations=30):
    from open_spiel.python.algorithms import ismcts, mcts

    return ismcts.ISMCTSBot(
        spiel,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
        2.0,
        simulations,
        random_state=np.random.RandomState(seed),
        allow_inconsistent_action_sets=True,
    )


@pytest.mark.parametrize("name", ["contest", "card-commons"])
def test_an_openspiel_bot_is_a_cardlab_computer_player(name):
    """IS-MCTS, through as_player, plays whole games on cardlab's side (every move through the
    checked play), deciding from its view: two full states with the same view give its rng the
    same worlds to search, and the same choice."""
    game = cardlab.game(name)
    player = co.as_player(_ismcts(co.load(game), 1), name="IS-MCTS", seed=2)
    record = play_game(game, [player, HeuristicPlayer(seed=3)], seed=11)
    assert game.is_over(record.final)
    state = record.states[4]
    mover = game.to_move(state)
    view = game.view(state, mover)
    other = cardlab.bots.sample_state(game, view, mover, random.Random(4))
    choices = [co.as_player(_ismcts(co.load(game), 7), seed=8).choose(game, s) for s in (state, other)]
    assert choices[0] == choices[1] and game.is_legal(state, choices[0])


def test_mcts_against_the_search_player():
    """The documented example, small: OpenSpiel's MCTS on sampled worlds against cardlab's search."""
    from open_spiel.python.algorithms import mcts

    game = cardlab.game("contest")
    spiel = co.load(game)
    bot = mcts.MCTSBot(
        spiel, 2.0, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), random_state=np.random.RandomState(1)
    )
    record = play_game(game, [co.as_player(bot, name="MCTS"), cardlab.bots.SearchPlayer(seed=1, playouts=20)], seed=3)
    assert game.is_over(record.final)


def test_a_game_without_numbering_is_refused():
    from helpers.toy_game import ToyTricks

    with pytest.raises(ValueError, match="numbers no moves"):
        research.check_game(ToyTricks())
