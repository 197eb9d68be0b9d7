"""The figures and reasons a teacher's feedback quotes, checked against the engine's own answer.

What feedback may claim and how each claim is checked:

- **sums**: "3 + 5 = 8", "(3 + 4) × 2 = 14": the arithmetic must be right;
- **the wrong answer worked out**: "That is 1 + 2 + 3 + 4." (in the feedback for 10) must come
  to the wrong answer;
- **the distance**: "Too few by 4", "too many by 2" must be how far the wrong answer is from the
  rules' score, on that side;
- **the lines named**: a score's lines each say what they count for, the first card of a line
  being its own card (a Contest secret card, a battle card won, a Commission's first counted
  card, a winning hand's first card). Feedback for a wrong score that speaks of counting
  ("count", "left out", "too few") and names such a card points at those lines: left out or
  counted twice, some of them must account for the difference between the wrong answer and
  the rules' score. "Count both hearts" for 16, where the two
  hearts' lines are worth 3 and 9 and the score is 20, accounts for nothing.

- **the move's legality**: feedback for a move the rules allow must not call it forbidden ("is
  not allowed", or "may not", "can't" said of an action: "you can't claim", "a Wild can't be a
  Commission"), and feedback for a move they refuse must not call it allowed ("is allowed", "is
  legal"). "May not" said of an outcome ("Your point of 21 may not be enough") claims nothing
  about the move.

Cards in the text are read by :mod:`.mentions`, so "3♣" is a card, not a number. Every pattern
is a fixed sequence of bounded pieces, read in time linear in the text's length.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from ..engine import ScoreItem
from .mentions import card_mentions

#: The most lines named in one feedback whose sums are tried (2**8 sums at most).
MOST_NAMED = 8
_TERM = r"\(?\d+\)?"
# the operations are taken whole and never given back (a lookahead and its backreference, since
# possessive quantifiers need Python 3.11)
_EXPRESSION = rf"{_TERM}(?=(?P<operations>(?:[ \t]?[+×*−-][ \t]?{_TERM})+))(?P=operations)"
_EQUATION = re.compile(
    rf"(?<![\w.(+×*−-])(?<![+×*−-][ \t])(?P<left>{_EXPRESSION})[ \t]?=[ \t]?(?P<right>\d+)(?!\w|\.\d)"
)
_THAT_IS = re.compile(rf"\b(?i:that is|that's)[ \t](?P<sum>{_EXPRESSION})(?!\w|\.\d)")
#: The verbs of a move, as a legality claim says them ("you can't claim", "it can't go there").
_ACTIONS = (
    r"(?:play|claim|defend|answer|discard|trade|commission|knock|barter|pass|add|commit|open|exchange|draw|"
    r"lay|put|place|go|move|use|start|lead|give|take|keep|hold|touch|lie|sit|join|swap|arrange|mulligan|"
    r"follow)"
)
_DONE = r"(?:played|placed|put|used|moved|traded|claimed|discarded|added|opened|given|taken|kept|laid|answered)"
#: A claim that a move is forbidden: "is not allowed", or a modal ("may not", "can't") said of an
#: action (a verb of play, "be played", "be a Commission", "do that"), never of an outcome ("may
#: not be enough", "can't win").
_FORBIDDEN = re.compile(
    r"\b(?:is not allowed|isn't allowed|is illegal|is not legal|is refused"
    r"|(?:may not|mustn[’']t|must not|can[’']t|cannot|can not)[ \t](?:(?:yet|now|also|still|ever|then)[ \t])?"
    rf"(?:{_ACTIONS}|be[ \t](?:a|an|the|your|her|his|their|its|{_DONE})|do[ \t](?:that|so|this|it))\b)",
    re.I,
)
_ALLOWED = re.compile(r"\b(?:is allowed|is legal)\b", re.I)
_COUNTING = re.compile(r"\b(?:counts?|counted|counting|left out|leave out|forgot|twice|too few|too many)\b", re.I)
_DISTANCE = re.compile(r"\btoo[ \t](?P<side>few|many|low|high)[ \t]by[ \t](?P<by>\d+)\b", re.I)


def arithmetic_problems(text: str) -> list[str]:
    """A sentence for each sum ``text`` gets wrong."""
    plain = _without_cards(text)
    found = []
    for match in _EQUATION.finditer(plain):
        value = _value(match.group("left"))
        if value is not None and value != int(match.group("right")):
            found.append(
                f"{' '.join(match.group(0).split())} is wrong: {' '.join(match.group('left').split())} is {value}"
            )
    return found


def move_feedback_problems(text: str, refusal: str | None) -> list[str]:
    """A sentence for each claim of the feedback ``text`` for a move that the rules contradict:
    ``refusal`` is why the rules refuse the move (with its rule id), or None when they allow it."""
    found = arithmetic_problems(text)
    if refusal is None and (said := _FORBIDDEN.search(text)):
        found.append(f"it calls the move forbidden (“{said.group(0)}”), but the rules allow it")
    if refusal is not None and (said := _ALLOWED.search(text)):
        found.append(f"it says the move {said.group(0)}, but the rules refuse it: {refusal}")
    return found


def score_feedback_problems(answer: int, actual: int, text: str, lines: Sequence[ScoreItem]) -> list[str]:
    """A sentence for each claim of the feedback ``text`` for the wrong score ``answer`` that
    the rules contradict, where they give ``actual`` from the player's ``lines``."""
    found = arithmetic_problems(text)
    plain = _without_cards(text)
    for match in _THAT_IS.finditer(plain):
        value = _value(match.group("sum"))
        if value is not None and value != answer:
            found.append(f"“{' '.join(match.group(0).split())}” comes to {value}, not to the answer {answer}")
    for match in _DISTANCE.finditer(plain):
        side, by = match.group("side").lower(), int(match.group("by"))
        below = side in ("few", "low")
        if (actual - answer if below else answer - actual) != by:
            true_side = "too few" if answer < actual else "too many"
            found.append(
                f"“{' '.join(match.group(0).split())}”: {answer} is {true_side} by {abs(actual - answer)} "
                f"(the rules give {actual})"
            )
    if not _COUNTING.search(text):
        return found
    named = {card for card, _, _ in card_mentions(text)}
    cited = [line for line in lines if line.points and line.cards and line.cards[0] in named][:MOST_NAMED]
    if cited and not _accounts(cited, actual - answer):
        parts = ", ".join(f"{line.cards[0]} {line.points:+d}" for line in cited)
        found.append(
            f"it names the lines of {parts}, but no choice of them left out or counted twice makes "
            f"{answer}: the rules give {actual}, {actual - answer:+d} from {answer}"
        )
    return found


