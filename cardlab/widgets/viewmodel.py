"""View-models: the small JSON documents the widgets send to the browser.

Everything here uses the game protocol only (``view``, ``zones``, ``legal_moves``,
``score``, ``to_text``, the session's history), so every game works with the same
components. For a player, every part is computed from ``game.view(state, player)``: no card
hidden from them reaches the browser, and the move log names such cards "a hidden card".

This module does not import anywidget, so the view-models can be tested without Jupyter.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..cards import SUITS, Card
from ..engine import Breakdown, Continuation, Event, Game, Move, ScoreItem, Session, Zone, move_cards, move_text
from ..errors import IllegalMove
from ..bots import Hint
from . import layouts

Viewer = int | None
JSON = dict[str, Any]

#: How a card the viewer may not see is named in the move log and in messages.
HIDDEN_WORDS = "a hidden card"
_HIDDEN_RUN = re.compile(rf"{HIDDEN_WORDS}(?:,? {HIDDEN_WORDS})+")


def codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def deck_order(card: Card) -> tuple[int, int]:
    """Suits in the order clubs, diamonds, hearts, spades, then rank; jokers last."""
    return (SUITS.index(card.suit) if card.suit in SUITS else len(SUITS), card.rank)


@lru_cache(maxsize=64)
def deck_codes(game: Game) -> list[str]:
    """Every distinct card of ``game``'s deck, in deck order (shared: never modify it)."""
    return codes(sorted(set(game.deck()), key=deck_order))


# --- moves ----------------------------------------------------------------------------------

# A card written in a move's notation or in narration: "4H", "10S", "JK" or "4♣", "10♥".
_CARD_TOKEN = re.compile(r"(?<![\w?])(?:(10|[2-9TJQKA])([CDHS♣♦♥♠])|JK)(?![\w])")
_FROM_SYMBOL = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _token_card(match: re.Match[str]) -> Card:
    if match.group(0) == "JK":
        return Card(0, "*")
    rank_text, suit = match.group(1), match.group(2)
    rank = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}.get(rank_text) or int(rank_text)
    return Card(rank, _FROM_SYMBOL.get(suit, suit))


@lru_cache(maxsize=8192)  # the same reasons and moves come back on every update
def pretty(text: str) -> str:
    """Cards in text shown with their suit symbols: ``claim 4H`` → ``claim 4♥``."""
    return _CARD_TOKEN.sub(lambda m: str(_token_card(m)), text)


@lru_cache(maxsize=4096)  # the same legal moves come back on many updates
def move_json(move: Move) -> JSON:
    """A legal move as the browser sees it: its notation (sent back to play it), a label and its
    cards (shared between updates: never modify it)."""
    return {"move": str(move), "text": pretty(str(move)), "cards": codes(move_cards(move))}


def _variants(move: Move, card: Card) -> Iterable[Move]:
    """``move`` with one of its cards replaced by ``card``: the moves a click on ``card`` might mean."""
    for f in dataclasses.fields(move):  # type: ignore[arg-type]
        value = getattr(move, f.name)
        try:
            if isinstance(value, Card) and value != card:
                yield dataclasses.replace(move, **{f.name: card})  # type: ignore[type-var]
            elif isinstance(value, tuple) and not isinstance(value, Card):
                for i, v in enumerate(value):
                    if isinstance(v, Card) and v != card:
                        yield dataclasses.replace(move, **{f.name: value[:i] + (card,) + value[i + 1:]})  # type: ignore[type-var]
        except (TypeError, ValueError):  # a move class that refuses such a value
            continue


