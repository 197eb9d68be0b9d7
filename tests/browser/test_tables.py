"""Each game's table in JupyterLab, driven by clicks in Chromium.

For every game: the teacher's table renders every zone; a legal move is played by clicking
a card and choosing the move in its menu; a click on a card with no legal move shows the
engine's explanation; an edit in the state editor changes the score breakdown; the stepper
goes back and forward, and a change made from Python re-renders the table. A player's page
contains none of the cards hidden from them, works from the keyboard, and its Hint button
ranks every legal move. A computer opponent chosen in the table's "Play against" menu
answers; names with markup in them, and markup echoed back in a refusal, are shown as text.
Screenshots of each table are saved in tests/browser/screenshots/ for review.

Each position is built here, in the test process, and saved as a session file that the
notebook loads (so not even the notebook's source names a hidden card); between tests the
kernel puts the position back with ``reset(...)``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab.widgets.viewmodel import pretty

TIMEOUT_MS = 20_000


@dataclass(frozen=True)
class Scenario:
    """A position of one game and what to click in it."""

    game: str
    options: dict[str, Any]
    seed: int
    moves: tuple[str, ...]  # played before the tests start
    click: tuple[str, str]  # a card to click, and the legal move to choose in its menu
    # a card (or a zone's top card) with no legal move, a phrase of its explanation, a rule
    refused: tuple[str, str, str]
    # after some moves: a card with moves, a move refused with it, its rule (None: no card of the game has both)
    why_not: tuple[tuple[str, ...], str, str, str] | None
    edit_moves: tuple[str, ...]  # the position in which the editor is tried
    swap: tuple[str, str, str] | None  # (zone, card in it, card to swap it with); None: edit the text
    history: tuple[str, ...]  # moves to step through
    deck: str = ""  # the deal, stacked
    deal: tuple[tuple[str, Any], ...] = ()  # more arguments of deal (the dealer, who starts)
    edit_until: str | None = None  # then first legal moves until this move is legal (a round's end)

    @property
    def id(self) -> str:
        return self.game

    def session(self, moves: tuple[str, ...]) -> cardlab.Session:
        game = cardlab.game(self.game, **self.options)
        session = cardlab.Session(game, game.deal(seed=self.seed, deck=self.deck, **dict(self.deal)))
        for move in moves:
            session.play(move)
        return session

    @property
    def edit_position(self) -> tuple[str, ...]:
        session = self.session(self.edit_moves)
        while self.edit_until and self.edit_until not in map(str, session.legal_moves()):
            session.play(session.legal_moves()[0])
        return tuple(map(str, session.moves))

    @property
    def viewer(self) -> int:
        """The player whose page is checked: the one to move after ``moves``."""
        session = self.session(self.moves)
        return session.game.to_move(session.state)


#: A Card Commons deal (pool up, pool down, Nest Egg, A's 7, B's 7): B holds 3S 4H 4D 5S 2D 3C 4C.
COMMONS_DEAL = "5H QH 5D 3D 2S 5C 2C KS 2H 4S 3H 3S 4H 4D 5S 2D 3C 4C"

SCENARIOS = [
    Scenario(
        "card-commons",
        {},
        7,
        ("commission 2S", "commission 3S", "claim 4S"),
        click=("4D", "defend 4D"),
        refused=("5S", "5♠ does not answer the Claim 4♠", "commons.defense"),
        why_not=(("commission 2S", "commission 3S"), "KS", "trade KS for commission", "commons.commission.no-wild"),
        edit_moves=(),
        edit_until="next round",
        swap=("nest egg", "3D", "2S"),  # the 2♠ of the face-up pool: A's Commission 2♣ then matches
        history=("commission 2S", "commission 3S", "claim 4S", "defend 4D"),
        deck=COMMONS_DEAL,
    ),
    Scenario(
        "commerce",
        {"players": 4},
        7,
        (),
        click=("6H", "trade 6H"),
        refused=("stock", "lies face down in the stock", "commerce.trade"),
        why_not=None,
        edit_moves=("trade 6H", "knock"),
        swap=None,
        history=("trade 6H", "trade 6D", "trade 10D"),
        deal=(("dealer", 3),),
        deck="6H 6D 10D 5H 8S 7D AS 3C AD AC 2C 3S 8H 8D 5S 9H 7H 2S 4C QS 2H QC KD 4H QD 5C QH JC 2D 3D 10C "
        "JD 6C JH KS 4S KC AH 10S KH 5D 9D JS 3H 7C 9S 7S 6S 9C 4D 10H 8C",
    ),
    Scenario(
        "commitment",
        {},
        7,
        ("6H b1", "8H b1"),
        click=("2C", "2C b1"),
        refused=("b1 battle card", "is a battle card, worth 1 VP", "commitment.score.suits"),
        why_not=(("6H b1", "8H b1", "2C b1"), "2H", "2H b1 clubs", "commitment.stack"),
        edit_moves=("6H b1", "8H b1"),
        swap=("b1 A hearts", "8H", "2H"),
        history=("6H b1", "8H b1", "2C b1"),
        deal=(("first", "B"),),
        deck="JK KS JS AS JK QS 8H 3C 5S 10C 4S 7C QH 2S 2H 6S 10S 2D 2C 7D QC 6H KC 9C JH 8D 9S 8S 5C 4D 6D "
        "3S 9H QD AH 9D 4H AD 8C KH 6C 5D AC 10D KD 3D 4C 7H 3H 7S 10H JC JD 5H",
    ),
    Scenario(
        "contest",
        {},
        7,
        ("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S"),
        click=("3D", "open 3D 1"),
        refused=("4H", "is A's second secret card", "contest.score"),
        why_not=(
            ("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S", "open 3D 1"),
            "5C",
            "reinforce 5C 1",
            "contest.reinforce",
        ),
        edit_moves=("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S"),
        swap=("A secret", "KS", "3D"),
        history=("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S", "open 3D 1"),
        deck="KS 5S 4H KH 10D 8C 4D 2S 3D 7S 10C 3H 10S 3S AS JS AH KC QC 6D 5H 5C JD 10H KD 3C 6S 6H 6C 9S 8D 9D "
        "2H 7D 4C 8S JC QH 2D 2C 8H JH 5D AC 9C 4S QD 7H 7C QS AD 9H",
    ),
]


def _notebook_cells(scenario: Scenario, file: str, viewer: int | None) -> tuple[str, ...]:
    setup = (
        "import cardlab\n"
        "from cardlab.widgets import Table\n"
        f"session = cardlab.Session.load({file!r})\n"
        "start, game = session.states[0], session.game\n"
        "def reset(*moves):\n"
        "    session.replace(start)\n"
        "    for move in moves:\n"
        "        session.play(move)"
    )
    show = f"table = Table(session, viewer={viewer!r}, hint=True)\ntable"
    return setup, show


def _open(lab: Any, lab_page: Any, scenario: Scenario, viewer: int | None, label: str = "") -> Any:
    who = ("teacher" if viewer is None else f"player{viewer}") + label
    file = f"{scenario.game}-{who}.json"
    scenario.session(scenario.moves).save(lab.root / file)
    page = lab_page(f"{scenario.game}-{who}.ipynb", *_notebook_cells(scenario, file, viewer))
    page.open(".cardlab-table[data-rev]")
    page.run(f"reset(*{list(scenario.moves)!r})")
    return page


@pytest.fixture(scope="module", params=SCENARIOS, ids=lambda s: s.id)
def teacher(request: Any, lab: Any, lab_page: Any) -> Any:
    page = _open(lab, lab_page, request.param, None)
    yield page, request.param
    page.close()


@pytest.fixture(scope="module", params=SCENARIOS, ids=lambda s: s.id)
def player(request: Any, lab: Any, lab_page: Any) -> Any:
    page = _open(lab, lab_page, request.param, request.param.viewer)
    yield page, request.param
    page.close()


# --- helpers -------------------------------------------------------------------------------------


def _table(page: Any) -> Any:
    return page.page.locator(".cardlab-table")


def _rev(page: Any) -> int:
    return int(_table(page).get_attribute("data-rev"))


def _wait_rev(page: Any, after: int) -> None:
    page.page.wait_for_function(
        "(rev) => Number(document.querySelector('.cardlab-table').dataset.rev) > rev", arg=after, timeout=TIMEOUT_MS
    )


def _reset(page: Any, moves: tuple[str, ...]) -> None:
    before = _rev(page)
    page.run(f"reset(*{list(moves)!r})")
    _wait_rev(page, before)


def _card(page: Any, code: str) -> Any:
    return _table(page).locator(f'.cardlab-tableau [data-code="{code}"]').first


def _step(page: Any) -> int:
    return int(_table(page).get_attribute("data-step"))


def _wait_step(page: Any, step: int) -> None:
    page.page.wait_for_function(
        "(step) => document.querySelector('.cardlab-table').dataset.step === String(step)", arg=step, timeout=TIMEOUT_MS
    )


def _message(page: Any, kind: str) -> str:
    message = _table(page).locator(f".cardlab-message-{kind} .cardlab-message-text")
    message.wait_for(timeout=TIMEOUT_MS)
    return message.inner_text()


def _open_text_form(page: Any) -> Any:
    if _table(page).locator(".cardlab-text-form[open]").count() == 0:
        _table(page).locator(".cardlab-text-form summary").click()
    return _table(page).locator("textarea.cardlab-text")


def _zone_card(page: Any, zone: str, code: str | None = None) -> Any:
    cards = _table(page).locator(f'.cardlab-tableau [data-zone="{zone}"] .cardlab-card')
    return (
        cards.first
        if code is None
        else _table(page).locator(f'.cardlab-tableau [data-zone="{zone}"] [data-code="{code}"]').first
    )


# --- the teacher's table -----------------------------------------------------------------------


def test_the_table_renders_every_zone(teacher):
    page, scenario = teacher
    _reset(page, scenario.moves)
    session = scenario.session(scenario.moves)
    zones = [z.name for z in session.game.zones(session.state)]
    rendered = _table(page).locator("[data-zone]").evaluate_all("els => els.map(e => e.dataset.zone)")
    assert sorted(rendered) == sorted(zones)
    mover = session.game.player_names[session.game.to_move(session.state)]
    assert _table(page).locator(".cardlab-status").inner_text() == f"{mover} to move"
    page.screenshot(f"{scenario.game}-teacher", ".cardlab-table")


def test_a_legal_move_is_played_by_clicking(teacher):
    page, scenario = teacher
    _reset(page, scenario.moves)
    code, move = scenario.click
    _card(page, code).click()
    choice = _table(page).locator(f'.cardlab-menu [data-move="{move}"]')
    choice.wait_for(timeout=TIMEOUT_MS)
    choice.hover()  # the preview lifts the move's cards
    assert _table(page).locator(f'.cardlab-tableau .cardlab-preview[data-code="{code}"]').count() == 1
    before = _rev(page)
    choice.click()
    _wait_rev(page, before)
    assert _step(page) == len(scenario.moves) + 1
    last = _table(page).locator(".cardlab-log-entry").last.inner_text()
    game = scenario.session(()).game
    assert game.move_words(None, move) in last  # the log says the move in the game's words
    assert page.run("print(session.moves[-1])").strip() == move
    # the move's card is marked where it landed (when it lands face up on the table)
    marked = _table(page).locator(".cardlab-tableau .cardlab-last").evaluate_all("els => els.map(e => e.dataset.code)")
    assert set(marked) <= {code} and (
        marked
        or _card(page, code).count() == 0
        or "cardlab-face-down" in (_card(page, code).get_attribute("class") or "")
    ), marked


def test_cancel_closes_the_menu_and_plays_nothing(teacher):
    page, scenario = teacher
    _reset(page, scenario.moves)
    _card(page, scenario.click[0]).click()
    _table(page).locator(".cardlab-menu").wait_for(timeout=TIMEOUT_MS)
    _table(page).locator(".cardlab-cancel").click()
    assert _table(page).locator(".cardlab-menu").count() == 0
    page.page.keyboard.press("Escape")
    assert page.run("print(len(session.moves))").strip() == str(len(scenario.moves))


def test_a_card_without_a_legal_move_shows_why(teacher):
    page, scenario = teacher
    _reset(page, scenario.moves)
    target, phrase, rule = scenario.refused
    card = _zone_card(page, target) if target.islower() else _card(page, target)
    card.click()
    answer = _message(page, "explain")
    assert len(answer.split()) <= 25, answer  # a short answer: "Why?" and "What else?" hold the rest
    for more in _table(page).locator(".cardlab-message-explain details summary").all():
        more.click()
    text = _message(page, "explain")
    assert phrase in text and f"[{rule}]" in text, text
    assert "illegal move" not in text and "Traceback" not in text
    assert page.run("print(len(session.moves))").strip() == str(len(scenario.moves))


def test_every_card_on_the_table_is_explained_with_its_rule(teacher):
    _click_every_zone(*teacher, None)


def test_a_cards_menu_says_why_not_the_places_it_cannot_go(teacher):
    page, scenario = teacher
    if scenario.why_not is None:  # Commerce: a card that has a move has no place it cannot go
        pytest.skip(f"no card of {scenario.game} has both moves and places it cannot go")
    line, code, move, rule = scenario.why_not
    _reset(page, line)
    _card(page, code).click()
    why = _table(page).locator(".cardlab-menu .cardlab-why-not")
    why.wait_for(timeout=TIMEOUT_MS)
    why.locator("summary").click()
    item = why.locator(f'.cardlab-why-not-item[data-move="{move}"]')
    text = item.inner_text()
    assert text.startswith(scenario.session(()).game.move_words(None, move) + ":") and text.endswith(f"[{rule}]"), text
    session = scenario.session(line)
    refusal = session.game.explain_card(session.state, code, None, None).why_not(session.game.parse_move(move))
    assert pretty(refusal.text) in text
    _table(page).locator(".cardlab-cancel").click()


def _click_every_zone(page: Any, scenario: Scenario, viewer: int | None) -> None:
    """Click the first card drawn in every zone of the table; the message shows the engine's
    explanation of that card for this viewer, line by line with each rule id, and nothing is played."""
    _reset(page, scenario.moves)
    session = scenario.session(scenario.moves)
    game = session.game
    zones = [z.name for z in game.zones(session.state) if z.cards]
    assert zones
    for zone in zones:
        card = _zone_card(page, zone)
        code = card.get_attribute("data-code")
        explanation = game.explain_card(session.state, code, zone, viewer)
        was = json.loads(page.run("import json; print(json.dumps(table.message.get('id')))"))
        card.click()
        for _ in range(100):  # the click's answer, not the message before it
            said = json.loads(page.run("import json; print(json.dumps(table.message))"))
            if said.get("id") != was:
                break
            page.page.wait_for_timeout(100)
        assert said["id"] != was and said["card"] == (code or "??")
        page.page.wait_for_function(
            "(want) => document.querySelector('.cardlab-table .cardlab-message-explain .cardlab-answer')"
            "?.innerText === want",
            arg=said["text"],
            timeout=TIMEOUT_MS,
        )
        assert len(said["text"].split()) <= 25, said["text"]  # one short sentence
        shown = said["why"] + said["else"]
        assert [line["rule"] for line in shown if line["rule"]] == [line.rule for line in explanation.lines]
        why = _table(page).locator('.cardlab-message-explain [data-key="explain:why"]')
        why.locator("summary").click()  # "Why?" opens the lines, each with its rule id
        rules = [f"[{line['rule']}]" for line in said["why"] if line["rule"]]
        assert why.locator(".cardlab-rule").all_text_contents() == rules
        if _table(page).locator(".cardlab-menu").count():
            _table(page).locator(".cardlab-cancel").click()
    assert page.run("print(len(session.moves))").strip() == str(len(scenario.moves))


def test_an_edit_changes_the_score_breakdown(teacher):
    page, scenario = teacher
    _reset(page, scenario.edit_position)
    breakdown = _table(page).locator(".cardlab-breakdown")  # its text_content: a round's folded lines too
    before_text, before = breakdown.text_content(), _rev(page)
    if scenario.swap is not None:
        zone, card, other = scenario.swap
        _table(page).locator('[data-key="editing"]').click()
        _zone_card(page, zone, card).click()
        _table(page).locator(f'.cardlab-picker [data-code="{other}"]').click()
        _wait_rev(page, before)
        assert _zone_card(page, zone, other).count() == 1
    else:  # the text form: give B's deal-1 hand to A and A's to B
        text = json.loads(page.run("import json; print(json.dumps(game.to_text(session.state)))"))
        record = next(line for line in text.splitlines() if line.startswith("deal 1:"))
        head, hands = record.split("hands ")
        first, second, *others = hands.split(" / ")
        edited = text.replace(record, head + "hands " + " / ".join([second, first, *others]))
        _open_text_form(page).fill(edited)
        _table(page).locator('[data-key="apply"]').click()
        _wait_rev(page, before)
    assert _message(page, "info")
    assert breakdown.text_content() != before_text
    page.screenshot(f"{scenario.game}-edited", ".cardlab-table")
    moves = len(scenario.edit_position)
    if moves:  # the edit erased nothing: "Undo the edit" brings the game back with its moves
        assert f"with its {moves} move" in _message(page, "info")
        undo = _table(page).locator('.cardlab-line-banner [data-key="line:undo_edit"]')
        before = _rev(page)
        undo.first.click()
        _wait_rev(page, before)
        assert _step(page) == moves and breakdown.text_content() == before_text


def test_a_refused_edit_shows_the_validators_message(teacher):
    page, scenario = teacher
    _reset(page, scenario.edit_position)
    textarea = _open_text_form(page)
    textarea.fill(textarea.input_value() + "\nno such key: 1")
    _table(page).locator('[data-key="apply"]').click()
    assert "unknown key 'no such key'" in _message(page, "error")


def test_stepping_back_and_forward(teacher):
    page, scenario = teacher
    _reset(page, scenario.history)
    total = len(scenario.history)
    assert _step(page) == total
    nav = lambda name: _table(page).locator(f'[data-key="nav:{name}"]').click()  # noqa: E731
    nav("first")
    _wait_step(page, 0)
    nav("next")
    _wait_step(page, 1)
    nav("last")
    _wait_step(page, total)
    nav("previous")
    _wait_step(page, total - 1)
    _table(page).locator('[data-key="log:1"]').click()
    _wait_step(page, 1)
    _table(page).locator(".cardlab-slider").fill(str(total))
    _table(page).locator(".cardlab-slider").dispatch_event("change")
    _wait_step(page, total)
    page.run("session.goto(2)")  # a change made from Python
    _wait_step(page, 2)
    assert _table(page).locator(".cardlab-log-entry.cardlab-current button").inner_text().startswith("2.")
    assert page.run("print(session.index, len(session.moves))").split() == ["2", str(total)]


# --- a player's table -------------------------------------------------------------------------


def test_a_players_page_holds_no_card_hidden_from_them(player):
    page, scenario = player
    _reset(page, scenario.moves)
    _assert_page_hides(page, scenario)
    face_down = _table(page).locator('.cardlab-tableau [aria-label="face-down card"]').count()
    assert face_down >= 1
    page.screenshot(f"{scenario.game}-player", ".cardlab-table")
    _in_dark_theme(page, lambda: page.screenshot(f"{scenario.game}-player-dark", ".cardlab-table"))


def test_every_card_on_a_players_table_is_explained_and_names_nothing_hidden(player):
    page, scenario = player
    _click_every_zone(page, scenario, scenario.viewer)
    _assert_page_hides(page, scenario)


def _assert_page_hides(page: Any, scenario: Scenario) -> None:
    """The page's text and every attribute of every element name no card hidden from the player."""
    session = scenario.session(scenario.moves)
    game, viewer = session.game, scenario.viewer
    zones = game.zones(session.state)
    seen = {c for z in zones if z.visible_to(viewer) for c in z.cards}
    hidden = {c for z in zones if not z.visible_to(viewer) for c in z.cards} - seen
    assert hidden
    text = page.page.evaluate("""() => [document.body.innerText,
        ...[...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value))].join('\\n')""")
    for card in hidden:
        for form in (card.code, str(card), card.name):
            assert form not in _words(text, form), (
                f"{card} is hidden from {game.player_names[viewer]} but on their page"
            )


