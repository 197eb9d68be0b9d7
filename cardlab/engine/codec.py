"""States as JSON: a state's versioned text (:func:`write_state`, :func:`read_state`), the
:func:`encode` and :func:`decode` of its value, and :func:`read_json`, the one reader of cardlab
files, every number and nesting bounded."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from typing import Any

from ..cards import _CODE, HIDDEN, Card, parse_card
from ..errors import CardError, StateError
from .notation import MAX_DIGITS
from .options import Options

#: The JSON format's version. Version 2 keeps a state's options in one ``options`` object;
#: version 1 (read too) had them as fields of the state.
JSON_VERSION = 2
#: How deeply a cardlab JSON file may nest lists and objects (a state nests about 8 levels).
MAX_JSON_DEPTH = 32


# --- a state's JSON text --------------------------------------------------------------------------


def write_state(game: str, state: Any) -> str:
    """The versioned, lossless JSON text of ``state``, a state of the game called ``game``."""
    return json.dumps(
        {"cardlab": "state", "version": JSON_VERSION, "game": game, "state": encode(state)},
        ensure_ascii=False,
        separators=(",", ":"),
    )


def read_state(text: str, game: str, state_class: type) -> Any:
    """The state that :func:`write_state` wrote for the game called ``game``, decoded as a
    ``state_class`` (its options and rules not checked yet); a :class:`StateError` at "JSON"
    saying what is wrong otherwise."""
    data = read_json(text, "JSON")
    if not isinstance(data, dict) or data.get("cardlab") != "state":
        raise StateError("JSON", 'not a cardlab state (expected an object with "cardlab": "state")')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateError("JSON", 'the "version" field is missing or not a whole number')
    if version > JSON_VERSION:
        raise StateError(
            "JSON",
            f"written by a newer cardlab (format version {version}); "
            f"this cardlab reads version {JSON_VERSION}: upgrade cardlab",
        )
    if data.get("game") != game:
        raise StateError("JSON", f"this is a {data.get('game')!r} state, not a {game!r} state")
    return decode(state_class, data.get("state"), "state")


# --- reading a cardlab file ----------------------------------------------------------------------


def read_json(text: str, where: str) -> Any:
    """The value of a cardlab JSON file (a state or a saved game), refusing what no cardlab
    file holds: lists and objects nested more than :data:`MAX_JSON_DEPTH` deep, and numbers
    of more than :data:`MAX_DIGITS` digits. Every fault is a :class:`StateError` at ``where``
    naming the line and column."""
    if not isinstance(text, str):
        raise StateError(where, f"expected JSON text, got {type(text).__name__}")

    def short(literal: str) -> str:
        if len(literal) <= MAX_DIGITS:  # (no more digits than characters: most numbers, at once)
            return literal
        digits = sum(c.isdigit() for c in literal)
        if digits > MAX_DIGITS:
            raise StateError(
                where,
                f"{_json_place(text, text.find(literal))}: a number of {digits:,} digits; "
                f"numbers in a cardlab file have at most {MAX_DIGITS}",
            )
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
    raise StateError(
        where,
        f"{_json_place(text, _too_deep_at(text))}: lists and objects nested more than "
        f"{MAX_JSON_DEPTH} deep; no cardlab file nests so deep",
    )


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


# --- a state's value: dataclasses of ints, strings, Cards and tuples -----------------------------


def encode(value: Any) -> Any:
    """A JSON-ready value: cards as their code, tuples as lists, dataclasses as objects."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool:  # (most values: the fast path first)
        return value
    if kind is Card:
        return value.code
    if kind is tuple:
        return _listed(value)
    names = _FIELDS.get(kind)
    if names is not None:
        return {name: encode(getattr(value, name)) for name in names}
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value):
        if not isinstance(value, type):  # (a dataclass's instance: its class's fields, from now on at once)
            _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    """:func:`encode` of a tuple: its cards and tuples (nested as a state nests them) at once."""
    out: list[Any] = []
    for v in value:
        kind = type(v)
        if kind is Card:
            out.append(_CODE.get(v) or v.code)
        elif kind is tuple:
            out.append(_listed(v))
        else:
            out.append(encode(v))
    return out


#: The field names of each dataclass :func:`encode` has met, in order.
_FIELDS: dict[type, tuple[str, ...]] = {}


_HINTS: dict[type, dict[str, Any]] = {}
#: Each type hint's ``typing.get_origin`` and ``typing.get_args``, as :func:`decode` met it.
_PARTS: dict[Any, tuple[Any, tuple[Any, ...]]] = {}


def _parts(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """``typing.get_origin(tp), typing.get_args(tp)``, each hint's worked out once."""
    try:
        return _PARTS[tp]
    except KeyError:
        parts = _PARTS[tp] = (typing.get_origin(tp), typing.get_args(tp))
        return parts
    except TypeError:  # (a hint that is no key)
        return typing.get_origin(tp), typing.get_args(tp)


#: Every card by its code exactly as :func:`encode` writes it (a face-down card as "??").
_BY_EXACT_CODE: dict[str, Card] = {code: card for card, code in _CODE.items()}


def _cards_of_codes(data: list[Any]) -> tuple[Card, ...] | None:
    """The cards of a list of codes exactly as :func:`encode` writes them; None if any is not
    one (:func:`decode` then reads each, and says what is wrong)."""
    cards = []
    for code in data:
        card = _BY_EXACT_CODE.get(code) if type(code) is str else None
        if card is None:
            return None
        cards.append(card)
    return tuple(cards)


def decode(tp: Any, data: Any, where: str) -> Any:
    """The value of type ``tp`` that :func:`encode` turned into ``data``; StateError otherwise."""
    if tp is Card:
        card = _BY_EXACT_CODE.get(data) if type(data) is str else None
        if card is not None:
            return card
        if not isinstance(data, str):
            raise StateError(where, f'expected a card such as "4C", got {json.dumps(data)[:40]}')
        if data == "??":
            return HIDDEN
        try:
            return parse_card(data)
        except CardError as err:
            raise StateError(where, err.reason) from None
    origin, args = _parts(tp)
    if origin is tuple:
        if not isinstance(data, list):
            raise StateError(where, f"expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Card:  # the most common list: cards, each by its code
                cards = _cards_of_codes(data)
                if cards is not None:
                    return cards
            return tuple(decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise StateError(where, f"expected {len(args)} values, got {len(data)}")
        return tuple(decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) == 1:
            return decode(inner[0], data, where)
        raise StateError(where, "unsupported union")  # pragma: no cover - states use Optional only
    if origin is typing.Literal:
        if data not in args:
            raise StateError(where, f"expected one of {', '.join(map(repr, args))}, got {data!r}")
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):  # (a hint is a class, never an instance)
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
        else:  # a field with a default, added since the state was written: its default
            data = {
                f.name: f.default
                for f in dataclasses.fields(tp)
                if f.name not in data and f.default is not dataclasses.MISSING
            } | data
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
