"""What the research adapters share (``cardlab.openspiel``, ``cardlab.pettingzoo``;
docs/research.md): the configurations they offer, a game's history as the information keys
see it, and the numbers a learning agent observes. Standard library only: the adapters bring
their frameworks.

Everything here reads the game protocol only (docs/protocol.md, "For research frameworks"):
``move_id``/``move_of``, ``max_moves``, ``utility``, ``seen_at_start``/``seen_in_step`` and
``view``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .engine import Game, Move

__all__ = ["CONFIGURATIONS", "configurations", "game_for", "History", "Encoder", "encoder"]

KEY_SEPARATOR = "\n--\n"  # between the entries of an information key (Game.information_key)


def configurations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every configuration the adapters offer, as (name, game name, options), game by game in the
    registry's order: a game with a ranged option (Commerce's ``players``, 3 to 12) with each of
    its values ("cardlab_commerce_3" ...), any other with its conformance option sets
    ("cardlab_contest_ace_low"; a variant by its name alone, "cardlab_card_commons_peek"). A game
    that numbers no moves is left out."""
    from .games import game_class, names

    for game_name in names():
        cls, base = game_class(game_name), "cardlab_" + game_name.replace("-", "_")
        ranged = cls.options_class.ranged()
        if ranged:
            for option, (low, high, _) in ranged.items():
                for value in range(low, high + 1):
                    if _numbers_moves(_make(game_name, {option: value})):
                        yield f"{base}_{value}", game_name, {option: value}
            continue
        for options in cls.conformance:
            if _numbers_moves(_make(game_name, dict(options))):
                suffix = "".join(f"_{v}" if k == "variant" else f"_{k}_{v}" for k, v in options.items())
                yield (base + suffix).replace("-", "_"), game_name, dict(options)


def _numbers_moves(game: Game) -> bool:
    return game.num_moves is not None and game.max_moves is not None


def _make(name: str, options: dict[str, Any]) -> Game:
    import cardlab

    return cardlab.game(name, **options)


#: name -> (game name, options), in the order of :func:`configurations`
CONFIGURATIONS: dict[str, tuple[str, dict[str, Any]]] = {}


def _configurations() -> dict[str, tuple[str, dict[str, Any]]]:
    if not CONFIGURATIONS:
        CONFIGURATIONS.update({name: (game, options) for name, game, options in configurations()})
    return CONFIGURATIONS


def game_for(name: str) -> Game:
    """The cardlab game of a configuration's name ("cardlab_commerce_5")."""
    table = _configurations()
    if name not in table:
        raise ValueError(f"no cardlab configuration is called {name!r}; they are: {', '.join(table)}")
    game_name, options = table[name]
    return _make(game_name, options)


def name_of(game: Game) -> str:
    """The configuration's name of a cardlab game (its options as the conformance sets give them)."""
    for name, (game_name, options) in _configurations().items():
        if game_name == game.name and options == game.options:
            return name
    raise ValueError(f"{game!r} is not one of the configurations the adapters offer")


def check_game(game: Game) -> None:
    """A clear error for a game the adapters cannot offer."""
    if game.num_moves is None:
        raise ValueError(f"{game!r} numbers no moves (Game.move_id): the adapters need one (docs/protocol.md)")
    if game.max_moves is None:
        raise ValueError(f"{game!r} declares no bound on a game's length (Game.max_moves)")


# --- a game's history, as the information keys see it --------------------------------------------


class History:
    """One game from its start, move by move, immutable and shared: each node holds the state
    after its move, and works out (once, when first asked) what each player saw of that move.
    ``fixed`` replaces the start's entries: a world sampled for a player who has already seen a
    history there (``resampled``), whose key must stay that player's own."""

    __slots__ = ("game", "parent", "move", "state", "length", "_seen", "fixed")

    def __init__(
        self,
        game: Game,
        state: Any,
        parent: History | None = None,
        move: Move | None = None,
        fixed: dict[int, str] | None = None,
    ) -> None:
        self.game, self.parent, self.move, self.state = game, parent, move, state
        self.length: int = 0 if parent is None else parent.length + 1
        self._seen: dict[int, str] = {}
        self.fixed = fixed

    def then(self, move: Move) -> History:
        return History(self.game, self.game.advance(self.state, move), self, move)

    def seen(self, player: int) -> str:
        """What ``player`` saw at this node: the start's view, or of this node's move."""
        found = self._seen.get(player)
        if found is None:
            if self.parent is None:
                if self.fixed is not None and player in self.fixed:
                    found = self.fixed[player]
                else:
                    found = self.game.seen_at_start(self.state, player)
            else:
                assert self.move is not None  # (a node after the start was reached by a move)
                step = self.game.step(self.parent.state, self.move)
                found = self.game.seen_in_step(step, player)
            self._seen[player] = found
        return found

    def key(self, player: int) -> str:
        """``player``'s information key (``Game.information_key``)."""
        parts = []
        node: History | None = self
        while node is not None:
            parts.append(node.seen(player))
            node = node.parent
        return KEY_SEPARATOR.join(reversed(parts))

    def nodes(self) -> list[History]:
        out = []
        node: History | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def moves(self) -> list[Any]:
        return [n.move for n in self.nodes()[1:]]

    def start(self) -> History:
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    # immutable: copies share it (OpenSpiel clones states with deepcopy)
    def __deepcopy__(self, memo: dict) -> History:
        return self

    def __copy__(self) -> History:
        return self

    def __reduce__(self) -> tuple:
        start = self.start()
        from . import games as _games  # noqa: F401  (registers the games before unpickling)

        return (
            _rebuild,
            (
                self.game.name,
                self.game.options,
                start.state.to_json(),
                start.fixed,
                [self.game.move_id(m) for m in self.moves()],
            ),
        )


