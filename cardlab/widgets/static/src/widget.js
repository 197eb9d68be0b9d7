// cardlab front end, part 7: the widget itself.
//
// Every cardlab widget uses this one module; the view-model says which component it is
// ("table", "hand", "tableau", "breakdown", "stepper" or "editor") and the same renderers
// draw the parts, so a Table is exactly its components put together. Synced traits:
// `view_json` (the position on show, from game.view for the viewer, as JSON text),
// `history_json` (the move log, as JSON text), `message` (the last explanation, refusal or
// hint), `four_colour` and `size`. User actions go to Python with model.send({action, rev, ...});
// `rev` lets Python refuse a click made on an outdated table. A table shows what it says
// about the line on show (vm.line: a variation, a player's look back) above the table.

function tableauPart(vm, ctx) {
  return h("div", { class: "cardlab-tableau" }, renderNode(vm.layout, ctx));
}

function headerPart(vm, ctx) {
  return h("div", { class: "cardlab-header" },
    h("span", { class: "cardlab-title", text: vm.title }),
    h("span", { class: "cardlab-viewer", text: vm.viewer_text }),
    h("span", { class: `cardlab-status${vm.over ? " cardlab-over" : ""}`, role: "status", text: vm.status }),
    // The computer thinks beside the kernel: the table says so, and stays open to clicks.
    vm.thinking ? h("span", { class: "cardlab-thinking", role: "status", "aria-busy": "true", text: vm.thinking }) : null,
    vm.hinting ? h("span", { class: "cardlab-thinking cardlab-hinting", role: "status", "aria-busy": "true", text: vm.hinting }) : null,
    h("span", { class: "cardlab-options" },
      opponentChoice(vm.opponent, ctx),
      h("label", { class: "cardlab-option" },
        h("input", { type: "checkbox", checked: ctx.model.get("four_colour"),
          dataset: { key: "four-colour" },
          onchange: (e) => { ctx.model.set("four_colour", e.target.checked); ctx.model.save_changes(); } }),
        " four-colour deck"),
      sizeChoice(ctx)));
}

/** The size of cards and text: normal, or large for a projector (the `size` trait). */
function sizeChoice(ctx) {
  return h("label", { class: "cardlab-option" }, "Size ",
    h("select", {
        class: "cardlab-select", dataset: { key: "size" }, value: ctx.model.get("size"),
        onchange: (e) => { ctx.model.set("size", e.target.value); ctx.model.save_changes(); },
      },
      SIZES.map((size) => h("option", { value: size, text: size }))));
}

/** "Play against": who plays the other seats (a player's table only); Python makes the change.
 * A computer player is offered only while some other seat is free; the note names the seats
 * people hold at their own tables. */
function opponentChoice(opponent, ctx) {
  if (!opponent) return null;
  const select = h("select", {
      class: "cardlab-select", dataset: { key: "opponent" }, value: opponent.current,
      onchange: (e) => ctx.send("opponent", { name: e.target.value }),
    },
    opponent.choices.map((c) => h("option", { value: c.value, text: c.text, disabled: !!c.disabled })));
  const note = opponent.note
    ? h("span", { class: "cardlab-opponent-note", dataset: { key: "opponent-note" }, text: opponent.note })
    : null;
  return h("label", { class: "cardlab-option" }, "Play against ", select, note ? " " : null, note);
}

const SIZES = ["normal", "large"];
const PART_NAMES = {
  table: "table", hand: "hand", tableau: "tableau", breakdown: "score", stepper: "moves", editor: "state editor",
  lesson: "lesson", class_progress: "class progress",
};

// A table is the tableau, with everything else beside it (below it when the width is short:
// the message, the moves, the score, the log and the teacher's editor):
// the tableau keeps the full height of the window, and never sits narrow beside empty space.
const COMPONENTS = {
  table: (vm, ctx) => [
    headerPart(vm, ctx),
    renderLineBanner(vm.line, ctx),
    h("div", { class: "cardlab-main" },
      h("div", { class: "cardlab-play" }, vm.showdown && !vm.showdown.on_table ? renderShowdown(vm, ctx) : tableauPart(vm, ctx)),
      h("div", { class: "cardlab-side" }, renderMessage(ctx.message(), ctx),
        vm.showdown?.on_table ? renderShowdown(vm, ctx) : null, renderChoices(vm, ctx),
        renderBreakdown(vm.breakdown, ctx), renderStepper(vm, ctx.history(), ctx, { banner: false }),
        renderEditor(vm, ctx))),
  ],
  hand: (vm, ctx) => [renderLineBanner(vm.line, ctx), tableauPart(vm, ctx), renderChoices(vm, ctx),
    renderMessage(ctx.message(), ctx)],
  tableau: (vm, ctx) => [renderLineBanner(vm.line, ctx), tableauPart(vm, ctx), renderChoices(vm, ctx),
    renderMessage(ctx.message(), ctx)],
  breakdown: (vm, ctx) => [renderLineBanner(vm.line, ctx), renderBreakdown(vm.breakdown, ctx)],
  stepper: (vm, ctx) => [renderStepper(vm, ctx.history(), ctx), renderMessage(ctx.message(), ctx)],
  editor: (vm, ctx) => [renderLineBanner(vm.line, ctx), tableauPart(vm, ctx), renderEditor(vm, ctx),
    renderMessage(ctx.message(), ctx)],
  lesson: renderLesson,  // lesson.js
  class_progress: renderClassProgress,  // class_progress.js
};

