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
from .state import NEIGHBOURS, POSITIONS, ContestOptions, ContestState, Piles, replaced_at

__all__ = ["PAIRS", "EVERY_ORDER", "apart_orders", "placeable", "ClaimPlan", "legal_claim_plan", "turn_moves"]

#: The pairs of positions (0 to 3) a claim may name, in the order a turn lists its claims.
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
#: A pair a row may be claimed at: ``(pair, first, second)``, its index in PAIRS and its positions.
ClaimPair = tuple[int, int, int]
#: A Queen's play before a claim: ``(play, position, claim_at, first, second)`` (``RowPattern.queen_plays``).
QueenPlay = tuple[int, int, int, int, int]
#: A Jack's discard before a claim: ``(position, pairs)`` (``RowPattern.discards``).
JackDiscard = tuple[int, tuple[ClaimPair, ...]]


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

    __slots__ = (
        "code",
        "opens",
        "reinforces",
        "claims",
        "pairs",
        "places",
        "_queen_plays",
        "play_kinds",
        "_discards",
        "_kinds",
        "plain",
    )

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
        self.play_kinds: tuple[int, ...] = ()  # by suit: the number of its queen_plays' kind (_PLAY_KINDS)
        self._discards: list[tuple[tuple[JackDiscard, ...], ...] | None] = [None, None]
        self._kinds: list[tuple[int, ...] | None] = [None] * (2 << len(PAIRS))
        #: each card's plain moves where no claimable piles are of equal value and the draw pile has cards
        self.plain = PlainMoves(self.kinds(0, True))

    def kinds(self, ties: int, stock: bool) -> tuple[int, ...]:
        """The kind of each suit's plain moves on a row of this pattern, by suit index: its opens,
        then its reinforces (contest.open, contest.reinforce), its claims without a power, two on
        equal values (contest.claim, contest.claim.tie), and its exchange while the draw pile lasts
        (contest.exchange), as a number: the bits of its places (``places``), then (from bit 8)
        of the pairs it may claim, then (from bit 14) of those whose piles are of equal value
        (of the bits ``ties`` sets, one for each pair of ``pairs`` whose piles are), then (bit 20)
        whether the draw pile has cards (``stock``). Far fewer kinds than rows are met, so a card's
        moves are kept by kind (``CardMoves.plain_moves``)."""
        kinds = self._kinds[2 * ties + stock]
        if kinds is None:
            found = []
            for suit, places in enumerate(self.places):
                claimed = sum(1 << pair for pair, _, _ in self.claims[suit])
                found.append(places | claimed << 8 | (ties & claimed) << 14 | stock << 20)
            kinds = self._kinds[2 * ties + stock] = tuple(found)
        return kinds

    def discards(self, match_first: bool) -> tuple[tuple[JackDiscard, ...], ...]:
        """For a Jack's claim, by suit index: each pile of that suit whose discard leaves a claim,
        as ``(position, pairs)``: its position (1 to 4) and the pairs the Jack may claim then (of
        the Jack's suit, or any two with ``match_first``: contest.claim.jack.match-first)."""
        discards = self._discards[match_first]
        if discards is None:
            by_suit = []
            for suit in range(len(SUITS)):
                found = []
                for position in self.reinforces[suit]:
                    after_code = self.code - (suit + 1) * _WEIGHTS[position]
                    after = _PATTERNS[after_code] or _pattern(after_code)
                    pairs = after.pairs if match_first else after.claims[suit]
                    if pairs:
                        found.append((position + 1, pairs))
                by_suit.append(tuple(found))
            discards = self._discards[match_first] = tuple(by_suit)
        return discards

    def queen_plays(self) -> tuple[tuple[QueenPlay, ...], ...]:
        """For a Queen's claim, by suit index: each play of another card of that suit that leaves
        a claim, with each claim after it, as ``(play, position, claim_at, first, second)``. The
        play opens the pile at ``position`` when ``play`` is ``position``, and reinforces it when
        ``play`` is ``4 + position`` (its index among the card's opens, then reinforces);
        ``claim_at`` is the claim tables' entry of the pair ``(first, second)`` claimed then (3
        times its index in PAIRS). ``play_kinds[suit]`` numbers the plays and claims of each suit
        apart from the positions' values: rows with the same kind share a Queen's claims."""
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
            self.play_kinds = tuple(
                _PLAY_KINDS.setdefault(tuple((play, claim_at) for play, _, claim_at, _, _ in plays), len(_PLAY_KINDS))
                for plays in plays_by_suit
            )
            self._queen_plays = tuple(plays_by_suit)
        return self._queen_plays


