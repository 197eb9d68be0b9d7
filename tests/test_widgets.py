"""The widgets' view-models and actions, driven from Python (no browser).

A click in the browser is a custom message; here tests send the same messages through
ipywidgets' own handler (``_handle_custom_msg``) and read the synced traits.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import json
import os
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
import traitlets

import cardlab
from cardlab import bots
from cardlab.cards import Card, parse_card
from cardlab.games import configurations
from cardlab.widgets import GuessableDealWarning, Hand, ScoreBreakdown, StateEditor, Stepper, Table, Tableau, layouts
from cardlab.widgets.components import HINT_PLAYOUTS
from cardlab.widgets.base import swap_cards
from cardlab.widgets.viewmodel import (
    HIDDEN_WORDS, History, Position, _variants, move_cards, pretty, report,
)
from helpers.table_layout import groups as _groups, piles as _piles

CONFIGURATIONS = list(configurations())


def send(widget: Any, action: str, **payload: Any) -> dict:
    """Send what the browser sends for a click; return the widget's message afterwards."""
    widget._handle_custom_msg({"action": action, "rev": widget.view["rev"], **payload}, [])
    return widget.message


#: A Card Commons deal, stacked: A holds 2S 5C 2C KS 2H 4S 3H, B 3S 4H 4D 5S 2D 3C 4C; the pool
#: shows 5H QH; the Nest Egg is 3D (pool up, pool down, Nest Egg, A's 7, B's 7).
DEAL = "5H QH 5D 3D 2S 5C 2C KS 2H 4S 3H 3S 4H 4D 5S 2D 3C 4C"


def commons_session(*moves: str, seed: int = 7) -> cardlab.Session:
    """Card Commons dealt from :data:`DEAL` (later rounds shuffled from ``seed``)."""
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, game.deal(seed=seed, deck=DEAL))
    for move in moves:
        session.play(move)
    return session


CLAIMED = ("commission 2S", "commission 3S", "claim 4S")  # B must now defend with a 4


def round_end() -> cardlab.Session:
    session = commons_session()
    while not any(str(m) == "next round" for m in session.legal_moves()):
        session.play(session.legal_moves()[0])
    return session


# --- text helpers ------------------------------------------------------------------------------

def test_pretty_writes_card_codes_with_suit_symbols_and_leaves_words_alone():
    assert pretty("trade 4H for 10C") == "trade 4♥ for 10♣"
    assert pretty("claim QS as JK") == "claim Q♠ as JK"
    assert pretty("AS well as 4Hx and H4") == "A♠ well as 4Hx and H4"
    assert pretty("b1 hearts") == "b1 hearts"


def test_the_log_names_only_the_cards_the_viewer_sees():
    game = cardlab.game("card-commons")
    before = game.state_from_text(
        "round: 1\nclaimant: A\nnest egg: 4C\npool up: 5H 2S\npool down: 3S\nA hand: 2D 3H QH 2C 5S 4S\n"
        "A commission: 4H\nB hand: 2H 3C 4D 5D KS 3D\nB commission: 5C")
    step = game.step(before, "trade 3H for commission")
    log = History(viewer=1).entry(game, step)
    assert log["move"] == f"trade {HIDDEN_WORDS} for the Commission"  # in the game's words
    assert History(viewer=0).entry(game, step)["move"] == "trade the 3♥ for the Commission"
    assert History(viewer=None).entry(game, step)["move"] == "trade the 3♥ for the Commission"


def test_move_cards_are_the_card_fields_of_the_move():
    game = cardlab.game("card-commons")
    assert move_cards(game.parse_move("trade 2C for 5H")) == (parse_card("2C"), parse_card("5H"))
    assert move_cards(game.parse_move("claim 4S")) == (parse_card("4S"),)
    assert move_cards(game.parse_move("next round")) == ()


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


# --- the view-model -----------------------------------------------------------------------------

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
        assert _pile(view, zone.name)["cards"] == [c.code for c in zone.cards]
    assert [m["move"] for m in view["moves"]] == [str(m) for m in session.legal_moves()]
    trade = next(m for m in view["moves"] if m["move"] == "trade 2C for 5H")
    assert trade["cards"] == ["2C", "5H"] and trade["text"] == "trade the 2♣ for the 5♥ of the pool"
    assert view["editor"]["text"] == session.game.to_text(session.state)
    assert view["breakdown"]["totals"] == list(session.game.score(session.state).totals)


def test_player_view_model_hides_the_opponents_cards_and_offers_moves_only_on_their_turn():
    session = commons_session("commission 2S", "commission 3S")
    a, b = Table(session, viewer=0), Table(session, viewer=1)
    assert _pile(a.view, "B hand")["cards"] == ["??"] * 6
    assert _pile(b.view, "A hand")["cards"] == ["??"] * 6
    a_hand = next(z for z in session.game.zones(session.state) if z.name == "A hand")
    assert _pile(a.view, "A hand")["cards"] == [c.code for c in a_hand.cards]
    assert a.view["can_act"] and a.view["moves"]
    assert not b.view["can_act"] and b.view["moves"] == [] and b.view["waiting"] == "Waiting for A to move."
    assert "editor" not in a.view and "editor" not in b.view


def test_components_show_their_own_part():
    session = commons_session("commission 2S")
    hand = Hand(session, 1)
    assert hand.view["component"] == "hand"
    assert _piles(hand.view["layout"]) == [_pile(Table(session, viewer=1).view, "B hand") | {"title": "B's hand (you)", "label": "B's hand (you)"}]
    assert _pile(Hand(session, 0, viewer=1).view, "A hand")["cards"] == ["??"] * 6
    assert Tableau(session, 1).view["layout"] == Table(session, viewer=1).view["layout"]
    assert ScoreBreakdown(session).view["breakdown"] == Table(session).view["breakdown"]
    assert Stepper(session).history == Table(session).history
    editor = StateEditor(session)
    assert editor.view["editor"]["deck"][:4] == ["2C", "3C", "4C", "5C"]


def test_every_widget_follows_the_session_whoever_changes_it():
    session = commons_session()
    teacher, player, stepper = Table(session), Table(session, viewer=1), Stepper(session, 1)
    session.play("commission 2S")  # from Python
    assert teacher.view["step"] == player.view["step"] == stepper.view["step"] == 1
    assert player.view["can_act"]
    send(player, "play", move="commission 3S")  # from another widget
    assert session.moves[-1] == session.game.parse_move("commission 3S")
    assert teacher.view["step"] == stepper.view["step"] == 2
    assert [e["move"] for e in stepper.history["entries"]] == [f"put {HIDDEN_WORDS} face down as the Commission",
                                                          "put the 3♠ face down as the Commission"]
    assert [e["move"] for e in teacher.history["entries"]] == ["put the 2♠ face down as the Commission",
                                                          "put the 3♠ face down as the Commission"]


def test_a_closed_widget_stops_following_the_session():
    session = commons_session()
    table = Table(session)
    rev = table.view["rev"]
    table.close()
    session.play("commission 2S")
    assert table.view["rev"] == rev


def test_score_breakdown_lists_items_with_rules_and_cards():
    session = round_end()
    breakdown = ScoreBreakdown(session).view["breakdown"]
    score = session.game.score(session.state)
    assert [(i["player"], i["points"], i["rule"], i["cards"]) for i in breakdown["items"]] == [
        (i.player, i.points, i.rule, [c.code for c in i.cards]) for i in score.items]
    assert breakdown["items"] and all(i["rule"].startswith("commons.") for i in breakdown["items"])


CONFIGS = pytest.mark.parametrize("config", CONFIGURATIONS, ids=lambda c: c[0] + "".join(f"-{k}={v}" for k, v in c[1].items()))


@CONFIGS
def test_every_pile_has_a_spoken_name_no_other_pile_has(config):
    """Screen readers name each pile by its ``label``: unique on the table, for every viewer,
    in random states of every game ("A's hand", not one "Hand" per player)."""
    name, options = config
    game = cardlab.game(name, **options)
    names = tuple(f"Player {i + 1}" for i in range(game.players))
    for seed in range(1, 6):
        rng = random.Random(seed)
        session = cardlab.Session(game, seed=seed)
        for _ in range(40):
            for viewer in (None, *range(min(game.players, 4))):
                piles = _piles(Position(session, viewer, names).layout())
                labels = [p["label"] for p in piles]
                assert len(set(labels)) == len(labels), f"{name}: labels repeat: {sorted(labels)}"
                zones = {z.name: z for z in game.zones(session.state)}
                for pile in piles:
                    owner = zones[pile["zone"]].owner
                    assert owner is None or names[owner] in pile["label"], pile
            if game.to_move(session.state) is None:
                break
            session.play(rng.choice(session.legal_moves()))


def test_piles_named_alike_take_the_name_of_their_group():
    labels = {p["zone"]: p["label"] for p in _piles(Position(commitment_round_two(), 1).layout())}
    assert labels["A hand"] == "A's hand" and labels["B won"] == "B's battle cards won"
    assert labels["b1 A hearts"] == "Battle 1: A's ♥ hearts" and labels["b2 A hearts"] == "Battle 2: A's ♥ hearts"
    assert labels["b2 battle card"] == "Battle 2: Battle card"


#: A Commitment deal, written out: the moves below lead to round 2, with 7♠ a wild on A's
#: diamonds stack at battle 2.
COMMITMENT_DEAL = """\
seed: 1
round: 1
first: A
turn: A
passed: -
A hand: 2H 3H JH 2C 5C 7C 2D 3D 8D 9S
B hand: 4H 5H 7H 10C 6D 10D JD KD 5S 10S
draw deck: 9D 6C 7S 4S 10H 7D 6H QH 8H 6S 4C 8C JC 3C 2S 5D QD 3S 9C AC AH 9H KH AD KC 4D QC 8S
battle deck: JK KS JK AS QS
b1: JS
b1 A: - / - / -
b1 B: - / - / -
"""
COMMITMENT_ROUND_TWO = ("JH b1", "5S b1 clubs", "3H b1", "6D b1", "2C b1", "10S b1 hearts", "9S b1 clubs", "pass",
                        "8D b1", "2D b1", "5C b1", "2H b1", "3D b1", "7C b1", "pass", "next round", "7S b2 diamonds")