/** A widget's view: the model, what the user is doing (ui), the view-model read from the
 * model (doc), the root element, and how many legal moves use each card (moveCounts). */
function mount(model, el) {
  const view = {
    model,
    ui: newUiState(),
    doc: { vm: null, history: null },
    root: document.createElement("div"),
    moveCounts: new Map(),  // code -> how many of the viewer's legal moves use that card (once per position)
    render: null,
  };
  view.root.className = "cardlab-root";
  view.root.tabIndex = -1;  // where the focus goes when nothing in the widget can take it (see nextFocus)
  view.root.setAttribute("role", "group");
  el.append(view.root);
  readView(view);
  readHistory(view);
  const ctx = makeContext(view);
  view.render = () => render(view, ctx);
  const stop = follow(view);
  view.render();
  return stop;
}

/** What the user is doing right now; reset whenever Python sends a new position (rev). */
function newUiState() {
  return {
    rev: null, selected: null, editing: false, slot: null, draft: null, sorted: true,
    allMoves: false, textOpen: false, dismissed: null, focusMenu: false,
    thinking: false, messageId: null, hinted: null, hintedCards: [], allRanked: false, logAt: null,
    returnFocus: null, used: null, whyNot: false, showdownAt: null,
  };
}

// The view-model, read once per change of its JSON text.
function readView(view) { view.doc.vm = JSON.parse(view.model.get("view_json") || "{}"); }
function readHistory(view) { view.doc.history = JSON.parse(view.model.get("history_json") || "{}"); }

/** The context every renderer gets: the view-model, the user's state, and the actions. */
function makeContext(view) {
  const { model, ui, doc, root } = view;
  const ctx = {
    model, ui,
    vm: () => doc.vm,
    history: () => doc.history,
    message: () => model.get("message"),
    render: () => view.render(),
    send(action, payload = {}) {
      model.send({ action, rev: ctx.vm().rev, ...payload });
    },
    play(move) {
      // The focus goes back to the card the move came from, then, once the move is made,
      // to the next playable card (see nextFocus): if the user was at the table.
      const here = root.contains(document.activeElement);
      ui.used = here ? ui.selected ?? (move.cards.length ? { code: move.cards[0] } : null) : null;
      ui.returnFocus = ui.selected ? cardKey(ui.selected) : null;
      ui.selected = null;
      ctx.send("play", { move: move.move });
    },
    goto(index) { ctx.send("goto", { index }); },
    editing: () => ctx.vm().component === "editor" || ui.editing,
    sorted: () => ui.sorted,
    toggleSort() { ui.sorted = !ui.sorted; ui.selected = null; view.render(); },
    select(selection) {
      if (!selection && ui.selected) ui.returnFocus = cardKey(ui.selected);  // a closed menu gives the focus back
      ui.selected = selection;
      ui.focusMenu = !!selection;
      view.render();
    },
    setEditing(on) { ui.editing = on; ui.slot = null; ui.selected = null; view.render(); },
    setSlot(slot) { ui.slot = slot; ui.focusMenu = !!slot; view.render(); },
    preview: (move) => showPreview(root, move),
    markHinted(move) { ui.hinted = move ? move.move : null; ui.hintedCards = move ? move.cards : []; view.render(); },
    countCards: (codes) => countCards(root, codes),
    /** Drawn parts kept from one redraw to the next (see memo()). */
    memo: new Map(),
    cardState: (code, zone, index) => cardState(view, ctx, code, zone, index),
    tableCard: (code, zone, index, note = null) => tableCard(view, ctx, code, zone, index, note),
  };
  return ctx;
}

/** Where each card of the table is drawn, by its code (cards drawn face down have none). */
function cardPlaces(root) {
  const places = new Map();
  for (const el of root.querySelectorAll(".cardlab-tableau [data-code]")) {
    const code = el.dataset.code;
    places.set(code, places.has(code) ? null : el.getBoundingClientRect());  // a code drawn twice: not followed
  }
  return places;
}

