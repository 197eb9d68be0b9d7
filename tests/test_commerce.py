"""Commerce: one test per rule sentence, the legal version and the illegal one."""

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
from cardlab import HIDDEN, IllegalMove, NotationError, StateError, cards, shuffled
from cardlab.cards import in_order
from cardlab.engine import HIDDEN_SEED
from cardlab.games.commerce import (
    DECK,
    KNOCK,
    Barter,
    Commerce,
    CommerceState,
    Give,
    Knock,
    Trade,
    compare_hands,
    rank_hand,
    showdown,
)

G3 = cardlab.game("commerce", players=3)
G4 = cardlab.game("commerce", players=4)

# The worked example, replayed. The text gives 4♣ both to B's point (A♥ K♥ 4♣) and to the
# dealer's sequence (3♣ 4♣ 5♣); one deck has one 4♣, so B's point hand has 4♦ instead
# (still a point of 21). Dealer C; B and C must act before A's next turn: B trades 9♣ for
# 4♦ and C, the dealer, trades Q♦ for 5♣ free, so the showdown hands are the text's.
EXAMPLE_DECK = "6S AH 3C 7S KH 4C KD 9C QD 8S 4D 5C"
EXAMPLE_MOVES = ("trade KD", "trade 9C", "trade QD", "knock")


def table(
    hands: str,
    *,
    dealer: str,
    game: Commerce = G3,
    stock: str = "",
    waste: str = "",
    turns: str = "-",
    offer: str = "-",
    history: str = "",
    seed: int = 0,
) -> CommerceState:
    """A hand-written deal: the stock starts with ``stock`` and goes on with every unused card."""
    text = (
        f"players: {game.players}\nseed: {seed}\ndealer: {dealer}\n{hands.strip()}\noffer: {offer}\n"
        f"stock: {stock} rest\nwaste: {waste or '-'}\nturns: {turns}\n{history}"
    )
    return game.state_from_text(text)


