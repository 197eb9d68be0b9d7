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
