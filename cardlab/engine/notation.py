"""Reading text: a move's notation (:class:`MoveReader`), a state's text form (:class:`TextForm`)
and whole numbers (:func:`whole_number`), every fault an error naming the place."""

from __future__ import annotations

import builtins
import re
from collections.abc import Sequence
from typing import Any, Literal, overload

from ..cards import Card, ascii_lower, ascii_upper, parse_card
from ..cards import cards as read_cards
from ..errors import CardError, NotationError, StateError, quoted

# --- whole numbers: ASCII digits only, and a bounded count of them ----------------------------------

#: The most digits a whole number may have in a text form or a JSON file. The largest numbers
#: in a state are seeds; the rest (rounds, points, counts) have a few digits.
MAX_DIGITS = 100
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
            raise NotationError(
                shown, 0, len(shown), f"expected the text of a move; moves look like: {examples}", "move"
            )
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
                raise StateError(
                    f"line {number}", f"unknown key {quoted(name.strip())}; {title} states use: {', '.join(keys)}"
                )
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
            return tuple(read_cards(text))
        except CardError as err:
            raise StateError(self.where(key), str(err)) from None

    @overload
    def card(self, key: str, default: str | None = None, optional: Literal[False] = False) -> Card: ...
    @overload
    def card(self, key: str, default: str | None = None, optional: bool = False) -> Card | None: ...
    def card(self, key: str, default: str | None = None, optional: bool = False) -> Card | None:
        """The one card on line ``key``; None only for an ``optional`` line that names none."""
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

    def ints(
        self,
        key: str,
        count: builtins.int,
        default: str | None = None,
        *,
        lo: builtins.int | None = None,
        hi: builtins.int | None = None,
    ) -> tuple[builtins.int, ...]:
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

    @overload
    def player(
        self, key: str, names: Sequence[str], default: str | None = None, optional: Literal[False] = False
    ) -> builtins.int: ...
    @overload
    def player(
        self, key: str, names: Sequence[str], default: str | None = None, optional: bool = False
    ) -> builtins.int | None: ...
    def player(
        self, key: str, names: Sequence[str], default: str | None = None, optional: bool = False
    ) -> builtins.int | None:
        """The player named on line ``key``, by number; None only for an ``optional`` line of ``-``."""
        text = self.text(key, default).strip()
        if optional and text in ("", "-", "—"):
            return None
        upper = [ascii_upper(n) for n in names]
        if ascii_upper(text) not in upper:
            raise StateError(self.where(key), f"expected a player ({', '.join(names)}), got {quoted(text)}")
        return upper.index(ascii_upper(text))
