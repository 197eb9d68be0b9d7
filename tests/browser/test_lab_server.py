"""The lab the browser tests use is started as ``cardlab tutorials`` starts it, with cardlab's
server extension: its kernel websockets send each message at once (cardlab/server.py)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_lab_loads_cardlabs_server_extension(lab):
    log = lab.log.read_text(encoding="utf-8")
    assert "cardlab.server | extension was successfully loaded" in log, log[-3000:]
    assert "cardlab.server: kernel websockets send each message at once (TCP_NODELAY)" in log
