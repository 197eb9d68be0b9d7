"""View-models: the small JSON documents the widgets send to the browser.

Everything here uses the game protocol only (``view``, ``zones``, ``legal_moves``,
``score``, ``to_text``, the session's lines), so every game works with the same
components. For a player, every part is computed from ``game.view(state, player)``: no card
hidden from them reaches the browser, and the move log names such cards "a hidden card".

This module does not import anywidget, so the view-models can be tested without Jupyter.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from ..bots import Hint
from ..bots.hint import SET_ASIDE
from ..cards import CARD_TOKEN as _CARD_TOKEN  # noqa: F401 - read by the tests of card tokens
from ..cards import HIDDEN, SUITS, Card, pretty
from ..engine import (
    Breakdown,
    Continuation,
    Event,
    Explanation,
    Game,
    Move,
    Round,
    ScoreItem,
    Step,
    Zone,
    cards_seen_in,
    move_cards,
    move_variants,
    replace_cards,
)
from ..engine.words import sentence
from ..session import Session
from . import layouts

Viewer = int | None
JSON = dict[str, Any]

#: How a card the viewer may not see is named in the move log and in messages.
HIDDEN_WORDS = "a hidden card"


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


def only_carrying_on(legal: Sequence[Move]) -> bool:
    """Whether all there is to do is carry the game on (:class:`cardlab.engine.Continuation`s,
    such as "next round" once a round is scored)."""
    return bool(legal) and all(isinstance(m, Continuation) for m in legal)


def move_json(game: Game, move: Move) -> JSON:
    """A move as the browser sees it: its notation (sent back to play it), its label in the
    game's words (:meth:`cardlab.engine.Game.move_words`) and its cards (shared between updates:
    never modify it)."""
    return _move_json(game, move)


@lru_cache(maxsize=4096)  # the same legal moves come back on many updates
def _move_json(game: Game, move: Move) -> JSON:
    return {"move": str(move), "text": game.move_words(None, move), "cards": codes(move_cards(move))}


def _variants(move: Move, card: Card) -> Iterable[Move]:
    """``move`` with one of its cards replaced by ``card``: the moves a click on ``card`` might mean."""
    return move_variants(move, card)


#: The most words of a card's short answer; the rest is under "Why?" and "What else?".
ANSWER_WORDS = 25


def short_answer(text: str, limit: int = ANSWER_WORDS) -> str:
    """The first sentence of ``text``, cut at its first colon or semicolon (then comma) while
    it runs over ``limit`` words."""
    match = re.match(r"(.+?[.!?])(?=\s|$)", text.strip())
    sentence = match.group(1) if match else text.strip()
    for stop in (":", ";", ","):
        if len(sentence.split()) <= limit or stop not in sentence:
            break
        sentence = sentence.split(stop, 1)[0].rstrip() + "."
    words = sentence.split()
    return sentence if len(words) <= limit else " ".join(words[:limit]).rstrip(",;:") + "…"


def explanation_json(game: Game, explanation: Explanation, paused: str = "") -> JSON:
    """A card's :class:`cardlab.engine.Explanation` as the browser shows it: a short answer
    (one sentence of at most :data:`ANSWER_WORDS` words: why the card can't be played now, or
    what it is for), then the lines with their rule ids under "Why?" and "What else?" (what
    can be done instead), the places the card cannot go (for its move menu), and where it
    lies. ``paused`` (why the viewer may not move at this position) comes first when given."""
    lines = [{"text": pretty(line.text), "rule": line.rule} for line in explanation.lines]
    if paused:
        lines.insert(0, {"text": paused, "rule": ""})
    # why it can't be played now, or (a card with moves, a face-down card) what it is for
    key = 1 if len(lines) > 1 and not paused and not explanation.moves and not explanation.card.is_hidden else 0
    return {
        "text": short_answer(lines[key]["text"]) if lines else "",
        "rule": lines[key]["rule"] if lines else "",
        "why": lines[:2],
        "else": lines[2:],
        "lines": lines,
        "card": explanation.card.code,
        "zone": explanation.zone,
        "refused": [
            {"move": str(r.move), "text": game.move_words(None, r.move), "reason": pretty(r.text), "rule": r.rule}
            for r in explanation.refused
        ],
    }


@lru_cache(maxsize=4096)  # a long game's score repeats its earlier lines on every update
def item_json(item: ScoreItem) -> JSON:
    """One line of a score as the browser sees it (shared between updates: never modify it)."""
    return {
        "player": item.player,
        "points": item.points,
        "reason": pretty(item.reason),
        "rule": item.rule,
        "cards": codes(item.cards),
    }


# --- one position, seen by one viewer -----------------------------------------------------------


@dataclass
class Position:
    """The position a widget shows, as ``viewer`` sees it (None: the teacher sees everything).

    That is the session's position on show, or for a player who steps back on their own
    table, ``look``: another ply of the session's line on show, seen on that table only.
    ``names`` are the players' names as the table shows them (default: the game's letters).

    A player moves only in the game itself: at the main line's last position, not looking
    back (:attr:`live`). Playing from an earlier position is the teacher's: tried on a
    player's table, it would show how the hidden cards answer each try.

    ``showdown``: a settled round (:meth:`cardlab.engine.Game.rounds`) the player's table
    stops on until the player goes on: nobody moves meanwhile.

    ``spectator``: the viewer (None) sees every card but never moves, and looks back on its
    own table (``look``), as a player does.
    """

    session: Session
    viewer: Viewer
    names: tuple[str, ...] = ()
    look: int | None = None
    showdown: Round | None = None
    spectator: bool = False
    game: Game = field(init=False)
    state: Any = field(init=False)
    index: int = field(init=False)
    live: bool = field(init=False)

    def __post_init__(self) -> None:
        session = self.session
        self.game = session.game
        self.index = session.index if self.look is None else self.look
        self.state = session.line_states[self.index]
        self.names = self.names or self.game.player_names
        controls = self.viewer is None and not self.spectator
        self.live = controls or (self.look is None and session.at_end)

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
        """Whether this viewer may move now: the teacher moves for whoever is to act, anywhere;
        a player on their own turn, at the game's latest position (:attr:`live`)."""
        return (
            not self.over
            and self.showdown is None
            and not self.spectator
            and (self.viewer is None or (self.live and self.viewer == self.to_move))
        )

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
        return only_carrying_on(self.legal if self.can_act else self.game.legal_moves(self.state))

    @property
    def deciding(self) -> int | None:
        """The player with a decision to make, whom the table marks "to move": the player to
        move, but nobody when the game is over or the round is (:attr:`going_on`)."""
        return None if self.going_on or self.showdown is not None else self.to_move

    @cached_property
    def rounds(self) -> tuple[Round, ...]:
        """The rounds so far as the viewer may know them (``game.rounds`` of the view); none
        while the score is not known (:attr:`breakdown` None)."""
        return self.game.rounds(self.seen) if self.breakdown is not None else ()

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
        return {
            "game": self.game.name,
            "title": self.game.title or self.game.name,
            "players": list(self.names),
            "viewer": self.viewer,
            "viewer_text": (
                "Watching: every card face up"
                if self.spectator
                else "Teacher's view: every card face up"
                if self.viewer is None
                else f"You play {self.name(self.viewer)}"
            ),
            "status": self.status(),
            "to_move": self.to_move,
            "over": self.over,
            "going_on": self.going_on,
            "can_act": self.can_act,
            "waiting": self.waiting(),
            "step": self.index,
            "steps": len(self.session.line_moves),
            "line": self.line_banner(),
            "last": self.last_cards(),
        }

    def last_cards(self) -> list[str]:
        """The codes of the cards of the move that led to the position on show, as far as the
        viewer saw them (the table marks them)."""
        if not self.index:
            return []
        step = self.session.line_step(self.index)
        seen = None if self.viewer is None else cards_seen_in(self.game, step, self.viewer)
        return [c.code for c in move_cards(step.move) if seen is None or seen[c]]

    def status(self) -> str:
        if self.showdown is not None:
            return f"{self.showdown.title}: showdown"
        if self.going_on:
            return "Round over"
        if not self.over:
            return f"{self.name(self.to_move)} to move"  # type: ignore[arg-type]
        outcome = self.breakdown.outcome(self.names) if self.breakdown else ""
        return f"Game over: {outcome}" if outcome else "Game over"

    def waiting(self) -> str:
        if self.showdown is not None:
            return f"{self.showdown.title} is over: press “Continue” to go on."
        if not self.live:  # the banner (line_banner) says where the table is
            return "Moves are made at the game's latest position."
        if self.over:
            return "The game is over."
        if self.can_act:
            return ""
        who = self.name(self.to_move)  # type: ignore[arg-type]
        return f"Round over: waiting for {who} to go on." if self.going_on else f"Waiting for {who} to move."

    def paused(self) -> str:
        """Why a player may not move at this position (empty if they may, on their turn)."""
        if self.live:
            return ""
        if self.look is not None:
            return (
                f"You are looking at {position_text(self.index)}, on your table only: moves are made at the game's "
                "latest position. Press “Back to the game” to play."
            )
        return (
            f"The teacher is showing {position_text(self.index)}: you can move again when the table is back at the "
            "game's latest position. Only the teacher plays from another position, since trying moves there "
            "would show how hidden cards answer them."
        )

    def line_banner(self) -> JSON | None:
        """What the table says about the line it shows, with the buttons that leave it: the
        teacher exploring a variation; a player looking back, or shown another position."""
        session = self.session
        differs = session.differs_at
        if self.look is not None:
            return {
                "kind": "look",
                "differs_at": differs,
                "text": f"You are looking at {position_text(self.index)}, on your table only.",
                "actions": [{"action": "follow", "text": "Back to the game"}],
            }
        if self.viewer is None:
            edited = session.edited_moves
            if differs is None and edited and not session.moves:  # an edit replaced a game: it can come back
                return {
                    "kind": "edited",
                    "differs_at": None,
                    "text": f"Edited: the game starts from this position. The game before the edit, with its "
                    f"{edited} move{'' if edited == 1 else 's'}, is kept.",
                    "actions": [{"action": "undo_edit", "text": "Undo the edit"}],
                }
            if differs is None:
                return None
            return {
                "kind": "variation",
                "differs_at": differs,
                "text": f"Exploring a variation: move {differs} differs from the main line.",
                "actions": [
                    {"action": "to_mainline", "text": "Back to the main line"},
                    {"action": "promote", "text": "Keep this line"},
                ],
            }
        if session.at_end:
            return None
        where = "the start" if self.index == 0 else f"after move {self.index} of {len(session.moves)}"
        shown = (
            f"a variation (move {differs} differs from the game)"
            if differs is not None
            else f"an earlier position ({where})"
        )
        return {
            "kind": "shown",
            "differs_at": differs,
            "text": f"The teacher is showing {shown}. You can move again when the game is back at its latest position.",
            "actions": [],
        }

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
        named = tuple((pile["title"], owners.get(pile["zone"]), groups) for pile, groups in piles)
        for (pile, _groups), label in zip(piles, unique_labels(named, self.names)):
            pile["label"] = label
        return tree

    def moves(self) -> list[JSON]:
        return [move_json(self.game, m) for m in self.legal]

    def breakdown_json(self) -> JSON:
        bd = self.breakdown
        if bd is None:
            return {"unavailable": "The score cannot be worked out from what you can see yet."}
        return {
            "title": bd.title,
            "players": list(self.names),
            "final": bd.final,
            "totals": list(bd.totals),
            "winners": list(bd.winners),
            "notes": list(bd.notes),
            "items": [item_json(i) for i in bd.items],
            "rounds": self.score_rows(),
        }

    def rounds_json(self) -> list[JSON]:
        """The score one row per round (empty for a game scored as one whole): see :func:`round_json`,
        with each player's running ``totals``, and where the round's lines are in the score's
        ``items``: ``lines`` [first, end)."""
        totals, first, rows = [0] * self.game.players, 0, []
        for rd in self.rounds:
            row = round_json(rd, self.game.players)
            totals = [t + c for t, c in zip(totals, row["changes"])]
            rows.append({**row, "totals": totals, "lines": [first, first + len(rd.items)]})
            first += len(rd.items)
        return rows

    def score_rows(self) -> list[JSON]:
        """The score's rows, one per round (:meth:`rounds_json`); none for a game that was one
        round (its lines are the score)."""
        rows = self.rounds_json()
        return [] if len(rows) == 1 and rows[0]["settled"] and self.over else rows

    def showdown_json(self) -> JSON | None:
        """The settled round the table stops on (:attr:`showdown`), with what the player should know
        of it: that it ended before their turn came (:func:`before_your_turn`), and what comes next."""
        held = self.showdown
        if held is None:
            return None
        rows = self.rounds_json()
        row = next(r for r in rows if r["number"] == held.number)
        later = [r for r in rows if r["number"] > held.number]
        return {
            **row,
            "items": [item_json(i) for i in held.items],
            "on_table": self.game.round_end_on_table,
            "note": before_your_turn(held, self.viewer, self.names),
            "next": self._after_showdown(held, later),
        }

    def _after_showdown(self, held: Round, later: Sequence[JSON]) -> str:
        """What comes after the showdown of ``held``: the next round by its title (already in play,
        or dealt by the move that carries the game on), or the game's end. Only the next round's
        title is read from the move that carries the game on, never its cards."""
        if later:
            return f"Next: {later[0]['title']}."
        if self.over:
            return "That was the last one: the game is over."
        going_on = [m for m in self.game.legal_moves(self.state) if isinstance(m, Continuation)]
        if going_on:
            after = self.game.play(self.state, going_on[0])
            coming = [r for r in self.game.rounds(self.game.view(after, self.viewer)) if r.number > held.number]
            if coming:
                return f"Next: {coming[0].title}."
        return "Next: the next round."

    def editor(self) -> JSON:
        """The teacher's editing aids: the text form and the deck (where each card lies is on
        the table, which the browser reads)."""
        if self.viewer is not None:
            raise ValueError("the state editor shows every card: only the teacher's view (viewer=None) has it")
        moves = len(self.session.moves)
        note = (
            (
                f"A change starts the game again from the position on show; the game as it is, with its {moves} "
                f"move{'' if moves == 1 else 's'}, is kept, and “Undo the edit” brings it back."
            )
            if moves
            else ""
        )
        return {"text": self.game.to_text(self.state), "deck": deck_codes(self.game), "note": note}

    def narration(self) -> list[JSON]:
        """What happened in the move that led to the state on show, as the viewer may read it."""
        return narrate(self.session.line_step(self.index).events, self.viewer) if self.index else []


