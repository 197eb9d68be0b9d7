"""The protocol every game implements: :class:`Game` (its rules and options, and checked play)
and :class:`State`, the base of every game's immutable states."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar, cast

from ..cards import Card
from ..errors import IllegalMove, NotationError, StateError
from . import explain, markup
from .codec import read_state, write_state
from .explain import Explanation, Reason
from .notation import TextForm
from .options import Options
from .results import Breakdown, Event, Move, Round, Step
from .seen import move_text
from .table import Layout, Zone


class State:
    """Base class of every game's state. States are frozen dataclasses: compare them with
    ``==``, keep them in lists (that is all a history is), never change them.

    A state knows its game: the :class:`Game` class whose ``state_class`` it is (set when
    that class is defined), with the options the state carries.
    """

    __slots__ = ()
    #: The game class this state belongs to.
    game_class: ClassVar[type[Game[Any]]]

    @property
    def game(self) -> Game[Any]:
        """The game, with the options, that this state belongs to."""
        return self.game_class.for_state(self)

    def to_json(self) -> str:
        """A versioned, lossless JSON text; read it back with ``game.state_from_json``."""
        return write_state(self.game_class.name, self)

    def to_text(self) -> str:
        """A short, human-editable text; read it back with ``game.state_from_text``."""
        return self.game.to_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        return self.game.state_html(self)


#: What a game's ``numbering.py`` may define, and the :class:`Game` attribute each becomes
#: (``class X(Game, numbering=numbering)``; docs/protocol.md, "For research frameworks").
NUMBERING_PARTS = {
    "NUM_MOVES": "num_moves",
    "MOVE_NUMBERING": "move_numbering",
    "UTILITY_TYPE": "utility_type",
    "move_id": "move_id",
    "move_of": "move_of",
    "legal_ids": "legal_ids",
    "max_moves": "max_moves",
    "utility_range": "utility_range",
    "utility": "utility",
}
#: What a game's ``explain.py`` may define for its class (``class X(Game, explained=explain)``).
EXPLAINED_PARTS = {"card_role": "card_role", "situation": "situation"}


#: a game's state class (``Game[CommonsState]``: Card Commons' rules take and give its states)
S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """A game's rules with its options, over its states ``S``. Subclasses implement the abstract
    methods."""

    #: the name ``cardlab.game`` knows the game by ("card-commons")
    name: ClassVar[str] = ""
    #: other names ``cardlab.game`` accepts ("commons")
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    #: the state class of this game (its ``game_class`` is set to the game class)
    state_class: ClassVar[type]
    #: rule-id prefix, e.g. "commons"
    rules_prefix: ClassVar[str] = ""
    #: the game's options (one frozen value, carried by every state as its ``options`` field)
    options_class: ClassVar[type[Options]] = Options
    #: the option sets the conformance test, the tests of every game and the benchmarks play
    conformance: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    #: every phase a state of this game can be in (see :meth:`phase`), in the order they come
    phases: ClassVar[tuple[str, ...]] = ("play", "game-over")
    #: the rule an explanation cites for whose turn it is (default: ``<rules_prefix>.turn``)
    turn_rule: ClassVar[str] = ""
    #: What a score counts in a learner's words: "points", or "chips" for a game played for money
    #: (a lesson's score feedback says "+2 chips for B" then, not "B scores 2 points").
    score_unit: ClassVar[str] = "points"
    #: whether a settled round's cards stay on the table (the state waits at the round's end, as
    #: Card Commons' does): a table then shows the showdown beside them; otherwise (Commerce,
    #: which deals the next deal at once) the showdown takes the tableau's place
    round_end_on_table: ClassVar[bool] = False

    #: number of players (set by each game's __init__)
    players: int = 2

    def __init__(self, **options: Any) -> None:
        #: the options this game is played with (an :class:`Options`)
        self.settings = self.options_class.make(self.title or self.name, options)

    def __init_subclass__(
        cls, *, numbering: ModuleType | None = None, explained: ModuleType | None = None, **kwargs: Any
    ) -> None:
        """``class X(Game, numbering=numbering, explained=explain)``: the game's numbering module
        gives the class what it defines of :data:`NUMBERING_PARTS` (moves as numbers, the bound
        on a game's length, the utilities), and its explain module its ``card_role`` and
        ``situation``; what the class defines itself is kept."""
        super().__init_subclass__(**kwargs)
        state_class = cls.__dict__.get("state_class")
        if state_class is not None:
            state_class.game_class = cls
        for module, parts in ((numbering, NUMBERING_PARTS), (explained, EXPLAINED_PARTS)):
            for part, attribute in parts.items() if module is not None else ():
                if hasattr(module, part) and attribute not in cls.__dict__:
                    setattr(cls, attribute, getattr(module, part))

    # -- what a game module implements ---------------------------------------------------------

    @abstractmethod
    def deal(self, seed: int | None = None, deck: Iterable[Card | str] | str | None = None) -> S:
        """The starting state. ``seed`` shuffles; ``deck`` stacks the cards (order documented)."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[Move]:
        """Every move the player to act may make, each distinct choice listed once."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move's notation, or raise :class:`NotationError` pointing at the problem."""

    @abstractmethod
    def _check(self, state: S, move: Move) -> Any:
        """Raise :class:`IllegalMove` (naming the rule and the reason) if ``move`` is illegal.

        Otherwise return what the check worked out that :meth:`_apply` can use (or None):
        ``play`` hands it on, so the work is not done twice and the game keeps no state."""

    @abstractmethod
    def _apply(self, state: S, move: Move, log: list[Event] | None, checked: Any = None) -> S:
        """The state after a legal ``move``; narrate into ``log`` unless it is None. ``checked``
        is what :meth:`_check` returned for this state and move, or None when it was not run
        (``advance``)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The player to act, or None when the game is over."""

    @abstractmethod
    def score(self, state: S) -> Breakdown:
        """The score so far (final when the game is over), with the reason for each point."""

    @abstractmethod
    def zones(self, state: S) -> list[Zone]:
        """Every card of the state, in named places, with who may see each place."""

    @abstractmethod
    def view(self, state: S, player: int | None) -> S:
        """``state`` as ``player`` sees it: every card they may not see replaced by HIDDEN.
        ``None`` is the teacher's view: everything."""

    @abstractmethod
    def to_text(self, state: S) -> str:
        """The short text form of ``state``."""

    @abstractmethod
    def _from_text(self, text: str) -> S:
        """Read the text form (structure only); :meth:`validate` then checks the rules."""

    @abstractmethod
    def validate(self, state: S) -> None:
        """Raise :class:`StateError` saying exactly what is wrong and where, if anything."""

    @abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card this game is played with (a multiset)."""

    @classmethod
    def for_state(cls, state: S) -> Game[Any]:
        """The game, with the options, that made ``state`` (states carry their options)."""
        options = getattr(state, "options", None)
        if options is None:
            return cls()
        return cls(**{f.name: getattr(options, f.name) for f in dataclasses.fields(options)})

    # -- what tables and computer players ask of a game: generic answers, a game may refine them --

    def phase(self, state: S) -> str:
        """The part of a turn or of the game ``state`` is in, one of :attr:`phases` (Card
        Commons' "answer": the Claimant answers her own Claim). Every player sees it: a view has
        the phase of its state. The default knows two: "play", then "game-over"."""
        return "game-over" if self.is_over(state) else "play"

    def table_layout(self, state: S) -> Layout:
        """How a table arranges ``state``'s zones (``state`` is what the viewer sees). The
        default draws every group in a row of its own, in the order of the zones."""
        return Layout()

    def rounds(self, state: S) -> tuple[Round, ...]:
        """The rounds of the game so far, settled and in play, for a game scored round by round:
        each with its lines of the score and, once settled, its showdown. ``state`` may be a
        player's view: a round says only what every player may know (the cards its showdown
        revealed). Tables draw the score one row per round and stop on each showdown until the
        player goes on (see :attr:`round_end_on_table`). The default: none (a game scored as
        one whole; if its rounds end on a :class:`Continuation`, a player's table still holds
        each round's end for the computer until the player goes on)."""
        return ()

    def strategy(self) -> Any:
        """What computer players and hints know about this game: a
        :class:`cardlab.strategy.Strategy` (its rule of thumb, its playouts' horizon and value,
        how to sample hidden cards), or None for the generic one, which serves any game."""
        return None

    # -- why and why not: what a card can do, and why it can't be played now (explain.py) ---------

    def explain_card(
        self, state: S, card: Card | str, zone: str | None = None, player: int | None = None
    ) -> Explanation:
        """What ``card`` can do in this game where it lies, why it can or cannot be played now,
        and what can be done instead, in a learner's words with rule ids (an :class:`Explanation`).

        ``player`` is who asks: a seat, or None for the teacher (or an observer's table), who
        sees every card and moves for whoever is to act. The answer is worked out from what the
        asker sees (``view(state, player)``), so it never names a card hidden from them; a
        face-down card (``HIDDEN``, or a card the asker may not see) gets an answer about its
        place only. ``zone`` names the zone the card lies in (needed to tell face-down cards
        apart; by default the first zone holding the card). A move menu reads ``moves`` (the
        card's legal moves) and ``refused`` (the places it cannot go, each with its reason).

        The default serves any game, from the legal moves, the zones and the player to move; a
        game refines it with :meth:`card_role`, :meth:`situation` and :meth:`card_candidates`.
        """
        return explain.explain_card(self, state, card, zone, player)

    def card_role(self, state: S, card: Card, zone: Zone, player: int | None) -> Reason | None:
        """What ``card`` is for, lying in ``zone``, in one sentence with its rule (None: nothing
        to say). ``state`` is the asker's view; ``card`` is ``HIDDEN`` when the asker may not
        see it, and then the sentence may speak of its place only. The default says where the
        card lies."""
        return explain.card_role(self, state, card, zone, player)

    def situation(self, state: S) -> Reason:
        """What the player to move must do now, in a sentence anyone at the table may read
        ("Now B must defend against the 5♣"), with its rule. ``state`` is a view: the sentence
        names only cards every player sees. The default names the player and the phase."""
        return explain.situation(self, state)

    def card_candidates(self, state: S, card: Card, zone: Zone, legal: Sequence[Move]) -> list[Move]:
        """The moves a click on ``card`` (lying in ``zone``) might mean now: the places it might
        go, legal or not. The default takes each legal move and puts ``card`` in place of one of
        its cards that lies in the same zone (a hand card for a hand card, a pool card for a pool
        card), so a click never stands for a move the learner would not think of."""
        return explain.card_candidates(state, card, zone, legal)

    def zone_words(self, zone: Zone) -> str:
        """Where a zone is, in words: "in A's hand", "in the Pool, face up"."""
        return explain.zone_words(self, zone)

    # -- for research frameworks: moves as numbers, a bound on length, utilities, information states --
    # (cardlab.openspiel and cardlab.pettingzoo read only these; docs/protocol.md, docs/research.md)

    #: the size of the action space: every move ``legal_moves`` can ever list has a ``move_id``
    #: below it (None: this game numbers no moves, and the adapters refuse it)
    num_moves: ClassVar[int | None] = None
    #: how the ids are built, for a reader: "flat" (one list) or "parts" (a mixed-radix number
    #: whose parts are listed in :meth:`move_id`'s documentation of the game)
    move_numbering: ClassVar[str] = "flat"
    #: "zero-sum" (the utilities of every end add up to 0) or "general-sum"
    utility_type: ClassVar[str] = "general-sum"

    def move_id(self, move: Move | str) -> int:
        """The number of ``move`` in ``range(num_moves)``, stable across states, versions and
        processes: two distinct moves never share it, and ``move_of(move_id(m), s) == m`` for
        every legal ``m`` of any state ``s``. The default: the game numbers no moves."""
        raise NotImplementedError(
            f"{self.title or self.name} numbers no moves (no move_id); "
            "the research adapters need one (docs/protocol.md)"
        )

    def move_of(self, move_id: int, state: S) -> Move:
        """The move numbered ``move_id``, as it would be played in ``state`` (a full state or a
        player's view). A ValueError for a number outside ``range(num_moves)``. The default
        looks the number up among ``legal_moves(state)`` (so it finds legal moves only)."""
        self._check_move_id(move_id)
        for move in self.legal_moves(state):
            if self.move_id(move) == move_id:
                return move
        raise ValueError(f"no legal move has the number {move_id} here")

    def legal_ids(self, state: S) -> list[int]:
        """The numbers of ``state``'s legal moves, sorted: what the research adapters offer at
        every step. The default numbers :meth:`legal_moves` one by one with :meth:`move_id`; a
        game may give a faster one that returns the same list."""
        move_id = self.move_id
        return sorted(move_id(move) for move in self.legal_moves(state))

    def _check_move_id(self, move_id: Any) -> int:
        if self.num_moves is None:
            self.move_id(None)  # type: ignore[arg-type]  # raises: no numbering
        number: int = move_id
        if isinstance(move_id, bool) or not isinstance(move_id, int):
            try:
                number = int(move_id.__index__())
            except (AttributeError, TypeError):
                raise ValueError(f"a move's number is a whole number, not {move_id!r}") from None
        if not 0 <= number < self.num_moves:  # type: ignore[operator]
            raise ValueError(f"a move's number is 0 to {self.num_moves - 1}, not {number}")  # type: ignore[operator]
        return number

    @property
    def max_moves(self) -> int | None:
        """A bound on the number of moves of one game (every move, continuations included):
        the rules' own bound, or, where the rules leave the length open (Card Commons' extra
        rounds, Commerce's barters), the cap docs/rules/<game>.md documents. The engine never
        stops a game there; the research adapters end (truncate) a game that reaches it and
        score it with :meth:`utility`. None: no bound is known (the adapters refuse the game)."""
        return None

    def utility_range(self) -> tuple[int, int]:
        """The least and the greatest :meth:`utility` a player can have at the end of a game (or
        at the cap), a bound the rules guarantee. The default: unknown (a ValueError)."""
        raise ValueError(f"{self.title or self.name} declares no utility range")

    def utility(self, state: S) -> tuple[int, ...]:
        """Each player's result at ``state``, what a learning agent is paid: at the end of the game
        its final score (``score(state).totals``: points, VP, the ledger); before that what is
        settled for good and known to every player, so that its changes are rewards as the game
        goes and a game stopped at :attr:`max_moves` is scored by it. The default: the score's
        totals once the game is over, zeros before."""
        if self.is_over(state):
            return tuple(self.score(state).totals)
        return (0,) * self.players

    def seen_at_start(self, state: S, player: int) -> str:
        """What ``player`` sees of the starting position ``state``: the text form of their view.
        The first entry of :meth:`information_key`."""
        return self.to_text(self.view(state, player))

    def seen_in_step(self, step: Step, player: int) -> str:
        """What ``player`` sees of one move: who moved, the move as they may read it
        (``move_text``: a card they could not see is ``??``), the narration they may read, and
        the text form of their view afterwards. One entry of :meth:`information_key`."""
        mover = self.to_move(step.before)
        lines = [f"{self.player_names[mover] if mover is not None else '-'}: {move_text(self, step, player)}"]
        lines += [f"  {event.text}" for event in step.events if event.visible_to(player)]
        lines.append(self.view(step.after, player).to_text())
        return "\n".join(lines)

    def information_key(self, start: S, moves: Iterable[Move | str], player: int) -> str:
        """``player``'s information state after ``moves`` from ``start``: what they have seen, in
        order (their view of the start, then for each move what :meth:`seen_in_step` gives).
        Two histories the player cannot tell apart have the same key, and nothing in it
        depends on a card, a seed or a choice the player has not seen."""
        parts = [self.seen_at_start(start, player)]
        state = start
        for move in moves:
            step = self.step(state, move)
            parts.append(self.seen_in_step(step, player))
            state = step.after
        return "\n--\n".join(parts)

    # -- provided ---------------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple("ABCDEFGHIJKL"[: self.players])

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with, as ``cardlab.game(name, **options)`` takes them
        (those at their default left out)."""
        return self.settings.chosen()

    def is_over(self, state: S) -> bool:
        return self.to_move(state) is None

    def is_wild(self, card: Card) -> bool:
        """Whether the rules call ``card`` a Wild (Card Commons' Q♥ and K♠, Commitment's spades),
        so that a lesson's "a Wild" names it. The default: no card is."""
        return False

    def card_notes(self, state: S) -> dict[str, tuple[str | None, ...]]:
        """What the cards' faces do not say about them where they lie, by zone name.

        For each zone with something to say, one note per card, in the order of
        :meth:`zones` (None: nothing to say): a word or two such as ``"wild"`` for a spade
        committed to another suit's stack in Commitment. Widgets print a note on its card and
        add it to the card's spoken name. Notes are worked out from ``state`` alone, so the
        notes of a view say nothing hidden from its player. The default: no notes.
        """
        return {}

    def move_words(self, state: S | None, move: Move | str) -> str:
        """``move`` said in the game's words, as a learner reads it in menus, logs, suggestions
        and hints: "put 9♦ on pile 3", "claim with the 2♦". The notation (``str(move)``) stays
        what code and text forms write. ``state`` is the position the move is played from (a
        player's view will do: the words name only the move's own cards). The default: the
        move's own :meth:`Move.words`."""
        return self.move(move).words()

    def move(self, move: Move | str) -> Move:
        """A Move from a Move or its notation."""
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, Move):
            return move
        shown = repr(move)
        raise NotationError(shown, 0, len(shown), f"expected a move or its text, got {type(move).__name__}", "move")

    def check(self, state: S, move: Move | str) -> Move:
        """Return the move if it is legal in ``state``; raise :class:`IllegalMove` otherwise."""
        return self._checked(state, move)[0]

    def _checked(self, state: S, move: Move | str) -> tuple[Move, Any]:
        """The move, if legal in ``state``, and what its check worked out for ``_apply``."""
        if not isinstance(move, Move):  # its text, or else move() says what is wrong with it
            move = self.move(move)
        if not isinstance(state, self.state_class):  # the hot path: _check_state, inline
            self._check_state(state)
        if self.to_move(state) is None:
            raise IllegalMove(move, f"{self.rules_prefix}.end", "the game is over: no more moves")
        return move, self._check(state, move)

    def is_legal(self, state: S, move: Move | str) -> bool:
        try:
            self.check(state, move)
        except ValueError:
            return False
        return True

    def play(self, state: S, move: Move | str) -> S:
        """The state after ``move`` (a Move or its text). ``state`` itself never changes.

        Raises :class:`IllegalMove` naming the rule and the reason when the move is illegal,
        and :class:`NotationError` when its text cannot be read.
        """
        move, checked = self._checked(state, move)
        return self._apply(state, move, None, checked)

    def step(self, state: S, move: Move | str) -> Step:
        """Like :meth:`play`, and also return what happened, narrated with rule ids."""
        move, checked = self._checked(state, move)
        log: list[Event] = []
        after = self._apply(state, move, log, checked)
        return Step(move, state, after, tuple(log))

    def advance(self, state: S, move: Move) -> S:
        """The state after ``move``, without the legality check or the narration.

        Only for a move taken from ``legal_moves(state)`` (legal by construction), in the
        playouts of computer players, where the checked ``play`` would repeat work. It is the
        game's own ``_apply``, so the rules still live in one place.
        """
        return self._apply(state, move, None)

    def explain(self, state: S, move: Move | str) -> str:
        """Why a move is legal or not, in words."""
        try:
            step = self.step(state, move)
        except ValueError as err:
            return str(err)
        return " ".join(e.text for e in step.events) or f"{step.move} is legal."

    def state_from_json(self, text: str) -> S:
        """Read a state written by ``state.to_json()``; a clear :class:`StateError` otherwise."""
        state: S = read_state(text, self.name, self.state_class)  # (a state of this game's class)
        self._check_options(state)
        self.validate(state)
        return state

    def state_from_text(self, text: str) -> S:
        """Read a state written by ``state.to_text()`` (or by hand) and check it against the rules."""
        if not isinstance(text, str):
            raise StateError("text", f"expected text, got {type(text).__name__}")
        state = self._from_text(text)
        self.validate(state)
        return state

    def state_html(self, state: S) -> str:
        """An HTML picture of the state: every zone with its cards (hidden ones face down)."""
        return markup.state_html(self, state)

    def _check_state(self, state: S) -> None:
        if not isinstance(state, self.state_class):
            raise TypeError(f"expected a {self.state_class.__name__}, got {type(state).__name__}")

    def _check_options(self, state: S) -> None:
        """States carry their game's options; refuse a state made under other options."""
        theirs = getattr(state, "options", None)
        if theirs is not None and theirs != self.settings:
            raise StateError(self.settings.difference(theirs) or "options", self._other_options(theirs))

    def _read_options(self, form: TextForm) -> Options:
        """The option lines of a text form, which must be this game's."""
        theirs = self.settings.read(form)
        if theirs != self.settings:
            raise StateError(form.where(self.settings.difference(theirs) or "options"), self._other_options(theirs))
        return theirs

    def _other_options(self, theirs: Options) -> str:
        other = type(self)(**{f.name: getattr(theirs, f.name) for f in dataclasses.fields(theirs)})
        shown = ", ".join(f"{k}={v!r}" for k, v in theirs.chosen().items()) or "the default options"
        return f"this state is played with {shown}; read it with {other!r}"

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"cardlab.game({self.name!r}{opts})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Game) and other.settings == self.settings

    def __hash__(self) -> int:
        return hash((self.name, self.settings))


def flat_numbering(
    moves: Sequence[Move], title: str
) -> tuple[Callable[..., int], Callable[..., Move], Callable[..., list[int]]]:
    """``Game.move_id``, ``Game.move_of`` and ``Game.legal_ids`` for a game that numbers every
    move it can list in one list (``move_numbering = "flat"``): ``moves[i]`` is move number
    ``i``, in every state. ``title`` names the game in the error for a move that is not in the
    list."""
    by_id = tuple(moves)
    by_move = {move: i for i, move in enumerate(by_id)}
    # The games list the very objects of their tables, so a legal move's number is looked up by
    # its identity, without hashing its fields. ``by_id`` keeps every one alive, so no other
    # object can take its ``id``; an equal move that is another object is looked up by value.
    by_identity = {id(move): i for i, move in enumerate(by_id)}

    def move_id(self: Game[Any], move: Move | str) -> int:
        """The move's number (the game's table of moves)."""
        move = self.move(move)
        found = by_move.get(move)
        if found is None:
            raise ValueError(f"{move} is not a move {title} can list, so it has no number")
        return found

    def move_of(self: Game[Any], move_id: int, state: Any) -> Move:
        """The move numbered ``move_id`` (the same in every state)."""
        return by_id[self._check_move_id(move_id)]

    def legal_ids(self: Game[Any], state: Any) -> list[int]:
        """The numbers of the legal moves, sorted (looked up in the table at once)."""
        legal = self.legal_moves(state)
        try:
            return numbers_by_identity(legal, by_identity, by_move.__getitem__)
        except KeyError as missing:
            raise ValueError(f"{missing.args[0]} is not a move {title} can list, so it has no number") from None

    return move_id, move_of, legal_ids


def numbers_by_identity(
    moves: Sequence[Move], by_identity: dict[int, int], number_of: Callable[[Move], int]
) -> list[int]:
    """The numbers of ``moves``, sorted: each looked up in ``by_identity`` by the move object's
    ``id`` (whoever fills it keeps those objects alive), or, when one is not there, every one
    given by ``number_of``."""
    known = list(map(by_identity.get, map(id, moves)))
    ids = cast(list[int], known) if None not in known else list(map(number_of, moves))
    ids.sort()
    return ids
