"""How a cardlab widget reads in a small window: 1024×768, JupyterLab's side bar closed, as a
class sees it on a projector. Used by tools/table_screenshots.py (which prints the figures)
and tests/browser/test_legibility.py (which checks them against the rules below).

The positions are stacked deals (the browser tests' decks, tests/browser/test_tables.py), so
every run shows the same cards. :data:`MEASURE_JS` measures one widget's root element.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cardlab

WINDOW = {"width": 1024, "height": 768}
#: The smallest text a widget may show (the computed font size of every visible text).
MIN_TEXT_PX = 12
#: How much of each card of a hand must show, at the least, when the hand overlaps its cards.
MIN_CARD_SHOWN_PX = 30


@dataclass(frozen=True)
class Position:
    """One game's deal, the mid-game position measured (after ``moves``) and the position with
    the game's largest hand (after ``hand_moves``)."""

    game: str
    options: dict[str, Any]
    deal: dict[str, Any]
    moves: tuple[str, ...]
    hand_moves: tuple[str, ...]
    lesson: str  # a bundled lesson whose first step asks a question

    def session(self, moves: tuple[str, ...]) -> cardlab.Session:
        rules = cardlab.game(self.game, **self.options)
        session = cardlab.Session(rules, rules.deal(**self.deal))
        for move in moves:
            session.play(move)
        return session

    def mover(self, moves: tuple[str, ...]) -> int:
        session = self.session(moves)
        return session.game.to_move(session.state)


COMMONS_DECK = "5H QH 5D 3D 2S 5C 2C KS 2H 4S 3H 3S 4H 4D 5S 2D 3C 4C"
COMMERCE_DECK = (
    "6H 6D 10D 5H 8S 7D AS 3C AD AC 2C 3S 8H 8D 5S 9H 7H 2S 4C QS 2H QC KD 4H QD 5C QH JC 2D 3D 10C "
    "JD 6C JH KS 4S KC AH 10S KH 5D 9D JS 3H 7C 9S 7S 6S 9C 4D 10H 8C"
)
COMMITMENT_DECK = (
    "JK KS JS AS JK QS 8H 3C 5S 10C 4S 7C QH 2S 2H 6S 10S 2D 2C 7D QC 6H KC 9C JH 8D 9S 8S 5C 4D "
    "6D 3S 9H QD AH 9D 4H AD 8C KH 6C 5D AC 10D KD 3D 4C 7H 3H 7S 10H JC JD 5H"
)
CONTEST_DECK = (
    "KS 5S 4H KH 10D 8C 4D 2S 3D 7S 10C 3H 10S 3S AS JS AH KC QC 6D 5H 5C JD 10H KD 3C 6S 6H 6C 9S "
    "8D 9D 2H 7D 4C 8S JC QH 2D 2C 8H JH 5D AC 9C 4S QD 7H 7C QS AD 9H"
)

#: The Commitment position has wild spades under other cards (4♠ in A's clubs, 10♠ in B's), and
#: its largest hand is round 2's, after both players passed at once: 10 cards kept and 6 drawn.
POSITIONS = [
    Position(
        "card-commons",
        {},
        {"seed": 7, "deck": COMMONS_DECK},
        ("commission 2S", "commission 3S", "claim 4S", "defend 4D"),
        (),
        "card-commons-1-worked-example",
    ),
    Position(
        "commerce",
        {"players": 4},
        {"seed": 7, "dealer": 3, "deck": COMMERCE_DECK},
        ("trade 6H", "trade 6D"),
        ("trade 6H", "trade 6D"),
        "commerce-1-worked-example",
    ),
    Position(
        "commitment",
        {},
        {"seed": 7, "first": "B", "deck": COMMITMENT_DECK},
        ("2C b1", "4S b1 clubs", "10S b1 clubs", "3C b1", "9C b1", "2H b1"),
        ("pass", "pass", "next round"),
        "commitment-1-worked-example",
    ),
    Position(
        "contest",
        {},
        {"seed": 7, "deck": CONTEST_DECK},
        ("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S", "open 3D 1", "open JS 2"),
        ("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S"),
        "contest-1-worked-example",
    ),
]


