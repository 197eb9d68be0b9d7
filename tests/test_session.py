"""Sessions: the main line and its variations, stepping, observers, threads, saved games."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import random
import stat
import sys
import threading
from pathlib import Path

import pytest

import cardlab
from cardlab import IllegalMove, Session
from cardlab.session import Line, ObserverError


def commons_session(seed=4):
    return Session(cardlab.game("card-commons"), seed=seed)


def played(moves=5, seed=4):
    """A Card Commons session with ``moves`` moves on its main line (the first legal move each time)."""
    session = commons_session(seed)
    for _ in range(moves):
        session.play(session.legal_moves()[0])
    return session


def other_move(session):
    """A legal move in the position on show other than the line's next move."""
    shown = session.line_moves[session.index] if session.index < len(session.line_moves) else None
    return next(m for m in session.legal_moves() if m != shown)


# --- the main line: play, undo, redo, goto -------------------------------------------------


def test_session_play_undo_redo_goto():
    session = commons_session()
    start = session.state
    first = session.legal_moves()[0]
    step = session.play(first)
    assert step.before == start and session.state == step.after and session.moves == (first,)
    assert session.undo() and session.state == start
    assert not session.undo()
    assert session.redo() and session.state == step.after
    assert not session.redo()
    session.play(session.legal_moves()[0])
    assert session.goto(0) and session.index == 0
    assert session.goto(-1) and session.index == 2
    with pytest.raises(IndexError, match="positions 0 to 2"):
        session.goto(5)
    with pytest.raises(TypeError, match="whole number"):
        session.goto("1")


def test_start_end_and_the_main_line_never_depend_on_the_position_on_show():
    session = played(5)
    end, states = session.end, session.states
    session.goto(2)
    assert session.state == states[2] and session.end is end and session.states == states
    assert session.start is states[0] and len(session) == 5
    assert session.on_mainline and not session.at_end and session.differs_at is None
    assert session.goto(-1) and session.at_end


def test_the_main_line_is_read_only():
    session = played(2)
    assert isinstance(session.states, tuple) and isinstance(session.moves, tuple) and isinstance(session.events, tuple)
    assert session.events[0] == () and len(session.events) == len(session.states) == 3
    with pytest.raises(AttributeError):
        session.index = 0  # type: ignore[misc]


def test_an_illegal_move_changes_nothing_in_a_session():
    session = commons_session()
    seen = []
    session.observe(lambda s: seen.append(s.index))
    with pytest.raises(IllegalMove):
        session.play("claim 4H")
    assert session.moves == () and seen == [] and len(session.lines) == 1


def test_observers_fire_once_per_change_and_can_stop():
    session = commons_session()
    seen = []
    stop = session.observe(lambda s: seen.append(s.index))
    session.play(session.legal_moves()[0])
    session.undo()
    session.undo()  # no change, no call
    assert seen == [1, 0]
    stop()
    session.redo()
    assert seen == [1, 0]


def test_replace_starts_from_an_edited_state_after_validation():
    session = played(3)
    session.goto(1)
    session.play(other_move(session))
    game = session.game
    edited = game.state_from_text(session.state.to_text())
    session.replace(edited)
    assert session.states == (edited,) and session.moves == () and len(session.lines) == 1
    twice = dataclasses.replace(edited, nest_egg=edited.hands[0][0])  # a card in two places
    with pytest.raises(cardlab.StateError):
        session.replace(twice)
    assert session.states == (edited,)


def test_narration_hides_private_events_from_other_players():
    session = commons_session()
    while session.state.phase != "claim":
        session.play(session.legal_moves()[0])
    claim = next(m for m in session.legal_moves() if str(m).startswith("claim"))
    session.play(claim)
    teacher = session.narration()[-1]
    a_view = session.narration(0)[-1]
    assert len(teacher) >= len(a_view)


def test_narration_never_names_a_card_the_viewer_may_not_see():
    session = commons_session(7)
    mine = session.legal_moves()[0].card.code
    session.play(f"commission {mine}")  # A's Commission: hidden from B
    session.play(session.legal_moves()[0])
    assert session.narration()[0].startswith(f"1. commission {mine}:")
    assert session.narration(1)[0].startswith("1. commission ??:")
    assert session.narration(0)[0].startswith(f"1. commission {mine}:")
    assert session.narration(0)[1].startswith("2. commission ??:")
    for viewer in (0, 1):
        hidden = session.game.view(session.state, viewer).commissions[1 - viewer]
        assert hidden == cardlab.HIDDEN


