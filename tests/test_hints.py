"""A hint a learner can read: the unit of each game, the ranked view, the sentence on why the best
move is best, the rule of thumb worded as a comparison, the same view in a Table, and no hidden
card named anywhere in it."""

from __future__ import annotations

import math
import random
import re
from typing import Any

import pytest

import cardlab
from cardlab.bots import Hint, MoveValue, evaluate_moves, hint, hint_steps
from cardlab.bots.hint import SET_ASIDE, SHOWN, _learner_order
from cardlab.bots.search import playout_policy
from cardlab.cards import CARD_TOKEN, HIDDEN, Card, pretty
from cardlab.engine.words import often
from cardlab.strategy import Choice, Unit, signed, strategy_of

#: Each game, a deal, and what its hint's values measure for the player to move (named B's
#: opponent where there is one).
GAMES = [
    ("card-commons", {}, 2026, "points", "points ahead of B once this round is scored (earlier rounds counted too)"),
    (
        "commerce",
        {"players": 4},
        19,
        "chips",
        "chips you gain or lose in this deal (the ante, trades, the pool and the dealer's payments)",
    ),
    ("commitment", {}, 13, "VP", "VP ahead of B at the end of the game"),
    ("contest", {}, 2024, "points", "points ahead of B at the end of the game"),
]
IDS = [g[0] for g in GAMES]
NUMBER = r"(?:[+−]\d+\.\d\d|0\.00)"


def dealt(name: str, options: dict, seed: int) -> tuple[cardlab.Game, Any]:
    game = cardlab.game(name, **options)
    return game, game.deal(seed=seed)


@pytest.fixture(scope="module", params=GAMES, ids=IDS)
def advice(request: Any) -> tuple[cardlab.Game, Any, Hint, tuple]:
    name, options, seed, *_ = request.param
    game, state = dealt(name, options, seed)
    return game, state, hint(game, state, playouts=300, seed=1), request.param


# --- units -----------------------------------------------------------------------------------------


def test_each_game_says_what_its_values_measure(advice):
    game, state, result, (_, _, _, name, measure) = advice
    assert result.unit == Unit(name, measure) and str(result.unit) == measure
    assert result.heading.endswith(f"Each value is the average of {measure}.")
    assert f"{result.playouts} playouts of deals that fit what {result.player} sees" in result.heading
    for row in result.ranking:  # every number with its unit
        assert row.average == f"{signed(row.value.mean)} {name}"
    assert result.range_heading == f"likely range ({name}, 95%)"
    assert measure in str(result) and measure in result._repr_html_().replace("&#x27;", "'")


def test_the_unit_names_the_players_opponent():
    game = cardlab.game("contest")
    state = game.play(game.deal(seed=2024), "arrange QS 5H 3C 10H")  # now B arranges
    assert str(hint(game, state, playouts=60, seed=1).unit) == "points ahead of A at the end of the game"
    generic = Unit("points", "points ahead of {opponent} at the end")
    assert str(generic.said_to(("A", "B", "C"), 1)) == "points ahead of the best of the other players at the end"
    assert str(generic.said_to(("Ada", "Bo"), 0)) == "points ahead of Bo at the end"


def test_amounts_carry_their_sign_and_unit():
    unit = Unit("VP", "VP ahead of B at the end of the game")
    assert [unit.amount(v) for v in (0.449, -1.2, 0.0, -0.001)] == ["+0.45 VP", "−1.20 VP", "0.00 VP", "0.00 VP"]


# --- the ranked view -------------------------------------------------------------------------------


