"""Why and why not: what a card can do where it lies, why it can or cannot be played now, and
what can be done instead (:class:`Explanation`). ``Game.explain_card`` and its hooks
(``card_role``, ``situation``, ``card_candidates``, ``zone_words``) answer with the functions
here; ``game`` is a :class:`~cardlab.engine.Game`, and a game refines the hooks."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import HIDDEN, Card, parse_card
from ..errors import IllegalMove, quoted
from .results import Move, move_cards
from .table import HAND, Zone
from .values import field_names
from .words import moves_words, sentence


class Reason(NamedTuple):
    """One sentence of an explanation, with the id of the rule it rests on."""

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


class Refusal(NamedTuple):
    """A move with a card that the rules refuse now (a place the card cannot go), and why."""

    move: Move
    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a card can do, and why it can't be played now, in a learner's words
    (:meth:`Game.explain_card`).

    ``card`` is the card as the asker sees it (``HIDDEN`` for a face-down one) and ``zone`` the
    name of the zone it lies in. ``lines`` are the sentences, each with its rule id: what the
    card is for where it lies, why it can or cannot be played now, and what can be done
    instead. ``moves`` are the asker's legal moves that use the card now; ``refused`` the moves
    with the card the rules refuse now, each with its reason: the places a move menu cannot
    send it to ("why not position 2?"). Nothing in it names a card hidden from the asker.
    """

    card: Card
    zone: str
    player: int | None
    lines: tuple[Reason, ...]
    moves: tuple[Move, ...] = ()
    refused: tuple[Refusal, ...] = ()

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the explanation cites, each once, in order."""
        return tuple(dict.fromkeys([r.rule for r in self.lines] + [r.rule for r in self.refused]))

    @property
    def text(self) -> str:
        """Every line, each followed by its rule id: "... [commons.defense] Now B must ... [commons.turn]"."""
        return " ".join(map(str, self.lines))

    def why_not(self, move: Move) -> Refusal | None:
        """Why ``move`` (a move with this card) is refused, or None if it is not one of :attr:`refused`."""
        return next((r for r in self.refused if r.move == move), None)

    def __str__(self) -> str:
        return self.text


def explain_card(game: Any, state: Any, card: Card | str, zone: str | None, player: int | None) -> Explanation:
    """``game.explain_card``: worked out from what ``player`` sees, with the game's hooks."""
    if isinstance(card, str):
        card = HIDDEN if card.strip() == HIDDEN.code else parse_card(card)
    asked = _asked(game, state, player)
    seen = asked.seen
    where = _card_zone(game, asked.zones, card, zone, player)
    if not where.visible_to(player):
        card = HIDDEN
    mover = asked.mover
    role = game.card_role(seen, card, where, player)
    lines = [role] if role is not None else []
    if mover is None:
        lines.append(Reason("The game is over: no card can be played any more.", f"{game.rules_prefix}.end"))
        return Explanation(card, where.name, player, tuple(lines))
    now = asked.now()
    name = game.player_names[mover]
    if player is not None and player != mover:
        lines.append(Reason(f"It is {name}'s turn, not {game.player_names[player]}'s. {now.text}", now.rule))
        return Explanation(card, where.name, player, tuple(lines))
    legal = asked.legal()
    if card.is_hidden:
        lines.append(now)
        return Explanation(card, where.name, player, tuple(lines))
    moves = asked.moves_with(card)
    refused = _refusals(game, seen, card, where, legal, asked.allowed())
    if moves:
        lines.append(Reason(f"{name} can use it now: {moves_words(asked.words(moves))}.", _turn_rule(game)))
        return Explanation(card, where.name, player, tuple(lines), moves, refused)
    reasons = list(dict.fromkeys(Reason(sentence(r.text), r.rule) for r in refused))[:2]
    lines += reasons or [Reason(f"No move of {name}'s uses the {card} now.", now.rule)]
    lines.append(Reason(f"{now.text} What {name} can do instead: {asked.instead()}.", now.rule))
    return Explanation(card, where.name, player, tuple(lines), (), refused)


