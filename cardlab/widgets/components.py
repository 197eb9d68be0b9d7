"""The cardlab widgets: Hand, Tableau, ScoreBreakdown, Stepper, StateEditor, and Table.

Each is bound to a :class:`cardlab.Session` and a viewer (a player number, or None for the
teacher) and can be shown on its own; a :class:`Table` shows them all together for one
viewer, drawn by the same front-end renderers.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import sys
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Literal

from .. import bots
from ..bots import Hint
from ..engine import Game, Move, Round, Step, seed_is_guessable
from ..engine.words import listed
from ..errors import IllegalMove, NotationError
from ..session import Session
from . import picture
from .base import Refused, SessionWidget, required
from .viewmodel import JSON, Position, Viewer, move_cards, only_carrying_on, pretty, ranking, seen_move_words

#: A computer player: given the game and the view of the player to move, the move it makes.
Chooser = Callable[[Game, Any], "Move | str"]
#: A hint: given the game and the view of the player to move, a ranking
#: (:class:`cardlab.bots.Hint`), a move, or (move, why).
HintProvider = Callable[[Game, Any], "Hint | Move | str | tuple[Move | str, str]"]

#: ``hint=True``: cardlab's search hint with this many playouts at most (it stops early once
#: its best move is settled; timings in docs/performance.md) and a fixed seed, so a
#: position's hint is always the same.
HINT_PLAYOUTS = 1000
HINT_SEED = 0
#: The seed of a computer player chosen by name, so a game against it can be replayed.
OPPONENT_SEED = 0

#: The "play against" choices: nobody (people play every seat), cardlab's computer players
#: (:data:`cardlab.bots.PLAYERS`, weakest first), or the player the table was given.
PEOPLE, CUSTOM = "people", "custom"
CHOICE_TEXT = {
    PEOPLE: "people",
    "random": "computer, at random",
    "heuristic": "computer, rule of thumb",
    "search": "computer, searching",
    CUSTOM: "your computer player",
}
#: Who plays the other seats, said in a sentence (the message after a change).
CHOICE_SENTENCE = {
    PEOPLE: "people (on other tables, or from Python)",
    "random": "the computer, choosing at random",
    "heuristic": "the computer, by a rule of thumb",
    "search": "the computer, searching ahead (its strongest)",
    CUSTOM: "your computer player",
}


class GuessableDealWarning(UserWarning):
    """A player's table shows a game dealt from a seed that can be guessed (an explicit
    ``seed=``, or a stacked deck): whoever knows the seed knows every hidden card."""


def guessable_deal_warning(player: str) -> str:
    """What the Python warning says of a player's table dealt from a seed that can be guessed,
    in a teacher's words (it never names the seed: whoever runs the notebook may be a player)."""
    return (
        f"This table shows {player}'s cards only, but the game was dealt from a seed given in the code (an "
        "explicit seed= or a stacked deck). Such a deal can be repeated, so anyone who knows or finds the "
        "seed knows every hidden card. That is right for a lesson, not for a game between learners: for a "
        "real game, deal a fresh seed that cannot be guessed, cardlab.Session(game) with no seed."
    )


#: What such a table itself says, short enough for one line of a projected table.
GUESSABLE_DEAL_NOTICE = (
    "Dealt from a seed in the code: whoever knows it knows every hidden card "
    "(fine for a lesson, not for a game between learners)."
)


def search_hint(game: Game, view: Any, progress: Callable[[Hint], None] | None = None) -> Hint:
    """The hint of ``hint=True``: :func:`cardlab.bots.hint` on the mover's view. ``progress``
    is called with each first, rougher ranking before the hint is complete (the table shows
    the first at once and the complete one when it comes)."""
    hint = _search_hint_while(lambda: True, game, view, progress)
    assert hint is not None  # (always wanted, so never stopped)
    return hint


