"""Contest's moves as numbers, its length and its utilities (docs/protocol.md, "For research
frameworks").

Contest's moves are numbered by their parts: 6,891,926 ids, a flat number built from parts.
Cards are numbered 0-51 in the deck's order (``moves.DECK``), positions 0-3 (1 to 4).

    0 - 6,497,399          arrange a b c d: the ordered choice of 4 of the 52 cards, read as a
                           number in the mixed radix 52 × 51 × 50 × 49 (each card's index among
                           the cards not named before it)
    6,497,400              mulligan
    6,497,401              pass
    6,497,402 + 4c + p     open <card c> <position p>       (208)
    6,497,610 + 4c + p     reinforce <card c> <position p>  (208)
    6,497,818 + c          exchange <card c>                 (52)
    6,497,870 + ...        claim: ((pair × 52 + card) × 421 + power) × 3 + keep   (394,056), where
                           pair is 0-5 for (1 2) (1 3) (1 4) (2 3) (2 4) (3 4); power 0 none,
                           1-4 discard at 1-4, 5 + open-or-reinforce's own offset (0-415, as above);
                           keep 0 none, 1 the first position, 2 the second
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, Move, numbers_by_identity
from .moves import (
    DECK,
    EXCHANGE,
    MULLIGAN,
    OPEN,
    PASS,
    REINFORCE,
    Arrange,
    Claim,
    Exchange,
    Mulligan,
    Open,
    Pass,
    Reinforce,
)
from .state import ContestState

N = len(DECK)  # 52
_INDEX = {card: i for i, card in enumerate(DECK)}
ARRANGE_AT = 0
ARRANGES = N * (N - 1) * (N - 2) * (N - 3)  # 6,497,400
MULLIGAN_ID = ARRANGE_AT + ARRANGES
PASS_ID = MULLIGAN_ID + 1
OPEN_AT = PASS_ID + 1
REINFORCE_AT = OPEN_AT + 4 * N
EXCHANGE_AT = REINFORCE_AT + 4 * N
CLAIM_AT = EXCHANGE_AT + N
PAIRS = ((1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
_PAIR = {pair: i for i, pair in enumerate(PAIRS)}
POWERS = 1 + 4 + 2 * 4 * N  # 421
CLAIMS = len(PAIRS) * N * POWERS * 3  # 394,056
NUM_MOVES = CLAIM_AT + CLAIMS  # 6,891,926
UTILITY_TYPE = "general-sum"  # both players score from the shared points piles
#: the most points a player can score: each secret position (1 + 2 + 3 + 4) times the 13 cards of a suit
MAX_POINTS = (1 + 2 + 3 + 4) * 13


def _place_offset(move: Open | Reinforce) -> int:
    return (0 if type(move) is Open else 4 * N) + 4 * _INDEX[move.card] + move.position - 1


def _place_of(offset: int) -> Open | Reinforce:
    table = OPEN if offset < 4 * N else REINFORCE
    offset %= 4 * N
    return table[DECK[offset // 4]][offset % 4]


def _id(move: Move) -> int:
    # the kinds a turn lists most first (``type(move) is``: mypy reads the kind from it)
    if type(move) is Claim:
        discard, play = move.discard, move.play
        if play is None:
            power = 0 if discard is None else discard if 1 <= discard <= 4 else -1
        else:
            power = 5 + _place_offset(play) if discard is None else -1
        keep = move.keep
        kept = 0 if keep is None else 1 if keep == move.first else 2 if keep == move.second else -1
        pair = _PAIR.get((move.first, move.second))
        if power < 0 or kept < 0 or pair is None:
            raise KeyError(move)
        return CLAIM_AT + ((pair * N + _INDEX[move.card]) * POWERS + power) * 3 + kept
    if type(move) is Open or type(move) is Reinforce:
        return OPEN_AT + _place_offset(move)
    if type(move) is Exchange:
        return EXCHANGE_AT + _INDEX[move.card]
    if type(move) is Pass:
        return PASS_ID
    if type(move) is Mulligan:
        return MULLIGAN_ID
    if type(move) is Arrange:
        number, named = 0, list[int]()
        for left, card in zip(range(N, 0, -1), move.cards):
            i = _INDEX[card]
            # the card's index among those not named before it
            number = number * left + i - sum(j < i for j in named)
            named.append(i)
        return ARRANGE_AT + number
    raise KeyError(move)


def move_id(self: Game[ContestState], move: Move | str) -> int:
    """The move's number (see the module's documentation)."""
    move = self.move(move)
    try:
        return _id(move)
    except (KeyError, ValueError, TypeError):
        raise ValueError(f"{move} is not a move Contest can list, so it has no number") from None


#: The moves turns have listed, by number, and their numbers by the move object's ``id``. A turn
#: hands out moves that ``movegen``'s tables keep for good (some 20,000 at most), so each is
#: numbered from its parts once, then looked up by identity; ``move_of`` hands the same object
#: back. ``_REMEMBERED`` keeps each alive, so that no other object can take its ``id``; past
#: ``_REMEMBERED_MOST`` (moves listed some other way) nothing more is kept.
_REMEMBERED: dict[int, Move] = {}
_NUMBER_OF: dict[int, int] = {}
_REMEMBERED_MOST = 1 << 16


def _remembered_id(move: Move) -> int:
    number = _NUMBER_OF.get(id(move))
    if number is None:
        number = _id(move)
        # an arrangement is made afresh each time; an equal move may be remembered already
        if type(move) is not Arrange and number not in _REMEMBERED and len(_REMEMBERED) < _REMEMBERED_MOST:
            _REMEMBERED[number] = move
            _NUMBER_OF[id(move)] = number
    return number


def legal_ids(self: Game[ContestState], state: Any) -> list[int]:
    """The numbers of the legal moves, sorted (each numbered from its parts once)."""
    return numbers_by_identity(self.legal_moves(state), _NUMBER_OF, _remembered_id)


def move_of(self: Any, move_id: int, state: Any) -> Move:
    """The move numbered ``move_id`` (the same in every state)."""
    number = self._check_move_id(move_id)
    remembered = _REMEMBERED.get(number)
    if remembered is not None:
        return remembered
    if number < MULLIGAN_ID:
        digits = []
        for base in (N - 3, N - 2, N - 1, N):
            number, digit = divmod(number, base)
            digits.append(digit)
        rest = list(range(N))
        cards = tuple(DECK[rest.pop(d)] for d in reversed(digits))
        return Arrange(cards)  # type: ignore[arg-type]
    if number == MULLIGAN_ID:
        return MULLIGAN
    if number == PASS_ID:
        return PASS
    if number < EXCHANGE_AT:
        return _place_of(number - OPEN_AT)
    if number < CLAIM_AT:
        return EXCHANGE[DECK[number - EXCHANGE_AT]]
    number, keep = divmod(number - CLAIM_AT, 3)
    number, power = divmod(number, POWERS)
    pair, card = divmod(number, N)
    first, second = PAIRS[pair]
    discard = power if 1 <= power <= 4 else None
    play = _place_of(power - 5) if power >= 5 else None
    return Claim(first, second, DECK[card], discard, play, (None, first, second)[keep])


@property  # type: ignore[misc]
def max_moves(self: Any) -> int:
    """The rules' bound: both arrangements, at most 7 mulligans, a turn per card of the draw pile
    once the secret cards and the hands are dealt (each turn draws one, and a mulligan takes 4),
    and the two last turns: 41."""
    return 2 + 7 + (N - 2 * 4 - 2 * 7) + 2


def utility_range(self: Any) -> tuple[int, int]:
    """0 to 130: the secret positions 1 + 2 + 3 + 4 times the 13 cards of a suit (a loose bound)."""
    return 0, MAX_POINTS
