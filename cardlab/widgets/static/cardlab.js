// GENERATED FILE: do not edit. The cardlab widgets' front end, ONE module built from the parts
// in src/ by `python tools/build_frontend.py`: edit the parts and build again.

// --- cards.js ---
// cardlab front end, part 1: drawing (virtual elements, patched into the page) and playing cards.
//
// The front end is plain ES2020 split by component; tools/build_frontend.py joins the
// files in a fixed order into one module, static/cardlab.js (no bundler, no npm). Python sends card codes
// ("4C", "10H", "JK", "??" for a face-down card) and never any rule: the browser only draws
// what the view-model says and sends the user's choices back.

// Renderers build *virtual* elements with h(); patch() then makes the page match them,
// reusing the elements already there (a redraw changes only what changed, keeps focus and
// scroll, and costs a fraction of rebuilding the table).

/** A virtual element: h("div", {class: "x", text: "hi", onclick: fn, "aria-label": "..."}, ...children). */
function h(tag, props = {}, ...children) {
  const kids = props.text === undefined || props.text === null ? [] : [String(props.text)];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    kids.push(typeof child === "object" ? child : String(child));
  }
  return { tag, props, children: kids };
}

// Props read back from the element itself, since the user changes them (typing, ticking,
// opening): set after the children. (Classes too are compared with the element's own.)
const LIVE = { value: (v) => v ?? "", checked: (v) => !!v, open: (v) => !!v };
const LIVE_KEYS = Object.keys(LIVE);

/**
 * The virtual element built last time for `slot` when `key` (text naming everything it
 * depends on) has not changed: patch() then skips the whole subtree.
 */
function memo(cache, slot, key, build) {
  const hit = cache.get(slot);
  if (hit && hit.key === key) return hit.vnode;
  const vnode = build();
  cache.set(slot, { key, vnode });
  return vnode;
}

/** A real element (or text node) for a virtual one. */
function create(vnode) {
  if (typeof vnode === "string") return document.createTextNode(vnode);
  const el = document.createElement(vnode.tag);
  el.cardlab = { vnode: { tag: vnode.tag, props: {}, children: [] }, on: {} };
  patchProps(el, {}, vnode.props);
  for (const child of vnode.children) el.append(create(child));
  patchLive(el, vnode.props);
  el.cardlab.vnode = vnode;
  return el;
}

/** Make `parent`'s children match the virtual `children`, reusing the elements in place. */
function patchChildren(parent, children) {
  const nodes = parent.childNodes;
  for (let i = 0; i < children.length; i++) {
    const node = nodes[i];
    if (!node) parent.append(create(children[i]));
    else patch(node, children[i]);
  }
  while (nodes.length > children.length) parent.lastChild.remove();
}

function patch(node, vnode) {
  if (typeof vnode === "string") {
    if (node.nodeType !== Node.TEXT_NODE) node.replaceWith(create(vnode));
    else if (node.nodeValue !== vnode) node.nodeValue = vnode;
    return;
  }
  const old = node.cardlab && node.cardlab.vnode;
  if (old === vnode) return;  // a memo: nothing in it changed
  if (!old || old.tag !== vnode.tag) {
    node.replaceWith(create(vnode));
    return;
  }
  patchProps(node, old.props, vnode.props);
  patchChildren(node, vnode.children);
  patchLive(node, vnode.props);
  node.cardlab.vnode = vnode;
}

const absent = (value) => value === undefined || value === null || value === false;

