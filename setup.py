"""The tutorials ship inside the package: notebooks/ becomes cardlab/tutorials in the wheel, so
``cardlab tutorials`` works from an installed wheel; the pages they link to (``../docs/...``,
``../README.md``) ship beside them, as cardlab/docs and cardlab/README.md (with the files the
README links to: CHANGELOG.md, LICENSE, CITATION.cff), so their links work there too; a page's
link to a tutorial (``../notebooks/NAME.ipynb``) points at cardlab/tutorials there. The Jupyter
server's configuration enables cardlab's server extension (cardlab/server.py) when cardlab is
installed. (Everything else is in pyproject.toml.)

Folders of data files (the lessons, the front end, the tutorials, the pages) are listed as
packages of their own, so setuptools packs them without a warning."""

import re
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

#: Folders that hold only data files, each a package of the wheel.
DATA_PACKAGES = {
    "cardlab.lesson_files": None,
    "cardlab.widgets.static": None,
    "cardlab.tutorials": "notebooks",
    "cardlab.docs": "docs",
    "cardlab.docs.rules": "docs/rules",
    "cardlab.docs.rules.texts": "docs/rules/texts",
    "cardlab.docs.images": "docs/images",
}

#: The files at the checkout's top that the tutorials and the README link to.
TOP_PAGES = ("README.md", "CHANGELOG.md", "LICENSE", "CITATION.cff")
#: A page's link to a tutorial in the checkout's notebooks/ folder.
NOTEBOOK_LINK = re.compile(r"""(\]\(\s*<?|href=["'])((?:\.\./)*)notebooks/(?=[^/\s"'<>()]+\.ipynb)""")


class BuildWithReadme(build_py):
    """Also puts README.md (and the files it links to) into the package, where the tutorials'
    ``../README.md`` points, and points the pages' links to a tutorial at cardlab/tutorials."""

    def run(self) -> None:
        super().run()
        # An editable install runs from the checkout, where ../README.md is the README itself.
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "cardlab"
        target.mkdir(parents=True, exist_ok=True)
        for name in TOP_PAGES:
            if Path(name).is_file():
                self.copy_file(name, str(target / name))
        for page in [target / "README.md", *sorted((target / "docs").rglob("*.md"))]:
            if page.is_file():
                text = page.read_text(encoding="utf-8")
                new = NOTEBOOK_LINK.sub(r"\1\2tutorials/", text)
                if new != text:  # a new file: the built one may share its data with the source
                    page.unlink()
                    page.write_text(new, encoding="utf-8")


setup(
    packages=[*find_packages(include=["cardlab", "cardlab.*"]), *DATA_PACKAGES],
    package_dir={name: folder for name, folder in DATA_PACKAGES.items() if folder},
    cmdclass={"build_py": BuildWithReadme},
    data_files=[("etc/jupyter/jupyter_server_config.d", ["jupyter-config/jupyter_server_config.d/cardlab.json"])],
)
