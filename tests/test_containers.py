"""cardlab's Row and Column (an HBox and a VBox) carry their children's static pictures in their
display output, so an exported notebook shows what a row of widgets showed; a plain
``ipywidgets.HBox`` of the same widgets carries none (the reason they exist)."""

from __future__ import annotations

import re

import ipywidgets
import nbformat
import pytest

import cardlab
from cardlab.widgets import Column, Row, ScoreBreakdown, StateEditor, Table

VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = re.compile(r"<div class='cardlab-static-widget' data-cardlab-static='(\w+)'")


@pytest.fixture
def session():
    return cardlab.Session(cardlab.game("card-commons"), seed=7)


def bundle(widget):
    found = widget._repr_mimebundle_()
    return found[0] if isinstance(found, tuple) else found


def test_a_plain_hbox_of_cardlab_widgets_carries_no_picture(session):
    data = bundle(ipywidgets.HBox([StateEditor(session), ScoreBreakdown(session)]))
    assert VIEW in data and "text/html" not in data


def test_a_row_carries_each_childs_picture_beside_the_widget_view(session):
    editor, breakdown = StateEditor(session), ScoreBreakdown(session)
    row = Row([editor, breakdown])
    assert isinstance(row, ipywidgets.HBox)
    data = bundle(row)
    assert data[VIEW]["model_id"] == row.model_id
    html = data["text/html"]
    assert html.startswith("<div class='cardlab-static-row'")
    assert PICTURE.findall(html) == ["StateEditor", "ScoreBreakdown"]
    assert editor.picture_html() in html and breakdown.picture_html() in html
    assert "text/plain" in data and "0x" not in data["text/plain"]  # a stable repr for strict nbval


def test_a_column_nests_rows_and_keeps_text_widgets(session):
    table = Table(session)
    column = Column(
        [
            ipywidgets.HTML("<b>Round 1</b>"),
            ipywidgets.Label("a <label>"),
            Row([StateEditor(session), ScoreBreakdown(session)]),
            table,
            ipywidgets.IntSlider(),
        ]
    )
    html = bundle(column)["text/html"]
    assert html.startswith("<div class='cardlab-static-column'") and "flex-direction:column" in html
    assert "<b>Round 1</b>" in html and "a &lt;label&gt;" in html
    assert html.count("<div class='cardlab-static-row'") == 1
    assert PICTURE.findall(html) == ["StateEditor", "ScoreBreakdown", "Table"]


def test_the_picture_follows_the_session(session):
    row = Row([ScoreBreakdown(session)])
    before = row.picture_html()
    game = session.game
    session.play(game.legal_moves(session.state)[0])
    assert row.picture_html() != before


def test_an_exported_notebook_shows_the_rows_pictures(session, tmp_path):
    """nbconvert's HTML of a notebook whose output is a Row (saved without widget state) shows
    both pictures, with no JavaScript."""
    from nbconvert import HTMLExporter

    data = bundle(Row([StateEditor(session), ScoreBreakdown(session)]))
    cell = nbformat.v4.new_code_cell(
        "Row([StateEditor(session), ScoreBreakdown(session)])",
        outputs=[nbformat.v4.new_output("display_data", data={k: v for k, v in data.items()})],
    )
    notebook = nbformat.v4.new_notebook(cells=[cell])
    body, _ = HTMLExporter().from_notebook_node(notebook)
    assert re.findall(r"""data-cardlab-static=["'](\w+)""", body) == ["StateEditor", "ScoreBreakdown"]
    assert 'class="cardlab-static-row"' in body