def commitment_round_two() -> cardlab.Session:
    game = cardlab.game("commitment")
    session = cardlab.Session(game, game.state_from_text(COMMITMENT_DEAL))
    for move in COMMITMENT_ROUND_TWO:
        session.play(move)
    return session


def test_a_wild_spade_is_marked_on_every_table():
    """Commitment's 7♠ on A's diamonds stack is a wild (the engine's card_notes), not a diamond."""
    session = commitment_round_two()
    for viewer in (None, 0, 1):
        table = Table(session, viewer=viewer)
        assert _pile(table.view, "b2 A diamonds")["marks"] == ["wild"]
        assert "marks" not in _pile(table.view, "b2 A hearts") and "marks" not in _pile(table.view, "A hand")
        table.close()


def _parents(node: dict, zone: str, trail: tuple = ()) -> tuple[dict, ...] | None:
    """The groups around the pile of ``zone``, innermost first."""
    if node["kind"] == "pile":
        return trail if node["zone"] == zone else None
    for item in node["items"]:
        found = _parents(item, zone, (node, *trail))
        if found is not None:
            return found
    return None


def test_commitments_decks_stand_beside_one_battle_and_under_two():
    """Layout hints: in the first round Commitment's decks area is a column (its zones one
    above the other) beside the battle; from the second, a row under the battles (beside them,
    the column would go under them anyway on a narrow screen, and tall). It is compact (the
    battle deck's 3 cards as a stack with a count); the face-up discard pile is laid out, and
    so is a short face-down pile outside a compact area."""
    game = cardlab.game("commitment")
    first = cardlab.Session(game, game.state_from_text(COMMITMENT_DEAL))
    for move in COMMITMENT_ROUND_TWO[:COMMITMENT_ROUND_TWO.index("next round")]:
        first.play(move)
    decks, row = _parents(Position(first, 1).layout(), "battle deck")[:2]
    assert decks["dir"] == "column" and [i["title"] for i in row["items"]] == ["Battle 1", None]
    session = commitment_round_two()
    for viewer in (None, 1):
        layout = Position(session, viewer).layout()
        decks, middle = _parents(layout, "battle deck")[:2]
        battles = _parents(layout, "b1 battle card")[1]
        assert decks["dir"] == "row" and [p["zone"] for p in decks["items"]] == ["draw deck", "battle deck", "discard"]
        assert [i["title"] for i in battles["items"]] == ["Battle 1", "Battle 2"]
        assert middle["items"].index(decks) == middle["items"].index(battles) + 1  # the row under the battles
        spreads = {p["zone"]: p["spread"] for p in decks["items"]}
        assert spreads == {"draw deck": "stack", "battle deck": "stack", "discard": "fan"}  # 13 cards discarded
        assert len(_pile(Table(session, viewer=viewer).view, "battle deck")["cards"]) == 3
    short = cardlab.engine.Zone("deck", tuple(cardlab.cards("2C 3C 4C")), frozenset(), None, cardlab.engine.STOCK)
    pos = Position(session, None)
    assert layouts.pile(pos, short)["spread"] == "row" and layouts.pile(pos, short, compact=True)["spread"] == "stack"
    empty = short._replace(cards=(), seen_by=None, kind=cardlab.engine.PILE)
    assert layouts.pile(pos, empty, compact=True)["spread"] == "row"  # an empty face-up pile says "empty", not "0 cards"


def test_contests_points_piles_sit_beside_the_discard_and_draw_piles():
    game = cardlab.game("contest")
    layout = Position(cardlab.Session(game, seed=5), 0).layout()
    points, row = _parents(layout, "points C")[:2]
    piles = _parents(layout, "draw pile")[0]
    assert points["title"] == "Points piles" and row["items"] == [points, piles]
    assert [p["zone"] for p in piles["items"]] == ["discard", "draw pile"]


def test_commerce_seats_and_pool_say_points():
    game = cardlab.game("commerce", players=3)
    layout = Position(cardlab.Session(game, seed=5), 0).layout()
    titles = _group_titles(layout)
    assert "Pool: 3 points" in titles and "A (you) · ledger −1 point" in titles, titles
    assert cardlab.engine.points(1) == "1 point" and cardlab.engine.points(-2, signed=True) == "−2 points"
    assert cardlab.engine.points(0, signed=True) == "+0 points"


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


def test_several_hidden_cards_in_a_move_are_counted():
    game = cardlab.game("contest")
    secrets = cardlab.cards("KS 5S 4H KH 10D 8C 4D 2S")  # A's four secret cards, then B's: a stacked deck
    session = cardlab.Session(game, game.deal(deck=[*secrets, *(c for c in game.deck() if c not in secrets)]))
    step = session.play("arrange KS 4H 5S KH")
    assert History(viewer=1).entries(session)[0]["move"] == "lay out the secret cards as 4 hidden cards"
    assert report(game, step, 1, "A") == "A: lay out the secret cards as 4 hidden cards."
    assert History(viewer=0).entries(session)[0]["move"] == "lay out the secret cards as K♠ 4♥ 5♠ K♥"


def view_model(session: cardlab.Session, player: int, showdown: Any = None) -> tuple[Position, dict]:
    """What a player's table syncs besides the log and the message, computed as the widget
    computes it (``Table._parts``), without the widget; ``showdown``: the settled round the
    table stops on, if any."""
    pos = Position(session, player, showdown=showdown)
    return pos, {**pos.header(), "layout": pos.layout(), "moves": pos.moves(),
                 "breakdown": pos.breakdown_json(), "narration": pos.narration(), "showdown": pos.showdown_json()}


@CONFIGS
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
            assert message["text"] == (f"{game.player_names[mover]}: {History(mover).entry(game, step)['move']}. "
                                       f"{held.title} is over: its showdown is on the table.")
        else:
            assert message["text"] == report(game, step, mover, game.player_names[mover])
    for table in tables:
        table.close()


#: Random reachable states checked per game configuration (each for the players below).
HIDDEN_CHECK_STATES = 1_000
#: Players checked in each state: all of them up to this many; at a bigger table, the player
#: to move, the player who just moved and others in turn, so that every seat is checked in
#: a few hundred states and the check stays fast.
HIDDEN_CHECK_VIEWERS = 4


@CONFIGS
def test_no_synced_view_model_holds_a_card_hidden_from_its_player(config):
    """Over 1,000 random reachable states per configuration, what a player's table syncs
    names no card hidden from that player (compared with the full state's zones):

    - the table (zones, legal moves, header) names only cards the player sees now;
    - the log and the message after a move name no card hidden from the player both before and
      after that move (then "a hidden card"; conformance.check_move_log checks the exact rule);
    - the narration is exactly the events the player may read (``Event.seen_by``);
    - the score names only cards the player has been shown: on the table at some point or
      in an event they read (a settled Commerce deal shows every hand, for instance).
    """
    name, options = config
    game = cardlab.game(name, **options)
    checked, seed = 0, 0
    while checked < HIDDEN_CHECK_STATES:
        seed += 1
        rng = random.Random(seed)
        session = cardlab.Session(game, seed=seed)
        histories = [History(p) for p in range(game.players)]
        known: list[set[Card]] = [set() for _ in range(game.players)]
        step = None
        while checked < HIDDEN_CHECK_STATES:
            checked += 1
            zones = game.zones(session.state)
            for p in range(game.players):  # what each player has been shown so far
                known[p].update(c for z in zones if z.visible_to(p) for c in z.cards)
                known[p].update(c for e in session.events[session.index] if e.visible_to(p) for c in _mentioned(e.text))
            for p in _viewers(game, session, checked):
                _check_hidden(game, session, p, zones, histories[p], known[p], step)
            if game.to_move(session.state) is None:
                break
            step = session.play(rng.choice(session.legal_moves()))
    assert checked == HIDDEN_CHECK_STATES


def _viewers(game: Any, session: Any, count: int) -> list[int]:
    n = game.players
    if n <= HIDDEN_CHECK_VIEWERS:
        return list(range(n))
    last = game.to_move(session.states[session.index - 1]) if session.index else None
    chosen = {p for p in (game.to_move(session.state), last) if p is not None}
    turn = count
    while len(chosen) < HIDDEN_CHECK_VIEWERS:
        chosen.add(turn % n)
        turn += 1
    return sorted(chosen)


def _check_hidden(game: Any, session: Any, p: int, zones: Any, history: History, known: set[Card], step: Any) -> None:
    seen = {c for z in zones if z.visible_to(p) for c in z.cards}
    hidden = {c for z in zones if not z.visible_to(p) for c in z.cards} - seen
    settled = [r for r in game.rounds(game.view(session.state, p)) if r.settled]
    pos, vm = view_model(session, p, settled[-1] if settled else None)  # the latest showdown, as if the table stopped on it
    leaked = _table_cards(vm) & hidden
    assert not leaked, f"{leaked} hidden from {game.player_names[p]} but on their table"
    readable = [e for e in session.events[session.index] if e.visible_to(p)]
    assert vm["narration"] == [{"text": pretty(e.text), "rule": e.rule} for e in readable]
    leaked = _breakdown_cards(vm["breakdown"]) - known
    assert not leaked, f"{leaked} never shown to {game.player_names[p]} but in their score"
    leaked = (_round_cards(vm["showdown"]) if vm["showdown"] else set()) - known
    assert not leaked, f"{leaked} never shown to {game.player_names[p]} but in their showdown"
    entries = history.entries(session)
    if step is None:
        return
    before_hidden = _hidden_from(game, step.before, p)
    leaked = _mentioned(entries[-1]["move"]) & hidden & before_hidden
    assert not leaked, f"{leaked} hidden from {game.player_names[p]} but in the log: {entries[-1]}"
    told = " ".join(e["text"] for e in vm["narration"])
    mover = game.player_names[game.to_move(step.before)]
    assert report(game, step, p, mover) == f"{mover}: {entries[-1]['move']}."  # one line: the narration tells the rest


