"""Where each game's zones lie on the table and what each pile is called: the layout hints of
the four games, the piles' spoken names and the cards' marks."""

from __future__ import annotations

import random

import cardlab
from cardlab.widgets import Table, layouts
from cardlab.widgets.viewmodel import Position
from helpers.table_layout import groups as _groups
from helpers.table_layout import piles as _piles
from helpers.widget_driver import EVERY_CONFIGURATION, group_titles, pile_of


@EVERY_CONFIGURATION
def test_every_pile_has_a_spoken_name_no_other_pile_has(config):
    """Screen readers name each pile by its ``label``: unique on the table, for every viewer,
    in random states of every game ("A's hand", not one "Hand" per player)."""
    name, options = config
    game = cardlab.game(name, **options)
    names = tuple(f"Player {i + 1}" for i in range(game.players))
    for seed in range(1, 6):
        rng = random.Random(seed)
        session = cardlab.Session(game, seed=seed)
        for _ in range(40):
            for viewer in (None, *range(min(game.players, 4))):
                piles = _piles(Position(session, viewer, names).layout())
                labels = [p["label"] for p in piles]
                assert len(set(labels)) == len(labels), f"{name}: labels repeat: {sorted(labels)}"
                zones = {z.name: z for z in game.zones(session.state)}
                for pile in piles:
                    owner = zones[pile["zone"]].owner
                    assert owner is None or names[owner] in pile["label"], pile
            if game.to_move(session.state) is None:
                break
            session.play(rng.choice(session.legal_moves()))


#: A Commitment deal, written out: the moves below lead to round 2, with 7♠ a wild on A's
#: diamonds stack at battle 2.
COMMITMENT_DEAL = """\
seed: 1
round: 1
first: A
turn: A
passed: -
A hand: 2H 3H JH 2C 5C 7C 2D 3D 8D 9S
B hand: 4H 5H 7H 10C 6D 10D JD KD 5S 10S
draw deck: 9D 6C 7S 4S 10H 7D 6H QH 8H 6S 4C 8C JC 3C 2S 5D QD 3S 9C AC AH 9H KH AD KC 4D QC 8S
battle deck: JK KS JK AS QS
b1: JS
b1 A: - / - / -
b1 B: - / - / -
"""


COMMITMENT_ROUND_TWO = (
    "JH b1",
    "5S b1 clubs",
    "3H b1",
    "6D b1",
    "2C b1",
    "10S b1 hearts",
    "9S b1 clubs",
    "pass",
    "8D b1",
    "2D b1",
    "5C b1",
    "2H b1",
    "3D b1",
    "7C b1",
    "pass",
    "next round",
    "7S b2 diamonds",
)


def commitment_round_two() -> cardlab.Session:
    game = cardlab.game("commitment")
    session = cardlab.Session(game, game.state_from_text(COMMITMENT_DEAL))
    for move in COMMITMENT_ROUND_TWO:
        session.play(move)
    return session


def test_piles_named_alike_take_the_name_of_their_group():
    labels = {p["zone"]: p["label"] for p in _piles(Position(commitment_round_two(), 1).layout())}
    assert labels["A hand"] == "A's hand" and labels["B won"] == "B's battle cards won"
    assert labels["b1 A hearts"] == "Battle 1: A's ♥ hearts" and labels["b2 A hearts"] == "Battle 2: A's ♥ hearts"
    assert labels["b2 battle card"] == "Battle 2: Battle card"


def test_a_wild_spade_is_marked_on_every_table():
    """Commitment's 7♠ on A's diamonds stack is a wild (the engine's card_notes), not a diamond."""
    session = commitment_round_two()
    for viewer in (None, 0, 1):
        table = Table(session, viewer=viewer)
        assert pile_of(table.view, "b2 A diamonds")["marks"] == ["wild"]
        assert "marks" not in pile_of(table.view, "b2 A hearts") and "marks" not in pile_of(table.view, "A hand")
        table.close()


