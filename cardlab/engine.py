"""The protocol every cardlab game shares.

A :class:`Game` holds a game's rules and options; a state is an immutable value (a frozen
dataclass of the game) that the game reads and never changes:

    game = cardlab.game("card-commons")
    state = game.deal(seed=7)
    game.legal_moves(state)            # list of Move; empty when the game is over
    after = game.play(state, "claim 4H")   # a NEW state; `state` is untouched
    game.score(after)                  # Breakdown
    game.view(after, player)           # what that player may see; hidden cards are HIDDEN

A game module implements the abstract methods of :class:`Game` (the rules in one place); the
base class adds notation handling, checked play, narration, JSON and text forms. What every
game shares lives here once: its :class:`Options`, the :class:`Zone` kinds and the table's
:class:`Layout` hints, the :class:`MoveReader` of move notation, the :class:`TextForm` of
states, stacked decks and seeds. The engine imports nothing above it: a state knows its game
class (``state.game``), and the registry of games (``cardlab.games``) sits above. A game in
progress with its history is a :class:`cardlab.Session` (``cardlab/session.py``, a layer
above the games). docs/protocol.md says how to write a game.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import re
import types
import typing
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .cards import (
    GUESSABLE_BITS, HIDDEN, SEED_BITS, Card, CardError, ascii_lower, ascii_upper, cards_html, chance, check_seed,
    parse_card, shuffle,
)
from .cards import pretty as pretty_cards
from .errors import IllegalMove, NotationError, StateError, quoted

__all__ = [
    "Game", "Options", "State", "Move", "Continuation", "Event", "ScoreItem", "Breakdown", "Round", "RevealedHand", "Zone", "Area", "Layout", "Step",
    "Reason", "Refusal", "Explanation", "move_variants",
    "IllegalMove", "NotationError", "StateError", "TextForm", "MoveReader", "JSON_VERSION", "HIDDEN_SEED",
    "MAX_DIGITS", "MAX_JSON_DEPTH", "read_json", "whole_number", "plural", "points",
    "stacked_deck", "seed_is_guessable", "validate_seed", "shuffle_from",
    "HAND", "PILE", "STOCK", "STACK", "POOL", "SIDE", "ROW", "SLOT", "ZONE_KINDS", "PILE_KINDS",
]

#: The JSON format's version. Version 2 keeps a state's options in one ``options`` object;
#: version 1 (read too) had them as fields of the state.
JSON_VERSION = 2
#: The value of a state's ``seed`` in a player's view: the seed would reveal every hidden card.
HIDDEN_SEED = -1


def validate_seed(seed: Any) -> None:
    """Raise :class:`StateError` unless a state's ``seed`` is a seed: a whole number from 0 to
    2**64 - 1 (every game refuses a negative seed; a view's -1 is no whole state's)."""
    try:
        check_seed(seed)
    except ValueError:
        raise StateError("seed", f"a seed is a whole number from 0 to 2**{SEED_BITS} - 1, not {seed!r}"
                                 + (" (-1 is a player's view, which is not a whole state)" if seed == HIDDEN_SEED else "")) from None


def shuffle_from(seed: int, deck: Sequence[Card], purpose: str) -> tuple[Card, ...]:
    """``deck`` shuffled from a state's ``seed`` for ``purpose`` (``cards.shuffled``). In a
    player's view the seed is hidden, and so are the cards a move deals from it (the next round
    played on a view): they come out ``HIDDEN``."""
    if seed == HIDDEN_SEED:
        return (HIDDEN,) * len(deck)
    cards = list(deck)
    shuffle(cards, chance(seed, purpose))
    return tuple(cards)


def seed_is_guessable(state: Any) -> bool:
    """Whether ``state`` was dealt from a seed small enough to be found by searching (below
    2**48: an explicit seed such as 7, chosen for a lesson), so that whoever knows or finds it
    knows every hidden card. A fresh seed never is; a table where players hide cards from each
    other should warn when it is. False for a state without a seed, or a player's view."""
    seed = getattr(state, "seed", None)
    return isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << GUESSABLE_BITS


class Move:
    """Base class of every game's moves: frozen, hashable dataclasses whose ``str`` is their
    notation (``game.parse_move(str(move)) == move``) and whose :meth:`words` say them in the
    game's words."""

    __slots__ = ()

    def words(self) -> str:
        """The move in the game's words, as a learner reads it ("claim with the 2♦"). The
        default: the notation with suit symbols."""
        return pretty_cards(str(self))


class Continuation(Move):
    """Base class of a move that only carries the game on, deciding nothing (such as "next
    round" once a round is scored). When continuations are all the player to act can do, the
    widgets do not mark that player as the one to move: the round is over."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened during a move, narrated for a learner, with the rule it applies.

    ``seen_by`` is None for public narration; otherwise only those players may read it (it
    names cards the others may not see). Show a player only ``event.visible_to(player)``.
    """

    rule: str
    text: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    seen_by: frozenset[int] | None = None

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.seen_by is None or player in self.seen_by

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score: ``points`` to ``player`` for ``reason`` under ``rule``."""

    player: int
    points: int
    reason: str
    rule: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Why the score is what it is: line items and the totals they add up to.

    ``totals[p]`` is always the sum of ``points`` over the items of player ``p``.
    ``final`` is true when the game is over; ``winners`` then names every player with the best
    result. A draw is every player sharing it, so a two-player draw has ``winners == (0, 1)``
    (:attr:`draw`); some of three or more players tied for the best share the win.
    """

    players: tuple[str, ...]
    items: tuple[ScoreItem, ...]
    title: str = "Score"
    final: bool = False
    winners: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * len(self.players)
        for item in self.items:
            totals[item.player] += item.points
        return tuple(totals)

    def for_player(self, player: int) -> tuple[ScoreItem, ...]:
        return tuple(i for i in self.items if i.player == player)

    @property
    def draw(self) -> bool:
        """The game is over and every player shares the best result."""
        return self.final and len(self.players) > 1 and len(self.winners) == len(self.players)

    def outcome(self, names: Sequence[str] | None = None) -> str:
        """The result in words, naming the players by ``names`` (default: the breakdown's):
        "A wins", "a draw", "A and C share the win"; empty while the game is not over."""
        if not self.final or not self.winners:
            return ""
        if self.draw:
            return "a draw"
        who = " and ".join((names or self.players)[w] for w in self.winners)
        return f"{who} wins" if len(self.winners) == 1 else f"{who} share the win"

    def _result(self) -> str:
        """The last line of a final score: "winner: A", "a draw", "winners: A and C (...)"."""
        if self.draw:
            return "a draw"
        who = " and ".join(self.players[w] for w in self.winners) or "none"
        return f"winner: {who}" if len(self.winners) <= 1 else f"winners: {who} (they share the win)"

    def __str__(self) -> str:
        lines = [self.title]
        for item in self.items:
            cards = f" ({' '.join(map(str, item.cards))})" if item.cards else ""
            lines.append(f"  {self.players[item.player]:>3} {item.points:+4d}  {item.reason}{cards} [{item.rule}]")
        lines.append("  total: " + ", ".join(f"{n} {t}" for n, t in zip(self.players, self.totals)))
        if self.final:
            lines.append(f"  {self._result()}")
        lines.extend(f"  {n}" for n in self.notes)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        rows = "".join(
            f"<tr><td>{esc(self.players[i.player])}</td><td style='text-align:right'>{i.points:+d}</td>"
            f"<td>{esc(i.reason)}</td><td>{cards_html(i.cards, empty='')}</td>"
            f"<td><code>{esc(i.rule)}</code></td></tr>"
            for i in self.items)
        totals = ", ".join(f"{esc(n)}: <b>{t}</b>" for n, t in zip(self.players, self.totals))
        end = ""
        if self.final:
            end = " — " + esc(self._result())
        notes = "".join(f"<div>{esc(n)}</div>" for n in self.notes)
        return (f"<div class='cardlab-static-breakdown'><b>{esc(self.title)}</b>"
                f"<table><thead><tr><th>player</th><th>points</th><th>reason</th><th>cards</th>"
                f"<th>rule</th></tr></thead><tbody>{rows}</tbody></table>"
                f"<div>Totals: {totals}{end}</div>{notes}</div>")


