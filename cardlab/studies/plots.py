"""A study's pictures, drawn by matplotlib as PNG images (:class:`Picture`).

A PNG is stored inside the notebook with the output, so it shows in JupyterLab, in Voilà and in
a notebook exported to HTML (an ``<img>`` with the picture inside it), with no kernel and no
network. matplotlib is imported only when a picture is drawn; no global state of pyplot is used.

Each picture says what it shows in words of its own (``alt``: its title, then each bar with its
figures), for a reader who cannot see it: a notebook's output carries it as the ``alt`` of an
HTML ``<img>`` beside the PNG, which JupyterLab, Voilà and an export to HTML show.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Mapping, Sequence
from typing import Any

from .summary import Estimate, wilson_interval

#: A study (:class:`cardlab.studies.Study`), read through its summary and totals; named so here
#: because the study imports these pictures.
StudyLike = Any

__all__ = ["Picture", "score_picture", "wins_picture", "facts_picture"]


def _colour(i: int) -> str:
    return f"C{i % 10}"  # matplotlib's own cycle of colours


class Picture:
    """A drawn picture: ``png`` holds its bytes, ``alt`` says in words what it shows; a notebook
    shows it, ``save(path)`` writes it."""

    def __init__(self, png: bytes, title: str, alt: str | None = None) -> None:
        self.png, self.title = png, title
        self.alt = alt or title

    def _repr_png_(self) -> bytes:
        return self.png

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The PNG, and the same picture as an HTML ``<img>`` whose ``alt`` is :attr:`alt`
        (an output's PNG alone gets a generic text in an export)."""
        return {"image/png": self.png, "text/html": self.html()}

    def save(self, path: str) -> None:
        with open(path, "wb") as out:
            out.write(self.png)

    def html(self) -> str:
        """The picture as an HTML ``<img>`` with the PNG inside it."""
        data = base64.b64encode(self.png).decode("ascii")
        return f'<img src="data:image/png;base64,{data}" alt="{html.escape(self.alt, quote=True)}">'

    def __repr__(self) -> str:
        return f"<picture: {self.title}>"


def _figure(width: float = 6.4, height: float = 3.6):  # type: ignore[no-untyped-def]
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("a study's pictures need matplotlib: pip install 'cardlab[study]'") from None
    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return figure, figure.add_subplot()


def _picture(figure, title: str, alt: str) -> Picture:  # type: ignore[no-untyped-def]
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})  # no version stamp: the same bytes each time
    return Picture(buffer.getvalue(), title, alt)


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def _between(low: float, high: float) -> str:
    if math.isnan(low) or math.isnan(high):
        return ""
    return f", likely between {_percent(low)} and {_percent(high)}"


def score_picture(study: StudyLike) -> Picture:
    """How often each final score came, seat by seat (bars side by side)."""
    figure, axes = _figure()
    names = study.seat_names
    width = 0.8 / len(names)
    for seat, name in enumerate(names):
        counts = study.tally.histograms[seat]
        scores = sorted(counts)
        shares = [100 * counts[s] / study.tally.games for s in scores]
        offset = (seat - (len(names) - 1) / 2) * width
        axes.bar(
            [s + offset for s in scores], shares, width, label=f"{name} ({study.players[seat]})", color=_colour(seat)
        )
    axes.set_xlabel("final score")
    axes.set_ylabel("% of games")
    axes.set_title(f"{study.title}: final scores")
    axes.legend()
    said = [f"A bar chart of {study.title}: final scores, in {study.tally.games:,} games."]
    for seat, name in enumerate(names):
        counts = study.tally.histograms[seat]
        if counts:
            common = max(sorted(counts), key=lambda s: counts[s])
            said.append(
                f"{name} ({study.players[seat]}) scored from {min(counts)} to {max(counts)}, "
                f"most often {common} ({_percent(counts[common] / study.tally.games)} of games)."
            )
    return _picture(figure, f"{study.title}: final scores", " ".join(said))