def round_json(rd: Round, players: int) -> JSON:
    """One round as the browser sees it: its title, how it ended and who ended it, each player's
    change, and (settled) the hands revealed, best first, and the verdict."""

    def event(e: Event | None) -> JSON | None:
        return None if e is None else {"text": pretty(e.text), "rule": e.rule, "player": e.player}

    return {
        "number": rd.number,
        "title": rd.title,
        "settled": rd.settled,
        "changes": list(rd.changes(players)),
        "ended": event(rd.ended),
        "how": pretty(rd.how),
        "verdict": event(rd.verdict),
        "hands": [{"player": h.player, "cards": codes(h.cards), "ranking": pretty(h.ranking)} for h in rd.hands],
    }


def before_your_turn(rd: Round, viewer: Viewer, names: Sequence[str]) -> str:
    """What a player who made no move in a settled round should be told: who ended it before
    their turn came, how (its rule is the ended event's, under Details), and what that player's revealed hand was worth
    (empty for the teacher, or when the player moved, or ended the round)."""
    ended = rd.ended
    if viewer is None or ended is None or ended.player is None or viewer in rd.movers or ended.player == viewer:
        return ""
    who, title = names[ended.player], f"{rd.title[:1].lower()}{rd.title[1:]}"
    text = (
        f"{pretty(rd.how) if rd.how else f'{who} ended {title}'} before your turn came, so you had no move in {title}."
    )
    shown = [h for h in rd.hands if h.player == ended.player]
    if shown:
        best = rd.hands[0].player == ended.player
        text += f" {who} held {' '.join(map(str, shown[0].cards))}, {pretty(shown[0].ranking)}: " + (
            "the best hand at the table."
            if best
            else "your hand was better."
            if rd.hands[0].player == viewer
            else f"{names[rd.hands[0].player]}'s hand was better."
        )
    return text


