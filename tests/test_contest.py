"""Contest: one test per rule (the legal case and the refused one), the worked scoring example,
the deal, the text and JSON forms, the notation and the views."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardlab
from cardlab import Card, IllegalMove, NotationError, StateError, cards
from cardlab.cards import HIDDEN, in_order
from cardlab.games.contest import (
    DECK,
    Arrange,
    Claim,
    Contest,
    ContestState,
    Exchange,
    Mulligan,
    Open,
    Pass,
    Reinforce,
    secret_score,
)
from helpers.round_ends import CONTEST_LAST_TURN

GAME = cardlab.game("contest")
ROOT = Path(__file__).parent.parent

# The worked scoring example (docs/rules/contest.md, the tutorial): A's secret cards ♥ ♣ ♥ ♠
# against points piles of ♥ 3, ♣ 2, ♠ 1 and ♦ 5 cards score (1 + 3) × 3 + 2 × 2 + 4 × 1 = 20.
EXAMPLE = """\
stage: over
to move: -
A secret: 4H 2C 9H 5S
B secret: 3C QS 6C 10S
A hand: 4C 10D AH 6S JS KC
B hand: 5C 8D 2H 8H 3S AS
row: 7H | - | 9S | -
points C: 7C 8C
points D: 2D 5D 9D JD KD
points H: 3H 6H QH
points S: 4S
discard: 9C 10C JC QC AC 3D 4D 6D 7D QD AD 5H 10H JH KH 2S 7S 8S KS
draw pile: -
"""


def table(
    *,
    a: str,
    b: str,
    row: str = "- | - | - | -",
    stock: int | str = 10,
    points: dict | None = None,
    stage: str = "play",
    to_move: str = "A",
    secrets: tuple[str, str] = ("2C 2D 3C 3D", "2H 3S 4H 4S"),
    game: Contest = GAME,
) -> ContestState:
    """A hand-written state: the cards named, a draw pile (``stock`` cards, or the cards given),
    and every other card in the discard pile."""
    points = points or {}
    named = " ".join([a, b, row, *secrets, *points.values(), stock if isinstance(stock, str) else ""])
    named = named.replace("|", " ").replace("-", " ")
    used = set(cards(named))
    rest = [c.code for c in DECK if c not in used]
    draw = stock if isinstance(stock, str) else " ".join(rest[:stock]) or "-"
    discard = [c for c in rest if c not in set(draw.split())]
    lines = [
        f"stage: {stage}",
        f"to move: {to_move}",
        f"A secret: {secrets[0]}",
        f"B secret: {secrets[1]}",
        f"A hand: {a or '-'}",
        f"B hand: {b or '-'}",
        f"row: {row}",
        *(f"points {s}: {points.get(s, '-')}" for s in "CDHS"),
        f"discard: {' '.join(discard) or '-'}",
        f"draw pile: {draw}",
    ]
    return game.state_from_text("\n".join(lines))


def refused(state: ContestState, move: str | object, rule: str, game: Contest = GAME) -> IllegalMove:
    """The move is illegal under ``rule``, not listed, and the state is left as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as caught:
        game.play(state, move)
    assert caught.value.rule == rule, caught.value
    assert state.to_json() == before
    parsed = game.move(move)
    assert parsed not in game.legal_moves(state)
    return caught.value


def allowed(state: ContestState, move: str, game: Contest = GAME):
    """The move is listed, and playing it gives its step (state after and narration)."""
    parsed = game.parse_move(move)
    assert parsed in game.legal_moves(state), f"{move} not in {[str(m) for m in game.legal_moves(state)]}"
    return game.step(state, parsed)


def rules_of(step) -> list[str]:
    return [e.rule for e in step.events]


# A play state used by many tests: ♥ at 1 (5♥ 7♥ = 12), ♠ at 3 (9♠), ♣ at 4 (4♣ 8♣ = 12).
ROW = "5H 7H | - | 9S | 4C 8C"
HAND_A = "QH JH KS 3H 10S 6D 2S"
HAND_B = "4D 5D 6C 7D 8D 9D 10D"


def base() -> ContestState:
    return table(a=HAND_A, b=HAND_B, row=ROW)


# --- options --------------------------------------------------------------------------------------


def test_options_default_and_repr():
    assert GAME.options == {}
    assert (
        repr(cardlab.game("contest", ace="low", pile_value="top"))
        == "cardlab.game('contest', ace='low', pile_value='top')"
    )
    assert Contest.for_state(cardlab.game("contest", ace="low").deal(seed=1)) == cardlab.game("contest", ace="low")


@pytest.mark.parametrize(
    "options, words",
    [
        ({"aces": "low"}, "unknown option(s) for Contest: aces"),
        ({"ace": "middle"}, "ace must be 'high'"),
        ({"pile_value": "max"}, "pile_value must be 'sum'"),
        ({"jack": "after"}, "jack must be 'power-first' or 'match-first', not 'after'"),
    ],
)
def test_bad_options_are_refused_listing_what_is_accepted(options, words):
    with pytest.raises(ValueError) as caught:
        cardlab.game("contest", **options)
    assert words in str(caught.value)


# --- the deal -------------------------------------------------------------------------------------

STACK = "4H 2C 9H 5S  KD 3S 8D 2H  " + " ".join(c.code for c in DECK if c.code not in "4H 2C 9H 5S KD 3S 8D 2H".split())


def test_stacked_deck_order_secret_cards_then_hands_then_draw_pile():
    state = GAME.deal(deck=STACK)
    order = cards(STACK)
    assert state.seed == 0
    assert state.secrets == (in_order(order[:4]), in_order(order[4:8]))  # kept sorted, as every hand
    assert state.stock == tuple(order[8:]) and state.hands == ((), ())
    assert GAME.to_move(state) == 0
    state = GAME.play(state, "arrange 4H 2C 9H 5S")
    step = GAME.step(state, "arrange KD 3S 8D 2H")
    after = step.after
    assert after.hands == (in_order(order[8:15]), in_order(order[15:22]))  # contest.deal: A's 7, then B's 7, sorted
    assert after.stock == tuple(order[22:])
    assert after.secrets == (tuple(cards("4H 2C 9H 5S")), tuple(cards("KD 3S 8D 2H")))
    assert GAME.to_move(after) == 0 and "contest.deal" in rules_of(step)


def test_deal_is_reproducible_from_its_seed_and_a_fresh_seed_is_stored():
    assert GAME.deal(seed=7) == GAME.deal(seed=7)
    assert GAME.deal(seed=7) != GAME.deal(seed=8)
    fresh = GAME.deal()
    assert fresh.seed is not None and fresh.seed >= 0
    assert GAME.deal(seed=fresh.seed) == fresh


