"""The card colours of cardlab.css: readable on both card faces, and four suits that stay apart
for colour-blind eyes.

Card faces stay light in both JupyterLab themes (dimmed in the dark one), so a suit's colour is
read against the two faces; the four-colour deck's suits must stay distinct under protanopia,
deuteranopia and tritanopia (simulated, see tests/colours.py).
"""

from __future__ import annotations

import itertools

import pytest

from cardlab.widgets import frontend
from helpers.colours import DEFICIENCIES, ciede2000, contrast, css_variables, lab, parse_hex, resolve

#: The least contrast for text (WCAG 2, level AA for normal text).
MIN_CONTRAST = 4.5
#: The least CIEDE2000 distance between two suits, for every kind of vision checked. (A
#: distance of about 2 is just noticeable; red and green clubs and hearts were 8.9 apart under
#: deuteranopia.)
MIN_SUIT_DISTANCE = 20.0

STYLESHEET = frontend.CSS.read_text(encoding="utf-8")
ROOT = css_variables(STYLESHEET, ".cardlab-root")
DARK = css_variables(STYLESHEET, '[data-jp-theme-light="false"] .cardlab-root')
FOUR = css_variables(STYLESHEET, ".cardlab-root.cardlab-four-colour")
SUITS = ("clubs", "diamonds", "hearts", "spades")


def colour(name: str, *layers: dict[str, str]) -> tuple[int, int, int]:
    variables: dict[str, str] = {}
    for layer in (ROOT, *layers):
        variables.update(layer)
    return parse_hex(resolve(variables[name], variables))


FACES = {"light theme": colour("--cardlab-face"), "dark theme": colour("--cardlab-face", DARK)}
DECKS = {
    "two-colour": {s: colour(f"--cardlab-{s}") for s in SUITS},
    "four-colour": {s: colour(f"--cardlab-{s}", FOUR) for s in SUITS},
}


def test_the_colour_helpers_give_published_values():
    # WCAG: black on white is 21:1; CIEDE2000: pairs 1 and 7 of Sharma, Wu and Dalal's test data.
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50.0, 0.0, 0.0), (50.0, -1.0, 2.0)) == pytest.approx(2.3669, abs=1e-4)
    assert lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)


def test_the_css_variables_are_found():
    assert FACES["dark theme"] != FACES["light theme"]
    assert DECKS["four-colour"]["clubs"] != DECKS["two-colour"]["clubs"]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("face", FACES)
def test_every_suit_reads_on_both_card_faces(deck, face):
    for suit, rgb in DECKS[deck].items():
        ratio = contrast(rgb, FACES[face])
        assert ratio >= MIN_CONTRAST, f"{deck} {suit} on the {face} card face: {ratio:.2f}:1"


def test_the_joker_reads_on_both_card_faces():
    joker = colour("--cardlab-joker")
    for face, rgb in FACES.items():
        assert contrast(joker, rgb) >= MIN_CONTRAST, face


@pytest.mark.parametrize("vision", [None, *DEFICIENCIES])
def test_the_four_suits_stay_apart(vision):
    deck = DECKS["four-colour"]
    distances = {
        (a, b): ciede2000(lab(deck[a], vision), lab(deck[b], vision)) for a, b in itertools.combinations(SUITS, 2)
    }
    pair, least = min(distances.items(), key=lambda item: item[1])
    assert least >= MIN_SUIT_DISTANCE, f"{pair[0]} and {pair[1]} under {vision or 'normal vision'}: {least:.1f}"


def test_the_old_red_and_green_failed_this_check():
    """The check catches what it is for: green clubs and red hearts merge for a deuteranope."""
    red, green = parse_hex("#c62828"), parse_hex("#1b7a36")
    assert ciede2000(lab(red, "deuteranopia"), lab(green, "deuteranopia")) < MIN_SUIT_DISTANCE
