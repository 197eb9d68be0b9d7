"""Commitment in a learner's words: what each card is for where it lies (a hand, a battle's
stacks, the battle card, the decks, the cards won, the discard), and what the player to move
must do now (the game's part of ``Game.explain_card``). Every sentence cites its rule and is
worked out from the asker's view: a face-down card is spoken of by its place only."""

from __future__ import annotations

from ...cards import Card, suit_symbol
from ...engine import HAND, PILE, SLOT, STACK, STOCK, Game, Reason, Zone
from .moves import ACE, BATTLE_VP, JACK, KIND, KING, QUEEN, ROUNDS, SPADE, STACK_INDEX, STACK_NAMES
from .state import CommitmentState


def _stack(card: Card) -> str:
    return f"{suit_symbol(card.suit)} {STACK_NAMES[STACK_INDEX[card.suit]]}"


def hand_card(card: Card, owner: str) -> Reason:
    """What a card in a hand does once committed, by its kind."""
    kind = KIND.get(card)
    if kind == SPADE:
        return Reason(
            f"The {card} in {owner}'s hand is wild: added, it joins whichever of {owner}'s three stacks "
            "at a battle they choose, and belongs to that stack from then on.",
            "commitment.spade",
        )
    if kind == ACE:
        return Reason(
            f"The {card} in {owner}'s hand is worth 1 and must go on the other player's side, on their "
            f"{_stack(card)} stack at a battle {owner} chooses; then {owner} draws a card.",
            "commitment.ace",
        )
    if kind == JACK:
        return Reason(
            f"The {card} in {owner}'s hand is worth 0 and goes on {owner}'s {_stack(card)} stack; it then "
            "moves that whole stack onto the same suit's stack at another battle (in round 1 there is none).",
            "commitment.jack",
        )
    if kind == QUEEN:
        return Reason(
            f"The {card} in {owner}'s hand is worth 0: it discards the {_stack(card)} stack it joins and "
            "the other player's stack of that suit at the battle.",
            "commitment.queen",
        )
    if kind == KING:
        return Reason(
            f"The {card} in {owner}'s hand is worth 0: on {owner}'s {_stack(card)} stack it doubles every "
            "card below it.",
            "commitment.king",
        )
    return Reason(
        f"The {card} in {owner}'s hand is worth {card.rank} and goes on {owner}'s {_stack(card)} stack at "
        "a battle of their choice.",
        "commitment.stack",
    )


def card_role(
    game: Game[CommitmentState], s: CommitmentState, card: Card, zone: Zone, player: int | None
) -> Reason | None:
    """What ``card`` (``HIDDEN`` when the asker may not see it) is for, lying in ``zone``."""
    owner = game.player_names[zone.owner] if zone.owner is not None else ""
    if zone.kind == HAND:
        if card.is_hidden:
            return Reason(f"This card lies face down in {owner}'s hand: only {owner} sees it.", "commitment.commit")
        return hand_card(card, owner)
    if zone.kind == STACK:
        battle = zone.group or ""
        if card.suit == "S":
            return Reason(
                f"The {card} is wild on {owner}'s {zone.label} stack at {battle}: it counts for that stack, "
                "so a King doubles it and a Queen discards it.",
                "commitment.spade",
            )
        return Reason(
            f"The {card} is on {owner}'s {zone.label} stack at {battle}: the stack's value is the total of "
            "its cards, and the cards added stay until the round is scored.",
            "commitment.score.stack",
        )
    if zone.kind == SLOT:
        vp = BATTLE_VP.get(card)
        worth = f", worth {vp} VP" if vp else ""
        return Reason(
            f"The {card} is a battle card{worth}: the player who wins more suits at its battle takes it.",
            "commitment.score.suits",
        )
    if zone.kind == STOCK:
        if zone.name == "battle deck":
            return Reason(
                "This card lies face down in the battle deck: it is turned up as a battle card in a later round.",
                "commitment.setup.battles",
            )
        return Reason(
            "This card lies face down in the draw deck: players draw from it at the start of rounds 2 and "
            "3, and after adding an Ace.",
            "commitment.setup.draw",
        )
    if zone.kind == PILE and zone.owner is not None:
        return Reason(f"The {card} is a battle card {owner} has won: it counts its VP at the end.", "commitment.vp")
    if zone.kind == PILE:
        return Reason(
            f"The {card} was discarded: the cards added in a round are discarded once it is scored.",
            "commitment.round.discard",
        )
    return None


def situation(game: Game[CommitmentState], s: CommitmentState) -> Reason:
    """What the player to move must do now, from what every player sees."""
    mover = game.to_move(s)
    if mover is None:
        return Reason(f"The game is over after round {ROUNDS}: the player with more VP wins.", "commitment.end")
    names = game.player_names
    name = names[mover]
    if s.passed[0] and s.passed[1]:
        return Reason(
            f"Both players have passed: round {s.round} is scored, and the next move is 'next round'.",
            "commitment.round.next",
        )
    other = 1 - mover
    if s.passed[other]:
        return Reason(
            f"Now {names[other]} has passed, so {name} may add cards one at a time until {name} passes too.",
            "commitment.pass",
        )
    return Reason(
        f"Now it is {name}'s turn: add one card from their hand to their side of a battle, or pass for "
        "the rest of the round.",
        "commitment.commit",
    )
