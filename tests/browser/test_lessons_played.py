"""Lessons in JupyterLab, played to the end by clicks in Chromium.

For one lesson of each game, the Lesson widget is played through from its first step to its
last: every question gets a wrong answer first, then the right one (or, for some, the answer is
revealed; until then, and after the wrong answer, no text on the page states it), each made on
the table as a learner makes it: for "what should B play?" a click on a card and a move of its
menu (a card-less move is a button), for "which cards ...?" cards picked on the table and
submitted, for "what does A score?" a number typed. The feedback the page shows is the feedback
Python gives (a lesson run kept in step here, in the test process); a wrong move's names the
rule it breaks. Next waits while a question is open; Back and Next step through. In a player's
view, no step's page holds a card hidden from that player. The progress downloads as JSON and
CSV, equal to what the kernel's ``progress_json()`` and ``progress_csv()`` give, with the
learner's name typed in the page.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardlab import lessons
from cardlab.cards import Card
from cardlab.engine import move_cards
from cardlab.lessons.leaks import Shown, statement
from cardlab.widgets.lesson import answer_moves
from cardlab.widgets.viewmodel import pretty

TIMEOUT_MS = 20_000
ROOT = ".cardlab-lesson"


@dataclass(frozen=True)
class Plan:
    """A lesson to play, and which of its questions (counted from 1) to give up on."""

    name: str
    reveal: frozenset[int]

    @property
    def id(self) -> str:
        return self.name.split("-")[0] if not self.name.startswith("card") else "card-commons"


PLANS = [
    Plan("card-commons-2-forced-defense", frozenset({3})),
    Plan("commerce-4-trades-and-barter", frozenset({5})),
    Plan("commitment-3-queen-and-ace", frozenset({2})),
    Plan("contest-3-last-turns", frozenset({4})),
]


# --- the page ---------------------------------------------------------------------------------------


def _root(page: Any) -> Any:
    return page.page.locator(ROOT)


def _rev(page: Any) -> int:
    return int(_root(page).get_attribute("data-rev"))


def _wait_rev(page: Any, after: int) -> None:
    page.page.wait_for_function(
        "([sel, rev]) => Number(document.querySelector(sel).dataset.rev) > rev", arg=[ROOT, after], timeout=TIMEOUT_MS
    )


def _click(page: Any, locator: Any) -> None:
    """Click something that sends an action, and wait for Python's answer to be drawn."""
    before = _rev(page)
    locator.click()
    _wait_rev(page, before)


def _key(page: Any, key: str) -> Any:
    return _root(page).locator(f'[data-key="{key}"]')


def _card(page: Any, code: str) -> Any:
    return _root(page).locator(f'.cardlab-tableau [data-code="{code}"]').first


def _feedback(page: Any) -> str:
    return _root(page).locator(".cardlab-question .cardlab-feedback-text").inner_text()


def _open(lab: Any, lab_page: Any, name: str, learner: str = "", notebook: str = "") -> Any:
    page = lab_page(
        notebook or f"lesson-{name}.ipynb",
        "from cardlab.widgets import Lesson",
        f"lesson = Lesson({name!r}, learner={learner!r})\nlesson",
    )
    page.open(f"{ROOT}[data-rev]")
    return page


# --- answering on the table ----------------------------------------------------------------------------


def _play(page: Any, move: str, cards: tuple[Card, ...]) -> None:
    """Choose ``move`` as a learner does: its first card on the table, then the move in the
    card's menu; a move without cards is a button of its own."""
    if cards:
        _card(page, cards[0].code).click()
        choice = _root(page).locator(f'.cardlab-menu [data-move="{move}"]')
    else:
        choice = _root(page).locator(f'.cardlab-question [data-move="{move}"]')
    choice.wait_for(timeout=TIMEOUT_MS)
    _click(page, choice)


def _pick(page: Any, cards: list[Card]) -> None:
    if _root(page).locator('[data-key="lesson:clear"]').count():
        _key(page, "lesson:clear").click()
    for card in cards:
        _card(page, card.code).click()
    _click(page, _key(page, "lesson:submit"))


def _type_points(page: Any, points: int) -> None:
    _key(page, "lesson:points").fill(str(points))
    _click(page, _key(page, "lesson:send-points"))


def _wrong_move(run: lessons.LessonRun) -> tuple[str, tuple[Card, ...]] | None:
    """A move offered on the table that the rules forbid, or else a legal one the lesson does
    not want; None when the table offers only right ones."""
    question, game = run.question, run.game
    offered = answer_moves(game, run.table, question.player)
    illegal = [m for m in offered if not game.is_legal(run.shown_state, m)]
    wrong = illegal or [m for m in offered if m not in question.moves]
    return (str(wrong[0]), move_cards(wrong[0])) if wrong else None


