"""The seats people hold at a session: a person's table holds its seat while it is open, so
that no computer player of another table plays it."""

from __future__ import annotations


class Seats:
    """Who holds which seat: a holder holds one seat at a time; a seat may have several holders
    (two tables of one player) and is free once they all let it go. The session that keeps
    these holds its lock around every call."""

    def __init__(self) -> None:
        #: id(holder) -> (holder, seat)
        self._holders: dict[int, tuple[object, int]] = {}

    @property
    def held(self) -> frozenset[int]:
        """The seats held."""
        return frozenset(seat for _, seat in self._holders.values())

    def hold(self, seat: int, holder: object) -> bool:
        """``holder`` holds ``seat`` (letting go of any other); whether the seats held changed."""
        before = self.held
        self._holders[id(holder)] = (holder, seat)
        return self.held != before

    def release(self, holder: object) -> bool:
        """``holder`` lets go of its seat, if it holds one; whether the seats held changed."""
        kept = self._holders.get(id(holder))
        if kept is None or kept[0] is not holder:
            return False
        before = self.held
        del self._holders[id(holder)]
        return self.held != before
