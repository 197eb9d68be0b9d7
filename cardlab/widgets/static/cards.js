// cardlab front end, part 1: DOM helpers and playing cards.
//
// The front end is plain ES2020 split by component; cardlab/widgets/frontend.py joins the
// files in a fixed order into one module (no bundler, no npm). Python sends card codes
// ("4C", "10H", "JK", "??" for a face-down card) and never any rule: the browser only draws
// what the view-model says and sends the user's choices back.

/** Create an element: h("div", {class: "x", text: "hi", onclick: fn, "aria-label": "..."}, ...children). */
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "value") el.value = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
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
function onActivate(el, action) {
  el.addEventListener("click", action);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action(event);
    }
  });
}

/**
 * One card as an HTML tile. Options: `action` (makes it a focusable button), `key` (keeps
 * keyboard focus across re-renders), `classes` (extra class names), `small`, `title`.
 */
function cardElement(code, options = {}) {
  const info = cardInfo(code);
  const classes = ["cardlab-card", ...(options.classes ?? [])];
  if (options.small) classes.push("cardlab-card-small");
  if (info.hidden) classes.push("cardlab-back");
  else if (info.joker) classes.push("cardlab-joker");
  else if (info.suit) classes.push(`cardlab-suit-${info.suit}`);
  const el = h("div", {
    class: classes.join(" "),
    "aria-label": info.label,
    title: options.title ?? (info.hidden ? "face-down card" : info.label),
    dataset: { code, ...(options.key ? { key: options.key } : {}) },
  });
  if (options.action) {
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    onActivate(el, options.action);
  } else {
    el.setAttribute("role", "img");
  }
  if (info.hidden) return el;
  const face = info.joker ? "★" : (info.symbol ?? "");
  el.append(
    h("span", { class: "cardlab-index", "aria-hidden": "true" },
      h("span", { class: "cardlab-rank", text: info.rank }),
      h("span", { class: "cardlab-pip", text: face })),
    h("span", { class: "cardlab-face", "aria-hidden": "true", text: faceText(info) }),
  );
  return el;
}

/** The big centre of a card: the suit for number cards, the letter for court cards. */
function faceText(info) {
  if (info.joker) return "★";
  if (["J", "Q", "K"].includes(info.rank)) return info.rank;
  return info.symbol ?? "";
}

/** A short list of cards as small tiles (for the score breakdown, the log and messages). */
function miniCards(codes, ctx) {
  return h("span", { class: "cardlab-minicards" },
    codes.map((code) => cardElement(code, { small: true, classes: ctx.highlightClasses(code) })));
}
