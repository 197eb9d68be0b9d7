"""The cards a text names, in any spelling, and the text with the cards a viewer has not seen
written ``??``.

A card is recognised as a code (``QH``, ``10H``, ``TH``), with its suit's symbol (``Q♥``,
``10♥``, and with a space: ``Q ♥``, ``4 ♠``), as ``JK`` (a Joker), and in words: ``queen of
hearts``, ``Q of hearts``, ``ten of spades``, ``10 of ♠``. Capital letters only for a rank's
letter, so the word "as" is not the A♠ and "a of" is nothing. Every pattern here is a fixed
sequence of bounded pieces, so a text is read in time linear in its length.
"""

from __future__ import annotations

import re

from ..cards import Card, parse_card

_SYMBOLS = "♣♦♥♠♧♢♡♤"
_SUIT_OF_SYMBOL = dict(zip(_SYMBOLS, "CDHSCDHS"))
_RANKS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_RANK_WORDS = {word: rank for rank, word in enumerate(_RANKS, start=2)}
_RANK_LETTERS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}

_MENTION = re.compile(
    rf"(?<![\w{_SYMBOLS}])(?P<code>(?:10|[2-9TJQKA])(?:[CDHS]|[ \u00a0]?[{_SYMBOLS}])|JK)(?![\w{_SYMBOLS}])"
    rf"|(?<![\w{_SYMBOLS}])(?P<rank>(?i:{'|'.join(_RANKS)})|10|[2-9TJQKA])[ \u00a0](?i:of)[ \u00a0]"
    rf"(?:the[ \u00a0])?(?P<suit>(?i:clubs|diamonds|hearts|spades)(?!\w)|[{_SYMBOLS}])"
)


def card_mentions(text: str) -> list[tuple[Card, int, int]]:
    """Every card ``text`` names, with where it starts and ends, in any spelling the module
    lists: ``4H``, ``4♥``, ``4 ♥``, ``10♥``, ``Q♠``, ``JK``, ``queen of hearts``, ``Q of hearts``."""
    return [(_card(match), match.start(), match.end()) for match in _MENTION.finditer(text)]


def _card(match: re.Match[str]) -> Card:
    code = match.group("code")
    if code:
        code = code.replace(" ", "").replace("\u00a0", "")
        if code[-1] in _SUIT_OF_SYMBOL:
            code = code[:-1] + _SUIT_OF_SYMBOL[code[-1]]
        return parse_card(code)
    word, suit = match.group("rank"), match.group("suit")
    rank = _RANK_WORDS.get(word.lower()) or _RANK_LETTERS.get(word) or int(word)
    return Card(rank, _SUIT_OF_SYMBOL.get(suit) or suit[0].upper())


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
