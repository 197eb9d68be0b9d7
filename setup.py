"""The tutorials ship inside the package: notebooks/ becomes cardlab/tutorials in the wheel, so
``cardlab tutorials`` works from an installed wheel. (Everything else is in pyproject.toml.)"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["cardlab", "cardlab.*"]), "cardlab.tutorials"],
      package_dir={"cardlab.tutorials": "notebooks"})
