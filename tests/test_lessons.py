"""Lessons: the Markdown format, the checks (each planted mistake caught, with file and line),
the bundled lessons, playing a lesson (LessonRun), progress export, and lessons written from
a played session."""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import Card, Session, cli, lessons
from cardlab.cards import chance
from cardlab.games import configurations, game_class
from cardlab.lessons import LessonError, LessonRun, card_mentions
from cardlab.lessons.answers import judge
from cardlab.lessons.mentions import mask
from helpers.lesson_texts import LAST_TURN_STATE

ROOT = Path(__file__).resolve().parent.parent

# A short lesson: the last turn of a Card Commons round with a Wild Nest Egg, in A's view (round 2,
# which B starts, so that after five turns A claims).
BASE = (
    """\
# The last turn

A claims with the last card. The Nest Egg is face down.

```lesson
game: card-commons
viewer: A
```

"""
    + LAST_TURN_STATE
    + """
```question
ask: Which cards may you claim with?
cards: 5C
verb: claim
```

Only the 5♣: it is your last card.

```question
play: claim 5C
feedback trade 5C for 2H: A trade is allowed, but this lesson wants the Claim.
```

```moves
claim 5C
defend 5H
```

The round is scored. The Nest Egg Q♥ is swapped with the 3♠.

```question
player: A
score: 5
feedback 0: The Nest Egg is the 3♠ now.
```

Your 4♠ matches the 3♠ by suit.

```question
ask: Had the face-down card been the K♠, what would B score?
change: 3S -> QH
change: 3S -> KS
player: B
score: 5
```

Both Commissions score.
"""
)


