// cardlab front end, part 3: choosing a move, and the message line.
//
// Python lists the viewer's legal moves as {move: notation, text, cards: [codes]}. Clicking a
// card offers the moves that involve it as a small menu; focusing or hovering an entry
// previews it (its cards lift on the table); Cancel or Escape closes the menu. Moves without
// cards (pass, knock, next round) are plain buttons. A click on any card asks Python to
// explain it (the engine's Game.explain_card): the answer, each sentence with its rule id,
// appears in the message line, and a card's menu lists the places it cannot go, with why.

function movesOfCard(moves, code) {
  return moves.filter((m) => m.cards.includes(code));
}

function moveButton(move, ctx, props = {}) {
  const el = button(move.text, () => ctx.play(move), {
    ...props,
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
    return h("div", { class: "cardlab-choices cardlab-menu" },
      h("div", { class: "cardlab-choices-title", "aria-hidden": "true" }, "Moves with ", miniCards([selected.code]), ":"),
      h("div", { class: "cardlab-choices-list", role: "menu", "aria-label": `moves with the ${info.label}`, onkeydown: menuKeys },
        options.map((m) => moveButton(m, ctx, { role: "menuitem" }))),
      whyNot(ctx, selected),
      h("div", { class: "cardlab-preview-text", "aria-live": "polite", text: "Point at a move to preview it." }),
      button("Cancel", () => ctx.select(null), { class: "cardlab-button cardlab-cancel", dataset: { key: "cancel" } }));
  }
  const plain = moves.filter((m) => m.cards.length === 0);
  if (vm.round_held) {  // the round is over: the computer carries the game on once the player has seen it
    return h("div", { class: "cardlab-choices" },
      h("div", { class: "cardlab-choices-title", text: "The round is over: look at the cards and the score, then go on." }),
      h("div", { class: "cardlab-choices-list" },
        button("Continue", () => ctx.send("continue"), { class: "cardlab-button cardlab-continue", dataset: { key: "continue" } })));
  }
  const prompt = !vm.can_act ? vm.waiting ?? ""
    : vm.going_on ? "The round is over: go on when you are ready."
    : moves.length > plain.length ? (plain.length ? "Choose a highlighted card, or a move below." : "Choose a highlighted card.")
    : "Choose a move.";
  return h("div", { class: "cardlab-choices" },
    h("div", { class: "cardlab-choices-title", text: prompt }),
    h("div", { class: "cardlab-choices-list" },
      plain.map((m) => moveButton(m, ctx)),
      vm.hint && vm.can_act ? hintButton(vm, ctx) : null),
    moves.length > plain.length ? allMoves(moves, ctx) : null);
}

/**
 * "Why not?": the moves with the selected card that the rules refuse now (the places it cannot
 * go), each with the engine's reason and rule id, from the explanation of that very card.
 */
function whyNot(ctx, selected) {
  const message = ctx.message();
  if (!message || message.kind !== "explain" || message.zone !== selected.zone || message.card !== selected.code) return null;
  const refused = message.refused ?? [];
  if (!refused.length) return null;
  return h("details", {
      class: "cardlab-why-not", open: ctx.ui.whyNot,
      ontoggle: (e) => { ctx.ui.whyNot = e.target.open; },
    },
    h("summary", { text: `Why not…? (${refused.length})`, dataset: { key: "why-not" } }),
    h("ul", { class: "cardlab-why-not-list" }, refused.map((r) => h("li", { class: "cardlab-why-not-item", dataset: { move: r.move } },
      h("span", { class: "cardlab-why-not-move", text: r.text }), ": ", r.reason, " ",
      h("code", { class: "cardlab-rule", text: `[${r.rule}]` })))));
}

/** The Hint button: Python works the ranking out (within a second); meanwhile it says so. In a
 * kernel the search runs beside the event loop (vm.hinting), so the table answers other clicks. */
function hintButton(vm, ctx) {
  const thinking = ctx.ui.thinking || !!vm.hinting;
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
    h("summary", { text: `Every legal move (${moves.length})`, dataset: { key: "all-moves" } }),
    open ? h("div", { class: "cardlab-choices-list" }, moves.map((m) => moveButton(m, ctx))) : null);
}

/** Arrow keys (and Home, End) move between the entries of a card's menu of moves. */
function menuKeys(event) {
  const step = ARROW_STEPS[event.key];
  if (step === undefined) return;
  const items = [...event.currentTarget.querySelectorAll("[role=menuitem]")];
  const at = items.indexOf(document.activeElement);
  const next = items[Math.min(items.length - 1, Math.max(0, (at < 0 ? 0 : at) + step))];
  event.preventDefault();
  if (next) next.focus();
}

/** The data-key of a card on the table. */
function cardKey(where) {
  return `card:${where.zone}:${where.index}`;
}

/**
 * Where the keyboard focus goes after a redraw: into a card's menu when it opens (done by
 * the caller); once a move the user chose is made, to the next playable card (in the pile
 * the move came from, if one is there), else to the card just used, wherever it went, else
 * to the pile it came from; when
 * a menu closes, back to its card; else where it was. Focus that the redraw lost goes to the
 * first playable card, or to the widget itself, never to the page. `moved`: a new position.
 */