def wins_picture(study: StudyLike) -> Picture:
    """Each seat's share of wins, and the draws, with their 95% intervals."""
    figure, axes = _figure()
    tally = study.tally
    labels = [f"{n} wins\n({p})" for n, p in zip(study.seat_names, study.players)] + ["draw"]
    shares = [wilson_interval(w, tally.games) for w in tally.wins] + [wilson_interval(tally.draws, tally.games)]
    _bars(axes, labels, shares, vertical=True)
    if len(study.seat_names) == 2:
        axes.axhline(50, color="#888888", linewidth=0.8, linestyle="--")
    axes.set_ylabel("% of games")
    axes.set_title(f"{study.title}: who wins\n({tally.games:,} games, 95% intervals)")
    said = [f"A bar chart of {study.title}: who wins, in {tally.games:,} games."]
    for label, (value, low, high) in zip(labels, shares):
        said.append(f"{_sentence(' '.join(label.split()))}: {_percent(value)} of games{_between(low, high)}.")
    return _picture(figure, f"{study.title}: who wins", " ".join(said))


def facts_picture(
    study: StudyLike, keys: Sequence[str] | None = None, exact: Mapping[str, float] | None = None
) -> Picture:
    """How often each of the game's facts happens (those of ``keys``, or all), with 95% intervals;
    ``exact`` marks a chance counted exactly (key -> chance from 0 to 1) beside the simulation."""
    summary = study.summary()
    estimates: list[Estimate] = [summary[k] for k in (keys if keys is not None else study.facts)]
    if not estimates:
        raise ValueError(f"{study.title} has no facts of its own to draw")
    exact = dict(exact or {})
    unknown = set(exact) - {e.key for e in estimates}
    if unknown:
        raise ValueError(f"exact names facts the picture does not show: {', '.join(sorted(unknown))}")
    figure, axes = _figure(width=7.2, height=1.2 + 0.5 * len(estimates))
    labels = [f"{e.label}: {_percent(e.value)}\n(of {e.count:,} {e.per})" for e in estimates]
    _bars(axes, labels, [(e.value, e.low, e.high) for e in estimates], vertical=False)
    rows = {e.key: i for i, e in enumerate(estimates)}
    for key, chance in exact.items():
        axes.set_xlim(0, max(axes.get_xlim()[1], min(100.0, 130 * chance)))
        axes.plot([100 * chance], [rows[key]], marker="D", color="black", linestyle="none", zorder=3)
    if exact:
        axes.plot([], [], marker="D", color="black", linestyle="none", label="counted exactly")
        figure.legend(loc="outside lower right")
    axes.invert_yaxis()
    axes.set_xlabel("% of the chances")
    axes.set_title(f"{study.title}: how often\n({study.tally.games:,} games, 95% intervals)")
    said = [f"A bar chart of {study.title}: how often, in {study.tally.games:,} games."]
    for e in estimates:
        counted = f" Counted exactly: {_percent(exact[e.key])}." if e.key in exact else ""
        said.append(
            f"{_sentence(e.label)}: {_percent(e.value)} of {e.count:,} {e.per}{_between(e.low, e.high)}.{counted}"
        )
    return _picture(figure, f"{study.title}: how often", " ".join(said))


def _bars(axes, labels: list[str], shares: list[tuple[float, float, float]], vertical: bool) -> None:  # type: ignore[no-untyped-def]
    values = [0 if math.isnan(v) else 100 * v for v, _, _ in shares]
    below = [0 if math.isnan(lo) else max(0.0, 100 * (v - lo)) for v, lo, _ in shares]
    above = [0 if math.isnan(hi) else max(0.0, 100 * (hi - v)) for v, _, hi in shares]
    colours = [_colour(i) for i in range(len(labels))]
    place = range(len(labels))
    if vertical:
        axes.bar(place, values, yerr=[below, above], capsize=6, color=colours, alpha=0.8)
        axes.set_xticks(list(place), labels)
        axes.set_ylim(0, 100)
    else:
        axes.barh(place, values, xerr=[below, above], capsize=5, color=colours, alpha=0.8)
        axes.set_yticks(list(place), labels)
        axes.set_xlim(0, min(100.0, max(1.0, 1.3 * max(v + a for v, a in zip(values, above)))))
    if vertical:  # a horizontal bar's label says its value
        for i, value in enumerate(values):
            axes.annotate(
                _percent(value / 100), (i, value + above[i]), xytext=(0, 3), textcoords="offset points", ha="center"
            )


def _percent(share: float) -> str:
    """A share as a percentage, with two decimals below 1% (0.22%), else one (56.6%)."""
    if math.isnan(share):
        return "no chance seen"
    return f"{100 * share:.2f}%" if share < 0.01 else f"{100 * share:.1f}%"
