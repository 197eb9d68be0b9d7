"""Positions that can happen: ``validate`` (and with it every text form, the editor and the
lessons) accepts every position legal play reaches, and refuses each position that breaks one
of the invariants listed in the "Positions that can happen" section of docs/rules/<game>.md,
naming the line of the text form that breaks it.

Each invariant has one case here, under the name the page gives it: a reachable position written
as text, changed in a line or two so that it breaks that invariant, and the line (the
``StateError.where``) and the words the refusal must give.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import NamedTuple

import pytest

import cardlab
from cardlab.bots import make_player
from cardlab.errors import StateError
from cardlab.games import configurations

ROOT = Path(__file__).resolve().parent.parent

# --- every position legal play reaches is valid -------------------------------------------------

#: Seeded games per configuration and kind of player, for a game of 4 players or fewer (a game
#: of more players is that many times longer, so it plays fewer: ``_games``).
RANDOM_GAMES, RULE_OF_THUMB_GAMES = 48, 24


def _games(game: cardlab.Game, count: int) -> int:
    return max(2, round(count * min(1.0, 4 / game.players)))


def _id(config: tuple[str, dict]) -> str:
    name, options = config
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("config", list(configurations()), ids=_id)
def test_every_position_legal_play_reaches_is_valid(config):
    """Random and rule-of-thumb players, seeded, in every option set: validate accepts every
    position of their games, and its text form reads back as the same position."""
    name, options = config
    game = cardlab.game(name, **options)
    states = 0
    for kind, count in (("random", RANDOM_GAMES), ("heuristic", RULE_OF_THUMB_GAMES)):
        for seed in range(_games(game, count)):
            players = [make_player(kind, seed=f"{seed}-{p}") for p in range(game.players)]
            state = game.deal(seed=seed)
            while True:
                game.validate(state)
                if states % 7 == 0:
                    assert game.state_from_text(state.to_text()) == state
                states += 1
                if game.is_over(state):
                    break
                mover = game.to_move(state)
                state = game.play(state, players[mover].choose(game, game.view(state, mover)))
    assert states > 100


def test_the_positions_reached_cover_every_phase_of_card_commons():
    """The seeded games above reach each phase of a Card Commons round, a No Defense turn with
    the Claim discarded and one answered by the Claimant among them."""
    game = cardlab.game("card-commons")
    phases = set()
    for seed in range(RANDOM_GAMES):
        rng, state = random.Random(seed), game.deal(seed=seed)
        while not game.is_over(state):
            phases.add(game.phase(state))
            state = game.play(state, rng.choice(game.legal_moves(state)))
    assert phases >= {"commission", "claim", "defend", "discard", "answer", "discard2", "round-end"}


# --- each invariant, broken alone ------------------------------------------------------------------

#: Card Commons, round 1, the third turn about to start: A claimed first, then B; no No Defense yet.
COMMONS = """\
round: 1
phase: claim
claimant: A
nest egg: QH
pool up: 5D 4S
pool down: 2S
A hand: 3D 4H 5S 3H
A commission: 3C
A side: 2C KS
B hand: 4C 2D 4D 5H
B commission: 3S
B side: 2H 5C
"""

#: The same turn, A having claimed with the 4♥: B holds two 4s and must defend.
COMMONS_DEFEND = COMMONS.replace("phase: claim", "phase: defend\nclaim: 4H").replace(
    "A hand: 3D 4H 5S 3H", "A hand: 3D 5S 3H"
)

#: Card Commons, round 4 (scored ×2, as round 3 was), after one turn with No Defense.
COMMONS_ROUND_4 = """\
round: 4
rounds: 2-1 0-3 4-2
phase: claim
claimant: A
nest egg: 3S
pool up: KS 5C 5H
pool down: 3C 2D
A hand: 3D 4D 5D 4H
A commission: 4S
A side: QH
B hand: 2C 4C 2S 5S
B commission: 3H
B side: 2H
"""

#: Card Commons, the end of round 1 after six turns with a Defense: B claimed the last one.
COMMONS_ROUND_END = """\
round: 1
phase: round-end
claimant: B
nest egg: 4C
pool up: QH 4S
pool down: 2S
A hand: -
A commission: 3C
A side: 2C KS 3D 4H 5C 5S
B hand: -
B commission: 3S
B side: 2D 2H 3H 4D 5D 5H
"""

#: Commerce, 3 players, deal 2 (dealt by C): A bartered, B traded; C is to move.
COMMERCE = """\
players: 3
seed: 4
dealer: C
A: QD 2H 4C
B: 3S 3D 6C
C: 2C 4D 7S
offer: -
stock: rest
waste: 3C
turns: A barter, B trade
deal 1: dealer B; turns C trade, A trade, B trade; end refusal; hands 2C 3C 6C / JS JD 5S / 7H 9S 10S
"""

#: Commitment, round 1, started by B: B has committed 5 cards (the A♣ on A's side among them), A 4.
COMMITMENT = """\
seed: 3
round: 1
first: B
turn: A
passed: -
A hand: 4H 4C 8C 10C QC AD
B hand: 3H 5H 7H KH 3C 8D
draw deck: 5D 6D 4S JC JD 9D 7D AH QD QH 2D 2S 8H 9C 10D 6H 2C 2H 7C 3S 5C KC KD 10H 4D 6C 6S
battle deck: JK AS JK QS KS
b1: JS
b1 A: JH 9H / 7S AC / 10S
b1 B: 5S / 8S 9S / 3D
A won: -
B won: -
discard: -
"""

#: Contest: the draw pile ran out on A's turn; B takes the first of the last two turns.
CONTEST_LAST = """\
stage: final 2
to move: B
A secret: 9H 10C 3H JS
B secret: QC 3D 10S JH
A hand: 4C 8C 9D QS JD 4H 7D
B hand: 9C 4D 9S 6H 6D 6C 8H
row: 8S | 2H | AD | 5H
points C: AC 5C
points D: 8D
points H: 10H AH KH
points S: AS
discard: 2D 5D 10D KD KS 4S QD JC 3C 6S 2S 3S 7S 5S KC 2C 7C QH 7H
draw pile: -
"""

#: Contest, before the deal: A declared a mulligan (three hearts) and arranges the new cards.
CONTEST_ARRANGE = """\
stage: arrange
to move: A
A secret: 6C 7D 9H 8S
B secret: 2C 3D 5H 4S
A hand: -
B hand: -
row: - | - | - | -
points C: -
points D: -
points H: -
points S: -
discard: 5C 2H 3H 4H
draw pile: 3C 4C 7C 8C 9C 10C JC QC KC AC 2D 4D 5D 6D 8D 9D 10D JD QD KD AD 6H 7H 8H 10H JH QH KH AH 2S 3S 5S \
6S 7S 9S 10S JS QS KS AS
"""

#: Contest, in play: the turn after A opened with the 3♠ (7 cards each, the draw pile lasting).
CONTEST_PLAY = """\
stage: play
to move: B
A secret: 9H 10C 3H JS
B secret: QC 3D 10S JH
A hand: 4C 8C 9D QS JD 4H 7D
B hand: 9C 4D 9S 6H 6D 6C 8H
row: 3S | - | - | -
points C: -
points D: -
points H: -
points S: -
discard: -
draw pile: 8S 2H AD 5H AC 5C 8D 10H AH KH AS 2D 5D 10D KD KS 4S QD JC 3C 6S 2S 7S 5S KC 2C 7C QH 7H
"""


def _game(name: str) -> cardlab.Game:
    return cardlab.game(name, players=3) if name == "commerce" else cardlab.game(name)


def _commerce_traded_down() -> str:
    """:data:`COMMERCE` played on, every player trading the first card of their hand, until one
    card is left in the stock."""
    game = _game("commerce")
    state = game.state_from_text(COMMERCE)
    while len(state.stock) > 1:
        state = game.play(state, next(m for m in game.legal_moves(state) if str(m).startswith("trade")))
    return state.to_text()


def _commerce_over() -> str:
    """A 3-player game of Commerce played to its end by seeded random players."""
    game = _game("commerce")
    rng, state = random.Random(5), game.deal(seed=5)
    while not game.is_over(state):
        state = game.play(state, rng.choice(game.legal_moves(state)))
    return state.to_text()


COMMERCE_LAST_STOCK_CARD, COMMERCE_OVER = _commerce_traded_down(), _commerce_over()


def _line(text: str, key: str) -> str:
    """The line of ``text`` that starts with ``key:``."""
    return next(line for line in text.splitlines() if line.startswith(f"{key}:"))


BASES = {
    "COMMONS": ("card-commons", COMMONS),
    "COMMONS_DEFEND": ("card-commons", COMMONS_DEFEND),
    "COMMONS_ROUND_4": ("card-commons", COMMONS_ROUND_4),
    "COMMONS_ROUND_END": ("card-commons", COMMONS_ROUND_END),
    "COMMERCE": ("commerce", COMMERCE),
    "COMMERCE_LAST_STOCK_CARD": ("commerce", COMMERCE_LAST_STOCK_CARD),
    "COMMERCE_OVER": ("commerce", COMMERCE_OVER),
    "COMMITMENT": ("commitment", COMMITMENT),
    "CONTEST_LAST": ("contest", CONTEST_LAST),
    "CONTEST_ARRANGE": ("contest", CONTEST_ARRANGE),
    "CONTEST_PLAY": ("contest", CONTEST_PLAY),
}


class Broken(NamedTuple):
    """A position breaking one invariant: ``base`` with each (old, new) line part replaced, and
    the line the refusal names (``StateError.where``) with words its reason gives."""

    base: str
    edits: tuple[tuple[str, str], ...]
    where: str
    words: str


#: The invariants of docs/rules/<game>.md's "Positions that can happen", by game and name.
INVARIANTS: dict[tuple[str, str], Broken] = {
    # Card Commons
    ("card-commons", "cards"): Broken("COMMONS", (("A hand: 3D 4H 5S 3H", "A hand: 3D 4H 5S 5S"),), "A hand", "5S"),
    ("card-commons", "rounds"): Broken(
        "COMMONS_ROUND_4", (("rounds: 2-1 0-3 4-2", "rounds: 2-1 0-3"),), "rounds", "round 4 follows 3 scored round"
    ),
    ("card-commons", "round-points"): Broken(
        "COMMONS_ROUND_4", (("rounds: 2-1 0-3 4-2", "rounds: 7-1 0-3 4-2"),), "line 2 (rounds)", "from 0 to 6"
    ),
    ("card-commons", "multiplier"): Broken(
        "COMMONS_ROUND_4", (("rounds: 2-1 0-3 4-2", "rounds: 2-1 0-3 3-2"),), "rounds", "scored ×2"
    ),
    ("card-commons", "extra-rounds"): Broken(
        "COMMONS_ROUND_4",
        (("round: 4", "round: 5"), ("rounds: 2-1 0-3 4-2", "rounds: 2-1 0-3 4-2 0-2")),
        "rounds",
        "the game was over",
    ),
    ("card-commons", "pool"): Broken(
        "COMMONS",
        (("pool up: 5D 4S", "pool up: 5D"), ("pool down: 2S", "pool down: 2S 4S")),
        "pool down",
        "1 face-down",
    ),
    ("card-commons", "wild-commission"): Broken(
        "COMMONS", (("nest egg: QH", "nest egg: 3C"), ("A commission: 3C", "A commission: QH")), "A commission", "Wild"
    ),
    ("card-commons", "sides"): Broken(
        "COMMONS",
        (("B side: 2H 5C", "B side: 2H"), ("B hand: 4C 2D 4D 5H", "B hand: 4C 2D 4D 5H 5C")),
        "A side",
        "grow together",
    ),
    ("card-commons", "phase"): Broken("COMMONS_DEFEND", (("phase: defend", "phase: discard"),), "phase", "must defend"),
    ("card-commons", "traded"): Broken(
        "COMMONS_DEFEND", (("phase: defend", "phase: defend\ntraded: pool"),), "traded", "before the Claim"
    ),
    ("card-commons", "round-end"): Broken(
        "COMMONS_ROUND_END",
        (("nest egg: 4C", "nest egg: QH"), ("pool up: QH 4S", "pool up: 4C 4S")),
        "nest egg",
        "swapped",
    ),
    ("card-commons", "tableau"): Broken(
        "COMMONS",
        (("B side: 2H 5C", "B side: 4C 5C"), ("B hand: 4C 2D 4D 5H", "B hand: 2H 2D 4D 5H")),
        "B side",
        "2C (A's) and 4C (B's)",
    ),
    ("card-commons", "claimant"): Broken("COMMONS", (("claimant: A", "claimant: B"),), "claimant", "this turn is A's"),
    # Commerce
    ("commerce", "cards"): Broken(
        "COMMERCE", (("C: 2C 4D 7S", "C: 2C 4D QD"),), "A's hand, C's hand", "QD appears 2 times"
    ),
    ("commerce", "hands"): Broken("COMMERCE", (("A: QD 2H 4C", "A: QD 2H"),), "A's hand", "should hold 3"),
    ("commerce", "turn-order"): Broken(
        "COMMERCE", (("turns: A barter, B trade", "turns: B barter, A trade"),), "line 10 (turns)", "clockwise"
    ),
    ("commerce", "offer"): Broken("COMMERCE", (("offer: -", "offer: A 5H"),), "line 7 (offer)", "only C"),
    ("commerce", "dealer"): Broken(
        "COMMERCE",
        (("dealer: C", "dealer: A"), ("turns: A barter, B trade", "turns: B barter, C trade")),
        "dealer",
        "passes to the left",
    ),
    ("commerce", "waste"): Broken("COMMERCE", (("waste: 3C", "waste: 3C 5H"),), "waste", "1 trade(s)"),
    ("commerce", "deal-hands"): Broken(
        "COMMERCE", (("7H 9S 10S", "7H 9S 2C"),), "deal 1", "2C is in both A's and C's hands"
    ),
    ("commerce", "stock"): Broken(
        "COMMERCE_LAST_STOCK_CARD",
        (
            (_line(COMMERCE_LAST_STOCK_CARD, "stock"), "stock: -"),
            (
                _line(COMMERCE_LAST_STOCK_CARD, "waste"),
                _line(COMMERCE_LAST_STOCK_CARD, "waste") + " " + _line(COMMERCE_LAST_STOCK_CARD, "stock").split()[1],
            ),
            (_line(COMMERCE_LAST_STOCK_CARD, "turns"), _line(COMMERCE_LAST_STOCK_CARD, "turns") + ", B trade"),
        ),
        "stock",
        "settled at once",
    ),
    ("commerce", "over"): Broken(
        "COMMERCE_OVER",
        (
            (_line(COMMERCE_OVER, "A"), _line(COMMERCE_OVER, "B").replace("B:", "A:")),
            (_line(COMMERCE_OVER, "B"), _line(COMMERCE_OVER, "A").replace("A:", "B:")),
        ),
        "A's hand",
        "as it was settled",
    ),
    ("commerce", "deal-end"): Broken("COMMERCE", (("end refusal", "end stock"),), "deal 1", "ends by 'stock' exactly"),
    # Commitment
    ("commitment", "cards"): Broken(
        "COMMITMENT", (("A hand: 4H 4C 8C 10C QC AD", "A hand: 4H 4C 8C 10C QC 3H"),), "A hand, B hand", "3H appears 2"
    ),
    ("commitment", "places"): Broken(
        "COMMITMENT",
        (("A hand: 4H 4C", "A hand: KS 4C"), ("battle deck: JK AS JK QS KS", "battle deck: JK AS JK QS 4H")),
        "A hand",
        "battle card",
    ),
    ("commitment", "stacks"): Broken(
        "COMMITMENT", (("b1 A: JH 9H / 7S AC / 10S", "b1 A: JH / 7S AC 9H / 10S"),), "b1 A clubs", "own suit"
    ),
    ("commitment", "queens"): Broken(
        "COMMITMENT",
        (("b1 A: JH 9H / 7S AC / 10S", "b1 A: JH 9H / 7S AC QC / -"), ("10C QC AD", "10C 10S AD")),
        "b1 A clubs",
        "Queen is discarded at once",
    ),
    ("commitment", "battle-cards"): Broken(
        "COMMITMENT",
        (("battle deck: JK AS JK QS KS", "battle deck: AS JK QS KS"), ("B won: -", "B won: JK")),
        "battle deck",
        "holds 5",
    ),
    ("commitment", "draw-deck"): Broken(
        "COMMITMENT",
        (("draw deck: 5D 6D", "draw deck: 6D"), ("A hand: 4H 4C 8C 10C QC AD", "A hand: 4H 4C 8C 10C QC AD 5D")),
        "draw deck",
        "holds 27",
    ),
    ("commitment", "turn"): Broken("COMMITMENT", (("passed: -", "passed: A"),), "turn", "A has passed"),
    ("commitment", "hands"): Broken(
        "COMMITMENT",
        (("A hand: 4H 4C 8C 10C QC AD", "A hand: 4H 4C 8C 10C QC AD 3H"), ("B hand: 3H 5H", "B hand: 5H")),
        "A hand",
        "at most 6",
    ),
    # Contest
    ("contest", "cards"): Broken(
        "CONTEST_LAST", (("A hand: 4C 8C", "A hand: 9C 8C"),), "A hand, B hand", "9C appears 2 times"
    ),
    ("contest", "secret"): Broken(
        "CONTEST_LAST", (("A secret: 9H 10C 3H JS", "A secret: 9H 3H 10C JS"),), "A secret", "side by side"
    ),
    ("contest", "secret-count"): Broken(
        "CONTEST_LAST",
        (("A secret: 9H 10C 3H JS", "A secret: 9H 10C 3H"), ("discard: 2D", "discard: JS 2D")),
        "A secret",
        "4 secret cards",
    ),
    ("contest", "row"): Broken(
        "CONTEST_LAST",
        (("row: 8S | 2H | AD | 5H", "row: 8S | 2H | AD 4C | 5H"), ("A hand: 4C ", "A hand: ")),
        "position 3",
        "one suit",
    ),
    ("contest", "neighbours"): Broken(
        "CONTEST_LAST", (("row: 8S | 2H | AD | 5H", "row: 8S | 2H | 5H | AD"),), "positions 2 and 3", "neighbouring"
    ),
    ("contest", "points"): Broken(
        "CONTEST_LAST", (("points C: AC 5C", "points C: AC 5C 8D"), ("points D: 8D", "points D: -")), "points C", "8♦"
    ),
    ("contest", "arrange"): Broken(
        "CONTEST_ARRANGE",
        (("row: - | - | - | -", "row: 3C | - | - | -"), ("draw pile: 3C ", "draw pile: ")),
        "stage",
        "no card has been played",
    ),
    ("contest", "mulligan"): Broken(
        "CONTEST_ARRANGE",
        (("discard: 5C 2H 3H 4H", "discard: 5C 2H 3H"), ("draw pile: 3C", "draw pile: 4H 3C")),
        "discard",
        "4 cards at a time",
    ),
    ("contest", "mulligan-needed"): Broken(
        "CONTEST_ARRANGE",
        (
            ("discard: 5C 2H 3H 4H", "discard: 5C 2D 3H 4H"),
            ("4C 7C 8C 9C 10C JC QC KC AC 2D", "4C 7C 8C 9C 10C JC QC KC AC 2H"),
        ),
        "discard",
        "would have been arranged",
    ),
    ("contest", "play"): Broken(
        "CONTEST_PLAY", (("B hand: 9C 4D", "B hand: 4D"), ("discard: -", "discard: 9C")), "B hand", "7 in hand"
    ),
    ("contest", "last-turns"): Broken(
        "CONTEST_LAST",
        (("A hand: 4C 8C", "A hand: 8C"), ("draw pile: -", "draw pile: 4C")),
        "draw pile",
        "only once it is empty",
    ),
    ("contest", "over"): Broken(
        "CONTEST_LAST", (("to move: B", "to move: -"),), "line 2 (to move)", "write '-' when the stage is 'over'"
    ),
    ("contest", "first-last-turn"): Broken(
        "CONTEST_LAST",
        (("B hand: 9C 4D", "B hand: 4D"), ("discard: 2D", "discard: 9C 2D")),
        "B hand",
        "ended the last turn",
    ),
}


def _broken(case: Broken) -> tuple[cardlab.Game, str]:
    name, text = BASES[case.base]
    for old, new in case.edits:
        assert text.count(old) == 1, f"{old!r} is not once in {case.base}"
        text = text.replace(old, new)
    return _game(name), text


def _lines_named(text: str, where: str) -> list[int]:
    """The numbers of the lines of ``text`` that ``where`` names: a key, 'line N (key)', or
    places separated by commas. A place may be a part of a line: Commerce's "A's hand" is the
    line "A", Commitment's "b1 A clubs" a stack of the line "b1 A", Contest's "position 3" a
    part of the line "row"."""
    numbers = []
    for place in where.split(", "):
        numbered = re.fullmatch(r"line (\d+) \((.+)\)", place)
        key = numbered[2] if numbered else place
        key = re.sub(r"^([A-L])'s hand$", r"\1", key)
        key = re.sub(r"^(b\d [AB]) (hearts|clubs|diamonds)$", r"\1", key)  # a stack of a battle's side
        key = re.sub(r"^positions? \d( and \d)?$", "row", key)  # a position of the contest row
        lines = [n for n, line in enumerate(text.splitlines(), start=1) if line.split(":", 1)[0].strip() == key]
        assert len(lines) == 1, f"{place!r} names no single line of the text"
        if numbered:
            assert lines == [int(numbered[1])], (place, lines)
        numbers += lines
    return numbers


@pytest.mark.parametrize("base", sorted(BASES))
def test_each_base_position_is_one_a_game_can_reach(base):
    name, text = BASES[base]
    _game(name).state_from_text(text)


@pytest.mark.parametrize("game, invariant", sorted(INVARIANTS), ids=lambda v: v)
def test_a_position_breaking_an_invariant_is_refused_naming_its_line(game, invariant):
    case = INVARIANTS[game, invariant]
    rules, text = _broken(case)
    with pytest.raises(StateError) as refused:
        rules.state_from_text(text)
    err = refused.value
    assert err.where == case.where, str(err)
    assert case.words in err.reason, str(err)
    assert _lines_named(text, err.where)


def _documented(game: str) -> list[str]:
    """The names of the invariants the "Positions that can happen" section of the game's rules
    page lists (the first column of its table)."""
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    section = page.split("## Positions that can happen", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z0-9-]+)` \|", section, re.M)


@pytest.mark.parametrize("game", ["card-commons", "commerce", "commitment", "contest"])
def test_every_documented_invariant_has_its_case_and_every_case_is_documented(game):
    documented = _documented(game)
    assert len(documented) == len(set(documented))
    assert sorted(documented) == sorted(name for g, name in INVARIANTS if g == game)


# --- the Claimant a text form leaves out -----------------------------------------------------------


def test_a_text_form_without_a_claimant_line_takes_the_claimant_the_turns_give():
    game = cardlab.game("card-commons")
    after_five = COMMONS_ROUND_END.replace("claimant: B\n", "")
    assert game.state_from_text(after_five).claimant == 1  # five turns from A's: B claimed last
    # after a turn with No Defense and one with a Defense, 1 or 2 turns were played: the first Claimant, B
    assert game.state_from_text(COMMONS_ROUND_4.replace("claimant: A\n", "")).claimant == 1
    assert game.state_from_text(COMMONS.replace("claimant: A\n", "")).claimant == 0  # two turns: A again


def test_a_claim_at_the_last_turn_of_round_1_by_the_rounds_first_claimant_is_refused():
    """Round 1 starts with A's Claim and five turns have put five cards on each side: the last
    turn is B's, so a position with A claiming it is refused at its claimant line."""
    position = """\
round: 1
claimant: A
nest egg: QH
pool up: 2H 4C
pool down: 3S
A hand: 5C
A commission: 4S
A side: 2C 3C 3D KS 2S
B hand: 5H
B commission: 4D
B side: 2D 3H 4H 5D 5S
"""
    with pytest.raises(StateError) as refused:
        cardlab.game("card-commons").state_from_text(position)
    assert refused.value.where == "claimant" and "5 turn(s) were played, so this turn is B's" in str(refused.value)