@pytest.mark.parametrize(
    "deck, words",
    [
        ("4H 2C", "missing"),
        (STACK.replace("4H", "JK"), "not in this game: JK"),
        (STACK.replace("4H", "2C"), "twice: 2C"),
    ],
)
def test_a_stacked_deck_must_hold_the_52_cards_once(deck, words):
    with pytest.raises(ValueError) as caught:
        GAME.deal(deck=deck)
    assert words in str(caught.value)


def test_a_stacked_deck_takes_seed_0_or_the_seed_given_as_in_every_game():
    assert GAME.deal(deck=STACK).seed == 0 and GAME.deal(seed=1, deck=STACK).seed == 1
    assert GAME.deal(seed=1, deck=STACK).secrets == GAME.deal(deck=STACK).secrets
    with pytest.raises(ValueError, match="a seed is a whole number"):
        GAME.deal(seed=-1, deck=STACK)


# --- secret cards ------------------------------------------------------------------------------------


def test_arrangement_keeps_suits_apart():
    state = GAME.deal(deck=STACK)
    legal = GAME.legal_moves(state)
    assert all(isinstance(m, Arrange) for m in legal)
    expected = {
        p for p in itertools.permutations(cards("4H 2C 9H 5S")) if all(x.suit != y.suit for x, y in zip(p, p[1:]))
    }
    assert {m.cards for m in legal} == expected
    step = allowed(state, "arrange 4H 2C 9H 5S")
    assert step.after.secrets[0] == tuple(cards("4H 2C 9H 5S"))
    assert GAME.to_move(step.after) == 1
    # the secret cards themselves are narrated to A only
    assert [e.seen_by for e in step.events] == [None, frozenset({0})]


def test_arrangement_with_two_hearts_side_by_side_is_refused():
    state = GAME.deal(deck=STACK)
    err = refused(state, "arrange 4H 9H 2C 5S", "contest.secret.neighbours")
    assert "A cannot place 4♥ 9♥ 2♣ 5♠" in err.reason


def test_arrangement_of_other_cards_is_refused():
    refused(GAME.deal(deck=STACK), "arrange 4H 2C 9H 6S", "contest.secret")


def test_before_arranging_no_other_move_and_after_no_new_arrangement():
    state = GAME.deal(deck=STACK)
    refused(state, "exchange 4H", "contest.secret")
    later = base()
    refused(later, "arrange 4H 2C 9H 5S", "contest.secret")
    refused(later, "mulligan", "contest.secret")


MULLIGAN_STACK = "4H 5H 9H 2C  KD 3S 8D 2H  6C 7D 8S 9C  " + " ".join(
    c.code for c in DECK if c.code not in "4H 5H 9H 2C KD 3S 8D 2H 6C 7D 8S 9C".split()
)


def test_mulligan_is_the_only_move_when_no_order_keeps_suits_apart():
    state = GAME.deal(deck=MULLIGAN_STACK)
    assert GAME.legal_moves(state) == [Mulligan()]
    refused(state, "arrange 4H 2C 5H 9H", "contest.secret.mulligan")
    step = allowed(state, "mulligan")
    after = step.after
    assert after.discard == in_order(cards("4H 5H 9H 2C"))  # shown and discarded (kept sorted)
    assert after.secrets[0] == in_order(cards("6C 7D 8S 9C"))  # the next 4 from the top, sorted
    assert after.stock == state.stock[4:]
    assert GAME.to_move(after) == 0 and rules_of(step) == ["contest.secret.mulligan"]
    assert step.events[0].seen_by is None and step.events[0].cards == in_order(cards("4H 5H 9H 2C"))


def test_mulligan_is_refused_when_an_order_exists():
    err = refused(GAME.deal(deck=STACK), "mulligan", "contest.secret.mulligan")
    assert "so a mulligan is not allowed" in err.reason


def short_stock_setup() -> ContestState:
    """A must mulligan again, but 7 mulligans have left only 16 cards (the hands need 14 of them)."""
    secret_a, secret_b = "4H 5H 9H 2C", "KD 3S 8D 2H"
    used = set(cards(secret_a + " " + secret_b))
    rest = [c.code for c in DECK if c not in used]
    text = "\n".join(
        [
            "stage: arrange",
            "to move: A",
            f"A secret: {secret_a}",
            f"B secret: {secret_b}",
            "A hand: -",
            "B hand: -",
            "row: - | - | - | -",
            *(f"points {s}: -" for s in "CDHS"),
            f"discard: {' '.join(rest[:28])}",
            f"draw pile: {' '.join(rest[28:])}",
        ]
    )
    return GAME.state_from_text(text)


def test_with_too_few_cards_for_a_mulligan_any_order_is_allowed():
    state = short_stock_setup()
    assert len(state.stock) == 16
    legal = GAME.legal_moves(state)
    assert len(legal) == 24 and all(isinstance(m, Arrange) for m in legal)
    refused(state, "mulligan", "contest.secret.short-stock")
    step = allowed(state, "arrange 4H 5H 9H 2C")
    assert "too short for a mulligan" in step.events[0].text
    GAME.validate(step.after)


def seven_mulligans_deck() -> str:
    """A deck whose first 8 groups of 4 for A (its secret cards and 7 mulligans) each hold 3 cards
    of one suit; B's 4 secret cards (the second group from the top) are of 4 suits."""
    by_suit = {s: [c.code for c in DECK if c.suit == s] for s in "CDHS"}
    b_secret = [by_suit[s].pop() for s in "CDHS"]
    groups = []
    for i in range(8):
        suit, other = "CDHS"[i % 4], "CDHS"[(i + 1) % 4]
        groups.append([by_suit[suit].pop(), by_suit[suit].pop(), by_suit[suit].pop(), by_suit[other].pop()])
    rest = [c for s in "CDHS" for c in by_suit[s]]
    return " ".join(groups[0] + b_secret + [c for g in groups[1:] for c in g] + rest)


def test_after_seven_mulligans_the_deck_is_too_short_for_an_eighth():
    state = GAME.deal(deck=seven_mulligans_deck())
    for _ in range(7):
        assert GAME.legal_moves(state) == [Mulligan()]
        state = GAME.play(state, "mulligan")
    assert len(state.stock) == 16 and len(state.discard) == 28
    assert len(GAME.legal_moves(state)) == 24  # contest.secret.short-stock: any order
    refused(state, "mulligan", "contest.secret.short-stock")
    state = GAME.play(state, GAME.legal_moves(state)[0])
    state = GAME.play(state, GAME.legal_moves(state)[0])
    assert [len(h) for h in state.hands] == [7, 7] and len(state.stock) == 2 and state.last_turns is None


