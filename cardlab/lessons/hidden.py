"""Statements about a hidden card's value or suit: "B holds a 2 to answer it", "B has no heart",
"B's Commission is a club", in a lesson shown in A's view while B's hand (or Commission) is
hidden from A.

A card's full name is caught by :mod:`.mentions`; this module reads the sentences that give
away part of a hidden card, its value, its suit, its colour or that it is a Wild, by saying what
another player holds. A sentence is such a statement when it names a player other than the
viewer, a verb of holding ("holds", "has", "keeps", "is left with", "can answer with"; or "B's
Commission is") and a card by its value or suit after an article or a count ("a 2", "no heart",
"two 5s", "a red card", "a Wild"). It gives a hidden card away when that player holds, hidden
from the viewer, a card it describes (or, for "no heart", any hidden card): the viewer could not
know it. A statement in the present tense that the position contradicts ("B holds a 2" when B
holds none) is wrong as well. Questions ("Does B hold a 2?") and conditions ("If B holds a 2,
…") state nothing.

Every pattern is a fixed sequence of bounded pieces, read in time linear in the text's length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..engine import Game

_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_FACES = {"jack": 11, "queen": 12, "king": 13, "ace": 14}
_SUITS = {"heart": "H", "club": "C", "diamond": "D", "spade": "S", "♥": "H", "♣": "C", "♦": "D", "♠": "S"}
_DESCRIPTOR = (
    r"(?:(?P<number>10|[2-9])(?:'?s)?"
    rf"|(?P<word>{'|'.join(_NUMBER_WORDS)}|{'|'.join(_FACES)})(?:e?s)?"
    r"|(?P<joker>joker)s?|(?P<wild>wild)s?"
    r"|(?P<suit>heart|club|diamond|spade)s?|(?P<symbol>[♥♣♦♠])"
    r"|(?P<colour>red|black)[ \t]+(?:cards?|ones?))(?![\w♥♣♦♠])"
)
_ARTICLE = r"(?P<article>a|an|the|one|two|three|four|no|another|any|some|only[ \t]+one|just[ \t]+one)"
_HOLDING = (
    r"(?:still[ \t]+|only[ \t]+|also[ \t]+|now[ \t]+)?"
    r"(?P<verb>holds|has|keeps|is[ \t]+holding|is[ \t]+left[ \t]+with|has[ \t]+left|still[ \t]+has"
    r"|kept|held|had|(?:can|could)[ \t]+answer[ \t]+with)"
)
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]?")
_CONDITION = re.compile(r"\b(?:if|unless|whether|suppose|had\s+\w+\s+held|would|might)\b", re.I)


def _statement(names: list[str]) -> re.Pattern[str]:
    who = "|".join(re.escape(n) for n in names)
    return re.compile(
        rf"(?<![\w♥♣♦♠])(?P<who>{who})(?:[’']s[ \t]+(?:[a-z]+[ \t]+)?(?:hand|commission|secret[ \t]+cards?))?"
        rf"[ \t]+(?:{_HOLDING}|(?P<is>is|was))[ \t]+{_ARTICLE}[ \t]+(?:[a-z]+[ \t]+)?{_DESCRIPTOR}",
        re.I,
    )


def _matches(game: Game, match: re.Match[str]) -> Callable[[Card], bool] | None:
    """The test of a card the statement's descriptor names; None when the game has no such cards."""
    number, word = match.group("number"), match.group("word")
    if number or word:
        rank = int(number) if number else _NUMBER_WORDS.get(word.lower()) or _FACES[word.lower()]
        return lambda c: c.rank == rank and not c.is_joker
    if match.group("joker"):
        return lambda c: c.is_joker
    if match.group("wild"):
        return game.is_wild if any(game.is_wild(c) for c in game.deck()) else None
    suit = match.group("suit") or match.group("symbol")
    if suit:
        letter = _SUITS[suit.lower()]
        return lambda c: c.suit == letter and not c.is_joker
    colour = match.group("colour").lower()
    return lambda c: c.color == colour


def hidden_statements(game: Game, state: Any, viewer: int | None, seen: frozenset[Card], text: str) -> list[str]:
    """A sentence for each statement of ``text`` about the value or suit of a card that
    ``viewer`` can't see in ``state`` (having seen ``seen``), or that the position contradicts."""
    if viewer is None or not text.strip():
        return []
    names = list(game.player_names)
    pattern = _statement([n for i, n in enumerate(names) if i != viewer])
    found = []
    for sentence in _SENTENCE.finditer(text):
        words = sentence.group(0)
        if words.rstrip().endswith("?"):
            continue
        for match in pattern.finditer(words):
            if _CONDITION.search(words[: match.start()]):
                continue
            player = [n.upper() for n in names].index(match.group("who").upper())
            problem = _judged(game, state, viewer, seen, player, match)
            if problem:
                found.append(problem)
    return found


def _judged(
    game: Game, state: Any, viewer: int, seen: frozenset[Card], player: int, match: re.Match[str]
) -> str | None:
    test = _matches(game, match)
    if test is None:
        return None
    # what a player holds: their own zones that not everyone sees (a hand, a Commission, secret cards)
    zones = [z for z in game.zones(state) if z.owner == player and z.seen_by is not None]
    hidden = [c for z in zones if not z.visible_to(viewer) for c in z.cards if c not in seen]
    if not hidden:
        return None
    said = " ".join(match.group(0).split())
    who, looker = game.player_names[player], game.player_names[viewer]
    held = [c for z in zones for c in z.cards]
    negative = match.group("article").lower() == "no"
    present = (match.group("verb") or match.group("is") or "").lower() not in ("kept", "held", "had", "was")
    if not negative and present and not any(test(c) for c in held):
        return f"“{said}” is wrong here: {who} holds no such card"
    in_sight = [c for z in zones if z.visible_to(viewer) for c in z.cards] + [c for c in held if c in seen]
    if negative or (any(test(c) for c in hidden) and not any(test(c) for c in in_sight)):
        return (
            f"“{said}” tells {looker} about a card of {who}'s that {looker} can't see here (the lesson is "
            f"shown in {looker}'s view): say what {looker} can know, or show the lesson in the teacher's view"
        )
    return None
