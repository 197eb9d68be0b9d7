"""Commitment: one test per rule, each showing the rule at work and the illegal version refused."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab import HIDDEN, JOKER, IllegalMove, NotationError, StateError, cards
from cardlab.engine import Continuation, replace_cards
from cardlab.games.commitment import (
    BATTLE_DECK,
    BATTLE_VP,
    DRAW_DECK,
    NEXT_ROUND,
    PASS,
    Battle,
    Commit,
    CommitmentState,
    judge,
    stack_arithmetic,
    stack_value,
)

game = cardlab.game("commitment")
C = cardlab.Card.parse


# --- hand-written positions ------------------------------------------------------------------------


def position(
    *,
    round: int = 1,
    first: str = "A",
    turn: str = "A",
    passed: str = "-",
    a: str = "",
    b: str = "",
    battles: tuple = (),
    draw_top: str = "",
    battle_deck: str | None = None,
    a_won: str = "",
    b_won: str = "",
    discard: str = "",
) -> CommitmentState:
    """A state read from its text form, with the cards named here where they are named. The draw
    deck is ``draw_top`` then unnamed cards, up to the size the round implies; the battle deck
    (unless given) is filled from the unnamed battle cards; every other card is discarded."""
    stacks = " ".join(" ".join(x[1:]) for x in battles).replace("/", " ").replace("-", " ")
    named = list(
        cards(" ".join([a, b, draw_top, a_won, b_won, discard, battle_deck or "", stacks] + [x[0] for x in battles]))
    )
    rest = sorted((c for c in DRAW_DECK if c not in named), key=lambda c: c.rank != 14)  # Aces into the deck
    aces = sum(1 for c in cards(stacks + " " + discard) if c.rank == 14 and c.suit != "S")
    size = 48 - 20 - 12 * (round - 1) - aces - len(cards(draw_top))
    spare = [c for c in BATTLE_DECK if c != JOKER and c not in named] + [JOKER] * (2 - named.count(JOKER))
    if battle_deck is None:
        count = 6 - sum(range(1, round + 1))
        battle_deck, spare = " ".join(c.code for c in spare[:count]), spare[count:]
    lines = [
        f"round: {round}",
        f"first: {first}",
        f"turn: {turn}",
        f"passed: {passed}",
        f"A hand: {a or '-'}",
        f"B hand: {b or '-'}",
        f"draw deck: {' '.join([draw_top] + [c.code for c in rest[:size]]).strip() or '-'}",
        f"battle deck: {battle_deck or '-'}",
    ]
    for i, (card, side_a, side_b) in enumerate(battles, start=1):
        lines += [f"b{i}: {card}", f"b{i} A: {side_a}", f"b{i} B: {side_b}"]
    leftover = " ".join([discard] + [c.code for c in rest[size:] + spare]).strip()
    lines += [f"A won: {a_won or '-'}", f"B won: {b_won or '-'}", f"discard: {leftover or '-'}"]
    return game.state_from_text("\n".join(lines))


EMPTY = "- / - / -"


def side(state: CommitmentState, battle: int, player: int) -> tuple[str, str, str]:
    """A side's three stacks as card codes (hearts, clubs, diamonds)."""
    return tuple(" ".join(c.code for c in stack) for stack in state.battles[battle - 1].sides[player])


