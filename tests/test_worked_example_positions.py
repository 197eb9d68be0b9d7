"""A position written as text in a tutorial that looks like a rule text's worked example is
either the example's own, or the prose above it names the cards that differ (a teacher checking
against the rule text must not be misled). Every tutorial run in JupyterLab, its widgets drawn
and used, is tests/browser/test_class.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import cardlab
from helpers.labdriver import REPO

NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


# --- positions that look like a rule text's worked example ----------------------------------------
#
# The worked examples, as the zones their texts speak of (see docs/rules/texts and each tutorial):
# the cards each zone holds, and whether their order counts (a Commitment stack's does: a King
# doubles only the cards below it).
WORKED_EXAMPLES: dict[str, tuple[dict[str, Any], dict[str, str], bool]] = {
    "Card Commons, end of round 3": (
        {"name": "card-commons"},
        {
            "nest egg": "4C",
            "A commission": "4H",
            "B commission": "5C",
            "A side": "2D 3H QH 5S 2C 3S",
            "B side": "2H 3C 4D 5D 2S 3D",
        },
        False,
    ),
    "Commitment, the battle for the Q♠": (
        {"name": "commitment"},
        {
            "b1 battle card": "QS",
            "b1 A hearts": "8H 2H",
            "b1 A clubs": "3C 4S KC",
            "b1 A diamonds": "6D",
            "b1 B hearts": "10H",
            "b1 B clubs": "9C",
            "b1 B diamonds": "5D 3D",
        },
        True,
    ),
    "Contest, the tutorial's own end": (
        {"name": "contest"},
        {
            "A secret": "4H 2C 9H 5S",
            "B secret": "3C QS 6C 10S",
            "points C": "7C 8C",
            "points D": "2D 5D 9D JD KD",
            "points H": "3H 6H QH",
            "points S": "4S",
        },
        False,
    ),
}
_TEXT_LITERAL = re.compile(r'"""(.*?)"""', re.S)


def _differences(position: Any, game: Any, zones: dict[str, str], ordered: bool) -> tuple[set[Any], int, int]:
    """The cards that differ from the example in the example's zones (moved in or out), how
    many of the example's cards lie where the example has them, and how many it names."""
    held = {z.name: list(z.cards) for z in game.zones(position)}
    differ, same, total = set(), 0, 0
    for zone, text in zones.items():
        expected, actual = list(cardlab.cards(text)), held.get(zone, [])
        total += len(expected)
        same += sum(1 for card in expected if card in actual)
        if (expected != actual) if ordered else (sorted(expected) != sorted(actual)):
            differ |= set(expected) ^ set(actual) or set(expected)  # same cards, other order: name them all
    return differ, same, total


def _named(card: Any, prose: str) -> bool:
    return re.search(rf"(?<![\w♠♥♦♣]){re.escape(str(card))}|(?<!\w){re.escape(card.code)}(?!\w)", prose) is not None


@pytest.mark.parametrize("source", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_position_like_a_worked_example_is_it_or_names_the_difference(source: Path) -> None:
    """A position written as text in a tutorial that resembles a rule text's worked example
    (at least half of the cards the example puts in its zones lie there) is either the
    example's own (every one of those zones as the example has it), or the prose just above
    the cell names every card that differs. Needs no browser."""
    problems = []
    prose = ""
    for index, cell in enumerate(json.loads(source.read_text(encoding="utf-8"))["cells"]):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            prose += text
            continue
        for literal in _TEXT_LITERAL.findall(text):
            for example, (options, zones, ordered) in WORKED_EXAMPLES.items():
                game = cardlab.game(**options)
                try:
                    position = game.state_from_text(literal)
                except ValueError:  # StateError: not a position of this game
                    continue
                differ, same, total = _differences(position, game, zones, ordered)
                if differ and 2 * same >= total:
                    unnamed = sorted(str(card) for card in differ if not _named(card, prose))
                    if unnamed:
                        problems.append(
                            f"cell {index}: a position like {example}, but {' '.join(unnamed)} lie "
                            f"elsewhere and the text above it does not say so"
                        )
        prose = ""
    assert not problems, f"{source.name}:\n" + "\n".join(problems)