def _table_cards(vm: dict) -> set[Card]:
    found = _layout_cards(vm["layout"], set())
    for move in vm["moves"]:
        found |= _cards(move["cards"]) | _mentioned(move["move"]) | _mentioned(move["text"])
    for value in vm.values():
        if isinstance(value, str):
            found |= _mentioned(value)
    return found


def _layout_cards(node: dict, found: set[Card]) -> set[Card]:
    found |= _mentioned(node["title"] or "")
    if node["kind"] == "pile":
        found |= _cards(node["cards"]) | _mentioned(node["note"] or "")
        return found
    for item in node["items"]:
        _layout_cards(item, found)
    return found


def _breakdown_cards(bd: dict) -> set[Card]:
    found = _mentioned(bd.get("title") or "") | _mentioned(bd.get("unavailable") or "")
    for note in bd.get("notes", ()):
        found |= _mentioned(note)
    for item in bd.get("items", ()):
        found |= _cards(item["cards"]) | _mentioned(item["reason"])
    for row in bd.get("rounds", ()):
        found |= _round_cards(row)
    return found


def _round_cards(row: dict) -> set[Card]:
    """The cards a round's row of the score (or its showdown) names."""
    found = set(_mentioned(row["title"]) | _mentioned(row["how"]) | _mentioned(row.get("note", ""))
                | _mentioned(row.get("next", "")))
    for item in row.get("items", ()):  # a showdown's lines (a row of the score points into its items)
        found |= _cards(item["cards"]) | _mentioned(item["reason"])
    for event in (row["ended"], row["verdict"]):
        found |= _mentioned(event["text"]) if event else set()
    for hand in row["hands"]:
        found |= _cards(hand["cards"]) | _mentioned(hand["ranking"])
    return found


def _hidden_from(game: Any, state: Any, player: int) -> set[Card]:
    zones = game.zones(state)
    seen = {c for z in zones if z.visible_to(player) for c in z.cards}
    return {c for z in zones if not z.visible_to(player) for c in z.cards} - seen


_CARD = re.compile(r"(?<![\w?])(?:(?:10|[2-9JQKA])[CDHS♣♦♥♠]|JK)(?!\w)")


@functools.lru_cache(maxsize=None)
def _card(code: str) -> Card:
    return parse_card(code)


def _cards(codes: list[str]) -> set[Card]:
    return {_card(c) for c in codes if c != "??"}


@functools.lru_cache(maxsize=None)
def _mentioned(text: str) -> frozenset[Card]:
    """Every card named in ``text``, by code ("4H", "JK") or with its symbol ("4♥")."""
    return frozenset(_card(t) for t in set(_CARD.findall(text)))


def test_the_card_finder_reads_codes_and_symbols():
    assert _mentioned("claim 4H, then 10♣ and JK; not H4, 4Hx, ??") == {parse_card(c) for c in ("4H", "10C", "JK")}


# --- actions ------------------------------------------------------------------------------------

def test_a_legal_click_plays_the_move_and_narrates_it():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1)
    message = send(table, "play", move="defend 4D")
    assert session.moves[-1] == session.game.parse_move("defend 4D")
    assert message["kind"] == "info" and message["text"] == "B: defend with the 4♦."
    assert table.view["step"] == 4


def test_an_illegal_move_shows_the_engines_reason_and_changes_nothing():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1)
    before = session.states
    message = send(table, "play", move="defend 5S")
    assert message["kind"] == "error"
    assert "does not answer the Claim 4♠" in message["text"] and "[commons.defense]" in message["text"]
    assert "Traceback" not in message["text"]
    assert session.states == before


def test_clicking_a_card_without_a_move_shows_the_engines_explanation():
    session = commons_session(*CLAIMED)
    game = session.game
    table = Table(session, viewer=1)
    message = send(table, "explain", card="5S", zone="B hand")
    explanation = game.explain_card(session.state, "5S", "B hand", 1)
    # the answer is one short sentence; "Why?" and "What else?" hold the rest, each with its rule
    assert message["kind"] == "explain" and message["text"] == \
        "5♠ does not answer the Claim 4♠: a Defense is a card of the same value (4) or a Wild."
    assert len(message["text"].split()) <= 25 and message["rule"] == "commons.defense"
    assert [line["text"] for line in message["why"] + message["else"]] == [pretty(r.text) for r in explanation.lines]
    assert message["else"][-1]["text"] == ("Now B must defend against the 4♠: play a 4 or a Wild. What B can do "
                                           "instead: defend with the 4♥, 4♦ or 4♣.")
    assert "illegal move" not in message["text"]
    assert [line["rule"] for line in message["lines"]] == ["commons.hand", "commons.defense", "commons.defense"]
    assert message["zone"] == "B hand" and message["card"] == "5S"
    assert [r["move"] for r in message["refused"]] == ["defend 5S"]
    face_down = send(table, "explain", card="??", zone="A hand")
    assert "face down in A's hand" in face_down["text"] and face_down["rule"] == "commons.hand"
    assert "refused: '4H' is not a card of 'A hand'" in send(table, "explain", card="4H", zone="A hand")["text"]


def test_a_card_with_no_move_of_its_kind_says_what_to_do_instead():
    session = round_end()
    message = send(Table(session), "explain", card="3D", zone="nest egg")
    assert message["text"] == "No move of B's uses the 3♦ now." or message["text"] == "No move of A's uses the 3♦ now."
    assert message["why"][0]["text"].startswith("The 3♦ is the Nest Egg")
    text = message["else"][-1]["text"]
    assert text.endswith("What A can do instead: deal the next round.") or "What B can do instead: deal the next round" in text


@pytest.mark.parametrize("content, reason", [
    ("not a dict", "without an action"),
    ({"rev": 1}, "without an action"),
    ({"action": "cheat"}, "unknown action 'cheat'"),
    ({"action": "play", "move": 7}, "needs 'move' as str"),
    ({"action": "goto", "index": "1"}, "needs 'index' as int"),
    ({"action": "goto", "index": True}, "needs 'index' as int"),
    ({"action": "goto", "index": 99}, "there is no state 99"),
    ({"action": "goto", "index": -1}, "there is no state -1"),
    ({"action": "swap", "cards": ["4H"]}, "needs two cards"),
    ({"action": "swap", "cards": ["4H", "4H"]}, "same card"),
    ({"action": "swap", "cards": ["4H", "ZZ"]}, "not a valid card"),
    ({"action": "play", "move": "fly away"}, "not a valid move"),
    ({"action": "play", "move": "defend 4D", "rev": 0}, "changed before that click arrived"),
    ({"action": "play", "move": "defend 4D", "rev": None}, "needs 'rev' as int"),
    ({"action": "play", "move": "defend 4D", "rev": "1"}, "needs 'rev' as int"),
    ({"action": "play", "move": "defend 4D", "rev": 1.0}, "needs 'rev' as int"),
    (["play", "defend 4D"], "without an action"),
    ({"action": 7, "move": "defend 4D"}, "without an action"),
    ({"action": "play", "move": ["defend", "4D"]}, "needs 'move' as str"),
    ({"action": "explain", "card": {"code": "4D"}}, "needs 'card' as str"),
    ({"action": "explain", "card": "4X"}, "not a valid card"),
    ({"action": "edit_text", "text": None}, "needs 'text' as str"),
    ({"action": "swap", "cards": "4H 5S"}, "needs two cards"),
    ({"action": "swap", "cards": [4, 5]}, "needs two cards"),
    ({"action": "opponent", "name": "search"}, "unknown action 'opponent'"),  # a teacher's table has no opponent
    ({"action": "play", "move": "defend 4D", "padding": "x" * 50_000}, "a message of 50,"),
    ({"action": "edit_text", "text": "nest egg: 3D\n" * 5_000}, "the most a click sends is 20,000"),
    ({"action": "play", "move": "defend " + "4D " * 10_000}, "a message of 30,"),
])
def test_malformed_or_forged_messages_are_refused_and_change_nothing(content, reason):
    session = commons_session(*CLAIMED)
    table = Table(session)
    before = (session.states, session.index)
    if isinstance(content, dict) and "rev" not in content:
        content = {**content, "rev": table.view["rev"]}
    table._handle_custom_msg(content, [])
    assert table.message["kind"] == "error" and reason in table.message["text"], table.message
    assert (session.states, session.index) == before


def test_binary_data_and_what_is_not_json_are_refused():
    session = commons_session(*CLAIMED)
    table = Table(session)
    rev = table.view["rev"]
    table._handle_custom_msg({"action": "play", "move": "defend 4D", "rev": rev}, [b"\x00" * 10])
    assert table.message["text"] == "refused: cardlab widgets take no binary data"
    table._handle_custom_msg({"action": "play", "move": {1, 2}, "rev": rev}, [])
    assert table.message["text"] == "refused: a message that is not plain JSON"
    assert len(session.moves) == 3


def test_a_click_made_on_a_table_that_has_changed_since_is_refused():
    """B's page shows the Claim; before B's click arrives, the teacher steps back a move.
    B's click carries the revision it was made on, so it is refused, not played elsewhere."""
    session = commons_session(*CLAIMED)
    b, teacher = Table(session, viewer=1), Table(session)
    clicked_on = b.view["rev"]
    send(teacher, "goto", index=2)
    b._handle_custom_msg({"action": "play", "move": "defend 4D", "rev": clicked_on}, [])
    assert b.message["kind"] == "error" and "changed before that click arrived" in b.message["text"]
    assert session.index == 2 and len(session.moves) == 3


