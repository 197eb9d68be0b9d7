"""Walking a table's synced layout (``widget.view["layout"]``: groups of items, piles at the
leaves), for the tests that read what a table draws."""

from __future__ import annotations


def piles(node: dict) -> list[dict]:
    """Every pile under ``node``, in drawing order."""
    if node["kind"] == "pile":
        return [node]
    return [p for item in node["items"] for p in piles(item)]


def groups(node: dict) -> list[dict]:
    """``node`` and every group under it, in drawing order (no piles)."""
    if node["kind"] == "pile":
        return []
    return [node] + [g for item in node["items"] for g in groups(item)]