def line_of(text: str, fragment: str) -> int:
    """The number of the first line of ``text`` that contains ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} is not in the text")


def problems_of(text: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in lessons.check(text)]


def planted(old: str, new: str, base: str = BASE) -> tuple[str, list[tuple[int, str]]]:
    assert old in base, old
    text = base.replace(old, new, 1)
    return text, problems_of(text)


def only(found: list[tuple[int, str]]) -> tuple[int, str]:
    assert len(found) == 1, found
    return found[0]


# --- the base lesson reads and plays ------------------------------------------------------------------


def test_the_base_lesson_is_right_and_replays():
    assert lessons.check(BASE) == []
    lesson = lessons.load(BASE)
    assert lesson.title == "The last turn" and lesson.viewer == 0 and lesson.name == "the-last-turn"
    assert [str(m) for m in lesson.moves] == ["claim 5C", "defend 5H"]
    moves_block = line_of(BASE, "```moves")
    assert [step.line for step in lesson.steps] == [line_of(BASE, "```state"), moves_block + 1, moves_block + 2]
    assert lesson.steps[0].commentary == "A claims with the last card. The Nest Egg is face down."
    assert lesson.steps[2].commentary == "The round is scored. The Nest Egg Q♥ is swapped with the 3♠."
    kinds = [(q.kind, q.player) for q in lesson.questions]
    assert kinds == [("cards", 0), ("play", 0), ("score", 0), ("score", 1)]
    assert lesson.questions[0].explanation == "Only the 5♣: it is your last card."
    assert lesson.steps[2].state.nest_egg == Card.parse("3S")
    assert repr(lesson) == "<Lesson 'The last turn': cardlab.game('card-commons'), 2 moves, 4 questions, A's view>"


# --- each kind of mistake is caught, with the file and the line ------------------------------------------


def test_an_illegal_move_names_the_move_the_rule_and_the_line():
    text, found = planted("defend 5H", "defend 4D")
    line, message = only(found)
    assert line == line_of(text, "defend 4D")
    assert message.startswith("illegal move 'defend 4D': B does not hold 4♦") and message.endswith("[commons.hand]")


def test_a_move_that_cannot_be_read_points_at_it():
    text, found = planted("defend 5H", "defend 5Z")
    line, message = only(found)
    assert line == line_of(text, "defend 5Z") and "can't be read" in message and "unknown suit" in message


def test_a_wrong_move_answer():
    text, found = planted("play: claim 5C", "play: claim 4S")
    line, message = only(found)
    assert line == line_of(text, "play: claim 4S")
    assert "the answer 'claim 4S' is illegal here" in message and "[commons.hand]" in message


def test_a_wrong_score():
    text, found = planted("score: 5\nfeedback 0", "score: 6\nfeedback 0")
    line, message = only(found)
    assert line == line_of(text, "score: 6")
    assert message.startswith("the lesson says A scores 6, but the rules give 5: +5 Round 2: Commission 4♠ matches")
    assert "[commons.score.count]" in message


def test_a_wrong_what_if_score():
    text, found = planted("player: B\nscore: 5", "player: B\nscore: 0")
    line, message = only(found)
    assert line == line_of(text, "score: 0") and "the rules give 5" in message
    assert "commons.wild-nest-egg.both-score" in message


def test_a_wrong_set_of_cards():
    text, found = planted("cards: 5C", "cards: 5C 4S")
    line, message = only(found)
    assert line == line_of(text, "cards: 5C 4S")
    assert message == "the lesson says A may claim with 4♠ 5♣, but the rules allow 5♣"


def test_a_question_about_the_wrong_player():
    text, found = planted("play: claim 5C", "player: B\nplay: claim 5C")
    line, message = only(found)
    assert line == line_of(text, "player: B") and message == "the question is about B, but A is to move here"


def test_an_unreadable_position_names_the_line_inside_the_block():
    text, found = planted("nest egg: QH", "nest egg: QX")
    line, message = only(found)
    assert line == line_of(text, "nest egg: QX")
    assert message.startswith("the start position can't be read: (nest egg): 'QX' is not a valid card")


def test_an_impossible_position_says_what_is_wrong():
    text, found = planted("A hand: 5C", "A hand: 5C 5H")
    line, message = only(found)
    assert line == line_of(text, "```state")
    assert "5H appears 2 times" in message


def test_a_deal_that_cannot_be_made():
    text = BASE.replace(BASE[BASE.index("```state") : BASE.index("```question")], "```deal\ndeck: 5H 4S KS\n```\n\n")
    line, message = only(problems_of(text))
    assert line == line_of(text, "```deal")
    assert message.startswith("the deal can't be made: a stacked Card Commons deck holds the 18 cards")


def test_a_deal_needs_a_deck_or_a_seed():
    text = BASE.replace(BASE[BASE.index("```state") : BASE.index("```question")], "```deal\nround: 3\n```\n\n")
    line, message = only(problems_of(text))
    assert line == line_of(text, "```deal") and "needs a 'deck:' line" in message


def test_a_deal_with_an_unknown_option_lists_the_ones_it_takes():
    text = BASE.replace(
        BASE[BASE.index("```state") : BASE.index("```question")],
        "```deal\ndeck: 5H 4S KS 4C 4H 2D QH 2C 3H 5S 3S 5C 2H 3C 4D 5D 2S 3D\nrond: 3\n```\n\n",
    )
    _, message = only(problems_of(text))
    assert "rond" in message and "a Card Commons deal takes: seed, deck, round" in message


def test_commentary_naming_a_hidden_card():
    text, found = planted("The Nest Egg is face down.", "The Nest Egg is the Q♥, face down.")
    line, message = only(found)
    assert line == line_of(text, "The Nest Egg is the Q♥")
    assert message.startswith("the commentary names Q♥, a card hidden from A here (the lesson is shown in A's view)")


@pytest.mark.parametrize(
    "old, new, what",
    [
        (
            "ask: Which cards may you claim with?",
            "ask: B holds the 5♥. Which cards may you claim with?",
            "the question",
        ),
        ("feedback trade 5C for 2H: A trade", "feedback trade 5C for 2H: B's 5H answers. A trade", "the question"),
        (
            "Only the 5♣: it is your last card.",
            "Only the 5♣: B answers with the queen of hearts? No.",
            "the explanation",
        ),
    ],
)
def test_question_words_naming_a_hidden_card(old, new, what):
    text, found = planted(old, new)
    line, message = only(found)
    assert line == line_of(text, new.splitlines()[0][:30]) and message.startswith(f"{what} names ")


def test_the_same_card_may_be_named_once_it_is_seen():
    text, found = planted("The round is scored.", "B answered with the 5♥. The round is scored.")
    assert found == []


def test_a_hidden_card_in_a_what_if_change():
    text = BASE.replace(
        "ask: Which cards may you claim with?", "change: 5C -> 5H\nask: Which cards may you claim with?"
    )
    found = problems_of(text)
    assert (
        line_of(text, "change: 5C -> 5H"),
        "the change names 5♥, a card hidden from A here (the lesson is "
        "shown in A's view): name it only once A has seen it, or show the lesson in the teacher's view "
        "('viewer: teacher')",
    ) in found


def test_a_question_about_the_other_players_move_in_a_players_view():
    text, found = planted(
        "```moves\nclaim 5C\ndefend 5H\n```",
        "```moves\nclaim 5C\n```\n\n```question\nplay: defend 5H\n```\n\n```moves\ndefend 5H\n```",
    )
    line, message = only(found)
    assert line == line_of(text, "play: defend 5H") - 1
    assert message.startswith("the question is about B's move, but the lesson is shown in A's view")


CONTEST = """\
# Scores before the end