class RevealedHand(NamedTuple):
    """A hand shown at a round's showdown: whose, its cards, and what it is worth in words
    ("point 15 with J♥ and 5♥")."""

    player: int
    cards: tuple[Card, ...]
    ranking: str


@dataclass(frozen=True, slots=True)
class Round:
    """One round of a game scored round by round (a deal of Commerce), as every player may know it.

    ``number`` counts from 1 and ``title`` names the round ("Deal 2 of 4"); ``items`` are its
    lines of the score, exactly those of :meth:`Game.score` that belong to it, in the same order.
    ``movers`` are the players who made a move in it. Once the round is settled, ``ended``
    says how it ended (an :class:`Event`: who ended it, by which rule) and ``how`` says it in a
    few words for the round's row of the score ("C knocked"); ``hands`` are the hands revealed
    at its showdown, best first, and ``verdict`` says who won it and why. While the round is
    still played, ``ended`` is None and ``hands`` is empty.
    """

    number: int
    title: str
    items: tuple[ScoreItem, ...]
    movers: frozenset[int] = frozenset()
    ended: Event | None = None
    how: str = ""
    hands: tuple[RevealedHand, ...] = ()
    verdict: Event | None = None

    @property
    def settled(self) -> bool:
        return self.ended is not None

    def changes(self, players: int) -> tuple[int, ...]:
        """Each player's points from this round (the sum of its items per player)."""
        totals = [0] * players
        for item in self.items:
            totals[item.player] += item.points
        return tuple(totals)


# What a zone is (``Zone.kind``): how a table draws it, and, for the piles, the order of its cards.
#: The cards a player holds.
HAND = "hand"
#: Cards piled up, listed bottom to top: the last is the top card (a discard pile, a waste).
PILE = "pile"
#: A face-down pile cards are drawn from, listed bottom to top: the last is the next drawn.
STOCK = "stock"
#: A pile whose every card counts in play, listed bottom to top and drawn spread out (a suit stack).
STACK = "stack"
#: Cards lying side by side in no order that counts (a discard pool).
POOL = "pool"
#: A player's side of a tableau: the cards played to it, in the order played.
SIDE = "side"
#: Cards laid in numbered places, first to last (secret cards in positions 1 to 4).
ROW = "row"
#: A place for one card (a Commission, a battle card, a card on offer).
SLOT = "slot"
#: Every kind of zone, and the kinds that list their cards bottom to top.
ZONE_KINDS = (HAND, PILE, STOCK, STACK, POOL, SIDE, ROW, SLOT)
PILE_KINDS = (PILE, STOCK, STACK)


class Zone(NamedTuple):
    """A place on the table holding cards, and who may see them.

    ``name`` names the zone in messages and the text form ("A hand"), and is unique in a
    state. ``seen_by`` is ``None`` when every player sees the cards, otherwise the set of
    players who do (an empty set: nobody, such as a shuffled stock). ``owner`` is the player
    the zone belongs to, if any. ``kind`` says what the zone is (one of :data:`ZONE_KINDS`);
    the piles (:data:`PILE_KINDS`) list their cards bottom to top. ``group`` gathers zones a
    table draws together (a battle's card and stacks); see :class:`Layout`. ``label`` is what a
    table calls the zone inside its seat or group ("Hand"); empty, the name serves.
    Code outside a game reads a zone's meaning from these fields, never from its name.
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None = None
    owner: int | None = None
    kind: str = PILE
    group: str | None = None
    label: str = ""

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.seen_by is None or player in self.seen_by

    @property
    def title(self) -> str:
        """What a table calls the zone: its label, or else its name."""
        return self.label or self.name


@dataclass(frozen=True, slots=True)
class Area:
    """Where a table draws the zones of one ``group``: under ``title``, ``framed`` or not.

    ``column`` puts its zones one above the other instead of side by side, so that the area
    sits narrow beside the other areas of its row. ``compact`` draws each of its piles that
    nobody may look through (a face-down deck) as its top card and a count, however few its
    cards, instead of laying them all out.
    """

    group: str
    title: str | None = None
    framed: bool = False
    column: bool = False
    compact: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    """How a table arranges a state's zones: plain data, which ``cardlab.widgets`` draws.

    A player's zones without a group sit in that player's seat: the viewer's seat nearest,
    the others' across the table. The groups fill the middle, ``rows`` of areas from top to
    bottom; a group that no row names gets a row of its own after them. Inside an area, the
    zones owned by the players across the table come first, then the shared ones, then the
    viewer's, so each player's part faces its owner. ``seats`` adds a note to each player's
    seat ("dealer", "Claimant"); ``scores`` a note of each player's standing ("ledger +2"),
    which a table leaves out while it puts the score away (a lesson asking for it). Each has
    one entry per player, or none.
    """

    rows: tuple[tuple[Area, ...], ...] = ()
    seats: tuple[str, ...] = ()
    scores: tuple[str, ...] = ()


class Reason(NamedTuple):
    """One sentence of an explanation, with the id of the rule it rests on."""

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


class Refusal(NamedTuple):
    """A move with a card that the rules refuse now (a place the card cannot go), and why."""

    move: Move
    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a card can do, and why it can't be played now, in a learner's words
    (:meth:`Game.explain_card`).

    ``card`` is the card as the asker sees it (``HIDDEN`` for a face-down one) and ``zone`` the
    name of the zone it lies in. ``lines`` are the sentences, each with its rule id: what the
    card is for where it lies, why it can or cannot be played now, and what can be done
    instead. ``moves`` are the asker's legal moves that use the card now; ``refused`` the moves
    with the card the rules refuse now, each with its reason: the places a move menu cannot
    send it to ("why not position 2?"). Nothing in it names a card hidden from the asker.
    """

    card: Card
    zone: str
    player: int | None
    lines: tuple[Reason, ...]
    moves: tuple[Move, ...] = ()
    refused: tuple[Refusal, ...] = ()

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the explanation cites, each once, in order."""
        return tuple(dict.fromkeys([r.rule for r in self.lines] + [r.rule for r in self.refused]))

    @property
    def text(self) -> str:
        """Every line, each followed by its rule id: "... [commons.defense] Now B must ... [commons.turn]"."""
        return " ".join(map(str, self.lines))

    def why_not(self, move: Move) -> Refusal | None:
        """Why ``move`` (a move with this card) is refused, or None if it is not one of :attr:`refused`."""
        return next((r for r in self.refused if r.move == move), None)

    def __str__(self) -> str:
        return self.text


class Step(NamedTuple):
    """One move played: the state before and after, and what happened, narrated."""

    move: Move
    before: Any
    after: Any
    events: tuple[Event, ...]


class State:
    """Base class of every game's state. States are frozen dataclasses: compare them with
    ``==``, keep them in lists (that is all a history is), never change them.

    A state knows its game: the :class:`Game` class whose ``state_class`` it is (set when
    that class is defined), with the options the state carries.
    """

    __slots__ = ()
    #: The game class this state belongs to.
    game_class: ClassVar[type[Game]]

    @property
    def game(self) -> Game:
        """The game, with the options, that this state belongs to."""
        return self.game_class.for_state(self)

    def to_json(self) -> str:
        """A versioned, lossless JSON text; read it back with ``game.state_from_json``."""
        return json.dumps({"cardlab": "state", "version": JSON_VERSION, "game": self.game_class.name,
                           "state": encode(self)}, ensure_ascii=False, separators=(",", ":"))

    def to_text(self) -> str:
        """A short, human-editable text; read it back with ``game.state_from_text``."""
        return self.game.to_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        return self.game.state_html(self)


# --- a game's options ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Options:
    """A game's options, in one frozen value: the game is made with it and every state carries it.

    A game subclasses it with one field per option (``cardlab.game(name, **options)``), each
    with its default. A field typed ``Literal[...]`` takes one of those values; an int field with
    ``metadata={"range": (low, high)}`` a whole number in that range; ``metadata={"shown": True}``
    names the option in ``repr`` even at its default. Everything else follows from the fields:
    the checks, ``Game.options``, ``Game.for_state``, the text form's option lines and the
    refusal of a state played with other options.
    """

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value, choices = getattr(self, f.name), _choices(type(self), f.name)
            if choices and value not in choices:
                raise ValueError(f"{f.name} must be {' or '.join(map(repr, choices))}, not {value!r}")
            low, high = f.metadata.get("range", (None, None))
            if low is not None and (not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high):
                raise ValueError(f"{f.name} must be a whole number from {low} to {high}, not {value!r}")

    @classmethod
    def make(cls, title: str, options: dict[str, Any]) -> Options:
        """The options given as keywords, or a ValueError naming the unknown ones and the others."""
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(k for k in options if k not in names)
        if unknown:
            raise ValueError(f"unknown option(s) for {title}: {', '.join(unknown)}; {cls.help()}")
        return cls(**options)

    @classmethod
    def help(cls) -> str:
        """The options in words: "its options are players=3..12 (default 4)"."""
        specs = []
        for f in dataclasses.fields(cls):
            choices = _choices(cls, f.name)
            low, high = f.metadata.get("range", (None, None))
            spec = " or ".join(map(repr, choices)) if choices else f"{low}..{high}" if low is not None else "..."
            specs.append(f"{f.name}={spec} (default {f.default!r})")
        return "its options are " + "; ".join(specs) if specs else "it takes no options"

    def chosen(self) -> dict[str, Any]:
        """The options that differ from the defaults (and those always shown), as keywords."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if getattr(self, f.name) != f.default or f.metadata.get("shown")}

    def lines(self) -> list[str]:
        """The text form's option lines: ``pile value: sum``."""
        return [f"{f.name.replace('_', ' ')}: {getattr(self, f.name)}" for f in dataclasses.fields(self)]

    def read(self, form: TextForm) -> Options:
        """The options of a text form's option lines (a line left out: this value)."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            key, default, choices = f.name.replace("_", " "), getattr(self, f.name), _choices(type(self), f.name)
            low, high = f.metadata.get("range", (None, None))
            values[f.name] = (form.choice(key, choices, default) if choices else
                              form.int(key, default, lo=low, hi=high) if isinstance(default, int) else
                              form.text(key, default))
        try:
            return type(self)(**values)
        except ValueError as err:
            raise StateError(form.where(str(err).split(" ", 1)[0].replace("_", " ")), str(err)) from None

    def difference(self, other: Options) -> str | None:
        """The first option (by its text-form key) whose value differs in ``other``."""
        for f in dataclasses.fields(self):
            if getattr(self, f.name) != getattr(other, f.name):
                return f.name.replace("_", " ")
        return None

    @classmethod
    def legacy(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The options of a state written in format version 1, where they were fields of the
        state itself: taken out of ``data`` (a game whose options were named otherwise says how)."""
        return {f.name: data.pop(f.name) for f in dataclasses.fields(cls) if f.name in data}


