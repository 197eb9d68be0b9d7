"""Property-based tests: whatever text or JSON a learner types, the answer is a valid object or
a ValueError that says what is wrong — never another exception, never a silently wrong state.
Sessions keep a consistent history, and lose nothing played, under any sequence of
play / undo / redo / goto / branch and of the variations' to_mainline / promote / show_line.

Profiles (tests/conftest.py): quick by default, thorough with CARDLAB_THOROUGH=1.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import cardlab
from cardlab import CardError, NotationError, Session, StateError, cards, parse_card
from cardlab.cards import JOKER, standard_deck
from cardlab.games import configurations

CARD_TEXT = st.text(alphabet="0123456789TJQKAXZCDHSjkqa♣♦♥♠ ,;?*\t-", max_size=30)
ALL_CARDS = list(standard_deck()) + [JOKER]

CONFIGURATIONS = list(configurations())
CONFIG_IDS = [n + "".join(f"-{k}={v}" for k, v in o.items()) for n, o in CONFIGURATIONS]


@cache
def game_of(index: int):
    name, options = CONFIGURATIONS[index]
    return cardlab.game(name, **options)


@cache
def sample_states(index: int, count: int = 40) -> tuple:
    """Reachable states of a configuration, from seeded random play."""
    game, rng, found = game_of(index), random.Random(index), []
    for seed in range(4):
        state = game.deal(seed=seed)
        while len(found) < count * (seed + 1) // 4:
            found.append(state)
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
    return tuple(found)


# --- cards ----------------------------------------------------------------------------------


@given(st.sampled_from(ALL_CARDS))
def test_every_card_round_trips_through_both_notations(card):
    assert parse_card(card.code) == card and parse_card(str(card)) == card


@given(CARD_TEXT)
def test_card_text_is_read_or_refused_with_a_card_error(text):
    try:
        hand = cards(text)
    except CardError as err:
        assert 0 <= err.start <= err.end <= len(text)
        assert repr(text[err.start : err.end]) in str(err) or not text.strip()
        return
    assert cards(hand.codes) == hand


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)), ids=CONFIG_IDS)
@given(data=st.data())
def test_move_text_is_read_or_refused_with_a_notation_error(index, data):
    game = game_of(index)
    state = data.draw(st.sampled_from(sample_states(index)))
    legal = game.legal_moves(state)
    if legal and data.draw(st.booleans()):
        text = mutate_text(str(data.draw(st.sampled_from(legal))), data)
    else:
        text = data.draw(st.text(max_size=30))
    try:
        move = game.parse_move(text)
    except NotationError:
        return
    assert game.parse_move(str(move)) == move
    try:
        game.check(state, move)
    except cardlab.IllegalMove as err:
        assert err.rule and err.reason
        assert move not in legal
    else:
        assert move in legal


def mutate_text(text: str, data) -> str:
    choice = data.draw(st.integers(0, 4))
    if choice == 0 or not text:
        return text
    i = data.draw(st.integers(0, len(text) - 1))
    if choice == 1:
        return text[:i] + text[i + 1 :]
    if choice == 2:
        return text[:i] + data.draw(st.sampled_from(list("0123456789TJQKACDHSx -♥>"))) + text[i:]
    if choice == 3:
        return text[:i]
    return text.upper() if data.draw(st.booleans()) else text.lower()


# --- states as text and JSON ---------------------------------------------------------------------


def mutate_lines(text: str, data) -> str:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.integers(0, 5))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            j = data.draw(st.integers(0, len(lines) - 1))
            key_i, _, val_i = lines[i].partition(":")
            key_j, _, val_j = lines[j].partition(":")
            lines[i], lines[j] = f"{key_i}:{val_j}", f"{key_j}:{val_i}"
        elif kind == 3:
            lines[i] = mutate_text(lines[i], data)
        elif kind == 4:
            card = data.draw(st.sampled_from(ALL_CARDS))
            lines[i] = lines[i] + " " + card.code
        else:
            lines[i] = data.draw(st.text(max_size=20))
    return "\n".join(lines)


@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)), ids=CONFIG_IDS)
@given(data=st.data())
def test_state_text_is_read_exactly_or_refused_clearly(index, data):
    game = game_of(index)
    state = data.draw(st.sampled_from(sample_states(index)))
    text = mutate_lines(state.to_text(), data)
    try:
        read = game.state_from_text(text)
    except StateError as err:
        assert str(err).strip() and err.reason
        return
    except ValueError as err:  # any other ValueError must still say something
        pytest.fail(f"state_from_text raised {type(err).__name__} instead of StateError: {err}")
    assert game.state_from_text(read.to_text()) == read  # accepted means valid and exact
    game.validate(read)


@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)), ids=CONFIG_IDS)
@given(data=st.data())
def test_state_json_is_read_exactly_or_refused_clearly(index, data):
    game = game_of(index)
    state = data.draw(st.sampled_from(sample_states(index)))
    value = json.loads(state.to_json())
    mutate_json(value, data)
    try:
        read = game.state_from_json(json.dumps(value))
    except StateError as err:
        assert err.reason
        return
    assert game.state_from_json(read.to_json()) == read
    game.validate(read)


def mutate_json(value, data) -> None:
    node = value
    path = [node]
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append((node, key))
        node = node[key]
    if len(path) == 1:
        value["state"] = data.draw(st.sampled_from([None, 3, "x", [], {}]))
        return
    parent, key = path[-1]
    parent[key] = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-3, 60),
            st.text(max_size=4),
            st.sampled_from([c.code for c in ALL_CARDS]),
            st.just([]),
            st.just({}),
        )
    )


# --- sessions ------------------------------------------------------------------------------------


class SessionMachine(RuleBasedStateMachine):
    """Drive a Session with play / undo / redo / goto / branch and the variations (to the main
    line, promote, show a line, save and load), and check that it stays consistent and that
    nothing played is ever lost."""

    config = 0

    def __init__(self) -> None:
        super().__init__()
        self.game = game_of(self.config)
        self.session = Session(self.game, self.game.deal(seed=self.config))
        self.calls = 0
        self.session.observe(self._observed)
        self.played: set[tuple] = set()  # every line played, as its moves: none may be lost

    def _observed(self, session) -> None:
        self.calls += 1

    def _expect_one_call(self, changed: bool, before: int) -> None:
        assert self.calls == before + (1 if changed else 0)

    @precondition(lambda self: not self.game.is_over(self.session.state))
    @rule(pick=st.integers(0, 10_000))
    def play(self, pick):
        s = self.session
        before_state, before_calls, before_index = s.state, self.calls, s.index
        before_line, before_main = s.line_moves, s.moves
        moves = s.legal_moves()
        move = moves[pick % len(moves)]
        step = s.play(move)
        assert step.before == before_state and s.state == step.after and s.index == before_index + 1
        assert s.line_moves[: s.index] == before_line[:before_index] + (move,)
        if before_line[before_index : before_index + 1] == (move,):
            assert s.line_moves == before_line  # the line's own next move: a step forward
        assert s.moves[: len(before_main)] == before_main  # playing never changes the main line's moves
        self._expect_one_call(True, before_calls)
        self.played.add(s.line_moves[: s.index])
        assert s.undo() and s.state == before_state  # undo restores exactly
        assert s.redo() and s.state == step.after

    @rule()
    def undo(self):
        before = self.calls
        self._expect_one_call(self.session.undo(), before)

    @rule()
    def redo(self):
        before = self.calls
        self._expect_one_call(self.session.redo(), before)

    @rule(to=st.integers(0, 10_000))
    def goto(self, to):
        before, line = self.calls, self.session.line_moves
        self._expect_one_call(self.session.goto(to % len(self.session.line_states)), before)
        assert self.session.line_moves == line

    @rule()
    def branch(self):
        s = self.session
        other = s.branch()
        assert other.state == s.state and other.moves == s.line_moves[: s.index] and other.at_end

    @rule()
    def to_mainline(self):
        s = self.session
        before, differs, index, main = self.calls, s.differs_at, s.index, s.moves
        changed = s.to_mainline()
        self._expect_one_call(changed, before)
        assert changed == (differs is not None) and s.differs_at is None and s.moves == main
        if changed:
            assert s.index == min(index, differs - 1)

    @rule()
    def promote(self):
        s = self.session
        before, line, index, count = self.calls, s.line_moves, s.index, len(s.lines)
        self._expect_one_call(s.promote(), before)
        assert s.moves == line and s.index == index and len(s.lines) == count

    @rule(pick=st.integers(0, 10_000))
    def show_line(self, pick):
        s = self.session
        number = pick % len(s.lines)
        before = self.calls
        self._expect_one_call(s.show_line(number), before)
        assert s.line == number and s.line_moves == s.lines[number].moves

    @rule()
    def save_and_load(self):
        s = self.session
        again = Session.from_json(s.to_json())
        assert again.lines == s.lines and (again.line, again.index) == (s.line, s.index)

    @rule()
    def illegal(self):
        before, index, lines = self.calls, self.session.index, self.session.lines
        with pytest.raises(ValueError):
            self.session.play("this is not a move")
        assert self.calls == before and self.session.index == index and self.session.lines == lines

    @invariant()
    def history_is_consistent(self):
        s = self.session
        assert len(s.states) == len(s.moves) + 1 == len(s.events)
        assert len(s.line_states) == len(s.line_moves) + 1 == len(s.line_events)
        assert 0 <= s.index < len(s.line_states) and s.line_states[s.index] is s.state
        assert s.lines[0].moves == s.moves and s.lines[s.line].moves == s.line_moves
        differs = s.differs_at
        if differs is None:
            assert s.line_moves == s.moves and s.on_mainline
        else:
            assert s.line_moves[: differs - 1] == s.moves[: differs - 1] != s.line_moves[:differs]
            assert s.on_mainline == (s.index < differs)
        assert s.at_end == (s.on_mainline and s.index == len(s.moves)) and s.end is s.states[-1]
        for i in range(max(0, len(s.line_moves) - 3), len(s.line_moves)):  # the newest steps replay
            assert self.game.play(s.line_states[i], s.line_moves[i]) == s.line_states[i + 1]

    @invariant()
    def nothing_played_is_lost(self):
        lines = [line.moves for line in self.session.lines]
        for moves in self.played:
            assert any(line[: len(moves)] == moves for line in lines), f"{moves} was lost"


@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)), ids=CONFIG_IDS)
def test_sessions_keep_a_consistent_history(index):
    machine = type(f"SessionMachine{index}", (SessionMachine,), {"config": index})
    runner = settings(max_examples=max(8, settings.default.max_examples // 5), stateful_step_count=25, deadline=None)(
        machine
    ).TestCase
    runner("runTest").runTest()
