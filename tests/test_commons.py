"""Card Commons: one test per rule sentence, the legal version and the illegal one."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import pytest

import cardlab
from cardlab import HIDDEN, Card, IllegalMove, NotationError, StateError, cards, lessons
from cardlab.cards import chance
from cardlab.engine import Continuation
from cardlab.games.card_commons import (
    DECK,
    WILDS,
    Claim,
    Commission,
    Defend,
    Discard,
    NextRound,
    TradeCommission,
    TradePool,
)

GAME = cardlab.game("card-commons")
PEEK = cardlab.game("card-commons", variant="peek")

# A turn about to start in round 1: A is the Claimant.
CLAIM = """
round: 1
phase: claim
claimant: A
nest egg: 4C
pool up: 5H 2S
pool down: 3S
A hand: 2D 3H QH 2C 5S 4S
A commission: 4H
B hand: 2H 3C 4D 5D KS 3D
B commission: 5C
"""

# B holds no 2 and no Wild; A holds more 2s and the K♠.
NO_DEFENSE = """
round: 1
claimant: A
nest egg: 4C
pool up: 5H QH
pool down: 3S
A hand: 2D 2H 2C KS 5S 2S
A commission: 5C
B hand: 3H 3C 4D 5D 4S 3D
B commission: 4H
"""

# Nobody but A's claim holds a 5, and both Wilds are in the pool.
NOBODY_ANSWERS = """
round: 1
claimant: A
nest egg: 5D
pool up: 5H QH
pool down: KS
A hand: 5S 2D 2H 2C 3H 3S
A commission: 5C
B hand: 3C 4D 4C 3D 4H 4S
B commission: 2S
"""

# The last Defense of round 3 is to come; the Nest Egg is the Wild Q♥. One of the four turns
# before was a No Defense turn (the 2♥ and the 4♠ face up), so A may claim this fifth turn.
LAST_DEFENSE = """
round: {round}
rounds: {rounds}
phase: defend
claimant: A
nest egg: QH
pool up: {up} 2H 4S
pool down: {down}
A hand: -
A commission: 4H
A side: 3H 4D 3C 5S
B hand: 2S
B commission: 5C
B side: 3S 4C 3D 5D
claim: 2D
"""

# The text's example, dealt as round 3 from a stacked deck: pool up, pool down, Nest Egg,
# A's 7 cards, B's 7 cards.
EXAMPLE_DECK = "5H 4S KS 4C  4H 2D QH 2C 3H 5S 3S  5C 2H 3C 4D 5D 2S 3D"
EXAMPLE_MOVES = [
    "commission 4H",
    "commission 5C",
    "claim 2D",
    "defend 2H",
    "claim 3C",
    "defend 3H",
    "claim QH",
    "defend 4D",
    "claim 5D",
    "defend 5S",
    "claim 2C",
    "defend 2S",
    "claim 3D",
    "defend 3S",
]


def state(text: str, game=GAME):
    return game.state_from_text(text)


def last_defense(round_=3, rounds="0-0 0-0", up="5H", down="KS 2C", game=GAME):
    return state(LAST_DEFENSE.format(round=round_, rounds=rounds, up=up, down=down), game)


def illegal(s, move, rule, game=GAME):
    """Assert that ``move`` is refused under ``rule`` and that ``s`` is unchanged."""
    before = s.to_json()
    with pytest.raises(IllegalMove) as err:
        game.play(s, move)
    assert err.value.rule == rule, str(err.value)
    assert s.to_json() == before
    assert move in str(err.value) or str(game.parse_move(move)) in str(err.value)
    return str(err.value)


# --- the worked example ----------------------------------------------------------------------------


def example_end():
    s = GAME.deal(seed=1, deck=EXAMPLE_DECK, round=3)
    for move in EXAMPLE_MOVES:
        s = GAME.play(s, move)
    return s


def test_worked_example_you_score_6_and_the_opponent_4():
    s = example_end()
    assert s.phase == "round-end" and s.nest_egg == Card(4, "C")
    breakdown = GAME.score(s)
    assert breakdown.totals == (6, 4)
    a, b = breakdown.items
    assert "matches the Nest Egg 4♣ by value" in a.reason and "3 red cards" in a.reason and "× 2 = 6" in a.reason
    assert Card(12, "H") in a.cards and len(a.cards) == 3
    assert "by suit" in b.reason and b.points == 4 and len(b.cards) == 2


def test_worked_example_with_a_3d_commission_scores_0():
    text = example_end().to_text()
    # the last turn then answers B's 4♥ with the 4♠ (each turn's two tableau cards are of one value)
    text = text.replace("A commission: 4H", "A commission: 3D").replace("pool down: 4S KS", "pool down: 3S KS")
    text = text.replace("A side: 2D 3H QH 5S 2C 3S", "A side: 2D 3H QH 5S 2C 4S")
    text = text.replace("B side: 2H 3C 4D 5D 2S 3D", "B side: 2H 3C 4D 5D 2S 4H")
    s = GAME.state_from_text(text)
    a = GAME.score(s).for_player(0)[0]
    assert a.points == 0 and "matches neither the suit nor the value" in a.reason and "3 red cards" in a.reason


# --- setup --------------------------------------------------------------------------------------


def test_the_deck_is_18_cards_with_two_wilds():
    assert len(DECK) == 18 and len(set(DECK)) == 18
    assert sorted(DECK) == sorted(cards("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S QH KS"))
    assert WILDS == {Card(12, "H"), Card(13, "S")}


@pytest.mark.parametrize("round_, up, down", [(1, 2, 1), (2, 2, 1), (3, 1, 2), (4, 1, 2), (5, 2, 1)])
def test_setup_discards_to_the_pool_by_round(round_, up, down):
    s = GAME.deal(seed=3, round=round_)
    assert (len(s.pool_up), len(s.pool_down)) == (up, down)
    assert len(s.hands[0]) == len(s.hands[1]) == 7
    assert s.phase == "commission"


def test_a_stacked_deck_is_dealt_in_the_documented_order():
    s = GAME.deal(deck=EXAMPLE_DECK, round=3)
    assert s.pool_up == (Card(5, "H"),) and s.pool_down == tuple(cards("4S KS")) and s.nest_egg == Card(4, "C")
    assert s.hands == (tuple(cards("4H 2D QH 2C 3H 5S 3S")), tuple(cards("5C 2H 3C 4D 5D 2S 3D")))


def test_a_stacked_deck_must_hold_the_18_cards():
    with pytest.raises(ValueError, match="missing 5H"):
        GAME.deal(deck="4S KS 4C 4H 2D QH 2C 3H 5S 3S 5C 2H 3C 4D 5D 2S 3D 3D")


def test_deals_are_reproducible_from_the_seed():
    assert GAME.deal(seed=11) == GAME.deal(seed=11)
    assert GAME.deal(seed=11) != GAME.deal(seed=12)


# --- commissions ---------------------------------------------------------------------------------


def test_each_player_puts_a_commission_face_down_first_claimant_first():
    s = GAME.deal(deck=EXAMPLE_DECK)
    assert GAME.to_move(s) == 0
    s = GAME.play(s, "commission 4H")
    assert s.commissions == (Card(4, "H"), None) and Card(4, "H") not in s.hands[0]
    assert GAME.to_move(s) == 1
    assert GAME.view(s, 1).commissions[0] == HIDDEN
    s = GAME.play(s, "commission 5C")
    assert s.phase == "claim" and GAME.to_move(s) == 0


def test_a_wild_cannot_be_a_commission():
    s = GAME.deal(deck=EXAMPLE_DECK)
    assert Claim(Card(12, "H")) not in GAME.legal_moves(s)
    assert "commission QH" not in [str(m) for m in GAME.legal_moves(s)]
    illegal(s, "commission QH", "commons.commission.no-wild")


def test_a_commission_must_come_from_the_hand():
    s = GAME.deal(deck=EXAMPLE_DECK)
    illegal(s, "commission 5C", "commons.hand")  # B's card


def test_no_claim_before_the_commissions_are_chosen():
    # "Each player then puts 1 card from their hand face down as their Commission": the
    # Commissions come before play, so an early Claim or trade is refused by that rule.
    s = GAME.deal(deck=EXAMPLE_DECK)
    message = illegal(s, "claim 2D", "commons.commission")
    assert "A must choose a Commission" in message
    illegal(s, "trade 2D for 5H", "commons.commission")
    s = GAME.play(s, "commission 4H")
    illegal(s, "claim 2H", "commons.commission")  # B has not chosen yet


def test_the_first_claimant_alternates_by_round():
    assert [GAME.deal(seed=1, round=r).claimant for r in (1, 2, 3, 4, 5)] == [0, 1, 0, 1, 0]
    assert GAME.to_move(GAME.deal(seed=1, round=2)) == 1


# --- trades -------------------------------------------------------------------------------------


def test_trade_with_a_face_up_pool_card():
    s = GAME.play(state(CLAIM), "trade 2D for 5H")
    assert Card(5, "H") in s.hands[0] and Card(2, "D") not in s.hands[0]
    assert s.pool_up == tuple(cards("2S 2D"))
    assert s.phase == "claim" and s.traded == 1


def test_trade_only_with_face_up_pool_cards():
    illegal(state(CLAIM), "trade 2D for 3S", "commons.trade.pool")  # 3S is face down
    illegal(state(CLAIM), "trade 2D for 4D", "commons.trade.pool")  # B's card


def test_trade_with_the_commission():
    s = GAME.play(state(CLAIM), "trade 2D for commission")
    assert s.commissions[0] == Card(2, "D") and Card(4, "H") in s.hands[0]
    assert s.traded == 2


def test_the_commission_can_never_become_a_wild():
    illegal(state(CLAIM), "trade QH for commission", "commons.commission.no-wild")


def test_trades_in_order_once_each():
    s = GAME.play(state(CLAIM), "trade 2D for 5H")
    illegal(s, "trade 3H for 2S", "commons.trade.order")  # a second pool trade
    s = GAME.play(s, "trade 3H for commission")  # pool, then commission: fine
    illegal(s, "trade 2C for commission", "commons.trade.order")  # a second commission trade
    t = GAME.play(state(CLAIM), "trade 2D for commission")
    illegal(t, "trade 3H for 5H", "commons.trade.order")  # the pool trade can't come after
    assert GAME.play(t, "claim 3H").phase == "defend"


def test_no_trade_after_the_claim():
    s = GAME.play(state(CLAIM), "claim 2D")
    illegal(s, "trade 3H for 5H", "commons.turn")


# --- claim and defense ----------------------------------------------------------------------------


def test_the_claimant_claims_with_any_card_she_holds():
    s = GAME.play(state(CLAIM), "claim 5S")
    assert s.claim == Card(5, "S") and s.phase == "defend" and GAME.to_move(s) == 1
    illegal(state(CLAIM), "claim 5D", "commons.hand")


def test_defense_by_same_value_or_wild_with_a_choice():
    s = GAME.play(state(CLAIM), "claim 2D")
    assert sorted(map(str, GAME.legal_moves(s))) == ["defend 2H", "defend KS"]
    illegal(s, "defend 3C", "commons.defense")
    after = GAME.play(s, "defend 2H")
    assert after.sides == ((Card(2, "D"),), (Card(2, "H"),))  # Claim on A's side, Defense on B's
    assert after.phase == "claim" and after.claimant == 1  # roles switch


def test_any_card_answers_a_wild_claim():
    s = GAME.play(state(CLAIM), "claim QH")
    assert len(GAME.legal_moves(s)) == 6
    assert GAME.play(s, "defend 3C").sides == ((Card(12, "H"),), (Card(3, "C"),))


def test_an_only_answer_that_is_wild_must_be_played():
    s = GAME.play(
        state(
            NO_DEFENSE.replace("A hand: 2D 2H 2C KS 5S 2S", "A hand: 2D 2H 2C 4S 5S 2S").replace(
                "B hand: 3H 3C 4D 5D 4S 3D", "B hand: 3H 3C 4D 5D KS 3D"
            )
        ),
        "claim 2D",
    )
    assert [str(m) for m in GAME.legal_moves(s)] == ["defend KS"]
    illegal(s, "discard 3H", "commons.defense.forced")


def test_a_respondent_who_can_answer_may_not_discard():
    s = GAME.play(state(CLAIM), "claim 2D")
    # "If he can answer, he must": the sentence that forbids the discard.
    message = illegal(s, "discard 3C", "commons.defense.forced")
    assert "must answer" in message


# --- No Defense ---------------------------------------------------------------------------------


def test_no_defense_discard_then_the_claimant_answers_then_a_second_discard():
    step = GAME.step(state(NO_DEFENSE), "claim 2D")
    assert step.after.phase == "discard"
    assert any("no 2 and no Wild" in e.text for e in step.events)
    illegal(step.after, "defend 3H", "commons.turn")
    s = GAME.play(step.after, "discard 3H")
    assert s.pool_up[-1] == Card(3, "H") and s.phase == "answer" and GAME.to_move(s) == 0
    assert sorted(map(str, GAME.legal_moves(s))) == ["defend 2C", "defend 2H", "defend 2S", "defend KS"]
    illegal(s, "defend 5S", "commons.defense")
    s = GAME.play(s, "defend 2H")
    assert s.sides == ((Card(2, "D"),), (Card(2, "H"),))  # her Defense goes on the Respondent's side
    assert s.phase == "discard2" and GAME.to_move(s) == 1
    s = GAME.play(s, "discard 4S")
    assert s.pool_up[-1] == Card(4, "S") and s.phase == "claim" and s.claimant == 1
    assert len(s.hands[0]) == len(s.hands[1]) == 4


def test_no_defense_and_no_answer_discards_the_claim_face_up():
    s = GAME.play(state(NOBODY_ANSWERS), "claim 5S")
    assert s.phase == "discard"
    step = GAME.step(s, "discard 3C")
    after = step.after
    assert after.pool_up[-2:] == (Card(3, "C"), Card(5, "S"))
    assert after.sides == ((), ()) and after.claim is None
    assert after.phase == "claim" and after.claimant == 1
    assert [e.rule for e in step.events][1] == "commons.no-defense.claim-discarded"


# --- end of round and scoring ----------------------------------------------------------------------


def test_the_round_is_scored_when_both_hands_are_empty():
    s = GAME.play(last_defense(), "defend 2S")
    assert s.phase == "round-end"
    assert GAME.legal_moves(s) == [cardlab.game("card-commons").parse_move("next round")]
    assert isinstance(GAME.legal_moves(s)[0], Continuation)  # it decides nothing: nobody is "to move"


def test_a_commission_scores_by_suit_or_value_times_the_multiplier():
    commons = GAME
    ok, why, _ = commons.commission_scores(Card(4, "H"), Card(4, "C"))
    assert ok and "by value" in why
    ok, why, _ = commons.commission_scores(Card(5, "C"), Card(4, "C"))
    assert ok and "by suit" in why
    ok, why, _ = commons.commission_scores(Card(3, "D"), Card(4, "C"))
    assert not ok
    assert [GAME.multiplier(r) for r in (1, 2, 3, 4, 5, 6)] == [1, 1, 2, 2, 1, 1]


def test_a_wild_nest_egg_is_swapped_and_the_other_wild_is_passed_over():
    # Round 3: the face-down cards are K♠ (the other Wild) and 2♣: whichever is picked, 2♣ is the Nest Egg.
    step = GAME.step(last_defense(down="KS 2C"), "defend 2S")
    s = step.after
    assert s.nest_egg == Card(2, "C") and Card(12, "H") in s.pool_down
    assert {"commons.wild-nest-egg.swap"} <= {e.rule for e in step.events}
    passed_over = [e.text for e in step.events if e.rule == "commons.wild-nest-egg.other-wild"]
    assert all(text.endswith("the other face-down card is used instead.") for text in passed_over)
    a, b = GAME.score(s).items
    assert a.points == 0 and b.points == 6  # B's 5♣ matches 2♣ by suit: 3 black cards × 2


def test_a_wild_nest_egg_swap_picks_a_random_face_down_card():
    text = last_defense(down="2C 5H", up="KS").to_text()
    picks = {
        GAME.play(GAME.state_from_text(text.replace("seed: 0", f"seed: {seed}")), "defend 2S").nest_egg
        for seed in range(12)
    }
    assert picks == {Card(2, "C"), Card(5, "H")}


def test_when_only_a_wild_is_left_both_commissions_score():
    # Round 1 has one face-down card, and it is the other Wild.
    step = GAME.step(last_defense(round_=1, rounds="-", up="5H 2C", down="KS"), "defend 2S")
    assert step.after.nest_egg == Card(12, "H")
    assert "commons.wild-nest-egg.both-score" in {e.rule for e in step.events}
    (passed_over,) = [e.text for e in step.events if e.rule == "commons.wild-nest-egg.other-wild"]
    assert "no other face-down card" in passed_over and "use the other" not in passed_over  # there is none
    a, b = GAME.score(step.after).items
    assert (a.points, b.points) == (3, 3)  # A: 3♥ 4♦ and the Claim 2♦ red; B: 4♣ 3♠ 2♠ black; ×1


def test_the_score_during_a_round_previews_a_wild_nest_egg_swap_outcome_by_outcome():
    """Mid-round, before the last Defense: A's 4♥ and B's 5♣ against the Wild Nest Egg Q♥, with
    2 red cards on A's side and 2 black on B's (round 3, ×2). The swap at the round's end is
    random, so the preview gives each face-down card it may pick, its chance, and the expected
    points; it never takes the Wild as 'both Commissions score' while another card can be used."""
    s = last_defense(down="2C 5H", up="KS")
    (note,) = GAME.score(s).notes
    assert note == (
        "If round 3 ended now: the Wild Nest Egg Q♥ would be swapped with a random face-down pool card "
        "[commons.wild-nest-egg.swap]. With 2♣ (chance 1/2): A 0 points, B 4 points. With 5♥ "
        "(chance 1/2): A 4 points, B 4 points. Expected: A 2 points, B 4 points."
    )
    assert GAME.nest_egg_outcomes(s) == ((Card(2, "C"), Fraction(1, 2)), (Card(5, "H"), Fraction(1, 2)))
    assert GAME.score(s).totals == (0, 0)  # the preview is a note: the round counts once it is over


@pytest.mark.parametrize(
    "round_, up, down, outcome, points",
    [
        (
            3,
            "5H",
            "KS 2C",
            "with 2♣, as the other face-down card is the other Wild [commons.wild-nest-egg.other-wild]",
            "A 0 points, B 4 points",
        ),
        (
            1,
            "5H KS",
            "2C",
            "with 2♣, the only face-down pool card [commons.wild-nest-egg.swap]",
            "A 0 points, B 2 points",
        ),
        (
            1,
            "5H 2C",
            "KS",
            "with no card: only a Wild is left, so both Commissions score [commons.wild-nest-egg.both-score]",
            "A 2 points, B 2 points",
        ),
    ],
)
def test_a_wild_nest_egg_preview_with_one_outcome_names_it(round_, up, down, outcome, points):
    s = last_defense(round_=round_, rounds="0-0 " * (round_ - 1) or "-", up=up, down=down)
    (note,) = GAME.score(s).notes
    assert note == f"If round {round_} ended now: the Wild Nest Egg Q♥ would be swapped {outcome}: {points}."
    assert len(GAME.nest_egg_outcomes(s)) == 1


def test_the_preview_lists_exactly_the_nest_eggs_the_swap_gives_with_their_chances():
    for down, up in (("2C 5H", "KS"), ("KS 2C", "5H"), ("5H 2C", "KS"), ("5H KS", "2C")):
        s = last_defense(down=down, up=up)
        chances = dict(GAME.nest_egg_outcomes(s))
        reached = Counter(GAME.play(dataclasses.replace(s, seed=seed), "defend 2S").nest_egg for seed in range(200))
        assert set(reached) == set(chances)
        for nest, odds in chances.items():
            assert abs(reached[nest] / 200 - odds) < 0.15, (down, nest, reached)


def test_a_wild_nest_egg_is_compared_only_after_its_swap():
    with pytest.raises(ValueError, match="swapped"):
        GAME.commission_scores(Card(4, "H"), Card(12, "H"))
    ok, why, rule = GAME.commission_scores(Card(4, "H"), Card(12, "H"), only_wild_left=True)
    assert ok and rule == "commons.wild-nest-egg.both-score"
    ok, _, rule = PEEK.commission_scores(Card(4, "H"), Card(12, "H"))
    assert ok and rule == "commons.peek.wild-nest-egg"


def test_the_game_ends_after_round_4_with_a_leader():
    s = GAME.play(last_defense(round_=4, rounds="0-0 0-0 0-0"), "defend 2S")
    assert s.phase == "game-over" and GAME.is_over(s) and GAME.legal_moves(s) == []
    breakdown = GAME.score(s)
    assert breakdown.final and breakdown.winners == (1,) and breakdown.totals == (0, 6)


def test_a_tie_after_round_4_is_broken_by_extra_rounds_scored_x1():
    s = GAME.play(last_defense(round_=4, rounds="6-0 0-0 0-0"), "defend 2S")
    assert s.phase == "round-end" and GAME.score(s).totals == (6, 6)
    s = GAME.play(s, "next round")
    assert s.round == 5 and (len(s.pool_up), len(s.pool_down)) == (2, 1) and GAME.multiplier(5) == 1
    assert s.rounds[-1] == (0, 6)


def test_moves_after_the_game_is_over_are_refused():
    s = GAME.play(last_defense(round_=4, rounds="0-0 0-0 0-0"), "defend 2S")
    with pytest.raises(IllegalMove, match="the game is over"):
        GAME.play(s, "next round")


# --- Peek -------------------------------------------------------------------------------------


def test_peek_has_three_rounds_of_one_up_two_down_scored_1_1_2():
    assert PEEK.last_round == 3
    assert [PEEK.multiplier(r) for r in (1, 2, 3, 4)] == [1, 1, 2, 1]
    for r in (1, 2, 3, 4):
        s = PEEK.deal(seed=2, round=r)
        assert (len(s.pool_up), len(s.pool_down)) == (1, 2)


def test_peek_each_player_sees_one_face_down_card():
    s = PEEK.deal(seed=5)
    first, second = s.pool_down
    assert PEEK.view(s, 0).pool_down == (first, HIDDEN)  # round 1: A is the first Claimant
    assert PEEK.view(s, 1).pool_down == (HIDDEN, second)
    s2 = PEEK.deal(seed=5, round=2)  # round 2: B is the first Claimant
    assert PEEK.view(s2, 1).pool_down == (s2.pool_down[0], HIDDEN)
    assert GAME.view(GAME.deal(seed=5, round=3), 0).pool_down == (HIDDEN, HIDDEN)


def test_peek_a_wild_nest_egg_stays_and_a_commission_of_its_colour_scores():
    step = PEEK.step(last_defense(game=PEEK), "defend 2S")
    assert step.after.nest_egg == Card(12, "H")
    assert not any(e.rule.startswith("commons.wild-nest-egg") for e in step.events)
    a, b = PEEK.score(step.after).items
    assert (a.points, b.points) == (6, 0)  # A's red 4♥ scores 3 red × 2; B's black 5♣ does not
    assert a.rule == b.rule == "commons.peek.wild-nest-egg"


def test_peek_narrates_its_own_rules_at_the_last_round_and_the_next_deal():
    # A tie after round 3, Peek's last: an extra round, dealt 1 up 2 down and scored ×1.
    step = PEEK.step(last_defense(rounds="0-0 0-6", game=PEEK), "defend 2S")
    assert PEEK.round_points(step.after) == (6, 0) and step.after.phase == "round-end"
    rules = [e.rule for e in step.events]
    assert "commons.peek.rounds" in rules and "commons.extra-round" in rules
    deal = PEEK.step(step.after, "next round")
    assert [e.rule for e in deal.events] == ["commons.peek.pool", "commons.peek.look", "commons.peek.extra-round"]
    assert "B, the first Claimant, secretly looks" in deal.events[1].text  # round 4: B claims first
    assert [e.rule for e in PEEK.step(_round_over(PEEK), "next round").events] == [
        "commons.peek.pool",
        "commons.peek.look",
    ]
    assert [e.rule for e in GAME.step(_round_over(GAME), "next round").events] == ["commons.setup.pool"]


def _round_over(game):
    """Round 1 played out from a seeded deal, with its first legal moves."""
    s = game.deal(seed=3)
    while s.phase != "round-end":
        s = game.play(s, game.legal_moves(s)[0])
    return s


def test_the_variant_must_match_the_state():
    with pytest.raises(StateError, match="variant='peek'"):
        GAME.state_from_json(PEEK.deal(seed=1).to_json())
    with pytest.raises(ValueError, match="variant must be 'standard' or 'peek'"):
        cardlab.game("card-commons", variant="short")


# --- hidden information -----------------------------------------------------------------------


def test_a_player_sees_their_own_hand_and_commission_only():
    s = state(CLAIM)
    v = GAME.view(s, 1)
    assert v.hands[0] == (HIDDEN,) * 6 and v.hands[1] == s.hands[1]
    assert v.commissions == (HIDDEN, Card(5, "C")) and v.nest_egg == HIDDEN and v.pool_down == (HIDDEN,)
    assert v.pool_up == s.pool_up and v.seed == -1


def test_private_narration_is_marked():
    step = GAME.step(state(CLAIM), "claim 2D")
    private = [e for e in step.events if e.seen_by is not None]
    assert private and all(e.seen_by == frozenset({1}) for e in private)
    assert all("2H" not in e.text and "2♥" not in e.text for e in step.events if e.visible_to(0))


# --- notation and text forms -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "commission 4H",
        "trade 4H for 5C",
        "trade 4H for commission",
        "claim QH",
        "defend 4C",
        "discard 2S",
        "next round",
    ],
)
def test_move_notation_round_trips(text):
    assert str(GAME.parse_move(text)) == text
    assert str(GAME.parse_move(text.upper().replace("FOR", "for"))) == text


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("claim 4Z", "unknown suit"),
        ("fly 4H", "unknown move"),
        ("claim", "card is missing"),
        ("trade 4H 5C", "trade <card> for"),
        ("claim 4H 5H", "unexpected text"),
        ("", "empty"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        GAME.parse_move(text)


@pytest.mark.parametrize(
    "change, fragment",
    [
        (("A hand: 2D", "A hand: 4C"), "4C appears 2 times"),
        (("A hand: 2D 3H", "A hand: 3H"), "missing from the state: 2D"),
        (("A commission: 4H", "A commission: QH"), "QH"),
        (("pool down: 3S", "pool down: 3S 5H"), "appears 2 times"),
        (("claimant: A", "claimant: C"), "expected a player"),
        (("round: 1", "round: x"), "whole number"),
        (("B hand: 2H 3C", "B hand: 2H 3X"), "line"),
        (("nest egg: 4C", "nest egg: 4C\nbanana: 1"), "unknown key 'banana'"),
        (("phase: claim", "phase: claim\nphase: defend"), "given twice"),
    ],
)
def test_invalid_text_states_say_exactly_what_is_wrong(change, fragment):
    with pytest.raises(StateError, match=fragment):
        GAME.state_from_text(CLAIM.replace(*change))


def test_wrong_counts_and_placements_are_refused():
    moved = CLAIM.replace("A hand: 2D 3H QH 2C 5S 4S", "A hand: 2D 3H QH 2C 5S 4S 2H").replace("B hand: 2H", "B hand:")
    with pytest.raises(StateError, match="same number of cards"):
        GAME.state_from_text(moved)
    with pytest.raises(StateError, match="both sides of the tableau grow together"):
        GAME.state_from_text(CLAIM.replace("A hand: 2D 3H", "A side: 2D\nA hand: 3H"))
    with pytest.raises(StateError, match="phase is 'discard'"):
        GAME.state_from_text(
            NOBODY_ANSWERS.replace("A hand: 5S", "A hand:").replace(
                "claimant: A", "claimant: A\nphase: defend\nclaim: 5S"
            )
        )


#: A claimed 2♦; B, holding no 2 and no Wild, discarded 3♥; A must answer her own Claim.
ANSWERING = """
round: 1
phase: answer
claimant: A
nest egg: 4C
pool up: 5H QH 3H
pool down: 3S
A hand: 2H 2C KS 5S 2S
A commission: 5C
B hand: 3C 4D 5D 4S 3D
B commission: 4H
claim: 2D
"""
#: ... A answered with 2♥; B owes the second discard.
SECOND_DISCARD = (
    ANSWERING.replace("phase: answer", "phase: discard2")
    .replace("A hand: 2H ", "A hand: ")
    .replace("claim: 2D", "A side: 2D\nB side: 2H")
)


def test_the_answer_and_second_discard_phases_come_only_after_a_respondent_who_could_not_answer():
    """A Respondent who holds an answer had to defend: an answer phase or a second discard with
    such a Respondent is refused; as played, both are accepted."""
    assert GAME.state_from_text(ANSWERING).phase == "answer"
    assert GAME.state_from_text(SECOND_DISCARD).phase == "discard2"
    holds_a_two = ("B hand: 3C", "B hand: 2C"), ("2C KS", "3C KS")  # B's 3♣ and A's 2♣ change hands
    answering = ANSWERING.replace(*holds_a_two[0]).replace(*holds_a_two[1])
    with pytest.raises(StateError, match="B can answer the Claim 2D and had to defend: the phase is 'defend'"):
        GAME.state_from_text(answering)
    second = SECOND_DISCARD.replace(*holds_a_two[0]).replace(*holds_a_two[1])
    with pytest.raises(StateError, match=r"B hand: holds 2♣, which answers the Claim 2D \(the last card of A's side\)"):
        GAME.state_from_text(second)


def test_text_and_json_forms_round_trip():
    s = example_end()
    assert GAME.state_from_text(s.to_text()) == s
    assert GAME.state_from_json(s.to_json()) == s
    assert s.to_text().splitlines()[0] == "variant: standard"


def test_json_errors_are_clear():
    s = state(CLAIM)
    with pytest.raises(StateError, match="not valid JSON"):
        GAME.state_from_json(s.to_json()[:-5])
    with pytest.raises(StateError, match="newer cardlab"):
        GAME.state_from_json(s.to_json().replace('"version":2', '"version":9'))
    with pytest.raises(StateError, match="not a 'card-commons' state"):
        GAME.state_from_json(s.to_json().replace('"game":"card-commons"', '"game":"commerce"'))
    with pytest.raises(StateError, match=r"state.nest_egg: unknown rank"):
        GAME.state_from_json(s.to_json().replace('"nest_egg":"4C"', '"nest_egg":"1C"'))
    with pytest.raises(StateError, match="missing field"):
        GAME.state_from_json(s.to_json().replace('"claim":null', '"claimx":null'))


def test_html_repr_shows_the_table():
    html = state(CLAIM)._repr_html_()
    assert "Card Commons" in html and "aria-label" in html and "A: it is A&#x27;s turn" in html.replace("'", "&#x27;")


# --- the rules' fast building agrees with a plain reading of the rules -------------------------------


def _put(pair: tuple, player: int, value) -> tuple:
    return tuple(value if p == player else x for p, x in enumerate(pair))


def _take(cards_: tuple, card: Card) -> tuple:
    rest = list(cards_)
    rest.remove(card)
    return tuple(rest)


def _can_answer(hand: tuple, claim: Card) -> bool:
    """commons.defense: a card of the Claim's value or a Wild; any card answers a Wild Claim."""
    return any(claim in WILDS or c.rank == claim.rank or c in WILDS for c in hand)


