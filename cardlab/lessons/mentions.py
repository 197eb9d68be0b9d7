"""The cards a text names, and the text with the cards a viewer has not seen written ``??``."""

from __future__ import annotations

import re

from ..cards import Card, parse_card

_MENTION = re.compile(
    r"(?<![\w♣♦♥♠♧♢♡♤])(?P<code>(?:10|[2-9TJQKA])[CDHS♣♦♥♠♧♢♡♤]|JK)(?![\w♣♦♥♠])"
    r"|(?i:\b(?P<rank>two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace|10|[2-9])"
    r" of (?P<suit>clubs|diamonds|hearts|spades)\b)"
)
_RANK_WORDS = {
    word: rank
    for rank, word in enumerate(
        ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
        start=2,
    )
}


def card_mentions(text: str) -> list[tuple[Card, int, int]]:
    """Every card ``text`` names, with where: ``4H``, ``4♥``, ``10♥``, ``Q♠``, ``JK`` (capital
    letters only, so the word "as" is not the A♠) and ``queen of hearts``."""
    found = []
    for match in _MENTION.finditer(text):
        if match.group("code"):
            card = parse_card(match.group("code"))
        else:
            word = match.group("rank").lower()
            rank = _RANK_WORDS[word] if word in _RANK_WORDS else int(word)
            card = Card(rank, match.group("suit")[0].upper())
        found.append((card, match.start(), match.end()))
    return found


def mask(text: str, seen: frozenset[Card] | None) -> str:
    """``text`` with every card the viewer has not seen written ``??`` (None: everything seen)."""
    if seen is None:
        return text
    out, last = [], 0
    for card, start, end in card_mentions(text):
        if card not in seen:
            out += [text[last:start], "??"]
            last = end
    return "".join(out) + text[last:]
