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
base class adds notation handling, checked play, narration, JSON and text forms.
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import json
import os
import re
import tempfile
import types
import typing
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .cards import HIDDEN, Card, Cards, CardError, cards_html, parse_card
from .errors import IllegalMove, NotationError, StateError

__all__ = [
    "Game", "State", "Move", "Continuation", "Event", "ScoreItem", "Breakdown", "Zone", "Step", "Session",
    "IllegalMove", "NotationError", "StateError", "TextForm", "JSON_VERSION", "HIDDEN_SEED",
]

JSON_VERSION = 1
#: The value of a state's ``seed`` in a player's view: the seed would reveal every hidden card.
HIDDEN_SEED = -1


class Move:
    """Base class of every game's moves: frozen, hashable dataclasses whose ``str`` is their
    notation (``game.parse_move(str(move)) == move``)."""

    __slots__ = ()


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
        return (f"<div class='cardlab-breakdown'><b>{esc(self.title)}</b>"
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

    def card_notes(self, state: Any) -> dict[str, tuple[str | None, ...]]:
        """What the cards' faces do not say about them where they lie, by zone name.

        For each zone with something to say, one note per card, in the order of
        :meth:`zones` (None: nothing to say): a word or two such as ``"wild"`` for a spade
        committed to another suit's stack in Commitment. Widgets print a note on its card and
        add it to the card's spoken name. Notes are worked out from ``state`` alone, so the
        notes of a view say nothing hidden from its player. The default: no notes.
        """
        return {}

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
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise StateError("JSON", f"not valid JSON ({err})") from None
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
        return (f"<div class='cardlab-state'><b>{esc(self.title)}</b> — {esc(who)}"
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


_CARD_CODE = re.compile(r"(?<![\w?])(?:10|[2-9TJQKA])[CDHS](?!\w)|(?<![\w?])JK(?!\w)", re.I)


def move_text(game: Game, move: Move, before: Any, after: Any, viewer: int | None, hidden: str = "??") -> str:
    """A move's notation as ``viewer`` may read it: every card they see neither just before nor
    just after the move is written ``hidden`` (the opponent's Commission, a secret arrangement)."""
    text = str(move)
    if viewer is None:
        return text
    named = move_cards(move)
    if not named:
        return text
    seen = visible_cards(game, before, viewer) | visible_cards(game, after, viewer)
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

_LINE = re.compile(r"^\s*([^:#]+?)\s*:\s*(.*?)\s*$")


class TextForm:
    """Reads the ``key: value`` lines of a state's text form and reports problems by line.

    Blank lines and ``#`` comments are ignored. Each game declares its keys; unknown,
    repeated and missing keys get a clear :class:`StateError`.
    """

    def __init__(self, text: str, keys: Sequence[str], title: str) -> None:
        self.title = title
        self.values: dict[str, str] = {}
        self.lines: dict[str, int] = {}
        known = {k.lower(): k for k in keys}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            match = _LINE.match(line)
            if not match:
                raise StateError(f"line {number}", f"expected 'key: value', got {line!r}")
            key = " ".join(match.group(1).lower().split())
            if key not in known:
                raise StateError(f"line {number}", f"unknown key {match.group(1)!r}; {title} states use: {', '.join(keys)}")
            key = known[key]
            if key in self.values:
                raise StateError(f"line {number}", f"{key!r} is given twice (first on line {self.lines[key]})")
            self.values[key] = match.group(2)
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

    def int(self, key: str, default: int | None = None) -> int:
        text = self.text(key, None if default is None else str(default))
        try:
            return int(text)
        except ValueError:
            raise StateError(self.where(key), f"expected a whole number, got {text!r}") from None

    def ints(self, key: str, count: int, default: str | None = None) -> tuple[int, ...]:
        text = self.text(key, default)
        try:
            values = tuple(int(v) for v in text.replace(",", " ").split())
        except ValueError:
            raise StateError(self.where(key), f"expected {count} whole numbers, got {text!r}") from None
        if len(values) != count:
            raise StateError(self.where(key), f"expected {count} whole numbers, got {len(values)}")
        return values

    def choice(self, key: str, options: Sequence[str], default: str | None = None) -> str:
        text = self.text(key, default).lower()
        if text not in options:
            raise StateError(self.where(key), f"expected one of {', '.join(options)}, got {text!r}")
        return text

    def player(self, key: str, names: Sequence[str], default: str | None = None, optional: bool = False) -> int | None:
        text = self.text(key, default).strip()
        if optional and text in ("", "-", "—"):
            return None
        upper = [n.upper() for n in names]
        if text.upper() not in upper:
            raise StateError(self.where(key), f"expected a player ({', '.join(names)}), got {text!r}")
        return upper.index(text.upper())


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


# --- sessions: a history you can step through, rewind and branch -------------------------------

class Session:
    """A game in progress with its history: play, undo, redo, goto, branch; observers.

    The history is a list of states (``states[0]`` the start), the moves between them and
    the events each move produced. ``index`` is the state on show; playing from a past state
    replaces the moves after it (use :meth:`branch` first to keep them).
    """

    def __init__(self, game: Game, state: Any = None, *, seed: int | None = None) -> None:
        self.game = game
        start = game.deal(seed=seed) if state is None else state
        game._check_state(start)
        self.states: list[Any] = [start]
        self.moves: list[Move] = []
        self.events: list[tuple[Event, ...]] = [()]
        self.index = 0
        self._observers: list[Callable[[Session], None]] = []

    @property
    def state(self) -> Any:
        return self.states[self.index]

    def __len__(self) -> int:
        return len(self.moves)

    def observe(self, callback: Callable[[Session], None]) -> Callable[[], None]:
        """Call ``callback(session)`` after every change; returns a function that stops it."""
        self._observers.append(callback)

        def unobserve() -> None:
            if callback in self._observers:
                self._observers.remove(callback)
        return unobserve

    def _changed(self) -> None:
        for callback in list(self._observers):
            callback(self)

    def legal_moves(self) -> list[Move]:
        return self.game.legal_moves(self.state)

    def play(self, move: Move | str) -> Step:
        """Play a move from the state on show. An illegal move raises and changes nothing."""
        step = self.game.step(self.state, move)
        del self.states[self.index + 1:], self.moves[self.index:], self.events[self.index + 1:]
        self.states.append(step.after)
        self.moves.append(step.move)
        self.events.append(step.events)
        self.index += 1
        self._changed()
        return step

    def undo(self) -> bool:
        """Show the state before the last move; False (and no change) at the start."""
        return self.goto(self.index - 1) if self.index > 0 else False

    def redo(self) -> bool:
        """Show the state after the next move of the history; False at its end."""
        return self.goto(self.index + 1) if self.index < len(self.moves) else False

    def goto(self, index: int) -> bool:
        """Show state number ``index`` (0 the start; negative counts from the end)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError("goto takes a whole number")
        if index < 0:
            index += len(self.states)
        if not 0 <= index < len(self.states):
            raise IndexError(f"state {index} does not exist: this history has states 0 to {len(self.states) - 1}")
        if index == self.index:
            return False
        self.index = index
        self._changed()
        return True

    def replace(self, state: Any) -> None:
        """Start again from an edited ``state`` (checked by the game's validator first)."""
        self.game._check_state(state)
        self.game.validate(state)
        self.states, self.moves, self.events, self.index = [state], [], [()], 0
        self._changed()

    def branch(self) -> Session:
        """A new, independent session whose history is this one's up to the state on show."""
        other = Session(self.game, self.states[0])
        other.states = self.states[: self.index + 1]
        other.moves = self.moves[: self.index]
        other.events = self.events[: self.index + 1]
        other.index = self.index
        return other

    # -- saved games -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The session as versioned JSON: the game, its options, the start state, the moves
        (as notation) and the state on show. :meth:`from_json` replays it exactly."""
        return json.dumps({"cardlab": "session", "version": JSON_VERSION, "game": self.game.name,
                           "options": self.game.options, "start": encode(self.states[0]),
                           "moves": [str(m) for m in self.moves], "index": self.index},
                          ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, where: str = "saved game", game: Game | None = None) -> Session:
        """Read :meth:`to_json`'s output; a clear :class:`StateError` for anything else. With
        ``game``, a saved game of another game (or other options) is refused too."""
        from .games import game as make_game
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as err:
            raise StateError(where, f"not a readable saved game: the JSON is broken or cut short ({err})") from None
        if not isinstance(data, dict) or data.get("cardlab") != "session":
            raise StateError(where, "not a cardlab saved game (expected \"cardlab\": \"session\")")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise StateError(where, "the \"version\" field is missing or not a whole number")
        if version > JSON_VERSION:
            raise StateError(where, f"saved by a newer cardlab (format version {version}); this cardlab reads "
                                    f"version {JSON_VERSION}: upgrade cardlab")
        options, moves, index = data.get("options"), data.get("moves"), data.get("index")
        if not isinstance(options, dict) or not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise StateError(where, "the \"options\" or \"moves\" field is missing or malformed")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= len(moves):
            raise StateError(where, f"\"index\" must be a whole number from 0 to {len(moves)}")
        try:
            saved = make_game(data.get("game"), **options)
        except (TypeError, ValueError) as err:
            raise StateError(where, f"unknown game or options: {err}") from None
        if game is not None and saved != game:
            raise StateError(where, f"this file holds a game of {saved!r}, not of {game!r}")
        game = saved
        start = decode(game.state_class, data.get("start"), "start")
        game._check_options(start)
        game.validate(start)
        session = cls(game, start)
        for number, move in enumerate(moves, start=1):
            try:
                step = game.step(session.states[-1], move)
            except ValueError as err:
                raise StateError(f"{where}, move {number}", str(err)) from None
            session.states.append(step.after)
            session.moves.append(step.move)
            session.events.append(step.events)
        session.index = index
        return session

    def save(self, path: str | os.PathLike) -> None:
        """Write the session to ``path`` atomically: a temporary file beside it, then a rename,
        so an interrupted save leaves the previous file intact."""
        target = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(target))
        handle, temporary = tempfile.mkstemp(prefix=".cardlab-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(self.to_json())
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike, game: Game | None = None) -> Session:
        """Read a session written by :meth:`save`. A truncated, corrupted, wrong-game (when
        ``game`` is given) or future-version file raises :class:`StateError` naming the file
        and the problem."""
        target = os.fspath(path)
        try:
            with open(target, encoding="utf-8") as handle:
                text = handle.read()
        except UnicodeDecodeError:
            raise StateError(target, "not a cardlab saved game (not UTF-8 text)") from None
        return cls.from_json(text, where=target, game=game)

    def narration(self, viewer: int | None = None) -> list[str]:
        """One line per move: the move and what it caused, as ``viewer`` may read it
        (None: the teacher, who reads everything; a player reads ``??`` for cards they
        may not see, and only the events meant for them)."""
        lines = []
        for i, (move, events) in enumerate(zip(self.moves, self.events[1:])):
            text = move_text(self.game, move, self.states[i], self.states[i + 1], viewer)
            lines.append(f"{i + 1}. {text}: " + " ".join(e.text for e in events if e.visible_to(viewer)))
        return lines

    def __repr__(self) -> str:
        return f"<Session {self.game.name}: {len(self.moves)} moves, showing state {self.index}>"
