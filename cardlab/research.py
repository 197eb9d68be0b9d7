"""What the research adapters share (``cardlab.openspiel``, ``cardlab.pettingzoo``;
docs/research.md): the configurations they offer, a game's history as the information keys
see it, and the numbers a learning agent observes. Standard library only: the adapters bring
their frameworks.

Everything here reads the game protocol only (docs/protocol.md, "For research frameworks"):
``move_id``/``move_of``, ``max_moves``, ``utility``, ``seen_at_start``/``seen_in_step`` and
``view``.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from .cards import HIDDEN
from .engine import Game, Move
from .engine.seen import move_text

__all__ = ["CONFIGURATIONS", "configurations", "game_for", "History", "Encoder", "encoder", "Actions", "actions"]

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


# --- a game's history, as the information states see it -----------------------------------------


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=DIGEST_BYTES).hexdigest()


#: the bytes of the digest that stands for what a player saw of a move beside the move itself
DIGEST_BYTES = 8


class Fixed(NamedTuple):
    """What a player had seen before a resampled world's start: their information string, the
    cards they had seen in each zone (``Encoder.seen``'s places) and the moves played so far."""

    string: str
    seen: frozenset[int]
    length: int


class History:
    """One game from its start, move by move, immutable and shared: each node holds the state
    after its move, and works out (once, when first asked) what each player saw of that move.
    ``fixed`` replaces the start's entries for a player: a world sampled for a player who has
    already seen a history there (``resampled``), whose information state stays their own."""

    __slots__ = ("game", "parent", "move", "state", "length", "_seen", "_marks", "fixed", "_legal", "_over", "_mover")

    def __init__(
        self,
        game: Game,
        state: Any,
        parent: History | None = None,
        move: Any = None,
        fixed: dict[int, Fixed] | None = None,
    ) -> None:
        self.game, self.parent, self.move, self.state = game, parent, move, state
        if parent is None:
            self.length = max((f.length for f in (fixed or {}).values()), default=0)
        else:
            self.length = parent.length + 1
        self._seen: dict[int, str] = {}
        self._marks: dict[int, frozenset[int]] = {}
        self.fixed = fixed
        self._legal: list[int] | None = None
        self._over: bool | None = None
        self._mover: int | None = None

    def then(self, move: Move) -> History:
        return History(self.game, self.game.advance(self.state, move), self, move)

    def legal_ids(self) -> list[int]:
        """The numbers of the legal moves, sorted (worked out once)."""
        found = self._legal
        if found is None:
            found = self._legal = self.game.legal_ids(self.state)
        return found

    def is_over(self) -> bool:
        """Whether the game is over or stopped at its cap (``Game.max_moves``), worked out once."""
        found = self._over
        if found is None:
            cap = self.game.max_moves
            assert cap is not None  # (check_game refuses a game with no bound)
            found = self._over = self.length >= cap or self.game.is_over(self.state)
        return found

    def mover(self) -> int | None:
        """The player to move (None once over), worked out once."""
        found = self._mover
        if found is None and not self.is_over():
            found = self._mover = self.game.to_move(self.state)
        return found

    def seen(self, player: int) -> str:
        """What ``player`` saw at this node, in a bounded line: at the start, their view's text
        form; for a move, who moved, the move as they may read it (``??`` for a card they could
        not see) and a digest of everything else they saw (``Game.seen_in_step``: the narration
        they may read and their view afterwards), so that histories they cannot tell apart give
        the same lines and histories they can tell apart give different ones."""
        found = self._seen.get(player)
        if found is None:
            game = self.game
            if self.parent is None:
                fixed = (self.fixed or {}).get(player)
                found = fixed.string if fixed is not None else game.seen_at_start(self.state, player)
            else:
                step = game.step(self.parent.state, self.move)
                mover = game.to_move(step.before)
                name = game.player_names[mover] if mover is not None else "-"
                found = f"{name}: {move_text(game, step, player)} #{_digest(game.seen_in_step(step, player))}"
            self._seen[player] = found
        return found

    def key(self, player: int) -> str:
        """``player``'s information state string: one line per node (``seen``)."""
        parts = []
        node: History | None = self
        while node is not None:
            parts.append(node.seen(player))
            node = node.parent
        return KEY_SEPARATOR.join(reversed(parts))

    def marks(self, player: int, encoder: Encoder) -> frozenset[int]:
        """Every (zone, card) place of ``encoder``'s ``seen`` piece where ``player`` has seen a
        card along this history, the moves before a resampled start included."""
        found = self._marks.get(player)
        if found is None:
            if self.parent is None:
                fixed = (self.fixed or {}).get(player)
                before = fixed.seen if fixed is not None else frozenset()
            else:
                before = self.parent.marks(player, encoder)
            found = self._marks[player] = before | encoder.places(self.state, player)
        return found

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
    name: str, options: dict[str, Any], start_json: str, fixed: dict[int, Fixed] | None, ids: list[int]
) -> History:
    game = _make(name, options)
    node = History(game, game.state_from_json(start_json), fixed=fixed)
    for number in ids:
        node = node.then(game.move_of(number, node.state))
    return node


