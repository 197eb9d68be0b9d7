"""Reading a ```question block: its answer line, its what-if changes, its feedback, and the
check of its answer against the rules at the position it is asked in."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Protocol, TypedDict

from ..cards import Card, parse_card
from ..engine import Game, Move, all_cards, move_cards
from ..errors import CardError, IllegalMove, NotationError, StateError, quoted
from .figures import arithmetic_problems, move_feedback_problems, score_feedback_problems
from .markdown import DraftQuestion, Field, Line, fields, prose_text
from .mentions import card_mentions
from .model import Change, Problems, Question
from .readers import breakdown, card_list, cut, lesson_number, playable_cards, read_cards, state_message
from .readings import reading_names, readings_changing
from .uniqueness import judge

#: How many moves as good as an accepted one a problem names (the others are counted).
RIVALS_NAMED = 3


class Common(TypedDict):
    """What every kind of question takes from its block: its kind, player, line, what-if
    changes and explanation."""

    kind: str
    player: int | None
    line: int
    changes: tuple[Change, ...]
    explanation: str


class Builder(Protocol):
    """What a question's reader asks of the lesson it is read into."""

    game: Game | None
    viewer: int | None
    problems: Problems

    def check_names(self, line: Line, seen: frozenset[Card], what: str) -> None: ...

    def check_statements(self, lines: Iterable[Line], state: Any, seen: frozenset[Card], what: str) -> None: ...


QUESTION_KEYS = (
    "ask",
    "player",
    "play",
    "score",
    "deal",
    "cards",
    "verb",
    "change",
    "feedback",
    "reading",
    "counted",
    "instead",
)
ANSWER_KEYS = ("play", "score", "cards")


