"""The lessons that come with cardlab, in ``cardlab/lesson_files/``."""

from __future__ import annotations

from pathlib import Path

#: The folder of the bundled lessons: ``<game>-<number>-<topic>.md``.
BUNDLED = Path(__file__).resolve().parent.parent / "lesson_files"


def bundled_names(game: str | None = None) -> list[str]:
    """The names of the lessons that come with cardlab (of one ``game``, if named): each can be
    given instead of a path (``load("commerce-2-rankings")``)."""
    return [path.stem for path in bundled(game)]


def bundled(game: str | None = None) -> list[Path]:
    """The lesson files that come with cardlab (those of one ``game``, if named), in order."""
    files = sorted(BUNDLED.glob("*.md"))
    if game is None:
        return files
    from ..games import game as make_game

    name = make_game(game).name
    return [f for f in files if f.name.startswith(f"{name}-")]