def _plainly_played(game, s, move, reached: Counter):
    """The state after the legal ``move``, worked out from the rule text one field at a time with
    ``dataclasses.replace`` (the rules build it faster); ``reached`` counts the rules taken."""
    swap = dataclasses.replace
    mover, claimant, respondent = game.to_move(s), s.claimant, 1 - s.claimant
    reached[type(move).__name__, s.phase] += 1
    if isinstance(move, Commission):
        commissions = _put(s.commissions, mover, move.card)
        return swap(
            s,
            hands=_put(s.hands, mover, _take(s.hands[mover], move.card)),
            commissions=commissions,
            phase="claim" if None not in commissions else "commission",
        )
    if isinstance(move, TradePool):
        return swap(
            s,
            traded=1,
            pool_up=_take(s.pool_up, move.take) + (move.give,),
            hands=_put(s.hands, mover, _take(s.hands[mover], move.give) + (move.take,)),
        )
    if isinstance(move, TradeCommission):
        return swap(
            s,
            traded=2,
            commissions=_put(s.commissions, mover, move.give),
            hands=_put(s.hands, mover, _take(s.hands[mover], move.give) + (s.commissions[mover],)),
        )
    if isinstance(move, Claim):
        hands = _put(s.hands, claimant, _take(s.hands[claimant], move.card))
        phase = "defend" if _can_answer(hands[respondent], move.card) else "discard"
        return swap(s, hands=hands, claim=move.card, traded=0, phase=phase)
    if isinstance(move, NextRound):
        points = tuple(sum(i.points for i in game.round_items(s) if i.player == p) for p in (0, 1))
        return swap(game.deal(seed=s.seed, round=s.round + 1), rounds=s.rounds + (points,))
    hands = _put(s.hands, mover, _take(s.hands[mover], move.card))
    if isinstance(move, Defend):  # the Defense on the Respondent's side, the Claim on the Claimant's
        sides = _put(
            _put(s.sides, respondent, s.sides[respondent] + (move.card,)), claimant, s.sides[claimant] + (s.claim,)
        )
        s = swap(s, hands=hands, sides=sides, claim=None)
        if s.phase == "answer":
            return swap(s, phase="discard2")
    elif s.phase == "discard" and _can_answer(hands[claimant], s.claim):
        return swap(s, hands=hands, pool_up=s.pool_up + (move.card,), phase="answer")
    elif s.phase == "discard":
        reached["claim discarded"] += 1
        s = swap(s, hands=hands, pool_up=s.pool_up + (move.card, s.claim), claim=None)
    else:
        s = swap(s, hands=hands, pool_up=s.pool_up + (move.card,))
    if s.hands[0] or s.hands[1]:
        return swap(s, phase="claim", claimant=respondent, traded=0)
    return _plainly_scored(game, s, reached)


