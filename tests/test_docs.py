"""The documentation agrees with the code.

- Every code example in docs/ runs: the ```python blocks of a page run in order, in one
  namespace, in a folder of their own. A block written as a session (``>>>`` lines) runs as a
  doctest, so the output it shows is checked (``...`` stands for any text). A block that needs
  a browser or a server says so on the line before it, ``<!-- not run: the reason -->``, and
  its test is skipped with that reason.
- Every rule id a game cites is documented in docs/rules/<game>.md, every documented id is
  implemented somewhere in the game's folder, and every sentence the page quotes is in the
  game's rule text (docs/rules/texts/<game>.txt).
- Every picture a page shows is in the repository.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import os
import re
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import cardlab
from cardlab.games import game_class

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: The games cardlab ships (a game registered from elsewhere documents itself elsewhere).
SHIPPED = [name for name in cardlab.game_names() if game_class(name).__module__.startswith("cardlab.games.")]
#: Every page of the documentation, the rules pages included.
PAGES = sorted((ROOT / "docs").glob("*.md")) + sorted(RULES.glob("*.md"))


# --- the examples run -----------------------------------------------------------------------------


class Example(NamedTuple):
    """A ```python block of a page: where it starts, its code, and why it is not run (or "")."""

    page: Path
    line: int
    code: str
    not_run: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT / 'docs').as_posix()}:{self.line}"


_BLOCK = re.compile(r"^(?:<!-- not run: (?P<reason>.+?) -->\n)?```python\n(?P<code>.*?)^```$", re.M | re.S)


def examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    return [
        Example(page, text.count("\n", 0, m.start("code")), m["code"], m["reason"] or "") for m in _BLOCK.finditer(text)
    ]


EXAMPLES = [example for page in PAGES for example in examples(page)]
#: Each page's namespace, the folder its examples run in, and the examples run so far.
_RUNS: dict[Path, tuple[dict[str, Any], Path, list[Example]]] = {}


def _run(example: Example, namespace: dict[str, Any]) -> None:
    if ">>> " not in example.code:
        exec(compile(example.code, example.name, "exec"), namespace)
        return
    parser, runner = (
        doctest.DocTestParser(),
        doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE),
    )
    test = parser.get_doctest(example.code, namespace, example.name, str(example.page), example.line)
    failures: list[str] = []
    runner.run(test, out=failures.append, clear_globs=False)
    assert not runner.failures, "".join(failures)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_the_examples_run(example: Example, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Each example runs after the page's earlier ones, as a reader would run them."""
    if example.not_run:
        pytest.skip(f"not run: {example.not_run}")
    namespace, folder, done = _RUNS.setdefault(example.page, ({}, tmp_path_factory.mktemp(example.page.stem), []))
    earlier = [e for e in examples(example.page) if e.line < example.line and not e.not_run and e not in done]
    here = os.getcwd()
    os.chdir(folder)
    try:
        for before in earlier:  # normally run already, by their own tests
            done.append(before)
            _run(before, namespace)
        done.append(example)
        _run(example, namespace)
    finally:
        os.chdir(here)


def test_every_page_with_code_has_its_examples_found() -> None:
    """A page that shows Python code has it in ```python blocks the test above finds."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        fences = len(re.findall(r"^```(?:python|py|pycon)\b", text, re.M))
        assert fences == len(examples(page)), f"{page.name}: {fences} Python blocks, {len(examples(page))} found"


# --- the rules pages --------------------------------------------------------------------------------


def rule_ids(text: str, prefix: str) -> set[str]:
    found = re.findall(rf"\b{re.escape(prefix)}(?:\.[a-z0-9][a-z0-9-]*)+", text)
    return {f for f in found if not f.endswith((".md", ".py"))}


@pytest.mark.parametrize("name", SHIPPED)
def test_rule_ids_match_the_rules_page(name):
    game = cardlab.game(name)
    folder = Path(inspect.getfile(type(game))).parent  # the game's folder: rules, strategy, layout
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))
    page = RULES / f"{name}.md"
    assert page.exists(), f"{page} is missing"
    documented = rule_ids(page.read_text(encoding="utf-8"), game.rules_prefix)
    cited = rule_ids(source, game.rules_prefix)
    assert documented, f"{page.name} lists no rule ids"
    assert not cited - documented, f"rule ids used in the code but not in {page.name}: {sorted(cited - documented)}"
    assert not documented - cited, f"rule ids in {page.name} that the code never names: {sorted(documented - cited)}"


def _plain(text: str) -> str:
    """``text`` with typographic apostrophes and quotes made plain, and spaces folded."""
    return " ".join(text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\"")).split())


@pytest.mark.parametrize("name", SHIPPED)
def test_the_rules_page_quotes_its_rule_text_exactly(name):
    prefix = cardlab.game(name).rules_prefix
    text = _plain((RULES / "texts" / f"{name}.txt").read_text(encoding="utf-8"))
    rows = [
        line
        for line in (RULES / f"{name}.md").read_text(encoding="utf-8").splitlines()
        if line.startswith(f"| `{prefix}.")
    ]
    quotes = [
        part
        for row in rows
        for quote in re.findall(r'"(.*?)"', row.split(" | ")[1])
        for part in quote.split("…")
        if part.strip()
    ]
    assert len(quotes) >= len(rows) // 2, f"{name}.md quotes its rule text in too few rows"
    missing = [q for q in quotes if _plain(q) not in text]
    assert not missing, f"{name}.md quotes words that are not in texts/{name}.txt: {missing}"


