"""The tutorials ship inside the package: notebooks/ becomes cardlab/tutorials in the wheel, so
``cardlab tutorials`` works from an installed wheel; the pages they link to (``../docs/...``,
``../README.md``) ship beside them, as cardlab/docs and cardlab/README.md, so their links work
there too. The Jupyter server's configuration enables cardlab's server extension
(cardlab/server.py) when cardlab is installed. (Everything else is in pyproject.toml.)

Folders of data files (the lessons, the front end, the tutorials, the pages) are listed as
packages of their own, so setuptools packs them without a warning."""

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
}


class BuildWithReadme(build_py):
    """Also puts README.md into the package, where the tutorials' ``../README.md`` points."""

    def run(self) -> None:
        super().run()
        # An editable install runs from the checkout, where ../README.md is the README itself.
        if Path("README.md").is_file() and not getattr(self, "editable_mode", False):
            target = Path(self.build_lib) / "cardlab"
            target.mkdir(parents=True, exist_ok=True)
            self.copy_file("README.md", str(target / "README.md"))


setup(
    packages=[*find_packages(include=["cardlab", "cardlab.*"]), *DATA_PACKAGES],
    package_dir={name: folder for name, folder in DATA_PACKAGES.items() if folder},
    cmdclass={"build_py": BuildWithReadme},
    data_files=[("etc/jupyter/jupyter_server_config.d", ["jupyter-config/jupyter_server_config.d/cardlab.json"])],
)
