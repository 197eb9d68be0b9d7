"""Widget update latency in Chromium against JupyterLab: a cardlab table against a bare widget.

    python benchmarks/widget_latency.py [--game card-commons] [--samples 40] [--hints 20]

Two measurements, each made the same way on a bare anywidget counter (a button whose click
asks Python to add one) and on the teacher's cardlab Table of a game, the two taking turns
sample by sample so that both meet the same machine load:

(a) click → Python → re-rendered: from the click (on the counter; on the move chosen in a
    card's menu) until the widget's DOM shows the new value (the table's ``data-rev``,
    written when it has redrawn everything). Opening a card's menu, the click before, is
    drawn in the browser without a round trip; its time is printed too. That click also asks
    the kernel to explain the card, and both widgets' clicks are timed once its answer shows.
(b) Python change → re-rendered: from ``time.time()`` just before a change made in the
    kernel (``counter.value += 1``; ``session.play(move)``) until the browser's clock reads
    the redrawn DOM (same machine, same clock). Each widget's time is split into parts,
    change by change: the kernel's part until ``Session.send`` has handed the message to the
    kernel's I/O thread (for the table: the move, the view-model, serializing and signing the
    message, and waiting for the interpreter while the I/O thread takes it), the transit from
    there to the page (the I/O thread, jupyter_server, the websocket, until the page's
    websocket message event), the page's part until drawing starts (JupyterLab and
    ipywidgets handling the comm message, the widget's change listeners and parsing, the
    queued redraw) and the drawing (the table's ``data-draw-ms``; the counter's drawing is
    part of its page part).

(c) Hint → ranking drawn: from a click on the table's Hint button (``hint=True``: the search
    hint, with the table's playouts) until the ranking is drawn, in positions spread over
    seeded random games of the game.

It prints the medians, the 95th percentiles and the table's ratio to the bare widget, against
the target: at most 1.5 times the bare widget. JupyterLab runs as ``cardlab tutorials`` starts it, with
cardlab's server extension (cardlab/server.py), which both widgets' messages go through.
Needs JupyterLab, Playwright for Python and the system Chromium (/usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import cardlab  # noqa: E402
from helpers.labdriver import LabPage, launch_chromium, missing_browser, start_lab  # noqa: E402

COUNTER = '''
import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    """The bare widget: one synced number, a click asks Python to add one."""
    _esm = """export default { render({ model, el }) {
      const button = document.createElement("button");
      button.className = "bench-counter";
      const draw = () => {
        button.textContent = String(model.get("value"));
        button.dataset.value = String(model.get("value"));
      };
      button.addEventListener("click", () => model.send({ action: "add" }));
      model.on("change:value", draw);
      draw();
      el.append(button);
    } }"""
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: setattr(self, "value", self.value + 1))

counter = Counter()
counter
'''

TABLE = """
import cardlab
from cardlab.widgets import Table
game = cardlab.game({game!r})
start = game.deal(seed=1)
session = cardlab.Session(game, start)
table = Table(session, hint=True)
table
"""

# In the page: wait until an element's attribute changes, or until an element shows.
_WAIT = """
const until = (el, ready, watched) => new Promise((resolve) => {
  if (ready()) return resolve();
  const watch = new MutationObserver(() => {
    if (ready()) { watch.disconnect(); resolve(); }
  });
  watch.observe(el, watched);
});
const changed = (el, attr, old) =>
  until(el, () => el.getAttribute(attr) !== old, { attributes: true, attributeFilter: [attr] });
const shown = (root, selector) =>
  until(root, () => !!root.querySelector(selector), { childList: true, subtree: true, attributes: true });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
