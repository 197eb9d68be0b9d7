"""What a study raises (each a ``ValueError``, as every cardlab error is) and warns."""

from __future__ import annotations

__all__ = ["StudyError", "StudyWarning"]


class StudyError(ValueError):
    """A study that cannot run as asked: a bad argument (``where`` names it), or a place to run
    that is not there (a Dask scheduler that does not answer, every game failing)."""

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"cardlab.study: {where}: {reason}")


class StudyWarning(UserWarning):
    """Some games of a study failed: ``Study.failed`` says which, and why."""