def illegal(state, move, rule, game=G3):
    """``move`` is refused with ``rule``, and ``state`` is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        game.play(state, move)
    assert err.value.rule == rule, err.value
    assert state.to_json() == before
    assert not game.is_legal(state, move)
    return err.value


def play(state, *moves, game=G3):
    for move in moves:
        state = game.play(state, move)
    return state


def rules(step) -> list[str]:
    return [e.rule for e in step.events]


# --- the worked example -----------------------------------------------------------------------------


def example_start():
    return G3.deal(seed=11, deck=EXAMPLE_DECK, dealer=2)


def test_worked_example_the_sequence_wins_and_the_dealer_pays_every_opponent():
    s = example_start()
    assert s.hands == (cards("6S 7S KD"), cards("AH KH 9C"), cards("3C 4C QD"))
    s = G3.play(s, "trade KD")
    assert s.hands[0] == cards("6S 7S 8S")
    assert str(rank_hand(s.hands[0])) == "same-suit sequence 6-7-8♠, top 8"
    assert G3.ledger(s) == (-2, -1, 0)  # antes, then A pays the dealer C
    s = play(s, "trade 9C", "trade QD")
    assert G3.ledger(s) == (-2, -2, 1)  # B pays C; C's own trade is free
    step = G3.step(s, "knock")
    record = step.after.history[0]
    assert record.hands == (cards("6S 7S 8S"), cards("AH KH 4D"), cards("3C 4C 5C"))
    assert record.end == "knock"
    assert str(rank_hand("AH KH 4D")) == "point 21 with A♥ K♥ (2 hearts)"
    assert compare_hands("6S 7S 8S", "AH KH 4D").rule == "commerce.rank.order"
    assert "commerce.rank.sequence" in rules(step)  # A's 6-7-8♠ beats C's 3-4-5♣
    assert "commerce.settle.same-category" in rules(step)
    assert "commerce.settle.dealer-loses" not in rules(step)
    deal1 = G3.score(step.after, deal=1)
    assert deal1.totals == (2, -1, -1)
    assert [(i.player, i.points, i.rule) for i in deal1.items] == [
        (0, -1, "commerce.deal.ante"),
        (1, -1, "commerce.deal.ante"),
        (2, -1, "commerce.deal.ante"),
        (0, -1, "commerce.trade.payment"),
        (2, 1, "commerce.trade.payment"),
        (1, -1, "commerce.trade.payment"),
        (2, 1, "commerce.trade.payment"),
        (2, 0, "commerce.trade.dealer"),
        (0, 3, "commerce.settle.pool"),
        (2, -1, "commerce.settle.same-category"),
        (0, 1, "commerce.settle.same-category"),
        (2, -1, "commerce.settle.same-category"),
        (1, 1, "commerce.settle.same-category"),
    ]
    # the whole ledger also holds deal 2's antes
    assert G3.ledger(step.after) == (1, -2, -2)
    assert G3.pool(step.after) == 3


# --- options, deck, deal ----------------------------------------------------------------------------


def test_players_3_to_12_default_4():
    assert cardlab.game("commerce").players == 4
    for n in (3, 7, 12):
        game = cardlab.game("commerce", players=n)
        assert game.players == n and game.player_names == tuple("ABCDEFGHIJKL"[:n])
        assert repr(game) == f"cardlab.game('commerce', players={n})"
    for bad in (2, 13, 0, "4", True, 4.0):
        with pytest.raises(ValueError, match="players must be a whole number from 3 to 12"):
            cardlab.game("commerce", players=bad)
    with pytest.raises(ValueError, match="players=3..12"):
        cardlab.game("commerce", widow=True)


def test_the_deck_is_52_cards_without_jokers():
    assert len(G3.deck()) == 52 and len(set(G3.deck())) == 52
    assert all(not c.is_joker for c in G3.deck())
    with pytest.raises(ValueError, match="not in this game: JK"):
        G3.deal(seed=1, deck="JK 2C")


def test_a_stacked_deck_is_dealt_singly_from_the_dealers_left_then_the_stock():
    s = G4.deal(seed=3, deck="2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D", dealer=1)
    # dealer B: C gets the first card, then D, A, B, three times round
    assert s.hands == (cards("4C 8C QC"), cards("5C 9C KC"), cards("2C 6C 10C"), cards("3C 7C JC"))
    assert s.stock[:2] == cards("AC 2D")
    assert len(s.stock) == 52 - 12 and s.waste == () and s.offer is None
    assert G4.to_move(s) == 2


def test_a_short_stacked_deck_continues_with_the_seeds_shuffle_of_the_other_cards():
    a = G3.deal(seed=9, deck="AS KS QS", dealer=0)
    b = G3.deal(seed=9, deck="AS KS QS", dealer=0)
    assert a == b
    assert (a.hands[1][0], a.hands[2][0], a.hands[0][0]) == cards("AS KS QS")
    rest = [c for c in shuffled(DECK, 9, "deal 1") if c not in cards("AS KS QS")]
    assert a.hands[1][1] == rest[0] and a.stock[-1] == rest[-1]


def test_a_stacked_deal_without_a_seed_takes_seed_0():
    s = G3.deal(deck=EXAMPLE_DECK, dealer=2)
    assert s.seed == 0 and s == G3.deal(deck=EXAMPLE_DECK, dealer=2, seed=0) == G3.deal(deck=EXAMPLE_DECK, dealer=2)
    assert "\nseed: 0\n" in s.to_text() and G3.state_from_text(s.to_text()) == s
    short = G4.deal(deck="AS KS QS")  # the seed also picks the dealer and fills the deck
    assert short == G4.deal(deck="AS KS QS", seed=0) and short.dealer == G4.deal(seed=0).dealer
    assert G3.deal(deck=EXAMPLE_DECK, dealer=2, seed=11).seed == 11
    assert G3.play(s, "knock").hands == G3.play(G3.deal(seed=0, dealer=2), "knock").hands  # deal 2 from seed 0
    with pytest.raises(ValueError, match="a seed is a whole number"):
        G3.deal(deck=EXAMPLE_DECK, seed=-1)


def test_the_stock_and_the_waste_are_listed_bottom_to_top():
    s = example_start()
    zones = {z.name: z.cards for z in G3.zones(s)}
    assert zones["stock"][-3:] == cards("5C 4D 8S") and zones["stock"] == tuple(reversed(s.stock))
    after = play(s, "trade KD", "trade 9C")
    zones = {z.name: z.cards for z in G3.zones(after)}
    assert after.hands[0] == cards("6S 7S 8S") and after.hands[1] == cards("AH KH 4D")  # each took the last card
    assert zones["stock"][-1] == cards("5C")[0] and zones["waste"] == cards("KD 9C")  # the latest traded last
    view = {z.name: z.cards for z in G3.zones(G3.view(after, 0))}
    assert view["stock"] == (HIDDEN,) * len(after.stock) and view["waste"] == (HIDDEN, HIDDEN)


def test_a_stacked_deck_may_not_repeat_a_card():
    with pytest.raises(ValueError, match="twice: 4C"):
        G3.deal(seed=1, deck="4C 5C 4C")
    with pytest.raises(cardlab.CardError):
        G3.deal(seed=1, deck="4C 1C")


def test_the_first_dealer_is_chosen_by_the_seed_and_can_be_given():
    dealers = {G4.deal(seed=seed).dealer for seed in range(60)}
    assert dealers == {0, 1, 2, 3}  # chosen at random...
    assert all(G4.deal(seed=s).dealer == G4.deal(seed=s).dealer for s in range(10))  # ...reproducibly
    assert G4.deal(seed=5, dealer=3).dealer == 3
    for bad in (4, -1, "A"):
        with pytest.raises(ValueError, match="the dealer is a player from 0 to 3"):
            G4.deal(seed=5, dealer=bad)
    with pytest.raises(ValueError, match="seed"):
        G4.deal(seed=-3)


def test_a_fresh_seed_is_kept_in_the_state_so_the_game_replays():
    s = G4.deal()
    assert s.seed >= 0
    assert G4.deal(seed=s.seed) == s


def test_everyone_pays_1_into_a_fresh_pool():
    s = G4.deal(seed=2)
    assert G4.ledger(s) == (-1, -1, -1, -1) and G4.pool(s) == 4
    items = G4.score(s).items
    assert {(i.player, i.points, i.rule) for i in items} == {(p, -1, "commerce.deal.ante") for p in range(4)}


def test_a_new_deal_passes_left_with_a_fresh_pool_and_a_shuffle_from_the_seed():
    s = G4.deal(seed=21, dealer=3)
    step = G4.step(s, "knock")
    after = step.after
    assert after.dealer == 0 and after.deal_number == 2
    order = shuffled(DECK, 21, "deal 2")
    assert after.hands[1] == in_order((order[0], order[4], order[8]))  # dealt from the new dealer's left (B), sorted
    assert after.stock == tuple(order[12:]) and after.waste == () and after.turns == ()
    assert G4.pool(after) == 4
    assert rules(step)[-4:] == [
        "commerce.deal.rotation",
        "commerce.deal.ante",
        "commerce.deal.cards",
        "commerce.turn.order",
    ]
    # a stacked first deal does not change later deals: they come from the seed
    stacked = G4.play(G4.deal(seed=21, dealer=3, deck=EXAMPLE_DECK), "knock")
    assert stacked.hands == after.hands and stacked.stock == after.stock


def test_one_deal_per_player_then_the_game_is_over():
    s = G4.deal(seed=4, dealer=2)
    for deal in range(4):
        assert s.dealer == (2 + deal) % 4 and not G4.is_over(s)
        s = G4.play(s, "knock")
    assert G4.is_over(s) and G4.to_move(s) is None and G4.legal_moves(s) == []
    assert len(s.history) == 4 and G4.pool(s) == 0


# --- turns --------------------------------------------------------------------------------------------


def test_the_dealers_left_neighbour_starts_and_turns_go_clockwise():
    s = G4.deal(seed=8, dealer=2)
    order = []
    for _ in range(6):
        order.append(G4.to_move(s))
        s = G4.play(s, Trade(s.hands[G4.to_move(s)][0]))
    assert order == [3, 0, 1, 2, 3, 0]


def test_on_your_turn_you_may_trade_barter_or_knock():
    s = example_start()
    assert G3.legal_moves(s) == [Trade(c) for c in s.hands[0]] + [Barter(c) for c in s.hands[0]] + [KNOCK]
    illegal(s, "give 6S", "commerce.turn")


# --- trade --------------------------------------------------------------------------------------------


def test_trade_gives_a_card_and_1_point_to_the_dealer_and_takes_the_stock_top():
    s = example_start()
    step = G3.step(s, "trade KD")
    after = step.after
    assert after.hands[0] == cards("6S 7S 8S")
    assert after.stock == s.stock[1:] and after.waste == cards("KD")
    assert G3.ledger(after) == (-2, -1, 0) and G3.pool(after) == 3  # to the dealer, not the pool
    assert rules(step) == ["commerce.trade", "commerce.trade.waste", "commerce.trade.payment"]
    # the card given up and the card taken are narrated to the trader only
    private = [e for e in step.events if e.cards]
    assert private and all(e.seen_by == frozenset({0}) for e in private)


def test_trade_only_a_card_you_hold():
    err = illegal(example_start(), "trade 9C", "commerce.trade")
    assert "A does not hold 9♣" in err.reason


def test_the_rejected_card_goes_to_the_waste_never_back_to_the_stock():
    s = play(example_start(), "trade KD", "trade 9C")
    assert s.waste == cards("KD 9C")
    assert not set(s.waste) & set(s.stock)
    zones = {z.name: z for z in G3.zones(s)}
    assert zones["waste"].seen_by == frozenset() and zones["stock"].seen_by == frozenset()


def test_the_dealer_trading_on_their_own_turn_pays_nothing():
    s = play(example_start(), "trade KD", "trade 9C")
    before = G3.ledger(s)
    step = G3.step(s, "trade QD")
    assert G3.ledger(step.after) == before
    assert "commerce.trade.dealer" in rules(step) and "commerce.trade.payment" not in rules(step)
    # a player who is not the dealer does pay
    assert "commerce.trade.payment" in rules(G3.step(example_start(), "trade KD"))


def test_trade_payments_belong_to_the_dealer_not_the_pool():
    s = G4.deal(seed=6, dealer=0)
    for _ in range(3):  # B, C and D trade
        s = G4.play(s, Trade(s.hands[G4.to_move(s)][0]))
    assert G4.ledger(s) == (2, -2, -2, -2) and G4.pool(s) == 4
    assert sum(G4.ledger(s)) + G4.pool(s) == 0


def test_when_a_trade_takes_the_last_stock_card_the_deal_is_settled_at_once():
    game = cardlab.game("commerce", players=12)  # 16 stock cards
    s = game.deal(seed=12, dealer=0)
    for _ in range(15):
        s = game.play(s, Trade(s.hands[game.to_move(s)][0]))
    assert len(s.stock) == 1 and len(s.waste) == 15 and not s.history
    trader = game.to_move(s)
    last = s.stock[0]
    step = game.step(s, Trade(s.hands[trader][0]))
    record = step.after.history[0]
    assert record.end == "stock" and last in record.hands[trader]
    assert "commerce.stock-out" in rules(step) and "commerce.settle.pool" in rules(step)
    assert step.after.deal_number == 2 and len(step.after.stock) == 16  # the waste was never drawn from


def test_a_card_traded_face_down_stays_unnamed_when_the_next_deal_gives_it_to_another_player():
    """G (dealer C, 12 players) trades the last stock card, giving up a card X face down; the
    deal is settled and the next one dealt, and X lands in A's new hand. At the moment of the
    trade A could not see X, so A's move log writes it as a hidden card, even though A holds X
    once the move (with its automatic settlement and deal) is over."""
    game = cardlab.game("commerce", players=12)
    seed, dealer = 0, 2
    # A's hand in deal 2 follows from the seed alone: find it by ending deal 1 at once.
    a_next = game.play(game.deal(seed=seed, dealer=dealer), "knock").hands[0]
    target = a_next[0]
    # Stack deal 1 so that G (seat 6: the 4th to act after the dealer C) is dealt the target card
    # as its third card: cards are dealt singly from D (seat 3), three times round the 12 players.
    rest = [c for c in DECK if c != target]
    deck = rest[: 2 * 12 + 3] + [target] + rest[2 * 12 + 3 :]
    session = cardlab.Session(game, game.deal(seed=seed, dealer=dealer, deck=cards(deck)))
    assert session.state.hands[6][2] == target
    for _ in range(16):  # 16 trades empty the stock; G makes the 4th and the 16th
        state = session.state
        mover = game.to_move(state)
        card = state.hands[mover][2 if mover == 6 and len(session.moves) == 15 else 0]
        session.play(Trade(card))
    last = session.moves[-1]
    assert last == Trade(target) and game.to_move(session.states[-2]) == 6
    assert session.state.history[0].end == "stock" and target in session.state.hands[0]
    assert session.narration(None)[-1].startswith(f"16. trade {target.code}:")
    for viewer in range(12):
        line = session.narration(viewer)[-1]
        assert line.startswith(f"16. trade {target.code}:" if viewer == 6 else "16. trade ??:"), (viewer, line)


def test_a_trade_that_leaves_stock_does_not_settle():
    game = cardlab.game("commerce", players=12)
    s = game.deal(seed=12, dealer=0)
    for _ in range(14):
        s = game.play(s, Trade(s.hands[game.to_move(s)][0]))
    step = game.step(s, Trade(s.hands[game.to_move(s)][0]))
    assert len(step.after.stock) == 1 and not step.after.history
    assert "commerce.stock-out" not in rules(step)


def test_a_deal_in_progress_never_has_an_empty_stock():
    s = G3.deal(seed=1, dealer=0)
    emptied = dataclasses.replace(s, stock=(), waste=s.stock, turns=("trade",) * len(s.stock))
    with pytest.raises(StateError, match="stock is empty"):
        G3.validate(emptied)


# --- barter -------------------------------------------------------------------------------------------


def test_barter_offers_a_card_face_down_to_the_left_neighbour():
    s = example_start()
    step = G3.step(s, "barter KD")
    after = step.after
    assert after.offer == cards("KD")[0] and after.hands[0] == cards("6S 7S")
    assert G3.to_move(after) == 1  # B, A's left neighbour, answers
    assert G3.legal_moves(after) == [Give(c) for c in after.hands[1]] + [KNOCK]
    assert G3.ledger(after) == G3.ledger(s)  # barters cost nothing
    offer = {z.name: z for z in G3.zones(after)}["offer"]
    assert offer.seen_by == frozenset({0}) and offer.cards == cards("KD")


def test_barter_only_a_card_you_hold():
    err = illegal(example_start(), "barter AH", "commerce.barter")
    assert "A does not hold A♥" in err.reason


def test_the_neighbour_answers_without_seeing_the_offered_card():
    s = G3.play(example_start(), "barter KD")
    for viewer in (1, 2):
        view = G3.view(s, viewer)
        assert view.offer == HIDDEN
        assert "KD" not in view.to_json()
    assert G3.view(s, 0).offer == cards("KD")[0]
    assert G3.legal_moves(G3.view(s, 1)) == G3.legal_moves(s)


def test_the_neighbour_gives_a_card_of_their_choice_and_the_barter_is_done():
    s = G3.play(example_start(), "barter KD")
    step = G3.step(s, "give 9C")
    after = step.after
    assert after.hands[0] == cards("6S 7S 9C") and after.hands[1] == cards("AH KH KD")
    assert after.offer is None and after.turns == ("barter",)
    assert G3.view(after, 1).hands[1] == cards("AH KH KD")  # now B sees the card
    assert any(e.seen_by == frozenset({0, 1}) for e in step.events)


def test_the_neighbour_can_only_give_a_card_they_hold():
    s = G3.play(example_start(), "barter KD")
    err = illegal(s, "give 6S", "commerce.barter.answer")
    assert "B does not hold 6♠" in err.reason


def test_a_barter_must_be_answered_before_anything_else():
    s = G3.play(example_start(), "barter KD")
    for move in ("trade 9C", "barter 9C"):  # B may not trade or barter out of turn
        err = illegal(s, move, "commerce.barter.answer")
        assert "B must first answer A's barter" in err.reason


def test_accepting_a_barter_does_not_replace_the_neighbours_turn():
    s = play(example_start(), "barter KD", "give 9C")
    step_rules = rules(G3.step(G3.play(example_start(), "barter KD"), "give 9C"))
    assert "commerce.barter.turn" in step_rules
    assert G3.to_move(s) == 1  # B now takes their own turn
    assert G3.legal_moves(s)[-1] == KNOCK and Trade(s.hands[1][0]) in G3.legal_moves(s)
    s = G3.play(s, "trade AH")
    assert G3.to_move(s) == 2 and G3.ledger(s) == (-1, -2, 0)


def test_refusing_a_barter_is_a_knock_the_offer_goes_back_and_the_deal_ends():
    s = G3.play(example_start(), "barter KD")
    step = G3.step(s, "knock")
    record = step.after.history[0]
    assert record.end == "refusal" and record.turns == ()
    assert sorted(record.hands[0]) == sorted(cards("6S 7S KD"))
    assert rules(step)[0] == "commerce.barter.refuse" and "commerce.settle.pool" in rules(step)
    assert step.after.deal_number == 2


# --- knock and the end ----------------------------------------------------------------------------


def test_a_knock_stops_exchanges_at_once_with_no_final_circuit():
    s = G3.play(example_start(), "trade KD")
    step = G3.step(s, "knock")  # B knocks: C never gets a last turn
    record = step.after.history[0]
    assert record.turns == ("trade",) and record.end == "knock"
    assert record.hands[2] == cards("3C 4C QD")
    assert rules(step)[0] == "commerce.knock" and "commerce.settle.reveal" in rules(step)


def test_no_move_after_the_last_knock():
    s = G3.deal(seed=1)
    s = play(s, "knock", "knock", "knock")
    assert G3.is_over(s)
    err = illegal(s, "knock", "commerce.end")
    assert "over" in err.reason
    illegal(s, Trade(s.hands[0][0]), "commerce.end")


def test_the_highest_balance_wins():
    s = play(example_start(), *EXAMPLE_MOVES)
    while not G3.is_over(s):
        s = G3.play(s, "knock")
    board = G3.score(s)
    assert board.final and board.winners == tuple(p for p, t in enumerate(board.totals) if t == max(board.totals))
    assert len(board.winners) == 1


def test_tied_leaders_share_the_win():
    # each dealer holds the best hand and nobody trades: every deal nets the dealer +2, the others -1
    history = (
        "deal 1: dealer A; turns -; end knock; hands AS AH AD / 3C 6D 10H / 2C 5D 9H\n"
        "deal 2: dealer B; turns -; end knock; hands 2C 5D 9H / AS AH AD / 3C 6D 10H\n"
        "deal 3: dealer C; turns -; end knock; hands 2C 5D 9H / 3C 6D 10H / AS AH AD"
    )
    text = (
        f"players: 3\nseed: 0\ndealer: C\nA: 2C 5D 9H\nB: 3C 6D 10H\nC: AS AH AD\noffer: -\n"
        f"stock: {' '.join(c.code for c in DECK if c not in cards('2C 5D 9H 3C 6D 10H AS AH AD'))}\n"
        f"waste: -\nturns: -\n{history}"
    )
    s = G3.state_from_text(text)
    board = G3.score(s)
    assert board.totals == (0, 0, 0) and board.winners == (0, 1, 2) and board.final


# --- ranking ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "better, worse, rule",
    [
        ("2C 2D 2H", "QS KS AS", "commerce.rank.order"),  # triplet over sequence
        ("AH 2H 3H", "AS KS QD", "commerce.rank.order"),  # sequence over point (21)
        ("2C 3C 9D", "AS KH QD", "commerce.rank.order"),  # any point over no point
        ("AC AD AH", "KC KD KH", "commerce.rank.triplet"),  # A above K
        ("3C 3D 3H", "2C 2D 2S", "commerce.rank.triplet"),
        ("QS KS AS", "JH QH KH", "commerce.rank.sequence"),  # Q-K-A highest
        ("2D 3D 4D", "AH 2H 3H", "commerce.rank.sequence"),  # A-2-3 lowest
        ("AS KS 10H", "AH 2H 3C", "commerce.rank.point"),  # 21 over 13
        ("AS 6S 4S", "AH KH 5C", "commerce.rank.point-cards"),  # 21 with 3 cards over 21 with 2
        ("AH KH 5C", "KS 8S 2S", "commerce.rank.point"),  # a higher 2-card total beats 3 cards
    ],
)
def test_hands_rank_in_the_stated_order(better, worse, rule):
    cmp = compare_hands(better, worse)
    assert (cmp.winner, cmp.rule) == (0, rule), cmp
    back = compare_hands(worse, better)
    assert (back.winner, back.rule) == (1, rule)


def test_k_a_2_is_not_a_sequence():
    rank = rank_hand("KH AH 2H")
    assert rank.category == "point" and rank.key == (1, 23, 3)
    assert "K-A-2 is not a sequence" in str(rank)
    assert compare_hands("AC 2C 3C", "KH AH 2H").winner == 0


def test_point_values_ace_11_faces_10_others_their_number():
    assert rank_hand("AH 2S 3D").category == "nothing"
    assert rank_hand("AH JH 2S").key == (1, 21, 2)
    assert rank_hand("QH 10H 2S").key == (1, 20, 2)
    assert rank_hand("KD 9D 2S").key == (1, 19, 2)
    assert rank_hand("7C 2C 9H").key == (1, 9, 2)


def test_a_singleton_suit_scores_0_and_the_best_suit_counts():
    assert rank_hand("2H 3H AS").key == (1, 5, 2)  # the A♠ alone counts for nothing
    assert rank_hand("2H 5D 9S").key == (0, 0, 0)
    assert str(rank_hand("2H 5D 9S")).startswith("no combination and no point")


def test_pairs_and_plain_flushes_have_no_rank_of_their_own():
    assert rank_hand("9S 9H 2C").category == "nothing"
    assert "a pair has no rank of its own" in str(rank_hand("9S 9H 2C"))
    assert compare_hands("2H 3H 4S", "9S 9H 2C").winner == 0  # point 5 beats a bare pair
    assert rank_hand("9S 9H 2S").key == (1, 11, 2)  # a pair counts only by point
    flush = rank_hand("2H 5H 9H")
    assert flush.category == "point" and "plain flush" in str(flush)
    assert compare_hands("2S 3S 4S", "AH KH JH").winner == 0  # the lowest sequence beats a 31 flush


def test_equal_hands_tie_and_seating_decides():
    cmp = compare_hands("6S 7S 8S", "6H 7H 8H")
    assert cmp.winner is None and cmp.rule == "commerce.rank.tie"
    assert compare_hands("6S 7S 8S", "6H 7H 8H", seated_first=1).winner == 1
    assert compare_hands("AH KH 5C", "AS QS 6D").winner is None  # 21 with 2 cards each
    assert compare_hands("2H 5D 9S", "3H 6D 10S").winner is None  # neither has anything


def test_rank_hand_explains_in_words():
    assert str(rank_hand("6S 7S 8S")) == "same-suit sequence 6-7-8♠, top 8"
    assert str(rank_hand("2H AH 3H")) == "same-suit sequence A-2-3♥, top 3 (the lowest sequence)"
    assert str(rank_hand("AS QS KS")) == "same-suit sequence Q-K-A♠, top A (the highest sequence)"
    assert str(rank_hand("7C 7D 7H")) == "triplet of 7s"
    assert str(rank_hand("QC QD QH")) == "triplet of queens"
    assert str(rank_hand("10C 8C 7C")) == "point 25 with 10♣ 8♣ 7♣ (3 clubs); a plain flush counts only as a point"
    text = str(compare_hands("3C 4C 5C", "AH KH 4D"))
    assert text == (
        "same-suit sequence 3-4-5♣, top 5 beats point 21 with A♥ K♥ (2 hearts): a sequence outranks "
        "a point (triplet, then sequence, then point) [commerce.rank.order]"
    )
    assert cardlab.game("commerce").rank_hand("6S 7S 8S") == rank_hand("6S 7S 8S")


@pytest.mark.parametrize(
    "hand, fragment",
    [
        ("6S 7S", "3 cards, not 2"),
        ("6S 7S 8S 9S", "3 cards, not 4"),
        ("6S 6S 8S", "no card twice"),
        ("6S 7S JK", "JK is not a card"),
        ("6S 7S 1S", "unknown rank"),
    ],
)
def test_rank_hand_refuses_what_is_not_a_hand(hand, fragment):
    with pytest.raises(ValueError, match=fragment):
        rank_hand(hand)


def _reference_key(hand):
    """An independent reading of the ranking rules, for every 3-card hand."""
    ranks = sorted(c.rank for c in hand)
    suits = {c.suit for c in hand}
    if len(set(ranks)) == 1:
        return (3, ranks[0], 0)
    runs = {tuple(range(top - 2, top + 1)): top for top in range(4, 15)} | {(2, 3, 14): 3}
    if len(suits) == 1 and tuple(ranks) in runs:
        return (2, runs[tuple(ranks)], 0)
    value = {14: 11, 13: 10, 12: 10, 11: 10}
    best = (0, 0, 0)
    for suit in suits:
        same = [value.get(c.rank, c.rank) for c in hand if c.suit == suit]
        if len(same) >= 2:
            best = max(best, (1, sum(same), len(same)))
    return best


def test_every_hand_ranks_as_an_independent_reading_of_the_rules():
    for hand in itertools.combinations(DECK, 3):
        assert rank_hand(hand).key == _reference_key(hand), hand


@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True))
def test_comparison_is_antisymmetric(six):
    a, b = six[:3], six[3:]
    one, two = compare_hands(a, b), compare_hands(b, a)
    assert one.rule == two.rule
    assert (one.winner, two.winner) in ((0, 1), (1, 0), (None, None))


# --- settlement -----------------------------------------------------------------------------------


def settle(hands: str, dealer: str, knocker_moves=("knock",), game=G3):
    s = table(hands, dealer=dealer, game=game)
    step = game.step(s, knocker_moves[0])
    return step, game.score(step.after, deal=1)


def test_the_pool_goes_to_the_best_hand():
    step, board = settle("A: 2C 5D 9H\nB: AS KS 10H\nC: 3C 6D 10S", dealer="C")
    pool = [i for i in board.items if i.rule == "commerce.settle.pool"]
    assert [(i.player, i.points) for i in pool] == [(1, 3)]
    assert pool[0].cards == cards("AS KS")


def test_a_losing_dealer_pays_the_winner_1_more():
    step, board = settle("A: 2C 5D 9H\nB: AS KS 10H\nC: 3C 6D 10S", dealer="C")
    assert board.totals == (-1, 3, -2)
    assert "commerce.settle.dealer-loses" in rules(step)
    assert not any(i.rule == "commerce.settle.same-category" for i in board.items)


def test_a_winning_dealer_pays_nothing():
    step, board = settle("A: 2C 5D 9H\nB: AS KS 10H\nC: 3C 4C 5C", dealer="C")
    assert board.totals == (-1, -1, 2)
    assert not {"commerce.settle.dealer-loses", "commerce.settle.same-category"} & set(rules(step))


def test_a_dealer_losing_in_the_winners_category_pays_every_other_player():
    step, board = settle("A: 2C 5D 9H\nB: AS KS 10H\nC: 3H 4H 8S", dealer="C")  # point 21 against point 7
    assert board.totals == (0, 3, -3)
    assert "commerce.settle.same-category" in rules(step)
    assert "commerce.settle.dealer-loses" not in rules(step)


def test_point_against_point_is_the_same_category_whatever_the_suits():
    # B's point 21 in spades beats the dealer C's point 5 in diamonds: C pays A, B and D
    _, board = settle("A: 2C 5D 9H\nB: AS KS 10H\nC: 2D 3D 4C\nD: 5S 6H 7C", dealer="C", game=G4)
    assert board.totals == (0, 4, -4, 0)


def test_a_dealer_losing_in_another_category_pays_only_the_winner():
    step, board = settle("A: 2C 5D 9H\nB: AS KS QS\nC: AH KH 10D", dealer="C")  # sequence against point
    assert board.totals == (-1, 3, -2)
    assert "commerce.settle.dealer-loses" in rules(step)


def test_remaining_ties_go_to_the_dealer_then_the_nearest_left():
    # B's and C's sequences tie; the dealer C holds one of them
    _, board = settle("A: 2C 5D 9H\nB: 6S 7S 8S\nC: 6H 7H 8H", dealer="C")
    assert board.totals == (-1, -1, 2)
    # A and B tie and the dealer C has less: A sits nearer the dealer's left
    result = showdown((cards("6S 7S 8S"), cards("6H 7H 8H"), cards("2C 3C 4C")), dealer=2)
    assert result.winner == 0 and result.dealer_pays == "everyone"
    result = showdown((cards("6S 7S 8S"), cards("6H 7H 8H"), cards("2C 3C 4C")), dealer=1)
    assert result.winner == 1 and result.dealer_pays == "nothing"  # B, the dealer, is first
    result = showdown((cards("6S 7S 8S"), cards("2C 3C 4C"), cards("6H 7H 8H")), dealer=0)
    assert result.winner == 0  # dealer A before C


def best_hand_event(step):
    return next(e for e in step.events if e.rule == "commerce.rank.tie")


def test_a_tie_broken_by_seating_names_the_players():
    step, _ = settle("A: 6S 7S 8S\nB: 6H 7H 8H\nC: 2C 3C 4C", dealer="C")
    assert best_hand_event(step).text == (
        "A's hand: same-suit sequence 6-7-8♠, top 8. B's hand: same-suit sequence 6-7-8♥, top 8. The two hands "
        "are equal, so seating decides: the dealer first, then the nearest player to the dealer's left. A sits "
        "nearer the dealer's left than B, so A has the best hand."
    )
    step, _ = settle("A: 2C 5D 9H\nB: 6S 7S 8S\nC: 6H 7H 8H", dealer="C")
    assert best_hand_event(step).text.endswith("C is the dealer, seated before B, so C has the best hand.")
    # dealer B of 4: C sits next to B, so C comes before A whatever the letters say
    step, board = settle("A: AS KS 2D\nB: 2C 5D 9H\nC: AH KH 3D\nD: 3C 6D 10S", dealer="B", game=G4)
    assert best_hand_event(step).text.endswith("C sits nearer the dealer's left than A, so C has the best hand.")
    assert best_hand_event(step).player == 2 and board.totals[2] > board.totals[0]
    assert not any("hand sits nearer" in e.text or "first hand" in e.text for e in step.events)
    # the helper, which has hands and no players, says which hand is seated first
    assert compare_hands("6S 7S 8S", "6H 7H 8H", seated_first=1).reason.endswith("; the second hand is seated first")


def test_if_nobody_has_a_combination_or_point_the_dealer_wins():
    step, board = settle("A: 2C 5D 9H\nB: 3C 6D 10S\nC: 4C 7D JH", dealer="B")
    assert board.totals == (-1, 2, -1)
    assert "commerce.rank.tie" in rules(step)


def test_the_ledger_and_the_pool_sum_to_zero_at_every_step():
    for n in (3, 5, 12):
        game = cardlab.game("commerce", players=n)
        for seed in range(15):
            rng = random.Random(seed)
            s = game.deal(seed=seed)
            while True:
                ledger = game.ledger(s)
                assert sum(ledger) + game.pool(s) == 0
                assert ledger == game.score(s).totals
                if game.is_over(s):
                    break
                s = game.play(s, rng.choice(game.legal_moves(s)))
            assert game.pool(s) == 0 and game.score(s).final


def test_negative_balances_are_allowed_and_nobody_is_eliminated():
    s = G3.deal(seed=3, dealer=2)
    for _ in range(5):  # A and B trade away to the dealer C
        s = G3.play(s, Trade(s.hands[G3.to_move(s)][0]))
        s = G3.play(s, Trade(s.hands[G3.to_move(s)][0]))
        s = G3.play(s, Trade(s.hands[2][0]))
    assert G3.ledger(s)[0] < -3 and G3.to_move(s) == 0 and G3.legal_moves(s)


def test_the_breakdown_of_one_deal_and_of_the_game():
    s = play(example_start(), *EXAMPLE_MOVES)
    with pytest.raises(ValueError, match="has not been played"):
        G3.score(s, deal=3)
    assert G3.score(s, deal=2).totals == (-1, -1, -1)
    whole = G3.score(s)
    assert whole.totals == tuple(a + b for a, b in zip(G3.score(s, deal=1).totals, G3.score(s, deal=2).totals))
    assert all(i.rule.startswith("commerce.") for i in whole.items)


# --- views ----------------------------------------------------------------------------------------


def test_a_player_sees_their_own_hand_and_the_public_record_only():
    s = play(example_start(), "trade KD", "trade 9C")
    view = G3.view(s, 1)
    assert view.hands[1] == s.hands[1]
    assert view.hands[0] == (HIDDEN,) * 3 and view.hands[2] == (HIDDEN,) * 3
    assert view.stock == (HIDDEN,) * len(s.stock) and view.waste == (HIDDEN, HIDDEN)
    assert view.seed == HIDDEN_SEED
    assert view.turns == s.turns and G3.ledger(view) == G3.ledger(s) and G3.pool(view) == G3.pool(s)
    with pytest.raises(ValueError, match="players 0 to 2"):
        G3.view(s, 3)


def test_the_hands_of_the_last_deal_stay_revealed_when_the_game_is_over():
    s = play(G3.deal(seed=1), "knock", "knock", "knock")
    assert G3.view(s, 0).hands == s.hands
    assert all(z.seen_by is None for z in G3.zones(s) if z.owner is not None and z.name.endswith("hand"))


# --- notation -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move",
    [
        ("trade KD", Trade(cards("KD")[0])),
        ("TRADE k♦", Trade(cards("KD")[0])),
        ("barter 10S", Barter(cards("10S")[0])),
        ("give th", Give(cards("10H")[0])),
        ("  knock ", Knock()),
    ],
)
def test_move_notation(text, move):
    assert G3.parse_move(text) == move
    assert G3.parse_move(str(move)) == move


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "it is empty"),
        ("swap KD", "unknown move"),
        ("trade", "'trade' needs a card"),
        ("trade KZ", "unknown suit"),
        ("knock KD", "'knock' takes no card"),
        ("give KD QD", "takes one card"),
        ("barter JK", "without jokers"),
    ],
)
def test_malformed_moves_say_what_is_wrong(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        G3.parse_move(text)


def test_a_bad_card_in_a_move_is_pointed_at():
    with pytest.raises(NotationError) as err:
        G3.parse_move("trade 1H")
    assert (err.value.start, err.value.end) == (6, 8)


# --- text and JSON forms ----------------------------------------------------------------------------


def test_text_form_round_trips_and_reads_by_hand():
    s = play(example_start(), "trade KD", "barter 9C")
    text = s.to_text()
    assert "offer: B 9C" in text and "turns: A trade" in text
    assert G3.state_from_text(text) == s
    done = play(example_start(), *EXAMPLE_MOVES)
    assert (
        "deal 1: dealer C; turns A trade, B trade, C trade; end knock; hands 6S 7S 8S / AH KH 4D / 3C 4C 5C"
        in done.to_text()
    )
    assert G3.state_from_text(done.to_text()) == done
    assert G3.state_from_json(done.to_json()) == done


SHORT = """\
players: 3
seed: 11
dealer: C
A: 6S 7S KD
B: AH KH 9C
C: 3C 4C QD
stock: 8S 4D 5C rest
"""


def test_a_hand_written_stock_may_end_with_rest():
    """'rest' is every card placed nowhere else, in the seed's shuffle of the deal: the order
    deal(deck=...) gives the cards a short stacked deck leaves out."""
    s = G3.state_from_text(SHORT)
    assert s == example_start()
    assert s.stock[:3] == cards("8S 4D 5C") and len(s.stock) == 52 - 9
    assert s.stock[3:] == tuple(c for c in shuffled(DECK, 11, "deal 1") if c not in cards(EXAMPLE_DECK))
    assert "rest" not in s.to_text() and G3.state_from_text(s.to_text()) == s  # to_text writes every card
    assert G3.state_from_text(SHORT.replace("stock: 8S 4D 5C rest", "stock: rest")).stock[:3] != cards("8S 4D 5C")
    assert G3.state_from_text(SHORT.replace("stock: 8S 4D 5C rest\n", "")) == G3.state_from_text(
        SHORT.replace("stock: 8S 4D 5C rest", "stock: REST")
    )  # no stock line: the rest


def test_rest_leaves_out_the_hands_the_offer_and_the_waste_and_follows_the_deal():
    s = play(example_start(), "trade KD", "barter 9C")
    short = (
        "players: 3\nseed: 11\ndealer: C\nA: 6S 7S 8S\nB: AH KH\nC: 3C 4C QD\noffer: B 9C\n"
        "waste: KD\nturns: A trade\nstock: 4D 5C rest"
    )
    assert G3.state_from_text(short) == s
    done = play(example_start(), *EXAMPLE_MOVES)  # deal 2: rest follows the seed's deal-2 shuffle
    text = re.sub(r"stock: .*", "stock: rest", done.to_text())
    assert G3.state_from_text(text) == done


@pytest.mark.parametrize(
    "stock, fragment",
    [
        ("rest 8S", "'rest' ends the stock line"),
        ("rest rest", "'rest' ends the stock line"),
        ("8X rest", "unknown suit"),
        ("6S rest", "6S appears 2 times"),  # A holds the 6♠
    ],
)
def test_a_stock_with_rest_is_refused_when_malformed(stock, fragment):
    with pytest.raises(StateError, match=re.escape(fragment)):
        G3.state_from_text(SHORT.replace("stock: 8S 4D 5C rest", f"stock: {stock}"))


@pytest.mark.parametrize(
    "change, fragment",
    [
        (("players: 3", "players: 4"), "played with players=4"),
        (("A: 6S 7S KD", "A: 6S 7S KD 2C"), "holds 4 card(s); it should hold 3"),
        (("B: AH KH 9C", "B: AH KH 6S"), "6S appears 2 times"),
        (("turns: -", "turns: B trade"), "turn 1 is A's"),
        (("offer: -", "offer: B 6S"), "only A, whose turn it is"),
        (("dealer: C", "dealer: E"), "expected a player"),
        (("seed: 11", "seed: x"), "whole number"),
    ],
)
def test_invalid_text_states_say_what_is_wrong(change, fragment):
    text = example_start().to_text().replace(*change)
    with pytest.raises(StateError, match=re.escape(fragment)) as err:
        G3.state_from_text(text)
    assert "line" in str(err.value) or err.value.where


def test_invalid_deal_records_are_refused():
    done = play(example_start(), *EXAMPLE_MOVES)
    text = done.to_text()
    for old, new, fragment in [
        ("end knock", "end stock", "exactly when its 43 stock cards"),
        ("end knock", "end sleep", "a deal ends by knock, refusal, stock"),
        ("dealer C; turns", "dealer A; turns", "turn 1 is B's"),
        (
            "hands 6S 7S 8S / AH KH 4D",
            "hands 6S 7S 8S / AH KH 6S",
            "6S is in both A's and B's hands; the hands of a deal come from one 52-card deck, each card once",
        ),
        ("hands 6S 7S 8S / AH KH 4D", "hands 6S 7S 6S / AH KH 4D", "6S is twice in A's hand"),
        (
            "hands 6S 7S 8S / AH KH 4D / 3C 4C 5C",
            "hands 6S 7S 8S / AH KH 4D / 3C 4C 4D",
            "4D is in both B's and C's hands",
        ),
        ("hands 6S 7S 8S / AH KH 4D", "hands 6S 7S 8S / AH KH JK", "JK in B's hand is not one of the 52 cards"),
        ("deal 1:", "deal 2:", "deal 1 is missing"),
        ("; end knock", "", "write 'dealer C"),
    ]:
        with pytest.raises(StateError, match=re.escape(fragment)) as err:
            G3.state_from_text(text.replace(old, new))
        assert err.value.where.startswith(("deal 1", "deal 2", "line")), err.value


def test_the_deal_passes_left_in_the_record_and_on_the_table():
    text = play(example_start(), *EXAMPLE_MOVES).to_text()
    with pytest.raises(StateError, match="after C comes A"):
        G3.state_from_text(text.replace("dealer: A", "dealer: B"))
    two = play(example_start(), *EXAMPLE_MOVES, "knock")
    assert "deal 2: dealer A" in two.to_text()
    with pytest.raises(StateError, match="deal 2 is dealt by A"):
        G3.state_from_text(two.to_text().replace("deal 2: dealer A; turns -", "deal 2: dealer C; turns -"))


def test_a_finished_game_shows_its_last_deal_as_settled():
    over = play(example_start(), *EXAMPLE_MOVES, "knock", "knock")
    assert G3.is_over(over)
    hands = over.hands
    swapped = (hands[1], hands[0], hands[2])
    with pytest.raises(StateError, match="the table shows deal 3 as it was settled"):
        G3.validate(dataclasses.replace(over, hands=swapped))


def test_json_errors_are_clear():
    s = example_start()
    with pytest.raises(StateError, match="played with players=4"):
        G3.state_from_json(G4.deal(seed=1).to_json())
    data = json.loads(s.to_json())
    data["state"]["turns"] = ["steal"]
    with pytest.raises(StateError, match="expected one of"):
        G3.state_from_json(json.dumps(data))
    data = json.loads(s.to_json())
    data["state"]["seed"] = -1
    with pytest.raises(StateError, match="seed"):
        G3.state_from_json(json.dumps(data))


def test_replay_from_seed_and_moves():
    rng = random.Random(4)
    s = start = G4.deal(seed=77)
    moves = []
    while not G4.is_over(s):
        move = rng.choice(G4.legal_moves(s))
        moves.append(str(move))
        s = G4.play(s, move)
    again = G4.deal(seed=77)
    for move in moves:
        again = G4.play(again, move)
    assert again == s and start == G4.deal(seed=77)


def test_html_repr_shows_the_table_and_the_ledger():
    html = example_start()._repr_html_()
    assert "Commerce" in html and "Ledger: A -1, B -1, C -1; pool 3" in html and "6♠" in html


# --- the rules page -----------------------------------------------------------------------------------


def test_the_rules_page_shows_the_worked_examples_positions():
    """The positions the rules page writes out (its code examples run in tests/test_docs.py)."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "commerce.md").read_text(encoding="utf-8")
    text = re.search(r"```\n(# Commerce.*?)```", page, re.S).group(1)
    shown = G3.state_from_text(text)
    assert shown == play(example_start(), "trade KD", "barter 9C")
    assert shown.to_text().strip() == text.strip()
    short = re.search(r"```\n(players: .*?rest\n)```", page, re.S).group(1)
    assert short == SHORT and G3.state_from_text(short) == example_start()


