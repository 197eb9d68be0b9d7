"""Contest's fast paths: every action of a turn, the check of a legal claim, and the orders of
the secret cards, handed out from tables built once.

``rules.py`` says each rule one at a time, and says why a move breaks it; this module says the
same rules again in the form a playout can afford: a turn's moves come from tables kept per
card and per pattern of the contest row (the suits of its four positions), not built move by
move. ``tests/test_contest_movegen.py`` proves that both say the same: the same moves in the
same order (seeded games depend on it), and the same plan for every legal claim.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

from ...cards import SUITS, Card, without
from ...engine import Move
from .moves import DECK, EXCHANGE, OPEN, PASS, REINFORCE, SECRET_SIZE, Claim, Open, Reinforce, pile_value
from .state import NEIGHBOURS, POSITIONS, ContestState, Piles, replaced_at

__all__ = ["PAIRS", "EVERY_ORDER", "apart_orders", "placeable", "ClaimPlan", "legal_claim_plan", "turn_moves"]

#: The pairs of positions (0 to 3) a claim may name, in the order a turn lists its claims.
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
#: A pair a row may be claimed at: ``(pair, first, second)``, its index in PAIRS and its positions.
ClaimPair = tuple[int, int, int]
#: A Queen's play before a claim: ``(play, position, claim_at, first, second)`` (``RowPattern.queen_plays``).
QueenPlay = tuple[int, int, int, int, int]


# --- the secret cards ---------------------------------------------------------------------------

#: Every order of the 4 secret cards, as index tuples (contest.secret.short-stock: any order).
EVERY_ORDER = tuple(permutations(range(SECRET_SIZE)))
_APART_ORDERS: dict[tuple[str, ...], tuple[tuple[int, ...], ...]] = {}


def apart_orders(secret: tuple[Card, ...]) -> tuple[tuple[int, ...], ...]:
    """The orders (as index tuples) of ``secret`` that keep two cards of a suit apart
    (contest.secret.neighbours), in the order of :data:`EVERY_ORDER`; worked out once per
    pattern of suits."""
    pattern = tuple(card.suit for card in secret)
    orders = _APART_ORDERS.get(pattern)
    if orders is None:
        orders = _APART_ORDERS[pattern] = tuple(
            order
            for order in EVERY_ORDER
            if all(pattern[order[i]] != pattern[order[i + 1]] for i in range(SECRET_SIZE - 1))
        )
    return orders


# --- a move's check -------------------------------------------------------------------------------


def placeable(place: Open | Reinforce, row: Piles) -> bool:
    """Whether ``place`` may be made on ``row`` (contest.open, contest.open.neighbours,
    contest.reinforce); ``claims._check_place`` says why not."""
    position = place.position
    if type(position) is not int or not 1 <= position <= POSITIONS:
        return False
    index = position - 1
    pile, suit = row[index], place.card.suit
    if type(place) is Reinforce:
        return bool(pile) and pile[0].suit == suit
    if pile:
        return False
    for neighbour in NEIGHBOURS[index]:
        if row[neighbour] and row[neighbour][0].suit == suit:
            return False
    return True


class ClaimPlan:
    """A checked claim: the hand and the row once the claiming card's power is used, the pile
    its power discarded (``scrapped``), the two claimed positions (``first`` < ``second``, 0 to
    3) with the values of their piles, and the position whose pile goes to the points piles
    (``winner``)."""

    __slots__ = ("hand", "row", "scrapped", "first", "second", "first_value", "second_value", "winner")

    def __init__(
        self,
        hand: tuple[Card, ...],
        row: Piles,
        scrapped: tuple[Card, ...],
        first: int,
        second: int,
        first_value: int,
        second_value: int,
        winner: int,
    ) -> None:
        self.hand, self.row, self.scrapped = hand, row, scrapped
        self.first, self.second, self.first_value, self.second_value = first, second, first_value, second_value
        self.winner = winner

    @property
    def loser(self) -> int:
        """The claimed position whose pile goes to the discard pile."""
        return self.second if self.winner == self.first else self.first


def legal_claim_plan(state: ContestState, move: Claim) -> ClaimPlan | None:
    """What a legal, well-formed claim does, worked out at once; None for any other claim
    (``Contest._checked_claim_plan`` decides those, and says which rule a claim breaks)."""
    first, second, card = move.first, move.second, move.card
    if type(first) is not int or type(second) is not int or not 1 <= first < second <= POSITIONS:
        return None
    hand = state.hands[state.turn]
    if card not in hand:  # contest.hand
        return None
    hand = without(hand, card)
    row = state.row
    options = state.options
    scrapped: tuple[Card, ...] = ()
    matched = False
    discard, play = move.discard, move.play
    if discard is not None:  # contest.claim.jack: a Jack or King discards a pile of its suit first
        if play is not None or card.rank not in (11, 13) or type(discard) is not int or not 1 <= discard <= POSITIONS:
            return None
        scrapped = row[discard - 1]
        if not scrapped or scrapped[0].suit != card.suit:
            return None
        row = replaced_at(row, discard - 1, ())
        matched = options.jack == "match-first"  # contest.claim.jack.match-first
    elif play is not None:  # contest.claim.queen: a Queen or King plays a card of its suit first
        kind = type(play)
        if card.rank not in (12, 13) or (kind is not Open and kind is not Reinforce):
            return None
        extra = play.card
        if extra.suit != card.suit or extra not in hand or not placeable(play, row):
            return None
        hand = without(hand, extra)
        played_at = play.position - 1
        row = replaced_at(row, played_at, row[played_at] + (extra,))
    first_at, second_at = first - 1, second - 1
    first_pile, second_pile = row[first_at], row[second_at]
    if not first_pile or not second_pile:
        return None
    first_suit, second_suit = first_pile[0].suit, second_pile[0].suit
    if first_suit == second_suit or not (matched or card.suit == first_suit or card.suit == second_suit):
        return None  # contest.claim, contest.claim.match
    ace_low, top = options.ace == "low", options.pile_value == "top"
    first_value, second_value = pile_value(first_pile, ace_low, top), pile_value(second_pile, ace_low, top)
    keep = move.keep
    if first_value != second_value:  # contest.claim.value
        if keep is not None:
            return None
        winner = first_at if first_value > second_value else second_at
    elif keep != first and keep != second:  # contest.claim.tie
        return None
    else:
        winner = keep - 1
    return ClaimPlan(hand, row, scrapped, first_at, second_at, first_value, second_value, winner)


# --- the actions of a turn ------------------------------------------------------------------------

# A row's pattern as a number, its code: position i holds 0 (empty) or 1 to 4 (its suit's index
# in SUITS, plus 1), weighted 5 ** i.
_WEIGHTS = (1, 5, 25, 125)
# A suit's share of the code at each position: _SUIT_CODES[suit][i] == (SUITS.index(suit) + 1) * _WEIGHTS[i]
_SUIT_CODES = {suit: tuple((index + 1) * weight for weight in _WEIGHTS) for index, suit in enumerate(SUITS)}


class RowPattern:
    """What a contest row allows, from the suits of its four positions alone (its ``code``).

    For a card of the suit of index ``suit`` (0 to 3, clubs to spades): ``opens[suit]`` the
    empty positions it may open (contest.open.neighbours), ``reinforces[suit]`` the piles of its
    suit (contest.reinforce), ``claims[suit]`` the pairs ``(pair, first, second)`` of piles of
    different suits, one of them its suit, that it may claim (contest.claim.match; ``PAIRS[pair]
    == (first, second)``), and ``places[suit]`` its opens and reinforces as bits (see
    :meth:`CardMoves.place_moves`). ``pairs``: every pair of piles of different suits (a claim
    after a Jack's power that matched already, contest.claim.jack.match-first).
    """

    __slots__ = ("code", "opens", "reinforces", "claims", "pairs", "places", "_queen_plays")

    def __init__(self, code: int) -> None:
        suits = tuple((None, *SUITS)[code // weight % 5] for weight in _WEIGHTS)
        self.code = code
        self.opens = tuple(
            tuple(i for i in range(POSITIONS) if suits[i] is None and all(suits[j] != suit for j in NEIGHBOURS[i]))
            for suit in SUITS
        )
        self.reinforces = tuple(tuple(i for i in range(POSITIONS) if suits[i] == suit) for suit in SUITS)
        self.pairs = tuple(
            (pair, first, second)
            for pair, (first, second) in enumerate(PAIRS)
            if suits[first] is not None and suits[second] is not None and suits[first] != suits[second]
        )
        self.claims = tuple(
            tuple((pair, first, second) for pair, first, second in self.pairs if suit in (suits[first], suits[second]))
            for suit in SUITS
        )
        self.places = tuple(
            sum(1 << i for i in opens) | sum(16 << i for i in reinforces)
            for opens, reinforces in zip(self.opens, self.reinforces)
        )
        self._queen_plays: tuple[tuple[QueenPlay, ...], ...] | None = None

    def queen_plays(self) -> tuple[tuple[QueenPlay, ...], ...]:
        """For a Queen's claim, by suit index: each play of another card of that suit that leaves
        a claim, with each claim after it, as ``(play, position, claim_at, first, second)``. The
        play opens the pile at ``position`` when ``play`` is ``position``, and reinforces it when
        ``play`` is ``4 + position`` (its index among the card's opens, then reinforces);
        ``claim_at`` is the claim tables' entry of the pair ``(first, second)`` claimed then (3
        times its index in PAIRS)."""
        if self._queen_plays is None:
            plays_by_suit = []
            for suit in range(len(SUITS)):
                plays: list[QueenPlay] = []
                for position in self.opens[suit]:
                    after_code = self.code + (suit + 1) * _WEIGHTS[position]
                    pairs = (_PATTERNS[after_code] or _pattern(after_code)).claims[suit]
                    plays += [(position, position, 3 * pair, first, second) for pair, first, second in pairs]
                for position in self.reinforces[suit]:
                    plays += [
                        (4 + position, position, 3 * pair, first, second) for pair, first, second in self.claims[suit]
                    ]
                plays_by_suit.append(tuple(plays))
            self._queen_plays = tuple(plays_by_suit)
        return self._queen_plays


#: Every row pattern by its code, built on first use: write ``_PATTERNS[code] or _pattern(code)``.
_PATTERNS: list[RowPattern | None] = [None] * 5**POSITIONS


def _pattern(code: int) -> RowPattern:
    pattern = _PATTERNS[code] = RowPattern(code)
    return pattern


class CardMoves:
    """The moves a card can take part in, built once: a turn hands them out.

    A claim table holds the 18 claims of the card with one choice of power: entry ``3 * pair +
    keep`` claims the pair ``PAIRS[pair]`` with keep 0 (the values differ), 1 (the first pile
    is kept) or 2 (the second).
    """

    __slots__ = (
        "card",
        "suit",
        "deck_index",
        "opens",
        "reinforces",
        "exchange",
        "claims",
        "discards_first",
        "plays_first",
        "discard_tables",
        "play_tables",
        "place_tables",
    )

    def __init__(self, card: Card) -> None:
        self.card = card
        self.suit = SUITS.index(card.suit)
        self.opens = OPEN[card]
        self.reinforces = REINFORCE[card]
        self.exchange = EXCHANGE[card]
        self.claims = self._claim_table(None, None)
        self.discards_first = card.rank in (11, 13)  # contest.claim.jack, contest.claim.king
        self.plays_first = card.rank in (12, 13)  # contest.claim.queen, contest.claim.king
        self.deck_index = DECK.index(card)
        self.discard_tables: dict[int, tuple[Claim, ...]] = {}  # a Jack's claim tables, by the position discarded
        # a Queen's claim tables, at 8 * (deck index of the card played) + play (see RowPattern.queen_plays)
        self.play_tables: list[tuple[Claim, ...] | None] = [None] * (8 * len(DECK)) if self.plays_first else []
        self.place_tables: list[tuple[Open | Reinforce, ...] | None] = [None] * 256  # by the bits of place_moves

    def place_moves(self, places: int) -> tuple[Open | Reinforce, ...]:
        """The card's opens, then its reinforces, at the positions of the bits of ``places``:
        bit i (0..3) opens position i + 1, bit 4 + i reinforces it (``RowPattern.places``). A few
        dozen kinds of rows, each kept once: a turn hands them out instead of listing them."""
        moves = self.place_tables[places]
        if moves is None:
            moves = self.place_tables[places] = tuple(
                self.opens[i] for i in range(POSITIONS) if places >> i & 1
            ) + tuple(self.reinforces[i] for i in range(POSITIONS) if places >> 4 + i & 1)
        return moves

    def _claim_table(self, discard: int | None, play: Open | Reinforce | None) -> tuple[Claim, ...]:
        return tuple(
            Claim(first + 1, second + 1, self.card, discard, play, (None, first + 1, second + 1)[keep])
            for first, second in PAIRS
            for keep in range(3)
        )

    def discard_claims(self, discard: int) -> tuple[Claim, ...]:
        """The claim table once this Jack (or King) discards the pile at ``discard`` (1 to 4)."""
        table = self.discard_tables.get(discard)
        if table is None:
            table = self.discard_tables[discard] = self._claim_table(discard, None)
        return table

    def play_claims(self, extra: CardMoves, play: int) -> tuple[Claim, ...]:
        """The claim table once this Queen (or King) plays ``extra``'s card (``play``: see
        ``RowPattern.queen_plays``)."""
        table = self.play_tables[8 * extra.deck_index + play] = self._claim_table(
            None, (extra.opens + extra.reinforces)[play]
        )
        return table


_CARD_MOVES = {card: CardMoves(card) for card in DECK}


def turn_moves(state: ContestState) -> list[Move]:
    """Every action of the player to move, once the secret cards are arranged, card by card of
    the hand: its opens and reinforces, its claims, a Jack's claims, a Queen's claims and its
    exchange; a pass when there is none (contest.pass: only in the last turns). A hidden card in
    the hand raises KeyError."""
    hand = state.hands[state.turn]
    row = state.row
    options = state.options
    ace_low, top = options.ace == "low", options.pile_value == "top"
    match_first = options.jack == "match-first"
    row_code = 0
    values = [0, 0, 0, 0]
    index = 0
    for pile in row:
        if pile:
            row_code += _SUIT_CODES[pile[0].suit][index]
            if top or ace_low:
                values[index] = pile_value(pile, ace_low, top)
            else:
                for card in pile:
                    values[index] += card.rank
        index += 1
    pattern = _PATTERNS[row_code] or _pattern(row_code)
    places, reinforces, claims = pattern.places, pattern.reinforces, pattern.claims
    stock = state.stock
    moves: list[Move] = []
    append = moves.append
    for card_moves in map(_CARD_MOVES.__getitem__, hand):
        suit = card_moves.suit
        # contest.open, contest.reinforce
        placed = card_moves.place_tables[places[suit]]
        moves += placed if placed is not None else card_moves.place_moves(places[suit])
        pairs = claims[suit]
        if pairs:  # contest.claim (and contest.claim.tie): _add_claims, written out on this hottest path
            table = card_moves.claims
            for pair, first, second in pairs:
                if values[first] == values[second]:
                    append(table[3 * pair + 1])
                    append(table[3 * pair + 2])
                else:
                    append(table[3 * pair])
        if card_moves.discards_first:  # contest.claim.jack: first discard a pile of the card's suit
            for position in reinforces[suit]:
                after_code = row_code - (suit + 1) * _WEIGHTS[position]
                after = _PATTERNS[after_code] or _pattern(after_code)
                # contest.claim.jack.match-first: the card matched the pile discarded; any two piles
                _add_claims(
                    append,
                    card_moves.discard_claims(position + 1),
                    after.pairs if match_first else after.claims[suit],
                    values,
                )
        if card_moves.plays_first:  # contest.claim.queen, where a card played first leaves a claim
            plays = (pattern._queen_plays or pattern.queen_plays())[suit]
            if plays:
                _add_queen_claims(append, card_moves, hand, plays, values, ace_low, top)
        if stock:  # contest.exchange
            append(card_moves.exchange)
    if not moves:  # contest.pass: only in the last turns, when nothing else is possible
        append(PASS)
    return moves


def _add_claims(
    append: Callable[[Move], None], table: tuple[Claim, ...], pairs: tuple[ClaimPair, ...], values: list[int]
) -> None:
    """The claims of ``table`` of each pair ``(pair, first, second)``: one, or on equal values two
    (contest.claim.tie: the claimant chooses the pile kept)."""
    for pair, first, second in pairs:
        if values[first] == values[second]:
            append(table[3 * pair + 1])
            append(table[3 * pair + 2])
        else:
            append(table[3 * pair])


def _add_queen_claims(
    append: Callable[[Move], None],
    card_moves: CardMoves,
    hand: tuple[Card, ...],
    plays: tuple[QueenPlay, ...],
    values: list[int],
    ace_low: bool,
    top: bool,
) -> None:
    """contest.claim.queen: first play another card of the card's suit (open or reinforce), then
    claim, as :func:`_add_claims` would once the card played changed the value of its pile;
    ``plays``: the row pattern's ``queen_plays()`` of the card's suit."""
    card = card_moves.card
    suit = card.suit
    tables = card_moves.play_tables
    for extra in hand:
        if extra.suit != suit or extra == card:
            continue
        extra_moves = _CARD_MOVES[extra]
        extra_value = 1 if ace_low and extra.rank == 14 else extra.rank  # card_value
        tables_at = 8 * extra_moves.deck_index
        for play, position, claim_at, first, second in plays:
            table = tables[tables_at + play] or card_moves.play_claims(extra_moves, play)
            # the value of the pile at ``position`` once the card is played: opened, or reinforced
            played = extra_value if play < 4 or top else values[position] + extra_value
            if (played if first == position else values[first]) == (played if second == position else values[second]):
                append(table[claim_at + 1])  # contest.claim.tie
                append(table[claim_at + 2])
            else:
                append(table[claim_at])
