"""``Game.explain_card``: what a card can do where it lies, why it can't be played now and what
to do instead, with rule ids, for every game and every kind of card; and never a hidden card named.

The per-game tests pin the sentences a learner reads; the walk over every configuration checks
that every situation a table can show (a hand on and off turn, another player's face-down card,
the shared piles, every phase, the game over) gets an answer with a rule id and no leak."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardlab
from cardlab.cards import HIDDEN, parse_card
from cardlab.engine import HAND, Explanation, Reason, visible_cards
from cardlab.games import configurations
from helpers.conformance import named_cards

COMMONS = cardlab.game("card-commons")

# A claimed 5♣; B must defend with a 5 or a Wild (B holds 5♥ and K♠). The Q♥ lies in the face-up pool.
DEFEND_5C = """
round: 1
phase: defend
claimant: A
nest egg: 5D
pool up: QH 2S
pool down: 3S
A hand: 2D 2H 2C 3H 5S
A commission: 3C
B hand: 4H 5H 4D 4C 3D KS
B commission: 4S
claim: 5C
"""


def commons(text: str = DEFEND_5C, game=COMMONS):
    return game.state_from_text(text)


def rules(explanation: Explanation) -> list[str]:
    return [line.rule for line in explanation.lines]


# --- Card Commons ------------------------------------------------------------------------------


def test_a_card_that_does_not_answer_the_claim_says_why_and_what_b_can_do_instead():
    e = COMMONS.explain_card(commons(), "4H", "B hand", 1)
    assert e.lines[1] == Reason(
        "4♥ does not answer the Claim 5♣: a Defense is a card of the same value (5) or a Wild.", "commons.defense"
    )
    assert e.lines[2] == Reason(
        "Now B must defend against the 5♣: play a 5 or a Wild. What B can do instead: defend with the 5♥ or K♠.",
        "commons.defense",
    )
    assert e.moves == () and [str(r.move) for r in e.refused] == ["defend 4H"]
    assert "[commons.defense]" in str(e) and "illegal move" not in str(e)


def test_the_pool_card_is_for_the_claimant_to_trade_and_now_b_must_defend():
    e = COMMONS.explain_card(commons(), "QH", "pool face up", 1)
    assert str(e).startswith(
        "The Q♥ is in the face-up pool: only the Claimant may take it, by a trade, before "
        "claiming. [commons.trade.pool] "
    )
    assert "Now B must defend against the 5♣" in str(e)
    assert e.refused == ()  # no move of B's takes a pool card: a click is no "discard Q♥"
    for_a = COMMONS.explain_card(commons(), "QH", "pool face up", 0)
    assert str(for_a).endswith(
        "It is B's turn, not A's. Now B must defend against the 5♣: play a 5 or a Wild. [commons.defense]"
    )


def test_a_card_with_moves_says_them_and_its_rule():
    e = COMMONS.explain_card(commons(), "KS", "B hand", 1)
    assert rules(e) == ["commons.defense", "commons.turn"]
    assert "Wild" in e.lines[0].text and e.lines[1].text == "B can use it now: defend with the K♠."
    assert [str(m) for m in e.moves] == ["defend KS"]


def test_a_wild_is_no_commission():
    state = COMMONS.deal(seed=7)  # A chooses a Commission and holds K♠
    e = COMMONS.explain_card(state, "KS", "A hand", 0)
    assert e.why_not(COMMONS.parse_move("commission KS")).rule == "commons.commission.no-wild"
    assert "K♠ is a Wild, and a Wild can't be a Commission. [commons.commission.no-wild]" in str(e)
    assert "Now A must choose a Commission" in str(e)


def test_face_down_cards_are_spoken_of_by_their_place_only():
    state = commons()
    for zone, rule in (
        ("A hand", "commons.hand"),
        ("A commission", "commons.score.match"),
        ("nest egg", "commons.score.match"),
        ("pool face down", "commons.score.multiplier"),
    ):
        e = COMMONS.explain_card(state, "??", zone, 1)
        assert e.card is HIDDEN and e.lines[0].rule == rule
        assert not named_cards(str(e)) - {parse_card("5C")}, str(e)  # only the Claim, which everyone sees
    for guess in ("3C", "2D"):  # asked by its face, right or wrong: the same answer, which tells nothing
        with pytest.raises(ValueError, match=f"'{guess}' is not a card of 'A commission' in what B sees"):
            COMMONS.explain_card(state, guess, "A commission", 1)


def test_peek_a_face_down_pool_card_is_named_only_to_the_player_who_looked():
    game = cardlab.game("card-commons", variant="peek")
    state = game.deal(seed=3)
    zones = {z.name: z for z in game.zones(state)}
    first = zones["pool face down 1"]
    card = first.cards[0]
    looker = next(iter(first.seen_by))
    assert str(card) in str(game.explain_card(state, card, first.name, looker))
    other = game.explain_card(state, "??", first.name, 1 - looker)
    assert other.card is HIDDEN and str(card) not in str(other) and "[commons.peek.look]" in str(other)


def test_game_over_cites_the_end():
    game = COMMONS
    state, rng = game.deal(seed=5), random.Random(5)
    while not game.is_over(state):
        state = game.play(state, rng.choice(game.legal_moves(state)))
    e = game.explain_card(state, state.nest_egg, "nest egg", 0)
    assert e.lines[-1] == Reason("The game is over: no card can be played any more.", "commons.end")


def test_a_card_not_where_it_is_said_to_be_is_a_clear_error():
    with pytest.raises(ValueError, match=r"'4H' is not a card of 'A hand' in what B sees"):
        COMMONS.explain_card(commons(), "4H", "A hand", 1)
    with pytest.raises(ValueError, match=r"there is no zone 'attic'"):
        COMMONS.explain_card(commons(), "4H", "attic", 1)
    with pytest.raises(ValueError, match="not a valid card"):
        COMMONS.explain_card(commons(), "4X", None, 1)


# --- Commerce ----------------------------------------------------------------------------------


def test_commerce_a_barter_waits_for_its_answer():
    game = cardlab.game("commerce", players=3)
    state = game.deal(seed=7)
    barter = next(m for m in game.legal_moves(state) if str(m).startswith("barter"))
    state = game.play(state, barter)
    answerer = game.to_move(state)
    hand = next(z for z in game.zones(state) if z.kind == HAND and z.owner == answerer)
    e = game.explain_card(state, hand.cards[0], hand.name, answerer)
    assert [str(m) for m in e.moves] == [f"give {hand.cards[0].code}"]
    assert e.lines[0].rule == "commerce.turn"
    offer = game.explain_card(state, "??", "offer", answerer)
    assert offer.card is HIDDEN and offer.lines[0].rule == "commerce.barter.answer"
    assert "answers by giving a card back without seeing it" in str(offer)
    stock = game.explain_card(state, "??", "stock", answerer)
    assert stock.lines[0].rule == "commerce.trade"
    waiting = game.explain_card(state, "??", "offer", (answerer + 1) % 3)
    assert "It is A's turn" in str(waiting) and "must answer" in str(waiting)


# --- Commitment --------------------------------------------------------------------------------


def test_commitment_why_not_the_clubs_stack_and_the_battle_card():
    game = cardlab.game("commitment")
    state = game.deal(seed=7)
    mover = game.to_move(state)
    hand = next(z for z in game.zones(state) if z.kind == HAND and z.owner == mover)
    number = next(c for c in hand.cards if c.suit in "HCD" and c.rank <= 10 and c.rank > 1)
    e = game.explain_card(state, number, hand.name, mover)
    assert e.lines[0].rule == "commitment.stack" and f"worth {number.rank}" in e.lines[0].text
    assert [str(m) for m in e.moves] == [f"{number.code} b1"]
    initial = {"H": "h", "C": "c", "D": "d"}[number.suit]
    other = next(s for s in ("hearts", "clubs", "diamonds") if not s.startswith(initial))
    why = e.why_not(game.parse_move(f"{number.code} b1 {other}"))
    assert why is not None and why.rule == "commitment.stack" and "only a spade 2-10 chooses its stack" in why.text
    battle = game.zones(state)[4]
    assert battle.name == "b1 battle card"
    told = game.explain_card(state, battle.cards[0], battle.name, mover)
    assert told.lines[0].rule == "commitment.score.suits" and "illegal move" not in str(told)


# --- Contest -----------------------------------------------------------------------------------


def test_contest_why_not_position_2():
    game = cardlab.game("contest")
    state = game.state_from_text("""