def test_b_arranges_after_a_and_the_hands_are_dealt():
    state = GAME.play(GAME.deal(deck=STACK), "arrange 4H 2C 9H 5S")
    refused(state, "arrange 4H 2C 9H 5S", "contest.secret")  # B holds other cards
    after = GAME.play(state, "arrange 3S KD 2H 8D")
    assert [len(h) for h in after.hands] == [7, 7] and after.arranged == 2


# --- open and reinforce ------------------------------------------------------------------------------


def test_open_an_empty_position():
    state = table(a=HAND_A, b=HAND_B, row="5H 7H | - | - | 4C 8C")
    step = allowed(state, "open 10S 2")
    assert step.after.row[1] == (Card(10, "S"),)
    assert rules_of(step)[0] == "contest.open"


def test_open_next_to_the_same_suit_is_refused():
    err = refused(base(), "open 3H 2", "contest.open.neighbours")
    assert err.reason == (
        "A cannot open position 2 with 3♥: position 1 next to it holds ♥, and neighbours never hold the same suit"
    )
    refused(base(), "open 10S 2", "contest.open.neighbours")  # the ♠ pile at 3 is a neighbour too


def test_the_same_suit_may_open_a_position_that_is_not_a_neighbour():
    state = table(a=HAND_A, b=HAND_B, row="5H 7H | - | - | 4C 8C")
    assert allowed(state, "open 3H 3").after.row[2] == (Card(3, "H"),)


def test_open_a_position_that_holds_a_pile_is_refused():
    refused(base(), "open 6D 3", "contest.open")


def test_reinforce_the_pile_of_its_own_suit():
    step = allowed(base(), "reinforce 10S 3")
    assert step.after.row[2] == tuple(cards("9S 10S"))
    assert rules_of(step)[0] == "contest.reinforce"


def test_reinforce_with_another_suit_or_an_empty_position_is_refused():
    refused(base(), "reinforce 6D 3", "contest.reinforce")
    refused(base(), "reinforce 6D 2", "contest.reinforce")


def test_a_card_not_in_hand_is_refused():
    err = refused(base(), "open 4D 2", "contest.hand")
    assert err.reason.startswith("A does not hold 4♦")


def test_a_position_outside_the_row_is_refused():
    refused(base(), Open(Card(6, "D"), 5), "contest.row")


# --- claims -------------------------------------------------------------------------------------------


def test_claim_the_higher_pile_goes_to_points_the_lower_to_the_discard_pile():
    state = base()
    step = allowed(state, "claim 1 3 3H")  # ♥ 12 against ♠ 9
    after = step.after
    assert after.points[2] == tuple(cards("5H 7H"))
    assert after.discard[len(state.discard) :] == tuple(cards("3H 9S"))
    assert after.row == ((), (), (), tuple(cards("4C 8C")))
    assert "contest.claim.value" in rules_of(step)
    assert "The ♥ pile (12) beats the ♠ pile (9)." in [e.text for e in step.events]


def test_claim_may_discard_a_card_of_the_lower_piles_suit():
    after = allowed(base(), "claim 1 3 10S").after  # 10♠ matches the losing ♠ pile
    assert after.points[2] == tuple(cards("5H 7H")) and after.points[3] == ()


def test_claim_with_a_card_matching_neither_pile_is_refused():
    err = refused(base(), "claim 1 3 6D", "contest.claim.match")
    assert "6♦ matches neither" in err.reason


def test_claim_of_two_piles_of_one_suit_is_refused():
    state = table(a=HAND_A, b=HAND_B, row="5H | 9S | 7H | -")
    refused(state, "claim 1 3 3H", "contest.claim")


def test_claim_of_an_empty_position_is_refused():
    refused(base(), "claim 1 2 3H", "contest.claim")


def test_claim_positions_out_of_order_are_refused():
    refused(base(), Claim(3, 1, Card(3, "H")), "contest.claim")


def test_claim_on_equal_values_the_claimant_chooses():
    state = base()  # ♥ 12 and ♣ 12
    legal = GAME.legal_moves(state)
    assert GAME.parse_move("claim 1 4 3H keep 1") in legal and GAME.parse_move("claim 1 4 3H keep 4") in legal
    err = refused(state, "claim 1 4 3H", "contest.claim.tie")
    assert "both piles are worth 12" in err.reason
    step = allowed(state, "claim 1 4 3H keep 4")
    assert step.after.points[0] == tuple(cards("4C 8C")) and step.after.points[2] == ()
    assert "contest.claim.tie" in rules_of(step)
    assert allowed(state, "claim 1 4 3H keep 1").after.points[2] == tuple(cards("5H 7H"))


def test_keep_without_a_tie_is_refused():
    refused(base(), "claim 1 3 3H keep 3", "contest.claim.tie")


def test_jack_discards_a_pile_of_its_suit_first():
    state = table(a=HAND_A, b=HAND_B, row="5H 7H | 9S | 6H | 4C 8C")
    step = allowed(state, "claim 2 3 JH discard 1")  # then ♠ 9 against ♥ 6
    after = step.after
    assert after.points[3] == tuple(cards("9S"))
    assert after.discard[len(state.discard) :] == tuple(cards("JH 5H 7H 6H"))
    assert after.row == ((), (), (), tuple(cards("4C 8C")))
    assert rules_of(step)[0] == "contest.claim.jack"


def test_jack_power_refusals():
    state = table(a=HAND_A, b=HAND_B, row="5H 7H | 9S | 6H | 4C 8C")
    refused(state, "claim 2 3 JH discard 2", "contest.claim.jack")  # the ♠ pile is not the Jack's suit
    refused(state, "claim 2 3 3H discard 1", "contest.claim.jack")  # 3♥ has no power
    refused(state, "claim 1 2 JH discard 1", "contest.claim")  # the discarded pile is gone
    # the claim matches the piles as they stand: with the only ♥ pile gone, J♥ matches neither
    state = table(a=HAND_A, b=HAND_B, row="5H 7H | 9S | - | 4C 8C")
    refused(state, "claim 2 4 JH discard 1", "contest.claim.match")


MATCH_FIRST = cardlab.game("contest", jack="match-first")
#: ♥ at 1 (the Jack's suit, and the only ♥ pile), ♠ at 2, ♦ at 3, ♣ at 4.
ONE_HEART_PILE = "5H 7H | 9S | 6D | 4C 8C"
HAND_JACK = "QS JH KS 3H 10S AH 2S"