def refused(state: CommitmentState, move: str, rule: str) -> IllegalMove:
    """Assert ``move`` is illegal under ``rule`` and leaves ``state`` as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        game.play(state, move)
    assert info.value.rule == rule, info.value
    assert state.to_json() == before
    assert game.parse_move(move) not in game.legal_moves(state)
    return info.value


# --- the worked example --------------------------------------------------------------------------------

EXAMPLE = """\
round: 1
first: A
passed: A B
A hand: 3H 4H 5C 6C
B hand: 5H 6H 7C 8C 7D 8D
draw deck: 7H 9H JH QH KH AH 2C 4C 10C JC QC AC 2D 4D 9D 10D JD QD KD AD 2S 3S 5S 6S 7S 8S 9S 10S
battle deck: JK JK AS JS KS
b1: QS
b1 A: 8H 2H / 3C 4S KC / 6D
b1 B: 10H / 9C / 5D 3D
A won: -
B won: -
discard: -
"""


def test_worked_example_scores_exactly():
    state = game.state_from_text(EXAMPLE)
    verdict = judge(state.battles[0])
    assert verdict.values == ((10, 14, 6), (10, 9, 8))
    assert verdict.suits == (1, 1)
    assert (sum(verdict.values[0]), sum(verdict.values[1])) == (30, 27)
    assert verdict.winner == 0 and verdict.rule == "commitment.score.total"
    score = game.score(state)
    assert score.title == "Round 1 scored"
    assert score.totals == (2, 0)
    reasons = [(i.player, i.points, i.reason, i.rule) for i in score.items]
    assert reasons == [
        (0, 0, "Battle 1 Q♠: A's hearts 8♥ + 2♥ = 10", "commitment.score.stack"),
        (0, 0, "Battle 1 Q♠: A's clubs (3♣ + 4♠) × 2 by K♣ = 14", "commitment.king"),
        (0, 0, "Battle 1 Q♠: A's diamonds 6♦ = 6", "commitment.score.stack"),
        (1, 0, "Battle 1 Q♠: B's hearts 10♥ = 10", "commitment.score.stack"),
        (1, 0, "Battle 1 Q♠: B's clubs 9♣ = 9", "commitment.score.stack"),
        (1, 0, "Battle 1 Q♠: B's diamonds 5♦ + 3♦ = 8", "commitment.score.stack"),
        (
            0,
            2,
            "Battle 1: A takes Q♠ (2 VP). Hearts tied 10 to 10; A wins clubs 14 to 9; B wins diamonds 8 to 6. "
            "1 suit each, so the higher total of all three stacks takes it: 30 to 27.",
            "commitment.score.total",
        ),
    ]
    assert score.items[1].cards == tuple(cards("3C 4S KC"))
    assert score.items[-1].cards == (C("QS"),)


def test_worked_example_played_out():
    """The same position one pass earlier: B has passed, A passes, the round is scored and A keeps Q♠."""
    state = dataclasses.replace(game.state_from_text(EXAMPLE), passed=(False, True), turn=0)
    game.validate(state)
    assert game.score(state).totals == (0, 0)  # not won yet: the round is still on
    assert "if the round ended now, A would take Q♠" in game.score(state).items[-1].reason
    step = game.step(state, "pass")
    assert step.after == game.state_from_text(EXAMPLE)
    rules = [e.rule for e in step.events]
    assert "commitment.score.total" in rules and rules[-1] == "commitment.round.start"
    assert step.events[-1].text == "A has 2 VP and B has 0: A has more VP and starts round 2."
    after = game.play(step.after, "next round")
    assert after.won == ((C("QS"),), ()) and game.score(after).totals == (2, 0)


def test_the_rules_page_shows_the_tested_example_and_its_score():
    page = (Path(__file__).parent.parent / "docs" / "rules" / "commitment.md").read_text(encoding="utf-8")
    blocks = [body for lang, body in re.findall(r"```(\w*)\n(.*?)```", page, re.S) if not lang]
    assert blocks[0] == EXAMPLE
    assert blocks[1] == str(game.score(game.state_from_text(EXAMPLE))) + "\n"


# --- the cards and the deal ---------------------------------------------------------------------------


def test_deck_is_54_cards_with_two_identical_jokers():
    deck = game.deck()
    assert len(deck) == 54 and deck.count(JOKER) == 2
    assert sorted(deck) == sorted(cardlab.standard_deck(jokers=2))
    assert BATTLE_VP == {JOKER: 1, C("JS"): 2, C("QS"): 2, C("KS"): 3, C("AS"): 3}
    assert not {c for c in DRAW_DECK if c.suit == "S" and c.rank > 10}
    assert len(DRAW_DECK) == 48


STACKED = (
    "QS JK JK AS JS KS "  # battle deck: b1, then round 2's two, then round 3's three
    "2H 3H 4H 5H 6H 7H 8H 9H 10H JH "  # A's 10
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC "  # B's 10
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S 10S QH KH AH QC KC AC"
)


def test_stacked_deal_order():
    state = game.deal(deck=STACKED, first="B")
    assert state.battles == (Battle(C("QS"), (((), (), ()), ((), (), ()))),)
    assert state.battle_deck == tuple(cards("JK JK AS JS KS"))
    assert state.hands == (
        tuple(cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH")),
        tuple(cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC")),
    )
    assert state.draw[:3] == tuple(cards("2D 3D 4D")) and len(state.draw) == 28
    assert (state.round, state.first, state.turn, state.passed) == (1, 1, 1, (False, False))


@given(st.permutations(BATTLE_DECK), st.permutations(DRAW_DECK), st.sampled_from("AB"))
def test_any_stacked_deck_is_dealt_in_the_documented_order(battle_deck, draw_deck, first):
    state = game.deal(deck=list(battle_deck) + list(draw_deck), first=first)
    assert state.battles[0].card == battle_deck[0] and state.battle_deck == tuple(battle_deck[1:])
    assert sorted(state.hands[0]) == sorted(draw_deck[:10]) and sorted(state.hands[1]) == sorted(draw_deck[10:20])
    assert state.draw == tuple(draw_deck[20:]) and state.turn == state.first == "AB".index(first)
    game.validate(state)


def test_deal_rejects_a_bad_deck_and_a_bad_starter():
    with pytest.raises(ValueError, match="starts with the 6 battle cards"):
        game.deal(deck=STACKED.replace("QS JK", "2D JK", 1).replace(" 2D 3D", " QS 3D", 1))
    with pytest.raises(ValueError, match="missing QS"):
        game.deal(deck=STACKED.replace("QS ", "", 1))
    with pytest.raises(ValueError, match="twice: 2H"):
        game.deal(deck=STACKED + " 2H")
    with pytest.raises(ValueError, match="'A' or 'B'"):
        game.deal(seed=1, first="C")
    with pytest.raises(ValueError, match="no options"):
        cardlab.game("commitment", jokers=3)


def test_the_seed_shuffles_and_picks_the_first_player():
    assert game.deal(seed=5) == game.deal(seed=5)
    assert game.deal(seed=5) != game.deal(seed=6)
    assert {game.deal(seed=s).first for s in range(20)} == {0, 1}
    fresh = game.deal()
    assert fresh.seed >= 0 and game.deal(seed=fresh.seed) == fresh
    assert game.deal(seed=5, first="A").turn == 0 and game.deal(seed=5, first=1).turn == 1


def test_a_stacked_deal_without_a_seed_takes_seed_0():
    state = game.deal(deck=STACKED)
    assert state.seed == 0 and state == game.deal(deck=STACKED, seed=0) == game.deal(deck=STACKED)
    assert state.to_text().startswith("seed: 0\n") and game.state_from_text(state.to_text()) == state
    assert game.deal(deck=STACKED, seed=5).seed == 5  # a given seed is kept
    assert game.deal(deck=STACKED, seed=5, first="B").turn == 1
    with pytest.raises(ValueError, match="a seed is a whole number"):
        game.deal(deck=STACKED, seed=-1)


def test_round_one_has_one_battle_and_ten_cards_each():
    state = game.deal(seed=3)
    assert len(state.battles) == 1 and len(state.battle_deck) == 5
    assert [len(h) for h in state.hands] == [10, 10]


# --- committing -------------------------------------------------------------------------------------------


def test_a_number_card_goes_on_its_own_suit_stack_on_your_side():
    state = position(a="7H 9C", b="5D", battles=(("QS", EMPTY, EMPTY),))
    after = game.play(state, "7H b1")
    assert side(after, 1, 0) == ("7H", "", "") and side(after, 1, 1) == ("", "", "")
    assert after.hands[0] == (C("9C"),) and after.turn == 1
    refused(state, "7H b1 clubs", "commitment.stack")


def test_you_commit_only_a_card_you_hold_to_a_battle_that_exists():
    state = position(a="7H", b="5D", battles=(("QS", EMPTY, EMPTY),))
    err = refused(state, "5D b1", "commitment.commit")
    assert "A does not hold 5♦" in err.reason
    err = refused(state, "7H b2", "commitment.commit")
    assert "no battle 2" in err.reason and "round 1 has battle 1" in err.reason
    refused(state, "JK b1", "commitment.commit")


def test_an_ace_goes_on_the_other_side_and_you_draw():
    state = position(a="AH 2C", b="5D", battles=(("QS", "3H / - / -", "4H / - / -"),), draw_top="9D")
    step = game.step(state, "AH b1")
    after = step.after
    assert side(after, 1, 1) == ("4H AH", "", "") and side(after, 1, 0) == ("3H", "", "")
    assert after.hands[0] == tuple(cards("2C 9D")) and after.draw == state.draw[1:]
    assert judge(after.battles[0]).values == ((3, 0, 0), (5, 0, 0))  # the Ace counts 1 for B
    private = [e for e in step.events if e.seen_by is not None]
    assert [(e.text, e.seen_by) for e in private] == [("A draws 9♦.", frozenset({0}))]
    refused(state, "AH b1 hearts", "commitment.ace")


def test_the_draw_deck_never_runs_out_for_an_ace():
    """44 cards are dealt in all and there are three Aces to draw for: the deck keeps at least one."""
    state = position(
        round=3,
        a="AD",
        b="5D",
        discard="AH AC 2H",
        draw_top="9D",
        battles=(("JK", EMPTY, EMPTY), ("JS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)),
        battle_deck="",
        a_won="JK QS",
        b_won="AS",
    )
    assert len(state.draw) == 2
    after = game.play(state, "AD b2")
    assert len(after.draw) == 1 and C("9D") in after.hands[0]
    empty = dataclasses.replace(state, draw=(), discard=state.discard + state.draw)  # unreachable, yet handled
    with pytest.raises(StateError, match="the draw deck holds 2 cards; it holds 0"):
        game.validate(empty)
    step = game.step(empty, "AD b2")
    assert step.after.hands[0] == () and "draws nothing" in step.events[-1].text


def test_a_jack_in_round_one_stays_and_adds_zero():
    state = position(a="JH 2C", b="5D", battles=(("QS", "6H / - / -", EMPTY),))
    after = game.play(state, "JH b1")
    assert side(after, 1, 0) == ("6H JH", "", "") and judge(after.battles[0]).values[0] == (6, 0, 0)
    err = refused(state, "JH b1 -> b2", "commitment.jack")
    assert "round 1 has one battle" in err.reason


def test_a_jack_moves_its_whole_stack_onto_your_stack_at_another_battle():
    state = position(
        round=2,
        a="JH 2C",
        b="5D",
        a_won="JK",
        battles=(("QS", "6H 4S / 3C / -", "9H / - / -"), ("KS", "2H / - / -", "5H / - / -")),
    )
    after = game.play(state, "JH b1 -> b2")
    assert side(after, 1, 0) == ("", "3C", "")
    assert side(after, 2, 0) == ("2H 6H 4S JH", "", "")
    assert side(after, 1, 1) == ("9H", "", "") and side(after, 2, 1) == ("5H", "", "")
    assert game.legal_moves(state).count(Commit(C("JH"), 1, to=2)) == 1
    err = refused(state, "JH b1", "commitment.jack")
    assert "must move its stack to another battle" in err.reason
    refused(state, "JH b1 -> b1", "commitment.jack")
    err = refused(state, "JH b1 -> b5", "commitment.jack")
    assert "no battle 5" in err.reason
    refused(state, "2C b1 -> b2", "commitment.jack")


def test_a_jack_moves_even_an_empty_stack_and_lands_on_an_empty_one():
    state = position(round=2, a="JD", b="5D", a_won="JK", battles=(("QS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)))
    assert [str(m) for m in game.legal_moves(state)] == ["JD b1 -> b2", "JD b2 -> b1", "pass"]
    after = game.play(state, "JD b2 -> b1")
    assert side(after, 1, 0) == ("", "", "JD") and side(after, 2, 0) == ("", "", "")


def test_a_jack_carries_the_other_players_ace_with_its_stack():
    """Reading 14: B's Ace on A's hearts at b1 is part of A's stack; A's Jack moves it to b2."""
    state = position(
        round=2, a="JH 2C", b="5D", a_won="JK", battles=(("QS", "AH 5H / - / -", EMPTY), ("KS", "2H / - / -", EMPTY))
    )
    after = game.play(state, "JH b1 -> b2")
    assert side(after, 1, 0) == ("", "", "") and side(after, 2, 0) == ("2H AH 5H JH", "", "")
    assert stack_value(after.battles[1].sides[0][0]) == 2 + 1 + 5


def test_an_ace_played_on_top_of_a_king_is_not_doubled():
    """Reading 15: B commits A♣ onto A's clubs 3♣ K♣: it lies above the King."""
    state = position(a="2H", b="AC 9D", turn="B", battles=(("QS", "- / 3C KC / -", EMPTY),))
    after = game.play(state, "AC b1")
    assert side(after, 1, 0) == ("", "3C KC AC", "")
    assert stack_value(after.battles[0].sides[0][1]) == 3 * 2 + 1


