"""Bad input, in every reader: each number is bounded by what the rules allow, each fault is
the documented error (a ValueError naming the line or place and the reason), and reading is
linear in the size of the input.

The large inputs below are read at their size and at a sixteenth of it: a linear reader takes about
sixteen times as long on the larger one, a quadratic one 256 times (tests/helpers/growth.py). A
number the rules bound is refused before anything is built for it: the memory it takes stays small.
"""

from __future__ import annotations

import json

import pytest

import cardlab
from cardlab import CardError, NotationError, Session, StateError, cards, parse_card
from cardlab.engine import MAX_DIGITS, TextForm, read_json
from helpers.growth import FACTOR, assert_linear, small_memory

COMMONS, PEEK = cardlab.game("card-commons"), cardlab.game("card-commons", variant="peek")
COMMERCE, COMMITMENT, CONTEST = cardlab.game("commerce"), cardlab.game("commitment"), cardlab.game("contest")
GAMES = [COMMONS, COMMERCE, COMMITMENT, CONTEST]
MEGABYTE = 1_000_000


def linear(read, text_of, error=StateError, size=MEGABYTE):
    """``read(text_of(size))`` raises ``error``, and reading is linear in the text's size."""

    def attempt(n):
        with pytest.raises(error) as caught:
            read(text_of(n))
        return caught.value

    assert_linear(attempt, size // FACTOR, repeats=1)
    return attempt(size)


def refused(read, text, error=StateError):
    with pytest.raises(error) as caught:
        read(text)
    return caught.value


# --- 1. numbers are bounded by the rules ---------------------------------------------------------


def test_text_form_numbers_take_bounds_that_the_message_names():
    form = TextForm("round: 7\nrounds: 20000000\nseed: -3", ("round", "rounds", "seed"), "Test")
    assert form.int("round", lo=1, hi=9) == 7
    err = refused(lambda _: form.int("rounds", lo=1, hi=4), None)
    assert err.where == "line 2 (rounds)" and "a whole number from 1 to 4" in err.reason and "20000000" in err.reason
    assert "from 0" in refused(lambda _: form.int("seed", lo=0), None).reason
    assert form.int("seed") == -3
    many = TextForm("points: 1 2 99", ("points",), "Test")
    assert "from 0 to 12" in refused(lambda _: many.ints("points", 3, lo=0, hi=12), None).reason


def test_a_card_commons_round_without_its_scored_rounds_is_bounded():
    """The memory bomb: 'round: 20000000' with no 'rounds' line built 20 million entries."""
    with small_memory():
        err = refused(COMMONS.state_from_text, "round: 20000000\nnest egg: 3D")
    assert err.where == "line 1 (round)" and "from 1 to 100" in err.reason and "'rounds' line" in err.reason
    assert "from 1 to 100" in refused(PEEK.state_from_text, "round: 101\nnest egg: 3D").reason
    with small_memory(), pytest.raises(ValueError, match="from 1 to 100"):
        COMMONS.deal(seed=1, round=20_000_000)
    for bad in (0, True, 2.0, "3"):
        with pytest.raises(ValueError, match="round"):
            COMMONS.deal(seed=1, round=bad)
    assert COMMONS.deal(seed=1, round=100).rounds == ((0, 0),) * 99


def test_an_extra_round_is_read_with_the_scores_of_the_rounds_before_it():
    text = COMMONS.deal(seed=3, round=1).to_text().replace("round: 1", "round: 5")
    assert COMMONS.state_from_text(text.replace("rounds: -\n", "")).rounds == ((0, 0),) * 4
    assert "follows 4 scored round(s)" in refused(COMMONS.state_from_text, text).reason
    extra = COMMONS.state_from_text(text.replace("rounds: -", "rounds: 0-0 1-1 2-2 0-0"))
    assert extra.round == 5 and extra.rounds == ((0, 0), (1, 1), (2, 2), (0, 0))
    late = text.replace("round: 5", "round: 151").replace("rounds: -", "rounds: " + "0-0 " * 150)
    assert COMMONS.state_from_text(late).round == 151


def test_card_commons_round_points_are_at_most_what_a_side_can_hold():
    """A side holds at most 6 cards (7 dealt, less the Commission), times the round's multiplier."""
    base = COMMONS.deal(seed=3, round=4).to_text()
    assert COMMONS.state_from_text(base.replace("rounds: 0-0 0-0 0-0", "rounds: 6-0 0-6 12-12")).rounds[2] == (12, 12)
    err = refused(COMMONS.state_from_text, base.replace("rounds: 0-0 0-0 0-0", "rounds: 7-0 0-0 0-0"))
    assert err.where == "line 4 (rounds)" and "round 1" in err.reason and "from 0 to 6" in err.reason
    err = refused(COMMONS.state_from_text, base.replace("rounds: 0-0 0-0 0-0", "rounds: 0-0 0-0 0-13"))
    assert "B's points in round 3" in err.reason and "from 0 to 12" in err.reason
    data = json.loads(COMMONS.deal(seed=3, round=4).to_json())
    data["state"]["rounds"][1] = [0, 10**30]
    err = refused(COMMONS.state_from_json, json.dumps(data))
    assert err.where == "rounds" and "round 2" in err.reason and "at most 6" in err.reason


@pytest.mark.parametrize(
    "game, key, text, bounds",
    [
        (COMMERCE, "players", "players: 400\nA: 2C 3C 4C", "from 3 to 12"),
        (COMMITMENT, "round", "seed: 1\nround: 999999999999\nfirst: A", "from 1 to 3"),
    ],
)
def test_counts_in_text_forms_are_bounded(game, key, text, bounds):
    err = refused(game.state_from_text, text)
    assert f"({key})" in err.where and bounds in err.reason


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_seed_of_a_thousand_digits_is_refused_naming_its_line(game):
    text = game.deal(seed=5).to_text()
    err = refused(game.state_from_text, text.replace("seed: 5", "seed: " + "7" * 1000))
    assert "(seed)" in err.where and f"at most {MAX_DIGITS} digits" in err.reason


# --- 2. faults are the promised errors -------------------------------------------------------------


@pytest.mark.parametrize("number", ["9" * 100, "9" * 5000, "-" + "9" * 100])
def test_a_huge_round_number_is_a_state_error_not_an_overflow(number):
    err = refused(COMMONS.state_from_text, f"round: {number}\nnest egg: 3D")
    assert err.where == "line 1 (round)"


@pytest.mark.parametrize("number", ["²", "١", "４", "1_0", "+1", "٣-0", "0x1"])
def test_numbers_are_ascii_digits_only(number):
    err = refused(COMMONS.state_from_text, f"round: 3\nrounds: {number}-0 0-0\nnest egg: 3D")
    assert err.where == "line 2 (rounds)", err
    err = refused(COMMONS.state_from_text, f"seed: {number}\nnest egg: 3D")
    assert err.where == "line 1 (seed)" and "whole number" in err.reason


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_deeply_nested_json_is_a_state_error(game):
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        err = refused(game.state_from_json, text)
        assert err.where == "JSON" and "nested" in err.reason and "line 1, column" in err.reason
    with pytest.raises(StateError, match="nested"):
        Session.from_json("[" * 100_000)


def test_a_saved_game_nested_too_deeply_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"cardlab": "session", "moves": ' + "[" * 50_000 + "]" * 50_000 + "}")
    err = refused(Session.load, path)
    assert err.where == str(path) and "nested" in err.reason


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_five_thousand_digit_number_in_json_is_a_state_error(game):
    text = game.deal(seed=5).to_json().replace('"seed":5', '"seed":' + "1" * 5000)
    err = refused(game.state_from_json, text)
    assert err.where == "JSON" and "5,000 digits" in err.reason and "line 1, column" in err.reason
    err = refused(game.state_from_json, text.replace('"seed":1', '"seed":1.', 1))
    assert "digits" in err.reason
    with pytest.raises(StateError, match="5,000 digits"):
        Session.from_json(Session(game, game.deal(seed=5)).to_json().replace('"seed": 5', '"seed": ' + "2" * 5000))


def test_read_json_is_the_one_reader_of_cardlab_files():
    assert read_json('{"a": [1, 2, {"b": null}]}', "here") == {"a": [1, 2, {"b": None}]}
    err = refused(lambda t: read_json(t, "here"), '{"a": [1, 2')
    assert err.where == "here" and "not valid JSON" in err.reason
    assert "nested" in refused(lambda t: read_json(t, "here"), "[" * 40 + "]" * 40).reason
    assert read_json('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]', "here") == ["[" * 40]  # brackets in text


@pytest.mark.parametrize("text", ["4ſ", "kſ", "\u212aS", "5ı", "JK\u0307", "10ſ", "ﬆ", "4Ｓ", "４S"])
def test_a_card_is_read_from_its_own_characters_never_from_a_case_folded_lookalike(text):
    with pytest.raises(CardError):
        parse_card(text)
    with pytest.raises(CardError):
        cards(f"2C {text} 3D")


@pytest.mark.parametrize(
    "game, text",
    [
        (COMMERCE, "\u212anock"),
        (COMMERCE, "trade 4ſ"),
        (COMMERCE, "barter \u212aH"),
        (CONTEST, "claim 1 3 9H \u212aeep 3"),
        (CONTEST, "exchange Qſ"),
        (CONTEST, "open 5H ２"),
        (COMMITMENT, "7H b１"),
        (COMMITMENT, "4S b1 clubſ"),
        (COMMONS, "claim 4ſ"),
    ],
)
def test_move_notation_is_read_from_its_own_characters(game, text):
    with pytest.raises(NotationError):
        game.parse_move(text)


COMMERCE_3 = "players: 3\nseed: 1\ndealer: A\nA: 2C 3C 4C\nB: 5C 6C 7C\nC: 8C 9C 10C\n"


@pytest.mark.parametrize(
    "game, text, where",
    [
        (cardlab.game("commerce", players=3), COMMERCE_3 + "stoc\u212a: rest", "line 7"),
        (
            cardlab.game("commerce", players=3),
            COMMERCE_3 + "deal 1: dealer A; turns -; end \u212anock; hands 2C 3C 4C / 5C 6C 7C / 8C 9C 10C",
            "line 7 (deal 1)",
        ),
        (PEEK, "variant: pee\u212a\nnest egg: 3D", "line 1 (variant)"),
        (cardlab.game("commerce", players=9), "players: 9\nseed: 1\ndealer: \u0131", "line 3 (dealer)"),
        (COMMITMENT, "seed: 1\nround: 1\nfirst: A\npassed: \u0103", "line 4 (passed)"),
    ],
)
def test_text_forms_read_keys_and_words_from_their_own_characters(game, text, where):
    err = refused(game.state_from_text, text)
    assert err.where.startswith(where), err
    assert "\u212a" in text or "\u0131" in text or "\u0103" in text


def test_a_battle_number_of_many_digits_is_a_notation_error():
    err = refused(COMMITMENT.parse_move, "7H b" + "1" * 5000, NotationError)
    assert "there is no battle" in err.reason and len(str(err)) < 400


# --- 3. reading is linear --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        lambda n: "x" + " " * n + "y",  # a key with a long run of spaces
        lambda n: "seed: 1" + " " * n + "2",  # a value with a long run of spaces
        lambda n: "A hand: " + "2C " * (n // 3),  # a long value
        lambda n: "#" * n,  # a long comment
        lambda n: ":" * n,
    ],
    ids=["a key of spaces", "a value of spaces", "a long value", "a long comment", "colons"],
)
def test_a_megabyte_text_form_is_answered_in_linear_time(line):
    err = linear(COMMONS.state_from_text, lambda n: line(n) + "\nnest egg: 3D")
    assert len(str(err)) < 600  # the message quotes the input, cut short


