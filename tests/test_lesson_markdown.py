"""The lesson reader's Markdown: the title, the lesson blocks and the commentary between them,
found by the lesson parser (CommonMark), which the widgets draw the commentary with too, so both
close a fence, a list or a quote at the same line; every problem names its line, and hostile
Markdown is read in milliseconds."""

from __future__ import annotations

import pytest

from cardlab.lessons.markdown import Block, Prose, prose_text, scan
from cardlab.lessons.model import Problems
from helpers.growth import FACTOR, assert_linear

LESSON_BLOCKS = "```lesson\ngame: card-commons\n```\n\n```state\nround: 1\n```\n"


def read(text: str) -> tuple[str | None, list[Block | Prose], list[tuple[int, str]]]:
    problems = Problems("<t>")
    title, items = scan(text, problems)
    return title, items, [(p.line, p.message) for p in problems.found]


def kinds(items: list[Block | Prose]) -> list[str]:
    """The kinds of the blocks, and "prose" for commentary (blank lines between blocks left out)."""
    return [
        item.kind if isinstance(item, Block) else "prose"
        for item in items
        if isinstance(item, Block) or any(line.text.strip() for line in item.lines)
    ]


def prose_of(items: list[Block | Prose]) -> str:
    return prose_text(line for item in items if isinstance(item, Prose) for line in item.lines)


def test_blocks_and_their_lines():
    text = "# Title\n\nIntro.\n\n" + LESSON_BLOCKS + "\n```moves\nclaim 4H\n```\n\nAfter.\n"
    title, items, problems = read(text)
    assert (title, kinds(items), problems) == ("Title", ["prose", "lesson", "state", "moves", "prose"], [])
    (moves,) = [item for item in items if isinstance(item, Block) and item.kind == "moves"]
    assert moves.line == 13 and [(line.number, line.text) for line in moves.body] == [(14, "claim 4H")]
    assert [line.number for line in items[0].lines] == [2, 3, 4]


def test_a_fence_closes_by_commonmarks_rule():
    examples = "````\n```python\nx = 1\n```\n````\n\n~~~ ``python``\n```moves\n~~~"  # tildes take backticks
    text = LESSON_BLOCKS + "\n" + examples + "\n\n```moves\nclaim 4H\n```"
    _, items, problems = read(text)
    assert problems == [] and kinds(items) == ["lesson", "state", "prose", "moves"]
    assert prose_of(items) == examples


def test_a_fence_in_a_list_or_a_quote_is_a_code_example():
    text = LESSON_BLOCKS + "\n- first\n\n  ```moves\n  claim 4H\n  ```\n\n> ```moves\n> claim 4H\n> ```\n"
    _, items, problems = read(text)
    assert problems == [] and kinds(items) == ["lesson", "state", "prose"]


def test_the_widgets_draw_the_code_example_the_reader_keeps():
    from cardlab.widgets import prose

    text = LESSON_BLOCKS + "\nLook:\n\n```\nclaim 4H\n```python\nmore\n```\n\n```moves\nclaim 4H\n```\n"
    _, items, _ = read(text)
    assert prose.blocks(prose_of(items)) == [
        {"kind": "p", "spans": [["", "Look:"]]},
        {"kind": "pre", "text": "claim 4H\n```python\nmore"},
    ]


def test_a_fence_never_closed_names_its_line():
    before = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- x\n  y\n\n> q\nlazy\n\n<!--\nnote\n-->\n\n"
    text = before + LESSON_BLOCKS + "```moves\nclaim"
    _, items, problems = read(text)
    line = text.splitlines().index("```moves") + 1
    assert problems == [(line, "the ```moves block opened here is never closed: end it with a line ```")]
    assert kinds(items) == ["prose", "lesson", "state"]


def test_comments_are_dropped_and_a_fence_in_one_does_not_count():
    text = "# T <!-- a note --> #\n\n" + LESSON_BLOCKS + "\nA <!-- x\ny --> B\n<!-- ```moves\nclaim 4H\n```\n-->C\n"
    title, items, problems = read(text)
    assert (title, problems, kinds(items)) == ("T", [], ["lesson", "state", "prose"])
    assert prose_of(items) == "A\n B\nC"