def test_a_moved_king_doubles_the_cards_it_lands_on():
    """The moved stack goes on top, so the cards already there are below its King."""
    state = position(
        round=2, a="JC", b="5D", a_won="JK", battles=(("QS", "- / 2C KC / -", EMPTY), ("KS", "- / 5C 3C / -", EMPTY))
    )
    after = game.play(state, "JC b1 -> b2")
    stack = after.battles[1].sides[0][1]
    assert stack == tuple(cards("5C 3C 2C KC JC"))
    assert stack_value(stack) == (5 + 3 + 2) * 2
    assert stack_arithmetic(stack) == "(5♣ + 3♣ + 2♣) × 2 by K♣ + J♣ (0) = 20"


def test_a_stack_moved_onto_a_king_is_not_doubled():
    state = position(
        round=2, a="JC", b="5D", a_won="JK", battles=(("QS", "- / 9C / -", EMPTY), ("KS", "- / 5C KC / -", EMPTY))
    )
    after = game.play(state, "JC b1 -> b2")
    assert stack_value(after.battles[1].sides[0][1]) == 5 * 2 + 9


def test_a_queen_discards_her_stack_and_the_other_players_stack_of_her_suit():
    state = position(
        round=2,
        a="QH 2C",
        b="5D",
        a_won="JK",
        battles=(("QS", "6H 4S / 3C / -", "9H AH / 7C / -"), ("KS", "2H / - / -", "5H / - / -")),
    )
    step = game.step(state, "QH b1")
    after = step.after
    assert side(after, 1, 0) == ("", "3C", "") and side(after, 1, 1) == ("", "7C", "")
    assert side(after, 2, 0) == ("2H", "", "") and side(after, 2, 1) == ("5H", "", "")
    assert after.discard[-5:] == tuple(cards("6H 4S QH 9H AH"))
    assert step.events[0].rule == "commitment.queen"
    refused(state, "QH b1 clubs", "commitment.face")
    refused(state, "QH b1 -> b2", "commitment.jack")


def test_a_queen_on_an_empty_opposite_stack_discards_only_her_own():
    state = position(a="QD", b="5D", battles=(("QS", "- / - / 8D", "9H / - / -"),))
    after = game.play(state, "QD b1")
    assert side(after, 1, 0) == ("", "", "") and side(after, 1, 1) == ("9H", "", "")
    assert after.discard[-2:] == tuple(cards("8D QD"))


def test_a_king_doubles_only_the_cards_below_it():
    state = position(a="KC 6C", b="2D", battles=(("QS", "- / 3C 4S / -", "- / 9C / -"),))
    after = game.play(state, "KC b1")
    assert judge(after.battles[0]).values[0] == (0, (3 + 4) * 2, 0)
    on_top = game.play(game.play(after, "2D b1"), "6C b1")  # played on top of the King: not doubled
    assert judge(on_top.battles[0]).values[0] == (0, (3 + 4) * 2 + 6, 0)
    refused(state, "KC b1 clubs", "commitment.face")


@given(
    st.lists(st.sampled_from(cards("2C 3C 4C 5C 6C 7C 8C 9C 10C 2S 3S 9S AC JC")), max_size=6, unique=True),
    st.lists(st.sampled_from(cards("2D 3D 4D 5D 6D 7D")), max_size=4, unique=True),
)
def test_king_doubling_property(below, above):
    stack = tuple(below) + (C("KC"),) + tuple(above)
    values = {
        **{c: c.rank for c in cards("2C 3C 4C 5C 6C 7C 8C 9C 10C 2S 3S 9S 2D 3D 4D 5D 6D 7D")},
        C("AC"): 1,
        C("JC"): 0,
    }
    assert stack_value(stack) == 2 * sum(values[c] for c in below) + sum(values[c] for c in above)


def test_a_spade_joins_the_stack_you_choose_then_belongs_to_it():
    state = position(a="4S KC", b="2D QC", battles=(("QS", "- / 3C / -", "- / 9C / -"),))
    moves = [str(m) for m in game.legal_moves(state) if m != PASS]
    assert moves == ["4S b1 hearts", "4S b1 clubs", "4S b1 diamonds", "KC b1"]  # in hand order
    after = game.play(state, "4S b1 clubs")
    assert side(after, 1, 0) == ("", "3C 4S", "")
    doubled = game.play(game.play(after, "2D b1"), "KC b1")
    assert judge(doubled.battles[0]).values[0] == (0, 14, 0)
    queened = game.play(after, "QC b1")  # B's Queen of clubs takes the 4♠ with A's clubs
    assert side(queened, 1, 0) == ("", "", "") and C("4S") in queened.discard
    refused(state, "4S b1", "commitment.spade")
    assert game.parse_move("4S b1 ♣") == game.parse_move("4s B1 Clubs") == Commit(C("4S"), 1, "C")


def test_a_spade_on_a_stack_is_noted_wild_for_every_viewer():
    """The worked example's 4♠ sits among A's clubs: the table must not show it as a club."""
    state = game.state_from_text(EXAMPLE)
    expected = {"b1 A clubs": (None, "wild", None)}
    assert game.card_notes(state) == expected
    assert game.card_notes(game.view(state, 0)) == game.card_notes(game.view(state, 1)) == expected
    assert game.card_notes(game.play(game.state_from_text(EXAMPLE), "next round")) == {}  # the stacks are cleared


# --- turns and passing --------------------------------------------------------------------------------------


def test_players_take_turns():
    state = position(a="2H 3H", b="2C 3C", battles=(("QS", EMPTY, EMPTY),))
    after = game.play(state, "2H b1")
    assert after.turn == 1
    refused(after, "3H b1", "commitment.commit")  # A's card, but it is B's turn


def test_passing_is_for_the_whole_round():
    state = position(a="2H 3H", b="2C 3C 4C", battles=(("QS", EMPTY, EMPTY),))
    after = game.play(state, "pass")
    assert after.passed == (True, False) and after.turn == 1
    after = game.play(after, "2C b1")
    assert after.turn == 1  # B keeps committing, one card at a time
    err = refused(after, "3H b1", "commitment.pass")  # A has passed
    assert "A has passed" in err.reason
    after = game.play(after, "3C b1")
    assert after.turn == 1 and side(after, 1, 1) == ("", "2C 3C", "")
    end = game.play(after, "pass")
    assert end.round_over and end.passed == (True, True)
    assert end.hands == (tuple(cards("2H 3H")), (C("4C"),))