def _plainly_scored(game, s, reached: Counter):
    """commons.round-end: a Wild Nest Egg is swapped with a random face-down pool card, passing
    over the other Wild (standard game); then the round is scored, and the game ends after the
    last round unless the totals are tied."""
    nest, down = s.nest_egg, s.pool_down
    if nest in WILDS and not s.peek:
        pick = chance(s.seed, f"round {s.round} swap").randrange(len(down))
        others = [i for i in range(len(down)) if down[i] not in WILDS]
        pick = pick if down[pick] not in WILDS else others[0] if others else None
        reached["wild nest egg kept" if pick is None else "wild nest egg swapped"] += 1
        if pick is not None:
            nest, down = down[pick], down[:pick] + (nest,) + down[pick + 1 :]
    s = dataclasses.replace(s, nest_egg=nest, pool_down=down, phase="round-end")
    totals = [sum(r[p] for r in s.rounds) + sum(i.points for i in game.round_items(s) if i.player == p) for p in (0, 1)]
    if s.round >= game.last_round and totals[0] != totals[1]:
        reached["game over"] += 1
        return dataclasses.replace(s, phase="game-over")
    reached["extra round" if s.round >= game.last_round else "round over"] += 1
    return s


#: Every move of Card Commons, whatever the position.
EVERY_MOVE = (
    [Commission(c) for c in DECK]
    + [TradePool(g, t) for g in DECK for t in DECK]
    + [TradeCommission(c) for c in DECK]
    + [Claim(c) for c in DECK]
    + [Defend(c) for c in DECK]
    + [Discard(c) for c in DECK]
    + [NextRound()]
)


