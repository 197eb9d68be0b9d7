"""Cards, suits and ranks; notation in and out; decks and seeded shuffles.

A :class:`Card` is a small immutable value ``Card(rank, suit)``: ranks 2..10, J=11, Q=12,
K=13, A=14; suits ``"C" "D" "H" "S"``. The Joker is ``Card(0, "*")`` and a card whose face
is hidden from a viewer is ``HIDDEN`` (``Card(-1, "?")``).

Notation accepted by :func:`parse_card` and :func:`cards` (ASCII letters in either case):
``4C``, ``4♣``, ``10H``, ``TH``, ``10♥``, ``QH``, ``AS``, ``JK`` (Joker). Printed forms are
``str(card)`` = ``4♣`` and ``card.code`` = ``4C`` / ``10H`` / ``JK``. Only these characters
are read: a letter that merely case-folds to one of them (``ſ``, the Kelvin sign ``K``, a
dotless ``ı``) or another script's digit is refused, never taken for the card it resembles.

Chance is explicit and unguessable: a fresh seed is 64 random bits from :mod:`secrets`, and
each shuffle is drawn from the seed through a keyed hash (:func:`chance`).
"""

from __future__ import annotations

import hashlib
import html
import random
import re
import secrets
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from .errors import CardError, quoted

__all__ = [
    "Card",
    "Cards",
    "SUITS",
    "RANKS",
    "JOKER",
    "HIDDEN",
    "parse_card",
    "cards",
    "standard_deck",
    "shuffled",
    "shuffle",
    "suit_symbol",
    "suit_name",
    "ascii_lower",
    "ascii_upper",
    "without",
    "cards_text",
    "in_order",
    "fresh_seed",
    "deal_seed",
    "check_seed",
    "chance",
    "SEED_BITS",
    "GUESSABLE_BITS",
    "CARD_TOKEN",
    "pretty",
]