#: What each game's hint values measure, said to the player ({other}: the opponent).
HINT_UNITS = {
    "card-commons": ("points", "points ahead of {other} once this round is scored (earlier rounds counted too)"),
    "commerce": ("chips", "chips you gain or lose in this deal (the ante, trades, the pool and the dealer's payments)"),
    "commitment": ("VP", "VP ahead of {other} at the end of the game"),
    "contest": ("points", "points ahead of {other} at the end of the game"),
}


def test_the_hint_button_ranks_every_move(player):
    """The Hint button's panel: why the best is best, in one sentence, first (a first ranking at
    once, then the complete one); under Details, what the values measure, in the game's unit;
    the top moves ranked with their average and likely range, each with its unit; the rest on
    demand; and the rule of thumb's comparison."""
    page, scenario = player
    _reset(page, scenario.moves)
    _table(page).locator('[data-key="hint"]').click()
    _table(page).locator(".cardlab-ranking").wait_for(timeout=TIMEOUT_MS)
    page.page.wait_for_function(
        "() => !document.querySelector('.cardlab-table .cardlab-rank-refining')", timeout=TIMEOUT_MS
    )
    answer = json.loads(page.run("import json; print(json.dumps(table.message['ranking']))"))
    assert answer["complete"]
    reason = _table(page).locator(".cardlab-rank-reason").inner_text()
    assert reason == answer["reason"] and len(reason) > 20  # the reason first, the figures under Details
    _table(page).locator('[data-key="rank:details"] summary').click()
    ranked = answer["moves"]
    legal = scenario.session(scenario.moves).legal_moves()
    assert sorted(m["move"] for m in ranked) == sorted(map(str, legal))
    name, measure = HINT_UNITS[scenario.game]
    measure = measure.format(other="AB"[1 - scenario.viewer])
    heading = _table(page).locator(".cardlab-rank-heading").inner_text()
    assert heading.endswith(f"Each value is the average of {measure}."), heading
    head = _table(page).locator(".cardlab-rank-table thead th").all_inner_texts()
    assert head == ["#", "move", f"average, and likely range ({name}, 95%)"]
    rows = _table(page).locator(".cardlab-rank-move")
    shown = [m for m in ranked if m["shown"]]
    assert rows.evaluate_all("els => els.map(e => e.dataset.move)") == [m["move"] for m in shown]
    assert rows.all_inner_texts() == [m["text"] for m in shown]
    number = r"(?:[+−]\d+\.\d\d|0\.00)"
    values = _table(page).locator(".cardlab-rank-row .cardlab-rank-value").all_inner_texts()
    assert all(re.fullmatch(rf"{number} {re.escape(name)}", v) for v in values), values
    likely = _table(page).locator(".cardlab-rank-row .cardlab-rank-likely").all_inner_texts()
    assert all(re.fullmatch(rf"{number} to {number}|too few playouts to say|no spread: .*", v) for v in likely), likely
    notes = [
        _table(page)
        .locator(f'.cardlab-rank-row[data-move="{m["move"]}"]')
        .evaluate("row => row.querySelector('.cardlab-rank-note')?.textContent ?? ''")
        for m in shown
    ]
    assert notes == [m["note"] for m in shown] and notes[0].startswith("best")
    aside = [m for m in shown if m["set_aside"]]
    assert [n for n in notes if "set aside after" in n] == [m["note"] for m in aside]
    assert (_table(page).locator(".cardlab-rank-aside").count() == 1) == bool(aside)
    assert _message(page, "hint") == f"Hint: {ranked[0]['text']}"
    if answer["figures"]:  # the reason's figures, under Details only
        assert _table(page).locator(".cardlab-rank-figures").inner_text() == answer["figures"]
        assert "%" not in reason
    comparison = _table(page).locator(".cardlab-rank-comparison").inner_text()
    assert comparison.startswith("The rule of thumb would ") and comparison == answer["comparison"]
    assert ("would also " in comparison) == (ranked[0]["note"] == "best; the rule of thumb's pick too")
    _assert_page_hides(page, scenario)
    page.screenshot(f"{scenario.game}-hint", ".cardlab-table")
    if len(shown) < len(ranked):  # the rest on demand
        assert _table(page).locator(".cardlab-rank-summary").inner_text() == answer["summary"]
        more = _table(page).locator('[data-key="all-ranked"]')
        assert more.inner_text() == f"Show all {len(ranked)} moves"
        more.click()
        page.page.wait_for_function(
            "(n) => document.querySelectorAll('.cardlab-table .cardlab-rank-move').length === n",
            arg=len(ranked),
            timeout=TIMEOUT_MS,
        )
        assert rows.evaluate_all("els => els.map(e => e.dataset.move)") == [m["move"] for m in ranked]
        _assert_page_hides(page, scenario)
        more.click()
        page.page.wait_for_function(
            "(n) => document.querySelectorAll('.cardlab-table .cardlab-rank-move').length === n",
            arg=len(shown),
            timeout=TIMEOUT_MS,
        )

    def marked(move: dict) -> None:
        for code in move["cards"]:
            hinted = f'.cardlab-tableau .cardlab-hinted[data-code="{code}"]'
            _table(page).locator(hinted).first.wait_for(timeout=TIMEOUT_MS)

    def unmarked() -> None:
        page.page.wait_for_function(
            "() => !document.querySelector('.cardlab-table .cardlab-hinted')", timeout=TIMEOUT_MS
        )

    marked(ranked[0])  # the hint marks its own move's cards on the table at once
    with_cards = next(i for i, m in enumerate(shown) if m["cards"])
    if shown[with_cards]["move"] == ranked[0]["move"]:
        rows.nth(with_cards).click()  # the marked move: a click unmarks it
        unmarked()
    rows.nth(with_cards).click()  # marks its cards on the table
    marked(shown[with_cards])
    rows.nth(with_cards).click()  # and unmarks them
    unmarked()
    assert page.run("print(len(session.moves))").strip() == str(len(scenario.moves))


