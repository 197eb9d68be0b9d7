"""The games cardlab knows, by name.

Each game lives in its own folder here, named after the game (``card_commons/`` is
"card-commons"), and registers its :class:`~cardlab.engine.Game` class with :func:`register`
when imported. A game's module is imported only when the game is asked for, so
``import cardlab.games`` stays fast. A game defined elsewhere (a course's own game, a test's)
joins by calling :func:`register` itself.

>>> import cardlab
>>> cardlab.game("card-commons", variant="peek")
cardlab.game('card-commons', variant='peek')
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any, TypeVar

from ..engine import Game

__all__ = ["game", "game_class", "names", "register", "configurations"]

#: Every registered game class, by name.
_GAMES: dict[str, type[Game[Any]]] = {}
#: a game class, registered as it is
G = TypeVar("G", bound=type[Game[Any]])


def register(cls: G) -> G:
    """Make the game class ``cls`` known to :func:`game` by its ``name`` (and its ``aliases``).

    Returns ``cls``, so it serves as a class decorator. A name or alias already taken by
    another game raises ValueError.
    """
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise TypeError(f"register takes a Game class, not {cls!r}")
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name: set its class attribute 'name'")
    for key in (cls.name, *cls.aliases):
        taken = _lookup(key)
        if taken is not None and taken is not cls:
            raise ValueError(f"the name {key!r} is taken by {taken.__name__}")
    _GAMES[cls.name] = cls
    return cls


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def _lookup(name: str) -> type[Game[Any]] | None:
    key = _key(name)
    for cls in _GAMES.values():
        if key == cls.name or key in map(_key, cls.aliases):
            return cls
    return None


def _folders() -> list[str]:
    """The game folders (and modules) of this package, by module name."""
    return sorted(info.name for info in pkgutil.iter_modules(__path__))


def _import(module: str) -> None:
    importlib.import_module(f"{__name__}.{module}")


def names() -> list[str]:
    """The names of every game, as ``cardlab.game`` accepts them: this package's, then any
    registered from elsewhere."""
    own = [module.replace("_", "-") for module in _folders()]
    return own + sorted(set(_GAMES) - set(own))


def game_class(name: str) -> type[Game[Any]]:
    """The game class called ``name`` (or one of its aliases); ValueError listing the games if none."""
    if not isinstance(name, str):
        raise TypeError(f"a game's name is text, such as 'card-commons'; got {type(name).__name__}")
    found = _lookup(name)
    if found is None:
        module = _key(name).replace("-", "_")
        if module in _folders():
            _import(module)
        else:  # an alias, or a name that is no game: every game's aliases are needed
            for other in _folders():
                _import(other)
        found = _lookup(name)
    if found is None:
        raise ValueError(f"no game called {name!r}; cardlab has: {', '.join(names())}")
    return found


def game(name: str, **options: Any) -> Game[Any]:
    """The game called ``name`` with ``options``: ``game("commerce", players=5)``.

    Unknown names and options raise a ValueError that lists what is available.
    """
    return game_class(name)(**options)


def configurations() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every game with each option set it declares for the conformance test, tests and
    benchmarks (``Game.conformance``): (name, options) pairs, game by game."""
    for name in names():
        for options in game_class(name).conformance:
            yield name, dict(options)
