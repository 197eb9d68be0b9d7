"""Every link of every tutorial resolves wherever the tutorials go: in the checkout
(``notebooks/``), in a ``cardlab tutorials --copy`` folder, and (tests/test_package.py, with the
same :func:`broken_links`) in the installed wheel's tutorials folder and the JupyterLite site's
contents. A link is followed as JupyterLab follows it: a relative path from the notebook's
folder to a file that exists, and its ``#anchor`` to a heading of that file (or of the notebook
itself), named as JupyterLab names headings' anchors (the heading's text, spaces as hyphens).
"""

from __future__ import annotations

import json
import re
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: A Markdown link ``[text](target "title")`` or ``<target>``, or an HTML ``href``/``src``.
MD_LINK = re.compile(r"""!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)""")
HTML_LINK = re.compile(r"""\b(?:href|src)=["']([^"']+)["']""")
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.M)
HTML_ID = re.compile(r"""\b(?:id|name)=["']([^"']+)["']""")
FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1", re.M | re.S)


def anchor(heading: str) -> str:
    """JupyterLab's anchor of a heading: its text (Markdown marks and HTML tags dropped),
    spaces made hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_`]", "", text)
    return text.strip().replace(" ", "-")


def github_anchor(heading: str) -> str:
    """GitHub's anchor of a heading (lower case, punctuation dropped), also accepted."""
    text = anchor(heading).lower()
    return re.sub(r"[^\w\- ]", "", text)


def anchors(path: Path) -> set[str]:
    """The anchors a file offers: its headings' (and HTML ids), for Markdown files and notebooks."""
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        text = "\n\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown")
    elif path.suffix in (".md", ".markdown"):
        text = path.read_text(encoding="utf-8")
    else:
        return set()
    text = FENCE.sub("", text)
    found = set(HTML_ID.findall(text))
    for heading in HEADING.findall(text):
        found |= {anchor(heading), github_anchor(heading)}
    return found


