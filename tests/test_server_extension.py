"""cardlab's Jupyter server extension (cardlab/server.py): kernel websockets without Nagle's
delay, on whatever connection class the server uses, and nothing else changed.

The lab the browser tests start loads it as ``cardlab tutorials`` does
(tests/browser/test_lab_server.py); tests/test_package.py checks that an installed wheel
enables it; ``benchmarks/widget_latency.py`` measures what it saves.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

server = pytest.importorskip("cardlab.server", reason="jupyter_server is not installed")
from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection  # noqa: E402
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class Handler:
    """A kernel websocket handler that records what is asked of its socket."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def set_nodelay(self, value: bool) -> None:
        self.calls.append(("set_nodelay", value))


class Connection:
    """A connection class of another server (a gateway's, say): connect returns what it likes."""

    def __init__(self, handler: Handler) -> None:
        self.websocket_handler = handler

    def connect(self) -> str:
        self.websocket_handler.calls.append(("connect", None))
        return "connected"


def test_the_connection_turns_nagles_algorithm_off_before_it_connects_and_returns_what_connect_does():
    made = server.without_delay(Connection)
    assert issubclass(made, Connection) and made is not Connection
    handler = Handler()
    assert made(handler).connect() == "connected"
    assert handler.calls == [("set_nodelay", True), ("connect", None)]


def test_a_class_gets_one_subclass_and_a_class_without_delay_is_kept():
    made = server.without_delay(Connection)
    assert server.without_delay(Connection) is made
    assert server.without_delay(made) is made
    subclass = type("Mine", (made,), {})  # a server's own class built on it already sends at once
    assert server.without_delay(subclass) is subclass


def test_jupyter_servers_own_connection_without_delay_is_there_by_name_for_voila():
    assert issubclass(server.NoDelayConnection, ZMQChannelsWebsocketConnection)
    assert issubclass(server.NoDelayConnection, BaseKernelWebsocketConnection)
    assert server.without_delay(ZMQChannelsWebsocketConnection) is server.NoDelayConnection
    assert "connect" in vars(server.NoDelayConnection)


def fake_server(settings: dict[str, Any], records: list[logging.LogRecord]) -> Any:
    log = logging.getLogger("test-cardlab-server")
    log.setLevel(logging.INFO)
    log.handlers = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    log.addHandler(handler)
    return SimpleNamespace(web_app=SimpleNamespace(settings=settings), log=log)


def test_loading_the_extension_replaces_the_servers_connection_class_by_its_subclass_and_says_so():
    records: list[logging.LogRecord] = []
    settings: dict[str, Any] = {server.SETTING: ZMQChannelsWebsocketConnection, "other": 1}
    server._load_jupyter_server_extension(fake_server(settings, records))
    assert settings == {server.SETTING: server.NoDelayConnection, "other": 1}
    assert [r.levelname for r in records] == ["INFO"] and "TCP_NODELAY" in records[0].getMessage()
    server._load_jupyter_server_extension(fake_server(settings, records))  # loaded twice: the same class
    assert settings[server.SETTING] is server.NoDelayConnection


def test_a_server_without_the_setting_is_left_as_it_is_with_a_warning():
    records: list[logging.LogRecord] = []
    settings: dict[str, Any] = {"other": 1}
    server._load_jupyter_server_extension(fake_server(settings, records))
    assert settings == {"other": 1}
    assert [r.levelname for r in records] == ["WARNING"] and "Nagle" in records[0].getMessage()


def test_the_extension_is_found_by_its_module_name_and_enabled_by_the_installed_configuration():
    assert server._jupyter_server_extension_points() == [{"module": "cardlab.server"}]
    config = json.loads((ROOT / "jupyter-config" / "jupyter_server_config.d" / "cardlab.json").read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {"cardlab.server": True}}}
