"""Driving a widget from Python as the browser does (the same custom messages, through
ipywidgets' own handler), the Card Commons deal most widget tests play, and readers of what
a table syncs."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cardlab
from cardlab.games import configurations
from cardlab.widgets.viewmodel import Position
from helpers.table_layout import piles

#: Every game configuration of the registry (the toy game of tests/conftest.py included).
CONFIGURATIONS = list(configurations())
#: A test parametrized by ``config``, a (game name, options) pair: one test per configuration.
EVERY_CONFIGURATION = pytest.mark.parametrize(
    "config", CONFIGURATIONS, ids=lambda c: c[0] + "".join(f"-{k}={v}" for k, v in c[1].items())
)


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
    """The :data:`DEAL` game played on (first legal moves) to the end of its first round."""
    session = commons_session()
    while not any(str(m) == "next round" for m in session.legal_moves()):
        session.play(session.legal_moves()[0])
    return session


def first_legal(game: Any, view: Any) -> Any:
    """A computer player that plays the first legal move."""
    return game.legal_moves(view)[0]


def view_model(session: cardlab.Session, player: int, showdown: Any = None) -> tuple[Position, dict]:
    """What a player's table syncs besides the log and the message, computed as the widget
    computes it (``Table._parts``), without the widget; ``showdown``: the settled round the
    table stops on, if any."""
    pos = Position(session, player, showdown=showdown)
    return pos, {
        **pos.header(),
        "layout": pos.layout(),
        "moves": pos.moves(),
        "breakdown": pos.breakdown_json(),
        "narration": pos.narration(),
        "showdown": pos.showdown_json(),
    }


def synced_text(table: Any) -> str:
    """Everything a table sends to its browser, as one text."""
    return json.dumps([table.view_json, table.history_json, table.message], ensure_ascii=False)


def pile_of(view: dict, zone: str) -> dict:
    """The one pile of ``zone`` in a widget's view."""
    found = [p for p in piles(view["layout"]) if p["zone"] == zone]
    assert len(found) == 1, f"zone {zone!r} appears {len(found)} times"
    return found[0]


def group_titles(node: dict) -> list[str]:
    """The titles of ``node`` and of every group under it, in drawing order."""
    if node["kind"] == "pile":
        return []
    own = [node["title"]] if node["title"] else []
    return own + [t for item in node["items"] for t in group_titles(item)]