"""

# (a) Clicks, the bare counter's and the table's taking turns so both meet the same load.
CLICKS = (
    "async (n) => {"
    + _WAIT
    + """
  const counter = document.querySelector(".bench-counter");
  const root = document.querySelector(".cardlab-table");
  const bare = [], table = [], menu = [];
  const timed = async (el, attr, click) => {
    const old = el.getAttribute(attr);
    const t0 = performance.now();
    click();
    await changed(el, attr, old);
    return performance.now() - t0;
  };
  while (table.length < n) {
    const card = root.querySelector(".cardlab-tableau .cardlab-playable");
    if (card) {  // opens the card's menu: drawn in the browser, no round trip
      const t0 = performance.now();
      card.click();
      menu.push(performance.now() - t0);
      // The click also asks the kernel to explain the card: its answer comes, and is drawn,
      // before either widget's click is timed, so that neither waits behind it.
      await shown(root, ".cardlab-message-explain");
      await pause(30);
    }
    const choice = root.querySelector(card ? ".cardlab-menu .cardlab-move" : ".cardlab-choices .cardlab-move");
    if (!choice) break;  // the game is over
    bare.push(await timed(counter, "data-value", () => counter.click()));
    await pause(30);
    table.push(await timed(root, "data-rev", () => choice.click()));
    await pause(30);
  }
  return [bare, table, menu];
}"""
)

# (b) In the page, from before JupyterLab starts: the time each websocket message arrives,
# with its data (read only after the loop), while window.cardlabSocket is a list.
SOCKET = """(() => {
  const plain = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() { return plain.get.call(this); },
    set(handler) {
      plain.set.call(this, handler && function (event) {
        if (window.cardlabSocket) window.cardlabSocket.push([performance.timeOrigin + performance.now(), event.data]);
        return handler.call(this, event);
      });
    },
  });
})();"""

# (b) After the loop: each recorded websocket message's arrival, comm id and size in bytes.
SOCKET_MESSAGES = r"""() => {
  const decoder = new TextDecoder();
  const found = (window.cardlabSocket || []).map(([at, data]) => {
    const text = typeof data === "string" ? data : decoder.decode(data);
    const comm = text.match(/"comm_id":\s*"([^"]+)"/);
    return [at, comm ? comm[1] : null, typeof data === "string" ? text.length : data.byteLength];
  });
  window.cardlabSocket = null;
  return found;
}"""

# (b) Record the browser's clock at every redraw of each widget.
RECORD = """() => {
  window.cardlabSocket = [];
  window.cardlabMarks = { bare: [], table: [], draw: [] };
  const watch = (el, attr, list, then) => new MutationObserver(() => {
    list.push(performance.timeOrigin + performance.now());
    if (then) then(el);
  }).observe(el, { attributes: true, attributeFilter: [attr] });
  watch(document.querySelector(".bench-counter"), "data-value", window.cardlabMarks.bare);
  watch(document.querySelector(".cardlab-table"), "data-rev", window.cardlabMarks.table,
        (el) => window.cardlabMarks.draw.push(Number(el.dataset.drawMs)));
}"""

CHANGES = """
import time, json, random
moves, rng, s = [], random.Random(1), start
while len(moves) < {n} and game.legal_moves(s):
    moves.append(rng.choice(game.legal_moves(s)))
    s = game.play(s, moves[-1])
session.replace(start)
time.sleep(0.2)
stamps = {{"bare": [], "table": [], "kernel": [], "comms": {{"bare": counter.model_id, "table": table.model_id}}}}
# When each widget's comm message has been handed to the kernel's I/O thread.
handed = {{counter.model_id: [], table.model_id: []}}
kernel_session = get_ipython().kernel.session
plain_send = kernel_session.send
def stamped_send(stream, msg_or_type, content=None, *args, **kwargs):
    sent = plain_send(stream, msg_or_type, content, *args, **kwargs)
    if isinstance(content, dict) and content.get("comm_id") in handed:
        handed[content["comm_id"]].append(time.time())
    return sent
