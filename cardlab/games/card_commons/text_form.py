"""Card Commons' text form: a state written as short, editable lines, and read back.

``CommonsTextForm`` is a part of :class:`cardlab.games.card_commons.rules.CardCommons`: it reads
the game's ``player_names``, ``multiplier``, ``first_claimant``, ``layout`` and options, and what it reads
is checked by ``validation.py`` as every state is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...engine import HIDDEN_SEED, TextForm, format_cards, whole_number
from ...errors import StateError, quoted
from .state import PHASES, SIDE_LIMIT, CommonsState
from .validation import claimants

# Dealing a round directly (deal(round=...), or a text form with no 'rounds' line) takes the
# rounds before it as scoreless, up to this round; a later one is read with its scores given.
SCORELESS_ROUNDS_LIMIT = 100


class CommonsTextForm:
    """Card Commons' text form: a part of the game's class."""

    # what the text form reads of the game
    player_names: tuple[str, ...]
    multiplier: Callable[[int], int]
    first_claimant: Callable[[int], int]
    layout: Callable[[int], tuple[int, int]]
    _read_options: Callable[[TextForm], Any]

    _KEYS = (
        "variant",
        "seed",
        "round",
        "rounds",
        "phase",
        "claimant",
        "traded",
        "nest egg",
        "pool up",
        "pool down",
        "A hand",
        "A commission",
        "A side",
        "B hand",
        "B commission",
        "B side",
        "claim",
    )

    def to_text(self, s: CommonsState) -> str:
        names = self.player_names
        rounds = " ".join(f"{a}-{b}" for a, b in s.rounds) or "-"
        lines = [
            *s.options.lines(),
            *([f"seed: {s.seed}"] if s.seed != HIDDEN_SEED else []),  # a view's seed is hidden: no line
            f"round: {s.round}",
            f"rounds: {rounds}",
            f"phase: {s.phase}",
            f"claimant: {names[s.claimant]}",
            f"traded: {('none', 'pool', 'commission')[s.traded]}",
            f"nest egg: {s.nest_egg.code}",
            f"pool up: {format_cards(s.pool_up)}",
            f"pool down: {format_cards(s.pool_down)}",
        ]
        for p in (0, 1):
            commission = s.commissions[p]
            lines += [
                f"{names[p]} hand: {format_cards(s.hands[p])}",
                f"{names[p]} commission: {'-' if commission is None else commission.code}",
                f"{names[p]} side: {format_cards(s.sides[p])}",
            ]
        lines.append(f"claim: {'-' if s.claim is None else s.claim.code}")
        return "\n".join(lines)

    def _from_text(self, text: str) -> CommonsState:
        names = self.player_names
        form = TextForm(text, self._KEYS, "Card Commons")
        options = self._read_options(form)
        round_ = form.int("round", 1, lo=1)
        if round_ > SCORELESS_ROUNDS_LIMIT and not form.has("rounds"):
            # Without a 'rounds' line the rounds before this one are taken as scoreless.
            raise StateError(
                form.where("round"),
                f"expected a whole number from 1 to {SCORELESS_ROUNDS_LIMIT} when "
                f"no 'rounds' line gives the scores of the rounds before it; got "
                f"{round_}: give them, such as 'rounds: 0-0 0-0 0-0 0-0'",
            )
        rounds: list[tuple[int, int]] = []
        for token in form.text("rounds", " ".join(["0-0"] * (round_ - 1)) or "-").split():
            if token in ("-", "—"):
                continue
            parts = token.split("-")
            if len(parts) != 2:
                raise StateError(
                    form.where("rounds"), f"each round's points are written A-B, such as 3-0; got {quoted(token)}"
                )
            number = len(rounds) + 1
            a, b = (self._read_round_points(form.where("rounds"), number, p, part) for p, part in enumerate(parts))
            rounds.append((a, b))
        hands = (form.cards("A hand", "-"), form.cards("B hand", "-"))
        commissions = (form.card("A commission", "-", optional=True), form.card("B commission", "-", optional=True))
        claim = form.card("claim", "-", optional=True)
        if form.has("phase"):
            phase = form.choice("phase", PHASES)
        elif not hands[0] and not hands[1]:
            phase = "round-end"
        elif None in commissions:
            phase = "commission"
        else:
            phase = "defend" if claim is not None else "claim"
        state = CommonsState(
            options=options,
            seed=form.int("seed", 0),
            round=round_,
            rounds=tuple(rounds),
            phase=phase,
            claimant=form.player("claimant", names, names[self.first_claimant(round_)]),
            traded=("none", "pool", "commission").index(form.choice("traded", ("none", "pool", "commission"), "none")),
            nest_egg=form.card("nest egg"),
            pool_up=form.cards("pool up", "-"),
            pool_down=form.cards("pool down", "-"),
            hands=hands,
            commissions=commissions,
            sides=(form.cards("A side", "-"), form.cards("B side", "-")),
            claim=claim,
        )
        if not form.has("claimant"):
            # Left out, the Claimant is the one the turns played give, when they give one.
            fits = claimants(self, state)  # type: ignore[arg-type]
            if len(fits) == 1:
                state = replace(state, claimant=fits[0])
        return state

    def _read_round_points(self, where: str, number: int, player: int, text: str) -> int:
        names = self.player_names
        most = SIDE_LIMIT * self.multiplier(number)
        try:
            return whole_number(text, where, lo=0, hi=most)
        except StateError as err:
            raise StateError(
                where,
                f"{names[player]}'s points in round {number}: {err.reason} ({SIDE_LIMIT} cards "
                f"of the Commission's colour × {self.multiplier(number)})",
            ) from None
