"""Which Contest states the rules allow: every card once, and the counts and placements each
stage allows (``Contest.validate``, for a state read from its text form or JSON, or edited by
hand).
"""

from __future__ import annotations

from ...cards import SUITS, cards_text, suit_symbol
from ...engine import Game, check_cards_once, validate_seed
from ...errors import StateError
from .moves import DECK, SECRET_SIZE, can_arrange, suits_apart
from .state import HAND_SIZE, POSITIONS, ContestState

__all__ = ["validate"]


def validate(game: Game[ContestState], state: ContestState) -> None:
    """Every card once, and the counts and placements the rules allow at this stage."""
    game._check_options(state)
    validate_seed(state.seed)
    names = game.player_names
    for field, value, allowed in (
        ("arranged", state.arranged, (0, 1, 2)),
        ("turn", state.turn, (-1, 0, 1)),
        ("last_turns", state.last_turns, (None, 0, 1, 2)),
    ):
        if value not in allowed:
            raise StateError(field, f"expected one of {', '.join(map(str, allowed))}, got {value!r}")
    check_cards_once(game.zones(state), DECK)
    for p in (0, 1):
        if len(state.secrets[p]) != SECRET_SIZE:
            raise StateError(f"{names[p]} secret", f"holds {len(state.secrets[p])} cards; a player has 4 secret cards")
    for p in range(state.arranged):
        secret = state.secrets[p]
        if not suits_apart(secret) and can_arrange(secret):
            raise StateError(
                f"{names[p]} secret",
                f"{cards_text(secret)} has two cards of a suit side by side; "
                "an order that keeps them apart exists "
                "(contest.secret.neighbours)",
            )
    _validate_row(state)
    for suit, pile in zip(SUITS, state.points):
        wrong = [c for c in pile if c.suit != suit]
        if wrong:
            raise StateError(
                f"points {suit}",
                f"{cards_text(tuple(wrong))} cannot be in the "
                f"{suit_symbol(suit)} points pile (contest.points: one pile per "
                "suit)",
            )
    if state.arranged < 2:
        _validate_setup(game, state)
    else:
        _validate_play(game, state)


def _validate_row(state: ContestState) -> None:
    """contest.row: a contest pile holds one suit, and neighbours never the same suit."""
    row = state.row
    for i, pile in enumerate(row):
        mixed = [c for c in pile if c.suit != pile[0].suit]
        if mixed:
            raise StateError(f"position {i + 1}", f"a contest pile holds one suit; {cards_text(pile)} mixes suits")
    suits = [pile[0].suit if pile else None for pile in row]
    for i in range(POSITIONS - 1):
        suit = suits[i]
        if suit is not None and suit == suits[i + 1]:
            raise StateError(
                f"positions {i + 1} and {i + 2}",
                f"neighbouring positions never hold the same suit ({suit_symbol(suit)}) (contest.open.neighbours)",
            )


def _validate_setup(game: Game[ContestState], state: ContestState) -> None:
    """While the secret cards are arranged: nothing dealt or played yet."""
    if state.turn != state.arranged:
        raise StateError(
            "to move",
            f"while the secret cards are arranged, A goes first, then B: "
            f"{game.player_names[state.arranged]} is to move",
        )
    if any(state.hands) or any(state.row) or any(state.points):
        raise StateError(
            "stage", "while the secret cards are arranged, the hands are not dealt yet and no card has been played"
        )
    if state.last_turns is not None:
        raise StateError("stage", "the last turns come after the deal, once the draw pile is empty")
    if len(state.discard) % SECRET_SIZE:
        raise StateError(
            "discard", f"holds {len(state.discard)} cards; before the deal only mulligans discard, 4 cards at a time"
        )
    for start in range(0, len(state.discard), SECRET_SIZE):
        shown = state.discard[start : start + SECRET_SIZE]
        if can_arrange(shown):
            raise StateError(
                "discard",
                f"{cards_text(shown)} (cards {start + 1} to {start + SECRET_SIZE}) were discarded by a mulligan, "
                f"yet an order keeps their suits apart, so they would have been arranged (contest.secret.mulligan)",
            )
    if len(state.stock) < 2 * HAND_SIZE:
        raise StateError(
            "draw pile", f"holds {len(state.stock)} cards; the two hands of {HAND_SIZE} are still to be dealt from it"
        )


def _validate_play(game: Game[ContestState], state: ContestState) -> None:
    """Once the secret cards are arranged: full hands while the draw pile lasts, then the last turns."""
    names = game.player_names
    over = state.last_turns == 0
    if over != (state.turn < 0):
        raise StateError("to move", "nobody is to move exactly when the game is over")
    if state.last_turns is None:
        if not state.stock:
            raise StateError("stage", "the draw pile is empty: the stage is 'final 2', 'final 1' or 'over'")
        for p in (0, 1):
            if len(state.hands[p]) != HAND_SIZE:
                raise StateError(
                    f"{names[p]} hand",
                    f"holds {len(state.hands[p])} cards; while the draw pile "
                    f"lasts, every turn ends with {HAND_SIZE} in hand "
                    "(contest.draw)",
                )
    else:
        if state.stock:
            raise StateError("draw pile", f"holds {len(state.stock)} cards; the last turns come only once it is empty")
        mover = state.turn
        if state.last_turns == 2 and len(state.hands[mover]) != HAND_SIZE:
            raise StateError(
                f"{names[mover]} hand",
                f"holds {len(state.hands[mover])} cards; {names[mover]} ended the last turn before with "
                f"{HAND_SIZE} in hand, when the draw pile still had cards, and has not played since (contest.end)",
            )
        # contest.draw, contest.end: "Players will always have 7 cards in hand at end of a turn", and the
        # turn that draws the last card leaves at least 6 (a turn plays at most 2 of its cards); then
        # "each player has one more turn each", each of which plays at most 2 of a hand's cards
        lowest = HAND_SIZE - 1 - (2 - state.last_turns)
        for p in (0, 1):
            if len(state.hands[p]) > HAND_SIZE:
                raise StateError(
                    f"{names[p]} hand", f"holds {len(state.hands[p])} cards; a hand never holds more than {HAND_SIZE}"
                )
            if len(state.hands[p]) < lowest:
                raise StateError(
                    f"{names[p]} hand",
                    f"holds {len(state.hands[p])} cards; no game reaches that: every turn ends with {HAND_SIZE} in "
                    'hand while the draw pile lasts ("Players will always have 7 cards in hand at end of a turn"), '
                    "and each of the last turns plays at most 2 cards from a hand "
                    f"(contest.end), so {names[p]} holds at least {lowest} here",
                )
