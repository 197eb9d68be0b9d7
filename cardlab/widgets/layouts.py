"""Where each zone goes on the table: a small layout tree per game, built from ``game.zones``.

A layout is a tree of groups ``{"kind": "group", "title", "dir", "role", "items"}`` and piles
``{"kind": "pile", "zone", "title", "cards", "spread", "note", "hand"}`` that
``static/tableau.js`` draws. :func:`default` works for any game: each player's zones in their
own area (the viewer at the bottom, everyone else above) and the shared zones between them.
A game gets its own arrangement by adding a function to :data:`LAYOUTS`; a layout only
arranges the zones of the viewer's view, so it cannot show what the viewer may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import HIDDEN
from ..engine import Game, Zone

JSON = dict[str, Any]
Layout = Callable[[Game, Any, Sequence[Zone], "int | None", "int | None"], JSON]

#: Zones with more face-down cards than this are drawn as a stack with a count.
STACK_FROM = 8


def group(title: str | None, items: Sequence[JSON], *, dir: str = "row", role: str | None = None,
          active: bool = False, badge: str | None = None) -> JSON:
    return {"kind": "group", "title": title, "dir": dir, "role": role, "active": active,
            "badge": badge, "items": list(items)}


def is_hand(zone: Zone) -> bool:
    return zone.owner is not None and "hand" in zone.name.lower()


def pile(game: Game, zone: Zone, viewer: int | None, *, title: str | None = None, spread: str | None = None,
         hand: bool | None = None) -> JSON:
    """One zone as a pile. ``spread`` defaults to a fan for hands, a stack for a big face-down
    pile (a stock) and a row otherwise."""
    hand = is_hand(zone) if hand is None else hand
    if spread is None:
        face_down = bool(zone.cards) and all(c == HIDDEN for c in zone.cards)
        spread = "fan" if hand else "stack" if face_down and len(zone.cards) > STACK_FROM else "row"
    return {"kind": "pile", "zone": zone.name, "title": title or zone.name, "spread": spread,
            "hand": hand, "note": secrecy(game, zone, viewer), "cards": [c.code for c in zone.cards]}


def secrecy(game: Game, zone: Zone, viewer: int | None) -> str | None:
    """Who may see a secret zone, said for the teacher; "only you see these" for its owner."""
    if zone.seen_by is None:
        return None
    if viewer is not None:
        return "only you see these" if zone.seen_by == frozenset({viewer}) else None
    if not zone.seen_by:
        return "face down"
    return "seen by " + " and ".join(game.player_names[p] for p in sorted(zone.seen_by))


def hand_zone(zones: Sequence[Zone], player: int) -> Zone:
    """The zone holding ``player``'s hand: their zone named "…hand…", else their first zone."""
    owned = [z for z in zones if z.owner == player]
    for zone in owned:
        if is_hand(zone):
            return zone
    if owned:
        return owned[0]
    raise ValueError(f"player {player} owns no zone in this game, so has no hand to show")


def seat_title(game: Game, player: int, viewer: int | None) -> str:
    return game.player_names[player] + (" (you)" if player == viewer else "")


def seat_order(game: Game, viewer: int | None) -> tuple[list[int], int]:
    """Everyone else in turn order starting after ``me``, and ``me`` (the viewer, or A)."""
    me = 0 if viewer is None else viewer
    return [(me + k) % game.players for k in range(1, game.players)], me


def default(game: Game, view: Any, zones: Sequence[Zone], viewer: int | None, to_move: int | None) -> JSON:
    others, me = seat_order(game, viewer)

    def seat(p: int) -> JSON:
        return group(seat_title(game, p, viewer), [pile(game, z, viewer) for z in zones if z.owner == p],
                     role="player", active=p == to_move, badge="to move" if p == to_move else None)

    shared = group(None, [pile(game, z, viewer) for z in zones if z.owner is None], role="shared")
    return group(None, [*(seat(p) for p in others), shared, seat(me)], dir="column")


#: Game name → its layout; games not listed use :func:`default`.
LAYOUTS: dict[str, Layout] = {}


def layout(game: Game, view: Any, zones: Sequence[Zone], viewer: int | None, to_move: int | None) -> JSON:
    return LAYOUTS.get(game.name, default)(game, view, zones, viewer, to_move)
