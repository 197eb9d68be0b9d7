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
base class adds notation handling, checked play, narration, JSON and text forms. A game in
progress with its history is a :class:`cardlab.Session` (``cardlab/session.py``, a layer
above the games).
"""

from __future__ import annotations

import dataclasses
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

from .cards import HIDDEN, Card, Cards, CardError, ascii_lower, ascii_upper, cards_html, parse_card
from .errors import IllegalMove, NotationError, StateError, quoted

__all__ = [
    "Game", "State", "Move", "Event", "ScoreItem", "Breakdown", "Zone", "Step",
    "IllegalMove", "NotationError", "StateError", "TextForm", "JSON_VERSION", "HIDDEN_SEED",
    "MAX_DIGITS", "MAX_JSON_DEPTH", "read_json", "whole_number",
]

JSON_VERSION = 1
#: The value of a state's ``seed`` in a player's view: the seed would reveal every hidden card.
HIDDEN_SEED = -1


class Move:
    """Base class of every game's moves: frozen, hashable dataclasses whose ``str`` is their
    notation (``game.parse_move(str(move)) == move``)."""

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
    ``final`` is true when the game is over; ``winners`` then names the winning players.
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

    def __str__(self) -> str:
        lines = [self.title]
        for item in self.items:
            cards = f" ({' '.join(map(str, item.cards))})" if item.cards else ""
            lines.append(f"  {self.players[item.player]:>3} {item.points:+4d}  {item.reason}{cards} [{item.rule}]")
        lines.append("  total: " + ", ".join(f"{n} {t}" for n, t in zip(self.players, self.totals)))
        if self.final:
            lines.append("  winner: " + (" and ".join(self.players[w] for w in self.winners) or "none"))
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
            end = " — winner: " + esc(" and ".join(self.players[w] for w in self.winners) or "none")
        notes = "".join(f"<div>{esc(n)}</div>" for n in self.notes)
        return (f"<div class='cardlab-static-breakdown'><b>{esc(self.title)}</b>"
                f"<table><thead><tr><th>player</th><th>points</th><th>reason</th><th>cards</th>"
                f"<th>rule</th></tr></thead><tbody>{rows}</tbody></table>"
                f"<div>Totals: {totals}{end}</div>{notes}</div>")


class Zone(NamedTuple):
    """A place on the table holding cards, and who may see them.

    ``seen_by`` is ``None`` when every player sees the cards, otherwise the set of players who
    do (an empty set: nobody, such as a shuffled stock). ``owner`` is the player the zone
    belongs to, if any.
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None = None
    owner: int | None = None

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.seen_by is None or player in self.seen_by


class Step(NamedTuple):
    """One move played: the state before and after, and what happened, narrated."""

    move: Move
    before: Any
    after: Any
    events: tuple[Event, ...]


class State:
    """Base class of every game's state. States are frozen dataclasses: compare them with
    ``==``, keep them in lists (that is all a history is), never change them."""

    __slots__ = ()
    GAME: ClassVar[str] = ""

    @property
    def game(self) -> Game:
        from .games import game_for_state
        return game_for_state(self)

    def to_json(self) -> str:
        """A versioned, lossless JSON text; read it back with ``game.state_from_json``."""
        return json.dumps({"cardlab": "state", "version": JSON_VERSION, "game": self.GAME,
                           "state": encode(self)}, ensure_ascii=False, separators=(",", ":"))

    def to_text(self) -> str:
        """A short, human-editable text; read it back with ``game.state_from_text``."""
        return self.game.to_text(self)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        return self.game.state_html(self)


# --- the game base class --------------------------------------------------------------------