# --- the rounds: one per deal, for the ledger's rows and the showdown ------------------------------


def test_each_deal_is_a_round_with_its_ledger_lines_its_showdown_and_who_moved():
    s = play(example_start(), *EXAMPLE_MOVES)
    first, second = G3.rounds(s)
    assert (first.number, first.title, first.settled) == (1, "Deal 1 of 3", True)
    assert first.items == G3.score(s, deal=1).items and first.changes(3) == (2, -1, -1)
    assert first.how == "A knocked" and first.movers == {0, 1, 2}
    assert (first.ended.rule, first.ended.player) == ("commerce.knock", 0)
    assert first.ended.text == "A knocked after 3 turns: exchanges stopped at once, with no final circuit."
    # best first: A's sequence 6-7-8♠, C's 3-4-5♣ (a sequence, lower), B's point 21
    assert [(h.player, h.cards) for h in first.hands] == [
        (0, cards("6S 7S 8S")),
        (2, cards("3C 4C 5C")),
        (1, cards("AH KH 4D")),
    ]
    assert first.hands[2].ranking == "point 21 with A♥ K♥ (2 hearts)"
    assert (first.verdict.rule, first.verdict.player) == ("commerce.rank.sequence", 0)
    assert first.verdict.text.startswith("A has the best hand. A's hand: same-suit sequence 6-7-8♠")
    # deal 2 is in play: its antes only, nobody has moved, nothing revealed
    assert (second.title, second.settled, second.hands, second.how, second.movers) == (
        "Deal 2 of 3",
        False,
        (),
        "",
        frozenset(),
    )
    assert second.changes(3) == (-1, -1, -1)
    assert G3.rounds(G3.view(s, 1)) == G3.rounds(s)  # a view's rounds: the same, as everyone knows them