def position_text(index: int) -> str:
    """A ply in words: "the start", "the position after move 5"."""
    return "the start" if index == 0 else f"the position after move {index}"


def _piles(node: JSON, groups: tuple[str, ...]) -> Iterable[tuple[JSON, tuple[str, ...]]]:
    """Every pile of a layout tree, with the titles of the groups around it (outermost first)."""
    if node["kind"] == "pile":
        yield node, groups
        return
    inner = groups + ((node["title"],) if node.get("title") else ())
    for item in node["items"]:
        yield from _piles(item, inner)


@lru_cache(maxsize=1024)  # a table's piles keep their titles from move to move
def unique_labels(
    piles: tuple[tuple[str, int | None, tuple[str, ...]], ...], names: tuple[str, ...]
) -> tuple[str, ...]:
    """A name for each pile that no other pile has, from its ``(title, owner, groups)`` (the
    titles of the groups around it, outermost first): its title, said as its owner's ("A's
    hand") when the title does not name them, then, while two piles share a name, with the
    titles of the groups around it in front ("Battle 2: A ♥ hearts"), and a number at last."""

    def owned(title: str, owner: int | None) -> str:
        if owner is None or re.search(rf"(?<!\w){re.escape(names[owner])}(?!\w)", title):
            return title
        return f"{names[owner]}'s {title[:1].lower()}{title[1:]}"

    labels = [owned(title, owner) for title, owner, _ in piles]
    depth = 0
    while len(set(labels)) < len(labels) and depth < max((len(g) for _, _, g in piles), default=0):
        depth += 1
        counts = Counter(labels)
        labels = [
            f"{groups[-depth]}: {label}" if counts[label] > 1 and len(groups) >= depth else label
            for label, (_, _, groups) in zip(labels, piles)
        ]
    seen: Counter[str] = Counter()
    unique = []
    for label in labels:
        seen[label] += 1
        unique.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return tuple(unique)


