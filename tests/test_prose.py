"""A lesson's commentary as the widgets draw it: CommonMark read by the lesson parser, into
blocks of text spans (never markup), with card codes written with their suit symbols but in
code; and hostile Markdown drawn in bounded time and depth."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardlab.lessons import bundled_names, load
from cardlab.lessons.commonmark import MAX_NESTING
from cardlab.widgets import prose

LONG = 30_000


@contextmanager
def quick(seconds: float = 1.0):
    """The block's CPU time stays under ten times ``seconds``: far above what a linear reader
    takes for the inputs below on a slow machine, far below what a quadratic one takes."""
    seconds *= 10
    start = time.process_time()
    yield
    spent = time.process_time() - start
    assert spent < seconds, f"took {spent:.2f} s of CPU time"


def spans_of(markdown: str) -> list[list[str]]:
    (block,) = prose.blocks(markdown)
    assert block["kind"] == "p", block
    return block["spans"]


def item(text: str) -> list[dict]:
    """An item of a tight list, of plain text."""
    return [{"kind": "text", "spans": [["", text]]}]


def test_emphasis_nests():
    assert spans_of("**B must *not* play** the 4H") == [
        ["strong", "B must "],
        ["strong em", "not"],
        ["strong", " play"],
        ["", " the 4♥"],
    ]
    assert spans_of("***both*** and **a `claim 4H` b**") == [
        ["em strong", "both"],
        ["", " and "],
        ["strong", "a "],
        ["strong code", "claim 4H"],
        ["strong", " b"],
    ]
    page = prose.html_text(prose.blocks("**B must *not* play**"))
    assert page == "<p><b>B must </b><b><i>not</i></b><b> play</b></p>"


def test_an_escaped_mark_is_text():
    assert spans_of(r"\*not italic\* and 2 \* 3 and \_x\_ and \`4H\`") == [
        ["", "*not italic* and 2 * 3 and _x_ and `4♥`"]
    ]


def test_a_code_span_may_hold_a_backtick_and_keeps_card_codes_as_written():
    assert spans_of("type `` claim`4H `` or `claim 4H`, that is claim 4H") == [
        ["", "type "],
        ["code", "claim`4H"],
        ["", " or "],
        ["code", "claim 4H"],
        ["", ", that is claim 4♥"],
    ]


def test_lists_nest_and_keep_their_numbers():
    assert prose.blocks("- A plays:\n  1. the 4H\n  2. then *a Wild*\n- B answers\n\n3. three\n4. four") == [
        {
            "kind": "ul",
            "items": [
                [
                    {"kind": "text", "spans": [["", "A plays:"]]},
                    {
                        "kind": "ol",
                        "start": 1,
                        "items": [item("the 4♥"), [{"kind": "text", "spans": [["", "then "], ["em", "a Wild"]]}]],
                    },
                ],
                item("B answers"),
            ],
        },
        {"kind": "ol", "start": 3, "items": [item("three"), item("four")]},
    ]
    loose = prose.blocks("- one\n\n  more\n- two")
    assert loose[0]["items"][0] == [{"kind": "p", "spans": [["", "one"]]}, {"kind": "p", "spans": [["", "more"]]}]
    assert prose.html_text(prose.blocks("- a\n  - b\n\n3. c")) == (
        '<ul><li>a<ul><li>b</li></ul></li></ul><ol start="3"><li>c</li></ol>'
    )


def test_a_fence_closes_only_on_a_bare_fence():
    assert prose.blocks("```\nclaim 4H\n```python\nmore\n```\nafter") == [
        {"kind": "pre", "text": "claim 4H\n```python\nmore"},
        {"kind": "p", "spans": [["", "after"]]},
    ]
    assert prose.blocks("~~~\n```\n~~~") == [{"kind": "pre", "text": "```"}]


def test_quotes_hold_blocks():
    assert prose.blocks("> A said:\n>\n> - claim 4H\n>\n> > and B\nlazily") == [
        {
            "kind": "quote",
            "blocks": [
                {"kind": "p", "spans": [["", "A said:"]]},
                {"kind": "ul", "items": [item("claim 4♥")]},
                {"kind": "quote", "blocks": [{"kind": "p", "spans": [["", "and B lazily"]]}]},
            ],
        }
    ]


def test_the_markdown_lessons_use():
    blocks = prose.blocks(
        "Intro *one*\nline two.\n\n- a 4H\n  cont\n- b\n\n1. x\n2. y\n\n> said\n\n## Head\n\n"
        "| a | b 4H |\n|:--|--:|\n| 1 | 2 |\n\n```\nclaim 4H\n```\n[link](http://example.org) _em_ snake_case\n\n"
        "---\n\n![the 4H](card.png)"
    )
    assert blocks == [
        {"kind": "p", "spans": [["", "Intro "], ["em", "one"], ["", " line two."]]},
        {"kind": "ul", "items": [item("a 4♥ cont"), item("b")]},
        {"kind": "ol", "start": 1, "items": [item("x"), item("y")]},
        {"kind": "quote", "blocks": [{"kind": "p", "spans": [["", "said"]]}]},
        {"kind": "h", "spans": [["", "Head"]]},
        {"kind": "pre", "text": "| a | b 4♥ |\n|:---|---:|\n| 1 | 2 |"},
        {"kind": "pre", "text": "claim 4H"},
        {"kind": "p", "spans": [["", "link "], ["em", "em"], ["", " snake_case"]]},
        {"kind": "hr"},
        {"kind": "p", "spans": [["", "the 4♥"]]},
    ]
    assert prose.html_text(blocks[:2]) == "<p>Intro <i>one</i> line two.</p><ul><li>a 4♥ cont</li><li>b</li></ul>"


def test_html_is_text():
    markdown = '<div onclick="x()">\n**bold** <img src=x onerror=alert(1)>\n</div>\n\n<script>alert(1)</script>'
    blocks = prose.blocks(markdown)
    assert blocks[0]["spans"][0] == ["", '<div onclick="x()"> ']
    assert blocks[0]["spans"][1] == ["strong", "bold"]
    page = prose.html_text(blocks)
    assert "<div" not in page and "<img" not in page and "<script" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "&lt;script&gt;" in page


def test_the_bundled_lessons_commentary_is_drawn():
    for name in bundled_names():
        lesson = load(name)
        for text in [step.commentary for step in lesson.steps] + [q.explanation for q in lesson.questions]:
            assert bool(prose.blocks(text)) == bool(text.strip()), (name, text)


def depth(blocks: list[dict]) -> int:
    """How deep quotes and lists nest in ``blocks`` (0: none)."""
    inner = [b["blocks"] for b in blocks if b["kind"] == "quote"]
    inner += [item for b in blocks if b["kind"] in ("ul", "ol") for item in b["items"]]
    return 1 + max(map(depth, inner)) if inner else 0


HOSTILE = {
    "a line of words": "word " * (LONG // 5),
    "a heading of spaces": "## " + " " * 12_000 + "x",
    "a heading of spaces closed late": "## x" + " " * LONG + "#a",
    "nested brackets": "[" * 20_000 + "a" + "]" * 20_000,
    "open brackets": "[" * LONG,
    "link openings": "[a](" * (LONG // 4),
    "image openings": "![" * (LONG // 2),
    "nested emphasis": "*" * 10_000 + "a" + "*" * 10_000,
    "alternating emphasis": "*a_" * (LONG // 3),
    "strong openings": "**a" * (LONG // 3),
    "backticks": "`a``" * (LONG // 4),
    "a fence line": "```" + " " * LONG + "`",
    "angle brackets": "<a " * (LONG // 3),
    "a wide table": "|" + "a|" * (LONG // 2) + "\n|" + "-|" * (LONG // 2),
}
DEEP = {
    "quotes": "> " * 10_000 + "x",
    "lists": "- " * 10_000 + "x",
    "numbered lists": "1. " * 7_000 + "x",
    "indented lists": "\n".join("  " * i + "- x" for i in range(1_000)),
    "quoted lists": "> - " * 5_000 + "x",
}


@pytest.mark.parametrize("markdown", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_markdown_is_drawn_in_bounded_time(markdown):
    with quick():
        blocks = prose.blocks(markdown)
    assert blocks and len(prose.html_text(blocks)) < 4 * len(markdown)


@pytest.mark.parametrize("markdown", DEEP.values(), ids=DEEP.keys())
def test_deep_nesting_is_cut_at_the_parsers_limit(markdown):
    with quick():
        blocks = prose.blocks(markdown)
    assert 1 <= depth(blocks) <= MAX_NESTING


#: Draws blocks read from stdin with the front end's own functions (cardlab/widgets/static/src/),
#: and prints the elements it makes as tags.
DRAW = """
const fs = require("fs");
const read = (name) => fs.readFileSync(`${process.argv[1]}/${name}`, "utf8");
const renderProse = new Function(read("cards.js") + "\\n" + read("lesson.js") + "\\nreturn renderProse;")();
const attrs = (props) => Object.entries(props).filter(([k]) => k !== "text").map(([k, v]) => ` ${k}="${v}"`);
const show = (v) => typeof v === "string" ? v
  : `<${v.tag}${attrs(v.props).join("")}>${v.children.map(show).join("")}</${v.tag}>`;
console.log(show(renderProse(JSON.parse(fs.readFileSync(0, "utf8")))));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the front end's code")
def test_the_front_end_draws_nested_blocks_and_emphasis():
    markdown = "**B must *not* play** 4H\n\n- a\n  - b `x`\n\n3. c\n\n> q\n>\n> - r\n\n---\n\n```\nz\n```"
    drawn = subprocess.run(
        ["node", "-e", DRAW, str(Path(prose.__file__).parent / "static" / "src")],
        input=json.dumps(prose.blocks(markdown)),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert drawn == (
        '<div class="cardlab-prose"><p><strong>B must </strong><strong><em>not</em></strong><strong> play</strong>'
        ' 4♥</p><ul><li>a<ul><li>b <code>x</code></li></ul></li></ul><ol start="3"><li>c</li></ol>'
        "<blockquote><p>q</p><ul><li>r</li></ul></blockquote><hr></hr><pre>z</pre></div>"
    )