function patchProps(el, old, props) {
  for (const key in old) {
    if (key in props || key === "text" || key in LIVE) continue;
    if (key.startsWith("on")) el.cardlab.on[key.slice(2)] = null;
    else if (key === "dataset") for (const name in old.dataset) delete el.dataset[name];
    else if (key === "class") el.className = "";
    else el.removeAttribute(key);
  }
  for (const key in props) {
    const value = props[key];
    if (key === "text" || key in LIVE) continue;
    if (key.startsWith("on")) listen(el, key.slice(2), value);
    else if (key === "class") {
      if (el.className !== (value ?? "")) el.className = value ?? "";
    } else if (key === "dataset") patchDataset(el, old.dataset ?? {}, value ?? {});
    else if (value !== old[key]) {
      if (absent(value)) el.removeAttribute(key);
      else el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function patchDataset(el, old, data) {
  for (const name in old) if (!(name in data)) delete el.dataset[name];
  for (const name in data) if (old[name] !== data[name]) el.dataset[name] = data[name];
}

function patchLive(el, props) {
  const before = el.cardlab.vnode.props;
  for (const key of LIVE_KEYS) {
    if (props[key] === undefined && before[key] === undefined) continue;
    const value = LIVE[key](props[key]);
    if (el[key] !== value) el[key] = value;
  }
}

/** One listener per event type and element, calling the latest handler the renderers gave. */
function listen(el, type, handler) {
  if (!(type in el.cardlab.on)) {
    el.addEventListener(type, (event) => { const fn = el.cardlab.on[type]; if (fn) fn(event); });
  }
  el.cardlab.on[type] = handler ?? null;
}

/** "1 move", "3 moves": a count with its noun, singular or plural. */
/**
 * The rules a player's text rests on, for the teacher: folded under "Details", so that the
 * words a learner reads carry no rule id (the teacher's table shows them beside the words).
 */
function ruleDetails(rules) {
  const ids = [...new Set(rules.filter(Boolean))];
  if (!ids.length) return null;
  return h("details", { class: "cardlab-rule-details" },
    h("summary", { text: "Details" }),
    h("span", { class: "cardlab-muted", text: ids.length === 1 ? "Rule: " : "Rules: " }),
    ids.map((rule, i) => [i ? ", " : null, h("code", { class: "cardlab-rule", text: rule })]));
}

function plural(count, noun, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** A button that runs `action` on click (and so on Enter/Space, natively). */
function button(text, action, props = {}) {
  return h("button", { type: "button", class: "cardlab-button", onclick: action, ...props }, text);
}

const SUITS = {
  C: { symbol: "♣", name: "clubs" },
  D: { symbol: "♦", name: "diamonds" },
  H: { symbol: "♥", name: "hearts" },
  S: { symbol: "♠", name: "spades" },
};
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };
const RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const HIDDEN_CODE = "??";

/** What a card code means: rank, suit, the words a screen reader says, and its short text. */
function cardInfo(code) {
  if (code === HIDDEN_CODE) return { code, hidden: true, label: "face-down card", short: "??" };
  if (code === "JK") return { code, joker: true, rank: "JK", label: "joker", short: "JK" };
  const rank = code.slice(0, -1);
  const suit = SUITS[code.slice(-1)];
  if (!suit) return { code, rank: code, label: code, short: code };
  return {
    code, rank, suit: code.slice(-1), symbol: suit.symbol,
    label: `${RANK_NAMES[rank] ?? rank} of ${suit.name}`,
    short: rank + suit.symbol,
  };
}

/** Sort key of a card code: suit (clubs, diamonds, hearts, spades), then rank; jokers last. */
function cardOrder(code) {
  const info = cardInfo(code);
  if (!info.suit) return 1000 + (info.joker ? 0 : 1);
  return "CDHS".indexOf(info.suit) * 20 + RANK_ORDER.indexOf(info.rank);
}

/** Activate on Enter or Space, as a button does. */
function activateKeys(action) {
  return (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action(event);
    } else {
      arrowKeys(event);
    }
  };
}

const ARROW_STEPS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };

/** Arrow keys (and Home, End) move the focus to the previous or next card of the same pile. */
function arrowKeys(event) {
  const step = ARROW_STEPS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  const card = event.currentTarget;
  const pile = card.closest(".cardlab-cards, .cardlab-deck");
  if (!pile) return;
  const cards = [...pile.querySelectorAll('.cardlab-card[tabindex="0"]')];
  const at = cards.indexOf(card);
  const next = cards[Math.min(cards.length - 1, Math.max(0, at + step))];
  event.preventDefault();
  if (next && next !== card) next.focus();
}

/**
 * One card as an HTML tile. Options: `action` (makes it a focusable button), `key` (keeps
 * keyboard focus across re-renders), `classes` (extra class names), `small`, `title`,
 * `note` (what its face does not say, such as "wild": printed on it and spoken), `moves`
 * (how many legal moves use it: "playable" is then part of its spoken name), `menu` (it
 * opens a menu of moves: true while the menu is open, false while it is shut).
 */
function cardElement(code, options = {}) {
  const info = cardInfo(code);
  const classes = ["cardlab-card", ...(options.classes ?? [])];
  if (options.small) classes.push("cardlab-card-small");
  if (options.note && code !== HIDDEN_CODE) classes.push("cardlab-noted");
  if (info.hidden) classes.push("cardlab-back");
  else if (info.joker) classes.push("cardlab-joker");
  else if (info.suit) classes.push(`cardlab-suit-${info.suit}`);
  const action = options.action;
  const face = info.joker ? "★" : (info.symbol ?? "");
  const note = info.hidden ? null : options.note;
  const moves = options.moves ?? 0;
  const spoken = [info.label, note, moves ? "playable" : null].filter(Boolean).join(", ");
  const menu = action && options.menu !== undefined;
  return h("div", {
    class: classes.join(" "),
    "aria-label": spoken,
    title: options.title ?? (moves ? `${spoken}: ${plural(moves, "move")}` : spoken),
    dataset: { code, ...(options.key ? { key: options.key } : {}) },
    role: action ? "button" : "img",
    tabindex: action ? "0" : undefined,
    "aria-haspopup": menu ? "menu" : undefined,
    "aria-expanded": menu ? (options.menu ? "true" : "false") : undefined,
    onclick: action,
    onkeydown: action ? activateKeys(action) : undefined,
  }, info.hidden ? null : cardFace(info, face, note));
}

/** A card's face depends on the card and its note alone: drawn once, then shared by every
 * drawing of it, so that a redraw skips the face of a card whose face did not change. */
const FACES = new Map();

function cardFace(info, face, note) {
  const key = `${info.code} ${note ?? ""}`;
  if (!FACES.has(key)) {
    FACES.set(key, h("span", { class: "cardlab-face-parts" },
      // The rank and suit are drawn (CSS content from data-glyph), not written: the card's
      // name is its spoken name ("king of clubs"), and a voice user says that, not "K".
      h("span", { class: "cardlab-index", "aria-hidden": "true" },
        h("span", { class: "cardlab-rank", "data-glyph": info.rank }),
        h("span", { class: "cardlab-pip", "data-glyph": face })),
      note ? h("span", { class: "cardlab-card-note", "aria-hidden": "true", text: note }) : null,
      h("span", { class: "cardlab-face", "aria-hidden": "true", "data-glyph": faceText(info) })).children);
  }
  return FACES.get(key);
}

/** The big centre of a card: the suit for number cards, the letter for court cards. */
function faceText(info) {
  if (info.joker) return "★";
  if (["J", "Q", "K"].includes(info.rank)) return info.rank;
  return info.symbol ?? "";
}

/** A short list of cards as small tiles (for the score breakdown, the log and messages). */
function miniCards(codes) {
  return h("span", { class: "cardlab-minicards" }, codes.map((code) => cardElement(code, { small: true })));
}

// --- tableau.js ---
// cardlab front end, part 2: the table's zones, laid out by the tree Python sends.
//
// A layout node is either a group {kind: "group", title, dir: "row" | "column", role, items}
// or a pile {kind: "pile", zone, title, label, cards, marks, spread, note, hand}: `label` is
// its name for screen readers (unique on the table), `marks` the game's note on each card
// ("wild"). Piles spread as a "fan" (overlapping as little as the width allows, every corner
// index visible), a "row", a "column" (a stack seen from the side, every card's top strip
// with its index visible) or a "stack" (only the top card, with a count).

function renderNode(node, ctx) {
  return node.kind === "pile" ? renderPile(node, ctx) : renderGroup(node, ctx);
}

function renderGroup(group, ctx) {
  const classes = ["cardlab-group", `cardlab-dir-${group.dir ?? "row"}`];
  if (group.role) classes.push(`cardlab-role-${group.role}`);
  if (group.active) classes.push("cardlab-active");
  return h("div", { class: classes.join(" "), role: "group", "aria-label": group.title ?? undefined },
    group.title ? h("div", { class: "cardlab-group-title" }, group.title,
      group.badge ? h("span", { class: "cardlab-badge", text: group.badge }) : null) : null,
    h("div", { class: "cardlab-group-items" }, group.items.map((item) => renderNode(item, ctx))));
}

/** A pile is drawn again only when it, or how its cards may be used, has changed. */
function renderPile(pile, ctx) {
  const cards = pile.cards.map((code, i) => ctx.cardState(code, pile.zone, i));
  const key = JSON.stringify([pile, cards, pile.hand && ctx.sorted()]);
  return memo(ctx.memo, `pile:${pile.zone}`, key, () => drawPile(pile, ctx));
}

function drawPile(pile, ctx) {
  // [code, index in the zone]: the index names the slot even when the hand is shown sorted.
  let cards = pile.cards.map((code, i) => [code, i]);
  if (pile.hand && ctx.sorted()) cards.sort((a, b) => cardOrder(a[0]) - cardOrder(b[0]) || a[1] - b[1]);
  const spread = pile.spread ?? "row";
  const shown = spread === "stack" ? cards.slice(-1) : cards;
  const codes = pile.cards;
  const card = ([code, i]) => ctx.tableCard(code, pile.zone, i, pile.marks?.[i] ?? null);
  // A fan lays its cards side by side while there is room and overlaps them, each still
  // showing its corner, only as much as the width available asks: each card sits in a slot
  // that may shrink to the width of that corner.
  const cardsEl = h("div", { class: `cardlab-cards cardlab-spread-${spread}${shown.length ? "" : " cardlab-none"}` },
    shown.length
      ? shown.map((entry) => spread === "fan" ? fanSlot(card(entry)) : card(entry))
      : h("div", { class: "cardlab-empty", text: "empty" }));
  const count = spread === "stack" || codes.length > 6
    ? h("span", { class: "cardlab-count", text: plural(codes.length, "card") })
    : null;
  return h("section", {
      class: `cardlab-pile cardlab-pile-${spread}${pile.hand ? " cardlab-hand" : ""}`,
      dataset: { zone: pile.zone }, "aria-label": pile.label ?? pile.title,
      style: spread === "fan" ? `--cardlab-fan: ${shown.length}` : undefined,
    },
    h("div", { class: "cardlab-pile-title" }, pile.title, count,
      pile.note ? h("span", { class: "cardlab-note", text: pile.note }) : null,
      pile.hand && codes.length > 1 ? button("sorted", () => ctx.toggleSort(), {
        class: "cardlab-button cardlab-toggle", "aria-pressed": ctx.sorted() ? "true" : "false",
        title: "sort the hand by suit and rank, or show it as held", dataset: { key: `sort:${pile.zone}` },
      }) : null),
    cardsEl);
}

/** A fan's slot around a card: the same while the card's drawing is (see tableCard). */
const SLOTS = new WeakMap();

function fanSlot(card) {
  if (!SLOTS.has(card)) SLOTS.set(card, h("div", { class: "cardlab-slot" }, card));
  return SLOTS.get(card);
}

// --- moves.js ---
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

// --- breakdown.js ---
// cardlab front end, part 4: the score breakdown.
//
// Python sends the game's Breakdown: {title, players, items: [{player, points, reason, rule,
// cards}], totals, final, winners, notes, rounds}. Pointing at a line (or focusing it with Tab)
// highlights the cards that count for it wherever they lie on the table. A game scored round
// by round also sends its rounds ({number, title, how, changes, totals, lines: [first, end)
// of its lines in items, ...}): the
// score is then one row per round, each opening on its lines. A player's table stops on a
// round's showdown (vm.showdown) until the player presses Continue.

function renderBreakdown(bd, ctx) {
  return memo(ctx.memo, "breakdown", JSON.stringify(bd ?? null), () => drawBreakdown(bd, ctx));
}

function drawBreakdown(bd, ctx) {
  if (!bd) return h("div", { class: "cardlab-breakdown" });
  if (bd.unavailable) {
    return h("div", { class: "cardlab-breakdown" }, h("div", { class: "cardlab-muted", text: bd.unavailable }));
  }
  const rounds = bd.rounds ?? [];
  // A line, like a round's row below, is drawn again only when it changed (memo).
  const rows = rounds.length ? [] : bd.items.map((item, i) => memo(ctx.memo, `item:${i}`,
    JSON.stringify([item, bd.players[item.player]]), () => h("tr", {
      class: "cardlab-item", tabindex: "0", dataset: { key: `item:${i}` },
      onmouseenter: () => ctx.countCards(item.cards),
      onfocus: () => ctx.countCards(item.cards),
      onmouseleave: () => ctx.countCards([]),
      onblur: () => ctx.countCards([]),
    },
    h("td", { class: "cardlab-item-player", text: bd.players[item.player] }),
    h("td", { class: "cardlab-item-points", text: item.points > 0 ? `+${item.points}` : String(item.points) }),
    h("td", { class: "cardlab-item-reason" }, item.reason,
      item.cards.length ? miniCards(item.cards) : null,
      h("code", { class: "cardlab-rule", text: item.rule })))));
  const totals = bd.players.map((name, p) =>
    h("span", { class: `cardlab-total${bd.winners.includes(p) ? " cardlab-winner" : ""}` },
      `${name} `, h("strong", { text: String(bd.totals[p]) })));
  return h("div", { class: "cardlab-breakdown" },
    h("div", { class: "cardlab-section-title", text: bd.title }),
    rounds.length ? roundRows(bd, ctx)
    : rows.length ? h("div", { class: "cardlab-breakdown-items" }, itemsTable(rows))
    : h("div", { class: "cardlab-muted", text: "No points yet." }),
    h("div", { class: "cardlab-totals" }, "Totals: ", totals,
      bd.final ? h("span", { class: "cardlab-final", text: bd.winners.length
        ? ` — ${bd.winners.map((w) => bd.players[w]).join(" and ")} win${bd.winners.length === 1 ? "s" : ""}`
        : " — no winner" }) : null),
    bd.notes.map((note) => h("div", { class: "cardlab-note-line", text: note })));
}

function itemsTable(rows) {
  return h("table", { class: "cardlab-breakdown-table" },
    h("thead", {}, h("tr", {}, ["player", "points", "why (and the rule)"].map((t) => h("th", { scope: "col", text: t })))),
    h("tbody", {}, rows));
}

/** "+4", "−2", "0": points with their sign. */
function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : "0";
}

