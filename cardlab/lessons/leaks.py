"""Whether the text a learner reads before answering a question states its answer.

Up to a question, a learner has read the lesson's title and introduction, the commentary of
every step so far, the narration of every earlier step's move (the Lesson puts the narration of
the question's own step away while it is open, as it does the score), the prompts of the
questions asked so far, and the explanations of the questions already settled (an explanation
comes only once its own question is answered, so it may state that answer). :class:`Shown`
holds that text, piece by piece with its line; :func:`statement` finds a piece that states a
question's answer, in any spelling:

- a move (a ``play:`` answer): a sentence naming every card of the move (``QH``, ``Q♥``,
  ``Q ♥``, ``queen of hearts``: :mod:`.mentions`) with the move's verb, from its notation or
  its words ("claim", "put", "trade"; also "claims", "claimed", "claiming"), or, for a move
  without cards ("knock", "pass"), a sentence that is the move alone ("Knock." "Pass now!");
- a score (a ``score:`` answer): in a sentence naming the player (or "you" in the player's
  own view), the number with the words that make it a score: "scores 2", "(2 in all)", "a
  balance of -1", "A scores 20, B 14", "A has 2 VP", and "2 points", "two points" unless the
  sentence is about a payment ("A pays C 1 point" is not C's score).

A sentence that is a question (it ends with "?") states nothing. Every pattern is a fixed
sequence of bounded pieces, read in time linear in the text's length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, Move, move_cards
from .mentions import card_mentions
from .model import Question

#: The longest stretch of a piece quoted in a problem.
QUOTED = 60
#: Whether a sentence (as written, and in its canonical words) states an answer.
Finder = Callable[[str, str], bool]
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n\s*\n")
_PAYMENT = re.compile(r"\b(?:pay|pays|paid|paying|cost|costs)\b")
_NUMBER_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of text a learner has read: where it comes from (``what``, ``line``) and its words."""

    line: int
    what: str
    text: str
    sentences: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @classmethod
    def of(cls, line: int, what: str, text: str) -> Piece:
        parts = (s for s in _SENTENCE_END.split(text) if s.strip())
        return cls(line, what, text, tuple((s, _canonical(s)) for s in parts))


class Shown:
    """The text a learner has read so far, in the order read."""

    def __init__(self) -> None:
        self.pieces: list[Piece] = []

    def add(self, line: int, what: str, text: str) -> None:
        if text.strip():
            self.pieces.append(Piece.of(line, what, text))


@dataclass(frozen=True, slots=True)
class Statement:
    """Where a question's answer is stated: the piece and the words that state it."""

    piece: Piece
    words: str

    def __str__(self) -> str:
        words = " ".join(self.words.split())
        words = words if len(words) <= QUOTED else words[:QUOTED] + "…"
        return f"{self.piece.what} (line {self.piece.line}) says “{words}”"


def statement(question: Question, game: Game, state: Any, shown: Shown, viewer: int | None = None) -> Statement | None:
    """The first piece of ``shown`` that states ``question``'s answer (asked in ``state``, in the
    lesson shown in ``viewer``'s view), or None."""
    if question.kind == "play":
        finders = [_move_finder(move, game.move_words(state, move)) for move in question.moves]
    elif question.kind == "score" and question.points is not None and question.player is not None:
        finders = [_score_finder(question.points, game.player_names[question.player], question.player == viewer)]
    else:
        return None
    for piece in shown.pieces:
        for sentence, canonical in piece.sentences:
            # a question asks, it states nothing: "Had you held the 5♥ instead of the 2♥, which
            # cards could you defend with?"
            if sentence.rstrip().endswith("?"):
                continue
            if any(find(sentence, canonical) for find in finders):
                return Statement(piece, sentence)
    return None


# -- moves ------------------------------------------------------------------------------------------


def _move_finder(move: Move, words: str) -> Finder:
    cards = [f"⟦{c.code.lower()}⟧" for c in move_cards(move)]
    verbs = {w for w in (_first_word(_canonical(str(move))), _first_word(_canonical(words))) if w}
    if not cards:  # the move alone, as an instruction: "Knock." "Pass now!"
        alone = re.compile(rf"^\W*{re.escape(_canonical(str(move)))}(?:\s+now)?\s*[.!]?\W*$")
        return lambda _, sentence: bool(alone.search(sentence))
    verb = re.compile(rf"\b(?:{'|'.join(map(re.escape, sorted(verbs)))})(?:s|es|d|ed|ing)?\b") if verbs else None

    def find(_: str, sentence: str) -> bool:
        return verb is not None and all(c in sentence for c in cards) and bool(verb.search(sentence))

    return find


def _first_word(text: str) -> str:
    match = re.match(r"[a-z]+(?![\w⟦])", text.strip().lower())
    return match.group(0) if match else ""


# -- scores -----------------------------------------------------------------------------------------


def _score_finder(points: int, player: str, viewer: bool) -> Finder:
    """A finder of ``player``'s score ``points``, in a sentence that names the player (or
    "you", when the lesson is shown in that player's view)."""
    number = _number(points)
    name = re.escape(player.lower())
    named = re.compile(rf"(?<!\w){re.escape(player)}(?!\w)" + (r"|\b(?i:you|your)\b" if viewer else ""))
    # "pays C 1 point" is a payment, not C's score: a sentence about a payment counts only
    # when it says the score in other words
    amount = re.compile(rf"{number}\s+(?:points?|pts|vp|ledger\s+points?)\b")
    patterns = [
        rf"\bscor(?:es?|ed|ing)\s+(?:only\s+|just\s+|exactly\s+)?{number}",
        rf"{number}\s+in\s+all\b",
        rf"\b(?:score|balance|total)\s+(?:is|of|stays\s+at|would\s+be|becomes|comes\s+to)\s+{number}",
        rf",\s*{name}\s+{number}",
        rf"\b{name}\s+(?:has|gets|takes|ends\s+with)\s+{number}",
        rf"\bwins?,?\s+{number}\s+to\s+[-−]?\d",
        rf"\bwins?,?\s+[-−]?\d+\s+to\s+{number}",
    ]
    if 0 <= points < len(_NUMBER_WORDS):
        amount = re.compile(rf"{amount.pattern}|\b{_NUMBER_WORDS[points]}\s+(?:points?|vp)\b")
    found = re.compile("|".join(f"(?:{p})" for p in patterns))

    def find(original: str, sentence: str) -> bool:
        if not named.search(original):
            return False
        return bool(found.search(sentence)) or (not _PAYMENT.search(sentence) and bool(amount.search(sentence)))

    return find


def _number(points: int) -> str:
    """The number ``points`` as a pattern: its digits, signed as written (``-1``, ``−1``, ``+3``)."""
    digits = str(abs(points))
    sign = "[-−]" if points < 0 else r"\+?"
    return rf"(?<![\w⟦.,\-−+]){sign}{digits}(?![\w.,]\d|\d)"


# -- the words of a text ------------------------------------------------------------------------------


def _canonical(text: str) -> str:
    """``text`` in lower case with every card it names written ``⟦qh⟧``, whatever its spelling."""
    out, last = [], 0
    for card, start, end in card_mentions(text):
        out += [text[last:start].lower(), f"⟦{card.code.lower()}⟧"]
        last = end
    return "".join(out) + text[last:].lower()
