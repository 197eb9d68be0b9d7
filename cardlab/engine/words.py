"""Counts, cards and lists of moves in words, as tables, messages and text forms write them."""

from __future__ import annotations

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
