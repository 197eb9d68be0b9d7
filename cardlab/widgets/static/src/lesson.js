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