@pytest.mark.parametrize("game", [GAME, PEEK], ids=["standard", "peek"])
def test_every_legal_move_builds_the_state_a_plain_reading_of_the_rules_gives(game):
    """Over seeded random games, every legal move of every position: ``play``, ``step`` and
    ``advance`` give the state worked out field by field from the rules, and every move that is
    not listed is refused (the check the rules make, against the list they make)."""
    reached: Counter = Counter()
    rng = random.Random(7)
    for seed in range(40):
        s = game.deal(seed=seed)
        while not game.is_over(s):
            legal = game.legal_moves(s)
            for move in legal:
                expected = _plainly_played(game, s, move, reached)
                assert game.play(s, move) == expected, (s.to_text(), str(move))
                assert game.step(s, move).after == expected and game.advance(s, move) == expected
            if seed % 8 == 0:
                assert [m for m in EVERY_MOVE if game.is_legal(s, m)] == [m for m in EVERY_MOVE if m in legal]
            s = game.play(s, rng.choice(legal))
    rules = {"claim discarded", "round over", "extra round", "game over"}
    rules |= set() if game.peek else {"wild nest egg swapped"}
    assert rules <= set(reached), reached
    moves = {
        ("Commission", "commission"),
        ("TradePool", "claim"),
        ("TradeCommission", "claim"),
        ("Claim", "claim"),
        ("Defend", "defend"),
        ("Defend", "answer"),
        ("Discard", "discard"),
        ("Discard", "discard2"),
        ("NextRound", "round-end"),
    }
    assert moves == {key for key in reached if isinstance(key, tuple)}, reached