/** Lines of the score, in a table (a round's detail, or its showdown's payments). */
function roundItems(items, players) {
  return itemsTable(items.map((item) => h("tr", { class: "cardlab-item" },
    h("td", { class: "cardlab-item-player", text: players[item.player] }),
    h("td", { class: "cardlab-item-points", text: signed(item.points) }),
    h("td", { class: "cardlab-item-reason" }, item.reason,
      item.cards.length ? miniCards(item.cards) : null,
      h("code", { class: "cardlab-rule", text: item.rule })))));
}

/**
 * The score one row per round: the round, how it ended, each player's change and running
 * total; the row opens (a <details>, by click, Enter or Space) on the round's lines.
 */
function roundRows(bd, ctx) {
  const players = bd.players;
  const columns = `grid-template-columns: minmax(5.5em, 2fr) repeat(${players.length}, minmax(2.4em, 1fr))`;
  const head = h("div", { class: "cardlab-round-grid cardlab-round-head", style: columns, "aria-hidden": "true" },
    h("span", { text: "Round, ended by" }),
    players.map((name) => h("span", { class: "cardlab-round-points", text: name })));
  const rows = bd.rounds.map((round) => memo(ctx.memo, `round:${round.number}`,
    JSON.stringify([round, bd.items.slice(round.lines[0], round.lines[1]), players]), () => {
    const how = round.settled ? round.how : "in play";
    // Read aloud as "Deal 1 of 4, B knocked; A −2, total −2; B +4, total +4; …": the column
    // heads are hidden from screen readers, so each cell says whose it is.
    return h("details", { class: `cardlab-round${round.settled ? "" : " cardlab-round-open"}`, dataset: { key: `round:${round.number}` } },
      h("summary", { class: "cardlab-round-grid", style: columns },
        h("span", { class: "cardlab-round-name" },
          h("span", { class: "cardlab-round-title", text: round.title }),
          h("span", { class: "cardlab-round-how", text: how, title: round.ended ? round.ended.text : undefined })),
        players.map((name, p) => h("span", { class: "cardlab-round-points" },
          h("strong", {}, h("span", { class: "cardlab-unseen", text: `${name} ` }), signed(round.changes[p])),
          h("span", { class: "cardlab-muted" }, "(", h("span", { class: "cardlab-unseen", text: "total " }),
            `${signed(round.totals[p])})`)))),
      h("div", { class: "cardlab-round-detail" },
        round.ended ? h("div", {}, round.ended.text, " ", h("code", { class: "cardlab-rule", text: round.ended.rule })) : null,
        round.verdict ? h("div", {}, round.verdict.text, " ", h("code", { class: "cardlab-rule", text: round.verdict.rule })) : null,
        roundItems(bd.items.slice(round.lines[0], round.lines[1]), players)));
  }));
  return h("div", { class: "cardlab-rounds", role: "group", "aria-label": "the score, one row per round" },
    head, rows,
    h("div", { class: "cardlab-muted", text: "Each row: every player's change, and (in brackets) their running total. Open a row for its lines." }));
}