def _search_hint_while(
    wanted: Callable[[], bool], game: Game, view: Any, progress: Callable[[Hint], None] | None = None
) -> Hint | None:
    """:func:`search_hint`, stopped at its next ranking once ``wanted()`` is false (the table
    moved on), with None: the computer's thread is then free for the computer's move."""
    hint = None
    for hint in bots.hint_steps(game, view, playouts=HINT_PLAYOUTS, seed=HINT_SEED):
        if not wanted():
            return None
        if progress is not None and not hint.complete:
            progress(hint)
    return hint


def _chooser(opponent: str | Chooser | bots.Player | None) -> tuple[str, Chooser | None]:
    """The "play against" choice and the function that picks the computer's moves."""
    if opponent is None or opponent == PEOPLE:
        return PEOPLE, None
    if isinstance(opponent, str):
        return opponent, bots.make_player(opponent, seed=OPPONENT_SEED).choose  # names the players if unknown
    if isinstance(opponent, bots.Player):
        return CUSTOM, opponent.choose
    if hasattr(opponent, "action_probabilities"):  # an OpenSpiel policy (docs/research.md)
        from ..openspiel import policy_player

        return CUSTOM, policy_player(opponent).choose
    if callable(opponent):
        return CUSTOM, opponent
    raise TypeError(
        f"opponent is a player's name ({', '.join(bots.PLAYERS)}), a player, an OpenSpiel policy or "
        f"a function choose(game, view); got {opponent!r}"
    )


#: Where the computer players think at a table in a kernel: one thread beside the kernel's
#: event loop, which stays free to answer the learner's clicks meanwhile (Python lets the
#: loop in every few milliseconds); the move is then played on the loop.
_THINKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-computer")


