"""Which Commitment states the rules allow: every card once, in a place the rules allow, with
the counts the round implies (``Commitment.validate``, for a state read from its text form or
JSON, or edited by hand).
"""

from __future__ import annotations

from ...cards import Card
from ...engine import Game, check_cards_once, validate_seed
from ...errors import StateError
from .moves import ACE, BATTLE_DECK, BATTLE_VP, DRAW_DECK, IN_DRAW_DECK, KIND, QUEEN, ROUNDS, STACK_NAMES, STACK_SUITS
from .state import HAND_SIZE, ROUND_DRAW, CommitmentState

__all__ = ["validate"]


def validate(game: Game[CommitmentState], s: CommitmentState) -> None:
    """Every card once, in a place the rules allow, with the counts the round implies."""
    validate_seed(s.seed)
    if not 1 <= s.round <= ROUNDS:
        raise StateError("round", f"Commitment has rounds 1 to {ROUNDS}, not {s.round}")
    if s.first not in (0, 1) or s.turn not in (0, 1, None):
        raise StateError("first" if s.first not in (0, 1) else "turn", "expected player 0 (A) or 1 (B)")
    check_cards_once(game.zones(s), game.deck())
    _validate_places(game, s)
    _validate_counts(s)
    _validate_turn(game, s)
    _validate_hands(game, s)
    _validate_won_in(game, s)


def _validate_places(game: Game[CommitmentState], s: CommitmentState) -> None:
    """Each card in a place it may be: draw-deck cards in hands and stacks, battle cards in the battle deck,
    the battles and the cards won; a stack holds its suit and wild spades."""
    names = game.player_names
    for p in (0, 1):
        for card in s.hands[p]:
            if card not in IN_DRAW_DECK:
                raise StateError(f"{names[p]} hand", f"{card.code} is a battle card; hands hold draw-deck cards only")
        for card in s.won[p]:
            if card not in BATTLE_VP:
                raise StateError(f"{names[p]} won", f"{card.code} is not a battle card; only battle cards are won")
    for card in s.draw:
        if card not in IN_DRAW_DECK:
            raise StateError("draw deck", f"{card.code} is a battle card; it belongs to the battle deck")
    for card in s.battle_deck:
        if card not in BATTLE_VP:
            raise StateError("battle deck", f"{card.code} is not a battle card (the battle deck is JK JK AS JS QS KS)")
    for i, battle in enumerate(s.battles, start=1):
        if battle.card not in BATTLE_VP:
            raise StateError(f"b{i}", f"{battle.card.code} is not a battle card (the battle deck is JK JK AS JS QS KS)")
        for p in (0, 1):
            for slot, stack in enumerate(battle.sides[p]):
                where = f"b{i} {names[p]} {STACK_NAMES[slot]}"
                for card in stack:
                    if card not in IN_DRAW_DECK:
                        raise StateError(where, f"{card.code} is a battle card; it can't be committed")
                    if card.suit not in (STACK_SUITS[slot], "S"):
                        raise StateError(
                            where,
                            f"{card.code} can't be on a {STACK_NAMES[slot]} stack: a card goes "
                            f"on its own suit's stack, and only spades 2-10 are wild",
                        )
                    if KIND[card] == QUEEN:
                        raise StateError(
                            where,
                            f"{card.code} can't stay on the table: a Queen is discarded at "
                            "once with its own stack and the other player's stack of its suit",
                        )


