// cardlab front end, part 5: the move log and stepper.
//
// history = {entries: [{player, move}]}; the view says which state is on show (step: 0 is
// the start, k the state after move k) and narrates the move that led to it. First / previous / next /
// last, the slider and a click on a log entry all ask Python to show that state; playing a
// move from a past state then replaces the moves after it (the session's rule).

function renderStepper(vm, history, ctx) {
  const entries = history?.entries ?? [];
  const total = entries.length;
  const at = vm.step ?? 0;
  const nav = (label, symbol, target, disabled) =>
    button(symbol, () => ctx.goto(target), {
      class: "cardlab-button cardlab-nav", "aria-label": label, title: label, disabled,
      dataset: { key: `nav:${label}` },
    });
  const slider = h("input", {
    type: "range", class: "cardlab-slider", min: "0", max: String(total), step: "1",
    "aria-label": "position in the game", "aria-valuetext": positionText(at, total),
    dataset: { key: "slider" }, disabled: total === 0,
    value: String(at), onchange: (e) => ctx.goto(Number(e.target.value)),
  });
  const narration = vm.narration ?? [];
  const entry = (title, index) => logEntry(title, index, at, narration, ctx);
  const items = [entry("Start", 0)].concat(entries.map((e, i) => entry(`${i + 1}. ${e.player}: ${e.move}`, i + 1)));
  return h("div", { class: "cardlab-stepper" },
    h("div", { class: "cardlab-section-title", text: "Moves" }),
    h("div", { class: "cardlab-stepper-controls" },
      nav("first", "«", 0, at === 0),
      nav("previous", "‹", at - 1, at === 0),
      slider,
      nav("next", "›", at + 1, at >= total),
      nav("last", "»", total, at >= total),
      h("span", { class: "cardlab-position", "aria-live": "polite", text: positionText(at, total) })),
    h("ol", { class: "cardlab-log" }, items));
}

function positionText(at, total) {
  if (total === 0) return "no moves yet";
  return at === 0 ? `start (of ${plural(total, "move")})` : `after move ${at} of ${total}`;
}

// Every move is one line; the move on show also shows its narration (vm.narration).
function logEntry(title, index, at, narration, ctx) {
  const current = index === at;
  const key = JSON.stringify([title, current, index > at, current ? narration : null]);
  return memo(ctx.memo, `log:${index}`, key, () => drawLogEntry(title, index, at, narration, ctx));
}

function drawLogEntry(title, index, at, narration, ctx) {
  const current = index === at;
  return h("li", { class: `cardlab-log-entry${current ? " cardlab-current" : ""}${index > at ? " cardlab-future" : ""}` },
    h("button", {
      type: "button", class: "cardlab-log-move", "aria-current": current ? "step" : undefined,
      dataset: { key: `log:${index}` }, onclick: () => ctx.goto(index),
    }, title),
    current && narration.length
      ? h("ul", { class: "cardlab-events" }, narration.map((ev) =>
          h("li", {}, ev.text, " ", h("code", { class: "cardlab-rule", text: ev.rule }))))
      : null);
}
