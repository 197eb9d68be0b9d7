"""Every cardlab configuration as a PettingZoo AEC environment (the ``pettingzoo`` extra;
docs/research.md).

```python
from cardlab.pettingzoo import ENVS
env = ENVS["cardlab_commitment"]()
env.reset(seed=7)                                   # the deal of seed 7
for agent in env.agent_iter():
    observation, reward, termination, truncation, info = env.last()
    mask = observation["action_mask"]               # 1 for each legal move's Game.move_id
    action = None if termination or truncation else int(mask.nonzero()[0][0])
    env.step(action)
```

Agents are the seats: ``player_0`` is A, ``player_1`` B, and so on. An action is a
``Game.move_id`` (for a game with more than ``research.ACTION_LIMIT`` moves, Contest, a digit
of it: the agent chooses each of ``research.Actions.depth`` digits in turn); the observation is
the agent's view (``cardlab.research.Encoder``) with the mask of its legal actions;
``infos[agent]["legal_moves"]`` lists the mask's ones for the agent to move; rewards are the
changes of ``Game.utility`` (the score settled so far; the final score at the end), so an
agent's rewards add up to its utility. A game stops at ``Game.max_moves`` (a truncation).
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as err:  # pragma: no cover - exercised without the extra
    raise ImportError("cardlab.pettingzoo needs PettingZoo: pip install 'cardlab[pettingzoo]'") from err

from . import research
from .engine import Game, Move

__all__ = ["ENVS", "CardlabEnv", "env", "as_player", "observe", "legal_actions"]


class CardlabEnv(AECEnv):
    """A cardlab game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "cardlab_v0", "is_parallelizable": False}

    def __init__(self, game: Game | str, render_mode: str | None = None) -> None:
        super().__init__()
        if isinstance(game, str):
            game = research.game_for(game)
        research.check_game(game)
        num_moves = game.num_moves
        assert num_moves is not None  # (check_game refuses a game that numbers no moves)
        self.game = game
        self.name = research.name_of(game)
        self.metadata = {**self.metadata, "name": f"{self.name}_v0"}
        self.render_mode = render_mode
        self.encoder = research.encoder(game)
        self.actions = research.actions(game)
        self.possible_agents = [f"player_{p}" for p in range(game.players)]  # player_0 is seat A
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        low = min(-1.0, float(min(game.utility_range())) / self.encoder.scale)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=low,
                    high=float(max(game.deck().count(c) for c in game.deck()) + 60),
                    shape=(self.encoder.size,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions.base,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.actions.base)
        self.state: Any = None
        self.moves = 0
        self.chosen: tuple[int, ...] = ()  # the digits chosen of the move under way
        self._ids: list[int] | None = None
        self._legal: list[int] = []  # the legal actions of the agent to move, sorted
        self._deals = random.Random()  # the seeds of the deals of reset() without a seed
        self._zones: list[Any] = []  # the zones of the state ``_zones_of``
        self._zones_of: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal. As in Gymnasium, ``seed`` seeds the environment's generator once: this deal
        is the deal of ``seed``, and each later ``reset()`` without one deals the generator's next
        seed, so a run of episodes after one seeded reset repeats. Never seeded, the generator
        starts from fresh randomness."""
        if seed is not None:
            self._deals = random.Random(seed)
        deal_seed = seed if seed is not None else self._deals.randrange(1 << 63)
        self.state = self.game.deal(seed=deal_seed)
        self.moves, self.chosen, self._ids = 0, (), None
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._utility = self.game.utility(self.state)
        self._paid = False  # whether a reward of the last step was not 0
        self._informed: tuple[str, ...] = ()  # the agents whose infos hold legal moves
        self.agent_selection = self.possible_agents[_mover(self.game, self.state)]
        self._legal_info()

    def observe(self, agent: str) -> dict[str, Any]:
        seat, state = self._seat[agent], self.state
        if self._zones_of is not state:  # the zones of a state serve every agent's observation
            self._zones, self._zones_of = self.game.zones(state), state
        mask = np.zeros(self.actions.base, np.int8)
        chosen: tuple[int, ...] = ()
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            chosen = self.chosen
            mask[self.infos[agent]["legal_moves"]] = 1
        encoder = self.encoder
        ones, scaled = encoder.sparse(state, seat, zones=self._zones, chosen=chosen, utility=self._utility)
        values = np.bincount(ones, minlength=encoder.size).astype(np.float32)
        at = encoder.size - encoder.chosen_size - encoder.players
        values[at : at + encoder.players] = scaled
        return {"observation": values, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, actions, legal = self.game, self.actions, self._legal
        at = bisect.bisect_left(legal, action) if isinstance(action, (int, np.integer)) else len(legal)
        if at == len(legal) or legal[at] != action:
            raise ValueError(f"{action} is not a legal action of {agent} here: {legal}")
        chosen = self.chosen + (int(action),)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        if len(chosen) < actions.depth:  # a digit of the move: the same agent chooses the next
            self.chosen = chosen
            self._rewarded(None)
            self._legal_info()
            return
        self.chosen = ()
        # legal by the check above, so the engine's unchecked advance plays it
        self.state = game.advance(self.state, game.move_of(actions.number(chosen), self.state))
        self.moves += 1
        self._ids = None
        self._rewarded(game.utility(self.state))
        over = game.is_over(self.state)
        capped = not over and self.moves >= game.max_moves  # type: ignore[operator]
        if over or capped:
            for a in self.agents:
                self.terminations[a] = over
                self.truncations[a] = capped
        else:
            self.agent_selection = self.possible_agents[_mover(game, self.state)]
            self._legal_info()

    def _rewarded(self, utility: tuple[int, ...] | None) -> None:
        """Each agent's reward for the step just made, the change of its utility (``None``: no
        change, a digit chosen), added to the cumulative rewards (PettingZoo's
        ``_accumulate_rewards``, skipped where every reward is 0, as most steps' are)."""
        before, rewards = self._utility, self.rewards
        if utility is None or utility == before:
            if self._paid:
                for a in self.agents:
                    rewards[a] = 0.0
                self._paid = False
            return
        cumulative = self._cumulative_rewards
        for a, old, new in zip(self.possible_agents, before, utility):
            rewards[a] = reward = float(new - old)
            cumulative[a] += reward
        self._utility, self._paid = utility, True

    def _legal_ids(self) -> list[int]:
        """The numbers of the legal moves at the current state, sorted (worked out once a state)."""
        if self._ids is None:
            self._ids = self.game.legal_ids(self.state)
        return self._ids

    def _legal_info(self) -> None:
        """``infos[agent]["legal_moves"]``: the legal actions of the agent to move (the mask's
        ones, without scanning it)."""
        infos = self.infos
        for a in self._informed:  # the agent whose turn it was (a new dictionary: the old may be kept)
            infos[a] = {}
        self._legal = legal = self.actions.next_digits(self._legal_ids(), self.chosen)
        infos[self.agent_selection] = {"legal_moves": legal}
        self._informed = (self.agent_selection,)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.state.to_text()

    def close(self) -> None:
        pass


def _mover(game: Game, state: Any) -> int:
    """The player to move in ``state``, a game not over."""
    mover = game.to_move(state)
    assert mover is not None
    return mover


def legal_actions(game: Game, state: Any, chosen: tuple[int, ...] = ()) -> list[int]:
    """The legal actions at ``state`` (sorted), after the digits ``chosen`` of a move under way."""
    ids = game.legal_ids(state)
    return research.actions(game).next_digits(ids, chosen)


def observe(
    game: Game, state: Any, player: int, encoder: research.Encoder | None = None, chosen: tuple[int, ...] = ()
) -> dict[str, Any]:
    """The observation of ``player`` at ``state`` (a full state or their own view): the encoded
    view and, for the player to move, the mask of their legal actions (after the digits
    ``chosen`` of the move under way, which only the player to move has)."""
    encoder = encoder or research.encoder(game)
    view = game.view(state, player)
    mask = np.zeros(encoder.base, np.int8)
    if game.to_move(view) == player:
        mask[legal_actions(game, view, chosen)] = 1
    else:
        chosen = ()
    values = encoder.encode(state, player, chosen=chosen)
    return {"observation": np.asarray(values, np.float32), "action_mask": mask}


def env(name: str, render_mode: str | None = None) -> CardlabEnv:
    """The environment of a configuration ("cardlab_contest_ace_low")."""
    return CardlabEnv(name, render_mode)


def _maker(name: str) -> Callable[..., CardlabEnv]:
    def make(render_mode: str | None = None) -> CardlabEnv:
        return CardlabEnv(name, render_mode)

    make.__name__ = name
    make.__doc__ = f"The PettingZoo environment of {name}."
    return make


#: every configuration's name -> a constructor (``ENVS["cardlab_commerce_5"]()``)
ENVS: dict[str, Callable[..., CardlabEnv]] = {name: _maker(name) for name in research._configurations()}


class PettingZooPlayer:
    """A policy over PettingZoo observations as a cardlab computer player (docs/bots.md)."""

    def __init__(self, policy: Callable[[dict[str, Any]], int], name: str = "pettingzoo") -> None:
        self.policy, self.name = policy, name

    def choose(self, game: Game, view: Any) -> Move:
        player = game.to_move(view)
        if player is None:
            raise ValueError("the game is over: there is no move to choose")
        view = game.view(view, player)
        actions, chosen = research.actions(game), tuple[int, ...]()
        for _ in range(actions.depth):  # a move chosen in digits: the policy chooses each
            chosen += (int(self.policy(observe(game, view, player, chosen=chosen))),)
        return game.move_of(actions.number(chosen), view)


def as_player(policy: Callable[[dict[str, Any]], int], name: str = "pettingzoo") -> PettingZooPlayer:
    """A trained agent (a function from an observation ``{"observation", "action_mask"}`` to an
    action) as a cardlab computer player for ``Table(session, opponent=...)``. It sees what an
    environment shows that seat: the view and the mask."""
    return PettingZooPlayer(policy, name)


def random_policy(seed: int = 0) -> Callable[[dict[str, Any]], int]:
    """A policy that plays a uniformly random legal move (for tests and examples)."""
    rng = random.Random(seed)
    return lambda observation: rng.choice(observation["action_mask"].nonzero()[0].tolist())