@pytest.mark.parametrize("game", [GAME, PEEK], ids=["standard", "peek"])
def test_a_rounds_points_are_those_of_its_score_lines(game):
    """``round_points`` (what the rules score a round with) gives each player the points of the
    worded ``round_items``, against every Nest Egg, at the end of rounds and in their middle."""
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        s = game.deal(seed=seed)
        while not game.is_over(s):
            if None not in s.commissions:
                for nest in (None, *DECK) if s.phase == "round-end" else DECK:
                    items = game.round_items(s, nest)
                    assert game.round_points(s, nest) == tuple(
                        sum(i.points for i in items if i.player == p) for p in (0, 1)
                    ), (s.to_text(), nest)
                    checked += 1
            s = game.play(s, rng.choice(game.legal_moves(s)))
    assert checked > 10_000


@pytest.mark.parametrize("game", [GAME, PEEK], ids=["standard", "peek"])
def test_the_totals_of_playouts_are_the_scores_totals(game):
    """What a playout is worth (``_totals``, without the score's words) is the score's totals, in
    every phase, in full states and in each player's view; and a playout's value is the lead."""
    from cardlab.strategy import lead, strategy_of

    rng = random.Random(5)
    strategy = strategy_of(game)
    phases = Counter()
    for seed in range(20):
        s = game.deal(seed=seed)
        while True:
            phases[s.phase] += 1
            for seen in (s, game.view(s, 0), game.view(s, 1)):
                assert game._totals(seen) == game.score(seen).totals, seen.to_text()
            for player in (0, 1):
                assert strategy.playout_value(game, s, player) == lead(game, s, player)
            if game.is_over(s):
                break
            s = game.play(s, rng.choice(game.legal_moves(s)))
    assert set(phases) == set(game.phases)


