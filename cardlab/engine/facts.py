"""What a game can count in a study: a :class:`Fact`, declared by a game folder's ``study.py``
(see :mod:`cardlab.studies.facts`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Fact"]


@dataclass(frozen=True, slots=True)
class Fact:
    """What a fact says (``label``: "a Commission scores") and what it is counted over (``per``:
    "Commission at a round's end")."""

    label: str
    per: str