class _Asked:
    """What every explanation of one state for one asker shares, worked out once (when first
    needed) for all the cards asked about: the asker's view and its zones, the player to move,
    the situation, the legal moves, which of them use each card, and the moves in words. A
    state and a game are immutable values, so all of it stays true; a table asks about card
    after card of one state, and the conformance test about the top card of every zone."""

    __slots__ = (
        "game",
        "state",
        "player",
        "seen",
        "zones",
        "mover",
        "_now",
        "_legal",
        "_by_card",
        "_said",
        "_allowed",
        "_instead",
    )

    def __init__(self, game: Any, state: Any, player: int | None) -> None:
        self.game, self.state, self.player = game, state, player
        self.seen = game.view(state, player)
        self.zones: list[Zone] = game.zones(self.seen)
        self.mover: int | None = game.to_move(self.seen)
        self._now: Reason | None = None
        self._legal: list[Move] | None = None
        self._by_card: dict[Card, tuple[Move, ...]] | None = None
        self._said: dict[Move, str] = {}
        self._allowed: set[Move] | None = None
        self._instead: str | None = None

    def now(self) -> Reason:
        if self._now is None:
            self._now = self.game.situation(self.seen)
        return self._now

    def legal(self) -> list[Move]:
        """The asker's legal moves: a list of its own for each explanation (a hook may keep it)."""
        if self._legal is None:
            self._legal = self.game.legal_moves(self.seen)
        return list(self._legal)

    def allowed(self) -> set[Move]:
        if self._allowed is None:
            self._allowed = set(self.legal())
        return self._allowed

    def moves_with(self, card: Card) -> tuple[Move, ...]:
        """The legal moves that use ``card``, in the order of the legal moves."""
        if self._by_card is None:
            found: dict[Card, list[Move]] = {}
            for move in self.legal():
                for c in dict.fromkeys(move_cards(move)):
                    found.setdefault(c, []).append(move)
            self._by_card = {c: tuple(ms) for c, ms in found.items()}
        return self._by_card.get(card, ())

    def words(self, moves: Iterable[Move]) -> list[str]:
        """``game.move_words`` of each move, from the asker's view."""
        said = self._said
        out = []
        for move in moves:
            text = said.get(move)
            if text is None:
                text = said[move] = self.game.move_words(self.seen, move)
            out.append(text)
        return out

    def instead(self) -> str:
        """Every legal move, in words: what the mover can do instead."""
        if self._instead is None:
            self._instead = moves_words(self.words(self.legal()))
        return self._instead


#: The latest asks of :func:`explain_card`, by the identity of the game and the state and by the
#: asker: a few, since a table asks of one state for one asker (and of that asker's view) at a time.
_RECENT: dict[tuple[int, int, int | None], _Asked] = {}
_RECENT_MOST = 8
_RECENT_LOCK = threading.Lock()


def _asked(game: Any, state: Any, player: int | None) -> _Asked:
    """The shared part of the explanations of ``state`` for ``player``: from the few kept, or
    worked out now (and kept, holding the game and the state, so their ids stay theirs)."""
    if player is not None and type(player) is not int:  # (a view refuses a seat that is no int)
        return _Asked(game, state, player)
    key = (id(game), id(state), player)
    asked = _RECENT.get(key)
    if asked is not None and asked.game is game and asked.state is state:
        return asked
    asked = _Asked(game, state, player)
    with _RECENT_LOCK:
        _RECENT[key] = asked
        while len(_RECENT) > _RECENT_MOST:
            del _RECENT[next(iter(_RECENT))]
    return asked


def card_role(game: Any, state: Any, card: Card, zone: Zone, player: int | None) -> Reason | None:
    """The default ``game.card_role``: where the card lies (face down: its place only)."""
    if card.is_hidden:
        who = "nobody" if player is None else game.player_names[player]
        return Reason(
            f"This card lies face down {game.zone_words(zone)}: {who} may not see it, so nothing here says what it is.",
            _turn_rule(game),
        )
    return Reason(f"The {card} lies {game.zone_words(zone)}.", _turn_rule(game))


