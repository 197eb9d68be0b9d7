"""Learners' pages of a classroom in Chromium: joining, playing by clicks, and what each page
holds (its DOM and every websocket frame it received)."""

from __future__ import annotations

import json
from typing import Any

from cardlab.cards import Card
from helpers.card_finder import mentioned

TIMEOUT_MS = 60_000
TABLE = ".cardlab-table[data-rev]"


#: One quick move in the page: its table's rev before the click, or null if it may not move.
_QUICK_MOVE = """async () => {
  const table = document.querySelector(".cardlab-table[data-rev]");
  if (!table) return null;
  const rev = table.dataset.rev;
  const first = (selector) => table.querySelector(selector);
  const direct = first('[data-key="continue"]') ?? first(".cardlab-choices > .cardlab-choices-list > .cardlab-move");
  if (direct) { direct.click(); return rev; }
  const card = first(".cardlab-tableau .cardlab-playable");
  if (!card) return null;
  card.click();
  for (let i = 0; i < 50; i++) {
    const move = first(".cardlab-menu .cardlab-move");
    if (move) { move.click(); return rev; }
    await new Promise((done) => setTimeout(done, 20));
  }
  return null;
}"""

#: The page's text and every attribute value of its elements, scripts and styles left out.
_DOM_TEXT = """() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll("body *:not(script):not(style)")) {
    for (const attr of el.attributes) parts.push(attr.value);
    if (el.shadowRoot) parts.push(el.shadowRoot.textContent);
  }
  return parts.join("\\n");
}"""


def _without_program(frame: str) -> str:
    """A websocket frame's text without a widget's program (``_esm``, ``_css``)."""
    try:
        message = json.loads(frame)
    except ValueError:
        return frame
    state = message.get("content", {}).get("data", {}).get("state") if isinstance(message, dict) else None
    if isinstance(state, dict):
        for key in ("_esm", "_css", "_anywidget_id"):
            state.pop(key, None)
    return json.dumps(message, ensure_ascii=False)


class LearnerPage:
    """One learner's browser (its own context, so its own cookies) and page."""

    def __init__(self, browser: Any, base: str, width: int = 1280, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.set_default_timeout(TIMEOUT_MS)  # every wait of a busy machine, clicks included
        self.page = self.context.new_page()
        self.base = base
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._websocket)
        self.page.on(
            "response",
            lambda answer: self.errors.append(f"{answer.status}: {answer.url}") if answer.status == 404 else None,
        )
        self.page.on("pageerror", lambda err: self.errors.append(f"page error: {err}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")

    def _websocket(self, socket: Any) -> None:
        socket.on("framereceived", lambda frame: self.frames.append(frame if isinstance(frame, str) else repr(frame)))

    def join(self, code: str, name: str) -> LearnerPage:
        self.page.goto(f"{self.base}/")
        self.page.fill("#room", code)
        self.page.fill("#name", name)
        self.page.click("button[type=submit]")
        return self

    def wait_for_table(self) -> Any:
        self.page.wait_for_selector(TABLE, timeout=TIMEOUT_MS)
        return self.table

    @property
    def table(self) -> Any:
        return self.page.locator(TABLE).first

    def over(self) -> bool:
        return self.page.locator(".cardlab-table .cardlab-over").count() > 0

    def play_quickly(self) -> bool:
        """Make one move if this page may, as a hurried learner clicks: go on from a showdown
        or a held round, else a move without cards, else the first highlighted card's first
        move (the clicks are made in the page, one round trip). Whether it clicked."""
        rev = self.page.evaluate(_QUICK_MOVE)
        if rev is None:
            return False
        self.page.wait_for_function(
            "(rev) => { const t = document.querySelector('.cardlab-table[data-rev]');"
            " return !t || t.dataset.rev !== rev || !!t.querySelector('.cardlab-message-error') }",
            arg=rev,
            timeout=TIMEOUT_MS,
        )
        return True

    def refusal(self) -> str:
        """The refusal the table shows, if any."""
        refused = self.table.locator(".cardlab-message-error")
        return refused.inner_text() if refused.count() else ""

    def cards_shown(self) -> set[Card]:
        """Every card the page's DOM (its text and every attribute) and its websocket frames
        name; the front end's own program (scripts, stylesheets, a widget's ``_esm`` and
        ``_css``) is left out, since its examples name cards."""
        dom = self.page.evaluate(_DOM_TEXT)
        return set(mentioned(dom)) | set(mentioned("\n".join(_without_program(f) for f in self.frames)))

    def close(self) -> None:
        self.context.close()


def close_pages(opened: list[LearnerPage]) -> list[str]:
    """Close every page of ``opened``; the errors they met, but for a websocket's reconnection."""
    errors = [e for page in opened for e in page.errors if "WebSocket" not in e and "ERR_CONNECTION" not in e]
    for page in opened:
        page.close()
    return errors


def play_to_the_end(pages: list[LearnerPage], checkpoint: Any = None, most: int = 2000) -> int:
    """Click moves on whichever page may move until every page shows the game over; calls
    ``checkpoint(clicks)`` after each click. The number of clicks."""
    clicks = 0
    while not all(page.over() for page in pages):
        moved = False
        for page in pages:
            if page.play_quickly():
                clicks += 1
                moved = True
                if checkpoint is not None:
                    checkpoint(clicks)
        if not moved:
            pages[0].page.wait_for_timeout(100)
        assert clicks < most, f"no end after {clicks} clicks"
    return clicks