def _answer_wrong_then_right(page: Any, run: lessons.LessonRun) -> None:
    question = run.question
    _check_no_answer_shown(page, run)
    if question.kind == "play":
        offered = _wrong_move(run)
        if offered is not None:
            move, cards = offered
            _play(page, move, cards)
        else:  # the table offers only the right move: write out a wrong one the teacher foresaw
            move = next(key for key, _ in question.feedback)
            _key(page, "lesson:move").fill(move)
            _click(page, _key(page, "lesson:send-move"))
        expected = run.answer(move)
        assert not expected.correct
        if expected.rule and not question.teacher_feedback(move):
            assert "is not allowed" in expected.text  # the rule's own words, and its id shown
            rule = _root(page).locator(".cardlab-question .cardlab-feedback .cardlab-rule")
            assert rule.inner_text() == expected.rule
        assert _feedback(page) == pretty(expected.text)
        _check_no_answer_shown(page, run)
        right = question.moves[0]
        _play(page, str(right), move_cards(right))
        assert run.answer(right).correct
    elif question.kind == "cards":
        wrong = sorted(question.cards)[1:] if question.cards else sorted(_hand(run))[:1]
        _pick(page, wrong)
        expected = run.answer(wrong)
        assert not expected.correct and _feedback(page) == pretty(expected.text)
        _check_no_answer_shown(page, run)
        _pick(page, sorted(question.cards))
        assert run.answer(sorted(question.cards)).correct
    else:
        _type_points(page, question.points + 1)
        expected = run.answer(question.points + 1)
        assert not expected.correct and _feedback(page) == pretty(expected.text)
        _check_no_answer_shown(page, run)
        _type_points(page, question.points)
        assert run.answer(question.points).correct
    settled = _root(page).locator(".cardlab-settled-item").last
    assert pretty(question.prompt) in settled.inner_text() and "answered" in settled.inner_text()


def _hand(run: lessons.LessonRun) -> set[Card]:
    game, mover = run.game, run.question.player
    return {c for z in game.zones(run.table) if z.owner == mover for c in z.cards if not c.is_hidden}


def _reveal(page: Any, run: lessons.LessonRun) -> None:
    question = run.question
    _check_no_answer_shown(page, run)
    _click(page, _key(page, "lesson:reveal"))
    expected = run.reveal()
    settled = _root(page).locator(".cardlab-settled-item").last
    assert "revealed" in settled.inner_text() and pretty(expected.text) in settled.inner_text()
    assert pretty(question.prompt) in settled.inner_text()


def _shown_cards(page: Any) -> set[str]:
    return set(_root(page).locator("[data-code]").evaluate_all("els => els.map(e => e.dataset.code)")) - {"??"}


def _check_nothing_hidden(page: Any, run: lessons.LessonRun) -> None:
    if run.viewer is None:
        return
    seen = (
        {c for z in run.game.zones(run.table) for c in z.cards if not c.is_hidden}
        | run.step.seen
        | {card for q in run.step.questions for change in q.changes for card in (change.old, change.new)}
    )
    shown = {Card.parse(code) for code in _shown_cards(page)}
    assert shown <= seen, f"step {run.index}: {shown - seen} hidden from the viewer but on the page"
    named = {card for card, _, _ in lessons.card_mentions(_root(page).inner_text())}
    assert named <= seen, f"step {run.index}: {named - seen} hidden from the viewer but named on the page"


#: What the page says besides its controls (the moves offered, the answer boxes): the text in
#: which an answer would be given away.
SAID = (
    ".cardlab-lesson-title, .cardlab-commentary, .cardlab-lesson-said, .cardlab-events, "
    ".cardlab-narration-waits, .cardlab-settled, .cardlab-question-prompt, .cardlab-feedback-text, "
    ".cardlab-breakdown"
)


def _check_no_answer_shown(page: Any, run: lessons.LessonRun) -> None:
    """While a question is open, nothing the page says states its answer, in any spelling."""
    question = run.question
    shown = Shown()
    for number, text in enumerate(_root(page).locator(SAID).all_inner_texts()):
        shown.add(number, "the page", text)
    found = statement(question, run.game, run.shown_state, shown, run.viewer)
    assert found is None, f"step {run.index}: {found} before {question.prompt!r} is answered"
    said = " ".join(" ".join(piece.text for piece in shown.pieces).split())
    for move in question.moves:
        assert pretty(str(move)) not in said, f"step {run.index}: the answer {move} is on the page"