/**
 * The hands revealed, best first: the best and the viewer's own in sight, any others folded
 * under "N more hands" (a showdown stays a few lines at any number of players).
 */
function showdownHands(hands, players, viewer) {
  if (hands.length === 0) return null;
  const item = (hand) => h("li", { class: `cardlab-showdown-hand${hand === hands[0] ? " cardlab-winner" : ""}`, dataset: { player: String(hand.player) } },
    h("span", { class: "cardlab-showdown-name", text: players[hand.player] + (hand.player === viewer ? " (you)" : "") }),
    h("span", { class: "cardlab-showdown-cards" }, hand.cards.map((code) => cardElement(code, { small: true }))),
    h("span", { class: "cardlab-showdown-ranking", text: hand.ranking }),
    hand === hands[0] ? h("span", { class: "cardlab-badge", text: "best" }) : null);
  const shown = hands.filter((hand, i) => i === 0 || hand.player === viewer || hands.length <= 2);
  const folded = hands.filter((hand) => !shown.includes(hand));
  return h("div", { class: "cardlab-showdown-revealed" },
    h("ol", { class: "cardlab-showdown-hands", "aria-label": "the cards revealed, best first" }, shown.map(item)),
    folded.length ? h("details", { class: "cardlab-showdown-more", dataset: { key: "showdown-more" } },
      h("summary", { text: plural(folded.length, "more hand") }),
      h("ol", { class: "cardlab-showdown-hands", "aria-label": "the other hands, best first" }, folded.map(item))) : null);
}

/**
 * The showdown a player's table stops on: how the round ended, the hands revealed best
 * first with their worth, who won and why, the payments, and Continue.
 */
function renderShowdown(vm, ctx) {
  const sd = vm.showdown;
  const players = vm.players;
  const rule = (event) => (event ? h("p", { class: "cardlab-showdown-line", text: event.text }) : null);
  return h("section", { class: "cardlab-showdown", "aria-label": `${sd.title}: showdown`, dataset: { round: String(sd.number) } },
    h("div", { class: "cardlab-section-title", text: `${sd.title}: showdown` }),
    sd.note ? h("p", { class: "cardlab-showdown-note", role: "note", text: sd.note }) : null,
    rule(sd.ended),
    showdownHands(sd.hands, players, vm.viewer),
    rule(sd.verdict),
    h("details", { class: "cardlab-showdown-payments", dataset: { key: "showdown-payments" } },
      h("summary", { text: `Payments: ${players.map((name, p) => `${name} ${signed(sd.changes[p])}`).join(", ")}`
        + ` (open for its ${plural(sd.items.length, "line")})` }),
      roundItems(sd.items, players)),
    ruleDetails([sd.ended?.rule, sd.verdict?.rule]),
    h("div", { class: "cardlab-showdown-next" },
      h("span", { text: sd.next }),
      button("Continue", () => ctx.send("continue"), { class: "cardlab-button cardlab-continue", dataset: { key: "continue" } })));
}

// --- stepper.js ---
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

// --- editor.js ---
// cardlab front end, part 6: the state editor (the teacher's tool: it shows every card).
//
// editor = {text, deck: [codes]}; where each card lies is read from the table's layout. "Change a card" then a click on any
// card of the table picks that slot; choosing another card of the deck swaps the two (every
// card of the deck is always somewhere, so a change is a swap). The text form can be edited
// and applied as a whole. Python validates either edit; a refused edit leaves the state as
// it was and the validator's message appears in the message line.

