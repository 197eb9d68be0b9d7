"""The static picture of a widget: plain HTML of what it shows, for where no kernel draws it.

A widget's display output carries this picture as ``text/html`` beside the widget view, so
GitHub, nbviewer and ``jupyter nbconvert --to html`` show the table (offline, with no
JavaScript), while JupyterLab, Voilà and VS Code draw the live widget. The picture is drawn
from the viewer's position (``game.view``) with the engine's own HTML reprs
(``state_html``, ``Breakdown._repr_html_``, ``cards_html``), so it shows nothing the viewer may
not see. Its classes are prefixed ``cardlab-static-``: the widgets' stylesheet never styles it.

This module does not import anywidget.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from ..cards import cards_html
from ..engine import markup
from . import layouts
from .viewmodel import History, Position

Drawer = Callable[[Position], str]

_BOX = (
    "border:1px solid #bdbdbd;border-radius:0.4em;padding:0.4em 0.6em;margin:0.2em 0;font-family:system-ui,sans-serif"
)
_CAPTION = "font-size:0.9em;color:#616161;margin-bottom:0.3em"


def where(pos: Position) -> str:
    """The position the picture shows: the one on show on this table (a player looking back
    sees an earlier one than the session's), counted on the line it belongs to."""
    steps = len(pos.session.line_moves)
    looking = ", looking back" if pos.look is not None and pos.index < len(pos.session.line_moves) else ""
    if pos.index == 0:
        return (
            f"at the start, before any of {steps} move{'s' if steps != 1 else ''}" if steps else "at the start"
        ) + looking
    return f"after move {pos.index} of {steps}{looking}"


def state(pos: Position) -> str:
    return pos.game.state_html(pos.seen)


def unscored_state(pos: Position) -> str:
    """The state's zones and cards alone, without the totals, balances or stack values a game's
    own picture adds: for a question that asks for a score, which they would answer."""
    return markup.state_html(pos.game, pos.seen)


def breakdown(pos: Position) -> str:
    bd = pos.breakdown
    if bd is None:
        return "<div class='cardlab-static-breakdown'>The score cannot be worked out from what you can see yet.</div>"
    return bd._repr_html_()


def hand(player: int) -> Drawer:
    def draw(pos: Position) -> str:
        zone = layouts.hand_zone(pos.zones, player)
        return (
            f"<div class='cardlab-static-hand'><b>{html.escape(pos.name(player))}'s hand</b> "
            f"{cards_html(zone.cards)}</div>"
        )

    return draw


def log(pos: Position) -> str:
    """The moves, the one on show marked, then the position it led to."""
    entries = History(pos.viewer, pos.names).entries(pos.session)
    items = "".join(
        f"<li>{'<b>' if i + 1 == pos.session.index else ''}{html.escape(e['player'])}: {html.escape(e['move'])}"
        f"{' ◀ on show</b>' if i + 1 == pos.session.index else ''}</li>"
        for i, e in enumerate(entries)
    )
    moves = f"<ol class='cardlab-static-log'>{items}</ol>" if entries else "<div>No moves yet.</div>"
    return moves + state(pos)


def text_form(pos: Position) -> str:
    return state(pos) + f"<pre class='cardlab-static-text'>{html.escape(pos.game.to_text(pos.state))}</pre>"


def table(pos: Position) -> str:
    return state(pos) + breakdown(pos)


def picture(component: str, pos: Position, draw: Drawer) -> str:
    """The whole picture: a caption naming the view and the position, then ``draw(pos)``."""
    who = "teacher's view" if pos.viewer is None else f"{pos.name(pos.viewer)}'s view"
    return frame(component, f"{pos.game.title or pos.game.name} — {who}, {where(pos)}", draw(pos))


def frame(component: str, caption: str, body: str) -> str:
    """A picture's frame: ``caption`` (text, said to be a picture of ``component``) above ``body`` (HTML)."""
    caption = f"{caption} (a picture: run the notebook to use the {component})"
    return (
        f"<div class='cardlab-static-widget' data-cardlab-static='{html.escape(component)}' style='{_BOX}'>"
        f"<div class='cardlab-static-caption' style='{_CAPTION}'>{html.escape(caption)}</div>"
        f"{body}</div>"
    )


__all__ = ["picture", "frame", "table", "state", "breakdown", "hand", "log", "text_form"]