function nextFocus(root, ui, { hadFocus, focusKey, moved }) {
  const find = (key) => (key ? root.querySelector(`[data-key="${CSS.escape(key)}"]`) : null);
  const active = document.activeElement;
  const free = !active || active === document.body || root.contains(active);  // never take it from elsewhere
  if (moved && ui.used) {
    const used = ui.used;
    ui.used = null;
    ui.returnFocus = null;
    if (!free) return null;
    const playable = [...root.querySelectorAll(".cardlab-tableau .cardlab-playable")];
    const zone = used.zone ? `.cardlab-tableau [data-zone="${CSS.escape(used.zone)}"] .cardlab-card[tabindex]` : null;
    return playable.find((el) => el.closest("[data-zone]")?.dataset.zone === used.zone) ?? playable[0]
      ?? root.querySelector(`.cardlab-tableau [data-code="${CSS.escape(used.code)}"][tabindex]`)
      ?? (zone && root.querySelector(zone))
      ?? root.querySelector(".cardlab-continue, .cardlab-choices .cardlab-move, .cardlab-hint") ?? root;
  }
  const back = find(ui.returnFocus);
  ui.returnFocus = null;
  if (back && free) return back;
  if (!hadFocus) return null;
  const kept = find(focusKey);
  if (kept || root.contains(document.activeElement)) return kept;
  return root.querySelector(".cardlab-tableau .cardlab-playable, .cardlab-continue") ?? root;
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
    message.lines ? shortAnswer(message) : h("span", { class: "cardlab-message-text", text: message.text }),
    message.cards && message.cards.length ? miniCards(message.cards) : null,
    message.rule ? ruleDetails([message.rule]) : null,
    button("×", () => { ctx.ui.dismissed = message.id; ctx.render(); },
      { class: "cardlab-button cardlab-dismiss", "aria-label": "dismiss message", dataset: { key: "dismiss" } }),
    message.ranking ? renderRanking(message.ranking, ctx) : null);
}

/** A card's explanation: the short answer, then "Why?" and "What else?" to open the rest. */
function shortAnswer(message) {
  const more = (label, lines, key) => lines && lines.length
    ? h("details", { class: "cardlab-explain-more", dataset: { key } },
      h("summary", { text: label }), explanationLines(lines)) : null;
  return h("div", { class: "cardlab-message-text cardlab-short-answer" },
    h("span", { class: "cardlab-answer", title: message.rule ? `rule ${message.rule}` : "", text: message.text }),
    more("Why?", message.why, "explain:why"), more("What else?", message.else, "explain:else"));
}

/** An explanation of a card: one line per sentence, each with its rule id. */
function explanationLines(lines) {
  return h("div", { class: "cardlab-explanation" }, lines.map((line) => h("div", { class: "cardlab-explain-line" },
    line.text, line.rule ? " " : null, line.rule ? h("code", { class: "cardlab-rule", text: `[${line.rule}]` }) : null)));
}

/**
 * A hint's ranked view, as Python wrote it: what the values measure, the top moves in a small
 * table (average and likely range, each with its unit; the moves set aside early under their
 * own heading), the rest summed up with "Show all", why the best is best, and the rule of
 * thumb's comparison. Choosing a move in the table marks its cards on the table (again: unmark).
 */
function renderRanking(ranking, ctx) {
  const marked = ctx.ui.hinted;
  const all = ctx.ui.allRanked;
  const listed = ranking.moves.filter((m) => all || m.shown);
  const body = [];
  for (const [i, m] of listed.entries()) {
    if (m.set_aside && (i === 0 || !listed[i - 1].set_aside)) {
      body.push(h("tr", { class: "cardlab-rank-aside" }, h("th", { colspan: 3, scope: "rowgroup", text: ranking.set_aside })));
    }
    body.push(h("tr", { class: `cardlab-rank-row${m.set_aside ? " cardlab-rank-set-aside" : ""}`, dataset: { move: m.move } },
      h("td", { class: "cardlab-rank-place", text: `${m.place}.` }),
      h("td", {},
        h("button", {
          type: "button", class: `cardlab-rank-move${marked === m.move ? " cardlab-rank-marked" : ""}`,
          "aria-pressed": marked === m.move ? "true" : "false", dataset: { key: `rank:${m.move}`, move: m.move },
          title: m.cards.length ? "show this move's cards on the table" : undefined,
          onclick: () => ctx.markHinted(marked === m.move ? null : m),
        }, m.text),
        m.note ? h("span", { class: "cardlab-rank-note", text: m.note }) : null),
      h("td", {},
        h("span", { class: "cardlab-rank-value", text: m.average }),
        h("span", { class: "cardlab-rank-likely", text: m.likely }))));
  }
  const hidden = ranking.moves.length - ranking.moves.filter((m) => m.shown).length;
  return h("div", { class: "cardlab-ranking" },
    h("div", { class: "cardlab-rank-reason" }, ranking.reason),
    ranking.complete === false ? h("div", { class: "cardlab-muted cardlab-rank-refining", text: "A first look: the hint is still being checked…" }) : null,
    h("details", { class: "cardlab-rank-details", dataset: { key: "rank:details" }, open: !!ctx.ui.rankDetails,
      ontoggle: (e) => { ctx.ui.rankDetails = e.target.open; } },
    h("summary", { text: "Details" }),
    h("div", { class: "cardlab-rank-heading", text: ranking.heading }),
    h("table", { class: "cardlab-rank-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: "#" }), h("th", { scope: "col", text: "move" }),
        h("th", { scope: "col", text: `average, and ${ranking.range_heading}` }))),
      h("tbody", {}, body)),
    hidden ? h("div", { class: "cardlab-rank-more" },
      all ? null : h("span", { class: "cardlab-rank-summary", text: ranking.summary }),
      button(all ? "Show the top moves only" : `Show all ${ranking.moves.length} moves`,
        () => { ctx.ui.allRanked = !all; ctx.render(); },
        { class: "cardlab-button cardlab-toggle", dataset: { key: "all-ranked" }, "aria-expanded": all ? "true" : "false" }))
      : null,
    ranking.figures ? h("div", { class: "cardlab-rank-figures", text: ranking.figures }) : null,
    ranking.comparison ? h("div", { class: "cardlab-rank-comparison", text: ranking.comparison }) : null));
}
