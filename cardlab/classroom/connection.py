"""A notice that says, in a learner's words, when a page has lost its link to the server.

Solara's page reconnects by itself when the server is back (and a restarted server opens the
seat again from its cookie); meanwhile Solara dims the page. This small widget shows a
sentence above it while the page is not connected: its script reads the page's connection
status (``window.solara.debug.connectionStatus``, which Solara's page keeps) twice a second.
"""

from __future__ import annotations

import anywidget
import traitlets

from . import words

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("cardlab-lost-link");
    el.setAttribute("role", "alert");
    el.textContent = model.get("text");
    el.hidden = true;
    const check = () => {
      const status = window.solara && window.solara.debug && window.solara.debug.connectionStatus;
      el.hidden = !status || status === "connected";
    };
    const timer = setInterval(check, 500);
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