# --- the move log ---------------------------------------------------------------------------

#: A run of hidden cards in a move's words: "??", or "?? ?? ?? ??" (a secret arrangement).
_HIDDEN_SAID = re.compile(rf"{re.escape(str(HIDDEN))}(?: {re.escape(str(HIDDEN))})*")


def seen_move_words(game: Game, step: Step, viewer: Viewer) -> str:
    """The move of ``step`` in the game's words as ``viewer`` may read it: each card they did
    not see around the move (:func:`cardlab.engine.cards_seen_in`) is "a hidden card", and
    several in a row are counted ("lay out the secret cards as 4 hidden cards")."""
    if viewer is not None:
        seen = cards_seen_in(game, step, viewer)
        if not all(seen[c] for c in move_cards(step.move)):
            masked = replace_cards(step.move, lambda c: c if seen[c] else HIDDEN)
            said = game.move_words(step.before, masked).replace(f"the {HIDDEN}", str(HIDDEN))
            return _HIDDEN_SAID.sub(_hidden_cards, said)
    return game.move_words(step.before, step.move)


def _hidden_cards(run: re.Match[str]) -> str:
    count = run.group().count(str(HIDDEN))
    return HIDDEN_WORDS if count == 1 else f"{count} hidden cards"


def narrate(events: Sequence[Event], viewer: Viewer) -> list[JSON]:
    """A move's events that ``viewer`` may read (``Event.visible_to``), cards with suit symbols."""
    return [{"text": pretty(e.text), "rule": e.rule} for e in events if e.visible_to(viewer)]


