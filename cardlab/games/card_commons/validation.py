"""Which Card Commons states the rules allow: every card once, and the counts and placements
each phase allows (``CardCommons.validate``, for a state read from its text form or JSON, or
edited by hand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...cards import Card, cards_text
from ...engine import Zone, check_cards_once, validate_seed
from ...errors import StateError
from .moves import DECK, WILDS, answers
from .state import PHASES, SIDE_LIMIT, CommonsState

__all__ = ["validate", "claimants", "turns_played"]


class CommonsRules(Protocol):
    """What the checks ask of the game (``rules.CardCommons``): its players, the shape of its
    rounds and the points of the round on the table."""

    @property
    def player_names(self) -> tuple[str, ...]: ...

    @property
    def last_round(self) -> int: ...

    def layout(self, round_: int) -> tuple[int, int]: ...

    def multiplier(self, round_: int) -> int: ...

    def first_claimant(self, round_: int) -> int: ...

    def round_points(self, s: CommonsState, nest_egg: Card | None = None) -> tuple[int, int]: ...

    def zones(self, s: CommonsState) -> list[Zone]: ...

    def _check_options(self, state: CommonsState) -> None: ...


def validate(game: CommonsRules, s: CommonsState) -> None:
    """Every card once, and the counts and placements the rules allow in ``s.phase``."""
    names = game.player_names
    game._check_options(s)
    validate_seed(s.seed)
    if s.round < 1:
        raise StateError("round", "rounds are numbered from 1")
    if len(s.rounds) != s.round - 1:
        raise StateError("rounds", f"round {s.round} follows {s.round - 1} scored round(s); {len(s.rounds)} are given")
    if any(p < 0 for r in s.rounds for p in r):
        raise StateError("rounds", "a round's points can't be negative")
    for number, points in enumerate(s.rounds, start=1):
        times = game.multiplier(number)
        most = SIDE_LIMIT * times
        if max(points) > most:
            raise StateError(
                "rounds",
                f"round {number} scores at most {most} points for a player ({SIDE_LIMIT} cards "
                f"of the Commission's colour × {times}), not {max(points)}",
            )
        if any(p % times for p in points):
            raise StateError(
                "rounds",
                f"round {number} is scored ×{times}, so its points are a whole number of cards × {times}; "
                f"{points[0]}-{points[1]} is not (commons.score.multiplier)",
            )
    if s.phase not in PHASES:
        raise StateError("phase", f"expected one of {', '.join(PHASES)}, got {s.phase!r}")
    if s.claimant not in (0, 1) or s.traded not in (0, 1, 2):
        raise StateError("claimant" if s.claimant not in (0, 1) else "traded", "out of range")
    check_cards_once(game.zones(s), DECK)
    _validate_rounds(game, s)
    up, down = game.layout(s.round)
    if len(s.pool_down) != down:
        raise StateError("pool down", f"round {s.round} has {down} face-down pool card(s), not {len(s.pool_down)}")
    if len(s.pool_up) < up:
        raise StateError(
            "pool up", f"round {s.round} starts with {up} face-up pool card(s); only {len(s.pool_up)} are there"
        )
    for p in (0, 1):
        commission = s.commissions[p]
        if commission is not None and commission in WILDS:
            raise StateError(f"{names[p]} commission", f"{commission.code} is a Wild, and a Wild can't be a Commission")
    if len(s.sides[0]) != len(s.sides[1]):
        raise StateError(
            f"{names[len(s.sides[1]) > len(s.sides[0])]} side",
            f"both sides of the tableau grow together, one card each per turn; "
            f"A has {len(s.sides[0])} and B has {len(s.sides[1])}",
        )
    if s.traded and s.phase != "claim":
        raise StateError("traded", "trades are made before the Claim; outside the claim phase it must be 'none'")
    _validate_phase(game, s)
    _validate_claimant(game, s)
    _validate_tableau_pairs(game, s)


def _validate_rounds(game: CommonsRules, s: CommonsState) -> None:
    """Extra rounds are played only while the totals are tied (commons.extra-round)."""
    totals = [0, 0]
    for number, points in enumerate(s.rounds, start=1):
        totals = [totals[0] + points[0], totals[1] + points[1]]
        if number >= game.last_round and totals[0] != totals[1]:
            raise StateError(
                "rounds",
                f"after round {number} the totals are {totals[0]}-{totals[1]}: the game "
                f"was over, so there is no round {s.round}",
            )


def _validate_phase(game: CommonsRules, s: CommonsState) -> None:
    """The counts and placements of ``s.phase`` (one check per phase)."""
    names = game.player_names
    if s.phase != "commission" and None in s.commissions:
        missing = names[s.commissions.index(None)]
        raise StateError(f"{missing} commission", "missing: after the commission phase both players have a Commission")
    _PHASE_CHECKS[s.phase](game, s)


def _validate_commission(game: CommonsRules, s: CommonsState) -> None:
    names = game.player_names
    first = game.first_claimant(s.round)
    if s.sides[0] or s.sides[1] or s.claim is not None or len(s.pool_up) != game.layout(s.round)[0]:
        raise StateError("phase", "in the commission phase no card has been played yet")
    if s.claimant != first:
        raise StateError("claimant", f"the first Claimant of round {s.round} is {names[first]}")
    if s.commissions[first] is None and s.commissions[1 - first] is not None:
        raise StateError(
            f"{names[1 - first]} commission", f"{names[first]}, the first Claimant, chooses a Commission first"
        )
    if None not in s.commissions:
        raise StateError("phase", "both Commissions are chosen: the phase is 'claim'")
    for p in (0, 1):
        want = 7 - (s.commissions[p] is not None)
        if len(s.hands[p]) != want:
            raise StateError(
                f"{names[p]} hand", f"holds {len(s.hands[p])} cards; it should hold {want} in the commission phase"
            )


def _validate_round_end(game: CommonsRules, s: CommonsState) -> None:
    """round-end and game-over: both hands empty, the Nest Egg swapped, the game over exactly when decided."""
    phase = s.phase
    if s.hands != ((), ()) or s.claim is not None:
        raise StateError("phase", f"the {phase} phase comes when both hands are empty and no Claim is waiting")
    if s.nest_egg in WILDS and not s.peek and any(c not in WILDS for c in s.pool_down):
        raise StateError(
            "nest egg",
            "a Wild Nest Egg is swapped with a face-down pool card at the end of the round "
            "(commons.wild-nest-egg.swap); put that card here instead",
        )
    totals = [sum(x[p] for x in s.rounds) + game.round_points(s)[p] for p in (0, 1)]
    decided = s.round >= game.last_round and totals[0] != totals[1]
    if decided and phase == "round-end":
        raise StateError(
            "phase", f"after round {s.round} the totals are {totals[0]}-{totals[1]}: the phase is 'game-over'"
        )
    if not decided and phase == "game-over":
        why = "it is tied" if totals[0] == totals[1] else f"round {s.round} is not the last"
        raise StateError("phase", f"the game is not over ({why}): the phase is 'round-end'")


def _validate_claim(game: CommonsRules, s: CommonsState) -> None:
    held = (len(s.hands[0]), len(s.hands[1]))
    if s.claim is not None:
        raise StateError(
            "claim", "a Claim waits for an answer only after it is played: the phase is 'defend' or 'discard'"
        )
    if held[0] != held[1] or held[0] == 0:
        raise StateError(
            "hands",
            f"at the start of a turn both hands hold the same number of cards (at least 1); "
            f"A holds {held[0]} and B {held[1]}",
        )


def _validate_answering(game: CommonsRules, s: CommonsState) -> None:
    """defend, discard and answer: a Claim waits, and who can answer it decides the phase."""
    names = game.player_names
    phase, claimant = s.phase, s.claimant
    respondent = 1 - claimant
    if s.claim is None:
        raise StateError("claim", f"the {phase} phase needs the Claim that is waiting for an answer")
    # the Claimant has played her Claim; in 'answer' the Respondent has also discarded one card
    want = len(s.hands[respondent]) if phase == "answer" else len(s.hands[respondent]) - 1
    if len(s.hands[claimant]) != want:
        raise StateError(
            f"{names[claimant]} hand",
            f"holds {len(s.hands[claimant])} cards; in the {phase} phase it should hold {want}",
        )
    can = bool(answers(s.hands[respondent], s.claim))
    claim, other = s.claim.code, names[respondent]
    if phase == "defend" and not can:
        raise StateError("phase", f"{other} can't answer the Claim {claim}: the phase is 'discard'")
    if phase == "discard" and can:
        raise StateError("phase", f"{other} can answer the Claim {claim} and must defend: the phase is 'defend'")
    if phase == "answer" and not answers(s.hands[claimant], s.claim):
        raise StateError("phase", f"{names[claimant]} can't answer their own Claim {claim}: it would be discarded")
    if phase == "answer" and can:
        raise StateError(
            "phase",
            f"{other} can answer the Claim {claim} and had to defend: the phase is 'defend' "
            f"(a Claimant answers their own Claim only when {other} could not)",
        )


def _validate_discard2(game: CommonsRules, s: CommonsState) -> None:
    """discard2: the Claimant has answered her own Claim; the Respondent owes a second discard."""
    names = game.player_names
    claimant, respondent = s.claimant, 1 - s.claimant
    if s.claim is not None:
        raise StateError("claim", "in the discard2 phase the Claim is already on the Claimant's side")
    if len(s.hands[respondent]) != len(s.hands[claimant]) + 1:
        raise StateError(
            f"{names[respondent]} hand",
            f"holds {len(s.hands[respondent])} cards; before the second "
            f"discard it should hold {len(s.hands[claimant]) + 1}",
        )
    claim = s.sides[claimant][-1] if s.sides[claimant] else None
    if claim is None:
        raise StateError(f"{names[claimant]} side", "in the discard2 phase the Claim lies last on the Claimant's side")
    if answers(s.hands[respondent], claim):
        raise StateError(
            f"{names[respondent]} hand",
            f"holds {cards_text(answers(s.hands[respondent], claim))}, "
            f"which answers the Claim {claim.code} (the last card of "
            f"{names[claimant]}'s side): {names[respondent]} would have "
            f"defended, so there is no second discard",
        )


def _validate_tableau_pairs(game: CommonsRules, s: CommonsState) -> None:
    """A turn that puts cards on the tableau puts a Claim on one side and its answer, of the same
    value or a Wild (or anything, when the Claim is a Wild), on the other (commons.defense,
    commons.no-defense.self-answer): the two sides' cards of each turn are such a pair."""
    names = game.player_names
    for number, (a, b) in enumerate(zip(*s.sides), start=1):
        if a.rank != b.rank and a not in WILDS and b not in WILDS:
            raise StateError(
                f"{names[1]} side",
                f"card {number} of each side was played in one turn, a Claim and its answer: "
                f"{a.code} ({names[0]}'s) and {b.code} ({names[1]}'s) are of different values and neither is a Wild",
            )


