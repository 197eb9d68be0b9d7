"""Every rule id a game cites is documented in docs/rules/<game>.md, every documented id is
implemented somewhere in the game's module, and every sentence the page quotes is in the
game's rule text (docs/rules/texts/<game>.txt)."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import cardlab
from cardlab.games import _REGISTRY

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def rule_ids(text: str, prefix: str) -> set[str]:
    found = re.findall(rf"\b{re.escape(prefix)}(?:\.[a-z0-9][a-z0-9-]*)+", text)
    return {f for f in found if not f.endswith((".md", ".py"))}


@pytest.mark.parametrize("name", list(_REGISTRY))
def test_rule_ids_match_the_rules_page(name):
    game = cardlab.game(name)
    source = inspect.getsource(importlib.import_module(type(game).__module__))
    page = DOCS / f"{name}.md"
    assert page.exists(), f"{page} is missing"
    documented = rule_ids(page.read_text(encoding="utf-8"), game.rules_prefix)
    cited = rule_ids(source, game.rules_prefix)
    assert documented, f"{page.name} lists no rule ids"
    assert not cited - documented, f"rule ids used in the code but not in {page.name}: {sorted(cited - documented)}"
    assert not documented - cited, f"rule ids in {page.name} that the code never names: {sorted(documented - cited)}"


def _plain(text: str) -> str:
    """``text`` with typographic apostrophes and quotes made plain, and spaces folded."""
    return " ".join(text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")).split())


@pytest.mark.parametrize("name", list(_REGISTRY))
def test_the_rules_page_quotes_its_rule_text_exactly(name):
    prefix = cardlab.game(name).rules_prefix
    text = _plain((DOCS / "texts" / f"{name}.txt").read_text(encoding="utf-8"))
    rows = [line for line in (DOCS / f"{name}.md").read_text(encoding="utf-8").splitlines()
            if line.startswith(f"| `{prefix}.")]
    quotes = [part for row in rows for quote in re.findall(r'"(.*?)"', row.split(" | ")[1])
              for part in quote.split("…") if part.strip()]
    assert len(quotes) >= len(rows) // 2, f"{name}.md quotes its rule text in too few rows"
    missing = [q for q in quotes if _plain(q) not in text]
    assert not missing, f"{name}.md quotes words that are not in texts/{name}.txt: {missing}"


@pytest.mark.parametrize("page", sorted((DOCS.parent).glob("*.md")), ids=lambda p: p.name)
def test_every_picture_a_page_shows_is_there(page):
    text = page.read_text(encoding="utf-8")
    pictures = re.findall(r'<img src="([^"]+)"', text) + re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
    missing = [p for p in pictures if not p.startswith("http") and not (page.parent / p).is_file()]
    assert not missing, f"{page.name} shows pictures that are not in the repository: {missing}"