def test_a_round_says_how_a_deal_ended_by_a_refusal_or_by_the_stock():
    s = G3.play(play(example_start(), "barter KD"), "knock")
    refused = G3.rounds(s)[0]
    assert refused.how == "B refused A's barter" and refused.movers == {0, 1}
    assert (refused.ended.rule, refused.ended.player) == ("commerce.barter.refuse", 1)
    assert (
        refused.ended.text == "B refused A's barter by knocking, on the deal's first turn: exchanges stopped at once."
    )
    game = cardlab.game("commerce", players=12)
    s = game.deal(seed=12, dealer=0)
    while not s.history:
        s = game.play(s, Trade(s.hands[game.to_move(s)][0]))
    stocked = game.rounds(s)[0]
    # 16 trades from B on: the 16th is E's (the 12 players, then B, C, D, E again)
    assert stocked.how == "E took the last stock card" and stocked.ended.rule == "commerce.stock-out"
    assert stocked.ended.text == "E took the last card of the stock, after 16 turns: the deal was settled at once."
    assert stocked.ended.player == 4 and stocked.movers == frozenset(range(12)) and len(stocked.hands) == 12


# --- the lessons a learner plays ------------------------------------------------------------------


def test_the_walkthrough_lesson_is_the_worked_example_played_from_a_seat():
    """The learner notebook's walkthrough is the text's example: A's trade is told and A's knock
    is a question the learner answers, B's and C's are played for them, and the
    showdown and deal 1's ledger are the text's (4♦ for the doubled 4♣, named in the lesson)."""
    from cardlab import lessons

    lesson = lessons.load("commerce-1-worked-example")
    assert lesson.viewer == 0 and tuple(map(str, lesson.moves)) == EXAMPLE_MOVES
    asked = [str(q.moves[0]) for q in lesson.questions if q.kind == "play"]
    assert asked == ["knock"] and all(len(q.moves) == 1 for q in lesson.questions if q.kind == "play")
    end = lesson.steps[-1].state
    assert end.history[0].hands == (cards("6S 7S 8S"), cards("AH KH 4D"), cards("3C 4C 5C"))
    assert G3.score(end, deal=1).totals == (2, -1, -1)
    assert "4♦" in lesson.text and "4♣" in lesson.text
    # the kinds of hands are taught before the knock that relies on a sequence beating a point
    before_knock = lesson.text.split("ask: It is your turn again")[0]
    assert all(
        word in before_knock
        for word in (
            "**triplet**",
            "**sequence**",
            "**point**",
            "**ante**",
            "**pool**",
            "**stock**",
            "**trade**",
            "**barter**",
            "**knock**",
            "**dealer**",
            "**final circuit**",
            "**chips**",
        )
    )


