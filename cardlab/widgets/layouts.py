"""Where each zone goes on the table: a small layout tree, built from ``game.zones`` and the
game's layout hints (``game.table_layout``, a :class:`cardlab.engine.Layout`).

A layout is a tree of groups ``{"kind": "group", "title", "dir", "role", "items"}`` and piles
``{"kind": "pile", "zone", "title", "cards", "spread", "note", "hand"}`` that
``static/src/tableau.js`` draws (the view-model adds each pile's ``label``, its name for screen
readers, and ``marks``, the game's notes on its cards: ``viewmodel.Position``). It is the same
for every game: each player's zones without a group sit in their seat (the viewer's at the
bottom, everyone else's across the top), and the groups fill the middle, in the rows of areas
the hints give; inside an area, each player's zones face their seat. What a zone is (a hand, a
stock, a stack…) comes from its ``kind``, never from its name. A layout only arranges the zones
of the viewer's view (a :class:`Scene`), so it cannot show what the viewer may not see; titles
name the players as the table does (``Scene.names``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..cards import HIDDEN
from ..engine import HAND, STACK, Area, Breakdown, Game, Layout, Zone

JSON = dict[str, Any]


class Scene(Protocol):
    """What a layout reads: the viewer's view of one state (``viewmodel.Position`` is one)."""

    game: Game
    viewer: int | None
    names: tuple[str, ...]

    @property
    def seen(self) -> Any: ...  # game.view(state, viewer)
    @property
    def zones(self) -> list[Zone]: ...  # game.zones(seen)
    @property
    def to_move(self) -> int | None: ...
    @property
    def deciding(self) -> int | None: ...  # to_move, but None when all they can do is go on (next round)
    @property
    def breakdown(self) -> Breakdown | None: ...  # game.score(seen), None if it cannot be scored


#: Zones with more cards than this are drawn compactly: as a stack with a count when nobody
#: may look through them (a stock), else as a fan.
COMPACT_FROM = 8
#: A hand of more cards than this is fanned (overlapping); a smaller one lies in a row.
FAN_FROM = 5


def group(
    title: str | None,
    items: Sequence[JSON],
    *,
    dir: str = "row",
    role: str | None = None,
    active: bool = False,
    badge: str | None = None,
) -> JSON:
    return {
        "kind": "group",
        "title": title,
        "dir": dir,
        "role": role,
        "active": active,
        "badge": badge,
        "items": list(items),
    }


def pile(
    scene: Scene, zone: Zone, *, title: str | None = None, hand: bool | None = None, compact: bool = False
) -> JSON:
    """One zone as a pile. A stack is spread as a column, so that every card shows; a big pile
    that nobody may look through (a stock: even the teacher sees only its top and its count;
    the text form lists it) as a stack, and so is a small one in a ``compact`` area; another
    big pile, or a hand of more than five cards, as a fan; anything else as a row."""
    hand = zone.kind == HAND if hand is None else hand
    big = len(zone.cards) > COMPACT_FROM
    spread = (
        "column"
        if zone.kind == STACK
        else "stack"
        if (big or compact) and not hand and _unseen(zone)
        else "fan"
        if big or (hand and len(zone.cards) > FAN_FROM)
        else "row"
    )
    return {
        "kind": "pile",
        "zone": zone.name,
        "title": title or zone.title,
        "spread": spread,
        "hand": hand,
        "note": secrecy(scene, zone),
        "cards": [c.code for c in zone.cards],
    }


def _unseen(zone: Zone) -> bool:
    """Whether nobody may look through ``zone``: nobody sees it, or all its cards are face down."""
    return zone.seen_by == frozenset() or (bool(zone.cards) and all(c == HIDDEN for c in zone.cards))


def secrecy(scene: Scene, zone: Zone) -> str | None:
    """Who may see a secret zone, said for the teacher; "only you see these" for its owner."""
    if zone.seen_by is None:
        return None
    if scene.viewer is not None:
        return "only you see these" if zone.seen_by == frozenset({scene.viewer}) else None
    if not zone.seen_by:
        return "face down"
    return "seen by " + " and ".join(scene.names[p] for p in sorted(zone.seen_by))