```lesson
game: contest
viewer: A
```

```state
stage: play
to move: A
A secret: 4H 2C 9H 5S
B secret: 3C QS 6C 10S
A hand: 8H QH JH KS 3H 6D 2S
B hand: 4D 5D 7C 8C 9D 10D AC
row: 5H | 6S | - | JS
points C: -
points D: -
points H: 10H AH
points S: 4S
discard: 5C 9C 10C JC QC KC 2D 3D 7D 8D JD QD KD AD 2H 6H 7H KH 3S 7S 8S 9S AS
draw pile: 4C
```

```question
player: B
score: 6
```
"""


def test_a_score_that_depends_on_hidden_cards():
    line, message = only(problems_of(CONTEST))
    assert line == line_of(CONTEST, "score: 6")
    assert message.startswith("B's score depends on cards hidden from A here")
    teacher = CONTEST.replace("viewer: A", "viewer: teacher")
    assert problems_of(teacher) == []  # the teacher sees B's secret cards: B scores 6 if it ended now


@pytest.mark.parametrize(
    "old, new, line_fragment, words",
    [
        ("```lesson\ngame: card-commons\nviewer: A\n```\n", "", None, "no ```lesson block"),
        ("game: card-commons", "game: bridge", "game: bridge", "no such game or options: no game called 'bridge'"),
        (
            "viewer: A",
            "viewer: A\nvariant: long",
            "game: card-commons",
            "variant must be 'standard' or 'peek', not 'long'",
        ),
        ("viewer: A", "viewer: C", "viewer: C", "the viewer is a player (A, B) or 'teacher'"),
        ("# The last turn\n", "", None, "a lesson starts with its title"),
        ("cards: 5C\n", "cards: 5C\nscore: 2\n", "```question", "a question has one answer line"),
        ("verb: claim", "verb: claim\nhint: think", "hint: think", "unknown line 'hint' in a question"),
        ("verb: claim", "verb: claim\nask: Again?", "ask: Again?", "'ask' is given twice (first on line"),
        ("viewer: A", "viewer: A\ngame: commerce", "game: commerce", "'game' is given twice"),
        ("verb: claim", "verb: claim\nnot a field", "not a field", "expected 'key: value' in the question block"),
        ("player: A\nscore: 5", "player: A\nscore: five", "score: five", "'score:' is a whole number of points"),
        ("player: A\nscore: 5", "player: A\ndeal: 1\nscore: 5", "deal: 1", "Card Commons is not scored deal by deal"),
        ("change: 3S -> KS", "change: 3S to KS", "change: 3S to KS", "write a change as 'old -> new'"),
        ("change: 3S -> KS", "change: 3S -> 3S", "change: 3S -> 3S", "changes nothing"),
        (
            "change: 3S -> QH\nchange: 3S -> KS",
            "change: 4S -> KS",
            "change: 4S -> KS",
            "after the change the position breaks the rules: A commission: KS is a Wild, "
            "and a Wild can't be a Commission",
        ),
        ("feedback 0:", "feedback zero:", "feedback zero", "which is not an answer to this question"),
        (
            "feedback trade 5C for 2H:",
            "feedback:",
            "feedback:",
            "write 'feedback <answer>: <what to tell the learner>'",
        ),
    ],
)
def test_structural_mistakes(old, new, line_fragment, words):
    text, found = planted(old, new)
    assert found, f"no problem found for {new!r}"
    line, message = found[0]
    assert words in message, found
    if line_fragment is not None:
        assert line == line_of(text, line_fragment)


def test_an_unclosed_block_and_an_unclosed_comment():
    text = BASE.replace("score: 5\n```\n\nBoth", "score: 5\n\nBoth")  # the last block never closes
    (found,) = problems_of(text)
    assert found == (
        line_of(text, "ask: Had the face-down") - 1,
        "the ```question block opened here is never closed: end it with a line ```",
    )
    text = BASE.replace("Only the 5♣", "<!-- a note\nOnly the 5♣")
    never_closed = "the HTML comment opened here ('<!--') is never closed ('-->')"
    assert (line_of(text, "<!-- a note"), never_closed) in problems_of(text)


def test_blocks_out_of_order():
    start = BASE[BASE.index("```state") : BASE.index("```question")]
    moved = BASE.replace(start, "").replace("```moves", start + "```moves")
    line, message = problems_of(moved)[0]
    assert line == line_of(moved, "```question") and "comes before the start position" in message
    twice = BASE.replace("```moves", start + "```moves")
    assert any("a second start position" in m for _, m in problems_of(twice))


def test_check_names_the_file(tmp_path):
    path = tmp_path / "my-lesson.md"
    path.write_text(BASE.replace("defend 5H", "defend 4D"), encoding="utf-8")
    (problem,) = lessons.check(path)
    assert str(problem).startswith(f"{path}:{line_of(path.read_text(), 'defend 4D')}: illegal move 'defend 4D'")
    with pytest.raises(LessonError) as caught:
        lessons.load(path)
    assert caught.value.problems == (problem,) and str(caught.value) == str(problem)
    assert isinstance(caught.value, ValueError)
    assert [str(p) for p in lessons.check(tmp_path / "missing.md")] == [
        f"{tmp_path / 'missing.md'}: no such lesson file, nor a lesson of that name that comes with cardlab "
        f"(cardlab lesson list shows them)"
    ]


def test_a_bundled_lesson_is_found_by_its_name(tmp_path, monkeypatch):
    name = "commerce-2-rankings"
    assert name in lessons.bundled_names() and lessons.bundled_names("commerce")[1] == name
    lesson = lessons.load(name)
    assert lesson.name == name and lesson.source == str(lessons.BUNDLED / f"{name}.md")
    assert lessons.check(name) == [] and LessonRun(name).lesson.title == lesson.title
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(BASE, encoding="utf-8")  # a file of that name comes first
    assert lessons.load(name).title == lessons.load(BASE).title
    assert [p.message for p in lessons.check("commerce-2-ranking")][0].startswith("no such lesson file")


# --- the Markdown reader ---------------------------------------------------------------------------------


def test_comments_notes_and_code_examples_in_the_commentary():
    text = BASE.replace(
        "Only the 5♣: it is your last card.",
        "Only the 5♣. <!-- a note for the writer -->Really.\n\n<!--\n```moves\nclaim 5C\n```\n-->\n"
        "```python\ngame.play(state, 'trade 5C for 2H')\n```",
    )
    lesson = lessons.load(text)
    assert (
        lesson.questions[0].explanation == "Only the 5♣. Really.\n\n```python\ngame.play(state, 'trade 5C for 2H')\n```"
    )
    assert len(lesson.moves) == 2


def test_key_value_lines_take_comments_and_continuations():
    text = BASE.replace("ask: Which cards may you claim with?", "ask: Which cards   # a comment\n  may you claim with?")
    assert lessons.load(text).questions[0].prompt == "Which cards may you claim with?"


def test_default_question_texts():
    text = BASE.replace("ask: Which cards may you claim with?\n", "")
    text = text.replace("ask: Had the face-down card been the K♠, what would B score?\n", "")
    prompts = [q.prompt for q in lessons.load(text).questions]
    assert prompts == [
        "Which cards may A use to claim?",
        "What should A play?",
        "What does A score?",
        "What would B score?",
    ]


def test_card_mentions_are_card_names_only():
    mentions = card_mentions("AS, 10♥, Q♠, 4c, JK; b1 as the 2D: queen of Hearts, ten of clubs (TH)")
    names = [str(c) for c, _, _ in mentions]
    assert names == ["A♠", "10♥", "Q♠", "JK", "2♦", "Q♥", "10♣", "10♥"]
    assert card_mentions("As A goes, AS2 and x4H are not cards") == []


# --- the bundled lessons -----------------------------------------------------------------------------------

BUNDLED = lessons.bundled()


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_every_bundled_lesson_passes_check(path):
    assert lessons.check(path) == []
    lesson = lessons.load(path)
    assert path.name.startswith(f"{lesson.game.name}-"), "a bundled lesson's file name starts with its game's"
    assert lesson.questions, "a bundled lesson asks at least one question"


def test_at_least_four_lessons_per_game_and_a_worked_example_each():
    for name in cardlab.game_names():
        if not game_class(name).__module__.startswith("cardlab.games."):
            continue  # a game registered from elsewhere (the tests' toy game) brings its own lessons
        files = lessons.bundled(name)
        assert len(files) >= 4, name
        assert any("worked-example" in f.name for f in files), name
    assert lessons.bundled("commons") == lessons.bundled("card-commons")


def test_the_bundled_lessons_are_package_data():
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["cardlab.lesson_files"]
    for path in BUNDLED:
        relative = path.relative_to(ROOT / "cardlab" / "lesson_files").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative


def test_the_bundled_lessons_do_not_depend_on_the_shuffle(monkeypatch):
    """No bundled lesson uses a seeded deal: with every use of chance in the games drawn
    otherwise (each shuffle and seeded choice comes from ``cards.chance``, which every module
    that uses it is given in its place), each still replays and every answer still holds."""
    games = [
        cardlab.game(name, **options)
        for name, options in configurations()
        if game_class(name).__module__.startswith("cardlab.games.")
    ]
    before = [game.deal(seed=11) for game in games]
    original = chance

    def another(seed: int, purpose: str) -> random.Random:
        return original(seed, f"another shuffle: {purpose}")

    holders = sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("cardlab") and getattr(module, "chance", None) is original
    )
    for name in holders:
        monkeypatch.setattr(sys.modules[name], "chance", another)
    assert {"cardlab.cards", "cardlab.engine.deal"} <= set(holders)
    assert all(game.deal(seed=11) != old for game, old in zip(games, before))  # the change took effect
    for path in BUNDLED:
        assert lessons.check(path) == [], path.name


def test_the_command_line(capsys, tmp_path):
    assert cli.main(["lesson", "check", str(BUNDLED[0]), str(BUNDLED[1])]) == 0
    out = capsys.readouterr().out
    assert f"ok: {BUNDLED[0]} (" in out and out.endswith("2 lessons checked, 0 with problems\n")
    bad = tmp_path / "bad.md"
    bad.write_text(BASE.replace("score: 5\nfeedback 0", "score: 4\nfeedback 0"), encoding="utf-8")
    assert cli.main(["lesson", "check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:{line_of(bad.read_text(), 'score: 4')}: the lesson says A scores 4" in out
    assert cli.main(["lesson", "list", "contest"]) == 0
    assert capsys.readouterr().out.splitlines() == [str(p) for p in lessons.bundled("contest")]
    for usage in (["lesson"], ["lesson", "check"]):
        with pytest.raises(SystemExit) as stopped:
            cli.main(usage)
        assert stopped.value.code == 2 and "usage" in capsys.readouterr().err
    assert not hasattr(lessons, "main")  # one command line: cardlab lesson (cardlab/cli/lesson.py)


# --- playing a lesson -------------------------------------------------------------------------------------


def test_a_run_steps_through_answers_and_keeps_progress():
    run = LessonRun(lessons.load(BASE), learner="Ada")
    seen: list[int] = []
    run.observe(lambda r: seen.append(r.index))
    assert run.index == 0 and run.move_text is None and run.question.kind == "cards"
    assert run.table.nest_egg.is_hidden and run.table.hands[1] == (cardlab.HIDDEN,)  # A's view
    assert run.next() is False and run.index == 0  # a question waits
    wrong = run.answer("5C 4S")
    assert not wrong.correct and wrong.counted and wrong.answer is None
    assert wrong.text == "4♠ is not one of them: A does not hold 4♠ (hand: 5♣). Try again."
    assert wrong.rule == "commons.hand"
    typo = run.answer("5Z")
    assert not typo.correct and not typo.counted
    right = run.answer(["5C"])
    assert right.correct and right.answer == "5♣" and right.explanation == "Only the 5♣: it is your last card."
    assert run.question.kind == "play"
    teacher = run.answer("trade 5C for 2H")
    assert teacher.text == "A trade is allowed, but this lesson wants the Claim." and not teacher.correct
    assert run.answer("claim 5C").correct and run.question is None
    assert run.next() and run.move_text == "claim 5C" and run.narration[0] == "A claims with 5♣. [commons.claim]"
    assert run.next() and run.question.kind == "score"
    assert run.answer("4").text == "Not 4 points: A scores more than that. Count again, rule by rule, and try again."
    assert run.answer(0).text == "The Nest Egg is the 3♠ now."
    assert run.answer("5 points").correct
    assert run.question.changes and run.table.nest_egg == Card.parse("QH")  # the what-if on show
    revealed = run.reveal()
    assert not revealed.correct and revealed.answer == "5 points"
    assert revealed.text.startswith("The answer: 5 points. +5: Round 2: only a Wild was left")
    assert run.finished and run.next() is False
    assert run.back() and run.index == 1 and run.goto(2)
    assert seen[:2] == [0, 0] and seen[-2:] == [1, 2]
    progress = run.progress()
    assert (progress.answered, progress.first_try, progress.revealed, progress.finished) == (3, 0, 1, True)
    assert [(q.step, q.kind, q.tries, q.right, q.first_try, q.revealed) for q in progress.questions] == [
        (0, "cards", 2, True, False, False),
        (0, "play", 2, True, False, False),
        (2, "score", 3, True, False, False),
        (2, "score", 0, False, False, True),
    ]


def test_a_play_answer_gets_the_rule_it_breaks_or_a_legal_but_not_the_answer():
    text = BASE.replace("feedback trade 5C for 2H: A trade is allowed, but this lesson wants the Claim.\n", "")
    run = LessonRun(text)
    run.reveal()
    illegal = run.answer("defend 5C")
    assert illegal.rule == "commons.turn" and illegal.text.startswith("You can't defend with the 5♣. It is A's turn")
    legal = run.answer("trade 5C for 2H")
    assert legal.rule is None
    assert legal.text == (
        "You may trade the 5♣ for the 2♥ of the pool, but it is not the move this lesson is looking for. "
        "Try another one."
    )
    assert run.answer("defend").counted is False


def test_masking_writes_unseen_cards_face_down():
    seen = frozenset({Card.parse("QH")})
    assert mask("B holds 5♥, 5H and the five of hearts, and Q♥", seen) == "B holds ??, ?? and the ??, and Q♥"
    assert mask("B holds 5♥", None) == "B holds 5♥"


def _wrong_answers(run: LessonRun) -> list:
    """Answers to try on the open question: every legal move and every card of the deck
    behind each verb of the legal moves, every single card, some numbers."""
    question, game = run.question, run.game
    if question.kind == "score":
        return list(range(-4, 12))
    if question.kind == "cards":
        return [[card] for card in game.deck()]
    state = run.question_state(question)
    legal = game.legal_moves(state)
    verbs = {str(m).split()[0] for m in legal}
    answers: list = list(legal)
    cards = sorted(set(game.deck()))[::3]  # a third of the deck, every suit and rank
    for verb in verbs:
        answers += [f"{verb} {card.code}" for card in cards]
    return answers


def _named(game, answer) -> set[Card]:
    """The cards an answer names (a learner may read their own words back)."""
    if isinstance(answer, list):
        return set(answer)
    return {card for card, _, _ in card_mentions(str(answer))}


@pytest.mark.parametrize("path", [p for p in BUNDLED if lessons.load(p).viewer is not None], ids=lambda p: p.stem)
def test_no_feedback_names_a_card_the_viewer_has_not_seen(path):
    """Every answer a learner might give, right or wrong, gets feedback that names only the
    cards the lesson's viewer has seen (or the learner named)."""
    run = LessonRun(path)
    while True:
        while run.question is not None:
            question = run.question
            seen, state = run.seen(question), run.question_state(question)
            for answer in _wrong_answers(run):
                feedback = judge(run, question, state, answer)
                for card, _, _ in card_mentions(feedback.text):
                    assert card in seen or card in _named(run.game, answer), (run.index, answer, feedback.text)
            reveal = run.reveal()
            assert all(card in seen for card, _, _ in card_mentions(reveal.text + reveal.explanation))
        if not run.next():
            break
    assert run.finished