def test_a_player_with_no_cards_must_pass():
    state = position(turn="B", passed="A", a="2H", b="", battles=(("QS", "5H / - / -", EMPTY),))
    assert game.legal_moves(state) == [PASS]
    refused(state, "2H b1", "commitment.pass")
    state = position(a="", b="2C", battles=(("QS", EMPTY, "- / 5C / -"),))
    assert game.legal_moves(state) == [PASS]
    refused(state, "2C b1", "commitment.commit")


def test_after_both_pass_the_round_is_scored_and_waits_for_next_round():
    state = game.state_from_text(EXAMPLE)
    assert game.legal_moves(state) == [NEXT_ROUND]
    assert isinstance(NEXT_ROUND, Continuation)  # it decides nothing: nobody is "to move"
    refused(state, "3H b1", "commitment.round.next")
    refused(state, "pass", "commitment.round.next")
    going = position(a="2H", b="2C", battles=(("QS", EMPTY, EMPTY),))
    err = refused(going, "next round", "commitment.round.end")
    assert "A and B" in err.reason


def test_next_round_discards_hands_out_turns_up_and_draws():
    state = game.state_from_text(EXAMPLE)
    step = game.step(state, "next round")
    after = step.after
    assert after.round == 2 and after.won == ((C("QS"),), ())
    assert after.discard == tuple(cards("8H 2H 3C 4S KC 6D 10H 9C 5D 3D"))
    assert [b.card for b in after.battles] == [JOKER, JOKER] and after.battle_deck == tuple(cards("AS JS KS"))
    assert after.hands[0] == tuple(cards("3H 4H 7H 9H JH QH KH AH 5C 6C"))  # kept 4 + drew 6
    assert after.hands[1] == tuple(cards("5H 6H 2C 4C 7C 8C 10C JC QC AC 7D 8D"))  # kept 6 + drew 6
    assert len(after.draw) == 28 - 12 and after.turn == 0 and after.passed == (False, False)
    assert {e.rule for e in step.events} >= {
        "commitment.round.discard",
        "commitment.setup.battles",
        "commitment.setup.draw",
        "commitment.vp",
    }
    # what each player drew is told only to that player
    private = {e.text: e.seen_by for e in step.events if e.seen_by}
    assert private == {"A draws 7♥ 9♥ J♥ Q♥ K♥ A♥.": frozenset({0}), "B draws 2♣ 4♣ 10♣ J♣ Q♣ A♣.": frozenset({1})}


def test_more_vp_starts_the_next_round():
    """B started round 1, but A won the battle: A starts round 2."""
    text = EXAMPLE.replace("first: A", "first: B")
    state = game.state_from_text(text.replace("passed: A B", "turn: B\npassed: A"))
    end = game.play(state, "pass")
    assert game.to_move(end) == 0 and game.legal_moves(end) == [NEXT_ROUND]
    assert game.play(end, "next round").turn == 0
    assert game.state_from_text(text) == end  # written by hand, the starter follows from the VP
    refused(end, "pass", "commitment.round.next")


def swap(state: CommitmentState, a: str, b: str) -> CommitmentState:
    """``state`` with two cards exchanged wherever they lie, as the state editor does."""
    x, y = C(a), C(b)
    return replace_cards(state, lambda c: y if c == x else x if c == y else c)


def test_an_edit_of_a_scored_round_changes_who_starts_the_next():
    """Swapping A's 8♥ on the table with B's 5♥ in hand gives B hearts (10 to 7) and diamonds:
    two suits, the Q♠ and its 2 VP, so B starts round 2 although A started round 1."""
    scored = game.state_from_text(EXAMPLE)
    assert game.to_move(scored) == 0
    edited = swap(scored, "8H", "5H")
    game.validate(edited)
    assert judge(edited.battles[0]).winner == 1 and game.score(edited).totals == (0, 2)
    assert game.to_move(edited) == 1 and game.to_move(game.view(edited, 0)) == 1
    assert game.state_from_json(edited.to_json()) == edited
    assert game.state_from_text(edited.to_text()) == edited and "turn:" not in edited.to_text()
    assert "B plays 'next round'" in game.state_html(edited)
    step = game.step(edited, "next round")
    assert step.after.turn == 1 and step.after.won == ((), (C("QS"),))
    assert step.events[-1].text == "B starts round 2."
    # the same edit before A's pass: the round is still on, and A, not B, is to act
    playing = swap(dataclasses.replace(scored, passed=(False, True), turn=0), "8H", "5H")
    assert game.to_move(playing) == 0 and game.to_move(game.play(playing, "pass")) == 1


def test_a_scored_round_keeps_no_turn_and_a_round_in_play_names_one():
    scored = game.state_from_text(EXAMPLE)
    assert scored.turn is None
    for player in (0, 1):  # a stored turn there is refused: it could disagree
        with pytest.raises(StateError) as info:
            game.validate(dataclasses.replace(scored, turn=player))
        assert info.value.where == "turn" and "follows from the VP" in info.value.reason
        data = json.loads(scored.to_json())
        data["state"]["turn"] = player
        with pytest.raises(StateError, match="stores no turn"):
            game.state_from_json(json.dumps(data))
    playing = dataclasses.replace(scored, passed=(False, True))
    with pytest.raises(StateError, match="name the player to act"):
        game.validate(playing)
    # in the text form a turn line at a round's end is ignored, a malformed one refused
    for line in ("turn: A", "turn: B", "turn: -"):
        assert game.state_from_text(EXAMPLE.replace("passed: A B", f"{line}\npassed: A B")) == scored
    with pytest.raises(StateError, match="expected a player"):
        game.state_from_text(EXAMPLE.replace("passed: A B", "turn: C\npassed: A B"))
    with pytest.raises(StateError, match="missing; add a line 'turn: ...'"):
        game.state_from_text(EXAMPLE.replace("passed: A B", "passed: B"))
    with pytest.raises(StateError, match="'-' \\(nobody to act\\) is only for a round both players have passed"):
        game.state_from_text(EXAMPLE.replace("passed: A B", "turn: -\npassed: B"))


def test_equal_vp_the_round_one_starter_starts():
    for first, turn in (("A", 0), ("B", 1)):  # 1 suit each, 30 to 30: Q♠ is discarded
        state = position(
            first=first, turn=first, passed="A B", battles=(("QS", "8H 2H / 3C 4S KC / 6D", "10H / 9C / 5D 3D 3S"),)
        )
        assert judge(state.battles[0]).rule == "commitment.score.discard" and game.to_move(state) == turn
        assert game.play(state, "next round").turn == turn


