"""Computer players and hints: legal, reproducible, honest about hidden cards, and right when it is obvious."""

from __future__ import annotations

import dataclasses
import math
import os
import random
import subprocess
import sys
from collections import Counter
from itertools import islice

import pytest
from test_commons import NO_DEFENSE

import cardlab
from cardlab import HIDDEN, cards
from cardlab.bots import (
    PLAYERS,
    HeuristicPlayer,
    RandomPlayer,
    SearchPlayer,
    evaluate_moves,
    hint,
    make_player,
    play_game,
    sample_state,
    unseen_cards,
)
from cardlab.bots.heuristic import heuristic_choice, heuristic_scores
from cardlab.games import configurations
from cardlab.games.commerce.ranking import showdown
from cardlab.strategy import lead, sample_indices, strategy_of
from helpers.conformance import cards_in

GAMES = cardlab.game_names()
CONFIGS = [
    pytest.param(name, options, id=name + "".join(f"-{k}={v}" for k, v in options.items()))
    for name, options in configurations()
]


def positions(game: cardlab.Game, seeds: range, every: int = 1):
    """Positions reached by seeded random play (every ``every``-th one), with the player to move."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        step = 0
        while (mover := game.to_move(state)) is not None:
            if step % every == 0:
                yield state, mover
            state = game.advance(state, rng.choice(game.legal_moves(state)))
            step += 1


# --- every player returns a legal move ---------------------------------------------------------------


@pytest.mark.parametrize("name, options", CONFIGS)
def test_random_and_heuristic_players_always_choose_a_legal_move(name, options):
    game = cardlab.game(name, **options)
    players = [RandomPlayer(seed=1), HeuristicPlayer(seed=1)]
    count = 0
    for state, mover in positions(game, range(6)):
        view = game.view(state, mover)
        legal = game.legal_moves(state)
        for player in players:
            assert player.choose(game, view) in legal
        count += 1
    assert count > 50


@pytest.mark.parametrize("name", GAMES)
def test_search_player_always_chooses_a_legal_move(name):
    game = cardlab.game(name)
    for player, every in (
        (SearchPlayer(seed=1, playouts=12, policy="random"), 3),
        (SearchPlayer(seed=2, playouts=6), 9),
    ):
        for state, mover in positions(game, range(2), every=every):
            assert player.choose(game, game.view(state, mover)) in game.legal_moves(state)


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_between_all_players_end_with_legal_moves_only(name):
    game = cardlab.game(name)
    kinds = list(PLAYERS)
    seats = [
        make_player(kinds[p % 3], seed=p, **({"playouts": 10} if kinds[p % 3] == "search" else {}))
        for p in range(game.players)
    ]
    record = play_game(game, seats, seed=5)  # play_game uses the checked play: an illegal move raises
    assert game.is_over(record.final)
    assert len(record.states) == len(record.moves) + 1


# --- reproducible ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_seeded_games_are_reproducible(name):
    game = cardlab.game(name)

    def match(seed: int) -> tuple:
        seats = [
            SearchPlayer(seed=10 + p, playouts=8, policy="random") if p % 2 else HeuristicPlayer(seed=p)
            for p in range(game.players)
        ]
        return play_game(game, seats, seed=seed).moves

    first = match(3)
    assert match(3) == first
    assert any(match(s) != first for s in (4, 5))  # and the seed matters


def test_seeded_games_replay_in_a_fresh_interpreter_whatever_its_hash_seed():
    """Nothing depends on the order of a set or on Python's per-process string hashing."""
    code = (
        "import cardlab\n"
        "from cardlab.bots import make_player, play_game\n"
        "for name in ('card-commons', 'commerce', 'commitment', 'contest'):\n"
        "    game = cardlab.game(name)\n"
        "    kinds = ['search', 'heuristic', 'random']\n"
        "    seats = [make_player(kinds[p % 3], seed=p,\n"
        "                         **({'playouts': 6, 'policy': 'random'} if p % 3 == 0 else {}))\n"
        "             for p in range(game.players)]\n"
        "    print(' '.join(map(str, play_game(game, seats, seed=11).moves)))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(h)},
        ).stdout
        for h in (1, 2)
    ]
    assert runs[0] == runs[1] and runs[0].count("\n") == 4