def _think(think: Callable[..., Any], *args: Any) -> Any:
    """``think(*args)`` in the thinking thread, with the cyclic garbage collector paused: a
    search allocates fast enough to start a full collection every second or so, and in a
    kernel's large heap each one holds every thread, the event loop included, for tens of
    milliseconds. Cycles made meanwhile are collected once it is on again (if it was on)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return think(*args)
    finally:
        if collecting:
            gc.enable()


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop of a Jupyter kernel, if this code runs in one. Another running
    loop (a test driving a browser, say) is not a kernel's: the opponent then moves at once."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    shell = sys.modules.get("IPython")
    ip = shell.get_ipython() if shell is not None else None  # type: ignore[attr-defined]
    return loop if getattr(ip, "kernel", None) is not None else None


def _holding_the_lock(method: Callable[..., Any]) -> Callable[..., Any]:
    """A table's ``method``, run holding its session's lock: what it reads of the session and
    plays on it is one step, whatever other threads (other pages, a room's computer) do."""

    @functools.wraps(method)
    def run(self: Table, *args: Any) -> Any:
        with self.session.lock:
            return method(self, *args)

    return run


def _settled(game: Game, state: Any) -> int:
    """The number of the latest settled round of ``state`` (:meth:`cardlab.engine.Game.rounds`), 0 if none."""
    return max((r.number for r in game.rounds(state) if r.settled), default=0)


def _check_player(game: Game, player: Any, what: str) -> int:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < game.players:
        raise ValueError(f"{what} is a player number from 0 to {game.players - 1}; got {player!r}")
    return player


class Hand(SessionWidget):
    """One player's hand: face up for that player (and the teacher), face down for others.

    Cards with a legal move are highlighted; selecting one offers its moves. ``viewer``
    defaults to the hand's own player; ``Hand(session, 1, viewer=None)`` is the teacher's
    look at B's hand.
    """

    component = "hand"
    actions = frozenset({"play", "explain"})

    def __init__(
        self,
        session: Session,
        player: int,
        *,
        viewer: Viewer | Literal["player"] = "player",
        names: Sequence[str] | None = None,
        four_colour: bool = False,
        size: str = "normal",
    ) -> None:
        self._player = _check_player(session.game, player, "player")
        super().__init__(
            session,
            player if viewer == "player" else viewer,
            names=names,  # type: ignore[arg-type]
            four_colour=four_colour,
            size=size,
        )

    @property
    def player(self) -> int:
        return self._player

    def _parts(self, pos: Position) -> JSON:
        return {"layout": pos.hand_layout(self._player), "moves": pos.moves()}

    def _draw_picture(self, pos: Position) -> str:
        return picture.hand(self._player)(pos)

    def _describe(self) -> str:
        pile = self.view["layout"]["items"][0]
        count = len(pile["cards"])
        return f"{pile['title']}: {count} card{'' if count == 1 else 's'}"


class Tableau(SessionWidget):
    """The whole table, laid out for the game; clicking a card offers its legal moves."""

    component = "tableau"
    actions = frozenset({"play", "explain"})

    def _parts(self, pos: Position) -> JSON:
        return {"layout": pos.layout(), "moves": pos.moves()}


class ScoreBreakdown(SessionWidget):
    """The score with its reasons: line items, rule ids and the cards that count."""

    component = "breakdown"

    def _parts(self, pos: Position) -> JSON:
        return {"breakdown": pos.breakdown_json()}

    def _draw_picture(self, pos: Position) -> str:
        return picture.breakdown(pos)

    def _describe(self) -> str:
        bd = self.view["breakdown"]
        if "totals" not in bd:
            return "score hidden"
        return " ".join(f"{n} {t}" for n, t in zip(bd["players"], bd["totals"]))


class Stepper(SessionWidget):
    """The move log of the line on show, with the narration of the move on show; first /
    previous / next / last, a slider, and clicking a move shows the position after it.

    For the teacher (``viewer=None``) these move the session, so every widget bound to it
    follows. A move played from an earlier position (on any teacher's widget) starts a
    variation and keeps the main line: the stepper then says so ("Exploring a variation:
    move 6 differs from the main line"), marks the variation's moves, offers "Back to the
    main line" and "Keep this line" (``session.to_mainline()``, ``session.promote()``), and
    lists every line to choose from (``session.show_line(n)``).

    A player's stepper (``viewer`` a seat) steps on its own: looking back changes no other
    widget, and "Back to the game" returns to the session's position.
    """

    component = "stepper"
    shows_history = True
    steps = True

    def _parts(self, pos: Position) -> JSON:
        return {"narration": pos.narration()}

    def _draw_picture(self, pos: Position) -> str:
        return picture.log(pos)


class StateEditor(SessionWidget):
    """Change any card of the state on show, or edit its text form.

    A card is changed by swapping it with another card of the deck (every card of a game is
    always somewhere). Every edit goes through the game's validator; a refused edit shows
    the validator's message and changes nothing; an accepted one replaces the session's
    state (``session.replace``), so the log starts again from it. The editor shows every
    card, so it has no player viewer.
    """

    component = "editor"
    actions = frozenset({"swap", "edit_text", "undo_edit"})

    def __init__(
        self, session: Session, *, names: Sequence[str] | None = None, four_colour: bool = False, size: str = "normal"
    ) -> None:
        super().__init__(session, None, names=names, four_colour=four_colour, size=size)

    def _parts(self, pos: Position) -> JSON:
        return {"layout": pos.layout(), "editor": pos.editor()}

    def _draw_picture(self, pos: Position) -> str:
        return picture.text_form(pos)


class Table(SessionWidget):
    """A game's whole table for one viewer: the tableau with the hands, the moves, the score
    breakdown, the move log and stepper, and (for the teacher) the state editor.

    ``names``: the players' names, shown wherever the table names a player.
    ``opponent``: who plays every seat but the viewer's: the name of one of cardlab's computer
    players ("random", "heuristic", "search"), a player object, an OpenSpiel policy (a trained
    agent: ``cardlab.openspiel.policy_player`` plays it from its seat's view), or a function
    ``choose(game, view) -> move``; the table's "Play against" menu changes it. The computer
    moves when such a seat is to act at the main line's last position (never while the
    session shows an earlier position or a variation), ``opponent_delay`` seconds later so
    the move can be followed. It never plays a seat that a person holds: a player's table
    holds its own seat while it is open (:meth:`cardlab.Session.hold_seat`), so two learners'
    tables on one session never play for each other, and the menu says which seats are
    held (with every other seat held, it offers only "people").
    ``opponent_menu``: False leaves the "Play against" menu out, and the table refuses any
    change of opponent (a classroom's table, where the room decides who plays each seat).

    Who the table is for: ``viewer`` a seat is a player's table (that player's cards, moves on
    their turn); ``viewer=None`` is the teacher's table, which sees every card and moves the
    game (stepping, playing for whoever is to act, editing); ``viewer=None, spectator=True``
    is a spectator's table, which sees every card but never moves, edits, pauses the game or
    changes who plays: its stepping looks back on this table only, as a player's does, and
    at the game's latest position it follows the game as it goes on.

    Stepping and variations are as in :class:`Stepper`: the teacher's table moves the session
    and may play from any position (a variation, kept beside the main line); a player's table
    looks back on its own and moves only at the game's latest position.
    ``hint``: True for cardlab's search hint, or ``hint(game, view)`` returning a
    :class:`cardlab.bots.Hint`, a move, or ``(move, why)``; the table then shows a Hint button
    on the viewer's turn. The opponent and the hint get only the acting player's view.
    ``four_colour``, ``size``: the four-colour deck, and "normal" or "large" cards and text
    (both also on the table's header, as every widget takes them).

    In a game scored round by round (:meth:`cardlab.engine.Game.rounds`, such as Commerce's
    deals), a player's table stops on each round's showdown, whoever ended it: the hands
    revealed, best first, who won and why, and the round's payments stay on the table until
    the player presses Continue (the ``continue`` action); nobody moves meanwhile, the
    computer players included. A round that ended before the player's turn came says so, and
    how. The score is one row per round, its lines on demand.
    """

    component = "table"
    shows_history = True
    steps = True

    def __init__(
        self,
        session: Session,
        viewer: Viewer = None,
        *,
        spectator: bool = False,
        names: Sequence[str] | None = None,
        editor: bool | None = None,
        opponent: str | Chooser | bots.Player | None = None,
        opponent_menu: bool = True,
        hint: HintProvider | bool | None = None,
        opponent_delay: float = 0.8,
        four_colour: bool = False,
        size: str = "normal",
    ) -> None:
        if editor and viewer is not None:
            raise ValueError("the state editor shows every card: only the teacher's table (viewer=None) has one")
        if spectator and (editor or hint is not None):
            raise ValueError("a spectator's table only watches: it has no state editor and no hint")
        if not isinstance(opponent_menu, bool):
            raise TypeError(f"opponent_menu is True or False; got {opponent_menu!r}")
        if opponent is not None and viewer is None:
            raise ValueError("an opponent plays every seat but the viewer's: give the viewer (such as viewer=0)")
        if hint is not None and not isinstance(hint, bool) and not callable(hint):
            raise TypeError(f"hint is True (cardlab's search hint) or a function hint(game, view); got {hint!r}")
        self._editor = viewer is None and not spectator if editor is None else editor
        self._opponent_menu = opponent_menu and viewer is not None
        self._opponent_name, self._opponent = _chooser(opponent)
        self._custom = self._opponent if self._opponent_name == CUSTOM else None
        self._hint: HintProvider | None = search_hint if hint is True else hint or None
        self._opponent_delay = opponent_delay
        self._opponent_busy = False
        self._opponent_timer: asyncio.TimerHandle | None = None
        #: How many settled rounds this player has seen the showdown of (they were on the table
        #: when it was made, or the player went on from them).
        self._showdowns_seen = _settled(session.game, session.state) if isinstance(session, Session) else 0
        #: The round's end the player went on from (Continue): the computer may carry the game on.
        self._round_seen: Any = None
        #: While the computer thinks in a kernel: (its answer to come, the state it answers, its chooser).
        self._thinking: tuple[asyncio.Future[Any], Any, Chooser] | None = None
        #: While a hint is worked out in a kernel: (its answer to come, the state it answers).
        self._hinting: tuple[asyncio.Future[Any] | None, Any] | None = None
        self.actions = frozenset(
            {"play", "explain"}
            | ({"swap", "edit_text", "undo_edit"} if self._editor else set())
            | ({"hint"} if self._hint is not None else set())
            | ({"opponent"} if self._opponent_menu else set())
            | ({"continue"} if viewer is not None else set())
        )
        super().__init__(session, viewer, spectator=spectator, names=names, four_colour=four_colour, size=size)
        self._notice = self._guessable_deal_warning()
        self._consider_opponent()

    @property
    def opponent(self) -> str:
        """Who plays the other seats: "people", a computer player's name, or "custom"."""
        return self._opponent_name

    def _parts(self, pos: Position) -> JSON:
        parts = {
            "layout": pos.layout(),
            "moves": pos.moves(),
            "breakdown": pos.breakdown_json(),
            "narration": pos.narration(),
            "hint": self._hint is not None,
            "showdown": pos.showdown_json(),
        }
        if self._viewer is not None:
            parts["round_held"] = pos.showdown is None and self._round_held()  # a showdown has its own Continue
            if self._opponent_menu:
                parts["opponent"] = self._opponent_part()
            if self._thinking is not None:
                mover = pos.game.to_move(self._thinking[1])
                parts["thinking"] = f"{self._names[mover]} is thinking…"  # type: ignore[index]
        if self._hinting is not None:
            mover = pos.game.to_move(self._hinting[1])
            parts["hinting"] = f"Looking for a good move for {self._names[mover]}…"  # type: ignore[index]
        if self._editor:
            parts["editor"] = pos.editor()
        return parts

    def _draw_picture(self, pos: Position) -> str:
        return picture.table(pos)

    # -- the showdown of a round -----------------------------------------------------------------

    def position(self) -> Position:
        look = None if self._look is None else self._look[0]
        return Position(
            self._session, self._viewer, self._names, look, showdown=self._showdown(look), spectator=self._spectator
        )

    def _showdown(self, look: int | None = None) -> Round | None:
        """The settled round a player's table stops on: the latest, at the game's latest
        position, until the player goes on from it."""
        session = self._session
        if self._viewer is None or look is not None or not session.at_end:
            return None
        game = session.game
        settled = [r for r in game.rounds(game.view(session.state, self._viewer)) if r.settled]
        return settled[-1] if settled and settled[-1].number > self._showdowns_seen else None

    def _report(self, step: Step, mover: int, note: str = "") -> None:
        """After a move that settled a round, the message says so in a line: the round's
        showdown, with everything its narration tells, is on the table."""
        held = self._showdown()
        if held is None or held.number <= _settled(self._session.game, step.before):
            super()._report(step, mover, note)
            return
        move = seen_move_words(self._session.game, step, self._viewer)
        self._say(f"{self._names[mover]}: {move}. {held.title} is over: its showdown is on the table.")

    def _act_continue(self, content: dict[str, Any]) -> None:
        held = self._showdown(None if self._look is None else self._look[0])
        if held is None and self._look is None and self._round_held():
            self._round_seen = self._session.state  # the computer carries the game on now
            self._refresh()
            self.message = self._notice or {}
            self._consider_opponent()
            return
        if held is None:
            raise Refused("There is no showdown on the table to go on from.")
        self._showdowns_seen = held.number
        if self._round_held():
            self._round_seen = self._session.state  # one Continue: the round's end was seen with its showdown
        self._refresh()
        self.message = self._notice or {}
        self._consider_opponent()

    def close(self) -> None:
        timer = self.__dict__.get("_opponent_timer")
        if timer is not None:
            timer.cancel()
        self.__dict__["_thinking"] = None  # an answer still to come is dropped
        self.__dict__["_hinting"] = None
        super().close()

    @property
    def thinking(self) -> bool:
        """Whether the computer is thinking about its move (in a kernel, beside its event loop)."""
        return self._thinking is not None

    # -- hints -----------------------------------------------------------------------------------

    def _act_hint(self, content: dict[str, Any]) -> None:
        """Rank the moves of the player to move. In a kernel the search runs in the computer's
        thread, beside the event loop: the table says so and answers clicks meanwhile."""
        pos = self.position()
        self._require_turn(pos)
        game = pos.game
        view = game.view(pos.state, pos.to_move)
        loop = _kernel_loop()
        if loop is None:
            self._say_hint(game, self._ask_hint(lambda: self._hint(game, view)))  # type: ignore[misc]
            return
        if self._hinting is not None and self._hinting[1] is pos.state:
            return  # this very hint is on its way
        state = pos.state
        self._hinting = (None, state)  # (its answer is set once the search is on its way)
        if self._hint is search_hint:  # anytime: its first rankings are shown as they come

            def progress(first: Hint) -> None:
                loop.call_soon_threadsafe(self._hint_progress, state, first)

            def wanted() -> bool:  # read in the computer's thread: the table still looks for it
                hinting = self._hinting
                return hinting is not None and hinting[1] is state

            answer = loop.run_in_executor(_THINKER, _think, _search_hint_while, wanted, game, view, progress)
        else:
            assert self._hint is not None  # (the action is offered only with a way to work hints out)
            answer = loop.run_in_executor(_THINKER, _think, self._hint, game, view)
        self._hinting = (answer, pos.state)  # type: ignore[assignment]
        self._refresh()
        answer.add_done_callback(self._hint_answered)  # called on the loop

    @_holding_the_lock
    def _hint_progress(self, state: Any, first: Hint) -> None:
        """A first ranking of the hint on its way, on the kernel's loop: shown while the table
        still shows the position it answers (the complete hint replaces it)."""
        hinting = self._hinting
        if hinting is None or hinting[1] is not state:
            return
        pos = self.position()
        if pos.state is state and pos.can_act:
            self._say_hint(pos.game, first)

    @_holding_the_lock
    def _hint_answered(self, answer: asyncio.Future[Any] | Future[Any]) -> None:
        """A hint's answer, on the kernel's loop: shown if the table still shows the position
        it answers with that player to move, dropped otherwise (a move was played or taken back
        meanwhile, or the table was left)."""
        hinting = self._hinting
        if hinting is None or hinting[0] is not answer:
            return
        self._hinting = None
        with self.hold_sync():
            self._refresh()  # the table no longer says it is looking
            pos = self.position()
            if answer.cancelled() or pos.state is not hinting[1] or not pos.can_act:
                return
            try:
                self._say_hint(pos.game, self._ask_hint(answer.result))
            except Exception as err:  # noqa: BLE001 - shown as an action's refusal is
                self._refuse(err)

    def _ask_hint(self, ask: Callable[[], Any]) -> Any:
        """The hint's answer; a failure is refused in a player's terms (a hint works on guesses
        of hidden cards, so its reason is shown to the teacher only)."""
        try:
            return ask()
        except Exception as err:  # noqa: BLE001 - a hint works on guesses of hidden cards: its message is not shown to a player
            self.last_error = err
            why = f": {err}" if self._viewer is None else ""
            raise Refused(f"No hint here: the hint failed ({type(err).__name__}){why}.") from err

    def _say_hint(self, game: Game, answer: Any) -> None:
        if isinstance(answer, Hint):
            best = answer.best.move
            self._say(f"Hint: {game.move_words(None, best)}", "hint", move_cards(best), ranking=ranking(game, answer))
            return
        move, why = answer if isinstance(answer, tuple) else (answer, "")
        move = game.move(move)
        self._say(
            f"Hint: {game.move_words(None, move)}" + (f" — {pretty(why)}" if why else ""), "hint", move_cards(move)
        )

    # -- the computer opponent -------------------------------------------------------------------

    def _opponent_choices(self) -> list[str]:
        return [PEOPLE, *bots.PLAYERS, *([CUSTOM] if self._custom is not None else [])]

    def _held_seats(self) -> list[int]:
        """The other seats that people hold at their own tables: the computer never plays them."""
        held = self._session.held_seats
        return [p for p in range(self._session.game.players) if p != self._viewer and p in held]

    def _computer_plays(self, mover: int | None) -> bool:
        """Whether this table's computer plays ``mover``'s seat: a seat but the viewer's that no
        person holds, when there is a computer player."""
        return (
            self._opponent is not None
            and mover is not None
            and mover != self._viewer
            and mover not in self._session.held_seats
        )

    def _held_note(self) -> str:
        """What the menu says of the seats people hold: the computer leaves them alone."""
        held = self._held_seats()
        if not held:
            return ""
        who = listed([self._names[p] for p in held], "and")
        if len(held) == 1:
            return f"{who} plays at another table, so the computer does not play for {who}."
        return f"{who} play at other tables, so the computer does not play for them."

    def _opponent_part(self) -> JSON:
        """The "Play against" menu: its choices (a computer player only while some other seat is
        free) and what it says of the seats people hold."""
        free = len(self._held_seats()) < self._session.game.players - 1
        choices = [
            {"value": c, "text": CHOICE_TEXT[c], **({} if free or c == PEOPLE else {"disabled": True})}
            for c in self._opponent_choices()
        ]
        return {"current": self._opponent_name, "choices": choices, "note": self._held_note()}

    def _act_opponent(self, content: dict[str, Any]) -> None:
        name = required(content, "name", str)
        choices = self._opponent_choices()
        if name not in choices:
            raise Refused(f"refused: no opponent called {name!r}; the choices are {', '.join(choices)}")
        if name == self._opponent_name:
            return
        held = self._held_seats()
        if name != PEOPLE and len(held) == self._session.game.players - 1:
            raise Refused(f"{self._held_note()} There is no seat left for the computer to play.")
        self._opponent_name = name
        self._opponent = self._custom if name == CUSTOM else _chooser(name)[1]
        self._thinking = None  # the other player's answer, if one is coming, is dropped
        self._refresh()
        others = "The other seats are" if self._session.game.players > 2 else "The other seat is"
        if held:
            free = [self._names[p] for p in range(self._session.game.players) if p != self._viewer and p not in held]
            others = f"{listed(free, 'and')} {'is' if len(free) == 1 else 'are'}"
        self._notice = self._guessable_deal_warning(python=False)
        note = f" {self._held_note()}" if held else ""
        self._say(f"{others} now played by {CHOICE_SENTENCE[name]}.{note}")
        self._consider_opponent()

    def _session_changed(self, session: Session) -> None:
        if session.at_end:  # a move taken back, an edit: its showdown is no longer to be seen
            self._showdowns_seen = min(self._showdowns_seen, _settled(session.game, session.state))
        if self._thinking is not None and self._thinking[1] is not session.state:
            self._thinking = None  # taken back, or moved on: the answer to come is dropped
        if self._hinting is not None and self._hinting[1] is not session.state:
            self._hinting = None  # the hint to come answers a position no longer on show
        super()._session_changed(session)
        if self._notice:  # the standing notice comes back whenever nothing else is said
            self.message = self._notice
        self._consider_opponent()

    def _guessable_deal_warning(self, *, python: bool = True) -> dict[str, Any]:
        """On a player's table of a deal whose seed can be guessed, where other people play the
        other seats: warn (a Python warning for whoever runs the code, unless ``python`` is
        false) and return the table's standing notice, shown in the message line whenever it
        has nothing else to say (empty otherwise). Against the computer there is nobody to
        keep the hidden cards from: the computer only ever gets its own view."""
        against_computer = self._opponent is not None and not self._held_seats()
        if self._viewer is None or against_computer or not seed_is_guessable(self._session.start):
            return {}
        if python:
            warnings.warn(GuessableDealWarning(guessable_deal_warning(self._names[self._viewer])), stacklevel=3)
        self._say(GUESSABLE_DEAL_NOTICE, "warning")
        return self.message

    def _opponent_due(self) -> bool:
        session = self._session
        if self._opponent is None or not session.at_end or self._showdown() is not None or self._round_held():
            return False
        return self._computer_plays(session.game.to_move(session.state))

    def _round_held(self) -> bool:
        """Whether the table holds a round's result for its player: the round is over and all
        that is left is for the computer to carry the game on ("next round"). It waits for
        Continue, so the player sees the round's end (the cards turned up, the score) first.
        A round's showdown, when the game tells its rounds, holds the table before this does."""
        if self._viewer is None or self._opponent is None or not self._session.at_end:
            return False
        session = self._session
        mover = session.game.to_move(session.state)
        if not self._computer_plays(mover) or self._round_seen is session.state:
            return False
        return only_carrying_on(session.game.legal_moves(session.state))

    @_holding_the_lock
    def _consider_opponent(self) -> None:
        """Let the computer move if it is its turn: later when a kernel's event loop runs
        (so the learner sees each move), at once in plain Python."""
        if (
            self._opponent_busy
            or self._opponent_timer is not None
            or self._thinking is not None
            or not self._opponent_due()
        ):
            return
        loop = _kernel_loop()
        if loop is not None:
            self._opponent_timer = loop.call_later(self._opponent_delay, self._opponent_think, loop)
            return
        self._opponent_busy = True
        try:
            while self._opponent_due() and self._opponent_move(self._opponent):  # type: ignore[arg-type]
                pass
        finally:
            self._opponent_busy = False

    @_holding_the_lock
    def _opponent_think(self, loop: asyncio.AbstractEventLoop) -> None:
        """In a kernel: the computer thinks in another thread, the table says so, and the
        learner may click meanwhile (look back, leave, change the opponent)."""
        self._opponent_timer = None
        if not self._opponent_due():
            return
        session, game, choose = self._session, self._session.game, self._opponent
        assert choose is not None  # (_opponent_due: the table has a computer opponent)
        state = session.state
        view = game.view(state, game.to_move(state))
        answer = loop.run_in_executor(_THINKER, _think, choose, game, view)
        self._thinking = (answer, state, choose)  # type: ignore[assignment]
        self._refresh()
        answer.add_done_callback(self._opponent_answered)  # called on the loop

    @_holding_the_lock
    def _opponent_answered(self, answer: asyncio.Future[Any] | Future[Any]) -> None:
        """The computer's answer, on the kernel's loop: played if it still answers the
        position on show, dropped otherwise (the learner took a move back, left, or changed
        the opponent meanwhile)."""
        thinking = self._thinking
        if thinking is None or thinking[0] is not answer:
            return
        self._thinking = None
        if answer.cancelled() or not self._opponent_due() or self._session.state is not thinking[1]:
            self._refresh()
            self._consider_opponent()
            return
        if not self._opponent_move(lambda game, view: answer.result()):
            self._refresh()  # the table no longer says the computer is thinking

    def _opponent_move(self, choose: Chooser) -> bool:
        """Let the computer play the seat to move, the move ``choose(game, view)`` gives. Its
        move is checked against its own view first, as a learner's is; what went wrong is said
        without the reason, which speaks of the computer's cards (kept whole in ``last_error``)."""
        session, game = self._session, self._session.game
        mover = game.to_move(session.state)
        name = self._names[mover]  # type: ignore[index]
        view = game.view(session.state, mover)
        with self.hold_sync():
            try:
                move = game.check(view, choose(game, view))
            except Exception as err:  # noqa: BLE001 - the table says so instead of failing the kernel
                self.last_error = err
                what = (
                    "chose a move the rules don't allow"
                    if isinstance(err, IllegalMove)
                    else "gave a move cardlab can't read"
                    if isinstance(err, NotationError)
                    else f"failed ({type(err).__name__})"
                )
                self._say(
                    f"The computer player for {name} {what}; the game waits. Choose another opponent "
                    f"under 'Play against' to go on.",
                    "error",
                )
                return False
            try:
                step = session.play(move)
            except Exception as err:  # noqa: BLE001 - as for an action: shown by its kind only
                self._refuse(err)
                return False
            self._report(step, mover)  # type: ignore[arg-type]
        return True


__all__ = [
    "Hand",
    "Tableau",
    "ScoreBreakdown",
    "Stepper",
    "StateEditor",
    "Table",
    "Chooser",
    "HintProvider",
    "search_hint",
    "HINT_PLAYOUTS",
    "GuessableDealWarning",
]
