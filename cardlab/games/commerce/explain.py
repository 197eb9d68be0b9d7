"""Commerce in a learner's words: what each card is for where it lies (a hand, the barter
offer, the stock, the waste), and what the player to move must do now (the game's part of
``Game.explain_card``). Every sentence cites its rule and is worked out from the asker's
view: a face-down card is spoken of by its place only."""

from __future__ import annotations

from ...cards import Card
from ...engine import HAND, PILE, SLOT, STOCK, Game, Reason, Zone
from .state import CommerceState


def card_role(game: Game[CommerceState], s: CommerceState, card: Card, zone: Zone, player: int | None) -> Reason | None:
    """What ``card`` (``HIDDEN`` when the asker may not see it) is for, lying in ``zone``."""
    names = game.player_names
    n = s.options.players
    if zone.kind == HAND:
        owner = names[zone.owner]  # type: ignore[index]
        if card.is_hidden:
            return Reason(
                f"This card lies face down in {owner}'s hand: hands stay concealed until the deal is settled.",
                "commerce.deal.cards",
            )
        left = names[(zone.owner + 1) % n]  # type: ignore[operator]
        return Reason(
            f"The {card} is in {owner}'s hand, one of the 3 cards ranked at the showdown. On their turn, "
            f"{owner} may trade it with the dealer for the stock's top card, offer it to {left} by a "
            "barter, or keep it and knock.",
            "commerce.turn",
        )
    if zone.kind == SLOT:
        offerer = names[s.turn_player]
        neighbour = names[(s.turn_player + 1) % n]
        what = "This card" if card.is_hidden else f"The {card}"
        return Reason(
            f"{what} is {offerer}'s barter offer, face down: {neighbour} answers by giving a card back "
            "without seeing it, or refuses by knocking.",
            "commerce.barter.answer",
        )
    if zone.kind == STOCK:
        return Reason(
            "This card lies face down in the stock: a trade gives the dealer a card and 1 chip and takes "
            "the stock's top card; nobody chooses it.",
            "commerce.trade",
        )
    if zone.kind == PILE:
        what = "This card" if card.is_hidden else f"The {card}"
        return Reason(
            f"{what} lies face down in the waste: a card traded away goes there and never comes back into play.",
            "commerce.trade.waste",
        )
    return None


def situation(game: Game[CommerceState], s: CommerceState) -> Reason:
    """What the player to move must do now, from what every player sees."""
    mover = game.to_move(s)
    if mover is None:
        return Reason("The game is over: the highest ledger balance wins.", "commerce.end")
    names = game.player_names
    name = names[mover]
    n = s.options.players
    if s.offer is not None:
        offerer = names[s.turn_player]
        return Reason(
            f"Now {name} must answer {offerer}'s barter: give a card back without seeing the offer, or "
            "refuse by knocking.",
            "commerce.barter.answer",
        )
    dealer = names[s.dealer]
    pays = "pays nothing, being the dealer" if mover == s.dealer else f"pays {dealer}, the dealer, 1 chip"
    return Reason(
        f"Now it is {name}'s turn: trade a card (for the stock's top card; {name} {pays}), barter with "
        f"{names[(mover + 1) % n]}, or knock to stop the deal.",
        "commerce.turn",
    )