def test_random_player_follows_its_seed():
    game = cardlab.game("contest")
    view = game.view(game.deal(seed=1), 0)

    def picks(seed: int) -> list:
        player = RandomPlayer(seed)
        return [player.choose(game, view) for _ in range(6)]

    assert picks(7) == picks(7)
    assert picks(7) != picks(8)


# --- the samples the search player plays out ------------------------------------------------------------


@pytest.mark.parametrize("name, options", CONFIGS)
def test_samples_are_valid_states_the_player_cannot_tell_from_its_view(name, options):
    game = cardlab.game(name, **options)
    rng = random.Random(0)
    differ = 0
    for state, mover in positions(game, range(3), every=4):
        view = game.view(state, mover)
        unseen = unseen_cards(game, view)
        assert Counter(unseen) + Counter(c for z in game.zones(view) for c in z.cards if c != HIDDEN) == Counter(
            game.deck()
        )
        sample = sample_state(game, view, mover, rng)
        game.validate(sample)
        assert game.view(sample, mover) == view
        assert game.legal_moves(sample) == game.legal_moves(state)
        differ += sample != state
    assert differ > 0


def test_samples_keep_card_commons_constraints():
    """A hidden Commission is never a Wild; while the Claimant answers her own Claim, the
    Respondent (who could not answer it) holds no answer in any sample."""
    from cardlab.games.card_commons import WILDS, answers

    game = cardlab.game("card-commons")
    rng = random.Random(1)
    answering = 0
    for state, mover in positions(game, range(12)):
        view = game.view(state, mover)
        if view.commissions[1 - mover] != HIDDEN:
            continue
        for _ in range(3):
            sample = sample_state(game, view, mover, rng)
            assert sample.commissions[1 - mover] not in WILDS
            if view.phase == "answer":
                answering += 1
                assert not answers(sample.hands[1 - mover], sample.claim)
    assert answering > 0


def commons_answer_phase():
    """A Card Commons state in the "answer" phase: A claimed 2♦, B (holding no 2 and no Wild)
    discarded 3♥, and A must answer her own Claim with 2♥ or 2♣."""
    game = cardlab.game("card-commons")
    state = game.play(game.play(game.state_from_text(NO_DEFENSE), "claim 2D"), "discard 3H")
    assert state.phase == "answer"
    return game, state


def test_the_respondent_samples_a_claimant_who_can_answer_while_she_answers_her_own_claim():
    """From the Respondent's view in the "answer" phase the hidden hand is the Claimant's, and
    she holds an answer (she must answer): every sample is valid and says so. (Sampling once
    put the Respondent's "holds no answer" on her hand instead: no valid sample, some raised.)"""
    from cardlab.games.card_commons import answers

    game, state = commons_answer_phase()
    rng = random.Random(4)
    for player in (1, 0):
        view = game.view(state, player)
        hands = set()
        for _ in range(209):
            sample = sample_state(game, view, player, rng)
            game.validate(sample)
            assert game.view(sample, player) == view
            assert answers(sample.hands[0], sample.claim)  # the Claimant can answer
            assert not answers(sample.hands[1], sample.claim)  # the Respondent could not
            hands.add(sample.hands[1 - player])
        assert len(hands) > 50  # and the hidden hand varies