def explain_card(game: Game, state: Any, card: Card, legal: Sequence[Move]) -> str:
    """Why ``card`` has no legal move in ``state``, in the engine's own words.

    The moves a click on ``card`` might mean are the legal moves with ``card`` put in place of
    one of their cards; the engine's :class:`IllegalMove` for each says why it is refused.
    ``state`` is what the mover sees, so the reasons reveal nothing hidden from them.
    """
    if card.is_hidden:
        return "That card is face down: you cannot see it, so you cannot use it."
    candidates: list[Move] = []
    for move in legal:
        if dataclasses.is_dataclass(move):
            candidates.extend(v for v in _variants(move, card) if v not in legal and v not in candidates)
    reasons: dict[tuple[str, str], str] = {}  # one line per distinct reason, with its first move
    for candidate in candidates:
        try:
            game.check(state, candidate)
        except IllegalMove as err:
            reasons.setdefault((err.rule, err.reason), str(err))
        except Exception:  # noqa: BLE001 - a candidate the engine cannot even read says nothing
            continue
    if reasons:
        return "\n".join(pretty(r) for r in list(reasons.values())[:3])
    choices = ", ".join(pretty(str(m)) for m in legal[:8]) + (", …" if len(legal) > 8 else "")
    return f"No move uses {card} now. " + (f"The only move is: {choices}." if len(legal) == 1 else f"The moves are: {choices}.")


@lru_cache(maxsize=4096)  # a long game's score repeats its earlier lines on every update
def item_json(item: ScoreItem) -> JSON:
    """One line of a score as the browser sees it (shared between updates: never modify it)."""
    return {"player": item.player, "points": item.points, "reason": pretty(item.reason),
            "rule": item.rule, "cards": codes(item.cards)}


# --- one position, seen by one viewer -----------------------------------------------------------

