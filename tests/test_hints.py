"""A hint a learner can read: the unit of each game, the ranked view, the sentence on why the best
move is best, the rule of thumb worded as a comparison, the same view in a Table, and no hidden
card named anywhere in it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cardlab
from cardlab.bots import Hint, MoveValue, evaluate_moves, hint
from cardlab.bots.hint import SET_ASIDE, SHOWN, _learner_order
from cardlab.bots.search import playout_policy
from cardlab.cards import CARD_TOKEN, HIDDEN, Card, pretty
from cardlab.strategy import Choice, Unit, signed, strategy_of

#: Each game, a deal, and what its hint's values measure for the player to move (named B's
#: opponent where there is one).
GAMES = [
    ("card-commons", {}, 2026, "points", "points ahead of B once this round is scored (earlier rounds counted too)"),
    ("commerce", {"players": 4}, 19, "ledger points",
     "ledger points you gain or lose in this deal (the ante, trades, the pool and the dealer's payments)"),
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
    for row in result.ranking:   # every number with its unit
        assert row.average == f"{signed(row.value.mean)} {name}"
    assert result.range_heading == f"likely range ({name}, 95%)"
    assert measure in str(result) and measure in result._repr_html_().replace("&#x27;", "'")


def test_the_unit_names_the_players_opponent():
    game = cardlab.game("contest")
    state = game.play(game.deal(seed=2024), "arrange QS 5H 3C 10H")   # now B arranges
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
    assert means == sorted(means, reverse=True)          # a learner reads it as a ranking
    assert [r.value.playouts for r in aside] == sorted((r.value.playouts for r in aside), reverse=True)
    for r in aside:   # explained, not just listed lower
        assert f"set aside after {r.value.playouts} playouts" in r.note and r.value.playouts < result.best.playouts
    assert rows[0].note.startswith("best") and rows[0].text == pretty(str(result.best.move))
    for r in rows:
        assert re.fullmatch(rf"{NUMBER} to {NUMBER}|too few playouts to say|no spread: every playout came out the "
                            r"same", r.likely), r.likely
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
    assert f"Why: {result.reason}" in text and result.comparison in text


def test_a_seeded_hint_keeps_the_searchs_numbers(advice):
    """The ranked view reorders and words the search's values; it changes none of them."""
    game, state, result, _ = advice
    view = game.view(state, game.to_move(state))
    thumb = strategy_of(game).rule_of_thumb(game, view, random.Random("1:reason"))
    searched = evaluate_moves(game, view, playouts=300, seed=1, policy=playout_policy("heuristic", game),
                              keep=thumb.move)
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
    from cardlab.bots.hint import _reason
    choice = Choice(GAME.move(thumb), why) if thumb else None
    moves = _learner_order([MoveValue(GAME.move(m), mean, se, 50, 3) for m, mean, se in values], choice)
    return Hint("Card Commons", "A", moves, UNIT, _reason(moves, choice, UNIT), 150, 0.1, choice)


def test_the_rule_of_thumb_agreeing_is_said_as_agreement():
    agreed = made([("claim 4H", 1.0, 0.1), ("claim 2C", 0.2, 0.1)], "claim 4H")
    assert agreed.comparison == "The rule of thumb would also play claim 4♥."
    assert agreed.reason == "Keep your hearts."       # why the best is best: the rule of thumb's reason
    assert agreed.ranking[0].note == "best; the rule of thumb's pick too"


def test_the_rule_of_thumb_disagreeing_is_said_as_a_comparison():
    clear = made([("claim 4H", 1.0, 0.05), ("claim 2C", -0.5, 0.05)], "claim 2C")
    assert clear.comparison == ("The rule of thumb would play claim 2♣ instead (keep your hearts); searching ahead, "
                                "claim 4♥ does better by 1.50 points on average.")
    assert clear.reason == ("Claim 4♥ does best over the playouts: +1.00 points on average, 1.50 more than claim 2♣ "
                            "on the same deals.")
    assert clear.ranking[1].note == "the rule of thumb's pick, kept to compare"
    close = made([("claim 4H", 0.3, 0.2), ("claim 2C", 0.2, 0.2)], "claim 2C")
    assert close.comparison.endswith("claim 4♥ does better by 0.10 points on average, a gap within the uncertainty "
                                     "of the playouts.")
    assert close.reason.endswith("0.10 more than claim 2♣ on the same deals, though that gap is within the "
                                 "uncertainty of the playouts.")
    level = made([("claim 4H", 0.203, 0.1), ("claim 2C", 0.201, 0.1)], "claim 2C")
    assert level.comparison.endswith("searching ahead, the two come out level (+0.20 points each).")
    assert level.reason == ("Claim 4♥ and claim 2♣ come out level, +0.20 points on average on the same deals: as far "
                            "as the playouts can tell, either is as good.")
    assert made([("claim 4H", 1.0, 0.1), ("claim 2C", 0.2, 0.1)], None).comparison == ""
    only = made([("claim 4H", 1.0, 0.1)], None)
    assert only.reason == "Claim 4♥ is your only legal move."


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
                assert result.comparison == f"The rule of thumb would also play {pretty(str(best.move))}."
            else:
                other = next(m for m in result.moves if m.move == thumb.move)
                assert best.mean >= other.mean and "instead" in result.comparison
                assert result.comparison.startswith(f"The rule of thumb would play {pretty(str(thumb.move))} instead")
                assert f"{pretty(str(best.move))} does better by" in result.comparison or "level" in result.comparison
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
    pytest.importorskip("anywidget")
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
        expected = ranking(hint(game, game.view(state, mover), playouts=300, seed=1))
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
