"""The shared protocol: the registry, sessions, breakdowns, errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardlab
from cardlab import IllegalMove, Session


def commons_session(seed=4):
    return Session(cardlab.game("card-commons"), seed=seed)


def test_the_registry_names_every_game():
    # the four games of cardlab/games/, then the one tests/conftest.py registers (Toy Tricks)
    assert cardlab.games() == ["card-commons", "commerce", "commitment", "contest", "toy-tricks"]
    assert repr(cardlab.game("card-commons", variant="peek")) == "cardlab.game('card-commons', variant='peek')"
    assert cardlab.game("Card-Commons") == cardlab.game("card-commons")


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(ValueError, match="cardlab has: card-commons, commerce, commitment, contest"):
        cardlab.game("bridge")


def test_importing_the_engine_needs_no_jupyter():
    code = ("import sys, cardlab.games; cardlab.game('card-commons');"
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules];"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_state_knows_its_game():
    game = cardlab.game("card-commons", variant="peek")
    state = game.deal(seed=1)
    assert state.game == game
    assert str(state) == state.to_text()


def test_session_play_undo_redo_goto():
    session = commons_session()
    start = session.state
    first = session.legal_moves()[0]
    step = session.play(first)
    assert step.before == start and session.state == step.after and session.moves == [first]
    assert session.undo() and session.state == start
    assert not session.undo()
    assert session.redo() and session.state == step.after
    assert not session.redo()
    session.play(session.legal_moves()[0])
    assert session.goto(0) and session.index == 0
    assert session.goto(-1) and session.index == 2
    with pytest.raises(IndexError, match="states 0 to 2"):
        session.goto(5)


def test_playing_from_a_past_state_replaces_the_future_and_branch_keeps_it():
    session = commons_session()
    for _ in range(3):
        session.play(session.legal_moves()[0])
    session.goto(1)
    other = session.branch()
    assert other.states == session.states[:2] and other.index == 1
    other.play(other.legal_moves()[-1])
    assert len(session.moves) == 3  # the original line is untouched
    session.play(session.legal_moves()[-1])
    assert len(session.moves) == 2 and session.index == 2


def test_an_illegal_move_changes_nothing_in_a_session():
    session = commons_session()
    seen = []
    session.observe(lambda s: seen.append(s.index))
    with pytest.raises(IllegalMove):
        session.play("claim 4H")
    assert session.moves == [] and seen == []


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
    session = commons_session()
    session.play(session.legal_moves()[0])
    game = session.game
    edited = game.state_from_text(session.state.to_text())
    session.replace(edited)
    assert session.states == [edited] and session.moves == []


def test_narration_hides_private_events_from_other_players():
    session = commons_session()
    while session.state.phase != "claim":
        session.play(session.legal_moves()[0])
    claim = next(m for m in session.legal_moves() if str(m).startswith("claim"))
    session.play(claim)
    teacher = session.narration()[-1]
    a_view = session.narration(0)[-1]
    assert len(teacher) >= len(a_view)


def test_breakdown_totals_are_sums_of_items():
    breakdown = cardlab.Breakdown(("A", "B"), (cardlab.ScoreItem(0, 3, "x", "r"), cardlab.ScoreItem(1, 2, "y", "r"),
                                               cardlab.ScoreItem(0, -1, "z", "r")))
    assert breakdown.totals == (2, 2)
    assert "total: A 2, B 2" in str(breakdown)
    assert "<table>" in breakdown._repr_html_()


def test_illegal_move_is_a_value_error_naming_move_rule_and_reason():
    err = IllegalMove("claim 4H", "commons.hand", "A does not hold 4♥")
    assert isinstance(err, ValueError)
    assert str(err) == "illegal move 'claim 4H': A does not hold 4♥ [commons.hand]"


# --- saved games ----------------------------------------------------------------------------------

def played_session(moves=12, seed=5):
    session = commons_session(seed)
    for _ in range(moves):
        session.play(session.legal_moves()[-1])
    session.goto(min(7, len(session.moves)))
    return session


def test_save_and_load_round_trip(tmp_path):
    session = played_session()
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path)
    assert loaded.states == session.states and loaded.moves == session.moves
    assert loaded.index == 7 and loaded.events == session.events


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


@pytest.mark.parametrize("mangle, fragment", [
    (lambda t: t[: len(t) // 2], "broken or cut short"),
    (lambda t: t.replace('"session"', '"state"'), "not a cardlab saved game"),
    (lambda t: t.replace('"version": 2', '"version": 7'), "newer cardlab"),
    (lambda t: t.replace('"game": "card-commons"', '"game": "bridge"'), "unknown game"),
    (lambda t: t.replace('"index": 7', '"index": 99'), "index"),
    (lambda t: t.replace('"moves": [\n  "', '"moves": [\n  "claim 9H", "', 1), "move 1"),
    (lambda t: "\udcff", "broken"),
])
def test_damaged_saved_games_are_refused_clearly(tmp_path, mangle, fragment):
    text = played_session().to_json()
    with pytest.raises(cardlab.StateError, match=fragment):
        Session.from_json(mangle(text))


def test_a_saved_game_of_another_game_is_refused(tmp_path):
    path = tmp_path / "game.json"
    played_session().save(path)
    with pytest.raises(cardlab.StateError, match="not of cardlab.game\\('card-commons', variant='peek'\\)"):
        Session.load(path, game=cardlab.game("card-commons", variant="peek"))
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(cardlab.StateError, match="not UTF-8"):
        Session.load(tmp_path / "bin.json")


def test_narration_never_names_a_card_the_viewer_may_not_see():
    session = commons_session(7)
    mine = session.legal_moves()[0].card.code
    session.play(f"commission {mine}")          # A's Commission: hidden from B
    session.play(session.legal_moves()[0])
    assert session.narration()[0].startswith(f"1. commission {mine}:")
    assert session.narration(1)[0].startswith("1. commission ??:")
    assert session.narration(0)[0].startswith(f"1. commission {mine}:")
    assert session.narration(0)[1].startswith("2. commission ??:")
    for viewer in (0, 1):
        hidden = session.game.view(session.state, viewer).commissions[1 - viewer]
        assert hidden == cardlab.HIDDEN


def test_move_text_redacts_only_hidden_cards():
    from cardlab.engine import move_text
    game = cardlab.game("card-commons")
    before = game.state_from_text(
        "round: 1\nclaimant: A\nnest egg: 4C\npool up: 5H 2S\npool down: 3S\nA hand: 2D 3H QH 2C 5S 4S\n"
        "A commission: 4H\nB hand: 2H 3C 4D 5D KS 3D\nB commission: 5C")
    move = game.parse_move("trade 2D for 5H")
    after = game.play(before, move)
    assert move_text(game, move, before, after, 1) == "trade 2D for 5H"   # both cards are seen in the pool
    move = game.parse_move("trade 3H for commission")
    after2 = game.play(after, move)
    assert move_text(game, move, after, after2, 1) == "trade ?? for commission"
    assert move_text(game, move, after, after2, 0) == "trade 3H for commission"


def test_hint_is_part_of_the_top_level_api():
    game = cardlab.game("card-commons")
    ranking = cardlab.hint(game, game.deal(seed=7), playouts=60, seed=1)
    assert {m.move for m in ranking.moves} == set(game.legal_moves(game.deal(seed=7)))


def test_states_and_saved_games_of_format_version_1_are_read():
    """Version 1 kept a game's options as fields of the state; version 2 keeps them in one
    ``options`` object. A version-1 state or saved game still reads, options and all."""
    import json
    for game, legacy in ((cardlab.game("card-commons", variant="peek"), {"peek": True}),
                         (cardlab.game("commerce", players=5), {"players": 5}),
                         (cardlab.game("contest", ace="low"), {"ace": "low", "pile_value": "sum"})):
        state = game.deal(seed=3)
        data = json.loads(state.to_json())
        assert data["version"] == 2 and "options" in data["state"]
        old = {**legacy, **{k: v for k, v in data["state"].items() if k != "options"}}
        assert game.state_from_json(json.dumps({**data, "version": 1, "state": old})) == state
        saved = json.loads(Session(game, state).to_json())
        saved.update(version=1, start=old)
        assert Session.from_json(json.dumps(saved)).state == state
