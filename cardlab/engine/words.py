"""Counts, cards and lists of moves in words, as tables, messages and text forms write them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ..cards import Card


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` with ``noun`` in the right number: ``plural(1, "card")`` is "1 card",
    ``plural(3, "card")`` is "3 cards"; ``many`` gives an irregular plural ("2 battles" is
    regular; ``plural(2, "pass", "passes")``)."""
    return f"{count} {noun if abs(count) == 1 else many or noun + 's'}"


def points(count: int, *, signed: bool = False) -> str:
    """A number of points with its unit, as a table writes it: "1 point", "+3 points", "−2
    points" (``signed``: with its sign; a minus sign, not a hyphen)."""
    number = (f"{count:+d}" if signed else str(count)).replace("-", "\u2212")
    return f"{number} point{'' if abs(count) == 1 else 's'}"


def chips(count: int, *, signed: bool = False) -> str:
    """A number of chips, Commerce's money, as a table writes it: "1 chip", "+3 chips", "−2
    chips" (``signed``: with its sign; a minus sign, not a hyphen)."""
    return points(count, signed=signed).replace("point", "chip")


def format_cards(seq: Iterable[Card]) -> str:
    """Cards for a text form: codes separated by spaces, or ``-`` for none."""
    return " ".join([c.code for c in seq]) or "-"


def listed(items: Sequence[str], last: str) -> str:
    """Items in a list, the last joined by ``last``: "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def sentence(text: str) -> str:
    """A reason made a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def moves_words(said: Sequence[str], most: int = 6, words: int = 20) -> str:
    """Moves said in the game's words, in a list, those of one kind together: "defend with the
    4♥, 4♦ or 4♣, or discard the 2♠". It names the first ``most`` moves, and no more than fit
    in about ``words`` words (always one), so that a sentence holding it stays short; the
    rest it counts ("or 5 other moves")."""
    taken = 1
    while taken < min(most, len(said)) and len(listed(_grouped(said[: taken + 1]), "or").split()) <= words:
        taken += 1
    parts = _grouped(said[:taken])
    if len(said) > taken:
        parts.append(plural(len(said) - taken, "other move"))
    return listed(parts, "or")


def _grouped(said: Sequence[str]) -> list[str]:
    """The moves of ``said``, those that differ by their card alone said together: "defend
    with the 4♥, 4♦ or 4♣", "discard the 2♠"."""
    groups: list[tuple[str, list[str]]] = []
    for text in said:
        head, the, rest = text.partition(" the ")
        one_card = bool(the) and " " not in rest  # "defend with the 4♥": the card alone differs
        if one_card and groups and groups[-1][0] == head + the:
            groups[-1][1].append(rest)
        else:
            groups.append((head + the, [rest]) if one_card else ("", [text]))
    return [head + listed(items, "or") if head else items[0] for head, items in groups]


#: How often, in words a learner weighs: the nearest of these fractions, said as a frequency.
_TIMES = (
    (1 / 5, "about one time in five"),
    (1 / 4, "about one time in four"),
    (1 / 3, "about one time in three"),
    (2 / 5, "about two times in five"),
    (1 / 2, "about half the time"),
    (3 / 5, "about three times in five"),
    (2 / 3, "about two times in three"),
    (3 / 4, "about three times in four"),
    (4 / 5, "about four times in five"),
)


def often(chance: float) -> str:
    """A chance in words, without figures: "almost never", "rarely", "about one time in three",
    "about half the time", "nearly always", "almost always"."""
    if chance < 0.04:
        return "almost never"
    if chance < 0.15:
        return "rarely"
    if chance > 0.96:
        return "almost always"
    if chance > 0.85:
        return "nearly always"
    return min(_TIMES, key=lambda t: abs(t[0] - chance))[1]


def chance(value: float) -> str:
    """A chance in words with its figure after it in brackets: "rarely (8%)". A learner reads
    the words only (:func:`without_figures`); the figure is for the details."""
    return f"{often(value)} ({value:.0%})"


#: A figure in brackets, as :func:`chance` and the strategies' reasons write them: "(8%)",
#: "(2.3 points expected against 1.1)".
_FIGURE = re.compile(r"\s*\((?=[^()]*\d(?:%|\.\d))[^()]*\)")


def without_figures(text: str) -> str:
    """``text`` without its figures in brackets ("rarely (8%)" → "rarely"): what a learner reads
    of a hint's reason; the figures stay under Details."""
    return _FIGURE.sub("", text)