def test_progress_holds_only_the_questions_of_the_steps_reached():
    run = LessonRun("card-commons-2-forced-defense")  # B's view: three questions at the first step
    assert run.lesson.questions[3].prompt == "What do you score this round?"
    asked = [(q.step, q.prompt) for q in run.progress().questions]
    first, second = run.lesson.steps[0].questions[:2]
    assert asked == [(0, first.prompt)]  # the step's second question is not asked yet
    run.reveal()
    assert [prompt for _, prompt in ((q.step, q.prompt) for q in run.progress().questions)] == [
        first.prompt,
        second.prompt,
    ]
    assert run.progress().question_count == len(run.lesson.questions) > len(asked)
    while True:
        while run.question is not None:
            run.reveal()
        progress = run.progress()
        reached = [q for step in run.lesson.steps[: run.reached + 1] for q in step.questions]
        assert [q.prompt for q in progress.questions] == [q.prompt for q in reached]
        exported = lessons.progress_json([progress]) + lessons.progress_csv([progress])
        assert all(q.prompt not in exported for q in run.lesson.questions if q not in reached)
        if not run.next():
            break
    assert [q.prompt for q in run.progress().questions] == [q.prompt for q in run.lesson.questions]


def test_answering_without_a_question_is_refused():
    run = LessonRun(BASE)
    run.reveal(), run.reveal()
    with pytest.raises(ValueError, match="no question is waiting"):
        run.answer("claim 5C")
    with pytest.raises(IndexError):
        run.goto(9)