SUITS = ("C", "D", "H", "S")
RANKS = tuple(range(2, 15))
_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_NAME = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_SUIT_FROM_TEXT = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}
_RANK_CODE = {11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_NAME = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_RANK_FROM_TEXT = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_TO_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_TO_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII letters in lower case and every other character kept as it is.

    Notation is read with this, never ``str.lower``: Unicode case mapping turns the Kelvin
    sign into ``k`` (and ``str.upper`` turns ``ſ`` into ``S``, ``ı`` into ``I``), which would
    read a look-alike as a keyword, a player or a card.
    """
    return text.translate(_TO_LOWER)


def ascii_upper(text: str) -> str:
    """``text`` with its ASCII letters in upper case and every other character kept as it is."""
    return text.translate(_TO_UPPER)


# Four-colour deck colours (a teaching option of the widgets); the classic deck is red/black.
_RED = frozenset(("D", "H"))


def suit_symbol(suit: str) -> str:
    """``"C"`` → ``"♣"``."""
    return _SUIT_SYMBOL[suit]


def suit_name(suit: str) -> str:
    """``"C"`` → ``"clubs"``."""
    return _SUIT_NAME[suit]


class Card(NamedTuple):
    """One playing card. Compare, hash and sort it like the tuple ``(rank, suit)``."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``Card.parse("10H")``, ``Card.parse("4♣")``, ``Card.parse("JK")``."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.suit == "*"

    @property
    def is_hidden(self) -> bool:
        return self.suit == "?"

    @property
    def color(self) -> str | None:
        """``"red"`` for hearts and diamonds, ``"black"`` for clubs and spades, else None."""
        if self.suit in _RED:
            return "red"
        return "black" if self.suit in ("C", "S") else None

    @property
    def code(self) -> str:
        """ASCII notation: ``4C``, ``10H``, ``QS``, ``JK``, ``??``."""
        return _CODE.get(self) or _spelled_code(self)

    @property
    def rank_code(self) -> str:
        return str(_RANK_CODE.get(self.rank, self.rank))

    @property
    def name(self) -> str:
        """Words for screen readers and narration: ``"4 of clubs"``, ``"queen of hearts"``."""
        if self.suit == "*":
            return "joker"
        if self.suit == "?":
            return "face-down card"
        return f"{_RANK_NAME.get(self.rank, self.rank)} of {_SUIT_NAME[self.suit]}"

    def __str__(self) -> str:
        """With the suit's symbol: ``4♣``, ``10♥``; ``JK``, ``??``."""
        return _TEXT.get(self) or _spelled_text(self)

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def _repr_html_(self) -> str:
        return card_html(self)


def _spelled_code(card: Card) -> str:
    if card.suit == "*":
        return "JK"
    if card.suit == "?":
        return "??"
    return f"{_RANK_CODE.get(card.rank, card.rank)}{card.suit}"


def _spelled_text(card: Card) -> str:
    if card.suit in _SUIT_SYMBOL:
        return f"{_RANK_CODE.get(card.rank, card.rank)}{_SUIT_SYMBOL[card.suit]}"
    return _spelled_code(card)


# Each card's code and text, spelled once: widgets and narration ask for them all the time.
_CODE: dict[Card, str] = {}
_TEXT: dict[Card, str] = {}


JOKER = Card(0, "*")
HIDDEN = Card(-1, "?")
_BY_CODE: dict[str, Card] = {}
for _s in SUITS:
    for _r in RANKS:
        _c = Card(_r, _s)
        _BY_CODE[_c.code] = _c
        _BY_CODE[f"{_c.rank_code}{_SUIT_SYMBOL[_s]}"] = _c
        if _r == 10:
            _BY_CODE[f"T{_s}"] = _c
            _BY_CODE[f"T{_SUIT_SYMBOL[_s]}"] = _c
_BY_CODE["JK"] = JOKER
_DECK_ORDER = {card: i for i, card in enumerate((*dict.fromkeys(_BY_CODE.values()), HIDDEN))}
_CODE.update((card, _spelled_code(card)) for card in _DECK_ORDER)
_TEXT.update((card, _spelled_text(card)) for card in _DECK_ORDER)
_TOKEN = re.compile(r"[^\s,;]+")
#: A card written in a move's notation or in narration: "4H", "10S", "JK" or "4♣", "10♥".
CARD_TOKEN = re.compile(r"(?<![\w?])(?:(10|[2-9TJQKA])([CDHS♣♦♥♠])|JK)(?![\w])")


def parse_card(text: str) -> Card:
    """Read one card from its notation, or raise :class:`CardError` saying what is wrong."""
    if not isinstance(text, str):
        raise CardError(repr(text), 0, len(repr(text)), f"expected text such as '4C', got {type(text).__name__}")
    token = text.strip()
    card = _BY_CODE.get(ascii_upper(token))
    if card is not None:
        return card
    start = text.find(token) if token else 0
    raise CardError(text, start, start + len(token), _card_problem(token))


def _card_problem(token: str) -> str:
    if not token:
        return "it is empty; write a rank and a suit such as '4C', '10♥' or 'QH'"
    up = ascii_upper(token)
    if up in ("JOKER", "JKR", "🃏"):
        return "write the Joker as 'JK'"
    suit = _SUIT_FROM_TEXT.get(up[-1])
    rank_text = up[:-1]
    if suit is None:
        return f"unknown suit {token[-1]!r}; suits are C D H S (or ♣ ♦ ♥ ♠)"
    if not rank_text:
        return "the rank is missing; ranks are 2-10 (or T), J, Q, K, A"
    return f"unknown rank {quoted(token[:-1])}; ranks are 2-10 (or T), J, Q, K, A"


def cards(text: str | Iterable[Card | str]) -> Cards:
    """Read a list of cards: ``cards("4C 5H QH")`` (spaces or commas between cards).

    A malformed token raises :class:`CardError` that quotes the whole text and points at the
    token. An iterable of cards or card texts is accepted too.
    """
    if isinstance(text, str):
        out = []
        for match in _TOKEN.finditer(text):
            card = _BY_CODE.get(ascii_upper(match.group()))
            if card is None:
                raise CardError(text, match.start(), match.end(), _card_problem(match.group()))
            out.append(card)
        return Cards(out)
    return Cards(c if isinstance(c, Card) else parse_card(c) for c in text)


class Cards(tuple[Card, ...]):
    """An immutable sequence of cards that prints as ``4♣ 5♥ Q♥`` and shows as cards in Jupyter."""

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"cards({' '.join(c.code for c in self)!r})"

    @property
    def codes(self) -> str:
        return " ".join(c.code for c in self)

    def _repr_html_(self) -> str:
        return cards_html(self)


def without(seq: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``seq`` with its first ``card`` taken out (ValueError if it holds none)."""
    i = seq.index(card)
    return seq[:i] + seq[i + 1 :]


def cards_text(seq: Iterable[Card], empty: str = "none") -> str:
    """Cards for a sentence: ``4♣ 5♥ Q♥``, or ``empty`` for none."""
    return " ".join(map(str, seq)) or empty


def standard_deck(jokers: int = 0) -> Cards:
    """The 52 cards in a fixed order (clubs, diamonds, hearts, spades; 2 up to A), then jokers."""
    return Cards([Card(r, s) for s in SUITS for r in RANKS] + [JOKER] * jokers)


# --- chance: seeds and shuffles ---------------------------------------------------------------

#: A fresh seed has this many random bits, drawn from :mod:`secrets`; every seed is below 2**SEED_BITS.
SEED_BITS = 64
#: A seed below 2**GUESSABLE_BITS can be found by searching: docs/protocol.md gives the figures.
GUESSABLE_BITS = 48


def fresh_seed(rng: random.Random | None = None) -> int:
    """A new seed of :data:`SEED_BITS` random bits: from :mod:`secrets`, and never below
    2**GUESSABLE_BITS (so never one a search could find); or drawn from ``rng`` where it must be
    reproducible (a computer player's sampled worlds, which hide nothing)."""
    if rng is not None:
        return rng.getrandbits(SEED_BITS)
    while (seed := secrets.randbits(SEED_BITS)) < 1 << GUESSABLE_BITS:
        pass  # one draw in 65,536: draw again
    return seed


def check_seed(seed: object, where: str = "seed") -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1; ValueError otherwise. Every game
    refuses a negative seed: -1 is what a player's view shows instead of the seed."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << SEED_BITS:
        raise ValueError(f"{where}: a seed is a whole number from 0 to 2**{SEED_BITS} - 1, not {seed!r}")
    return seed


def deal_seed(seed: object, stacked: bool) -> int:
    """The seed a deal keeps: ``seed`` (checked), or when it is None, 0 for a stacked deck (a
    stacked deal is reproducible, text form included) and a :func:`fresh_seed` otherwise.

    An explicit seed makes the deal reproducible, so anyone who knows the seed knows every card:
    fine for a lesson, not for a game between learners (leave the seed out for those)."""
    if seed is None:
        return 0 if stacked else fresh_seed()
    return check_seed(seed)


def chance(seed: int, purpose: str) -> random.Random:
    """The random generator of one use of chance in a game (a deal's shuffle, a first dealer):
    seeded from a keyed hash (BLAKE2b keyed by the seed) of ``purpose``, so each use draws
    independently from the seed, and nothing seen of one narrows the others."""
    try:
        key = seed.to_bytes(SEED_BITS // 8, "big")  # a seed is a whole number from 0 to 2**64 - 1
    except (AttributeError, OverflowError):
        check_seed(seed)  # says what is wrong with it
        raise
    digest = hashlib.blake2b(purpose.encode("utf-8"), key=key, digest_size=32, person=b"cardlab").digest()
    return random.Random(int.from_bytes(digest, "big"))


def shuffled(deck: Iterable[Card], seed: int, purpose: str = "shuffle") -> Cards:
    """A shuffled copy of ``deck``, from ``seed`` and ``purpose`` (see :func:`chance`); never the
    global generator."""
    out = list(deck)
    shuffle(out, chance(seed, purpose))
    return Cards(out)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place from ``rng``: the very order ``rng.shuffle(items)`` gives
    (CPython's algorithm, drawn from ``rng.getrandbits``, leaving ``rng`` in the same state),
    in about half its time. Every deal is shuffled so."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def in_order(seq: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted as a deck is: clubs, diamonds, hearts, spades, each from 2 up to A; then
    the Joker and face-down cards. A hand is kept so, so its order shows nothing of how it was dealt."""
    return tuple(sorted(seq, key=_DECK_ORDER.__getitem__))


# --- HTML reprs (no kernel needed: GitHub and nbviewer show them) -------------------------
# Their classes are prefixed cardlab-static-, which the widgets' stylesheet (global in JupyterLab)
# never styles: a widget on the same page leaves these pictures as they are.

_HTML_COLOR = {"red": "#c62828", "black": "#1b1b1b"}


def card_html(card: Card, *, highlight: bool = False) -> str:
    """One card as a small inline HTML tile, with an ``aria-label``."""
    base = (
        "display:inline-block;min-width:2.1em;padding:0.25em 0.3em;margin:0.1em;"
        "border:1px solid #888;border-radius:0.3em;text-align:center;font-weight:600;"
        "font-family:system-ui,sans-serif;background:#fff;"
    )
    if highlight:
        base += "box-shadow:0 0 0 2px #f9a825;"
    if card.is_hidden:
        return (
            f'<span class="cardlab-static-card cardlab-static-back" role="img" aria-label="face-down card" '
            f'style="{base}background:repeating-linear-gradient(45deg,#3949ab 0 4px,#5c6bc0 4px 8px);'
            f'color:transparent">??</span>'
        )
    color = _HTML_COLOR.get(card.color or "black", "#1b1b1b")
    if card.is_joker:
        color = "#6a1b9a"
    return (
        f'<span class="cardlab-static-card" role="img" aria-label="{html.escape(card.name)}" '
        f'style="{base}color:{color}">{html.escape(str(card))}</span>'
    )


def cards_html(seq: Iterable[Card], *, highlight: Iterable[Card] = (), empty: str = "—") -> str:
    marked = set(highlight)
    items = [card_html(c, highlight=c in marked) for c in seq]
    return "".join(items) if items else f'<span style="color:#888">{html.escape(empty)}</span>'


@lru_cache(maxsize=8192)  # the same reasons and moves come back on every update
def pretty(text: str) -> str:
    """Cards in text shown with their suit symbols: ``claim 4H`` → ``claim 4♥``."""
    return CARD_TOKEN.sub(lambda m: str(_BY_CODE[m.group(0)]), text)
