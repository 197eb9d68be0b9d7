"""A real ``redis-server`` for the classroom store tests: started on a free port, with no
persistence, and stopped after the tests. Missing redis-server skips the tests, unless
CARDLAB_REQUIRE_BROWSER=1 (CI), where it fails them.

Fixtures (a pytest plugin of tests/conftest.py): ``redis_address``, a server per test module,
and ``store_address``, each test run once on SQLite and once on Redis (its own key prefix)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator

import pytest

from helpers.ports import free_port, wait_for_port


def redis_server(folder: str) -> Iterator[str]:
    """Run redis-server until the generator is closed; yields its address."""
    program = shutil.which("redis-server")
    if program is None:
        if os.environ.get("CARDLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("the Redis tests are required (CARDLAB_REQUIRE_BROWSER=1) but redis-server is missing")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [program, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", folder],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, process, "redis-server", 10)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def redis_address(tmp_path_factory) -> Iterator[str]:
    yield from redis_server(str(tmp_path_factory.mktemp("redis")))


@pytest.fixture(params=["sqlite", "redis"])
def store_address(request, tmp_path) -> str:
    """A classroom store's address: an SQLite file, or the module's Redis server under a prefix
    of this test's own."""
    if request.param == "sqlite":
        return f"sqlite:{tmp_path / 'class.db'}"
    return f"{request.getfixturevalue('redis_address')}?prefix=test-{tmp_path.name}"
