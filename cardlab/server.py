"""cardlab's Jupyter server extension: a click in a widget is answered without a 40 ms wait.

A click in a widget goes to the kernel, and the redrawn view comes back on the same websocket,
just after the kernel's "busy" status. jupyter_server leaves Nagle's algorithm on for kernel
websockets, so the view waits until the browser has acknowledged the status, and browsers
delay that acknowledgement (about 40 ms on Linux): most of a click's round trip. This
extension turns Nagle's algorithm off (``TCP_NODELAY``) on the server's kernel websockets, as
tornado's documentation advises for small interactive messages. Nothing else changes: the
same messages, in the same order.

Installing cardlab enables it (``etc/jupyter/jupyter_server_config.d/cardlab.json``; an
editable install has no such file, and ``cardlab tutorials`` enables it on the command line);
``jupyter server extension disable cardlab.server`` turns it off. It applies to whatever
kernel websocket connection the server uses (a gateway's too), as a subclass of it. Voilà's
own server takes :data:`NoDelayConnection` by name, as ``cardlab app`` does.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

from . import __version__  # shown by `jupyter server extension list`

__all__ = ["NoDelayConnection", "without_delay", "__version__"]

NAME = "cardlab.server"
SETTING = "kernel_websocket_connection_class"
#: The subclass made of each connection class, so that loading twice changes nothing.
_MADE: dict[type, type] = {}


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": NAME}]


def without_delay(connection_class: type) -> type:
    """A subclass of a kernel websocket connection class that sends without Nagle's delay;
    ``connection_class`` itself if it does already."""
    if getattr(connection_class, "_cardlab_no_delay", False):
        return connection_class
    made = _MADE.get(connection_class)
    if made is not None:
        return made

    def connect(self: Any) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super(subclass, self).connect()  # type: ignore[arg-type]  # (a class made below, by type())

    subclass = type(
        f"NoDelay{connection_class.__name__}",
        (connection_class,),
        {
            "connect": connect,
            "_cardlab_no_delay": True,
            "__module__": __name__,
            "__doc__": f"{connection_class.__name__}, sending each message at once (TCP_NODELAY).",
        },
    )
    _MADE[connection_class] = subclass
    return subclass


#: jupyter_server's own kernel websocket connection, without the delay (for a server that takes
#: the class by name: ``--Voila.kernel_websocket_connection_class=cardlab.server.NoDelayConnection``).
NoDelayConnection = without_delay(ZMQChannelsWebsocketConnection)


def _load_jupyter_server_extension(serverapp: Any) -> None:
    settings = serverapp.web_app.settings
    connection_class = settings.get(SETTING)
    if connection_class is None:  # a server too old to choose its connection class
        serverapp.log.warning("%s: this server has no %s setting; kernel websockets keep Nagle's delay", NAME, SETTING)
        return
    settings[SETTING] = without_delay(connection_class)
    serverapp.log.info("%s: kernel websockets send each message at once (TCP_NODELAY)", NAME)