class PlainMoves(dict[Card, tuple[Move, ...]]):
    """The plain moves of each card where the moves of each suit are of the kinds ``kinds`` (by
    suit index, see :meth:`RowPattern.kinds`), filled the first time a card is asked for
    (``CardMoves.plain_moves``). A hidden card raises KeyError."""

    __slots__ = ("kinds",)

    def __init__(self, kinds: tuple[int, ...]) -> None:
        super().__init__()
        self.kinds = kinds

    def __missing__(self, card: Card) -> tuple[Move, ...]:
        card_moves = _CARD_MOVES[card]
        moves = self[card] = card_moves.plain_moves(self.kinds[card_moves.suit])
        return moves


#: The kinds of a Queen's plays and claims on a row (``RowPattern.play_kinds``): a few dozen.
_PLAY_KINDS: dict[tuple[tuple[int, int], ...], int] = {}
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
        "quiet_tables",
        "plain_tables",
        "place_tables",
        "claim_tables",
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
        # a Queen's claims where no piles tie: by the kind of the row (RowPattern.play_kinds), then the card played
        self.quiet_tables: dict[int, dict[Card, tuple[Claim, ...]]] = {}
        self.plain_tables: dict[int, tuple[Move, ...]] = {}  # the card's plain moves, by kind (RowPattern.kinds)
        self.place_tables: dict[int, tuple[Open | Reinforce, ...]] = {}  # by the kind's place bits
        self.claim_tables: dict[int, tuple[Claim, ...]] = {}  # by the kind's pairs and ties bits

    def place_moves(self, places: int) -> tuple[Open | Reinforce, ...]:
        """The card's opens, then its reinforces, at the positions of the bits of ``places``:
        bit i (0..3) opens position i + 1, bit 4 + i reinforces it (``RowPattern.places``)."""
        return tuple(self.opens[i] for i in range(POSITIONS) if places >> i & 1) + tuple(
            self.reinforces[i] for i in range(POSITIONS) if places >> 4 + i & 1
        )

    def plain_moves(self, kind: int) -> tuple[Move, ...]:
        """The card's plain moves where its suit's moves are of ``kind`` (``RowPattern.kinds``)."""
        moves = self.plain_tables.get(kind)
        if moves is None:
            places = self.place_tables.get(kind & 255)
            if places is None:
                places = self.place_tables[kind & 255] = self.place_moves(kind & 255)
            claims = self.claim_tables.get(kind >> 8 & 4095)
            if claims is None:
                claims = self.claim_tables[kind >> 8 & 4095] = self._plain_claims(kind >> 8 & 63, kind >> 14 & 63)
            moves = self.plain_tables[kind] = places + claims + ((self.exchange,) if kind >> 20 & 1 else ())
        return moves

    def _plain_claims(self, pairs: int, ties: int) -> tuple[Claim, ...]:
        """The card's claims without a power of the pairs of the bits of ``pairs``: two for a
        pair of equal values (its bit in ``ties``), one for another."""
        table = self.claims
        claims: list[Claim] = []
        for pair in range(len(PAIRS)):
            if pairs >> pair & 1:
                claims += table[3 * pair + 1 : 3 * pair + 3] if ties >> pair & 1 else (table[3 * pair],)
        return tuple(claims)

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

    def quiet_claims(
        self, quiet: dict[Card, tuple[Claim, ...]], extra: Card, plays: tuple[QueenPlay, ...]
    ) -> tuple[Claim, ...]:
        """This Queen's (or King's) claims once it plays ``extra``, where no two claimed piles are
        of equal value, on the rows whose ``queen_plays()`` of the suit are ``plays``, kept in
        ``quiet`` (``quiet_tables``' table of their kind)."""
        extra_moves = _CARD_MOVES[extra]
        tables_at = 8 * extra_moves.deck_index
        claims = quiet[extra] = tuple(
            (self.play_tables[tables_at + play] or self.play_claims(extra_moves, play))[claim_at]
            for play, _, claim_at, _, _ in plays
        )
        return claims


_CARD_MOVES = {card: CardMoves(card) for card in DECK}
#: The Jacks, Queens and Kings: the cards with a power (contest.claim.jack, .queen, .king).
_FACES = frozenset(card for card in DECK if card.rank in (11, 12, 13))