def test_card_commons_constructive_sampling_keeps_the_same_constraints():
    """The fallback for when redrawing keeps failing deals the constrained places first: in
    every phase that says something of a hand, for both players' views."""
    from cardlab.games.card_commons import WILDS
    from cardlab.games.card_commons.strategy import sample_constrained_first

    game = cardlab.game("card-commons")
    rng = random.Random(3)
    checked = Counter()
    for seed in range(30):
        state = game.deal(seed=seed)
        while not game.is_over(state):
            for player in (0, 1):
                view = game.view(state, player)
                if view.commissions[1 - player] not in (HIDDEN, None) or not view.hands[1 - player]:
                    continue
                sample = sample_constrained_first(view, player, unseen_cards(game, view), rng)
                game.validate(dataclasses.replace(sample, seed=1))  # sample_state gives it a seed of its own
                assert game.view(sample, player) == view
                assert sample.commissions[1 - player] not in WILDS
                checked[state.phase, player == state.claimant] += 1
            state = game.play(state, rng.choice(game.legal_moves(state)))
    for phase in ("defend", "discard", "answer", "discard2"):
        assert checked[phase, True] >= 3 and checked[phase, False] >= 3, checked


def test_samples_keep_commitment_and_contest_constraints():
    commitment = cardlab.game("commitment")
    from cardlab.games.commitment import BATTLE_VP

    rng = random.Random(2)
    for state, mover in positions(commitment, range(2), every=5):
        sample = sample_state(commitment, commitment.view(state, mover), mover, rng)
        assert all(c in BATTLE_VP for c in sample.battle_deck)
        assert not any(c in BATTLE_VP for c in sample.draw + sample.hands[0] + sample.hands[1])
    contest = cardlab.game("contest")
    checked = 0
    for state, mover in positions(contest, range(4), every=3):
        if state.arranged < 2:
            continue
        secret = sample_state(contest, contest.view(state, mover), mover, rng).secrets[1 - mover]
        assert all(a.suit != b.suit for a, b in zip(secret, secret[1:])), secret
        checked += 1
    assert checked > 10


def test_a_sample_gets_a_fresh_seed_so_later_chance_differs():
    game = cardlab.game("card-commons")
    view = game.view(game.deal(seed=4), 0)
    seeds = {sample_state(game, view, 0, random.Random(i)).seed for i in range(5)}
    assert -1 not in seeds and len(seeds) == 5


# --- the search player never reads a hidden card ---------------------------------------------------------


def twins(game: cardlab.Game, seeds: range, every: int):
    """Pairs of full states that look the same to the player to move, but hold other hidden cards."""
    rng = random.Random(5)
    for state, mover in positions(game, seeds, every):
        moves = game.legal_moves(state)
        if len(moves) < 2:
            continue
        twin = sample_state(game, game.view(state, mover), mover, rng)
        if twin != state:
            yield state, twin, mover


@pytest.mark.parametrize("name", GAMES)
def test_search_player_decides_from_the_view_only(name):
    """Handed two full states with the same view, it makes the same choice; a player that
    read the full state (here, the same search run on the full states) would not always."""
    game = cardlab.game(name)
    same_view = cheater_differs = 0
    for state, twin, mover in islice(twins(game, range(3), every=4), 12):
        assert game.view(state, mover) == game.view(twin, mover)
        choices = [SearchPlayer(seed=9, playouts=30, policy="random").choose(game, full) for full in (state, twin)]
        assert choices[0] == choices[1]
        same_view += 1
        # the same search given the full states, as a cheat would see them, tells them apart
        peeked = [evaluate_moves(game, full, playouts=30, seed=1)[0].move for full in (state, twin)]
        cheater_differs += peeked[0] != peeked[1]
    assert same_view >= 5
    assert cheater_differs > 0


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_reads_only_what_the_mover_may_see(name):
    """The heuristic gives the same move for a full state and for the mover's view: the search
    player's heuristic playouts rely on it."""
    game = cardlab.game(name)
    for i, (state, mover) in enumerate(positions(game, range(4), every=2)):
        view = game.view(state, mover)  # the same generator state for both: a game may play at random
        from_state = heuristic_choice(game, state, random.Random(i)).move
        assert from_state == heuristic_choice(game, view, random.Random(i)).move


# --- hints ------------------------------------------------------------------------------------------------


def rest(deck, *used: str) -> str:
    """The cards of ``deck`` not named in ``used``, as text."""
    left = list(deck)
    for text in used:
        for card in cards(text):
            left.remove(card)
    return " ".join(c.code for c in left)