@dataclass
class History:
    """The move log of a session's line on show, for one viewer: one short line per move
    (who, and the move as the viewer may read it), each computed once. The narration of the
    move on show is part of the position (:meth:`Position.narration`), so the log stays small.

    :meth:`document` is what a widget syncs: the entries, the number of the first move that
    differs from the main line (the log marks the moves of a variation), and for the teacher
    the list of lines to choose from."""

    viewer: Viewer
    names: tuple[str, ...] = ()
    _cache: dict[int, tuple[Any, Any, Move, JSON]] = field(default_factory=dict)

    def document(self, session: Session) -> JSON:
        return {
            "entries": self.entries(session),
            "differs_at": session.differs_at,
            "lines": self.lines(session) if self.viewer is None else [],
        }

    def entries(self, session: Session) -> list[JSON]:
        states, moves = session.line_states, session.line_moves
        out = []
        for i, move in enumerate(moves):
            before, after = states[i], states[i + 1]
            hit = self._cache.get(i)
            if hit is None or hit[0] is not before or hit[1] is not after or hit[2] is not move:
                # a new entry: the move's narration says which of its cards the viewer saw
                hit = self._cache[i] = (before, after, move, self.entry(session.game, session.line_step(i + 1)))
            out.append(hit[3])
        for stale in [i for i in self._cache if i >= len(moves)]:
            del self._cache[stale]
        return out

    def entry(self, game: Game, step: Step) -> JSON:
        """One line of the log: who played the move of ``step``, and the move as the viewer
        could read it when it was played (:func:`seen_move_words`)."""
        mover = game.to_move(step.before)
        names = self.names or game.player_names
        return {"player": names[mover] if mover is not None else "", "move": seen_move_words(game, step, self.viewer)}

    def lines(self, session: Session) -> list[JSON]:
        """Every line of the session, main line first (none when it has no variation): a
        variation by its first move of its own, with how many moves it has from there, and
        ``depth`` (1 for a variation of the main line, 2 for a variation of one, ...)."""
        lines = session.lines
        if len(lines) == 1:
            return []
        shown = session.line
        depth = [0] * len(lines)
        out = []
        for number, line in enumerate(lines):
            if line.parent is None:
                text = f"Main line: {_moves(len(line.moves))}"
            else:
                depth[number] = depth[line.parent] + 1
                k = line.differs_at - 1  # type: ignore[operator]
                first = self.entry(session.game, line.step(k + 1))
                text = f"{k + 1}. {first['player']}: {first['move']}" + (
                    f", then {_moves(len(line.moves) - k - 1)}" if len(line.moves) > k + 1 else ""
                )
            out.append({"number": number, "text": text, "depth": depth[number], "current": number == shown})
        return out