def test_jack_match_first_matches_the_pile_it_discards_then_claims_any_two_piles():
    """jack="match-first": the Jack matches the ♥ pile that its power discards, so the claim may
    take the ♠ and ♦ piles, which the default reading refuses (the Jack matches neither)."""
    assert MATCH_FIRST.options == {"jack": "match-first"}
    for_default = table(a=HAND_JACK, b=HAND_B, row=ONE_HEART_PILE)
    refused(for_default, "claim 2 3 JH discard 1", "contest.claim.match")
    state = table(a=HAND_JACK, b=HAND_B, row=ONE_HEART_PILE, game=MATCH_FIRST)
    step = allowed(state, "claim 2 3 JH discard 1", game=MATCH_FIRST)  # ♠ 9 beats ♦ 6
    assert rules_of(step)[:3] == ["contest.claim.jack", "contest.claim.jack.match-first", "contest.claim.match"]
    assert "matched that pile, so the claim may take any two piles of different suits" in step.events[1].text
    after = step.after
    assert after.points[3] == tuple(cards("9S")) and after.row == ((), (), (), tuple(cards("4C 8C")))
    assert after.discard[len(state.discard) :] == tuple(cards("JH 5H 7H 6D"))
    # every claim the power allows here: the three pairs of the other piles (of different suits)
    powered = sorted(str(m) for m in MATCH_FIRST.legal_moves(state) if type(m) is Claim and m.discard is not None)
    assert [m for m in powered if " JH " in m] == [
        "claim 2 3 JH discard 1",
        "claim 2 4 JH discard 1",
        "claim 3 4 JH discard 1",
    ]
    assert not [m for m in GAME.legal_moves(for_default) if type(m) is Claim and m.discard is not None]


def test_jack_match_first_refusals():
    """Under jack="match-first" the power still discards a pile of the Jack's own suit, and the
    claim still takes two piles of different suits; a claim without the power still matches."""
    state = table(a=HAND_JACK, b=HAND_B, row="5H 7H | 9S | 6D | 8S", game=MATCH_FIRST)
    refused(state, "claim 3 4 JH discard 2", "contest.claim.jack", MATCH_FIRST)  # the ♠ pile is not the Jack's suit
    refused(state, "claim 2 4 JH discard 1", "contest.claim", MATCH_FIRST)  # ♠ and ♠: one suit
    refused(state, "claim 1 3 JH discard 1", "contest.claim", MATCH_FIRST)  # the discarded pile is gone
    refused(state, "claim 2 3 3H discard 1", "contest.claim.jack", MATCH_FIRST)  # 3♥ has no power
    refused(state, "claim 2 3 JH", "contest.claim.match", MATCH_FIRST)  # no power used: J♥ must match
    state = table(a=HAND_JACK, b=HAND_B, row="- | 9S | 6D | 8C", game=MATCH_FIRST)
    refused(state, "claim 2 3 JH discard 1", "contest.claim.jack", MATCH_FIRST)  # no ♥ pile to discard


def test_both_readings_agree_when_a_second_pile_of_the_jacks_suit_is_claimed():
    """With a second ♥ pile, the Jack matches a claimed pile after its power too: both readings
    allow that claim, and give the same result."""
    row = "5H 7H | 9S | 6H | 4C 8C"
    steps = [
        allowed(table(a=HAND_JACK, b=HAND_B, row=row, game=game), "claim 2 3 JH discard 1", game=game)
        for game in (GAME, MATCH_FIRST)
    ]
    assert steps[0].after.points == steps[1].after.points and steps[0].after.discard == steps[1].after.discard


def test_a_king_used_as_a_jack_follows_the_jack_reading():
    state = table(a="KH 6S 10H QS 7C 9C 10C", b=HAND_B, row=ONE_HEART_PILE, game=MATCH_FIRST)
    step = allowed(state, "claim 2 3 KH discard 1", game=MATCH_FIRST)
    assert rules_of(step)[:2] == ["contest.claim.king", "contest.claim.jack.match-first"]
    refused(
        table(a="KH 6S 10H QS 7C 9C 10C", b=HAND_B, row=ONE_HEART_PILE), "claim 2 3 KH discard 1", "contest.claim.match"
    )


def rival_jack_usable(state: ContestState) -> bool:
    """The match-first reading written out independently of the engine: some pile of a held
    Jack's suit can be discarded, leaving two other piles of different suits to claim."""
    row = state.row
    for jack in (c for c in state.hands[state.turn] if c.rank == 11):
        for r, pile in enumerate(row):
            if pile and pile[0].suit == jack.suit and len({row[i][0].suit for i in range(4) if i != r and row[i]}) >= 2:
                return True
    return False


def test_the_match_first_legal_moves_agree_with_the_reading_written_out():
    """Over random games, a Jack's power is usable under jack="match-first" exactly when the
    reading written out independently says so (and under the default, only when a pile of the
    Jack's suit remains to be claimed)."""
    rng = random.Random(5)
    usable = {"power-first": 0, "match-first": 0}
    for seed in range(40):
        state = MATCH_FIRST.deal(seed=seed)
        while not MATCH_FIRST.is_over(state):
            if state.arranged == 2 and any(c.rank == 11 for c in state.hands[state.turn]):
                for game in (GAME, MATCH_FIRST):
                    as_played = state if game is MATCH_FIRST else dataclasses.replace(state, options=GAME.settings)
                    jacks = [
                        m
                        for m in game.legal_moves(as_played)
                        if type(m) is Claim and m.card.rank == 11 and m.discard is not None
                    ]
                    usable[game.settings.jack] += bool(jacks)
                    if game is MATCH_FIRST:
                        assert bool(jacks) == rival_jack_usable(state), state.to_text()
                    for move in jacks:
                        assert as_played.row[move.discard - 1][0].suit == move.card.suit
            state = MATCH_FIRST.play(state, rng.choice(MATCH_FIRST.legal_moves(state)))
    assert 0 < usable["power-first"] < usable["match-first"]


def test_queen_plays_a_card_of_its_suit_first_opening_a_pile_it_then_claims():
    state = table(a=HAND_A, b=HAND_B, row="- | 9S | - | 4C 8C")
    step = allowed(state, "claim 1 2 QH open 3H 1")  # ♥ 3 against ♠ 9
    after = step.after
    assert after.points[3] == tuple(cards("9S"))
    assert after.discard[len(state.discard) :] == tuple(cards("QH 3H"))
    assert rules_of(step)[:2] == ["contest.claim.queen", "contest.open"]
    assert len(after.hands[0]) == 7  # two cards left the hand, two were drawn


QUEEN_HAND = "QS 5S 10H 7C 9C 10C JC"


def test_queen_reinforcing_changes_the_outcome():
    state = table(a=QUEEN_HAND, b=HAND_B, row="5H 7H | - | 9S | -")
    assert allowed(state, "claim 1 3 5S").after.points[2] == tuple(cards("5H 7H"))  # ♥ 12 beats ♠ 9
    after = allowed(state, "claim 1 3 QS reinforce 5S 3").after  # ♠ 14 beats ♥ 12
    assert after.points[3] == tuple(cards("9S 5S")) and after.points[2] == ()