def situation(game: Any, state: Any) -> Reason:
    """The default ``game.situation``: the player to move and the phase."""
    mover = game.to_move(state)
    if mover is None:
        return Reason("The game is over.", f"{game.rules_prefix}.end")
    phase = game.phase(state)
    during = "" if phase == "play" else f" ({phase})"
    return Reason(f"Now it is {game.player_names[mover]}'s turn{during}.", _turn_rule(game))


def card_candidates(state: Any, card: Card, zone: Zone, legal: Sequence[Move]) -> list[Move]:
    """The default ``game.card_candidates``: each legal move with ``card`` in place of one of its
    cards that lies in the same ``zone``."""
    here = set(zone.cards)
    found: dict[Move, None] = {}
    for move in legal:
        cards = move_cards(move)  # (cached)
        if here.isdisjoint(cards):  # most moves, at once
            continue
        if any(c in here and c != card for c in cards):
            for variant in move_variants(move, card, here.__contains__):
                found.setdefault(variant, None)
    return list(found)


def zone_words(game: Any, zone: Zone) -> str:
    """``game.zone_words``: where a zone is, in words ("in A's hand", "in the Pool, face up")."""
    if zone.owner is None:
        return f"in the {zone.title}"
    owner = game.player_names[zone.owner]
    return f"in {owner}'s hand" if zone.kind == HAND else f"in {owner}'s {zone.title}"


def move_variants(move: Move, card: Card, replaceable: Callable[[Card], bool] = lambda c: True) -> Iterable[Move]:
    """``move`` with one of its cards (one that ``replaceable`` accepts) replaced by ``card``:
    the moves a click on ``card`` might mean, given a legal move with another card."""
    kind: type = type(move)  # (a class is hashable, as the cache of field_names needs)
    for name in field_names(kind):
        value = getattr(move, name)
        try:
            if isinstance(value, Card) and value != card and replaceable(value):
                yield dataclasses.replace(move, **{name: card})  # type: ignore[type-var]
            elif isinstance(value, tuple) and not isinstance(value, Card):
                for i, v in enumerate(value):
                    if isinstance(v, Card) and v != card and replaceable(v):
                        changed = value[:i] + (card,) + value[i + 1 :]
                        yield dataclasses.replace(move, **{name: changed})  # type: ignore[type-var]
        except (TypeError, ValueError):  # a move class that refuses such a value
            continue


def _turn_rule(game: Any) -> str:
    """The rule an explanation cites for whose turn it is."""
    return game.turn_rule or f"{game.rules_prefix}.turn"


def _refusals(
    game: Any, state: Any, card: Card, zone: Zone, legal: Sequence[Move], allowed: set[Move]
) -> tuple[Refusal, ...]:
    """Every candidate move with ``card`` that the rules refuse, with the reason (``allowed``:
    the ``legal`` moves, as a set)."""
    out = []
    for move in game.card_candidates(state, card, zone, legal):
        if move in allowed:
            continue
        try:
            game.check(state, move)
        except IllegalMove as err:
            out.append(Refusal(move, err.reason, err.rule))
        except ValueError:  # a candidate the game cannot even read says nothing
            continue
    return tuple(out)


def _card_zone(game: Any, zones: list[Zone], card: Card, zone: str | None, player: int | None) -> Zone:
    """The zone of ``zones`` (those of the asker's view) that holds ``card``; a ValueError
    saying where the card is not, otherwise."""
    code = card.code
    named = [z for z in zones if z.name == zone] if zone is not None else zones
    if zone is not None and not named:
        raise ValueError(f"there is no zone {quoted(zone)}; the zones are: {', '.join(z.name for z in zones)}")
    for z in named:
        if any(c.code == code for c in z.cards):
            return z
    seer = "the table" if player is None else f"what {game.player_names[player]} sees"
    raise ValueError(f"{quoted(code)} is not a card {'of ' + quoted(zone) if zone else 'on the table'} in {seer}")