def table_cells(file: str, hand_file: str, viewer: int | None, hand_viewer: int | None) -> tuple[str, ...]:
    """A notebook's cells: the table of the session saved in ``file`` (for ``viewer``, against
    the computer; the teacher's when None), then the table of the one in ``hand_file``."""

    def table(name: str, who: int | None) -> str:
        return f"Table(cardlab.Session.load({name!r}), viewer={who!r}" + (
            ", opponent='heuristic', hint=True)" if who is not None else ")"
        )

    return (
        f"import cardlab\nfrom cardlab.widgets import Table\ntable = {table(file, viewer)}\ntable",
        table(hand_file, hand_viewer),
    )


def editor_cells(file: str) -> tuple[str, ...]:
    """A notebook's cells: a state editor of the session saved in ``file``, then the same
    editor beside its score (a Row)."""
    setup = (
        f"import cardlab\nfrom cardlab.widgets import Row, ScoreBreakdown, StateEditor\n"
        f"session = cardlab.Session.load({file!r})\nStateEditor(session)"
    )
    return setup, "Row([StateEditor(session), ScoreBreakdown(session)])"


def lesson_cells(name: str) -> tuple[str, ...]:
    """A lesson shown at its first step that asks a question (the introduction may ask none)."""
    return (
        f"from cardlab.widgets import Lesson\nlesson = Lesson({name!r})\n"
        "while lesson.run.question is None and lesson.next():\n    pass\nlesson",
    )


def widget(page: Any, cell: int, nth: int = 0) -> Any:
    """The locator of the ``nth`` cardlab widget in cell ``cell``'s output (see LabPage.cells)."""
    return page.page.locator(f"[data-cardlab-cell='{cell}'] .cardlab-root[data-rev]").nth(nth)