# --- variations: exploring never destroys ------------------------------------------------


def test_playing_from_an_earlier_position_starts_a_variation_and_keeps_the_main_line():
    session = played(5)
    main = session.moves
    session.goto(2)
    other = other_move(session)
    step = session.play(other)
    assert session.moves == main and len(session.states) == 6  # nothing thrown away
    assert session.state is step.after and session.index == 3 and session.line_moves == main[:2] + (other,)
    assert session.differs_at == 3 and not session.on_mainline and not session.at_end
    assert session.states[3] != session.state  # states[k] is still the main line's
    assert session.variations == (Line(0, 3, main[:2] + (other,), session.line_states, session.line_events),)
    assert session.line == 1 and len(session.lines) == 2


def test_playing_the_next_move_of_the_line_steps_forward_along_it():
    session = played(5)
    session.goto(2)
    session.play(session.moves[2])
    assert session.index == 3 and session.on_mainline and session.variations == ()
    assert session.line_moves == session.moves


def test_playing_the_first_move_of_a_variation_enters_it():
    session = played(5)
    session.goto(2)
    other = other_move(session)
    session.play(other)
    session.play(session.legal_moves()[0])
    session.to_mainline()
    assert session.index == 2 and session.on_mainline
    session.play(other)  # the variation is there already: entered, not made again
    assert session.line == 1 and len(session.lines) == 2 and len(session.line_moves) == 4


def test_to_mainline_returns_where_the_variation_left_it():
    session = played(5)
    session.goto(2)
    session.play(other_move(session))
    session.play(session.legal_moves()[0])
    assert session.to_mainline()
    assert session.index == 2 and session.line == 0 and session.on_mainline and session.differs_at is None
    assert not session.to_mainline()  # already there
    assert len(session.variations) == 1  # the variation is kept
    assert session.show_line(1) and session.index == 3  # where it differs from the line on show
    session.undo()  # back on the part it shares with the main line: still that line on show
    assert session.index == 2 and session.on_mainline and session.line == 1 and session.differs_at == 3
    assert session.to_mainline() and session.index == 2 and session.line == 0


def test_promote_makes_the_line_on_show_the_main_line_and_keeps_the_old_one():
    session = played(5)
    old = session.moves
    session.goto(2)
    session.play(other_move(session))
    session.play(session.legal_moves()[0])
    variation = session.line_moves
    assert session.promote()
    assert session.moves == variation and session.end is session.state and session.at_end
    assert session.differs_at is None and session.index == 4
    assert [line.moves for line in session.variations] == [old]
    assert session.variations[0].differs_at == 3 and not session.promote()


def test_lines_list_nested_variations_in_the_order_of_a_game_record():
    session = played(6)
    session.goto(1)
    session.play(other_move(session))  # variation 1: from move 2
    session.play(session.legal_moves()[0])
    session.play(session.legal_moves()[0])
    session.goto(3)
    session.play(other_move(session))  # a variation of variation 1, from move 4
    session.to_mainline()
    session.goto(4)
    session.play(other_move(session))  # a variation of the main line, from move 5
    lines = session.lines
    assert [(line.parent, line.differs_at) for line in lines] == [(None, None), (0, 2), (1, 4), (0, 5)]
    assert lines[2].moves[:3] == lines[1].moves[:3] and lines[2].moves[3] != lines[1].moves[3]
    assert session.line == 3
    assert session.show_line(2) and session.index == 2 and session.line_moves == lines[2].moves  # where they part
    assert session.show_line(0, index=-1) and session.at_end
    with pytest.raises(IndexError, match="lines 0 to 3"):
        session.show_line(4)
    assert not session.show_line(0, index=-1)


def test_branch_copies_the_line_on_show_up_to_the_position_on_show():
    session = played(5)
    session.goto(1)
    session.play(other_move(session))
    session.play(session.legal_moves()[0])
    session.undo()
    other = session.branch()
    assert other.moves == session.line_moves[:2] and other.at_end and other.variations == ()
    other.play(other.legal_moves()[-1])
    assert len(session.moves) == 5 and len(session.lines) == 2  # this session is untouched