def _parents(node: dict, zone: str, trail: tuple = ()) -> tuple[dict, ...] | None:
    """The groups around the pile of ``zone``, innermost first."""
    if node["kind"] == "pile":
        return trail if node["zone"] == zone else None
    for item in node["items"]:
        found = _parents(item, zone, (node, *trail))
        if found is not None:
            return found
    return None


def test_commitments_decks_stand_beside_one_battle_and_under_two():
    """Layout hints: in the first round Commitment's decks area is a column (its zones one
    above the other) beside the battle; from the second, a row under the battles (beside them,
    the column would go under them anyway on a narrow screen, and tall). It is compact (the
    battle deck's 3 cards as a stack with a count); the face-up discard pile is laid out, and
    so is a short face-down pile outside a compact area."""
    game = cardlab.game("commitment")
    first = cardlab.Session(game, game.state_from_text(COMMITMENT_DEAL))
    for move in COMMITMENT_ROUND_TWO[: COMMITMENT_ROUND_TWO.index("next round")]:
        first.play(move)
    decks, row = _parents(Position(first, 1).layout(), "battle deck")[:2]
    assert decks["dir"] == "column" and [i["title"] for i in row["items"]] == ["Battle 1", None]
    session = commitment_round_two()
    for viewer in (None, 1):
        layout = Position(session, viewer).layout()
        decks, middle = _parents(layout, "battle deck")[:2]
        battles = _parents(layout, "b1 battle card")[1]
        assert decks["dir"] == "row" and [p["zone"] for p in decks["items"]] == ["draw deck", "battle deck", "discard"]
        assert [i["title"] for i in battles["items"]] == ["Battle 1", "Battle 2"]
        assert middle["items"].index(decks) == middle["items"].index(battles) + 1  # the row under the battles
        spreads = {p["zone"]: p["spread"] for p in decks["items"]}
        assert spreads == {"draw deck": "stack", "battle deck": "stack", "discard": "fan"}  # 13 cards discarded
        assert len(pile_of(Table(session, viewer=viewer).view, "battle deck")["cards"]) == 3
    short = cardlab.engine.Zone("deck", tuple(cardlab.cards("2C 3C 4C")), frozenset(), None, cardlab.engine.STOCK)
    pos = Position(session, None)
    assert layouts.pile(pos, short)["spread"] == "row" and layouts.pile(pos, short, compact=True)["spread"] == "stack"
    empty = short._replace(cards=(), seen_by=None, kind=cardlab.engine.PILE)
    # an empty face-up pile says "empty", not "0 cards"
    assert layouts.pile(pos, empty, compact=True)["spread"] == "row"


def test_contests_points_piles_sit_beside_the_discard_and_draw_piles():
    game = cardlab.game("contest")
    layout = Position(cardlab.Session(game, seed=5), 0).layout()
    points, row = _parents(layout, "points C")[:2]
    piles = _parents(layout, "draw pile")[0]
    assert points["title"] == "Points piles" and row["items"] == [points, piles]
    assert [p["zone"] for p in piles["items"]] == ["discard", "draw pile"]


def test_commerce_seats_and_pool_say_points():
    game = cardlab.game("commerce", players=3)
    layout = Position(cardlab.Session(game, seed=5), 0).layout()
    titles = group_titles(layout)
    assert "Pool: 3 chips" in titles and "A (you) · ledger −1 chip" in titles, titles
    assert cardlab.engine.points(1) == "1 point" and cardlab.engine.points(-2, signed=True) == "−2 points"
    assert cardlab.engine.points(0, signed=True) == "+0 points"


def test_peeks_face_down_pool_is_drawn_with_the_pool():
    """Zones are placed by their meaning: Peek's two face-down pool cards (one seen by each
    player) lie in the tableau with the rest of the pool, not in a group of leftovers."""
    session = cardlab.Session(cardlab.game("card-commons", variant="peek"), seed=3)
    layout = Table(session).view["layout"]

    tableau = next(g for g in _groups(layout) if g["title"] == "Tableau")
    assert {"pool face up", "pool face down 1", "pool face down 2", "nest egg"} <= {p["zone"] for p in _piles(tableau)}
    assert "Other" not in [g["title"] for g in _groups(layout)]
