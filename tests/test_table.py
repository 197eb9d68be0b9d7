"""A Table's view-model, for the teacher and for a player, and what a table syncs to the browser."""

from __future__ import annotations

import json
import random

import ipywidgets as widgets
import pytest

import cardlab
from cardlab.widgets import Hand, Table
from cardlab.widgets.viewmodel import History, report
from helpers.table_layout import groups as _groups
from helpers.table_layout import piles as _piles
from helpers.widget_driver import EVERY_CONFIGURATION, commons_session, pile_of, round_end, send, view_model


def test_table_view_model_lists_zones_moves_and_score_for_the_teacher():
    session = commons_session("commission 2S", "commission 3S")
    table = Table(session)
    view = table.view
    assert view["component"] == "table" and view["viewer"] is None and view["can_act"]
    assert view["status"] == "A to move" and view["step"] == 2 and view["steps"] == 2
    piles = _piles(view["layout"])
    zones = session.game.zones(session.state)
    assert sorted(p["zone"] for p in piles) == sorted(z.name for z in zones)
    for zone in zones:
        assert pile_of(view, zone.name)["cards"] == [c.code for c in zone.cards]
    assert [m["move"] for m in view["moves"]] == [str(m) for m in session.legal_moves()]
    trade = next(m for m in view["moves"] if m["move"] == "trade 2C for 5H")
    assert trade["cards"] == ["2C", "5H"] and trade["text"] == "trade the 2♣ for the 5♥ of the pool"
    assert view["editor"]["text"] == session.game.to_text(session.state)
    assert view["breakdown"]["totals"] == list(session.game.score(session.state).totals)


def test_player_view_model_hides_the_opponents_cards_and_offers_moves_only_on_their_turn():
    session = commons_session("commission 2S", "commission 3S")
    a, b = Table(session, viewer=0), Table(session, viewer=1)
    assert pile_of(a.view, "B hand")["cards"] == ["??"] * 6
    assert pile_of(b.view, "A hand")["cards"] == ["??"] * 6
    a_hand = next(z for z in session.game.zones(session.state) if z.name == "A hand")
    assert pile_of(a.view, "A hand")["cards"] == [c.code for c in a_hand.cards]
    assert a.view["can_act"] and a.view["moves"]
    assert not b.view["can_act"] and b.view["moves"] == [] and b.view["waiting"] == "Waiting for A to move."
    assert "editor" not in a.view and "editor" not in b.view


@EVERY_CONFIGURATION
def test_a_players_table_syncs_exactly_its_view_model(config):
    """Random games through the widgets: each player's synced traits are the view-model parts
    that the scale test below checks (and the opponent menu, the hint flag and the revision),
    so that test covers everything a player's table sends to the browser."""
    name, options = config
    game = cardlab.game(name, **options)
    rng = random.Random(1)
    session = cardlab.Session(game, seed=1)
    tables = [Table(session, viewer=p) for p in range(game.players)]
    histories = [History(p) for p in range(game.players)]
    for _ in range(25):
        for p, table in enumerate(tables):
            _, expected = view_model(session, p, table._showdown())
            synced = json.loads(table.view_json)
            extra = {"component", "rev", "hint", "opponent", "round_held"}
            assert {k: v for k, v in synced.items() if k not in extra} == expected
            assert synced["round_held"] is False  # nobody but people at this table: nothing to hold for the computer
            assert synced["hint"] is False and synced["opponent"]["current"] == "people"
            assert json.loads(table.history_json) == histories[p].document(session)
            own = {k for k in set(table.keys) - set(widgets.DOMWidget.class_trait_names(sync=True)) if k[0] != "_"}
            assert own == {"view_json", "history_json", "message", "four_colour", "size"}  # all a table syncs
        mover = game.to_move(session.state)
        if mover is None:
            break
        move = rng.choice(session.legal_moves())
        if json.loads(tables[mover].view_json)["showdown"]:  # a round's showdown waits for its player
            send(tables[mover], "continue")
        message = send(tables[mover], "play", move=str(move))
        assert message["kind"] == "info", message
        step = cardlab.Step(session.moves[-1], session.states[-2], session.states[-1], session.events[-1])
        held = tables[mover]._showdown()
        if held is not None:  # the move settled a round: the table shows its showdown, the message says so
            assert message["text"] == (
                f"{game.player_names[mover]}: {History(mover).entry(game, step)['move']}. "
                f"{held.title} is over: its showdown is on the table."
            )
        else:
            assert message["text"] == report(game, step, mover, game.player_names[mover])
    for table in tables:
        table.close()


def test_after_a_scored_round_nobody_is_marked_to_move():
    """When all that is left is "next round", the round is over: no seat says "to move"."""
    session = round_end()
    mover = session.game.to_move(session.state)
    teacher, waiting = Table(session), Table(session, viewer=1 - mover)
    for table in (teacher, waiting):
        assert table.view["status"] == "Round over"
        assert not any(g["badge"] or g["active"] for g in _groups(table.view["layout"]))
    assert waiting.view["waiting"] == f"Round over: waiting for {session.game.player_names[mover]} to go on."
    assert [m["move"] for m in teacher.view["moves"]] == ["next round"]
    session.play("next round")
    assert teacher.view["status"].endswith(" to move")
    assert sum(g.get("badge") == "to move" for g in _groups(teacher.view["layout"])) == 1


def test_bad_arguments_are_refused_clearly():
    session = commons_session()
    with pytest.raises(TypeError, match="cardlab.Session"):
        Table(cardlab.game("card-commons"))
    for viewer in (2, -1, True, "A"):
        with pytest.raises(ValueError, match="viewer is a player number from 0 to 1"):
            Table(session, viewer=viewer)
    with pytest.raises(ValueError, match="player is a player number"):
        Hand(session, 5)


def test_four_colour_is_a_synced_option():
    table = Table(commons_session(), four_colour=True)
    assert table.four_colour and "four_colour" in table.keys