def resampled(history: History, player: int, rng: random.Random) -> History:
    """A world ``player`` cannot tell from ``history``'s position: the hidden cards dealt again
    from what the player sees now (``cardlab.bots.sample_state``: a fresh seed, so later chance
    differs too). The player's information state is kept whole (string, the cards seen so far,
    the count of moves); the other players' begin with their view of the sampled world (what
    they saw before is not sampled: like cardlab's search, the sample reads the view, not the
    past)."""
    from .bots import sample_state

    game = history.game
    world = sample_state(game, game.view(history.state, player), player, rng)
    kept = Fixed(history.key(player), history.marks(player, encoder(game)), history.length)
    return History(game, world, fixed={player: kept})


def joined(game: Game, view: Any, player: int, rng: random.Random) -> History:
    """A history for a player who joins at ``view`` (a computer player is handed a view only):
    a world sampled from it, the player's information state being their view."""
    from .bots import sample_state

    world = sample_state(game, view, player, rng)
    kept = Fixed(game.seen_at_start(view, player), encoder(game).places(view, player), 0)
    return History(game, world, fixed={player: kept})


# --- actions: a move's number, in digits when the numbers are too many ----------------------------

#: the most distinct actions an adapter offers; a game with more moves has each move chosen in digits
ACTION_LIMIT = 10_000