def test_a_session_names_its_variations_in_its_repr():
    session = played(3)
    assert repr(session) == "<Session card-commons: 3 moves, showing state 3>"
    session.goto(1)
    session.play(other_move(session))
    assert repr(session) == "<Session card-commons: 3 moves, 1 variation, showing state 2 of a variation from move 2>"


# --- observers that raise -------------------------------------------------------------------


def test_an_observer_that_raises_is_reported_after_every_observer_was_told():
    session = played(2)
    calls = []

    def broken(s):
        calls.append("broken")
        raise RuntimeError("a widget fell over")

    session.observe(lambda s: calls.append("first"))
    session.observe(broken)
    session.observe(lambda s: calls.append(("last", s.index)))
    move = session.legal_moves()[0]
    failed = "1 observer failed: .*broken raised RuntimeError: a widget fell over"
    with pytest.raises(ObserverError, match=failed) as err:
        session.play(move)
    assert calls == ["first", "broken", ("last", 3)]  # everyone told, once, of the whole move
    assert session.moves[-1] == move and session.index == 3 and len(session.states) == 4  # not undone
    assert not isinstance(err.value, ValueError)  # ValueError means "refused, nothing changed"
    assert isinstance(err.value.errors[0], RuntimeError) and err.value.__cause__ is err.value.errors[0]
    calls.clear()
    with pytest.raises(ObserverError):
        session.undo()
    assert session.index == 2 and calls == ["first", "broken", ("last", 2)]


# --- threads ------------------------------------------------------------------------------


def test_two_threads_on_one_session_leave_every_line_replayable():
    """Two threads play and take back on the same sessions at once; every session's main line
    (and every variation) still replays from the start: the lock keeps each change whole."""
    sessions = [commons_session(seed) for seed in range(40)]

    def worker(rng):
        for session in sessions:
            for _ in range(60):
                try:
                    if rng.random() < 0.2:
                        session.undo()
                    else:
                        session.play(rng.choice(session.legal_moves()))
                except (ValueError, IndexError):
                    pass  # the other thread moved on in between: refused, nothing changed

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=worker, args=(random.Random(i),)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    broken = [seed for seed, session in enumerate(sessions) if not _replays(session)]
    assert broken == [], f"the sessions of seeds {broken} no longer replay"
    for session in sessions:
        assert session.line_states[session.index] is session.state
        assert all(_replays_line(session.game, line.states, line.moves) for line in session.lines)


def _replays(session):
    game, states, moves, events = session.game, session.states, session.moves, session.events
    if not len(states) == len(moves) + 1 == len(events):
        return False
    try:
        steps = [game.step(before, move) for before, move in zip(states, moves)]
    except ValueError:
        return False
    return all(s.after == after and s.events == e for s, after, e in zip(steps, states[1:], events[1:]))


def _replays_line(game, states, moves):
    return len(states) == len(moves) + 1 and all(game.play(b, m) == a for b, m, a in zip(states, moves, states[1:]))


# --- saved games ----------------------------------------------------------------------------------


def played_session(moves=12, seed=5):
    session = commons_session(seed)
    for _ in range(moves):
        session.play(session.legal_moves()[-1])
    session.goto(min(7, len(session.moves)))
    return session


def with_variations():
    """A saved-game test subject: a main line of 12 moves, a variation from move 4, a variation
    of that one from move 6, shown in the nested one at ply 5."""
    session = played_session()
    session.goto(3)
    session.play(other_move(session))
    session.play(session.legal_moves()[0])
    session.play(session.legal_moves()[0])
    session.goto(5)
    session.play(other_move(session))
    session.undo()
    return session


def test_save_and_load_round_trip(tmp_path):
    session = played_session()
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.states == session.states and loaded.moves == session.moves
    assert loaded.index == 7 and loaded.events == session.events


def test_save_and_load_keep_the_variations_and_the_line_on_show(tmp_path):
    session = with_variations()
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.lines == session.lines and len(loaded.lines) == 3
    assert (
        (loaded.line, loaded.index, loaded.state)
        == (session.line, session.index, session.state)
        == (2, 5, session.state)
    )
    assert loaded.line_events == session.line_events and loaded.to_json() == session.to_json()
    data = json.loads(session.to_json())
    assert data["version"] == 2 and [(v["from"], v["differs_at"]) for v in data["variations"]] == [(0, 4), (1, 6)]


def test_a_version_1_saved_game_is_still_read():
    session = played_session()
    old = json.loads(session.to_json())
    old = {k: v for k, v in old.items() if k not in ("variations", "line")} | {"version": 1}
    loaded = Session.from_json(json.dumps(old))
    assert loaded.moves == session.moves and loaded.index == 7 and loaded.variations == ()