def test_the_ranking_lists_the_moves_kept_to_the_end_by_average_then_those_set_aside(advice):
    game, state, result, _ = advice
    rows = result.ranking
    assert [r.place for r in rows] == list(range(1, len(rows) + 1))
    assert sorted(str(r.value.move) for r in rows) == sorted(map(str, game.legal_moves(state)))
    kept = [r for r in rows if not r.set_aside]
    aside = [r for r in rows if r.set_aside]
    assert rows == kept + aside and len(kept) >= 2
    assert all(r.value.playouts == result.best.playouts for r in kept)
    assert [r.set_aside for r in rows] == [r.value.rounds < result.best.rounds for r in rows]  # the halving's rounds
    means = [r.value.mean for r in kept]
    assert means == sorted(means, reverse=True)  # a learner reads it as a ranking
    assert [r.value.playouts for r in aside] == sorted((r.value.playouts for r in aside), reverse=True)
    for r in aside:  # explained, not just listed lower
        assert f"set aside after {r.value.playouts} playouts" in r.note and r.value.playouts < result.best.playouts
    assert rows[0].note.startswith("best") and rows[0].text == game.move_words(state, result.best.move)
    for r in rows:
        assert re.fullmatch(
            rf"{NUMBER} to {NUMBER}|too few playouts to say|no spread: every playout came out the "
            r"same",
            r.likely,
        ), r.likely
        if " to " in r.likely:
            low, high = (float(x.replace("−", "-")) for x in r.likely.split(" to "))
            assert low - 0.01 <= r.value.mean <= high + 0.01


def test_the_view_shows_the_top_moves_and_sums_up_the_rest(advice):
    game, state, result, _ = advice
    shown, rows = result.shown, result.ranking
    thumb = result.rule_of_thumb.move
    assert [r.place for r in shown][:SHOWN] == list(range(1, min(SHOWN, len(rows)) + 1))
    assert any(r.value.move == thumb for r in shown)
    rest = [r for r in rows if r not in shown]
    text, page = str(result), result._repr_html_()
    for r in shown:
        assert f"{r.place}. {r.text}" in text and r.average in text and r.likely in text
    assert all(f"{r.place}. {r.text} " not in text for r in rest)
    if rest:
        counts = sorted({r.value.playouts for r in rest})
        assert result.summary.startswith(f"{len(rest)} other move") and f"after {counts[0]}" in result.summary
        assert result.summary in text and "<details>" in page and f"All {len(rows)} moves" in page
    else:
        assert result.summary == "" and "<details>" not in page
    if any(r.set_aside for r in shown):
        assert SET_ASIDE in text and SET_ASIDE in page
    assert text.startswith(f"Why: {result.reason}\nDetails\n") and result.comparison in text
    assert result.details in text and result.finding in result.details


def test_a_seeded_hint_keeps_the_searchs_numbers(advice):
    """The ranked view reorders and words the search's values; it changes none of them."""
    game, state, result, _ = advice
    view = game.view(state, game.to_move(state))
    thumb = strategy_of(game).rule_of_thumb(game, view, random.Random("1:reason"))
    searched = evaluate_moves(
        game, view, playouts=300, seed=1, policy=playout_policy("heuristic", game), keep=thumb.move, stop_early=True
    )
    key = lambda m: str(m.move)  # noqa: E731
    assert sorted(result.moves, key=key) == sorted(searched, key=key)
    assert hint(game, state, playouts=300, seed=1).moves == result.moves


def test_a_tie_goes_to_the_rule_of_thumbs_move():
    a, b, c = (cardlab.game("card-commons").move(t) for t in ("claim 4H", "claim 2C", "claim 5S"))
    values = [MoveValue(a, 0.5, 0.1, 40, 3), MoveValue(b, 0.5, 0.1, 40, 3), MoveValue(c, 0.9, 0.5, 10, 1)]
    assert [m.move for m in _learner_order(values, Choice(b, "why"))] == [b, a, c]
    assert [m.move for m in _learner_order(values, None)] == [a, b, c]


# --- why, and the rule of thumb as a comparison -------------------------------------------------------

GAME = cardlab.game("card-commons")
UNIT = Unit("points", "points ahead of B once this round is scored")


def made(values: list[tuple[str, float, float]], thumb: str | None, why: str = "keep your hearts") -> Hint:
    """A hint of made-up values (move, mean, stderr), all kept to the end, as hint() words it."""
    choice = Choice(GAME.move(thumb), why) if thumb else None
    moves = _learner_order([MoveValue(GAME.move(m), mean, se, 50, 3) for m, mean, se in values], choice)
    words = tuple((m, GAME.move_words(None, m)) for m, _, _ in values)
    return Hint("Card Commons", "A", moves, UNIT, "Why.", 150, 0.1, choice, True, words)