def test_a_move_for_another_player_is_refused_without_revealing_their_cards():
    """On A's turn, A's page sends a Commission with B's card (4D): refused in A's own terms
    (A does not hold it); on B's turn A's page may not move at all."""
    session = commons_session()
    a = Table(session, viewer=0)
    message = send(a, "play", move="commission 4D")
    assert message["kind"] == "error" and "does not hold" in message["text"], message
    assert "4D" not in json.dumps(a.view) and len(session.moves) == 0
    session.play("commission 2S")
    assert send(a, "play", move="commission 4D")["text"] == "It is B's turn, not yours."
    assert len(session.moves) == 1 and session.index == 1


def test_a_player_cannot_move_out_of_turn_or_use_actions_their_widget_lacks():
    session = commons_session(*CLAIMED)
    a = Table(session, viewer=0)
    assert send(a, "play", move="defend 4D")["text"] == "It is B's turn, not yours."
    explained = send(a, "explain", card="2H", zone="A hand")
    assert explained["kind"] == "explain" and explained["text"] == "It is B's turn, not A's."
    assert "Now B must defend against the 4♠" in explained["why"][-1]["text"]
    assert "unknown action 'swap'" in send(a, "swap", cards=["4D", "5S"])["text"]
    assert "unknown action 'hint'" in send(a, "hint")["text"]
    assert "unknown action 'play'" in send(Stepper(session), "play", move="defend 4D")["text"]
    assert "unknown action 'goto'" in send(ScoreBreakdown(session), "goto", index=0)["text"]
    assert len(session.moves) == 3


def test_moves_are_refused_once_the_game_is_over():
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, seed=3)
    while not game.is_over(session.state):
        session.play(session.legal_moves()[0])
    table = Table(session)
    assert table.view["over"] and table.view["moves"] == [] and table.view["status"].startswith("Game over")
    assert send(table, "play", move="next round")["text"] == "The game is over: no more moves."


def test_stepping_shows_past_states_and_playing_from_one_starts_a_variation():
    session = commons_session(*CLAIMED)
    table = Table(session)
    send(table, "goto", index=1)
    assert session.index == 1 and table.view["step"] == 1 and table.view["steps"] == 3
    assert _pile(table.view, "claim")["cards"] == []
    assert len(table.history["entries"]) == 3
    send(table, "goto", index=3)
    assert _pile(table.view, "claim")["cards"] == ["4S"]
    send(table, "goto", index=2)
    message = send(table, "play", move="claim 2H")
    assert "This move starts a variation: the main line's move 3 is kept" in message["text"]
    assert [str(m) for m in session.moves] == list(CLAIMED)  # the main line is kept
    assert [str(m) for m in session.line_moves] == ["commission 2S", "commission 3S", "claim 2H"]
    assert [e["move"] for e in table.history["entries"]][-1] == "claim with the 2♥"
    assert table.history["differs_at"] == 3 and table.view["line"]["kind"] == "variation"


# --- variations, and fair play on a shared session ---------------------------------------------

PLAYED = (*CLAIMED, "defend 4D")  # B's forced Defense shows B's 4D


def test_a_teachers_table_shows_a_variation_and_leaves_or_keeps_it():
    session = commons_session(*PLAYED)
    table, stepper = Table(session), Stepper(session)
    send(table, "goto", index=2)
    send(table, "play", move="claim 2H")
    banner = {"kind": "variation", "differs_at": 3, "text": "Exploring a variation: move 3 differs from the main line.",
              "actions": [{"action": "to_mainline", "text": "Back to the main line"},
                          {"action": "promote", "text": "Keep this line"}]}
    assert table.view["line"] == stepper.view["line"] == banner
    assert table.history["differs_at"] == 3 and table.history == stepper.history
    assert [(line["text"], line["current"]) for line in table.history["lines"]] == [
        ("Main line: 4 moves", False), ("3. A: claim with the 2♥", True)]
    assert repr(table) == "Table(card-commons, teacher, move 3 of 3, variation from move 3)"
    for part in (Tableau(session), Hand(session, 0, viewer=None), ScoreBreakdown(session), StateEditor(session)):
        assert part.view["line"] == {**banner, "actions": []}  # says so, without buttons it cannot act on
    assert Hand(session, 1).view["line"]["text"].startswith("The teacher is showing a variation")

    message = send(stepper, "to_mainline")
    assert message["text"].startswith("Back to the main line, at the position after move 2. The variation from move 3 is kept")
    assert session.index == 2 and session.line == 0 and table.view["line"] is None and table.view["steps"] == 4
    assert "already on show" in send(table, "to_mainline")["text"]
    send(table, "line", number=1)
    assert session.line == 1 and session.index == 3 and table.view["line"]["kind"] == "variation"
    send(table, "to_mainline")
    assert send(table, "play", move="claim 2H")["text"].endswith(
        "This is the first move of a variation played before: the table shows it again.")
    assert session.line == 1 and len(session.lines) == 2
    assert "already on show" in send(table, "line", number=1)["text"]
    assert "there is no line 2" in send(table, "line", number=2)["text"]
    assert "needs 'number' as int" in send(table, "line", number="1")["text"]

    message = send(table, "promote")
    assert message["text"] == "This line is now the main line. The old main line is kept as a variation."
    assert [str(m) for m in session.moves] == ["commission 2S", "commission 3S", "claim 2H"]
    assert table.view["line"] is None and table.history["lines"][1]["text"] == "3. A: claim with the 4♠, then 1 move"
    assert "no variation to keep" in send(table, "promote")["text"]


def test_a_players_table_looks_back_on_its_own_and_returns_to_the_game():
    session = commons_session(*CLAIMED)
    teacher, a, b = Table(session), Table(session, viewer=0), Table(session, viewer=1)
    send(a, "goto", index=1)
    assert a.view["step"] == 1 and a.view["line"]["kind"] == "look" and a.view["moves"] == []
    assert a.view["line"]["actions"] == [{"action": "follow", "text": "Back to the game"}]
    assert session.index == 3 and teacher.view["step"] == b.view["step"] == 3  # nobody else moved
    assert repr(a) == "Table(card-commons, player A, move 1 of 3)"
    send(b, "play", move="defend 4D")  # the game goes on while A looks back
    assert a.view["step"] == 1 and a.view["steps"] == 4 and session.index == 4
    send(a, "follow")
    assert a.view["step"] == 4 and a.view["line"] is None
    assert "already shows the game" in send(a, "follow")["text"]
    assert "unknown action 'promote'" in send(a, "promote")["text"]
    assert "unknown action 'line'" in send(b, "line", number=0)["text"]


def test_rewinding_a_players_table_and_playing_again_reveals_no_hidden_card_and_erases_nothing():
    """A steps back to before their Claim and tries every other Claim: each is refused in
    words, the game (B's Defense included) stays as played, no other table moves, and what
    A's table syncs names no card A has not been shown."""
    session = commons_session(*PLAYED)
    a, b = Table(session, viewer=0), Table(session, viewer=1)
    b_before = b.view_json
    send(a, "goto", index=2)
    tried = [m for m in session.game.legal_moves(session.game.view(session.states[2], 0)) if str(m).startswith("claim")]
    assert len(tried) > 3
    for move in tried:
        message = send(a, "play", move=str(move))
        assert message["kind"] == "error" and message["text"].startswith("You are looking at the position after move 2"), message
        assert "Back to the game" in message["text"]
        assert a.view["step"] == 2
        shown = set().union(*(_mentioned(text) for text in (a.view_json, a.history_json, json.dumps(a.message))))
        assert shown <= _shown_to(session, 0), shown - _shown_to(session, 0)
    assert [str(m) for m in session.moves] == list(PLAYED) and session.lines == session.lines[:1]
    assert session.index == 4 and b.view_json == b_before
    assert "You are looking at" in send(a, "explain", card="2H")["text"]


def test_a_player_shown_an_earlier_position_by_the_teacher_waits_for_the_game():
    session = commons_session(*CLAIMED)
    teacher, b = Table(session), Table(session, viewer=1, opponent=first_legal)
    send(teacher, "goto", index=2)
    assert b.view["line"]["kind"] == "shown" and not b.view["can_act"] and b.view["moves"] == []
    assert b.view["line"]["text"].startswith("The teacher is showing an earlier position (after move 2 of 3)")
    assert send(b, "play", move="defend 4D")["text"].startswith("The teacher is showing the position after move 2")
    send(teacher, "play", move="claim 2H")  # the teacher's variation: the computer plays no seat in it
    assert b.view["line"]["text"].startswith("The teacher is showing a variation (move 3 differs from the game)")
    assert len(session.line_moves) == 3 and len(session.moves) == 3
    send(teacher, "to_mainline")
    send(teacher, "goto", index=3)
    assert b.view["line"] is None and b.view["can_act"]


def test_an_observer_that_raises_is_reported_and_the_move_stays_played():
    session = commons_session(*CLAIMED)
    table, other = Table(session, viewer=1), Table(session)

    def broken(session: Any) -> None:
        raise RuntimeError("a notebook's callback fell over")
    session.observe(broken)
    message = send(table, "play", move="defend 4D")
    assert message["kind"] == "error" and message["text"].startswith("Done, but another part of the program")
    assert "(RuntimeError)" in message["text"] and "fell over" not in message["text"]  # a player reads the kind only
    assert len(session.moves) == 4 and table.view["step"] == other.view["step"] == 4
    send(other, "goto", index=3)
    message = send(other, "play", move="defend 4D")  # the teacher reads the whole message
    assert message["text"].startswith("Done, but the session changed and every observer")
    assert "RuntimeError: a notebook's callback fell over" in message["text"]


def _shown_to(session: cardlab.Session, player: int) -> set[Card]:
    """Every card ``player`` has been shown along the main line: on the table, or in an event they read."""
    game, shown = session.game, set()
    for state, events in zip(session.states, session.events):
        shown |= {c for z in game.zones(state) if z.visible_to(player) for c in z.cards}
        shown |= {c for e in events if e.visible_to(player) for c in (*e.cards, *_mentioned(e.text))}
    return shown


