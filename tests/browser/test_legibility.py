"""Legible on a projector: every game's widgets in JupyterLab at 1024×768, at the default size.

In a 1024×768 window with JupyterLab's side bar closed (the notebook shows about 647 px), for
one mid-game position of each game (tests/helpers/legibility.py):

- the score's deciding line (its last line, its round opened) shows whole, in no scroll within
  the score, in the window's height from the table's top: in a learner's table against the
  computer and in the teacher's table;
- a lesson's question shows whole in the window, and a state editor's card picker in the
  window's height from the editor's top (a StateEditor's and a teacher's table's);
- no text on show is under 12 px (computed font size): in each table, with a card's menu open,
  with a hint, with the card picker and the text form open, in a state editor and a lesson;
- no note on a card ("wild") nor a badge covers a card's rank or suit;
- each card of the game's largest hand (Commitment's 16 cards of round 2) shows 30 px or more;
- a state editor beside its score in a Row keeps a readable width, or the score goes under it.
"""

from __future__ import annotations

from typing import Any

import pytest

from helpers.legibility import (
    MIN_CARD_SHOWN_PX,
    MIN_TEXT_PX,
    POSITIONS,
    WINDOW,
    Position,
    editor_cells,
    lesson_cells,
    measure,
    open_picker,
    show_last_round,
    table_cells,
    widget,
)

TIMEOUT_MS = 60_000
#: A state editor narrower than this (the width a table gives its tableau) is too narrow to read.
READABLE_EDITOR_EM = 28


def _open(lab: Any, lab_page: Any, name: str, cells: tuple[str, ...], widgets: int) -> Any:
    page = lab_page(name, *cells, width=WINDOW["width"], height=WINDOW["height"])
    page.open(".cardlab-root[data-rev]", count=widgets)
    page.window(WINDOW["width"], WINDOW["height"], left_bar=False)
    page.cells()  # marks each cell's node with its index
    return page


#: The cells of each game's notebook: a learner's table against the computer, the same learner's
#: table in the position with the game's largest hand, the teacher's table, a state editor, the
#: same editor beside its score (a Row), and a lesson at its first step that asks a question.
LEARNER, LEARNER_HAND, TEACHER, EDITOR, EDITOR_ROW, LESSON = range(6)


@pytest.fixture(scope="module", params=POSITIONS, ids=lambda p: p.game)
def legible(request: Any, lab: Any, lab_page: Any) -> Any:
    """One game's notebook of the widgets measured (see the cells above), in one page."""
    position: Position = request.param
    game = position.game
    position.session(position.moves).save(lab.root / f"{game}-legible.json")
    position.session(position.hand_moves).save(lab.root / f"{game}-legible-hand.json")
    position.session(position.moves).save(lab.root / f"{game}-legible-editor.json")
    learner = table_cells(
        f"{game}-legible.json",
        f"{game}-legible-hand.json",
        position.mover(position.moves),
        position.mover(position.hand_moves),
    )
    teacher = table_cells(f"{game}-legible.json", f"{game}-legible.json", None, None)[1]
    cells = (*learner, teacher, *editor_cells(f"{game}-legible-editor.json"), *lesson_cells(position.lesson))
    page = _open(lab, lab_page, f"{game}-legible.ipynb", cells, 7)
    yield page, position
    page.close()


@pytest.fixture
def tables(legible: Any) -> Any:
    return legible


@pytest.fixture
def editors(legible: Any) -> Any:
    return legible


@pytest.fixture
def lesson(legible: Any) -> Any:
    """The page, with the lesson scrolled to the top of the notebook, as a learner reads it."""
    page, position = legible
    widget(page, LESSON).evaluate("(el) => el.scrollIntoView({ block: 'start' })")
    return page, position


def _assert_texts_legible(figures: dict[str, Any], where: str) -> None:
    small = [t for t in figures["texts"] if t["px"] < MIN_TEXT_PX - 0.01]
    assert not small, f"{where}: text under {MIN_TEXT_PX} px: {small}"


def _assert_deciding_line_shows(figures: dict[str, Any], where: str) -> None:
    score = figures["score"]
    assert score is not None, f"{where}: no score on show"
    assert not score["cut"] and score["full"] <= score["height"] + 1, (
        f"{where}: the score shows {score['height']:.0f} of its {score['full']:.0f} px: "
        "its deciding line needs an inner scroll"
    )
    assert score["deciding"]["bottom"] <= figures["visible"], (
        f"{where}: the deciding line ends {score['deciding']['bottom']:.0f} px under the table's top, "
        f"out of the {figures['visible']:.0f} px the window shows"
    )


@pytest.mark.parametrize("cell", [LEARNER, TEACHER], ids=["learner", "teacher"])
def test_the_scores_deciding_line_shows_without_an_inner_scroll(tables, cell):
    page, position = tables
    root = widget(page, cell)
    show_last_round(root)
    _assert_deciding_line_shows(measure(root), f"{position.game} {['learner', '', 'teacher'][cell]}")


def test_a_lessons_question_shows_in_the_window(lesson):
    page, position = lesson
    figures = measure(widget(page, LESSON))
    question = figures["question"]
    assert question is not None, f"{position.lesson}: no step asks a question"
    bottom = question["y"] + question["height"]
    assert question["y"] >= figures["areaTop"] and bottom <= figures["areaBottom"], (
        f"{position.lesson}: the question lies at y {question['y']:.0f}–{bottom:.0f}, "
        f"the notebook shows y {figures['areaTop']:.0f}–{figures['areaBottom']:.0f}"
    )
    _assert_texts_legible(figures, position.lesson)