@dataclass
class Position:
    """The state on show in a session, as ``viewer`` sees it (None: the teacher sees everything).

    ``names`` are the players' names as the table shows them (default: the game's letters).
    """

    session: Session
    viewer: Viewer
    names: tuple[str, ...] = ()
    game: Game = field(init=False)
    state: Any = field(init=False)

    def __post_init__(self) -> None:
        self.game = self.session.game
        self.state = self.session.state
        self.names = self.names or self.game.player_names

    @cached_property
    def seen(self) -> Any:
        """The state as the viewer sees it: ``game.view(state, viewer)``."""
        return self.game.view(self.state, self.viewer)

    @cached_property
    def zones(self) -> list[Zone]:
        return self.game.zones(self.seen)

    @cached_property
    def to_move(self) -> int | None:
        return self.game.to_move(self.seen)

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def can_act(self) -> bool:
        """Whether this viewer may move now: the teacher moves for whoever is to act."""
        return not self.over and (self.viewer is None or self.viewer == self.to_move)

    @cached_property
    def legal(self) -> list[Move]:
        """The viewer's legal moves (none when it is not their turn): from their own view."""
        return self.game.legal_moves(self.seen) if self.can_act else []

    @cached_property
    def going_on(self) -> bool:
        """Whether all the player to move can do is carry the game on (a :class:`Continuation`
        such as "next round" once a round is scored). That is public: the mover's legal moves
        are the same in every view (from the full state here, since the viewer may not be the
        mover)."""
        if self.over:
            return False
        legal = self.legal if self.can_act else self.game.legal_moves(self.state)
        return bool(legal) and all(isinstance(m, Continuation) for m in legal)

    @property
    def deciding(self) -> int | None:
        """The player with a decision to make, whom the table marks "to move": the player to
        move, but nobody when the game is over or the round is (:attr:`going_on`)."""
        return None if self.going_on else self.to_move

    @cached_property
    def breakdown(self) -> Breakdown | None:
        """The score as the viewer may know it; None if the engine cannot score this view."""
        try:
            return self.game.score(self.seen)
        except Exception:  # noqa: BLE001 - shown as "score not available", never as a traceback
            return None

    def name(self, player: int) -> str:
        return self.names[player]

    # -- the parts of the view-model -----------------------------------------------------------

    def header(self) -> JSON:
        session = self.session
        return {
            "game": self.game.name, "title": self.game.title or self.game.name,
            "players": list(self.names), "viewer": self.viewer,
            "viewer_text": ("Teacher's view: every card face up" if self.viewer is None
                            else f"You play {self.name(self.viewer)}"),
            "status": self.status(), "to_move": self.to_move, "over": self.over, "going_on": self.going_on,
            "can_act": self.can_act, "waiting": self.waiting(),
            "step": session.index, "steps": len(session.moves),
        }

    def status(self) -> str:
        if self.going_on:
            return "Round over"
        if not self.over:
            return f"{self.name(self.to_move)} to move"  # type: ignore[arg-type]
        winners = self.breakdown.winners if self.breakdown else ()
        if not winners:
            return "Game over"
        names = " and ".join(self.name(w) for w in winners)
        return f"Game over: {names} win{'s' if len(winners) == 1 else ''}"

    def waiting(self) -> str:
        if self.over:
            return "The game is over."
        if self.can_act:
            return ""
        who = self.name(self.to_move)  # type: ignore[arg-type]
        return f"Round over: waiting for {who} to go on." if self.going_on else f"Waiting for {who} to move."

    def layout(self) -> JSON:
        return self._annotated(layouts.layout(self))

    def hand_layout(self, player: int) -> JSON:
        zone = layouts.hand_zone(self.zones, player)
        title = f"{self.name(player)}'s hand" + (" (you)" if player == self.viewer else "")
        return self._annotated(layouts.group(None, [layouts.pile(self, zone, title=title, hand=True)]))

    def _annotated(self, tree: JSON) -> JSON:
        """``tree`` with two things added to its piles: ``marks``, the game's note on each card
        (``game.card_notes`` of the view, such as "wild"; only where there are notes), and
        ``label``, a name for screen readers that no other pile of the table has."""
        notes = self.game.card_notes(self.seen)
        piles = list(_piles(tree, ()))
        for pile, _groups in piles:
            if pile["zone"] in notes:
                pile["marks"] = list(notes[pile["zone"]])
        owners = {z.name: z.owner for z in self.zones}
        for (pile, _groups), label in zip(piles, unique_labels(piles, owners, self.names)):
            pile["label"] = label
        return tree

    def moves(self) -> list[JSON]:
        return [move_json(m) for m in self.legal]

    def breakdown_json(self) -> JSON:
        bd = self.breakdown
        if bd is None:
            return {"unavailable": "The score cannot be worked out from what you can see yet."}
        return {
            "title": bd.title, "players": list(self.names), "final": bd.final,
            "totals": list(bd.totals), "winners": list(bd.winners), "notes": list(bd.notes),
            "items": [item_json(i) for i in bd.items],
        }

    def editor(self) -> JSON:
        """The teacher's editing aids: the text form and the deck (where each card lies is on
        the table, which the browser reads)."""
        if self.viewer is not None:
            raise ValueError("the state editor shows every card: only the teacher's view (viewer=None) has it")
        return {"text": self.game.to_text(self.state), "deck": deck_codes(self.game)}

    def narration(self) -> list[JSON]:
        """What happened in the move that led to the state on show, as the viewer may read it."""
        return narrate(self.session.events[self.session.index], self.viewer)


def _piles(node: JSON, groups: tuple[str, ...]) -> Iterable[tuple[JSON, tuple[str, ...]]]:
    """Every pile of a layout tree, with the titles of the groups around it (outermost first)."""
    if node["kind"] == "pile":
        yield node, groups
        return
    inner = groups + ((node["title"],) if node.get("title") else ())
    for item in node["items"]:
        yield from _piles(item, inner)