def test_the_editor_swaps_cards_and_the_breakdown_follows():
    session = round_end()
    table = Table(session)
    items = table.view["breakdown"]["items"]
    assert [i["points"] for i in items] == [0, 0]
    message = send(table, "swap", cards=["3D", "2H"])  # the Nest Egg becomes 2H: A's 2S matches it
    assert message["kind"] == "info", message
    assert session.state.nest_egg == parse_card("2H") and len(session.moves) == 0
    assert table.view["breakdown"]["items"][0]["points"] > 0
    assert _pile(table.view, "nest egg")["cards"] == ["2H"]


def test_an_invalid_edit_shows_the_validators_message_and_changes_nothing():
    session = commons_session("commission 2S")
    table = Table(session)
    before = session.state
    message = send(table, "swap", cards=["2S", "QH"])
    assert message["kind"] == "error" and message["text"] == "A commission: QH is a Wild, and a Wild can't be a Commission"
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


def test_bad_arguments_are_refused_clearly():
    session = commons_session()
    with pytest.raises(TypeError, match="cardlab.Session"):
        Table(cardlab.game("card-commons"))
    for viewer in (2, -1, True, "A"):
        with pytest.raises(ValueError, match="viewer is a player number from 0 to 1"):
            Table(session, viewer=viewer)
    with pytest.raises(ValueError, match="player is a player number"):
        Hand(session, 5)


# --- computer opponent and hints (the extension points) ----------------------------------------

def first_legal(game: Any, view: Any) -> Any:
    return game.legal_moves(view)[0]


def test_an_opponent_plays_every_other_seat_until_it_is_the_viewers_turn():
    session = commons_session()
    seen: list[Any] = []

    def opponent(game: Any, view: Any) -> Any:
        seen.append(view)
        return first_legal(game, view)

    table = Table(session, viewer=1, opponent=opponent)
    assert [str(m) for m in session.moves] == ["commission 2S"]  # A moved at once
    assert all(c == cardlab.HIDDEN for c in seen[0].hands[1])  # from A's view only
    assert table.view["can_act"] and table.message["text"].startswith("A: put a hidden card face down as the Commission")
    send(table, "play", move="commission 3S")
    assert len(session.moves) > 2 and session.game.to_move(session.state) in (1, None)


def test_an_opponent_waits_while_the_past_is_on_show():
    session = commons_session(*CLAIMED)
    session.goto(2)  # A to claim, in the past
    Table(session, viewer=1, opponent=first_legal)
    assert session.index == 2 and len(session.moves) == 3


def test_a_failing_opponent_is_reported_in_the_table():
    def broken(game: Any, view: Any) -> str:
        return "claim 9H"
    table = Table(commons_session(), viewer=1, opponent=broken)
    assert table.message["kind"] == "error"
    assert table.message["text"].startswith("The computer player for A chose a move the rules don't allow")
    with pytest.raises(ValueError, match="give the viewer"):
        Table(commons_session(), opponent=first_legal)


def _in_a_kernel(monkeypatch: Any, scenario: Any) -> Any:
    """Run ``scenario(loop)`` on an event loop the tables take for a kernel's."""
    from cardlab.widgets import components

    async def main() -> Any:
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(components, "_kernel_loop", lambda: loop)
        return await scenario(loop)
    # A loop of its own, in a thread of its own: the browser tests' Playwright keeps its loop
    # running in this thread while they share the test session.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


async def _until(test: Any, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def test_in_a_kernel_the_computer_thinks_beside_the_loop_and_the_table_says_so(monkeypatch):
    """The computer's move is worked out in another thread: the loop answers clicks meanwhile
    (here a card's explanation and a look back), the table says "A is thinking…", and the
    move is played on the loop once found."""
    import threading
    release, threads = threading.Event(), []

    def slow(game: Any, view: Any) -> Any:
        threads.append(threading.current_thread())
        release.wait(10)
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, opponent=slow, opponent_delay=0)
        assert not session.moves and not table.thinking     # nothing at once: the table is shown first
        await _until(lambda: table.thinking)
        assert table.view["thinking"] == "A is thinking…"
        hand = [c for c in table.position().seen.hands[1]]
        send(table, "explain", card=hand[0].code)            # answered while A thinks
        assert "It is A's turn, not B's." in table.message["text"] and not session.moves
        assert threads and threads[0] is not threading.current_thread()
        release.set()
        await _until(lambda: session.moves)
        assert [str(m) for m in session.moves] == ["commission 2S"] and not table.thinking
        assert "thinking" not in table.view and table.message["text"].startswith("A: put a hidden card face down as the Commission")
        table.close()
    _in_a_kernel(monkeypatch, scenario)


def test_an_answer_that_comes_after_the_position_changed_is_dropped(monkeypatch):
    """A move taken back (here by the session) or a table left while the computer thinks: its
    answer is not played; after a take-back the computer thinks again about the new position."""
    import threading
    answered: list[Any] = []
    gate = threading.Semaphore(0)

    def slow(game: Any, view: Any) -> Any:
        gate.acquire(timeout=10)
        answered.append(view)
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session("commission 2S", "commission 3S")   # A to move again
        table = Table(session, viewer=1, opponent=slow, opponent_delay=0)
        await _until(lambda: table.thinking)
        session.undo()                               # back to B's turn: the answer to come is stale
        assert not table.thinking and "thinking" not in table.view
        gate.release()
        await _until(lambda: answered)
        await asyncio.sleep(0.05)
        assert (session.index, len(session.moves), len(session.lines)) == (1, 2, 1)  # dropped, not played
        session.redo()                               # A to move again: A thinks anew
        await _until(lambda: table.thinking)
        table.close()                                # leaving: the answer is dropped
        gate.release()
        await _until(lambda: len(answered) == 2)
        await asyncio.sleep(0.05)
        assert len(session.moves) == 2
    _in_a_kernel(monkeypatch, scenario)


def test_in_a_kernel_a_hint_is_worked_out_beside_the_loop(monkeypatch):
    """The Hint button's search runs in the computer's thread: the table says it is looking,
    answers a click meanwhile, and shows the ranking once found; asking again while it looks
    starts no second search."""
    import threading
    release, asked = threading.Event(), []

    def slow(game: Any, view: Any) -> Any:
        asked.append(threading.current_thread())
        release.wait(10)
        return bots.hint(game, view, playouts=40, seed=1)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=0, hint=slow)
        send(table, "hint")
        assert table.view["hinting"] == "Looking for a good move for A…" and table.message.get("kind") != "hint"
        send(table, "hint")                                  # the same hint is on its way: not asked again
        send(table, "explain", card=table.position().seen.hands[0][0].code)  # answered while it looks
        assert table.message["kind"] == "explain"
        await _until(lambda: asked)
        assert len(asked) == 1 and asked[0] is not threading.current_thread()
        release.set()
        await _until(lambda: table.message.get("kind") == "hint")
        assert "hinting" not in table.view and table.message["ranking"]["moves"]
        assert not session.moves
        table.close()
    _in_a_kernel(monkeypatch, scenario)


def test_the_computer_thinks_with_the_garbage_collector_paused(monkeypatch):
    """A full garbage collection in a kernel's heap holds the event loop for tens of
    milliseconds, and a search would start one every second or so: the thinking thread pauses
    the collector for the search (the hint's and the computer's move), and turns it back on
    only if it was on."""
    import gc
    seen: list[bool] = []

    def spy(game: Any, view: Any) -> Any:
        seen.append(gc.isenabled())
        return first_legal(game, view)

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, opponent=spy, opponent_delay=0, hint=spy)
        await _until(lambda: session.moves)             # A's move, found in the thread
        send(table, "hint")                             # B's hint, in the thread too
        await _until(lambda: table.message.get("kind") == "hint")
        table.close()
    was = gc.isenabled()
    try:
        gc.enable()
        _in_a_kernel(monkeypatch, scenario)
        assert seen == [False, False] and gc.isenabled()
        gc.disable()                                    # off before: it stays off
        _in_a_kernel(monkeypatch, scenario)
        assert seen == [False] * 4 and not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_a_hint_that_comes_after_the_position_changed_is_dropped(monkeypatch):
    """A move played while the hint is worked out: the hint answers a position gone, so it is
    not shown; a failing hint is refused in the player's terms."""
    import threading
    gate, answered = threading.Semaphore(0), []

    def slow(game: Any, view: Any) -> Any:
        gate.acquire(timeout=10)
        answered.append(view)
        if len(answered) == 2:
            raise RuntimeError("A holds KS")             # a reason naming a hidden card
        return game.legal_moves(view)[0]

    async def scenario(loop: Any) -> None:
        session = commons_session()
        table = Table(session, viewer=1, hint=slow)
        session.play("commission 2S")                    # B to move
        send(table, "hint")
        assert "hinting" in table.view
        session.play("commission 3S")                    # the position changes meanwhile
        assert "hinting" not in table.view
        gate.release()
        await _until(lambda: answered)
        await asyncio.sleep(0.05)
        assert table.message.get("kind") != "hint"       # dropped
        while session.game.to_move(session.state) != 1:  # B to move again: ask, and the hint fails
            session.play(session.legal_moves()[0])
        send(table, "hint")
        gate.release()
        await _until(lambda: table.message.get("kind") == "error")
        assert table.message["text"] == "No hint here: the hint failed (RuntimeError)."
        assert "holds" not in _synced(table)             # its reason names A's card: not shown to B
        table.close()
    _in_a_kernel(monkeypatch, scenario)


def _synced(table: Any) -> str:
    """Everything a table sends to its browser, as one text."""
    return json.dumps([table.view_json, table.history_json, table.message], ensure_ascii=False)


def _shows_none_of(table: Any, cards_: Any) -> bool:
    text = _synced(table)
    return not (_mentioned(text) & set(cards_)) and not any(c.code in text for c in cards_)


