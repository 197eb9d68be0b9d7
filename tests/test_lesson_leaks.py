"""No answer on screen before it is given: ``lesson check`` fails a lesson whose text up to a
question (the introduction, the commentary, the narration of the moves shown, the prompts, the
explanations of earlier questions) states that question's answer, in any spelling; and the
hidden-card check reads cards in the same spellings."""

from __future__ import annotations

import pytest

from cardlab import lessons
from cardlab.cards import Card
from cardlab.lessons import card_mentions
from cardlab.lessons.mentions import mask
from helpers.growth import FACTOR, assert_linear
from helpers.lesson_texts import LAST_TURN_STATE

# The last turn of a Card Commons round in A's view: A claims with the 5♣, B answers with the
# 5♥, and A scores 5 (the Nest Egg, a Wild, is swapped with the 3♠ and matches A's 4♠).
LESSON = (
    """\
# The last turn

{intro}

```lesson
game: card-commons
viewer: A
```

"""
    + LAST_TURN_STATE
    + """
{before}

```question
ask: {ask}
play: claim 5C
```

{explanation}

```moves
claim 5C
defend 5H
```

{commentary}

```question
player: A
score: 5
```

Your 4♠ matches the 3♠ by suit.
"""
)


def _lesson(**parts: str) -> str:
    given = {"intro": "Your last card.", "before": "", "ask": "What do you play?", "explanation": "", "commentary": ""}
    return LESSON.format(**{**given, **parts})


def _leaks(text: str) -> list[str]:
    return [p.message for p in lessons.check(text) if "gives the answer" in p.message]


def test_the_lesson_as_it_stands_gives_nothing_away():
    assert lessons.check(_lesson()) == []


@pytest.mark.parametrize(
    "ask",
    [
        "Claim with the 5♣.",
        "Claim with the 5C.",
        "Claim with the 5 ♣.",
        "Claim with the five of clubs.",
        "Claim with the 5 of clubs.",
        "You claim with the 5♣, what else.",
    ],
)
def test_a_prompt_that_states_the_move_fails(ask: str):
    (leak,) = _leaks(_lesson(ask=ask))
    assert "the question (line" in leak and "(claim 5C)" in leak


@pytest.mark.parametrize("where", ["intro", "before"])
def test_an_introduction_or_commentary_that_states_the_move_fails(where: str):
    (leak,) = _leaks(_lesson(**{where: "The right move is to claim with the 5♣."}))
    assert "the introduction (line" in leak  # the prose before the first move


def test_a_question_states_nothing():
    assert _leaks(_lesson(ask="Had you held the 5♥, would you claim with the 5♣?")) == []


def test_the_explanation_after_a_question_may_state_its_answer_but_not_a_later_one():
    assert _leaks(_lesson(explanation="You claim with the 5♣, your last card.")) == []
    (leak,) = _leaks(_lesson(explanation="You claim with the 5♣. At the end you score 5 points."))
    assert "(5 points)" in leak and "the explanation of an earlier question" in leak


@pytest.mark.parametrize(
    "said",
    [
        "You score 5 this round.",
        "You will have 5 points.",
        "Your score is 5.",
        "A scores 5, B 3.",
        "A has five points.",
    ],
)
def test_a_score_stated_before_its_question_fails(said: str):
    (leak,) = _leaks(_lesson(commentary=said))
    assert "(5 points)" in leak


@pytest.mark.parametrize(
    "said", ["B scores 5.", "Each card counts 5 points.", "You pay B 5 points.", "A 5♥ is on the table, worth 5."]
)
def test_numbers_that_are_not_the_players_score_pass(said: str):
    assert _leaks(_lesson(commentary=said)) == []


def test_the_narration_of_the_questions_own_step_is_put_away_while_it_is_open():
    # the round-end move narrates "A scores 5 this round (5 in all)": the Lesson puts it away
    lesson = lessons.load(_lesson())
    assert any("A scores 5" in e.text for e in lesson.steps[-1].events)
    assert lesson.steps[-1].questions[0].points == 5


@pytest.mark.parametrize(
    "text, code",
    [
        ("Q of hearts", "QH"),
        ("queen of hearts", "QH"),
        ("Queen of Hearts", "QH"),
        ("ten of spades", "10S"),
        ("4 ♠", "4S"),
        ("Q ♥", "QH"),
        ("10 of ♦", "10D"),
        ("ace of the clubs", "AC"),
        ("T♦", "10D"),
    ],
)
def test_cards_are_read_in_every_spelling(text: str, code: str):
    assert [c.code for c, _, _ in card_mentions(f"Then {text}, then.")] == [code]
    assert mask(f"the {text}.", frozenset()) == "the ??."


@pytest.mark.parametrize("words", ["as", "A of B", "a of hearts", "12 ♠", "1 ♠", "K-A-2"])
def test_words_that_are_no_card_are_not_read_as_one(words: str):
    assert card_mentions(words) == []


@pytest.mark.parametrize("spelled", ["the Q of hearts", "the queen of hearts", "the Q ♥"])
def test_commentary_naming_a_hidden_card_in_words_fails(spelled: str):
    # the Nest Egg, the Q♥, is face down in A's view
    problems = lessons.check(_lesson(before=f"The Nest Egg is {spelled}."))
    assert any("names Q♥, a card hidden from A here" in p.message for p in problems)


@pytest.mark.parametrize(
    "said",
    [
        "B holds a 5 to answer it.",
        "B has a heart.",
        "B still has one red card.",
        "B's Commission is a diamond.",
        "B has no club.",
    ],
)
def test_commentary_saying_a_hidden_cards_value_or_suit_fails(said: str):
    # B's 5♥ and B's Commission, the 4♦, are hidden from A
    (problem,) = lessons.check(_lesson(before=said))
    assert "in the introduction" in problem.message
    assert "tells A about a card of B's that A can't see" in problem.message
    assert problem.line == _lesson(before=said).split("\n").index(said) + 1
    feedback = _lesson(ask=f"What do you play?\nfeedback claim 5H: {said}")
    assert any("in the feedback" in p.message for p in lessons.check(feedback))
    assert lessons.check(_lesson(before=said).replace("viewer: A", "viewer: teacher")) == []


def test_a_statement_of_what_a_hidden_hand_holds_that_the_position_contradicts_fails():
    (problem,) = lessons.check(_lesson(before="B holds a 2."))
    assert "“B holds a 2” is wrong here: B holds no such card" in problem.message


@pytest.mark.parametrize(
    "said",
    [
        "If B holds a 5, B must answer.",
        "Does B hold a 5?",
        "B's side holds a 5♦ and a heart.",
        "You hold a 5.",
        "B has 5 cards on the side.",
        "B has a point.",
    ],
)
def test_conditions_questions_and_what_the_viewer_sees_state_nothing_hidden(said: str):
    assert lessons.check(_lesson(before=said)) == []


def test_cards_and_answers_are_read_in_linear_time():
    hostile = [
        lambda n: "Q" + " " * (5 * n),
        lambda n: "Q of " * n,
        lambda n: "of the " * n,
        lambda n: "5 ♣ " * n,
        lambda n: "scores " * n + "5",
    ]
    for text in hostile:
        assert_linear(lambda n, text=text: card_mentions(text(n)), 6_000 // FACTOR)
        assert_linear(lambda n, text=text: lessons.check(_lesson(commentary=text(n))), 3_000 // FACTOR, repeats=1)

    assert card_mentions("Q of hearts")[0][0] == Card(12, "H")