kernel_session.send = stamped_send
try:
    for move in moves:
        stamps["bare"].append(time.time())
        counter.value += 1
        time.sleep(0.05)
        stamps["table"].append(time.time())
        session.play(move)
        stamps["kernel"].append((time.time() - stamps["table"][-1]) * 1000)
        time.sleep(0.05)
finally:
    del kernel_session.send
stamps["handed"] = {{"bare": handed[counter.model_id], "table": handed[table.model_id]}}
print(json.dumps(stamps))
"""


@dataclass
class Changes:
    """(b), change by change, in milliseconds: each widget's whole time (``bare``, ``table``)
    and its parts (see the module's docstring), the table's time in ``session.play``
    (``kernel``), and the size of each widget's messages in bytes."""

    bare: list[float]
    table: list[float]
    kernel: list[float]
    parts: dict[str, dict[str, list[float]]]
    sizes: dict[str, list[int]]


def from_python(page: LabPage, n: int) -> Changes:
    """Milliseconds from a change made in the kernel to the redrawn widget, taking turns, and
    where each widget's time went."""
    page.page.evaluate(RECORD)
    stamps = json.loads(page.run(CHANGES.format(n=n)))
    count = len(stamps["table"])
    page.page.wait_for_function(
        f"() => window.cardlabMarks.bare.length >= {count} && window.cardlabMarks.table.length >= {count + 1}",
        timeout=30_000,
    )
    marks = page.page.evaluate("() => window.cardlabMarks")
    messages = page.page.evaluate(SOCKET_MESSAGES)
    marks["table"] = marks["table"][1:]  # the first redraw is session.replace(start)
    drawing = marks["draw"][1 : count + 1]
    bare, table = ([mark - stamp * 1000 for stamp, mark in zip(stamps[k], marks[k])] for k in ("bare", "table"))
    parts: dict[str, dict[str, list[float]]] = {}
    sizes: dict[str, list[int]] = {}
    for kind in ("bare", "table"):
        arrivals = [(at, size) for at, comm, size in messages if comm == stamps["comms"][kind]]
        if kind == "table":
            arrivals = arrivals[1:]  # session.replace(start)'s, before the loop
        handed = stamps["handed"][kind]
        if len(arrivals) != count or len(handed) != count:
            raise RuntimeError(
                f"(b): {len(handed)} messages of the {kind} widget were sent and {len(arrivals)} "
                f"arrived, for {count} changes: one message a change was expected"
            )
        draw = drawing if kind == "table" else [0.0] * count
        parts[kind] = {
            "kernel": [(h - s) * 1000 for s, h in zip(stamps[kind], handed)],
            "transit": [at - h * 1000 for (at, _), h in zip(arrivals, handed)],
            "page": [mark - d - at for (at, _), mark, d in zip(arrivals, marks[kind], draw)],
            "drawing": draw,
        }
        sizes[kind] = [size for _, size in arrivals]
    return Changes(bare, table, stamps["kernel"], parts, sizes)


# (c) One hint: click the Hint button, wait for the ranking.
HINT = (
    "async () => {"
    + """
  const root = document.querySelector(".cardlab-table");
  const button = root.querySelector('[data-key="hint"]');
  if (!button || root.querySelector(".cardlab-ranking")) return null;
  const t0 = performance.now();
  button.click();
  await new Promise((resolve) => {
    const drawn = () => (root.querySelector(".cardlab-ranking") ? resolve() : requestAnimationFrame(drawn));
    drawn();
  });
  return performance.now() - t0;
}"""
)

# (c) Between hints, a few random moves (a new deal when the game ends).
ONWARD = """
import random
hint_rng = globals().setdefault("hint_rng", random.Random(2))
for _ in range(3):
    if game.is_over(session.state):
        session.replace(game.deal(seed=hint_rng.randrange(1000)))
        break
    session.play(hint_rng.choice(session.legal_moves()))
"""


def hints(page: LabPage, n: int) -> list[float]:
    """Milliseconds from a click on Hint to the drawn ranking, in ``n`` positions."""
    page.run("session.replace(start)")
    times: list[float] = []
    while len(times) < n:
        rev = page.page.evaluate("() => document.querySelector('.cardlab-table').dataset.rev")
        took = page.page.evaluate(HINT)
        if took is not None:
            times.append(took)
        page.run(ONWARD)
        page.page.wait_for_function(
            f"() => document.querySelector('.cardlab-table').dataset.rev !== '{rev}'"
            " && !document.querySelector('.cardlab-ranking')",
            timeout=30_000,
        )
    return times


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


#: The target: the table's median at most this many times the bare widget's.
TARGET_RATIO = 1.5


def report(title: str, bare: list[float], table: list[float]) -> None:
    ratio = statistics.median(table) / statistics.median(bare)
    print(title)
    print(
        f"    bare anywidget counter  median {statistics.median(bare):6.1f} ms   p95 {p95(bare):6.1f} ms   "
        f"({len(bare)} samples)"
    )
    print(
        f"    cardlab table           median {statistics.median(table):6.1f} ms   p95 {p95(table):6.1f} ms   "
        f"({len(table)} samples)   ratio {ratio:.2f}x   target {TARGET_RATIO:.1f}x "
        f"({'met' if ratio <= TARGET_RATIO else 'missed'}; ratio over target {ratio / TARGET_RATIO:.2f}x)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=cardlab.game_names()[0], choices=cardlab.game_names())
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--hints", type=int, default=20, help="positions in which to time the Hint button")
    args = parser.parse_args()
    reason = missing_browser()
    if reason:
        print(f"cannot measure: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    n = args.samples
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as pw:
        lab = start_lab(Path(folder))
        browser = launch_chromium(pw)
        try:
            lab.notebook("latency.ipynb", COUNTER, TABLE.format(game=args.game))
            context = browser.new_context(viewport={"width": 1400, "height": 1800})
            context.add_init_script(SOCKET)
            page = LabPage(context.new_page(), lab, "latency.ipynb")
            page.open(".cardlab-table[data-rev]")
            page.page.wait_for_selector(".bench-counter")
            page.page.evaluate(CLICKS, 5)  # warm up both paths
            page.run("session.replace(start)")
            bare_click, table_click, menu = page.page.evaluate(CLICKS, n)
            changes = from_python(page, n)
            hint_times = hints(page, args.hints) if args.hints else []
            page.assert_no_errors()
        finally:
            browser.close()
            lab.stop()
    print(f"Widget latency in Chromium against JupyterLab: {args.game}, teacher's table")
    report("(a) click -> Python -> re-rendered", bare_click, table_click)
    print(
        f"    (before it, a card's menu, drawn in the browser alone: median {statistics.median(menu):.1f} ms, "
        f"p95 {p95(menu):.1f} ms)"
    )
    report("(b) Python change -> re-rendered", changes.bare, changes.table)
    print(
        f"    the table's session.play took {statistics.median(changes.kernel):.2f} ms (median); "
        "where each widget's time went"
    )
    print("    (medians, ms; they need not add up to the whole's median):")
    print("                              kernel  transit     page  drawing   message")
    for kind, name in (("bare", "bare anywidget counter"), ("table", "cardlab table")):
        part = {key: statistics.median(values) for key, values in changes.parts[kind].items()}
        drawn = f"{part['drawing']:8.2f}" if kind == "table" else "  (page)"
        print(
            f"    {name:24s} {part['kernel']:7.2f} {part['transit']:8.2f} {part['page']:8.2f} {drawn}"
            f"   {statistics.median(changes.sizes[kind]):6,.0f} bytes"
        )
    if hint_times:
        print(
            f"(c) Hint -> ranking drawn: median {statistics.median(hint_times):.0f} ms, p95 {p95(hint_times):.0f} ms, "
            f"max {max(hint_times):.0f} ms   ({len(hint_times)} positions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