def _validate_counts(s: CommitmentState) -> None:
    """The battles, the decks and the cards won or discarded that the round implies."""
    if len(s.battles) != s.round:
        raise StateError("battles", f"round {s.round} has {s.round} battle(s); {len(s.battles)} are given")
    out = sum(range(1, s.round + 1))
    if len(s.battle_deck) != len(BATTLE_DECK) - out:
        raise StateError(
            "battle deck",
            f"after {out} battle card(s) turned up by round {s.round}, the battle deck "
            f"holds {len(BATTLE_DECK) - out}; it holds {len(s.battle_deck)}",
        )
    resolved = len(s.won[0]) + len(s.won[1]) + sum(1 for c in s.discard if c in BATTLE_VP)
    if resolved != out - s.round:
        raise StateError(
            "won",
            f"the battles of the {s.round - 1} earlier round(s) gave {out - s.round} battle "
            f"card(s), won or discarded; {resolved} are there",
        )
    aces = sum(1 for b in s.battles for side in b.sides for st in side for c in st if c.rank == 14)
    aces += sum(1 for c in s.discard if c.rank == 14 and c.suit != "S")
    dealt = 2 * HAND_SIZE + 2 * ROUND_DRAW * (s.round - 1)
    want = len(DRAW_DECK) - dealt - aces
    if len(s.draw) != want:
        raise StateError(
            "draw deck",
            f"in round {s.round}, after {dealt} cards dealt and {aces} drawn for "
            f"committed Aces, the draw deck holds {want} cards; it holds {len(s.draw)}",
        )


def _validate_turn(game: Game[CommitmentState], s: CommitmentState) -> None:
    """The player to act: none once both have passed, else one who has not passed."""
    names = game.player_names
    if s.round_over:
        if s.turn is not None:
            raise StateError(
                "turn",
                "both players have passed, so the state stores no turn (null): who "
                "plays next follows from the VP (commitment.round.start)",
            )
        return
    if s.turn is None:
        raise StateError(
            "turn", "nobody to act (null) only once both players have passed; name the player to act, 0 (A) or 1 (B)"
        )
    if s.passed[s.turn]:
        raise StateError(
            "turn", f"{names[s.turn]} has passed and plays no more cards this round; it is {names[1 - s.turn]}'s turn"
        )


def _on_side(s: CommitmentState, player: int) -> list[Card]:
    """The cards on ``player``'s side of this round's battles."""
    return [c for battle in s.battles for stack in battle.sides[player] for c in stack]


def _validate_hands(game: Game[CommitmentState], s: CommitmentState) -> None:
    """A hand is dealt 10 cards and gets 6 more at the start of rounds 2 and 3; a committed card
    leaves it, except an Ace, which is replaced by a draw (commitment.ace). Every card but an
    Ace on a player's side was committed from that player's hand this round (an Ace goes on the
    other player's side; a Jack moves a stack within its owner's side), so the hand holds at most
    what it was given, less those cards."""
    names = game.player_names
    given = HAND_SIZE + ROUND_DRAW * (s.round - 1)
    for p in (0, 1):
        own = sum(1 for c in _on_side(s, p) if KIND[c] != ACE)
        if len(s.hands[p]) > given - own:
            raise StateError(
                f"{names[p]} hand",
                f"holds {len(s.hands[p])} cards; by round {s.round} it was given {given}, and {own} of "
                f"them are on {names[p]}'s side of the battles, so it holds at most {given - own}",
            )


def _validate_won_in(game: Game[CommitmentState], s: CommitmentState) -> None:
    """The round of each card won (``won in``), when known: one per card of ``A won`` and of
    ``B won``, each an earlier round, and at most k battle cards taken in round k (it has k battles)."""
    if s.won_in is None:
        return
    names = game.player_names
    if not (s.won[0] or s.won[1]):
        raise StateError("won in", "no battle card has been won yet: leave the line out")
    for p in (0, 1):
        if len(s.won_in[p]) != len(s.won[p]):
            raise StateError(
                "won in",
                f"{names[p]} won {len(s.won[p])} battle card(s), so {names[p]}'s part gives "
                f"{len(s.won[p])} round(s); it gives {len(s.won_in[p])}",
            )
        for r in s.won_in[p]:
            if not 1 <= r < s.round:
                raise StateError(
                    "won in",
                    f"{names[p]} took a battle card in round {r}; "
                    f"in round {s.round} the earlier rounds are 1 to {s.round - 1}",
                )
    for r in range(1, s.round):
        taken = s.won_in[0].count(r) + s.won_in[1].count(r)
        if taken > r:
            raise StateError(
                "won in",
                f"round {r} has {r} battle(s), so at most {r} battle card(s) were taken in it; the line gives {taken}",
            )