stage: play
to move: A
A secret: AH 6S 9H 3D
B secret: 6C KH QD 5H
A hand: 5S 10H 2S 4S 7H 10C 7S
B hand: 5C 4D 4H JS 9C JD 5D
row: - | 2H | - | 3H
points C: JC
points D: -
points H: -
points S: -
discard: 7C 8C AC 8D 4C 10S JH 2D 10D KC 9D
draw pile: 6D 9S 2C QC QH KD AS 3C 6H QS KS 8H AD 7D 8S 3S
""")
    e = game.explain_card(state, "10C", "A hand", 0)
    assert {str(m) for m in e.moves} >= {"open 10C 1", "open 10C 3"}
    why = e.why_not(game.parse_move("reinforce 10C 2"))
    assert why.rule == "contest.reinforce" and "a pile takes only cards of its own suit" in why.text
    hearts = game.explain_card(state, "7H", "A hand", 0)
    assert hearts.why_not(game.parse_move("open 7H 1")).rule == "contest.open.neighbours"
    assert game.explain_card(state, "2H", "position 2", 0).lines[0].rule == "contest.claim"
    secret = game.explain_card(state, "??", "B secret", 0)
    assert secret.card is HIDDEN and secret.lines[0].rule == "contest.score"


# --- every game, every kind of card ------------------------------------------------------------


def _situations(game, state):
    """Every (situation, explanation, viewer) for every card of ``state``, for the teacher and each player."""
    mover = game.to_move(state)
    for viewer in (None, *range(game.players)):
        view = game.view(state, viewer)
        for zone, vzone in zip(game.zones(state), game.zones(view)):
            for card in dict.fromkeys(vzone.cards):
                e = game.explain_card(state, card, zone.name, viewer)
                # the teacher owns none
                whose = "shared" if zone.owner is None else "own" if zone.owner == viewer else "other's"
                turn = (
                    "over"
                    if mover is None
                    else "teacher"
                    if viewer is None
                    else "on turn"
                    if viewer == mover
                    else "off turn"
                )
                yield (zone.kind, whose, "face down" if card.is_hidden else "face up", turn), e, viewer


@pytest.mark.parametrize(
    "config",
    [c for c in configurations() if c[1] in ({}, {"players": 3}, {"variant": "peek"})],
    ids=lambda c: c[0] + "".join(f"-{v}" for v in c[1].values()),
)
def test_every_kind_of_card_in_every_game_gets_an_explanation_with_a_rule_and_no_leak(config):
    name, options = config
    game = cardlab.game(name, **options)
    prefix = game.rules_prefix + "."
    seen: set = set()
    phases: set = set()
    for seed in range(3):
        state, rng = game.deal(seed=seed), random.Random(seed)
        steps = 0
        while True:
            if steps % 3 == 0 or game.is_over(state):
                phases.add(game.phase(state))
                for situation, e, viewer in _situations(game, state):
                    seen.add(situation)
                    assert e.lines and all(line.rule.startswith(prefix) and line.text for line in e.lines), e
                    if viewer is not None:
                        visible = visible_cards(game, state, viewer)
                        told = " ".join([str(e), *(f"{r.move} {r.text}" for r in e.refused)])
                        assert all(visible[c] for c in named_cards(told)), (viewer, told)
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.legal_moves(state)))
            steps += 1
    kinds = {z.kind for z in game.zones(game.deal(seed=0))}
    for kind in kinds:
        assert any(s[0] == kind for s in seen), f"no card of a {kind} explained"
    wanted = {
        (HAND, "own", "face up", "on turn"),
        (HAND, "own", "face up", "off turn"),
        (HAND, "other's", "face down", "on turn"),
        (HAND, "other's", "face down", "off turn"),
        (HAND, "other's", "face up", "teacher"),
    }
    assert wanted <= seen, wanted - seen
    assert any(s[3] == "over" for s in seen)
    assert any(s[2] == "face down" and s[0] != HAND for s in seen)
    assert any(s[1] == "shared" and s[2] == "face up" for s in seen)
    assert phases == set(game.phases) or len(phases) >= 2


def test_the_default_serves_a_game_with_no_explanation_of_its_own():
    from helpers.toy_game import ToyTricks

    game = ToyTricks()
    state = game.play(game.deal(seed=3), "play " + game.legal_moves(game.deal(seed=3))[0].card.code)
    mover = game.to_move(state)
    counts = Counter()
    for situation, e, _viewer in _situations(game, state):
        counts[situation[3]] += 1
        assert all(line.rule.startswith("toy.") for line in e.lines)
    assert counts["on turn"] and counts["off turn"] and counts["teacher"]
    hand = next(z for z in game.zones(state) if z.kind == HAND and z.owner == mover)
    e = game.explain_card(state, hand.cards[0], hand.name, mover)
    assert e.lines == (
        Reason(f"The {hand.cards[0]} lies in {'AB'[mover]}'s hand.", "toy.lead"),
        Reason(f"{'AB'[mover]} can use it now: play {hand.cards[0]}.", "toy.lead"),
    )
    led = game.explain_card(state, state.trick[0], "trick", mover)
    assert str(led).endswith(
        f"Now it is {'AB'[mover]}'s turn (follow). What {'AB'[mover]} can do instead: "
        + " or ".join(f"play {m.card}" for m in game.legal_moves(state))
        + ". [toy.lead]"
    )