# --- the tests -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.id)
def test_a_lesson_is_played_to_the_end_with_wrong_and_right_answers(plan, lab, lab_page):
    page = _open(lab, lab_page, plan.name)
    run = lessons.LessonRun(plan.name)
    asked = 0
    try:
        while True:
            assert int(_root(page).get_attribute("data-step")) == run.index
            _check_nothing_hidden(page, run)
            if run.question is not None:  # Next waits for the question
                assert _key(page, "lesson:next").is_disabled()
            while run.question is not None:
                asked += 1
                prompt = _root(page).locator(".cardlab-question-prompt").inner_text()
                assert pretty(run.question.prompt) in prompt
                if asked in plan.reveal:
                    _reveal(page, run)
                else:
                    _answer_wrong_then_right(page, run)
                _check_nothing_hidden(page, run)
            if run.index == len(run.lesson.steps) - 1:
                break
            _click(page, _key(page, "lesson:next"))
            assert run.next()
            if run.index == 2:  # back and forth once: the settled questions are shown again
                _click(page, _key(page, "lesson:back"))
                assert run.back() and int(_root(page).get_attribute("data-step")) == 1
                assert _root(page).locator(".cardlab-settled-item").count() == len(run.settled)
                _click(page, _key(page, "lesson:next"))
                assert run.next()
        assert asked == len(run.lesson.questions) and run.finished
        assert _key(page, "lesson:next").is_disabled()
        assert "Lesson finished" in _root(page).locator(".cardlab-lesson-progress").inner_text()
        kernel = json.loads(page.run("print(lesson.progress_json())"))
        ours = json.loads(lessons.progress_json([run]))
        assert kernel == ours
        page.screenshot(f"lesson-{plan.id}", ROOT)
    finally:
        page.close()


def test_progress_downloads_as_json_and_csv_with_the_learners_name(lab, lab_page):
    # the tests' own copy of the lesson (tests/data), whose steps this test pins
    shutil.copy(Path(__file__).resolve().parent.parent / "data" / "card-commons-2-forced-defense.md", lab.root)
    page = _open(lab, lab_page, "card-commons-2-forced-defense.md", notebook="lesson-own-copy.ipynb")
    try:
        _key(page, "lesson:learner").fill("Ada Lovelace")
        _click(page, _key(page, "lesson:next"))  # the name is sent as the field is left: both count
        page.page.wait_for_function(
            "(sel) => document.querySelector(sel).getAttribute('download').startsWith('ada-lovelace-')",
            arg=f'{ROOT} [data-key="lesson:download-json"]',
            timeout=TIMEOUT_MS,
        )
        assert page.run("print(lesson.learner, lesson.run.index)").strip() == "Ada Lovelace 1"
        _card(page, "KS").click()
        _card(page, "2H").click()
        _click(page, _key(page, "lesson:submit"))
        said = _root(page).locator(".cardlab-lesson-said").inner_text()
        assert said.startswith("Questions: 1 of 5 answered (1 right on the first try, 0 revealed).")
        downloads = {}
        for ext in ("json", "csv"):
            with page.page.expect_download() as caught:
                _key(page, f"lesson:download-{ext}").click()
            download = caught.value
            assert download.suggested_filename == f"ada-lovelace-card-commons-2-forced-defense-progress.{ext}"
            downloads[ext] = open(download.path(), encoding="utf-8").read()
        data = json.loads(downloads["json"])
        assert data["cardlab"] == "lesson-progress" and data["lessons"][0]["learner"] == "Ada Lovelace"
        assert data["lessons"][0]["first_try"] == 1 and data["lessons"][0]["reached"] == 1
        assert downloads["json"] == page.run("print(lesson.progress_json(), end='')")
        assert downloads["csv"] == page.run("print(lesson.progress_csv(), end='')")
        assert downloads["csv"].splitlines()[1].startswith("Ada Lovelace,card-commons-2-forced-defense,")
    finally:
        page.close()


# The last turns of a Contest game, every card face up: B's pass is the only move, made by the
# learner without counting as a question (the tests' own lesson, whose steps this test pins).
LAST_TURNS = """\
# Contest: B's last turn

```lesson
game: contest
viewer: teacher
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

```moves
open 8H 3
```

A takes the last card of the draw pile.

```question
ask: B has nothing to play. Pass.
player: B
play: pass
counted: no
feedback exchange 4D: The draw pile is empty: there is nothing to exchange with.
```

```moves
pass
```
"""


