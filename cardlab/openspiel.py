"""Every cardlab configuration as an OpenSpiel game (the ``openspiel`` extra; docs/research.md).

```python
import pyspiel
import cardlab.openspiel                      # registers cardlab_card_commons ... cardlab_contest_jack_match_first
game = pyspiel.load_game("cardlab_commitment")
state = game.new_initial_state()              # a chance node: the deal's first byte
for action in cardlab.openspiel.deal_actions(7):
    state.apply_action(action)                # cardlab.game("commitment").deal(seed=7)
```

The deal is drawn by chance as a 64-bit seed, one byte at a time: 8 chance nodes of 256 equally
likely outcomes (``deal_actions(seed)`` are the outcomes of cardlab's deal of ``seed``). No
player sees the seed, and every later use of chance (the next round's shuffle) is drawn from it
by the engine itself, so nothing a player sees fixes the deal or later shuffles: a first view is
shared by about 2**64 / (the number of first views) deals. Actions are ``Game.move_id`` (in
digits for a game with more than ``research.ACTION_LIMIT`` moves: ``research.Actions``); a game
stops at ``Game.max_moves`` and pays ``Game.utility``. Information-state strings are one
bounded line per move (``research.History.seen``), observation strings the view's text form;
the tensors are ``cardlab.research.Encoder``'s.
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

__all__ = ["GAMES", "deal_actions", "load", "game_name", "as_player", "cardlab_state", "resample", "policy_player"]

#: the deal's chance nodes (the seed's bytes, most significant first) and each one's outcomes
SEED_BYTES, SEED_OUTCOMES = 8, 256
#: OpenSpiel's players of no seat, as plain numbers (``current_player`` is asked several times a step)
CHANCE, TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
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
        parameter_specification={},
    )


class CardlabGame(pyspiel.Game):
    """A cardlab configuration as an OpenSpiel game."""

    #: the configuration's name (each registered configuration is a subclass)
    configuration: str = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.configuration
        self.cardlab = research.game_for(name)
        research.check_game(self.cardlab)
        if params:
            raise ValueError(f"cardlab games take no parameters, got {dict(params)}")
        self.actions = research.actions(self.cardlab)
        low, high = self.cardlab.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.base,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=self.cardlab.players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=0.0 if self.cardlab.utility_type == "zero-sum" else None,
            max_game_length=(self.cardlab.max_moves or 0) * self.actions.depth,
        )
        super().__init__(_game_type(name, self.cardlab), info, {})
        self.encoder = research.encoder(self.cardlab)

    def new_initial_state(self) -> CardlabState:
        return CardlabState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CardlabObserver:
        return CardlabObserver(self, iig_obs_type, params)


class CardlabState(pyspiel.State):
    """A state of a cardlab OpenSpiel game: the seed's bytes drawn so far while dealing, then a
    cardlab state and its history, and the digits chosen so far of the move under way
    (``research.Actions``). ``earlier`` holds the actions before a resampled world's start, so
    that its ``history()`` is the one it was sampled from."""

    def __init__(
        self, game: CardlabGame, history: research.History | None = None, chosen: tuple = (), earlier: tuple = ()
    ) -> None:
        super().__init__(game)
        self.actions = game.actions
        self.history_node: research.History | None = None
        self.player = CHANCE  # current_player(), kept as the history moves on (OpenSpiel asks often)
        self._moved_to(history)
        self.dealt: tuple[int, ...] = ()
        self.chosen = chosen
        self.earlier = earlier

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

    def _moved_to(self, node: research.History | None) -> None:
        self.history_node = node
        if node is not None:
            mover = node.mover()
            self.player = TERMINAL if mover is None else mover

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    # OpenSpiel's own ``is_chance_node`` and ``legal_actions`` ask Python for the current player
    # (and whether the game is over) on every call: called from Python, these give the same
    # answers at once. C++ callers still go through OpenSpiel's (tests/test_openspiel.py).
    def is_chance_node(self) -> bool:
        return self.player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        mover = self.player
        if player is None:
            player = mover
        if mover == TERMINAL:
            return []
        if mover == CHANCE:
            return list(range(SEED_OUTCOMES))
        if player == mover:
            return self._legal_actions(player)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self.actions.next_digits(self._node.legal_ids(), self.chosen)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _SEED_OUTCOMES

    def _apply_action(self, action: int) -> None:
        if self.history_node is None:
            self.dealt += (int(action),)
            if len(self.dealt) == SEED_BYTES:
                game = self._game.cardlab
                self._moved_to(research.History(game, game.deal(seed=int.from_bytes(bytes(self.dealt), "big"))))
            return
        node = self.history_node
        actions = self.actions
        if actions.depth == 1:
            self._moved_to(node.then(node.game.move_of(action, node.state)))
            return
        chosen = self.chosen + (int(action),)
        if len(chosen) < actions.depth:
            self.chosen = chosen
            return
        self.chosen = ()
        self._moved_to(node.then(node.game.move_of(actions.number(chosen), node.state)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"the deal's seed, byte {len(self.dealt) + 1} of {SEED_BYTES}: {action}"
        actions = self._game.actions
        chosen = self.chosen + (int(action),)
        if len(chosen) < actions.depth:
            return f"digit {len(chosen)} of {actions.depth}: {action}"
        return str(self._game.cardlab.move_of(actions.number(chosen), self._node.state))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.cardlab.players
        return [float(u) for u in self._game.cardlab.utility(self._node.state)]

    def history(self) -> list[int]:
        return [*self.earlier, *super().history()]

    def full_history(self) -> list[Any]:
        return [*(pyspiel.PlayerAction(-1, a) for a in self.earlier), *super().full_history()]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        return len(self.earlier) + super().move_number()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardlabState:
        """A world ``player_id`` cannot tell from this one (for OpenSpiel's IS-MCTS): the hidden
        cards dealt again from the player's view, the player's information state (string and
        tensor), the history and the move number kept."""
        draw = probability_sampler() if callable(probability_sampler) else _RESAMPLING.random()
        return resample(self, player_id, random.Random(int(draw * 2**53)))

    def __str__(self) -> str:
        if self.history_node is None:
            return f"(the deal: {len(self.dealt)} of the seed's {SEED_BYTES} bytes drawn)"
        text = self.history_node.state.to_text()
        return text + (f"\nchosen digits: {list(self.chosen)}" if self.chosen else "")


_RESAMPLING = random.Random()
_SEED_OUTCOMES = [(byte, 1.0 / SEED_OUTCOMES) for byte in range(SEED_OUTCOMES)]


def deal_actions(seed: int) -> list[int]:
    """The chance outcomes that deal cardlab's deal of ``seed`` (0 to 2**64 - 1)."""
    return list(int(seed).to_bytes(SEED_BYTES, "big"))


def resample(state: CardlabState, player: int, rng: random.Random) -> CardlabState:
    """See :meth:`CardlabState.resample_from_infostate`; ``rng`` draws the hidden cards. The
    digits chosen of a move under way are kept for the player choosing them; for another player,
    whom they are hidden from, they are those of a legal move of the sampled world, at random."""
    game = state._game
    node = research.resampled(state._node, player, rng)
    chosen = state.chosen
    if chosen and game.cardlab.to_move(node.state) != player:
        chosen = game.actions.digits(rng.choice(node.legal_ids()))[: len(chosen)]
    return CardlabState(game, node, chosen, tuple(state.history()))


class CardlabObserver:
    """OpenSpiel's observer: the information state (perfect recall: ``research.History.key``
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

    def _chosen(self, state: CardlabState, player: int) -> tuple:
        """The digits chosen of the move under way, for the player choosing them only."""
        if (
            state.history_node is not None
            and state.chosen
            and self.game.cardlab.to_move(state.history_node.state) == player
        ):
            return state.chosen
        return ()

    def set_from(self, state: CardlabState, player: int) -> None:
        node = state.history_node
        if node is None:
            self.tensor.fill(0)
            return
        encoder = self.game.encoder
        values = encoder.encode(node.state, player, chosen=self._chosen(state, player))
        self.tensor[: encoder.size] = values
        if self.perfect_recall:
            self.tensor[encoder.size :] = 0
            encoder.seen(node, player, self.tensor, encoder.size)

    def string_from(self, state: CardlabState, player: int) -> str:
        node = state.history_node
        if node is None:
            return "(the deal)"
        chosen = self._chosen(state, player)
        tail = f"\nchosen digits: {' '.join(map(str, chosen))}" if chosen else ""
        if self.perfect_recall:
            return node.key(player) + tail
        return self.game.cardlab.view(node.state, player).to_text() + tail


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
    """The cardlab state of an OpenSpiel state."""
    return state.history_node.state


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
        digits = []
        for _ in range(spiel.actions.depth):  # a move chosen in digits: the bot chooses each
            digits.append(int(self.bot.step(state)))
            state.apply_action(digits[-1])
        return game.move_of(spiel.actions.number(digits), view)


def as_player(bot: Any, name: str = "openspiel", seed: int = 0) -> OpenSpielPlayer:
    """An OpenSpiel bot (anything with ``step(state) -> action``: ``MCTSBot``, ``ISMCTSBot``, a
    policy's bot) as a cardlab computer player for ``Table(session, opponent=...)`` and
    ``cardlab.bots.play_game``. The bot decides from the player's view only: it is handed a world
    sampled from the view (its information state is the view), and a bot that resamples
    (IS-MCTS) deals the hidden cards again from it, with this player's generator (``seed``), so
    a seeded bot plays the same moves again."""
    return OpenSpielPlayer(bot, name, seed)


class _PolicyBot:
    """An OpenSpiel policy as a bot: the most likely action (the lowest of equals), or one drawn
    from its probabilities (``greedy=False``) with a seeded generator."""

    def __init__(self, policy: Any, greedy: bool, seed: int) -> None:
        self.policy, self.greedy, self.rng = policy, greedy, random.Random(seed)

    def step(self, state: CardlabState) -> int:
        probabilities = self.policy.action_probabilities(state, state.current_player())
        legal = set(state.legal_actions())
        pairs = sorted((a, p) for a, p in probabilities.items() if a in legal and p > 0)
        if not pairs:
            raise ValueError(f"the policy gives no legal action a chance here: {probabilities}")
        if self.greedy:
            return max(pairs, key=lambda pair: (pair[1], -pair[0]))[0]
        return self.rng.choices([a for a, _ in pairs], weights=[p for _, p in pairs])[0]


def policy_player(policy: Any, name: str = "policy", greedy: bool = True, seed: int = 0) -> OpenSpielPlayer:
    """An OpenSpiel policy (``action_probabilities(state, player)``: a tabular policy, CFR's or a
    trained network's) as a cardlab computer player for ``Table(session, opponent=...)``, deciding
    from the player's view only: its most likely action, or (``greedy=False``) one drawn from its
    probabilities. ``Table`` takes such a policy itself as ``opponent`` and wraps it here."""
    return OpenSpielPlayer(_PolicyBot(policy, greedy, seed), name, seed)