class Game(ABC):
    """A game's rules with its options. Subclasses implement the abstract methods."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: the state class of this game, for JSON decoding
    state_class: ClassVar[type]
    #: rule-id prefix, e.g. "commons"
    rules_prefix: ClassVar[str] = ""

    #: number of players (set by each game's __init__)
    players: int = 2

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
    def _check(self, state: Any, move: Move) -> None:
        """Raise :class:`IllegalMove` (naming the rule and the reason) if ``move`` is illegal."""

    @abstractmethod
    def _apply(self, state: Any, move: Move, log: list[Event] | None) -> Any:
        """The state after a legal ``move``; narrate into ``log`` unless it is None."""

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
        return cls()

    # -- provided ---------------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple("ABCDEFGHIJKL"[: self.players])

    @property
    def options(self) -> dict[str, Any]:
        """The options this game was made with (``cardlab.game(name, **options)``)."""
        return {}

    def is_over(self, state: Any) -> bool:
        return self.to_move(state) is None

    def move(self, move: Move | str) -> Move:
        """A Move from a Move or its notation."""
        if isinstance(move, str):
            return self.parse_move(move)
        if isinstance(move, Move):
            return move
        raise NotationError(repr(move), 0, len(repr(move)), f"expected a move or its text, got {type(move).__name__}", "move")

    def check(self, state: Any, move: Move | str) -> Move:
        """Return the move if it is legal in ``state``; raise :class:`IllegalMove` otherwise."""
        move = self.move(move)
        self._check_state(state)
        if self.to_move(state) is None:
            raise IllegalMove(move, f"{self.rules_prefix}.end", "the game is over: no more moves")
        self._check(state, move)
        return move

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
        move = self.check(state, move)
        return self._apply(state, move, None)

    def step(self, state: Any, move: Move | str) -> Step:
        """Like :meth:`play`, and also return what happened, narrated with rule ids."""
        move = self.check(state, move)
        log: list[Event] = []
        after = self._apply(state, move, log)
        return Step(move, state, after, tuple(log))

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

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"cardlab.game({self.name!r}{opts})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options == self.options  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))


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
        missing = [n for n in names if n not in data]
        extra = [k for k in data if k not in names]
        if missing:
            raise StateError(where, f"missing field(s): {', '.join(missing)}")
        if extra:
            raise StateError(where, f"unknown field(s): {', '.join(map(str, extra))}")
        return tp(**{n: decode(hints[n], data[n], f"{where}.{n}") for n in names})
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


def replace_cards(value: Any, fn: Callable[[Card], Card]) -> Any:
    """A copy of a state (or any value of it) with every card ``c`` replaced by ``fn(c)``, in
    field order. Used to fill a view's hidden cards when sampling what they might be."""
    if isinstance(value, Card):
        return fn(value)
    if isinstance(value, tuple):
        return tuple(replace_cards(v, fn) for v in value)
    if dataclasses.is_dataclass(value):
        return type(value)(**{f.name: replace_cards(getattr(value, f.name), fn) for f in dataclasses.fields(value)})
    return value


def replacer(cls: type) -> Callable[..., Any]:
    """A fast ``replace(state, **changes)`` for the frozen dataclass ``cls`` (for hot paths,
    where ``dataclasses.replace`` is several times slower)."""
    names = [f.name for f in dataclasses.fields(cls)]
    params = ", ".join(f"{n}=_KEEP" for n in names)
    args = ", ".join(f"s.{n} if {n} is _KEEP else {n}" for n in names)
    namespace: dict[str, Any] = {"_KEEP": object(), "_cls": cls}
    exec(f"def replace(s, *, {params}):\n    return _cls({args})", namespace)  # noqa: S102 - generated from field names
    replace = namespace["replace"]
    replace.__doc__ = f"A copy of a {cls.__name__} with the given fields changed."
    return replace


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


def visible_cards(game: Game, state: Any, viewer: int | None) -> Counter:
    """The cards ``viewer`` may see in ``state`` (a multiset)."""
    return all_cards(z for z in game.zones(state) if z.visible_to(viewer))


_CARD_CODE = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[CDHS](?!\w)|(?<![\w?])JK(?!\w)", re.I | re.ASCII)


def move_text(game: Game, step: Step, viewer: int | None, hidden: str = "??") -> str:
    """A move's notation as ``viewer`` may read it, judged at the moment it was played: a card
    it names is written out if the viewer could see it just before the move, or if the move's
    own narration shows it to them (an event of ``step`` they may read lists it: a card played
    face up, a card handed to them). Any other card is written ``hidden`` (the opponent's
    Commission, a secret arrangement, a card traded face down), even if the viewer sees it
    once the move is over: a new deal that follows the move automatically may hand them the
    very card, which says nothing about the move."""
    text = str(step.move)
    if viewer is None:
        return text
    named = move_cards(step.move)
    if not named:
        return text
    seen = visible_cards(game, step.before, viewer)
    for event in step.events:
        if event.visible_to(viewer):
            seen.update(event.cards)
    if all(seen[c] for c in named):
        return text

    def hide(match: re.Match[str]) -> str:
        try:
            card = parse_card(match.group())
        except CardError:
            return match.group()
        return match.group() if seen[card] else hidden
    return _CARD_CODE.sub(hide, text)


def all_cards(zones: Iterable[Zone]) -> Counter:
    """The multiset of cards over some zones."""
    count: Counter = Counter()
    for zone in zones:
        count.update(zone.cards)
    return count


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


def format_cards(seq: Iterable[Card]) -> str:
    """Cards for a text form: codes separated by spaces, or ``-`` for none."""
    return " ".join(c.code for c in seq) or "-"


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