def test_the_rule_of_thumb_agreeing_is_said_as_agreement():
    agreed = made([("claim 4H", 1.0, 0.1), ("claim 2C", 0.2, 0.1)], "claim 4H")
    assert agreed.comparison == "The rule of thumb would also claim with the 4♥."
    assert agreed.ranking[0].note == "best; the rule of thumb's pick too"


def test_the_rule_of_thumb_disagreeing_is_said_as_a_comparison():
    clear = made([("claim 4H", 1.0, 0.05), ("claim 2C", -0.5, 0.05)], "claim 2C")
    assert clear.comparison == (
        "The rule of thumb would rather claim with the 2♣. Its reason: keep your hearts. Searching "
        "ahead, claim with the 4♥ does better by 1.50 points on average."
    )
    assert clear.finding == (
        "Claim with the 4♥ does best over the playouts, +1.00 points on average. That is 1.50 more than "
        "claim with the 2♣ on the same deals."
    )
    assert clear.ranking[1].note == "the rule of thumb's pick, kept to compare"
    close = made([("claim 4H", 0.3, 0.2), ("claim 2C", 0.2, 0.2)], "claim 2C")
    assert close.comparison.endswith(
        "claim with the 4♥ does better by 0.10 points on average. That gap is within the uncertainty of the playouts."
    )
    assert close.finding.endswith(
        "0.10 more than claim with the 2♣ on the same deals. That gap is within the uncertainty of the playouts."
    )
    level = made([("claim 4H", 0.203, 0.1), ("claim 2C", 0.201, 0.1)], "claim 2C")
    assert level.comparison.endswith("Searching ahead, the two come out level, +0.20 points each.")
    assert level.finding == (
        "The two best moves come out level, +0.20 points each on average on the same deals. One is to "
        "claim with the 4♥. The other is to claim with the 2♣. As far as the playouts can tell, either is as good."
    )
    assert made([("claim 4H", 1.0, 0.1), ("claim 2C", 0.2, 0.1)], None).comparison == ""
    assert made([("claim 4H", 1.0, 0.1)], None).finding == ""


def test_no_hint_contradicts_itself():
    """In positions along played games of every game: the best move never trails the rule of
    thumb's, the comparison names both moves as what they are, and no gap reads as 0.00."""
    for name, options, seed, *_ in GAMES:
        game, state = dealt(name, options, seed)
        rng = random.Random(seed)
        for _ in range(3):
            result = hint(game, state, playouts=120, seed=2)
            thumb, best = result.rule_of_thumb, result.best
            text = f"{result.reason} {result.comparison}"
            assert "by 0.00" not in text and "0.00 more" not in text, text
            if thumb.move == best.move:
                assert result.comparison == f"The rule of thumb would also {game.move_words(state, best.move)}."
            else:
                other = next(m for m in result.moves if m.move == thumb.move)
                assert best.mean >= other.mean and "would rather" in result.comparison
                thumb_words = game.move_words(state, thumb.move)
                assert result.comparison.startswith(f"The rule of thumb would rather {thumb_words}.")
                assert (
                    f"{game.move_words(state, best.move)} does better by" in result.comparison
                    or "level" in result.comparison
                )
            for _ in range(rng.randrange(2, 6)):
                if game.to_move(state) is None:
                    break
                state = game.play(state, rng.choice(game.legal_moves(state)))
            if game.to_move(state) is None:
                break


# --- no leaks, and the same view in a Table --------------------------------------------------------


def _named_cards(value: Any) -> set[Card]:
    """Every card a JSON value names, in text ("4H", "4♥") or as a code."""
    if isinstance(value, dict):
        return set().union(*map(_named_cards, value.values()))
    if isinstance(value, list):
        return set().union(*map(_named_cards, value))
    if isinstance(value, str):
        return {Card.parse(m.group(0)) for m in CARD_TOKEN.finditer(value)}
    return set()