def test_queen_power_refusals():
    state = table(a=QUEEN_HAND, b=HAND_B, row="5H 7H | - | 9S | -")
    refused(state, "claim 1 3 QS reinforce 10H 1", "contest.claim.queen")  # not the Queen's suit
    refused(state, "claim 1 3 QS reinforce QS 3", "contest.hand")  # the Queen is the discarded card
    refused(state, "claim 1 3 QS open 5S 2", "contest.open.neighbours")  # placement rules apply
    refused(state, "claim 1 3 10H reinforce 10H 1", "contest.claim.queen")  # 10♥ has no power
    refused(state, "claim 1 3 5S open 10H 2", "contest.claim.queen")


KING_HAND = "KS 6S 10H QH 7C 9C 10C"
KING_ROW = "5H 7H | 9S | 8H | 7S"


def test_king_is_a_jack_or_a_queen_but_not_both():
    state = table(a=KING_HAND, b=HAND_B, row=KING_ROW)
    as_jack = allowed(state, "claim 1 2 KS discard 4")
    assert rules_of(as_jack)[0] == "contest.claim.king" and "as a Jack" in as_jack.events[0].text
    assert as_jack.after.points[2] == tuple(cards("5H 7H"))  # ♥ 12 beats ♠ 9
    as_queen = allowed(state, "claim 1 2 KS reinforce 6S 2")
    assert rules_of(as_queen)[0] == "contest.claim.king" and "as a Queen" in as_queen.events[0].text
    assert as_queen.after.points[3] == tuple(cards("9S 6S"))  # ♠ 15 beats ♥ 12
    refused(state, Claim(1, 2, Card(13, "S"), 4, Reinforce(Card(6, "S"), 2)), "contest.claim.king")


# --- exchange, drawing, the end -----------------------------------------------------------------------


def test_exchange_discards_and_draws_the_top_card():
    state = base()
    step = allowed(state, "exchange 6D")
    assert step.after.hands[0] == tuple(c for c in state.hands[0] if c != Card(6, "D")) + (state.stock[0],)
    assert step.after.discard[-1] == Card(6, "D") and step.after.stock == state.stock[1:]
    assert [e.seen_by for e in step.events] == [None, frozenset({0})]


def test_exchange_is_refused_on_an_empty_draw_pile():
    state = table(a=HAND_A, b=HAND_B, row=ROW, stock="-", stage="final 2")
    refused(state, "exchange 6D", "contest.exchange")


def test_draw_back_up_to_seven_after_each_action():
    state = base()
    after = GAME.play(state, "open 6D 2")
    assert len(after.hands[0]) == 7 and after.hands[0][-1] == state.stock[0]
    state = table(a=HAND_A, b=HAND_B, row="- | 9S | - | 4C 8C")
    after = GAME.play(state, "claim 1 2 QH open 3H 1")
    assert after.hands[0][-2:] == state.stock[:2] and after.stock == state.stock[2:]


def test_the_last_card_drawn_starts_one_more_turn_each_other_player_first():
    state = table(a=HAND_A, b=HAND_B, row=ROW, stock=1)
    step = GAME.step(state, "open 6D 2")
    after = step.after
    assert after.stock == () and after.last_turns == 2 and GAME.to_move(after) == 1
    assert "contest.end" in rules_of(step)
    b_turn = GAME.play(after, "reinforce 6C 4")
    assert len(b_turn.hands[1]) == 6  # no drawing in the last turns
    assert GAME.to_move(b_turn) == 0 and b_turn.last_turns == 1
    last = GAME.step(b_turn, "reinforce 10S 3")
    assert GAME.is_over(last.after) and GAME.legal_moves(last.after) == []
    assert rules_of(last)[-1] == "contest.score"
    with pytest.raises(IllegalMove) as caught:
        GAME.play(last.after, "reinforce 3H 1")
    assert caught.value.rule == "contest.end"


def test_a_claim_that_draws_the_last_card_with_two_needed_draws_one():
    state = table(a=HAND_A, b=HAND_B, row="- | 9S | - | 4C 8C", stock=1)
    after = GAME.play(state, "claim 1 2 QH open 3H 1")
    assert len(after.hands[0]) == 6 and after.last_turns == 2


def test_pass_only_when_no_action_is_possible_in_the_last_turns():
    # a full row of ♥ and ♠; B holds only ♣ and ♦: no open, reinforce or claim
    state = table(a=HAND_A, b="4D 5D 6C 7C 9D 10D AC", row="5H | 6S | 8H | JS", stock="-", stage="final 2", to_move="B")
    assert GAME.legal_moves(state) == [Pass()]
    step = allowed(state, "pass")
    assert rules_of(step)[0] == "contest.pass" and GAME.to_move(step.after) == 0
    # A can still act, so A may not pass
    err = refused(step.after, "pass", "contest.pass")
    assert "while an action is possible" in err.reason


def test_pass_is_refused_while_the_draw_pile_lasts():
    refused(base(), "pass", "contest.pass")


# --- the score ----------------------------------------------------------------------------------------


def test_worked_scoring_example_scores_20():
    state = GAME.state_from_text(EXAMPLE)
    assert secret_score(state.secrets[0], state.points) == (1 + 3) * 3 + 2 * 2 + 4 * 1 == 20
    breakdown = GAME.score(state)
    assert breakdown.final and breakdown.totals == (20, 14) and breakdown.winners == (0,)
    a_items = breakdown.for_player(0)
    assert [i.points for i in a_items] == [3, 4, 9, 4]
    assert a_items[0].reason == "First secret card 4♥: 3 cards in the ♥ points pile × 1 = 3"
    assert a_items[2].cards == tuple(cards("9H 3H 6H QH"))
    assert all(i.rule == "contest.score" for i in breakdown.items)
    assert "A wins, 20 to 14." in breakdown.notes


EXAMPLE_POINTS = {"C": "7C 8C", "D": "2D 5D 9D JD KD", "H": "3H 6H QH", "S": "4S"}


def end_state(secrets: tuple[str, str], points: dict) -> ContestState:
    """The end of a game: the secret cards and points piles given, 4 cards left in each hand (no
    game ends with fewer: contest.end), every other card discarded."""
    used = set(cards(" ".join([*secrets, *points.values()]).replace("-", " ")))
    rest = [c.code for c in DECK if c not in used]
    hands = " ".join(rest[:4]), " ".join(rest[4:8])
    return table(a=hands[0], b=hands[1], stock="-", stage="over", to_move="-", secrets=secrets, points=points)


def test_the_rules_page_shows_the_same_end_position():
    page = (ROOT / "docs" / "rules" / "contest.md").read_text(encoding="utf-8")
    block = page.split("The whole end position", 1)[1].split("```", 2)[1]
    assert GAME.state_from_text(block) == GAME.state_from_text(EXAMPLE)
    assert "(1 + 3) × 3 + 2 × 2 + 4 × 1 = **20**" in page