def test_a_megabyte_text_form_line_is_quoted_short_in_the_message():
    err = refused(COMMONS.state_from_text, "x" * MEGABYTE)
    assert err.where == "line 1" and "…" in err.reason and len(err.reason) < 200


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_megabyte_move_texts_and_card_lists_are_answered_in_linear_time(game):
    for text in (
        lambda n: " " * n + "x",
        lambda n: "a" * n,
        lambda n: "claim " + "4H " * (n // 3),
        lambda n: "7H b1 " + "-" * n,
        lambda n: "b" + "1" * n,
        lambda n: "10" * n,
    ):
        assert len(str(linear(game.parse_move, text, NotationError))) < 600
    linear(cards, lambda n: "2C " * (n // 3) + "ZZ", CardError)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_megabyte_stacked_deck_is_answered_in_linear_time(game):
    linear(lambda deck: game.deal(deck=deck), lambda n: "2C " * (n // 3), ValueError)


def test_megabyte_json_is_answered_in_linear_time():
    data = json.loads(COMMONS.deal(seed=1).to_json())

    def long_pool(n):
        data["state"]["pool_up"] = ["2C"] * (n // 5)
        return json.dumps(data)

    for text in (
        lambda n: '"' + "x" * n + '"',
        lambda n: "[" + "1," * (n // 2) + "1]",
        lambda n: '["' + "\\\\" * (n // 2) + '"]',
        lambda n: "[" * 30 + '"' + "[" * n,
        lambda n: "[" * 30 + '"\\"' * n,
        lambda n: "[" * n,
        long_pool,
    ):
        linear(COMMONS.state_from_json, text)


def test_the_card_finders_are_linear():
    from cardlab.engine.seen import _CARD_CODE
    from cardlab.widgets.viewmodel import _CARD_TOKEN, pretty

    def finds(unit):
        return lambda n: (_CARD_CODE.findall(unit * n), _CARD_TOKEN.findall(unit * n))

    for unit in ("1", "10", "J", "4H", "?4H"):
        assert_linear(finds(unit), MEGABYTE // FACTOR, repeats=1)
    assert pretty("4H " * 1000).count("♥") == 1000
    assert not _CARD_CODE.search("4ſ") and not _CARD_CODE.search("\u212aS")