_CHOICES: dict[tuple[type, str], tuple[Any, ...]] = {}


def _choices(cls: type, name: str) -> tuple[Any, ...]:
    """The values a ``Literal``-typed option field allows (empty for any other type)."""
    key = (cls, name)
    if key not in _CHOICES:
        hint = typing.get_type_hints(cls).get(name)
        _CHOICES[key] = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else ()
    return _CHOICES[key]


# --- the game base class --------------------------------------------------------------------

class Game(ABC):
    """A game's rules with its options. Subclasses implement the abstract methods."""

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

    #: number of players (set by each game's __init__)
    players: int = 2

    def __init__(self, **options: Any) -> None:
        #: the options this game is played with (an :class:`Options`)
        self.settings = self.options_class.make(self.title or self.name, options)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state_class = cls.__dict__.get("state_class")
        if state_class is not None:
            state_class.game_class = cls

    # -- what a game module implements ---------------------------------------------------------

    @abstractmethod
    def deal(self, seed: int | None = None, deck: Iterable[Card | str] | str | None = None) -> Any:
        """The starting state. ``seed`` shuffles; ``deck`` stacks the cards (order documented)."""

    @abstractmethod
    def legal_moves(self, state: Any) -> list[Move]:
        """Every move the player to act may make, each distinct choice listed once."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move's notation, or raise :class:`NotationError` pointing at the problem."""

    @abstractmethod
    def _check(self, state: Any, move: Move) -> Any:
        """Raise :class:`IllegalMove` (naming the rule and the reason) if ``move`` is illegal.

        Otherwise return what the check worked out that :meth:`_apply` can use (or None):
        ``play`` hands it on, so the work is not done twice and the game keeps no state."""

    @abstractmethod
    def _apply(self, state: Any, move: Move, log: list[Event] | None, checked: Any = None) -> Any:
        """The state after a legal ``move``; narrate into ``log`` unless it is None. ``checked``
        is what :meth:`_check` returned for this state and move, or None when it was not run
        (``advance``)."""

    @abstractmethod
    def to_move(self, state: Any) -> int | None:
        """The player to act, or None when the game is over."""

    @abstractmethod
    def score(self, state: Any) -> Breakdown:
        """The score so far (final when the game is over), with the reason for each point."""

    @abstractmethod
    def zones(self, state: Any) -> list[Zone]:
        """Every card of the state, in named places, with who may see each place."""

    @abstractmethod
    def view(self, state: Any, player: int | None) -> Any:
        """``state`` as ``player`` sees it: every card they may not see replaced by HIDDEN.
        ``None`` is the teacher's view: everything."""

    @abstractmethod
    def to_text(self, state: Any) -> str:
        """The short text form of ``state``."""

    @abstractmethod
    def _from_text(self, text: str) -> Any:
        """Read the text form (structure only); :meth:`validate` then checks the rules."""

    @abstractmethod
    def validate(self, state: Any) -> None:
        """Raise :class:`StateError` saying exactly what is wrong and where, if anything."""

    @abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card this game is played with (a multiset)."""

    @classmethod
    def for_state(cls, state: Any) -> Game:
        """The game, with the options, that made ``state`` (states carry their options)."""
        options = getattr(state, "options", None)
        if options is None:
            return cls()
        return cls(**{f.name: getattr(options, f.name) for f in dataclasses.fields(options)})

    # -- what tables and computer players ask of a game: generic answers, a game may refine them --

    def phase(self, state: Any) -> str:
        """The part of a turn or of the game ``state`` is in, one of :attr:`phases` (Card
        Commons' "answer": the Claimant answers her own Claim). Every player sees it: a view has
        the phase of its state. The default knows two: "play", then "game-over"."""
        return "game-over" if self.is_over(state) else "play"

    def table_layout(self, state: Any) -> Layout:
        """How a table arranges ``state``'s zones (``state`` is what the viewer sees). The
        default draws every group in a row of its own, in the order of the zones."""
        return Layout()

    def rounds(self, state: Any) -> tuple[Round, ...]:
        """The rounds of the game so far, settled and in play, for a game scored round by round
        (a ledger kept deal after deal): each with its lines of the score and, once settled, its
        showdown. ``state`` may be a player's view: a round says only what every player may know
        (the hands its showdown revealed). Tables draw the score one row per round and stop on
        each showdown until the player goes on. The default: none (a game scored as one whole,
        or whose rounds end on a :class:`Continuation`, which already stops the table)."""
        return ()

    def strategy(self) -> Any:
        """What computer players and hints know about this game: a
        :class:`cardlab.strategy.Strategy` (its rule of thumb, its playouts' horizon and value,
        how to sample hidden cards), or None for the generic one, which serves any game."""
        return None

    # -- why and why not: what a card can do, and why it can't be played now ---------------------

    def explain_card(self, state: Any, card: Card | str, zone: str | None = None,
                     player: int | None = None) -> Explanation:
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
        if isinstance(card, str):
            card = HIDDEN if card.strip() == HIDDEN.code else parse_card(card)
        seen = self.view(state, player)
        where = self._card_zone(seen, card, zone, player)
        if not where.visible_to(player):
            card = HIDDEN
        mover = self.to_move(seen)
        role = self.card_role(seen, card, where, player)
        lines = [role] if role is not None else []
        if mover is None:
            lines.append(Reason("The game is over: no card can be played any more.", f"{self.rules_prefix}.end"))
            return Explanation(card, where.name, player, tuple(lines))
        turn = self.turn_rule or f"{self.rules_prefix}.turn"
        now = self.situation(seen)
        name = self.player_names[mover]
        if player is not None and player != mover:
            lines.append(Reason(f"It is {name}'s turn, not {self.player_names[player]}'s. {now.text}", now.rule))
            return Explanation(card, where.name, player, tuple(lines))
        legal = self.legal_moves(seen)
        if card.is_hidden:
            lines.append(now)
            return Explanation(card, where.name, player, tuple(lines))
        moves = tuple(m for m in legal if card in move_cards(m))
        refused = self._refusals(seen, card, where, legal)
        if moves:
            lines.append(Reason(f"{name} can use it now: {_moves_words([self.move_words(seen, m) for m in moves])}.", turn))
            return Explanation(card, where.name, player, tuple(lines), moves, refused)
        reasons = list(dict.fromkeys(Reason(_sentence(r.text), r.rule) for r in refused))[:2]
        lines += reasons or [Reason(f"No move of {name}'s uses the {card} now.", now.rule)]
        lines.append(Reason(f"{now.text} What {name} can do instead: "
                            f"{_moves_words([self.move_words(seen, m) for m in legal])}.", now.rule))
        return Explanation(card, where.name, player, tuple(lines), (), refused)

    def card_role(self, state: Any, card: Card, zone: Zone, player: int | None) -> Reason | None:
        """What ``card`` is for, lying in ``zone``, in one sentence with its rule (None: nothing
        to say). ``state`` is the asker's view; ``card`` is ``HIDDEN`` when the asker may not
        see it, and then the sentence may speak of its place only. The default says where the
        card lies."""
        if card.is_hidden:
            who = "nobody" if player is None else self.player_names[player]
            return Reason(f"This card lies face down {self.zone_words(zone)}: {who} may not see it, so nothing "
                          "here says what it is.", self.turn_rule or f"{self.rules_prefix}.turn")
        return Reason(f"The {card} lies {self.zone_words(zone)}.", self.turn_rule or f"{self.rules_prefix}.turn")

    def situation(self, state: Any) -> Reason:
        """What the player to move must do now, in a sentence anyone at the table may read
        ("Now B must defend against the 5♣"), with its rule. ``state`` is a view: the sentence
        names only cards every player sees. The default names the player and the phase."""
        mover = self.to_move(state)
        if mover is None:
            return Reason("The game is over.", f"{self.rules_prefix}.end")
        phase = self.phase(state)
        during = "" if phase == "play" else f" ({phase})"
        return Reason(f"Now it is {self.player_names[mover]}'s turn{during}.", self.turn_rule or f"{self.rules_prefix}.turn")

    def card_candidates(self, state: Any, card: Card, zone: Zone, legal: Sequence[Move]) -> list[Move]:
        """The moves a click on ``card`` (lying in ``zone``) might mean now: the places it might
        go, legal or not. The default takes each legal move and puts ``card`` in place of one of
        its cards that lies in the same zone (a hand card for a hand card, a pool card for a pool
        card), so a click never stands for a move the learner would not think of."""
        here = set(zone.cards)
        found: dict[Move, None] = {}
        for move in legal:
            if any(c in here and c != card for c in move_cards(move)):  # cheap (cached): most moves pass
                for variant in move_variants(move, card, here.__contains__):
                    found.setdefault(variant, None)
        return list(found)

    def zone_words(self, zone: Zone) -> str:
        """Where a zone is, in words: "in A's hand", "in the Pool, face up"."""
        if zone.owner is None:
            return f"in the {zone.title}"
        owner = self.player_names[zone.owner]
        return f"in {owner}'s hand" if zone.kind == HAND else f"in {owner}'s {zone.title}"

    def _refusals(self, state: Any, card: Card, zone: Zone, legal: Sequence[Move]) -> tuple[Refusal, ...]:
        """Every candidate move with ``card`` that the rules refuse, with the reason."""
        out = []
        allowed = set(legal)
        for move in self.card_candidates(state, card, zone, legal):
            if move in allowed:
                continue
            try:
                self.check(state, move)
            except IllegalMove as err:
                out.append(Refusal(move, err.reason, err.rule))
            except ValueError:  # a candidate the game cannot even read says nothing
                continue
        return tuple(out)

    def _card_zone(self, state: Any, card: Card, zone: str | None, player: int | None) -> Zone:
        """The zone of ``state`` (the asker's view) that holds ``card``; a ValueError saying where
        the card is not, otherwise."""
        code = card.code
        zones = self.zones(state)
        named = [z for z in zones if z.name == zone] if zone is not None else zones
        if zone is not None and not named:
            raise ValueError(f"there is no zone {quoted(zone)}; the zones are: {', '.join(z.name for z in zones)}")
        for z in named:
            if any(c.code == code for c in z.cards):
                return z
        seer = "the table" if player is None else f"what {self.player_names[player]} sees"
        raise ValueError(f"{quoted(code)} is not a card {'of ' + quoted(zone) if zone else 'on the table'} in {seer}")

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
        raise NotImplementedError(f"{self.title or self.name} numbers no moves (no move_id); "
                                  "the research adapters need one (docs/protocol.md)")

    def move_of(self, move_id: int, state: Any) -> Move:
        """The move numbered ``move_id``, as it would be played in ``state`` (a full state or a
        player's view). A ValueError for a number outside ``range(num_moves)``. The default
        looks the number up among ``legal_moves(state)`` (so it finds legal moves only)."""
        self._check_move_id(move_id)
        for move in self.legal_moves(state):
            if self.move_id(move) == move_id:
                return move
        raise ValueError(f"no legal move has the number {move_id} here")

    def _check_move_id(self, move_id: Any) -> int:
        if self.num_moves is None:
            self.move_id(None)  # type: ignore[arg-type]  # raises: no numbering
        if isinstance(move_id, bool) or not isinstance(move_id, int):
            try:
                move_id = int(move_id.__index__())
            except (AttributeError, TypeError):
                raise ValueError(f"a move's number is a whole number, not {move_id!r}") from None
        if not 0 <= move_id < self.num_moves:  # type: ignore[operator]
            raise ValueError(f"a move's number is 0 to {self.num_moves - 1}, not {move_id}")  # type: ignore[operator]
        return move_id

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

    def utility(self, state: Any) -> tuple[int, ...]:
        """Each player's result at ``state``, what a learning agent is paid: at the end of the game
        its final score (``score(state).totals``: points, VP, the ledger); before that what is
        settled for good and known to every player, so that its changes are rewards as the game
        goes and a game stopped at :attr:`max_moves` is scored by it. The default: the score's
        totals once the game is over, zeros before."""
        if self.is_over(state):
            return tuple(self.score(state).totals)
        return (0,) * self.players

    def seen_at_start(self, state: Any, player: int) -> str:
        """What ``player`` sees of the starting position ``state``: the text form of their view.
        The first entry of :meth:`information_key`."""
        return self.view(state, player).to_text()

    def seen_in_step(self, step: Step, player: int) -> str:
        """What ``player`` sees of one move: who moved, the move as they may read it
        (``move_text``: a card they could not see is ``??``), the narration they may read, and
        the text form of their view afterwards. One entry of :meth:`information_key`."""
        mover = self.to_move(step.before)
        lines = [f"{self.player_names[mover] if mover is not None else '-'}: {move_text(self, step, player)}"]
        lines += [f"  {event.text}" for event in step.events if event.visible_to(player)]
        lines.append(self.view(step.after, player).to_text())
        return "\n".join(lines)

    def information_key(self, start: Any, moves: Iterable[Move | str], player: int) -> str:
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

    def is_over(self, state: Any) -> bool:
        return self.to_move(state) is None

    def card_notes(self, state: Any) -> dict[str, tuple[str | None, ...]]:
        """What the cards' faces do not say about them where they lie, by zone name.

        For each zone with something to say, one note per card, in the order of
        :meth:`zones` (None: nothing to say): a word or two such as ``"wild"`` for a spade
        committed to another suit's stack in Commitment. Widgets print a note on its card and
        add it to the card's spoken name. Notes are worked out from ``state`` alone, so the
        notes of a view say nothing hidden from its player. The default: no notes.
        """
        return {}

    def move_words(self, state: Any, move: Move | str) -> str:
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
        raise NotationError(repr(move), 0, len(repr(move)), f"expected a move or its text, got {type(move).__name__}", "move")

    def check(self, state: Any, move: Move | str) -> Move:
        """Return the move if it is legal in ``state``; raise :class:`IllegalMove` otherwise."""
        return self._checked(state, move)[0]

    def _checked(self, state: Any, move: Move | str) -> tuple[Move, Any]:
        """The move, if legal in ``state``, and what its check worked out for ``_apply``."""
        if not isinstance(move, Move):  # its text, or else move() says what is wrong with it
            move = self.move(move)
        if not isinstance(state, self.state_class):  # the hot path: _check_state, inline
            self._check_state(state)
        if self.to_move(state) is None:
            raise IllegalMove(move, f"{self.rules_prefix}.end", "the game is over: no more moves")
        return move, self._check(state, move)

    def is_legal(self, state: Any, move: Move | str) -> bool:
        try:
            self.check(state, move)
        except ValueError:
            return False
        return True

    def play(self, state: Any, move: Move | str) -> Any:
        """The state after ``move`` (a Move or its text). ``state`` itself never changes.

        Raises :class:`IllegalMove` naming the rule and the reason when the move is illegal,
        and :class:`NotationError` when its text cannot be read.
        """
        move, checked = self._checked(state, move)
        return self._apply(state, move, None, checked)

    def step(self, state: Any, move: Move | str) -> Step:
        """Like :meth:`play`, and also return what happened, narrated with rule ids."""
        move, checked = self._checked(state, move)
        log: list[Event] = []
        after = self._apply(state, move, log, checked)
        return Step(move, state, after, tuple(log))

    def advance(self, state: Any, move: Move) -> Any:
        """The state after ``move``, without the legality check or the narration.

        Only for a move taken from ``legal_moves(state)`` (legal by construction), in the
        playouts of computer players, where the checked ``play`` would repeat work. It is the
        game's own ``_apply``, so the rules still live in one place.
        """
        return self._apply(state, move, None)

    def explain(self, state: Any, move: Move | str) -> str:
        """Why a move is legal or not, in words."""
        try:
            step = self.step(state, move)
        except ValueError as err:
            return str(err)
        return " ".join(e.text for e in step.events) or f"{step.move} is legal."

    def state_from_json(self, text: str) -> Any:
        """Read a state written by ``state.to_json()``; a clear :class:`StateError` otherwise."""
        data = read_json(text, "JSON")
        if not isinstance(data, dict) or data.get("cardlab") != "state":
            raise StateError("JSON", "not a cardlab state (expected an object with \"cardlab\": \"state\")")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise StateError("JSON", "the \"version\" field is missing or not a whole number")
        if version > JSON_VERSION:
            raise StateError("JSON", f"written by a newer cardlab (format version {version}); "
                                     f"this cardlab reads version {JSON_VERSION}: upgrade cardlab")
        if data.get("game") != self.name:
            raise StateError("JSON", f"this is a {data.get('game')!r} state, not a {self.name!r} state")
        state = decode(self.state_class, data.get("state"), "state")
        self._check_options(state)
        self.validate(state)
        return state

    def state_from_text(self, text: str) -> Any:
        """Read a state written by ``state.to_text()`` (or by hand) and check it against the rules."""
        if not isinstance(text, str):
            raise StateError("text", f"expected text, got {type(text).__name__}")
        state = self._from_text(text)
        self.validate(state)
        return state

    def state_html(self, state: Any) -> str:
        """An HTML picture of the state: every zone with its cards (hidden ones face down)."""
        esc = html.escape
        to_move = self.to_move(state)
        who = "game over" if to_move is None else f"{self.player_names[to_move]} to move"
        rows = "".join(
            f"<tr><th style='text-align:left;padding-right:1em'>{esc(z.name)}</th>"
            f"<td>{cards_html(z.cards)}</td></tr>" for z in self.zones(state))
        return (f"<div class='cardlab-static-state'><b>{esc(self.title)}</b> — {esc(who)}"
                f"<table>{rows}</table></div>")

    def _check_state(self, state: Any) -> None:
        if not isinstance(state, self.state_class):
            raise TypeError(f"expected a {self.state_class.__name__}, got {type(state).__name__}")

    def _check_options(self, state: Any) -> None:
        """States carry their game's options; refuse a state made under other options."""
        theirs = getattr(state, "options", None)
        if theirs is not None and theirs != self.settings:
            raise StateError(self.settings.difference(theirs) or "options", self._other_options(theirs))

    def _read_options(self, form: TextForm) -> Options:
        """The option lines of a text form, which must be this game's."""
        theirs = self.settings.read(form)
        if theirs != self.settings:
            raise StateError(form.where(self.settings.difference(theirs)), self._other_options(theirs))
        return theirs

    def _other_options(self, theirs: Options) -> str:
        other = type(self)(**{f.name: getattr(theirs, f.name) for f in dataclasses.fields(theirs)})
        shown = ", ".join(f"{k}={v!r}" for k, v in theirs.chosen().items()) or "the default options"
        return f"this state is played with {shown}; read it with {other!r}"

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"cardlab.game({self.name!r}{opts})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.settings == self.settings  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, self.settings))


# --- reading numbers and JSON: every number bounded, every fault a StateError naming the place ------

#: The most digits a whole number may have in a text form or a JSON file. The largest numbers
#: in a state are seeds; the rest (rounds, points, counts) have a few digits.
MAX_DIGITS = 100
#: How deeply a cardlab JSON file may nest lists and objects (a state nests about 8 levels).
MAX_JSON_DEPTH = 32
_WHOLE_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number from {lo}"
    if hi is not None:
        return f"a whole number up to {hi}"
    return "a whole number"


def whole_number(text: str, where: str, *, lo: int | None = None, hi: int | None = None) -> int:
    """The whole number written in ``text``: ASCII digits with an optional ``-``, at most
    :data:`MAX_DIGITS` of them, from ``lo`` to ``hi`` when given. Anything else raises a
    :class:`StateError` at ``where`` naming the range allowed."""
    text = text.strip()
    wanted = _range_text(lo, hi)
    if not _WHOLE_NUMBER.fullmatch(text):
        raise StateError(where, f"expected {wanted}, got {quoted(text)}")
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise StateError(where, f"expected {wanted} (at most {MAX_DIGITS} digits), got a number of {digits:,} digits")
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise StateError(where, f"expected {wanted}, got {quoted(text)}")
    return value


def read_json(text: str, where: str) -> Any:
    """The value of a cardlab JSON file (a state or a saved game), refusing what no cardlab
    file holds: lists and objects nested more than :data:`MAX_JSON_DEPTH` deep, and numbers
    of more than :data:`MAX_DIGITS` digits. Every fault is a :class:`StateError` at ``where``
    naming the line and column."""
    if not isinstance(text, str):
        raise StateError(where, f"expected JSON text, got {type(text).__name__}")

    def short(literal: str) -> str:
        digits = sum(c.isdigit() for c in literal)
        if digits > MAX_DIGITS:
            raise StateError(where, f"{_json_place(text, text.find(literal))}: a number of {digits:,} digits; "
                                    f"numbers in a cardlab file have at most {MAX_DIGITS}")
        return literal

    try:
        data = json.loads(text, parse_int=lambda t: int(short(t)), parse_float=lambda t: float(short(t)))
    except json.JSONDecodeError as err:
        raise StateError(where, f"not valid JSON: the text is broken or cut short ({err})") from None
    except RecursionError:  # deeper than Python's own limit: far deeper than allowed
        data = None
    else:
        if _depth(data) <= MAX_JSON_DEPTH:
            return data
    raise StateError(where, f"{_json_place(text, _too_deep_at(text))}: lists and objects nested more than "
                            f"{MAX_JSON_DEPTH} deep; no cardlab file nests so deep")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (counted up to one past the limit)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            if depth > MAX_JSON_DEPTH:
                return depth
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def _too_deep_at(text: str) -> int:
    """Where the first list or object deeper than :data:`MAX_JSON_DEPTH` opens in JSON ``text``."""
    depth, in_string, escaped = 0, False, False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return index
        elif char in "]}":
            depth -= 1
    return 0


def _json_place(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}"


# --- JSON codec: states are dataclasses of ints, strings, Cards and tuples ----------------------

def encode(value: Any) -> Any:
    """A JSON-ready value: cards as their code, tuples as lists, dataclasses as objects."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def decode(tp: Any, data: Any, where: str) -> Any:
    """The value of type ``tp`` that :func:`encode` turned into ``data``; StateError otherwise."""
    if tp is Card:
        if not isinstance(data, str):
            raise StateError(where, f"expected a card such as \"4C\", got {json.dumps(data)[:40]}")
        if data == "??":
            return HIDDEN
        try:
            return parse_card(data)
        except CardError as err:
            raise StateError(where, err.reason) from None
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise StateError(where, f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise StateError(where, f"expected {len(args)} values, got {len(data)}")
        return tuple(decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return decode(inner[0], data, where)
        raise StateError(where, "unsupported union")  # pragma: no cover - states use Optional only
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise StateError(where, f"expected one of {', '.join(map(repr, typing.get_args(tp)))}, got {data!r}")
        return data
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise StateError(where, f"expected an object, got {type(data).__name__}")
        hints = _HINTS.get(tp)
        if hints is None:
            hints = _HINTS[tp] = typing.get_type_hints(tp)
        names = [f.name for f in dataclasses.fields(tp)]
        options = hints.get("options")
        if "options" not in data and isinstance(options, type) and issubclass(options, Options):
            data = dict(data)  # format version 1: the options were fields of the state
            data["options"] = options.legacy(data)
        if issubclass(tp, Options):  # an option added since the state was written: its default
            data = {f.name: f.default for f in dataclasses.fields(tp) if f.name not in data} | data
        missing = [n for n in names if n not in data]
        extra = [k for k in data if k not in names]
        if missing:
            raise StateError(where, f"missing field(s): {', '.join(missing)}")
        if extra:
            raise StateError(where, f"unknown field(s): {', '.join(map(str, extra))}")
        values = {n: decode(hints[n], data[n], f"{where}.{n}") for n in names}
        try:
            return tp(**values)
        except ValueError as err:  # a value its class refuses (an option out of range)
            raise StateError(where, str(err)) from None
    if tp is bool:
        if not isinstance(data, bool):
            raise StateError(where, f"expected true or false, got {json.dumps(data)[:40]}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise StateError(where, f"expected a whole number, got {json.dumps(data)[:40]}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise StateError(where, f"expected text, got {json.dumps(data)[:40]}")
        return data
    raise TypeError(f"cannot decode {tp!r}")  # pragma: no cover - a programming error


def replace_cards(value: Any, fn: Callable[[Card], Card], only: Card | None = None) -> Any:
    """A state (or any value of it) with every card ``c`` replaced by ``fn(c)``, in field order.

    A part in which no card changes is kept as it is (it is immutable), so a small change
    copies little. With ``only``, ``fn`` is called for the cards equal to ``only`` alone and
    every other card stays: how a view's hidden cards are filled when sampling what they
    might be (``strategy.fill_hidden``), where a pile without one is passed over at once.
    """
    if isinstance(value, Card):
        return value if only is not None and value != only else fn(value)
    if isinstance(value, tuple):
        if all(type(v) is Card for v in value):  # a pile, a hand: in one pass
            if only is None:
                parts = [fn(c) for c in value]
            elif only in value:
                return tuple(fn(c) if c == only else c for c in value)
            else:
                return value
        else:
            parts = [replace_cards(v, fn, only) for v in value]
        return value if all(p is v for p, v in zip(parts, value)) else tuple(parts)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for name in _field_names(type(value)):
            part = getattr(value, name)
            changed = replace_cards(part, fn, only)
            if changed is not part:
                changes[name] = changed
        return _any_replacer(type(value))(value, **changes) if changes else value
    return value


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _any_replacer(cls: type) -> Callable[..., Any]:
    """The replacer of ``cls`` that takes any of its fields (see :func:`replacer`)."""
    return replacer(cls)


def replacer(cls: type, *changed: str) -> Callable[..., Any]:
    """A fast ``replace(state, **changes)`` for the frozen dataclass ``cls`` (where
    ``dataclasses.replace`` is several times slower): the one way to build the next state.

    With field names, the replacer takes new values for exactly those fields, in that order
    (``replacer(State, "hands", "stock")(s, hands, stock)``): the fastest, for hot paths.

    A frozen slots dataclass without ``__post_init__`` (every state) is built without the call
    of its ``__init__``, on a class of the same slots (see :func:`_twin`): the result is the same
    immutable value, in about a quarter of the time ``__init__`` takes.
    """
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = [n for n in changed if n not in names]
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {', '.join(unknown)}")
    namespace: dict[str, Any] = {"_KEEP": object(), "_cls": cls, "_new": object.__new__}
    if changed:
        params = ", ".join(changed)
        values = [n if n in changed else f"s.{n}" for n in names]
        head = f"def replace(s, {params}):"
    else:
        params = ", ".join(f"{n}=_KEEP" for n in names)
        values = [f"s.{n} if {n} is _KEEP else {n}" for n in names]
        head = f"def replace(s, *, {params}):"
    exec("\n".join([head, *_build_body(cls, names, values, namespace)]), namespace)  # noqa: S102 - from field names
    replace = namespace["replace"]
    replace.__doc__ = f"A copy of a {cls.__name__} with {', '.join(changed) or 'the given fields'} changed."
    return replace


def builder(cls: type) -> Callable[..., Any]:
    """A fast constructor of the frozen dataclass ``cls`` taking every field, positionally and in
    field order: ``builder(State)(seed, round, ...)`` is ``State(seed, round, ...)`` (see
    :func:`replacer`)."""
    names = [f.name for f in dataclasses.fields(cls)]
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__}
    body = _build_body(cls, names, names, namespace)
    exec("\n".join([f"def build({', '.join(names)}):", *body]), namespace)  # noqa: S102 - from field names
    build = namespace["build"]
    build.__doc__ = f"A new {cls.__name__} from all its fields, in order."
    return build


def _build_body(cls: type, names: list[str], values: list[str], namespace: dict[str, Any]) -> list[str]:
    """The lines of a function body that returns a new ``cls`` with each field of ``names`` set to
    the expression of ``values``; ``namespace`` gets the names those lines use."""
    twin = _twin(cls, names)
    if twin is None:
        return [f"    return _cls({', '.join(values)})"]
    namespace["_twin"] = twin
    return ["    o = _new(_twin)", *(f"    o.{n} = {v}" for n, v in zip(names, values)),
            "    o.__class__ = _cls", "    return o"]


def _twin(cls: type, names: list[str]) -> type | None:
    """A class of the very same slots as ``cls``, a frozen slots dataclass whose ``__init__``
    does nothing but set its fields ``names`` (every state), but whose slots may be set; None
    for any other class.

    A value is built on the twin, then handed the class ``cls`` (Python allows ``__class__`` to
    change between classes of the same layout): the same immutable value as ``cls(...)``,
    without the frozen class's ``__init__``, which has to set each slot through the guard
    against changes."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return None
    if any(type(getattr(cls, name, None)) is not types.MemberDescriptorType for name in names):
        return None
    twin = type(f"{cls.__name__}Twin", cls.__bases__, {"__slots__": cls.__dict__.get("__slots__", ()),
                                                       "__module__": cls.__module__})
    try:  # a trial value: the change of class is refused where the layouts differ
        trial = object.__new__(twin)
        for name in names:
            setattr(trial, name, None)
        trial.__class__ = cls
    except (TypeError, AttributeError):  # (a frozen base's guard raises FrozenInstanceError, an AttributeError)
        return None
    return twin


@functools.lru_cache(maxsize=16384)  # moves are immutable values, and the same ones come back
def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move names: its Card-typed fields (and tuples of cards), in field order."""
    if not dataclasses.is_dataclass(move):
        return ()
    found: list[Card] = []
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if isinstance(value, Card):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, Card))
    return tuple(found)


def move_variants(move: Move, card: Card, replaceable: Callable[[Card], bool] = lambda c: True) -> Iterable[Move]:
    """``move`` with one of its cards (one that ``replaceable`` accepts) replaced by ``card``:
    the moves a click on ``card`` might mean, given a legal move with another card."""
    for name in _field_names(type(move)):
        value = getattr(move, name)
        try:
            if isinstance(value, Card) and value != card and replaceable(value):
                yield dataclasses.replace(move, **{name: card})  # type: ignore[type-var]
            elif isinstance(value, tuple) and not isinstance(value, Card):
                for i, v in enumerate(value):
                    if isinstance(v, Card) and v != card and replaceable(v):
                        yield dataclasses.replace(move, **{name: value[:i] + (card,) + value[i + 1:]})  # type: ignore[type-var]
        except (TypeError, ValueError):  # a move class that refuses such a value
            continue


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """The field names of a move class (none for a class that is not a dataclass)."""
    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()


def _moves_words(said: Sequence[str], most: int = 6) -> str:
    """Moves said in the game's words, in a list, those of one kind together: "defend with the
    4♥, 4♦ or 4♣, or discard the 2♠" (the first ``most``)."""
    groups: list[tuple[str, list[str]]] = []
    for text in said[:most]:
        head, the, rest = text.partition(" the ")
        one_card = bool(the) and " " not in rest  # "defend with the 4♥": the card alone differs
        if one_card and groups and groups[-1][0] == head + the:
            groups[-1][1].append(rest)
        else:
            groups.append((head + the, [rest]) if one_card else ("", [text]))
    parts = [head + _listed(items, "or") if head else items[0] for head, items in groups]
    if len(said) > most:
        more = len(said) - most
        parts.append(f"{more} other move{'' if more == 1 else 's'}")
    return _listed(parts, "or")


def _listed(items: Sequence[str], last: str) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _sentence(text: str) -> str:
    """A reason made a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def visible_cards(game: Game, state: Any, viewer: int | None) -> Counter:
    """The cards ``viewer`` may see in ``state`` (a multiset)."""
    return all_cards(z for z in game.zones(state) if z.visible_to(viewer))


_CARD_CODE = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[CDHS](?!\w)|(?<![\w?])JK(?!\w)", re.I | re.ASCII)


def move_text(game: Game, step: Step, viewer: int | None, hidden: str = "??") -> str:
    """A move's notation as ``viewer`` may read it, judged at the moment it was played: a card
    it names is written out if the viewer saw it (:func:`cards_seen_in`). Any other card is
    written ``hidden`` (the opponent's Commission, a secret arrangement, a card traded face
    down), even if the viewer sees it once the move is over: a new deal that follows the move
    automatically may hand them the very card, which says nothing about the move."""
    text = str(step.move)
    if viewer is None or not move_cards(step.move):
        return text
    seen = cards_seen_in(game, step, viewer)
    if all(seen[c] for c in move_cards(step.move)):
        return text

    def hide(match: re.Match[str]) -> str:
        try:
            card = parse_card(match.group())
        except CardError:
            return match.group()
        return match.group() if seen[card] else hidden
    return _CARD_CODE.sub(hide, text)


def flat_numbering(moves: Sequence[Move], title: str) -> tuple[Callable[..., int], Callable[..., Move]]:
    """``Game.move_id`` and ``Game.move_of`` for a game that numbers every move it can list in
    one list (``move_numbering = "flat"``): ``moves[i]`` is move number ``i``, in every state.
    ``title`` names the game in the error for a move that is not in the list."""
    by_id = tuple(moves)
    by_move = {move: i for i, move in enumerate(by_id)}

    def move_id(self: Game, move: Move | str) -> int:
        """The move's number (the game's table of moves)."""
        move = self.move(move)
        found = by_move.get(move)
        if found is None:
            raise ValueError(f"{move} is not a move {title} can list, so it has no number")
        return found

    def move_of(self: Game, move_id: int, state: Any) -> Move:
        """The move numbered ``move_id`` (the same in every state)."""
        return by_id[self._check_move_id(move_id)]

    return move_id, move_of


def cards_seen_in(game: Game, step: Step, viewer: int) -> Counter:
    """The cards ``viewer`` saw around the move of ``step``: those visible to them just before
    it, and those its narration shows them (an event they may read lists it: a card played
    face up, a card handed to them)."""
    seen = visible_cards(game, step.before, viewer)
    for event in step.events:
        if event.visible_to(viewer):
            seen.update(event.cards)
    return seen


def all_cards(zones: Iterable[Zone]) -> Counter:
    """The multiset of cards over some zones."""
    count: Counter = Counter()
    for zone in zones:
        count.update(zone.cards)
    return count


# --- reading a move's notation ------------------------------------------------------------------

#: A token of a move's text: (text, start, end).
Token = tuple[str, int, int]
_WORDS = re.compile(r"\S+")


class MoveReader:
    """Reads a move's text token by token, for a game's grammar (its ``parse_move``).

    ``word``, ``card`` and ``next`` take the next token, ``peek`` looks at it without taking
    it, ``end`` refuses any text left over; a problem raises :class:`NotationError` quoting the
    text and pointing at the token (or at the end of the text, where one is missing).
    ``examples`` shows what moves look like; ``pattern`` splits the text into tokens (words
    by default).
    """

    def __init__(self, text: Any, examples: str, pattern: re.Pattern[str] = _WORDS) -> None:
        if not isinstance(text, str):
            shown = repr(text)
            raise NotationError(shown, 0, len(shown), f"expected the text of a move; moves look like: {examples}",
                                "move")
        self.text, self.examples = text, examples
        self.tokens: list[Token] = [(m.group(), m.start(), m.end()) for m in pattern.finditer(text)]
        self.index = 0
        if not self.tokens:
            raise NotationError(text, 0, len(text), f"it is empty; moves look like: {examples}", "move")

    @property
    def last(self) -> Token:
        """The token taken last (the first one before any is taken)."""
        return self.tokens[max(self.index - 1, 0)]

    def fail(self, reason: str, token: Token | None = None) -> NotationError:
        """The error for ``token`` (None: the end of the text, where something is missing)."""
        start, end = (token[1], token[2]) if token else (len(self.text), len(self.text))
        return NotationError(self.text, start, end, reason, "move")

    def peek(self) -> str | None:
        """The next token, lower-cased (ASCII letters only, see :func:`cardlab.cards.ascii_lower`),
        without taking it; None at the end."""
        return ascii_lower(self.tokens[self.index][0]) if self.index < len(self.tokens) else None

    def next(self, what: str, missing: str | None = None) -> Token:
        """Take the next token; at the end, fail saying ``missing`` (or that ``what`` is missing)."""
        if self.index >= len(self.tokens):
            raise self.fail(missing or f"the {what} is missing after {quoted(self.last[0])}")
        self.index += 1
        return self.tokens[self.index - 1]

    def word(self, what: str, missing: str | None = None) -> str:
        """Take the next token, lower-cased (ASCII letters only: a look-alike is no keyword)."""
        return ascii_lower(self.next(what, missing)[0])

    def card(self, what: str = "card", missing: str | None = None, *, jokers: bool = True) -> Card:
        """Take the next token as a card (``jokers=False``: refusing the Joker)."""
        token = self.next(what, missing)
        try:
            card = parse_card(token[0])
        except CardError as err:
            raise self.fail(err.reason, token) from None
        if card.is_joker and not jokers:
            raise self.fail("this game is played without jokers", token)
        return card

    def end(self, reason: str = "unexpected text at the end of the move") -> None:
        """Refuse any text left, pointing at all of it."""
        if self.index < len(self.tokens):
            raise NotationError(self.text, self.tokens[self.index][1], self.tokens[-1][2], reason, "move")


# --- the text form: "key: value" lines, with errors that name the line ----------------------------

class TextForm:
    """Reads the ``key: value`` lines of a state's text form and reports problems by line.

    Blank lines and ``#`` comments are ignored. Each game declares its keys; unknown,
    repeated and missing keys get a clear :class:`StateError`. Reading takes time linear in
    the text, and every message quotes the input cut short.
    """

    def __init__(self, text: str, keys: Sequence[str], title: str) -> None:
        self.title = title
        self.values: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        known = {ascii_lower(k): k for k in keys}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            name, colon, value = line.partition(":")
            if not colon or not name.strip():
                raise StateError(f"line {number}", f"expected 'key: value', got {quoted(line)}")
            key = " ".join(ascii_lower(name).split())
            if key not in known:
                raise StateError(f"line {number}", f"unknown key {quoted(name.strip())}; {title} states use: {', '.join(keys)}")
            key = known[key]
            if key in self.values:
                raise StateError(f"line {number}", f"{key!r} is given twice (first on line {self.lines[key]})")
            self.values[key] = value.strip()
            self.lines[key] = number

    def where(self, key: str) -> str:
        return f"line {self.lines[key]} ({key})" if key in self.lines else f"'{key}'"

    def has(self, key: str) -> bool:
        return key in self.values

    def text(self, key: str, default: str | None = None) -> str:
        if key not in self.values:
            if default is None:
                raise StateError(self.where(key), f"missing; add a line '{key}: ...'")
            return default
        return self.values[key]

    def cards(self, key: str, default: str | None = None) -> tuple[Card, ...]:
        text = self.text(key, default)
        if text.strip() in ("-", "—"):
            return ()
        try:
            from .cards import cards as read_cards
            return tuple(read_cards(text))
        except CardError as err:
            raise StateError(self.where(key), str(err)) from None

    def card(self, key: str, default: str | None = None, optional: bool = False) -> Card | None:
        found = self.cards(key, default)
        if optional and not found:
            return None
        if len(found) != 1:
            raise StateError(self.where(key), f"expected one card, got {len(found)}")
        return found[0]

    def int(self, key: str, default: int | None = None, *, lo: int | None = None, hi: int | None = None) -> int:
        """The whole number on line ``key`` (see :func:`whole_number`), from ``lo`` to ``hi``
        when given: the range the rules allow, named in the message when it is broken."""
        text = self.text(key, None if default is None else str(default))
        return whole_number(text, self.where(key), lo=lo, hi=hi)

    def ints(self, key: str, count: int, default: str | None = None, *, lo: int | None = None,
             hi: int | None = None) -> tuple[int, ...]:
        """``count`` whole numbers, separated by spaces or commas, each from ``lo`` to ``hi``."""
        words = self.text(key, default).replace(",", " ").split()
        if len(words) != count:
            raise StateError(self.where(key), f"expected {count} whole numbers, got {len(words)}")
        return tuple(whole_number(w, self.where(key), lo=lo, hi=hi) for w in words)

    def choice(self, key: str, options: Sequence[str], default: str | None = None) -> str:
        text = ascii_lower(self.text(key, default))
        if text not in options:
            raise StateError(self.where(key), f"expected one of {', '.join(options)}, got {quoted(text)}")
        return text

    def player(self, key: str, names: Sequence[str], default: str | None = None, optional: bool = False) -> int | None:
        text = self.text(key, default).strip()
        if optional and text in ("", "-", "—"):
            return None
        upper = [ascii_upper(n) for n in names]
        if ascii_upper(text) not in upper:
            raise StateError(self.where(key), f"expected a player ({', '.join(names)}), got {quoted(text)}")
        return upper.index(ascii_upper(text))


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` with ``noun`` in the right number: ``plural(1, "card")`` is "1 card",
    ``plural(3, "card")`` is "3 cards"; ``many`` gives an irregular plural ("2 battles" is
    regular; ``plural(2, "pass", "passes")``)."""
    return f"{count} {noun if abs(count) == 1 else many or noun + 's'}"


def points(count: int, *, signed: bool = False) -> str:
    """A number of points with its unit, as a table writes it: "1 point", "+3 points", "−2
    points" (``signed``: with its sign; a minus sign, not a hyphen)."""
    number = (f"{count:+d}" if signed else str(count)).replace("-", "\u2212")
    return f"{number} point{'' if abs(count) == 1 else 's'}"


def format_cards(seq: Iterable[Card]) -> str:
    """Cards for a text form: codes separated by spaces, or ``-`` for none."""
    return " ".join([c.code for c in seq]) or "-"


def stacked_deck(deck: Any, game_deck: Sequence[Card], title: str, *, whole: bool = True) -> tuple[Card, ...]:
    """A stacked deck (its text, or cards), top first, checked against ``game_deck``: every card
    one of the game's, none more often than the game's deck has it, and (``whole``) none
    missing. A ValueError says what is missing, what is not in this game and what comes twice."""
    from .cards import cards as read_cards
    order = tuple(parse_card(c.code) for c in read_cards(deck))  # the shared Card objects
    want, got = Counter(game_deck), Counter(order)
    problems = []
    if whole and want - got:
        problems.append("missing " + " ".join(c.code for c in sorted((want - got).elements())))
    if any(c not in want for c in got):
        problems.append("not in this game: " + " ".join(c.code for c in got if c not in want))
    if any(c in want and got[c] > want[c] for c in got):
        problems.append("twice: " + " ".join(c.code for c in got if c in want and got[c] > want[c]))
    if problems:
        each = "each once" if len(want) == len(game_deck) else "each as often as the game's deck has it"
        what = f"the {len(game_deck)} cards of the game" if whole else "cards of the game"
        raise ValueError(f"a stacked {title} deck holds {what}, {each}: " + "; ".join(problems))
    return order


def check_cards_once(zones: Sequence[Zone], deck: Sequence[Card]) -> None:
    """Raise StateError unless the zones hold exactly the cards of ``deck``, each once."""
    held = all_cards(zones)
    expected = Counter(deck)
    if held == expected:
        return
    if HIDDEN in held:
        raise StateError("cards", "the state has face-down ('??') cards: only a player's view may hide cards")
    for card, count in held.items():
        if count > expected.get(card, 0):
            places = [z.name for z in zones if card in z.cards]
            if expected.get(card, 0) == 0:
                raise StateError(places[0], f"{card.code} is not a card of this game")
            raise StateError(", ".join(dict.fromkeys(places)),
                             f"{card.code} appears {count} times (in {', '.join(places)}); the deck has {expected[card]}")
    missing = sorted((expected - held).elements(), key=lambda c: (c.suit, c.rank))
    raise StateError("cards", f"{len(missing)} card(s) are missing from the state: "
                              f"{' '.join(c.code for c in missing)}; every card must be somewhere")


def __getattr__(name: str) -> Any:
    """``cardlab.engine.Session`` still names :class:`cardlab.session.Session`, which lives a layer
    above the games (it reads saved games of any game); it is imported when first asked for."""
    if name == "Session":
        from .session import Session
        return Session
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