def hand_zone(zones: Sequence[Zone], player: int) -> Zone:
    """The zone holding ``player``'s hand: their zone of kind "hand", else their first zone."""
    owned = [z for z in zones if z.owner == player]
    for zone in owned:
        if zone.kind == HAND:
            return zone
    if owned:
        return owned[0]
    raise ValueError(f"player {player} owns no zone in this game, so has no hand to show")


def seat_title(scene: Scene, player: int) -> str:
    """A seat's name as the table shows it: "Ada (A)" when the name is not the game's letter
    (the game's own narration and rules use the letter), "(you)" for the viewer."""
    name, letter = scene.names[player], scene.game.player_names[player]
    return name + ("" if name == letter else f" ({letter})") + (" (you)" if player == scene.viewer else "")


def seat_order(scene: Scene) -> tuple[list[int], int]:
    """Everyone else in turn order starting after ``me``, and ``me`` (the viewer, or A)."""
    players = scene.game.players
    me = 0 if scene.viewer is None else scene.viewer
    return [(me + k) % players for k in range(1, players)], me


def layout(scene: Scene) -> JSON:
    """The table: the others' seats, the middle (the game's areas, row by row), the viewer's seat."""
    hints = scene.game.table_layout(scene.seen)
    others, me = seat_order(scene)
    seats = [_seat(scene, hints, p) for p in others]
    top = seats[0] if len(seats) == 1 else group(None, seats)
    middle = [_row(scene, row, others, me) for row in _rows(scene.zones, hints)]
    return group(None, [top, *middle, _seat(scene, hints, me)], dir="column")


def _seat(scene: Scene, hints: Layout, p: int) -> JSON:
    notes = [hints.seats[p] if hints.seats else ""]
    if hints.scores and scene.breakdown is not None:  # a standing is part of the score
        notes.append(hints.scores[p])
    title = " · ".join([seat_title(scene, p), *filter(None, notes)])
    deciding = scene.deciding  # nobody while all the player to move can do is go on (next round)
    return group(
        title,
        [pile(scene, z) for z in scene.zones if z.owner == p and z.group is None],
        role="player",
        active=p == deciding,
        badge="to move" if p == deciding else None,
    )


def _rows(zones: Sequence[Zone], hints: Layout) -> list[tuple[Area | None, ...]]:
    """The rows of areas in the middle: the hints' rows, then a row for each group they do not
    name, then (None) the shared zones that belong to no group."""
    named = {area.group for row in hints.rows for area in row}
    rows: list[tuple[Area | None, ...]] = [row for row in hints.rows]
    for zone in zones:
        if zone.group is not None and zone.group not in named:
            named.add(zone.group)
            rows.append((Area(zone.group),))
    if any(z.group is None and z.owner is None for z in zones):
        rows.append((None,))
    return rows


def _row(scene: Scene, row: tuple[Area | None, ...], others: list[int], me: int) -> JSON:
    areas = [_area(scene, area, others, me) for area in row]
    return areas[0] if len(areas) == 1 else group(None, areas)


def _area(scene: Scene, area: Area | None, others: list[int], me: int) -> JSON:
    """An area: the zones of its group facing their owners (the others' first, then the shared
    ones, then the viewer's), or (``area`` None) the shared zones of no group. A ``column``
    area has its zones one above the other, in the same order."""
    key = None if area is None else area.group
    members = [z for z in scene.zones if z.group == key and (key is not None or z.owner is None)]
    parts = [[z for z in members if z.owner == p] for p in others]
    parts += [[z for z in members if z.owner is None], [z for z in members if z.owner == me]]
    compact = area is not None and area.compact
    if area is not None and area.column:
        parts = [[z] for part in parts for z in part]
    lines = [_line(scene, part, compact) for part in parts if part]
    role = "framed" if area is not None and area.framed else "shared"
    title = None if area is None else area.title
    if len(lines) == 1 and lines[0]["kind"] == "group":
        return group(title, lines[0]["items"], role=role)
    return group(title, lines, dir="column", role=role)


def _line(scene: Scene, zones: list[Zone], compact: bool = False) -> JSON:
    """One part of an area, in a row: a player's zones are titled with their name."""
    piles = [
        pile(scene, z, title=None if z.owner is None else f"{scene.names[z.owner]}'s {z.title}", compact=compact)
        for z in zones
    ]
    return piles[0] if len(piles) == 1 else group(None, piles)
