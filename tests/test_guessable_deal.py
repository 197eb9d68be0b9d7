"""A player's table warns when its deal comes from a seed that can be guessed, and only then."""

from __future__ import annotations

import re
import warnings

import pytest

import cardlab
from cardlab.widgets import GuessableDealWarning, Table
from helpers.widget_driver import DEAL, send


def test_a_players_table_warns_when_the_deal_comes_from_a_seed_that_can_be_guessed():
    """A player's table bound to a game dealt from an explicit seed (or a stacked deck) warns:
    a Python warning for whoever runs the code, and a standing notice in the table's message
    line, in a teacher's words, naming what to do instead and never the seed itself."""
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, seed=7)
    with pytest.warns(GuessableDealWarning) as caught:
        table = Table(session, viewer=1, names=("Ada", "Bob"))
    [warning] = caught
    assert warning.filename == __file__  # it points at the line that made the table
    text = str(warning.message)
    assert "Bob's cards" in text and "anyone who knows or finds the seed knows every hidden card" in text
    assert "right for a lesson, not for a game between learners" in text
    assert "cardlab.Session(game) with no seed" in text
    assert not re.search(r"\d", text)  # no number at all: the seed never shows
    notice = table.message["text"]  # the table's own notice: the gist, short enough for one line
    assert table.message["kind"] == "warning" and "whoever knows it knows every hidden card" in notice
    assert "not for a game between learners" in notice and len(notice) < 130 and not re.search(r"\d", notice)
    notice = table.message
    # the notice stays: after another player's move it is back; after the player's own, the
    # move's report takes the line (then the next change brings the notice back)
    session.play(session.legal_moves()[0])  # A's Commission
    assert table.message == notice
    assert send(table, "play", move=str(session.legal_moves()[0]))["kind"] == "info"
    session.play(session.legal_moves()[0])
    assert table.message == notice
    table.close()
    stacked = cardlab.Session(game, game.deal(deck=DEAL))
    with pytest.warns(GuessableDealWarning, match="stacked deck"):
        Table(stacked, viewer=0).close()


@pytest.mark.parametrize("name", ["card-commons", "commerce", "commitment", "contest"])
def test_no_warning_for_a_fresh_deal_or_for_the_teachers_table(name):
    """A fresh deal (``cardlab.Session(game)``) cannot be guessed: its players' tables say
    nothing of seeds. The teacher's table never warns: the teacher sees every card anyway."""
    game = cardlab.game(name)
    with warnings.catch_warnings():
        warnings.simplefilter("error", GuessableDealWarning)
        fresh = cardlab.Session(game)
        for player in range(game.players):
            table = Table(fresh, viewer=player)
            assert table.message == {}
            table.close()
        Table(cardlab.Session(game, seed=7)).close()
    with pytest.warns(GuessableDealWarning):
        Table(cardlab.Session(game, seed=7), viewer=0).close()


def test_no_warning_against_the_computer_until_people_play_the_other_seats():
    """Against the computer a seeded deal hides nothing from anyone (the computer gets only its
    own view), so the table neither warns nor shows the notice; once the player hands the other
    seat to people, the notice is on the table (the Python warning was for whoever made it)."""
    game = cardlab.game("card-commons")
    with warnings.catch_warnings():
        warnings.simplefilter("error", GuessableDealWarning)
        table = Table(cardlab.Session(game, seed=2026), viewer=0, opponent="random")
        assert table.message.get("kind") != "warning"
        send(table, "opponent", name="people")
        table._session.play(table._session.legal_moves()[0])
        assert table.message["kind"] == "warning"
        assert "whoever knows it knows every hidden card" in table.message["text"]
        table.close()
