"""A study's summary: each quantity's estimate with its 95% interval (:class:`Summary`).

- A mean (a seat's score, the number of moves) has the normal interval: mean ± 1.96 × s / √n,
  ``s`` the standard deviation of the games.
- A share of games (a seat's wins, the draws) has Wilson's score interval.
- A fact's rate (hits over chances, several chances a game) has the interval of a ratio over
  games taken as independent (the chances of one game are not): rate ± 1.96 × se, where
  se² = n / (n - 1) × Σ(hᵢ - rate × cᵢ)² / (Σcᵢ)² over the n games with a chance.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterator
from dataclasses import dataclass
from statistics import NormalDist

from .aggregates import FactSums, Moments, Tally
from .facts import Fact

__all__ = ["Estimate", "Summary", "Z", "mean_interval", "wilson_interval", "ratio_interval"]

#: The normal quantile of a two-sided 95% interval.
Z = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True, slots=True)
class Estimate:
    """One quantity of a study: its ``key`` ("score A", "win A", a fact's key), what it is in
    words (``label``), its ``value`` with the 95% interval ``low``..``high``, and what it is
    counted over (``count`` of ``per``: 200 games, 3,104 turns with a Jack in hand)."""

    key: str
    label: str
    value: float
    low: float
    high: float
    count: int
    per: str
    share: bool  # a share (shown as a percentage) rather than a mean

    def __str__(self) -> str:
        if self.share:
            return f"{100 * self.value:.1f}% (95%: {100 * self.low:.1f}–{100 * self.high:.1f}%)"
        return f"{self.value:.3g} (95%: {self.low:.3g}–{self.high:.3g})"


def mean_interval(moments: Moments) -> tuple[float, float, float]:
    """The mean of ``moments`` and its normal 95% interval (nan bounds for fewer than 2 values)."""
    n = moments.count
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = moments.total / n
    if n < 2:
        return mean, math.nan, math.nan
    variance = max(0.0, (moments.squares - moments.total * moments.total / n) / (n - 1))
    margin = Z * math.sqrt(variance / n)
    return mean, mean - margin, mean + margin


def wilson_interval(hits: int, count: int) -> tuple[float, float, float]:
    """The share ``hits / count`` and Wilson's 95% score interval."""
    if count == 0:
        return math.nan, math.nan, math.nan
    p = hits / count
    z2 = Z * Z
    centre = (p + z2 / (2 * count)) / (1 + z2 / count)
    margin = Z * math.sqrt(p * (1 - p) / count + z2 / (4 * count * count)) / (1 + z2 / count)
    low = 0.0 if hits == 0 else max(0.0, centre - margin)  # exact at the ends, where rounding would stray
    high = 1.0 if hits == count else min(1.0, centre + margin)
    return p, low, high


def ratio_interval(sums: FactSums) -> tuple[float, float, float]:
    """A fact's rate (hits over chances) and its 95% interval over games (module docstring)."""
    if sums.chances == 0:
        return math.nan, math.nan, math.nan
    rate = sums.hits / sums.chances
    n = sums.games
    if n < 2:
        return rate, math.nan, math.nan
    spread = sums.hits_squared - 2 * rate * sums.products + rate * rate * sums.chances_squared
    se = math.sqrt(max(0.0, spread) * n / (n - 1)) / sums.chances
    return rate, max(0.0, rate - Z * se), min(1.0, rate + Z * se)


class Summary:
    """The estimates of a study, in order: each seat's score and wins, the draws, the moves, then
    the game's facts. ``summary["win A"]`` is one :class:`Estimate`; ``str`` and the notebook
    show them as a table."""

    def __init__(self, title: str, estimates: list[Estimate]) -> None:
        self.title = title
        self.estimates = estimates

    @classmethod
    def of(cls, title: str, tally: Tally, names: tuple[str, ...], facts: dict[str, Fact]) -> Summary:
        games = tally.games
        found: list[Estimate] = []
        for seat, name in enumerate(names):
            found.append(
                Estimate(f"score {name}", f"{name}'s score", *mean_interval(tally.scores[seat]), games, "games", False)
            )
        for seat, name in enumerate(names):
            found.append(
                Estimate(f"win {name}", f"{name} wins", *wilson_interval(tally.wins[seat], games), games, "games", True)
            )
        found.append(Estimate("draw", "a draw", *wilson_interval(tally.draws, games), games, "games", True))
        found.append(Estimate("moves", "moves in a game", *mean_interval(tally.moves), games, "games", False))
        for key, fact in facts.items():
            sums = tally.facts[key]
            found.append(Estimate(key, fact.label, *ratio_interval(sums), sums.chances, fact.per, True))
        return cls(title, found)

    def __getitem__(self, key: str) -> Estimate:
        for estimate in self.estimates:
            if estimate.key == key:
                return estimate
        raise KeyError(f"{key!r}: the summary has {', '.join(e.key for e in self.estimates)}")

    def __iter__(self) -> Iterator[Estimate]:
        return iter(self.estimates)

    def __len__(self) -> int:
        return len(self.estimates)

    def __str__(self) -> str:
        width = max(len(e.label) for e in self.estimates)
        lines = [self.title]
        lines += [f"  {e.label:<{width}}  {e}  over {e.count:,} {e.per}" for e in self.estimates]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        cells = "".join(
            f"<tr><td style='text-align:left'>{html.escape(e.label)}</td><td>{html.escape(str(e))}</td>"
            f"<td style='text-align:left'>{e.count:,} {html.escape(e.per)}</td></tr>"
            for e in self.estimates
        )
        return (
            f"<table class='cardlab-summary'><caption>{html.escape(self.title)}</caption>"
            f"<tr><th>what</th><th>estimate (95% interval)</th><th>over</th></tr>{cells}</table>"
        )