def test_progress_exports_as_json_and_csv():
    run = LessonRun(BASE, learner="Ada")
    run.answer("5C")
    data = json.loads(lessons.progress_json([run, lessons.LessonRun(BASE).progress()]))
    assert data["cardlab"] == "lesson-progress" and data["version"] == lessons.PROGRESS_VERSION
    first = data["lessons"][0]
    assert (first["lesson"], first["learner"], first["questions"], first["answered"], first["first_try"]) == (
        "the-last-turn",
        "Ada",
        4,
        1,
        1,
    )
    assert first["items"][0] == {
        "step": 0,
        "question": 1,
        "kind": "cards",
        "prompt": "Which cards may you claim with?",
        "tries": 1,
        "right": True,
        "first_try": True,
        "revealed": False,
        "wrong": [],
    }
    missing = LessonRun(BASE).answer([])
    assert missing.text == "1 card A may claim with is missing. Try again." and missing.counted
    rows = list(csv.DictReader(io.StringIO(lessons.progress_csv([run]))))
    assert len(rows) == 2 and rows[0]["learner"] == "Ada" and rows[0]["right"] == "True" and rows[1]["tries"] == "0"


# --- writing a lesson from a played session ----------------------------------------------------------------


@pytest.mark.parametrize(
    "name, options, viewer",
    [
        ("card-commons", {}, "A"),
        ("card-commons", {"variant": "peek"}, None),
        ("commerce", {"players": 4}, 2),
        ("commitment", {}, "teacher"),
        ("contest", {"pile_value": "top"}, "B"),
    ],
)
def test_a_played_session_becomes_a_lesson_that_replays_it(name, options, viewer):
    game = cardlab.game(name, **options)
    session = Session(game, game.deal(seed=3))
    rng = random.Random(5)
    for _ in range(40):
        moves = game.legal_moves(session.state)
        if not moves:
            break
        session.play(rng.choice(moves))
    text = lessons.from_session(session, title="A game to study", viewer=viewer)
    assert lessons.check(text) == []
    lesson = lessons.load(text)
    assert lesson.game == game and lesson.moves == tuple(session.moves)
    assert tuple(step.state for step in lesson.steps) == session.states
    assert lesson.title == "A game to study" and lesson.viewer_name == (
        {None: "teacher", "teacher": "teacher", 2: "C"}.get(viewer, viewer)
    )
    assert text.count("<!-- Commentary on move") == len(session.moves)


