"""Card Commons in a learner's words: what each card is for where it lies, and what the player to
move must do now (the game's part of ``Game.explain_card``). Every sentence cites its rule and
is worked out from the asker's view: a face-down card is spoken of by its place only."""

from __future__ import annotations

from ...cards import Card
from ...engine import HAND, Game, Reason, Zone
from .moves import WILDS
from .state import CommonsState


def card_role(game: Game[CommonsState], s: CommonsState, card: Card, zone: Zone, player: int | None) -> Reason | None:
    """What ``card`` (``HIDDEN`` when the asker may not see it) is for, lying in ``zone``."""
    owner = game.player_names[zone.owner] if zone.owner is not None else ""
    hidden = card.is_hidden
    if zone.kind == HAND:
        if hidden:
            return Reason(f"This card lies face down in {owner}'s hand: only {owner} sees it.", "commons.hand")
        if card in WILDS:
            return Reason(
                f"The {card} in {owner}'s hand is a Wild: as a Defense it answers any Claim, and it can't "
                "be a Commission.",
                "commons.defense",
            )
        return Reason(
            f"The {card} is in {owner}'s hand: {owner} plays it as a Commission, a Claim, a Defense "
            f"(against a {card.rank_code} or a Wild Claim) or a discard, or trades it.",
            "commons.hand",
        )
    if zone.name.endswith("commission"):
        what = "This card" if hidden else f"The {card}"
        return Reason(
            f"{what} is {owner}'s Commission, face down until the round ends. It scores if it matches the "
            "Nest Egg's suit or value. After any pool trade, the Claimant may trade a hand card for the "
            "Claimant's own Commission.",
            "commons.trade.commission" if not hidden else "commons.score.match",
        )
    if zone.name == "nest egg":
        what = "The Nest Egg" if hidden else f"The {card} is the Nest Egg: it"
        return Reason(
            f"{what} lies face down until the round ends: a Commission scores if it matches its suit or "
            "value. Nobody plays or takes it.",
            "commons.score.match",
        )
    if zone.name == "pool face up":
        return Reason(
            f"The {card} is in the face-up pool: only the Claimant may take it, by a trade, before claiming.",
            "commons.trade.pool",
        )
    if zone.name.startswith("pool face down"):
        what = "This card" if hidden else f"The {card}"
        if s.peek:
            return Reason(
                f"{what} lies face down in the pool: one player has looked at it, and nobody takes it.",
                "commons.peek.look",
            )
        return Reason(
            f"{what} lies face down in the pool: nobody takes it; the face-down cards set the round's multiplier.",
            "commons.score.multiplier",
        )
    if zone.name.endswith("side"):
        return Reason(
            f"The {card} is on {owner}'s side of the tableau: it stays there and, at the round's end, "
            f"counts for {owner}'s Commission if it is of its colour.",
            "commons.score.count",
        )
    if zone.name == "claim":
        answer = (
            "any card answers it"
            if card in WILDS
            else f"a Defense is a card of the same value ({card.rank_code}) or a Wild"
        )
        return Reason(f"The {card} is the Claim: {answer}.", "commons.defense")
    return None


def situation(game: Game[CommonsState], s: CommonsState) -> Reason:
    """What the player to move must do now, from what every player sees."""
    mover = game.to_move(s)
    phase = s.phase
    if mover is None:
        return Reason("The game is over: the higher total wins.", "commons.game-end")
    name = game.player_names[mover]
    claim = s.claim
    if phase == "commission":
        return Reason(
            f"Now {name} must choose a Commission: a card of their hand that is not a Wild.", "commons.commission"
        )
    if phase == "claim":
        if s.traded == 0:
            return Reason(
                f"Now {name}, the Claimant, may trade with a face-up pool card, then with {name}'s "
                f"Commission, and must then claim with any card of {name}'s hand.",
                "commons.claim",
            )
        if s.traded == 1:
            return Reason(
                f"Now {name}, the Claimant, may still trade with {name}'s Commission, and must then claim.",
                "commons.trade.order",
            )
        return Reason(
            f"Now {name}, the Claimant, has no trade left and must claim with any card of {name}'s hand.",
            "commons.claim",
        )
    if phase == "defend":
        assert claim is not None  # (a Claim waits for its Defense)
        answer = "any card" if claim in WILDS else f"a {claim.rank_code} or a Wild"
        return Reason(f"Now {name} must defend against the {claim}: play {answer}.", "commons.defense")
    if phase == "discard":
        return Reason(
            f"Now {name} can't answer the Claim {claim} and must discard a card face up to the pool.",
            "commons.no-defense.discard",
        )
    if phase == "answer":
        return Reason(f"Now {name} must answer {name}'s own Claim {claim}.", "commons.no-defense.self-answer")
    if phase == "discard2":
        return Reason(
            f"Now {name} must discard a second card face up to the pool.", "commons.no-defense.second-discard"
        )
    return Reason("The round is over and scored: the next move is 'next round'.", "commons.round-end")
