// cardlab front end, part 5: the move log and stepper, and the lines of a session.
//
// history = {entries: [{player, move}], differs_at, lines}: the log of the line on show
// (the main line or a variation), the number of its first move that differs from the main
// line (null on the main line), and for the teacher every line to choose from. The view says
// which position is on show (step: 0 is the start, k the position after move k), narrates
// the move that led to it and, in `line`, what to say about the line on show (a banner with
// the actions that leave it). First / previous / next / last, the slider, a click on a log
// entry, a banner's button and a line of the list all ask Python; Python decides.

function renderStepper(vm, history, ctx, { banner = true } = {}) {
  const entries = history?.entries ?? [];
  const total = entries.length;
  const at = vm.step ?? 0;
  const differs = history?.differs_at ?? null;
  const nav = (label, symbol, target, disabled) =>
    button(symbol, () => ctx.goto(target), {
      class: "cardlab-button cardlab-nav", "aria-label": label, title: label, disabled,
      dataset: { key: `nav:${label}` },
    });
  const slider = h("input", {
    type: "range", class: "cardlab-slider", min: "0", max: String(total), step: "1",
    "aria-label": "position in the game", "aria-valuetext": positionText(at, total, differs),
    dataset: { key: "slider" }, disabled: total === 0,
    value: String(at), onchange: (e) => ctx.goto(Number(e.target.value)),
  });
  const narration = vm.narration ?? [];
  const entry = (title, index) => logEntry(title, index, at, differs, narration, ctx);
  const items = [entry("Start", 0)].concat(entries.map((e, i) => entry(`${i + 1}. ${e.player}: ${e.move}`, i + 1)));
  return h("div", { class: "cardlab-stepper" },
    banner ? renderLineBanner(vm.line, ctx) : null,
    h("div", { class: "cardlab-section-title", text: differs === null ? "Moves" : "Moves of this variation" }),
    h("div", { class: "cardlab-stepper-controls" },
      nav("first", "«", 0, at === 0),
      nav("previous", "‹", at - 1, at === 0),
      slider,
      nav("next", "›", at + 1, at >= total),
      nav("last", "»", total, at >= total),
      h("span", { class: "cardlab-position", "aria-live": "polite", text: positionText(at, total, differs) })),
    h("ol", { class: "cardlab-log" }, items),
    renderLines(history?.lines ?? [], ctx));
}

/** Where the stepper stands: "start (of 6 moves)", "after move 4 of 6" (short, to share its
 * line with the buttons and the slider), "after move 4 of 5 moves of a variation". */
function positionText(at, total, differs) {
  if (total === 0) return "no moves yet";
  const of = differs === null ? plural(total, "move") : `${plural(total, "move")} of a variation`;
  if (at === 0) return `start (of ${of})`;
  return differs === null ? `after move ${at} of ${total}` : `after move ${at} of ${of}`;
}

/**
 * What the table says about the line it shows: the teacher exploring a variation ("Back to
 * the main line", "Keep this line"), a player looking back ("Back to the game"), or a player
 * shown another position by the teacher. Python writes the text and names the actions.
 */
function renderLineBanner(line, ctx) {
  if (!line) return null;
  return h("div", { class: `cardlab-line-banner cardlab-line-${line.kind}`, role: "status", dataset: { key: "line-banner" } },
    h("span", { class: "cardlab-line-text", text: line.text }),
    (line.actions ?? []).map((a) => button(a.text, () => ctx.send(a.action), {
      class: "cardlab-button cardlab-line-action", dataset: { key: `line:${a.action}` },
    })));
}

/** Every line of the session (the teacher's, once there is a variation): choosing one shows it. */
function renderLines(lines, ctx) {
  if (!lines.length) return null;
  return h("div", { class: "cardlab-lines" },
    h("div", { class: "cardlab-section-title", text: `Lines (${lines.length})` }),
    h("ul", { class: "cardlab-line-list" }, lines.map((line) => h("li", {
        class: `cardlab-line-item${line.current ? " cardlab-current" : ""}`,
        style: `padding-left: ${line.depth * 1.2}em`,
      },
      h("button", {
        type: "button", class: "cardlab-line-choice", "aria-current": line.current ? "true" : undefined,
        dataset: { key: `show-line:${line.number}` }, disabled: line.current,
        onclick: () => ctx.send("line", { number: line.number }),
      }, line.text)))));
}

// Every move is one line; the move on show also shows its narration (vm.narration); the
// moves of a variation (from `differs` on) are marked.
function logEntry(title, index, at, differs, narration, ctx) {
  const current = index === at;
  const varied = differs !== null && index >= differs;
  const key = JSON.stringify([title, current, index > at, varied, current ? narration : null]);
  return memo(ctx.memo, `log:${index}`, key, () => drawLogEntry(title, index, at, varied, narration, ctx));
}

function drawLogEntry(title, index, at, varied, narration, ctx) {
  const current = index === at;
  const classes = ["cardlab-log-entry"];
  if (current) classes.push("cardlab-current");
  if (index > at) classes.push("cardlab-future");
  if (varied) classes.push("cardlab-variation-move");
  return h("li", { class: classes.join(" ") },
    h("button", {
      type: "button", class: "cardlab-log-move", "aria-current": current ? "step" : undefined,
      title: varied ? "a move of the variation (not of the main line)" : undefined,
      dataset: { key: `log:${index}` }, onclick: () => ctx.goto(index),
    }, title),
    current && narration.length ? narrationList(narration) : null);
}

// What a move did, one line an event; past NARRATION_SHOWN lines, the first and the last stay
// (what was played, how it ended) and the lines between fold away, "N more" opening them.
const NARRATION_SHOWN = 4;

function narrationList(narration) {
  const line = (ev) => h("li", {}, ev.text, " ", h("code", { class: "cardlab-rule", text: ev.rule }));
  if (narration.length <= NARRATION_SHOWN) return h("ul", { class: "cardlab-events" }, narration.map(line));
  const middle = narration.slice(1, -1);
  return h("ul", { class: "cardlab-events" }, line(narration[0]),
    h("li", { class: "cardlab-events-more" },
      h("details", { dataset: { key: "narration-more" } },
        h("summary", { text: `${plural(middle.length, "more line")}` }),
        h("ul", { class: "cardlab-events" }, middle.map(line)))),
    line(narration[narration.length - 1]));
}