# Figures of one widget (its root element given), in CSS pixels. Boxes are {y: in the window,
# top and bottom: from the widget's top, height, width}; `visible` is the notebook's visible
# height, `areaBottom` its bottom in the window.
#   score: the score's height as shown and in full (with what its inner scrolls hide), and its
#     deciding line (the last line on show, else its totals, else the whole score): its box, and whether an inner
#     scroll hides part of it;
#   editor, picker, question: the state editor's box, its card picker's, a lesson's question's;
#   texts: every visible text (text nodes, the cards' drawn ranks and suits, form fields) with
#     its computed font size, smallest first;
#   hand: the hand with the most cards, and the fewest pixels any of its cards shows (a card
#     shows the width up to the next card of its line; the last of a line, all of it);
#   notes, covers: how many notes on cards ("wild") are on show, and every card rank or suit that
#     a note or a badge ("to move") meets;
#   sideways: the classes of elements whose content is wider than their box and scrolls or is cut.
MEASURE_JS = """
(root) => {
  const panel = root.closest('.jp-WindowedPanel-outer') ?? root.closest('.jp-Notebook');
  const area = panel.getBoundingClientRect();
  const top = root.getBoundingClientRect().top;
  const box = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {y: r.top, top: r.top - top, bottom: r.bottom - top, height: r.height, width: r.width};
  };
  const shown = (el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)
      && el.scrollHeight > el.clientHeight + 1;
  const part = (sel) => [...root.querySelectorAll(sel)].find((el) => el !== root && shown(el)) ?? null;

  let score = null;
  const breakdown = part('.cardlab-breakdown');
  if (breakdown) {
    const inner = [breakdown, ...breakdown.querySelectorAll('*')].filter(scrolls);
    const lines = [...breakdown.querySelectorAll('.cardlab-item, .cardlab-round')].filter(shown);
    const deciding = lines.length ? lines[lines.length - 1] : breakdown.querySelector('.cardlab-totals') ?? breakdown;
    const bottom = deciding.getBoundingClientRect().bottom;
    score = {...box(breakdown), full: breakdown.getBoundingClientRect().height
               + inner.reduce((n, el) => n + el.scrollHeight - el.clientHeight, 0),
             deciding: box(deciding), cut: inner.some((el) => bottom > el.getBoundingClientRect().bottom + 1)};
  }

  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!node.nodeValue.trim() || el.closest('.cardlab-unseen, option') || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    texts.push({px: parseFloat(getComputedStyle(el).fontSize), text: node.nodeValue.trim().slice(0, 40),
                cls: el.className});
  }
  for (const el of root.querySelectorAll('[data-glyph]')) {
    if (el.dataset.glyph && shown(el)) {
      texts.push({px: parseFloat(getComputedStyle(el, '::before').fontSize), text: el.dataset.glyph,
                  cls: el.className});
    }
  }
  for (const el of root.querySelectorAll('select, textarea, input:not([type=checkbox]):not([type=range])')) {
    if (shown(el)) {
      texts.push({px: parseFloat(getComputedStyle(el).fontSize), text: el.value.slice(0, 40), cls: el.className});
    }
  }
  texts.sort((a, b) => a.px - b.px);

  const hands = [...root.querySelectorAll('.cardlab-hand')].map((pile) => {
    const cards = [...pile.querySelectorAll('.cardlab-card')].map((c) => c.getBoundingClientRect());
    const widths = cards.map((r, i) => {
      const next = cards[i + 1];
      return next && Math.abs(next.top - r.top) < 1 ? Math.min(r.width, next.left - r.left) : r.width;
    });
    const lines = new Set(cards.map((r) => Math.round(r.top))).size;
    return {zone: pile.dataset.zone, cards: cards.length, lines, shown: widths.length ? Math.min(...widths) : null};
  });
  const hand = hands.sort((a, b) => b.cards - a.cards || a.shown - b.shown)[0] ?? null;

  // A note on a card ("wild") or a badge ("to move") and the rank or suit of a card it meets.
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
      && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const corners = [...root.querySelectorAll('.cardlab-card:not(.cardlab-back) :is(.cardlab-rank, .cardlab-pip)')]
    .filter(shown).map((el) => [el, el.getBoundingClientRect()]);
  const badges = [...root.querySelectorAll('.cardlab-card-note, .cardlab-badge')].filter(shown);
  const covers = badges.flatMap((badge) => {
    const b = badge.getBoundingClientRect();
    return corners.filter(([, r]) => meets(b, r)).map(([el]) => {
      const card = el.closest('.cardlab-card');
      return {code: card.dataset.code, zone: card.closest('[data-zone]')?.dataset.zone ?? null,
              by: badge.textContent, what: el.className};
    });
  });
  const notes = badges.filter((b) => b.classList.contains('cardlab-card-note')).length;

  const sideways = [root, ...root.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1
      && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(e).overflowX)).map((e) => e.className);
  return {...box(root), visible: area.height, areaTop: area.top, areaBottom: area.bottom, score,
          editor: box(part('.cardlab-editor')), picker: box(part('.cardlab-picker')),
          question: box(part('.cardlab-question')), texts: texts.slice(0, 12), smallest: texts[0] ?? null,
          hand, notes, covers, sideways};
}
"""


def measure(root: Any) -> dict[str, Any]:
    """The figures of MEASURE_JS for the widget at locator ``root``, with the pointer away from
    every card (a card under the pointer is lifted) and the focus on none."""
    root.page.mouse.move(0, 0)
    root.page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return root.evaluate(MEASURE_JS)


def show_last_round(root: Any, shown: bool = True) -> None:
    """Open (or close) the last round of the widget's score on its lines, as a learner opens
    it to see why the score is what it is."""
    root.evaluate(
        """(el, shown) => { const rounds = el.querySelectorAll('.cardlab-round');
                                      if (rounds.length) rounds[rounds.length - 1].open = shown; }""",
        shown,
    )


def open_picker(root: Any) -> None:
    """Pick the first card of the widget's table to change: its card picker opens (for a
    teacher's table, after "Change a card"). Clicked from the page, so that nothing scrolls."""
    editing = root.locator('[data-key="editing"]')
    if editing.count() and editing.get_attribute("aria-pressed") != "true":
        editing.evaluate("(el) => el.click()")
        root.page.wait_for_function("(el) => el.classList.contains('cardlab-editing')", arg=root.element_handle())
    card = root.locator(".cardlab-tableau .cardlab-card[role=button]:not(.cardlab-back)").first
    card.wait_for()
    card.evaluate("(el) => el.click()")
    root.locator(".cardlab-picker").wait_for()