def commons_position() -> tuple[cardlab.Game, object, str]:
    """The last turn of round 4. A's Commission 4♥ is red; her last card is the black 2♣, and the
    Wild Q♥ lies face up in the pool. A Wild Claim is always answered, so trading 2♣ for Q♥ and
    claiming it puts one more red card on her side; claiming 2♣ adds nothing red, and making 2♣
    her Commission gives up a likely match."""
    game = cardlab.game("card-commons")
    state = game.state_from_text("""
        round: 4
        rounds: 0-0 0-0 0-0
        phase: claim
        claimant: A
        nest egg: 4D
        pool up: QH
        pool down: 2H 5S
        A hand: 2C
        A commission: 4H
        A side: 2D 3D 5D 3C 4C
        B hand: 5H
        B commission: 4S
        B side: 2S 3S 5C 3H KS""")
    return game, state, "trade 2C for QH"


def commerce_position() -> tuple[cardlab.Game, object, str]:
    """A holds the best hand there is, three aces, and moves first: knock and take the pool."""
    game = cardlab.game("commerce", players=4)
    return game, game.deal(seed=0, deck="AS 2C 7D 9H AH 3C 8D 10H AD 4C 9D JH", dealer=3), "knock"


def commitment_position() -> tuple[cardlab.Game, object, str]:
    """Round 3; B has passed and leads b1 (K♠, 3 VP) in hearts, 9 to 5. A's last card, 10♥, wins
    b1 there (A 6 VP to 3); anywhere else, or passing, loses the game."""
    from cardlab.games.commitment import DRAW_DECK

    game = cardlab.game("commitment")
    state = game.state_from_text(f"""
        seed: 1
        round: 3
        first: A
        turn: A
        passed: B
        A hand: 10H
        B hand: AH AC
        draw deck: AD 2H 3H 4H
        battle deck: -
        b1: KS
        b1 A: 5H / - / -
        b1 B: 9H / - / -
        b2: QS
        b3: JK
        A won: AS
        B won: JS JK
        discard: {rest(DRAW_DECK, "10H AH AC AD 2H 3H 4H 5H 9H")}""")
    return game, state, "10H b1"


def contest_position() -> tuple[cardlab.Game, object, str]:
    """The last turn. A's secret J♥ is in position 4, so each heart in the points piles scores her 4;
    only 3♥ can claim the ♥ pile 9♥ 8♥ 7♥ (24) against the ♣ pile (2), sending it to the points."""
    game, state = contest_last_turn("3H 2D 4D 6S 7S", secret="5C 9S 5D JH")
    return game, state, "claim 1 3 3H"


POSITIONS = [commons_position, commerce_position, commitment_position, contest_position]


@pytest.mark.parametrize("position", POSITIONS, ids=["card-commons", "commerce", "commitment", "contest"])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_hint_ranks_the_obvious_move_first(position, policy):
    game, state, best = position()
    result = hint(game, state, playouts=400, seed=3, policy=policy)
    assert str(result.best.move) == best
    runner_up = result.moves[1]
    assert result.best.mean > runner_up.mean
    assert {str(m.move) for m in result.moves} == {str(m) for m in game.legal_moves(state)}


def test_hint_ranks_every_move_with_its_uncertainty_and_explains_the_best():
    game, state, best = commons_position()
    result = hint(game, state, player=0, playouts=600, seed=1)
    assert result.player == "A" and str(result.unit).startswith("points ahead of B once this round is scored")
    assert result.settled and result.playouts < 600  # a clear best move: the playouts stopped early
    whole = hint(game, state, player=0, playouts=600, seed=1, stop_early=False)
    assert 590 <= whole.playouts <= 600 and whole.best.move == result.best.move
    assert [m.mean for m in result.moves[:2]] == sorted([m.mean for m in result.moves[:2]], reverse=True)
    for m in result.moves:
        low, high = m.interval
        assert low <= m.mean <= high and m.playouts >= 1
    assert str(result.best.move) == best and result.rule_of_thumb.move == result.best.move
    assert result.reason == (
        "Trade the 2♣ for the Q♥ of the pool: 2♣ is off your colour, and Q♥ is red, like your Commission."
    )
    text = str(result)
    assert all(game.move_words(state, m.move) in text for m in result.moves)
    assert text.startswith(f"Why: {result.reason}")
    page = result._repr_html_()
    assert page.count("<tr>") == len(result.moves) + 1 and "likely range (points, 95%)" in page
    again = hint(game, state, playouts=600, seed=1)  # the same seed gives the same hint
    assert (again.moves, again.reason, str(again)) == (result.moves, result.reason, text)


