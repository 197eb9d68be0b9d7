"""No card hidden from a player in what their table syncs, over random reachable states of
every game configuration."""

from __future__ import annotations

import random
from typing import Any

import cardlab
from cardlab.cards import Card, parse_card
from cardlab.widgets.viewmodel import History, pretty, report
from helpers.card_finder import card_set, hidden_from, mentioned
from helpers.widget_driver import EVERY_CONFIGURATION, view_model

#: Random reachable states checked per game configuration (each for the players below).
HIDDEN_CHECK_STATES = 1_000


#: Players checked in each state: all of them up to this many; at a bigger table, the player
#: to move, the player who just moved and others in turn, so that every seat is checked in
#: a few hundred states and the check stays fast.
HIDDEN_CHECK_VIEWERS = 4


@EVERY_CONFIGURATION
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
                known[p].update(c for e in session.events[session.index] if e.visible_to(p) for c in mentioned(e.text))
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
    # the latest showdown, as if the table stopped on it
    pos, vm = view_model(session, p, settled[-1] if settled else None)
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
    before_hidden = hidden_from(game, step.before, p)
    leaked = mentioned(entries[-1]["move"]) & hidden & before_hidden
    assert not leaked, f"{leaked} hidden from {game.player_names[p]} but in the log: {entries[-1]}"
    mover = game.player_names[game.to_move(step.before)]
    assert report(game, step, p, mover) == f"{mover}: {entries[-1]['move']}."  # one line: the narration tells the rest


def _table_cards(vm: dict) -> set[Card]:
    found = _layout_cards(vm["layout"], set())
    for move in vm["moves"]:
        found |= card_set(move["cards"]) | mentioned(move["move"]) | mentioned(move["text"])
    for value in vm.values():
        if isinstance(value, str):
            found |= mentioned(value)
    return found


def _layout_cards(node: dict, found: set[Card]) -> set[Card]:
    found |= mentioned(node["title"] or "")
    if node["kind"] == "pile":
        found |= card_set(node["cards"]) | mentioned(node["note"] or "")
        return found
    for item in node["items"]:
        _layout_cards(item, found)
    return found


def _breakdown_cards(bd: dict) -> set[Card]:
    found = mentioned(bd.get("title") or "") | mentioned(bd.get("unavailable") or "")
    for note in bd.get("notes", ()):
        found |= mentioned(note)
    for item in bd.get("items", ()):
        found |= card_set(item["cards"]) | mentioned(item["reason"])
    for row in bd.get("rounds", ()):
        found |= _round_cards(row)
    return found


def _round_cards(row: dict) -> set[Card]:
    """The cards a round's row of the score (or its showdown) names."""
    found = set(
        mentioned(row["title"])
        | mentioned(row["how"])
        | mentioned(row.get("note", ""))
        | mentioned(row.get("next", ""))
    )
    for item in row.get("items", ()):  # a showdown's lines (a row of the score points into its items)
        found |= card_set(item["cards"]) | mentioned(item["reason"])
    for event in (row["ended"], row["verdict"]):
        found |= mentioned(event["text"]) if event else set()
    for hand in row["hands"]:
        found |= card_set(hand["cards"]) | mentioned(hand["ranking"])
    return found


def test_the_card_finder_reads_codes_and_symbols():
    assert mentioned("claim 4H, then 10♣ and JK; not H4, 4Hx, ??") == {parse_card(c) for c in ("4H", "10C", "JK")}
