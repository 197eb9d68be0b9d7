"""cardlab.pettingzoo: every configuration passes PettingZoo's own API test, and a policy
over its observations plays on cardlab's side as a computer player (docs/research.md)."""

from __future__ import annotations

import random

import pytest

import cardlab

pz_test = pytest.importorskip("pettingzoo.test", reason="the pettingzoo extra is not installed")
cpz = pytest.importorskip("cardlab.pettingzoo")
np = pytest.importorskip("numpy")

from cardlab import research  # noqa: E402
from cardlab.bots import HeuristicPlayer, play_game  # noqa: E402

# api_test's advice for plain observations; cardlab's carry an action mask, as PettingZoo's
# classic games' do
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


def test_every_configuration_has_an_environment():
    assert list(cpz.ENVS) == list(research._configurations())
    assert len(cpz.ENVS) == 17


@pytest.mark.parametrize("name", list(cpz.ENVS))
def test_api_test(name):
    pz_test.api_test(cpz.ENVS[name](), num_cycles=10, verbose_progress=False)


@pytest.mark.parametrize("name", ["cardlab_commerce_4", "cardlab_card_commons_peek", "cardlab_contest"])
def test_a_whole_game_pays_the_utilities_and_masks_the_legal_moves(name):
    env = cpz.ENVS[name]()
    game = env.game
    env.reset(seed=5)
    rng = random.Random(5)
    totals = {a: 0.0 for a in env.possible_agents}
    expected = game.deal(seed=5)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = game.legal_moves(expected)
        assert env.observation_space(agent)["observation"].contains(observation["observation"])
        move = rng.choice(legal)
        digits = env.actions.digits(game.move_id(move))
        for i, digit in enumerate(digits):  # Contest's moves in two digits, the others in one
            observation = env.observe(agent) if i else observation
            ids = sorted(game.move_id(m) for m in legal if env.actions.digits(game.move_id(m))[:i] == digits[:i])
            assert observation["action_mask"].nonzero()[0].tolist() == sorted({env.actions.digits(n)[i] for n in ids})
            assert env.agent_selection == agent
            env.step(digit)
        expected = game.play(expected, move)
    assert env.state == expected and game.is_over(expected)
    assert [totals[a] for a in env.possible_agents] == [float(u) for u in game.utility(expected)]


def _plain_observation(env, agent):
    """The observation as docs/research.md lays it out, read afresh from the player's view."""
    game, encoder, seat = env.game, env.encoder, env.possible_agents.index(agent)
    view = game.view(env.state, seat)
    pieces = {name: np.zeros(encoder.shape(name), np.float32) for name, _ in encoder.pieces}
    pieces["player"][seat] = 1
    mover = game.to_move(view)
    pieces["to_move"][game.players if mover is None else mover] = 1
    if game.phase(view) in encoder.phases:
        pieces["phase"][encoder.phases.index(game.phase(view))] = 1
    for zone in game.zones(view):
        z = encoder.zones.index(zone.name)
        for card in zone.cards:
            if card.is_hidden:
                pieces["hidden"][z] += 1
            else:
                pieces["cards"][z, encoder.cards.index(card)] += 1
    pieces["utility"][:] = [u / encoder.scale for u in game.utility(env.state)]
    mine = agent == env.agent_selection and not (env.terminations[agent] or env.truncations[agent])
    for i, digit in enumerate(env.chosen if mine else ()):
        pieces["chosen"][i * encoder.base + digit] = 1
    return np.concatenate([pieces[name].ravel() for name, _ in encoder.pieces])


@pytest.mark.parametrize("name", list(cpz.ENVS))
def test_every_observation_is_the_documented_layout_of_the_player_s_view(name):
    env = cpz.ENVS[name]()
    rng, steps = random.Random(7), 0
    for deal in (7, 8):
        env.reset(seed=deal)
        for _ in env.agent_iter():
            steps += 1
            for other in env.possible_agents:
                assert env.observe(other)["observation"].tolist() == _plain_observation(env, other).tolist()
            _, _, termination, truncation, info = env.last()
            env.step(None if termination or truncation else rng.choice(info["legal_moves"]))
    assert steps > 2 * env.game.players


def test_the_zone_names_of_the_tensors_cover_every_state():
    """The encoder knows zones by the names of a few seeded games; more games list no other."""
    for name in research._configurations():
        game = research.game_for(name)
        known = set(research.zone_names(game))
        for seed in range(100, 110):
            state, rng = game.deal(seed=seed), random.Random(seed)
            while not game.is_over(state):
                assert {z.name for z in game.zones(state)} <= known, name
                state = game.advance(state, rng.choice(game.legal_moves(state)))


def test_a_policy_is_a_cardlab_computer_player():
    game = cardlab.game("commitment")
    player = cpz.as_player(cpz.random_policy(seed=1), name="random policy")
    record = play_game(game, [player, HeuristicPlayer(seed=2)], seed=4)
    assert game.is_over(record.final)


def test_one_seeded_reset_makes_the_following_episodes_repeat_as_in_gymnasium():
    def deals(env, seeded_first: bool) -> list:
        env.reset(seed=11) if seeded_first else env.reset()
        found = [env.state]
        for _ in range(3):
            env.reset()
            found.append(env.state)
        return found

    first, again = deals(cpz.ENVS["cardlab_commitment"](), True), deals(cpz.ENVS["cardlab_commitment"](), True)
    assert first == again and first[0] == cpz.ENVS["cardlab_commitment"]().game.deal(seed=11)
    assert len({state.to_json() for state in first}) == 4  # each episode a new deal
    unseeded = deals(cpz.ENVS["cardlab_commitment"](), False)
    assert unseeded != deals(cpz.ENVS["cardlab_commitment"](), False)  # never seeded: fresh randomness


@pytest.mark.parametrize("name", ["cardlab_commitment", "cardlab_contest"])
def test_an_action_may_be_a_numpy_integer_and_an_illegal_one_changes_nothing(name):
    env = cpz.ENVS[name]()
    env.reset(seed=2)
    agent = env.agent_selection
    legal = env.infos[agent]["legal_moves"]
    illegal = next(a for a in range(env.actions.base) if a not in legal)
    for action in (illegal, -1, env.actions.base, 1.0, "0", None if legal else 0):
        with pytest.raises(ValueError, match="not a legal action"):
            env.step(action)
        assert env.agent_selection == agent and env.infos[agent]["legal_moves"] == legal and env.chosen == ()
    mask = env.observe(agent)["action_mask"]
    env.step(mask.nonzero()[0][-1])  # a NumPy integer, as a masked policy gives it
    assert env.chosen == (legal[-1],) if env.actions.depth > 1 else env.moves == 1
