"""A study's result (:class:`Study`): its totals over every game, the rows it kept, the games that
failed, and the ways to read them: a summary, a pandas table, pictures."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from .aggregates import Tally
from .facts import Fact
from .rows import GameRow
from .summary import Summary

__all__ = ["Study"]


class Study:
    """What a study found (made by :func:`cardlab.study`).

    ``len(study)`` is the number of games played to the end; ``study.tally`` holds their totals
    (every game counts in :meth:`summary` and the pictures). ``study.rows`` are the rows kept
    (the first ``keep_rows`` games, in game order); ``study.failed`` maps each game that failed
    (by number) to its error, and ``study.failures`` counts them.
    """

    def __init__(
        self,
        title: str,
        players: tuple[str, ...],
        seat_names: tuple[str, ...],
        seed: int,
        asked: int,
        facts: dict[str, Fact],
        tally: Tally,
        rows: list[GameRow],
        failed: dict[int, str],
        failures: int,
    ) -> None:
        self.title, self.players, self.seat_names, self.seed, self.asked = title, players, seat_names, seed, asked
        self.facts, self.tally, self.rows, self.failed, self.failures = facts, tally, rows, failed, failures

    def __len__(self) -> int:
        return self.tally.games

    def summary(self) -> Summary:
        """Each seat's mean score and share of wins, the draws, the moves and each of the game's
        facts, with 95% intervals (see :mod:`cardlab.studies.summary`)."""
        return Summary.of(self._heading(), self.tally, self.seat_names, self.facts)

    def to_pandas(self) -> Any:
        """The rows kept, as a ``pandas.DataFrame``: one row per game, in game order, with columns
        game, seed, "player A"…, "score A"…, winners, draw, moves, then for each fact its hits
        (the fact's key) and its chances (key + "_chances"), then what the study recorded."""
        try:
            import pandas
        except ImportError:
            raise ImportError("Study.to_pandas needs pandas: pip install pandas") from None
        return pandas.DataFrame([self._record(row) for row in self.rows], columns=self._columns())

    def _columns(self) -> list[str]:
        names = self.seat_names
        facts = [c for key in self.facts for c in (key, f"{key}_chances")]
        recorded = list(self.rows[0].recorded) if self.rows else []
        return [
            "game",
            "seed",
            *(f"player {n}" for n in names),
            *(f"score {n}" for n in names),
            "winners",
            "draw",
            "moves",
            *facts,
            *recorded,
        ]

    def _record(self, row: GameRow) -> dict[str, Any]:
        names = self.seat_names
        out: dict[str, Any] = {"game": row.game, "seed": row.seed}
        out.update({f"player {n}": p for n, p in zip(names, row.players)})
        out.update({f"score {n}": s for n, s in zip(names, row.scores)})
        out.update({"winners": " ".join(names[w] for w in row.winners), "draw": row.draw, "moves": row.moves})
        for key, (hits, chances) in row.facts.items():
            out[key], out[f"{key}_chances"] = hits, chances
        out.update(row.recorded)
        return out

    # -- pictures (matplotlib) ------------------------------------------------------------------------

    def plot_scores(self) -> Any:
        """A picture of how often each final score came, seat by seat."""
        from .plots import score_picture

        return score_picture(self)

    def plot_wins(self) -> Any:
        """A picture of each seat's share of wins and of the draws, with 95% intervals."""
        from .plots import wins_picture

        return wins_picture(self)

    def plot_facts(self, keys: Sequence[str] | None = None, exact: Mapping[str, float] | None = None) -> Any:
        """A picture of how often each of the game's facts happens (``keys``, or all of them), with
        95% intervals; ``exact`` marks chances counted exactly (key -> chance) beside them."""
        from .plots import facts_picture

        return facts_picture(self, keys, exact)

    # -- how it shows ---------------------------------------------------------------------------------

    def _heading(self) -> str:
        failed = f"; {self.failures:,} failed" if self.failures else ""
        return f"{self.title}: {len(self):,} games, {' v '.join(self.players)}, seed {self.seed}{failed}"

    def failure_text(self) -> str:
        """The failed games in words: how many, and the first few with their errors."""
        if not self.failures:
            return "no game failed"
        first = "; ".join(f"game {i}: {err}" for i, err in sorted(self.failed.items())[:3])
        return f"{self.failures:,} of {self.asked:,} games failed ({first})"

    def __repr__(self) -> str:
        return f"<study: {self._heading()}>"

    def _repr_html_(self) -> str:
        failed = f"<p>{html.escape(self.failure_text())}</p>" if self.failures else ""
        return self.summary()._repr_html_() + failed
