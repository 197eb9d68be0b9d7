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
