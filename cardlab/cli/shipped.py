"""The tutorials and the pages they link to, as cardlab ships them, and how they travel into
another folder (a copy, an app's folder, the JupyterLite site) with their links still working."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

from .common import CommandError

PACKAGE = Path(__file__).resolve().parent.parent
#: The notebook every tutorial session opens on.
START = "00_start_here.ipynb"


def tutorials_folder() -> Path:
    """The tutorial notebooks shipped with cardlab: ``cardlab/tutorials`` in an installed wheel,
    ``notebooks/`` beside the package in a checkout (also when installed with ``pip install -e``)."""
    for folder in (PACKAGE / "tutorials", PACKAGE.parent / "notebooks"):
        if (folder / START).is_file():
            return folder
    raise CommandError(
        "this cardlab has no tutorial notebooks (neither cardlab/tutorials nor a checkout's "
        "notebooks/); reinstall it with pip install --force-reinstall cardlab"
    )


def tutorial_names() -> list[str]:
    return sorted(p.name for p in tutorials_folder().glob("*.ipynb"))


def checkout_notebooks(where: Path) -> Path | None:
    """``where/notebooks`` when ``where`` is a checkout of cardlab (its tutorials are edited there)."""
    folder = where / "notebooks"
    return folder if (folder / START).is_file() and (where / "pyproject.toml").is_file() else None


#: The pages the tutorials link to, shipped with them (``docs/`` of a checkout, ``cardlab/docs``
#: in the wheel, with the README as ``cardlab/README.md``): the rules, the guides, the rule texts
#: and the guides' pictures.
DOC_PATTERNS = ("*.md", "rules/*.md", "rules/texts/*.txt", "images/*.png")
#: The files beside the README that it links to (shipped as ``cardlab/CHANGELOG.md``, ...).
TOP_PAGES = ("README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff")


def docs_files() -> dict[str, Path]:
    """The shipped pages, by their path beside the tutorials' folder: ``README.md`` (and the
    files it links to) and ``docs/...``, where a tutorial's ``../README.md`` and ``../docs/...``
    links point."""
    base = tutorials_folder().parent
    found: dict[str, Path] = {}
    for name in TOP_PAGES:
        if (base / name).is_file():
            found[name] = base / name
    for pattern in DOC_PATTERNS:
        for path in sorted((base / "docs").glob(pattern)):
            found[path.relative_to(base).as_posix()] = path
    return found


#: A link's target that starts with ``../`` in Markdown (``[text](../x)``, ``<../x>``) or HTML
#: (``href="../x"``, ``src="../x"``).
UP_LINK = re.compile(r"""(\]\(\s*<?|href=["']|src=["'])\.\./""")


def travelling(notebook_text: str) -> str:
    """A tutorial as it goes into a folder that holds the shipped pages beside it (a copy, the
    JupyterLite site): its Markdown links to ``../docs/...`` and ``../README.md`` lose their
    ``../``. A notebook with no such link is returned as it is, byte for byte."""
    notebook = json.loads(notebook_text)
    changed = False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        new = UP_LINK.sub(r"\1", source)
        if new != source:
            cell["source"] = new if isinstance(cell["source"], str) else new.splitlines(keepends=True)
            changed = True
    if not changed:
        return notebook_text
    return json.dumps(notebook, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


#: A page's link to a tutorial in its folder of a checkout (``notebooks/``) or of the wheel
#: (``tutorials/``): ``[the explainers](../notebooks/08_explainers.ipynb)``.
TUTORIAL_LINK = re.compile(r"""(\]\(\s*<?|href=["'])((?:\.\./)*)(?:notebooks|tutorials)/(?=[^/\s"'<>()]+\.ipynb)""")


def travelling_page(text: str) -> str:
    """A page (README.md, docs/...) as it goes into a folder that holds the tutorials beside it
    (a copy, the JupyterLite site, an app's folder): its links to a tutorial lose their
    ``notebooks/`` (or the wheel's ``tutorials/``)."""
    return TUTORIAL_LINK.sub(r"\1\2", text)


def copy_page(path: Path, target: Path) -> None:
    """A shipped page copied to ``target``, its links to the tutorials made to travel."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".md":
        target.write_text(travelling_page(path.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        shutil.copyfile(path, target)


def copy_tutorials(target: Path, *, force: bool = False) -> list[Path]:
    """Copy every tutorial into ``target`` (made if missing), with the pages they link to beside
    them (``README.md``, ``docs/``); refuse to overwrite unless ``force``, and refuse to write
    through a symbolic link (it would write elsewhere than ``target``), ``force`` or not."""
    source = tutorials_folder()
    names = tutorial_names()
    pages = docs_files()
    if target.is_symlink() and not target.exists():
        raise CommandError(f"{target} is a symbolic link to nothing ({os.readlink(target)}): nothing was copied")
    if target.exists() and not target.is_dir():
        raise CommandError(f"{target} is a file, not a folder")
    links = sorted({p for n in [*names, *pages] for p in _on_the_way(target, n) if p.is_symlink()})
    if links:
        shown = ", ".join(str(p.relative_to(target)) for p in links[:8])
        raise CommandError(
            f"{target} holds symbolic links where the copies go ({shown}), and cardlab writes only "
            f"into real files and folders: nothing was copied (remove them, or choose another folder)"
        )
    clashes = [n for n in [*names, *pages] if os.path.lexists(target / n)]
    if clashes and not force:
        shown = ", ".join(clashes[:8]) + (f" and {len(clashes) - 8} more" if len(clashes) > 8 else "")
        raise CommandError(
            f"{target} already holds {shown}: nothing was copied "
            f"(add --force to overwrite them, or choose another folder)"
        )
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for n in names:
        (target / n).write_text(travelling((source / n).read_text(encoding="utf-8")), encoding="utf-8")
        copied.append(target / n)
    for name, path in pages.items():
        copy_page(path, target / name)
    return copied


def _on_the_way(target: Path, name: str) -> Iterator[Path]:
    """The paths from ``target`` to ``target / name``: each folder of ``name``, then the file."""
    path = target
    for part in Path(name).parts:
        path = path / part
        yield path