def test_the_walkthrough_lesson_plays_the_worked_example_with_the_learner_as_a():
    """contest-1-worked-example plays the whole game of the rules page (34 moves from a stacked
    deck) to the documented end (the discard pile in play order), A 20 B 14; the learner, A,
    lays out the secret cards, A's other moves are told, and the lesson asks both scores and the what-if."""
    from cardlab import lessons

    lesson = lessons.load("contest-1-worked-example")
    assert lesson.game == GAME and lesson.viewer_name == "A" and len(lesson.moves) == 34
    end = lesson.steps[-1].state
    expected = GAME.state_from_text(EXAMPLE)
    assert dataclasses.replace(end, discard=expected.discard) == expected
    assert sorted(end.discard) == sorted(expected.discard)
    assert GAME.score(end).totals == (20, 14)
    a_moves = [step for step in lesson.steps[1:] if step.number % 2 == 1]  # A arranges first and plays first
    asked = {str(m) for step in lesson.steps for q in step.questions if q.kind == "play" for m in q.moves}
    assert len(a_moves) == 17 and str(a_moves[0].move) in asked  # the layout of the secret cards
    scores = {(q.player, q.points, bool(q.changes)) for q in lesson.questions if q.kind == "score"}
    assert {(0, 20, False), (1, 14, False), (0, 22, True)} <= scores


def test_the_lessons_name_a_short_deck_mulligan_and_a_second_arrange_refused():
    """Two rules that only forbid are played in the lessons by a question's feedback naming a
    move they refuse: a mulligan on a short deck (contest-5), and an arrange that puts two cards
    of one suit side by side (contest-1)."""
    from cardlab import lessons

    refusals = set()
    for path in lessons.bundled("contest"):
        lesson = lessons.load(path)
        for step in lesson.steps:
            for question in (q for q in step.questions if q.kind == "play"):
                for answer, _ in question.feedback:
                    try:
                        lesson.game.play(step.state, answer)
                    except IllegalMove as refusal:
                        refusals.add((path.stem, answer.split()[0], refusal.rule))
    assert ("contest-5-short-deck", "mulligan", "contest.secret.short-stock") in refusals
    assert ("contest-1-worked-example", "arrange", "contest.secret.neighbours") in refusals


def rule_rows() -> dict[str, str]:
    """The rules page's table rows, by rule id."""
    page = (ROOT / "docs" / "rules" / "contest.md").read_text(encoding="utf-8")
    return {line.split("`")[1]: line for line in page.splitlines() if line.startswith("| `contest.")}


def test_every_rule_id_of_the_engine_is_on_the_rules_page():
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "cardlab" / "games" / "contest").glob("*.py"))
    used = set(re.findall(r'"(contest\.[a-z.-]+)"', source))
    assert len(used) > 20 and used <= set(rule_rows()), used - set(rule_rows())


def test_a_secret_suit_with_an_empty_points_pile_scores_nothing():
    state = end_state(("4H 2C 9H 5S", "6S 3C 7S 8H"), {**EXAMPLE_POINTS, "S": "-"})
    breakdown = GAME.score(state)
    assert [i.points for i in breakdown.for_player(0)] == [3, 4, 9, 0]
    assert breakdown.for_player(0)[3].reason == "Fourth secret card 5♠: 0 cards in the ♠ points pile × 4 = 0"


def test_equal_totals_are_a_draw():
    state = end_state(("4H 2C 9H 5S", "6S 3C 7S 8H"), EXAMPLE_POINTS)  # B: 1×1 + 2×2 + 3×1 + 4×3 = 20
    breakdown = GAME.score(state)
    assert breakdown.totals == (20, 20) and breakdown.winners == (0, 1) and "A draw at 20." in breakdown.notes
    assert breakdown.draw and breakdown.outcome() == "a draw" and str(breakdown).endswith("a draw\n  A draw at 20.")


def test_a_draw_reads_the_same_in_every_game_and_on_the_table():
    """A draw names both players as winners in every game (Commitment's too), and the table's
    header says it is a draw rather than that both win."""
    from test_commitment import EMPTY, ROUND3, position

    from cardlab.widgets import Table

    commitment = position(
        **ROUND3,
        turn="-",
        passed="A B",
        a_won="JK",
        b_won="QS",
        battles=(("JK", "3H / - / -", EMPTY), ("JS", EMPTY, EMPTY), ("KS", EMPTY, EMPTY)),
    )
    contest = end_state(("4H 2C 9H 5S", "6S 3C 7S 8H"), EXAMPLE_POINTS)
    for state in (commitment, contest):
        game = state.game
        assert game.score(state).winners == (0, 1) and game.score(state).draw
        assert Table(cardlab.Session(game, state), viewer=0).view["status"] == "Game over: a draw"
    won = GAME.state_from_text(EXAMPLE)  # A 20, B 14
    assert Table(cardlab.Session(GAME, won), names=("Ada", "Bob")).view["status"] == "Game over: Ada wins"


def test_score_before_the_end_is_provisional_and_hides_the_opponents_secret():
    state = base()
    assert not GAME.score(state).final
    seen = GAME.score(GAME.view(state, 0))
    assert {i.player for i in seen.items} == {0}
    assert "B's secret cards stay hidden until the end." in seen.notes


# --- views ----------------------------------------------------------------------------------------------


def test_a_player_sees_their_own_cards_and_only_counts_of_the_others():
    state = base()
    view = GAME.view(state, 0)
    assert view.secrets[0] == state.secrets[0] and view.hands[0] == state.hands[0]
    assert view.secrets[1] == (HIDDEN,) * 4 and view.hands[1] == (HIDDEN,) * 7
    assert view.stock == (HIDDEN,) * len(state.stock) and view.seed == -1
    assert view.row == state.row and view.discard == state.discard and view.points == state.points
    assert GAME.legal_moves(view) == GAME.legal_moves(state)


def test_the_secret_cards_are_revealed_at_the_end():
    state = GAME.state_from_text(EXAMPLE)
    view = GAME.view(state, 1)
    assert view.secrets == state.secrets and view.hands[0] == (HIDDEN,) * 6
    assert GAME.score(view).totals == (20, 14)


def test_legal_moves_need_the_movers_own_cards():
    for state in (base(), GAME.deal(seed=1)):
        with pytest.raises(ValueError) as caught:
            GAME.legal_moves(GAME.view(state, 1))  # A is to move; B sees A's cards face down
        assert "A's cards are hidden in this view" in str(caught.value)


def test_view_of_an_unknown_player_is_refused():
    with pytest.raises(ValueError):
        GAME.view(base(), 2)