def _readings(name: str) -> list[str]:
    """The numbered items of a rules page's "Readings chosen" section, each on one line."""
    page = (RULES / f"{name}.md").read_text(encoding="utf-8")
    section = page.split("## Readings chosen", 1)[1].split("\n## ", 1)[0]
    items = re.split(r"\n(?=\d+\. \*\*)", section)[1:]
    return [" ".join(item.split()) for item in items]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_reading_names_the_other_reading_or_says_there_is_none(name):
    readings = _readings(name)
    assert len(readings) >= 8, f"{name}.md lists only {len(readings)} readings"
    silent = [r[:60] for r in readings if not re.search(r"other (reading|choice)", r, re.I)]
    assert not silent, f"{name}.md: readings that name no other reading: {silent}"


@pytest.mark.parametrize(
    "name, topics",
    [
        (
            "card-commons",
            [
                "Several answers",
                "does not count toward its colour",
                "when the look happens",
                "No-Defense discards",
                "Roles switch after a discarded Claim",
            ],
        ),
        (
            "commitment",
            [
                "carries the other player's Ace",
                "An Ace above a King is not doubled",
                '"More VP" includes the round just scored',
            ],
        ),
        (
            "contest",
            [
                "A card's value** (gap-fill)",
                "A pile's value** (gap-fill)",
                "Discards are face up",
                "The Jack's power",
                "Equal totals are a draw** (gap-fill",
            ],
        ),
    ],
)
def test_the_rules_pages_discuss_these_readings(name, topics):
    readings = " ".join(_readings(name))
    missing = [t for t in topics if t.lower() not in readings.lower()]
    assert not missing, f"{name}.md does not discuss: {missing}"


def test_the_contest_page_quotes_the_measured_use_of_the_jack_and_queen_powers():
    """The figures on the page are what benchmarks/contest_powers.py measures (a smaller run,
    so within a tolerance), for games played under each reading of the Jack's power."""
    spec = importlib.util.spec_from_file_location("contest_powers", ROOT / "benchmarks" / "contest_powers.py")
    powers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(powers)
    page = (RULES / "contest.md").read_text(encoding="utf-8")
    for reading in ("power-first", "match-first"):
        row = next(line for line in page.splitlines() if line.strip().startswith(f'| random | `jack="{reading}"` |'))
        power_first, match_first, queen = (float(x) for x in re.findall(r"([\d.]+)%", row))
        counts = powers.measure("random", 300, reading)
        measured = {key: 100 * usable / turns for key, (turns, usable, _used) in counts.items()}
        assert abs(measured["jack power-first"] - power_first) < 1.5
        assert abs(measured["jack match-first"] - match_first) < 3
        assert abs(measured["queen"] - queen) < 5
        assert power_first < 10 < match_first < 50 < queen


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_picture_a_page_shows_is_there(page):
    text = page.read_text(encoding="utf-8")
    pictures = re.findall(r'<img src="([^"]+)"', text) + re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
    missing = [p for p in pictures if not p.startswith("http") and not (page.parent / p).is_file()]
    assert not missing, f"{page.name} shows pictures that are not in the repository: {missing}"
