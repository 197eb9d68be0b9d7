"""Noninterference: what a player's widgets show depends only on what that player may see.

For pairs of sessions that look the same to a player (the same view at every position, the same
narration readable by them) but hold other hidden cards, a player's widgets (``Table``, their
``Hand``, another player's ``Hand`` as they see it, ``Tableau``, ``ScoreBreakdown``,
``Stepper``) must sync exactly the same traits and the same static picture, and give exactly the
same answer to every message the browser could send: forged, malformed, unknown or out of turn,
moves and explanations naming any card of the deck (hidden ones included), looking back and
forth, a hint. A widget that read a hidden card anywhere (a refusal worked out on the full state,
a hint computed from the full state, a log line naming a card) would tell the twins apart.

The pairs, over every game configuration (Toy Tricks included):

- *sampled twins*: a position reached in a random game, and a state drawn by
  ``cardlab.bots.sample_state`` from the player's view of it (other hidden cards, another seed),
  each opened as a session of its own, in every phase of the game;
- *played twins*: a random game's first moves from a deal, and the same game with two cards the
  player never sees exchanged, in the deal and in the other players' moves that name them (a
  face-down Commission, a card traded or laid as a secret), where the rules allow it and every
  position and readable narration looks the same to the player; the player's widgets then hold
  a history, which they also look back on.

A legal move of the player is not sent (the rules may show the player new cards, which differ
between the twins), nor the choice of a computer opponent (the computer would then move, and
what it plays depends on its own cards, as a person's moves do). Deals use seeds that cannot be
guessed, except the played twins', which share their seed (so a table's notice that the deal
can be guessed, which says nothing of the cards, is the same on both).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

import cardlab
from cardlab.bots import evaluate_moves, sample_state
from cardlab.cards import Card
from cardlab.engine import move_cards, replace_cards, swap_cards
from cardlab.games import configurations
from cardlab.widgets import Hand, ScoreBreakdown, Stepper, Table, Tableau, components
from cardlab.widgets.viewmodel import History, _variants

CONFIGS = list(configurations())
#: Sampled twins per configuration (spread over the phases) and played twins per configuration.
SAMPLED_TWINS, PLAYED_TWINS = 8, 4
#: Seeds of the sampled twins' games: above 2**48, so no table warns that they can be guessed.
UNGUESSABLE = 1 << 60


def _id(config: tuple[str, dict]) -> str:
    name, options = config
    return name + "".join(f"-{k}={v}" for k, v in options.items())


# --- the twins ------------------------------------------------------------------------------


def sampled_twins(game: cardlab.Game, rng: random.Random, count: int) -> Iterator[tuple[Any, Any, int]]:
    """(state, twin, player): positions of random games, a few per phase, and a state drawn from
    the player's view of each (for the player to move and for another player, in turn)."""
    per_phase = max(1, count // len(game.phases))
    taken = {phase: 0 for phase in game.phases}
    found = 0
    for seed in range(UNGUESSABLE, UNGUESSABLE + 40):
        state = game.deal(seed=seed)
        while found < count:
            phase = game.phase(state)
            if taken[phase] < per_phase or (all(n >= per_phase for n in taken.values()) and rng.random() < 0.1):
                mover = game.to_move(state)
                player = mover if mover is not None and found % 2 == 0 else (found + seed) % game.players
                twin = sample_state(game, game.view(state, player), player, rng)
                if twin != state:
                    taken[phase] += 1
                    found += 1
                    yield state, twin, player
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
        if found >= count:
            return


def played_twins(
    game: cardlab.Game, rng: random.Random, count: int
) -> Iterator[tuple[cardlab.Session, cardlab.Session, int]]:
    """(session, twin, player): a random game's first moves from a deal, and the same game with
    two cards the player never sees in it exchanged, in the deal and in the moves that name them
    (another player's face-down card, say), where the rules allow it and every position and
    every narration the player may read looks the same to them."""
    found = 0
    for seed in range(1, 300):
        if found >= count:
            return
        start = game.deal(seed=seed)
        session = cardlab.Session(game, start)
        for _ in range(rng.randrange(3, 30)):
            if game.is_over(session.state):
                break
            session.play(rng.choice(session.legal_moves()))
        player = seed % game.players
        never_seen = sorted({c for c in game.deck() if all(not _seen(game, s, player, c) for s in session.states)})
        rng.shuffle(never_seen)
        # pairs named by the moves first: there the move log and the narration are put to the test
        named = {c for m in session.moves for c in move_cards(m)}
        pairs = sorted(zip(never_seen[::2], never_seen[1::2]), key=lambda ab: -len(named & set(ab)))
        for a, b in pairs[:6]:
            moves = [_exchanged(m, a, b) for m in session.moves]
            twin = _replayed(game, swap_cards(game, start, a, b), moves)
            if twin is not None and _looks_the_same(game, session, twin, player):
                found += 1
                yield session, twin, player
                break


def _exchanged(value: Any, a: Card, b: Card) -> Any:
    """A move (or a part of one) with the cards ``a`` and ``b`` exchanged."""
    return replace_cards(value, lambda c: b if c == a else a if c == b else c)


def _seen(game: cardlab.Game, state: Any, player: int, card: Card) -> bool:
    return any(card in z.cards for z in game.zones(state) if z.visible_to(player))


def _replayed(game: cardlab.Game, start: Any, moves: list) -> cardlab.Session | None:
    try:
        game.validate(start)
        twin = cardlab.Session(game, start)
        for move in moves:
            twin.play(move)
    except ValueError:  # the exchange broke a rule, or a move no longer fits
        return None
    return twin


def _looks_the_same(game: cardlab.Game, one: cardlab.Session, other: cardlab.Session, player: int) -> bool:
    views = all(game.view(s, player) == game.view(t, player) for s, t in zip(one.states, other.states))
    told = all(
        [e.text for e in x if e.visible_to(player)] == [e.text for e in y if e.visible_to(player)]
        for x, y in zip(one.events, other.events)
    )
    return views and told and one.states != other.states


# --- a player's widgets, and what they send to the browser -------------------------------------


def player_widgets(session: cardlab.Session, player: int) -> list[Any]:
    game = session.game
    other = (player + 1) % game.players
    return [
        Table(session, viewer=player, hint=True),
        Hand(session, player),
        Hand(session, other, viewer=player),
        Tableau(session, viewer=player),
        ScoreBreakdown(session, viewer=player),
        Stepper(session, viewer=player),
    ]


_BASE_TRAITS = set(widgets.DOMWidget.class_trait_names(sync=True))


def synced(widget: Any) -> dict[str, Any]:
    """Every trait the widget syncs to the browser beyond the DOM widget's own, its static
    picture (sent with its display output) and its repr."""
    traits = {k: getattr(widget, k) for k in widget.keys if k not in _BASE_TRAITS and k[0] != "_"}
    return {**traits, "picture": widget.picture_html(), "repr": repr(widget)}


def messages(game: cardlab.Game, state: Any, player: int, rng: random.Random) -> list[Any]:
    """What a browser could send a player's widget: forged, malformed or out of place messages,
    the looks back and forth, a hint, and moves and explanations naming cards of the deck, hidden
    ones included (every move that is not legal for the player; a legal move would change the
    game, where the rules may show the player new cards). ``state`` is one of the twins: the
    messages are the same for both."""
    legal = set(game.legal_moves(state)) if game.to_move(state) == player else set()
    deck = sorted(set(game.deck()))
    zones = game.zones(state)
    hidden = sorted(
        {c for z in zones if not z.visible_to(player) for c in z.cards}
        - {c for z in zones if z.visible_to(player) for c in z.cards}
    )
    cards = rng.sample(hidden, min(12, len(hidden))) + rng.sample(deck, min(6, len(deck)))
    sent: list[Any] = [
        "not a dict",
        {"rev": 1},
        {"action": "cheat"},
        {"action": 7, "move": "pass"},
        {"action": "play", "move": 7},
        {"action": "play", "move": "fly away"},
        {"action": "play", "move": "pass"},
        {"action": "explain", "card": "??"},
        {"action": "explain", "card": "4X"},
        {"action": "explain", "card": {"code": "4H"}},
        {"action": "swap", "cards": [cards[0].code, cards[-1].code]},
        {"action": "edit_text", "text": state.to_text()},
        {"action": "line", "number": 1},
        {"action": "promote"},
        {"action": "to_mainline"},
        {"action": "opponent", "name": "cheat"},
        {"action": "opponent", "name": "people"},
        {"action": "goto", "index": 0},
        {"action": "goto", "index": -1},
        {"action": "goto", "index": 99},
        {"action": "follow"},
        {"action": "goto", "index": "1"},
        {"action": "goto", "index": 1},
        {"action": "follow"},
        {"action": "hint"},
        {"action": "play", "move": "pass", "rev": 0},
        {"action": "play", "move": "x" * 30_000},
    ]
    for card in cards:
        sent.append({"action": "explain", "card": card.code})
    moves = sorted(game.legal_moves(state), key=str)  # the mover's moves in the full state: the same text for both
    for move in rng.sample(moves, min(3, len(moves))):
        for card in cards:
            sent.extend({"action": "play", "move": str(variant)} for variant in _variants(move, card))
    return [
        m for m in sent if not (isinstance(m, dict) and m.get("action") == "play" and _legal(game, m["move"], legal))
    ]


def _legal(game: cardlab.Game, text: Any, legal: set) -> bool:
    try:
        return game.parse_move(text) in legal
    except (TypeError, ValueError):
        return False


def answer(widget: Any, content: Any) -> dict[str, Any]:
    """Send ``content`` as the browser does (with the widget's revision, unless it brings its
    own or is no dict); return everything the widget syncs afterwards."""
    if isinstance(content, dict) and "rev" not in content:
        content = {**content, "rev": widget.view["rev"]}
    widget._handle_custom_msg(content, [])
    return synced(widget)


def assert_same_to_the_player(one: cardlab.Session, other: cardlab.Session, player: int, rng: random.Random) -> int:
    """The player's widgets on the two sessions sync the same, and answer every message alike;
    neither session changes. Returns the number of messages compared."""
    game = one.game
    before = [(s.states, s.index) for s in (one, other)]
    pairs = list(zip(player_widgets(one, player), player_widgets(other, player)))
    sent = messages(game, one.state, player, rng)
    for a, b in pairs:
        assert synced(a) == synced(b), f"{type(a).__name__} syncs differently on the twins"
        for content in sent:
            assert answer(a, content) == answer(b, content), f"{type(a).__name__} answers {content!r} differently"
    for a, b in pairs:
        a.close()
        b.close()
    assert [(s.states, s.index) for s in (one, other)] == before
    return len(sent) * len(pairs)


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """The table's search hint (``hint=True``), with few playouts: the same code, fast."""
    monkeypatch.setattr(components, "HINT_PLAYOUTS", 6)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_a_players_widgets_depend_only_on_their_view(config):
    name, options = config
    game = cardlab.game(name, **options)
    rng = random.Random(11)
    sampled = compared = 0
    for state, twin, player in sampled_twins(game, rng, SAMPLED_TWINS):
        assert game.view(state, player) == game.view(twin, player)
        compared += assert_same_to_the_player(cardlab.Session(game, state), cardlab.Session(game, twin), player, rng)
        sampled += 1
    played = 0
    for session, twin, player in played_twins(game, rng, PLAYED_TWINS):
        compared += assert_same_to_the_player(session, twin, player, rng)
        played += 1
    assert sampled == SAMPLED_TWINS and played == PLAYED_TWINS, (sampled, played)
    assert compared > 1000


@pytest.mark.parametrize("name", ["card-commons", "contest"])
def test_the_comparison_catches_a_hint_worked_out_on_the_full_state(name, monkeypatch):
    """The check is not blind: a table whose hint plays out the full state (the search's
    playouts see the hidden cards as they are), as a careless widget might do, answers the
    twins differently."""
    game = cardlab.game(name)
    rng = random.Random(3)

    def hint_from_the_full_state(self, content):  # what _act_hint must never do
        pos = self.position()
        self._require_turn(pos)
        ranked = evaluate_moves(pos.game, pos.state, playouts=30, seed=0)
        self._say(f"Hint: {ranked[0].move}", "hint", ranking={"means": [m.mean for m in ranked]})

    monkeypatch.setattr(Table, "_act_hint", hint_from_the_full_state)
    caught = tried = 0
    for state, twin, player in sampled_twins(game, rng, 12):
        if game.to_move(state) != player or len(game.legal_moves(state)) < 2:
            continue
        tried += 1
        try:
            assert_same_to_the_player(cardlab.Session(game, state), cardlab.Session(game, twin), player, rng)
        except AssertionError as err:
            assert "answers {'action': 'hint'} differently" in str(err)
            caught += 1
    assert caught >= 3 and caught >= tried - 1, (caught, tried)  # a twin may differ in its seed only


@pytest.mark.parametrize("name, options", [("card-commons", {}), ("commerce", {"players": 7}), ("contest", {})])
def test_the_comparison_catches_a_move_log_that_names_a_hidden_card(name, options, monkeypatch):
    """... and a move log that writes every move as it was played (another player's face-down
    Commission, trade or secret cards by name) shows on the played twins whose moves name the
    cards exchanged."""
    game = cardlab.game(name, **options)
    rng = random.Random(11)
    monkeypatch.setattr(History, "entry", lambda self, game, step: {"player": "", "move": str(step.move)})
    caught = 0
    for session, twin, player in played_twins(game, rng, 4):
        if session.moves == twin.moves:
            continue
        with pytest.raises(AssertionError, match="syncs differently"):
            assert_same_to_the_player(session, twin, player, rng)
        caught += 1
    assert caught >= 1