function renderEditor(vm, ctx) {
  const editor = vm.editor;
  if (!editor) return null;
  const ui = ctx.ui;
  const where = ui.slot ? placesOf(vm.layout) : {};
  const picking = ui.slot
    ? h("div", { class: "cardlab-picker", role: "group", "aria-label": "replace with" },
        h("div", { class: "cardlab-choices-title" }, "Swap ", miniCards([ui.slot.code]),
          ` (${where[ui.slot.code] ?? ui.slot.zone}) with:`),
        h("div", { class: "cardlab-deck" }, editor.deck.filter((c) => c !== ui.slot.code).map((code) =>
          cardElement(code, {
            small: true, key: `pick:${code}`, title: `${cardInfo(code).label}: ${where[code] ?? "not on the table"}`,
            action: () => ctx.send("swap", { cards: [ui.slot.code, code], zone: ui.slot.zone, index: ui.slot.index }),
          }))),
        button("Cancel", () => ctx.setSlot(null), { dataset: { key: "slot-cancel" } }))
    : null;
  // The text form is drawn only while it is open: setting a text area's value moves its
  // selection, which every editor of the notebook page then inspects.
  const open = ui.textOpen || vm.component === "editor";
  const textForm = () => [
    h("textarea", {
      class: "cardlab-text", rows: String(Math.min(14, editor.text.split("\n").length + 1)),
      spellcheck: "false", "aria-label": "the state as text", dataset: { key: "text" },
      value: ui.draft ?? editor.text, oninput: (e) => { ui.draft = e.target.value; ui.draftBase = editor.text; },
    }),
    h("div", { class: "cardlab-choices-list" },
      button("Apply text", () => ctx.send("edit_text", { text: ui.draft ?? editor.text }), { dataset: { key: "apply" } }),
      button("Revert", () => { ui.draft = null; ctx.render(); }, { dataset: { key: "revert" } })),
  ];
  return h("div", { class: "cardlab-editor" },
    editor.note ? h("div", { class: "cardlab-muted cardlab-editor-note", text: editor.note }) : null,
    h("div", { class: "cardlab-editor-bar" },
      h("span", { class: "cardlab-section-title", text: "Edit the state" }),
      vm.component === "editor" ? null : button(ui.editing ? "Done changing cards" : "Change a card",
        () => ctx.setEditing(!ui.editing), { "aria-pressed": ui.editing ? "true" : "false", dataset: { key: "editing" } }),
      ctx.editing() && !ui.slot ? h("span", { class: "cardlab-muted", text: "Click a card on the table to change it." }) : null),
    picking,
    h("details", {
        class: "cardlab-text-form", open,
        ontoggle: (e) => { if (e.target.open !== ui.textOpen) { ui.textOpen = e.target.open; ctx.render(); } },
      },
      h("summary", { text: "Text form" }),
      open ? textForm() : null));
}

/** code → the title of the pile it lies in, from the layout tree. */
function placesOf(node, out = {}) {
  if (node.kind === "pile") {
    for (const code of node.cards) if (!(code in out)) out[code] = node.title;
  } else {
    for (const item of node.items) placesOf(item, out);
  }
  return out;
}

// --- lesson.js ---
// cardlab front end: a lesson (cardlab.widgets.Lesson), played on the table (before widget.js).
//
// vm.lesson = {title, name, step, steps, move, narration, commentary, question, settled,
// can_back, can_next, waits, finished, learner, progress}. The table is drawn by the table's
// own renderers; each question is answered on it. "What should B play?": a click on a card
// offers the moves that use it (legal or not: Python answers a wrong one with the rule it
// breaks), card-less moves are buttons, and any move can be written out. "Which cards ...?":
// clicks pick cards on the table, then Submit. "What does A score?": a number. Python judges
// every answer (cardlab.lessons.LessonRun) and sends the feedback back in the view-model.
// Commentary arrives as blocks of text spans (never markup): see cardlab/widgets/prose.py.

/** The learner's work on the open question (picked cards, an open menu, typed text): kept
 * across redraws of the same question, forgotten when another question or step is on show. */
function lessonUi(ctx, lesson) {
  const q = lesson.question;
  const key = `${lesson.step}/${q ? `${q.number}:${q.kind}:${q.prompt}` : "-"}`;
  const ui = ctx.ui;
  if (!ui.lesson || ui.lesson.key !== key) {
    ui.lesson = { key, picked: [], menu: null, menuKey: null, points: "", typed: "", learner: null };
  }
  if (ui.lesson.learner !== null && ui.lesson.learner.trim() === lesson.learner) ui.lesson.learner = null;
  return ui.lesson;
}

/** The table's renderers with the lesson's own card behaviour: cards answer the open question. */
function lessonContext(vm, ctx, work) {
  const q = vm.lesson.question;
  const moves = q && q.kind === "play" ? q.moves : [];
  const counts = new Map();
  for (const move of moves) for (const code of new Set(move.cards)) counts.set(code, (counts.get(code) ?? 0) + 1);
  const lctx = Object.create(ctx);
  lctx.cardState = (code, zone, index) => {
    if (!q || code === HIDDEN_CODE) return {};
    if (q.kind === "cards") return { pick: true, picked: work.picked.includes(code) };
    if (q.kind === "play") return { moves: counts.get(code) ?? 0, open: work.menu === code };
    return {};
  };
  // A card's menu of answers is not called "playable": the answers include wrong moves.
  lctx.tableCard = (code, zone, index, note = null) => {
    const state = lctx.cardState(code, zone, index);
    const key = `card:${zone}:${index}`;
    const label = [cardInfo(code).label, note].filter(Boolean).join(", ");
    if (state.pick) {
      return cardElement(code, {
        key, note, classes: state.picked ? ["cardlab-selected"] : [],
        title: `${label}: ${state.picked ? "picked (click to put it back)" : "click to pick it"}`,
        action: () => { togglePick(work, code); ctx.render(); },
      });
    }
    if (state.moves) {
      return cardElement(code, {
        key, note, classes: state.open ? ["cardlab-selected"] : [], menu: state.open,
        title: `${label}: ${plural(state.moves, "move")} to choose from`,
        action: () => {
          if (state.open) ctx.ui.returnFocus = key;  // a closed menu gives the focus back
          work.menu = state.open ? null : code;
          work.menuKey = key;
          ctx.ui.focusMenu = !state.open;
          ctx.render();
        },
      });
    }
    return cardElement(code, { key, note });
  };
  lctx.play = (move) => {
    ctx.ui.returnFocus = work.menu ? work.menuKey : null;  // after the answer, back to the card
    work.menu = null;
    ctx.send("answer", { move: move.move });
  };
  return lctx;
}

/** Close a card's menu of answers; the focus goes back to the card. */
function closeMenu(work, ctx) {
  ctx.ui.returnFocus = work.menuKey;
  work.menu = null;
  ctx.render();
}

function togglePick(work, code) {
  work.picked = work.picked.includes(code) ? work.picked.filter((c) => c !== code) : [...work.picked, code];
}

