"""HTML pictures of a state and of a score, for a notebook without the widgets (``_repr_html_``)."""

from __future__ import annotations

import html
from typing import Any

from ..cards import cards_html


def state_html(game: Any, state: Any) -> str:
    """``state`` of ``game`` (a :class:`~cardlab.engine.Game`): every zone with its cards
    (hidden ones face down), and who is to move."""
    esc = html.escape
    to_move = game.to_move(state)
    who = "game over" if to_move is None else f"{game.player_names[to_move]} to move"
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{esc(z.name)}</th><td>{cards_html(z.cards)}</td></tr>"
        for z in game.zones(state)
    )
    return f"<div class='cardlab-static-state'><b>{esc(game.title)}</b> — {esc(who)}<table>{rows}</table></div>"


def breakdown_html(breakdown: Any) -> str:
    """A :class:`~cardlab.engine.Breakdown` as a table of its items, with the totals and, once
    the game is over, its result."""
    esc = html.escape
    rows = "".join(
        f"<tr><td>{esc(breakdown.players[i.player])}</td><td style='text-align:right'>{i.points:+d}</td>"
        f"<td>{esc(i.reason)}</td><td>{cards_html(i.cards, empty='')}</td>"
        f"<td><code>{esc(i.rule)}</code></td></tr>"
        for i in breakdown.items
    )
    totals = ", ".join(f"{esc(n)}: <b>{t}</b>" for n, t in zip(breakdown.players, breakdown.totals))
    end = ""
    if breakdown.final:
        end = " — " + esc(breakdown._result())
    notes = "".join(f"<div>{esc(n)}</div>" for n in breakdown.notes)
    return (
        f"<div class='cardlab-static-breakdown'><b>{esc(breakdown.title)}</b>"
        f"<table><thead><tr><th>player</th><th>points</th><th>reason</th><th>cards</th>"
        f"<th>rule</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<div>Totals: {totals}{end}</div>{notes}</div>"
    )
