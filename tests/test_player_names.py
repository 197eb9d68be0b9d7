"""Players' names on the widgets: where they appear, how they are checked, and that a name is
shown as text."""

from __future__ import annotations

import pytest

from cardlab.widgets import Hand, StateEditor, Table
from helpers.table_layout import piles as _piles
from helpers.widget_driver import commons_session, group_titles, send


def test_names_appear_wherever_the_table_names_a_player():
    session = commons_session("commission 2S", "commission 3S")
    table = Table(session, viewer=0, names=("Ada", "Bob"))
    view = table.view
    assert view["players"] == ["Ada", "Bob"] and view["viewer_text"] == "You play Ada"
    assert view["status"] == "Ada to move"
    titles = group_titles(view["layout"])
    assert "Ada (A) (you) · Claimant" in titles and "Bob (B) · Respondent" in titles
    assert "Bob's side of the tableau" in [p["title"] for p in _piles(view["layout"])]
    assert view["breakdown"]["players"] == ["Ada", "Bob"]
    assert [e["player"] for e in table.history["entries"]] == ["Ada", "Bob"]
    message = send(table, "play", move="claim 4S")
    assert message["text"] == "Ada: claim with the 4♠."
    assert table.view["waiting"] == "Waiting for Bob to move."
    assert send(table, "play", move="claim 5C")["text"] == "It is Bob's turn, not yours."
    assert Hand(session, 0, names=("Ada", "Bob")).view["layout"]["items"][0]["title"] == "Ada's hand (you)"
    teacher = StateEditor(session, names=("Ada", "Bob"))
    assert {p["note"] for p in _piles(teacher.view["layout"])} >= {"seen by Ada", "seen by Bob", "face down"}
    assert repr(table) == "Table(card-commons, player A, move 3 of 3)"  # the repr stays the same


def test_names_are_checked():
    session = commons_session()
    for names, reason in [
        (("Ada",), "a sequence of 2 names"),
        ("AB", "a sequence of 2 names"),
        (("Ada", ""), "printable text of 1 to 40"),
        (("Ada", "x" * 41), "printable text of 1 to 40"),
        (("Ada", "Bo\nb"), "printable text"),
        (("Ada", 7), "printable text"),
        (("Ada", " Ada "), "must differ"),
    ]:
        with pytest.raises(ValueError, match=reason):
            Table(session, names=names)
    assert Table(session, names=[" Ada ", "Bob"]).names == ("Ada", "Bob")
    assert Table(session).names == ("A", "B")


def test_a_name_is_data_and_reaches_the_browser_unchanged():
    """Markup in a name is not interpreted in Python: the browser shows it as text (the
    browser tests check that no element is made from it)."""
    markup = "<img src=x onerror=alert(1)>"
    table = Table(commons_session(), viewer=1, names=(markup, "Bob"))
    assert table.view["players"][0] == markup and table.view["status"] == f"{markup} to move"