function renderLesson(vm, ctx) {
  const lesson = vm.lesson;
  const work = lessonUi(ctx, lesson);
  const lctx = lessonContext(vm, ctx, work);
  const q = lesson.question;
  return [
    headerPart(vm, ctx),
    lessonBar(lesson),
    renderMessage(ctx.message(), ctx),
    h("div", { class: "cardlab-main" },
      h("div", { class: "cardlab-play" },
        q && q.whatif.length ? whatIf(q) : null,
        h("div", { class: "cardlab-tableau" }, renderNode(vm.layout, lctx)),
        q ? questionPanel(q, lctx, work, lessonNav(lesson, ctx)) : lessonDone(lesson, lessonNav(lesson, ctx))),
      h("div", { class: "cardlab-side" },
        commentaryPart(lesson),
        settledPart(lesson.settled),
        renderBreakdown(vm.breakdown, ctx))),
    progressPart(lesson, ctx, work),
  ];
}

function lessonBar(lesson) {
  const where = lesson.step === 0 ? `the start (${plural(lesson.steps, "move")} to go)`
    : `move ${lesson.step} of ${lesson.steps}`;
  return h("div", { class: "cardlab-lesson-bar" },
    h("span", { class: "cardlab-lesson-title", text: lesson.title }),
    h("span", { class: "cardlab-lesson-where", "aria-live": "polite", text: `Step: ${where}` }));
}

/** Back and Next, in the question's last row (or beside the step's last word): beside or just
 * under the table, where the learner's eyes are, so nobody scrolls back to the lesson's top for Next. */
function lessonNav(lesson, ctx) {
  return h("div", { class: "cardlab-lesson-nav" },
    button("‹ Back", () => ctx.send("back"), {
      class: "cardlab-button cardlab-nav", disabled: !lesson.can_back, dataset: { key: "lesson:back" },
      title: "the step before",
    }),
    button("Next ›", () => ctx.send("next"), {
      class: "cardlab-button cardlab-nav cardlab-move", disabled: !lesson.can_next, dataset: { key: "lesson:next" },
      title: lesson.can_next ? "the next move" : lesson.waits,
    }),
    // while a question is open, why Next waits is Next's title: the question says what to do
    lesson.can_next || !lesson.waits || lesson.question ? null
      : h("span", { class: "cardlab-muted cardlab-lesson-waits", text: lesson.waits }));
}

/** A what-if question shows a changed table: say so above it. */
function whatIf(q) {
  return h("div", { class: "cardlab-line-banner cardlab-lesson-whatif", role: "status" },
    h("span", { class: "cardlab-line-text", text: `What if: ${q.whatif.join(", ")}. The table shows the changed position while the question is open.` }));
}

function commentaryPart(lesson) {
  return h("section", { class: "cardlab-commentary", "aria-label": "commentary" },
    lesson.move ? h("div", { class: "cardlab-section-title" },
      `Move ${lesson.step}: `, lesson.move.player ? `${lesson.move.player}: ` : "", lesson.move.text) : null,
    lesson.narration.length ? h("ul", { class: "cardlab-events" }, lesson.narration.map((ev) =>
      h("li", { title: ev.rule ? `rule ${ev.rule}` : "" }, ev.text))) : null,
    lesson.narration_waits ? h("div", { class: "cardlab-muted cardlab-narration-waits", text: lesson.narration_waits }) : null,
    renderProse(lesson.commentary));
}

/** Markdown read in Python into blocks of spans [style, text]; every text is inserted as text.
 * A span's style names its emphases from the outside in ("strong em"): one element each. */
function renderProse(blocks) {
  return h("div", { class: "cardlab-prose" }, blocks.map(proseBlock));
}

const PROSE_TAGS = { strong: "strong", em: "em", code: "code" };

function proseSpans(list) {
  return list.map(([style, text]) => style.split(" ").filter(Boolean)
    .reduceRight((inner, name) => h(PROSE_TAGS[name] ?? "span", {}, inner), text));
}

function proseBlock(b) {
  if (b.kind === "pre") return h("pre", { text: b.text });
  if (b.kind === "hr") return h("hr");
  if (b.kind === "text") return proseSpans(b.spans);
  if (b.kind === "ul" || b.kind === "ol") {
    return h(b.kind, b.kind === "ol" && b.start !== 1 ? { start: b.start } : {},
      b.items.map((item) => h("li", {}, item.map(proseBlock))));
  }
  if (b.kind === "h") return h("p", { class: "cardlab-prose-heading" }, proseSpans(b.spans));
  if (b.kind === "quote") return h("blockquote", {}, b.blocks.map(proseBlock));
  return h("p", {}, proseSpans(b.spans));
}

function questionPanel(q, ctx, work, nav) {
  return h("section", { class: "cardlab-question", "aria-label": "question", dataset: { kind: q.kind } },
    h("div", { class: "cardlab-question-prompt" },
      h("span", { class: "cardlab-badge", text: q.counted === false ? "your move"
        : q.count > 1 ? `question ${q.number} of ${q.count}` : "question" }),
      h("strong", { text: q.prompt })),
    q.kind === "play" ? playAnswer(q, ctx, work) : q.kind === "cards" ? cardsAnswer(q, ctx, work) : scoreAnswer(q, ctx, work),
    feedbackPart(q.feedback),
    h("div", { class: "cardlab-lesson-step-end" },
      button("Reveal the answer", () => ctx.send("reveal"), {
        class: "cardlab-button cardlab-lesson-reveal", dataset: { key: "lesson:reveal" },
        title: "show the answer and why (the question then counts as not answered)",
      }),
      nav));
}