def test_a_computer_players_illegal_move_shows_nothing_of_its_hand():
    """The computer (A) plays a Commission it does not hold: the engine's refusal would list A's
    hand, so B's table only says that the move was refused and the game waits."""
    session = commons_session()
    a_hand = session.state.hands[0]
    table = Table(session, viewer=1, opponent=lambda game, view: "commission 3S")
    message = table.message
    assert message["kind"] == "error"
    assert message["text"] == ("The computer player for A chose a move the rules don't allow; the game waits. "
                               "Choose another opponent under 'Play against' to go on.")
    assert _shows_none_of(table, a_hand) and len(session.moves) == 0
    assert isinstance(table.last_error, cardlab.IllegalMove) and "hand:" in str(table.last_error)  # for the teacher


@pytest.mark.parametrize("name", ["card-commons", "commerce", "commitment", "contest"])
@pytest.mark.parametrize("behaviour", ["illegal", "unreadable", "raises"])
def test_a_computer_players_errors_never_reach_the_viewer_with_its_cards(name, behaviour):
    """Whatever the computer player does wrong (a move with a card it does not hold, whose
    refusal lists its hand; text that is no move; an exception naming its cards), the viewer
    reads that it went wrong, and nothing of its cards."""
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=7)
    mover = game.to_move(session.state)
    viewer = (mover + 1) % game.players
    hidden = _hidden_from(game, session.state, viewer)
    assert hidden

    def opponent(game_: Any, view: Any) -> Any:
        own = [c for z in game_.zones(view) if z.visible_to(mover) and z.owner == mover for c in z.cards]
        if behaviour == "raises":
            raise RuntimeError(f"cannot decide with {' '.join(c.code for c in own)}")
        if behaviour == "unreadable":
            return "play " + " ".join(c.code for c in own)
        foreign = next(c for c in game_.deck() if c not in own)
        legal = next(m for m in game_.legal_moves(view) if move_cards(m))
        return next(_variants(legal, foreign))  # a card the computer does not hold
    table = Table(session, viewer=viewer, opponent=opponent)
    text = table.message["text"]
    assert text.startswith(f"The computer player for {game.player_names[mover]} ") and "the game waits" in text
    assert len(session.moves) == 0 and table.last_error is not None
    assert not (_mentioned(_synced(table)) & hidden), text


def test_an_error_raised_on_the_full_state_reaches_a_player_only_by_its_kind():
    """B plays; another part of the program bound to the same session fails while the session
    tells it, with a message that names A's hand. B's table says something went wrong and
    shows none of A's cards; the teacher's table would show the whole message."""
    session = commons_session(*CLAIMED)
    a_hand = session.state.hands[0]

    def observer(s: Any) -> None:
        raise ValueError(f"A holds {' '.join(c.code for c in s.state.hands[0])}")
    table = Table(session, viewer=1)
    session.observe(observer)
    send(table, "play", move="defend 4D")
    assert table.message["kind"] == "error" and "ValueError" in table.message["text"]
    assert _shows_none_of(table, a_hand)
    error = table.last_error.errors[0]  # the ObserverError, with what the observer raised
    assert isinstance(error, ValueError) and "A holds" in str(error)


def test_a_failing_hint_says_so_without_its_message_to_a_player():
    session = commons_session(*CLAIMED)
    a_hand = session.state.hands[0]

    def hint(game: Any, view: Any) -> Any:
        raise ValueError(f"sampled A's hand as {' '.join(c.code for c in a_hand)}")
    table = Table(session, viewer=1, hint=hint)
    message = send(table, "hint")
    assert message["kind"] == "error" and message["text"].startswith("No hint here: the hint failed (ValueError)")
    assert _shows_none_of(table, a_hand)
    teacher = Table(session, hint=hint)
    assert "sampled A's hand" in send(teacher, "hint")["text"]


def test_a_hint_names_a_move_and_its_cards():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=lambda game, view: (game.legal_moves(view)[1], "keep the red 4"))
    assert table.view["hint"] is True
    message = send(table, "hint")
    assert message == {**message, "kind": "hint", "text": "Hint: defend with the 4♦ — keep the red 4", "cards": ["4D"]}
    assert "ranking" not in message
    assert len(session.moves) == 3
    assert Table(session, viewer=1).view["hint"] is False
    just_a_move = Table(session, viewer=1, hint=lambda game, view: "defend 4H")
    assert send(just_a_move, "hint")["text"] == "Hint: defend with the 4♥"


def test_the_search_hint_ranks_every_legal_move_best_first():
    """``hint=True``: cardlab.bots.hint on the mover's view, with the table's playouts and
    seed; the message names the best move and its cards, and carries the whole ranking."""
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=True)
    message = send(table, "hint")
    view = session.game.view(session.state, 1)
    expected = bots.hint(session.game, view, playouts=HINT_PLAYOUTS, seed=0)
    best = expected.best.move
    assert message["kind"] == "hint" and message["text"] == f"Hint: {table._session.game.move_words(None, best)}"
    assert message["cards"] == [c.code for c in move_cards(best)]
    ranking = message["ranking"]
    assert [m["move"] for m in ranking["moves"]] == [str(m.move) for m in expected.moves]
    assert sorted(m["move"] for m in ranking["moves"]) == sorted(str(m) for m in session.legal_moves())
    first = ranking["moves"][0]
    row = expected.ranking[0]
    assert first == {**first, "place": 1, "average": row.average, "likely": row.likely, "note": row.note,
                     "playouts": expected.best.playouts, "set_aside": False, "shown": True}
    assert first["average"].endswith(" points") and first["note"].startswith("best")
    assert ranking["reason"] == expected.reason and ranking["comparison"] == expected.comparison
    assert ranking["unit"] == str(expected.unit) == "points ahead of A once this round is scored (earlier rounds counted too)"
    assert ranking["heading"] == expected.heading and ranking["playouts"] == expected.playouts
    assert [m["shown"] for m in ranking["moves"]] == [r in expected.shown for r in expected.ranking]
    json.dumps(message, allow_nan=False)  # plain JSON: no infinite interval
    assert send(table, "hint") == {**message, "id": message["id"] + 1}  # a fixed seed: the same hint again
    assert len(session.moves) == 3


def test_a_move_played_once_in_a_ranking_has_no_interval():
    session = commons_session(*CLAIMED)
    table = Table(session, viewer=1, hint=lambda game, view: bots.hint(game, view, playouts=1, seed=3))
    ranking = send(table, "hint")["ranking"]
    assert len(ranking["moves"]) == len(session.legal_moves())
    too_few = [m["likely"] == "too few playouts to say" for m in ranking["moves"]]
    assert too_few == [m["playouts"] < 2 for m in ranking["moves"]] and any(too_few)


def test_a_hint_is_refused_out_of_turn_and_when_the_game_is_over():
    session = commons_session(*CLAIMED)
    a = Table(session, viewer=0, hint=True)
    assert a.view["hint"] is True and not a.view["can_act"]
    assert send(a, "hint")["text"] == "It is B's turn, not yours."
    with pytest.raises(TypeError, match="hint is True"):
        Table(session, viewer=0, hint="search")


def test_a_teachers_hint_is_for_the_player_to_move_from_their_view_only():
    session = commons_session(*CLAIMED)
    seen: list[Any] = []

    def spy(game: Any, view: Any) -> Any:
        seen.append(view)
        return game.legal_moves(view)[0]
    send(Table(session, hint=spy), "hint")
    assert seen[0] == session.game.view(session.state, 1)


@pytest.mark.parametrize("name, plays", [("card-commons", 3), ("commerce", 0), ("commitment", 2), ("contest", 2)])
def test_a_players_hint_names_no_card_hidden_from_them(name, plays):
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=7)
    for _ in range(plays):
        session.play(session.legal_moves()[0])
    mover = game.to_move(session.state)
    message = send(Table(session, viewer=mover, hint=True), "hint")
    assert message["kind"] == "hint" and len(message["ranking"]["moves"]) == len(session.legal_moves())
    leaked = _mentioned(json.dumps(message, ensure_ascii=False)) & _hidden_from(game, session.state, mover)
    assert not leaked


# --- play against ------------------------------------------------------------------------------

def test_an_opponent_named_by_its_player_plays_and_the_choice_is_offered():
    session = commons_session()
    table = Table(session, viewer=1, opponent="random")
    assert table.opponent == "random" and len(session.moves) == 1  # A moved at once (no event loop here)
    choice = table.view["opponent"]
    assert choice["current"] == "random"
    assert [c["value"] for c in choice["choices"]] == ["people", "random", "heuristic", "search"]
    assert table.message["text"].startswith("A: put a hidden card face down as the Commission")


def test_the_play_against_choice_changes_the_computer_player():
    session = commons_session()
    table = Table(session, viewer=1)
    assert table.opponent == "people" and len(session.moves) == 0  # nobody plays A
    message = send(table, "opponent", name="search")
    assert table.opponent == "search" and table.view["opponent"]["current"] == "search"
    assert len(session.moves) == 1  # the search player moved for A at once
    expected = bots.make_player("search", seed=0).choose(session.game, session.game.view(session.states[0], 0))
    assert session.moves[0] == expected
    assert message["text"].startswith("A: put a hidden card face down as the Commission")
    assert send(table, "opponent", name="people")["text"] == "The other seat is now played by people (on other tables, or from Python)."
    assert table.opponent == "people"
    send(table, "play", move="commission 3S")
    assert len(session.moves) == 2 and session.game.to_move(session.state) == 0  # nobody answers for A now


def test_the_play_against_menu_reads_as_a_phrase():
    """Each choice completes "Play against …" (no "Play against: computer: your player")."""
    table = Table(commons_session(), viewer=1, opponent=first_legal)
    texts = [c["text"] for c in table.view["opponent"]["choices"]]
    assert texts == ["people", "computer, at random", "computer, rule of thumb", "computer, searching",
                     "your computer player"]
    assert not any(":" in t for t in texts)
    game = cardlab.game("commerce", players=4)
    commerce = Table(cardlab.Session(game, game.deal(seed=7, dealer=3)), viewer=0)  # D deals: A to move
    assert send(commerce, "opponent", name="heuristic")["text"] == \
        "The other seats are now played by the computer, by a rule of thumb."
    commerce.close()
    table.close()