def test_a_saved_game_with_states_of_format_version_1_is_read():
    """Version 1 states kept a game's options as fields of the state (now one ``options``
    object): a saved game that holds such a start state still reads, options and all."""
    for game, legacy in (
        (cardlab.game("card-commons", variant="peek"), {"peek": True}),
        (cardlab.game("commerce", players=5), {"players": 5}),
        (cardlab.game("contest", ace="low"), {"ace": "low", "pile_value": "sum"}),
    ):
        state = game.deal(seed=3)
        fields = json.loads(state.to_json())["state"]
        old = {**legacy, **{k: v for k, v in fields.items() if k != "options"}}
        saved = json.loads(Session(game, state).to_json())
        saved.update(version=1, start=old)
        assert Session.from_json(json.dumps(saved)).state == state


def test_an_interrupted_save_leaves_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    played_session(3).save(path)
    before = path.read_text()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken_replace)
    with pytest.raises(OSError):
        played_session(9).save(path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_save_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{}")
    for mode in (0o644, 0o640, 0o664):
        path.chmod(mode)
        played_session(3).save(path)
        assert stat.S_IMODE(path.stat().st_mode) == mode


def test_a_new_saved_file_gets_the_usual_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        played_session(3).save(tmp_path / "new.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644  # as open() would make it


def test_save_writes_through_a_symbolic_link_to_its_target(tmp_path):
    (tmp_path / "lessons").mkdir()
    target = tmp_path / "lessons" / "game.json"
    target.write_text("{}")
    link = tmp_path / "current.json"
    link.symlink_to(Path("lessons") / "game.json")
    session = played_session(4)
    session.save(link)
    assert link.is_symlink() and os.readlink(link) == os.path.join("lessons", "game.json")
    assert Session.load(target).moves == session.moves
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json", "lessons"]


def test_the_next_save_removes_what_an_interrupted_save_left(tmp_path):
    path = tmp_path / "game.json"
    played_session(3).save(path)
    stray = tmp_path / ".cardlab-k3p9x2.tmp"  # a save killed before its rename
    stray.write_text('{"cardlab": "sess')
    busy = tmp_path / ".cardlab-busy.tmp"  # a save still writing, in another process
    busy.write_text("")
    with open(busy) as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        played_session(5).save(path)
        assert not stray.exists() and busy.exists()
    assert Session.load(path).moves == played_session(5).moves


def test_save_refuses_a_folder_clearly(tmp_path):
    with pytest.raises(IsADirectoryError, match="is a folder"):
        played_session(1).save(tmp_path)
    with pytest.raises(FileNotFoundError, match="there is no folder"):
        played_session(1).save(tmp_path / "missing" / "game.json")


@pytest.mark.parametrize(
    "mangle, fragment",
    [
        (lambda t: t[: len(t) // 2], "broken or cut short"),
        (lambda t: t.replace('"session"', '"state"'), "not a cardlab saved game"),
        (lambda t: t.replace('"version": 2', '"version": 7'), "newer cardlab"),
        (lambda t: t.replace('"game": "card-commons"', '"game": "bridge"'), "unknown game"),
        (lambda t: t.replace('"index": 7', '"index": 99'), "index"),
        (lambda t: t.replace('"moves": [\n  "', '"moves": [\n  "claim 9H", "', 1), "move 1"),
        (lambda t: "\udcff", "broken"),
        (lambda t: "[" * 100_000, "nested more than 32 deep"),
    ],
)
def test_damaged_saved_games_are_refused_clearly(tmp_path, mangle, fragment):
    text = played_session().to_json()
    with pytest.raises(cardlab.StateError, match=fragment):
        Session.from_json(mangle(text))


@pytest.mark.parametrize(
    "change, fragment",
    [
        (
            lambda d: d["variations"][0].update({"from": 1}),
            'variation 1: "from" must name an earlier line: a whole number from 0 to 0',
        ),
        (
            lambda d: d["variations"][1].update({"differs_at": 4}),
            'variation 2: "differs_at" must be the number of a move of line 1, from 5 to 6',
        ),
        (lambda d: d["variations"][0].update({"differs_at": 13}), "from 1 to 12"),
        (lambda d: d["variations"][0].update({"moves": []}), "at least one move"),
        (
            lambda d: d["variations"][0]["moves"].insert(0, d["moves"][3]),
            "variation 1: it starts with .*, a move already played there",
        ),
        (lambda d: d["variations"][1]["moves"].append("claim 9H"), "variation 2, move 7"),
        (lambda d: d.update({"line": 3}), '"line" must be a whole number from 0 to 2'),
        (lambda d: d.update({"variations": {}}), "must be a list"),
    ],
)
def test_damaged_variations_are_refused_clearly(change, fragment):
    data = json.loads(with_variations().to_json())
    change(data)
    with pytest.raises(cardlab.StateError, match=fragment):
        Session.from_json(json.dumps(data))


def test_a_saved_game_of_another_game_is_refused(tmp_path):
    path = tmp_path / "game.json"
    played_session().save(path)
    with pytest.raises(cardlab.StateError, match="not of cardlab.game\\('card-commons', variant='peek'\\)"):
        Session.load(path, game=cardlab.game("card-commons", variant="peek"))
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(cardlab.StateError, match="not UTF-8"):
        Session.load(tmp_path / "bin.json")


# --- where Session lives --------------------------------------------------------------------


def test_session_lives_in_its_own_module_above_the_engine():
    """``cardlab.Session`` is ``cardlab.session.Session``; the engine, below the games, does not
    name it (tests/test_layers.py checks what the engine imports)."""
    from cardlab.session import Session as from_module

    assert from_module is cardlab.Session
    assert not hasattr(cardlab.engine, "Session")


def test_a_session_keeps_no_narration_yet_reads_each_moves_as_it_was():
    """What a move caused is worked out again when it is read, from the position before it: the
    very narration the move had when it was played, and nothing of it is kept per move."""
    game = cardlab.game("commerce")
    session = Session(game, seed=3)
    rng = random.Random(3)
    told = [()]
    while moves := session.legal_moves():
        told.append(session.play(rng.choice(moves)).events)
    assert session.events == tuple(told) and session.lines[0].events == tuple(told)
    assert all(
        session.line_step(k).events == told[k] and session.lines[0].step(k) == session.line_step(k)
        for k in range(1, len(told))
    )
    assert session.line_step(1).before is session.start and session.line_step(len(session)).after is session.end
    with pytest.raises(IndexError, match="moves 1 to"):
        session.line_step(0)
    with pytest.raises(IndexError, match="moves 1 to"):
        session.lines[0].step(len(told))


@pytest.mark.parametrize("name", ["card-commons", "commerce"])
def test_a_long_study_takes_little_memory_per_move(name):
    """A study of a few thousand moves (a main line and variations) holds its positions and moves,
    not their narration: under 0.9 KB a move (with the narration kept, it took 1.1 to 1.8 KB)."""
    import gc
    import tracemalloc

    def study() -> Session:
        game = cardlab.game(name)
        session, rng, played = Session(game, seed=1), random.Random(1), 0
        while played < 1500:
            moves = session.legal_moves()
            if not moves:
                session.goto(rng.randrange(len(session.line_states) - 1))
                continue
            session.play(rng.choice(moves))
            played += 1
        return session

    study()  # once before: what the game itself caches is not the session's
    gc.collect()
    tracemalloc.start()
    try:
        kept = study()
        gc.collect()
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(kept.variations) > 10
    assert size / 1500 < 900


def test_an_edit_keeps_the_game_it_replaced_and_undo_edit_brings_it_back():
    """Editing the position on show starts the game from the edited position, and the game as
    it stood (every move, every variation, what was on show) is kept: undo_edit brings it back."""
    game = cardlab.game("card-commons")
    session = cardlab.Session(game, game.deal(seed=7))
    for _ in range(4):
        session.play(session.legal_moves()[0])
    session.goto(2)
    session.play(session.legal_moves()[-1])  # a variation from move 3
    before = (session.states, session.moves, [line.moves for line in session.lines], session.index, session.line)
    assert session.edited_moves is None and not session.undo_edit()
    edited = game.state_from_text(session.state.to_text())
    session.replace(edited)
    assert session.moves == () and session.state == edited and session.edited_moves == 4
    session.play(session.legal_moves()[0])  # play on from the edit, then take the edit back
    assert session.undo_edit() and session.edited_moves is None
    lines = [line.moves for line in session.lines]
    assert (session.states, session.moves, lines, session.index, session.line) == before