# --- text and JSON forms ----------------------------------------------------------------------------


def test_text_form_round_trips_and_reads_the_documented_example():
    state = GAME.state_from_text(EXAMPLE)
    assert GAME.state_from_text(state.to_text()) == state
    # the example's 'seed: -' (a stacked deal's, once) reads as seed 0, as in every game
    assert state.to_text().splitlines()[:6] == [
        "ace: high",
        "pile value: sum",
        "jack: power-first",
        "seed: 0",
        "stage: over",
        "to move: -",
    ]
    assert state.row == (tuple(cards("7H")), (), tuple(cards("9S")), ())


@pytest.mark.parametrize(
    "changes, where, words",
    [
        ([("row: 7H | - | 9S | -", "row: 7H | 9S | -")], "line 7 (row)", "expected the 4 positions"),
        ([("row: 7H | - | 9S | -", "row: 7H 9S | - | - | -")], "position 1", "mixes suits"),
        (
            [("row: 7H | - | 9S | -", "row: 7H | QH | 9S | -"), ("points H: 3H 6H QH", "points H: 3H 6H")],
            "positions 1 and 2",
            "neighbouring positions never hold the same suit",
        ),
        ([("stage: over", "stage: done")], "line 1 (stage)", "expected one of arrange, play"),
        ([("to move: -", "to move: A")], "line 2 (to move)", "write '-' when the stage is 'over'"),
        ([("points S: 4S", "points S: 4S 4D")], "points S", "4D appears 2 times"),
        (
            [("points S: 4S", "points S: 4S 4C"), ("A hand: 4C", "A hand: 9C"), ("discard: 9C", "discard:")],
            "points S",
            "cannot be in the ♠ points pile",
        ),
        ([("A secret: 4H 2C 9H 5S", "A secret: 4H 9H 2C 5S")], "A secret", "side by side"),
        ([("draw pile: -", "wild: 3")], "line 13", "unknown key"),
        ([("A hand: 4C 10D AH 6S JS KC", "A hand: 4C 10D AH 6S JS KC 9C")], "A hand", "9C appears 2 times"),
        ([("draw pile: -", "draw pile: 9C"), ("discard: 9C", "discard:")], "draw pile", "the last turns come only"),
    ],
)
def test_text_form_errors_name_the_place(changes, where, words):
    text = EXAMPLE
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    with pytest.raises(StateError) as caught:
        GAME.state_from_text(text)
    assert where in caught.value.where and words in caught.value.reason, caught.value


def test_hands_hold_seven_while_the_draw_pile_lasts():
    state = base()
    text = state.to_text().replace("A hand: QH JH KS 3H 10S 6D 2S", "A hand: QH JH KS 3H 10S 6D")
    text = text.replace("discard: ", "discard: 2S ")
    with pytest.raises(StateError) as caught:
        GAME.state_from_text(text)
    assert caught.value.where == "A hand" and "every turn ends with 7 in hand" in caught.value.reason


def test_a_state_of_other_options_is_refused():
    low = cardlab.game("contest", ace="low")
    with pytest.raises(StateError) as caught:
        low.state_from_text(GAME.state_from_text(EXAMPLE).to_text())  # it says "ace: high"
    assert caught.value.where == "line 1 (ace)" and "cardlab.game('contest')" in str(caught.value)
    assert low.state_from_text(EXAMPLE).ace == "low"  # without the line, the game's options apply
    with pytest.raises(StateError):
        low.state_from_json(GAME.state_from_text(EXAMPLE).to_json())
    assert low.state_from_text("ace: low\n" + EXAMPLE).ace == "low"


def test_the_jack_option_round_trips_and_is_read_where_it_is_left_out():
    state = table(a=HAND_JACK, b=HAND_B, row=ONE_HEART_PILE, game=MATCH_FIRST)
    assert "jack: match-first" in state.to_text().splitlines()
    assert MATCH_FIRST.state_from_text(state.to_text()) == state
    assert MATCH_FIRST.state_from_json(state.to_json()) == state
    assert Contest.for_state(state) == MATCH_FIRST
    # a state of the other reading is refused, naming the game that reads it
    with pytest.raises(StateError) as caught:
        GAME.state_from_text(state.to_text())
    assert caught.value.where == "line 3 (jack)" and "cardlab.game('contest', jack='match-first')" in str(caught.value)
    with pytest.raises(StateError):
        GAME.state_from_json(state.to_json())
    with pytest.raises(StateError) as caught:
        MATCH_FIRST.state_from_text(state.to_text().replace("jack: match-first", "jack: before"))
    assert caught.value.where == "line 3 (jack)" and "power-first" in caught.value.reason
    # a text or a JSON state written before the option existed reads with the default
    assert GAME.state_from_text(EXAMPLE).jack == "power-first"
    data = json.loads(GAME.state_from_text(EXAMPLE).to_json())
    del data["state"]["options"]["jack"]
    assert GAME.state_from_json(json.dumps(data)) == GAME.state_from_text(EXAMPLE)


def test_json_fields_out_of_range_are_refused():
    data = json.loads(base().to_json())
    data["state"]["last_turns"] = 3
    with pytest.raises(StateError) as caught:
        GAME.state_from_json(json.dumps(data))
    assert caught.value.where == "last_turns" and "got 3" in caught.value.reason


def test_json_round_trip_and_errors():
    state = GAME.deal(seed=3)
    assert GAME.state_from_json(state.to_json()) == state
    data = json.loads(state.to_json())
    data["state"]["ace"] = "middle"
    with pytest.raises(StateError):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["game"] = "card-commons"
    with pytest.raises(StateError) as caught:
        GAME.state_from_json(json.dumps(data))
    assert "not a 'contest' state" in str(caught.value)


# --- notation ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "arrange 4H 2C 9H 5S",
        "mulligan",
        "open 5H 2",
        "reinforce 7H 2",
        "claim 1 3 9H",
        "claim 1 3 JH discard 2",
        "claim 1 3 QH open 5H 2",
        "claim 1 3 KH reinforce 5H 1 keep 3",
        "claim 1 3 9H keep 1",
        "exchange 4H",
        "pass",
    ],
)
def test_notation_round_trips(text):
    move = GAME.parse_move(text)
    assert str(move) == text and GAME.parse_move(str(move)) == move
    assert eval(repr(move), {"Card": Card, **vars(__import__("cardlab.games.contest", fromlist=["x"]))}) == move


def test_notation_accepts_suit_symbols_and_any_case():
    assert GAME.parse_move("Open 5♥ 2") == Open(Card(5, "H"), 2)
    assert GAME.parse_move("CLAIM 1 3 q♥ OPEN 5h 2") == Claim(1, 3, Card(12, "H"), None, Open(Card(5, "H"), 2))


