"""The Markdown parser lessons are read with: markdown-it-py's CommonMark, with tables.

The lesson reader (:mod:`cardlab.lessons.markdown`) finds a lesson's blocks with it, and the
widgets draw the commentary from its tokens (:mod:`cardlab.widgets.prose`), so a fence, a list
or a quote ends at the same line for both. Raw HTML is never HTML: it is read as text, except
an HTML comment (``<!-- ... -->``) that starts a line, a note for the writer, which becomes a
``comment`` token. Containers (quotes, lists, links) nest at most :data:`MAX_NESTING` deep;
deeper content is not read. Every rule runs in time linear in the text's length.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

#: How deep quotes, lists and links nest (a quote in a list item is 3 levels).
MAX_NESTING = 20
COMMENT_OPEN, COMMENT_CLOSE = "<!--", "-->"


def _comment(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A line that starts with ``<!--`` opens a comment up to the line that holds ``-->`` (the
    last line of the text when none does), as CommonMark reads an HTML block of comments."""
    if state.is_code_block(start):
        return False
    pos = state.bMarks[start] + state.tShift[start]
    if not state.src.startswith(COMMENT_OPEN, pos):
        return False
    if silent:
        return True
    line, search = start, pos + len(COMMENT_OPEN)
    while True:
        closed = state.src.find(COMMENT_CLOSE, search, state.eMarks[line]) >= 0
        line += 1
        if closed or line >= end or (state.sCount[line] < state.blkIndent and not state.isEmpty(line)):
            break  # closed, or the text or the container (a list item) ended
        search = state.bMarks[line] + state.tShift[line]
    token = state.push("comment", "", 0)
    token.map = [start, line]
    token.content = state.getLines(start, line, state.blkIndent, True)
    state.line = line
    return True


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "maxNesting": MAX_NESTING}).enable("table")
    md.block.ruler.before("html_block", "comment", _comment, {"alt": ["paragraph", "reference", "blockquote"]})
    return md


#: The parser: ``PARSER.parse(text)`` gives the tokens of the blocks and of their text.
PARSER = _parser()
#: The same parser reading the blocks only (their text is left in the ``inline`` tokens' content).
BLOCKS_ONLY = _parser().disable("inline")