def test_the_rule_of_thumb_counts_the_unseen_cards_once_per_decision():
    """The rule of thumb's worth of a Commission: its chance of matching the Nest Egg is the share
    of the unseen cards that are no Wild and share its suit or value, times the cards of its colour
    on your side and in your hand (less one given, plus one taken); a Claim is answered by the
    unseen cards of its value and the unseen Wilds. Each counted once per decision."""
    from cardlab.games.card_commons.strategy import _answering, _CommissionValue, _unseen

    rng = random.Random(11)
    checked = 0
    for game in (GAME, PEEK):
        for seed in range(10):
            s = game.deal(seed=seed)
            while not game.is_over(s):
                me = game.to_move(s)
                if s.phase in ("commission", "claim"):
                    left = _unseen(game, s, me)
                    value, answering = _CommissionValue(s, me, left), _answering(left)
                    mine = (*s.sides[me], *s.hands[me])
                    for card in (*s.hands[me], *left):  # a card of the hand, or one unseen (it counts once)
                        share = sum(
                            1 for u in left if u not in WILDS and (u.suit == card.suit or u.rank == card.rank)
                        ) / len(left)
                        assert value.match(card) == share
                        assert answering(card) == sum(1 for u in left if u.rank == card.rank or u in WILDS)
                        assert value.worth(card) == share * sum(1 for c in mine if c.color == card.color)
                        back = s.commissions[me]
                        if card in s.hands[me] and back is not None:
                            kept = (*_take(mine, card), back)
                            assert value.worth(card, out=card, back=back) == share * sum(
                                1 for c in kept if c.color == card.color
                            )
                        checked += 1
                s = game.play(s, rng.choice(game.legal_moves(s)))
    assert checked > 1000


