"""Hints: every legal move with its estimated value, best first, and why the best is best.

    >>> hint = cardlab.hint(game, state, player=0, playouts=1000, seed=1)
    >>> hint.best.move          # the move to play
    >>> print(hint)             # the ranking as text; in a notebook, a table

The estimate comes from the search player's playouts (:mod:`cardlab.bots.search`), made from
the player's own view only: a hint never uses a card the player may not see.
"""

from __future__ import annotations

import html
import random
import time
from dataclasses import dataclass
from typing import Any

from ..cards import HIDDEN
from ..engine import Game
from ..strategy import Choice, strategy_of
from .search import MoveValue, evaluate_moves, playout_policy

__all__ = ["hint", "Hint"]


@dataclass(frozen=True, slots=True)
class Hint:
    """The moves of one position ranked for one player: ``moves[0]`` is the best.

    ``unit`` says what the values measure; ``reason`` is one line on the best move;
    ``playouts`` is the number of playouts actually made; ``seconds`` how long they took.
    """

    game: str
    player: str
    moves: tuple[MoveValue, ...]
    unit: str
    reason: str
    playouts: int
    seconds: float

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def _rows(self) -> list[tuple[str, str, str, str, str]]:
        rows = []
        for rank, m in enumerate(self.moves, 1):
            if m.playouts < 2:
                spread = "—"
            else:
                spread = f"±{1.96 * m.stderr:.2f}"
            rows.append((str(rank), str(m.move), f"{m.mean:+.2f}", spread, str(m.playouts)))
        return rows

    def __str__(self) -> str:
        rows = self._rows()
        width = max(len(r[1]) for r in rows)
        lines = [f"Hint for {self.player} ({self.game}): {self.playouts} playouts; value = {self.unit} "
                 f"(mean, 95% interval, playouts)"]
        lines += [f"  {r[0]:>2}. {r[1]:<{width}}  {r[2]:>7} {r[3]:>7}  ({r[4]})" for r in rows]
        lines.append(f"Best: {self.reason}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Hint for {self.player}: best {self.best.move} ({self.best.mean:+.2f}), {len(self.moves)} moves>"

    def _repr_html_(self) -> str:
        esc = html.escape
        body = "".join(
            f"<tr><td>{r[0]}</td><td><code>{esc(r[1])}</code></td><td style='text-align:right'>{r[2]}</td>"
            f"<td style='text-align:right'>{esc(r[3])}</td><td style='text-align:right'>{r[4]}</td></tr>"
            for r in self._rows())
        return (f"<div class='cardlab-static-hint'><b>Hint for {esc(self.player)}</b> — {self.playouts} playouts; "
                f"value: {esc(self.unit)}"
                f"<table><thead><tr><th>#</th><th>move</th><th>value</th><th>95%</th><th>playouts</th></tr>"
                f"</thead><tbody>{body}</tbody></table><div><b>Best:</b> {esc(self.reason)}</div></div>")


def hint(game: Game, state: Any, player: int | None = None, playouts: int = 1000, seed: int | str = 0,
         policy: str = "heuristic") -> Hint:
    """Rank every legal move of ``player`` (the player to move) in ``state``.

    ``state`` may be the full state or the player's own view: only the view is used (another
    player's view, which hides the player's own cards, is refused with a ValueError). About
    ``playouts`` playouts are shared among the moves (more to the better ones); ``seed`` makes
    the hint reproducible; ``policy`` plays the playouts ("heuristic", the game's heuristic
    where it has one, or "random").
    """
    mover = game.to_move(state)
    if mover is None:
        raise ValueError("the game is over: there is no move to hint")
    if player is None:
        player = mover
    if player != mover:
        names = game.player_names
        raise ValueError(f"it is {names[mover]}'s turn, not {names[player]}'s: a hint is for the player to move")
    view = game.view(state, player)
    names = game.player_names
    if any(c == HIDDEN for z in game.zones(view) if z.owner == player and z.visible_to(player) for c in z.cards):
        raise ValueError(f"this state hides cards of {names[player]}'s own (it is another player's view): a hint "
                         f"for {names[player]}, the player to move, needs the full state or {names[player]}'s view")
    strategy = strategy_of(game)
    start = time.perf_counter()
    thumb = strategy.rule_of_thumb(game, view, random.Random(f"{seed}:reason"))
    ranked = evaluate_moves(game, view, playouts=playouts, seed=seed, policy=playout_policy(policy, game),
                            keep=None if thumb is None else thumb.move)
    seconds = time.perf_counter() - start
    return Hint(game.title, game.player_names[player], tuple(ranked), strategy.unit,
                _reason(ranked, thumb), sum(m.playouts for m in ranked), seconds)


def _reason(ranked: list[MoveValue], thumb: Choice | None) -> str:
    best = ranked[0]
    if len(ranked) == 1:
        return f"{best.move} is the only legal move."
    second = ranked[1]
    text = f"{best.move} averages {best.mean:+.2f}, {best.mean - second.mean:.2f} more than {second.move}"
    if thumb is not None:
        if thumb.move == best.move:
            text += f"; the rule of thumb agrees: {thumb.reason}"
        else:
            value = next(m.mean for m in ranked if m.move == thumb.move)
            text += f"; the rule of thumb would play {thumb.move} ({value:+.2f}: {thumb.reason})"
    return text + "."
