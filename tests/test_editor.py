"""The state editor: swapping two cards, the text form, the validator's refusals, and an edit
that keeps the game it replaces."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.cards import Card, parse_card
from cardlab.engine import swap_cards
from cardlab.widgets import StateEditor, Table
from helpers.widget_driver import CLAIMED, commons_session, pile_of, round_end, send


def test_swap_cards_exchanges_the_chosen_slot_with_a_card_elsewhere():
    game = cardlab.game("commitment")
    state = game.deal(seed=2)
    battle_card = next(z for z in game.zones(state) if z.name == "b1 battle card").cards[0]
    joker = Card(0, "*")
    assert battle_card == joker  # with seed 2 one Joker is the battle card, the other in the battle deck
    deck = next(z for z in game.zones(state) if z.name == "battle deck")
    four = next(c for z in game.zones(state) if z.name == "A hand" for c in z.cards)
    for zone, index in (("b1 battle card", 0), ("battle deck", deck.cards.index(joker))):
        edited = swap_cards(game, state, joker, four, (zone, index))
        after = {z.name: z.cards for z in game.zones(edited)}
        assert after[zone][index] == four
        assert joker in after["A hand"]
        moved = sum(a != b for z in game.zones(state) for a, b in zip(z.cards, after[z.name]))
        assert moved == 2


def test_swap_cards_leaves_the_record_of_a_settled_deal_alone():
    game = cardlab.game("commerce", players=3)
    session = cardlab.Session(game, seed=7)
    session.play(session.legal_moves()[0])
    session.play("knock")
    state = session.state
    record = state.history[0]
    a = state.hands[0][0]
    b = next(c for c in state.stock if any(c in hand for hand in record.hands))  # in the stock and in deal 1
    edited = swap_cards(game, state, a, b)
    assert edited.history == state.history
    assert edited.hands[0][0] == b and a in edited.stock


def test_the_editor_swaps_cards_and_the_breakdown_follows():
    session = round_end()
    table = Table(session)
    items = table.view["breakdown"]["items"]
    assert [i["points"] for i in items] == [0, 0]
    message = send(table, "swap", cards=["3D", "2S"])  # the Nest Egg becomes 2S (from the pool): A's 2C matches it
    assert message["kind"] == "info", message
    assert session.state.nest_egg == parse_card("2S") and len(session.moves) == 0
    assert table.view["breakdown"]["items"][0]["points"] > 0
    assert pile_of(table.view, "nest egg")["cards"] == ["2S"]


def test_the_editor_swaps_the_clicked_one_of_two_identical_cards():
    game = cardlab.game("commitment")
    session = cardlab.Session(game, seed=2)  # a Joker is b1's battle card, the other in the battle deck
    table = Table(session)
    deck = [c.code for z in game.zones(session.state) if z.name == "battle deck" for c in z.cards]
    assert pile_of(table.view, "b1 battle card")["cards"] == ["JK"] and "JK" in deck  # the first Joker in zone order
    message = send(table, "swap", cards=["JK", "QS"], zone="b1 battle card", index=0)
    assert message["kind"] == "info", message
    assert pile_of(table.view, "b1 battle card")["cards"] == ["QS"]
    assert pile_of(table.view, "battle deck")["cards"] == [c.replace("QS", "JK") for c in deck]


def test_an_invalid_edit_shows_the_validators_message_and_changes_nothing():
    session = commons_session("commission 2S")
    table = Table(session)
    before = session.state
    message = send(table, "swap", cards=["2S", "QH"])
    assert message["kind"] == "error"
    assert message["text"] == "A commission: QH is a Wild, and a Wild can't be a Commission"
    assert session.state is before
    text = session.game.to_text(before).replace("nest egg: 3D", "nest egg: 3D 4D")
    message = send(table, "edit_text", text=text)
    assert message["kind"] == "error" and "nest egg" in message["text"]
    assert session.state is before


def test_the_text_form_edits_the_state():
    session = commons_session()
    editor = StateEditor(session)
    text = session.game.to_text(session.state)
    assert "nothing changed" in send(editor, "edit_text", text=text)["text"]
    edited = text.replace("nest egg: 3D", "nest egg: 2H").replace("A hand: 2S 5C 2C KS 2H", "A hand: 2S 5C 2C KS 3D")
    assert send(editor, "edit_text", text=edited)["kind"] == "info"
    assert session.state.nest_egg == parse_card("2H")
    assert editor.view["editor"]["text"] == edited


def test_the_editor_is_the_teachers_only():
    session = commons_session()
    with pytest.raises(ValueError, match="only the teacher"):
        Table(session, viewer=0, editor=True)
    assert "editor" not in Table(session, editor=False).view


def test_an_edit_on_a_table_with_history_never_erases_it():
    """The editor says before an edit that the game is kept; after it, the banner offers
    "Undo the edit", which brings back the game with its moves."""
    session = commons_session(*CLAIMED)
    table = Table(session)
    assert "is kept, and “Undo the edit” brings it back" in table.view["editor"]["note"]
    said = send(table, "swap", cards=["2H", "5C"])
    assert said["text"].startswith("Swapped 2♥ and 5♣.") and "with its 3 moves" in said["text"]
    assert session.moves == () and table.view["line"]["kind"] == "edited"
    assert table.view["line"]["actions"] == [{"action": "undo_edit", "text": "Undo the edit"}]
    assert send(table, "undo_edit")["text"].startswith("The edit is undone")
    assert [str(m) for m in session.moves] == list(CLAIMED) and table.view["line"] is None
    assert "no edit to undo" in send(table, "undo_edit")["text"]
