// cardlab front end, part 3: choosing a move, and the message line.
//
// Python lists the viewer's legal moves as {move: notation, text, cards: [codes]}. Clicking a
// card offers the moves that involve it as a small menu; focusing or hovering an entry
// previews it (its cards lift on the table); Cancel or Escape closes the menu. Moves without
// cards (pass, knock, next round) are plain buttons. A click on a card with no move asks
// Python why, and the answer appears in the message line.

function movesOfCard(moves, code) {
  return moves.filter((m) => m.cards.includes(code));
}

function moveButton(move, ctx) {
  const el = button(move.text, () => ctx.play(move), {
    class: "cardlab-button cardlab-move",
    dataset: { key: `move:${move.move}`, move: move.move },
    onmouseenter: () => ctx.preview(move),
    onfocus: () => ctx.preview(move),
    onmouseleave: () => ctx.preview(null),
    onblur: () => ctx.preview(null),
  });
  return el;
}

function renderChoices(vm, ctx) {
  const moves = vm.moves ?? [];
  const selected = ctx.ui.selected;
  if (selected) {
    const options = movesOfCard(moves, selected.code);
    const info = cardInfo(selected.code);
    return h("div", { class: "cardlab-choices cardlab-menu", role: "group", "aria-label": `moves with the ${info.label}` },
      h("div", { class: "cardlab-choices-title" }, "Moves with ", miniCards([selected.code]), ":"),
      h("div", { class: "cardlab-choices-list" }, options.map((m) => moveButton(m, ctx))),
      h("div", { class: "cardlab-preview-text", "aria-live": "polite", text: "Point at a move to preview it." }),
      button("Cancel", () => ctx.select(null), { class: "cardlab-button cardlab-cancel", dataset: { key: "cancel" } }));
  }
  const plain = moves.filter((m) => m.cards.length === 0);
  const prompt = vm.can_act
    ? (moves.length > plain.length ? "Choose a highlighted card, or a move below." : "Choose a move.")
    : vm.waiting ?? "";
  return h("div", { class: "cardlab-choices" },
    h("div", { class: "cardlab-choices-title", text: prompt }),
    h("div", { class: "cardlab-choices-list" },
      plain.map((m) => moveButton(m, ctx)),
      vm.hint && vm.can_act ? hintButton(ctx) : null),
    moves.length > plain.length ? allMoves(moves, ctx) : null);
}

/** The Hint button: Python works the ranking out (about a second at most); meanwhile it says so. */
function hintButton(ctx) {
  const thinking = ctx.ui.thinking;
  return button(thinking ? "Thinking…" : "Hint", () => {
    ctx.ui.thinking = true;
    ctx.send("hint");
    ctx.render();
  }, { class: "cardlab-button cardlab-hint", dataset: { key: "hint" }, disabled: thinking, "aria-busy": thinking ? "true" : undefined });
}

/** Every legal move as a list, for keyboard users and for a quick overview (drawn when opened). */
function allMoves(moves, ctx) {
  const open = ctx.ui.allMoves;
  return h("details", {
      class: "cardlab-all-moves", open,
      ontoggle: (e) => { if (e.target.open !== ctx.ui.allMoves) { ctx.ui.allMoves = e.target.open; ctx.render(); } },
    },
    h("summary", { text: `All ${moves.length} legal moves`, dataset: { key: "all-moves" } }),
    open ? h("div", { class: "cardlab-choices-list" }, moves.map((m) => moveButton(m, ctx))) : null);
}

/** Lift a move's cards on the table and say what it is, without a re-render. */
function showPreview(root, move) {
  for (const el of root.querySelectorAll(".cardlab-preview")) el.classList.remove("cardlab-preview");
  const text = root.querySelector(".cardlab-preview-text");
  if (!move) {
    if (text) text.textContent = "Point at a move to preview it.";
    return;
  }
  for (const code of move.cards) {
    for (const el of root.querySelectorAll(`.cardlab-tableau [data-code="${CSS.escape(code)}"]`)) {
      el.classList.add("cardlab-preview");
    }
  }
  if (text) {
    const uses = move.cards.map((c) => cardInfo(c).short).join(", ");
    text.textContent = uses ? `${move.text} (uses ${uses})` : move.text;
  }
}

function renderMessage(message, ctx) {
  if (!message || !message.text || ctx.ui.dismissed === message.id) {
    return h("div", { class: "cardlab-message cardlab-message-none", role: "status", "aria-live": "polite" });
  }
  const kind = message.kind ?? "info";
  return h("div", { class: `cardlab-message cardlab-message-${kind}`, role: kind === "error" ? "alert" : "status", "aria-live": "polite" },
    h("span", { class: "cardlab-message-text", text: message.text }),
    message.cards && message.cards.length ? miniCards(message.cards) : null,
    button("×", () => { ctx.ui.dismissed = message.id; ctx.render(); },
      { class: "cardlab-button cardlab-dismiss", "aria-label": "dismiss message", dataset: { key: "dismiss" } }),
    message.ranking ? renderRanking(message.ranking, ctx) : null);
}

/**
 * A hint's ranking: every legal move, best first, with its value and 95% interval, and why
 * the best is best. Choosing a move in the list marks its cards on the table (again: unmark).
 */
function renderRanking(ranking, ctx) {
  const marked = ctx.ui.hinted;
  const rows = ranking.moves.map((m, i) => h("li", { class: "cardlab-rank-row" },
    h("button", {
      type: "button", class: `cardlab-rank-move${marked === m.move ? " cardlab-rank-marked" : ""}`,
      "aria-pressed": marked === m.move ? "true" : "false", dataset: { key: `rank:${m.move}`, move: m.move },
      title: m.cards.length ? "show this move's cards on the table" : undefined,
      onclick: () => ctx.markHinted(marked === m.move ? null : m),
    },
      h("span", { class: "cardlab-rank-place", text: `${i + 1}.` }),
      h("span", { class: "cardlab-rank-text", text: m.text }),
      h("span", { class: "cardlab-rank-value", text: valueText(m) }),
      i === 0 ? h("span", { class: "cardlab-badge", text: "best" }) : null)));
  return h("div", { class: "cardlab-ranking" },
    h("div", { class: "cardlab-muted", text: `Every move, best first: ${ranking.unit} (mean ± 95% interval, ${ranking.playouts} playouts in all)` }),
    h("ol", { class: "cardlab-rank-list" }, rows),
    h("div", { class: "cardlab-rank-reason" }, h("strong", { text: "Why: " }), ranking.reason));
}

function valueText(m) {
  const mean = `${m.mean >= 0 ? "+" : "−"}${Math.abs(m.mean).toFixed(2)}`;
  return m.margin === null || m.margin === undefined ? mean : `${mean} ± ${m.margin.toFixed(2)}`;
}
