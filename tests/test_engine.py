"""The shared protocol: the registry, breakdowns, errors, move texts, number readers. Sessions: test_session.py."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab import IllegalMove, StateError
from cardlab.engine import MAX_DIGITS, TextForm, read_json, whole_number


def test_the_registry_names_every_game():
    # the four games of cardlab/games/, then the one tests/conftest.py registers (Toy Tricks)
    assert cardlab.game_names() == ["card-commons", "commerce", "commitment", "contest", "toy-tricks"]
    assert repr(cardlab.game("card-commons", variant="peek")) == "cardlab.game('card-commons', variant='peek')"
    assert cardlab.game("Card-Commons") == cardlab.game("card-commons")


def test_the_registry_is_the_module_cardlab_games():
    """``cardlab.games`` is the registry's module, as docs/protocol.md spells it: a game defined
    elsewhere joins with ``cardlab.games.register``; ``cardlab.game_names()`` lists the games."""
    code = (
        "import cardlab.games\nfrom helpers.toy_game import ToyTricks\n"
        "assert cardlab.games.register(ToyTricks) is ToyTricks\n"
        "assert cardlab.game_names() == cardlab.games.names() and cardlab.game_names()[-1] == 'toy-tricks'\n"
        "assert cardlab.game('toy-tricks') == ToyTricks()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent)


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(ValueError, match="cardlab has: card-commons, commerce, commitment, contest"):
        cardlab.game("bridge")


def test_importing_the_engine_needs_no_jupyter():
    code = (
        "import sys, cardlab.games; cardlab.game('card-commons');"
        "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython') if m in sys.modules];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_state_knows_its_game():
    game = cardlab.game("card-commons", variant="peek")
    state = game.deal(seed=1)
    assert state.game == game
    assert str(state) == state.to_text()


def test_breakdown_totals_are_sums_of_items():
    breakdown = cardlab.Breakdown(
        ("A", "B"),
        (cardlab.ScoreItem(0, 3, "x", "r"), cardlab.ScoreItem(1, 2, "y", "r"), cardlab.ScoreItem(0, -1, "z", "r")),
    )
    assert breakdown.totals == (2, 2)
    assert "total: A 2, B 2" in str(breakdown)
    assert "<table>" in breakdown._repr_html_()


def test_illegal_move_is_a_value_error_naming_move_rule_and_reason():
    err = IllegalMove("claim 4H", "commons.hand", "A does not hold 4♥")
    assert isinstance(err, ValueError)
    assert str(err) == "illegal move 'claim 4H': A does not hold 4♥ [commons.hand]"


def test_move_text_redacts_only_hidden_cards():
    from cardlab.engine import move_text

    game = cardlab.game("card-commons")
    before = game.state_from_text(
        "round: 1\nclaimant: A\nnest egg: 4C\npool up: 5H 2S\npool down: 3S\nA hand: 2D 3H QH 2C 5S 4S\n"
        "A commission: 4H\nB hand: 2H 3C 4D 5D KS 3D\nB commission: 5C"
    )
    step = game.step(before, "trade 2D for 5H")
    assert move_text(game, step, 1) == "trade 2D for 5H"  # 2D is shown as it goes face up to the pool
    step = game.step(step.after, "trade 3H for commission")
    assert move_text(game, step, 1) == "trade ?? for commission"
    assert move_text(game, step, 0) == "trade 3H for commission"
    assert move_text(game, step, None) == "trade 3H for commission"
    assert move_text(game, step, 1, hidden="a hidden card") == "trade a hidden card for commission"


def test_move_text_names_a_card_by_who_could_see_it_at_the_move_not_afterwards():
    """A card is named to a viewer who saw it just before the move or is shown it by the move's
    own narration; where it lands after automatic follow-ups (a new deal) does not count."""
    from cardlab.engine import Event, Step, move_text

    game = cardlab.game("card-commons")
    before = game.state_from_text(
        "round: 1\nclaimant: A\nnest egg: 4C\npool up: 5H 2S\npool down: 3S\nA hand: 2D 3H QH 2C 5S 4S\n"
        "A commission: 4H\nB hand: 2H 3C 4D 5D KS 3D\nB commission: 5C"
    )
    step = game.step(before, "claim 2D")
    assert move_text(game, step, 1) == "claim 2D"
    told_nothing = Step(step.move, step.before, step.after, ())
    assert move_text(game, told_nothing, 1) == "claim ??"  # on the table afterwards is not enough
    only_a = Event("commons.claim", "A claims with 2D.", 0, (step.move.card,), frozenset({0}))
    told_a = Step(step.move, step.before, step.after, (only_a,))
    assert move_text(game, told_a, 1) == "claim ??" and move_text(game, told_a, 0) == "claim 2D"


def test_hint_is_part_of_the_top_level_api():
    game = cardlab.game("card-commons")
    ranking = cardlab.hint(game, game.deal(seed=7), playouts=60, seed=1)
    assert {m.move for m in ranking.moves} == set(game.legal_moves(game.deal(seed=7)))


def test_states_of_format_version_1_are_read():
    """Version 1 kept a game's options as fields of the state; version 2 keeps them in one
    ``options`` object. A version-1 state still reads, options and all (saved games:
    test_session.py)."""
    import json

    for game, legacy in (
        (cardlab.game("card-commons", variant="peek"), {"peek": True}),
        (cardlab.game("commerce", players=5), {"players": 5}),
        (cardlab.game("contest", ace="low"), {"ace": "low", "pile_value": "sum"}),
    ):
        state = game.deal(seed=3)
        data = json.loads(state.to_json())
        assert data["version"] == 2 and "options" in data["state"]
        old = {**legacy, **{k: v for k, v in data["state"].items() if k != "options"}}
        assert game.state_from_json(json.dumps({**data, "version": 1, "state": old})) == state


def test_replacer_and_builder_make_the_same_frozen_states_faster():
    """States are built by setting their slots directly (``engine.replacer``, ``engine.builder``):
    the same values as the dataclass's own constructor, as frozen, equal and hashable."""
    import dataclasses

    from cardlab.engine import builder, replacer

    game = cardlab.game("commitment")
    state = game.deal(seed=3)
    cls = type(state)
    fields = [f.name for f in dataclasses.fields(cls)]
    built = builder(cls)(*(getattr(state, n) for n in fields))
    assert built == state and hash(built) == hash(state) and type(built) is cls
    changed = replacer(cls, "turn", "round")(state, 1 - state.turn, 2)
    assert changed == dataclasses.replace(state, turn=1 - state.turn, round=2)
    assert replacer(cls)(state, round=2) == dataclasses.replace(state, round=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.turn = 0
    with pytest.raises(ValueError, match="has no field colour"):
        replacer(cls, "colour")

    @dataclasses.dataclass(frozen=True)
    class Checked:  # a class that checks its values is built by its constructor
        value: int

        def __post_init__(self) -> None:
            if self.value < 0:
                raise ValueError("negative")

    with pytest.raises(ValueError, match="negative"):
        replacer(Checked, "value")(Checked(1), -1)
    assert builder(Checked)(2) == Checked(2)


@pytest.mark.parametrize("name", cardlab.game_names())
def test_replace_cards_calls_fn_on_every_card_in_field_order_and_keeps_what_it_leaves(name):
    """``replace_cards`` replaces each card by ``fn(card)``, in the order of the state's fields,
    and keeps as they are the parts in which no card changed (every state is immutable). With
    ``only``, ``fn`` sees the cards equal to it alone."""
    import dataclasses

    from cardlab.cards import HIDDEN
    from cardlab.engine import replace_cards
    from helpers.conformance import cards_in

    game = cardlab.game(name)
    state = game.play(game.deal(seed=4), game.legal_moves(game.deal(seed=4))[0])
    seen = []
    assert replace_cards(state, lambda c: seen.append(c) or c) is state  # nothing changed: the same state
    assert seen == cards_in(state)
    target = seen[-1]  # the last card in field order: every field before its own is kept
    other = next(c for c in game.deck() if c != target)
    swapped = replace_cards(state, lambda c: other if c == target else c)
    assert type(swapped) is type(state) and swapped != state
    assert cards_in(swapped) == [other if c == target else c for c in seen]
    kept = [f.name for f in dataclasses.fields(state) if target not in cards_in(getattr(state, f.name))]
    assert kept and all(getattr(swapped, n) is getattr(state, n) for n in kept)
    view = game.view(state, 0)
    asked = []
    filled = replace_cards(view, lambda c: asked.append(c) or other, HIDDEN)
    hidden = [c for c in cards_in(view) if c == HIDDEN]
    assert hidden and asked == hidden
    assert cards_in(filled) == [other if c == HIDDEN else c for c in cards_in(view)]


def test_states_are_built_on_a_twin_class_then_given_their_own():
    """``replacer`` and ``builder`` build a frozen slots dataclass on a class of the same slots
    whose slots may be set, then hand the value its own class: every game's states are built so,
    each one exactly its class, frozen, equal to the constructor's. A class that cannot take that
    way (here a frozen base with fields of its own guards every slot) is built by its constructor."""
    import dataclasses

    from cardlab.engine import builder, replacer
    from cardlab.engine.values import _twin

    for name in cardlab.game_names():
        game = cardlab.game(name)
        cls = game.state_class
        fields = [f.name for f in dataclasses.fields(cls)]
        assert _twin(cls, fields) is not None
        state = game.deal(seed=5)
        built = builder(cls)(*(getattr(state, n) for n in fields))
        assert type(built) is cls and built == state and hash(built) == hash(state)
        assert replacer(cls)(state, seed=7) == dataclasses.replace(state, seed=7)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.seed = 1

    @dataclasses.dataclass(frozen=True, slots=True)
    class Base:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Derived(Base):
        b: int

    assert _twin(Derived, ["a", "b"]) is None
    assert builder(Derived)(1, 2) == Derived(1, 2) and type(builder(Derived)(1, 2)) is Derived
    assert replacer(Derived, "b")(Derived(1, 2), 3) == Derived(1, 3)


# --- number readers: ASCII digits only, and boundedly many -----------------------------------------


@pytest.mark.parametrize("text", ["\u0663\u0663", "\uff13", "\u00b2", "\u0b67", "1_000", "+1", "1 2", "0x1f", ""])
def test_a_whole_number_is_ascii_digits_only(text):
    """Python's ``int`` reads other scripts' digits ("٣٣" is 33); a cardlab number is ASCII digits."""
    with pytest.raises(StateError) as caught:
        whole_number(text, "line 2 (round)")
    assert caught.value.where == "line 2 (round)" and "whole number" in caught.value.reason
    form = TextForm(f"round: {text}", ["round"], "Toy")
    with pytest.raises(StateError, match=re.escape("line 1 (round)")):
        form.int("round")
    with pytest.raises(StateError, match=re.escape("line 1 (round)")):
        TextForm(f"round: 1, {text}", ["round"], "Toy").ints("round", 2)
    assert whole_number(" -42 ", "here") == -42 and int("\u0663\u0663") == 33


@pytest.mark.parametrize("text", ["7" * 5000, "-" + "7" * 5000, "7" * 5000 + "x", "\u0663" * 5000])
def test_a_whole_number_of_thousands_of_digits_is_refused_naming_the_place(text):
    """Not Python's own error for a long number: a StateError naming the place, quoting little."""
    with pytest.raises(StateError) as caught:
        whole_number(text, "line 1 (seed)")
    err = caught.value
    assert err.where == "line 1 (seed)" and "whole number" in err.reason
    assert len(str(err)) < 200 and not re.search(r"[7x\u0663]{81}", str(err)), str(err)
    assert whole_number("9" * MAX_DIGITS, "here") == int("9" * MAX_DIGITS)
    with pytest.raises(StateError, match="at most 100 digits"):
        whole_number("9" * (MAX_DIGITS + 1), "here")


@pytest.mark.parametrize("number", ["\u0663\u0663", "7" * 5000, "-" + "7" * 5000, "7." + "7" * 5000, "1e" + "7" * 5000])
def test_json_numbers_are_ascii_digits_and_boundedly_many(number):
    with pytest.raises(StateError) as caught:
        read_json(f'{{"seed": {number}}}', "game.json")
    err = caught.value
    assert err.where == "game.json" and len(str(err)) < 200 and not re.search(r"[7\u0663]{81}", str(err)), str(err)
    assert read_json('{"seed": 33}', "game.json") == {"seed": 33}


@pytest.mark.parametrize("name", ["commitment", "contest"])
def test_legal_ids_number_moves_equal_to_the_listed_ones_but_other_objects(name, monkeypatch):
    """legal_ids finds a listed move's number by the object itself; a game whose moves are
    copies (equal, not the same objects) gets the same numbers."""
    import copy
    import random

    game = cardlab.game(name)
    rng, state = random.Random(3), game.deal(seed=3)
    positions = []
    while moves := game.legal_moves(state):
        positions.append(state)
        state = game.play(state, rng.choice(moves))
    listed = {id(s): game.legal_ids(s) for s in positions}
    lister = type(game).legal_moves
    monkeypatch.setattr(type(game), "legal_moves", lambda self, s: [copy.copy(m) for m in lister(self, s)])
    assert copy.copy(game.legal_moves(positions[-1])[0]) is not game.legal_moves(positions[-1])[0]
    for s in positions:
        assert game.legal_ids(s) == listed[id(s)] == sorted(game.move_id(m) for m in lister(game, s))