# --- who claims: a position a game can reach ---------------------------------------------------------


def claimant_must_be(game, s, claims_discarded: int) -> int:
    """The Claimant that position ``s`` must have, worked out from its cards, as the engine records
    a round: the round's first Claimant (A in rounds 1 and 3, B in rounds 2 and 4:
    ``game.first_claimant``), then one switch per turn played ("the roles switch every turn").
    A turn with a Defense puts one card on each side; a No Defense turn adds two face-up pool cards
    (two discards, or a discard and the discarded Claim) and, when the Claimant answered her own
    Claim, one card on each side; ``claims_discarded`` counts the turns whose Claim was discarded
    (no card on either side: rules page, reading 15, the roles switch all the same). During the
    commission phase nobody has claimed; at the round's end the Claimant is the last turn's."""
    first = game.first_claimant(s.round)
    if s.phase == "commission":
        return first
    sided = len(s.sides[0]) - (s.phase == "discard2")  # the turn under way has put its cards there
    turns = sided + claims_discarded  # the turns played before this one
    if s.phase in ("round-end", "game-over"):
        turns -= 1  # no switch after the last turn
    return first if turns % 2 == 0 else 1 - first


def no_defense_turns(game, s) -> int:
    """The No Defense turns played before the turn under way: two face-up pool cards each, above
    the round's layout (a trade with the pool changes no count); in the answer and discard2 phases
    the turn under way has put its first discard there."""
    extra = len(s.pool_up) - game.layout(s.round)[0] - (s.phase in ("answer", "discard2"))
    assert extra >= 0 and extra % 2 == 0, f"{extra} face-up pool cards above the round's layout"
    return extra // 2


