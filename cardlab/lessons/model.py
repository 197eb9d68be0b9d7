"""What a lesson is, once read and checked: its steps, its questions and their what-if changes;
and the problems found while reading one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..cards import Card
from ..engine import Event, Game, Move, points, replace_cards

#: The viewer of a lesson shown with every card face up (``viewer: teacher``).
TEACHER = "teacher"


# --- problems ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a lesson, at ``line`` (from 1; 0 when it concerns the whole file)."""

    source: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.message}" if self.line else f"{self.source}: {self.message}"


class LessonError(ValueError):
    """A lesson that can't be read or that the rules contradict; ``problems`` lists each one."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(map(str, self.problems)))


class Problems:
    """Collects problems of one source, so that a check reports as many as it can at once."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[Problem] = []

    def add(self, line: int, message: str) -> None:
        self.found.append(Problem(self.source, line, message))


# --- what a lesson is ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """A what-if edit: ``old`` and ``new`` change places in the position (``new`` may be anywhere:
    in a hand, a pile, the stock); the rules then check the edited position."""

    old: Card
    new: Card

    def apply(self, state: Any) -> Any:
        old, new = self.old, self.new
        return replace_cards(state, lambda c: new if c == old else old if c == new else c)

    def __str__(self) -> str:
        return f"{self.old.code} -> {self.new.code}"


@dataclass(frozen=True, slots=True)
class Question:
    """A question asked at a step.

    ``kind`` is ``"play"`` (which move: ``moves`` are the accepted ones), ``"score"`` (a number:
    ``points``, the player's total in the game's score, or in deal ``deal`` of a game scored
    deal by deal) or ``"cards"`` (a set: ``cards``, the first card of every legal move whose
    notation starts with ``verb``, or of every legal move). ``changes`` are made to the
    position before asking (a what-if). ``feedback`` maps an answer (a move's notation, a
    number, or a card's code for a card wrongly given or left out) to the teacher's words;
    ``explanation`` is the prose after the question, shown once it is answered or revealed;
    ``readings`` names the readings of the rules its answer depends on (game options such as
    Contest's ``pile value``, see :mod:`cardlab.lessons.readings`). ``counted`` is False for a
    move the learner makes where it is the only legal one (``counted: no``): it is asked, but
    it is no question, so the progress does not count it. ``instead`` says why the lesson goes on
    with its own move when the learner's right answer is another (``instead:``).
    """

    kind: str
    prompt: str
    player: int | None
    line: int
    moves: tuple[Move, ...] = ()
    points: int | None = None
    deal: int | None = None
    cards: frozenset[Card] = frozenset()
    verb: str = ""
    changes: tuple[Change, ...] = ()
    feedback: tuple[tuple[str, str], ...] = ()
    explanation: str = ""
    readings: tuple[str, ...] = ()
    counted: bool = True
    instead: str = ""

    @property
    def answer(self) -> str:
        """The right answer, in words a learner reads."""
        if self.kind == "play":
            return " or ".join(str(m) for m in self.moves)
        if self.kind == "score":
            return points(self.points or 0)
        return " ".join(str(c) for c in sorted(self.cards)) or "none"

    def teacher_feedback(self, key: str) -> str | None:
        return dict(self.feedback).get(key)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """A step of a lesson: the start (``number`` 0, no move) or the position after a move.

    ``state`` is the full position (never show it to a learner: show ``game.view(state,
    viewer)``); ``events`` narrate what the move did; ``seen`` holds every card the lesson's
    viewer has seen so far, which is what commentary and feedback may name.
    """

    number: int
    move: Move | None
    line: int
    commentary: str
    questions: tuple[Question, ...]
    state: Any
    events: tuple[Event, ...]
    seen: frozenset[Card]


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson, read and checked against the rules: make one with :func:`cardlab.lessons.load`."""

    title: str
    name: str
    game: Game
    viewer: int | None
    steps: tuple[LessonStep, ...]
    source: str
    text: str = field(repr=False, default="")

    @property
    def start(self) -> Any:
        return self.steps[0].state

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(cast(Move, step.move) for step in self.steps[1:])  # (every step but the first has its move)

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(q for step in self.steps for q in step.questions)

    @property
    def viewer_name(self) -> str:
        return TEACHER if self.viewer is None else self.game.player_names[self.viewer]

    def __repr__(self) -> str:
        return (
            f"<Lesson {self.title!r}: {self.game!r}, {len(self.steps) - 1} moves, "
            f"{len(self.questions)} questions, {self.viewer_name}'s view>"
        )