/** Mark the cards of the move that led to the position on show. */
function markLast(root, codes) {
  for (const code of codes) {
    for (const el of root.querySelectorAll(`.cardlab-tableau [data-code="${CSS.escape(code)}"]`)) {
      el.classList.add("cardlab-last");
    }
  }
}

/** Let each card that moved slide from where it was drawn to where it is now (a short transition;
 *  none for a reader who asks for reduced motion). */
function glide(root, before) {
  if (!before.size || typeof Element.prototype.animate !== "function") return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const [code, now] of cardPlaces(root)) {
    const was = before.get(code);
    if (!was || !now) continue;
    const dx = was.left - now.left, dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const el = root.querySelector(`.cardlab-tableau [data-code="${CSS.escape(code)}"]`);
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 220, easing: "ease-out" });
  }
}

/** Highlight the cards of a score line on the table. */
function countCards(root, codes) {
  for (const el of root.querySelectorAll(".cardlab-counting")) el.classList.remove("cardlab-counting");
  for (const code of codes) {
    for (const el of root.querySelectorAll(`.cardlab-tableau [data-code="${CSS.escape(code)}"]`)) {
      el.classList.add("cardlab-counting");
    }
  }
}

/** How a card on the table may be used now: all its drawing depends on besides its code. */
function cardState(view, ctx, code, zone, index) {
  const { ui } = view;
  const here = (s) => !!s && s.zone === zone && s.index === index;
  if (ctx.editing()) return { editing: true, slot: here(ui.slot) };
  const vm = ctx.vm();
  return {
    moves: vm.can_act ? (view.moveCounts.get(code) ?? 0) : 0,
    selected: here(ui.selected),
    hinted: !!ui.hinted && ui.hintedCards.includes(code),
    // Every card, on any turn, face down or not, once the game is over too: a click is
    // answered by the engine's explanation of the card (with, for a card that has moves,
    // its menu and the places it cannot go), never ignored.
    usable: true,
  };
}

/** A card on the table, with what a click on it does; `note` is the game's note on it ("wild").
 * Drawn again only when its code, note or state changed (a pile that changed keeps the
 * drawing of its cards that did not). */
function tableCard(view, ctx, code, zone, index, note = null) {
  const state = ctx.cardState(code, zone, index);
  const key = `card:${zone}:${index}`;
  return memo(ctx.memo, key, `${code} ${note ?? ""} ${JSON.stringify(state)}`,
    () => drawTableCard(view, ctx, code, zone, index, note, state, key));
}

function drawTableCard(view, ctx, code, zone, index, note, state, key) {
  const { ui } = view;
  const here = (s) => s && s.zone === zone && s.index === index;
  if (state.editing) {
    return cardElement(code, {
      key, note, classes: state.slot ? ["cardlab-selected"] : [],
      action: () => ctx.setSlot(here(ui.slot) ? null : { code, zone, index }),
    });
  }
  const classes = [];
  if (state.moves) classes.push("cardlab-playable");
  if (state.selected) classes.push("cardlab-selected");
  if (state.hinted) classes.push("cardlab-hinted");
  return cardElement(code, {
    key, classes, note, moves: state.moves, menu: state.moves ? state.selected : undefined,
    action: state.usable ? () => {
      const closing = state.moves && here(ui.selected);
      if (state.moves) ctx.select(closing ? null : { code, zone, index });
      if (!closing) ctx.send("explain", { card: code, zone });
    } : undefined,
  });
}

