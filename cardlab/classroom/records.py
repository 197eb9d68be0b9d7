"""What a store keeps of a room: its record (the game, the deal, the seats) as plain data.

A :class:`RoomRecord` is rewritten when the room itself changes (a seat taken, a pause, a new
deal), which is rare; the moves go to the room's append-only log instead (:mod:`.store`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

#: A room's states: open (moves are played), paused by the teacher, ended by the teacher.
OPEN, PAUSED, ENDED = "open", "paused", "ended"
STATES = (OPEN, PAUSED, ENDED)


class RecordError(ValueError):
    """A stored room record that cannot be read."""


@dataclass(frozen=True)
class Seat:
    """A seat of a room: a computer player (``computer``, one of :data:`cardlab.bots.PLAYERS`),
    or a person's, free (``name`` None) or taken. ``token`` is the digest of the person's seat
    token (the token itself is only in their browser's cookie); ``approved`` is False while
    the seat waits for the teacher."""

    computer: str | None = None
    name: str | None = None
    token: str | None = None
    approved: bool = True

    @property
    def free(self) -> bool:
        return self.computer is None and self.name is None


@dataclass(frozen=True)
class RoomRecord:
    """A room as stored: ``code``; the game's name and options; the ``seed`` and number of its
    current ``deal`` (1 the first); its ``seats``; its ``state`` (:data:`STATES`); whether
    it is ``locked`` (nobody joins) or asks the teacher to ``approve`` each seat."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    deal: int = 1
    state: str = OPEN
    locked: bool = False
    approve: bool = False
    created: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def with_seat(self, number: int, seat: Seat) -> RoomRecord:
        seats = list(self.seats)
        seats[number] = seat
        return replace(self, seats=tuple(seats))

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> RoomRecord:
        try:
            data = json.loads(text)
            seats = tuple(Seat(**seat) for seat in data.pop("seats"))
            record = cls(seats=seats, **data)
        except (TypeError, ValueError, KeyError, AttributeError) as err:
            raise RecordError(f"stored room record: {err}") from None
        if record.state not in STATES:
            raise RecordError(f"stored room {record.code}: unknown state {record.state!r}")
        return record