def unique_labels(piles: Sequence[tuple[JSON, tuple[str, ...]]], owners: dict[str, int | None],
                  names: Sequence[str]) -> list[str]:
    """A name for each pile that no other pile has: its title, said as its owner's ("A's
    hand") when the title does not name them, then, while two piles share a name, with the
    titles of the groups around it in front ("Battle 2: A ♥ hearts"), and a number at last."""
    def owned(pile: JSON) -> str:
        title, owner = pile["title"], owners.get(pile["zone"])
        if owner is None or re.search(rf"(?<!\w){re.escape(names[owner])}(?!\w)", title):
            return title
        return f"{names[owner]}'s {title[:1].lower()}{title[1:]}"

    labels = [owned(pile) for pile, _ in piles]
    depth = 0
    while len(set(labels)) < len(labels) and depth < max((len(g) for _, g in piles), default=0):
        depth += 1
        counts = Counter(labels)
        labels = [f"{groups[-depth]}: {label}" if counts[label] > 1 and len(groups) >= depth else label
                  for label, (_, groups) in zip(labels, piles)]
    seen: Counter[str] = Counter()
    unique = []
    for label in labels:
        seen[label] += 1
        unique.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return unique


# --- the move log ---------------------------------------------------------------------------

def seen_move_text(game: Game, move: Move, before: Any, after: Any, viewer: Viewer) -> str:
    """A move as ``viewer`` may read it, cards with suit symbols: each card they saw neither
    just before nor just after it is "a hidden card", and several in a row are counted
    ("arrange 4 hidden cards")."""
    text = move_text(game, move, before, after, viewer, HIDDEN_WORDS)
    return pretty(_HIDDEN_RUN.sub(lambda m: f"{m.group().count(HIDDEN_WORDS)} hidden cards", text))


def narrate(events: Sequence[Event], viewer: Viewer) -> list[JSON]:
    """A move's events that ``viewer`` may read (``Event.visible_to``), cards with suit symbols."""
    return [{"text": pretty(e.text), "rule": e.rule} for e in events if e.visible_to(viewer)]


@dataclass
class History:
    """The move log of a session for one viewer: one short line per move (who, and the move
    as the viewer may read it), each computed once. The narration of the move on show is
    part of the position (:meth:`Position.narration`), so the log stays small."""

    viewer: Viewer
    names: tuple[str, ...] = ()
    _cache: dict[int, tuple[Any, Any, Move, JSON]] = field(default_factory=dict)

    def entries(self, session: Session) -> list[JSON]:
        out = []
        for i, move in enumerate(session.moves):
            before, after = session.states[i], session.states[i + 1]
            hit = self._cache.get(i)
            if hit is None or hit[0] is not before or hit[1] is not after or hit[2] is not move:
                hit = self._cache[i] = (before, after, move, self.entry(session.game, before, after, move))
            out.append(hit[3])
        for stale in [i for i in self._cache if i >= len(session.moves)]:
            del self._cache[stale]
        return out

    def entry(self, game: Game, before: Any, after: Any, move: Move) -> JSON:
        mover = game.to_move(before)
        names = self.names or game.player_names
        return {"player": names[mover] if mover is not None else "",
                "move": seen_move_text(game, move, before, after, self.viewer)}


def report(game: Game, step: Any, viewer: Viewer, mover: str) -> str:
    """The message after a move: who played it, the move as ``viewer`` may read it (as in
    the log), and the events ``viewer`` may read (as in the narration)."""
    told = " ".join(e["text"] for e in narrate(step.events, viewer))
    move = seen_move_text(game, step.move, step.before, step.after, viewer)
    return f"{mover}: {move}." + (f" {told}" if told else "")


# --- hints ------------------------------------------------------------------------------------

def ranking(hint: Hint) -> JSON:
    """A :class:`cardlab.bots.Hint` as the browser shows it: every move, best first, with its
    value and the half-width of its 95% interval (None with too few playouts to say)."""
    def row(value: Any) -> JSON:
        margin = 1.96 * value.stderr
        return {**move_json(value.move), "mean": round(value.mean, 3),
                "margin": round(margin, 3) if math.isfinite(margin) else None, "playouts": value.playouts}
    return {"unit": hint.unit, "playouts": hint.playouts,
            "reason": pretty(hint.reason), "moves": [row(m) for m in hint.moves]}