def possible_claims_discarded(game, s) -> range:
    """How many of the No Defense turns before ``s`` may have had their Claim discarded: the
    others put a card on each side."""
    n = no_defense_turns(game, s)
    sided = len(s.sides[0]) - (s.phase == "discard2")
    return range(max(0, n - sided), n + 1)


def test_the_claimant_follows_from_the_round_and_the_turns_played():
    # Round 3: A claims first; after the worked example's 6 turns the round ends on B's Claim.
    s = GAME.deal(deck=EXAMPLE_DECK, round=3)
    for move in EXAMPLE_MOVES:
        s = GAME.play(s, move)
        assert s.claimant == claimant_must_be(GAME, s, 0), move
    assert s.phase == "round-end" and s.claimant == 1
    assert claimant_must_be(GAME, GAME.deal(deck=EXAMPLE_DECK, round=2), 0) == 1
    # A discarded Claim puts no card on the sides, yet the roles switch (reading 15).
    s = GAME.play(GAME.play(state(NOBODY_ANSWERS), "claim 5S"), "discard 3C")
    assert s.claimant == 1 and claimant_must_be(GAME, s, 1) == 1 and claimant_must_be(GAME, s, 0) == 0


@pytest.mark.parametrize("name", lessons.bundled_names("card-commons"))
def test_every_lesson_position_has_the_claimant_its_round_and_turns_give(name):
    """A lesson's start position, and every position after each of its moves, has the Claimant
    that the round's first Claimant and the turns played since give: no lesson shows a position
    that no game can reach."""
    lesson = lessons.load(name)
    start = lesson.start
    fits = [
        cd
        for cd in possible_claims_discarded(lesson.game, start)
        if claimant_must_be(lesson.game, start, cd) == start.claimant
    ]
    assert fits, (
        f"{name}: round {start.round} with {len(start.sides[0])} cards on each side: the Claimant "
        f"must be {'AB'[claimant_must_be(lesson.game, start, 0)]}, not {'AB'[start.claimant]}"
    )
    for cd0 in fits:
        cd, wrong = cd0, None
        for step in lesson.steps[1:]:
            if str(step.move) == "next round":
                cd = 0
            cd += sum(e.rule == "commons.no-defense.claim-discarded" for e in step.events)
            if step.state.claimant != claimant_must_be(lesson.game, step.state, cd):
                wrong = f"after {step.move} (line {step.line})"
                break
        if wrong is None:
            return
    pytest.fail(f"{name}: the Claimant does not follow from the turns played, {wrong}")


def test_the_utility_is_the_score_s_totals_at_every_step():
    """``utility`` counts the points without the score's words: the same numbers as ``score``
    after every move of many games of both variants, from the state and from each player's view."""
    for variant in ("standard", "peek"):
        game = cardlab.game("card-commons", variant=variant)
        for seed in range(30):
            state, rng = game.deal(seed=seed), random.Random(seed)
            while True:
                for seen in (state, game.view(state, 0), game.view(state, 1)):
                    assert game.utility(seen) == tuple(game.score(seen).totals), (variant, seed, state.to_text())
                if game.is_over(state):
                    break
                state = game.play(state, rng.choice(game.legal_moves(state)))
