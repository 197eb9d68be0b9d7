"""Saved games: a session as versioned JSON (the game, its options, the start, the main line
and every variation, and what was on show), read back exactly, with a clear
:class:`~cardlab.errors.StateError` for anything else, from text or from a file."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeGuard

from ..engine import Game, Move, decode, encode, read_json
from ..errors import StateError
from ..games import game as make_game
from .tree import Line, Node, Path

#: The version of the saved-game format: 2 keeps the variations (version 1, the main line
#: only, is still read).
SESSION_VERSION = 2
#: The longest saved game read, in characters (a long game with many variations is some kB).
MAX_SAVED_CHARS = 10_000_000


def saved_json(game: Game, start: Any, lines: Sequence[Line], line: int, index: int) -> str:
    """The saved game of a session of ``game`` from ``start`` with these ``lines`` (the main
    line first), showing ply ``index`` of line ``line``: the main line's moves as notation, and
    each variation as the line it leaves, the number of its first move of its own and its moves
    from there."""
    variations = [
        {"from": v.parent, "differs_at": v.differs_at, "moves": [str(m) for m in v.moves[v.differs_at - 1 :]]}  # type: ignore[operator]
        for v in lines[1:]
    ]
    return json.dumps(
        {
            "cardlab": "session",
            "version": SESSION_VERSION,
            "game": game.name,
            "options": game.options,
            "start": encode(start),
            "moves": [str(m) for m in lines[0].moves],
            "variations": variations,
            "line": line,
            "index": index,
        },
        ensure_ascii=False,
        indent=1,
    )


class SavedGame(NamedTuple):
    """A saved game read back: its game, the tree of its lines (from ``root``), and the line on
    show (its nodes from the start) with the ply on show."""

    game: Game
    root: Node
    shown: Path
    ply: int  # (not ``index``: a tuple's own method)


def read_saved(text: str, where: str = "saved game", game: Game | None = None) -> SavedGame:
    """Read :func:`saved_json`'s output (and the version 1 format, without variations); a
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
    saved._check_state(start)
    root = Node(start)
    paths = [_replay(saved, (root,), moves, where)]
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
    return SavedGame(saved, root, paths[line], index)


def read_saved_file(path: str | os.PathLike) -> str:
    """The text of a saved game's file (at most :data:`MAX_SAVED_CHARS` characters); a
    :class:`StateError` naming the file for one that is not a regular file of UTF-8 text."""
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
    return text


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
        child = Node(after, move, node)
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