def test_hint_uses_only_the_players_view():
    """A hint from the full state equals the hint from the player's own view."""
    game, state, _ = commons_position()
    full = hint(game, state, playouts=300, seed=2)
    own = hint(game, game.view(state, 0), playouts=300, seed=2)
    assert full.moves == own.moves and full.reason == own.reason


def test_hint_refuses_a_player_who_is_not_to_move_and_a_finished_game():
    game, state, _ = commons_position()
    with pytest.raises(ValueError, match="A's turn, not B's"):
        hint(game, state, player=1)
    final = play_game(game, [RandomPlayer(1), RandomPlayer(2)], seed=1).final
    with pytest.raises(ValueError, match="over"):
        hint(game, final)


def test_hint_refuses_another_players_view():
    """A's view hides B's hand: a hint for B, to move there, can't be worked out from it."""
    game = cardlab.game("commerce", players=4)
    state = game.deal(seed=19, dealer=0)  # A deals: B moves first
    with pytest.raises(ValueError, match="hides cards of B's own .* needs the full state or B's view"):
        hint(game, game.view(state, 0), playouts=50)
    assert hint(game, game.view(state, 1), playouts=50).player == "B"


def contest_last_turn(hand: str, secret: str = "10H 5S 5D JS") -> tuple[cardlab.Game, object]:
    """Contest's last turn, A to move with ``hand`` and her ``secret`` cards; B's hand and the
    table are fixed, the ♥ pile 9♥ 8♥ 7♥ (24) outweighing the ♣ pile (2). With the default
    secret cards 10♥ 5♠ 5♦ J♠ a heart scores her 1, a spade 6, and every heart is in sight
    (none can be among B's secret cards)."""
    game = cardlab.game("contest")
    used = f"{secret} 7D 4C 4S QD {hand} 2S 8S KD 10D 6C 9C 9H 8H 7H 2C KH QH"
    state = game.state_from_text(f"""
        seed: 3
        stage: final 1
        to move: A
        A secret: {secret}
        B secret: 7D 4C 4S QD
        A hand: {hand}
        B hand: 2S 8S KD 10D 6C 9C
        row: 9H 8H 7H | - | 2C | -
        points C: -
        points D: -
        points H: KH QH
        points S: -
        discard: {rest(game.deck(), used)}
        draw pile: -""")
    return game, state


def test_search_corrects_the_rule_of_thumb_where_the_playouts_show_it_wrong():
    """The rule of thumb counts a heart as worth 2.5 to the opponent, so with hearts worth 1 to A
    it opens a spade pile instead of claiming the hearts. But B can hold no heart, and this is
    the last turn: the claim gains A 3 points and costs nothing, a pile gains nothing."""
    game, state = contest_last_turn("3H 2D 4D 6S 7S")
    view = game.view(state, 0)
    assert str(HeuristicPlayer(seed=1).choose(game, view)) == "open 6S 2"
    assert str(SearchPlayer(seed=1).choose(game, view)) == "claim 1 3 3H"
    assert str(hint(game, state, playouts=300).best.move) == "claim 1 3 3H"


