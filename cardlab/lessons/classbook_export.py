"""A class's progress (:class:`~.classbook.ClassTable`) written out: as CSV for a spreadsheet,
and as one self-contained HTML page (inline style, no script, nothing loaded from elsewhere).

    text = class_csv(table)           # one row per learner, one column per question, in words
    page = class_html(table)          # the same table, the legend, each question's common wrong answers

Every text from the files (names, titles, prompts, answers) is escaped in HTML, and in CSV a
cell a spreadsheet would read as a formula starts with ``'`` (see :func:`.export.spreadsheet_safe`).
"""

from __future__ import annotations

import csv
import html
import io

from ..engine import plural
from .classbook import LEGEND, ClassTable, Column, LearnerRow, LessonColumns
from .export import spreadsheet_safe

#: The totals each row ends with: their heading, and the statuses they count.
TOTALS = (("right first time", ("first",)), ("right", ("first", "after")), ("revealed", ("revealed",)))


def question_label(lesson: LessonColumns, column: Column) -> str:
    """A question's short name in its lesson: "Q2" (its place among the lesson's questions)."""
    return f"Q{lesson.columns.index(column) + 1}"


def class_csv(table: ClassTable) -> str:
    """The table as CSV: a header row (``learner``, then ``<lesson> Q1 (step 2)`` for each
    question, then the totals), and one row per learner, each cell in words ("right after 3
    tries")."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    heading = ["learner"]
    heading += [
        f"{lesson.lesson} {question_label(lesson, c)} (step {c.step})"
        for lesson in table.lessons
        for c in lesson.columns
    ]
    writer.writerow([spreadsheet_safe(cell) for cell in heading + [name for name, _ in TOTALS]])
    for row in table.learners:
        cells = [row.name] + [row.cell(c).text for c in table.columns] + [row.count(*s) for _, s in TOTALS]
        writer.writerow([spreadsheet_safe(cell) for cell in cells])
    return out.getvalue()


_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; color: #1b1b1b; background: #fff; margin: 1.5em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; }
caption { text-align: left; font-weight: 600; padding: .3em 0; }
th, td { border: 1px solid #8a8a8a; padding: .25em .5em; text-align: center; white-space: nowrap; }
th[scope=row] { text-align: left; font-weight: 500; }
thead th { background: #eef1f5; }
td.first { background: #dff3e3; } td.after { background: #f1f7d9; }
td.revealed { background: #fde7d6; } td.open { background: #fff6cc; } td.unreached { color: #555; }
dl.legend { display: flex; flex-wrap: wrap; gap: .3em 1.4em; }
dl.legend dt { font-weight: 700; } dl.legend dd { margin: 0 0 0 .3em; }
.legend div { display: flex; }
ol.questions li { margin-bottom: .5em; }
.wrong { color: #333; }
abbr { text-decoration: none; }
"""


def class_html(table: ClassTable, title: str = "Class progress") -> str:
    """The table as a whole HTML page: it reads without a script or the network."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(summary(table))}</p>",
        legend_html(),
        table_html(table),
        questions_html(table),
    ]
    if table.notes:
        parts.append("<h2>Merged</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in table.notes) + "</ul>")
    if table.problems:
        parts.append("<h2>Files not read</h2><ul>" + "".join(f"<li>{e(p)}</li>" for p in table.problems) + "</ul>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def summary(table: ClassTable) -> str:
    """What the table holds, in words: "30 learners, 2 lessons, 9 questions." """
    return (
        f"{plural(len(table.learners), 'learner')}, {plural(len(table.lessons), 'lesson')}, "
        f"{plural(len(table.columns), 'question')}."
    )


def legend_html() -> str:
    """What each short cell means, as a list of terms."""
    items = "".join(f"<div><dt>{html.escape(s)}</dt><dd>{html.escape(t)}</dd></div>" for s, t in LEGEND)
    return f'<p>What the cells say:</p><dl class="legend">{items}</dl>'


def table_html(table: ClassTable) -> str:
    """The table itself (a ``<div>`` holding the ``<table>``), for the page and a notebook's picture."""
    e = html.escape
    top = ['<th scope="col" rowspan="2">Learner</th>']
    top += [f'<th scope="colgroup" colspan="{len(lesson.columns)}">{e(lesson.title)}</th>' for lesson in table.lessons]
    top += [f'<th scope="col" rowspan="2">{e(name)}</th>' for name, _ in TOTALS]
    second = [
        f'<th scope="col" title="{e(c.prompt)}">{question_label(lesson, c)}</th>'
        for lesson in table.lessons
        for c in lesson.columns
    ]
    body = "".join(_row_html(table, row) for row in table.learners)
    return (
        '<div class="scroll"><table><caption>Each learner\'s answers, question by question</caption>'
        f"<thead><tr>{''.join(top)}</tr><tr>{''.join(second)}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def _row_html(table: ClassTable, row: LearnerRow) -> str:
    cells = []
    for column in table.columns:
        cell = row.cell(column)
        text, short = html.escape(cell.text), html.escape(cell.short)
        cells.append(f'<td class="{cell.status}"><abbr title="{text}">{short}</abbr></td>')
    totals = "".join(f"<td>{row.count(*statuses)}</td>" for _, statuses in TOTALS)
    return f'<tr><th scope="row">{html.escape(row.name)}</th>{"".join(cells)}{totals}</tr>'


def questions_html(table: ClassTable) -> str:
    """Each lesson's questions: the prompt, and the wrong answers common in the class with their counts."""
    e = html.escape
    out = []
    for lesson in table.lessons:
        items = []
        for column in lesson.columns:
            items.append(
                f"<li><b>{question_label(lesson, column)}</b> (step {column.step}): {e(column.prompt)}"
                f'<br><span class="wrong">{e(wrong_text(table, column))}</span></li>'
            )
        reached = f"{len(lesson.columns)} of {plural(lesson.question_count, 'question')} reached by someone"
        out.append(
            f"<h2>{e(lesson.title)}</h2><p>{e(lesson.lesson)} ({e(lesson.game)}): {e(reached)}.</p>"
            f'<ol class="questions">{"".join(items)}</ol>'
        )
    return "".join(out)


def wrong_text(table: ClassTable, column: Column) -> str:
    """The common wrong answers to ``column`` in words: "Common wrong answers: defend 2H (5 learners), …"."""
    common = table.common_wrong(column)
    if common:
        return "Common wrong answers: " + ", ".join(f"{a} ({plural(n, 'learner')})" for a, n in common) + "."
    given = len(table.wrong.get(column.key, ()))
    if not given:
        return "No wrong answer given."
    return f"No wrong answer was common: {plural(given, 'wrong answer')}, each given by one learner."


__all__ = ["class_csv", "class_html", "table_html", "questions_html", "wrong_text", "question_label", "TOTALS"]