def test_the_barter_lesson_tells_the_answers_the_engine_does_not_single_out():
    from cardlab import lessons

    lesson = lessons.load("commerce-4-trades-and-barter")
    assert [q for q in lesson.questions if q.kind == "play"] == []  # the K♦ and the 8♠ would both do
    assert "The K♦\nwould do, and so would the 8♠." in lesson.text


def test_the_last_deal_lesson_ends_the_game_with_tied_leaders():
    from cardlab import lessons

    lesson = lessons.load("commerce-5-the-last-deal")
    end = lesson.steps[-1].state
    board = G3.score(end)
    assert G3.is_over(end) and board.totals == (1, 1, -2) and board.winners == (0, 1)
    assert "commerce.end" in {e.rule for e in lesson.steps[-1].events}


def test_the_stock_lesson_ends_a_deal_by_the_last_trade_and_seating_breaks_the_tie():
    from cardlab import lessons

    lesson = lessons.load("commerce-6-the-stock-runs-out")
    rules = {e.rule for e in lesson.steps[-1].events}
    assert {"commerce.stock-out", "commerce.rank.tie"} <= rules
    assert lesson.steps[-1].state.history[0].end == "stock"


# --- what the Commerce lessons and notebook say, checked against what they play -------------------------

LESSONS_DIR = Path(cardlab.__file__).parent / "lesson_files"
NOTEBOOK_02 = Path(__file__).resolve().parent.parent / "notebooks" / "02_commerce.ipynb"
# money said in points: "1 point", "3 points", "pays C a point", "costs no points", "a balance of points"
_MONEY_IN_POINTS = re.compile(
    r"\b\d+ (?:more )?points?\b(?! of\b)"
    r"|\b(?:pays?|paid|gets?|costs?|gives?|took|takes?|owes?) (?:\w+ )?(?:a|no|\d+) (?:more )?points?\b(?! of\b)"
    r"|\bbalance of points\b|\bpoints? (?:behind|ahead)\b"
)


