"""Shared test settings: hypothesis profiles (quick by default, thorough with CARDLAB_THOROUGH=1),
and how the suite is shared among pytest-xdist's workers."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

#: Fixtures of the classroom store tests: a real redis-server, and a store's address on each store.
pytest_plugins = ("helpers.classroom_redis",)

settings.register_profile("quick", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("thorough" if os.environ.get("CARDLAB_THOROUGH") else "quick")

# A fifth game, defined in tests/ only: registered here, every test that iterates over the
# registry (conformance, computer players, tables, properties) covers it too.
from cardlab.games import register  # noqa: E402
from helpers.toy_game import ToyTricks  # noqa: E402

register(ToyTricks)


#: Files whose tests share nothing but session-wide fixtures, and each take long: spread over
#: the workers one test at a time. Every other file runs whole on one worker: a notebook's cells
#: share one kernel, a browser module its server and pages.
SPREAD = {"test_class.py", "test_conformance.py", "test_pythons.py"}

#: The files that take longest, longest first: started first, so that no worker is left
#: alone with one of them at the end. Then the other browser tests, then the rest.
SLOWEST = [
    "test_sdist.py",
    "test_binder.py",
    "test_class.py",
    "test_pythons.py",
    "test_package.py",
    "test_app_install.py",
    "test_lite_offline.py",
    "test_conformance.py",
]


def _place(item: pytest.Item) -> tuple[int, int]:
    name = item.path.name
    if name in SLOWEST:
        return (0, SLOWEST.index(name))
    return (1 if "browser" in item.path.parts else 2, 0)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_place)  # stable: each file's tests keep their order


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: absent where it is not installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Whole files to a worker, but the SPREAD files test by test, in the order collected."""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path.rsplit("/", 1)[-1] in SPREAD else path

    config.option.loadscopereorder = False  # keep the longest first
    return ByFile(config, log)