def _in_dark_theme(page: Any, action: Any) -> None:
    """Run ``action`` with JupyterLab's dark theme on, then switch back to the light one."""
    page.theme(dark=True)
    try:
        action()
    finally:
        page.theme(dark=False)


def test_a_look_back_says_which_position_it_shows(player):
    """In every game, a player who steps back one move sees that position on their own table:
    the table says so, and its picture (what an exported notebook shows) names the same move."""
    page, scenario = player
    moves = scenario.moves or scenario.history[:2]  # a game with no moves yet is played on a little
    _reset(page, moves)
    n = len(moves)
    before = _rev(page)
    _table(page).locator('[data-key="nav:previous"]').click()
    _wait_rev(page, before)
    line = _table(page).locator(".cardlab-line-text").inner_text()
    assert line == f"You are looking at the position after move {n - 1}, on your table only.", line
    caption = page.run("import re; print(re.search(r'cardlab-static-caption[^>]*>([^<]*)', table.picture_html())[1])")
    assert f"after move {n - 1} of {n}, looking back" in caption, caption
    assert int(page.run("print(len(session.moves))").strip()) == n  # the game itself did not move
    before = _rev(page)
    _table(page).locator('[data-key="line:follow"]').click()
    _wait_rev(page, before)


def test_switching_themes_back_and_forth_logs_no_error(player):
    """Quick switches between the themes (as the screenshots make) leave no page error.

    JupyterLab removes its theme splash screen 200 ms after a switch; a switch made within
    those 200 ms made that removal throw a page error into the next test (seen as a failure
    of the Hint test), until ``LabPage.theme`` waited for the splash to go.
    """
    page, _scenario = player
    for _ in range(3):
        _in_dark_theme(page, lambda: None)
    page.page.wait_for_timeout(500)  # longer than the splash's 200 ms removal delay
    page.assert_no_errors()


