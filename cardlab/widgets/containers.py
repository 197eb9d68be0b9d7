"""Rows and columns of widgets that keep their pictures where no kernel runs.

An ``ipywidgets.HBox`` of cardlab widgets shows them in JupyterLab, but its output carries no
static picture: exported to HTML, viewed on GitHub or nbviewer, it is blank. :class:`Row` and
:class:`Column` are that HBox and VBox, with the pictures of what they hold beside the widget
view (``text/html``), side by side or one under the other::

    from cardlab.widgets import Row, ScoreBreakdown, StateEditor
    Row([StateEditor(session), ScoreBreakdown(session)])
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

#: How each kind of box lays out its pictures.
_STYLES = {
    "row": "display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start",
    "column": "display:flex;flex-direction:column;gap:1em",
}


def widget_picture(widget: Any) -> str:
    """The static picture of one widget: a cardlab widget's own (``picture_html``), a row's or
    a column's, the text of an ``HTML`` or ``Label`` widget; nothing for other widgets."""
    if hasattr(widget, "picture_html"):
        return widget.picture_html()
    if isinstance(widget, ipywidgets.Box):
        return _Pictured.picture_of(widget, "column" if isinstance(widget, ipywidgets.VBox) else "row")
    if isinstance(widget, (ipywidgets.HTML, ipywidgets.HTMLMath)):
        return widget.value
    if isinstance(widget, ipywidgets.Label):
        return f"<span>{html.escape(widget.value)}</span>"
    return ""


class _Pictured:
    """A box whose display output carries, as ``text/html``, the pictures of its children."""

    _kind = "row"
    children: tuple[Any, ...]  # (the box's, an ipywidgets trait)

    @staticmethod
    def picture_of(box: Any, kind: str) -> str:
        parts = [widget_picture(child) for child in box.children]
        inner = "".join(f"<div class='cardlab-static-item' style='min-width:0'>{part}</div>" for part in parts if part)
        return f"<div class='cardlab-static-{kind}' style='{_STYLES[kind]}'>{inner}</div>"

    def picture_html(self) -> str:
        """The pictures of what the box holds, laid out as the box lays them out."""
        return self.picture_of(self, self._kind)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.picture_html()}, metadata

    def __repr__(self) -> str:  # stable (no memory address): strict nbval compares text/plain
        return f"{type(self).__name__}({', '.join(repr(c) for c in self.children)})"


class Row(_Pictured, ipywidgets.HBox):
    """An ``ipywidgets.HBox`` whose output also carries its children's static pictures, side by side."""

    _kind = "row"


class Column(_Pictured, ipywidgets.VBox):
    """An ``ipywidgets.VBox`` whose output also carries its children's static pictures, one under the other."""

    _kind = "column"


__all__ = ["Row", "Column", "widget_picture"]
