"""A notice that says, in a learner's words, when a page has lost its link to the server.

Solara's page reconnects by itself after a short break, and dims the page meanwhile; a
restarted server no longer knows the page, and Solara then asks for the page to be loaded
again. This small widget shows a sentence above the page while it is not connected (its
script reads ``window.solara.debug.connectionStatus``, which Solara's page keeps, every
second) and, once the server answers again, loads the page again itself if Solara has not
reconnected: the seat cookie opens the seat, as the server restored it.
"""

from __future__ import annotations

import anywidget
import traitlets

from . import words

_ESM = """
// Lost: Solara's connection status is not "connected", or Solara gave up on this page's kernel
// (a restarted server knows it no more). Once the server answers again (/readyz) and Solara
// has not reconnected by itself within a few seconds, the page loads again (the paths are
// relative: behind a proxy the class may live under a path of its own): its seat cookie
// opens the seat, and the table is back as the server restored it.
const GIVEN_UP = "Please refresh the page";
export default {
  render({ model, el }) {
    el.classList.add("cardlab-lost-link");
    el.setAttribute("role", "alert");
    el.textContent = model.get("text");
    el.hidden = true;
    let answeredAt = null;
    const check = async () => {
      const status = window.solara && window.solara.debug && window.solara.debug.connectionStatus;
      const givenUp = document.body.innerText.includes(GIVEN_UP);
      const lost = givenUp || (!!status && status !== "connected");
      el.hidden = !lost;
      if (!lost) { answeredAt = null; return; }
      try {
        const answer = await fetch("readyz", { cache: "no-store" });
        if (!answer.ok) return;
      } catch (err) { answeredAt = null; return; }
      answeredAt = answeredAt ?? Date.now();
      if (givenUp || Date.now() - answeredAt > 4000) window.location.reload();
    };
    const timer = setInterval(check, 1000);
    return () => clearInterval(timer);
  },
};
"""

_CSS = """
.cardlab-lost-link { position: fixed; top: 0; left: 0; right: 0; z-index: 100010; padding: .8em 1em;
  background: #fff4d6; color: #1a1a1a; border-bottom: 3px solid #b26b00; font: 18px/1.4 system-ui, sans-serif; }
.cardlab-lost-link[hidden] { display: none; }
"""


class ConnectionNotice(anywidget.AnyWidget):
    """Shows :data:`words.LOST_LINK` while the page has no link to the server."""

    _esm = _ESM
    _css = _CSS
    text = traitlets.Unicode(words.LOST_LINK).tag(sync=True)

    def __repr__(self) -> str:
        return "ConnectionNotice()"
