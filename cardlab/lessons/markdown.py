"""The Markdown reader of lessons: the title, the lesson's fenced blocks and the prose between
them, found by the lesson parser (:mod:`cardlab.lessons.commonmark`, CommonMark), and the
``key: value`` lines of a block.

A fence opens and closes as CommonMark says, and the widgets draw the commentary with the same
parser, so both read the same blocks. Every pattern here is matched in time linear in the
line's length.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from markdown_it.token import Token

from ..errors import QUOTE_CHARS, quoted
from .commonmark import BLOCKS_ONLY, COMMENT_CLOSE, COMMENT_OPEN, MAX_NESTING
from .model import Problems
from .readers import cut

#: The fenced blocks a lesson is made of (any other fenced block is part of the commentary).
BLOCKS = ("lesson", "state", "deal", "moves", "question")
#: The tokens of code, whose lines are kept as they are (a ``<!--`` in them is code).
_CODE = ("fence", "code_block")
#: The tokens that open blocks holding blocks: the parser does not read what they hold deeper
#: than :data:`~cardlab.lessons.commonmark.MAX_NESTING` (the rest of a list is then lost too).
_CONTAINERS = ("blockquote_open", "list_item_open")


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the file: its number (from 1) and its text."""

    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Block:
    """A lesson block: its kind (one of :data:`BLOCKS`), the line of its opening fence, its lines."""

    kind: str
    line: int
    body: tuple[Line, ...]


@dataclass(slots=True)
class DraftQuestion:
    """A ```question block, with the prose after it (its explanation)."""

    block: Block
    explanation: list[Line] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Prose:
    """Commentary lines between blocks (a code example in another fenced block included)."""

    lines: tuple[Line, ...]


def scan(text: str, problems: Problems) -> tuple[str | None, list[Block | Prose]]:
    """Split Markdown into the title (the first ``# heading``), lesson blocks and prose.

    A lesson block is a fenced block, outside any list or quote, whose info string is one of
    :data:`BLOCKS`; any other fenced block (```python) stays in the prose. HTML comments
    (``<!-- ... -->``) are notes for the writer: they are dropped, and a fence inside one does
    not count. A comment that starts a line runs up to its ``-->``; one inside a paragraph
    closes in that paragraph.
    """
    lines = text.splitlines()
    reader = _Reader(lines, problems)
    tokens = BLOCKS_ONLY.parse("\n".join(lines))
    reader.code = {n for t in tokens if t.type in _CODE and t.level and t.map for n in range(*t.map)}
    deep = next((t.map[0] for t in tokens if t.type in _CONTAINERS and t.level >= MAX_NESTING - 1 and t.map), None)
    for i, token in enumerate(tokens):
        if token.level or token.map is None:
            continue  # inside an outermost block, or the end of one
        if deep is not None and deep < token.map[1]:
            reader.prose_to(token.map[0])
            problems.add(deep + 1, "the lists and quotes here nest too deep to be read: nest them less deep")
            break
        heading = tokens[i + 1].content if token.type == "heading_open" else ""
        if not reader.read(token, heading):
            break
    else:
        reader.prose_to(len(lines))
    return reader.title, reader.items()


class _Reader:
    """Reads the parser's outermost blocks, in order, into the title, lesson blocks and prose."""

    def __init__(self, lines: list[str], problems: Problems) -> None:
        self.lines, self.problems = lines, problems
        self.title: str | None = None
        self.code: set[int] = set()  # the lines of code inside lists and quotes
        self.done: list[Block | Prose] = []
        self.prose: list[Line] = []
        self.at = 0  # the first line not read yet

    def items(self) -> list[Block | Prose]:
        return [*self.done, Prose(tuple(self.prose))] if self.prose else self.done

    def read(self, token: Token, heading: str) -> bool:
        """Read the outermost block ``token`` (``heading``: its text, for a heading); False
        when the rest of the text cannot be read (a fence never closed)."""
        start, end = token.map  # type: ignore[misc]
        self.prose_to(start)
        self.at = end
        if token.type == "fence":
            return self._fence(token, start, end)
        if token.type == "code_block":
            self.prose += self._raw(start, end)
        elif self.title is None and token.type == "heading_open" and token.markup == "#":
            self._visible(start, end)  # a comment it leaves open is a problem
            self.title = _uncommented(heading, start + 1)[0].strip(" \t")
        else:
            self.prose += self._visible(start, end)
        return True

    def prose_to(self, end: int) -> None:
        """The lines up to ``end`` not read yet (blank lines, link definitions) are prose."""
        if end > self.at:
            self.prose += self._visible(self.at, end)
            self.at = end

    def _fence(self, token: Token, start: int, end: int) -> bool:
        words = token.info.split()
        info = words[0].lower() if words else ""
        closed = end - 1 > start and _closes(self.lines[end - 1], token.markup)
        if not closed:
            self.problems.add(
                start + 1,
                f"the ```{cut(info)} block opened here is never closed: end it with a line {_closer(token.markup)}",
            )
            return False
        if info not in BLOCKS:  # a code example in the commentary, kept as it is
            self.prose += self._raw(start, end)
            return True
        if self.prose:
            self.done.append(Prose(tuple(self.prose)))
            self.prose = []
        self.done.append(Block(info, start + 1, tuple(self._raw(start + 1, end - 1))))
        return True

    def _raw(self, start: int, end: int) -> list[Line]:
        return [Line(n + 1, self.lines[n]) for n in range(start, end)]

    def _visible(self, start: int, end: int) -> list[Line]:
        """Lines ``start`` to ``end`` without their comments (a line that was only a comment is
        dropped); a comment still open at ``end`` is a problem."""
        out: list[Line] = []
        opened = 0  # the line an open comment started on, or 0
        for n in range(start, end):
            raw = self.lines[n]
            if n in self.code:
                out.append(Line(n + 1, raw))
                continue
            visible, opened = _uncommented(raw, n + 1, opened)
            if visible == raw or visible.strip():
                out.append(Line(n + 1, visible))
        if opened:
            self.problems.add(
                opened, f"the HTML comment opened here ('{COMMENT_OPEN}') is never closed ('{COMMENT_CLOSE}')"
            )
        return out


