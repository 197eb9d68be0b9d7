"""Contest's bundled lessons, played and read against the positions they describe: who draws,
questions that have a wrong answer to give, the claim that only the other reading of the Jack
allows, the King used as a Jack, secret cards never called positions, and a question accepting
several moves that says which one the game goes on with."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import pytest

import cardlab
from cardlab import lessons
from cardlab.cards import Card
from cardlab.engine import all_cards, move_cards
from cardlab.errors import IllegalMove
from cardlab.games.contest.moves import Claim
from cardlab.lessons.mentions import card_mentions

NAMES = lessons.bundled_names("contest")


@functools.cache
def _load(name: str) -> lessons.Lesson:
    return lessons.load(name)


def _learner_texts(lesson: lessons.Lesson) -> Iterator[tuple[str, str]]:
    """Every text of ``lesson`` a learner reads, with where it is."""
    yield "title", lesson.title
    for step in lesson.steps:
        yield f"step {step.number}", step.commentary
        for q in step.questions:
            yield f"question at line {q.line}", q.prompt
            yield f"explanation of line {q.line}", q.explanation
            for answer, words in q.feedback:
                yield f"feedback {answer!r} at line {q.line}", words


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?:])\s+", " ".join(text.split())) if s]


def _mover(lesson: lessons.Lesson, index: int) -> int:
    return lesson.game.to_move(lesson.steps[index - 1].state)


BOTH_DRAW = re.compile(r"\b(each|both|every) (player|players|of you) (\w+ )?draws?\b", re.IGNORECASE)


@pytest.mark.parametrize("name", NAMES)
def test_only_the_player_who_acted_draws(name):
    lesson = _load(name)
    for i, step in enumerate(lesson.steps[1:], start=1):
        before, after = lesson.steps[i - 1].state, step.state
        if not before.hands[0] or not after.hands[0]:  # the secret cards are still being laid out
            continue
        other = 1 - _mover(lesson, i)
        assert after.hands[other] == before.hands[other], f"{name}: {step.move} changed the other player's hand"
    for where, text in _learner_texts(lesson):
        for sentence in _sentences(text):
            assert not BOTH_DRAW.search(sentence), (name, where, sentence)


def _visible_to(lesson: lessons.Lesson, state, player: int) -> set[Card]:
    view = lesson.game.view(state, player)
    return {c for c in all_cards(lesson.game.zones(view)) if not c.is_hidden}


@pytest.mark.parametrize("name", NAMES)
def test_every_question_has_a_wrong_answer_to_give(name):
    """A 'what should you play?' with one legal move, or 'which cards?' where every card the
    learner can pick is right, is no question."""
    lesson = _load(name)
    game = lesson.game
    for step in lesson.steps:
        for q in step.questions:
            state = step.state
            for change in q.changes:
                state = change.apply(state)
            if q.kind == "play" and q.counted:
                assert len(game.legal_moves(state)) >= 2, f"{name}:{q.line}: the only legal move is asked"
            elif q.kind == "cards":
                player = game.to_move(state)
                assert _visible_to(lesson, state, player) - q.cards, f"{name}:{q.line}: every card is right"


def test_contest_6_asks_the_claim_only_the_other_reading_allows():
    lesson = _load("contest-6-the-jack-read-another-way")
    assert lesson.game.settings.jack == "match-first"
    power_first = cardlab.game("contest", jack="power-first")
    differ = []
    for step in lesson.steps:
        for q in step.questions:
            state = step.state
            for change in q.changes:
                state = change.apply(state)
            other = power_first.state_from_text(state.to_text().replace("jack: match-first", "jack: power-first"))
            for move in q.moves:
                try:
                    power_first.check(other, move)
                except IllegalMove as err:
                    differ.append((q.line, str(move), err.rule))
    assert differ, "no question of contest-6 has an answer the default reading of the Jack refuses"
    assert all("jack" in q.readings for s in lesson.steps for q in s.questions if q.line in {d[0] for d in differ})


def test_a_king_is_used_as_a_jack_in_some_lesson():
    """'King, Can be used as a Jack or a Queen.': a lesson plays or asks both."""
    used = {"jack": [], "queen": []}
    for name in NAMES:
        lesson = _load(name)
        played = [s.move for s in lesson.steps if s.move]
        moves = played + [m for s in lesson.steps for q in s.questions for m in q.moves]
        for move in moves:
            if isinstance(move, Claim) and move.card.rank == 13:
                if move.discard is not None:
                    used["jack"].append((name, str(move)))
                if move.play is not None:
                    used["queen"].append((name, str(move)))
    assert used["jack"] and used["queen"], used


SECRET_AS_POSITION = re.compile(r"\bposition \d, the\b|\(position \d\)|\bin position \d\b", re.IGNORECASE)


@pytest.mark.parametrize("name", NAMES)
def test_secret_cards_are_never_called_positions(name):
    """Contest's row slots are positions; a secret card is 'your first secret card'."""
    lesson = _load(name)
    secret = {c for s in lesson.steps for hand in s.state.secrets for c in hand}
    for where, text in _learner_texts(lesson):
        for sentence in _sentences(text):
            said = sentence.lower()
            assert not ("secret" in said and "position" in said), (name, where, sentence)
            named = {c for c, _, _ in card_mentions(sentence)} & secret
            row = {c for s in lesson.steps for pile in s.state.row for c in pile}
            if named - row:
                assert not SECRET_AS_POSITION.search(sentence), (name, where, sentence)


