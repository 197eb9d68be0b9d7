"""Three tables on one session in JupyterLab: A's, B's and a spectator's. A's computer never
plays B, who sits at a table of their own; the spectator looks back on its own while A plays
on; the spectator's page shows every card."""

from __future__ import annotations

from typing import Any

from helpers.widget_driver import DEAL

TIMEOUT_MS = 20_000
CELLS = (
    "import cardlab\n"
    "from cardlab.widgets import Table\n"
    "game = cardlab.game('card-commons')\n"
    f"session = cardlab.Session(game, game.deal(seed=7, deck={DEAL!r}))",
    "a = Table(session, viewer=0, opponent_delay=0)\na",
    "b = Table(session, viewer=1)\nb",
    "watching = Table(session, spectator=True)\nwatching",
)
A, B, WATCHING = 1, 2, 3  # the cells


def _table(page: Any, cell: int) -> Any:
    return page.page.locator(f'[data-cardlab-cell="{cell}"] .cardlab-table')


def _wait(table: Any, predicate: str, arg: Any = None) -> None:
    """Wait until ``predicate(element, arg)`` holds of ``table``'s element."""
    table.page.wait_for_function(
        f"([el, arg]) => ({predicate})(el, arg)", arg=[table.element_handle(), arg], timeout=TIMEOUT_MS
    )


def _play(table: Any) -> str:
    """Click the first card with a move on ``table`` and play its first move; the move played."""
    rev = table.get_attribute("data-rev")
    table.locator(".cardlab-tableau .cardlab-playable").first.click()
    choice = table.locator(".cardlab-menu .cardlab-move").first
    choice.wait_for(timeout=TIMEOUT_MS)
    move = choice.get_attribute("data-move")
    choice.click()
    _wait(table, "(el, rev) => el.dataset.rev !== rev", rev)
    return move


def _moves(page: Any) -> int:
    return int(page.run("print(len(session.moves))"))


def test_a_computer_never_plays_a_held_seat_and_a_spectator_looks_back_alone(lab_page):
    page = lab_page("table-roles.ipynb", *CELLS)
    page.open(".cardlab-table[data-rev]", count=3)
    page.cells()  # marks each cell's node with its number
    a, b, watching = _table(page, A), _table(page, B), _table(page, WATCHING)

    # A's "Play against": B plays at another table, so no computer player is offered
    menu = a.locator('select[data-key="opponent"]')
    assert menu.locator('option[value="random"]').get_attribute("disabled") is not None
    assert "B plays at another table" in a.locator('[data-key="opponent-note"]').inner_text()
    rev = a.get_attribute("data-rev")
    menu.evaluate("(el) => { el.value = 'random'; el.dispatchEvent(new Event('change', { bubbles: true })); }")
    a.locator(".cardlab-message-error").wait_for(timeout=TIMEOUT_MS)  # a forged choice is refused
    assert page.run("print(a.opponent)").strip() == "people"
    _play(a)  # A's Commission: B to move, at B's own table
    page.page.wait_for_timeout(1000)  # a computer would have answered by now (no delay)
    assert _moves(page) == 1 and a.get_attribute("data-rev") != rev
    _wait(b, "(el) => !!el.querySelector('.cardlab-tableau .cardlab-playable')")
    _play(b)  # B plays B
    assert _moves(page) == 2

    # the spectator looks back on its own while A plays on
    watching.locator('[data-key="nav:first"]').click()
    _wait(watching, "(el) => el.dataset.step === '0'")
    assert page.run("print(session.index, watching.index)").split() == ["2", "0"]
    assert a.get_attribute("data-step") == "2"
    _wait(a, "(el) => !!el.querySelector('.cardlab-tableau .cardlab-playable')")
    _play(a)
    _wait(a, "(el) => el.dataset.step === '3'")
    assert watching.get_attribute("data-step") == "0"
    assert "on your table only" in watching.locator('[data-key="line-banner"]').inner_text()
    watching.locator('[data-key="nav:last"]').click()  # at the latest move it follows the game again
    _wait(watching, "(el) => el.dataset.step === '3'")
    assert watching.locator('[data-key="line-banner"]').count() == 0

    # the spectator's page shows every card, and moves none
    codes = watching.locator(".cardlab-tableau [data-code]").evaluate_all("els => els.map(e => e.dataset.code)")
    assert set(DEAL.split()) <= set(codes) and "??" not in codes
    assert watching.locator(".cardlab-tableau .cardlab-playable").count() == 0
    assert watching.locator('select[data-key="opponent"]').count() == 0
    assert _moves(page) == 3
    page.close()
