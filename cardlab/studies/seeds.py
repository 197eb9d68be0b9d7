"""The seeds of a study's games: game ``i`` of a study seeded ``seed`` is dealt from
:func:`game_seed`, and the player in seat ``p`` is seeded :func:`player_seed`. Both depend on
nothing but ``seed``, ``i`` and ``p``, so a game is the same whichever process plays it.
"""

from __future__ import annotations

#: Games a study may hold, and the seeds a study may take: ``seed * GAMES + i`` stays a deal seed.
GAMES = 1 << 32


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` (from 0) of a study seeded ``seed``: ``seed * 2**32 + index``.
    A study seeded 0 deals game ``i`` from seed ``i``, as ``game.deal(seed=i)`` does."""
    return seed * GAMES + index


def player_seed(deal_seed: int, seat: int) -> str:
    """The seed of the player in ``seat`` in the game dealt from ``deal_seed``."""
    return f"{deal_seed}:{seat}"
