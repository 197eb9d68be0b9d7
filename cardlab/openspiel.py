"""Every cardlab configuration as an OpenSpiel game (the ``openspiel`` extra; docs/research.md).

```python
import pyspiel
import cardlab.openspiel                      # registers cardlab_card_commons ... cardlab_contest_jack_match_first
game = pyspiel.load_game("cardlab_commitment")
state = game.new_initial_state()              # a chance node: the deal
state.apply_action(7)                         # the deal of seed 7: cardlab.game("commitment").deal(seed=7)
```

The deal is one chance outcome per seed: outcome ``i`` of ``deals`` (a game parameter, default
10,000) is cardlab's deal of seed ``first_seed + i``, and every later use of chance (the next
round's shuffle) is drawn from that seed by the engine itself, so each OpenSpiel game is exactly
cardlab's game over those deals. Actions are ``Game.move_id``; a game stops at ``Game.max_moves``
(the caps of docs/rules/card-commons.md and commerce.md) and pays ``Game.utility``.
Information-state strings are ``Game.information_key``, observation strings the view's text
form; the tensors are ``cardlab.research.Encoder``'s.
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as err:  # pragma: no cover - exercised without the extra
    raise ImportError("cardlab.openspiel needs OpenSpiel: pip install 'cardlab[openspiel]'") from err

from . import research
from .engine import Game, Move

__all__ = ["GAMES", "load", "game_name", "as_player", "cardlab_state", "resample", "DEALS"]

#: the deals a game is played over, by default (outcome i is the deal of seed first_seed + i)
DEALS = 10_000
#: the name of every registered configuration
GAMES: tuple[str, ...] = tuple(research._configurations())


def _game_type(name: str, game: Game) -> Any:
    zero_sum = game.utility_type == "zero-sum"
    return pyspiel.GameType(
        short_name=name,
        long_name=f"cardlab {game.title}" + "".join(f" {k}={v}" for k, v in game.options.items()),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players,
        min_num_players=game.players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"deals": DEALS, "first_seed": 0},
    )


class CardlabGame(pyspiel.Game):
    """A cardlab configuration as an OpenSpiel game."""

    #: the configuration's name (each registered configuration is a subclass)
    configuration: str = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.configuration
        self.cardlab = research.game_for(name)
        research.check_game(self.cardlab)
        params = dict(params or {})
        self.deals = int(params.get("deals", DEALS))
        self.first_seed = int(params.get("first_seed", 0))
        if self.deals < 1 or self.first_seed < 0:
            raise ValueError("deals is at least 1 and first_seed at least 0")
        low, high = self.cardlab.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.cardlab.num_moves,
            max_chance_outcomes=self.deals,
            num_players=self.cardlab.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0 if self.cardlab.utility_type == "zero-sum" else None,
            max_game_length=self.cardlab.max_moves,
        )
        super().__init__(_game_type(name, self.cardlab), info, {"deals": self.deals, "first_seed": self.first_seed})
        self.encoder = research.encoder(self.cardlab)

    def new_initial_state(self) -> CardlabState:
        return CardlabState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardlabObserver:
        return CardlabObserver(self, iig_obs_type, params)


class CardlabState(pyspiel.State):
    """A state of a cardlab OpenSpiel game: the deal to draw, or a cardlab state and its history."""

    def __init__(self, game: CardlabGame, history: research.History | None = None) -> None:
        super().__init__(game)
        self.history_node = history

    @property
    def _game(self) -> CardlabGame:
        # not an attribute: OpenSpiel pickles a state's attributes to serialize it
        return self.get_game()

    # -- the OpenSpiel state ---------------------------------------------------------------------

    @property
    def cardlab_state(self) -> Any:
        return None if self.history_node is None else self.history_node.state

    @property
    def _node(self) -> research.History:
        """The history, once the deal is drawn: OpenSpiel asks for moves and results only then."""
        assert self.history_node is not None
        return self.history_node

    def _capped(self) -> bool:
        cap = self._game.cardlab.max_moves
        assert cap is not None  # (research.check_game refuses a game with no bound)
        return self._node.length >= cap

    def current_player(self) -> int:
        if self.history_node is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        mover = self._game.cardlab.to_move(self.history_node.state)
        assert mover is not None  # (a game not over has a player to move)
        return mover

    def is_terminal(self) -> bool:
        node = self.history_node
        return node is not None and (self._game.cardlab.is_over(node.state) or self._capped())

    def _legal_actions(self, player: int) -> list[int]:
        game = self._game.cardlab
        return sorted(game.move_id(m) for m in game.legal_moves(self._node.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._game.deals
        return [(i, p) for i in range(self._game.deals)]

    def _apply_action(self, action: int) -> None:
        game = self._game.cardlab
        if self.history_node is None:
            self.history_node = research.History(game, game.deal(seed=self._game.first_seed + int(action)))
            return
        move = game.move_of(int(action), self.history_node.state)
        self.history_node = self.history_node.then(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {self._game.first_seed + action}"
        state = self.history_node.state if self.history_node is not None else None
        return str(self._game.cardlab.move_of(int(action), state))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.cardlab.players
        return [float(u) for u in self._game.cardlab.utility(self._node.state)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardlabState:
        """A world ``player_id`` cannot tell from this one (for OpenSpiel's IS-MCTS): the hidden
        cards dealt again from the player's view, the player's information state kept."""
        draw = probability_sampler() if callable(probability_sampler) else _RESAMPLING.random()
        return resample(self, player_id, random.Random(int(draw * 2**53)))

    def __str__(self) -> str:
        if self.history_node is None:
            return "(the deal)"
        return self.history_node.state.to_text()


_RESAMPLING = random.Random()


def resample(state: CardlabState, player: int, rng: random.Random) -> CardlabState:
    """See :meth:`CardlabState.resample_from_infostate`; ``rng`` draws the hidden cards."""
    return CardlabState(state._game, research.resampled(state._node, player, rng))


class CardlabObserver:
    """OpenSpiel's observer: the information state (perfect recall: ``Game.information_key``
    and the tensor with the cards ever seen) or the observation (the view)."""

    def __init__(self, game: CardlabGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"cardlab observers take no parameters, got {params}")
        self.game = game
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        encoder = game.encoder
        pieces = encoder.info_pieces if self.perfect_recall else encoder.pieces
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at : at + size].reshape(encoder.shape(name))
            at += size

    def set_from(self, state: CardlabState, player: int) -> None:
        self.tensor.fill(0)
        node = state.history_node
        if node is None:
            return
        encoder = self.game.encoder
        values = encoder.encode(node.state, player)
        self.tensor[: encoder.size] = values
        if self.perfect_recall:
            encoder.seen(node, player, self.tensor, encoder.size)

    def string_from(self, state: CardlabState, player: int) -> str:
        node = state.history_node
        if node is None:
            return "(the deal)"
        if self.perfect_recall:
            return node.key(player)
        return self.game.cardlab.view(node.state, player).to_text()


def _register() -> None:
    for name in GAMES:
        game = research.game_for(name)
        cls = type(
            "CardlabGame_" + name[len("cardlab_") :], (CardlabGame,), {"configuration": name, "__module__": __name__}
        )
        globals()[cls.__name__] = cls
        pyspiel.register_game(_game_type(name, game), cls)


_register()


# --- helpers ----------------------------------------------------------------------------------------


def game_name(game: Game) -> str:
    """The OpenSpiel name of a cardlab game ("cardlab_commerce_5")."""
    return research.name_of(game)


def load(game: Game | str, **params: Any) -> CardlabGame:
    """The OpenSpiel game of a cardlab game (or of its OpenSpiel name)."""
    name = game if isinstance(game, str) else game_name(game)
    return pyspiel.load_game(name, params) if params else pyspiel.load_game(name)


def cardlab_state(state: Any) -> Any:
    """The cardlab state of an OpenSpiel state (None at the deal)."""
    return state.history_node.state if state.history_node is not None else None


def state_at(game: CardlabGame, view: Any, player: int, rng: random.Random) -> CardlabState:
    """An OpenSpiel state for a player handed only their view (cardlab's player interface): a
    world sampled from the view, whose information state for the player is the view itself."""
    return CardlabState(game, research.joined(game.cardlab, view, player, rng))


class OpenSpielPlayer:
    """An OpenSpiel bot as a cardlab computer player (docs/bots.md: ``choose(game, view)``)."""

    def __init__(self, bot: Any, name: str = "openspiel", seed: int = 0, params: dict | None = None) -> None:
        self.bot, self.name = bot, name
        self.rng = random.Random(seed)
        self.params = params or {}
        self._games: dict[Game, CardlabGame] = {}
        if hasattr(bot, "set_resampler"):  # IS-MCTS: its worlds drawn from this player's seeded generator
            bot.set_resampler(lambda state, player: resample(state, player, self.rng))

    def choose(self, game: Game, view: Any) -> Move:
        player = game.to_move(view)
        if player is None:
            raise ValueError("the game is over: there is no move to choose")
        view = game.view(view, player)  # a full state handed by mistake: only the player's view counts
        legal = game.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        spiel = self._games.get(game)
        if spiel is None:
            spiel = self._games[game] = load(game, **self.params)
        state = state_at(spiel, view, player, self.rng)
        action = self.bot.step(state)
        return game.move_of(int(action), view)


def as_player(bot: Any, name: str = "openspiel", seed: int = 0) -> OpenSpielPlayer:
    """An OpenSpiel bot (anything with ``step(state) -> action``: ``MCTSBot``, ``ISMCTSBot``, a
    policy's bot) as a cardlab computer player for ``Table(session, opponent=...)`` and
    ``cardlab.bots.play_game``. The bot decides from the player's view only: it is handed a world
    sampled from the view (its information state is the view), and a bot that resamples
    (IS-MCTS) deals the hidden cards again from it, with this player's generator (``seed``), so
    a seeded bot plays the same moves again."""
    return OpenSpielPlayer(bot, name, seed)
