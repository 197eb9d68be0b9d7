"""Hints: the moves of a position ranked for a learner, with their unit, and why the best is best.

    >>> advice = cardlab.hint(game, state, player=0, playouts=1000, seed=1)
    >>> advice.best.move        # the move to play
    >>> advice.reason           # one sentence: why it is best
    >>> print(advice)           # the ranked view as text; in a notebook, a small table

The estimate comes from the search player's playouts (:mod:`cardlab.bots.search`), made from
the player's own view only: a hint never uses a card the player may not see.

**The ranked view.** The search shares its playouts among the moves by sequential halving, so
the moves it kept to the end were played on the most deals (every one of them on the same
deals), and the others were *set aside* earlier, on fewer deals. A hint lists the moves kept to
the end first, by their average (a tie goes to the rule of thumb's move), then the moves set
aside, those that lasted longest first. Every value is said with its unit
(:class:`cardlab.strategy.Unit`) and the range it likely lies in (its 95% interval); the view
shows the first :data:`SHOWN` moves and sums up the rest, which :attr:`Hint.moves` holds too.
"""

from __future__ import annotations

import html
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..cards import HIDDEN, pretty
from ..engine import Game
from ..engine.words import without_figures
from ..strategy import Choice, Unit, signed, strategy_of
from .search import MoveValue, _halving, playout_policy

__all__ = ["hint", "hint_steps", "Hint", "RankedMove", "SHOWN"]

#: How many moves a hint's ranked view lists before it sums up the rest.
SHOWN = 5
#: Averages closer than this are level (they print the same to two decimals).
LEVEL = 0.005
#: The ranked view's heading above the moves set aside.
SET_ASIDE = "Set aside earlier, on fewer playouts (rougher values)"


@dataclass(frozen=True, slots=True)
class RankedMove:
    """One row of a hint's ranked view, every number said with its unit.

    ``text`` is the move in the learner's notation, cards with their suit symbols; ``average``
    its value ("+0.45 points"); ``likely`` the range its value likely lies in ("+0.08 to
    +0.82", the 95% interval, in the unit of ``average``); ``note`` says what sets the row apart ("best", "the rule of
    thumb's pick, kept to compare", "set aside after 16 playouts").
    """

    place: int
    value: MoveValue
    text: str
    average: str
    likely: str
    note: str
    set_aside: bool


