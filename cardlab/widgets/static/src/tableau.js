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
