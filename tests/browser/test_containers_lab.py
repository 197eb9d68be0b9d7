"""cardlab's Row and Column in JupyterLab: a Row of a StateEditor and a ScoreBreakdown draws both
widgets side by side in one output (the widget view wins over the picture it carries), and a
Column draws its widgets one under the other; no JavaScript error."""

from __future__ import annotations


def test_a_row_and_a_column_draw_their_cardlab_widgets(lab_page):
    page = lab_page(
        "containers.ipynb",
        "import cardlab\nfrom cardlab.widgets import Column, Row, ScoreBreakdown, StateEditor, Stepper\n"
        "session = cardlab.Session(cardlab.game('card-commons'), seed=7)",
        "Row([StateEditor(session), ScoreBreakdown(session)])",
        "Column([Stepper(session), ScoreBreakdown(session)])",
    )
    try:
        page.open(".cardlab-root[data-rev]", count=4)
        boxes = page.page.locator(".jp-OutputArea-output:has(.cardlab-root[data-rev])")
        assert boxes.count() == 2
        row, column = boxes.nth(0).locator(".cardlab-root[data-rev]"), boxes.nth(1).locator(".cardlab-root[data-rev]")
        assert row.count() == 2 and column.count() == 2
        left, right = row.nth(0).bounding_box(), row.nth(1).bounding_box()
        assert left and right and right["x"] >= left["x"] + left["width"] - 1  # side by side
        top, under = column.nth(0).bounding_box(), column.nth(1).bounding_box()
        assert top and under and under["y"] >= top["y"] + top["height"] - 1  # one under the other
        # the view, not the picture
        assert page.page.locator(".jp-OutputArea-output .cardlab-static-widget").count() == 0
    finally:
        page.close()
