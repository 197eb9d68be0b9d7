"""Every question is a real choice: ``lesson check`` refuses a "what should X play?" question where
only one move is legal, unless the lesson has the learner make that move without counting it
(``counted: no``)."""

from __future__ import annotations

from cardlab import lessons
from helpers.lesson_texts import LAST_TURN_STATE

# The last turn of a Card Commons round in the teacher's view: A claims with the 5♣, and then B's
# 5♥ is the only legal answer.
FORCED = (
    """\
# The last answer

```lesson
game: card-commons
viewer: teacher
```

"""
    + LAST_TURN_STATE
    + """
```moves
claim 5C
```

A claims with the last card.

```question
ask: {ask}
play: defend 5H
{extra}
```

B's last card answers it.

```moves
defend 5H
```

The round is over.
"""
)


def _forced(ask: str = "What should B play?", extra: str = "") -> str:
    return FORCED.format(ask=ask, extra=extra)


def test_a_question_with_one_legal_move_fails():
    (problem,) = lessons.check(_forced())
    assert problem.line == _forced().split("\n").index("```question") + 1
    assert problem.message.startswith("only one move is legal here (defend with the 5♥)")
    assert "'counted: no'" in problem.message


def test_the_only_move_may_be_made_by_the_learner_without_counting_as_a_question():
    text = _forced(ask="Defend with your 5♥.", extra="counted: no")
    assert lessons.check(text) == []  # the prompt may name the only move
    run = lessons.LessonRun(text)
    run.next()
    assert run.question is not None and not run.question.counted
    assert run.answer("defend 5H").correct
    assert run.next()
    progress = run.progress()
    assert progress.question_count == 0 and progress.questions == () and progress.finished


def test_counted_no_is_refused_where_the_learner_has_a_choice():
    text = _forced(extra="counted: no").replace("```moves\nclaim 5C\n```\n\nA claims with the last card.\n\n", "")
    text = text.replace("play: defend 5H", "player: A\nplay: claim 5C").replace("defend 5H\n```", "claim 5C\n```")
    (problem,) = lessons.check(text)
    assert "'counted: no' is for a move the learner makes where it is the only legal one" in problem.message
    assert "moves are legal: the question is a real one" in problem.message
    (problem,) = lessons.check(_forced(extra="counted: maybe"))
    assert "'counted:' is yes or no" in problem.message


# A chooses among right moves (the claim, or either pool trade); the lesson then claims.
SEVERAL = (
    """\
# Several right moves

```lesson
game: card-commons
viewer: teacher
```

"""
    + LAST_TURN_STATE
    + """
```question
ask: What may A play?
play: claim 5C, trade 5C for 2H, trade 5C for 2S
{extra}
```

```moves
claim 5C
```
"""
)


def test_a_question_accepting_moves_the_lesson_does_not_play_says_why_it_shows_its_own():
    (problem,) = lessons.check(SEVERAL.format(extra=""))
    assert "the question accepts trade the 5♣ for the 2♥ of the pool, trade the 5♣ for the 2♠" in problem.message
    assert "but the lesson goes on with claim with the 5♣" in problem.message and "'instead:" in problem.message
    text = SEVERAL.format(extra="instead: The claim shows the round's end at once.")
    assert lessons.check(text) == []
    run = lessons.LessonRun(text)
    said = run.answer("trade 5C for 2H")
    assert said.correct
    assert said.text.endswith(
        "The lesson goes on with another move: claim with the 5♣. The claim shows the round's end at once."
    )
    other = lessons.LessonRun(text)
    assert "goes on with another move" not in other.answer("claim 5C").text  # the lesson's own move


def test_a_question_about_an_order_offers_the_orders_the_rules_refuse_too():
    import cardlab
    from cardlab.widgets.lesson import answer_moves

    game = cardlab.game("contest")
    state = game.deal(seed=1)  # A lays out 3♣ 8♣ K♦ 3♠: 12 of the 24 orders keep the clubs apart
    legal = set(game.legal_moves(state))
    offered = answer_moves(game, game.view(state, 0), 0)
    assert legal < set(offered) and len(offered) == 24  # every order, so a pick may be wrong
    refused = [m for m in offered if m not in legal]
    assert len(refused) == 12
    for move in refused:
        try:
            game.check(state, move)
        except cardlab.IllegalMove as err:
            assert err.rule == "contest.secret.neighbours"
        else:
            raise AssertionError(f"{move} is offered as a wrong order, but the rules allow it")