function playAnswer(q, ctx, work) {
  const plain = q.moves.filter((m) => m.cards.length === 0);
  const menu = work.menu ? q.moves.filter((m) => m.cards.includes(work.menu)) : [];
  const send = () => { if (work.typed.trim()) ctx.send("answer", { move: work.typed.trim() }); };
  return h("div", { class: "cardlab-choices" },
    h("div", { class: "cardlab-choices-title", text: q.moves.length > plain.length
      ? "Click a card on the table to see the moves that use it, or choose a move below."
      : "Choose a move below." }),
    work.menu ? h("div", { class: "cardlab-choices cardlab-menu" },
      h("div", { class: "cardlab-choices-title", "aria-hidden": "true" }, "Moves with ", miniCards([work.menu]), ":"),
      h("div", {
          class: "cardlab-choices-list", role: "menu", "aria-label": `moves with the ${cardInfo(work.menu).label}`,
          onkeydown: (e) => (e.key === "Escape" ? closeMenu(work, ctx) : menuKeys(e)),
        },
        menu.map((m) => moveButton(m, ctx, { role: "menuitem" }))),
      h("div", { class: "cardlab-preview-text", "aria-live": "polite", text: "Point at a move to preview it." }),
      button("Cancel", () => closeMenu(work, ctx), { class: "cardlab-button cardlab-cancel", dataset: { key: "lesson:cancel" } }))
      : null,
    plain.length ? h("div", { class: "cardlab-choices-list" }, plain.map((m) => moveButton(m, ctx))) : null,
    h("div", { class: "cardlab-lesson-typed" },
      h("label", { class: "cardlab-option" }, "Or write a move: ",
        h("input", {
          type: "text", class: "cardlab-lesson-input", spellcheck: "false",
          "aria-label": "a move, in the game's notation", dataset: { key: "lesson:move" }, value: work.typed,
          oninput: (e) => { work.typed = e.target.value; },
          onkeydown: (e) => { if (e.key === "Enter") send(); },
        })),
      button("Answer", send, { dataset: { key: "lesson:send-move" } })));
}

function cardsAnswer(q, ctx, work) {
  const picked = work.picked;
  const count = picked.length;
  return h("div", { class: "cardlab-choices" },
    h("div", { class: "cardlab-choices-title", text: "Pick the cards on the table (click a picked card again to put it back), then submit." }),
    h("div", { class: "cardlab-choices-title" }, count ? "Picked: " : "Nothing picked yet.", count ? miniCards(picked) : null),
    h("div", { class: "cardlab-choices-list" },
      button(count ? `Submit ${plural(count, "card")}` : "Submit: none of them", () => ctx.send("answer", { cards: picked }), {
        class: "cardlab-button cardlab-move", dataset: { key: "lesson:submit" },
      }),
      count ? button("Clear", () => { work.picked = []; ctx.render(); }, { dataset: { key: "lesson:clear" } }) : null));
}

function scoreAnswer(q, ctx, work) {
  const send = () => { if (work.points.trim()) ctx.send("answer", { points: work.points.trim() }); };
  return h("div", { class: "cardlab-lesson-typed" },
    h("label", { class: "cardlab-option" }, "Points: ",
      h("input", {
        type: "number", step: "1", class: "cardlab-lesson-input cardlab-lesson-points", inputmode: "numeric",
        "aria-label": "a whole number of points", dataset: { key: "lesson:points" }, value: work.points,
        oninput: (e) => { work.points = e.target.value; },
        onkeydown: (e) => { if (e.key === "Enter") send(); },
      })),
    button("Answer", send, { class: "cardlab-button cardlab-move", dataset: { key: "lesson:send-points" } }));
}

function feedbackPart(fb) {
  if (!fb) return h("div", { class: "cardlab-feedback cardlab-feedback-none", role: "status", "aria-live": "polite" });
  const kind = fb.correct ? "right" : fb.answer ? "revealed" : "wrong";
  return h("div", { class: `cardlab-feedback cardlab-feedback-${kind}`, role: "status", "aria-live": "polite" },
    h("span", { class: "cardlab-feedback-text", text: fb.text }),
    fb.rule ? ruleDetails([fb.rule]) : null,
    fb.counted ? null : h("span", { class: "cardlab-muted", text: " (not counted as a try)" }),
    fb.answer ? renderProse(fb.explanation) : null);
}

/** The step's questions already answered or revealed, with what was said. */
function settledPart(settled) {
  if (!settled.length) return null;
  return h("section", { class: "cardlab-settled", "aria-label": "questions answered" },
    settled.map((s) => h("div", { class: `cardlab-settled-item cardlab-feedback-${s.feedback.correct ? "right" : "revealed"}` },
      h("div", {}, h("strong", { text: s.prompt }), " ",
        h("span", { class: "cardlab-badge", text: s.feedback.correct ? "answered" : "revealed" })),
      h("div", { text: s.feedback.text }),
      renderProse(s.feedback.explanation))));
}

function lessonDone(lesson, nav) {
  return h("div", { class: "cardlab-lesson-step-end cardlab-lesson-done" },
    h("span", { class: "cardlab-muted", role: "status",
      text: lesson.finished ? "The lesson is done. Download your progress below for your teacher."
        : lesson.can_next ? "No question at this step: press Next to go on." : "" }),
    nav);
}

/** The name typed in the name box, once Python has it too: the files then carry it. */
function sendLearner(work, ctx, name) {
  if (work.sentLearner === name) return;
  work.sentLearner = name;
  ctx.send("learner", { name });
}

/** Progress, the learner's name, and the files a teacher collects (offered as downloads).
 * A download clicked while the name typed is not yet in the files (the box still had the focus)
 * waits for Python's files with the name, then goes on by itself. */
function progressPart(lesson, ctx, work) {
  const p = lesson.progress;
  const said = p.questions
    ? `Questions: ${p.answered} of ${p.questions} answered (${p.first_try} right on the first try, ${p.revealed} revealed).`
    : "This lesson asks no question.";
  const waiting = work.pendingDownload;
  if (waiting && waiting.name === lesson.learner) {
    work.pendingDownload = null;
    setTimeout(() => { if (waiting.link.isConnected) waiting.link.click(); }, 0);  // after this drawing
  }
  const download = (text, mime, ext) => h("a", {
    class: "cardlab-button cardlab-lesson-download", download: `${p.file}.${ext}`,
    href: `data:${mime};charset=utf-8,${encodeURIComponent(text)}`, dataset: { key: `lesson:download-${ext}` },
    title: `save your progress as a ${ext.toUpperCase()} file for your teacher`,
    onclick: (e) => {
      const typed = (work.learner ?? lesson.learner).trim();
      if (typed === lesson.learner) return;  // the files already carry the name
      e.preventDefault();
      work.pendingDownload = { name: typed, link: e.currentTarget };
      sendLearner(work, ctx, typed);
    },
  }, `Download progress (${ext.toUpperCase()})`);
  return h("section", { class: "cardlab-lesson-progress", "aria-label": "progress" },
    h("span", { class: "cardlab-lesson-said", text: `${said}${p.finished ? " Lesson finished." : ""}` }),
    h("label", { class: "cardlab-option" }, "Your name: ",
      h("input", {
        type: "text", class: "cardlab-lesson-input", maxlength: "40", dataset: { key: "lesson:learner" },
        "aria-label": "your name, written in the progress file", value: work.learner ?? lesson.learner,
        oninput: (e) => { work.learner = e.target.value; },
        onchange: (e) => sendLearner(work, ctx, e.target.value.trim()),
      })),
    download(p.json, "application/json", "json"),
    download(p.csv, "text/csv", "csv"));
}

