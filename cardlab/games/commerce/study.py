"""Commerce in a study (``cardlab.study``): the category of every hand as dealt and as shown
when a deal ends (a triplet, a sequence, a point, or nothing), whether the dealer wins the pool,
and how each deal ends (a knock, a refused barter, the stock running out). See
cardlab/studies/facts.py."""

from __future__ import annotations

from collections.abc import Iterator

from ...engine import Fact
from .ranking import CATEGORY, hand_key, showdown

DEALT, SHOWN, DEALS = "hands dealt", "hands shown at a deal's end", "deals"
_ARTICLE = {"triplet": "a triplet", "sequence": "a sequence", "point": "a point", "nothing": "nothing"}
_CATEGORIES = ("triplet", "sequence", "point", "nothing")

FACTS = {
    **{f"dealt_{c}": Fact(f"a hand dealt is {_ARTICLE[c]}", DEALT) for c in _CATEGORIES},
    **{f"shown_{c}": Fact(f"a hand shown is {_ARTICLE[c]}", SHOWN) for c in _CATEGORIES},
    "dealer_wins": Fact("the dealer wins the pool", DEALS),
    "ends_knock": Fact("a deal ends with a knock", DEALS),
    "ends_refusal": Fact("a deal ends with a refused barter", DEALS),
    "ends_stock": Fact("a deal ends as the stock runs out", DEALS),
}


def _categories(prefix: str, hands) -> Iterator[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    for hand in hands:
        category = CATEGORY[hand_key(tuple(hand))[0]]
        for c in _CATEGORIES:
            yield f"{prefix}_{c}", c == category


def facts(game, record) -> Iterator[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    """The hands of each deal as dealt (the state as the deal begins), then each settled deal."""
    yield from _categories("dealt", record.states[0].hands)
    for before, after in zip(record.states, record.states[1:]):
        if len(after.history) > len(before.history) and len(after.history) < after.players:
            yield from _categories("dealt", after.hands)
    for deal in record.final.history:
        yield from _categories("shown", deal.hands)
        yield "dealer_wins", showdown(deal.hands, deal.dealer).winner == deal.dealer
        for end in ("knock", "refusal", "stock"):
            yield f"ends_{end}", deal.end == end
