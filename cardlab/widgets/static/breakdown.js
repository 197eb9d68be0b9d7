// cardlab front end, part 4: the score breakdown.
//
// Python sends the game's Breakdown: {title, players, items: [{player, points, reason, rule,
// cards}], totals, final, winners, notes}. Pointing at a line (or focusing it with Tab)
// highlights the cards that count for it wherever they lie on the table.

function renderBreakdown(bd, ctx) {
  return memo(ctx.memo, "breakdown", JSON.stringify(bd ?? null), () => drawBreakdown(bd, ctx));
}

function drawBreakdown(bd, ctx) {
  if (!bd) return h("div", { class: "cardlab-breakdown" });
  if (bd.unavailable) {
    return h("div", { class: "cardlab-breakdown" }, h("div", { class: "cardlab-muted", text: bd.unavailable }));
  }
  const rows = bd.items.map((item, i) => h("tr", {
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
      h("code", { class: "cardlab-rule", text: item.rule }))));
  const totals = bd.players.map((name, p) =>
    h("span", { class: `cardlab-total${bd.winners.includes(p) ? " cardlab-winner" : ""}` },
      `${name} `, h("strong", { text: String(bd.totals[p]) })));
  return h("div", { class: "cardlab-breakdown" },
    h("div", { class: "cardlab-section-title", text: bd.title }),
    rows.length
      ? h("div", { class: "cardlab-breakdown-items" }, h("table", { class: "cardlab-breakdown-table" },
          h("thead", {}, h("tr", {}, ["player", "points", "why (and the rule)"].map((t) => h("th", { scope: "col", text: t })))),
          h("tbody", {}, rows)))
      : h("div", { class: "cardlab-muted", text: "No points yet." }),
    h("div", { class: "cardlab-totals" }, "Totals: ", totals,
      bd.final ? h("span", { class: "cardlab-final", text: bd.winners.length
        ? ` — ${bd.winners.map((w) => bd.players[w]).join(" and ")} win${bd.winners.length === 1 ? "s" : ""}`
        : " — no winner" }) : null),
    bd.notes.map((note) => h("div", { class: "cardlab-note-line", text: note })));
}
