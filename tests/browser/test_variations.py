"""Variations and fair play in JupyterLab, driven by clicks in Chromium.

The teacher's table: step back, play a different move by clicking a card, see the variation
banner and the variation's moves marked in the log, go back to the main line, choose the
variation again in the list of lines, and keep it (promote). A player's table: step back on
their own table (nobody else moves), find that a click there plays nothing and names no
hidden card, and return to the game. Every click goes through Python; the kernel is asked
what the session holds after each one.
"""

from __future__ import annotations

import json
from typing import Any

from test_tables import (
    COMMONS_DEAL,
    TIMEOUT_MS,
    _assert_axe_clean,
    _assert_axe_clean_in_both_themes,
    _card,
    _message,
    _rev,
    _step,
    _table,
    _wait_rev,
    _wait_step,
    _words,
)

import cardlab

GAME = "card-commons"
PLAYED = ("commission 2S", "commission 3S", "claim 4S", "defend 4D")  # B's forced Defense shows 4D


def _session() -> cardlab.Session:
    game = cardlab.game(GAME)
    session = cardlab.Session(game, game.deal(deck=COMMONS_DEAL))  # a stacked deal: B holds 3S 4H 4D 5S 2D 3C 4C
    for move in PLAYED:
        session.play(move)
    return session


def _open(lab: Any, lab_page: Any, name: str, viewer: int | None) -> Any:
    _session().save(lab.root / f"{name}.json")
    page = lab_page(
        f"{name}.ipynb",
        f"import cardlab\nfrom cardlab.widgets import Table\nsession = cardlab.Session.load({name + '.json'!r})",
        f"table = Table(session, viewer={viewer!r})\ntable",
    )
    page.open(".cardlab-table[data-rev]")
    return page


def _kernel(page: Any, expression: str) -> Any:
    return json.loads(page.run(f"import json; print(json.dumps({expression}))"))


def _nav(page: Any, name: str) -> None:
    _table(page).locator(f'[data-key="nav:{name}"]').click()


def _click(page: Any, key: str) -> None:
    before = _rev(page)
    _table(page).locator(f'[data-key="{key}"]').click()
    _wait_rev(page, before)


def _line(page: Any) -> str:
    return _table(page).get_attribute("data-line")


def test_the_teacher_explores_a_variation_leaves_it_and_keeps_it(lab, lab_page):
    page = _open(lab, lab_page, "variations-teacher", None)
    try:
        _nav(page, "previous")
        _wait_step(page, 3)
        _nav(page, "previous")
        _wait_step(page, 2)  # before A's Claim
        _card(page, "2H").click()
        choice = _table(page).locator('.cardlab-menu [data-move="claim 2H"]')
        choice.wait_for(timeout=TIMEOUT_MS)
        before = _rev(page)
        choice.click()
        _wait_rev(page, before)

        banner = _table(page).locator(".cardlab-line-banner")
        assert (
            banner.locator(".cardlab-line-text").inner_text()
            == "Exploring a variation: move 3 differs from the main line."
        )
        assert _line(page) == "variation" and _step(page) == 3
        assert _table(page).locator(".cardlab-variation-move").count() == 1
        assert "claim with the 2♥" in _table(page).locator(".cardlab-log-entry").last.inner_text()
        assert _table(page).locator(".cardlab-line-item").all_inner_texts() == [
            "Main line: 4 moves",
            "3. A: claim with the 2♥",
        ]
        assert _kernel(page, "[len(session.moves), str(session.line_moves[-1]), session.differs_at]") == [
            4,
            "claim 2H",
            3,
        ]  # the main line is all there
        page.screenshot("variation-teacher", ".cardlab-table")

        _click(page, "line:to_mainline")
        assert banner.count() == 0 and _line(page) == "main" and _step(page) == 2
        assert _table(page).locator(".cardlab-log-entry").count() == 5  # the start and the 4 moves
        assert _message(page, "info").startswith("Back to the main line, at the position after move 2.")
        assert _kernel(page, "[session.line, session.index, len(session.variations)]") == [0, 2, 1]

        _click(page, "show-line:1")
        assert _line(page) == "variation" and _step(page) == 3

        _click(page, "line:promote")
        assert banner.count() == 0 and _line(page) == "main"
        assert _message(page, "info") == "This line is now the main line. The old main line is kept as a variation."
        assert _kernel(page, "[str(m) for m in session.moves]") == ["commission 2S", "commission 3S", "claim 2H"]
        assert _table(page).locator(".cardlab-line-item").all_inner_texts() == [
            "Main line: 3 moves",
            "3. A: claim with the 4♠, then 1 move",
        ]
    finally:
        page.close()


