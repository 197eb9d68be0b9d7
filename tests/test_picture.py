"""Every widget's display output carries a static HTML picture of what it shows (``text/html``
beside the widget view), drawn from the viewer's view only, with classes the widgets' stylesheet
never styles."""

from __future__ import annotations

import re

import cardlab
from cardlab.widgets import Hand, ScoreBreakdown, StateEditor, Stepper, Table, Tableau, frontend

VIEW = "application/vnd.jupyter.widget-view+json"
MOVES = ("commission 2S", "commission 3S", "claim 4S")
# A stacked deal (pool up, pool down, Nest Egg, A's 7 cards, B's 7), so the moves do not depend on a shuffle.
DECK = "5H QH 5D 3D 2S 5C 2C KS 2H 4S 3H 3S 4H 4D 5S 2D 3C 4C"


def session() -> cardlab.Session:
    game = cardlab.game("card-commons")
    s = cardlab.Session(game, game.deal(deck=DECK))
    for move in MOVES:
        s.play(move)
    return s


def widgets(s: cardlab.Session) -> list:
    return [Table(s), Table(s, viewer=1), Hand(s, 0), Tableau(s, 1), ScoreBreakdown(s), Stepper(s), StateEditor(s)]


def bundle(widget) -> dict:
    data, _metadata = widget._repr_mimebundle_()
    return data


def test_every_widget_carries_its_picture_beside_the_view():
    for widget in widgets(session()):
        data = bundle(widget)
        assert set(data) == {"text/plain", "text/html", VIEW}
        assert data["text/plain"] == repr(widget)
        page = data["text/html"]
        assert page.startswith(f"<div class='cardlab-static-widget' data-cardlab-static='{type(widget).__name__}'")
        assert "the start" in page or "after move 3 of 3" in page
        if not isinstance(widget, ScoreBreakdown):
            assert page.count('class="cardlab-static-card') >= 1, type(widget).__name__


def test_the_picture_follows_the_session():
    s = session()
    table, stepper = Table(s), Stepper(s)
    s.play("defend 4D")
    assert "after move 4 of 4" in bundle(table)["text/html"]
    assert "defend with the 4♦ ◀ on show" in bundle(stepper)["text/html"]
    s.goto(1)
    page = bundle(stepper)["text/html"]
    assert "after move 1 of 4" in page and page.count("◀ on show") == 1
    assert "A: put the 2♠ face down as the Commission ◀ on show" in page


def test_a_look_back_names_the_position_it_shows():
    """A player looking back on their own table sees an earlier position: the picture shows it,
    and its caption says which, not the game's latest."""
    s = session()
    table = Table(s, viewer=1)
    table._handle_custom_msg({"action": "goto", "index": 1, "rev": table.view["rev"]}, [])
    page = bundle(table)["text/html"]
    assert "after move 1 of 3, looking back" in page and "after move 3 of 3" not in page
    table._handle_custom_msg({"action": "goto", "index": 0, "rev": table.view["rev"]}, [])
    assert "at the start, before any of 3 moves, looking back" in bundle(table)["text/html"]


def test_a_players_picture_shows_no_card_hidden_from_them():
    s = session()
    game, state = s.game, s.state
    seen_by_b = {c for z in game.zones(game.view(state, 1)) for c in z.cards}
    hidden = {c for z in game.zones(state) for c in z.cards} - seen_by_b
    assert hidden, "the position must hide cards from B"
    for widget in (Table(s, viewer=1), Tableau(s, 1), Hand(s, 0, viewer=1), Stepper(s, 1), ScoreBreakdown(s, 1)):
        page = bundle(widget)["text/html"]
        for card in hidden:
            assert f'aria-label="{card.name}"' not in page, (type(widget).__name__, card)
    assert 'aria-label="face-down card"' in bundle(Table(s, viewer=1))["text/html"]
    teacher = bundle(Table(s))["text/html"]
    assert all(f'aria-label="{card.name}"' in teacher for card in hidden)


def test_the_static_classes_are_never_styled_or_used_by_the_widgets_front_end():
    s = session()
    pages = [bundle(w)["text/html"] for w in widgets(s)] + [
        s.state._repr_html_(),
        s.game.score(s.state)._repr_html_(),
        cardlab.cards("4C JK")._repr_html_(),
    ]
    classes = {c for page in pages for attr in re.findall(r"class=['\"]([^'\"]*)['\"]", page) for c in attr.split()}
    assert classes and all(c.startswith("cardlab-static-") for c in classes), classes
    front_end = frontend.ESM.read_text(encoding="utf-8") + frontend.CSS.read_text(encoding="utf-8")
    assert "cardlab-static" not in front_end