def test_a_comment_left_open_in_a_paragraph_hides_no_block():
    text = LESSON_BLOCKS + "\nA <!-- x\n\n```moves\nclaim 4H\n```\n"
    _, items, problems = read(text)
    assert problems == [(9, "the HTML comment opened here ('<!--') is never closed ('-->')")]
    assert kinds(items) == ["lesson", "state", "prose", "moves"]


def test_a_comment_left_open_on_its_own_line_runs_to_the_end():
    text = LESSON_BLOCKS + "\n<!-- x\n\n```moves\nclaim 4H\n```\n"
    _, items, problems = read(text)
    assert problems == [(9, "the HTML comment opened here ('<!--') is never closed ('-->')")]
    assert kinds(items) == ["lesson", "state"]


@pytest.mark.parametrize(
    "text, title",
    [
        ("# Title", "Title"),
        ("  # Title ##  ", "Title"),
        ("# Title\n# Another", "Title"),
        ("Title\n=====", None),  # a heading, but not written with '#'
        ("> # Title", None),
        ("    # Title", None),  # code
        ("## Title", None),
    ],
)
def test_the_title_is_the_first_level_1_heading(text, title):
    assert read(text + "\n\n" + LESSON_BLOCKS)[0] == title


def test_lines_are_counted_as_the_file_splits_them():
    text = "# T\n\nform\x0cfeed and\u2028separator\n\n" + LESSON_BLOCKS + "```moves\nclaim"
    problems = read(text)[2]
    assert problems[0][0] == text.splitlines().index("```moves") + 1


#: Commentary that a careless reader takes quadratic time on, at a size: each is read at its size
#: and at a sixteenth of it, and must cost about sixteen times as much, not 256 times.
HOSTILE = {
    "a long line": (lambda n: "word " * n + "end", 6_000),
    "nested brackets": (lambda n: "[" * n + "a" + "]" * n, 20_000),
    "nested emphasis": (lambda n: "*" * n + "a" + "*" * n, 10_000),
    "a heading of spaces": (lambda n: "## x" + " " * n + "#a", 12_000),
    "quotes 18 deep": (lambda n: ("> " * 18 + "x\n\n") * n, 200),
    "lists 9 deep": (lambda n: ("- " * 9 + "x\n\n") * n, 200),
    "a wide table": (lambda n: "|" + "a|" * n + "\n|" + "-|" * n, 15_000),
}


def _commentary(markdown: str) -> str:
    return LESSON_BLOCKS + "\n" + markdown + "\n\n```moves\nclaim 4H\n```\n"


@pytest.mark.parametrize("markdown, size", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_commentary_is_read_in_linear_time(markdown, size):
    _, items, problems = read(_commentary(markdown(size)))
    assert problems == [] and kinds(items) == ["lesson", "state", "prose", "moves"]
    assert prose_of(items) == markdown(size).strip("\n")
    assert_linear(lambda n: read(_commentary(markdown(n))), size // FACTOR)


DEEP = {
    "quotes": "> " * 10_000 + "x",
    "lists": "- " * 10_000 + "x",
    "lists nested by indent": "\n".join("  " * i + "- x" for i in range(1_000)),
    "quoted lists": "> - " * 5_000 + "x",
}


@pytest.mark.parametrize("markdown", DEEP.values(), ids=DEEP.keys())
def test_lists_and_quotes_nested_too_deep_are_a_problem(markdown):
    text = LESSON_BLOCKS + "\nBefore.\n\n" + markdown + "\n\n```moves\nclaim 4H\n```\n"
    _, items, problems = read(text)
    ((line, message),) = problems
    assert message == "the lists and quotes here nest too deep to be read: nest them less deep"
    assert 11 <= line <= len(text.splitlines()) and kinds(items) == ["lesson", "state", "prose"]
    assert prose_of(items) == "Before."