def _rebuild(
    name: str, options: dict[str, Any], start_json: str, fixed: dict[int, str] | None, ids: list[int]
) -> History:
    game = _make(name, options)
    node = History(game, game.state_from_json(start_json), fixed=fixed)
    for number in ids:
        node = node.then(game.move_of(number, node.state))
    return node


def resampled(history: History, player: int, rng: random.Random) -> History:
    """A world ``player`` cannot tell from ``history``'s position: the hidden cards dealt again
    from what the player sees now (``cardlab.bots.sample_state``: a fresh seed, so later chance
    differs too), the player's key kept as it is. It starts a new history there, so the other
    players' keys in it begin with their view of the sampled world (what they saw before is not
    sampled: like cardlab's search, the sample reads the view, not the past)."""
    from .bots import sample_state

    game = history.game
    world = sample_state(game, game.view(history.state, player), player, rng)
    return History(game, world, fixed={player: history.key(player)})


def joined(game: Game, view: Any, player: int, rng: random.Random) -> History:
    """A history for a player who joins at ``view`` (a computer player is handed a view only):
    a world sampled from it, the player's key being their view."""
    from .bots import sample_state

    world = sample_state(game, view, player, rng)
    return History(game, world, fixed={player: game.seen_at_start(view, player)})


# --- the numbers an agent observes -------------------------------------------------------------


class Encoder:
    """A player's view as a list of numbers, the same layout for every state of a configuration:

    * ``player``: who observes (one-hot over the seats);
    * ``to_move``: who is to move (one-hot over the seats, and a last place for nobody);
    * ``phase``: the phase (one-hot over ``game.phases``);
    * ``cards``: for every zone and every card of the deck, how many of that card lie there face
      up to the observer (a Joker of Commitment can be 2);
    * ``hidden``: for every zone, how many of its cards the observer may not see;
    * ``utility``: every seat's ``game.utility``, divided by the largest absolute bound.

    Zones are known by name; the names are those of a few seeded random games of the
    configuration (every name a state of these games lists: tests/test_pettingzoo.py checks that
    no other appears). ``seen`` (information-state tensors) adds, for every zone and card, 1 if
    the observer has ever seen that card there."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players
        self.cards = sorted(set(game.deck()), key=lambda c: c.code)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.zones = zone_names(game)
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.phases = tuple(game.phases)
        low, high = game.utility_range()
        self.scale = float(max(abs(low), abs(high), 1))
        n, z, c = self.players, len(self.zones), len(self.cards)
        self.pieces = (
            ("player", n),
            ("to_move", n + 1),
            ("phase", len(self.phases)),
            ("cards", z * c),
            ("hidden", z),
            ("utility", n),
        )
        self.size = sum(size for _, size in self.pieces)
        self.info_pieces = self.pieces + (("seen", z * c),)
        self.info_size = self.size + z * c

    def shape(self, name: str) -> tuple[int, ...]:
        z, c = len(self.zones), len(self.cards)
        return {"cards": (z, c), "seen": (z, c)}.get(name, (dict(self.info_pieces)[name],))

    def encode(self, state: Any, player: int, out: Any = None, *, view: Any = None) -> Any:
        """The observation of ``player`` (a list, or written into ``out``, a buffer of ``size``)."""
        game = self.game
        if view is None:
            view = game.view(state, player)
        values = [0.0] * self.size if out is None else out
        if out is not None:
            for i in range(self.size):
                out[i] = 0.0
        n = self.players
        values[player] = 1.0
        mover = game.to_move(view)
        values[n + (n if mover is None else mover)] = 1.0
        at = 2 * n + 1
        phase = game.phase(view)
        if phase in self.phases:
            values[at + self.phases.index(phase)] = 1.0
        at += len(self.phases)
        c = len(self.cards)
        hidden_at = at + len(self.zones) * c
        for zone in game.zones(view):
            zi = self.zone_index.get(zone.name)
            if zi is None:
                continue
            for card in zone.cards:
                if card.is_hidden:
                    values[hidden_at + zi] += 1.0
                else:
                    values[at + zi * c + self.card_index[card]] += 1.0
        at = hidden_at + len(self.zones)
        for p, u in enumerate(game.utility(state)):
            values[at + p] = u / self.scale
        return values

    def seen(self, history: History, player: int, out: Any, offset: int) -> None:
        """Mark in ``out[offset:]`` every card ``player`` has seen in each zone along ``history``."""
        c = len(self.cards)
        for node in history.nodes():
            for zone in self.game.zones(self.game.view(node.state, player)):
                zi = self.zone_index.get(zone.name)
                if zi is None:
                    continue
                for card in zone.cards:
                    if not card.is_hidden:
                        out[offset + zi * c + self.card_index[card]] = 1.0


_ZONES: dict[Game, tuple[str, ...]] = {}
_ENCODERS: dict[Game, Encoder] = {}
ZONE_GAMES = 20


def zone_names(game: Game, games: int = ZONE_GAMES) -> tuple[str, ...]:
    """Every zone name the states of ``games`` seeded random games list, sorted."""
    found = _ZONES.get(game)
    if found is None:
        names: set[str] = set()
        for seed in range(games):
            rng = random.Random(seed)
            state = game.deal(seed=seed)
            moves = 0
            while True:
                names.update(z.name for z in game.zones(state))
                if game.is_over(state) or moves >= game.max_moves:  # type: ignore[operator]
                    break
                state = game.advance(state, rng.choice(game.legal_moves(state)))
                moves += 1
        found = _ZONES[game] = tuple(sorted(names))
    return found


def encoder(game: Game) -> Encoder:
    """The (cached) encoder of a game."""
    found = _ENCODERS.get(game)
    if found is None:
        found = _ENCODERS[game] = Encoder(game)
    return found
