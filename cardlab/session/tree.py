"""The tree of a session's lines: each position a node, the moves played from it its children
(the first continues the line it is on, the others start variations), and the lines read off it
in the order of a PGN file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, cast

from ..engine import Event, Move, Step


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


class Node:
    """A position of the tree: the move that led to it and the moves played from it
    (``children[0]`` continues the line it is on; the others start variations). What the move
    caused, its narration, is not kept here: the session works it out when it is read."""

    __slots__ = ("state", "move", "parent", "children", "ply")

    def __init__(self, state: Any, move: Move | None = None, parent: Node | None = None) -> None:
        self.state, self.move, self.parent = state, move, parent
        self.children: list[Node] = []
        self.ply: int = 0 if parent is None else parent.ply + 1

    def child(self, move: Move) -> Node | None:
        return next((c for c in self.children if c.move == move), None)


Path = tuple[Node, ...]
#: The lines of a tree (see :func:`read_lines`): each :class:`Line`, the line number of each
#: line's last node (by its id), and each line's nodes.
Lines = tuple[tuple[Line, ...], dict[int, int], list[Path]]


def continue_line(path: Path) -> Path:
    """``path`` followed along the first moves after its last node, to the end of its line."""
    tail = []
    node = path[-1]
    while node.children:
        node = node.children[0]
        tail.append(node)
    return path + tuple(tail)


def path_to(node: Node) -> Path:
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node.parent  # type: ignore[assignment]
    return tuple(reversed(nodes))


def first_difference(path: Path, main: Path) -> int | None:
    """The ply of the first node of ``path`` that is not on ``main`` (the number of the first
    move of its own), or None when ``path`` is ``main``."""
    for ply, node in enumerate(path):
        if ply >= len(main) or main[ply] is not node:
            return ply
    return None if len(path) == len(main) else len(main)


def read_lines(root: Node, narrate: Callable[[Node], tuple[Event, ...]]) -> Lines:
    """Every line of the tree from ``root``, main line first, each variation followed by the
    variations that leave it (the order of a PGN file); the line number of each line's last
    node; each line's nodes. A line's events are ``narrate(node)`` of its nodes, when read."""
    lines: list[Line] = []
    leaves: dict[int, int] = {}
    paths: list[Path] = []
    pending: list[Iterator[tuple[Node, int | None]]] = [iter([(root, None)])]
    while pending:
        try:
            head, parent = next(pending[-1])
        except StopIteration:
            pending.pop()
            continue
        number = len(lines)
        path = continue_line(path_to(head))
        differs = None if parent is None else head.ply
        lines.append(
            Line(
                parent,
                differs,
                tuple(cast(Move, n.move) for n in path[1:]),  # (each reached by its move)
                tuple(n.state for n in path),
                narrate=lambda k, path=path: narrate(path[k]),  # type: ignore[misc]
            )
        )
        leaves[id(path[-1])] = number
        paths.append(path)
        pending.append(iter([(c, number) for n in path[head.ply :] for c in n.children[1:]]))
    return tuple(lines), leaves, paths