def test_the_lesson_of_the_wild_nest_egg_has_a_claim_the_last_turn_of_round_4():
    from cardlab import lessons

    start = lessons.load("card-commons-4-wild-nest-egg").start
    assert (start.round, start.claimant, len(start.sides[0])) == (4, 0, 5)
    game = cardlab.game("card-commons")
    with pytest.raises(StateError, match="this turn is A's"):
        game.state_from_text(game.to_text(start).replace("claimant: A", "claimant: B"))


# --- the editor and the lessons refuse what validate refuses ----------------------------------------


def test_an_editors_swap_that_no_game_can_reach_is_refused_and_changes_nothing():
    from cardlab.widgets import Table
    from helpers.widget_driver import send

    game = cardlab.game("card-commons")
    session = cardlab.Session(game, game.state_from_text(COMMONS))
    table = Table(session)
    before = session.state
    message = send(table, "swap", cards=["2H", "4C"])  # B's 2♥ on the tableau for the 4♣ of B's hand
    assert message["kind"] == "error" and message["text"].startswith("B side: card 1 of each side"), message
    assert session.state == before


def test_a_lessons_what_if_change_that_no_game_can_reach_is_refused_naming_its_line():
    from cardlab import lessons

    text = f"""\
# A what-if

```lesson
game: card-commons
viewer: teacher
```

```state
{COMMONS}```

```question
ask: Had B played the 4♣ in the first turn, what would B score?
change: 2H -> 4C
player: B
score: 0
```
"""
    line = text.splitlines().index("change: 2H -> 4C") + 1
    refusals = [p for p in lessons.check(text) if "the position breaks the rules" in p.message]
    assert [(p.line, p.message.split(": ", 2)[1]) for p in refusals] == [(line, "B side")], refusals