def test_a_change_from_python_is_drawn_and_a_typed_move_is_judged(lab, lab_page):
    (lab.root / "contest-last-turns.md").write_text(LAST_TURNS, encoding="utf-8")
    page = _open(lab, lab_page, "contest-last-turns.md", learner="Bea", notebook="lesson-typed.ipynb")
    try:
        before = _rev(page)
        page.run("lesson.next()")
        _wait_rev(page, before)
        assert int(_root(page).get_attribute("data-step")) == 1
        # the box to write a move in suggests none: any move it showed could be the answer
        assert not _key(page, "lesson:move").get_attribute("placeholder")
        _key(page, "lesson:move").fill("exchange 4D")
        _click(page, _key(page, "lesson:send-move"))
        assert _feedback(page) == "The draw pile is empty: there is nothing to exchange with."
        _key(page, "lesson:move").fill("fly away")
        _click(page, _key(page, "lesson:send-move"))
        assert (
            _feedback(page).startswith("That is not a move")
            and "not counted as a try" in _root(page).locator(".cardlab-question .cardlab-feedback").inner_text()
        )
        assert _root(page).locator(".cardlab-question .cardlab-badge").inner_text() == "your move"
        _click(page, _root(page).locator('.cardlab-question [data-move="pass"]'))
        assert "answered" in _root(page).locator(".cardlab-settled-item").last.inner_text()
        assert page.run("print(lesson.progress().question_count)").strip() == "0"  # the only move: no question
    finally:
        page.close()


def _axe_clean(page: Any, where: str) -> None:
    from helpers import axe

    axe.assert_clean(page, ROOT, where)


def _focused(page: Any) -> dict[str, Any]:
    return page.page.evaluate("""() => { const el = document.activeElement;
        return {key: el.dataset.key ?? null, role: el.getAttribute('role'),
                expanded: el.getAttribute('aria-expanded')}; }""")


def test_a_lesson_answers_the_keyboard_and_passes_axe(lab, lab_page, axe_ready):
    """The table's keyboard and screen-reader behaviour in a lesson: a card's menu of answers
    opens from the keyboard with the focus in it (the card says its menu is expanded), the
    arrow keys move within it, and Escape gives the focus back to the card; a wild spade is
    marked and named so; axe-core finds nothing in either theme, at either size, with the
    menu open."""
    name = "contest-1-worked-example"  # its first question asks how A lays out the secret cards
    to_play = "while lesson.run.question is None or lesson.run.question.kind != 'play':\n" + (
        "    lesson.reveal() if lesson.run.question is not None else lesson.next()"
    )
    run = lessons.LessonRun(name)
    while run.question is None or run.question.kind != "play":
        run.reveal() if run.question is not None else run.next()
    code = next(move_cards(m)[0].code for m in answer_moves(run.game, run.table, run.question.player) if move_cards(m))
    page = _open(lab, lab_page, name)
    try:
        page.run(to_play)
        page.page.wait_for_selector(f'{ROOT} .cardlab-question[data-kind="play"]', timeout=TIMEOUT_MS)
        from helpers import axe

        axe.assert_clean_in_both_themes(page, ROOT, "a lesson's play question")
        card = _card(page, code)
        key = card.get_attribute("data-key")
        assert card.get_attribute("aria-haspopup") == "menu" and card.get_attribute("aria-expanded") == "false"
        card.focus()
        page.page.keyboard.press("Enter")
        items = _root(page).locator(".cardlab-menu [role=menuitem]")
        items.first.wait_for(timeout=TIMEOUT_MS)
        assert items.count() > 1 and _focused(page)["role"] == "menuitem"
        assert _card(page, code).get_attribute("aria-expanded") == "true"
        first = _focused(page)["key"]
        page.page.keyboard.press("ArrowDown")
        assert _focused(page)["key"] not in (first, None) and _focused(page)["role"] == "menuitem"
        _axe_clean(page, "a lesson with a card's menu of answers open")
        page.page.keyboard.press("Escape")
        page.page.wait_for_function(f"() => !document.querySelector('{ROOT} .cardlab-menu')", timeout=TIMEOUT_MS)
        assert _focused(page)["key"] == key, "Escape gives the focus back to the card"
    finally:
        page.close()
    page = _open(lab, lab_page, "commitment-4-spades-and-passing")  # the teacher's view of wild spades
    try:
        before = _rev(page)
        page.run("while lesson.run.question is None and lesson.next(): pass")  # on to the wild spade
        _wait_rev(page, before)
        page.page.wait_for_selector(f"{ROOT} .cardlab-question", timeout=TIMEOUT_MS)
        wild = _root(page).locator('[data-zone="b1 B hearts"] .cardlab-noted')
        assert wild.locator(".cardlab-card-note").inner_text() == "wild"
        assert wild.get_attribute("aria-label").endswith(", wild")
        page.run("lesson.size = 'large'")
        page.page.wait_for_function(
            f"() => document.querySelector('{ROOT}').dataset.size === 'large'", timeout=TIMEOUT_MS
        )
        _axe_clean(page, "a lesson at the large size")
    finally:
        page.close()
