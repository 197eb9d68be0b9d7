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