def _accounts(lines: Sequence[ScoreItem], difference: int) -> bool:
    """Whether some of ``lines``, left out (or counted twice), make up ``difference``."""
    points = [line.points for line in lines]
    for size in range(1, len(points) + 1):
        for chosen in itertools.combinations(points, size):
            if abs(sum(chosen)) == abs(difference) and difference:
                return True
    return False


def _without_cards(text: str) -> str:
    """``text`` with every card it names written ``#``, so a card's rank is not read as a number."""
    out, last = [], 0
    for _, start, end in card_mentions(text):
        out += [text[last:start], "#"]
        last = end
    return "".join(out) + text[last:]


def _value(expression: str) -> int | None:
    """The value of a sum of whole numbers with +, −, × and brackets one deep; None when it is
    not one. Read left to right in one pass: a sum of products."""
    total, product, sign, inner = 0, 1, 1, None
    for token in re.findall(r"\d+|[+×*−()-]", expression):
        if token == "(":
            if inner is not None:
                return None
            inner = (total, product, sign)
            total, product, sign = 0, 1, 1
        elif token == ")":
            if inner is None:
                return None
            value = total + sign * product
            total, product, sign = inner
            inner = None
            product *= value
        elif token in "×*":
            continue
        elif token in "+−-":
            total += sign * product
            product, sign = 1, 1 if token == "+" else -1
        else:
            product *= int(token)
    return None if inner is not None else total + sign * product