def _words(text: str, form: str) -> set[str]:
    """The occurrences of ``form`` in ``text`` that stand alone (not inside a longer token)."""
    return {m.group(0) for m in re.finditer(rf"(?<![\w?]){re.escape(form)}(?![\w])", text)}


def test_a_player_plays_from_the_keyboard(player):
    page, scenario = player
    _reset(page, scenario.moves)
    code, move = scenario.click
    card = _card(page, code)
    card.focus()
    page.page.keyboard.press("Enter")
    choice = _table(page).locator(f'.cardlab-menu [data-move="{move}"]')
    choice.wait_for(timeout=TIMEOUT_MS)
    assert page.page.evaluate("() => document.activeElement.dataset.move") is not None  # focus moved into the menu
    before = _rev(page)
    choice.focus()
    page.page.keyboard.press("Space")
    _wait_rev(page, before)
    assert page.run("print(session.moves[-1])").strip() == move


def test_cards_are_labelled_and_the_four_colour_deck_is_an_option(player):
    page, scenario = player
    _reset(page, scenario.moves)
    code = scenario.click[0]
    card = _card(page, code)
    assert card.get_attribute("aria-label") == f"{cardlab.parse_card(code).name}, playable"  # a legal move uses it
    assert (card.get_attribute("aria-haspopup"), card.get_attribute("aria-expanded")) == ("menu", "false")
    card.click()
    _table(page).locator(".cardlab-menu [role=menu]").wait_for(timeout=TIMEOUT_MS)
    assert card.get_attribute("aria-expanded") == "true"
    page.page.keyboard.press("Escape")
    assert card.get_attribute("aria-expanded") == "false"
    quiet = _table(page).locator(
        ".cardlab-tableau .cardlab-card[role=button]:not(.cardlab-playable):not(.cardlab-back)"
    )
    if quiet.count():  # a face-up card no legal move uses (every card of a Commerce hand has one)
        code = quiet.first.get_attribute("data-code")
        assert quiet.first.get_attribute("aria-label") == cardlab.parse_card(code).name
        assert quiet.first.get_attribute("aria-haspopup") is None
    face_down = _table(page).locator('.cardlab-tableau [aria-label="face-down card"]')
    assert face_down.count() > 0
    assert face_down.first.get_attribute("role") == "button"  # a click on it is explained too
    assert face_down.first.get_attribute("aria-haspopup") is None
    colour = "(code) => getComputedStyle(document.querySelector(`.cardlab-table [data-code='${code}']`)).color"
    clubs = _table(page).locator(".cardlab-tableau .cardlab-suit-C, .cardlab-tableau .cardlab-suit-D").first
    clubs = clubs.get_attribute("data-code")  # a club or a diamond: the colours a four-colour deck changes
    before = page.page.evaluate(colour, clubs)
    _table(page).locator('[data-key="four-colour"]').check()
    page.page.wait_for_selector(".cardlab-table.cardlab-four-colour", timeout=TIMEOUT_MS)
    assert page.page.evaluate(colour, clubs) != before
    assert page.run("print(table.four_colour)").strip() == "True"
    _table(page).locator('[data-key="four-colour"]').uncheck()
    page.page.wait_for_selector(".cardlab-table:not(.cardlab-four-colour)", timeout=TIMEOUT_MS)