/** Draw the widget again from the view-model and the user's state. */
function render(view, ctx) {
  const { model, ui, doc, root } = view;
  const vm = doc.vm;
  if (!vm || !vm.component) return;
  const started = performance.now();
  const moved = vm.rev !== ui.rev && ui.rev !== null;  // a new position, not the first drawing
  if (vm.rev !== ui.rev) {
    ui.rev = vm.rev;
    ui.thinking = false;
    ui.selected = null;
    ui.slot = null;
    // a text form being typed in stays while the position it edits stays (a hint that comes
    // in meanwhile, say); a new position starts from its own text
    if (!vm.editor || vm.editor.text !== ui.draftBase) ui.draft = null;
  }
  const message = model.get("message");
  if ((message && message.id) !== ui.messageId) {  // a new message: any answer ends the wait for a hint
    ui.messageId = message && message.id;
    ui.thinking = false;
    if (message && message.kind === "error") ui.used = null;  // the move was refused: the focus stays
    // a hint marks its move's cards on the table at once (its ranking can mark another move's)
    const best = message && message.kind === "hint" && message.cards && message.cards.length ? message : null;
    ui.hinted = best ? (best.ranking?.moves?.[0]?.move ?? "hint") : null;
    ui.hintedCards = best ? best.cards : [];
    ui.allRanked = false;
  }
  view.moveCounts = new Map();
  for (const move of vm.moves ?? []) {
    for (const code of new Set(move.cards)) view.moveCounts.set(code, (view.moveCounts.get(code) ?? 0) + 1);
  }
  // A preview's lift, a score line's and the last move's highlights are added outside the drawing: clear them.
  for (const el of root.querySelectorAll(".cardlab-preview, .cardlab-counting, .cardlab-last")) {
    el.classList.remove("cardlab-preview", "cardlab-counting", "cardlab-last");
  }
  const active = document.activeElement;
  const hadFocus = !!active && root.contains(active);
  const focusKey = hadFocus ? active.dataset.key : null;
  const size = dressRoot(view, ctx, vm);
  // a move played or stepped through: its cards glide to where they land (their places are
  // read only then, since reading them makes the browser lay the page out)
  const stepped = vm.step !== ui.animatedStep;
  ui.animatedStep = vm.step;
  const before = stepped ? cardPlaces(root) : null;
  patchChildren(root, COMPONENTS[vm.component](vm, ctx).filter(Boolean));
  markLast(root, vm.last ?? []);
  if (before) glide(root, before);
  placeFocus(root, ui, { hadFocus, focusKey, moved });
  const showdownAt = vm.showdown ? String(vm.showdown.number) : null;
  if (showdownAt !== ui.showdownAt) {  // a round ended while the player used this table: its result in sight
    ui.showdownAt = showdownAt;
    if (showdownAt && moved && hadFocus) requestAnimationFrame(() => bringShowdownIntoSight(root));
  }
  root.dataset.drawMs = (performance.now() - started).toFixed(2);  // read by benchmarks/widget_latency.py
  root.dataset.size = size;
  root.dataset.rev = String(vm.rev);
  root.dataset.step = String(vm.step ?? 0);
  root.dataset.line = vm.line ? vm.line.kind : "main";  // "variation", "look", "shown" or "main"
  const logAt = `${vm.step}/${vm.steps}`;
  if (logAt !== ui.logAt) {  // the move on show changed: bring it into view
    ui.logAt = logAt;
    requestAnimationFrame(() => scrollLog(root));  // reading positions forces a layout: do it with the frame's
  }
}

/** The root's classes (component, size, four-colour deck, editing) and its spoken name; returns the size. */
function dressRoot(view, ctx, vm) {
  const { model, root } = view;
  const size = SIZES.includes(model.get("size")) ? model.get("size") : SIZES[0];
  const classes = ["cardlab-root", `cardlab-${vm.component}`, `cardlab-size-${size}`];
  if (model.get("four_colour")) classes.push("cardlab-four-colour");
  if (ctx.editing()) classes.push("cardlab-editing");
  root.className = classes.join(" ");
  root.setAttribute("aria-label", `${vm.title} ${PART_NAMES[vm.component] ?? vm.component}: ${vm.viewer_text}`);
  return size;
}

/** After a redraw, the focus goes into a menu that just opened, else where nextFocus says. */
function placeFocus(root, ui, focus) {
  const menu = ui.focusMenu && root.querySelector(".cardlab-menu [role=menuitem], .cardlab-picker [role=button]");
  ui.focusMenu = false;
  const target = menu || nextFocus(root, ui, focus);
  if (target && target !== document.activeElement) target.focus({ preventScroll: true });
}

/** Scroll the page the least that shows the whole showdown (or as much as fits, from its top). */
function bringShowdownIntoSight(root) {
  root.querySelector(".cardlab-showdown")?.scrollIntoView({ block: "nearest" });
}

/** Keep the move on show visible in the log (the log's own scroll, never the notebook's). */
function scrollLog(root) {
  const current = root.querySelector(".cardlab-log .cardlab-current");
  if (current) current.parentElement.scrollTop = current.offsetTop - current.parentElement.offsetTop - 40;
}

/** Follow the model and the keyboard; returns the function that stops following. */
function follow(view) {
  const { model, ui, root } = view;
  // Several traits may change in one update: draw once, after all of them.
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; view.render(); });
  };
  const onKey = (event) => {
    if (event.key === "Escape" && (ui.selected || ui.slot)) {
      ui.returnFocus = cardKey(ui.selected ?? ui.slot);
      ui.selected = null;
      ui.slot = null;
      view.render();
    }
  };
  root.addEventListener("keydown", onKey);
  const listeners = {
    "change:view_json": () => { readView(view); schedule(); },
    "change:history_json": () => { readHistory(view); schedule(); },
    "change:message": schedule,
    "change:four_colour": schedule,
    "change:size": schedule,
  };
  for (const [name, listener] of Object.entries(listeners)) model.on(name, listener);
  return () => {
    for (const [name, listener] of Object.entries(listeners)) model.off(name, listener);
  };
}

export default {
  render({ model, el }) {
    return mount(model, el);
  },
};
