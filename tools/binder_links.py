"""Name the repository in the Binder links: a maintainer's tool that rewrites the checkout.

    python tools/binder_links.py OWNER/REPO            # for example: python tools/binder_links.py ada/cardlab
    python tools/binder_links.py OWNER/REPO --root DIR # a checkout elsewhere

It rewrites every Binder link (``mybinder.org/v2/gh/OWNER/REPO/...``) in README.md, docs/ and
notebooks/, and the project's GitHub address in pyproject.toml and CITATION.cff (``[project.urls]``
``Source`` is where the name is kept). It writes only the checkout's own files: a symbolic link
that leads outside it is named and left alone. Exit status 0 when links were rewritten, 1 when
none were found, 2 for a malformed name or a folder that is not a checkout.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path


class CommandError(Exception):
    """A problem the maintainer can fix, said in one sentence (printed without a traceback)."""


def say(text: str) -> None:
    print(f"binder_links: {text}", file=sys.stderr)


#: A Binder link's repository part: mybinder.org/v2/gh/OWNER/REPO/
BINDER = re.compile(r"(mybinder\.org/v2/gh/)([^/\s\"'<>()\[\]]+/[^/\s\"'<>()\[\]]+)/")
#: The project's own address in pyproject.toml, where the repository's name is set.
SOURCE_URL = re.compile(r'^Source = "https://github\.com/([^/"]+/[^/"]+)"$', re.M)
#: GitHub's rules for an account name and a repository name.
OWNER = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
REPO = re.compile(r"^[A-Za-z0-9._-]{1,100}$")


def check_repository(name: str) -> str:
    owner, _, repo = name.partition("/")
    if not owner or not repo or "/" in repo:
        raise CommandError(f"{name!r} is not OWNER/REPO, such as ada/cardlab")
    if not OWNER.match(owner) or owner.endswith("-") or "--" in owner:
        raise CommandError(f"{owner!r} is not a GitHub account name (letters, digits and single hyphens, at most 39)")
    if not REPO.match(repo) or repo in (".", "..") or repo.endswith(".git"):
        raise CommandError(f"{repo!r} is not a GitHub repository name (letters, digits, '.', '-', '_'; without .git)")
    return name


def link_files(root: Path) -> Iterator[Path]:
    """The files whose links name the repository: the checkout's own files (a symbolic link
    that leads outside the checkout is none of them: see :func:`links_outside`)."""
    return (path for path in _link_candidates(root) if in_checkout(path, root))


def links_outside(root: Path) -> list[Path]:
    """The symbolic links among the files of :func:`link_files` that lead outside the checkout
    (or to nothing): left alone."""
    return [path for path in _link_candidates(root) if not in_checkout(path, root)]


def in_checkout(path: Path, root: Path) -> bool:
    """Whether ``path``, its symbolic links followed, is a file inside the checkout ``root``."""
    real = Path(os.path.realpath(path))
    return real.is_file() and real.is_relative_to(os.path.realpath(root))


def _link_candidates(root: Path) -> Iterator[Path]:
    for name in ("README.md", "pyproject.toml", "CITATION.cff"):
        if os.path.lexists(root / name):
            yield root / name
    for pattern in ("docs/**/*.md", "notebooks/**/*.ipynb"):
        yield from sorted(p for p in root.glob(pattern) if ".ipynb_checkpoints" not in p.parts)


def set_repository(root: Path, name: str) -> dict[str, int]:
    """Point every Binder link, and the project's GitHub address, at repository ``name``.

    Every ``mybinder.org/v2/gh/<owner>/<repo>/`` is rewritten wherever it appears (the rest of
    the link is kept); ``github.com/<old>`` is rewritten where ``<old>`` is the name set in
    pyproject.toml's ``Source`` address. Returns the number of addresses changed per file.
    """
    check_repository(name)
    if not (root / "README.md").is_file() or not (root / "notebooks").is_dir():
        raise CommandError(
            f"{root} is not a checkout of cardlab (no README.md and notebooks/): run this "
            f"in the repository's folder, or give --root"
        )
    pyproject = root / "pyproject.toml"
    old = None
    if pyproject.is_file():
        found = SOURCE_URL.search(pyproject.read_text(encoding="utf-8"))
        old = found.group(1) if found else None
    changed: dict[str, int] = {}
    for path in link_files(root):
        text = path.read_text(encoding="utf-8")
        new, count = BINDER.subn(lambda m: f"{m.group(1)}{name}/", text)
        if old is not None and old != name:
            new, more = re.subn(rf"github\.com/{re.escape(old)}(?=[/\"'\s)#?]|$)", f"github.com/{name}", new)
            count += more
        if new != text:
            path.write_text(new, encoding="utf-8")
        if count:
            changed[path.relative_to(root).as_posix()] = count
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    top = argparse.ArgumentParser(
        prog="python tools/binder_links.py",
        description="Rewrite every Binder link (mybinder.org/v2/gh/OWNER/REPO/...) in "
        "README.md, docs/ and notebooks/, and the project's GitHub address in "
        "pyproject.toml and CITATION.cff, for the repository OWNER/REPO.",
    )
    top.add_argument("repository", metavar="OWNER/REPO", help="the repository on GitHub, such as ada/cardlab")
    top.add_argument("--root", default=".", help="the checkout's folder (default: the current one)")
    options = top.parse_args(argv)
    root = Path(options.root)
    try:
        changed = set_repository(root, options.repository)
    except CommandError as err:
        say(str(err))
        return 2
    for path in links_outside(root):
        leads = f"{os.path.realpath(path)}, outside the checkout" if path.exists() else "nothing"
        say(f"{path.relative_to(root).as_posix()} is left as it is: it is a symbolic link to {leads}")
    if not changed:
        say("no Binder links found")
        return 1
    for path, count in changed.items():
        print(f"{path}: {count} address{' now names' if count == 1 else 'es now name'} {options.repository}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