def test_a_forged_play_against_choice_is_refused():
    session = commons_session()
    table = Table(session, viewer=1)
    assert "no opponent called 'cheat'; the choices are people, random, heuristic, search" in send(
        table, "opponent", name="cheat")["text"]
    assert "no opponent called 'custom'" in send(table, "opponent", name="custom")["text"]
    assert "needs 'name' as str" in send(table, "opponent", name=["search"])["text"]
    assert table.opponent == "people" and len(session.moves) == 0


def test_a_function_or_player_object_is_the_custom_opponent_and_can_be_chosen_again():
    session = commons_session()
    table = Table(session, viewer=1, opponent=first_legal)
    assert table.opponent == "custom" and table.view["opponent"]["choices"][-1]["value"] == "custom"
    send(table, "opponent", name="people")
    send(table, "play", move="commission 3S")
    send(table, "opponent", name="custom")
    assert table.opponent == "custom" and session.game.to_move(session.state) == 1
    assert str(session.moves[2]) == str(session.game.legal_moves(session.game.view(session.states[2], 0))[0])
    objects = Table(commons_session(), viewer=1, opponent=bots.HeuristicPlayer(seed=1))
    assert objects.opponent == "custom"
    with pytest.raises(ValueError, match="no player called 'nobody'"):
        Table(commons_session(), viewer=1, opponent="nobody")
    with pytest.raises(TypeError, match="opponent is a player's name"):
        Table(commons_session(), viewer=1, opponent=42)


def test_a_teachers_table_has_no_play_against_choice():
    assert "opponent" not in Table(commons_session()).view


# --- player names -----------------------------------------------------------------------------

def test_names_appear_wherever_the_table_names_a_player():
    session = commons_session("commission 2S", "commission 3S")
    table = Table(session, viewer=0, names=("Ada", "Bob"))
    view = table.view
    assert view["players"] == ["Ada", "Bob"] and view["viewer_text"] == "You play Ada"
    assert view["status"] == "Ada to move"
    titles = _group_titles(view["layout"])
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
    for names, reason in [(("Ada",), "a sequence of 2 names"), ("AB", "a sequence of 2 names"),
                          (("Ada", ""), "printable text of 1 to 40"), (("Ada", "x" * 41), "printable text of 1 to 40"),
                          (("Ada", "Bo\nb"), "printable text"), (("Ada", 7), "printable text"),
                          (("Ada", " Ada "), "must differ")]:
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


# --- display ------------------------------------------------------------------------------------

def test_reprs_are_stable_and_readable():
    session = commons_session("commission 2S")
    assert repr(Table(session)) == "Table(card-commons, teacher, move 1 of 1)"
    assert repr(Table(session, viewer=1)) == "Table(card-commons, player B, move 1 of 1)"
    assert repr(Hand(session, 1)) == "Hand(card-commons, player B, move 1 of 1, B's hand (you): 7 cards)"
    assert repr(ScoreBreakdown(session)) == "ScoreBreakdown(card-commons, teacher, move 1 of 1, A 0 B 0)"
    assert repr(Stepper(session)) == "Stepper(card-commons, teacher, move 1 of 1)"
    assert repr(StateEditor(session)) == "StateEditor(card-commons, teacher, move 1 of 1)"
    session.goto(0)
    assert repr(Tableau(session)) == "Tableau(card-commons, teacher, start of 1)"
    data, _ = Table(session)._repr_mimebundle_()
    assert data["text/plain"] == "Table(card-commons, teacher, start of 1)"


def test_the_editor_swaps_the_clicked_one_of_two_identical_cards():
    game = cardlab.game("commitment")
    session = cardlab.Session(game, seed=2)  # a Joker is b1's battle card, the other in the battle deck
    table = Table(session)
    deck = [c.code for z in game.zones(session.state) if z.name == "battle deck" for c in z.cards]
    assert _pile(table.view, "b1 battle card")["cards"] == ["JK"] and "JK" in deck  # the first Joker in zone order
    message = send(table, "swap", cards=["JK", "QS"], zone="b1 battle card", index=0)
    assert message["kind"] == "info", message
    assert _pile(table.view, "b1 battle card")["cards"] == ["QS"]
    assert _pile(table.view, "battle deck")["cards"] == [c.replace("QS", "JK") for c in deck]


def test_four_colour_is_a_synced_option():
    table = Table(commons_session(), four_colour=True)
    assert table.four_colour and "four_colour" in table.keys


def test_size_is_a_synced_option_of_every_widget():
    """size="large" scales cards and text (for a projector); anything else is refused clearly."""
    session = commons_session()
    for widget in (Table(session, size="large"), Hand(session, 0, size="large"), Tableau(session, size="large"),
                   ScoreBreakdown(session, size="large"), Stepper(session, size="large"), StateEditor(session, size="large")):
        assert widget.size == "large" and "size" in widget.keys
        widget.size = "normal"  # as the table's Size menu does
        assert widget.size == "normal"
        widget.close()
    with pytest.raises(ValueError, match="size is 'normal' or 'large'; got 'huge'"):
        Table(session, size="huge")
    table = Table(session)
    with pytest.raises(traitlets.TraitError, match="size is 'normal' or 'large'; got 'tiny'"):
        table.size = "tiny"
    assert table.size == "normal"


def test_a_hand_of_one_card_is_one_card():
    session = commons_session()
    hand = Hand(session, 0)
    assert repr(hand).endswith("A's hand (you): 7 cards)")
    while len(session.state.hands[0]) != 1:  # play on until A holds one card
        session.play(session.legal_moves()[0])
    assert repr(hand).endswith("A's hand (you): 1 card)")


# --- the browser tests without a browser ----------------------------------------------------

@pytest.mark.parametrize("required, outcome", [("0", "1 skipped"), ("1", "1 error")])
def test_browser_tests_skip_without_chromium_unless_required(required, outcome, tmp_path):
    env = {**os.environ, "CARDLAB_CHROMIUM": str(tmp_path / "no-chromium"), "CARDLAB_REQUIRE_BROWSER": required}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                          "tests/browser/test_tables.py::test_the_table_renders_every_zone[card-commons]"],
                         cwd=Path(__file__).parents[1], env=env, capture_output=True, text=True, timeout=120)
    assert outcome in run.stdout, run.stdout
    assert f"no Chromium at {tmp_path / 'no-chromium'}" in run.stdout


# --- helpers ------------------------------------------------------------------------------------

def _group_titles(node: dict) -> list[str]:
    if node["kind"] == "pile":
        return []
    return ([node["title"]] if node["title"] else []) + [t for item in node["items"] for t in _group_titles(item)]


def _pile(view: dict, zone: str) -> dict:
    found = [p for p in _piles(view["layout"]) if p["zone"] == zone]
    assert len(found) == 1, f"zone {zone!r} appears {len(found)} times"
    return found[0]


def test_peeks_face_down_pool_is_drawn_with_the_pool():
    """Zones are placed by their meaning: Peek's two face-down pool cards (one seen by each
    player) lie in the tableau with the rest of the pool, not in a group of leftovers."""
    session = cardlab.Session(cardlab.game("card-commons", variant="peek"), seed=3)
    layout = Table(session).view["layout"]

    tableau = next(g for g in _groups(layout) if g["title"] == "Tableau")
    assert {"pool face up", "pool face down 1", "pool face down 2", "nest egg"} <= {p["zone"] for p in _piles(tableau)}
    assert "Other" not in [g["title"] for g in _groups(layout)]


# --- a deal whose seed can be guessed ------------------------------------------------------------

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
        assert table.message["kind"] == "warning" and "whoever knows it knows every hidden card" in table.message["text"]
        table.close()


# --- a game scored round by round: the showdown stays, the score one row per round ------------

def knocker(game: Any, view: Any) -> Any:
    """A computer player that ends every Commerce deal at once: it knocks."""
    return "knock"


def commerce_against(opponent: Any, dealer: int = 0, seed: int = 7) -> tuple[cardlab.Session, Table]:
    """A 4-player Commerce game dealt by ``dealer`` (A by default: B, C and D move before A)
    and A's table against ``opponent``."""
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=seed, dealer=dealer))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        return session, Table(session, viewer=0, opponent=opponent)


def _synced_view(table: Any) -> dict:
    return json.loads(table.view_json)


def test_a_players_table_stops_on_the_showdown_until_they_go_on():
    session, table = commerce_against(knocker)
    game = session.game
    assert [str(m) for m in session.moves] == ["knock"]  # B knocked; the computer waits on the showdown
    vm = _synced_view(table)
    shown = vm["showdown"]
    record = session.state.history[0]
    assert shown["title"] == "Deal 1 of 4" and shown["settled"]
    assert [(h["player"], h["cards"]) for h in shown["hands"]] == \
        [(r.player, [c.code for c in r.cards]) for r in game.rounds(session.state)[0].hands]
    assert {h["player"] for h in shown["hands"]} == {0, 1, 2, 3}
    assert all(h["cards"] == [c.code for c in record.hands[h["player"]]] for h in shown["hands"])
    assert all(h["ranking"] for h in shown["hands"])
    winner = shown["hands"][0]["player"]
    assert shown["verdict"]["player"] == winner and shown["verdict"]["rule"].startswith("commerce.rank")
    assert sum(shown["changes"]) == 0  # a settled deal: the pool went to its winner
    assert shown["changes"] == list(game.rounds(session.state)[0].changes(4))
    assert vm["moves"] == [] and not vm["can_act"] and vm["status"] == "Deal 1 of 4: showdown"
    assert vm["waiting"] == "Deal 1 of 4 is over: press “Continue” to go on."
    seats = _seats(vm["layout"])
    assert len(seats) == 4 and not any(seat.get("badge") for seat in seats)  # nobody is "to move" meanwhile
    # the computer waits too, however long the showdown stays
    table._consider_opponent()
    assert len(session.moves) == 1
    message = send(table, "continue")  # C knocks at once in deal 2, and the table stops again
    assert [str(m) for m in session.moves] == ["knock", "knock"]
    assert table.view["showdown"]["title"] == "Deal 2 of 4"
    assert message["text"] == "C: knock. Deal 2 of 4 is over: its showdown is on the table."
    send(table, "continue")
    assert table.view["showdown"]["title"] == "Deal 3 of 4"
    assert send(table, "continue") == {}  # deal 4: A moves first; against the computer, no notice of a seeded deal
    assert table.view["showdown"] is None and table.view["can_act"] and len(session.moves) == 3
    assert send(table, "continue")["text"] == "There is no showdown on the table to go on from."
    send(table, "play", move="knock")  # A's own knock ends the game: its showdown stays too
    vm = _synced_view(table)
    assert vm["over"] and vm["showdown"]["title"] == "Deal 4 of 4" and vm["showdown"]["note"] == ""
    assert vm["showdown"]["next"] == "That was the last one: the game is over."
    send(table, "continue")
    assert table.view["showdown"] is None and table.view["status"].startswith("Game over")
    table.close()