def turn_moves(state: ContestState) -> list[Move]:
    """Every action of the player to move, once the secret cards are arranged: each card's plain
    moves, card by card of the hand (:class:`PlainMoves`: its opens and reinforces, its claims,
    its exchange), then the claims of each Jack, Queen or King of the hand that uses its power;
    a pass when there is none (contest.pass: only in the last turns). A hidden card in the hand
    raises KeyError."""
    hand = state.hands[state.turn]
    options = state.options
    row_code, values = _read_row(state.row, options.ace == "low", options.pile_value == "top")
    pattern = _PATTERNS[row_code] or _pattern(row_code)
    ties = 0  # contest.claim.tie: the claimable pairs of equal values
    for pair, first, second in pattern.pairs:
        if values[first] == values[second]:
            ties |= 1 << pair
    moves: list[Move] = []
    if not ties and state.stock:  # the usual row
        plain = pattern.plain
        for card in hand:
            moves += plain[card]
    else:
        kinds = pattern.kinds(ties, bool(state.stock))
        for card in hand:
            card_moves = _CARD_MOVES[card]
            moves += card_moves.plain_moves(kinds[card_moves.suit])
    if row_code and not _FACES.isdisjoint(hand):  # a power needs a pile in the row
        _add_power_claims(moves, state, hand, pattern, values, ties)
    if not moves:  # contest.pass: only in the last turns, when nothing else is possible
        moves.append(PASS)
    return moves


def _read_row(row: Piles, ace_low: bool, top: bool) -> tuple[int, list[int]]:
    """The code of ``row``'s pattern and the values of its piles (0 for an empty position)."""
    code = 0
    values = [0, 0, 0, 0]
    index = 0
    for pile in row:
        if pile:
            code += _SUIT_CODES[pile[0].suit][index]
            if top or ace_low:
                values[index] = pile_value(pile, ace_low, top)
            elif len(pile) == 1:
                values[index] = pile[0].rank
            else:
                for card in pile:
                    values[index] += card.rank
        index += 1
    return code, values


def _add_power_claims(
    moves: list[Move], state: ContestState, hand: tuple[Card, ...], pattern: RowPattern, values: list[int], ties: int
) -> None:
    """The claims of each Jack, Queen or King of ``hand`` that uses its power, card by card of the
    hand: a Jack's (or King's) after discarding a pile of its suit, then a Queen's (or King's)
    after playing a card of its suit (``ties``: as in :func:`turn_moves`)."""
    options = state.options
    match_first = options.jack == "match-first"
    discards = pattern._discards[match_first] or pattern.discards(match_first)
    plays = pattern._queen_plays or pattern.queen_plays()
    for card in filter(_FACES.__contains__, hand):
        card_moves = _CARD_MOVES[card]
        suit = card_moves.suit
        if card_moves.discards_first:  # contest.claim.jack: first discard a pile of the card's suit
            for position, pairs in discards[suit]:
                _add_claims(moves.append, card_moves.discard_claims(position), pairs, values)
        if card_moves.plays_first and plays[suit]:  # contest.claim.queen, where a card played first leaves a claim
            _add_queen_claims(moves, card_moves, hand, pattern, plays[suit], values, ties, options)


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
    moves: list[Move],
    card_moves: CardMoves,
    hand: tuple[Card, ...],
    pattern: RowPattern,
    plays: tuple[QueenPlay, ...],
    values: list[int],
    ties: int,
    options: ContestOptions,
) -> None:
    """contest.claim.queen: first play another card of the card's suit (open or reinforce), then
    claim; ``plays``: the row pattern's ``queen_plays()`` of the card's suit. Where no claimed
    piles can be of equal value, the claims of each card played come from a table
    (``CardMoves.quiet_claims``); elsewhere :func:`_add_tied_queen_claims` lists them."""
    card = card_moves.card
    suit = card.suit
    kind = pattern.play_kinds[card_moves.suit]
    quiet = card_moves.quiet_tables.get(kind)
    if quiet is None:
        quiet = card_moves.quiet_tables[kind] = {}
    ace_low, top = options.ace == "low", options.pile_value == "top"
    reinforced = () if top else pattern.reinforces[card_moves.suit]  # "top": a reinforced pile is worth the card
    for extra in hand:
        if extra.suit != suit or extra == card:
            continue
        value = 1 if ace_low and extra.rank == 14 else extra.rank  # card_value
        # a tie needs two claimable piles of equal value already, or the played pile's value met
        tied = ties or value in values
        for position in reinforced:
            if values[position] + value in values:
                tied = True
        if tied:
            _add_tied_queen_claims(moves.append, card_moves, _CARD_MOVES[extra], value, plays, values, top)
        else:
            claims = quiet.get(extra)
            moves += claims if claims is not None else card_moves.quiet_claims(quiet, extra, plays)


def _add_tied_queen_claims(
    append: Callable[[Move], None],
    card_moves: CardMoves,
    extra_moves: CardMoves,
    extra_value: int,
    plays: tuple[QueenPlay, ...],
    values: list[int],
    top: bool,
) -> None:
    """The claims of a Queen (``card_moves``) once ``extra_moves``' card, of value
    ``extra_value``, is played, as :func:`_add_claims` would list them on the row after the play."""
    tables = card_moves.play_tables
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