@dataclass(frozen=True, slots=True)
class Hint:
    """The moves of one position ranked for one player: ``moves[0]`` is the best.

    ``moves`` is in the order of the ranked view (see the module's documentation); ``unit``
    says what the values measure, for this player; ``reason`` is one sentence on why the best
    move is best; ``rule_of_thumb`` is the rule of thumb's move and its reason (None for a game
    without one), and :attr:`comparison` weighs it against the best move. ``playouts`` is the
    number of playouts made in all; ``seconds`` how long they took. ``reason`` is in words a
    learner weighs ("rarely", "about one time in three"); ``figures``, when given, is the same
    reason with its figures, shown under Details. ``settled`` is true for a hint whose playouts
    stopped early, its best move clearly ahead (``playouts`` then counts fewer than the budget).
    """

    game: str
    player: str
    moves: tuple[MoveValue, ...]
    unit: Unit
    reason: str
    playouts: int
    seconds: float
    rule_of_thumb: Choice | None = None
    complete: bool = True
    words: tuple[tuple[str, str], ...] = ()
    figures: str = ""
    settled: bool = False

    def say(self, move: Any) -> str:
        """``move`` in the game's words (``Game.move_words``), as the hint names it."""
        return dict(self.words).get(str(move)) or pretty(str(move))

    @property
    def details(self) -> str:
        """The figures behind the hint, as text: whose hint and what the values measure, the
        ranked moves with their averages, likely ranges and playouts, the rest summed up, what
        the playouts found and the rule of thumb weighed against the best move. ``str(hint)``
        shows it under "Details", below :attr:`reason`."""
        rows = self.shown
        width = max(len(r.text) for r in rows)
        amount = max(len(r.average) for r in rows)
        between = max(len(self.range_heading), *(len(r.likely) for r in rows))
        lines = [
            self.heading,
            f"  {'#':>2}  {'move':<{width}}  {'average':<{amount}}  {self.range_heading:<{between}}  playouts",
        ]
        first_aside = _first_set_aside(rows)
        for i, r in enumerate(rows):
            if i == first_aside:
                lines.append(f"  {SET_ASIDE}:")
            note = f"  {r.note}" if r.note else ""
            lines.append(
                f"  {r.place:>2}. {r.text:<{width}}  {r.average:<{amount}}  {r.likely:<{between}}  "
                f"{r.value.playouts:>8}{note}"
            )
        if self.summary:
            lines.append(f"  {self.summary}")
        lines += [line for line in (self.reason_figures, self.finding, self.comparison, self.progress) if line]
        return "\n".join(lines)

    @property
    def reason_figures(self) -> str:
        """The reason with its figures ("In figures: … rarely (8%) …"), for the details; "" when
        the reason has none."""
        return f"In figures: {self.figures}" if self.figures and self.figures != self.reason else ""

    @property
    def finding(self) -> str:
        """What the playouts found for the best move, in figures: its average and its gap to the
        next move, or that the two come out level ("" with one legal move)."""
        return _finding(self.moves, self.unit, self.say)

    @property
    def progress(self) -> str:
        """ "" for a hint of the whole budget; for a first ranking, that more playouts are to come;
        for a hint that stopped early, why."""
        if not self.complete:
            return "A first ranking: more playouts are still to come."
        if self.settled:
            return "The playouts stopped early, since the best move was clearly ahead of every move kept to the end."
        return ""

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    @property
    def ranking(self) -> list[RankedMove]:
        """Every move as a row of the ranked view, best first."""
        final = self.best.playouts  # every move kept to the end was played on as many deals as the best
        rows = []
        for place, m in enumerate(self.moves, 1):
            set_aside = m.playouts < final
            notes = ["best"] if place == 1 else []
            if self.rule_of_thumb is not None and m.move == self.rule_of_thumb.move:
                notes.append(
                    "the rule of thumb's pick too" if place == 1 else "the rule of thumb's pick, kept to compare"
                )
            if set_aside:
                notes.append(f"set aside after {_count(m.playouts, 'playout')}")
            rows.append(
                RankedMove(place, m, self.say(m.move), self.unit.amount(m.mean), likely(m), "; ".join(notes), set_aside)
            )
        return rows

    @property
    def shown(self) -> list[RankedMove]:
        """The rows the ranked view lists: the first :data:`SHOWN`, and the rule of thumb's move
        wherever it stands."""
        rows = self.ranking
        thumb = self.rule_of_thumb.move if self.rule_of_thumb is not None else None
        return [r for r in rows if r.place <= SHOWN or r.value.move == thumb]

    @property
    def summary(self) -> str:
        """The moves the ranked view leaves out, in one sentence ("" when it lists them all)."""
        shown = {r.place for r in self.shown}
        rest = [r for r in self.ranking if r.place not in shown]
        if not rest:
            return ""
        counts = sorted({r.value.playouts for r in rest})
        span = _count(counts[0], "playout") if len(counts) == 1 else f"{counts[0]} to {counts[-1]} playouts"
        if all(r.set_aside for r in rest):
            return (
                f"{_count(len(rest), 'other move')}, set aside after {span}, when "
                f"{'it' if len(rest) == 1 else 'each'} trailed the leading moves on the same deals."
            )
        return f"{_count(len(rest), 'other move')}, ranked lower."

    @property
    def heading(self) -> str:
        """Whose hint, from how many playouts, and what the values measure."""
        return (
            f"Hint for {self.player} ({self.game}): {_count(self.playouts, 'playout')} of deals that fit what "
            f"{self.player} sees. Each value is the average of {self.unit.measure}."
        )

    @property
    def comparison(self) -> str:
        """The rule of thumb weighed against the best move, in short sentences ("" for a game
        without one)."""
        thumb = self.rule_of_thumb
        if thumb is None:
            return ""
        best = self.best
        if thumb.move == best.move:
            return f"The rule of thumb would also {self.say(best.move)}."
        other = next(m for m in self.moves if m.move == thumb.move)
        # one idea a sentence: the other move, its reason, then what searching ahead found
        text = f"The rule of thumb would rather {self.say(other.move)}. Its reason: {pretty(thumb.reason)}. "
        gap = best.mean - other.mean
        if gap < LEVEL:
            return text + f"Searching ahead, the two come out level, {self.unit.amount(best.mean)} each."
        text += f"Searching ahead, {self.say(best.move)} does better by {gap:.2f} {self.unit.name} on average."
        if gap < _noise(best, other):
            text += " That gap is within the uncertainty of the playouts."
        return text

    @property
    def range_heading(self) -> str:
        """The heading of the column of likely ranges, with the unit."""
        return f"likely range ({self.unit.name}, 95%)"

    def _html_table(self, rows: list[RankedMove]) -> str:
        def cells(tag: str, *texts: object, right: tuple[int, ...] = (0, 2, 4)) -> str:
            """A row's cells: numbers to the right; the move, average and range on one line."""
            return "".join(
                f"<{tag} style='padding:0.1em 0.6em;text-align:{'right' if i in right else 'left'}"
                f"{';white-space:nowrap' if i in (1, 2, 3) else ''}'>{html.escape(str(t))}</{tag}>"
                for i, t in enumerate(texts)
            )

        body = []
        first_aside = _first_set_aside(rows)
        for i, r in enumerate(rows):
            if i == first_aside:
                body.append(
                    "<tr class='cardlab-hint-aside'><th colspan='6' scope='rowgroup' style='padding:0.3em "
                    f"0.6em 0.1em;text-align:left;font-weight:normal;font-style:italic'>{SET_ASIDE}</th></tr>"
                )
            body.append(f"<tr>{cells('td', f'{r.place}.', r.text, r.average, r.likely, r.value.playouts, r.note)}</tr>")
        head = cells("th", "#", "move", "average", self.range_heading, "playouts", "")
        return (
            f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}"
            "</tbody></table>"
        )

    def __str__(self) -> str:
        return f"Why: {self.reason}\nDetails\n{self.details}"

    def __repr__(self) -> str:
        return (
            f"<Hint for {self.player}: best {self.best.move} ({self.unit.amount(self.best.mean)}), "
            f"{len(self.moves)} moves>"
        )

    def _repr_html_(self) -> str:
        esc = html.escape
        shown = self.shown
        more = ""
        if self.summary:
            more = (
                f"<p>{esc(self.summary)}</p><details><summary>All {len(self.moves)} moves</summary>"
                f"{self._html_table(self.ranking)}</details>"
            )
        notes = "".join(
            f"<p>{esc(line)}</p>"
            for line in (self.reason_figures, self.finding, self.comparison, self.progress)
            if line
        )
        return (
            f"<div class='cardlab-static-hint'><p><b>Why:</b> {esc(self.reason)}</p>"
            f"<details class='cardlab-hint-details'><summary>Details</summary>"
            f"<p><b>Hint for {esc(self.player)}</b> ({esc(self.game)}): "
            f"{_count(self.playouts, 'playout')} of deals that fit what {esc(self.player)} sees. Each value is "
            f"the average of <b>{esc(self.unit.measure)}</b>.</p>{self._html_table(shown)}{more}{notes}"
            f"</details></div>"
        )