def links(notebook: Path) -> list[str]:
    """Every link target in the notebook's Markdown cells and in its outputs' HTML and Markdown."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    texts = []
    for cell in data["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            texts.append(FENCE.sub("", source))
        for out in cell.get("outputs", []):
            for mime in ("text/html", "text/markdown"):
                if mime in out.get("data", {}):
                    value = out["data"][mime]
                    texts.append(value if isinstance(value, str) else "".join(value))
    return [t for text in texts for t in [*MD_LINK.findall(text), *HTML_LINK.findall(text)]]


def broken_links(folder: Path, names: list[str] | None = None) -> list[str]:
    """Each link of the notebooks in ``folder`` (all of them, or ``names``) that does not resolve
    there, as "NOTEBOOK: TARGET (why)"."""
    broken = []
    for notebook in sorted(folder / n for n in names) if names else sorted(folder.glob("*.ipynb")):
        for target in links(notebook):
            parsed = urllib.parse.urlsplit(target)
            if parsed.scheme or target.startswith("//"):
                continue  # an address on the web: not followed here
            path = urllib.parse.unquote(parsed.path)
            where = (notebook.parent / path).resolve() if path else notebook
            if path and not where.exists():
                broken.append(f"{notebook.name}: {target} (no {path} beside the notebook)")
            elif parsed.fragment and where.is_file() and where.suffix in (".md", ".ipynb"):
                fragment = urllib.parse.unquote(parsed.fragment)
                if fragment not in anchors(where):
                    broken.append(f"{notebook.name}: {target} (no heading #{fragment} in {where.name})")
    return broken


def page_links(path: Path) -> list[str]:
    """Every link target of a page: a notebook's (see :func:`links`), a Markdown page's."""
    if path.suffix == ".ipynb":
        return links(path)
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return [*MD_LINK.findall(text), *HTML_LINK.findall(text)]


def pages_in(folder: Path) -> list[Path]:
    """The pages of a folder where the tutorials travel (a copy, the JupyterLite site's files):
    every notebook and Markdown page in it, at any depth."""
    return sorted(p for p in folder.rglob("*") if p.suffix in (".ipynb", ".md") and ".ipynb_checkpoints" not in p.parts)


def checkout_pages() -> list[Path]:
    """The checkout's shipped pages: the tutorials, the README and the changelog, docs/."""
    return [*NOTEBOOKS, ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]


def check_links(pages: list[Path], within: Path) -> tuple[int, list[str]]:
    """How many relative links ``pages`` hold, and each one that does not resolve: to a file
    that exists inside ``within`` (what the server serves), and to a heading of it."""
    count, broken = 0, []
    within = within.resolve()
    for page in pages:
        for target in page_links(page):
            parsed = urllib.parse.urlsplit(target)
            if parsed.scheme or target.startswith("//"):
                continue  # an address on the web: not followed here
            count += 1
            path = urllib.parse.unquote(parsed.path)
            where = (page.parent / path).resolve() if path else page.resolve()
            name = page.relative_to(within).as_posix() if page.resolve().is_relative_to(within) else str(page)
            if not where.is_relative_to(within):
                broken.append(f"{name}: {target} (outside {within.name}/, which is what is served)")
            elif path and not where.exists():
                broken.append(f"{name}: {target} (no {where.relative_to(within).as_posix()})")
            elif parsed.fragment and where.is_file() and where.suffix in (".md", ".ipynb"):
                if urllib.parse.unquote(parsed.fragment) not in anchors(where):
                    broken.append(f"{name}: {target} (no heading #{parsed.fragment} in {where.name})")
    return count, broken


def test_the_checker_finds_a_missing_file_and_a_missing_anchor(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n\n## The deal, at last\n", encoding="utf-8")
    cells = [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": "[ok](docs/rules.md#The-deal,-at-last) [gh](docs/rules.md#the-deal-at-last) [me](#Here) "
            "[web](https://example.org/x.md) [gone](docs/nothing.md) [bad](docs/rules.md#Nowhere)\n\n# Here",
        }
    ]
    (tmp_path / "a.ipynb").write_text(
        json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8"
    )
    assert broken_links(tmp_path) == [
        "a.ipynb: docs/nothing.md (no docs/nothing.md beside the notebook)",
        "a.ipynb: docs/rules.md#Nowhere (no heading #Nowhere in rules.md)",
    ]


def test_the_tutorials_link_to_the_pages_they_ship_with():
    """The tutorials do link to the rules pages and guides: the places below check those links."""
    targets = [t for nb in NOTEBOOKS for t in links(nb)]
    assert any(t.startswith("../docs/") for t in targets)


def test_every_link_of_every_tutorial_resolves_in_the_checkout():
    assert broken_links(ROOT / "notebooks") == []


def test_every_link_resolves_in_a_copy_of_the_tutorials(tmp_path):
    from cardlab import cli

    assert cli.main(["tutorials", "--copy", str(tmp_path / "class")]) == 0
    copied = sorted(p.name for p in (tmp_path / "class").glob("*.ipynb"))
    assert copied == [p.name for p in NOTEBOOKS]
    assert (tmp_path / "class" / "docs" / "rules").is_dir() and (tmp_path / "class" / "README.md").is_file()
    assert broken_links(tmp_path / "class") == []


def test_the_page_checker_finds_a_link_out_of_the_served_folder_and_a_missing_picture(tmp_path):
    (tmp_path / "site" / "docs").mkdir(parents=True)
    (tmp_path / "site" / "docs" / "a.md").write_text(
        "[up](../../x.md) [pic](images/p.png) <img src='../b.md'> [ok](../b.md#B)", encoding="utf-8"
    )
    (tmp_path / "site" / "b.md").write_text("# B\n", encoding="utf-8")
    (tmp_path / "x.md").write_text("x", encoding="utf-8")
    count, broken = check_links(pages_in(tmp_path / "site"), tmp_path / "site")
    assert count == 4 and broken == [
        "docs/a.md: ../../x.md (outside site/, which is what is served)",
        "docs/a.md: images/p.png (no docs/images/p.png)",
    ]


def test_every_link_of_every_page_resolves_where_cardlab_tutorials_serves_the_checkout(monkeypatch):
    """``cardlab tutorials`` in a checkout (the README's Quick start): JupyterLab's root holds
    every link of every shipped page (a notebook's ../docs/... included)."""
    from cardlab import cli
    from cardlab.cli import common, shipped

    calls: list[list[str]] = []
    monkeypatch.setattr(common, "run", lambda command: calls.append(command) or 0)
    monkeypatch.setattr(common, "need", lambda *a: None)
    monkeypatch.chdir(ROOT)
    assert cli.main(["tutorials", "--no-browser"]) == 0
    command = calls[-1]
    opened = Path(command[4])
    roots = [a.split("=", 1)[1] for a in command if a.startswith("--ServerApp.root_dir=")]
    served = Path(roots[-1]) if roots else opened.parent
    assert opened == ROOT / "notebooks" / shipped.START and opened.is_relative_to(served)
    count, broken = check_links(checkout_pages(), served)
    assert count > 50 and broken == [], "\n".join(broken)
    print(f"checkout: {count} links")


def test_every_link_of_every_page_resolves_in_a_copy(tmp_path):
    from cardlab import cli

    assert cli.main(["tutorials", "--copy", str(tmp_path / "class")]) == 0
    count, broken = check_links(pages_in(tmp_path / "class"), tmp_path / "class")
    assert count > 50 and broken == [], "\n".join(broken)
    assert {"README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff"} <= {p.name for p in (tmp_path / "class").iterdir()}
    print(f"copy: {count} links")


def test_the_copy_changes_only_the_links_that_climb_out_of_the_folder():
    from cardlab.cli.shipped import travelling

    for path in NOTEBOOKS:
        text = path.read_text(encoding="utf-8")
        moved = json.loads(travelling(text))
        original = json.loads(text)
        assert len(moved["cells"]) == len(original["cells"])
        for old, new in zip(original["cells"], moved["cells"]):
            old_source, new_source = "".join(old["source"]), "".join(new["source"])
            assert new_source == old_source.replace("](../", "](").replace('href="../', 'href="'), path.name
            assert {k: v for k, v in new.items() if k != "source"} == {k: v for k, v in old.items() if k != "source"}


if __name__ == "__main__":  # python tests/test_links.py FOLDER: the broken links of its notebooks
    sys.exit(print("\n".join(broken_links(Path(sys.argv[1])))) or 0)