def _seats(node: dict) -> list[dict]:
    if node.get("role") == "player":
        return [node]
    return [s for item in node.get("items", ()) for s in _seats(item)]


def test_a_move_tried_during_the_showdown_is_refused_and_changes_nothing():
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=7, dealer=3))  # D deals: A moves first
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        table = Table(session, viewer=0)
    send(table, "play", move="knock")
    assert table.view["showdown"]["title"] == "Deal 1 of 4"
    state = session.state  # deal 2: B moves first; A's turn comes later
    message = send(table, "play", move="knock")
    assert message["kind"] == "error" and session.state is state
    assert message["text"] == "Deal 1 of 4 is over: press “Continue” to go on."
    teacher = Table(session)  # the teacher's table never stops: it steps through the game instead
    assert teacher.view["showdown"] is None and teacher.view["can_act"]
    teacher.close()
    table.close()


def test_a_round_ended_before_the_players_turn_says_who_ended_it_and_how():
    session, table = commerce_against(knocker)
    shown = table.view["showdown"]
    first = session.game.rounds(session.state)[0]
    b_hand = next(h for h in first.hands if h.player == 1)
    assert shown["note"].startswith("B knocked before your turn came, so you had no move in deal 1 of 4 "
                                    "[commerce.knock]. B held ")
    assert pretty(" ".join(map(str, b_hand.cards))) in shown["note"] and pretty(b_hand.ranking) in shown["note"]
    best = first.hands[0].player
    assert shown["note"].endswith("the best hand at the table." if best == 1 else
                                  "your hand was better." if best == 0 else
                                  f"{'ABCD'[best]}'s hand was better.")
    assert shown["ended"] == {"text": "B knocked on the deal's first turn: exchanges stopped at once, with no final "
                                      "circuit.", "rule": "commerce.knock", "player": 1}
    assert shown["next"] == "Next: Deal 2 of 4."
    table.close()
    # A moved in the deal (a trade), then B knocked: nothing to explain
    game = cardlab.game("commerce", players=4)
    session = cardlab.Session(game, game.deal(seed=7, dealer=3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GuessableDealWarning)
        table = Table(session, viewer=0, opponent=knocker)
    send(table, "play", move=str(session.legal_moves()[0]))  # A trades; B knocks
    assert table.view["showdown"]["ended"]["player"] == 1 and table.view["showdown"]["note"] == ""
    table.close()


def test_the_score_is_one_row_per_deal_with_its_lines():
    session, table = commerce_against(knocker)
    for _ in range(3):
        send(table, "continue")
    send(table, "opponent", name="people")
    send(table, "play", move=str(session.legal_moves()[0]))  # A trades in deal 4, which goes on
    game = session.game
    bd = table.view["breakdown"]
    rounds = bd["rounds"]
    assert [r["title"] for r in rounds] == [f"Deal {k} of 4" for k in range(1, 5)]
    assert [r["settled"] for r in rounds] == [True, True, True, False]
    assert [r["how"] for r in rounds] == ["B knocked", "C knocked", "D knocked", ""]
    ends = [r["lines"][1] for r in rounds]
    assert [r["lines"] for r in rounds] == [[a, b] for a, b in zip([0, *ends[:-1]], ends)]  # one after the other
    assert rounds[-1]["lines"][1] == len(bd["items"])  # every line once, in its deal's range
    running = [0] * 4
    for row in rounds:
        items = bd["items"][slice(*row["lines"])]
        assert items and all(i["reason"].startswith(f"Deal {row['number']}:") for i in items)
        assert row["changes"] == [sum(i["points"] for i in items if i["player"] == p) for p in range(4)]
        running = [t + c for t, c in zip(running, row["changes"])]
        assert row["totals"] == running
    assert running == bd["totals"] == list(game.ledger(session.state))
    table.close()


def test_the_showdown_and_the_rows_name_no_card_hidden_from_the_player():
    session, table = commerce_against(knocker)
    game = session.game
    for _ in range(3):
        known = {c for r in session.state.history for h in r.hands for c in h} | set(session.state.hands[0])
        hidden = _hidden_from(game, session.state, 0) - known
        synced = table.view_json + table.history_json + json.dumps(table.message, ensure_ascii=False)
        assert hidden and not _mentioned(synced) & hidden
        assert not {c.code for c in hidden} & set(re.findall(r'"([0-9JQKA]{1,2}[CDHS])"', synced))
        send(table, "continue")
    table.close()


def test_a_scored_round_taken_back_is_no_longer_shown():
    session, table = commerce_against(knocker)
    assert table.view["showdown"]["title"] == "Deal 1 of 4"
    table.opponent  # noqa: B018 - the table keeps its opponent
    send(table, "opponent", name="people")
    session.replace(session.states[0])
    assert table.view["showdown"] is None and len(session.moves) == 0
    table.close()


def test_a_teachers_score_and_other_games_keep_their_lines():
    session, table = commerce_against(knocker)
    teacher = ScoreBreakdown(session)
    assert [r["title"] for r in teacher.view["breakdown"]["rounds"]] == ["Deal 1 of 4", "Deal 2 of 4"]
    commons = Table(commons_session(*CLAIMED))
    assert commons.view["breakdown"]["rounds"] == [] and commons.view["showdown"] is None
    for widget in (table, teacher, commons):
        widget.close()


@pytest.mark.parametrize("name, options", [("card-commons", {}), ("commerce", {"players": 4}), ("commitment", {}),
                                           ("contest", {})])
def test_a_click_on_any_card_answers_in_one_short_sentence(name, options):
    """The answer to a click is one sentence of at most 25 words; every line of the engine's
    explanation, with its rule, is under "Why?" and "What else?"."""
    game = cardlab.game(name, **options)
    rng = random.Random(5)
    for seed in range(3):
        session = cardlab.Session(game, game.deal(seed=seed))
        for _ in range(25):
            if game.is_over(session.state):
                break
            player = rng.randrange(game.players)
            table = Table(session, viewer=player)
            for zone in game.zones(game.view(session.state, player)):
                for card in zone.cards[:2]:
                    said = send(table, "explain", card=card.code, zone=zone.name)
                    assert said["kind"] == "explain" and 0 < len(said["text"].split()) <= 25, said["text"]
                    assert [line["rule"] for line in said["why"] + said["else"] if line["rule"]] == \
                        [r.rule for r in game.explain_card(session.state, card, zone.name, player).lines]
            table.close()
            session.play(rng.choice(session.legal_moves()))


def test_in_a_kernel_a_hint_shows_a_first_ranking_then_the_complete_one(monkeypatch):
    """The Hint button is anytime: a first ranking (after one playout per move) is on the table
    while the full search runs beside the loop, then the complete hint, which is the hint the
    same search gives in one go. Both say why first; the figures are under Details."""
    from cardlab.widgets.components import HINT_PLAYOUTS, HINT_SEED

    session = commons_session(*CLAIMED)
    seen: list[dict] = []

    async def scenario(loop: Any) -> Any:
        table = Table(session, viewer=1, hint=True)
        table.observe(lambda change: seen.append(change["new"]) if change["new"].get("kind") == "hint" else None,
                      names="message")
        send(table, "hint")
        await _until(lambda: any(m["ranking"]["complete"] for m in seen), 30)
        table.close()

    _in_a_kernel(monkeypatch, scenario)
    assert len(seen) >= 2 and not seen[0]["ranking"]["complete"] and seen[-1]["ranking"]["complete"]
    assert all(m["ranking"]["reason"] for m in seen)
    game = session.game
    final = cardlab.bots.hint(game, game.view(session.state, 1), playouts=HINT_PLAYOUTS, seed=HINT_SEED)
    assert seen[-1]["text"] == f"Hint: {game.move_words(None, final.best.move)}"
    assert seen[-1]["ranking"]["reason"] == final.reason


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


@pytest.mark.parametrize("name", ["card-commons", "commitment"])
def test_the_computer_waits_at_a_rounds_end_until_the_player_goes_on(name):
    """When a round is over and the computer is to carry the game on ("next round"), a player's
    table holds the round's end (the cards turned up, the score) until Continue: the computer
    waits, and clicks meanwhile are answered."""
    game = cardlab.game(name)
    session = cardlab.Session(game, seed=11)
    table = Table(session, viewer=0, opponent="random")
    rng = random.Random(3)
    held = 0
    while not game.is_over(session.state) and held < 2:
        if table.view["round_held"]:
            held += 1
            before = len(session.moves)
            table._consider_opponent()
            assert len(session.moves) == before and "Continue" not in table.message.get("text", "")
            card = game.zones(game.view(session.state, 0))[0]
            assert send(table, "explain", card=(card.cards or [cardlab.HIDDEN])[0].code, zone=card.name)["kind"]
            send(table, "continue")
            assert len(session.moves) > before and not table.view["round_held"]
        elif game.to_move(session.state) == 0:
            send(table, "play", move=str(rng.choice(session.legal_moves())))
        else:
            table._consider_opponent()
    assert held, "no round's end was held"
    table.close()