def likely(value: MoveValue) -> str:
    """The range ``value`` likely lies in, in words: its 95% interval."""
    if value.playouts < 2 or not math.isfinite(value.stderr):
        return "too few playouts to say"
    low, high = value.interval
    if signed(low) == signed(high):
        return "no spread: every playout came out the same"
    return f"{signed(low)} to {signed(high)}"


def _first_set_aside(rows: list[RankedMove]) -> int:
    return next((i for i, r in enumerate(rows) if r.set_aside), -1)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _noise(a: MoveValue, b: MoveValue) -> float:
    """The gap between two averages that the playouts' noise could make (95%, as if independent)."""
    if not (math.isfinite(a.stderr) and math.isfinite(b.stderr)):
        return math.inf
    return 1.96 * math.hypot(a.stderr, b.stderr)


def hint(
    game: Game,
    state: Any,
    player: int | None = None,
    playouts: int = 1000,
    seed: int | str = 0,
    policy: str = "heuristic",
    progress: Callable[[Hint], Any] | None = None,
    *,
    stop_early: bool = True,
) -> Hint:
    """Rank every legal move of ``player`` (the player to move) in ``state``.

    ``state`` may be the full state or the player's own view: only the view is used (another
    player's view, which hides the player's own cards, is refused with a ValueError). About
    ``playouts`` playouts are shared among the moves (more to the better ones); ``seed`` makes
    the hint reproducible; ``policy`` plays the playouts ("heuristic", the game's heuristic
    where it has one, or "random"). ``progress``, if given, is called with each earlier ranking
    of :func:`hint_steps` (the first after one playout per move); the hint returned is the same
    with or without it. With ``stop_early`` (the default), the playouts stop before the budget
    is spent once the best move is settled (docs/performance.md, "Hints"); ``playouts`` then
    says how many were made.
    """
    steps = hint_steps(game, state, player, playouts, seed, policy, first=progress is not None, stop_early=stop_early)
    result = next(steps)
    for later in steps:
        if progress is not None:
            progress(result)
        result = later
    return result


