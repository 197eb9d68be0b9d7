"""A fifth game needs only its own files: Toy Tricks (tests/helpers/toy_game.py), registered by
tests/conftest.py, gets a table, hints, computer players, the conformance test and the soak
from the protocol alone, with no change to cardlab/bots, cardlab/widgets or benchmarks/."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import cardlab
from cardlab import Session
from cardlab.bots import PLAYERS, hint, make_player, play_game
from cardlab.engine import HAND, STOCK
from cardlab.games import configurations
from cardlab.widgets import Hand, Table
from helpers.conformance import random_game
from helpers.table_layout import groups as _groups
from helpers.table_layout import piles as _piles
from helpers.toy_game import ToyTricks

ROOT = Path(__file__).resolve().parent.parent
GAME = cardlab.game("toy-tricks")


def test_it_is_registered_beside_the_shipped_games():
    assert isinstance(GAME, ToyTricks) and cardlab.game_names()[-1] == "toy-tricks"
    assert ("toy-tricks", {}) in list(configurations())
    state = GAME.deal(seed=3)
    assert state.game == GAME and GAME.state_from_json(state.to_json()) == state


def test_it_keeps_every_conformance_invariant():
    for seed in range(40):
        random_game(GAME, seed)


def test_it_gets_a_table_for_the_teacher_and_for_each_player():
    session = Session(GAME, seed=5)
    session.play(session.legal_moves()[0])
    teacher = Table(session, viewer=None)
    piles = _piles(teacher.view["layout"])
    assert {p["zone"] for p in piles} == {z.name for z in GAME.zones(session.state)}
    assert {p["title"] for p in piles} >= {"Hand", "Trick", "Stock", "Tricks won"}
    assert any(g["title"] == "On the table" for g in _groups(teacher.view["layout"]))
    stock = next(p for p in piles if p["zone"] == "stock")
    assert stock["spread"] == "row" and stock["note"] == "face down"
    b = Table(session, viewer=1, opponent="heuristic")
    hidden = {c.code for c in session.state.hands[0]}
    assert not hidden & set(b.view_json.replace('"', " ").replace(",", " ").split())  # A's hand is not sent to B
    assert b.view["moves"] and all(m["move"].startswith("play ") for m in b.view["moves"])
    assert _piles(Hand(session, 1).view["layout"])[0]["hand"]
    kinds = [z.kind for z in GAME.zones(session.state)]
    assert kinds.count(HAND) == 2 and STOCK in kinds


def test_it_gets_computer_players_and_hints():
    for kind in PLAYERS:
        options = {"playouts": 20} if kind == "search" else {}
        record = play_game(GAME, [make_player(kind, seed=p, **options) for p in range(2)], seed=2)
        assert GAME.is_over(record.final)
    state = GAME.deal(seed=4)
    found = hint(GAME, state, playouts=60, seed=1)
    assert {m.move for m in found.moves} == set(GAME.legal_moves(state))
    assert found.unit and "no rule of thumb" not in found.reason
    # a game without a strategy: the generic unit, no rule of thumb to compare with
    assert str(found.unit) == "points ahead of B at the end of the game" and found.rule_of_thumb is None
    assert found.comparison == "" and "rule of thumb" not in str(found) and found.reason.endswith(".")
    table = Table(Session(GAME, state), viewer=0, hint=True)
    table._receive(table, {"action": "hint", "rev": table.view["rev"]}, [])
    assert table.message["kind"] == "hint" and table.message["ranking"]["moves"]


def test_it_gets_the_soak():
    spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    assert soak.main(["--games", "30", "--only", "toy-tricks", "--bot-every", "3"]) == 0


def test_its_rules_refuse_what_they_must():
    """Follow suit while able (toy.follow); the higher card of the suit led wins (toy.trick)."""
    for seed in range(50):
        state = GAME.deal(seed=seed)
        lead = GAME.legal_moves(state)[0]
        after = GAME.play(state, lead)
        same = [c for c in after.hands[1] if c.suit == lead.card.suit]
        other = [c for c in after.hands[1] if c.suit != lead.card.suit]
        if same and other:
            break
    try:
        GAME.play(after, f"play {other[0].code}")
    except cardlab.IllegalMove as err:
        assert err.rule == "toy.follow" and "must follow suit" in err.reason
    else:
        raise AssertionError("a card off the suit led was accepted while the player could follow")
    done = GAME.play(after, f"play {max(same).code}")
    winner = 1 if max(same).rank > lead.card.rank else 0
    assert len(done.won[winner]) == 2 and done.leader == winner
    assert GAME.deal(seed=8) == GAME.deal(seed=8) != GAME.deal(seed=9)
