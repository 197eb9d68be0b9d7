"""An event loop that the widgets take for a running kernel's, for the tests of what a table
does while the computer thinks beside the loop."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any


def in_a_kernel(monkeypatch: Any, scenario: Any) -> Any:
    """Run ``scenario(loop)`` on an event loop the tables take for a kernel's."""
    from cardlab.widgets import components

    async def main() -> Any:
        loop = asyncio.get_running_loop()
        monkeypatch.setattr(components, "_kernel_loop", lambda: loop)
        return await scenario(loop)

    # A loop of its own, in a thread of its own: the browser tests' Playwright keeps its loop
    # running in this thread while they share the test session.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


async def until(test: Any, seconds: float = 10.0) -> None:
    """Wait on the loop until ``test()`` is true; fail after ``seconds``."""
    for _ in range(int(seconds / 0.01)):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")