def hint_steps(
    game: Game,
    state: Any,
    player: int | None = None,
    playouts: int = 1000,
    seed: int | str = 0,
    policy: str = "heuristic",
    first: bool = True,
    *,
    stop_early: bool = True,
) -> Iterator[Hint]:
    """:func:`hint`, anytime: successive hints of one position, each from more playouts than
    the one before. The first (with ``first``) ranks every move after one playout each, within
    a tenth of a second in the positions of ``benchmarks/hint.py``; the others follow each
    round of the halving; the last, the only one with ``complete`` true, is :func:`hint`'s
    hint with the same arguments (with ``stop_early``, the one where the best move is settled,
    which may come before the budget is spent). Every hint has its reason and details, so a table can show
    each as it comes."""
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
        raise ValueError(
            f"this state hides cards of {names[player]}'s own (it is another player's view): a hint "
            f"for {names[player]}, the player to move, needs the full state or {names[player]}'s view"
        )
    strategy = strategy_of(game)
    start = time.perf_counter()
    thumb = strategy.rule_of_thumb(game, view, random.Random(f"{seed}:reason"))
    moves = game.legal_moves(view)
    unit = strategy.unit.said_to(tuple(names), player)
    words = tuple((str(m), game.move_words(view, m)) for m in moves)
    reasons: dict[str, str] = {}
    steps = _halving(
        game,
        view,
        moves,
        playouts=playouts,
        seed=seed,
        policy=playout_policy(policy, game),
        keep=None if thumb is None else thumb.move,
        first=first and len(moves) > 1,
        stop_early=stop_early,
    )
    for evaluation in steps:  # each hint is made before the search goes on: its values grow
        ranked = evaluation.ranked()
        order = _learner_order(ranked, thumb)
        best = order[0].move
        if str(best) not in reasons:
            reasons[str(best)] = _reason(game, view, player, order, strategy)
        yield Hint(
            game.title,
            names[player],
            order,
            unit,
            without_figures(reasons[str(best)]),
            sum(m.playouts for m in ranked),
            time.perf_counter() - start,
            thumb,
            evaluation.final,
            words,
            reasons[str(best)],
            evaluation.settled,
        )


def _learner_order(ranked: list[MoveValue], thumb: Choice | None) -> tuple[MoveValue, ...]:
    """The search's moves as a learner reads a ranking: the moves kept to the end by their
    average (a tie goes to the rule of thumb's move), then those set aside, the ones that
    lasted longest first (as the search leaves them)."""
    final = max(m.playouts for m in ranked)  # the moves kept to the end were played on the most deals
    kept = [m for m in ranked if m.playouts == final]
    aside = [m for m in ranked if m.playouts < final]
    preferred = thumb.move if thumb is not None else None
    kept.sort(key=lambda m: (-m.mean, m.move != preferred))
    return tuple(kept + aside)


def _reason(game: Game, view: Any, player: int, moves: tuple[MoveValue, ...], strategy: Any) -> str:
    """Why the best move is good, in one sentence of the game's words: the game's
    ``Strategy.explain`` of it."""
    best = moves[0].move
    if len(moves) == 1:
        return _sentence(f"{game.move_words(view, best)} is the only move you can make.")
    text = strategy.explain(game, view, player, best).strip()
    return _sentence(text if text.endswith(".") else text + ".")


def _finding(moves: tuple[MoveValue, ...], unit: Unit, say: Callable[[Any], str]) -> str:
    """What the playouts found for the best move, in figures ("" with one legal move)."""
    if len(moves) == 1:
        return ""
    best, second = moves[0], moves[1]
    move, other = say(best.move), say(second.move)
    gap = best.mean - second.mean
    if gap < LEVEL:
        return (
            f"The two best moves come out level, {unit.amount(best.mean)} each on average on the same deals. "
            f"One is to {move}. The other is to {other}. As far as the playouts can tell, either is as good."
        )
    text = _sentence(f"{move} does best over the playouts, {unit.amount(best.mean)} on average.")
    text += f" That is {gap:.2f} more than {other} on the same deals."
    if gap < _noise(best, second):
        text += " That gap is within the uncertainty of the playouts."
    return text


def _sentence(text: str) -> str:
    """``text`` with a capital letter first."""
    return text[:1].upper() + text[1:]
