"""What every cardlab widget shares: a binding to a Session and a viewer, and the actions.

A widget observes its session and recomputes its view-model whenever the session changes,
whoever changed it (Python code, another widget, a computer player). The browser sends
actions as custom messages ``{"action": ..., "rev": ..., ...}``; each is checked here (is it
known to this widget, well formed, made on the table now on show, by the player to move?)
and then handed to the engine, whose answer — the new position, or the reason a move or an
edit is refused — appears in the widget. Nothing the browser sends can change the session
except through its checked methods (``play``, ``goto``, ``to_mainline``, ``promote``,
``show_line``, ``replace``).

Fair play on a shared session: the teacher's widgets (viewer None) move the session itself
(stepping, playing from any position, which starts a variation, leaving or keeping one). A
player's widget steps back and forth on its own (a *look* that no other widget follows) and
moves only at the game's latest position: it never changes the session's position on show,
never starts a variation, and so never learns how hidden cards would answer another try. A
player's widget that moves holds its seat on the session while it is open
(:meth:`Session.hold_seat`), so that no other table's computer player plays it. A spectator's
widget (viewer None, ``spectator=True``) sees every card and looks back on its own, as a
player does, but takes no action that changes the game: only looks, and a card's explanation.

Threads: a widget acts (a message from its page, a computer player's answer) holding the
session's lock, and is told of changes made elsewhere in the thread that made them, under the
same lock; so several pages served from different threads may share a session.

A player's widget shows the reason for a refusal only when it was worked out in that player's
own terms: a move is checked against the player's view before the session plays it, and a
message read from what the player sent is theirs. Any other error (raised on the full state,
by another part of the program bound to the session, by a computer player or a hint) is shown
to a player only by its kind, since its message may name cards hidden from them; the error
itself is kept in the widget's ``last_error`` for whoever runs the kernel.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import anywidget
import traitlets

from ..cards import HIDDEN, Card, parse_card
from ..engine import Game, Step, swap_cards
from ..errors import IllegalMove, NotationError
from ..session import ObserverError, Session
from . import frontend, picture
from .viewmodel import JSON, History, Position, Viewer, codes, explanation_json, position_text, refusal, report

log = logging.getLogger("cardlab.widgets")

#: The longest message the browser may send, as JSON text: several times a 12-player
#: Commerce state's text form (about 3,000 characters), the largest thing a click sends.
MAX_MESSAGE_CHARS = 20_000
#: The longest player name a table shows.
MAX_NAME_CHARS = 40
#: The sizes of cards and text: "large" is half as big again, for a projector or a big screen.
SIZES = ("normal", "large")


class Refused(ValueError):
    """An action refused in the viewer's own terms: before it reaches the engine (unknown,
    malformed, stale, out of turn), or by the engine checking it against the viewer's view
    (``rule``: the rule the move breaks, which the table shows under Details)."""

    def __init__(self, text: str, rule: str = "") -> None:
        super().__init__(text)
        self.rule = rule


def player_names(game: Game, names: Sequence[str] | None) -> tuple[str, ...]:
    """The players' names as a table shows them: ``names`` checked, or the game's letters.

    Names are shown as text wherever the table names a player (never read as markup); the
    game's own narration and rule texts keep its seat letters, which the seats show too.
    """
    if names is None:
        return game.player_names
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != game.players:
        raise ValueError(f"names is a sequence of {game.players} names, one per player; got {names!r}")
    cleaned = tuple(n.strip() if isinstance(n, str) else n for n in names)
    for name in cleaned:
        if not isinstance(name, str) or not name or len(name) > MAX_NAME_CHARS or not name.isprintable():
            raise ValueError(f"a player's name is printable text of 1 to {MAX_NAME_CHARS} characters; got {name!r}")
    if len(set(cleaned)) != len(cleaned):
        raise ValueError(f"the players' names must differ; got {names!r}")
    return cleaned


def required(content: dict[str, Any], key: str, kind: type) -> Any:
    value = content.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise Refused(f"refused: the {content.get('action')!r} action needs {key!r} as {kind.__name__}")
    return value


class SessionWidget(anywidget.AnyWidget):
    """Base class of the cardlab widgets: bound to ``session``, seen by ``viewer``.

    ``viewer`` is a player index (that player's view only) or None (the teacher: everything).
    ``spectator`` (with viewer None): every card, but no move, no edit, and stepping on this
    widget only, as a player's does; without it, viewer None is the teacher, who moves the game.
    ``names`` are the players' names as the widget shows them (default: the game's letters);
    ``four_colour`` draws a four-colour deck; ``size`` is "normal" or "large" (cards and text
    half as big again, for a projector).
    Subclasses say which component the browser draws, which view-model parts it needs and
    which actions it accepts.
    """

    _esm = frontend.ESM
    _css = frontend.CSS

    # The view-model is synced as JSON text: a string is compared and sent as one piece,
    # where ipywidgets (in Python) and Backbone (in the browser) would walk every level of a
    # nested dict, which was the largest part of an update's cost.
    #: The position on show, as the viewer sees it (:attr:`view` as JSON).
    view_json = traitlets.Unicode("{}").tag(sync=True)
    #: The move log (:attr:`history` as JSON; only for widgets that show it).
    history_json = traitlets.Unicode("{}").tag(sync=True)
    #: The last explanation or refusal: {"id", "text", "kind": "info" | "error" | "hint" | "warning", "cards"},
    #: and for a ranked hint "ranking" (see viewmodel.ranking).
    message = traitlets.Dict().tag(sync=True)
    #: Draw clubs teal and diamonds blue (a four-colour deck).
    four_colour = traitlets.Bool(False).tag(sync=True)
    #: The size of cards and text: "normal", or "large" for a projector (see :data:`SIZES`).
    size = traitlets.Unicode("normal").tag(sync=True)

    component: ClassVar[str] = ""
    actions: frozenset[str] = frozenset()  # (a table's depend on its editor and hints)
    shows_history: ClassVar[bool] = False
    #: Whether the widget steps through the session: the teacher's stepping actions move the
    #: session; a player's move only their own widget.
    steps: ClassVar[bool] = False
    TEACHER_STEPS: ClassVar[frozenset[str]] = frozenset({"goto", "to_mainline", "promote", "line"})
    PLAYER_STEPS: ClassVar[frozenset[str]] = frozenset({"goto", "follow"})
    #: The actions of a spectator's widget (beside a player's stepping): none changes the game.
    WATCHING: ClassVar[frozenset[str]] = frozenset({"explain"})

    def __init__(
        self,
        session: Session,
        viewer: Viewer = None,
        *,
        spectator: bool = False,
        names: Sequence[str] | None = None,
        four_colour: bool = False,
        size: str = "normal",
    ) -> None:
        if not isinstance(session, Session):
            raise TypeError(f"a cardlab widget shows a cardlab.Session, got {type(session).__name__}")
        players = session.game.players
        if viewer is not None and (
            not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < players
        ):
            raise ValueError(
                f"viewer is a player number from 0 to {players - 1}, or None for the teacher; got {viewer!r}"
            )
        if not isinstance(spectator, bool):
            raise TypeError(f"spectator is True or False; got {spectator!r}")
        if spectator and viewer is not None:
            raise ValueError("a spectator sees every card: give viewer=None with spectator=True")
        self._names = player_names(session.game, names)
        _check_size_name(size)
        super().__init__(four_colour=four_colour, size=size)
        self._session = session
        self._viewer = viewer
        self._spectator = spectator
        self._rev = 0
        self._message_id = 0
        #: The last error of an action or a computer player, kept whole for whoever runs the
        #: kernel (the widget may show a player only its kind: see :meth:`_refuse`).
        self.last_error: BaseException | None = None
        self._view: JSON = {}
        self._log: JSON = {}
        self._history = History(viewer, self._names)
        # A player's own look at another ply of the line on show: (ply, the state there).
        self._look: tuple[int, Any] | None = None
        stepping = (self.TEACHER_STEPS if self.controls else self.PLAYER_STEPS) if self.steps else frozenset()
        actions = self.actions & self.WATCHING if spectator else self.actions
        self._handlers: dict[str, Callable[[dict[str, Any]], None]] = {
            name: getattr(self, f"_act_{name}") for name in actions | stepping
        }
        if viewer is not None and "play" in self._handlers:
            self._tell_others(session.hold_seat, viewer, self)
        self._unobserve = session.observe(self._session_changed)
        self.on_msg(self._receive)
        self._refresh()

    @traitlets.validate("size")
    def _valid_size(self, proposal: Any) -> str:
        try:
            return _check_size_name(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from None

    @property
    def session(self) -> Session:
        return self._session

    @property
    def viewer(self) -> Viewer:
        return self._viewer

    @property
    def spectator(self) -> bool:
        """Whether this widget only watches: every card, no move (see the class)."""
        return self._spectator

    @property
    def controls(self) -> bool:
        """Whether this widget's stepping moves the session itself (the teacher's): not a
        player's widget, nor a spectator's, which look back on their own."""
        return self._viewer is None and not self._spectator

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def view(self) -> JSON:
        """The position on show, as the viewer sees it (see viewmodel.Position): what the
        browser draws."""
        return self._view

    @property
    def history(self) -> JSON:
        """The move log of the line on show as the viewer may read it (see
        viewmodel.History.document): {"entries": [{"player", "move"}, ...], "differs_at", "lines"}."""
        return self._log

    @property
    def index(self) -> int:
        """The ply this widget shows: the session's, or a player's own look."""
        return self._session.index if self._look is None else self._look[0]

    def close(self) -> None:
        """Stop following the session, let go of the seat it held, and close the widget in the
        browser."""
        unobserve = self.__dict__.pop("_unobserve", None)  # absent if __init__ failed early
        if unobserve is not None:
            unobserve()
            self._tell_others(self._session.release_seat, self)
        super().close()

    def _tell_others(self, change: Callable[..., None], *args: Any) -> None:
        """Make a change of the session that concerns other widgets (a seat held or let go):
        another observer failing is kept in :attr:`last_error` and logged, not raised."""
        try:
            change(*args)
        except ObserverError as err:
            self.last_error = err
            log.error("cardlab: an observer of the session failed (%s); the error is in last_error", err.errors)

    # -- the view-model ------------------------------------------------------------------------

    def position(self) -> Position:
        look = None if self._look is None else self._look[0]
        return Position(self._session, self._viewer, self._names, look, spectator=self._spectator)

    def _parts(self, pos: Position) -> JSON:
        """The component's view-model parts beyond the header."""
        raise NotImplementedError

    def _refresh(self) -> None:
        with self._session.lock, self.hold_sync():  # one position, whatever other threads play meanwhile
            self._rev += 1
            pos = self.position()
            self._view = {"component": self.component, "rev": self._rev, **pos.header(), **self._parts(pos)}
            line = self._view["line"]
            if line is not None:  # a widget offers only the buttons whose actions it takes
                line["actions"] = [a for a in line["actions"] if a["action"] in self._handlers]
            self.view_json = _json_text(self._view)
            if self.shows_history:
                self._log = self._history.document(self._session)
                if "line" not in self._handlers:  # only a widget that shows other lines lists them
                    self._log["lines"] = []
                self.history_json = _json_text(self._log)

    def _session_changed(self, session: Session) -> None:
        if self._look is not None:  # a look stays while its position is still on the line on show
            ply, state = self._look
            states = session.line_states
            if ply >= len(states) or states[ply] is not state or ply == session.index:
                self._look = None
        with self.hold_sync():
            self._refresh()
            self.message = {}

    def _say(self, text: str, kind: str = "info", cards: tuple[Card, ...] = (), **extra: Any) -> None:
        self._message_id += 1
        self.message = {"id": self._message_id, "text": text, "kind": kind, "cards": codes(cards), **extra}

    # -- actions from the browser --------------------------------------------------------------

    def _receive(self, _widget: Any, content: Any, buffers: Any) -> None:
        with self._session.lock, self.hold_sync():  # one action at a time on the session, from any thread
            try:
                _check_size(content, buffers)
                self._dispatch(content)
            except ObserverError as err:  # the action was done; something else watching the session failed
                self._report_observer_error(err)
            except Exception as err:  # noqa: BLE001 - shown in the widget as far as the viewer may read it
                self._refuse(err)

    def _report_observer_error(self, err: ObserverError) -> None:
        """The action was done, but another observer of the session failed: say so, with its
        reason for the teacher only (the reason may name cards hidden from a player)."""
        self.last_error = err
        if self._viewer is None:
            log.warning("cardlab: %s", err)
            self._say(f"Done, but {err}", "error")
        else:
            log.error(
                "cardlab: an observer of the session failed (%s); the error is in the widget's last_error",
                type(err).__name__,
            )
            kinds = ", ".join(dict.fromkeys(type(e).__name__ for e in err.errors))
            self._say(
                f"Done, but another part of the program watching this game failed ({kinds}). Its reason "
                "may name cards you can't see, so it is not shown here.",
                "error",
            )

    def _refuse(self, err: Exception) -> None:
        """Show why an action failed, as far as the viewer may read it.

        The teacher reads every message. A player reads a refusal made in their own terms
        (:class:`Refused`, or a :class:`NotationError` about the text they sent); any other
        error only by its kind. An error that is not a ValueError is a fault of the program and
        is logged, for a player's widget without its message.
        """
        self.last_error = err
        own_terms = isinstance(err, (Refused, NotationError))
        if not isinstance(err, ValueError):
            if self._viewer is None:
                log.exception("cardlab widget action failed", exc_info=err)
            else:
                log.error(
                    "cardlab widget action failed (%s); the error is in the widget's last_error", type(err).__name__
                )
        if self._viewer is None or own_terms:
            text = (
                str(err) if isinstance(err, ValueError) else f"cardlab could not do that ({type(err).__name__}: {err})"
            )
        else:
            text = (
                f"cardlab could not do that ({type(err).__name__}). Its reason may name cards you can't see, "
                f"so it is not shown here."
            )
        rule = getattr(err, "rule", "") if own_terms else ""
        extra: dict[str, Any] = {"rule": rule} if rule else {}
        self._say(text, "error", **extra)

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("action"), str):
            raise Refused("refused: a message without an action")
        action = content["action"]
        if action not in self._handlers:
            raise Refused(f"refused: unknown action {action!r}")
        if required(content, "rev", int) != self._rev:
            raise Refused("The table changed before that click arrived: nothing was done. Please try again.")
        self._handlers[action](content)

    def _require_turn(self, pos: Position) -> None:
        if pos.showdown is not None:
            raise Refused(pos.waiting())
        if not pos.live:
            raise Refused(pos.paused())
        if pos.over:
            raise Refused("The game is over: no more moves.")
        if not pos.can_act:
            raise Refused(f"It is {pos.name(pos.to_move)}'s turn, not yours.")  # type: ignore[arg-type]

    def _act_play(self, content: dict[str, Any]) -> None:
        text = required(content, "move", str)
        pos = self.position()
        self._require_turn(pos)
        move = pos.game.parse_move(text)
        if self._viewer is not None:
            try:
                pos.game.check(pos.seen, move)  # refused in the mover's own terms, revealing nothing
            except IllegalMove as err:
                raise Refused(refusal(pos.game, pos.seen, move, err.reason), err.rule) from err
        session, mover = self._session, pos.to_move
        lines = len(session.lines)
        step = session.play(move)
        note = ""
        if session.differs_at == session.index:  # this move leaves the main line
            note = (
                f"This move starts a variation: the main line's move {session.index} is kept "
                "(“Back to the main line” returns to it)."
                if len(session.lines) > lines
                else "This is the first move of a variation played before: the table shows it again."
            )
        self._report(step, mover, note)  # type: ignore[arg-type]

    def _report(self, step: Step, mover: int, note: str = "") -> None:
        text = report(self._session.game, step, self._viewer, self._names[mover])
        self._say(f"{text} {note}" if note else text)

    def _act_explain(self, content: dict[str, Any]) -> None:
        """A click on a card: the engine's explanation of what it can do, why it can't be played
        now and what to do instead (``Game.explain_card``), from what this viewer sees, for any
        card on the table, on any turn; with the places a move menu cannot send it to."""
        code = required(content, "card", str)
        zone = content.get("zone")
        if zone is not None and not isinstance(zone, str):
            raise Refused("refused: the 'explain' action's zone must be a zone's name")
        card = HIDDEN if code == HIDDEN.code else parse_card(code)
        pos = self.position()
        try:
            explanation = pos.game.explain_card(pos.state, card, zone, self._viewer)
        except ValueError as err:  # a card or zone not on this table: it names only what was sent
            raise Refused(f"refused: {err}") from None
        shown = explanation_json(pos.game, explanation, pos.paused() if self._viewer is not None else "")
        self._say(shown.pop("text"), "explain", **shown)

    # -- stepping and lines --------------------------------------------------------------------

    def _act_goto(self, content: dict[str, Any]) -> None:
        index = required(content, "index", int)
        session = self._session
        states = session.line_states
        if not 0 <= index < len(states):
            raise Refused(f"refused: there is no state {index}; this line has states 0 to {len(states) - 1}")
        if self.controls:
            session.goto(index)
            return
        self._look = None if index == session.index else (index, states[index])  # this widget only
        self._session_changed(session)

    def _act_follow(self, content: dict[str, Any]) -> None:
        if self._look is None:
            raise Refused("This table already shows the game.")
        self._look = None
        self._session_changed(self._session)

    def _act_to_mainline(self, content: dict[str, Any]) -> None:
        session = self._session
        differs = session.differs_at
        if not session.to_mainline():
            raise Refused("The main line is already on show.")
        self._say(
            f"Back to the main line, at {position_text(session.index)}. The variation from move {differs} is kept: "
            "choose it in the list of lines to see it again."
        )

    def _act_promote(self, content: dict[str, Any]) -> None:
        if not self._session.promote():
            raise Refused("The main line is already on show: there is no variation to keep.")
        self._say("This line is now the main line. The old main line is kept as a variation.")

    def _act_line(self, content: dict[str, Any]) -> None:
        number = required(content, "number", int)
        count = len(self._session.lines)
        if not 0 <= number < count:
            raise Refused(f"refused: there is no line {number}; this session has lines 0 to {count - 1}")
        if not self._session.show_line(number):
            raise Refused("That line is already on show.")

    def _act_swap(self, content: dict[str, Any]) -> None:
        pair = content.get("cards")
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(c, str) for c in pair):
            raise Refused("refused: the 'swap' action needs two cards")
        a, b = (parse_card(c) for c in pair)
        if a == b:
            raise Refused("Those are the same card: nothing to change.")
        zone, index = content.get("zone"), content.get("index")
        slot = (
            (zone, index) if isinstance(zone, str) and isinstance(index, int) and not isinstance(index, bool) else None
        )
        edited = swap_cards(self._session.game, self._session.state, a, b, slot)
        self._session.replace(edited)  # the validator's StateError, if any, is shown
        self._say(f"Swapped {a} and {b}. {self._after_edit()}")

    def _act_edit_text(self, content: dict[str, Any]) -> None:
        text = required(content, "text", str)
        edited = self._session.game.state_from_text(text)
        if edited == self._session.state:
            raise Refused("The text describes the state on show: nothing changed.")
        self._session.replace(edited)
        self._say(f"State replaced. {self._after_edit()}")

    def _after_edit(self) -> str:
        moves = self._session.edited_moves
        if not moves:
            return "The game goes on from here."
        return (
            f"The game goes on from here; “Undo the edit” brings back the game as it was, "
            f"with its {moves} move{'' if moves == 1 else 's'}."
        )

    def _act_undo_edit(self, content: dict[str, Any]) -> None:
        if not self._session.undo_edit():
            raise Refused("There is no edit to undo.")
        self._say("The edit is undone: the game is back as it was, with its moves.")

    # -- display ---------------------------------------------------------------------------------

    def _draw_picture(self, pos: Position) -> str:
        """The static picture's content (see :mod:`cardlab.widgets.picture`)."""
        return picture.state(pos)

    def picture_html(self) -> str:
        """A static HTML picture of what the widget shows now, as its viewer sees it."""
        with self._session.lock:
            return picture.picture(type(self).__name__, self.position(), self._draw_picture)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget view and, beside it as ``text/html``, its static picture: GitHub, nbviewer
        and exported HTML show the picture where no kernel draws the widget."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.picture_html()}, metadata

    def _describe(self) -> str:
        return ""

    def __repr__(self) -> str:
        session = self._session
        who = (  # stable: the letter
            "spectator"
            if self._spectator
            else "teacher"
            if self._viewer is None
            else f"player {session.game.player_names[self._viewer]}"
        )
        index, differs = self.index, session.differs_at
        where = "start" if index == 0 else f"move {index}"
        parts = [self._describe(), f"variation from move {differs}" if differs is not None else ""]
        extra = "".join(f", {p}" for p in parts if p)
        return f"{type(self).__name__}({session.game.name}, {who}, {where} of {len(session.line_moves)}{extra})"


def _check_size_name(size: Any) -> str:
    if size not in SIZES:
        raise ValueError(f"size is {' or '.join(map(repr, SIZES))}; got {size!r}")
    return size


# A view-model is a tree built afresh for each change, never a cycle: no need to check for one.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False)


def _json_text(document: JSON) -> str:
    return _ENCODER.encode(document)


def _check_size(content: Any, buffers: Any) -> None:
    """Refuse binary buffers and any message longer than :data:`MAX_MESSAGE_CHARS` as JSON."""
    if buffers:
        raise Refused("refused: cardlab widgets take no binary data")
    try:
        size = len(json.dumps(content))
    except (TypeError, ValueError, RecursionError):
        raise Refused("refused: a message that is not plain JSON") from None
    if size > MAX_MESSAGE_CHARS:
        raise Refused(f"refused: a message of {size:,} characters; the most a click sends is {MAX_MESSAGE_CHARS:,}")