def _notebook_markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def _question_positions(name: str):
    """Every question of a bundled lesson with the position it is asked at (its what-if made)."""
    from cardlab import lessons

    lesson = lessons.load(name)
    for step in lesson.steps:
        for question in step.questions:
            state = step.state
            for change in question.changes:
                state = change.apply(state)
            yield question, state


def test_the_commerce_lessons_and_notebook_count_the_ledger_in_chips():
    """One word for one thing: "a point" is a hand; the ledger's units are chips."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(LESSONS_DIR.glob("commerce-*.md"))}
    texts[NOTEBOOK_02.name] = "\n".join(_notebook_markdown(NOTEBOOK_02))
    for name, text in texts.items():
        flat = " ".join(text.split())
        assert not _MONEY_IN_POINTS.findall(flat), (name, _MONEY_IN_POINTS.findall(flat))
    assert all("chip" in text for text in texts.values())
    assert "**chips**" in texts["commerce-1-worked-example.md"]


def test_the_lessons_play_the_ranking_sentences():
    """ "Compare triplets by rank, A above K", "A–2–3 lowest", and "If nobody has a combination or
    point, all hands tie and positional priority applies": each is a question's position."""
    ace_over_king = a23_lowest = nobody = False
    for name in ("commerce-2-rankings", "commerce-3-dealer-payments"):
        for question, state in _question_positions(name):
            if not state.history:
                continue
            hands = state.history[-1].hands
            ranks = [G3.rank_hand(hand) for hand in hands]
            kinds = [r.category for r in ranks]
            if kinds.count("triplet") == 2:
                aces, kings = (hands[kinds.index("triplet")], hands[len(kinds) - 1 - kinds[::-1].index("triplet")])
                ranks_of = {frozenset(c.rank for c in h) for h in (aces, kings)}
                if ranks_of == {frozenset({14}), frozenset({13})}:
                    aces, kings = sorted((aces, kings), key=lambda h: -h[0].rank)
                    assert G3.compare_hands(aces, kings).winner == 0
                    ace_over_king = True
            for i, hand in enumerate(hands):
                if kinds[i] == "sequence" and {c.rank for c in hand} == {14, 2, 3}:
                    others = [h for j, h in enumerate(hands) if j != i and kinds[j] == "sequence"]
                    assert others and all(G3.compare_hands(hand, other).winner == 1 for other in others)
                    a23_lowest = True
            if set(kinds) == {"nothing"}:
                dealer = state.history[-1].dealer
                board = game_for(state).score(state, deal=len(state.history))
                assert max(range(len(hands)), key=lambda p: board.totals[p]) == dealer
                assert question.player == dealer and question.points == board.totals[dealer]
                nobody = True
    assert ace_over_king and a23_lowest and nobody


