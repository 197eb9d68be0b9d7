"""A lesson's commentary, written in Markdown, as the widgets show it.

The browser is never sent markup: :func:`blocks` reads the Markdown with the lesson parser
(:mod:`cardlab.lessons.commonmark`: CommonMark with tables, raw HTML read as text) into small
JSON blocks whose text the front end inserts as text. :func:`html_text` draws the same blocks as
escaped HTML for the static picture. Card codes in the text (``4H``) are written with their suit
symbols (``4♥``), as everywhere else, but in code (```claim 4H```) they stay as written. A link
keeps its words, an image its description; tables are shown as written.

The blocks:

- ``{"kind": "p" | "h", "spans"}``: a paragraph, a heading;
- ``{"kind": "text", "spans"}``: the words of a tight list's item, with no paragraph of their own;
- ``{"kind": "quote", "blocks"}``;
- ``{"kind": "ul", "items"}`` and ``{"kind": "ol", "start", "items"}``: each item a list of blocks;
- ``{"kind": "pre", "text"}``: code, and tables;
- ``{"kind": "hr"}``: a thematic break.

A span is ``[style, text]``: its style is ``""`` (plain) or its emphases from the outside in,
separated by spaces (``"strong"``, ``"strong em"``, ``"em code"``).

This module does not import anywidget.
"""

from __future__ import annotations

import functools
import html
import json
from collections.abc import Iterator
from typing import Any

from markdown_it.token import Token

from ..lessons.commonmark import PARSER
from .viewmodel import pretty

Span = list[str]
Block = dict[str, Any]

#: The emphasis each pair of inline tokens gives its text.
_EMPHASIS = {"strong_open": "strong", "em_open": "em"}
_CLOSE = {"strong_close", "em_close"}


def blocks(markdown: str) -> list[Block]:
    """The commentary as blocks (see the module's description). Each text is read once: the
    widgets redraw a step's commentary from a cache."""
    return json.loads(_blocks_json(markdown))


@functools.lru_cache(maxsize=256)
def _blocks_json(markdown: str) -> str:
    return json.dumps(_blocks(iter(PARSER.parse(markdown)), None))


def _blocks(tokens: Iterator[Token], until: str | None) -> list[Block]:
    """The blocks read from ``tokens`` up to the token of type ``until`` (None: the end)."""
    out: list[Block] = []
    for token in tokens:
        kind = token.type
        if kind == until:
            break
        if kind in ("paragraph_open", "heading_open"):
            inline = next(tokens)
            next(tokens)  # its closing token
            shape = "h" if kind == "heading_open" else "text" if token.hidden else "p"
            out.append({"kind": shape, "spans": _spans(inline.children or [])})
        elif kind in ("fence", "code_block"):
            out.append({"kind": "pre", "text": token.content.removesuffix("\n")})
        elif kind == "blockquote_open":
            out.append({"kind": "quote", "blocks": _blocks(tokens, "blockquote_close")})
        elif kind in ("bullet_list_open", "ordered_list_open"):
            out.append(_list(token, tokens))
        elif kind == "table_open":
            out.append({"kind": "pre", "text": pretty(_table(tokens))})
        elif kind == "hr":
            out.append({"kind": "hr"})
        # a comment (a note for the writer) is not shown
    return out


def _list(opening: Token, tokens: Iterator[Token]) -> Block:
    items = []
    close = opening.type.replace("_open", "_close")
    for token in tokens:
        if token.type == close:
            break
        items.append(_blocks(tokens, "list_item_close"))  # token is the item's opening
    if opening.type == "bullet_list_open":
        return {"kind": "ul", "items": items}
    return {"kind": "ol", "start": int(opening.attrGet("start") or 1), "items": items}


def _table(tokens: Iterator[Token]) -> str:
    """A table's rows as Markdown writes them, the line under the header included."""
    rows: list[str] = []
    cells: list[str] = []
    rule: list[str] = []
    for token in tokens:
        if token.type == "table_close":
            break
        if token.type == "inline":
            cells.append(token.content)
        elif token.type == "th_open":
            align = str(token.attrGet("style") or "").removeprefix("text-align:")
            rule.append({"left": ":---", "center": ":---:", "right": "---:"}.get(align, "---"))
        elif token.type == "tr_close":
            rows.append("| " + " | ".join(cells) + " |")
            cells = []
        elif token.type == "thead_close":
            rows.append("|" + "|".join(rule) + "|")
    return "\n".join(rows)


def _spans(children: list[Token]) -> list[Span]:
    """The text of a paragraph's inline tokens as spans, next ones of one style joined."""
    out: list[Span] = []
    for style, text in _styled(children, [""]):
        if out and out[-1][0] == style:
            out[-1][1] += text
        else:
            out.append([style, text])
    return [[style, text if style.endswith("code") else pretty(text)] for style, text in out]


def _styled(children: list[Token], styles: list[str]) -> Iterator[tuple[str, str]]:
    """(style, text) of each piece of text in ``children``; ``styles`` holds the style of each
    emphasis open around them, the innermost last."""
    for token in children:
        kind = token.type
        if kind in _EMPHASIS:
            styles.append(_within(styles[-1], _EMPHASIS[kind]))
        elif kind in _CLOSE:
            styles.pop()
        elif kind == "text" and token.content:  # (a run of emphasis marks may leave an empty one)
            yield styles[-1], token.content
        elif kind == "code_inline":
            yield _within(styles[-1], "code"), token.content
        elif kind in ("softbreak", "hardbreak"):
            yield styles[-1], " "
        elif kind == "image":  # its description, in the image's place
            yield from _styled(token.children or [], styles)
        # a link's opening and closing: its words are kept, its address is not


def _within(style: str, emphasis: str) -> str:
    """The style of text with ``emphasis`` inside text of ``style``."""
    return style if emphasis in style.split() else f"{style} {emphasis}".lstrip()


_TAGS = {"strong": "b", "em": "i", "code": "code"}


def _spans_html(items: list[Span]) -> str:
    out = []
    for style, text in items:
        tags = [_TAGS[name] for name in style.split()]
        out.append("".join(f"<{t}>" for t in tags) + html.escape(text) + "".join(f"</{t}>" for t in reversed(tags)))
    return "".join(out)


def _block_html(block: Block) -> str:
    kind = block["kind"]
    if kind == "pre":
        return f"<pre>{html.escape(block['text'])}</pre>"
    if kind == "hr":
        return "<hr>"
    if kind == "text":
        return _spans_html(block["spans"])
    if kind == "quote":
        return f"<blockquote>{html_text(block['blocks'])}</blockquote>"
    if kind in ("ul", "ol"):
        start = f' start="{block["start"]}"' if kind == "ol" and block["start"] != 1 else ""
        items = "".join(f"<li>{html_text(item)}</li>" for item in block["items"])
        return f"<{kind}{start}>{items}</{kind}>"
    tag = {"p": "p", "h": "h4"}[kind]
    return f"<{tag}>{_spans_html(block['spans'])}</{tag}>"


def html_text(items: list[Block]) -> str:
    """The blocks as HTML (every text escaped), for the static picture."""
    return "".join(_block_html(block) for block in items)


__all__ = ["blocks", "html_text"]
