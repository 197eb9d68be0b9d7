"""One right answer, checked by the engine: a "what should X play?" question fails when a move it
does not accept is as good as one it accepts (solved exactly, or played out with 95% intervals);
feedback that quotes figures must agree with the score's own lines; a question whose answer
turns on a reading of the rules names it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardlab
from cardlab import lessons
from cardlab.lessons import uniqueness
from cardlab.lessons.figures import arithmetic_problems, move_feedback_problems, score_feedback_problems
from cardlab.lessons.readings import reading_options
from helpers.growth import FACTOR, assert_linear
from helpers.lesson_texts import LAST_TURN_STATE

ROOT = Path(__file__).resolve().parent.parent

# The last turn of a Card Commons round, every card face up: claiming with the 5♣ scores A 5
# points ahead; either pool trade, 4; the Commission trade, 0.
LAST_TURN = (
    """\
# The last turn

```lesson
game: card-commons
viewer: teacher
```

"""
    + LAST_TURN_STATE
    + """
```question
ask: What should A play?
play: {answer}
```
"""
)


def _problems(text: str) -> list[str]:
    return [p.message for p in lessons.check(text)]


def test_a_move_not_accepted_that_is_as_good_as_an_accepted_one_fails_the_question():
    found = _problems(LAST_TURN.format(answer="trade 5C for 2H"))
    assert len(found) == 1
    message = found[0]
    assert message.startswith("the question has more than one right answer")
    # the rivals in the game's words, with the figures: an equal one and a better one
    assert "trade the 5♣ for the 2♠ of the pool (trade 5C for 2S: +4.00 points) is as good as" in message
    assert "claim with the 5♣ (claim 5C: +5.00 points)" in message
    assert "solved exactly in this position" in message


def test_a_question_may_accept_several_moves_and_then_only_the_others_are_compared():
    found = _problems(LAST_TURN.format(answer="trade 5C for 2H, trade 5C for 2S"))
    assert len(found) == 1 and "claim with the 5♣" in found[0] and "2♠" not in found[0]
    assert _problems(LAST_TURN.format(answer="claim 5C")) == []


def test_the_problem_names_the_line_of_the_question():
    (problem,) = lessons.check(LAST_TURN.format(answer="trade 5C for 2S"))
    assert problem.line == LAST_TURN.split("\n").index("```question") + 1


def test_a_long_rest_of_the_game_is_played_out_with_95_percent_intervals(tmp_path: Path):
    # The barter lesson as it once was: B answering A's barter with the K♦ or the 8♠, and
    # trading the K♦ on B's turn, with the A♥, a knock and a barter of the K♦ marked wrong.
    text = (ROOT / "cardlab" / "lesson_files" / "commerce-4-trades-and-barter.md").read_text(encoding="utf-8")
    start = text.index("```moves\ngive 8S")
    question = (
        "```question\nask: You want a hand of hearts, around your A♥. Which card do you give?\n"
        "play: give 8S\nfeedback give AH: The A♥ is the best card for a point in hearts: keep it.\n```\n\n"
    )
    path = tmp_path / "barter.md"
    path.write_text(text[:start] + question + text[start:], encoding="utf-8")
    found = [p for p in lessons.check(path) if "more than one right answer" in p.message]
    assert len(found) == 1
    message = found[0].message
    assert "played out by the search player over" in message and "deals consistent with the view" in message
    assert re.search(r"give the (K♦|A♥) back for the offered card \(give (KD|AH): [+−]\d\.\d\d chips \(95%: ", message)
    assert lessons.check(path) == lessons.check(path)  # drawn from fixed seeds


def test_the_weighing_is_the_same_on_every_run():
    game = cardlab.game("card-commons")
    lesson = lessons.load(LAST_TURN.format(answer="claim 5C").replace("viewer: teacher", "viewer: A"))
    state = lesson.steps[0].state
    moves = game.legal_moves(state)
    uniqueness._CACHE.clear()
    first = uniqueness.judge(game, state, 0, moves[:1])
    uniqueness._CACHE.clear()
    assert uniqueness.judge(game, state, 0, moves[:1]) == first
    assert not first.exact or first.deals > 1  # A's view hides the Nest Egg: deals are drawn


# --- feedback that quotes figures -----------------------------------------------------------------


CONTEST_1 = ROOT / "cardlab" / "lesson_files" / "contest-1-worked-example.md"


def _contest_1_with(old: str, new: str, tmp_path: Path) -> Path:
    text = CONTEST_1.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "contest-1.md"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_feedback_that_names_score_lines_not_making_the_wrong_answer_fails(tmp_path: Path):
    # 16 is 4 short of 20; the two hearts' lines are worth 3 and 9, so counting them explains nothing
    old = "feedback 16: Too few by 4. Did you leave out your 2♣ (2 clubs × 2) or your 5♠ (1 spade × 4)?"
    wrong = (
        "feedback 16: Count both hearts: your 4♥ (position 1) and your 9♥ (position 3) each count "
        "the three ♥ points cards."
    )
    (problem,) = lessons.check(_contest_1_with(old, wrong, tmp_path))
    assert problem.line == CONTEST_1.read_text(encoding="utf-8").split("\n").index(old) + 1
    assert "the feedback for '16' disagrees with the rules" in problem.message
    assert "4♥ +3, 9♥ +9" in problem.message and "the rules give 20, +4 from 16" in problem.message
    assert lessons.check(CONTEST_1) == []


def test_feedback_that_gets_the_distance_or_a_sum_wrong_fails(tmp_path: Path):
    old = "feedback 17: Too few by 3. Your first secret card, the 4♥, counts the 3 hearts too: 3 × 1."
    (problem,) = lessons.check(_contest_1_with(old, old.replace("by 3", "by 2"), tmp_path))
    assert "“Too few by 2”: 17 is too few by 3 (the rules give 20)" in problem.message
    (problem,) = lessons.check(_contest_1_with(old, old.replace("3 × 1.", "3 × 1 = 4."), tmp_path))
    assert "3 × 1 = 4 is wrong: 3 × 1 is 3" in problem.message
    old = "feedback 10: That is 1 + 2 + 3 + 4."
    (problem,) = lessons.check(_contest_1_with(old, "feedback 10: That is 1 + 2 + 3 + 5.", tmp_path))
    assert "comes to 11, not to the answer 10" in problem.message


def test_feedback_that_calls_an_allowed_move_forbidden_or_the_reverse_fails():
    allowed = "claim 5C\nfeedback trade 5C for 2H: A trade is not allowed on the last turn."
    (problem,) = lessons.check(LAST_TURN.format(answer=allowed))
    assert (
        "feedback for 'trade 5C for 2H' disagrees with the rules: it calls the move forbidden (“is not allowed”)"
        in problem.message
    )
    can_not = "claim 5C\nfeedback trade 5C for 2H: You can't trade now."
    (problem,) = lessons.check(LAST_TURN.format(answer=can_not))
    assert "it calls the move forbidden (“can't trade”)" in problem.message
    refused = "claim 5C\nfeedback claim 5H: The 5♥ is allowed too."
    (problem,) = lessons.check(LAST_TURN.format(answer=refused))
    assert "it says the move is allowed, but the rules refuse it" in problem.message and "[commons." in problem.message


def test_feedback_saying_may_not_of_an_outcome_claims_nothing_about_the_move():
    # "may not be enough" weighs the hand; it does not call the move forbidden
    said = "claim 5C\nfeedback trade 5C for 2H: Your total may not be enough: you can still do better."
    assert _problems(LAST_TURN.format(answer=said)) == []
    assert move_feedback_problems("Your point of 21 may not be enough: you can still improve.", None) == []
    assert move_feedback_problems("A Wild can't be a Commission.", None) != []
    assert move_feedback_problems("Two cards of one suit may not touch.", None) != []


def test_figures_are_read_around_the_cards_and_in_linear_time():
    assert arithmetic_problems("3♣ + 4♠ = 7 cards, and 3 + 6 = 9, (3 + 4) × 2 = 14") == []
    assert arithmetic_problems("3 + 6 = 10.") == ["3 + 6 = 10 is wrong: 3 + 6 is 9"]
    hostile = [
        lambda n: "1 +" * n + "=",
        lambda n: "1" + " " * (3 * n) + "x",
        lambda n: "that is " + "1+" * n,
        lambda n: "(1" * n,
    ]
    for text in hostile:
        assert_linear(lambda n, text=text: score_feedback_problems(3, 4, text(n), []), 10_000 // FACTOR)


# --- readings -------------------------------------------------------------------------------------


CONTEST_2 = ROOT / "cardlab" / "lesson_files" / "contest-2-claims-with-face-cards.md"


def test_a_question_whose_answer_turns_on_a_reading_names_it(tmp_path: Path):
    text = CONTEST_2.read_text(encoding="utf-8")
    assert "reading: pile value\n" in text
    path = tmp_path / "contest-2.md"
    path.write_text(text.replace("reading: pile value\n", ""), encoding="utf-8")
    (problem,) = lessons.check(path)
    assert "depends on a reading of the rules (docs/rules/contest.md, reading 3: the option 'pile value')" in (
        problem.message
    )
    path.write_text(text.replace("reading: pile value\n", "reading: pile value, ace\n"), encoding="utf-8")
    (problem,) = lessons.check(path)
    assert "does not depend on the reading 'ace'" in problem.message
    path.write_text(text.replace("reading: pile value\n", "reading: jokers\n"), encoding="utf-8")
    assert any(
        "'jokers' is not a reading of Contest's rules (ace, pile value, jack)" in p.message for p in lessons.check(path)
    )
    assert lessons.check(CONTEST_2) == []
    (question,) = [q for q in lessons.load(CONTEST_2).questions if q.readings]
    assert question.readings == ("pile value",)


def test_the_reading_options_are_those_of_the_rules_pages():
    for game in ("card-commons", "commerce", "commitment", "contest"):
        page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        table = page.split("## Options", 1)[1].split("\n## ", 1)[0] if "## Options" in page else ""
        listed = re.findall(r"^\| `([a-z_]+)` \|", table, re.M)
        options = reading_options(cardlab.game(game))
        assert sorted(options) == sorted(listed), game
        readings = page.split("## Readings chosen", 1)[1]
        for name, number in options.items():
            item = re.search(rf"^{number}\. (.*?)(?=^\d+\. |\Z)", readings, re.M | re.S)
            assert item and re.search(r"\*Other (reading|choice)", item.group(1)), (game, name, number)


@pytest.mark.parametrize("name", lessons.bundled_names())
def test_every_bundled_lesson_has_one_right_answer_to_each_question(name: str):
    assert lessons.check(name) == []
