"""Studies: many seeded games played by computer players, added up as they come.

    >>> import cardlab
    >>> study = cardlab.study("card-commons", games=1000, players="heuristic", seed=1)
    >>> study.summary()               # means and shares, with 95% intervals
    >>> study.plot_facts()            # how often a Commission scores, and why (a PNG picture)
    >>> study.to_pandas()             # one row per game (with pandas)

:func:`study` plays game ``i`` from a seed derived from ``seed`` and ``i``, so the rows are the
same in this process, on a pool of processes (``workers=4``) and on a Dask cluster
(``workers=client`` or ``"tcp://scheduler:8786"``). Only the totals grow with the games; rows
are kept for the first ``keep_rows`` games. See docs/studies.md.
"""

from __future__ import annotations

import warnings
from typing import Any

from ..engine import Game
from .aggregates import Tally
from .errors import StudyError, StudyWarning
from .facts import NO_FACTS, Fact, game_facts
from .gather import Gathered
from .progress import progress_bar
from .result import Study
from .runner import play
from .spec import RECORDS, make_spec
from .summary import Estimate, Summary

__all__ = ["study", "Study", "Summary", "Estimate", "Fact", "StudyError", "StudyWarning", "RECORDS", "KEEP_ROWS"]

#: The rows a study keeps unless told otherwise: those of its first 10,000 games.
KEEP_ROWS = 10_000


def study(
    game: Game | str,
    *,
    games: int,
    players: Any = "heuristic",
    seed: int = 0,
    workers: Any = 1,
    record: Any = ("facts",),
    keep_rows: int | bool = KEEP_ROWS,
    progress: bool | None = None,
) -> Study:
    """Play ``games`` seeded games of ``game`` (a name or ``cardlab.game(...)``) and add them up.

    - ``players``: a name of ``cardlab.bots.PLAYERS`` ("random", "heuristic", "search") for every
      seat, or one per seat (``("heuristic", "random")``); a function of a seed that returns a
      player also serves.
    - ``seed``: game ``i`` is dealt from ``seed * 2**32 + i``, the player in seat ``p`` seeded
      ``f"{deal seed}:{p}"``.
    - ``workers``: 1 plays here; a number above 1 plays on that many processes; a
      ``dask.distributed.Client`` or a scheduler's address plays on a Dask cluster.
    - ``record``: what a row holds besides the scores: names of :data:`RECORDS` ("facts", the
      game's own, is the default; ``()`` plays fastest), or a mapping from a column's name to a
      function of (game, record).
    - ``keep_rows``: the games whose rows are kept (the first 10,000 by default; True: all;
      False: none). The totals always cover every game, in memory that does not grow.
    - ``progress``: a progress bar (True), none (False), or one for runs over 2 seconds (None).

    A game a player (or a recorder) fails is left out, named in ``Study.failed``, with a
    :class:`StudyWarning`; so are the games of a worker process that died. Bad arguments raise
    :class:`StudyError` (a ValueError) before any game is played.
    """
    spec = make_spec(game, players, seed, record)
    if isinstance(games, bool) or not isinstance(games, int) or not 0 < games <= 1 << 32:
        raise StudyError("games", f"games is a whole number of games from 1 to 2**32, not {games!r}")
    keep_until = _keep_until(keep_rows, games)
    facts = (game_facts(spec.game) if "facts" in spec.records else NO_FACTS).facts
    gathered = Gathered(Tally.empty(spec.game.players, list(facts)))
    bar = progress_bar(games, progress, spec.game.title)
    try:
        for chunk in play(spec, workers, games, keep_until):
            gathered.add(chunk)
            bar.update(chunk.stop - chunk.start)
    finally:
        bar.close()
    result = Study(
        spec.game.title + _options(spec.game),
        spec.player_names,
        spec.game.player_names,
        seed,
        games,
        facts,
        gathered.tally,
        gathered.rows,
        dict(sorted(gathered.failed.items())),
        gathered.failures,
    )
    if gathered.failures == games:
        raise StudyError("games", f"every game failed: {result.failure_text()}")
    if gathered.failures:
        warnings.warn(result.failure_text(), StudyWarning, stacklevel=2)
    return result


def _keep_until(keep_rows: Any, games: int) -> int:
    if keep_rows is True:
        return games
    if keep_rows is False:
        return 0
    if isinstance(keep_rows, int) and keep_rows >= 0:
        return min(keep_rows, games)
    raise StudyError("keep_rows", f"keep_rows is a number of games, True (all) or False (none), not {keep_rows!r}")


def _options(game: Game) -> str:
    chosen = ", ".join(f"{k}={v!r}" for k, v in game.options.items())
    return f" ({chosen})" if chosen else ""
