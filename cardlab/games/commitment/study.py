"""Commitment in a study (``cardlab.study``): whether the player who started round 1 wins or
loses the game, and whether each round's starter takes more of that round's VP. See
cardlab/studies/facts.py."""

from __future__ import annotations

from collections.abc import Iterator

from ...engine import Fact

PER_ROUND = "rounds in which one player took more VP"

FACTS = {
    "starter_wins": Fact("the player who started round 1 wins", "games"),
    "starter_loses": Fact("the player who started round 1 loses", "games"),
    "round_starter_ahead": Fact("a round's starter takes more of its VP", PER_ROUND),
}


def facts(game, record) -> Iterator[tuple[str, bool]]:  # type: ignore[no-untyped-def]
    """The game's result for its first player, then each round's VP for the round's starter (the
    player to move when the round begins)."""
    first = record.states[0].first
    winners = game.score(record.final).winners
    yield "starter_wins", winners == (first,)
    yield "starter_loses", winners == (1 - first,)
    starters: dict[int, int] = {}
    for state in record.states:
        if state.round not in starters and state.turn is not None:
            starters[state.round] = state.turn
    for round_ in game.rounds(record.final):
        vp = round_.changes(2)
        if round_.number in starters and vp[0] != vp[1]:
            starter = starters[round_.number]
            yield "round_starter_ahead", vp[starter] > vp[1 - starter]
