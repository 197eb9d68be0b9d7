"""The tutorials ship inside the package: notebooks/ becomes cardlab/tutorials in the wheel, so
``cardlab tutorials`` works from an installed wheel. The Jupyter server's configuration enables
cardlab's server extension (cardlab/server.py) when cardlab is installed. (Everything else is
in pyproject.toml.)"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["cardlab", "cardlab.*"]), "cardlab.tutorials"],
      package_dir={"cardlab.tutorials": "notebooks"},
      data_files=[("etc/jupyter/jupyter_server_config.d", ["jupyter-config/jupyter_server_config.d/cardlab.json"])])
