"""A game's :class:`Options`: one frozen value, checked, read from and written to the text form."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any

from ..errors import StateError
from .notation import TextForm


@dataclass(frozen=True, slots=True)
class Options:
    """A game's options, in one frozen value: the game is made with it and every state carries it.

    A game subclasses it with one field per option (``cardlab.game(name, **options)``), each
    with its default. A field typed ``Literal[...]`` takes one of those values; an int field with
    ``metadata={"range": (low, high)}`` a whole number in that range; ``metadata={"shown": True}``
    names the option in ``repr`` even at its default; ``metadata={"reading": 3}`` marks an option
    that plays another reading of the game's text (reading 3 of its rules page), which a lesson
    question depending on it names (``cardlab.lessons.readings``). Everything else follows from
    the fields: the checks, ``Game.options``, ``Game.for_state``, the text form's option lines
    and the refusal of a state played with other options.
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

    @classmethod
    def ranged(cls) -> dict[str, tuple[int, int, int]]:
        """The whole-number options with a range, as name -> (low, high, default): Commerce's
        ``{"players": (3, 12, 4)}``. A room's page and the research adapters offer each value."""
        return {f.name: (*f.metadata["range"], f.default) for f in dataclasses.fields(cls) if "range" in f.metadata}

    def chosen(self) -> dict[str, Any]:
        """The options that differ from the defaults (and those always shown), as keywords."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != f.default or f.metadata.get("shown")
        }

    def lines(self) -> list[str]:
        """The text form's option lines: ``pile value: sum``."""
        return [f"{f.name.replace('_', ' ')}: {getattr(self, f.name)}" for f in dataclasses.fields(self)]

    def read(self, form: TextForm) -> Options:
        """The options of a text form's option lines (a line left out: this value)."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            key, default, choices = f.name.replace("_", " "), getattr(self, f.name), _choices(type(self), f.name)
            low, high = f.metadata.get("range", (None, None))
            values[f.name] = (
                form.choice(key, choices, default)
                if choices
                else form.int(key, default, lo=low, hi=high)
                if isinstance(default, int)
                else form.text(key, default)
            )
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