def test_a_computer_opponent_answers_in_the_browser(lab, lab_page):
    """The opponent hook in a kernel: A moves by itself, a moment after each of B's clicks;
    the "Play against" menu changes who plays A."""
    file = "opponent.json"
    commons = cardlab.game("card-commons")
    # B holds 3S 4H 4D 5S 2D 3C 4C
    cardlab.Session(commons, commons.deal(seed=7, deck=COMMONS_DEAL)).save(lab.root / file)
    page = lab_page(
        "opponent.ipynb",
        f"import cardlab\nfrom cardlab.widgets import Table\nsession = cardlab.Session.load({file!r})",
        "def first_legal(game, view):\n    return game.legal_moves(view)[0]\n"
        "table = Table(session, viewer=1, opponent=first_legal, opponent_delay=0.2)\ntable",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        _wait_step(page, 1)  # A's Commission, chosen by the computer
        choice = _table(page).locator('[data-key="opponent"]')
        assert choice.input_value() == "custom"
        choice.select_option("people")
        page.page.wait_for_function(
            "() => document.querySelector('[data-key=opponent]').value === 'people'"
            " && document.querySelector('.cardlab-message-info')",
            timeout=TIMEOUT_MS,
        )
        assert page.run("print(table.opponent)").strip() == "people"
        _card(page, "3S").click()
        _table(page).locator('.cardlab-menu [data-move="commission 3S"]').click()
        _wait_step(page, 2)  # B's Commission by click; nobody plays A now
        assert page.run("print(len(session.moves), session.game.to_move(session.state))").split() == ["2", "0"]
        _table(page).locator('[data-key="opponent"]').select_option("heuristic")
        page.page.wait_for_function(
            "() => document.querySelector('.cardlab-status').textContent === 'B to move'", timeout=TIMEOUT_MS
        )  # A's trades and Claim, one by one, by the heuristic
        assert _message(page, "info").startswith("A: claim ")
        assert page.run(
            "print(table.opponent, str(session.moves[-1]).split()[0], session.game.to_move(session.state))"
        ).split() == ["heuristic", "claim", "1"]
    finally:
        page.close()


def test_the_table_answers_clicks_while_the_computer_thinks(lab, lab_page):
    """The computer thinks beside the kernel's event loop: the table says "A is thinking…"
    and answers a click meanwhile; the move comes once found."""
    file = "thinking.json"
    commons = cardlab.game("card-commons")
    # B holds 3S 4H 4D 5S 2D 3C 4C
    cardlab.Session(commons, commons.deal(seed=7, deck=COMMONS_DEAL)).save(lab.root / file)
    page = lab_page(
        "thinking.ipynb",
        f"import threading\nimport cardlab\nfrom cardlab.widgets import Table\n"
        f"session = cardlab.Session.load({file!r})",
        "release = threading.Event()\n"
        "def slow(game, view):  # thinks until released\n"
        "    release.wait(120)\n"
        "    return game.legal_moves(view)[0]\n"
        "table = Table(session, viewer=1, opponent=slow, opponent_delay=0)\ntable",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        thinking = _table(page).locator(".cardlab-thinking")
        thinking.wait_for(timeout=TIMEOUT_MS)
        assert thinking.inner_text() == "A is thinking…"
        _card(page, "3S").click()  # B's card, out of turn: answered while A thinks
        assert "It is A's turn, not B's." in _message(page, "explain")  # its explanation, at once
        assert page.run("print(len(session.moves), table.thinking)").split() == ["0", "True"]
        page.run("release.set()")
        _wait_step(page, 1)  # A's Commission, once found
        thinking.wait_for(state="detached", timeout=TIMEOUT_MS)
        assert _message(page, "info").startswith("A: put ")
    finally:
        page.close()


def test_the_table_answers_clicks_while_a_hint_is_looked_for(lab, lab_page):
    """The Hint button's search runs beside the kernel's event loop too: the table says it is
    looking, the button waits, a card's explanation comes meanwhile, then the ranking."""
    page = lab_page(
        "hinting.ipynb",
        "import threading\nimport cardlab\nfrom cardlab import bots\nfrom cardlab.widgets import Table\n"
        "session = cardlab.Session(cardlab.game('card-commons'), seed=7)",
        "release = threading.Event()\n"
        "def slow(game, view):  # looks until released\n"
        "    release.wait(120)\n"
        "    return bots.hint(game, view, playouts=60, seed=1)\n"
        "table = Table(session, viewer=0, hint=slow)\ntable",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        button = _table(page).locator('[data-key="hint"]')
        button.click()
        looking = _table(page).locator(".cardlab-hinting")
        looking.wait_for(timeout=TIMEOUT_MS)
        assert looking.inner_text() == "Looking for a good move for A…"
        assert button.is_disabled() and button.inner_text() == "Thinking…"
        _table(page).locator(".cardlab-tableau .cardlab-card").first.click()  # answered while it looks
        assert _message(page, "explain")
        assert button.is_disabled()
        page.run("release.set()")
        _table(page).locator(".cardlab-ranking").wait_for(timeout=TIMEOUT_MS)
        looking.wait_for(state="detached", timeout=TIMEOUT_MS)
        assert not button.is_disabled() and button.inner_text() == "Hint"
    finally:
        page.close()


MARKUP = "<img src=x onerror=alert(1)>"


def test_names_and_echoed_text_are_shown_as_text(lab, lab_page):
    """A name with markup in it, and markup in an edited state text that the validator's
    refusal echoes back, are shown as text: no element is made from them, no dialog opens."""
    page = lab_page(
        "names.ipynb",
        "import cardlab\nfrom cardlab.widgets import Table\n"
        "session = cardlab.Session(cardlab.game('card-commons'), seed=7)\n"
        f"table = Table(session, names=({MARKUP!r}, '<b onmouseover=alert(2)>Bob</b>'), hint=True)\ntable",
    )
    dialogs: list[str] = []
    page.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.open(".cardlab-table[data-rev]")
        assert _table(page).locator(".cardlab-status").inner_text() == f"{MARKUP} to move"
        titles = _table(page).locator(".cardlab-group-title").all_inner_texts()
        assert any(t.startswith(f"{MARKUP} (A)") for t in titles) and any("Bob</b> (B)" in t for t in titles)
        _table(page).locator('[data-key="hint"]').click()
        _table(page).locator(".cardlab-ranking").wait_for(timeout=TIMEOUT_MS)
        page.page.wait_for_function(  # the complete ranking, which would replace the refusal below
            "() => !document.querySelector('.cardlab-table .cardlab-rank-refining')", timeout=TIMEOUT_MS
        )
        textarea = _open_text_form(page)
        textarea.fill(textarea.input_value() + f"\n{MARKUP}: 1")
        _table(page).locator('[data-key="apply"]').click()
        assert MARKUP in _message(page, "error")
        page.page.wait_for_timeout(300)  # time for an image's onerror, had one been made
        made = _table(page).locator("img, b, script, [onerror], [onmouseover]").count()
        assert made == 0, "an element was made from text the user typed"
        assert dialogs == []
    finally:
        page.close()


# --- readable, fitting, keyboard and screen reader ----------------------------------------------

#: The smallest window a table must fit at its default size (JupyterLab's left side bar closed).
SMALL_WINDOW = (1024, 768)

# For every face-up card of the tableau: whether the centres of its rank, its suit and its
# note (if it has one) are on top, on the card itself (not under the next card of its pile),
# and which rank and suit it draws there. Each card is scrolled into view first.
_CORNERS_JS = """
() => {
  const found = [];
  for (const card of document.querySelectorAll('.cardlab-table .cardlab-tableau .cardlab-card:not(.cardlab-back)')) {
    card.scrollIntoView({block: 'center', inline: 'center'});
    const seen = (el) => {
      if (!el) return null;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return !!hit && card.contains(hit);
    };
    const glyph = (sel) => getComputedStyle(card.querySelector(sel), '::before').content.replace(/^"|"$/g, '');
    const note = card.querySelector('.cardlab-card-note');
    found.push({code: card.dataset.code, zone: card.closest('[data-zone]').dataset.zone,
                rank: glyph('.cardlab-rank'), suit: glyph('.cardlab-pip'),
                rankSeen: seen(card.querySelector('.cardlab-rank')), suitSeen: seen(card.querySelector('.cardlab-pip')),
                note: note ? note.textContent : null, noteSeen: seen(note), label: card.getAttribute('aria-label')});
  }
  return found;
}
"""


def _corners(page: Any) -> list[dict[str, Any]]:
    page.page.mouse.move(0, 0)  # no card lifted by the pointer
    page.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return page.page.evaluate(_CORNERS_JS)


def _assert_corners_readable(corners: list[dict[str, Any]]) -> None:
    assert corners
    for c in corners:
        card = cardlab.parse_card(c["code"])
        expected = ("JK", "★") if card.is_joker else (c["code"][:-1], str(card)[-1])
        assert (c["rank"], c["suit"]) == expected, c
        assert c["rankSeen"] and c["suitSeen"], f"{card} in {c['zone']!r}: its rank or suit is covered"
        assert c["note"] is None or c["noteSeen"], f"{card} in {c['zone']!r}: its note {c['note']!r} is covered"


def test_every_card_in_a_pile_shows_its_rank_and_suit(teacher):
    """In every pile of every game, even in the smallest window, each face-up card under
    another still shows its corner index: rank and suit, not the rank alone."""
    page, scenario = teacher
    _reset(page, scenario.history)
    try:
        for width, height in (SMALL_WINDOW, (1400, 1800)):
            page.window(width, height, left_bar=False)
            _assert_corners_readable(_corners(page))
    finally:
        page.window(1400, 1800)


def test_a_wild_spade_under_other_cards_is_marked_wild(lab, lab_page):
    """Commitment: a spade committed to the clubs stack reads as a spade and as a wild, even
    with a club on top of it; a screen reader says so too."""
    file = "wild.json"
    commitment = next(s for s in SCENARIOS if s.game == "commitment")
    commitment.session(("2C b1", "4S b1 clubs", "10S b1 clubs", "3C b1", "9C b1", "2H b1")).save(lab.root / file)
    page = lab_page(
        "wild.ipynb",
        "import cardlab\nfrom cardlab.widgets import Table\n"
        f"session = cardlab.Session.load({file!r})\ntable = Table(session, viewer=0)\ntable",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        page.window(*SMALL_WINDOW, left_bar=False)
        corners = {(c["zone"], c["code"]): c for c in _corners(page)}
        _assert_corners_readable(list(corners.values()))
        ten = corners[("b1 B clubs", "10S")]  # under the 9♣
        assert (ten["rank"], ten["suit"], ten["note"]) == ("10", "♠", "wild") and ten["noteSeen"]
        assert ten["label"] == "10 of spades, wild"
        assert corners[("b1 A clubs", "4S")]["note"] == "wild" and corners[("b1 B clubs", "2C")]["note"] is None
    finally:
        page.close()


_SIZE_JS = """
() => {
  const box = (sel) => {
    const el = document.querySelector(sel); return el ? el.getBoundingClientRect().toJSON() : null; };
  const table = document.querySelector('.cardlab-table');
  const panel = table.closest('.jp-WindowedPanel-outer') ?? table.closest('.jp-Notebook');
  const sideways = [table, ...table.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1
      && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)).map((e) => e.className);
  return {table: box('.cardlab-table'), play: box('.cardlab-table .cardlab-play'),
          side: box('.cardlab-table .cardlab-side'),
          card: box('.cardlab-table .cardlab-tableau .cardlab-card'), visible: panel.getBoundingClientRect().height,
          output: table.closest('.jp-OutputArea-output').getBoundingClientRect().width, sideways};
}
"""


def test_the_table_fits_a_small_window_and_grows_for_a_projector(player):
    """At 1024×768 a learner's table fits the notebook's visible height and width, nothing in
    it scrolls sideways, and the tableau takes the width beside the score (it never sits
    narrow beside empty space). size="large" (the Size menu) makes the cards half as big again."""
    page, scenario = player
    _reset(page, scenario.moves)
    try:
        page.window(*SMALL_WINDOW, left_bar=False)
        normal = page.page.evaluate(_SIZE_JS)
        table, play, side = normal["table"], normal["play"], normal["side"]
        assert table["height"] <= normal["visible"], f"{scenario.game}: {table['height']:.0f} px tall at 1024×768"
        assert table["width"] <= normal["output"] + 1 and not normal["sideways"], normal
        beside = side["left"] >= play["right"] - 1
        assert beside, "at 1024×768 the score and the moves sit beside the tableau"
        assert play["width"] >= 0.55 * table["width"], f"the tableau is {play['width']:.0f} px of {table['width']:.0f}"
        before = _rev(page)
        _table(page).locator('[data-key="size"]').select_option("large")
        page.page.wait_for_function(
            "() => document.querySelector('.cardlab-table').dataset.size === 'large'", timeout=TIMEOUT_MS
        )
        assert page.run("print(table.size)").strip() == "large" and _rev(page) == before  # a view option only
        large = page.page.evaluate(_SIZE_JS)
        assert large["card"]["width"] == pytest.approx(1.5 * normal["card"]["width"], rel=0.05)
        assert large["table"]["width"] <= large["output"] + 1 and not large["sideways"], large
        if large["side"]["left"] < large["play"]["right"] - 1:  # the score went below: the tableau takes the width
            assert large["play"]["width"] >= large["table"]["width"] - 2
        page.run("table.size = 'normal'")
        page.page.wait_for_function(
            "() => document.querySelector('.cardlab-table').dataset.size === 'normal'", timeout=TIMEOUT_MS
        )
    finally:
        page.window(1400, 1800)


_LATE_JS = """
() => {
  const tableau = document.querySelector('.cardlab-table .cardlab-tableau').getBoundingClientRect();
  const battles = [...document.querySelectorAll('.cardlab-table .cardlab-role-framed')]
    .map((el) => el.getBoundingClientRect().top);
  const discard = document.querySelector('.cardlab-table [data-zone="discard"]');
  const tops = new Set([...discard.querySelectorAll('.cardlab-slot')]
    .map((el) => Math.round(el.getBoundingClientRect().top)));
  const box = discard.getBoundingClientRect();
  return {battles, lines: tops.size, inside: box.left >= tableau.left && box.right <= tableau.right};
}
"""


def test_a_late_commitment_table_keeps_its_width(lab, lab_page):
    """Commitment's third round at 1024×768: the three battles share one row, the decks sit
    under them, a discard pile of 40 cards goes on in more lines (each card still showing its
    rank and suit) rather than widen the table, nothing scrolls sideways, and the score stays
    beside the tableau."""
    from cardlab.bots import HeuristicPlayer

    game = cardlab.game("commitment")
    session = cardlab.Session(game, game.deal(seed=3))
    players = (HeuristicPlayer(seed=1), HeuristicPlayer(seed=2))
    while len(session.moves) < 52:
        state = session.state
        mover = game.to_move(state)
        session.play(players[mover].choose(game, game.view(state, mover)))
    state = session.state
    assert state.round == 3 and len(state.battles) == 3 and len(state.discard) >= 40  # the position asked for
    session.save(lab.root / "late.json")
    page = lab_page(
        "late.ipynb",
        "import cardlab\nfrom cardlab.widgets import Table\n"
        "session = cardlab.Session.load('late.json')\n"
        f"table = Table(session, viewer={game.to_move(state)}, hint=True)\n"
        "table",
    )
    try:
        page.open(".cardlab-table[data-rev]")
        page.window(*SMALL_WINDOW, left_bar=False)
        size = page.page.evaluate(_SIZE_JS)
        assert size["table"]["width"] <= size["output"] + 1 and not size["sideways"], size
        assert size["side"]["left"] >= size["play"]["right"] - 1, "the score and the moves stay beside the tableau"
        late = page.page.evaluate(_LATE_JS)
        assert len(late["battles"]) == 3 and max(late["battles"]) - min(late["battles"]) < 1, late
        assert late["lines"] > 1 and late["inside"], late
        _assert_corners_readable(_corners(page))
    finally:
        page.close()


def _active(page: Any) -> dict[str, Any]:
    return page.page.evaluate("""() => { const el = document.activeElement;
        return {key: el.dataset.key ?? null, code: el.dataset.code ?? null, role: el.getAttribute('role'),
                tag: el.tagName, inTableau: !!el.closest('.cardlab-tableau'),
                playable: el.classList.contains('cardlab-playable'),
                zone: el.closest('[data-zone]')?.dataset.zone ?? null}; }""")


def test_the_focus_follows_the_keyboard(player):
    """Escape closes a card's menu and gives the focus back to the card; after a move made
    from the keyboard the focus is on a card of the table (the next playable one, else the
    card just used), never on the page; arrow keys move within a pile."""
    page, scenario = player
    _reset(page, scenario.moves)
    code, move = scenario.click
    card = _card(page, code)
    key = card.get_attribute("data-key")
    card.focus()
    page.page.keyboard.press("Enter")
    _table(page).locator(".cardlab-menu [role=menuitem]").first.wait_for(timeout=TIMEOUT_MS)
    assert _active(page)["role"] == "menuitem"
    page.page.keyboard.press("Escape")
    page.page.wait_for_function("() => !document.querySelector('.cardlab-table .cardlab-menu')", timeout=TIMEOUT_MS)
    assert _active(page)["key"] == key, "Escape gives the focus back to the card"
    # arrow keys within the pile of that card
    zone = card.locator("xpath=ancestor::section[1]").get_attribute("data-zone")
    pile = _table(page).locator(f'.cardlab-tableau [data-zone="{zone}"]')
    keys = pile.locator('.cardlab-card[tabindex="0"]').evaluate_all("els => els.map(e => e.dataset.key)")
    assert len(keys) > 1
    pile.locator(f'[data-key="{keys[0]}"]').focus()
    page.page.keyboard.press("ArrowRight")
    assert _active(page)["key"] == keys[1]
    page.page.keyboard.press("End")
    assert _active(page)["key"] == keys[-1]
    page.page.keyboard.press("ArrowLeft")
    assert _active(page)["key"] == keys[-2]
    page.page.keyboard.press("Home")
    assert _active(page)["key"] == keys[0]
    # a move from the keyboard
    card.focus()
    page.page.keyboard.press("Enter")
    choice = _table(page).locator(f'.cardlab-menu [data-move="{move}"]')
    choice.wait_for(timeout=TIMEOUT_MS)
    before = _rev(page)
    choice.focus()
    page.page.keyboard.press("Enter")
    _wait_rev(page, before)
    page.page.wait_for_timeout(100)
    after = _active(page)
    assert after["inTableau"] and after["code"], f"after the move the focus is on {after}"
    assert after["playable"] or after["code"] == code or after["zone"] == zone, after
    assert page.run("print(session.moves[-1])").strip() == move


def _stop_editing(page: Any) -> None:
    """Leave the editor's "change a card" mode, which an earlier test may have left on."""
    editing = _table(page).locator('[data-key="editing"][aria-pressed="true"]')
    if editing.count():
        editing.click()
        page.page.wait_for_selector(".cardlab-table:not(.cardlab-editing)", timeout=TIMEOUT_MS)


def _assert_axe_clean(page: Any, where: str) -> None:
    from helpers import axe

    axe.assert_clean(page, ".cardlab-table", where)


def _assert_axe_clean_in_both_themes(page: Any, where: str) -> None:
    from helpers import axe

    axe.assert_clean_in_both_themes(page, ".cardlab-table", where)


def _axe_everywhere(page: Any, scenario: Scenario, who: str) -> None:
    """axe on the table in both themes, with a card's menu open, and (a player) with a hint."""
    _assert_axe_clean_in_both_themes(page, f"the {scenario.game} {who}'s table")
    _card(page, scenario.click[0]).click()
    _table(page).locator(".cardlab-menu").wait_for(timeout=TIMEOUT_MS)
    _assert_axe_clean(page, f"the {scenario.game} {who}'s table with a card's menu open")
    page.page.keyboard.press("Escape")


def test_a_players_table_passes_axe(player, axe_ready):
    page, scenario = player
    _reset(page, scenario.moves)
    _axe_everywhere(page, scenario, "player")
    _table(page).locator('[data-key="hint"]').click()
    _table(page).locator(".cardlab-ranking").wait_for(timeout=TIMEOUT_MS)
    _assert_axe_clean(page, f"the {scenario.game} player's table with a hint")


def test_the_teachers_table_passes_axe(teacher, axe_ready):
    page, scenario = teacher
    _reset(page, scenario.moves)
    _stop_editing(page)
    _axe_everywhere(page, scenario, "teacher")
    _table(page).locator('[data-key="editing"]').click()  # the editor: a card picked, the deck to swap it with
    _card(page, scenario.click[0]).click()
    _table(page).locator(".cardlab-picker").wait_for(timeout=TIMEOUT_MS)
    _open_text_form(page)
    _assert_axe_clean(page, f"the {scenario.game} teacher's table while editing")
    _stop_editing(page)
    _reset(page, scenario.history)
    page.run("session.goto(1)")  # the past on show: the later moves in the log are set apart
    _wait_step(page, 1)
    _assert_axe_clean(page, f"the {scenario.game} teacher's table stepped back")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_the_last_moves_cards_glide_where_they_land_unless_motion_is_reduced(lab, lab_page, scenario):
    """In every game, a played card is marked on the table and slides from the hand to where it
    lands, in a short transition; a reader who asks the system for reduced motion gets no
    movement."""
    page = _open(lab, lab_page, scenario, None, "-motion")
    try:
        for reduced, glides in (("no-preference", True), ("reduce", False)):
            page.page.emulate_media(reduced_motion=reduced)
            _reset(page, scenario.moves)
            page.page.evaluate("""() => { window.__glides = 0; const animate = Element.prototype.animate;
                Element.prototype.animate = function (...args) {
                    window.__glides += 1; return animate.apply(this, args); }; }""")
            code, move = scenario.click
            _card(page, code).click()
            choice = _table(page).locator(f'.cardlab-menu [data-move="{move}"]')
            before = _rev(page)
            choice.click()
            _wait_rev(page, before)
            assert (page.page.evaluate("() => window.__glides") > 0) == glides, reduced
            assert _table(page).locator(f'.cardlab-tableau .cardlab-last[data-code="{code}"]').count() >= 1
    finally:
        page.close()
