"""Where each zone goes on the table: a small layout tree per game, built from ``game.zones``.

A layout is a tree of groups ``{"kind": "group", "title", "dir", "role", "items"}`` and piles
``{"kind": "pile", "zone", "title", "cards", "spread", "note", "hand"}`` that
``static/tableau.js`` draws. :func:`default` works for any game: each player's zones in their
own area (the viewer at the bottom, everyone else above) and the shared zones between them.
A game gets its own arrangement by adding a function to :data:`LAYOUTS`; a layout only
arranges the zones of the viewer's view (a :class:`Scene`), so it cannot show what the viewer
may not see. Zones are found by their names, which use the game's seat letters ("A hand");
titles name the players as the table does (``Scene.names``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..cards import HIDDEN
from ..engine import Breakdown, Game, Zone

JSON = dict[str, Any]


class Scene(Protocol):
    """What a layout reads: the viewer's view of one state (``viewmodel.Position`` is one)."""

    game: Game
    viewer: int | None
    names: tuple[str, ...]

    @property
    def seen(self) -> Any: ...          # game.view(state, viewer)
    @property
    def zones(self) -> list[Zone]: ...  # game.zones(seen)
    @property
    def to_move(self) -> int | None: ...
    @property
    def deciding(self) -> int | None: ...  # to_move, but None when all they can do is go on (next round)
    @property
    def breakdown(self) -> Breakdown | None: ...  # game.score(seen), None if it cannot be scored


Layout = Callable[[Scene], JSON]

#: Zones with more cards than this are drawn compactly: as a stack with a count when nobody
#: may look through them (a stock), else as a fan.
COMPACT_FROM = 8
#: A hand of more cards than this is fanned (overlapping); a smaller one lies in a row.
FAN_FROM = 5


def group(title: str | None, items: Sequence[JSON], *, dir: str = "row", role: str | None = None,
          active: bool = False, badge: str | None = None) -> JSON:
    return {"kind": "group", "title": title, "dir": dir, "role": role, "active": active,
            "badge": badge, "items": list(items)}


def is_hand(zone: Zone) -> bool:
    return zone.owner is not None and "hand" in zone.name.lower()


def pile(scene: Scene, zone: Zone, *, title: str | None = None, spread: str | None = None,
         hand: bool | None = None) -> JSON:
    """One zone as a pile. ``spread`` defaults to a stack for a big pile that nobody may look
    through (a stock: even the teacher sees only its top and its count; the text form lists
    it), a fan for another big pile or a hand of more than five cards, and a row otherwise."""
    hand = is_hand(zone) if hand is None else hand
    if spread is None:
        big = len(zone.cards) > COMPACT_FROM
        unseen = zone.seen_by == frozenset() or all(c == HIDDEN for c in zone.cards)
        spread = ("stack" if big and unseen and not hand else
                  "fan" if big or (hand and len(zone.cards) > FAN_FROM) else "row")
    return {"kind": "pile", "zone": zone.name, "title": title or zone.name, "spread": spread,
            "hand": hand, "note": secrecy(scene, zone), "cards": [c.code for c in zone.cards]}


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
    """The zone holding ``player``'s hand: their zone named "…hand…", else their first zone."""
    owned = [z for z in zones if z.owner == player]
    for zone in owned:
        if is_hand(zone):
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


def default(scene: Scene) -> JSON:
    others, me = seat_order(scene)

    def seat(p: int) -> JSON:
        return group(seat_title(scene, p), [pile(scene, z) for z in scene.zones if z.owner == p],
                     role="player", active=p == scene.deciding, badge="to move" if p == scene.deciding else None)

    shared = group(None, [pile(scene, z) for z in scene.zones if z.owner is None], role="shared")
    return group(None, [*(seat(p) for p in others), shared, seat(me)], dir="column")


# --- the four games ---------------------------------------------------------------------------