def test_a_lesson_written_while_exploring_a_variation_holds_that_line():
    game = cardlab.game("card-commons")
    session = Session(game, game.deal(seed=3))
    rng = random.Random(5)
    for _ in range(6):
        session.play(rng.choice(game.legal_moves(session.state)))
    session.goto(2)
    other = next(m for m in game.legal_moves(session.state) if m != session.moves[2])
    session.play(other)
    assert not session.on_mainline
    lesson = lessons.load(lessons.from_session(session, viewer=None))
    assert lesson.moves == (*session.moves[:2], other)
    assert lesson.moves == tuple(session.line_moves)


def test_a_teacher_fills_in_the_written_lesson():
    game = cardlab.game("card-commons")
    session = Session(game, game.state_from_text(BASE[BASE.index("round: 2") : BASE.index("```\n\n```question")]))
    session.play("claim 5C")
    session.play("defend 5H")
    text = lessons.from_session(session, title="The last turn", viewer="A")
    text = text.replace(
        "<!-- Commentary on move 2, defend 5H: what it does, and why. -->",
        "B answers.\n\n```question\nscore: 5\n```\n\nA scores 5.",
    )
    lesson = lessons.load(text)
    assert lesson.steps[2].commentary == "B answers." and lesson.questions[0].explanation == "A scores 5."
    with pytest.raises(ValueError, match="the viewer is a player"):
        lessons.from_session(session, viewer="Z")


