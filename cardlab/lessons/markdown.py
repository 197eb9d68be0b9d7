"""The Markdown reader of lessons: one linear pass over the lines, into the title, the lesson's
fenced blocks and the prose between them, and the ``key: value`` lines of a block.

Every pattern here is matched in time linear in the line's length: no pattern has two unbounded
quantifiers that can match the same characters one after the other, and what a pattern of that
kind would do (a heading's closing ``#`` sequence, a fence's info string) is done with string
methods instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import QUOTE_CHARS, quoted
from .model import Problems
from .readers import cut

#: The fenced blocks a lesson is made of (any other fenced block is part of the commentary).
BLOCKS = ("lesson", "state", "deal", "moves", "question")


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


#: The start of a fence: up to three spaces, then three or more backticks or tildes.
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
#: A fence's info string: after spaces and tabs, the first word (up to a space or a backtick).
_INFO = re.compile(r"[ \t]*([^\s`]*)")
#: The start of a level-1 heading: up to three spaces, ``#``, then a space or a tab.
_HEADING = re.compile(r" {0,3}#[ \t]")


def scan(text: str, problems: Problems) -> tuple[str | None, list[Block | Prose]]:
    """Split Markdown into the title (the first ``# heading``), lesson blocks and prose.

    HTML comments (``<!-- ... -->``) are notes for the writer: they are dropped, and a fence
    inside one does not count. A fenced block of another kind (```python) stays in the prose.
    """
    lines = text.splitlines()
    items: list[Block | Prose] = []
    prose: list[Line] = []
    title: str | None = None
    comment_from = 0  # the line an unclosed HTML comment opened on, or 0
    i = 0
    while i < len(lines):
        number, raw = i + 1, lines[i]
        visible, comment_from = _uncomment(raw, number, comment_from)
        fence = _fence(raw) if visible == raw else None
        if fence is None:
            heading = title_of(visible) if title is None else None
            if heading is not None:
                title = heading
            elif visible.strip() or visible == raw:
                prose.append(Line(number, visible))
            i += 1
            continue
        marker, info = fence
        close = _closing(lines, i, marker)
        if close is None:
            problems.add(
                number, f"the ```{cut(info)} block opened here is never closed: end it with a line {_closer(marker)}"
            )
            break
        if info in BLOCKS:
            if prose:
                items.append(Prose(tuple(prose)))
                prose = []
            items.append(Block(info, number, tuple(Line(n + 1, lines[n]) for n in range(i + 1, close))))
        else:  # a code example in the commentary, kept as it is
            prose += [Line(n + 1, lines[n]) for n in range(i, close + 1)]
        i = close + 1
    if comment_from:
        problems.add(comment_from, "the HTML comment opened here ('<!--') is never closed ('-->')")
    if prose:
        items.append(Prose(tuple(prose)))
    return title, items


def title_of(line: str) -> str | None:
    """The text of a level-1 heading (``# Forced Defense``, ``# Forced Defense #``), or None.

    The heading's text runs from the first character after the ``#`` and its spaces to the last
    one before trailing spaces and a closing sequence of ``#`` (which follows a space or a tab).
    A heading of spaces only is its last space.
    """
    start = _HEADING.match(line)
    if start is None:
        return None
    rest = line[start.end() - 1 :]  # from the space or tab after the '#'
    text = rest.lstrip(" \t")
    if not text:
        return rest[-1] if len(rest) > 1 else None
    text = text.rstrip(" \t")
    bare = text.rstrip("#")
    if bare != text and bare[-1:] in (" ", "\t"):
        text = bare.rstrip(" \t")
    return text


def _fence(line: str) -> tuple[str, str] | None:
    """The fence a line opens (its run of backticks or tildes) and its info string, lower case;
    None when the line opens no fence (a line with a backtick after the fence opens none)."""
    start = _FENCE.match(line)
    if start is None or "`" in line[start.end() :]:
        return None
    info = _INFO.match(line, start.end())
    return start.group(1), info.group(1).lower()  # type: ignore[union-attr]


def _closing(lines: list[str], opening: int, fence: str) -> int | None:
    """The index of the line that closes the fence opened at ``opening``: up to three spaces,
    at least as many of the fence's characters, then only spaces and tabs."""
    for j in range(opening + 1, len(lines)):
        line = lines[j]
        body = line.lstrip(" ")
        if len(line) - len(body) > 3:
            continue
        run = len(body) - len(body.lstrip(fence[0]))
        if run >= len(fence) and not body[run:].strip(" \t"):
            return j
    return None


def _closer(fence: str) -> str:
    """The line that closes ``fence``, in words when it is long."""
    if len(fence) <= QUOTE_CHARS:
        return fence
    return f"of at least {len(fence):,} {'backticks' if fence[0] == '`' else 'tildes'}"


def _uncomment(raw: str, number: int, comment_from: int) -> tuple[str, int]:
    """The text of ``raw`` outside HTML comments, and where an open comment started (0: none)."""
    if not comment_from and "<!--" not in raw:
        return raw, 0
    out, at = [], 0
    while at < len(raw):
        if comment_from:
            end = raw.find("-->", at)
            if end < 0:
                return "".join(out), comment_from
            at, comment_from = end + 3, 0
        else:
            start = raw.find("<!--", at)
            if start < 0:
                out.append(raw[at:])
                break
            out.append(raw[at:start])
            at, comment_from = start + 4, number
    return "".join(out), comment_from


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
