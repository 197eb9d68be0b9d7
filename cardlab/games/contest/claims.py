"""Contest's claims: the checks, the outcome and the narration of a claim, and of placing a card.

A claim discards a card of the hand to take two contest piles of different suits, one of them
the card's: the higher one goes to its points pile, the other to the discard pile; a Jack, a Queen
or a King uses its power first (contest.claim and the rules after it). ``ContestClaims`` is the
part of the game (``rules.Contest``) that checks a claim rule by rule and says what it does;
``movegen.py`` checks legal claims the fast way. ``_check_place`` and ``_place_event`` check and
tell an open or a reinforce, a move of its own or a Queen's power.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, cards_text, suit_symbol, without
from ...engine import Event, Move
from ...errors import IllegalMove
from .movegen import ClaimPlan, legal_claim_plan
from .moves import SUIT_INDEX, Claim, Open, Reinforce, pile_value
from .state import NEIGHBOURS, POSITIONS, ContestState, Piles, replaced_at


def _goes_or_go(cards: tuple[Card, ...]) -> str:
    """The verb for ``cards`` going somewhere: "goes" for one card, "go" for more."""
    return "goes" if len(cards) == 1 else "go"


def _pile_name(row: tuple[tuple[Card, ...], ...], index: int) -> str:
    pile = row[index]
    return f"the {suit_symbol(pile[0].suit)} pile at position {index + 1} ({cards_text(pile)})"


def _position(move: Move, position: Any) -> int:
    """contest.row: positions are 1 to 4; the index 0..3 of ``position``."""
    if not isinstance(position, int) or not 1 <= position <= POSITIONS:
        raise IllegalMove(
            move, "contest.row", f"there is no position {position!r}: the contest row has positions 1 to 4"
        )
    return position - 1


def _check_place(move: Move, place: Open | Reinforce, row: Piles, name: str) -> None:
    """contest.open / contest.open.neighbours / contest.reinforce, for ``place`` (a move of its own
    or a Queen's power inside ``move``) by the player called ``name``."""
    card = place.card
    index = _position(move, place.position)
    pile = row[index]
    if type(place) is Open:
        if pile:
            raise IllegalMove(
                move,
                "contest.open",
                f"position {index + 1} is not empty: it holds {_pile_name(row, index)}; a card opens an empty position",
            )
        for neighbour in NEIGHBOURS[index]:
            if row[neighbour] and row[neighbour][0].suit == card.suit:
                raise IllegalMove(
                    move,
                    "contest.open.neighbours",
                    f"{name} cannot open position {index + 1} with {card}: position {neighbour + 1} next "
                    f"to it holds {suit_symbol(card.suit)}, and neighbours never hold the same suit",
                )
        return
    if not pile:
        raise IllegalMove(
            move, "contest.reinforce", f"position {index + 1} is empty: {name} can open it, not add to it"
        )
    if pile[0].suit != card.suit:
        raise IllegalMove(
            move,
            "contest.reinforce",
            f"{name} cannot put {card} on {_pile_name(row, index)}: a pile takes only cards of its own suit",
        )


def _claimed_piles(move: Claim, row: Piles, before: Piles, matched: bool = False) -> tuple[int, int]:
    """contest.claim, contest.claim.match: the two claimed positions (0..3), once checked: two
    piles of different suits, one of them the claiming card's unless the card has ``matched``
    already (the pile a Jack's power discarded, contest.claim.jack.match-first). ``before``: the
    row before a power changed it."""
    first, second = _position(move, move.first), _position(move, move.second)
    if first >= second:
        raise IllegalMove(
            move,
            "contest.claim",
            "a claim names two different positions, the lower one first "
            f"(such as 'claim {min(first, second) + 1} {max(first, second) + 1} "
            f"...')",
        )
    for index in (first, second):
        if not row[index]:
            changed = " once the power is used" if row[index] != before[index] else ""
            raise IllegalMove(
                move, "contest.claim", f"position {index + 1} is empty{changed}: a claim takes two contest piles"
            )
    first_suit, second_suit = row[first][0].suit, row[second][0].suit
    if first_suit == second_suit:
        raise IllegalMove(
            move,
            "contest.claim",
            f"both piles are {suit_symbol(first_suit)}: a claim takes two piles of different suits",
        )
    if not matched and move.card.suit != first_suit and move.card.suit != second_suit:
        raise IllegalMove(
            move,
            "contest.claim.match",
            f"{move.card} matches neither {_pile_name(row, first)} nor "
            f"{_pile_name(row, second)}: the discarded card must be of "
            f"one of their suits",
        )
    return first, second


def _claim_winner(
    state: ContestState, move: Claim, row: Piles, first: int, second: int, name: str
) -> tuple[int, int, int]:
    """contest.claim.value, contest.claim.tie: the two piles' values and the position (0..3) of
    the pile that goes to the points piles (on equal values, the one the claimant, ``name``, keeps)."""
    options = state.options
    ace_low, top = options.ace == "low", options.pile_value == "top"
    first_value, second_value = pile_value(row[first], ace_low, top), pile_value(row[second], ace_low, top)
    keep = move.keep
    if first_value != second_value:
        if keep is not None:
            raise IllegalMove(
                move,
                "contest.claim.tie",
                f"'keep' is only for piles of equal value; here the pile "
                f"at {first + 1} is worth {first_value} and the pile at "
                f"{second + 1} {second_value}",
            )
        return first_value, second_value, first if first_value > second_value else second
    if keep != move.first and keep != move.second:
        example = Claim(move.first, move.second, move.card, move.discard, move.play, move.second)
        raise IllegalMove(
            move,
            "contest.claim.tie",
            f"both piles are worth {first_value}: {name} chooses the one "
            f"that goes to the points piles, such as '{example}'",
        )
    return first_value, second_value, keep - 1


def _claimed(state: ContestState, plan: ClaimPlan) -> tuple[Piles, Piles]:
    """contest.claim.value: the row and the points piles after a claim: the winning pile goes to
    the points pile of its suit, the other to the discard pile."""
    row, winner = list(plan.row), plan.winner
    won = row[winner]
    row[winner] = row[plan.first if winner == plan.second else plan.second] = ()
    points = list(state.points)
    points[SUIT_INDEX[won[0].suit]] += won
    return tuple(row), tuple(points)


def _place_event(place: Open | Reinforce, row: Piles, player: int, name: str) -> Event:
    """The narration of ``place`` by ``player``, called ``name`` (contest.open, contest.reinforce)."""
    card, index = place.card, place.position - 1
    if type(place) is Open:
        return Event("contest.open", f"{name} opens position {index + 1} with {card}.", player, (card,))
    return Event("contest.reinforce", f"{name} adds {card} to {_pile_name(row, index)}.", player, (card,))


class ContestClaims:
    """The claims of ``Contest``, a base class of it: a claim checked rule by rule, what it does,
    and its narration. It uses the game's ``player_names``."""

    player_names: tuple[str, ...]

    def _claim_plan(self, state: ContestState, move: Claim) -> ClaimPlan:
        """Check a claim; return what it does. Raises IllegalMove naming the rule it breaks."""
        return legal_claim_plan(state, move) or self._checked_claim_plan(state, move)

    def _checked_claim_plan(self, state: ContestState, move: Claim) -> ClaimPlan:
        """:meth:`_claim_plan` rule by rule, saying which rule a claim breaks."""
        name = self.player_names[state.turn]
        hand = state.hands[state.turn]
        if move.card not in hand:
            raise IllegalMove(move, "contest.hand", f"{name} does not hold {move.card} (hand: {cards_text(hand)})")
        hand, row, scrapped = self._use_power(state, move, without(hand, move.card))
        # contest.claim.jack.match-first: the card matched the pile its power discarded
        matched = bool(scrapped) and state.options.jack == "match-first"
        first, second = _claimed_piles(move, row, state.row, matched)
        first_value, second_value, winner = _claim_winner(state, move, row, first, second, name)
        return ClaimPlan(hand, row, scrapped, first, second, first_value, second_value, winner)

    def _use_power(
        self, state: ContestState, move: Claim, hand: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], Piles, tuple[Card, ...]]:
        """The hand, the row and the pile discarded once the claiming card's power, if any, is
        used: a Jack's (or King's) discard of a pile of its suit, a Queen's (or King's) play of a
        card of its suit (contest.claim.jack, .queen, .king)."""
        name, card, row = self.player_names[state.turn], move.card, state.row
        if move.discard is not None and move.play is not None:
            raise IllegalMove(
                move,
                "contest.claim.king",
                f"a King is used as a Jack or as a Queen, not both: {name} may discard a pile or play a card, not both",
            )
        if move.discard is not None:
            if card.rank not in (11, 13):
                raise IllegalMove(
                    move,
                    "contest.claim.jack",
                    f"only a Jack or a King lets the claimant discard a contest pile first; {name} claims with {card}",
                )
            scrapped_at = _position(move, move.discard)
            scrapped = row[scrapped_at]
            if not scrapped or scrapped[0].suit != card.suit:
                held = f"holds {_pile_name(row, scrapped_at)}" if scrapped else "is empty"
                raise IllegalMove(
                    move,
                    "contest.claim.jack",
                    f"{card} discards a contest pile of its own suit "
                    f"({suit_symbol(card.suit)}); position {scrapped_at + 1} "
                    f"{held}",
                )
            return hand, replaced_at(row, scrapped_at, ()), scrapped
        if move.play is None:
            return hand, row, ()
        play = move.play
        if card.rank not in (12, 13):
            raise IllegalMove(
                move,
                "contest.claim.queen",
                f"only a Queen or a King lets the claimant play a card first; {name} claims with {card}",
            )
        if type(play) not in (Open, Reinforce):
            raise IllegalMove(move, "contest.claim.queen", "a Queen's power is to open a position or add to a pile")
        extra = play.card
        if extra.suit != card.suit:
            raise IllegalMove(
                move,
                "contest.claim.queen",
                f"{card} lets {name} play a card of its own suit "
                f"({suit_symbol(card.suit)}) first, and {extra} is not one",
            )
        if extra not in hand:
            why = f"{card} is the card discarded for the claim" if extra == card else f"{name} does not hold {extra}"
            raise IllegalMove(move, "contest.hand", f"{why} (hand: {cards_text(state.hands[state.turn])})")
        _check_place(move, play, row, name)
        played_at = play.position - 1
        return without(hand, extra), replaced_at(row, played_at, row[played_at] + (extra,)), ()

    def claimed(self, state: ContestState, move: Claim) -> tuple[Piles, Piles]:
        """The contest row and the points piles once ``move``, one of the claims of
        ``legal_moves(state)``, is made: what the rule of thumb weighs a claim by, worked out
        without checking or making it (``_claim_plan`` is the checked way)."""
        row, first, second, winner = self.claim_piles(state, move)
        won = row[winner]
        suit = SUIT_INDEX[won[0].suit]
        after = list(row)
        after[first] = after[second] = ()
        return tuple(after), replaced_at(state.points, suit, state.points[suit] + won)

    def claim_piles(self, state: ContestState, move: Claim) -> tuple[Piles, int, int, int]:
        """For ``move``, one of the claims of ``legal_moves(state)``, worked out without checking
        or making it: the contest row once the claiming card's power is used, the two claimed
        positions (0 to 3), and the one whose pile goes to the points piles."""
        row = state.row
        if move.discard is not None:  # contest.claim.jack
            row = replaced_at(row, move.discard - 1, ())
        elif move.play is not None:  # contest.claim.queen
            played_at = move.play.position - 1
            row = replaced_at(row, played_at, row[played_at] + (move.play.card,))
        first, second = move.first - 1, move.second - 1
        options = state.options
        ace_low, top = options.ace == "low", options.pile_value == "top"
        first_value, second_value = pile_value(row[first], ace_low, top), pile_value(row[second], ace_low, top)
        if first_value == second_value:  # contest.claim.tie
            assert move.keep is not None  # (a legal claim of equal piles names the one kept)
            return row, first, second, move.keep - 1
        return row, first, second, first if first_value > second_value else second  # contest.claim.value

    def _narrate_claim(self, state: ContestState, move: Claim, plan: ClaimPlan, log: list[Event]) -> None:
        player = state.turn
        name = self.player_names[player]
        card = move.card
        king = card.rank == 13
        if move.discard is not None:
            rule, as_ = ("contest.claim.king", " as a Jack") if king else ("contest.claim.jack", "")
            log.append(
                Event(
                    rule,
                    f"{name} uses {card}{as_}: first {_pile_name(state.row, move.discard - 1)} goes to "
                    f"the discard pile.",
                    player,
                    state.row[move.discard - 1],
                )
            )
            if state.options.jack == "match-first":
                log.append(
                    Event(
                        "contest.claim.jack.match-first",
                        f"{card} matched that pile, so the claim may take any two piles of different suits.",
                        player,
                    )
                )
        elif move.play is not None:
            rule, as_ = ("contest.claim.king", " as a Queen") if king else ("contest.claim.queen", "")
            log.append(Event(rule, f"{name} uses {card}{as_} to play a card first.", player, (card,)))
            log.append(_place_event(move.play, state.row, player, name))
        row = plan.row
        log.append(
            Event(
                "contest.claim.match",
                f"{name} claims {_pile_name(row, plan.first)} and {_pile_name(row, plan.second)}, discarding {card}.",
                player,
                (card,),
            )
        )
        winner = plan.winner
        won, lost = row[winner], row[plan.loser]
        value, other = (
            (plan.first_value, plan.second_value) if winner == plan.first else (plan.second_value, plan.first_value)
        )
        symbol = suit_symbol(won[0].suit)
        if value == other:
            log.append(
                Event(
                    "contest.claim.tie",
                    f"Both piles are worth {value}: {name} chooses the {symbol} pile at position {winner + 1}.",
                    player,
                    won,
                )
            )
        else:
            log.append(
                Event(
                    "contest.claim.value",
                    f"The {symbol} pile ({value}) beats the {suit_symbol(lost[0].suit)} pile ({other}).",
                    player,
                    won,
                )
            )
        log.append(
            Event(
                "contest.claim.value",
                f"{cards_text(won)} {_goes_or_go(won)} to the {symbol} points pile; "
                f"{cards_text(lost)} {_goes_or_go(lost)} to the discard pile.",
                player,
                won + lost,
            )
        )