class Placer:
    """Hands out a game's zones by name, once each; :meth:`rest` returns the zones no layout
    placed, so a zone a layout does not know (yet) still appears on the table."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._zones = {z.name: z for z in scene.zones}
        self._order = [z.name for z in scene.zones]
        self._used: set[str] = set()

    def pile(self, name: str, title: str | None = None, **options: Any) -> JSON | None:
        zone = self._zones.get(name)
        if zone is None or name in self._used:
            return None
        self._used.add(name)
        return pile(self.scene, zone, title=title, **options)

    def piles(self, *specs: tuple[str, str]) -> list[JSON]:
        return [p for name, title in specs if (p := self.pile(name, title)) is not None]

    def rest(self) -> JSON | None:
        left = [self.pile(name) for name in self._order if name not in self._used]
        return group("Other", [p for p in left if p], role="shared") if left else None


def _seat(scene: Scene, p: int, items: Sequence[JSON | None], role_text: str = "") -> JSON:
    title = seat_title(scene, p) + (f" · {role_text}" if role_text else "")
    return group(title, [i for i in items if i], role="player", active=p == scene.deciding,
                 badge="to move" if p == scene.deciding else None)


def points(count: int, *, signed: bool = False) -> str:
    """A number of points with its unit: "1 point", "+3 points", "−2 points"."""
    number = (f"{count:+d}" if signed else str(count)).replace("-", "−")
    return f"{number} point{'' if abs(count) == 1 else 's'}"


def _column(title: str | None, items: Sequence[JSON | None], role: str | None = None) -> JSON:
    return group(title, [i for i in items if i], dir="column", role=role)


def _finish(place: Placer, items: list[JSON | None]) -> JSON:
    return _column(None, [*items, place.rest()])


def commons(scene: Scene) -> JSON:
    """Card Commons: each player's hand and Commission at their edge; the two sides of the
    tableau grow out from the Nest Egg toward their owners; the discard pool beside it."""
    place, letters = Placer(scene), scene.game.player_names
    (other,), me = seat_order(scene)
    claimant = getattr(scene.seen, "claimant", None)

    def seat(p: int) -> JSON:
        n = letters[p]
        return _seat(scene, p, place.piles((f"{n} hand", "Hand"), (f"{n} commission", "Commission")),
                     "Claimant" if p == claimant else "Respondent" if claimant is not None else "")

    def side(p: int) -> JSON | None:
        return place.pile(f"{letters[p]} side", f"{scene.names[p]}'s side of the tableau")

    centre = group(None, place.piles(("nest egg", "Nest Egg"), ("claim", "Claim"),
                                     ("pool face up", "Pool, face up"), ("pool face down", "Pool, face down")))
    tableau = _column("Tableau", [side(other), centre, side(me)], role="shared")
    return _finish(place, [seat(other), tableau, seat(me)])


def commerce(scene: Scene) -> JSON:
    """Commerce: every seat around the table (the viewer's last, nearest), each with its hand,
    the dealer marked and its ledger balance (the score's totals); the stock, waste, barter
    offer and pool between."""
    place, game = Placer(scene), scene.game
    others, me = seat_order(scene)
    dealer = getattr(scene.seen, "dealer", None)
    balances = scene.breakdown.totals if scene.breakdown is not None else None
    pool = getattr(game, "pool", None)

    def seat(p: int) -> JSON:
        ledger = [f"ledger {points(balances[p], signed=True)}"] if balances else []
        notes = (["dealer"] if p == dealer else []) + ledger
        return _seat(scene, p, [place.pile(f"{game.player_names[p]}'s hand", "Hand")], " · ".join(notes))

    middle = place.piles(("stock", "Stock"), ("waste", "Waste"), ("offer", "Barter offer"))
    title = f"Pool: {points(pool(scene.seen))}" if callable(pool) else None
    return _finish(place, [group(None, [seat(p) for p in others]), group(title, middle, role="shared"), seat(me)])


def commitment(scene: Scene) -> JSON:
    """Commitment: each battle card between the two sides' hearts, clubs and diamonds stacks
    (the opponent's above, the viewer's below); hands, won battle cards and the decks around."""
    place, letters = Placer(scene), scene.game.player_names
    (other,), me = seat_order(scene)
    suits = (("hearts", "♥ hearts"), ("clubs", "♣ clubs"), ("diamonds", "♦ diamonds"))
    battles = sorted({z.name.split()[0] for z in scene.zones if z.name.endswith(" battle card")},
                     key=lambda b: int(b[1:]))

    def stacks(b: str, p: int) -> JSON:
        n = letters[p]
        return group(None, [x for name, title in suits
                            if (x := place.pile(f"{b} {n} {name}", f"{scene.names[p]} {title}", spread="column"))])

    def battle(b: str) -> JSON:
        return _column(f"Battle {b[1:]}", [stacks(b, other), place.pile(f"{b} battle card", "Battle card"),
                                           stacks(b, me)], role="battle")

    def seat(p: int) -> JSON:
        n = letters[p]
        return _seat(scene, p, place.piles((f"{n} hand", "Hand"), (f"{n} won", "Battle cards won")))

    # The decks in a column beside the battles (the battle deck as a stack), to keep the table short.
    decks = _column(None, [place.pile("draw deck", "Draw deck"),
                           place.pile("battle deck", "Battle deck", spread="stack"),
                           place.pile("discard", "Discard")], role="shared")
    return _finish(place, [seat(other), group(None, [*(battle(b) for b in battles), decks]), seat(me)])


def contest(scene: Scene) -> JSON:
    """Contest: each player's four secret cards in order (1st to 4th position) and hand; the
    four Contest positions in a row; the points piles by suit; the discard and draw piles."""
    place, letters = Placer(scene), scene.game.player_names
    (other,), me = seat_order(scene)

    def seat(p: int) -> JSON:
        n = letters[p]
        return _seat(scene, p, place.piles((f"{n} secret", "Secret cards, 1st to 4th"), (f"{n} hand", "Hand")))

    row = group("Contest positions", [x for i in range(1, 5)
                                      if (x := place.pile(f"position {i}", f"Position {i}", spread="column"))], role="shared")
    points = group("Points piles", [x for s, sym in (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"))
                                    if (x := place.pile(f"points {s}", f"{sym} points"))], role="shared")
    piles = group(None, place.piles(("discard", "Discard pile"), ("draw pile", "Draw pile")), role="shared")
    # The points piles and the discard and draw piles side by side, to keep the table short.
    return _finish(place, [seat(other), row, group(None, [points, piles]), seat(me)])


#: Game name → its layout; games not listed use :func:`default`.
LAYOUTS: dict[str, Layout] = {"card-commons": commons, "commerce": commerce, "commitment": commitment, "contest": contest}


def layout(scene: Scene) -> JSON:
    return LAYOUTS.get(scene.game.name, default)(scene)
