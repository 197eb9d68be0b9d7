"""Room codes and seeds: short codes a learner types, deals nobody can guess.

A room code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn with
:mod:`secrets`: about 10**9 codes, so a code cannot be found by trying. A room's seed is drawn
the same way, at or above ``2**GUESSABLE_BITS``, so no table warns that its deal can be
guessed (:func:`cardlab.engine.seed_is_guessable`).
"""

from __future__ import annotations

import secrets
from collections.abc import Container

from ..cards import GUESSABLE_BITS, SEED_BITS

#: The characters of a room code: capitals and digits a learner cannot misread.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


class RoomCodeError(ValueError):
    """Text that is not a room code."""


def new_code(taken: Container[str] = ()) -> str:
    """A fresh room code, not one of ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def read_code(text: object) -> str:
    """The room code in what a learner typed: capitals, spaces and dashes dropped; a
    :class:`RoomCodeError` if it cannot be a code."""
    if not isinstance(text, str):
        raise RoomCodeError(f"room code: text of {CODE_LENGTH} characters, not {type(text).__name__}")
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        raise RoomCodeError(f"room code: {CODE_LENGTH} letters and digits from {ALPHABET}, not {text[:20]!r}")
    return code


def fresh_seed() -> int:
    """A seed for a room's deal: random, from :mod:`secrets`, and too large to be guessed."""
    low = 1 << GUESSABLE_BITS
    return low + secrets.randbelow((1 << SEED_BITS) - low)
