"""Building a lesson from its Markdown: the order of its blocks, its game and start position,
and the replay of its moves, checking every claim it makes against the rules."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card
from ..engine import Event, Game, Move, all_cards
from ..errors import IllegalMove, NotationError, StateError, quoted
from .hidden import hidden_statements
from .leaks import Shown, statement
from .markdown import Block, DraftQuestion, Line, Prose, fields, prose_text, scan, without_comment
from .mentions import card_mentions
from .model import TEACHER, Lesson, LessonStep, Problems, Question
from .questions import QuestionReader
from .readers import engine_says, option_value, state_message

#: The name a lesson read from its text (not from a file) is given as its source.
TEXT_SOURCE = "<lesson text>"


@dataclass(slots=True)
class _DraftStep:
    move: str | None
    line: int
    commentary: list[Line] = field(default_factory=list)
    questions: list[DraftQuestion] = field(default_factory=list)


class Builder:
    """Reads a lesson's text into a :class:`Lesson`, replaying it and checking every claim."""

    def __init__(self, text: str, source: str, problems: Problems) -> None:
        self.text, self.source, self.problems = text, source, problems
        self.game: Game | None = None
        self.viewer: int | None = None

    def build(self) -> Lesson | None:
        title, items = scan(self.text, self.problems)
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
        steps = self._replay(start, drafts, title or "")
        if steps is None:
            return None
        return Lesson(
            title or "",
            _lesson_name(self.source, title or ""),
            self.game,
            self.viewer,
            tuple(steps),
            self.source,
            self.text,
        )

    # -- the order of the blocks -------------------------------------------------------------------

    def _layout(self, items: list[Block | Prose]) -> tuple[Block, Block, list[_DraftStep]] | None:
        """The lesson block, the start block and the steps; None when the file is not a lesson."""
        header: Block | None = None
        start: Block | None = None
        steps: list[_DraftStep] = []
        target: list[Line] = []  # where prose goes: the intro, a step's commentary, an explanation
        for item in items:
            if isinstance(item, Prose):
                target += item.lines
                continue
            if item.kind == "lesson":
                if header is not None:
                    self.problems.add(
                        item.line,
                        f"a second lesson block (the first is on line {header.line}); a file holds one lesson",
                    )
                elif start is not None:
                    self.problems.add(item.line, "the lesson block comes before the start position")
                header = item
            elif item.kind in ("state", "deal"):
                if start is not None:
                    self.problems.add(
                        item.line,
                        f"a second start position (the first is on line {start.line}); "
                        f"a lesson has one ```state or ```deal block",
                    )
                else:
                    start = item
                    steps = [_DraftStep(None, item.line, list(target))]
                    target = steps[0].commentary
            elif start is None:
                self.problems.add(
                    item.line,
                    f"this ```{item.kind} block comes before the start position: begin "
                    f"with a ```lesson block and a ```state or ```deal block",
                )
            elif item.kind == "moves":
                target = self._moves(item, steps)
            else:
                question = DraftQuestion(item)
                steps[-1].questions.append(question)
                target = question.explanation
        if header is None:
            self.problems.add(
                1,
                "no ```lesson block: a lesson names its game in one, such as\n"
                "    ```lesson\n    game: card-commons\n    viewer: A\n    ```",
            )
        if start is None and header is not None:
            self.problems.add(
                header.line,
                "no start position: add a ```state block (the game's text form) "
                "or a ```deal block (a stacked deck) after the lesson block",
            )
        if header is None or start is None:
            return None
        return header, start, steps

    def _moves(self, block: Block, steps: list[_DraftStep]) -> list[Line]:
        """Add a step per move of a ```moves block; the prose after it comments the last one."""
        before = len(steps)
        for line in block.body:
            text = without_comment(line.text).strip()
            if text:
                steps.append(_DraftStep(text, line.number))
        if len(steps) == before:
            self.problems.add(block.line, "an empty ```moves block: write one move a line, such as 'claim 4H'")
        return steps[-1].commentary

    # -- the game and the start position ---------------------------------------------------------------

    def _game(self, block: Block) -> Game | None:
        from ..games import game as make_game

        given = fields(block, self.problems)
        found = {f.key: f for f in given}
        name = found.get("game")
        if name is None or not name.value:
            self.problems.add(block.line, "the lesson block names its game: add a line such as 'game: card-commons'")
            return None
        options = {f.key.replace(" ", "_"): option_value(f.value) for f in given if f.key not in ("game", "viewer")}
        try:
            game = make_game(name.value, **options)
        except (TypeError, ValueError) as err:
            said = engine_says(err, [name.value, *(f.key.replace(" ", "_") for f in given), *(f.value for f in given)])
            self.problems.add(name.line, f"no such game or options: {said}")
            return None
        viewer = found.get("viewer")
        if viewer is not None and viewer.value.lower() != TEACHER:
            names = [n.upper() for n in game.player_names]
            if viewer.value.upper() not in names:
                self.problems.add(
                    viewer.line,
                    f"the viewer is a player ({', '.join(game.player_names)}) or "
                    f"'teacher' (who sees every card), not {quoted(viewer.value)}",
                )
                return None
            self.viewer = names.index(viewer.value.upper())
        return game

    def _start(self, block: Block) -> Any:
        game = self.game
        assert game is not None
        if block.kind == "state":
            text = "\n".join(line.text for line in block.body)
            try:
                return game.state_from_text(text)
            except StateError as err:
                self.problems.add(_state_line(err, block), f"the start position can't be read: {state_message(err)}")
                return None
        given = fields(block, self.problems)
        arguments: dict[str, Any] = {}
        for f in given:
            if f.key == "deck":
                arguments["deck"] = f.value
            else:
                arguments[f.key.replace(" ", "_")] = self._deal_value(f.value)
        if "deck" not in arguments and "seed" not in arguments:
            self.problems.add(
                block.line,
                "a deal needs a 'deck:' line (a stacked deck, top card first) or a 'seed:' "
                "line; without either every reading would deal other cards",
            )
            return None
        try:
            return game.deal(**arguments)
        except (TypeError, ValueError) as err:
            said = engine_says(err, [*arguments, *(f.value for f in given)])
            if isinstance(err, TypeError):
                said = _deal_options_problem(game, said)
            self.problems.add(block.line, f"the deal can't be made: {said}")
        return None

    def _deal_value(self, value: str) -> Any:
        """A deal option: a whole number, a player's name (as the player's number) or text."""
        names = [n.upper() for n in self.game.player_names] if self.game else []
        if value.upper() in names:
            return names.index(value.upper())
        return option_value(value)

    # -- replaying ---------------------------------------------------------------------------------------

    def _replay(self, start: Any, drafts: list[_DraftStep], title: str) -> list[LessonStep] | None:
        seen = self.seen_in(start, ())
        self.check_names(Line(1, title), seen, "the title")
        shown = Shown()
        shown.add(1, "the title", title)
        steps: list[LessonStep] = []
        state: Any = start
        for number, draft in enumerate(drafts):
            move: Move | None = None
            events: tuple[Event, ...] = ()
            if draft.move is not None:
                played = self._play(state, draft)
                if played is None:
                    return None
                move, events, state = played
                seen = seen | self.seen_in(state, events)
            for line in draft.commentary:
                self.check_names(line, seen, "the commentary")
            self.check_statements(
                draft.commentary, state, seen, "the introduction" if number == 0 else "the commentary"
            )
            for at, text in _paragraphs(draft.commentary):
                shown.add(at, "the introduction" if number == 0 else "the commentary", text)
            questions = self._questions(draft, state, seen, shown)
            # the move's narration is put away while the step's questions are open (it may say
            # "A scores 6"), so later steps' questions only are asked once it has been read
            for event in events:
                if event.visible_to(self.viewer):
                    shown.add(draft.line, "the narration of the move", event.text)
            steps.append(
                LessonStep(
                    number, move, draft.line, prose_text(draft.commentary), questions, state, tuple(events), seen
                )
            )
        for before, after in zip(steps, steps[1:]):
            self._check_goes_on(before, after)
        return steps

    def _check_goes_on(self, step: LessonStep, after: LessonStep) -> None:
        """A "what should X play?" question whose right answers are not all the move the lesson
        then plays says why the lesson shows its own ('instead:'): a learner who chose another
        right move sees the lesson go on from a move they did not make."""
        game = self.game
        assert game is not None
        for question in step.questions:
            if question.kind != "play" or question.changes or after.move is None:
                continue
            others = [m for m in question.moves if m != after.move]
            if not others or question.instead:
                continue
            said = game.move_words(step.state, after.move)
            accepted = ", ".join(game.move_words(step.state, m) for m in others[:2]) + (
                f" and {len(others) - 2} more" if len(others) > 2 else ""
            )
            self.problems.add(
                question.line,
                f"the question accepts {accepted}, but the lesson goes on with {said}: a learner who "
                f"answered otherwise would see the lesson play a move they did not make; add a line "
                f"'instead: <why the lesson shows {said}>' (the learner reads it after a right answer "
                f"that is another move), or accept only the move the lesson plays",
            )

    def _questions(self, draft: _DraftStep, state: Any, seen: frozenset[Card], shown: Shown) -> tuple[Question, ...]:
        """The step's questions, each checked against the text read before it is answered."""
        questions = []
        for d in draft.questions:
            question = QuestionReader(self, d, state, seen).read()
            if question is None:
                continue
            shown.add(question.line, "the question", question.prompt)
            asked = state
            for change in question.changes:
                asked = change.apply(asked)
            # a move the learner makes where it is the only one (counted: no) is no question: its
            # prompt may say it ("Defend with your 5♠.")
            found = statement(question, self.game, asked, shown, self.viewer) if question.counted else None  # type: ignore[arg-type]
            if found is not None:
                self.problems.add(
                    question.line,
                    f"the text a learner reads before answering gives the answer ({question.answer}) away: "
                    f"{found}; say it after the question, in its explanation, or reword it",
                )
            for line, text in _paragraphs(d.explanation):
                shown.add(line, "the explanation of an earlier question", text)
            questions.append(question)
        return tuple(questions)

    def _play(self, state: Any, draft: _DraftStep) -> tuple[Move, tuple[Event, ...], Any] | None:
        game = self.game
        assert game is not None and draft.move is not None
        try:
            step = game.step(state, draft.move)
        except NotationError as err:
            self.problems.add(draft.line, f"the move {quoted(draft.move)} can't be read: {err.reason}")
            return None
        except IllegalMove as err:
            self.problems.add(draft.line, f"illegal move {quoted(draft.move)}: {err.reason} [{err.rule}]")
            return None
        return step.move, step.events, step.after

    def seen_in(self, state: Any, events: Iterable[Event]) -> frozenset[Card]:
        """The cards the viewer sees in ``state`` and in the narration of ``events``."""
        game = self.game
        assert game is not None
        seen = set(all_cards(z for z in game.zones(state) if z.visible_to(self.viewer)))
        for event in events:
            if event.visible_to(self.viewer):
                seen.update(event.cards)
        return frozenset(seen)

    def check_names(self, line: Line, seen: frozenset[Card], what: str) -> None:
        """A problem for each card ``line`` names that the viewer has not seen."""
        if self.viewer is None or not line.text.strip():
            return
        who = self.game.player_names[self.viewer]  # type: ignore[union-attr]
        for card, _, _ in card_mentions(line.text):
            if card not in seen:
                self.problems.add(
                    line.number,
                    f"{what} names {card}, a card hidden from {who} here (the lesson is "
                    f"shown in {who}'s view): name it only once {who} has seen it, or "
                    f"show the lesson in the teacher's view ('viewer: teacher')",
                )

    def check_statements(self, lines: Iterable[Line], state: Any, seen: frozenset[Card], what: str) -> None:
        """A problem for each statement of ``lines`` about a hidden card's value or suit
        ("B holds a 2"), or about what a player holds that the position contradicts."""
        if self.viewer is None:
            return
        for number, text in _paragraphs(lines):
            for problem in hidden_statements(self.game, state, self.viewer, seen, text):  # type: ignore[arg-type]
                self.problems.add(number, f"in {what}, {problem}")


def _paragraphs(lines: Iterable[Line]) -> list[tuple[int, str]]:
    """Prose lines as paragraphs, each with the number of its first line."""
    found: list[tuple[int, str]] = []
    current: list[Line] = []
    for line in [*lines, Line(0, "")]:
        if line.text.strip():
            current.append(line)
        elif current:
            found.append((current[0].number, " ".join(x.text.strip() for x in current)))
            current = []
    return found


def _state_line(err: StateError, block: Block) -> int:
    """The file line of a text-form problem ('line 3 (nest egg)' is the block's third line)."""
    match = re.match(r"line ([0-9]+)", err.where or "")
    if match and block.body:
        return block.body[0].number + int(match.group(1)) - 1
    return block.line


def _deal_options_problem(game: Game, said: str) -> str:
    accepted = [p for p in inspect.signature(game.deal).parameters if p not in ("self",)]
    return f"{said}; a {game.title} deal takes: {', '.join(accepted)}"


def _lesson_name(source: str, title: str) -> str:
    if source != TEXT_SOURCE:
        return Path(source).stem
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "lesson"