def _moves(count: int) -> str:
    return f"{count} move{'' if count == 1 else 's'}"


def refusal(game: Game, state: Any, move: Move, reason: str) -> str:
    """A move the rules refuse, as a player's table says it: the move in the game's words and
    the engine's reason, without notation or rule id (the rule goes under Details)."""
    return f"You can't {game.move_words(state, move)}. {sentence(pretty(reason))}"


def report(game: Game, step: Step, viewer: Viewer, mover: str) -> str:
    """The message after a move, one short line: who played it and the move in the game's
    words as ``viewer`` may read it (as in the log). What the move did is the narration's."""
    return f"{mover}: {seen_move_words(game, step, viewer)}."


# --- hints ------------------------------------------------------------------------------------


def ranking(game: Game, hint: Hint) -> JSON:
    """A :class:`cardlab.bots.Hint` as the browser shows it: its ranked view, every text worked
    out here (the unit, each move's average and likely range, the notes, why the best is best,
    the rule of thumb's comparison); ``shown`` marks the rows listed before "Show all"."""
    shown = {r.place for r in hint.shown}
    moves = [
        {
            **move_json(game, r.value.move),
            "place": r.place,
            "average": r.average,
            "likely": r.likely,
            "playouts": r.value.playouts,
            "note": r.note,
            "set_aside": r.set_aside,
            "shown": r.place in shown,
        }
        for r in hint.ranking
    ]
    return {
        "heading": hint.heading,
        "unit": str(hint.unit),
        "unit_name": hint.unit.name,
        "range_heading": hint.range_heading,
        "set_aside": SET_ASIDE,
        "playouts": hint.playouts,
        "summary": hint.summary,
        "reason": hint.reason,
        "figures": hint.reason_figures,
        "comparison": hint.comparison,
        "moves": moves,
        "complete": getattr(hint, "complete", True),
    }
