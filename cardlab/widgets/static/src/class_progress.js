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
