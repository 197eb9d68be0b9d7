"""Contest in a learner's words: what each card is for where it lies (a hand, the secret cards,
the contest row, the points piles, the discard and draw piles), what the player to move must do
now, and the places of the row a hand card may or may not go (the game's part of
``Game.explain_card``). Every sentence cites its rule and is worked out from the asker's view:
a face-down card is spoken of by its place only."""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card, suit_symbol
from ...engine import HAND, PILE, ROW, STACK, STOCK, Game, Move, Reason, Zone, plural
from .moves import Claim, Open, Reinforce
from .state import ContestState

#: A secret card by its place, left to right: "A's first secret card".
ORDINALS = ("first", "second", "third", "fourth")

_POWERS = {
    11: ("a Jack: discarded to claim, it may first discard a contest pile of its suit", "contest.claim.jack"),
    12: (
        "a Queen: discarded to claim, it lets its player first play another card of its suit into the row",
        "contest.claim.queen",
    ),
    13: ("a King: discarded to claim, it may act as a Jack or as a Queen", "contest.claim.king"),
}


def card_role(
    game: Game[ContestState], state: ContestState, card: Card, zone: Zone, player: int | None
) -> Reason | None:
    """What ``card`` (``HIDDEN`` when the asker may not see it) is for, lying in ``zone``."""
    owner = game.player_names[zone.owner] if zone.owner is not None else ""
    if zone.kind == ROW:
        if game.phase(state) == "arrange":
            return Reason(
                f"This is one of {owner}'s 4 secret cards: {owner} lays them face down in any order, no two "
                "of a suit side by side.",
                "contest.secret.neighbours",
            )
        if card.is_hidden:
            return Reason(
                f"This is one of {owner}'s secret cards, face down until the game ends. Then each card in "
                "the points pile of its suit scores for them: 1 to 4 points, from the first secret card to the fourth.",
                "contest.score",
            )
        place = zone.cards.index(card) + 1
        return Reason(
            f"The {card} is {owner}'s {ORDINALS[place - 1]} secret card: at the end, each card in the "
            f"{suit_symbol(card.suit)} points pile scores {plural(place, 'point')} for "
            f"{owner}.",
            "contest.score",
        )
    if zone.kind == HAND:
        if card.is_hidden:
            return Reason(f"This card lies face down in {owner}'s hand: only {owner} sees it.", "contest.hand")
        power = _POWERS.get(card.rank)
        if power:
            return Reason(f"The {card} in {owner}'s hand is {power[0]}.", power[1])
        return Reason(
            f"The {card} is in {owner}'s hand: {owner} may open an empty position with it, add it to a "
            f"{suit_symbol(card.suit)} pile, discard it to claim two piles when it matches one of them, or "
            "exchange it.",
            "contest.turn",
        )
    if zone.kind == STACK:
        return Reason(
            f"The {card} is in the contest pile at {zone.label.lower()}: a card of its suit may be added to it, "
            "and a claim takes it with a pile of another suit.",
            "contest.claim",
        )
    if zone.kind == STOCK:
        return Reason(
            "This card lies face down in the draw pile: after each action the player draws back up to 7 cards.",
            "contest.draw",
        )
    if zone.kind == PILE and zone.name == "discard":
        return Reason(
            f"The {card} is in the discard pile: out of play (a claim's card and its lower pile, exchanged "
            "cards and mulligans go there).",
            "contest.claim.value",
        )
    if zone.kind == PILE:
        return Reason(
            f"The {card} is in the {suit_symbol(card.suit)} points pile. At the end, each card there scores "
            "for the players whose secret cards hold that suit: 1 to 4 points, from the first secret card to "
            "the fourth.",
            "contest.score",
        )
    return None


def situation(game: Game[ContestState], state: ContestState) -> Reason:
    """What the player to move must do now, from what every player sees."""
    mover = game.to_move(state)
    if mover is None:
        return Reason("The game is over: the secret cards are turned up and the points piles scored.", "contest.score")
    name = game.player_names[mover]
    phase = game.phase(state)
    if phase == "arrange":
        return Reason(
            f"Now {name} must arrange the 4 secret cards, no two of a suit side by side, or declare a "
            "mulligan when no order does.",
            "contest.secret",
        )
    if phase.startswith("final"):
        left = state.last_turns
        return Reason(
            f"The draw pile is empty: {name} takes one of the last turns ({left} left); with no possible "
            "action, a player passes.",
            "contest.end",
        )
    return Reason(
        f"Now {name} must take one action: open a position, add a card to a pile, claim two piles, or exchange a card.",
        "contest.turn",
    )


def card_candidates(
    game: Game[ContestState], state: ContestState, card: Card, zone: Zone, legal: Sequence[Move], default: list[Move]
) -> list[Move]:
    """Besides the default: a hand card opened at, or reinforcing, each of the 4 positions (the
    menu's "why not position 2?"). While the secret cards are arranged, only the arrangements."""
    if game.phase(state) == "arrange":
        return []
    # a Queen's claim with the card put in the Queen's place would play the card twice
    default = [m for m in default if not (isinstance(m, Claim) and m.play is not None and m.play.card == card)]
    if zone.kind != HAND or zone.owner != game.to_move(state):
        return default
    places = [
        kind(card, i) for i in range(1, 5) for kind in (Open, Reinforce) if (kind is Open) == (not state.row[i - 1])
    ]
    return list(dict.fromkeys(places + default))