def turns_played(game: CommonsRules, s: CommonsState) -> range:
    """How many turns of the round on the table can have been played before the one under way
    (all of them, once the round is over), worked out from the cards: a turn with a Defense or an
    answered No Defense puts one card on each side, and a No Defense turn puts two cards face up
    in the pool (two discards, or a discard and the discarded Claim). Only a No Defense turn
    whose Claim was discarded adds nothing to the sides, so the count is exact unless some No
    Defense turns and some sided turns were both played."""
    if s.phase == "commission":
        return range(0, 1)
    midway = s.phase in ("answer", "discard2")  # the turn under way put its first discard in the pool
    sided = len(s.sides[0]) - (s.phase == "discard2")  # and in discard2 its cards on the sides
    no_defense = max(0, len(s.pool_up) - game.layout(s.round)[0] - midway) // 2
    return range(sided + no_defense - min(sided, no_defense), sided + no_defense + 1)


def claimants(game: CommonsRules, s: CommonsState) -> list[int]:
    """The Claimants ``s`` can have (one, or both when the turns played are not known exactly):
    the roles switch every turn from the round's first Claimant (commons.turn), and at the
    round's end the Claimant is the last turn's."""
    first = game.first_claimant(s.round)
    over = s.phase in ("round-end", "game-over")
    return sorted({(first + t - over) % 2 for t in turns_played(game, s)})


def _validate_claimant(game: CommonsRules, s: CommonsState) -> None:
    """commons.turn: the Claimant follows from the round's first Claimant and the turns played."""
    if s.claimant in claimants(game, s):
        return
    names = game.player_names
    (played,) = turns_played(game, s)  # a count that left either Claimant possible would fit
    whose = "the last turn" if s.phase in ("round-end", "game-over") else "this turn"
    raise StateError(
        "claimant",
        f"round {s.round} starts with {names[game.first_claimant(s.round)]} as Claimant and the roles switch "
        f"every turn; with {len(s.sides[0])} card(s) on each side and {len(s.pool_up)} face up in the pool, "
        f"{played} turn(s) were played, so {whose} is {names[1 - s.claimant]}'s (commons.turn)",
    )


#: The checks of each phase (``_validate_phase``).
_PHASE_CHECKS: dict[str, Callable[[CommonsRules, CommonsState], None]] = {
    "commission": _validate_commission,
    "claim": _validate_claim,
    "defend": _validate_answering,
    "discard": _validate_answering,
    "answer": _validate_answering,
    "discard2": _validate_discard2,
    "round-end": _validate_round_end,
    "game-over": _validate_round_end,
}