def test_the_leader_after_round_two_starts_round_three():
    state = position(
        round=2,
        first="A",
        turn="B",
        passed="A B",
        a="2H",
        b="2C",
        a_won="",
        b_won="JK",
        battles=(("QS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)),
    )
    assert game.to_move(state) == 1 and state.turn is None
    after = game.play(state, "next round")
    assert after.round == 3 and after.turn == 1 and len(after.battles) == 3 and after.battle_deck == ()


# --- scoring a battle --------------------------------------------------------------------------------------------


def battle(a: str, b: str, card: str = "QS") -> Battle:
    state = position(battles=((card, a, b),))
    return state.battles[0]


def test_each_suit_goes_to_the_higher_stack_and_ties_to_nobody():
    verdict = judge(battle("9H / 2C / 5D", "3H / AC / 5S"))
    assert verdict.values == ((9, 2, 5), (3, 1, 5)) and verdict.suits == (2, 0)


def test_more_suits_takes_the_battle_card():
    verdict = judge(battle("10H 9H / 2C / 3D", "2H / 3C / 4D"))  # B wins with the lower total
    assert verdict.suits == (1, 2) and verdict.winner == 1 and verdict.rule == "commitment.score.suits"
    assert (sum(verdict.values[0]), sum(verdict.values[1])) == (24, 9)
    verdict = judge(battle("2H / - / -", "- / - / -"))
    assert verdict.suits == (1, 0) and verdict.winner == 0


def test_equal_suits_the_higher_total_takes_it():
    verdict = judge(battle("10H / 2C / -", "3H / 8C / -"))
    assert verdict.suits == (1, 1) and verdict.winner == 0 and verdict.rule == "commitment.score.total"


def test_equal_suits_and_equal_totals_discard_the_battle_card():
    verdict = judge(battle("10H / 2C / -", "2H / 10C / -"))
    assert verdict.suits == (1, 1) and verdict.winner is None and verdict.rule == "commitment.score.discard"
    state = position(turn="A", passed="A B", battles=(("QS", "10H / 2C / -", "2H / 10C / -"),))
    score = game.score(state)
    assert score.totals == (0, 0)
    assert score.notes == (
        "Battle 1: Q♠ is discarded. A wins hearts 10 to 2; B wins clubs 10 to 2; diamonds tied 0 to 0. "
        "1 suit each, and the totals of all three stacks are equal, 12 to 12.",
    )
    after = game.play(state, "next round")
    assert after.won == ((), ()) and C("QS") in after.discard


def test_an_empty_battle_is_discarded():
    verdict = judge(battle(EMPTY, EMPTY))
    assert verdict.suits == (0, 0) and verdict.winner is None


ROUND3 = dict(round=3, a="2H", b="9D", battle_deck="")


def test_after_round_three_more_vp_wins():
    state = position(
        **ROUND3,
        turn="B",
        passed="A",
        a_won="JK QS",
        b_won="AS",
        battles=(("JK", "3H / - / -", EMPTY), ("JS", EMPTY, "- / - / 4D"), ("KS", EMPTY, EMPTY)),
    )
    assert game.score(state).totals == (3, 3)  # round 3 not scored yet
    step = game.step(state, "pass")
    end = step.after
    assert game.to_move(end) is None and game.legal_moves(end) == [] and game.is_over(end)
    assert "turn:" not in end.to_text() and game.state_from_text(end.to_text()) == end
    score = game.score(end)
    assert score.final and score.title == "Final score"
    assert score.totals == (1 + 2 + 1, 3 + 2) and score.winners == (1,)
    assert step.events[-1].text == "After round 3, A has 4 VP and B has 5: B wins."
    with pytest.raises(IllegalMove) as info:
        game.play(end, "next round")
    assert info.value.rule == "commitment.end"


def test_equal_vp_after_round_three_is_a_draw():
    state = position(
        **ROUND3,
        turn="-",
        passed="A B",
        a_won="JK",
        b_won="QS",
        battles=(("JK", "3H / - / -", EMPTY), ("JS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)),
    )
    assert C("AS") in state.discard  # round 2's other battle card was discarded
    score = game.score(state)
    assert score.final and score.totals == (2, 2) and score.winners == (0, 1) and score.draw
    assert score.outcome() == "a draw"
    assert score.notes[-1] == "Equal VP: the game is a draw."


# --- notation ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move",
    [
        ("7H b1", Commit(C("7H"), 1)),
        ("10d b3", Commit(C("10D"), 3)),
        ("4S b1 clubs", Commit(C("4S"), 1, "C")),
        ("4♠ b2 hearts", Commit(C("4S"), 2, "H")),
        ("JH b1 -> b2", Commit(C("JH"), 1, to=2)),
        ("JH b1->b3", Commit(C("JH"), 1, to=3)),
        ("pass", PASS),
        ("  Next   Round ", NEXT_ROUND),
    ],
)
def test_notation_reads_and_writes_moves(text, move):
    assert game.parse_move(text) == move
    assert game.parse_move(str(move)) == move


@pytest.mark.parametrize(
    "text, token, reason",
    [
        ("", "", "it is empty"),
        ("7X b1", "7X", "unknown suit"),
        ("7H", "", "name the battle after the card, such as '7H b1'"),
        ("7H x1", "x1", "expected a battle such as b1"),
        ("7H b0", "b0", "expected a battle such as b1"),
        ("4S b1 spades", "spades", "expected a stack (hearts, clubs or diamonds)"),
        ("JH b1 ->", "", "name the battle the Jack's stack moves to"),
        ("pass now", "now", "unexpected text"),
        ("next turn", "turn", "write 'next round'"),
    ],
)
def test_notation_errors_point_at_the_problem(text, token, reason):
    with pytest.raises(NotationError) as info:
        game.parse_move(text)
    err = info.value
    assert text[err.start : err.end] == token and reason in err.reason


def test_legal_moves_list_every_distinct_choice_once():
    state = position(round=2, a="2H 4S JC AD", b="5D", a_won="JK", battles=(("QS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)))
    moves = [str(m) for m in game.legal_moves(state)]
    assert moves == [
        "2H b1",
        "2H b2",
        "4S b1 hearts",
        "4S b1 clubs",
        "4S b1 diamonds",
        "4S b2 hearts",
        "4S b2 clubs",
        "4S b2 diamonds",
        "JC b1 -> b2",
        "JC b2 -> b1",
        "AD b1",
        "AD b2",
        "pass",
    ]
    assert all(game.is_legal(state, m) for m in moves)


# --- the text form, JSON and views --------------------------------------------------------------------------------


def test_text_and_json_round_trip():
    state = game.state_from_text(EXAMPLE)
    assert state.to_text() == "seed: 0\n" + EXAMPLE.rstrip("\n")  # no seed line: seed 0, as in every game
    with pytest.raises(StateError, match="-1 is a player's view"):
        game.state_from_text("seed: -1\n" + EXAMPLE)  # one rule for seeds: never negative
    assert not any(line.startswith("seed:") for line in game.view(state, 0).to_text().splitlines())  # a view: no line
    assert game.state_from_text(state.to_text()) == state
    assert game.state_from_json(state.to_json()) == state
    dealt = game.deal(seed=11)
    assert game.state_from_text(dealt.to_text()) == dealt and game.state_from_json(dealt.to_json()) == dealt


def test_a_battle_line_defaults_to_empty_stacks():
    text = EXAMPLE.replace("b1 A: 8H 2H / 3C 4S KC / 6D\n", "")
    text = text.replace("A hand: 3H 4H 5C 6C", "A hand: 3H 4H 5C 6C 8H 2H 3C 4S KC 6D")
    state = game.state_from_text(text)
    assert state.battles[0].sides[0] == ((), (), ())


@pytest.mark.parametrize(
    "change, where, reason",
    [
        (("colour: red", "colour: red"), "line 1", "unknown key 'colour'"),
        (("b1 A: 8H 2H / 3C 4S KC / 6D", "b1 A: 8H 2H / 3C 4S KC"), "line 9 (b1 A)", "expected three stacks"),
        (("b1 A: 8H 2H / 3C 4S KC / 6D", "b1 A: 8H 2H / 3C 4S KC / 6Z"), "line 9 (b1 A)", "unknown suit"),
        (
            ("b1 A: 8H 2H / 3C 4S KC / 6D", "b1 A: 8H 2H / 3C 4S KC 6D / -"),
            "b1 A clubs",
            "6D can't be on a clubs stack",
        ),
        (("A hand: 3H 4H 5C 6C", "A hand: 3H 4H 5C 6C QS"), "A hand, b1 battle card", "QS appears 2 times"),
        (("b1: QS", "b1: 2C"), "b1", "2C is not a battle card"),
        (("b1: QS\n", ""), "line 8 (b1 A)", "there is no battle b1"),
        (("round: 1", "round: 2"), "battles", "round 2 has 2 battle(s); 1 are given"),
        (("round: 1", "round: 4"), "line 1 (round)", "a whole number from 1 to 3"),
        (("passed: A B", "turn: -\npassed: A"), "line 3 (turn)", "'-' (nobody to act) is only for a round"),
        (("passed: A B", "turn: A\npassed: A"), "turn", "A has passed and plays no more cards"),
        (("passed: A B", "passed: C"), "line 3 (passed)", "expected the players who have passed"),
        (("battle deck: JK JK AS JS KS", "battle deck: JK JK AS JS"), "battle deck", "holds 5; it holds 4"),
        (("draw deck: 7H 9H", "draw deck: 9H"), "draw deck", "the draw deck holds 28 cards; it holds 27"),
    ],
)
def test_text_errors_say_where_and_why(change, where, reason):
    old, new = change
    text = new + "\n" + EXAMPLE if old == new else EXAMPLE.replace(old, new)
    if new == "b1: 2C":
        text = text.replace("A won: -", "A won: QS").replace(" 2C ", " ")
    if old.startswith("draw deck"):
        text = text.replace("discard: -", "discard: 7H")
    if old.startswith("battle deck"):
        text = text.replace("discard: -", "discard: KS")
    with pytest.raises(StateError) as info:
        game.state_from_text(text)
    assert info.value.where == where and reason in info.value.reason, info.value


def test_a_queen_never_stays_on_the_table_and_a_passed_player_does_not_move():
    text = EXAMPLE.replace("b1 A: 8H 2H / 3C 4S KC / 6D", "b1 A: 8H 2H QH / 3C 4S KC / 6D").replace("QH ", "", 1)
    with pytest.raises(StateError, match="a Queen is discarded at once"):
        game.state_from_text(text.replace("draw deck: 7H 9H JH QH", "draw deck: 7H 9H JH"))
    with pytest.raises(StateError, match="A has passed and plays no more cards"):
        game.state_from_text(EXAMPLE.replace("passed: A B", "turn: A\npassed: A"))
    with pytest.raises(StateError, match="only for a round both players have passed"):
        position(
            **ROUND3, turn="-", passed="A", battles=(("JK", EMPTY, EMPTY), ("JS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY))
        )


def test_json_errors():
    with pytest.raises(StateError, match="not valid JSON"):
        game.state_from_json("{")
    data = json.loads(game.state_from_text(EXAMPLE).to_json())
    data["state"]["round"] = "one"
    with pytest.raises(StateError, match="expected a whole number"):
        game.state_from_json(json.dumps(data))
    data["game"] = "contest"
    with pytest.raises(StateError, match="not a 'commitment' state"):
        game.state_from_json(json.dumps(data))


def test_a_view_hides_the_other_hand_and_both_decks():
    state = game.deal(seed=4, first="A")
    view = game.view(state, 0)
    assert view.hands[0] == state.hands[0] and set(view.hands[1]) == {HIDDEN} and len(view.hands[1]) == 10
    assert set(view.draw) == {HIDDEN} and len(view.draw) == 28
    assert set(view.battle_deck) == {HIDDEN} and view.battles == state.battles and view.seed == -1
    assert game.legal_moves(view) == game.legal_moves(state)
    assert game.view(state, None) is state
    with pytest.raises(ValueError, match="player must be"):
        game.view(state, 2)


def test_an_ace_played_in_a_view_draws_a_card_unseen():
    ace = position(a="AH 2C", b="5D", battles=(("QS", EMPTY, EMPTY),), draw_top="9D 8D")
    view = game.view(ace, 0)
    after = game.play(view, "AH b1")  # the drawn card is one the view cannot name
    assert after.hands[0] == (C("2C"), HIDDEN) and len(after.draw) == len(view.draw) - 1
    real = game.play(ace, "AH b1")
    assert after.battles == real.battles and real.hands[0] == (C("2C"), C("9D"))


def test_the_decks_are_listed_bottom_to_top_the_last_card_next():
    state = game.deal(deck=STACKED, first="A")
    zones = {z.name: z.cards for z in game.zones(state)}
    assert zones["battle deck"] == tuple(cards("KS JS AS JK JK"))  # round 2 turns up JK JK
    assert zones["draw deck"][-3:] == tuple(cards("4D 3D 2D"))  # 2D is drawn next
    assert zones["draw deck"] == tuple(reversed(state.draw)) and len(zones["draw deck"]) == 28
    ace = position(a="AH 2C", b="5D", battles=(("QS", EMPTY, EMPTY),), draw_top="9D 8D")
    top = {z.name: z.cards for z in game.zones(ace)}["draw deck"][-1]
    assert top == C("9D") and top in game.play(ace, "AH b1").hands[0]  # an Ace draws the last card
    after = state
    for move in ("2H b1", "2C b1", "pass", "pass"):  # 2 to 2, one suit each: the Q♠ is discarded
        after = game.play(after, move)
    turned = game.play(after, "next round")
    zones = {z.name: z.cards for z in game.zones(turned)}
    assert [b.card for b in turned.battles] == [JOKER, JOKER] and zones["battle deck"] == tuple(cards("KS JS AS"))
    assert zones["discard"] == tuple(cards("2H 2C QS"))  # the latest discard last
    view = {z.name: z.cards for z in game.zones(game.view(turned, 0))}
    assert view["battle deck"] == (HIDDEN,) * 3 and view["draw deck"] == (HIDDEN,) * len(turned.draw)


def test_zones_name_every_place():
    state = game.state_from_text(EXAMPLE)
    zones = {z.name: z for z in game.zones(state)}
    assert list(zones) == [
        "A hand",
        "B hand",
        "draw deck",
        "battle deck",
        "b1 battle card",
        "b1 A hearts",
        "b1 A clubs",
        "b1 A diamonds",
        "b1 B hearts",
        "b1 B clubs",
        "b1 B diamonds",
        "A won",
        "B won",
        "discard",
    ]
    assert zones["A hand"].seen_by == frozenset({0}) and zones["draw deck"].seen_by == frozenset()
    assert zones["b1 A clubs"].cards == tuple(cards("3C 4S KC")) and zones["b1 A clubs"].seen_by is None


def test_the_game_object():
    assert repr(game) == "cardlab.game('commitment')" and game.options == {}
    state = game.deal(seed=2)
    assert state.game == game
    html = game.state_html(game.state_from_text(EXAMPLE))
    assert "round 1 scored" in html and "K♣" in html


def test_every_commit_is_narrated_with_its_rule():
    state = position(
        round=2,
        a="2H 4S JC AD QD KH",
        b="5D 6D",
        a_won="JK",
        draw_top="9C",
        battles=(("QS", EMPTY, "- / - / 3D"), ("KS", EMPTY, EMPTY)),
    )
    expected = {
        "2H b1": "commitment.stack",
        "4S b1 clubs": "commitment.spade",
        "JC b1 -> b2": "commitment.jack",
        "AD b1": "commitment.ace",
        "QD b1": "commitment.queen",
        "KH b1": "commitment.king",
        "pass": "commitment.pass",
    }
    for move, rule in expected.items():
        events = game.step(state, move).events
        assert events[0].rule == rule and events[0].player == 0 and events[0].text.startswith("A ")
    text = game.step(state, "KH b1").events[0].text
    assert text == (
        "A adds K♥ to battle 1: it doubles every card below it in the stack, and none played on top; "
        "A's hearts at battle 1: K♥ (0) = 0."
    )


# --- the computer's playouts: quicker ways to the very same moves and values ------------------------


def playout_positions(seeds: range, every: int = 3):
    """Positions of games played half at random and half by the rule of thumb (every ``every``-th
    of them, round ends included): every round, every kind of card on the stacks."""
    strategy = game.strategy()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        count = 0
        while game.to_move(state) is not None:
            if count % every == 0:
                yield state
            count += 1
            moves = game.legal_moves(state)
            move = rng.choice(moves) if rng.random() < 0.5 else strategy.playout_move(game, state, rng)
            state = game.advance(state, move)


def test_a_heuristic_playout_plays_and_scores_as_the_move_by_move_loop():
    """Commitment plays its heuristic playouts itself (``Strategy.playout``), carrying its reading
    of the battles and hands from move to move: the same value, from the same numbers drawn, as
    the generic loop that asks ``playout_move`` afresh at every move."""
    from cardlab.strategy import Strategy

    strategy = game.strategy()
    count = 0
    for k, state in enumerate(playout_positions(range(10))):
        for player in (0, 1):
            fast, reference = random.Random(k * 2 + player), random.Random(k * 2 + player)
            value = strategy.playout(game, state, state, player, strategy.playout_move, fast)
            assert value == Strategy.playout(strategy, game, state, state, player, strategy.playout_move, reference)
            assert fast.getstate() == reference.getstate()
            count += 1
    assert count > 200
    # another policy is played by the generic loop
    from cardlab.bots.search import random_policy

    state = game.deal(seed=4)
    assert strategy.playout(game, state, state, 0, random_policy, random.Random(1)) == Strategy.playout(
        strategy, game, state, state, 0, random_policy, random.Random(1)
    )


def test_a_playouts_reading_follows_every_commit():
    """The reading a playout carries (each battle's stack values, leads and expected VP, each
    hand's options) is, after every commit, the very reading of the new state made afresh (the
    commits here are the rule of thumb's or, to try them all, random ones)."""
    from cardlab.games.commitment.moves import KIND
    from cardlab.games.commitment.strategy import _KIND, _MOVE, _Reading

    strategy = game.strategy()
    kinds: Counter = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        reading = _Reading(state)
        while game.to_move(state) is not None:
            if state.round_over:
                state = game.advance(state, NEXT_ROUND)
                reading = _Reading(state)
                continue
            me = state.turn
            if rng.random() < 0.4:
                place = rng.randrange(len(reading.hand(state, me)) + 1) - 1
            else:
                place = reading.choose(state, rng, strategy.playout_moves)
            if place < 0:
                state = game.advance(state, PASS)
                continue
            option = reading.commit(state, me, place)
            move = option[_MOVE]
            state = game.advance(state, move)
            kinds[KIND[move.card], move.to is not None] += 1
            if option[_KIND] == "ace":
                reading.options[me] = None
            fresh = _Reading(state)
            assert (reading.values, reading.expected, reading.leads, reading.expects) == (
                fresh.values,
                fresh.expected,
                fresh.leads,
                fresh.expects,
            )
            for player in (0, 1):
                assert reading.hand(state, player) == fresh.hand(state, player)
    assert len(kinds) == 7  # numbers, wild spades, Aces, Kings, Queens, Jacks that stay and Jacks that move


def test_a_sampled_world_is_dealt_as_filling_the_hidden_cards_in_order_would():
    """Commitment deals a sampled world's hidden cards straight into the hands and the draw deck:
    the very state the generic way gives (every hidden card of the view filled in field order),
    from the same numbers drawn; a view hiding cards elsewhere too is filled the generic way."""
    from cardlab.bots.sampling import unseen_cards
    from cardlab.strategy import fill_hidden

    strategy = game.strategy()

    def generic(view, cards, rng):  # the strategy's sampling as it was before
        battle = [c for c in cards if c in BATTLE_VP]
        rest = [c for c in cards if c not in BATTLE_VP]
        rng.shuffle(battle)
        rng.shuffle(rest)
        deal = iter(battle)
        battle_deck = tuple(next(deal) if c == HIDDEN else c for c in view.battle_deck)
        return fill_hidden(dataclasses.replace(view, battle_deck=battle_deck), rest)

    views = [game.view(state, game.to_move(state)) for state in playout_positions(range(4), every=7)]
    discarded = next(v for v in views if v.discard)
    views.append(dataclasses.replace(discarded, discard=(HIDDEN,) + discarded.discard[1:]))  # hidden elsewhere
    for k, view in enumerate(views):
        cards = unseen_cards(game, view)
        fast, reference = random.Random(k), random.Random(k)
        sampled = strategy.sample(game, view, game.to_move(view), list(cards), fast)
        assert sampled == generic(view, list(cards), reference) and fast.getstate() == reference.getstate()
        assert HIDDEN not in [c for z in game.zones(sampled) for c in z.cards]
    assert len(views) > 20


def test_the_playouts_remember_a_bounded_number_of_expectations():
    """What a battle's leads are worth is worked out once and remembered (``EXPECTED``, one
    memory per battle VP); a memory is emptied, before one playout in 256, once it holds
    ``EXPECTED_MOST`` values."""
    from cardlab.games.commitment import strategy as module

    strategy = game.strategy()
    expected = module.EXPECTED[2]
    expected.cache_clear()
    for d in range(module.EXPECTED_MOST):
        expected(d, 0, 0)
    assert expected.cache_info().currsize == module.EXPECTED_MOST
    state = game.deal(seed=5)
    for k in range(256):
        strategy.playout(game, state, state, 0, strategy.playout_move, random.Random(k))
    assert expected.cache_info().currsize < module.EXPECTED_MOST // 2
    assert set(module.EXPECTED) == set(BATTLE_VP.values())
    assert all(module.EXPECTED[vp](3, -9, 1) == module._expect(vp, 3, -9, 1) for vp in (1, 2, 3))


# --- the bundled lessons -------------------------------------------------------------------------------------


def _lesson_end(name: str):
    from cardlab import lessons

    lesson = lessons.load(name)
    return lesson, lesson.steps[-1].state


def test_the_worked_example_lesson_is_played_by_a_and_ends_as_the_text_says():
    """A's cards are the example's, and the learner makes most of A's moves: each asked move is the
    question's accepted answer (or one of them) at the step before it is played; the end is the text's
    example."""
    from cardlab import lessons

    lesson, end = _lesson_end("commitment-1-worked-example")
    by_a = [(before, after) for before, after in zip(lesson.steps, lesson.steps[1:]) if game.to_move(before.state) == 0]
    moves_of_a = [str(after.move) for _, after in by_a]
    assert sorted(moves_of_a[:-1]) == sorted(["8H b1", "2H b1", "3C b1", "4S b1 clubs", "KC b1", "6D b1"])
    assert moves_of_a[-1] == "pass"
    asked = [
        str(after.move)
        for before, after in by_a
        if any(q.kind == "play" and after.move in q.moves for q in before.questions)
    ]
    assert 2 * len(asked) >= len(moves_of_a), asked
    verdict = judge(end.battles[0])
    assert verdict.values == ((10, 14, 6), (10, 9, 8)) and verdict.suits == (1, 1) and verdict.winner == 0
    assert game.score(end).totals == (2, 0) and end.battles[0].card == C("QS")
    assert lessons.check("commitment-1-worked-example") == []


def test_the_last_round_lesson_hands_out_the_js_and_the_as_and_ends_with_a_win():
    lesson, end = _lesson_end("commitment-5-the-last-round")
    events = [e for step in lesson.steps for e in step.events]
    assert {e.text for e in events if e.rule == "commitment.vp"} == {"A keeps J♠ (2 VP).", "B keeps A♠ (3 VP)."}
    assert end.round == 3 and len(end.battles) == 3 and game.is_over(end)
    score = game.score(end)
    assert score.totals == (8, 3) and score.winners == (0,) and not score.draw


def test_the_draw_lesson_ends_with_equal_vp_and_both_players_named():
    """docs/rules/commitment.md, reading 12: a draw names both players."""
    lesson, end = _lesson_end("commitment-6-a-draw")
    score = game.score(end)
    assert game.is_over(end) and score.totals == (6, 6) and score.winners == (0, 1) and score.draw
    assert lesson.steps[-1].events[-1].text == "After round 3, A has 6 VP and B has 6: equal VP, so the game is a draw."


# --- what the Commitment lessons and notebook say, checked against what they play -----------------------

NOTEBOOK_03 = Path(__file__).resolve().parent.parent / "notebooks" / "03_commitment.ipynb"


def _learner_words(lesson) -> list[str]:
    """Everything of a lesson a learner reads: commentary, prompts, feedback and explanations."""
    words = [step.commentary for step in lesson.steps]
    for step in lesson.steps:
        for q in step.questions:
            words += [q.prompt, q.explanation, *(w for _, w in q.feedback)]
    return words


def test_the_commitment_lessons_say_battle_1_and_add():
    """One word for one thing: a learner reads "battle 1", never the notation "b1", and "add", never
    "reinforce"."""
    from cardlab import lessons

    for name in lessons.bundled_names("commitment"):
        for text in _learner_words(lessons.load(name)):
            assert not re.search(r"\bb[1-3]\b", text), (name, text)
            assert "reinforce" not in text.lower(), (name, text)
    notebook = json.loads(NOTEBOOK_03.read_text(encoding="utf-8"))["cells"]
    for cell in notebook:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            assert not re.search(r"\bb[1-3]\b", text) and "reinforce" not in text.lower()


def test_the_walkthrough_teaches_how_a_battle_is_won_before_it_asks_and_gives_no_answer_away():
    from cardlab import lessons

    lesson = lessons.load("commitment-1-worked-example")
    intro = " ".join(lesson.steps[0].commentary.split())
    assert "Equal stacks win the suit for nobody" in intro and "more suits" in intro and "higher total" in intro
    # the first question asks which cards may go: nothing before it says "any card"
    first = next(q for step in lesson.steps for q in step.questions)
    assert first.kind == "cards"
    before = " ".join(" ".join(step.commentary for step in lesson.steps[:2]).split()).lower()
    assert not re.search(r"any card|one card from your hand|every card", before)


def test_the_draw_lessons_what_if_says_what_you_would_play_there():
    """commitment-6's what-if: with B's hearts swapped, the 2♦ alone loses the game 5–7, but the
    6♣ added at battle 1 as well still draws 6–6, as the explanation says."""
    from cardlab import lessons

    lesson = lessons.load("commitment-6-a-draw")
    what_if = lesson.steps[-1].questions[-1]
    before = next(step for step in lesson.steps if step.move is None).state
    for change in what_if.changes:
        before = change.apply(before)
    alone = before
    for move in ("2D b1", "pass"):
        alone = game.play(alone, move)
    assert game.score(alone).totals == (5, 7) and what_if.points == 7
    both = before
    for move in ("2D b1", "6C b1", "pass"):
        both = game.play(both, move)
    assert game.score(both).totals == (6, 6) and game.score(both).draw
    assert "6♣" in what_if.explanation and "draw, 6 VP to 6" in " ".join(what_if.explanation.split())


def test_the_lessons_play_the_round_1_jack_the_queen_on_a_wild_spade_and_an_ace_among_battles():
    """ "In round 1 there isn't, and the Jack only adds 0"; "so a King doubles it and a Queen
    discards it" (a wild spade in the stack); "an Ace ... at a battle you choose" from several."""
    from cardlab import lessons

    jack = queen_on_spade = ace_among = False
    for name in lessons.bundled_names("commitment"):
        lesson = lessons.load(name)
        for before, after in zip(lesson.steps, lesson.steps[1:]):
            move, state = after.move, before.state
            if not isinstance(move, Commit):
                continue
            card = move.card
            if card.rank == 11 and state.round == 1:
                assert "stays and adds 0" in " ".join(e.text for e in after.events)
                jack = True
            if card.rank == 12:
                side = state.battles[move.battle - 1].sides
                mover = game.to_move(state)
                suit = "HCD".index(card.suit)
                stacks = side[mover][suit] + side[1 - mover][suit]
                queen_on_spade |= any(c.suit == "S" for c in stacks)
            if card.rank == 14 and len(state.battles) > 1:
                ace_among = True
    assert jack and queen_on_spade and ace_among


def test_the_walkthrough_plays_a_card_on_top_of_a_king_not_doubled():
    """ "Cards played on top of it aren't doubled": a what-if puts the 4♠ above the K♣, and the
    battle goes the other way (3 × 2 + 4 = 10, totals 26 to 27)."""
    from cardlab import lessons

    lesson = lessons.load("commitment-1-worked-example")
    for step in lesson.steps:
        for question in step.questions:
            state = step.state
            for change in question.changes:
                state = change.apply(state)
            lines = [item.reason for item in game.score(state).items]
            if any("3♣ × 2 by K♣ + 4♠ = 10" in line for line in lines):
                assert question.points == game.score(state).totals[0] == 0
                assert game.score(step.state).totals[0] == 2
                return
    raise AssertionError("no question puts a card on top of a King")


def _played_to_end(seed: int) -> tuple[cardlab.Game, list[CommitmentState]]:
    game = cardlab.game("commitment")
    rng = random.Random(seed)
    states = [game.deal(seed=seed)]
    while not game.is_over(states[-1]):
        states.append(game.play(states[-1], rng.choice(game.legal_moves(states[-1]))))
    return game, states


def test_a_finished_game_shows_each_round_with_the_battle_cards_taken_in_it():
    game, states = _played_to_end(3)
    end = states[-1]
    rows = game.rounds(end)
    assert [r.title for r in rows] == ["Round 1", "Round 2", "Round 3 of 3"]
    for number in (1, 2):
        before = next(s for s in states if s.round == number and s.round_over)  # the round as it was scored
        taken = {(judge(b).winner, b.card) for b in before.battles if judge(b).winner is not None}
        row = rows[number - 1]
        assert {(i.player, i.cards[0]) for i in row.items} == taken
        assert all(i.points == BATTLE_VP[i.cards[0]] and i.rule == "commitment.vp" for i in row.items)
        assert row.verdict == game.rounds(before)[-1].verdict  # the verdict its showdown gave
    assert sum(len(r.items) for r in rows[:2]) == len(end.won[0]) + len(end.won[1])
    # the round of each card survives the text form, JSON and a player's view
    assert game.state_from_text(end.to_text()) == end
    assert game.state_from_json(end.to_json()) == end
    assert game.rounds(game.view(end, 1))[:2] == rows[:2]


def test_a_state_written_without_the_rounds_of_the_cards_won_still_loads_as_one_row():
    game, states = _played_to_end(3)
    end = states[-1]
    assert end.won_in is not None
    data = json.loads(end.to_json())
    del data["state"]["won_in"]  # JSON written before the round of each card won was kept
    old = game.state_from_json(json.dumps(data))
    assert old == dataclasses.replace(end, won_in=None)
    rows = game.rounds(old)
    assert [r.title for r in rows] == ["Rounds 1–2", "Round 3 of 3"]
    assert len(rows[0].items) == len(end.won[0]) + len(end.won[1])
    # a text form without the line reads the same
    text = "\n".join(line for line in end.to_text().splitlines() if not line.startswith("won in"))
    assert game.state_from_text(text) == old


@pytest.mark.parametrize(
    "line, reason",
    [
        ("won in: 1 2 / 2 2", "A won 1 battle card"),  # one round too many for A's card
        ("won in: 3 / 2 2", "the earlier rounds are 1 to"),  # not an earlier round
        ("won in: 1 / 1 2", "at most 1 battle card"),  # round 1 has one battle
        ("won in: 1 / 2 x", "won in"),
        ("won in: 1 2", "'/'"),
    ],
)
def test_a_bad_won_in_line_is_refused_naming_it(line, reason):
    game, states = _played_to_end(3)
    end = states[-1]
    assert end.won_in == ((1,), (2, 2))  # A took a card in round 1, B two in round 2
    lines = [x for x in end.to_text().splitlines() if not x.startswith("won in")]
    with pytest.raises(StateError) as info:
        game.state_from_text("\n".join(lines + [line]))
    assert "won in" in info.value.where and reason in str(info.value), info.value


def test_the_utility_is_the_score_s_totals_at_every_step():
    """``utility`` counts the VP without the score's words: the same numbers as ``score`` after
    every move of many games, from the state and from each player's view."""
    game = cardlab.game("commitment")
    for seed in range(40):
        state, rng = game.deal(seed=seed), random.Random(seed)
        while True:
            for seen in (state, game.view(state, 0), game.view(state, 1)):
                assert game.utility(seen) == tuple(game.score(seen).totals), (seed, state.to_text())
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