@pytest.mark.parametrize(
    "text, token, words",
    [
        ("", "", "it is empty"),
        ("fly 5H", "fly", "unknown action"),
        ("open 5H", "", "the position is missing"),  # pointed at the end, where it belongs
        ("open 5H 5", "5", "positions are numbered 1 to 4"),
        ("open 5Z 2", "5Z", "unknown suit"),
        ("exchange JK", "JK", "without jokers"),
        ("claim 3 1 9H", "3 1", "write the lower position first"),
        ("claim 1 3 9H keep 2", "2", "'keep' names one of the two claimed positions"),
        ("claim 1 3 9H tomorrow", "tomorrow", "unexpected text"),
        ("pass now", "now", "unexpected text"),
        ("arrange 4H 4H 2C 3D", "arrange 4H 4H 2C 3D", "named twice"),
    ],
)
def test_notation_errors_point_at_the_token(text, token, words):
    with pytest.raises(NotationError) as caught:
        GAME.parse_move(text)
    err = caught.value
    assert text[err.start : err.end] == token and words in err.reason, err


# --- the options change the values ---------------------------------------------------------------------


def test_ace_low_counts_an_ace_as_one():
    row = "AH | 9S | - | -"
    high = table(a=HAND_A, b=HAND_B, row=row)
    assert allowed(high, "claim 1 2 3H").after.points[2] == tuple(cards("AH"))  # 14 beats 9
    low_game = cardlab.game("contest", ace="low")
    low = table(a=HAND_A, b=HAND_B, row=row, game=low_game)
    assert allowed(low, "claim 1 2 3H", low_game).after.points[3] == tuple(cards("9S"))  # 1 loses to 9


def test_ace_low_counts_for_a_card_played_by_a_queens_power():
    low_game = cardlab.game("contest", ace="low")
    state = table(a="QH AH 10S 7C 9C 10C JC", b=HAND_B, row="5H | 6S | - | -", game=low_game)
    legal = low_game.legal_moves(state)  # ♥ 5 + 1 ties ♠ 6: the claimant chooses
    assert low_game.parse_move("claim 1 2 QH reinforce AH 1 keep 2") in legal
    refused(state, "claim 1 2 QH reinforce AH 1", "contest.claim.tie", low_game)


def test_pile_value_top_counts_the_top_card_only():
    row = "5H 7H | 9S | - | -"
    top_game = cardlab.game("contest", pile_value="top")
    state = table(a=HAND_A, b=HAND_B, row=row, game=top_game)
    assert allowed(state, "claim 1 2 3H", top_game).after.points[3] == tuple(cards("9S"))  # 7 loses to 9
    assert allowed(table(a=HAND_A, b=HAND_B, row=row), "claim 1 2 3H").after.points[2] == tuple(cards("5H 7H"))


# --- legal_moves lists exactly the moves that play accepts ---------------------------------------------


def candidates(state: ContestState) -> set:
    """Every move that could make sense in ``state``, legal or not."""
    if state.arranged < 2:
        return {Arrange(p) for p in itertools.permutations(state.secrets[state.turn])} | {Mulligan()}
    hand = state.hands[state.turn]
    out: set = {Pass()} | {Exchange(c) for c in hand}
    places = [k(c, p) for k in (Open, Reinforce) for c in hand for p in range(1, 5)]
    out |= set(places)
    for p, q in itertools.combinations(range(1, 5), 2):
        for card in hand:
            powers = [(None, None)] + [(r, None) for r in range(1, 5)] + [(None, m) for m in places]
            for discard, play in powers:
                for keep in (None, p, q):
                    out.add(Claim(p, q, card, discard, play, keep))
    return out


def reachable(seed: int, plies: int, game: Contest = GAME) -> ContestState:
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    for _ in range(plies):
        if game.is_over(state):
            break
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return state


@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from([{}, {"ace": "low"}, {"pile_value": "top"}]))
def test_legal_moves_are_exactly_the_accepted_moves(seed, plies, options):
    game = cardlab.game("contest", **options)
    state = reachable(seed, plies, game)
    legal = game.legal_moves(state)
    assert len(set(legal)) == len(legal)
    if game.is_over(state):
        assert legal == []
        return
    accepted = {m for m in candidates(state) if game.is_legal(state, m)}
    assert set(legal) == accepted


def test_hand_written_power_states_list_every_power_claim():
    for state in (
        table(a=KING_HAND, b=HAND_B, row=KING_ROW),
        table(a="QH JH KH 3H 10S 6D 2S", b=HAND_B, row="5H | 9S | 8H | 4C"),
        table(a=HAND_A, b=HAND_B, row=ROW, stock="-", stage="final 1"),
    ):
        accepted = {m for m in candidates(state) if GAME.is_legal(state, m)}
        assert set(GAME.legal_moves(state)) == accepted


@pytest.mark.parametrize("options", [{}, {"ace": "low"}, {"pile_value": "top"}])
def test_claimed_is_the_row_and_points_that_making_the_claim_leaves(options):
    """``Contest.claimed`` works out a legal claim's result without checking or making it (the
    rule of thumb weighs claims so): the very row and points piles that playing it leaves."""
    game = cardlab.game("contest", **options)
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while moves := game.legal_moves(state):
            for move in moves:
                if isinstance(move, Claim):
                    after = game.play(state, move)
                    assert game.claimed(state, move) == (after.row, after.points)
                    kinds.add((move.discard is not None, move.play is not None, move.keep is not None))
            state = game.play(state, rng.choice(moves))
    assert len(kinds) >= 5  # plain, Jack's and Queen's claims, each with and without equal piles


def test_a_finished_game_with_both_hands_empty_is_refused_naming_the_rule():
    """No game ends with empty hands: every turn ends with 7 cards while the draw pile lasts, and
    each of the two last turns plays at most 2 cards of a hand. Every position of random games
    is still accepted."""
    over = CONTEST_LAST_TURN.replace("stage: final 1", "stage: over").replace("to move: A", "to move: -")
    held = " ".join(line.split(": ", 1)[1] for line in over.splitlines() if line.startswith(("A hand:", "B hand:")))
    emptied = "\n".join(
        "A hand: -" if line.startswith("A hand:") else "B hand: -" if line.startswith("B hand:") else line
        for line in over.replace("discard: ", f"discard: {held} ").splitlines()
    )
    with pytest.raises(StateError, match=r"A hand: holds 0 cards; no game reaches that.*Players will always have 7"):
        GAME.state_from_text(emptied)
    GAME.state_from_text(over)  # full hands at the end: as a game may end
    for seed in range(40):
        state, rng = GAME.deal(seed=seed), random.Random(seed)
        while GAME.to_move(state) is not None:
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
            GAME.validate(state)
