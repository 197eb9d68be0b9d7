"""The research adapters' chance model, resampling, actions and strings (docs/research.md): a
first view never identifies the deal, a resampled world keeps the player's information state
whole, every action space is small and maps to cardlab's moves both ways, and information
strings stay bounded to a game's end."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
np = pytest.importorskip("numpy")
co = pytest.importorskip("cardlab.openspiel")
cpz = pytest.importorskip("cardlab.pettingzoo")

from cardlab import research  # noqa: E402
from cardlab.bots import sample_state  # noqa: E402

#: one configuration of each game
EACH_GAME = ("cardlab_card_commons", "cardlab_commerce_4", "cardlab_commitment", "cardlab_contest")
DEALS = 10_000
#: a move's line in an information string: who moved, the move as read, a 16-hex digest
LINE_BOUND = 60


def _dealt(game, seed):
    state = game.new_initial_state()
    for action in co.deal_actions(seed):
        state.apply_action(action)
    return state


def _info(state, player):
    return state.information_state_string(player), tuple(state.information_state_tensor(player))


def test_a_first_view_never_identifies_the_deal():
    """Over 10,000 deals drawn by the chance model (2,500 of each game), each player's first view
    is shared by a second deal with other hidden cards and another seed (so other later
    shuffles): the same view's hidden cards dealt again, as the chance model's 2**64 seeds do.
    Every tenth pair also gives the same information string and tensor (both are read from the
    view alone). No first view belongs to one deal only."""
    rng = random.Random(44)
    for name in EACH_GAME:
        game = pyspiel.load_game(name)
        cl, observer = game.cardlab, co.CardlabObserver(game, pyspiel.IIGObservationType(perfect_recall=True), None)
        views, deals = set(), set()
        for deal in range(DEALS // len(EACH_GAME)):
            seed, player = rng.getrandbits(64), rng.randrange(cl.players)
            real = cl.deal(seed=seed)
            view = cl.view(real, player)
            twin = sample_state(cl, view, player, rng)
            assert cl.view(twin, player) == view and twin.seed != real.seed, name
            deals.update((real.to_json(), twin.to_json()))
            views.add((player, view.to_text()))
            if deal % 10 == 0:
                infos = []
                for world in (real, twin):
                    state = co.CardlabState(game, research.History(cl, world))
                    observer.set_from(state, player)
                    infos.append((observer.string_from(state, player), observer.tensor.tobytes()))
                assert infos[0] == infos[1], name
        assert len(deals) >= 2 * len(views), f"{name}: {len(views)} first views, {len(deals)} deals"


def test_the_chance_nodes_list_few_outcomes_and_deal_cardlab_s_deal():
    game = pyspiel.load_game("cardlab_commitment")
    state = game.new_initial_state()
    for _ in range(co.SEED_BYTES):
        assert state.is_chance_node() and len(state.chance_outcomes()) == co.SEED_OUTCOMES
        state.apply_action(random.Random(1).randrange(co.SEED_OUTCOMES))
    assert not state.is_chance_node()
    assert co.cardlab_state(_dealt(game, 2**63 + 5)) == game.cardlab.deal(seed=2**63 + 5)


@pytest.mark.parametrize("name", co.GAMES)
def test_a_resampled_world_keeps_the_information_state_history_and_move_number(name):
    """Every few steps of two random games, a world resampled for each player gives that player
    the same string and tensor (the cards seen earlier included), the same history and move
    number, and, for the player to move, the same legal actions."""
    game = pyspiel.load_game(name)
    rng = random.Random(name)
    checked = 0
    for _ in range(2):
        state = _dealt(game, rng.getrandbits(64))
        while not state.is_terminal():
            if rng.random() < 0.15:
                for player in range(game.num_players()):
                    world = state.resample_from_infostate(player, rng.random)
                    assert _info(world, player) == _info(state, player), (name, player)
                    assert world.history() == state.history() and world.move_number() == state.move_number()
                    if state.current_player() == player:
                        assert world.legal_actions() == state.legal_actions()
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


@pytest.mark.parametrize("name", co.GAMES)
def test_actions_are_few_and_map_to_cardlab_s_moves_both_ways(name):
    cl = research.game_for(name)
    actions = research.actions(cl)
    assert actions.base <= research.ACTION_LIMIT and actions.base**actions.depth >= cl.num_moves
    assert actions.depth == (2 if cl.name == "contest" else 1)
    rng = random.Random(name)
    state = cl.deal(seed=rng.getrandbits(64))
    for _ in range(30):
        if cl.is_over(state):
            break
        legal = cl.legal_moves(state)
        for move in legal:
            digits = actions.digits(cl.move_id(move))
            assert cl.move_of(actions.number(digits), state) == move
            assert all(0 <= d < actions.base for d in digits)
        ids = sorted(cl.move_id(m) for m in legal)
        firsts = actions.next_digits(ids, ())
        assert firsts == sorted({actions.digits(n)[0] for n in ids})
        for first in firsts[:3] if actions.depth > 1 else ():
            seconds = actions.next_digits(ids, (first,))
            assert seconds == sorted(d[1] for d in map(actions.digits, ids) if d[0] == first)
        state = cl.advance(state, rng.choice(legal))


@pytest.mark.parametrize(
    "name", ["cardlab_commerce_12", "cardlab_card_commons", "cardlab_commitment", "cardlab_contest"]
)
def test_information_strings_stay_bounded_to_a_game_s_end(name):
    """At a game's end every player's string is their first view and one short line a move."""
    game = pyspiel.load_game(name)
    cl = game.cardlab
    state = _dealt(game, 2**60 + 7)
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    moves = state.history_node.length
    start = state.history_node.start().state
    for player in range(game.num_players()):
        text = state.information_state_string(player)
        first = len(cl.seen_at_start(start, player))
        assert len(text) <= first + moves * (LINE_BOUND + len(research.KEY_SEPARATOR)), (name, player, len(text))


def test_a_digit_of_a_move_is_hidden_from_the_other_player():
    game = pyspiel.load_game("cardlab_contest")
    state = _dealt(game, 2**62 + 1)
    mover = state.current_player()
    other = 1 - mover
    before = _info(state, other)
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == mover and state.chosen
    assert _info(state, other) == before
    assert _info(state, mover) != before


def test_the_environment_chooses_contest_s_moves_in_two_digits():
    env = cpz.ENVS["cardlab_contest"]()
    env.reset(seed=3)
    agent = env.agent_selection
    first = env.infos[agent]["legal_moves"]
    assert env.action_space(agent).n == research.actions(env.game).base
    with pytest.raises(ValueError, match="not a legal action"):
        env.step(max(set(range(env.action_space(agent).n)) - set(first)))
    env.step(first[0])
    assert env.agent_selection == agent and env.moves == 0
    env.step(env.infos[agent]["legal_moves"][0])
    assert env.moves == 1


class _Lowest:
    """An OpenSpiel policy that favours the lowest legal action (probabilities over the legal ones)."""

    def action_probabilities(self, state, player):
        legal = state.legal_actions(player)
        return {a: (2.0 if i == 0 else 1.0) / (len(legal) + 1) for i, a in enumerate(legal)}


def test_a_table_takes_an_openspiel_policy_as_its_computer_opponent():
    from cardlab.widgets import Table
    from helpers.widget_driver import commons_session

    session = commons_session()
    start = session.state
    table = Table(session, viewer=1, opponent=_Lowest())
    game = session.game
    assert session.moves[0] == min(game.legal_moves(start), key=game.move_id)  # the policy's choice
    assert game.to_move(session.state) == 1 and table.view["can_act"]


@pytest.mark.parametrize("game_name", ["contest", "commitment"])
def test_a_policy_player_plays_whole_games_from_its_view(game_name):
    """Through policy_player a policy plays every move (Contest's in two digits) from its view."""
    import cardlab
    from cardlab.bots import HeuristicPlayer, play_game

    game = cardlab.game(game_name)
    player = co.policy_player(_Lowest(), name="lowest")
    record = play_game(game, [player, HeuristicPlayer(seed=1)], seed=5)
    assert game.is_over(record.final)
    state = next(s for s in record.states if game.to_move(s) == 0 and len(game.legal_moves(s)) > 1)
    lowest = min(game.legal_moves(state), key=game.move_id)
    assert player.choose(game, state) == lowest == player.choose(game, game.view(state, 0))