@pytest.mark.parametrize("name", NAMES)
def test_a_question_accepting_several_moves_says_which_one_the_game_goes_on_with(name):
    lesson = _load(name)
    for i, step in enumerate(lesson.steps):
        for q in step.questions:
            if q.kind != "play" or len(q.moves) < 2 or q.changes or i + 1 >= len(lesson.steps):
                continue
            played = lesson.steps[i + 1].move
            assert played in q.moves, f"{name}:{q.line}: the game goes on with a move the question refuses"
            said = " ".join(q.instead.split())  # read after a right answer that is another move
            named, wanted = [c for c, _, _ in card_mentions(said)], list(move_cards(played))
            assert any(named[k : k + len(wanted)] == wanted for k in range(len(named))), (name, q.line, said)


def _answer_of(question) -> object:
    if question.kind == "play":
        return str(question.moves[0])
    if question.kind == "cards":
        return " ".join(c.code for c in sorted(question.cards, key=lambda c: c.code)) or "-"
    return str(question.points)


def test_the_walkthrough_has_the_learner_make_most_of_as_moves():
    """contest-1's intro says the learner makes A's moves: at least half of them are the
    learner's, each one made on the table, and the lesson plays on to the end."""
    lesson = _load("contest-1-worked-example")
    own = [i for i in range(1, len(lesson.steps)) if _mover(lesson, i) == 0]
    made = [i for i in own if any(lesson.steps[i].move in q.moves for q in lesson.steps[i - 1].questions)]
    assert 2 * len(made) >= len(own), f"the learner makes {len(made)} of A's {len(own)} moves"
    run = lessons.LessonRun(lesson)
    while True:
        while run.question is not None:
            assert run.answer(_answer_of(run.question)).correct, run.question.prompt
        if not run.next():
            break
    progress = run.progress()
    assert progress.finished
    counted = sum(1 for s in lesson.steps for q in s.questions if q.counted)
    assert progress.question_count == counted < sum(len(s.questions) for s in lesson.steps)


TOLD = """\
# Told

```lesson
game: contest
viewer: A
```

```state
stage: play
to move: A
A secret: 4S 2C 3S 2D
B secret: 4H 3C 9H 7C
A hand: JH 3H 10S 2S 5C KD QC
B hand: 4D 5D 7D 8H 10D 6C 9C
row: 5H 7H 10H | 9S | 6D | -
points C: -
points D: -
points H: -
points S: -
discard: 2H 6H QH KH AH 5S 6S 7S 8S QD AD 4C 8C
draw pile: 10C JC KC AC 3D 8D 9D JD JS QS KS AS
```

```question
ask: {ask}
play: reinforce 10S 2
counted: no
```

```moves
reinforce 10S 2
```
"""


def test_a_move_the_prompt_tells_may_be_made_without_counting_where_several_are_legal():
    assert lessons.check(TOLD.format(ask="Add the 10♠ to the 9♠.")) == []
    for ask in ("Add a spade to the 9♠.", "What should you play?"):  # it tells no move, or asks
        (problem,) = lessons.check(TOLD.format(ask=ask))
        assert "'counted: no' is for a move the learner makes where it is the only legal one" in problem.message


def test_contest_6_says_what_its_claim_does():
    """The J♥ throws away the 5♥ 7♥ 10♥ (worth 22, which would beat any other pile), then the
    9♠ beats the 6♦: the 9♠ to the points piles, the hearts and the 6♦ to the discard pile."""
    lesson = _load("contest-6-the-jack-read-another-way")
    start, end = lesson.steps[0].state, lesson.steps[-1].state
    hearts = [Card.parse(c) for c in ("5H", "7H", "10H")]
    assert list(start.row[0]) == hearts and sum(c.rank for c in hearts) == 22
    assert all(sum(c.rank for c in pile) < 22 for pile in start.row[1:])
    assert end.points[3] == (Card.parse("9S"),) and not any(end.row)
    assert set(end.discard[-5:]) == {*hearts, Card.parse("JH"), Card.parse("6D")}
    spades = [i + 1 for i, c in enumerate(end.secrets[0]) if c.suit == "S"]
    assert spades == [1, 3]  # "your first and third secret cards are spades": 1 + 3 = 4 points a spade
