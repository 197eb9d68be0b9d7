"""Commerce against the computer at a learner's table, in JupyterLab, driven by clicks in Chromium.

A whole 4-deal game against cardlab's searching computer player, dealt so that the computer
moves first in most deals: every deal's showdown (the hands revealed, best first, with their
worth, who won and why, the payments) stays on the table until the learner presses Continue
from the keyboard, however long they wait, and the computer waits with it; a deal the
computer ended before the learner's turn came says so; the score is one row per deal, each
opening on its lines; and the table's height stays bounded at 1024×768 deal after deal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_tables import _assert_axe_clean, _assert_axe_clean_in_both_themes

import cardlab
from helpers.round_ends import COMMITMENT_ROUND_END, COMMONS_ROUND_END, CONTEST_LAST_TURN

TIMEOUT_MS = 30_000
SEED = 0x5EED_0F_C0FFEE_0123
SMALL_WINDOW = (1024, 768)
#: How long the test waits on a showdown to see that it stays (several opponent delays).
STAY_MS = 1_500

_HEIGHTS_JS = """
() => {
  const table = document.querySelector('.cardlab-table');
  const panel = table.closest('.jp-WindowedPanel-outer') ?? table.closest('.jp-Notebook');
  const sideways = [table, ...table.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1
      && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)).map((e) => e.className);
  return {table: table.getBoundingClientRect().height, visible: panel.getBoundingClientRect().height, sideways};
}
"""

# Either the table stops on a showdown, or the learner may move, or the game is over.
_SETTLED_JS = """
() => {
  const table = document.querySelector('.cardlab-table');
  return !!table && (!!table.querySelector('.cardlab-showdown')
    || !!table.querySelector('.cardlab-tableau .cardlab-playable')
    || table.querySelector('.cardlab-status')?.textContent.startsWith('Game over'));
}
"""


def _table(page: Any) -> Any:
    return page.page.locator(".cardlab-table")


def _moves(page: Any) -> int:
    return int(page.run("print(len(session.moves))").strip())


def _known_to_a(page: Any) -> set[str]:
    """The codes of the cards A may know now: A's hand and every hand a showdown revealed."""
    return set(
        json.loads(
            page.run(
                "import json\nstate = session.state\n"
                "print(json.dumps(sorted({c.code for r in state.history for h in r.hands for c in h}"
                " | {c.code for c in state.hands[0]})))"
            )
        )
    )


def _page_codes(page: Any) -> set[str]:
    return set(
        page.page.evaluate(
            "() => [...document.querySelectorAll('.cardlab-table [data-code]')].map((e) => e.dataset.code)"
        )
    ) - {"??"}