# --- the documentation's example -----------------------------------------------------------------------------


def test_the_documented_example_is_a_lesson_that_passes_check():
    doc = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    examples = re.findall(r"^````markdown\n(.*?)^````$", doc, re.S | re.M)
    assert examples, "docs/lessons.md shows a complete lesson in a ````markdown block"
    for example in examples:
        assert lessons.check(example) == []
        run = LessonRun(example)
        while run.next() or run.question is not None:
            if run.question is not None:
                run.reveal()
        assert run.finished


def test_the_lessons_package_uses_only_the_engine_the_standard_library_and_its_markdown_parser():
    import ast
    import sys

    parts = sorted((ROOT / "cardlab" / "lessons").glob("*.py"))
    modules = set()
    for path in parts:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                modules.add("." * node.level + (node.module or ""))
            elif isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
    ours = {m for m in modules if m.startswith(".")}
    own = {f".{path.stem}" for path in parts}
    assert ours - own <= {
        "..cards",
        "..engine",
        "..errors",
        "..games",
        "..strategy",
        "..bots.sampling",
        "..bots.search",
    }, ours - own
    others = {m.split(".")[0] for m in modules - ours} - {"__future__"}
    assert others - {"markdown_it"} <= sys.stdlib_module_names, others - sys.stdlib_module_names


def test_a_seeded_deal_is_read_too():
    game = cardlab.game("commerce", players=5)
    first = game.legal_moves(game.deal(seed=7, dealer=1))[0]
    text = (
        f"# Seeded\n\n```lesson\ngame: commerce\nplayers: 5\nviewer: teacher\n```\n\n"
        f"```deal\nseed: 7\ndealer: B\n```\n\n```moves\n{first}\n```\n"
    )
    lesson = lessons.load(text)
    assert lesson.start == game.deal(seed=7, dealer=1) and lesson.moves == (first,)
