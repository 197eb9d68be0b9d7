"""Screenshots and sizes of each game's table in JupyterLab at 1024×768 (Chromium).

    python tools/table_screenshots.py                 # measure, and write docs/images/*.png
    python tools/table_screenshots.py --no-images     # measure only

For every game it shows a learner's table (``Table(session, viewer=..., hint=True)``) and the
teacher's table (``Table(session)``) of one mid-game position, in a 1024×768 window with
JupyterLab's side bar closed, and prints each table's height and width at both sizes
(``size="normal"`` and ``size="large"``), and whether anything in it scrolls sideways. The
learner's table is then photographed at both sizes, in the light and dark themes:
``docs/images/table-<game>-<size>-<theme>.png``, as docs/widgets.md shows them.
Needs JupyterLab, Playwright for Python and the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.labdriver import LabPage, launch_chromium, missing_browser, start_lab  # noqa: E402

import cardlab  # noqa: E402

#: One mid-game position per game: (game, options, deal, moves). The deals are stacked (the
#: browser tests' decks, tests/browser/test_tables.py), so every run shows the same cards. The
#: Commitment position has wild spades under other cards (4♠ in A's clubs, 10♠ in B's).
POSITIONS = [
    ("card-commons", {}, {"seed": 7, "deck": "5H QH 5D 3D 2S 5C 2C KS 2H 4S 3H 3S 4H 4D 5S 2D 3C 4C"},
     ("commission 2S", "commission 3S", "claim 4S", "defend 4D")),
    ("commerce", {"players": 4},
     {"seed": 7, "dealer": 3, "deck": "6H 6D 10D 5H 8S 7D AS 3C AD AC 2C 3S 8H 8D 5S 9H 7H 2S 4C QS 2H QC KD 4H QD "
                                      "5C QH JC 2D 3D 10C JD 6C JH KS 4S KC AH 10S KH 5D 9D JS 3H 7C 9S 7S 6S 9C 4D "
                                      "10H 8C"},
     ("trade 6H", "trade 6D")),
    ("commitment", {},
     {"seed": 7, "first": "B", "deck": "JK KS JS AS JK QS 8H 3C 5S 10C 4S 7C QH 2S 2H 6S 10S 2D 2C 7D QC 6H KC 9C JH "
                                       "8D 9S 8S 5C 4D 6D 3S 9H QD AH 9D 4H AD 8C KH 6C 5D AC 10D KD 3D 4C 7H 3H 7S "
                                       "10H JC JD 5H"},
     ("2C b1", "4S b1 clubs", "10S b1 clubs", "3C b1", "9C b1", "2H b1")),
    ("contest", {},
     {"seed": 7, "deck": "KS 5S 4H KH 10D 8C 4D 2S 3D 7S 10C 3H 10S 3S AS JS AH KC QC 6D 5H 5C JD 10H KD 3C 6S 6H 6C "
                         "9S 8D 9D 2H 7D 4C 8S JC QH 2D 2C 8H JH 5D AC 9C 4S QD 7H 7C QS AD 9H"},
     ("arrange KS 4H 5S KH", "arrange 10D 8C 4D 2S", "open 3D 1", "open JS 2")),
]
WINDOW = {"width": 1024, "height": 768}
SIZES = ("normal", "large")

# The table's box, the notebook's visible height, and every element inside the table whose
# content is wider than its box (something scrolls or is cut off sideways).
_MEASURE_JS = """
(sel) => {
  const table = document.querySelector(sel);
  const box = table.getBoundingClientRect();
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
             ?? document.querySelector('.jp-NotebookPanel .jp-Notebook');
  const wide = [...table.querySelectorAll('*')].filter((e) => {
    const style = getComputedStyle(e);
    return ['auto', 'scroll'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
  }).map((e) => e.className);
  return {height: Math.round(box.height), width: Math.round(box.width),
          visible: panel ? Math.round(panel.getBoundingClientRect().height) : null, wide};
}
"""


def session_file(root: Path, game: str, options: dict[str, Any], deal: dict[str, Any],
                 moves: tuple[str, ...]) -> tuple[str, int]:
    rules = cardlab.game(game, **options)
    session = cardlab.Session(rules, rules.deal(**deal))
    for move in moves:
        session.play(move)
    file = f"{game}.json"
    session.save(root / file)
    return file, session.game.to_move(session.state)


def cells(file: str, viewer: int | None) -> tuple[str, ...]:
    return ("import cardlab\nfrom cardlab.widgets import Table\n"
            f"session = cardlab.Session.load({file!r})\n"
            f"table = Table(session, viewer={viewer!r}, hint=True)\ntable",)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-images", action="store_true", help="measure only; write no screenshots")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--teacher", action="store_true", help="photograph the teacher's tables too")
    args = parser.parse_args(argv)
    reason = missing_browser()
    if reason:
        sys.exit(f"cannot run: {reason}")
    from playwright.sync_api import sync_playwright

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        lab = start_lab(Path(tmp))
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for game, options, deal, moves in POSITIONS:
                    file, mover = session_file(lab.root, game, options, deal, moves)
                    for who, viewer in (("learner", mover), ("teacher", None)):
                        name = f"{game}-{who}.ipynb"
                        lab.notebook(name, *cells(file, viewer))
                        context = browser.new_context(viewport=WINDOW)
                        page = LabPage(context.new_page(), lab, name)
                        page.open(".cardlab-table[data-rev]")
                        page.page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
                        for size in SIZES:
                            page.run(f"table.size = {size!r}")
                            page.page.wait_for_function(
                                "(s) => document.querySelector('.cardlab-table').dataset.size === s", arg=size)
                            page.page.wait_for_timeout(300)
                            figures = page.page.evaluate(_MEASURE_JS, ".cardlab-table")
                            rows.append((game, who, size, figures))
                            if (who == "learner" or args.teacher) and not args.no_images:
                                # A window as wide, and tall enough for the whole table to show.
                                page.page.set_viewport_size({**WINDOW, "height": max(WINDOW["height"], figures["height"] + 300)})
                                args.out.mkdir(parents=True, exist_ok=True)
                                for dark in (False, True):
                                    page.theme(dark)
                                    theme = "dark" if dark else "light"
                                    shot = args.out / f"table-{game}{'-teacher' if who == 'teacher' else ''}-{size}-{theme}.png"
                                    page.page.locator(".cardlab-table").screenshot(path=str(shot))
                                page.theme(False)
                                page.page.set_viewport_size(WINDOW)
                        page.close()
                        page.assert_no_errors()
                browser.close()
        finally:
            lab.stop()
    print(f"{'game':<14}{'table':<9}{'size':<8}{'height':>8}{'width':>7}{'visible':>9}  sideways scroll")
    for game, who, size, f in rows:
        print(f"{game:<14}{who:<9}{size:<8}{f['height']:>6}px{f['width']:>5}px{f['visible'] or 0:>7}px  "
              f"{', '.join(f['wide']) or 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])
