"""The progress bar of a long study: tqdm's, which draws itself as a widget in a notebook and as
text in a terminal. tqdm is imported only when a bar may be needed."""

from __future__ import annotations

from typing import Any

__all__ = ["progress_bar", "QUIET_SECONDS"]

#: With ``progress=None``, a bar shows only once a study has run this long.
QUIET_SECONDS = 2.0


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, show: bool | None, title: str) -> Any:
    """A bar counting ``total`` games: always (``show=True``), never (False), or for runs that
    last over :data:`QUIET_SECONDS` (None). Without tqdm, no bar unless one was asked for."""
    if show is False:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        if show:
            raise ImportError("a study's progress bar needs tqdm: pip install 'cardlab[study]'") from None
        return _NoBar()
    return tqdm(total=total, desc=title, unit="game", delay=0 if show else QUIET_SECONDS)
