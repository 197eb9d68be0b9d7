"""Sessions: a game in progress with its history, kept as a tree of variations.

A :class:`Session` keeps every move played, as an analysis board does (PGN variations,
lichess). The moves played first form the **main line**. Stepping back and playing a
different move starts a **variation**: a line that shares the main line's moves up to that
point and then goes its own way. Nothing is thrown away: the learner can leave a variation
("back to the main line"), come back to it, or make it the main line (``promote``).

    session = cardlab.Session(game, seed=7)
    session.play("commission 5D"); session.play("commission 3S")
    session.goto(1)                  # back to the position after move 1
    session.play("commission 4H")    # a variation: move 2 differs from the main line
    session.states[2]                # still the main line's position after move 2
    session.state                    # the position on show: after the variation's move 2
    session.to_mainline()            # back to the main line, where the variation left it
    session.promote()                # (from a variation: make it the main line)

Names: the **position on show** (``state``, ``index``) lies on the **line on show**
(``line_states``, ``line_moves``), which is the main line or one of the ``variations``;
``states``, ``moves`` and ``events`` are always the main line, whatever is on show.

This module sits above the games (it reads saved games of any game, so it uses the
registry); ``cardlab.Session`` is the usual way to reach it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeGuard, cast

from .engine import Event, Game, Move, Step, decode, encode, move_text, read_json
from .errors import StateError
from .games import game as make_game

try:  # POSIX: a save in progress holds a lock on its temporary file
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["Session", "Line", "ObserverError", "SESSION_VERSION"]

#: The version of the saved-game format: 2 keeps the variations (version 1, the main line
#: only, is still read).
SESSION_VERSION = 2
#: The temporary files of a save: ``.cardlab-<random>.tmp`` beside the saved file.
TEMP_PREFIX, TEMP_SUFFIX = ".cardlab-", ".tmp"
#: Where file locks are not available, a stray temporary file older than this (in seconds)
#: is taken for the remains of an interrupted save.
STRAY_AGE = 3600.0
#: The longest saved game read, in characters (a long game with many variations is some kB).
MAX_SAVED_CHARS = 10_000_000

Observer = Callable[["Session"], None]


class Line:
    """One line of a session: the main line (``session.lines[0]``) or a variation.

    ``parent`` is the number (in ``session.lines``) of the line it leaves, and
    ``differs_at`` the number of its first move that differs from that line: it shares
    moves 1 to ``differs_at - 1``. Both are None for the main line. ``moves``,
    ``states`` and ``events`` are the whole line, from the start (``states[0]``, and
    ``events[0] == ()``) to its last move. A session's lines work out their ``events`` when
    they are first read (a session keeps no narration: see :class:`Session`); ``step(k)``
    gives move ``k`` alone, with what it caused.
    """

    __slots__ = ("parent", "differs_at", "moves", "states", "_events", "_narrate")

    def __init__(
        self,
        parent: int | None,
        differs_at: int | None,
        moves: tuple[Move, ...],
        states: tuple[Any, ...],
        events: tuple[tuple[Event, ...], ...] = (),
        *,
        narrate: Callable[[int], tuple[Event, ...]] | None = None,
    ) -> None:
        self.parent, self.differs_at, self.moves, self.states = parent, differs_at, moves, states
        self._events: tuple[tuple[Event, ...], ...] | None = None if narrate is not None else tuple(events)
        self._narrate = narrate

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """What each move of the line caused: ``events[k]`` for move ``k``; ``events[0] == ()``."""
        if self._events is None:
            narrate = self._narrate
            self._events = ((),) + tuple(narrate(k) for k in range(1, len(self.states)))  # type: ignore[misc]
        return self._events

    def step(self, number: int) -> Step:
        """Move ``number`` of the line (1 its first move): the move, the positions before and after
        it, and what it caused."""
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number < len(self.states):
            raise IndexError(f"move {number!r} does not exist: this line has moves 1 to {len(self.moves)}")
        if self._events is not None or self._narrate is None:
            events = self.events[number] if number < len(self.events) else ()
        else:
            events = self._narrate(number)
        return Step(self.moves[number - 1], self.states[number - 1], self.states[number], events)

    def _key(self) -> tuple[Any, ...]:
        return self.parent, self.differs_at, self.moves, self.states

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self._key() == other._key() and self.events == other.events

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Line(parent={self.parent!r}, differs_at={self.differs_at!r}, moves={self.moves!r}, "
            f"states={self.states!r}, events={self.events!r})"
        )


class ObserverError(RuntimeError):
    """Observers of a session raised while being told of a change.

    The change itself is complete (a move played stays played), and every observer was
    called, each exactly once. ``errors`` holds what each failing observer raised, in the
    order they were called; the first is also this error's ``__cause__``.
    """

    def __init__(self, errors: list[tuple[Observer, Exception]]) -> None:
        self.errors = tuple(error for _, error in errors)
        self.observers = tuple(observer for observer, _ in errors)
        listed = "; ".join(f"{_name(o)} raised {type(e).__name__}: {e}" for o, e in errors)
        count = f"{len(errors)} observer{'s' if len(errors) > 1 else ''}"
        super().__init__(f"the session changed and every observer was told, but {count} failed: {listed}")


def _name(callback: Any) -> str:
    return getattr(callback, "__qualname__", None) or repr(callback)


class _Node:
    """A position of the tree: the move that led to it and the moves played from it
    (``children[0]`` continues the line it is on; the others start variations). What the move
    caused, its narration, is not kept here: the session works it out when it is read."""

    __slots__ = ("state", "move", "parent", "children", "ply")

    def __init__(self, state: Any, move: Move | None = None, parent: _Node | None = None) -> None:
        self.state, self.move, self.parent = state, move, parent
        self.children: list[_Node] = []
        self.ply: int = 0 if parent is None else parent.ply + 1

    def child(self, move: Move) -> _Node | None:
        return next((c for c in self.children if c.move == move), None)


Path = tuple[_Node, ...]


def _continue(path: Path) -> Path:
    """``path`` followed along the first moves after its last node, to the end of its line."""
    tail = []
    node = path[-1]
    while node.children:
        node = node.children[0]
        tail.append(node)
    return path + tuple(tail)


def _path_to(node: _Node) -> Path:
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node.parent  # type: ignore[assignment]
    return tuple(reversed(nodes))


#: How many edits :meth:`Session.undo_edit` can take back, one after the other.
EDITS_KEPT = 20


class Session:
    """A game in progress with its history: every move played, kept as a tree of variations.

        session = cardlab.Session(game, seed=7)          # or Session(game, state): from that position
        step = session.play("commission 5D")             # from the position on show; returns the Step
        session.undo(); session.redo(); session.goto(0)  # along the line on show
        session.play("commission 3S")                    # another move from there: a variation
        session.state, session.states                    # the position on show; the main line's
        session.save("game.json"); cardlab.Session.load("game.json")

    Widgets, computer players and lessons share one session: ``observe(callback)`` calls
    ``callback(session)`` after every change (one that raises does not stop the others; the
    change then raises :class:`ObserverError`). Every change, and the telling of the
    observers, holds the session's :attr:`lock`, so a session may be used from several
    threads; an observer is called in the thread that made the change. A person's table holds
    its seat (:meth:`hold_seat`), so that no computer player of another table plays it. What a
    move caused is worked out again from the position before it when it is read, so a long
    game takes little memory.
    """

    def __init__(self, game: Game, state: Any = None, *, seed: int | None = None) -> None:
        self.game = game
        start = game.deal(seed=seed) if state is None else state
        game._check_state(start)
        self._lock = threading.RLock()
        self._observers: list[Observer] = []
        #: The seats people hold: id(holder) -> (holder, seat) (see :meth:`hold_seat`).
        self._holders: dict[int, tuple[object, int]] = {}
        #: The games an edit replaced, latest last, each as it stood (its tree and what was on
        #: show): :meth:`undo_edit` brings the latest back.
        self._edited: list[tuple[_Node, tuple[Path, Path, int]]] = []
        self._reset(_Node(start))

    def _reset(self, root: _Node) -> None:
        self._root = root
        # the narration of the moves read lately: id(node) -> (node, events), oldest first
        self._narration: dict[int, tuple[_Node, tuple[Event, ...]]] = {}
        main = _continue((root,))
        # The main line, the line on show and the ply on show, replaced together as one value,
        # so that a reader in another thread always sees the three of them agree.
        self._now: tuple[Path, Path, int] = (main, main, 0)
        self._tree_changed()

    def _tree_changed(self) -> None:
        self._lines: tuple[tuple[Line, ...], dict[int, int], list[Path]] | None = None
        self._columns: dict[tuple[str, int], tuple[Path, tuple[Any, ...]]] = {}

    @property
    def _main(self) -> Path:
        return self._now[0]

    @property
    def _shown(self) -> tuple[Path, int]:
        return self._now[1:]  # type: ignore[return-value]

    @property
    def lock(self) -> threading.RLock:
        """The session's lock (reentrant). Every change holds it while it changes the session
        and tells the observers; hold it to make several readings, or a reading and a change,
        as one: ``with session.lock: if session.legal_moves(): session.play(...)``."""
        return self._lock

    # -- the position on show -------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The position on show."""
        _, path, index = self._now
        return path[index].state

    @property
    def index(self) -> int:
        """The ply of the position on show along the line on show (0: the start)."""
        return self._now[2]

    @property
    def start(self) -> Any:
        """The first state of the session."""
        return self._root.state

    @property
    def end(self) -> Any:
        """The last state of the main line."""
        return self._main[-1].state

    def __len__(self) -> int:
        """The number of moves of the main line."""
        return len(self._main) - 1

    # -- the main line and the line on show -----------------------------------------------------

    def _column(self, path: Path, name: str) -> tuple[Any, ...]:
        """The states, moves or events of ``path``, made once per line."""
        key = (name, id(path))
        cached = self._columns.get(key)
        if cached is None or cached[0] is not path:
            if name == "states":
                values = tuple(node.state for node in path)
            elif name == "moves":
                values = tuple(node.move for node in path[1:])
            else:
                values = tuple(self._events_of(node) for node in path)
            if len(self._columns) > 16:
                self._columns = {}
            cached = self._columns[key] = (path, values)
        return cached[1]

    @property
    def states(self) -> tuple[Any, ...]:
        """The main line's states: ``states[k]`` is the position after move ``k``
        (``states[0]`` the start)."""
        return self._column(self._main, "states")

    @property
    def moves(self) -> tuple[Move, ...]:
        """The main line's moves: ``moves[k - 1]`` is move ``k``."""
        return self._column(self._main, "moves")

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """What each move of the main line caused: ``events[k]`` for move ``k``; ``events[0] == ()``."""
        return self._column(self._main, "events")

    @property
    def line_states(self) -> tuple[Any, ...]:
        """The states of the line on show (``line_states[index]`` is ``state``)."""
        return self._column(self._shown[0], "states")

    @property
    def line_moves(self) -> tuple[Move, ...]:
        """The moves of the line on show."""
        return self._column(self._shown[0], "moves")

    @property
    def line_events(self) -> tuple[tuple[Event, ...], ...]:
        """What each move of the line on show caused (``line_events[0] == ()``)."""
        return self._column(self._shown[0], "events")

    def line_step(self, number: int) -> Step:
        """Move ``number`` of the line on show (1 its first move): the move, the positions before
        and after it, and what it caused. Unlike ``line_events``, this narrates that move alone."""
        path = self._shown[0]
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number < len(path):
            raise IndexError(f"move {number!r} does not exist: the line on show has moves 1 to {len(path) - 1}")
        node = path[number]
        return Step(node.move, node.parent.state, node.state, self._events_of(node))  # type: ignore[union-attr,arg-type]

    #: How many moves' narration a session remembers once read (it keeps no other).
    NARRATION_KEPT = 256

    def _events_of(self, node: _Node) -> tuple[Event, ...]:
        """What the move that led to ``node`` caused: worked out again from the position before
        it, or remembered from a recent reading."""
        if node.parent is None:
            return ()
        assert node.move is not None  # (a position with a parent was reached by a move)
        hit = self._narration.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        events = self.game.step(node.parent.state, node.move).events
        self._remember(node, events)
        return events

    def _remember(self, node: _Node, events: tuple[Event, ...]) -> None:
        with self._lock:
            narration = self._narration
            if len(narration) >= self.NARRATION_KEPT:
                del narration[next(iter(narration))]
            narration[id(node)] = (node, events)

    @property
    def on_mainline(self) -> bool:
        """Whether the position on show is a position of the main line."""
        main, path, index = self._now
        return index < len(main) and main[index] is path[index]

    @property
    def at_end(self) -> bool:
        """Whether the position on show is the last position of the main line."""
        main, path, index = self._now
        return path[index] is main[-1]

    @property
    def differs_at(self) -> int | None:
        """The number of the first move of the line on show that differs from the main line
        (the line shares moves 1 to ``differs_at - 1`` with it); None on the main line."""
        main, path, _ = self._now
        return _differs_at(path, main)

    # -- lines -----------------------------------------------------------------------------------

    def _tree(self) -> tuple[tuple[Line, ...], dict[int, int], list[Path]]:
        """Every line, main line first, each variation followed by the variations that leave it
        (the order of a PGN file); the line number of each line's last node; each line's nodes."""
        with self._lock:
            if self._lines is not None:
                return self._lines
            lines: list[Line] = []
            leaves: dict[int, int] = {}
            paths: list[Path] = []
            pending: list[Iterator[tuple[_Node, int | None]]] = [iter([(self._root, None)])]
            while pending:
                try:
                    head, parent = next(pending[-1])
                except StopIteration:
                    pending.pop()
                    continue
                number = len(lines)
                path = _continue(_path_to(head))
                differs = None if parent is None else head.ply
                lines.append(
                    Line(
                        parent,
                        differs,
                        tuple(cast(Move, n.move) for n in path[1:]),  # (each reached by its move)
                        tuple(n.state for n in path),
                        narrate=lambda k, path=path: self._events_of(path[k]),  # type: ignore[misc]
                    )
                )
                leaves[id(path[-1])] = number
                paths.append(path)
                pending.append(iter([(c, number) for n in path[head.ply :] for c in n.children[1:]]))
            self._lines = (tuple(lines), leaves, paths)
            return self._lines

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every line: ``lines[0]`` is the main line, then the variations (see :class:`Line`)."""
        return self._tree()[0]

    @property
    def variations(self) -> tuple[Line, ...]:
        """The variations: every line but the main line (``lines[1:]``)."""
        return self._tree()[0][1:]

    @property
    def line(self) -> int:
        """The number of the line on show in :attr:`lines` (0: the main line)."""
        with self._lock:
            return self._tree()[1][id(self._now[1][-1])]

    # -- changes -----------------------------------------------------------------------------------

    def observe(self, callback: Observer) -> Callable[[], None]:
        """Call ``callback(session)`` after every change; returns a function that stops it."""
        with self._lock:
            self._observers.append(callback)

        def unobserve() -> None:
            with self._lock:
                if callback in self._observers:
                    self._observers.remove(callback)

        return unobserve

    # -- seats held by people --------------------------------------------------------------------

    def hold_seat(self, seat: int, holder: object) -> None:
        """Mark ``seat`` as played by a person, held by ``holder`` (a player's table holds its own
        seat while it is open): computer players leave it alone. A holder holds one seat at a
        time, until :meth:`release_seat`; a seat may have several holders (two tables of one
        player) and is free once they all let it go. Observers are told when a seat becomes
        held or free, as of every change."""
        if not _whole(seat) or not 0 <= seat < self.game.players:
            raise ValueError(f"hold_seat: a seat is a player number from 0 to {self.game.players - 1}; got {seat!r}")
        with self._lock:
            before = self.held_seats
            self._holders[id(holder)] = (holder, seat)
            if self.held_seats != before:
                self._changed()

    def release_seat(self, holder: object) -> None:
        """Let go of the seat ``holder`` holds (nothing happens if it holds none)."""
        with self._lock:
            before = self.held_seats
            kept = self._holders.get(id(holder))
            if kept is None or kept[0] is not holder:
                return
            del self._holders[id(holder)]
            if self.held_seats != before:
                self._changed()

    @property
    def held_seats(self) -> frozenset[int]:
        """The seats people hold (:meth:`hold_seat`): no computer player plays them."""
        with self._lock:
            return frozenset(seat for _, seat in self._holders.values())

    def _show(self, path: Path, index: int, main: Path | None = None) -> bool:
        """Put ply ``index`` of ``path`` on show (and make ``main`` the main line, if given), then
        tell the observers; False if nothing changed."""
        old_main, old_path, old_index = self._now
        main = old_main if main is None else main
        if main is old_main and path[-1] is old_path[-1] and index == old_index:
            return False
        self._now = (main, path, index)
        self._changed()
        return True

    def _changed(self) -> None:
        """Tell every observer, even when one raises; then raise ObserverError if any did."""
        failed: list[tuple[Observer, Exception]] = []
        for callback in list(self._observers):
            try:
                callback(self)
            except Exception as err:  # noqa: BLE001 - reported below, after every observer was told
                failed.append((callback, err))
        if failed:
            raise ObserverError(failed) from failed[0][1]

    def legal_moves(self) -> list[Move]:
        """The legal moves in the position on show."""
        return self.game.legal_moves(self.state)

    def play(self, move: Move | str) -> Step:
        """Play a move from the position on show and show the position after it.

        If the line on show continues with this move, this steps forward along it; if a
        variation from here starts with it, this enters it; otherwise the move extends the
        line (from its last position) or starts a new variation. An illegal move raises
        (IllegalMove, NotationError) and changes nothing.
        """
        with self._lock:
            main, path, index = self._now
            node = path[index]
            step = self.game.step(node.state, move)
            child = node.child(step.move)
            if child is None:
                child = _Node(step.after, step.move, node)
                node.children.append(child)
                self._tree_changed()
                line = path[: index + 1] + (child,)
                if node is main[-1]:  # the main line grows
                    main = line
            elif index + 1 < len(path) and path[index + 1] is child:
                line = path
            else:
                line = _continue(path[: index + 1] + (child,))
            self._remember(child, step.events)
            self._now = (main, line, index + 1)
            self._changed()
            return Step(child.move, node.state, child.state, step.events)  # type: ignore[arg-type]

    def undo(self) -> bool:
        """Show the position before the one on show; False (and no change) at the start."""
        with self._lock:
            return self.goto(self.index - 1) if self.index > 0 else False

    def redo(self) -> bool:
        """Show the next position of the line on show; False at its end."""
        with self._lock:
            return self.goto(self.index + 1) if self.index < len(self._shown[0]) - 1 else False

    def goto(self, index: int) -> bool:
        """Show ply ``index`` of the line on show (0 the start; negative counts from its end)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"goto takes a whole number, got {type(index).__name__}")
        with self._lock:
            path = self._shown[0]
            if index < 0:
                index += len(path)
            if not 0 <= index < len(path):
                raise IndexError(
                    f"position {index} does not exist: the line on show has positions 0 to {len(path) - 1}"
                )
            return self._show(path, index)

    def to_mainline(self) -> bool:
        """Show the main line, at the last position the line on show shares with it (where a
        variation left it); the variation is kept. False if the main line is on show."""
        with self._lock:
            main, path, index = self._now
            differs = _differs_at(path, main)
            if differs is None:
                return False
            return self._show(main, min(index, differs - 1))

    def promote(self) -> bool:
        """Make the line on show the main line; the old main line becomes a variation. The
        position on show stays. False if the main line is on show."""
        with self._lock:
            main, path, index = self._now
            if _differs_at(path, main) is None:
                return False
            for node in path[1:]:
                siblings = node.parent.children  # type: ignore[union-attr]
                siblings.remove(node)
                siblings.insert(0, node)
            self._tree_changed()
            return self._show(path, index, main=path)

    def show_line(self, number: int, index: int | None = None) -> bool:
        """Show line ``number`` of :attr:`lines` (0 the main line) at ply ``index`` (negative
        counts from its end; by default the first position where it differs from the line on
        show). False if that position of that line is already on show."""
        if not isinstance(number, int) or isinstance(number, bool):
            raise TypeError(f"show_line takes a line's number, got {type(number).__name__}")
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise TypeError(f"the index is a whole number, got {type(index).__name__}")
        with self._lock:
            lines, _, paths = self._tree()
            if not 0 <= number < len(lines):
                raise IndexError(f"line {number} does not exist: this session has lines 0 to {len(lines) - 1}")
            path, (_, shown, at) = paths[number], self._now
            if index is None:
                same = path[-1] is shown[-1]
                index = at if same else next(k for k, (a, b) in enumerate(zip(path, shown)) if a is not b)
            elif index < 0:
                index += len(path)
            if not 0 <= index < len(path):
                raise IndexError(f"position {index} does not exist: line {number} has positions 0 to {len(path) - 1}")
            return self._show(path, index)

    def replace(self, state: Any) -> None:
        """Start again from an edited ``state`` (checked by the game's validator first). The game
        as it stood, main line, variations and all, is kept: :meth:`undo_edit` brings it back
        (the last :data:`EDITS_KEPT` edits). Use :meth:`branch` for a second session instead."""
        self.game._check_state(state)
        self.game.validate(state)
        with self._lock:
            self._edited = [*self._edited[-(EDITS_KEPT - 1) :], (self._root, self._now)]
            self._reset(_Node(state))
            self._changed()

    @property
    def edited_moves(self) -> int | None:
        """How many moves the game held that the last edit replaced (and :meth:`undo_edit`
        brings back), or None when there is no edit to undo."""
        with self._lock:
            if not self._edited:
                return None
            _root, (main, _line, _index) = self._edited[-1]
            return len(main) - 1

    def undo_edit(self) -> bool:
        """Bring back the game as it stood before the last :meth:`replace`, with its history and
        what was on show; False (and no change) when there is none."""
        with self._lock:
            if not self._edited:
                return False
            root, now = self._edited.pop()
            self._reset(root)
            self._now = now
            self._changed()
            return True

    def branch(self) -> Session:
        """A new, independent session whose main line is the line on show up to the position
        on show (without variations), shown at its end. This session does not change."""
        with self._lock:
            path, index = self._shown
            other = Session(self.game, path[0].state)
            node = other._root
            for original in path[1 : index + 1]:
                child = _Node(original.state, original.move, node)
                node.children.append(child)
                node = child
            other._reset(other._root)
            other._now = (other._main, other._main, index)
            return other

    # -- saved games -------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The session as versioned JSON: the game, its options, the start state, the main
        line's moves (as notation), each variation (the line it leaves, the number of its
        first move of its own and its moves from there), and the line and ply on show.
        :meth:`from_json` replays it exactly."""
        with self._lock:
            lines = self.lines
            variations = [
                {"from": v.parent, "differs_at": v.differs_at, "moves": [str(m) for m in v.moves[v.differs_at - 1 :]]}  # type: ignore[operator]
                for v in lines[1:]
            ]
            return json.dumps(
                {
                    "cardlab": "session",
                    "version": SESSION_VERSION,
                    "game": self.game.name,
                    "options": self.game.options,
                    "start": encode(self.start),
                    "moves": [str(m) for m in self.moves],
                    "variations": variations,
                    "line": self.line,
                    "index": self.index,
                },
                ensure_ascii=False,
                indent=1,
            )

    @classmethod
    def from_json(cls, text: str, where: str = "saved game", game: Game | None = None) -> Session:
        """Read :meth:`to_json`'s output (and the version 1 format, without variations); a
        clear :class:`StateError` for anything else. With ``game``, a saved game of another
        game (or other options) is refused too."""
        data = read_json(text, where)
        if not isinstance(data, dict) or data.get("cardlab") != "session":
            raise StateError(where, 'not a cardlab saved game (expected "cardlab": "session")')
        version = data.get("version")
        if not _whole(version) or version < 1:
            raise StateError(where, 'the "version" field is missing or not a whole number')
        if version > SESSION_VERSION:
            raise StateError(
                where,
                f"saved by a newer cardlab (format version {version}); this cardlab reads "
                f"versions 1 to {SESSION_VERSION}: upgrade cardlab",
            )
        options, moves = data.get("options"), data.get("moves")
        if not isinstance(options, dict) or not _texts(moves):
            raise StateError(where, 'the "options" or "moves" field is missing or malformed')
        variations = data.get("variations", []) if version >= 2 else []
        if not isinstance(variations, list):
            raise StateError(where, 'the "variations" field must be a list')
        try:
            saved = make_game(data.get("game"), **options)  # type: ignore[arg-type]  # (it refuses a non-name)
        except (TypeError, ValueError) as err:
            raise StateError(where, f"unknown game or options: {err}") from None
        if game is not None and saved != game:
            raise StateError(where, f"this file holds a game of {saved!r}, not of {game!r}")
        start = decode(saved.state_class, data.get("start"), "start")
        saved._check_options(start)
        saved.validate(start)
        session = cls(saved, start)
        paths = [_replay(saved, (session._root,), moves, where)]
        heads = [0]  # the ply of each line's first position of its own
        for number, variation in enumerate(variations, start=1):
            path, head = _read_variation(saved, paths, heads, number, variation, where)
            paths.append(path)
            heads.append(head)
        line = data.get("line", 0) if version >= 2 else 0
        if not _whole(line) or not 0 <= line < len(paths):
            raise StateError(where, f'"line" must be a whole number from 0 to {len(paths) - 1}')
        index = data.get("index")
        if not _whole(index) or not 0 <= index < len(paths[line]):
            raise StateError(where, f'"index" must be a whole number from 0 to {len(paths[line]) - 1}')
        session._reset(session._root)
        session._now = (session._main, paths[line], index)
        return session

    def save(self, path: str | os.PathLike) -> None:
        """Write the session to ``path`` atomically: a temporary file beside it, then a rename,
        so an interrupted save leaves the previous file intact.

        A file that exists keeps its permissions (a new one gets the usual ones, as ``open``
        would make it); a symbolic link is followed and its target written. Temporary files
        that an interrupted save left in that folder (``.cardlab-*.tmp``) are removed.
        """
        target = os.path.realpath(os.fspath(path))
        folder = os.path.dirname(target)
        if os.path.isdir(target):
            raise IsADirectoryError(f"cannot save to {os.fspath(path)}: it is a folder; give a file name")
        if not os.path.isdir(folder):
            raise FileNotFoundError(f"cannot save to {os.fspath(path)}: there is no folder {folder}")
        text = self.to_json()
        _remove_stray_temporaries(folder)
        try:
            _write_atomically(target, folder, text)
        except FileNotFoundError:  # another save's cleaning took the temporary file (a rare race): again
            _write_atomically(target, folder, text)

    @classmethod
    def load(cls, path: str | os.PathLike, game: Game | None = None) -> Session:
        """Read a session written by :meth:`save`. A truncated, corrupted, wrong-game (when
        ``game`` is given) or future-version file raises :class:`StateError` naming the file
        and the problem."""
        target = os.fspath(path)
        handle = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a pipe does not block the opening
        try:
            with open(handle, encoding="utf-8") as file:
                if not stat.S_ISREG(os.fstat(handle).st_mode):
                    raise StateError(target, "not a cardlab saved game (not a regular file)")
                text = file.read(MAX_SAVED_CHARS + 1)
        except UnicodeDecodeError:
            raise StateError(target, "not a cardlab saved game (not UTF-8 text)") from None
        if len(text) > MAX_SAVED_CHARS:
            raise StateError(target, f"not a cardlab saved game (more than {MAX_SAVED_CHARS:,} characters)")
        return cls.from_json(text, where=target, game=game)

    # -- reading -----------------------------------------------------------------------------------

    def narration(self, viewer: int | None = None) -> list[str]:
        """One line per move of the main line: the move and what it caused, as ``viewer`` may
        read it (None: the teacher, who reads everything; a player reads ``??`` for cards they
        may not see, and only the events meant for them)."""
        with self._lock:  # the three of one main line, whatever another thread plays meanwhile
            states, moves, events = self.states, self.moves, self.events
        lines = []
        for i, move in enumerate(moves):
            text = move_text(self.game, Step(move, states[i], states[i + 1], events[i + 1]), viewer)
            lines.append(f"{i + 1}. {text}: " + " ".join(e.text for e in events[i + 1] if e.visible_to(viewer)))
        return lines

    def __repr__(self) -> str:
        main, path, index = self._now
        differs = _differs_at(path, main)
        where = "" if differs is None else f" of a variation from move {differs}"
        count = len(self.variations)
        extra = f", {count} variation{'s' if count > 1 else ''}" if count else ""
        return f"<Session {self.game.name}: {len(main) - 1} moves{extra}, showing state {index}{where}>"


def _differs_at(path: Path, main: Path) -> int | None:
    for ply, node in enumerate(path):
        if ply >= len(main) or main[ply] is not node:
            return ply
    return None if len(path) == len(main) else len(main)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _texts(value: Any) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(m, str) for m in value)


def _replay(game: Game, path: Path, moves: list[str], where: str, first: int = 1) -> Path:
    """``path`` continued by ``moves`` (notation), each a new node; ``first`` is the number of
    the first of them (for messages)."""
    nodes = list(path)
    for number, text in enumerate(moves, start=first):
        node = nodes[-1]
        try:  # the narration is worked out when it is read
            move = game.move(text)
            after = game.play(node.state, move)
        except ValueError as err:
            raise StateError(f"{where}, move {number}", str(err)) from None
        child = _Node(after, move, node)
        node.children.append(child)
        nodes.append(child)
    return tuple(nodes)


def _read_variation(
    game: Game, paths: list[Path], heads: list[int], number: int, data: Any, where: str
) -> tuple[Path, int]:
    """Variation ``number`` of a saved game, added to the tree: its path from the start, and
    the ply of its first position of its own."""
    here = f"{where}, variation {number}"
    if not isinstance(data, dict) or not _texts(data.get("moves")) or not data["moves"]:
        raise StateError(
            here, 'a variation is {"from": line, "differs_at": move number, "moves": [...]}, with at least one move'
        )
    parent, differs = data.get("from"), data.get("differs_at")
    if not _whole(parent) or not 0 <= parent < number:
        raise StateError(here, f'"from" must name an earlier line: a whole number from 0 to {number - 1}')
    path, lowest = paths[parent], heads[parent] + 1  # a variation leaves its line's own part
    if not _whole(differs) or not lowest <= differs < len(path):
        raise StateError(
            here, f'"differs_at" must be the number of a move of line {parent}, from {lowest} to {len(path) - 1}'
        )
    branch = path[differs - 1]
    first = _move_or_none(game, data["moves"][0])
    if first is not None and branch.child(first) is not None:
        raise StateError(
            here, f"it starts with {first}, a move already played there: a variation starts with a move of its own"
        )
    return _replay(game, path[:differs], data["moves"], here, first=differs), differs


def _move_or_none(game: Game, text: str) -> Move | None:
    try:
        return game.move(text)
    except ValueError:
        return None  # _replay reports it, with the move's number


def _write_atomically(target: str, folder: str, text: str) -> None:
    """Write ``text`` to a locked temporary file in ``folder``, with ``target``'s permissions
    if it exists, then rename it to ``target``."""
    temporary = os.path.join(folder, f"{TEMP_PREFIX}{secrets.token_hex(8)}{TEMP_SUFFIX}")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for open()
    try:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)  # tells other saves that this file is in use
        with contextlib.suppress(FileNotFoundError):
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)
        with os.fdopen(handle, "w", encoding="utf-8", closefd=fcntl is None) as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, target)  # with the lock still held where there are locks
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    finally:
        if fcntl is not None:
            os.close(handle)


def _remove_stray_temporaries(folder: str) -> None:
    """Remove the temporary files of saves that were interrupted (the process ended during a
    save). A save in progress holds a lock on its file and is left alone; without file
    locks, only files older than :data:`STRAY_AGE` are removed."""
    try:
        names = [n for n in os.listdir(folder) if n.startswith(TEMP_PREFIX) and n.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        stray = os.path.join(folder, name)
        with contextlib.suppress(OSError):
            if fcntl is None:
                if time.time() - os.stat(stray).st_mtime > STRAY_AGE:
                    os.unlink(stray)
                continue
            handle = os.open(stray, os.O_RDONLY)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if a save holds it
                os.unlink(stray)
            finally:
                os.close(handle)