@pytest.mark.parametrize("game_args", GAMES, ids=IDS)
def test_the_hint_panel_names_no_hidden_card_and_works_as_the_tutorials_ask(game_args):
    """The tutorials' hint helper returns hint(game, view, playouts=300, seed=1): the Table shows its
    ranked view, and nothing in the panel names a card the player may not see."""
    from cardlab.widgets import Table
    from cardlab.widgets.viewmodel import ranking

    name, options, seed, unit_name, measure = game_args
    game, state = dealt(name, options, seed)
    rng = random.Random(seed)
    for _ in range(3):
        session = cardlab.Session(game, state)
        mover = game.to_move(state)
        table = Table(session, viewer=mover, hint=lambda g, v: hint(g, v, playouts=300, seed=1))
        table._handle_custom_msg({"action": "hint", "rev": table.view["rev"]}, [])
        message = table.message
        made = hint(game, game.view(state, mover), playouts=300, seed=1)
        try:
            expected = ranking(game, made)
        except TypeError:  # the table's ranking before it took the game
            expected = ranking(made)
        assert message["kind"] == "hint" and message["ranking"] == expected
        assert message["ranking"]["unit_name"] == unit_name
        zones = game.zones(state)
        seen = {c for z in zones if z.visible_to(mover) for c in z.cards}
        hidden = {c for z in zones if not z.visible_to(mover) for c in z.cards} - seen - {HIDDEN}
        assert hidden and not (_named_cards(message) & hidden), _named_cards(message) & hidden
        for _ in range(rng.randrange(2, 5)):
            state = game.play(state, rng.choice(game.legal_moves(state)))
            if game.to_move(state) is None:
                return


# --- why, in the game's words ----------------------------------------------------------------------

#: Words a learner should not read in a hint's reason: software words, and claims about the
#: other moves that the figures could contradict (a reason says what its move does, no more).
BANNED = re.compile(
    r"\b(session|view|kernel|widget|playouts?|interval|estimate|sample|he|she|his|her|him|"
    r"best(?! hand)|only move|no other|better than any|search)\b",
    re.IGNORECASE,
)
#: A card or move in notation ("9D", "open 9D 3", "b1"), which a reason never shows.
CODE = re.compile(r"\b(?:10|[2-9AJQK])[HCDS]\b|\bb[123]\b|\bJK\b")


def positions_along(game: cardlab.Game, seed: int, count: int) -> list[Any]:
    """``count`` positions with a choice along a game played at random from the seeded deal."""
    state, rng, found = game.deal(seed=seed), random.Random(seed), []
    while game.to_move(state) is not None and len(found) < count:
        moves = game.legal_moves(state)
        if len(moves) > 1 and rng.random() < 0.4:
            found.append(state)
        state = game.play(state, rng.choice(moves))
    return found


def check_writing(text: str) -> None:
    assert text[:1].isupper() and text.endswith(".") and text.count(". ") == 0, text
    assert len(text.split()) <= 35, (len(text.split()), text)
    assert not BANNED.search(text), (BANNED.search(text), text)
    assert not CODE.search(text), (CODE.search(text), text)
    assert not re.search(r"[+−-]\d+\.\d\d", text), text  # no figure of the playouts


def _num(pattern: str, text: str) -> list[int]:
    return [int(x) for x in re.findall(pattern, text)]


