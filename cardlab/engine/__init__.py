"""The protocol every cardlab game shares (``game.py``), and what a game is built from.

    game = cardlab.game("card-commons")
    state = game.deal(seed=7)            # an immutable value; ``state.game`` is its game
    after = game.play(state, "claim 4H")  # a NEW state; game.step(...) narrates it too
    game.legal_moves(state); game.score(after); game.view(after, 1)

Results of play (``results``), zones and layouts (``table``), options, explanations
(``explain``), move notation and text forms (``notation``), JSON (``codec``), card edits
(``edit``), dealing (``deal``), fast constructors (``values``), words, what a player may know
(``seen``) and HTML pictures (``markup``): their names that games and the rest of cardlab use
are handed on here. The engine imports nothing above it; docs/protocol.md says how to write a game.
"""

from ..errors import IllegalMove, NotationError, StateError
from .codec import JSON_VERSION, MAX_JSON_DEPTH, decode, encode, read_json
from .deal import HIDDEN_SEED, check_cards_once, seed_is_guessable, shuffle_from, stacked_deck, validate_seed
from .edit import replace_cards, swap_cards
from .explain import Explanation, Reason, Refusal, move_variants
from .facts import Fact
from .game import Game, State, flat_numbering, numbers_by_identity
from .notation import MAX_DIGITS, MoveReader, TextForm, whole_number
from .options import Options
from .results import Breakdown, Continuation, Event, Move, RevealedHand, Round, ScoreItem, Step, move_cards
from .seen import cards_seen_in, move_text, visible_cards
from .table import (
    HAND,
    PILE,
    PILE_KINDS,
    POOL,
    ROW,
    SIDE,
    SLOT,
    STACK,
    STOCK,
    ZONE_KINDS,
    Area,
    Layout,
    Zone,
    all_cards,
)
from .values import builder, replacer
from .words import chips, format_cards, plural, points, sentence

__all__ = [
    "Game",
    "Fact",
    "State",
    "flat_numbering",
    "numbers_by_identity",
    "Move",
    "Continuation",
    "Event",
    "ScoreItem",
    "Breakdown",
    "RevealedHand",
    "Round",
    "Step",
    "move_cards",
    "Zone",
    "Area",
    "Layout",
    "all_cards",
    "HAND",
    "PILE",
    "STOCK",
    "STACK",
    "POOL",
    "SIDE",
    "ROW",
    "SLOT",
    "ZONE_KINDS",
    "PILE_KINDS",
    "Options",
    "Reason",
    "Refusal",
    "Explanation",
    "move_variants",
    "IllegalMove",
    "NotationError",
    "StateError",
    "MoveReader",
    "TextForm",
    "MAX_DIGITS",
    "whole_number",
    "JSON_VERSION",
    "MAX_JSON_DEPTH",
    "read_json",
    "encode",
    "decode",
    "replace_cards",
    "swap_cards",
    "HIDDEN_SEED",
    "validate_seed",
    "shuffle_from",
    "seed_is_guessable",
    "stacked_deck",
    "check_cards_once",
    "replacer",
    "builder",
    "plural",
    "chips",
    "sentence",
    "points",
    "format_cards",
    "visible_cards",
    "cards_seen_in",
    "move_text",
]
