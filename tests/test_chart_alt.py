"""A study's charts say in words what they show, each its own: the ``alt`` of the picture's
``<img>`` gives the chart's title and every bar with its figures. The explainers notebook
(notebooks/08_explainers.ipynb), exported to HTML, shows each chart once, with its own text
rather than nbconvert's generic "No description has been provided for this image"."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import cardlab

ROOT = Path(__file__).resolve().parent.parent
IMG = re.compile(r"<img\b[^>]*>")


def pictures(page: str) -> list[str]:
    """The ``alt`` of each PNG picture of an HTML page, in order."""
    found = []
    for tag in IMG.findall(page):
        if 'src="data:image/png;base64,' in tag:
            alt = re.search(r'\balt="([^"]*)"', tag)
            found.append(html.unescape(alt.group(1)) if alt else "")
    return found


def test_each_chart_of_a_study_says_what_it_shows():
    pytest.importorskip("matplotlib")
    study = cardlab.study("commitment", games=30, players="heuristic", progress=False)
    facts, wins, scores = study.plot_facts(), study.plot_wins(), study.plot_scores()
    assert len({facts.alt, wins.alt, scores.alt}) == 3
    summary = study.summary()
    for key in study.facts:
        assert summary[key].label[1:] in facts.alt
    assert "A wins" in wins.alt and "B wins" in wins.alt and "Draw" in wins.alt
    assert "A (heuristic) scored from" in scores.alt and "B (heuristic) scored from" in scores.alt
    bundle = wins._repr_mimebundle_()
    assert bundle["image/png"] == wins.png
    assert f'alt="{html.escape(wins.alt, quote=True)}"' in bundle["text/html"]


def test_the_explainers_charts_each_have_their_own_text_in_exported_html():
    nbconvert = pytest.importorskip("nbconvert")
    body, _ = nbconvert.HTMLExporter().from_filename(str(ROOT / "notebooks" / "08_explainers.ipynb"))
    alts = pictures(body)
    assert len(alts) == 5, alts
    assert not [a for a in alts if not a.startswith("A bar chart of ")], alts
    assert len(set(alts)) == 5
    # Each says its bars: the Commerce chart names the four hands it counts, two counted exactly.
    commerce = next(a for a in alts if a.startswith("A bar chart of Commerce"))
    assert commerce.count(". A hand ") == 4 and commerce.count("Counted exactly") == 2