// --- class_progress.js ---
// cardlab front end: a class's progress (cardlab.widgets.ClassProgress), before widget.js.
//
// vm = {component: "class_progress", title, viewer_text, legend: [[short, words]], totals,
// lessons: [{lesson, title, game, questions, columns: [{label, step, kind, prompt, wrong:
// [{answer, count}], wrong_text}]}], learners: [{name, cells: [{status, short, text, rank}],
// totals}], notes, problems}. Python merges the files (cardlab.lessons.classbook); the browser
// only draws the table and sorts its rows: a click on a column's heading (a button, so Enter
// and Space work too) sorts by it, best first; another click, the other way.

/** The sort on show: `column` is "name", "q:<index>" or "total:<index>"; kept across redraws. */
function classSort(ctx) {
  if (!ctx.ui.classSort) ctx.ui.classSort = { column: "name", reversed: false };
  return ctx.ui.classSort;
}

/** Each column's sort key (smaller first when not reversed) and the direction that puts the best first. */
function classSortKey(column) {
  if (column === "name") return { key: (row) => row.name.toLocaleLowerCase(), bestFirst: "ascending" };
  const [kind, index] = column.split(":");
  if (kind === "q") return { key: (row) => row.cells[Number(index)].rank, bestFirst: "ascending" };
  return { key: (row) => -row.totals[Number(index)], bestFirst: "descending" };
}

function sortedLearners(vm, sort) {
  const { key } = classSortKey(sort.column);
  const byName = (a, b) => a.name.localeCompare(b.name);
  const rows = [...vm.learners];
  rows.sort((a, b) => {
    const ka = key(a), kb = key(b);
    const order = ka < kb ? -1 : ka > kb ? 1 : 0;
    return (sort.reversed ? -order : order) || byName(a, b);
  });
  return rows;
}

/** A column heading that sorts the rows: its button says what a press does, aria-sort how they are sorted. */
function sortHeading(column, label, description, ctx, props = {}) {
  const sort = classSort(ctx);
  const on = sort.column === column;
  const { bestFirst } = classSortKey(column);
  const flip = (dir) => (dir === "ascending" ? "descending" : "ascending");
  const direction = on ? (sort.reversed ? flip(bestFirst) : bestFirst) : "none";
  const arrow = direction === "ascending" ? " ▲" : direction === "descending" ? " ▼" : "";
  return h("th", { scope: "col", "aria-sort": direction, ...props },
    h("button", {
      type: "button", class: "cardlab-class-sort", title: description, dataset: { key: `sort:${column}` },
      "aria-label": `${label}: sort by ${description}${on ? ", the other way" : ""}`,
      onclick: () => {
        sort.reversed = on ? !sort.reversed : false;
        sort.column = column;
        ctx.render();
      },
    }, label, h("span", { "aria-hidden": "true", text: arrow })));
}

function classTable(vm, ctx) {
  const columns = vm.lessons.flatMap((lesson) => lesson.columns.map((c) => ({ lesson, column: c })));
  const top = [
    sortHeading("name", "Learner", "the learner's name", ctx, { rowspan: 2, class: "cardlab-class-name" }),
    ...vm.lessons.map((lesson) => h("th", { scope: "colgroup", colspan: lesson.columns.length, text: lesson.title })),
    ...vm.totals.map((name, i) =>
      sortHeading(`total:${i}`, name, `how many questions were ${name}`, ctx, { rowspan: 2 })),
  ];
  const second = columns.map(({ lesson, column }, i) =>
    sortHeading(`q:${i}`, column.label, `${lesson.title}, ${column.label}: ${column.prompt}`, ctx));
  const rows = sortedLearners(vm, classSort(ctx)).map((row) =>
    h("tr", {},
      h("th", { scope: "row", class: "cardlab-class-name", text: row.name }),
      row.cells.map((cell) => h("td", { class: `cardlab-class-${cell.status}`, title: cell.text },
        h("span", { "aria-hidden": "true", text: cell.short }),
        h("span", { class: "cardlab-unseen", text: cell.text }))),
      row.totals.map((n) => h("td", { class: "cardlab-class-total", text: n }))));
  return h("div", { class: "cardlab-class-scroll" },
    h("table", { class: "cardlab-class-table" },
      h("caption", { text: "Each learner's answers, question by question (a heading sorts the rows)" }),
      h("thead", {}, h("tr", {}, top), h("tr", {}, second)),
      h("tbody", {}, rows)));
}

function classLegend(vm) {
  return h("p", { class: "cardlab-class-legend" },
    vm.legend.map(([short, words]) => h("span", {}, h("b", { text: short }), ` ${words}`)));
}

/** Each lesson's questions: the prompt, and the wrong answers common in the class with their counts. */
function classQuestions(vm) {
  return vm.lessons.map((lesson) =>
    h("section", { class: "cardlab-class-lesson", "aria-label": `${lesson.title}: the questions` },
      h("h3", { text: lesson.title }),
      h("ol", { class: "cardlab-class-questions" },
        lesson.columns.map((column) =>
          h("li", {},
            h("b", { text: column.label }), ` (step ${column.step}): ${column.prompt}`,
            column.wrong.length
              ? h("ul", { class: "cardlab-class-wrong", "aria-label": "common wrong answers" },
                column.wrong.map((w) =>
                  h("li", {}, h("code", { text: w.answer }), ` — ${plural(w.count, "learner")}`)))
              : h("div", { class: "cardlab-muted", text: column.wrong_text }))))));
}

function classList(items, label) {
  if (!items.length) return null;
  return h("section", { class: "cardlab-class-notes", "aria-label": label },
    h("h3", { text: label }), h("ul", {}, items.map((text) => h("li", { text }))));
}

function renderClassProgress(vm, ctx) {
  return [
    h("div", { class: "cardlab-header" },
      h("span", { class: "cardlab-title", text: vm.title }),
      h("span", { class: "cardlab-viewer", text: vm.viewer_text })),
    classLegend(vm),
    classTable(vm, ctx),
    ...classQuestions(vm),
    classList(vm.notes, "Merged"),
    classList(vm.problems, "Files not read"),
  ];
}

// --- widget.js ---
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