def test_a_player_looks_back_on_their_own_table_and_cannot_replay_the_past(lab, lab_page):
    page = _open(lab, lab_page, "variations-player", 0)
    try:
        hidden = _hidden_from_a()
        _nav(page, "first")
        _wait_step(page, 0)
        _nav(page, "next")
        _wait_step(page, 1)  # each click waits for the last one's answer, or it would be refused as stale
        _nav(page, "next")
        _wait_step(page, 2)  # before A's Claim, on A's table only
        assert _line(page) == "look"
        assert (
            _table(page).locator(".cardlab-line-text").inner_text()
            == "You are looking at the position after move 2, on your table only."
        )
        assert _kernel(page, "[session.index, len(session.moves)]") == [4, 4]  # the game did not move
        assert _table(page).locator(".cardlab-playable").count() == 0  # nothing to play here

        before = _rev(page)
        _card(page, "2H").click()  # would have been a Claim: Python explains the card, first saying why no move now
        text = _message(page, "explain")
        assert text.startswith("You are looking at the position after move 2, on your table only: moves are made")
        _table(page).locator('.cardlab-message-explain [data-key="explain:why"] summary').click()
        assert "[commons." in _message(page, "explain")  # under "Why?", each line with its rule
        assert _rev(page) == before and _kernel(page, "[str(m) for m in session.moves]") == list(PLAYED)
        _assert_names_none(page, hidden)

        page.run(
            "session.play('next round') if 'next round' in map(str, session.legal_moves()) "
            "else session.play(session.legal_moves()[0])"
        )  # the game goes on meanwhile
        _wait_rev(page, before)
        assert _step(page) == 2 and _line(page) == "look"

        _click(page, "line:follow")
        assert _line(page) == "main" and _step(page) == 5
        page.screenshot("variation-player", ".cardlab-table")
    finally:
        page.close()


def test_a_variation_and_a_look_back_pass_axe(lab, lab_page, axe_ready):
    """The banners, their buttons, the list of lines and the variation's marked moves read
    well: axe-core finds nothing on the teacher's table exploring a variation, in both themes,
    nor on a player's table looking back."""
    page = _open(lab, lab_page, "variations-axe-teacher", None)
    try:
        page.run("session.goto(2); session.play('claim 2H')")  # a variation from before A's Claim
        page.page.wait_for_selector('.cardlab-table[data-line="variation"] .cardlab-variation-move', timeout=TIMEOUT_MS)
        _assert_axe_clean_in_both_themes(page, "the teacher's table exploring a variation")
    finally:
        page.close()
    page = _open(lab, lab_page, "variations-axe-player", 0)
    try:
        _nav(page, "previous")
        _wait_step(page, 3)
        assert _line(page) == "look"
        _assert_axe_clean(page, "a player's table looking back")
    finally:
        page.close()


def _hidden_from_a() -> set[cardlab.Card]:
    """The cards A has never been shown, along the whole game so far."""
    session = _session()
    game, everything, shown = session.game, set(session.game.deck()), set()
    for state, events in zip(session.states, session.events):
        shown |= {c for z in game.zones(state) if z.visible_to(0) for c in z.cards}
        shown |= {c for e in events if e.visible_to(0) for c in e.cards}
    hidden = everything - shown
    assert hidden
    return hidden


def _assert_names_none(page: Any, hidden: set[cardlab.Card]) -> None:
    text = page.page.evaluate("""() => [document.body.innerText,
        ...[...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value))].join('\\n')""")
    for card in hidden:
        for form in (card.code, str(card), card.name):
            assert not _words(text, form), f"{card} is hidden from A but on A's page"
