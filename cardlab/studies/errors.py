"""The errors a study raises: each a ``ValueError``, as every cardlab error is."""

from __future__ import annotations

__all__ = ["StudyError"]


class StudyError(ValueError):
    """A study that cannot run as asked: a bad argument (``where`` names it), or a place to run
    that is not there (a Dask scheduler that does not answer, every game failing)."""

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"cardlab.study: {where}: {reason}")
