"""The :class:`Session`: a game in progress, the position on show, and every change to it (a
move played, a step along a line, a variation made the main line, an edit), each made under the
session's lock and told to its observers. The tree of lines, the observers, the seats held and
the saved games are each a module of their own beside this one."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

from ..engine import Event, Game, Move, Step, move_text
from .files import write_atomically
from .observers import Observer, Observers
from .saved import read_saved, read_saved_file, saved_json
from .seats import Seats
from .tree import Line, Lines, Node, Path, continue_line, first_difference, read_lines

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
        self._observers = Observers(self._lock)
        self._seats = Seats()
        #: The games an edit replaced, latest last, each as it stood (its tree and what was on
        #: show): :meth:`undo_edit` brings the latest back.
        self._edited: list[tuple[Node, tuple[Path, Path, int]]] = []
        self._reset(Node(start))

    def _reset(self, root: Node) -> None:
        self._root = root
        # the narration of the moves read lately: id(node) -> (node, events), oldest first
        self._narration: dict[int, tuple[Node, tuple[Event, ...]]] = {}
        main = continue_line((root,))
        # The main line, the line on show and the ply on show, replaced together as one value,
        # so that a reader in another thread always sees the three of them agree.
        self._now: tuple[Path, Path, int] = (main, main, 0)
        self._tree_changed()

    def _tree_changed(self) -> None:
        self._lines: Lines | None = None
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

    def _events_of(self, node: Node) -> tuple[Event, ...]:
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

    def _remember(self, node: Node, events: tuple[Event, ...]) -> None:
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
        return first_difference(path, main)

    # -- lines -----------------------------------------------------------------------------------

    def _tree(self) -> Lines:
        """Every line, main line first (see :func:`read_lines`), read once per change of the tree."""
        with self._lock:
            if self._lines is None:
                self._lines = read_lines(self._root, self._events_of)
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
        return self._observers.add(callback)

    # -- seats held by people --------------------------------------------------------------------

    def hold_seat(self, seat: int, holder: object) -> None:
        """Mark ``seat`` as played by a person, held by ``holder`` (a player's table holds its own
        seat while it is open): computer players leave it alone. A holder holds one seat at a
        time, until :meth:`release_seat`; a seat may have several holders (two tables of one
        player) and is free once they all let it go. Observers are told when a seat becomes
        held or free, as of every change."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.players:
            raise ValueError(f"hold_seat: a seat is a player number from 0 to {self.game.players - 1}; got {seat!r}")
        with self._lock:
            if self._seats.hold(seat, holder):
                self._changed()

    def release_seat(self, holder: object) -> None:
        """Let go of the seat ``holder`` holds (nothing happens if it holds none)."""
        with self._lock:
            if self._seats.release(holder):
                self._changed()

    @property
    def held_seats(self) -> frozenset[int]:
        """The seats people hold (:meth:`hold_seat`): no computer player plays them."""
        with self._lock:
            return self._seats.held

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
        self._observers.tell(self)

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
                child = Node(step.after, step.move, node)
                node.children.append(child)
                self._tree_changed()
                line = path[: index + 1] + (child,)
                if node is main[-1]:  # the main line grows
                    main = line
            elif index + 1 < len(path) and path[index + 1] is child:
                line = path
            else:
                line = continue_line(path[: index + 1] + (child,))
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
            differs = first_difference(path, main)
            if differs is None:
                return False
            return self._show(main, min(index, differs - 1))

    def promote(self) -> bool:
        """Make the line on show the main line; the old main line becomes a variation. The
        position on show stays. False if the main line is on show."""
        with self._lock:
            main, path, index = self._now
            if first_difference(path, main) is None:
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
            self._reset(Node(state))
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
                child = Node(original.state, original.move, node)
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
            return saved_json(self.game, self.start, self.lines, self.line, self.index)

    @classmethod
    def from_json(cls, text: str, where: str = "saved game", game: Game | None = None) -> Session:
        """Read :meth:`to_json`'s output (and the version 1 format, without variations); a
        clear :class:`StateError` for anything else. With ``game``, a saved game of another
        game (or other options) is refused too."""
        saved = read_saved(text, where, game)
        session = cls(saved.game, saved.root.state)
        session._reset(saved.root)
        session._now = (session._main, saved.shown, saved.ply)
        return session

    def save(self, path: str | os.PathLike) -> None:
        """Write the session to ``path`` atomically: a temporary file beside it, then a rename,
        so an interrupted save leaves the previous file intact.

        A file that exists keeps its permissions (a new one gets the usual ones, as ``open``
        would make it); a symbolic link is followed and its target written. Temporary files
        that an interrupted save left in that folder (``.cardlab-*.tmp``) are removed.
        """
        write_atomically(path, self.to_json())

    @classmethod
    def load(cls, path: str | os.PathLike, game: Game | None = None) -> Session:
        """Read a session written by :meth:`save`. A truncated, corrupted, wrong-game (when
        ``game`` is given) or future-version file raises :class:`StateError` naming the file
        and the problem."""
        return cls.from_json(read_saved_file(path), where=os.fspath(path), game=game)

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
        differs = first_difference(path, main)
        where = "" if differs is None else f" of a variation from move {differs}"
        count = len(self.variations)
        extra = f", {count} variation{'s' if count > 1 else ''}" if count else ""
        return f"<Session {self.game.name}: {len(main) - 1} moves{extra}, showing state {index}{where}>"