def check_commitment(game, state, me, move, text) -> None:
    from cardlab.games.commitment.moves import STACK_NAMES, stack_value

    after = game.advance(state, move)
    other = game.player_names[1 - me]

    def values(s, b, p):
        return [stack_value(stack) if stack else 0 for stack in s.battles[b].sides[p]]

    def taker(s, b):
        mine, theirs = values(s, b, me), values(s, b, 1 - me)
        wins = sum(a > c for a, c in zip(mine, theirs)), sum(c > a for a, c in zip(mine, theirs))
        if wins[0] != wins[1]:
            return me if wins[0] > wins[1] else 1 - me
        return None if sum(mine) == sum(theirs) else me if sum(mine) > sum(theirs) else 1 - me

    if text.startswith("A Jack adds nothing"):
        assert state.round == 1 and len(state.battles) == 1 and move.card.rank == 11
        return
    for suit, battle, mine, theirs in re.findall(
        rf"your (\w+) (?:at battle (\d) |there )come to (\d+), against "
        rf"{other}'s (\d+)",
        text,
    ):
        b = int(battle) - 1 if battle else move.battle - 1
        slot = STACK_NAMES.index(suit)
        assert (values(after, b, me)[slot], values(after, b, 1 - me)[slot]) == (int(mine), int(theirs)), text
    for battle in _num(r"you take battle (\d)", text):
        s = state if type(move).__name__ == "Pass" else after
        assert taker(s, battle - 1) == me, text
    for battle in _num(rf"{other} takes battle (\d)", text):
        assert taker(state, battle - 1) == 1 - me, text
    if "costs little" in text:
        assert move.card.rank <= 4 and state.round < 3


def check_commerce(game, state, me, move, text) -> None:
    from cardlab.games.commerce.strategy import _hands

    table, hand, opponents = _hands(), state.hands[me], state.players - 1
    if "the card you miss least" in text:
        assert move.card == max(hand, key=lambda c: table.after_swap(hand, c, opponents))
    if text.startswith("Knock"):
        assert f"the best hand at the table {often(table.chance(hand, opponents))}" in text
    if type(move).__name__ == "Trade":
        after, now = table.after_swap(hand, move.card, opponents), table.chance(hand, opponents)
        assert re.search(rf"the best hand {often(after)}( \(\d+%\))?, against {often(now)}( \(\d+%\))? now", text), text
    assert ("since you deal" in text) == (type(move).__name__ == "Trade" and me == state.dealer)
    if "for 1 chip" in text or "costs 1 chip" in text:
        assert me != state.dealer
    assert "point" not in text.replace("a point", "").replace("point of", "")  # money is counted in chips


def check_contest(game, state, me, move, text) -> None:
    from cardlab.games.contest.moves import SUIT_INDEX

    if state.arranged < 2:
        secret = move.cards
    else:
        secret = state.secrets[me]
    weight = {suit: sum(p for p, c in enumerate(secret, 1) if c.suit == suit) for suit in SUIT_INDEX}
    symbols = {pretty(f"2{s}")[1:]: s for s in SUIT_INDEX}
    for symbol, score in re.findall(r"(\S) pile, a suit your secret cards score (\d+) a card", text):
        assert weight[symbols[symbol]] == int(score), text
    for symbol, score in re.findall(r"(\S) points pile, worth (\d+|nothing)", text):
        assert weight[symbols[symbol]] == (0 if score == "nothing" else int(score)), text
    laid = re.match(r".*: each (\S) card in its points pile then scores (\d+) for you, and each (\S) card (\d+)", text)
    if laid:
        assert (weight[symbols[laid.group(1)]], weight[symbols[laid.group(3)]]) == tuple(map(int, laid.group(2, 4)))
    sent = re.search(r"adds (\d+) cards? to the (\S) points pile", text)
    if sent:
        after = game.advance(state, move)
        i = SUIT_INDEX[symbols[sent.group(2)]]
        assert len(after.points[i]) - len(state.points[i]) == int(sent.group(1)), text
    if "do not score" in text and type(move).__name__ in ("Open", "Reinforce", "Exchange"):
        assert weight[move.card.suit] == 0, text


def check_commons(game, state, me, move, text) -> None:
    commission = state.commissions[me]
    colour = commission.color if commission is not None and commission != HIDDEN else None
    card = getattr(move, "card", None) or getattr(move, "take", None)
    if "like your Commission" in text:
        assert card.color == colour, text
    if "is off your colour" in text:
        off = getattr(move, "give", None) or move.card
        assert off.color != colour, text
    for chance in re.findall(r"chance (\d+)%", text):
        assert 0 <= int(chance) <= 100


