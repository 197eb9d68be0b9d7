"""A lesson's commentary, written in Markdown, as the widgets show it.

The browser is never sent markup: :func:`blocks` reads the Markdown a lesson uses
(paragraphs, ``**bold**``, ``*italic*``, ```code```, lists, quotes, headings, fenced code and
tables, kept as they are written) into small JSON blocks whose text the front end inserts as
text. :func:`html_text` draws the same blocks as escaped HTML for the static picture. Card
codes in the text (``4H``) are written with their suit symbols (``4♥``), as everywhere else.

This module does not import anywidget.
"""

from __future__ import annotations

import html
import re
from typing import Any

from .viewmodel import pretty

#: A span of text: its style ("" plain, "strong", "em" or "code") and its text.
Span = list[str]
Block = dict[str, Any]

_INLINE = re.compile(
    r"\*\*(?P<strong>.+?)\*\*"
    r"|__(?P<strong2>.+?)__"
    r"|`(?P<code>[^`]+)`"
    r"|\*(?P<em>[^\s*](?:[^*]*?[^\s*])?)\*"
    r"|(?<![\w])_(?P<em2>[^\s_](?:[^_]*?[^\s_])?)_(?![\w])"
    r"|\[(?P<link>[^\]]+)\]\([^)]*\)"
)
_BULLET = re.compile(r"^\s{0,3}[-*+]\s+(?P<text>.*)$")
_NUMBERED = re.compile(r"^\s{0,3}\d{1,9}[.)]\s+(?P<text>.*)$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<text>.*?)(?:\s+#+)?\s*$")
_QUOTE = re.compile(r"^\s{0,3}>\s?(?P<text>.*)$")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def spans(text: str) -> list[Span]:
    """Inline Markdown as spans; a link keeps its words (the address is dropped)."""
    out: list[Span] = []
    last = 0
    for match in _INLINE.finditer(text):
        if match.start() > last:
            out.append(["", pretty(text[last : match.start()])])
        kind = next(name for name, value in match.groupdict().items() if value is not None)
        value = match.group(kind)
        style = {"strong2": "strong", "em2": "em", "link": ""}.get(kind, kind)
        out.append([style, value if style == "code" else pretty(value)])
        last = match.end()
    if last < len(text):
        out.append(["", pretty(text[last:])])
    return out


def blocks(markdown: str) -> list[Block]:
    """The commentary as blocks: ``{"kind": "p" | "h" | "quote", "spans"}``,
    ``{"kind": "ul" | "ol", "items": [spans, ...]}`` and ``{"kind": "pre", "text"}`` (fenced
    code and tables, as written)."""
    out: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        fence = _FENCE.match(line)
        if fence:
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence.group(1))), len(lines))
            out.append({"kind": "pre", "text": "\n".join(lines[i + 1 : end])})
            i = end + 1
            continue
        if line.lstrip().startswith("|"):
            end = _run_end(lines, i, lambda text: text.lstrip().startswith("|"))
            out.append({"kind": "pre", "text": pretty("\n".join(lines[i:end]))})
            i = end
            continue
        heading = _HEADING.match(line)
        if heading:
            out.append({"kind": "h", "spans": spans(heading.group("text"))})
            i += 1
            continue
        for kind, pattern in (("ul", _BULLET), ("ol", _NUMBERED)):
            if pattern.match(line):
                items, i = _items(lines, i, pattern)
                out.append({"kind": kind, "items": [spans(item) for item in items]})
                break
        else:
            if _QUOTE.match(line):
                end = _run_end(lines, i, lambda text: bool(_QUOTE.match(text)))
                text = " ".join(_QUOTE.match(t).group("text").strip() for t in lines[i:end])  # type: ignore[union-attr]
                out.append({"kind": "quote", "spans": spans(text)})
                i = end
                continue
            end = _run_end(lines, i, _paragraph_line)
            out.append({"kind": "p", "spans": spans(" ".join(t.strip() for t in lines[i:end]))})
            i = end
    return out


def _paragraph_line(text: str) -> bool:
    return (
        bool(text.strip())
        and not any(p.match(text) for p in (_BULLET, _NUMBERED, _HEADING, _QUOTE, _FENCE))
        and not text.lstrip().startswith("|")
    )


def _run_end(lines: list[str], start: int, keeps: Any) -> int:
    end = start + 1
    while end < len(lines) and keeps(lines[end]):
        end += 1
    return end


def _items(lines: list[str], start: int, pattern: re.Pattern[str]) -> tuple[list[str], int]:
    """A list's items (a line that starts with spaces continues the item above) and where it ends."""
    items: list[str] = []
    i = start
    while i < len(lines):
        match = pattern.match(lines[i])
        if match:
            items.append(match.group("text").strip())
        elif lines[i].startswith((" ", "\t")) and lines[i].strip() and items:
            items[-1] += " " + lines[i].strip()
        else:
            break
        i += 1
    return items, i


_TAGS = {"": None, "strong": "b", "em": "i", "code": "code"}


def _spans_html(items: list[Span]) -> str:
    out = []
    for style, text in items:
        tag = _TAGS[style]
        out.append(html.escape(text) if tag is None else f"<{tag}>{html.escape(text)}</{tag}>")
    return "".join(out)


def html_text(items: list[Block]) -> str:
    """The blocks as HTML (every text escaped), for the static picture."""
    out = []
    for block in items:
        kind = block["kind"]
        if kind == "pre":
            out.append(f"<pre>{html.escape(block['text'])}</pre>")
        elif kind in ("ul", "ol"):
            out.append(f"<{kind}>" + "".join(f"<li>{_spans_html(s)}</li>" for s in block["items"]) + f"</{kind}>")
        else:
            tag = {"p": "p", "h": "h4", "quote": "blockquote"}[kind]
            out.append(f"<{tag}>{_spans_html(block['spans'])}</{tag}>")
    return "".join(out)


__all__ = ["blocks", "spans", "html_text"]