def game_for(state):
    return cardlab.game("commerce", players=len(state.hands))


def test_the_barter_lesson_does_not_say_which_cards_before_it_asks():
    """commerce-4 asks which cards B may give: nothing before the question answers it."""
    text = (LESSONS_DIR / "commerce-4-trades-and-barter.md").read_text(encoding="utf-8")
    before = " ".join(text.split("ask: Which cards may you give A?")[0].split()).lower()
    assert not re.search(r"any card|a card of your choice|whichever card|any of your", before)


def test_notebook_02_says_what_its_lessons_show_and_teaches_its_words_first():
    cells = _notebook_markdown(NOTEBOOK_02)
    intro = " ".join(cells[0].split())
    # "dealer" and "stock" are said first where they are taught
    for word, taught in (("dealer", "deals the cards: the dealer"), ("stock", "is the stock")):
        first = re.search(rf"[^.]*\b{word}\b[^.]*\.", intro).group(0)
        assert taught in first, (word, first)
    # the barter lesson's section names only what the lesson plays
    barter = " ".join(next(c for c in cells if c.startswith("## Answering a barter")).split())
    from cardlab import lessons

    lesson = lessons.load("commerce-4-trades-and-barter")
    played = [str(m) for m in lesson.moves]
    assert "as good as" not in barter
    assert ("trade" in barter) == any(m.startswith("trade") for m in played)
    assert "refused by a knock" in barter and played[-2].startswith("barter") and played[-1] == "knock"
    # the game's section says what its first game asks: the barter answer, the hands, the dealer's payment
    game = " ".join(next(c for c in cells if c.startswith("## Play a game")).split())
    taught = (
        "triplet",
        "sequence",
        "A-2-3",
        "point",
        "seating",
        "dealer who loses",
        "barter",
        "last card of the stock",
    )
    for words in taught:
        assert words in game, words


@pytest.mark.parametrize("players", [3, 12])
def test_the_ledger_is_the_score_s_totals_at_every_step(players):
    """``ledger`` adds up each settled deal's changes and the deal in play's lines without
    building the score: after every move of seeded games, from the state and every view, it is
    the score's totals."""
    game = cardlab.game("commerce", players=players)
    for seed in range(8):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while True:
            for seen in (state, *(game.view(state, p) for p in range(players))):
                assert game.ledger(seen) == game.score(seen).totals, (seed, len(state.history))
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
