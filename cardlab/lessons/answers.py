"""Judging a learner's answer to a question: right or wrong, and why, in words that name only
the cards the lesson's viewer has seen (and those the learner named)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import Card, parse_card
from ..engine import Game, chips, move_cards, plural, points, sentence
from ..errors import CardError, IllegalMove, NotationError, quoted
from .mentions import mask
from .model import Question
from .readers import breakdown, card_list, cut, lesson_number, read_cards


class LessonRun(Protocol):
    """What judging an answer asks of the lesson being run."""

    @property
    def game(self) -> Game: ...
    @property
    def viewer(self) -> int | None: ...

    def seen(self, question: Question | None = None) -> frozenset[Card] | None: ...


#: A score's unit at the end of an answer ("5 points", "5 VP"). The pattern starts with a
#: letter, so a search tries it once at each place a unit starts: linear in the answer's length.
_UNIT = re.compile(r"(?:points?|vp)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the lesson says to an answer.

    ``correct``: whether it is right. ``text``: what to tell the learner (the teacher's words,
    or the rule the answer breaks). ``rule``: the rule id that text cites, if any. ``counted``:
    False for input that could not be read (a typo is not a try). ``answer`` and
    ``explanation`` are given once the question is settled (answered right or revealed).
    """

    correct: bool
    text: str
    rule: str | None = None
    counted: bool = True
    answer: str | None = None
    explanation: str = ""


def settle(feedback: Feedback, question: Question) -> Feedback:
    """``feedback`` with the question's answer and explanation, for a question now settled."""
    return Feedback(
        feedback.correct, feedback.text, feedback.rule, feedback.counted, question.answer, question.explanation
    )


def answer_text(game: Game, question: Question, value: Any) -> str:
    """A readable answer to ``question`` as the lesson reads it, in one spelling: the move's
    notation, the number of points, or the cards in order (so that "defend 2h" and "defend 2H"
    are the same answer). Cut to about 80 characters."""
    if question.kind == "play":
        return cut(str(game.move(value)))
    if question.kind == "score":
        number = value if isinstance(value, int) else _typed_points(value)
        return cut(str(number))
    if isinstance(value, str):
        return cut(card_list(frozenset(read_cards(value))))
    return cut(card_list(frozenset(c if isinstance(c, Card) else parse_card(c) for c in value)))


def judge(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    """The feedback to ``value`` as the answer to ``question``, asked at ``state``."""
    return JUDGES[question.kind](run, question, state, value)


def _judge_play(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    game, seen = run.game, run.seen(question)
    try:
        move = game.move(value)
    except NotationError as err:
        return Feedback(False, f"That is not a move: {err.reason}.", counted=False)
    seen = _with(seen, move_cards(move))  # the learner's own words may be echoed
    words = question.teacher_feedback(str(move))
    said = game.move_words(state, move)  # the move in the game's words, never its notation
    if move in question.moves:
        return Feedback(True, mask(words or f"Right: {said}.", seen))
    try:
        game.check(state, move)
    except IllegalMove as err:
        text = words or f"You can't {said}. {sentence(err.reason)} Try another move."
        return Feedback(False, mask(text, seen), err.rule)
    text = words or f"You may {said}, but it is not the move this lesson is looking for. Try another one."
    return Feedback(False, mask(text, seen))


def _judge_score(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    number = (
        value
        if isinstance(value, int) and not isinstance(value, bool)
        else (_typed_points(value) if isinstance(value, str) else None)
    )
    if number is None:
        shown = quoted(value) if isinstance(value, str) else cut(repr(value))
        return Feedback(False, f"Answer with a whole number of points, such as 4 (not {shown}).", counted=False)
    score = breakdown(run.game, run.game.view(state, run.viewer), question.deal)
    lines = [i for i in score.for_player(question.player) if i.points] or list(score.for_player(question.player))
    rule = lines[0].rule if lines else None
    name = run.game.player_names[question.player]  # type: ignore[index]
    amount = chips if run.game.score_unit == "chips" else points  # money (a balance, a deal's gain)
    if number == question.points:
        said = (
            f"Right: {amount(number, signed=True)} for {name}."
            if amount is chips
            else f"Right: {name} scores {points(number)}."
        )
        return Feedback(True, question.teacher_feedback(str(number)) or said, rule)
    words = question.teacher_feedback(str(number))
    more = "more" if question.points > number else "fewer"  # type: ignore[operator]
    gets = "gets" if amount is chips else "scores"
    text = words or f"Not {amount(number)}: {name} {gets} {more} than that. Count again, rule by rule, and try again."
    return Feedback(False, mask(text, run.seen(question)), rule)


def _typed_points(text: str) -> int | None:
    """The number of a typed score: "4", "-1 points", "5 VP"."""
    unit = _UNIT.search(text)
    return lesson_number(text[: unit.start()] if unit else text)


def _judge_cards(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    game, seen = run.game, run.seen(question)
    try:
        given = frozenset(
            read_cards(value)
            if isinstance(value, str)
            else (c if isinstance(c, Card) else parse_card(c) for c in value)
        )
    except (CardError, TypeError) as err:
        return Feedback(False, f"Answer with cards, such as '4D QH' (or '-' for none): {err}", counted=False)
    seen = _with(seen, given)  # the learner's own words may be echoed
    name = game.player_names[question.player]  # type: ignore[index]
    if given == question.cards:
        return Feedback(True, f"Right: {card_list(given)}.")
    extra, missing = sorted(given - question.cards), sorted(question.cards - given)
    for card in extra + missing:
        words = question.teacher_feedback(card.code)
        if words:
            return Feedback(False, mask(words, seen))
    if extra:
        rule, why = _why_not(game, state, question.verb, extra[0])
        text = f"{extra[0]} is not one of them: {why}."
    else:
        rule, text = None, ""
    if missing:
        count = len(missing)
        text += (
            f" {plural(count, 'card')} {name} may {question.verb or 'play'} "
            f"{'with ' if question.verb else ''}{'are' if count > 1 else 'is'} missing."
        )
    return Feedback(False, mask(text.strip() + " Try again.", seen), rule)


def _with(seen: frozenset[Card] | None, cards: Iterable[Card]) -> frozenset[Card] | None:
    return None if seen is None else seen | frozenset(cards)


def _why_not(game: Game, state: Any, verb: str, card: Card) -> tuple[str | None, str]:
    """Why ``card`` can't be played (with ``verb``): the rule the move breaks, when the move
    can be written as '<verb> <card>'; otherwise a plain sentence."""
    if verb:
        try:
            game.check(state, f"{verb} {card.code}")
        except IllegalMove as err:
            return err.rule, err.reason
        except NotationError:
            pass
    return None, f"no legal move {'of that kind ' if verb else ''}plays {card}"


#: The judge of each kind of question.
JUDGES: dict[str, Callable[[LessonRun, Question, Any, Any], Feedback]] = {
    "play": _judge_play,
    "score": _judge_score,
    "cards": _judge_cards,
}