def _assert_picker_shows(root: Any, where: str) -> dict[str, Any]:
    open_picker(root)
    figures = measure(root)
    picker = figures["picker"]
    assert picker["top"] >= 0 and picker["bottom"] <= figures["visible"], (
        f"{where}: the card picker opens {picker['top']:.0f}–{picker['bottom']:.0f} px under the widget's top, "
        f"out of the {figures['visible']:.0f} px the window shows"
    )
    return figures


def test_a_state_editors_card_picker_opens_in_the_window(editors):
    page, position = editors
    figures = _assert_picker_shows(widget(page, EDITOR), f"{position.game} state editor")
    _assert_texts_legible(figures, f"{position.game} state editor, picking a card")
    page.page.keyboard.press("Escape")


def test_the_teachers_card_picker_opens_in_the_window(tables):
    page, position = tables
    root = widget(page, TEACHER)
    try:
        figures = _assert_picker_shows(root, f"{position.game} teacher's table")
        _assert_texts_legible(figures, f"{position.game} teacher's table, picking a card")
        page.page.keyboard.press("Escape")
        root.locator(".cardlab-text-form summary").click()
        _assert_texts_legible(measure(root), f"{position.game} teacher's table, its text form open")
    finally:
        page.page.keyboard.press("Escape")
        root.locator('[data-key="editing"][aria-pressed="true"]').evaluate_all("(els) => els.forEach((e) => e.click())")


def test_no_text_of_a_table_is_under_12_px(tables):
    page, position = tables
    for cell, who in ((LEARNER, "learner"), (LEARNER_HAND, "learner, largest hand"), (TEACHER, "teacher")):
        show_last_round(widget(page, cell))
        _assert_texts_legible(measure(widget(page, cell)), f"{position.game} {who}, the score's last round open")
    root = widget(page, LEARNER)
    root.locator(".cardlab-tableau .cardlab-playable").first.click()  # a card's menu of moves
    root.locator(".cardlab-menu").wait_for(timeout=TIMEOUT_MS)
    root.locator(".cardlab-message-explain details summary").evaluate_all("(els) => els.forEach((e) => e.click())")
    _assert_texts_legible(measure(root), f"{position.game} learner, a card's menu and explanation open")
    root.locator(".cardlab-menu .cardlab-cancel").click()
    root.locator('[data-key="hint"]').click()
    root.locator(".cardlab-ranking").wait_for(timeout=TIMEOUT_MS)
    page.page.wait_for_function(
        "(el) => !el.querySelector('.cardlab-rank-refining')", arg=root.element_handle(), timeout=TIMEOUT_MS
    )
    root.locator('[data-key="rank:details"] summary').click()
    _assert_texts_legible(measure(root), f"{position.game} learner, a hint's ranking open")


def test_no_text_of_a_state_editor_is_under_12_px(editors):
    page, position = editors
    for nth, what in ((0, "state editor"), (1, "score")):
        _assert_texts_legible(measure(widget(page, EDITOR_ROW, nth)), f"{position.game} {what} in a Row")


def _assert_no_corner_covered(page: Any, position: Position, cells: tuple[int, ...], where: str) -> None:
    for cell in cells:
        figures = measure(widget(page, cell))
        assert not figures["covers"], f"{position.game} {where}: {figures['covers']}"
        if position.game == "commitment" and cell != LEARNER_HAND:
            assert figures["notes"] >= 2, "the position has two wild spades on stacks, each noted"


def test_no_note_or_badge_covers_a_cards_rank_or_suit_on_a_table(tables):
    _assert_no_corner_covered(*tables, (LEARNER, LEARNER_HAND, TEACHER), "table")


def test_no_note_or_badge_covers_a_cards_rank_or_suit_in_a_state_editor(editors):
    _assert_no_corner_covered(*editors, (EDITOR, EDITOR_ROW), "state editor")


def test_each_card_of_the_largest_hand_shows_30_px(tables):
    page, position = tables
    hand = measure(widget(page, LEARNER_HAND))["hand"]
    if position.game == "commitment":
        assert hand["cards"] == 16, hand  # round 2: 10 cards kept and 6 drawn
    assert hand["shown"] >= MIN_CARD_SHOWN_PX, (
        f"{position.game}: each of the {hand['cards']} cards of {hand['zone']!r} shows {hand['shown']:.1f} px"
    )


@pytest.mark.parametrize("left_bar", [False, True], ids=["side-bar-closed", "side-bar-open"])
def test_a_state_editor_beside_its_score_keeps_a_readable_width(editors, left_bar):
    page, position = editors
    try:
        page.window(WINDOW["width"], WINDOW["height"], left_bar=left_bar)
        editor, score = (measure(widget(page, EDITOR_ROW, nth)) for nth in (0, 1))
        font = float(widget(page, EDITOR_ROW, 0).evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)"))
        under = score["y"] >= editor["y"] + editor["height"] - 1
        assert under or editor["width"] >= READABLE_EDITOR_EM * font, (
            f"{position.game}: the state editor is {editor['width']:.0f} px wide beside its score"
        )
        assert not editor["sideways"] and not score["sideways"], (editor["sideways"], score["sideways"])
    finally:
        page.window(WINDOW["width"], WINDOW["height"], left_bar=False)