class Actions:
    """A configuration's actions. A game with at most :data:`ACTION_LIMIT` moves has one action
    per move, its ``Game.move_id``. A game with more (Contest: 6,891,926) has each move chosen
    in ``depth`` actions by the same player, the digits of its ``move_id`` in base ``base``, most
    significant first: Contest's are 2 digits of base 2,626. ``digits`` and ``number`` convert."""

    def __init__(self, game: Game) -> None:
        moves = game.num_moves
        assert moves is not None  # (check_game refuses a game that numbers no moves)
        depth = 1
        while _root(moves, depth) > ACTION_LIMIT:
            depth += 1
        self.depth: int = depth
        self.base: int = moves if depth == 1 else _root(moves, depth)

    # immutable: copies share it (OpenSpiel clones states, which hold it, with deepcopy)
    def __deepcopy__(self, memo: dict) -> Actions:
        return self

    def __copy__(self) -> Actions:
        return self

    def digits(self, number: int) -> tuple[int, ...]:
        out = []
        for _ in range(self.depth):
            number, digit = divmod(number, self.base)
            out.append(digit)
        return tuple(reversed(out))

    def number(self, digits: Any) -> int:
        number = 0
        for digit in digits:
            number = number * self.base + digit
        return number

    def next_digits(self, legal_ids: list[int], chosen: tuple[int, ...]) -> list[int]:
        """The digits that may follow ``chosen`` (the first digits of a move) among
        ``legal_ids``, which are sorted: so are the digits, each listed once."""
        if self.depth == 1:
            return legal_ids
        scale = self.base ** (self.depth - len(chosen) - 1)
        if not chosen:  # the first digit: every legal move's
            return sorted({n // scale for n in legal_ids})
        low = self.number(chosen) * scale * self.base
        under = legal_ids[bisect.bisect_left(legal_ids, low) : bisect.bisect_left(legal_ids, low + scale * self.base)]
        if scale == 1:
            return [n - low for n in under]
        return sorted({(n - low) // scale for n in under})


def _root(number: int, depth: int) -> int:
    """The least b with b ** depth >= number."""
    b = max(1, round(number ** (1.0 / depth)))
    while b**depth < number:
        b += 1
    while b > 1 and (b - 1) ** depth >= number:
        b -= 1
    return b


_ACTIONS: dict[Game, Actions] = {}


def actions(game: Game) -> Actions:
    """The (cached) actions of a game."""
    found = _ACTIONS.get(game)
    if found is None:
        found = _ACTIONS[game] = Actions(game)
    return found


# --- the numbers an agent observes -------------------------------------------------------------


class Encoder:
    """A player's view as a list of numbers, the same layout for every state of a configuration:

    * ``player``: who observes (one-hot over the seats);
    * ``to_move``: who is to move (one-hot over the seats, and a last place for nobody);
    * ``phase``: the phase (one-hot over ``game.phases``);
    * ``cards``: for every zone and every card of the deck, how many of that card lie there face
      up to the observer (a Joker of Commitment can be 2);
    * ``hidden``: for every zone, how many of its cards the observer may not see;
    * ``utility``: every seat's ``game.utility``, divided by the largest absolute bound;
    * ``chosen``: in a game whose moves are chosen in digits (:class:`Actions`), for the player
      to move, a one-hot of each digit already chosen of the move under way (size
      ``(depth - 1) * base``; none for the other games).

    Zones are known by name; the names are those of a few seeded random games of the
    configuration (every name a state of these games lists: tests/test_pettingzoo.py checks that
    no other appears). ``seen`` (information-state tensors) adds, for every zone and card, 1 if
    the observer has ever seen that card there (``History.marks``)."""

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
        acts = actions(game)
        self.base, self.chosen_size = acts.base, (acts.depth - 1) * acts.base
        self.pieces = (
            ("player", n),
            ("to_move", n + 1),
            ("phase", len(self.phases)),
            ("cards", z * c),
            ("hidden", z),
            ("utility", n),
            ("chosen", self.chosen_size),
        )
        self.size = sum(size for _, size in self.pieces)
        # where the pieces ``sparse`` counts in begin, and for each zone, where each card of the
        # deck (and a hidden card) counts
        self.phase_at = 2 * n + 1
        cards_at = self.phase_at + len(self.phases)
        hidden_at = cards_at + z * c
        self.chosen_at = hidden_at + z + n
        self.zone_places = [
            {card: cards_at + zi * c + i for i, card in enumerate(self.cards)} | {HIDDEN: hidden_at + zi}
            for zi in range(z)
        ]
        self.info_pieces = self.pieces + (("seen", z * c),)
        self.info_size = self.size + z * c

    def shape(self, name: str) -> tuple[int, ...]:
        z, c = len(self.zones), len(self.cards)
        return {"cards": (z, c), "seen": (z, c)}.get(name, (dict(self.info_pieces)[name],))

    def encode(
        self, state: Any, player: int, out: Any = None, *, zones: Any = None, chosen: tuple = (), utility: Any = None
    ) -> Any:
        """The observation of ``player`` (a list, or written into ``out``, a buffer of ``size``);
        ``zones``: ``game.zones(state)``, if the caller has them; ``chosen``: the digits the
        player has chosen of the move under way; ``utility``: the state's ``game.utility``, if
        the caller has it."""
        ones, scaled = self.sparse(state, player, zones=zones, chosen=chosen, utility=utility)
        values = [0.0] * self.size if out is None else out
        if out is not None:
            for i in range(self.size):
                out[i] = 0.0
        for i in ones:
            values[i] += 1.0
        at = self.size - self.chosen_size - self.players
        for p, u in enumerate(scaled):
            values[at + p] = u
        return values

    def sparse(
        self, state: Any, player: int, *, zones: Any = None, chosen: tuple = (), utility: Any = None
    ) -> tuple[list[int], list[float]]:
        """The observation as the places that count one each (a card twice in a zone is listed
        twice) and the scaled utilities: what ``encode`` writes, for a caller filling an array.

        ``state`` is a full state or the player's own view. What the player sees is read from its
        zones and who may see each, without making the view: a view shows exactly the zones its
        player may see and hides every card of the others, with the same zones, number of cards,
        player to move and phase (the protocol; every game's conformance test checks it). So the
        zones of one state serve every player's observation."""
        game = self.game
        n = self.players
        mover = game.to_move(state)
        ones = [player, n + (n if mover is None else mover)]
        phase = game.phase(state)
        if phase in self.phases:
            ones.append(self.phase_at + self.phases.index(phase))
        zone_index, zone_places = self.zone_index, self.zone_places
        for zone in game.zones(state) if zones is None else zones:
            cards = zone.cards
            zi = zone_index.get(zone.name) if cards else None
            if zi is None:
                continue
            places, start = zone_places[zi], len(ones)
            seen_by = zone.seen_by
            # ``not zone.visible_to(player)``, written out: the call would cost 4-10% of a step
            if seen_by is not None and player not in seen_by:
                ones.extend([places[HIDDEN]] * len(cards))
                continue
            try:
                ones.extend(map(places.__getitem__, cards))
            except KeyError:  # a hidden card other than HIDDEN (or a card of no deck: raises again)
                del ones[start:]
                ones.extend(places[HIDDEN if card.is_hidden else card] for card in cards)
        at = self.chosen_at
        ones.extend(at + i * self.base + digit for i, digit in enumerate(chosen))
        scaled = [u / self.scale for u in (game.utility(state) if utility is None else utility)]
        return ones, scaled

    def places(self, state: Any, player: int) -> frozenset[int]:
        """The (zone, card) places of the ``seen`` piece that ``player`` sees filled in ``state``."""
        c, found = len(self.cards), set[int]()
        for zone in self.game.zones(self.game.view(state, player)):
            zi = self.zone_index.get(zone.name)
            if zi is None:
                continue
            found.update(zi * c + self.card_index[card] for card in zone.cards if not card.is_hidden)
        return frozenset(found)

    def seen(self, history: History, player: int, out: Any, offset: int) -> None:
        """Mark in ``out[offset:]`` every card ``player`` has seen in each zone along ``history``."""
        for place in history.marks(player, self):
            out[offset + place] = 1.0


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