def test_search_keeps_the_rule_of_thumb_where_the_playouts_cannot_tell():
    """Without a heart to claim with, no move changes the final score: the search plays the
    heuristic's move rather than one that happened to come first."""
    game, state = contest_last_turn("2D 4D 6S 7S 3D")
    view = game.view(state, 0)
    assert game.legal_moves(view)[0] != HeuristicPlayer(seed=1).choose(game, view)
    assert SearchPlayer(seed=1).choose(game, view) == HeuristicPlayer(seed=1).choose(game, view)


def test_heuristic_scores_every_move_where_it_looks_ahead():
    for name in ("commitment", "contest"):
        game = cardlab.game(name)
        for state, mover in positions(game, range(1), every=6):
            scores = heuristic_scores(game, game.view(state, mover))
            if scores is not None:  # one score per legal move, and the heuristic plays the best
                assert [m for _, m in scores] == game.legal_moves(state)
                chosen = heuristic_choice(game, state, random.Random(0)).move
                assert max(x for x, _ in scores) - dict((m, x) for x, m in scores)[chosen] < 1e-6
    for name in ("card-commons", "commerce"):
        game = cardlab.game(name)
        assert heuristic_scores(game, game.deal(seed=1)) is None


# --- the playouts' fast paths: the rule of thumb's moves and the game's values, sooner -------------------


def mixed_positions(game: cardlab.Game, seeds: range):
    """Positions of games played half at random and half by the rule of thumb, so that they reach
    the middle and the end of a game as the search's playouts do."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while game.to_move(state) is not None:
            yield state
            move = (
                rng.choice(game.legal_moves(state)) if rng.random() < 0.5 else heuristic_choice(game, state, rng).move
            )
            state = game.advance(state, move)


@pytest.mark.parametrize("name, options", CONFIGS)
def test_a_playout_plays_the_rule_of_thumbs_move_drawing_the_same_numbers(name, options):
    """``Strategy.playout_move`` answers faster than the rule of thumb, never otherwise: the same
    move from the same numbers drawn, so a seeded hint ranks its moves as it did."""
    game = cardlab.game(name, **options)
    strategy = strategy_of(game)
    count = 0
    for k, state in enumerate(mixed_positions(game, range(8))):
        fast, reference = random.Random(k), random.Random(k)
        choice = strategy.rule_of_thumb(game, state, reference, strategy.playout_moves)
        expected = reference.choice(game.legal_moves(state)) if choice is None else choice.move
        assert strategy.playout_move(game, state, fast) == expected
        assert fast.getstate() == reference.getstate()
        count += 1
    assert count > 100


@pytest.mark.parametrize("name", ["card-commons", "commitment", "contest"])
def test_a_playouts_value_is_the_lead_the_score_gives(name):
    """Where a playout is worth the lead in points (``strategy.lead``, read from the score), the
    strategy counts it without writing the score's lines: the very same number."""
    game = cardlab.game(name)
    strategy = strategy_of(game)
    for state in mixed_positions(game, range(6)):
        for player in range(game.players):
            assert strategy.playout_value(game, state, player) == lead(game, state, player)


@pytest.mark.parametrize("players", [3, 4, 7, 12])
def test_a_commerce_playouts_value_is_the_score_of_the_deal_it_settled(players):
    """A Commerce playout is worth the player's result in the deal it settled: the strategy sums
    it without writing the ledger's lines, the very number that deal's score totals, in every
    way a deal settles (the dealer paying the winner, everyone, or nobody); and the utility, the
    settled deals' together."""
    game = cardlab.game("commerce", players=players)
    strategy = strategy_of(game)
    settled, pays = 0, set()
    for state in mixed_positions(game, range(10)):
        if not state.history:
            continue
        score = game.score(state, deal=len(state.history))
        for player in range(players):
            assert strategy.playout_value(game, state, player) == score.totals[player]
        # the utility (the research adapters' reward) sums every settled deal's lines as well
        deals = [game.score(state, deal=k).totals for k in range(1, len(state.history) + 1)]
        assert game.utility(state) == tuple(map(sum, zip(*deals)))
        record = state.history[-1]
        pays.add(showdown(record.hands, record.dealer).dealer_pays)
        settled += 1
    assert settled > 20 and pays == {"nothing", "winner", "everyone"}