def test_commerce_against_the_computer_stops_on_each_showdown(lab, lab_page, axe_ready):
    game = cardlab.game("commerce", players=4)
    file = "showdown.json"
    # A deals, so B, C and D move first; a seed of full size, as a real game's (a seed that can be
    # guessed would add its standing notice to the table), fixed so that the test replays
    cardlab.Session(game, game.deal(seed=SEED, dealer=0)).save(lab.root / file)
    page = lab_page(
        "showdown.ipynb",
        f"import cardlab\nfrom cardlab.widgets import Table\nsession = cardlab.Session.load({file!r})",
        "table = Table(session, viewer=0, opponent='search', opponent_delay=0.2)\ntable",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        page.window(*SMALL_WINDOW, left_bar=False)
        heights: list[float] = []
        showdowns, learner_moves, notes = 0, 0, []
        for _ in range(40):
            page.page.wait_for_function(_SETTLED_JS, timeout=TIMEOUT_MS)
            assert _page_codes(page) <= _known_to_a(page), "a card hidden from A is on A's page"
            showdown = _table(page).locator(".cardlab-showdown")
            if showdown.count():
                showdowns += 1
                title = showdown.locator(".cardlab-section-title").inner_text()
                assert title == f"Deal {showdowns} of 4: showdown"
                moves = _moves(page)
                page.page.wait_for_timeout(STAY_MS)  # it stays, and the computer waits with it
                assert showdown.count() == 1 and _moves(page) == moves
                hands = showdown.locator(".cardlab-showdown-hand")
                assert hands.count() == 4
                in_sight = [h for h in hands.all() if h.is_visible()]
                best = hands.first.get_attribute("data-player")
                assert len(in_sight) <= 2 and in_sight[0].get_attribute("data-player") == best  # the best, and A's
                showdown.locator('[data-key="showdown-more"] summary').click()  # the others, on demand
                for i in range(4):
                    hand = hands.nth(i)
                    assert hand.locator(".cardlab-card").count() == 3
                    assert hand.locator(".cardlab-showdown-ranking").inner_text()
                assert hands.first.locator(".cardlab-badge").inner_text() == "best"
                lines = showdown.locator(".cardlab-showdown-line")
                assert lines.count() == 2  # how it ended, and the verdict
                assert lines.locator(".cardlab-rule").count() == 0  # a learner reads no rule id in them
                assert not any("commerce." in line for line in lines.all_inner_texts())
                rules = showdown.locator(":scope > .cardlab-rule-details")  # the rules, under Details
                assert rules.locator("summary").inner_text() == "Details"
                ids = rules.locator(".cardlab-rule").all_text_contents()
                assert ids[0].startswith("commerce.") and ids[-1].startswith("commerce.rank"), ids
                payments = showdown.locator(".cardlab-showdown-payments")
                assert payments.locator("summary").inner_text().startswith("Payments: A ")
                note = showdown.locator(".cardlab-showdown-note")
                if note.count():
                    notes.append(note.inner_text())
                assert _table(page).locator(".cardlab-tableau").count() == 0  # the showdown takes its place
                measured = page.page.evaluate(_HEIGHTS_JS)
                assert not measured["sideways"], measured  # nothing in the showdown or the rows scrolls sideways
                heights.append(measured["table"])
                if showdowns == 1:
                    page.screenshot("commerce-showdown", ".cardlab-table")
                    _assert_axe_clean_in_both_themes(page, "a showdown")
                button = showdown.locator('[data-key="continue"]')
                button.focus()  # a button: reached with Tab, pressed with Enter
                page.page.keyboard.press("Enter")
                page.page.wait_for_function(
                    "(n) => !document.querySelector(`.cardlab-showdown[data-round='${n}']`)",
                    arg=showdowns,
                    timeout=TIMEOUT_MS,
                )
                if showdowns == 4:
                    break
                continue
            # the learner's turn: trade the first playable card, from its menu
            learner_moves += 1
            step = _table(page).get_attribute("data-step")
            _table(page).locator(".cardlab-tableau .cardlab-playable").first.click()
            _table(page).locator(".cardlab-menu [role=menuitem]").first.click()
            page.page.wait_for_function(
                "(s) => document.querySelector('.cardlab-table').dataset.step !== s", arg=step, timeout=TIMEOUT_MS
            )
        assert showdowns == 4
        assert page.run("print(session.game.is_over(session.state))").strip() == "True"
        # a deal the computer ended before A's turn came says so, and how (its rule under Details)
        assert notes, "the computer ended no deal before A's turn: this deal no longer tests that"
        for note in notes:
            assert "before your turn came, so you had no move in deal " in note and "commerce." not in note
        # the score: one row per deal, closed; a row opens on its lines
        rows = _table(page).locator(".cardlab-rounds details.cardlab-round")
        assert rows.count() == 4
        assert [rows.nth(i).locator(".cardlab-round-title").inner_text() for i in range(4)] == [
            f"Deal {k} of 4" for k in range(1, 5)
        ]
        assert _table(page).locator(".cardlab-rounds details[open]").count() == 0
        assert not rows.first.locator(".cardlab-round-detail").is_visible()
        closed = page.page.evaluate(_HEIGHTS_JS)
        assert not closed["sideways"], closed
        heights.append(closed["table"])
        page.screenshot("commerce-ledger-rows", ".cardlab-table")
        rows.first.locator("summary").focus()
        page.page.keyboard.press("Enter")
        detail = rows.first.locator(".cardlab-round-detail")
        detail.wait_for(state="visible", timeout=TIMEOUT_MS)
        expected = int(page.run("print(len(session.game.rounds(session.state)[0].items))").strip())
        assert detail.locator("tbody tr").count() == expected and expected >= 5
        assert _table(page).locator(".cardlab-rounds details[open]").count() == 1
        _assert_axe_clean(page, "the score's rows, one open")
        # bounded: at 1024×768 the table fits the notebook's visible height, deal after deal
        opened = page.page.evaluate(_HEIGHTS_JS)
        print(
            f"\ntable heights at 1024x768 at each showdown and at the end: {[round(h) for h in heights]} px "
            f"({round(opened['table'])} px with a row open); the notebook shows {round(closed['visible'])} px; "
            f"the learner moved {learner_moves} time(s)"
        )
        assert max(heights) <= closed["visible"], heights
        assert max(heights) - min(heights) <= 150, heights
    finally:
        page.window(1400, 1800)
        page.close()


#: game: (the position, the card A clicks or None for a move of no card, A's move ending the
#: round, a card the round's end shows face up, what comes after Continue: B or A starts the
#: next round, or the game is over).
ROUND_ENDS = {
    "card-commons": (COMMONS_ROUND_END, "3C", "defend 3C", "3D", "B starts the next round"),
    "commitment": (COMMITMENT_ROUND_END, None, "pass", "KS", "A starts the next round"),
    "contest": (CONTEST_LAST_TURN, "8C", "reinforce 8C 1", "QD", "game over"),
}


@pytest.mark.parametrize("name", sorted(ROUND_ENDS))
def test_every_round_end_waits_for_the_learner(lab_page, name):
    """A's move ends a round. The table keeps the round's cards on show, and beside them its
    showdown: how the round ended, who scored what, and Continue, brought into sight at
    1024×768. It waits, however long, and the computer waits with it. Continue goes on to the
    next round, or to the game's end."""
    text, card, move, shown, after = ROUND_ENDS[name]
    page = lab_page(
        f"round-end-{name}.ipynb",
        "import cardlab\nfrom cardlab.widgets import Table\n"
        f"game = cardlab.game('{name}')\n"
        f"session = cardlab.Session(game, game.state_from_text('''{text}'''))",
        "Table(session, viewer=0, opponent='random', opponent_delay=0.2)",
        width=SMALL_WINDOW[0],
        height=SMALL_WINDOW[1],
    )
    try:
        page.open(".cardlab-table[data-rev]")
        table = _table(page)
        # the learner plays from the bottom of the window: the showdown, lower down, comes into sight
        target = table.locator(
            f'.cardlab-tableau [data-code="{card}"]' if card else f'.cardlab-choices [data-move="{move}"]'
        ).first
        target.evaluate("el => el.scrollIntoView({block: 'end'})")
        target.click(timeout=TIMEOUT_MS)
        if card is not None:  # a card opens its menu of moves
            table.locator(f'.cardlab-menu [data-move="{move}"]').click(timeout=TIMEOUT_MS)
        showdown = table.locator(".cardlab-showdown")
        go_on = showdown.locator('[data-key="continue"]')
        go_on.wait_for(timeout=TIMEOUT_MS)
        page.page.wait_for_timeout(STAY_MS)  # the computer waits with the learner
        assert _moves(page) == 1 and go_on.count() == 1
        assert table.locator('[data-key="continue"]').count() == 1  # one Continue, not two
        assert table.locator(f'.cardlab-tableau [data-code="{shown}"]').count() >= 1  # the round's cards stay
        verdict = showdown.locator(".cardlab-showdown-line").all_inner_texts()
        assert len(verdict) == 2 and all(line.strip() for line in verdict)  # how it ended, and who scored what
        box = showdown.bounding_box()
        assert box is not None and box["y"] + box["height"] <= SMALL_WINDOW[1]  # in sight at 1024×768
        lines = [b for b in showdown.locator("p, li, summary, .cardlab-showdown-next").all() if b.is_visible()]
        # a few lines; the details fold away (the payments, and the rules under Details)
        assert len(lines) <= 7, [line.inner_text() for line in lines]
        said = table.locator(".cardlab-log-entry.cardlab-current > .cardlab-events > li")
        assert 1 <= sum(li.is_visible() for li in said.all()) <= 4  # the move's narration: first, "N more", last
        go_on.click()
        if after != "game over":
            page.page.wait_for_function(
                "() => !document.querySelector('.cardlab-table .cardlab-showdown')", timeout=TIMEOUT_MS
            )
            if after.startswith("A"):
                table.locator('.cardlab-choices [data-move="next round"]').first.click(timeout=TIMEOUT_MS)
            page.page.wait_for_function(
                "() => document.querySelector('.cardlab-table').dataset.step === '2'", timeout=TIMEOUT_MS
            )
            assert page.run("print(session.state.round)").strip() == "2"
        else:
            page.page.wait_for_function(
                "() => document.querySelector('.cardlab-table .cardlab-status')?.textContent.startsWith('Game over')",
                timeout=TIMEOUT_MS,
            )
            assert _moves(page) == 1
    finally:
        page.close()