CHECKS = {
    "commitment": check_commitment,
    "commerce": check_commerce,
    "contest": check_contest,
    "card-commons": check_commons,
}


@pytest.mark.parametrize("game_args", GAMES, ids=IDS)
def test_every_move_has_a_reason_in_the_games_words_that_the_position_bears_out(game_args):
    """Over many seeded positions of every game, the reason of every legal move (whichever the
    search ranks best) is one short sentence in the game's words, and what it says of the
    stacks, piles, chances and costs is what the position shows."""
    name, options, seed, *_ = game_args
    game = cardlab.game(name, **options)
    strategy = strategy_of(game)
    said = 0
    for deal in (seed, seed + 1, seed + 2):
        for state in positions_along(game, deal, 8):
            me = game.to_move(state)
            view = game.view(state, me)
            for move in game.legal_moves(view):
                text = strategy.explain(game, view, me, move)
                text = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
                check_writing(text)
                CHECKS[name](game, state, me, move, text)
                said += 1
    assert said > 100


@pytest.mark.parametrize("game_args", GAMES, ids=IDS)
def test_a_hints_reason_is_about_its_best_move_and_its_figures_stay_in_the_details(game_args):
    name, options, seed, *_ = game_args
    game = cardlab.game(name, **options)
    for state in positions_along(game, seed + 7, 6):
        result = hint(game, state, playouts=80, seed=3)
        me = game.to_move(state)
        view = game.view(state, me)
        best = result.best.move
        check_writing(result.reason)
        CHECKS[name](game, state, me, best, result.reason)
        # chances in words a learner weighs ("rarely"), the figures under Details
        assert not re.search(r"\d%|\d\.\d", result.reason), result.reason
        assert result.figures == result.reason or f"In figures: {result.figures}" in result.details
        words = game.move_words(view, best)
        assert words.lower() in result.reason.lower() or result.reason.startswith(("A Jack", "Pass", "Knock"))
        # no figure of the ranking in the reason; the figures are all in the details
        assert not any(
            r.average in result.reason or r.average in result.reason.replace("−", "-") for r in result.ranking
        )
        assert all(r.average in result.details and r.likely in result.details for r in result.shown)
        assert str(result).index(result.reason) < str(result).index("Details") < str(result).index(result.heading)
        page = result._repr_html_()
        assert page.index("Why:") < page.index("<summary>Details</summary>") < page.index("<table")


def test_a_level_ranking_gets_a_reason_that_claims_nothing_of_the_other_moves():
    """Where the figures put two moves level, the reason still says only what the best move does."""
    game = cardlab.game("commitment")
    state = game.deal(seed=13)
    result = hint(game, state, playouts=150, seed=1)
    assert result.best.mean - result.moves[1].mean < 1.96 * math.hypot(result.best.stderr, result.moves[1].stderr)
    check_writing(result.reason)


def test_commitments_jack_in_round_one_is_explained_as_the_game_sees_it():
    game = cardlab.game("commitment")
    state = game.deal(seed=13)
    view = game.view(state, game.to_move(state))
    jack = next(m for m in game.legal_moves(view) if getattr(m, "card", None) is not None and m.card.rank == 11)
    assert strategy_of(game).explain(game, view, game.to_move(state), jack) == (
        "A Jack adds nothing while there is one battle: spending it now keeps your high cards for rounds 2 and 3"
    )


def test_a_game_without_a_strategy_still_has_a_reason():
    from helpers.toy_game import ToyTricks

    game = ToyTricks()
    state = game.deal(seed=1)
    result = hint(game, state, playouts=40, seed=1)
    assert result.reason.startswith(game.move_words(state, result.best.move)[:1].upper())


