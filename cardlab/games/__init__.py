"""The games cardlab knows, by name. Modules are imported only when a game is asked for.

>>> import cardlab
>>> cardlab.game("card-commons", variant="peek")
cardlab.game('card-commons', variant='peek')
"""

from __future__ import annotations

import importlib
from typing import Any

from ..engine import Game

__all__ = ["game", "names", "game_for_state", "CONFORMANCE"]

# name -> (module, class)
_REGISTRY: dict[str, tuple[str, str]] = {
    "card-commons": ("cardlab.games.commons", "CardCommons"),
    "commerce": ("cardlab.games.commerce", "Commerce"),
    "commitment": ("cardlab.games.commitment", "Commitment"),
    "contest": ("cardlab.games.contest", "Contest"),
}
_ALIASES = {"commons": "card-commons", "cardcommons": "card-commons", "card commons": "card-commons"}

#: The configurations every game must pass the conformance test with: (name, options).
CONFORMANCE: list[tuple[str, dict[str, Any]]] = [
    ("card-commons", {}),
    ("card-commons", {"variant": "peek"}),
    ("commerce", {"players": 3}),
    ("commerce", {"players": 4}),
    ("commerce", {"players": 7}),
    ("commerce", {"players": 12}),
    ("commitment", {}),
    ("contest", {}),
    ("contest", {"ace": "low"}),
    ("contest", {"pile_value": "top"}),
]


def names() -> list[str]:
    """The names of every game, as ``cardlab.game`` accepts them."""
    return list(_REGISTRY)


def _game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise TypeError(f"a game's name is text, such as 'card-commons'; got {type(name).__name__}")
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    if key not in _REGISTRY:
        raise ValueError(f"no game called {name!r}; cardlab has: {', '.join(_REGISTRY)}")
    module, cls = _REGISTRY[key]
    return getattr(importlib.import_module(module), cls)


def game(name: str, **options: Any) -> Game:
    """The game called ``name`` with ``options``: ``game("commerce", players=5)``.

    Unknown names and options raise a ValueError that lists what is available.
    """
    return _game_class(name)(**options)


def game_for_state(state: Any) -> Game:
    """The game (with the options) that ``state`` belongs to."""
    cls = _game_class(state.GAME)
    return cls.for_state(state)  # type: ignore[attr-defined]
