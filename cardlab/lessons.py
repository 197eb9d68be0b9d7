"""Lessons: walkthroughs and questions that teachers write, replayed and checked by the rules.

A lesson is a Markdown file (docs/lessons.md describes the format in full): a ``# title``,
commentary in plain Markdown, and fenced blocks that the rules engine reads::

    ```lesson                      the game, its options and whose view the lesson is shown in
    ```state / ```deal             the start position: the game's text form, or a stacked deck
    ```moves                       moves, one a line; the prose after the block comments on them
    ```question                    "what should B play?", "what does A score?", "which cards
                                   may B defend with?", each optionally after a what-if change

Reading a lesson replays it: every move must be legal, every expected answer must be what
the rules say, the position must be readable, and no commentary may name a card hidden from
the lesson's viewer. Errors name the file and the line::

    lesson = cardlab.lessons.load("my-lesson.md")      # LessonError listing every problem
    cardlab.lessons.check("my-lesson.md")              # the same problems as a list ([] if none)
    run = cardlab.lessons.LessonRun(lesson)             # step through it, answer, reveal, progress
    text = cardlab.lessons.from_session(session, title="My game")   # a played game, to annotate
    cardlab.lessons.bundled("commerce")                 # the lessons that come with cardlab

On the command line: ``cardlab lesson check FILE...`` (or ``python -m cardlab.lessons check
FILE...``; see :func:`main`).
This module uses only the engine (``cardlab.cards``, ``cardlab.engine``, ``cardlab.games``).
"""

from __future__ import annotations

import csv
import inspect
import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Card, parse_card
from .engine import Event, Game, Move, Step as Played, all_cards, move_cards, move_text, replace_cards
from .errors import CardError, IllegalMove, NotationError, StateError

__all__ = [
    "Lesson", "Step", "Question", "Change", "Problem", "LessonError", "load", "check",
    "LessonRun", "Feedback", "Progress", "QuestionProgress", "progress_json", "progress_csv",
    "from_session", "bundled", "bundled_names", "card_mentions", "playable_cards", "main", "BLOCKS", "PROGRESS_VERSION",
]

#: The fenced blocks a lesson is made of (any other fenced block is part of the commentary).
BLOCKS = ("lesson", "state", "deal", "moves", "question")
#: The version of the JSON that :func:`progress_json` writes.
PROGRESS_VERSION = 1
BUNDLED = Path(__file__).resolve().parent / "lesson_files"
TEACHER = "teacher"
_QUESTION_KEYS = ("ask", "player", "play", "score", "deal", "cards", "verb", "change", "feedback")
_ANSWER_KEYS = ("play", "score", "cards")


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