def test_sample_indices_draws_what_random_sample_draws():
    for seed in range(60):
        for n in range(1, 130, 7):
            for k in range(min(n, 12) + 1):
                ours, theirs = random.Random(seed), random.Random(seed)
                assert sample_indices(ours, n, k) == theirs.sample(range(n), k)
                assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError, match="cannot draw 5 of 4"):
        sample_indices(random.Random(0), 4, 5)


@pytest.mark.parametrize("name, options", CONFIGS)
def test_fill_hidden_fills_the_hidden_cards_in_field_order_and_keeps_the_rest(name, options):
    """``fill_hidden`` is ``replace_cards`` with the next card for each hidden one, in field
    order: the same state, with every part that hid no card kept as it was."""
    from cardlab.engine import replace_cards
    from cardlab.strategy import fill_hidden

    game = cardlab.game(name, **options)
    filled = 0
    for state, mover in islice(positions(game, range(6), every=5), 40):
        view = game.view(state, mover)
        unseen = unseen_cards(game, view)
        random.Random(len(unseen)).shuffle(unseen)
        deal = iter(unseen)
        expected = replace_cards(view, lambda c, deal=deal: next(deal) if c == HIDDEN else c)
        sample = fill_hidden(view, list(unseen))
        assert sample == expected and type(sample) is type(view)
        assert HIDDEN not in [c for z in game.zones(sample) for c in z.cards]
        for field in dataclasses.fields(view):
            part = getattr(view, field.name)
            if HIDDEN not in cards_in(part):
                assert getattr(sample, field.name) is part, field.name
        filled += view != sample
    assert filled > 10


def test_commitment_scores_a_commit_as_playing_it_would():
    """The rule of thumb works out what a commit does to the stacks' values without playing it:
    the score is the very number that playing the move and judging every battle afresh gives."""
    from cardlab.games.commitment.moves import BATTLE_VP, Commit, stack_value
    from cardlab.games.commitment.strategy import ACE_DRAW, FACE_WORTH, KEEP, SAFE_LEAD

    def safe(lead: int) -> float:
        return -1.0 if lead <= -SAFE_LEAD else 1.0 if lead >= SAFE_LEAD else lead / SAFE_LEAD

    def expect(battle, me: int) -> float:
        d = [stack_value(m) - stack_value(t) for m, t in zip(battle.sides[me], battle.sides[1 - me])]
        lead = safe(d[0]) + safe(d[1]) + safe(d[2]) + (d[0] + d[1] + d[2]) / 50
        return BATTLE_VP[battle.card] * (1 + math.tanh(lead)) / 2

    game = cardlab.game("commitment")
    kinds = Counter()
    for state in mixed_positions(game, range(12)):
        me = game.to_move(state)
        for score, move in strategy_of(game).move_scores(game, state) or ():
            if type(move) is not Commit:
                assert score == 0.0
                continue
            after = game.advance(state, move)
            expected = sum([expect(b, me) for b in after.battles]) - sum([expect(b, me) for b in state.battles])
            rank = move.card.rank
            expected += ACE_DRAW if rank == 14 else -KEEP[state.round] * FACE_WORTH.get(rank, rank)
            assert score == expected, move
            kinds[(move.card.rank, move.card.suit == "S", move.to is not None)] += 1
    assert len(kinds) > 20  # number cards, wild spades, Aces, Kings, Queens, Jacks moving a stack or not


def test_make_player_by_name():
    assert isinstance(make_player("search", seed=1, playouts=5), SearchPlayer)
    assert make_player("search", seed=1, playouts=5).playouts == 5
    with pytest.raises(ValueError, match="random, heuristic, search"):
        make_player("expert")
    with pytest.raises(ValueError, match="playouts"):
        SearchPlayer(playouts=0)
    with pytest.raises(ValueError, match="playout policy"):
        SearchPlayer(policy="greedy")
    with pytest.raises(ValueError, match="playout policy"):
        hint(*commons_position()[:2], policy="greedy")
