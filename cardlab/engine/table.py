"""Where cards lie: the kinds of zone, a :class:`Zone`, and the :class:`Layout` of a table's areas."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from ..cards import Card

# What a zone is (``Zone.kind``): how a table draws it, and, for the piles, the order of its cards.
#: The cards a player holds.
HAND = "hand"
#: Cards piled up, listed bottom to top: the last is the top card (a discard pile, a waste).
PILE = "pile"
#: A face-down pile cards are drawn from, listed bottom to top: the last is the next drawn.
STOCK = "stock"
#: A pile whose every card counts in play, listed bottom to top and drawn spread out (a suit stack).
STACK = "stack"
#: Cards lying side by side in no order that counts (a discard pool).
POOL = "pool"
#: A player's side of a tableau: the cards played to it, in the order played.
SIDE = "side"
#: Cards laid in numbered places, first to last (secret cards in positions 1 to 4).
ROW = "row"
#: A place for one card (a Commission, a battle card, a card on offer).
SLOT = "slot"
#: Every kind of zone, and the kinds that list their cards bottom to top.
ZONE_KINDS = (HAND, PILE, STOCK, STACK, POOL, SIDE, ROW, SLOT)
PILE_KINDS = (PILE, STOCK, STACK)


class Zone(NamedTuple):
    """A place on the table holding cards, and who may see them.

    ``name`` names the zone in messages and the text form ("A hand"), and is unique in a
    state. ``seen_by`` is ``None`` when every player sees the cards, otherwise the set of
    players who do (an empty set: nobody, such as a shuffled stock). ``owner`` is the player
    the zone belongs to, if any. ``kind`` says what the zone is (one of :data:`ZONE_KINDS`);
    the piles (:data:`PILE_KINDS`) list their cards bottom to top. ``group`` gathers zones a
    table draws together (a battle's card and stacks); see :class:`Layout`. ``label`` is what a
    table calls the zone inside its seat or group ("Hand"); empty, the name serves.
    Code outside a game reads a zone's meaning from these fields, never from its name.
    """

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None = None
    owner: int | None = None
    kind: str = PILE
    group: str | None = None
    label: str = ""

    def visible_to(self, player: int | None) -> bool:
        return player is None or self.seen_by is None or player in self.seen_by

    @property
    def title(self) -> str:
        """What a table calls the zone: its label, or else its name."""
        return self.label or self.name


@dataclass(frozen=True, slots=True)
class Area:
    """Where a table draws the zones of one ``group``: under ``title``, ``framed`` or not.

    ``column`` puts its zones one above the other instead of side by side, so that the area
    sits narrow beside the other areas of its row. ``compact`` draws each of its piles that
    nobody may look through (a face-down deck) as its top card and a count, however few its
    cards, instead of laying them all out.
    """

    group: str
    title: str | None = None
    framed: bool = False
    column: bool = False
    compact: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    """How a table arranges a state's zones: plain data, which ``cardlab.widgets`` draws.

    A player's zones without a group sit in that player's seat: the viewer's seat nearest,
    the others' across the table. The groups fill the middle, ``rows`` of areas from top to
    bottom; a group that no row names gets a row of its own after them. Inside an area, the
    zones owned by the players across the table come first, then the shared ones, then the
    viewer's, so each player's part faces its owner. ``seats`` adds a note to each player's
    seat ("dealer", "Claimant"); ``scores`` a note of each player's standing ("ledger +2"),
    which a table leaves out while it puts the score away (a lesson asking for it). Each has
    one entry per player, or none.
    """

    rows: tuple[tuple[Area, ...], ...] = ()
    seats: tuple[str, ...] = ()
    scores: tuple[str, ...] = ()


def all_cards(zones: Iterable[Zone]) -> Counter[Card]:
    """The multiset of cards over some zones."""
    return Counter(chain.from_iterable(zone.cards for zone in zones))  # (counted at once)