class _Problems:
    """Collects problems of one source, so that a check reports as many as it can at once."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[Problem] = []

    def add(self, line: int, message: str) -> None:
        self.found.append(Problem(self.source, line, message))


# --- the Markdown reader: one linear pass, line by line -------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class _Block:
    kind: str
    line: int                 # the line of the opening fence
    body: tuple[_Line, ...]


@dataclass(frozen=True, slots=True)
class _Prose:
    lines: tuple[_Line, ...]


_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\s`]*)[^`]*$")
_TITLE = re.compile(r"^ {0,3}#[ \t]+(?P<title>.+?)(?:[ \t]+#+)?[ \t]*$")


def _scan(text: str, problems: _Problems) -> tuple[str | None, list[_Block | _Prose]]:
    """Split Markdown into the title (the first ``# heading``), lesson blocks and prose.

    HTML comments (``<!-- ... -->``) are notes for the writer: they are dropped, and a fence
    inside one does not count. A fenced block of another kind (```python) stays in the prose.
    """
    lines = text.splitlines()
    items: list[_Block | _Prose] = []
    prose: list[_Line] = []
    title: str | None = None
    comment_from = 0          # the line an unclosed HTML comment opened on, or 0
    i = 0
    while i < len(lines):
        number, raw = i + 1, lines[i]
        visible, comment_from = _uncomment(raw, number, comment_from)
        fence = _FENCE.match(raw) if visible == raw else None
        if fence is None:
            heading = _TITLE.match(visible) if title is None else None
            if heading:
                title = heading.group("title")
            elif visible.strip() or visible == raw:
                prose.append(_Line(number, visible))
            i += 1
            continue
        close = _closing(lines, i, fence.group("fence"))
        info = fence.group("info").lower()
        if close is None:
            problems.add(number, f"the ```{info} block opened here is never closed: end it with a line "
                                 f"{fence.group('fence')}")
            break
        if info in BLOCKS:
            if prose:
                items.append(_Prose(tuple(prose)))
                prose = []
            items.append(_Block(info, number, tuple(_Line(n + 1, lines[n]) for n in range(i + 1, close))))
        else:  # a code example in the commentary, kept as it is
            prose += [_Line(n + 1, lines[n]) for n in range(i, close + 1)]
        i = close + 1
    if comment_from:
        problems.add(comment_from, "the HTML comment opened here ('<!--') is never closed ('-->')")
    if prose:
        items.append(_Prose(tuple(prose)))
    return title, items


def _uncomment(raw: str, number: int, comment_from: int) -> tuple[str, int]:
    """The text of ``raw`` outside HTML comments, and where an open comment started (0: none)."""
    out, rest = [], raw
    while rest:
        if comment_from:
            end = rest.find("-->")
            if end < 0:
                return "".join(out), comment_from
            rest, comment_from = rest[end + 3:], 0
        else:
            start = rest.find("<!--")
            if start < 0:
                out.append(rest)
                break
            out.append(rest[:start])
            rest, comment_from = rest[start + 4:], number
    return "".join(out), comment_from


def _closing(lines: list[str], opening: int, fence: str) -> int | None:
    """The index of the line that closes the fence opened at ``opening``."""
    closer = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
    for j in range(opening + 1, len(lines)):
        if closer.match(lines[j]):
            return j
    return None


@dataclass(slots=True)
class _Field:
    key: str           # lower case, spaces folded: "play", "feedback", "change", an option's name
    argument: str      # what follows the first word of the key: "defend 4D" in "feedback defend 4D"
    value: str
    line: int


_COMMENT = re.compile(r"(?:^|\s)#.*$")


def _fields(block: _Block, problems: _Problems, repeatable: tuple[str, ...] = ()) -> list[_Field]:
    """The ``key: value`` lines of a block. ``#`` after a space starts a comment; a line that
    starts with a space continues the value above it. A key is given once, unless it is one of
    ``repeatable`` (or is followed by an argument, as in ``feedback <answer>``)."""
    fields: list[_Field] = []
    first: dict[str, int] = {}
    for line in block.body:
        text = _COMMENT.sub("", line.text).rstrip()
        if not text.strip():
            continue
        if text[0] in " \t" and fields:
            fields[-1].value = f"{fields[-1].value} {text.strip()}".strip()
            continue
        key, colon, value = text.partition(":")
        if not colon or not key.strip():
            problems.add(line.number, f"expected 'key: value' in the {block.kind} block, got {text.strip()!r}")
            continue
        words = key.split()
        field_ = _Field(" ".join(words).lower(), " ".join(words[1:]), value.strip(), line.number)
        if field_.key in first and field_.key not in repeatable:
            problems.add(line.number, f"{key.strip()!r} is given twice (first on line {first[field_.key]})")
            continue
        first.setdefault(field_.key, line.number)
        fields.append(field_)
    return fields


def _prose_text(lines: Iterable[_Line]) -> str:
    """Commentary lines as one text: blank lines at either end removed, paragraphs kept."""
    texts = [line.text.rstrip() for line in lines]
    while texts and not texts[0].strip():
        texts.pop(0)
    while texts and not texts[-1].strip():
        texts.pop()
    return "\n".join(texts)


# --- card names in commentary ----------------------------------------------------------------------------

_MENTION = re.compile(
    r"(?<![\w♣♦♥♠♧♢♡♤])(?P<code>(?:10|[2-9TJQKA])[CDHS♣♦♥♠♧♢♡♤]|JK)(?![\w♣♦♥♠])"
    r"|(?i:\b(?P<rank>two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace|10|[2-9])"
    r" of (?P<suit>clubs|diamonds|hearts|spades)\b)")
_RANK_WORDS = {word: rank for rank, word in enumerate(
    ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"), start=2)}


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


def _mask(text: str, seen: frozenset[Card] | None) -> str:
    """``text`` with every card the viewer has not seen written ``??`` (None: everything seen)."""
    if seen is None:
        return text
    out, last = [], 0
    for card, start, end in card_mentions(text):
        if card not in seen:
            out += [text[last:start], "??"]
            last = end
    return "".join(out) + text[last:]


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
    ``explanation`` is the prose after the question, shown once it is answered or revealed.
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

    @property
    def answer(self) -> str:
        """The right answer, in words a learner reads."""
        if self.kind == "play":
            return " or ".join(str(m) for m in self.moves)
        if self.kind == "score":
            return f"{self.points} point{'s' if abs(self.points or 0) != 1 else ''}"
        return " ".join(str(c) for c in sorted(self.cards)) or "none"

    def teacher_feedback(self, key: str) -> str | None:
        return dict(self.feedback).get(key)


@dataclass(frozen=True, slots=True)
class Step:
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
    """A lesson, read and checked against the rules: make one with :func:`load`."""

    title: str
    name: str
    game: Game
    viewer: int | None
    steps: tuple[Step, ...]
    source: str
    text: str = field(repr=False, default="")

    @property
    def start(self) -> Any:
        return self.steps[0].state

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(step.move for step in self.steps[1:])

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(q for step in self.steps for q in step.questions)

    @property
    def viewer_name(self) -> str:
        return TEACHER if self.viewer is None else self.game.player_names[self.viewer]

    def __repr__(self) -> str:
        return (f"<Lesson {self.title!r}: {self.game!r}, {len(self.steps) - 1} moves, "
                f"{len(self.questions)} questions, {self.viewer_name}'s view>")


# --- reading and checking --------------------------------------------------------------------------------

def load(source: str | os.PathLike) -> Lesson:
    """Read a lesson (a path, the Markdown text itself, or the name of a lesson that comes
    with cardlab, such as ``"commerce-2-rankings"``) and check it against the rules.

    Raises :class:`LessonError` listing every problem found, each with the file and the line.
    """
    lesson, problems = _read(source)
    if problems or lesson is None:
        raise LessonError(problems)
    return lesson


def check(source: str | os.PathLike) -> list[Problem]:
    """Every problem of a lesson (a path, or the Markdown text): ``[]`` when it is right.

    A lesson fails on an illegal move, an expected answer the rules contradict, a position
    that can't be read, and commentary (or a question, its feedback or its answer) that names
    a card hidden from the lesson's viewer at that step.
    """
    return _read(source)[1]


def _read(source: str | os.PathLike) -> tuple[Lesson | None, list[Problem]]:
    text, name, problems = _source_text(source)
    if text is None:
        return None, problems.found
    lesson = _Builder(text, name, problems).build()
    return (lesson if not problems.found else None), problems.found


def _source_text(source: str | os.PathLike) -> tuple[str | None, str, _Problems]:
    if isinstance(source, str) and "\n" in source:
        return source, "<lesson text>", _Problems("<lesson text>")
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"a lesson is a path, its Markdown text or a bundled lesson's name, not {type(source).__name__}")
    path = Path(source)
    if not path.exists() and isinstance(source, str) and source in bundled_names():
        path = source = BUNDLED / f"{source}.md"
    problems = _Problems(str(source))
    try:
        return path.read_text(encoding="utf-8"), str(source), problems
    except FileNotFoundError:
        problems.add(0, "no such lesson file, nor a lesson of that name that comes with cardlab "
                        "(cardlab lesson list shows them)")
    except IsADirectoryError:
        problems.add(0, "this is a folder; give a lesson file (.md)")
    except UnicodeDecodeError:
        problems.add(0, "not a lesson: the file is not UTF-8 text")
    return None, str(source), problems


@dataclass(slots=True)
class _DraftQuestion:
    block: _Block
    explanation: list[_Line] = field(default_factory=list)


@dataclass(slots=True)
class _DraftStep:
    move: str | None
    line: int
    commentary: list[_Line] = field(default_factory=list)
    questions: list[_DraftQuestion] = field(default_factory=list)


class _Builder:
    """Reads a lesson's text into a :class:`Lesson`, replaying it and checking every claim."""

    def __init__(self, text: str, source: str, problems: _Problems) -> None:
        self.text, self.source, self.problems = text, source, problems
        self.game: Game | None = None
        self.viewer: int | None = None

    def build(self) -> Lesson | None:
        title, items = _scan(self.text, self.problems)
        layout = self._layout(items)
        if layout is None:
            return None
        header, start_block, drafts = layout
        if title is None:
            self.problems.add(1, "a lesson starts with its title, a line such as '# Forced Defense'")
        self.game = self._game(header)
        if self.game is None:
            return None
        start = self._start(start_block)
        if start is None:
            return None
        steps = self._replay(start, start_block, drafts, title or "")
        if steps is None:
            return None
        return Lesson(title or "", _lesson_name(self.source, title or ""), self.game, self.viewer,
                      tuple(steps), self.source, self.text)

    # -- the order of the blocks -------------------------------------------------------------------

    def _layout(self, items: list[_Block | _Prose]) -> tuple[_Block, _Block, list[_DraftStep]] | None:
        """The lesson block, the start block and the steps; None when the file is not a lesson."""
        header: _Block | None = None
        start: _Block | None = None
        steps: list[_DraftStep] = []
        target: list[_Line] = []          # where prose goes: the intro, a step's commentary, an explanation
        for item in items:
            if isinstance(item, _Prose):
                target += item.lines
                continue
            if item.kind == "lesson":
                if header is not None:
                    self.problems.add(item.line, f"a second lesson block (the first is on line {header.line}); "
                                                 f"a file holds one lesson")
                elif start is not None:
                    self.problems.add(item.line, "the lesson block comes before the start position")
                header = item
            elif item.kind in ("state", "deal"):
                if start is not None:
                    self.problems.add(item.line, f"a second start position (the first is on line {start.line}); "
                                                 f"a lesson has one ```state or ```deal block")
                else:
                    start = item
                    steps = [_DraftStep(None, item.line, list(target))]
                    target = steps[0].commentary
            elif start is None:
                self.problems.add(item.line, f"this ```{item.kind} block comes before the start position: begin "
                                             f"with a ```lesson block and a ```state or ```deal block")
            elif item.kind == "moves":
                target = self._moves(item, steps)
            else:
                question = _DraftQuestion(item)
                steps[-1].questions.append(question)
                target = question.explanation
        if header is None:
            self.problems.add(1, "no ```lesson block: a lesson names its game in one, such as\n"
                                 "    ```lesson\n    game: card-commons\n    viewer: A\n    ```")
        if start is None and header is not None:
            self.problems.add(header.line, "no start position: add a ```state block (the game's text form) "
                                           "or a ```deal block (a stacked deck) after the lesson block")
        if header is None or start is None:
            return None
        return header, start, steps

    def _moves(self, block: _Block, steps: list[_DraftStep]) -> list[_Line]:
        """Add a step per move of a ```moves block; the prose after it comments the last one."""
        before = len(steps)
        for line in block.body:
            text = _COMMENT.sub("", line.text).strip()
            if text:
                steps.append(_DraftStep(text, line.number))
        if len(steps) == before:
            self.problems.add(block.line, "an empty ```moves block: write one move a line, such as 'claim 4H'")
        return steps[-1].commentary

    # -- the game and the start position ---------------------------------------------------------------

    def _game(self, block: _Block) -> Game | None:
        from .games import game as make_game
        fields = _fields(block, self.problems)
        found = {f.key: f for f in fields}
        name = found.get("game")
        if name is None or not name.value:
            self.problems.add(block.line, "the lesson block names its game: add a line such as 'game: card-commons'")
            return None
        options = {f.key.replace(" ", "_"): _option_value(f.value) for f in fields if f.key not in ("game", "viewer")}
        try:
            game = make_game(name.value, **options)
        except (TypeError, ValueError) as err:
            self.problems.add(name.line, f"no such game or options: {err}")
            return None
        viewer = found.get("viewer")
        if viewer is not None and viewer.value.lower() != TEACHER:
            names = [n.upper() for n in game.player_names]
            if viewer.value.upper() not in names:
                self.problems.add(viewer.line, f"the viewer is a player ({', '.join(game.player_names)}) or "
                                               f"'teacher' (who sees every card), not {viewer.value!r}")
                return None
            self.viewer = names.index(viewer.value.upper())
        return game

    def _start(self, block: _Block) -> Any:
        game = self.game
        assert game is not None
        if block.kind == "state":
            text = "\n".join(line.text for line in block.body)
            try:
                return game.state_from_text(text)
            except StateError as err:
                self.problems.add(_state_line(err, block), f"the start position can't be read: {_state_message(err)}")
                return None
        fields = _fields(block, self.problems)
        arguments: dict[str, Any] = {}
        for f in fields:
            if f.key == "deck":
                arguments["deck"] = f.value
            else:
                arguments[f.key.replace(" ", "_")] = self._deal_value(f.value)
        if "deck" not in arguments and "seed" not in arguments:
            self.problems.add(block.line, "a deal needs a 'deck:' line (a stacked deck, top card first) or a 'seed:' "
                                          "line; without either every reading would deal other cards")
            return None
        try:
            return game.deal(**arguments)
        except TypeError as err:
            self.problems.add(block.line, f"the deal can't be made: {_deal_options_problem(game, err)}")
        except ValueError as err:
            self.problems.add(block.line, f"the deal can't be made: {err}")
        return None

    def _deal_value(self, value: str) -> Any:
        """A deal option: a whole number, a player's name (as the player's number) or text."""
        names = [n.upper() for n in self.game.player_names] if self.game else []
        if value.upper() in names:
            return names.index(value.upper())
        return _option_value(value)

    # -- replaying ---------------------------------------------------------------------------------------

    def _replay(self, start: Any, start_block: _Block, drafts: list[_DraftStep], title: str) -> list[Step] | None:
        game = self.game
        assert game is not None
        seen = self._seen(start, ())
        self._check_names(_Line(1, title), seen, "the title")
        steps: list[Step] = []
        state: Any = start
        for number, draft in enumerate(drafts):
            move, events = None, ()
            if draft.move is not None:
                played = self._play(state, draft)
                if played is None:
                    return None
                move, events, state = played
                seen = seen | self._seen(state, events)
            for line in draft.commentary:
                self._check_names(line, seen, "the commentary")
            questions = tuple(q for q in (self._question(d, state, seen) for d in draft.questions) if q is not None)
            steps.append(Step(number, move, draft.line, _prose_text(draft.commentary), questions, state,
                              tuple(events), seen))
        return steps

    def _play(self, state: Any, draft: _DraftStep) -> tuple[Move, tuple[Event, ...], Any] | None:
        game = self.game
        assert game is not None and draft.move is not None
        try:
            step = game.step(state, draft.move)
        except NotationError as err:
            self.problems.add(draft.line, f"the move {draft.move!r} can't be read: {err.reason}")
            return None
        except IllegalMove as err:
            self.problems.add(draft.line, f"illegal move {draft.move!r}: {err.reason} [{err.rule}]")
            return None
        return step.move, step.events, step.after

    def _seen(self, state: Any, events: Iterable[Event]) -> frozenset[Card]:
        """The cards the viewer sees in ``state`` and in the narration of ``events``."""
        game = self.game
        assert game is not None
        seen = set(all_cards(z for z in game.zones(state) if z.visible_to(self.viewer)))
        for event in events:
            if event.visible_to(self.viewer):
                seen.update(event.cards)
        return frozenset(seen)

    def _check_names(self, line: _Line, seen: frozenset[Card], what: str) -> None:
        """A problem for each card ``line`` names that the viewer has not seen."""
        if self.viewer is None:
            return
        who = self.game.player_names[self.viewer]
        for card, _, _ in card_mentions(line.text):
            if card not in seen:
                self.problems.add(line.number, f"{what} names {card}, a card hidden from {who} here (the lesson is "
                                               f"shown in {who}'s view): name it only once {who} has seen it, or "
                                               f"show the lesson in the teacher's view ('viewer: teacher')")

    # -- questions ---------------------------------------------------------------------------------------

    def _question(self, draft: _DraftQuestion, state: Any, seen: frozenset[Card]) -> Question | None:
        reader = _QuestionReader(self, draft, state, seen)
        return reader.read()


class _QuestionReader:
    """Reads one ```question block and checks its answer at the position it is asked in."""

    def __init__(self, builder: _Builder, draft: _DraftQuestion, state: Any, seen: frozenset[Card]) -> None:
        self.builder, self.block, self.problems = builder, draft.block, builder.problems
        self.game: Game = builder.game  # type: ignore[assignment]
        self.draft, self.state, self.seen = draft, state, seen
        self.changes: tuple[Change, ...] = ()
        self.ok = True

    def fail(self, line: int, message: str) -> None:
        self.ok = False
        self.problems.add(line, message)

    def read(self) -> Question | None:
        fields = _fields(self.block, self.problems, repeatable=("change",))
        unknown = [f for f in fields if f.key.split(" ")[0] not in _QUESTION_KEYS or
                   (f.argument and f.key.split(" ")[0] != "feedback")]
        for f in unknown:
            self.fail(f.line, f"unknown line {f.key!r} in a question; questions use: {', '.join(_QUESTION_KEYS)}")
        single = {f.key: f for f in fields if f.key not in ("change", "feedback") and not f.argument}
        kinds = [f for f in fields if f.key in _ANSWER_KEYS]
        if len(kinds) != 1:
            self.fail(self.block.line, "a question has one answer line: 'play:' (the move to find), 'score:' "
                                       "(a number) or 'cards:' (a set of cards)" +
                                       ("" if not kinds else f"; this one has {len(kinds)}"))
            return None
        answer = kinds[0]
        state = self._changed(fields)
        if state is None:
            return None
        player = self._player(single.get("player"), answer.key, state)
        if not self.ok:
            return None
        question = self._answer(answer, single, player, state, fields)
        if question is None or not self.ok:
            return None
        self._check_texts(question, fields)
        return question if self.ok else None

    def _changed(self, fields: list[_Field]) -> Any:
        """The position the question is asked in: the step's, after any what-if changes."""
        changes = []
        state = self.state
        for f in (f for f in fields if f.key == "change"):
            change = self._change(f)
            if change is None:
                return None
            if change.old not in all_cards(self.game.zones(state)):
                self.fail(f.line, f"{change.old} is not in this position, so it can't be changed")
                return None
            state = change.apply(state)
            changes.append(change)
        if changes:
            try:
                self.game.validate(state)
            except StateError as err:
                line = next(f.line for f in fields if f.key == "change")
                self.fail(line, f"after the change{'s' if len(changes) > 1 else ''} the position breaks the rules: "
                                f"{_state_message(err)}")
                return None
        self.changes = tuple(changes)
        return state

    def _change(self, f: _Field) -> Change | None:
        parts = f.value.split("->")
        try:
            if len(parts) != 2:
                raise ValueError
            old, new = parse_card(parts[0].strip()), parse_card(parts[1].strip())
        except (ValueError, CardError):
            self.fail(f.line, f"write a change as 'old -> new', such as '4H -> 3D', not {f.value!r}")
            return None
        if old == new:
            self.fail(f.line, f"the change {f.value!r} changes nothing")
            return None
        self.builder._check_names(_Line(f.line, f.value), self.seen, "the change")
        return Change(old, new)

    def _player(self, given: _Field | None, kind: str, state: Any) -> int | None:
        game = self.game
        names = [n.upper() for n in game.player_names]
        player = None
        if given is not None:
            if given.value.upper() not in names:
                self.fail(given.line, f"expected a player ({', '.join(game.player_names)}), not {given.value!r}")
                return None
            player = names.index(given.value.upper())
        if kind == "score":
            if player is None and self.builder.viewer is None:
                self.fail(self.block.line, "say whose score the question asks for: add a line such as 'player: A'")
            return player if player is not None else self.builder.viewer
        mover = game.to_move(state)
        if mover is None:
            self.fail(self.block.line, "the game is over here: no move is left to ask about")
            return None
        if player is not None and player != mover:
            self.fail(given.line, f"the question is about {game.player_names[player]}, but "
                                  f"{game.player_names[mover]} is to move here")
        viewer = self.builder.viewer
        if viewer is not None and viewer != mover:
            who, other = game.player_names[viewer], game.player_names[mover]
            self.fail(self.block.line, f"the question is about {other}'s move, but the lesson is shown in {who}'s "
                                       f"view, where {other}'s cards are hidden (even a wrong answer's feedback would "
                                       f"tell {who} about them): ask it in {other}'s view or the teacher's")
        return mover

    def _answer(self, answer: _Field, single: dict[str, _Field], player: int | None, state: Any,
                fields: list[_Field]) -> Question | None:
        game = self.game
        ask = single.get("ask")
        base = dict(kind=answer.key, player=player, line=self.block.line, changes=self.changes,
                    explanation=_prose_text(self.draft.explanation))
        for key, kind in (("deal", "score"), ("verb", "cards")):
            if key in single and answer.key != kind:
                self.fail(single[key].line, f"'{key}:' belongs to a '{kind}:' question")
        if answer.key == "play":
            moves = self._moves(answer, state)
            feedback = self._feedback(fields, self._move_key)
            if moves is None or feedback is None:
                return None
            prompt = ask.value if ask else f"What should {game.player_names[player]} play?"
            return Question(prompt=prompt, moves=moves, feedback=feedback, **base)
        if answer.key == "score":
            return self._score(answer, single, player, state, fields, ask, base)
        return self._cards(answer, single, player, state, fields, ask, base)

    def _moves(self, answer: _Field, state: Any) -> tuple[Move, ...] | None:
        moves = []
        for text in (t.strip() for t in answer.value.split(",")):
            try:
                move = self.game.check(state, text)
            except NotationError as err:
                self.fail(answer.line, f"the answer {text!r} can't be read as a move: {err.reason}")
                continue
            except IllegalMove as err:
                self.fail(answer.line, f"the answer {text!r} is illegal here: {err.reason} [{err.rule}]")
                continue
            moves.append(move)
        if not moves and self.ok:
            self.fail(answer.line, "'play:' lists the moves that answer the question, separated by commas")
        return tuple(dict.fromkeys(moves)) if self.ok else None

    def _move_key(self, text: str) -> str:
        return str(self.game.parse_move(text))

    def _feedback(self, fields: list[_Field], key_of: Callable[[str], str]) -> tuple[tuple[str, str], ...] | None:
        feedback: dict[str, str] = {}
        for f in (f for f in fields if f.key.split(" ")[0] == "feedback"):
            if not f.argument:
                self.fail(f.line, "write 'feedback <answer>: <what to tell the learner>', such as "
                                  "'feedback discard 3C: B can answer, so B must'")
                continue
            try:
                key = key_of(f.argument)
            except ValueError as err:
                self.fail(f.line, f"the feedback is for {f.argument!r}, which is not an answer to this question: {err}")
                continue
            if key in feedback:
                self.fail(f.line, f"a second feedback for {f.argument!r}")
            feedback[key] = f.value
        return tuple(feedback.items()) if self.ok else None

    def _score(self, answer: _Field, single: dict[str, _Field], player: int | None, state: Any,
               fields: list[_Field], ask: _Field | None, base: dict) -> Question | None:
        game = self.game
        points = _whole_number(answer.value)
        if points is None:
            self.fail(answer.line, f"'score:' is a whole number of points, such as 6 or -1, not {answer.value!r}")
            return None
        deal = None
        if "deal" in single:
            deal = _whole_number(single["deal"].value)
            if "deal" not in inspect.signature(game.score).parameters:
                self.fail(single["deal"].line, f"{game.title} is not scored deal by deal: remove the 'deal:' line")
                return None
            if deal is None:
                self.fail(single["deal"].line, f"'deal:' is the number of a deal, not {single['deal'].value!r}")
                return None
        try:
            breakdown = _breakdown(game, state, deal)
            seen = _breakdown(game, game.view(state, self.builder.viewer), deal)
        except ValueError as err:
            self.fail(single["deal"].line if "deal" in single else answer.line, f"no such score: {err}")
            return None
        feedback = self._feedback(fields, lambda text: str(_number_key(text)))
        if feedback is None:
            return None
        actual = breakdown.totals[player]
        if seen.totals[player] != actual:
            who = game.player_names[self.builder.viewer]
            self.fail(answer.line, f"{game.player_names[player]}'s score depends on cards hidden from {who} here "
                                   f"(the lesson is shown in {who}'s view): ask it once they are revealed, or in "
                                   f"the teacher's view")
            return None
        if actual != points:
            lines = "; ".join(f"{item.points:+d} {item.reason} [{item.rule}]" for item in breakdown.for_player(player)
                              if item.points) or "no points"
            self.fail(answer.line, f"the lesson says {game.player_names[player]} scores {points}, but the rules give "
                                   f"{actual}: {lines}")
            return None
        name = game.player_names[player]
        verb = "would" if self.changes else "does"
        prompt = ask.value if ask else f"What {verb} {name} score{f' in deal {deal}' if deal else ''}?"
        return Question(prompt=prompt, points=points, deal=deal, feedback=feedback, **base)

    def _cards(self, answer: _Field, single: dict[str, _Field], player: int | None, state: Any,
               fields: list[_Field], ask: _Field | None, base: dict) -> Question | None:
        game = self.game
        verb = single["verb"].value.lower() if "verb" in single else ""
        try:
            expected = frozenset(_read_cards(answer.value))
        except CardError as err:
            self.fail(answer.line, f"'cards:' lists cards such as '4D QH' (or '-' for none): {err}")
            return None
        feedback = self._feedback(fields, lambda text: parse_card(text).code)
        if feedback is None:
            return None
        actual = playable_cards(game, state, verb)
        if actual != expected:
            name = game.player_names[player]
            self.fail(answer.line, f"the lesson says {name} may {verb or 'play'} with {_card_list(expected)}, but the "
                                   f"rules allow {_card_list(actual)}")
            return None
        name = game.player_names[player]
        prompt = ask.value if ask else (f"Which cards may {name} use to {verb}?" if verb else
                                        f"Which cards may {name} play?")
        return Question(prompt=prompt, cards=expected, verb=verb, feedback=feedback, **base)

    def _check_texts(self, question: Question, fields: list[_Field]) -> None:
        """The question's words, feedback, answer and explanation name only cards the viewer has seen."""
        names = self.builder._check_names
        for f in fields:
            if f.key == "ask" or f.key.split(" ")[0] == "feedback":
                names(_Line(f.line, f"{f.argument} {f.value}"), self.seen, "the question")
        answer_cards = [c for m in question.moves for c in move_cards(m)] + sorted(question.cards)
        answer_line = next(f.line for f in fields if f.key in _ANSWER_KEYS)
        names(_Line(answer_line, " ".join(c.code for c in answer_cards)), self.seen, "the answer")
        for line in self.draft.explanation:
            names(line, self.seen, "the explanation")


# --- small readers ---------------------------------------------------------------------------------------

def _option_value(text: str) -> Any:
    value = text.strip()
    number = _whole_number(value)
    return number if number is not None else value


def _whole_number(text: str) -> int | None:
    return int(text) if re.fullmatch(r"[+-]?\d+", text.strip()) else None


def _number_key(text: str) -> int:
    number = _whole_number(text)
    if number is None:
        raise ValueError("expected a whole number")
    return number


def _read_cards(text: str) -> tuple[Card, ...]:
    from .cards import cards
    return () if text.strip() in ("-", "—", "none") else tuple(cards(text))


def _card_list(found: Iterable[Card]) -> str:
    return " ".join(str(c) for c in sorted(found)) or "none"


def _state_line(err: StateError, block: _Block) -> int:
    """The file line of a text-form problem ('line 3 (nest egg)' is the block's third line)."""
    match = re.match(r"line (\d+)", err.where or "")
    if match and block.body:
        return block.body[0].number + int(match.group(1)) - 1
    return block.line


def _state_message(err: StateError) -> str:
    return re.sub(r"^line \d+ ?", "", str(err)).lstrip(": ").strip() or str(err)


def _deal_options_problem(game: Game, err: TypeError) -> str:
    accepted = [p for p in inspect.signature(game.deal).parameters if p not in ("self",)]
    return f"{err}; a {game.title} deal takes: {', '.join(accepted)}"


def _lesson_name(source: str, title: str) -> str:
    if source != "<lesson text>":
        return Path(source).stem
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "lesson"


def _breakdown(game: Game, state: Any, deal: int | None) -> Any:
    return game.score(state) if deal is None else game.score(state, deal=deal)  # type: ignore[call-arg]


def playable_cards(game: Game, state: Any, verb: str = "") -> frozenset[Card]:
    """The first card of every legal move (whose notation starts with ``verb``, if given): the
    answer to "which cards may the player to move play (or defend with, claim with...)?"."""
    found = set()
    for move in game.legal_moves(state):
        if verb and str(move).split(" ", 1)[0].lower() != verb:
            continue
        named = move_cards(move)
        if named:
            found.add(named[0])
    return frozenset(found)


# --- playing a lesson ------------------------------------------------------------------------------------

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


@dataclass(slots=True)
class _Record:
    tries: int = 0
    right: bool = False
    first_try: bool = False
    revealed: bool = False
    last: Feedback | None = None

    @property
    def settled(self) -> bool:
        return self.right or self.revealed


@dataclass(frozen=True, slots=True)
class QuestionProgress:
    """How one question went: tries counted, right (and right on the first try), revealed."""

    step: int
    number: int
    kind: str
    prompt: str
    tries: int
    right: bool
    first_try: bool
    revealed: bool


@dataclass(frozen=True, slots=True)
class Progress:
    """A learner's progress in one lesson: the steps reached and each question's record."""

    lesson: str
    title: str
    game: str
    learner: str
    steps: int
    reached: int
    finished: bool
    questions: tuple[QuestionProgress, ...]

    @property
    def answered(self) -> int:
        """Questions answered right (first try or later), not counting revealed ones."""
        return sum(q.right for q in self.questions)

    @property
    def first_try(self) -> int:
        return sum(q.first_try for q in self.questions)

    @property
    def revealed(self) -> int:
        return sum(q.revealed for q in self.questions)

    def to_dict(self) -> dict[str, Any]:
        return {"lesson": self.lesson, "title": self.title, "game": self.game, "learner": self.learner,
                "steps": self.steps, "reached": self.reached, "finished": self.finished,
                "questions": len(self.questions), "answered": self.answered, "first_try": self.first_try,
                "revealed": self.revealed,
                "items": [{"step": q.step, "question": q.number, "kind": q.kind, "prompt": q.prompt,
                           "tries": q.tries, "right": q.right, "first_try": q.first_try, "revealed": q.revealed}
                          for q in self.questions]}


class LessonRun:
    """A learner going through a lesson: the step on show, its questions, the progress.

    Everything a lesson widget needs, without Jupyter::

        run = LessonRun(cardlab.lessons.load(path), learner="Ada")
        run.table              # the position as the lesson's viewer sees it (a what-if's while asked)
        run.commentary         # the step's commentary; run.move_text: the move that led here
        run.question           # the question waiting for an answer, or None
        run.answer("defend 4D")    # Feedback: right or wrong, why, with the rule id
        run.reveal()           # give up on the question: the answer and its explanation
        run.next(); run.back() # False when not possible (a question waits; the first/last step)
        run.progress()         # Progress; progress_json([...]) / progress_csv([...]) export it

    ``observe(callback)`` calls ``callback(run)`` after every change.
    """

    def __init__(self, lesson: Lesson | str | os.PathLike, *, learner: str = "") -> None:
        self.lesson = lesson if isinstance(lesson, Lesson) else load(lesson)
        self.learner = learner
        self.index = 0
        self.reached = 0
        self._records: dict[tuple[int, int], _Record] = {}
        self._observers: list[Callable[[LessonRun], None]] = []

    # -- what is on show ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.lesson.game

    @property
    def viewer(self) -> int | None:
        return self.lesson.viewer

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def state(self) -> Any:
        """The full position of the step (the teacher's: show learners :attr:`table`)."""
        return self.step.state

    @property
    def shown_state(self) -> Any:
        """The full position on show: the step's, or the open what-if question's (the
        teacher's: show learners :attr:`table`)."""
        question = self.question
        return self.step.state if question is None else self._question_state(question)

    @property
    def table(self) -> Any:
        """The position to show: the step's, or the open what-if question's, in the viewer's view."""
        return self.game.view(self.shown_state, self.viewer)

    @property
    def commentary(self) -> str:
        return self.step.commentary

    @property
    def move_text(self) -> str | None:
        """The move that led to this step, as the viewer may read it (hidden cards as ``??``)."""
        if self.step.move is None:
            return None
        before = self.lesson.steps[self.index - 1].state
        return move_text(self.game, Played(self.step.move, before, self.step.state, self.step.events), self.viewer)

    @property
    def narration(self) -> tuple[str, ...]:
        """What the move did, narrated with rule ids, as the viewer may read it."""
        return tuple(str(e) for e in self.step.events if e.visible_to(self.viewer))

    @property
    def question(self) -> Question | None:
        """The step's first question not yet answered right or revealed."""
        for number, question in enumerate(self.step.questions):
            if not self._record(self.index, number).settled:
                return question
        return None

    @property
    def settled(self) -> tuple[tuple[Question, Feedback], ...]:
        """The step's questions already settled, with their last feedback (for showing them again)."""
        out = []
        for number, question in enumerate(self.step.questions):
            record = self._record(self.index, number)
            if record.settled and record.last is not None:
                out.append((question, record.last))
        return tuple(out)

    @property
    def feedback(self) -> Feedback | None:
        """The last feedback given to the open question (None before any answer to it)."""
        question = self.question
        return None if question is None else self._record(self.index, self.step.questions.index(question)).last

    def _record(self, step: int, number: int) -> _Record:
        return self._records.setdefault((step, number), _Record())

    @property
    def finished(self) -> bool:
        """At the last step with every question settled."""
        return self.index == len(self.lesson.steps) - 1 and self.question is None

    # -- answering ------------------------------------------------------------------------------------

    def answer(self, value: Any) -> Feedback:
        """Answer the open question: a move (or its text), a number, or cards (a list or a text)."""
        question = self.question
        if question is None:
            raise ValueError("no question is waiting for an answer at this step")
        number = self.step.questions.index(question)
        record = self._record(self.index, number)
        state = self._question_state(question)
        feedback = _JUDGES[question.kind](self, question, state, value)
        if feedback.counted:
            record.tries += 1
        if feedback.correct:
            record.right, record.first_try = True, record.tries == 1
            feedback = _settle(feedback, question)
        record.last = feedback
        self._changed()
        return feedback

    def reveal(self) -> Feedback:
        """Give the open question's answer, with its explanation; it counts as not answered."""
        question = self.question
        if question is None:
            raise ValueError("no question is waiting for an answer at this step")
        record = self._record(self.index, self.step.questions.index(question))
        record.revealed = True
        text = f"The answer: {question.answer}."
        if question.kind == "score":
            text += " " + self._score_lines(question)
        feedback = _settle(Feedback(False, text), question)
        record.last = feedback
        self._changed()
        return feedback

    def _question_state(self, question: Question) -> Any:
        state = self.step.state
        for change in question.changes:
            state = change.apply(state)
        return state

    def _seen(self, question: Question | None = None) -> frozenset[Card] | None:
        if self.viewer is None:
            return None
        seen = self.step.seen
        if question is not None and question.changes:
            state = self._question_state(question)
            seen = seen | frozenset(all_cards(z for z in self.game.zones(state) if z.visible_to(self.viewer)))
        return seen

    def _score_lines(self, question: Question) -> str:
        breakdown = _breakdown(self.game, self.game.view(self._question_state(question), self.viewer), question.deal)
        items = [f"{item.points:+d}: {item.reason} [{item.rule}]" for item in breakdown.for_player(question.player)
                 if item.points]
        return _mask(" ".join(f"{line}." for line in items), self._seen(question))

    # -- moving through the lesson ----------------------------------------------------------------------

    def next(self) -> bool:
        """Go to the next step; False (and no change) while a question waits, or at the end."""
        return self.goto(self.index + 1) if self.index + 1 < len(self.lesson.steps) else False

    def back(self) -> bool:
        """Go to the step before; False at the start."""
        return self.goto(self.index - 1) if self.index > 0 else False

    def goto(self, index: int) -> bool:
        """Show step ``index``; False when a question before it still waits for an answer."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError("goto takes a whole number")
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"step {index} does not exist: this lesson has steps 0 to {len(self.lesson.steps) - 1}")
        if index == self.index or self.blocked_at(index):
            return False
        self.index = index
        self.reached = max(self.reached, index)
        self._changed()
        return True

    def blocked_at(self, index: int) -> bool:
        """Whether reaching step ``index`` waits on a question of an earlier step."""
        return any(not self._record(s, n).settled for s in range(index)
                   for n in range(len(self.lesson.steps[s].questions)))

    # -- progress -------------------------------------------------------------------------------------

    def progress(self) -> Progress:
        """The learner's record so far. The prompt of a question at a step not reached yet is
        written with the cards the viewer has seen so far (others as ``??``): the record is
        shown and exported while the lesson goes on, and must not tell what comes."""
        items = []
        seen = None if self.viewer is None else self.lesson.steps[self.reached].seen
        for s, step in enumerate(self.lesson.steps):
            for n, question in enumerate(step.questions):
                r = self._record(s, n)
                prompt = question.prompt if s <= self.reached else _mask(question.prompt, seen)
                items.append(QuestionProgress(s, n + 1, question.kind, prompt, r.tries, r.right,
                                              r.first_try, r.revealed))
        finished = self.reached == len(self.lesson.steps) - 1 and all(
            self._record(s, n).settled for s, step in enumerate(self.lesson.steps) for n in range(len(step.questions)))
        return Progress(self.lesson.name, self.lesson.title, self.game.name, self.learner,
                        len(self.lesson.steps), self.reached, finished, tuple(items))

    def observe(self, callback: Callable[[LessonRun], None]) -> Callable[[], None]:
        """Call ``callback(run)`` after every change; returns a function that stops it."""
        self._observers.append(callback)

        def unobserve() -> None:
            if callback in self._observers:
                self._observers.remove(callback)
        return unobserve

    def _changed(self) -> None:
        for callback in list(self._observers):
            callback(self)

    def __repr__(self) -> str:
        return f"<LessonRun {self.lesson.title!r}: step {self.index} of {len(self.lesson.steps) - 1}>"


def _settle(feedback: Feedback, question: Question) -> Feedback:
    return Feedback(feedback.correct, feedback.text, feedback.rule, feedback.counted, question.answer,
                    question.explanation)


def _judge_play(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    game, seen = run.game, run._seen(question)
    try:
        move = game.move(value)
    except NotationError as err:
        return Feedback(False, f"That is not a move: {err.reason}.", counted=False)
    seen = _with(seen, move_cards(move))   # the learner's own words may be echoed
    words = question.teacher_feedback(str(move))
    if move in question.moves:
        return Feedback(True, _mask(words or f"Right: {move}.", seen))
    try:
        game.check(state, move)
    except IllegalMove as err:
        text = words or f"{move} is not allowed: {err.reason}. Try another move."
        return Feedback(False, _mask(text, seen), err.rule)
    text = words or f"{move} is legal, but it is not the move this lesson is looking for. Try another one."
    return Feedback(False, _mask(text, seen))


def _judge_score(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    number = value if isinstance(value, int) and not isinstance(value, bool) else (
        _whole_number(re.sub(r"\s*(points?|vp)\s*$", "", value, flags=re.I)) if isinstance(value, str) else None)
    if number is None:
        return Feedback(False, f"Answer with a whole number of points, such as 4 (not {value!r}).", counted=False)
    breakdown = _breakdown(run.game, run.game.view(state, run.viewer), question.deal)
    lines = [i for i in breakdown.for_player(question.player) if i.points] or list(breakdown.for_player(question.player))
    rule = lines[0].rule if lines else None
    name = run.game.player_names[question.player]
    if number == question.points:
        return Feedback(True, question.teacher_feedback(str(number)) or f"Right: {name} scores {_points(number)}.", rule)
    words = question.teacher_feedback(str(number))
    more = "more" if question.points > number else "fewer"
    text = words or f"Not {_points(number)}: {name} scores {more} than that. Count again, rule by rule, and try again."
    return Feedback(False, _mask(text, run._seen(question)), rule)


def _judge_cards(run: LessonRun, question: Question, state: Any, value: Any) -> Feedback:
    game, seen = run.game, run._seen(question)
    try:
        given = frozenset(_read_cards(value) if isinstance(value, str) else (
            c if isinstance(c, Card) else parse_card(c) for c in value))
    except (CardError, TypeError) as err:
        return Feedback(False, f"Answer with cards, such as '4D QH' (or '-' for none): {err}", counted=False)
    seen = _with(seen, given)   # the learner's own words may be echoed
    name = game.player_names[question.player]
    if given == question.cards:
        return Feedback(True, f"Right: {_card_list(given)}.")
    extra, missing = sorted(given - question.cards), sorted(question.cards - given)
    for card in extra + missing:
        words = question.teacher_feedback(card.code)
        if words:
            return Feedback(False, _mask(words, seen))
    if extra:
        rule, why = _why_not(game, state, question.verb, extra[0])
        text = f"{extra[0]} is not one of them: {why}."
    else:
        rule, text = None, ""
    if missing:
        count = len(missing)
        text += f" {count} card{'s' if count > 1 else ''} {name} may {question.verb or 'play'} "\
                f"{'with ' if question.verb else ''}{'are' if count > 1 else 'is'} missing."
    return Feedback(False, _mask(text.strip() + " Try again.", seen), rule)


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


def _points(number: int) -> str:
    return f"{number} point{'s' if abs(number) != 1 else ''}"


_JUDGES: dict[str, Callable[[LessonRun, Question, Any, Any], Feedback]] = {
    "play": _judge_play, "score": _judge_score, "cards": _judge_cards}


# --- exporting progress ----------------------------------------------------------------------------------

_CSV_COLUMNS = ("learner", "lesson", "title", "game", "steps", "reached", "finished", "step", "question", "kind",
                "prompt", "tries", "right", "first_try", "revealed")


def _progress_of(item: LessonRun | Progress) -> Progress:
    return item.progress() if isinstance(item, LessonRun) else item


def progress_json(items: Iterable[LessonRun | Progress]) -> str:
    """The progress of some lessons (runs or :class:`Progress`) as a small, versioned JSON text."""
    return json.dumps({"cardlab": "lesson-progress", "version": PROGRESS_VERSION,
                       "lessons": [_progress_of(i).to_dict() for i in items]}, ensure_ascii=False, indent=1)


def progress_csv(items: Iterable[LessonRun | Progress]) -> str:
    """The progress of some lessons as CSV: one row per question (one row for a lesson without)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for item in items:
        p = _progress_of(item)
        head = [p.learner, p.lesson, p.title, p.game, p.steps, p.reached, p.finished]
        if not p.questions:
            writer.writerow(head + [""] * 8)
        for q in p.questions:
            writer.writerow(head + [q.step, q.number, q.kind, q.prompt, q.tries, q.right, q.first_try, q.revealed])
    return out.getvalue()


# --- writing a lesson from a played game ----------------------------------------------------------------

def from_session(session: Any, *, title: str = "A game to study", viewer: int | str | None = None) -> str:
    """A lesson file (Markdown text) from a played session: its game and start position, and
    every move of the line on show (the main line, or the variation the table is exploring), each
    with a place (an HTML comment) for the teacher's commentary, and an example question to copy.
    The text passes :func:`check` as it is.

    ``viewer`` is a player (0, 1, … or "A", "B", …) or None for the teacher's view.
    """
    game: Game = session.game
    if isinstance(viewer, str):
        names = [n.upper() for n in game.player_names]
        if viewer.upper() not in names and viewer.lower() != TEACHER:
            raise ValueError(f"the viewer is a player ({', '.join(game.player_names)}) or None, not {viewer!r}")
        viewer = names.index(viewer.upper()) if viewer.upper() in names else None
    if viewer is not None and not 0 <= viewer < game.players:
        raise ValueError(f"the viewer is a player from 0 to {game.players - 1}, or None, not {viewer!r}")
    if "\n" in title or not title.strip():
        raise ValueError("the title is one line of text")
    start = session.start
    options = "".join(f"{key}: {value}\n" for key, value in game.options.items())
    who = TEACHER if viewer is None else game.player_names[viewer]
    parts = [f"# {title.strip()}\n",
             "<!-- An introduction: what this lesson shows, and what to look for. -->\n",
             f"```lesson\ngame: {game.name}\n{options}viewer: {who}\n```\n",
             f"```state\n{start.to_text()}\n```\n"]
    for number, move in enumerate(session.line_moves, start=1):
        parts.append(f"```moves\n{move}\n```\n")
        parts.append(f"<!-- Commentary on move {number}, {move}: what it does, and why. -->\n")
    parts.append("<!-- A question is a block like this one, after the move it is asked at:\n"
                 "```question\nask: What should B play?\nplay: <the move, or several separated by commas>\n"
                 "feedback <a wrong move>: <what to tell the learner who plays it>\n```\n"
                 "Other questions: 'score: 6' with 'player: A'; 'cards: 4D QH' with 'verb: defend'.\n"
                 "A what-if: 'change: 4H -> 3D' before the answer line. -->\n")
    return "\n".join(parts)


# --- bundled lessons and the command line ---------------------------------------------------------------

def bundled_names(game: str | None = None) -> list[str]:
    """The names of the lessons that come with cardlab (of one ``game``, if named): each can be
    given instead of a path (``load("commerce-2-rankings")``)."""
    return [path.stem for path in bundled(game)]


def bundled(game: str | None = None) -> list[Path]:
    """The lesson files that come with cardlab (those of one ``game``, if named), in order."""
    files = sorted(BUNDLED.glob("*.md"))
    if game is None:
        return files
    from .games import game as make_game
    name = make_game(game).name
    return [f for f in files if f.name.startswith(f"{name}-")]


USAGE = """usage: python -m cardlab.lessons check FILE_OR_FOLDER...   check lessons against the rules
       python -m cardlab.lessons list [GAME]                 list the lessons that come with cardlab"""


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``check FILE...`` (0 when every lesson is right, 1 otherwise) and
    ``list [GAME]``. A folder stands for the lesson files (``*.md``) in it."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["check"] and len(args) > 1:
        return _check_command(args[1:])
    if args[:1] == ["list"] and len(args) <= 2:
        try:
            files = bundled(args[1] if len(args) == 2 else None)
        except ValueError as err:
            print(f"cardlab: {err}", file=sys.stderr)
            return 2
        for path in files:
            print(path)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _check_command(targets: list[str]) -> int:
    files: list[str] = []
    for target in targets:
        path = Path(target)
        files += [str(p) for p in sorted(path.glob("*.md"))] if path.is_dir() else [target]
    failed = 0
    for name in files:
        lesson, problems = _read(name)
        if problems:
            failed += 1
            for problem in problems:
                print(problem)
        else:
            assert lesson is not None
            moves, questions = len(lesson.steps) - 1, len(lesson.questions)
            print(f"ok: {name} ({lesson.title}: {_count(moves, 'move')}, {_count(questions, 'question')})")
    print(f"{_count(len(files), 'lesson')} checked, {failed} with problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
