"""Shared test settings: hypothesis profiles (quick by default, thorough with CARDLAB_THOROUGH=1)."""

from __future__ import annotations

import os

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