def _uncommented(raw: str, number: int, comment_from: int = 0) -> tuple[str, int]:
    """The text of ``raw`` (line ``number``) outside HTML comments, and the line an open comment
    started on (0: none), given the one open before it (``comment_from``)."""
    if not comment_from and COMMENT_OPEN not in raw:
        return raw, 0
    out: list[str] = []
    at = 0
    while at < len(raw):
        if comment_from:
            end = raw.find(COMMENT_CLOSE, at)
            if end < 0:
                return "".join(out), comment_from
            at, comment_from = end + len(COMMENT_CLOSE), 0
        else:
            start = raw.find(COMMENT_OPEN, at)
            if start < 0:
                out.append(raw[at:])
                break
            out.append(raw[at:start])
            at, comment_from = start + len(COMMENT_OPEN), number
    return "".join(out), comment_from


def _closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes ``fence``: up to three spaces, at least as many of the fence's
    characters, then only spaces and tabs."""
    body = line.lstrip(" ")
    run = len(body) - len(body.lstrip(fence[0]))
    return len(line) - len(body) <= 3 and run >= len(fence) and not body[run:].strip(" \t")


def _closer(fence: str) -> str:
    """The line that closes ``fence``, in words when it is long."""
    if len(fence) <= QUOTE_CHARS:
        return fence
    return f"of at least {len(fence):,} {'backticks' if fence[0] == '`' else 'tildes'}"


@dataclass(slots=True)
class Field:
    """A ``key: value`` line of a block, with the lines that continue it."""

    key: str  # lower case, spaces folded: "play", "feedback", "change", an option's name
    argument: str  # what follows the first word of the key: "defend 4D" in "feedback defend 4D"
    line: int
    parts: list[str] = field(default_factory=list)  # the value, then each continuation line

    @property
    def value(self) -> str:
        return " ".join(part for part in self.parts if part)


_COMMENT = re.compile(r"(?:^|\s)#.*$")


def without_comment(text: str) -> str:
    """``text`` without its comment: from a ``#`` at the start or after a space to the end."""
    return _COMMENT.sub("", text)


def fields(block: Block, problems: Problems, repeatable: tuple[str, ...] = ()) -> list[Field]:
    """The ``key: value`` lines of a block. ``#`` after a space starts a comment; a line that
    starts with a space continues the value above it. A key is given once, unless it is one of
    ``repeatable`` (or is followed by an argument, as in ``feedback <answer>``)."""
    found: list[Field] = []
    first: dict[str, int] = {}
    for line in block.body:
        text = without_comment(line.text).rstrip()
        if not text.strip():
            continue
        if text[0] in " \t" and found:
            found[-1].parts.append(text.strip())
            continue
        key, colon, value = text.partition(":")
        if not colon or not key.strip():
            problems.add(line.number, f"expected 'key: value' in the {block.kind} block, got {quoted(text.strip())}")
            continue
        words = key.split()
        field_ = Field(" ".join(words).lower(), " ".join(words[1:]), line.number, [value.strip()])
        if field_.key in first and field_.key not in repeatable:
            problems.add(line.number, f"{quoted(key.strip())} is given twice (first on line {first[field_.key]})")
            continue
        first.setdefault(field_.key, line.number)
        found.append(field_)
    return found


def prose_text(lines: Iterable[Line]) -> str:
    """Commentary lines as one text: blank lines at either end removed, paragraphs kept."""
    texts = [line.text.rstrip() for line in lines]
    start = next((i for i, text in enumerate(texts) if text.strip()), len(texts))
    end = next((i for i in range(len(texts), start, -1) if texts[i - 1].strip()), start)
    return "\n".join(texts[start:end])
