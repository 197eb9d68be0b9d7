"""The ClassProgress widget: a class's progress in lessons, one table in a notebook.

    from cardlab.widgets import ClassProgress
    ClassProgress("hand-in/")             # the progress files learners handed in (a folder, files)
    ClassProgress(cardlab.lessons.class_progress(files))      # or a table already merged

One row per learner and one column per question, grouped by lesson; each cell says how the
question went (right first time, right after some tries, revealed, not answered, not reached,
with a legend). A click on a column's heading (or Enter on it) sorts the rows by that column,
and again the other way. Under the table, each question's prompt, with the wrong answers that
were common in the class and how many learners gave each. The files refused and the merges made
are listed below. :mod:`cardlab.lessons.classbook` reads and merges the files; the widget only
shows the table (``table``), and ``load`` shows another.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from ..lessons import ClassTable, class_progress
from ..lessons.classbook import LEGEND
from ..lessons.classbook_export import TOTALS, question_label, questions_html, summary, table_html, wrong_text
from . import frontend, picture
from .viewmodel import JSON


class ClassProgress(anywidget.AnyWidget):
    """A class's progress table (see the module's docstring).

    ``source``: a :class:`cardlab.lessons.ClassTable`, or progress files and folders of them
    (a path, or a list of paths) for :func:`cardlab.lessons.class_progress` to merge.
    """

    _esm = frontend.ESM
    _css = frontend.CSS
    #: The table as the front end draws it (JSON text): see :func:`class_json`.
    view_json = traitlets.Unicode("{}").tag(sync=True)

    def __init__(self, source: ClassTable | str | os.PathLike | Iterable[str | os.PathLike], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rev = 0
        self.load(source)

    @property
    def table(self) -> ClassTable:
        return self._table

    def load(self, source: ClassTable | str | os.PathLike | Iterable[str | os.PathLike]) -> None:
        """Show another class's table: a :class:`~cardlab.lessons.ClassTable`, or files to merge."""
        self._table = source if isinstance(source, ClassTable) else class_progress(source)
        self._rev += 1
        self.view_json = json.dumps(class_json(self._table, self._rev), ensure_ascii=False)

    def picture_html(self) -> str:
        """A static picture: the table and the questions, for where no kernel draws the widget."""
        body = f"<p>{html.escape(summary(self._table))}</p>{table_html(self._table)}{questions_html(self._table)}"
        return picture.frame("class progress", "Class progress", body)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.picture_html()}, metadata

    def __repr__(self) -> str:
        t = self._table
        return f"ClassProgress({len(t.learners)} learners, {len(t.lessons)} lessons, {len(t.columns)} questions)"


def class_json(table: ClassTable, rev: int = 0) -> JSON:
    """What the front end draws: the lessons with their questions (prompt, common wrong
    answers), the learners with a cell per question and their totals, the legend, the notes and
    the files refused. Each cell has its short form, its words and a rank to sort by."""
    return {
        "component": "class_progress",
        "rev": rev,
        "title": "Class progress",
        "viewer_text": summary(table),
        "legend": [list(item) for item in LEGEND],
        "totals": [name for name, _ in TOTALS],
        "lessons": [
            {
                "lesson": lesson.lesson,
                "title": lesson.title,
                "game": lesson.game,
                "questions": lesson.question_count,
                "columns": [
                    {
                        "label": question_label(lesson, column),
                        "step": column.step,
                        "kind": column.kind,
                        "prompt": column.prompt,
                        "wrong": [{"answer": a, "count": n} for a, n in table.common_wrong(column)],
                        "wrong_text": wrong_text(table, column),
                    }
                    for column in lesson.columns
                ],
            }
            for lesson in table.lessons
        ],
        "learners": [
            {
                "name": row.name,
                "cells": [
                    {"status": cell.status, "short": cell.short, "text": cell.text, "rank": cell.rank}
                    for cell in map(row.cell, table.columns)
                ],
                "totals": [row.count(*statuses) for _, statuses in TOTALS],
            }
            for row in table.learners
        ],
        "notes": list(table.notes),
        "problems": list(table.problems),
    }


__all__ = ["ClassProgress", "class_json"]