class QuestionReader:
    """Reads one ```question block and checks its answer at the position it is asked in."""

    def __init__(self, builder: Builder, draft: DraftQuestion, state: Any, seen: frozenset[Card]) -> None:
        self.builder, self.block, self.problems = builder, draft.block, builder.problems
        self.game: Game = builder.game  # type: ignore[assignment]
        self.draft, self.state, self.seen = draft, state, seen
        self.changes: tuple[Change, ...] = ()
        self.ok = True

    def fail(self, line: int, message: str) -> None:
        self.ok = False
        self.problems.add(line, message)

    def read(self) -> Question | None:
        given = fields(self.block, self.problems, repeatable=("change",))
        unknown = [
            f
            for f in given
            if f.key.split(" ")[0] not in QUESTION_KEYS or (f.argument and f.key.split(" ")[0] != "feedback")
        ]
        for f in unknown:
            self.fail(f.line, f"unknown line {quoted(f.key)} in a question; questions use: {', '.join(QUESTION_KEYS)}")
        single = {f.key: f for f in given if f.key not in ("change", "feedback") and not f.argument}
        kinds = [f for f in given if f.key in ANSWER_KEYS]
        if len(kinds) != 1:
            self.fail(
                self.block.line,
                "a question has one answer line: 'play:' (the move to find), 'score:' "
                "(a number) or 'cards:' (a set of cards)" + ("" if not kinds else f"; this one has {len(kinds)}"),
            )
            return None
        answer = kinds[0]
        state = self._changed(given)
        if state is None:
            return None
        player = self._player(single.get("player"), answer.key, state)
        if not self.ok:
            return None
        question = self._answer(answer, single, player, state, given)
        if question is None or not self.ok:
            return None
        question = self._check_counted(question, single.get("counted"), state)
        if question is None:
            return None
        self._check_texts(question, given)
        question = self._check_readings(question, single.get("reading"), state)
        self._check_feedback(question, given, state)
        if question.kind == "play" and question.counted and self.ok:
            self._check_unique(question, state)
        return question if self.ok else None

    def _check_counted(self, question: Question, given: Field | None, state: Any) -> Question | None:
        """A question is a choice: where only one move is legal, the learner makes it without
        its counting as a question (``counted: no``), or the lesson plays it. A walkthrough's move
        that the prompt tells (naming its cards) may be made the same way."""
        counted = True
        if given is not None:
            value = given.value.strip().lower()
            if value not in ("yes", "no"):
                self.fail(given.line, f"'counted:' is yes or no, not {quoted(given.value)}")
                return None
            counted = value == "yes"
        legal = self.game.legal_moves(state) if question.kind == "play" else []
        if question.kind == "play" and len(legal) == 1 and counted:
            self.fail(
                question.line,
                f"only one move is legal here ({self.game.move_words(state, legal[0])}), so the question has "
                f"no wrong answer to give: ask where the learner chooses, play the move in a ```moves block, "
                f"or add 'counted: no' to have the learner make it without counting it as a question",
            )
            return None
        if not counted and (question.kind != "play" or (len(legal) != 1 and not _tells(question))):
            self.fail(
                given.line,  # type: ignore[union-attr]
                "'counted: no' is for a move the learner makes where it is the only legal one, or the one "
                "move its prompt tells, naming its cards ('Open position 1 with the 3♥.'); "
                + (
                    f"here {len(legal)} moves are legal: the question is a real one"
                    if question.kind == "play"
                    else f"a '{question.kind}:' question is always counted"
                ),
            )
            return None
        return replace(question, counted=counted)

    # -- what the engine says of the answer -----------------------------------------------------

    def _check_readings(self, question: Question, given: Field | None, state: Any) -> Question:
        """The question names exactly the readings of the rules its answer depends on."""
        known = reading_names(self.game)
        named: list[str] = []
        if given is not None:
            for text in (t.strip() for t in given.value.split(",")):
                name = " ".join(text.lower().replace("_", " ").split())
                if name not in known:
                    choices = ", ".join(known) or f"none: {self.game.title} has no reading to choose"
                    self.fail(given.line, f"{quoted(text)} is not a reading of {self.game.title}'s rules ({choices})")
                    continue
                named.append(name)
        needed = readings_changing(self.game, state, question)
        rules = f"docs/rules/{self.game.name}.md"
        for name in needed:
            if name not in named:
                self.fail(
                    question.line,
                    f"the answer depends on a reading of the rules ({rules}, reading {known[name]}: the option "
                    f"'{name}'): under its other choice the rules give another answer; name it in a line "
                    f"'reading: {name}' and say it in the lesson",
                )
        for name in named:
            if name not in needed:
                self.fail(
                    given.line,  # type: ignore[union-attr]
                    f"the answer does not depend on the reading '{name}' (the rules give the same answer "
                    f"under its other choices): remove it",
                )
        return replace(question, readings=tuple(named))

    def _check_feedback(self, question: Question, given: list[Field], state: Any) -> None:
        """The figures and reasons of the teacher's feedback agree with the rules."""
        lines = {f.argument: f.line for f in given if f.key.split(" ")[0] == "feedback"}
        score = breakdown(self.game, state, question.deal) if question.kind == "score" else None
        for f in (f for f in given if f.key.split(" ")[0] == "feedback" and f.argument):
            if score is not None and question.points is not None:
                wrong = _number_key(f.argument)
                found = score_feedback_problems(
                    wrong,
                    question.points,
                    f.value,
                    score.for_player(question.player),  # type: ignore[arg-type]
                )
            elif question.kind == "play":
                found = move_feedback_problems(f.value, self._refusal(state, f.argument))
            else:
                found = arithmetic_problems(f.value)
            for problem in found:
                self.fail(
                    lines[f.argument], f"the feedback for {quoted(f.argument)} disagrees with the rules: {problem}"
                )

    def _refusal(self, state: Any, move: str) -> str | None:
        """Why the rules refuse ``move`` here, with the rule's id; None when they allow it."""
        try:
            self.game.check(state, move)
        except IllegalMove as err:
            return f"{err.reason} [{err.rule}]"
        return None

    def _check_unique(self, question: Question, state: Any) -> None:
        """No move the question does not accept is as good as one it accepts."""
        verdict = judge(self.game, state, self.builder.viewer, question.moves)
        if not verdict.rivals:
            return
        said = [
            f"{r.move.words} ({r.move.move}: {r.move.said(verdict.unit, verdict.exact)}) is as good as "
            f"{r.accepted.words} ({r.accepted.said(verdict.unit, verdict.exact)})"
            for r in verdict.rivals[:RIVALS_NAMED]
        ]
        more = len(verdict.rivals) - RIVALS_NAMED
        self.fail(
            question.line,
            "the question has more than one right answer: "
            + "; ".join(said)
            + (f"; and {more} more move{'s' if more > 1 else ''}" if more > 0 else "")
            + f" ({verdict.how}): accept {'them' if len(verdict.rivals) > 1 else 'it'} in 'play:', "
            f"or ask in a position where one move is best",
        )

    def _changed(self, given: list[Field]) -> Any:
        """The position the question is asked in: the step's, after any what-if changes."""
        changes = []
        state = self.state
        for f in (f for f in given if f.key == "change"):
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
                line = next(f.line for f in given if f.key == "change")
                self.fail(
                    line,
                    f"after the change{'s' if len(changes) > 1 else ''} the position breaks the rules: "
                    f"{state_message(err)}",
                )
                return None
        self.changes = tuple(changes)
        return state

    def _change(self, f: Field) -> Change | None:
        parts = f.value.split("->")
        try:
            if len(parts) != 2:
                raise ValueError
            old, new = parse_card(parts[0].strip()), parse_card(parts[1].strip())
        except (ValueError, CardError):
            self.fail(f.line, f"write a change as 'old -> new', such as '4H -> 3D', not {quoted(f.value)}")
            return None
        if old == new:
            self.fail(f.line, f"the change {quoted(f.value)} changes nothing")
            return None
        self.builder.check_names(Line(f.line, f.value), self.seen, "the change")
        return Change(old, new)

    def _player(self, given: Field | None, kind: str, state: Any) -> int | None:
        game = self.game
        names = [n.upper() for n in game.player_names]
        player = None
        if given is not None:
            if given.value.upper() not in names:
                self.fail(given.line, f"expected a player ({', '.join(game.player_names)}), not {quoted(given.value)}")
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
        if player is not None and given is not None and player != mover:  # (a player is one given)
            self.fail(
                given.line,
                f"the question is about {game.player_names[player]}, but {game.player_names[mover]} is to move here",
            )
        viewer = self.builder.viewer
        if viewer is not None and viewer != mover:
            who, other = game.player_names[viewer], game.player_names[mover]
            self.fail(
                self.block.line,
                f"the question is about {other}'s move, but the lesson is shown in {who}'s "
                f"view, where {other}'s cards are hidden (even a wrong answer's feedback would "
                f"tell {who} about them): ask it in {other}'s view or the teacher's",
            )
        return mover

    def _answer(
        self, answer: Field, single: dict[str, Field], player: int | None, state: Any, given: list[Field]
    ) -> Question | None:
        game = self.game
        ask = single.get("ask")
        base = Common(
            kind=answer.key,
            player=player,
            line=self.block.line,
            changes=self.changes,
            explanation=prose_text(self.draft.explanation),
        )
        for key, kind in (("deal", "score"), ("verb", "cards"), ("instead", "play")):
            if key in single and answer.key != kind:
                self.fail(single[key].line, f"'{key}:' belongs to a '{kind}:' question")
        if answer.key == "play":
            moves = self._moves(answer, state)
            feedback = self._feedback(given, self._move_key)
            if moves is None or feedback is None:
                return None
            prompt = ask.value if ask else f"What should {game.player_names[player]} play?"  # type: ignore[index]
            instead = single["instead"].value if "instead" in single else ""
            return Question(prompt=prompt, moves=moves, feedback=feedback, instead=instead, **base)
        if answer.key == "score":
            return self._score(answer, single, player, state, given, ask, base)
        return self._cards(answer, single, player, state, given, ask, base)

    def _moves(self, answer: Field, state: Any) -> tuple[Move, ...] | None:
        moves = []
        for text in (t.strip() for t in answer.value.split(",")):
            try:
                move = self.game.check(state, text)
            except NotationError as err:
                self.fail(answer.line, f"the answer {quoted(text)} can't be read as a move: {err.reason}")
                continue
            except IllegalMove as err:
                self.fail(answer.line, f"the answer {quoted(text)} is illegal here: {err.reason} [{err.rule}]")
                continue
            moves.append(move)
        if not moves and self.ok:
            self.fail(answer.line, "'play:' lists the moves that answer the question, separated by commas")
        return tuple(dict.fromkeys(moves)) if self.ok else None

    def _move_key(self, text: str) -> str:
        return str(self.game.parse_move(text))

    def _feedback(self, given: list[Field], key_of: Callable[[str], str]) -> tuple[tuple[str, str], ...] | None:
        feedback: dict[str, str] = {}
        for f in (f for f in given if f.key.split(" ")[0] == "feedback"):
            if not f.argument:
                self.fail(
                    f.line,
                    "write 'feedback <answer>: <what to tell the learner>', such as "
                    "'feedback discard 3C: B can answer, so B must'",
                )
                continue
            try:
                key = key_of(f.argument)
            except ValueError as err:
                self.fail(
                    f.line, f"the feedback is for {quoted(f.argument)}, which is not an answer to this question: {err}"
                )
                continue
            if key in feedback:
                self.fail(f.line, f"a second feedback for {quoted(f.argument)}")
            feedback[key] = f.value
        return tuple(feedback.items()) if self.ok else None

    def _score(
        self,
        answer: Field,
        single: dict[str, Field],
        player: int | None,
        state: Any,
        given: list[Field],
        ask: Field | None,
        base: Common,
    ) -> Question | None:
        game = self.game
        assert player is not None  # (a score question names its player, or its viewer's: _player)
        expected = lesson_number(answer.value)
        if expected is None:
            self.fail(answer.line, f"'score:' is a whole number of points, such as 6 or -1, not {quoted(answer.value)}")
            return None
        deal = None
        if "deal" in single:
            deal = lesson_number(single["deal"].value)
            if "deal" not in inspect.signature(game.score).parameters:
                self.fail(single["deal"].line, f"{game.title} is not scored deal by deal: remove the 'deal:' line")
                return None
            if deal is None:
                self.fail(single["deal"].line, f"'deal:' is the number of a deal, not {quoted(single['deal'].value)}")
                return None
        try:
            score = breakdown(game, state, deal)
            seen = breakdown(game, game.view(state, self.builder.viewer), deal)
        except ValueError as err:
            self.fail(single["deal"].line if "deal" in single else answer.line, f"no such score: {err}")
            return None
        feedback = self._feedback(given, lambda text: str(_number_key(text)))
        if feedback is None:
            return None
        actual = score.totals[player]
        if seen.totals[player] != actual:
            who = game.player_names[self.builder.viewer]  # type: ignore[index]
            self.fail(
                answer.line,
                f"{game.player_names[player]}'s score depends on cards hidden from {who} here "
                f"(the lesson is shown in {who}'s view): ask it once they are revealed, or in "
                f"the teacher's view",
            )
            return None
        if actual != expected:
            lines = (
                "; ".join(
                    f"{item.points:+d} {item.reason} [{item.rule}]" for item in score.for_player(player) if item.points
                )
                or "no points"
            )
            self.fail(
                answer.line,
                f"the lesson says {game.player_names[player]} scores {expected}, but the rules give {actual}: {lines}",
            )
            return None
        name = game.player_names[player]  # type: ignore[index]
        verb = "would" if self.changes else "does"
        prompt = ask.value if ask else f"What {verb} {name} score{f' in deal {deal}' if deal else ''}?"
        return Question(prompt=prompt, points=expected, deal=deal, feedback=feedback, **base)

    def _cards(
        self,
        answer: Field,
        single: dict[str, Field],
        player: int | None,
        state: Any,
        given: list[Field],
        ask: Field | None,
        base: Common,
    ) -> Question | None:
        game = self.game
        verb = single["verb"].value.lower() if "verb" in single else ""
        try:
            expected = frozenset(read_cards(answer.value))
        except CardError as err:
            self.fail(answer.line, f"'cards:' lists cards such as '4D QH' (or '-' for none): {err}")
            return None
        feedback = self._feedback(given, lambda text: parse_card(text).code)
        if feedback is None:
            return None
        actual = playable_cards(game, state, verb)
        name = game.player_names[player]  # type: ignore[index]
        if actual != expected:
            self.fail(
                answer.line,
                f"the lesson says {name} may {cut(verb) or 'play'} with {card_list(expected)}, "
                f"but the rules allow {card_list(actual)}",
            )
            return None
        prompt = (
            ask.value
            if ask
            else (f"Which cards may {name} use to {verb}?" if verb else f"Which cards may {name} play?")
        )
        return Question(prompt=prompt, cards=expected, verb=verb, feedback=feedback, **base)

    def _check_texts(self, question: Question, given: list[Field]) -> None:
        """The question's words, feedback, answer and explanation name only cards the viewer has seen."""
        names = self.builder.check_names
        state = self.state
        for change in question.changes:
            state = change.apply(state)
        for f in given:
            if f.key in ("ask", "instead") or f.key.split(" ")[0] == "feedback":
                names(Line(f.line, f"{f.argument} {f.value}"), self.seen, "the question")
                what = {"ask": "the question", "instead": "the question's 'instead:' line"}.get(f.key, "the feedback")
                self.builder.check_statements([Line(f.line, f.value)], state, self.seen, what)
        answer_cards = [c for m in question.moves for c in move_cards(m)] + sorted(question.cards)
        answer_line = next(f.line for f in given if f.key in ANSWER_KEYS)
        names(Line(answer_line, " ".join(c.code for c in answer_cards)), self.seen, "the answer")
        for line in self.draft.explanation:
            names(line, self.seen, "the explanation")
        self.builder.check_statements(self.draft.explanation, state, self.seen, "the explanation")


def _tells(question: Question) -> bool:
    """Whether ``question`` tells the learner the one move to make: it accepts one move, and its
    prompt, which asks nothing, names every card of it (a walkthrough's "Open position 1 with the
    3♥.")."""
    if len(question.moves) != 1 or question.prompt.rstrip().endswith("?"):
        return False
    named = {card for card, _, _ in card_mentions(question.prompt)}
    return set(move_cards(question.moves[0])) <= named


def _number_key(text: str) -> int:
    number = lesson_number(text)
    if number is None:
        raise ValueError("expected a whole number")
    return number