# --- anytime -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_args", GAMES, ids=IDS)
def test_the_hint_comes_first_fast_then_refined_to_the_same_final_hint(game_args):
    name, options, seed, *_ = game_args
    game, state = dealt(name, options, seed)
    steps = list(hint_steps(game, state, playouts=300, seed=1))
    final = hint(game, state, playouts=300, seed=1)
    moves = game.legal_moves(state)
    assert len(steps) >= 2 and steps[0].playouts == len(moves) and not steps[0].complete
    assert all(not s.complete for s in steps[:-1]) and steps[-1].complete and final.complete
    assert [s.playouts for s in steps] == sorted(s.playouts for s in steps)
    assert (steps[-1].moves, steps[-1].reason, steps[-1].playouts) == (final.moves, final.reason, final.playouts)
    assert steps[0].progress and not final.progress and steps[0].progress in str(steps[0])
    for s in steps:
        check_writing(s.reason)
        assert sorted(map(str, (m.move for m in s.moves))) == sorted(map(str, moves))
    seen = []
    assert hint(game, state, playouts=300, seed=1, progress=seen.append).moves == final.moves
    assert [s.playouts for s in seen] == [s.playouts for s in steps[:-1]]
    assert list(hint_steps(game, state, playouts=300, seed=1, first=False))[-1].moves == final.moves


@pytest.mark.parametrize("game_args", GAMES, ids=IDS)
def test_the_first_ranking_comes_before_the_search_goes_on(game_args):
    """The first ranking is made from one playout per move and handed over at once, before the
    search goes on: it costs a small share of the whole search (CPU time of this process)."""
    from helpers.growth import cpu_time

    name, options, seed, *_ = game_args
    game, state = dealt(name, options, seed)
    first = next(hint_steps(game, state, playouts=1000, seed=1))
    assert first.playouts == len(game.legal_moves(state))
    at_once = cpu_time(lambda: next(hint_steps(game, state, playouts=1000, seed=1)))
    whole = cpu_time(lambda: list(hint_steps(game, state, playouts=1000, seed=1)), repeats=1)
    assert at_once < whole / 5, (at_once, whole)


# --- the early stop --------------------------------------------------------------------------------


def test_a_clear_best_move_stops_the_playouts_early_and_the_hint_still_adds_up():
    game = cardlab.game("commerce", players=4)
    state = game.deal(seed=3)  # one move leads all the others, world by world, well beyond the noise
    early = hint(game, state, playouts=300, seed=1)
    whole = hint(game, state, playouts=300, seed=1, stop_early=False)
    assert early.complete and early.settled and early.playouts < 250 < whole.playouts
    assert early.progress == (
        "The playouts stopped early, since the best move was clearly ahead of every move kept to the end."
    )
    assert early.progress in early.details and not whole.settled and whole.progress == ""
    assert early.best.move == whole.best.move
    assert early.playouts == sum(m.playouts for m in early.moves)
    assert early.heading.startswith(f"Hint for {early.player} (Commerce): {early.playouts} playouts of deals")
    for row in early.ranking:
        assert row.set_aside == (row.value.playouts < early.best.playouts)
        if row.set_aside:
            assert f"set aside after {row.value.playouts} playouts" in row.note
    steps = list(hint_steps(game, state, playouts=300, seed=1))
    assert [s.complete for s in steps] == [False] * (len(steps) - 1) + [True]
    assert (steps[-1].moves, steps[-1].playouts) == (early.moves, early.playouts)
    # the computer players' search keeps its whole budget
    view = game.view(state, game.to_move(state))
    assert sum(m.playouts for m in evaluate_moves(game, view, playouts=300, seed=1)) > 250


def test_level_moves_never_stop_the_playouts_early(monkeypatch):
    """Every move worth the same in each world (a playout's value depends on the world alone):
    no move is settled, so the hint spends its whole budget."""
    game = cardlab.game("commerce", players=4)
    state = game.deal(seed=3)
    monkeypatch.setattr(
        type(strategy_of(game)), "playout", lambda self, game, root, after, player, policy, rng: rng.random()
    )
    early = hint(game, state, playouts=300, seed=1)
    whole = hint(game, state, playouts=300, seed=1, stop_early=False)
    assert early.moves == whole.moves and early.playouts == whole.playouts >= 290 and not early.settled
    assert early.best.mean == early.moves[1].mean
