"""The limit on wrong room codes, per client, so that one school address is never locked out.

A school's learners often share one public address (and behind a reverse proxy every learner
may come from the proxy's address), so refused joins are counted per *client*: a browser at an
address. Each browser gets a browser id when it opens the join page: a random value signed with
a key of the class (:class:`BrowserIds`), kept in an HttpOnly cookie (:data:`BROWSER_COOKIE`).
A request without a valid browser id counts as the address's one "no browser" client, so
dropping the cookie or making one up gains nothing; an address is given at most
:attr:`BrowserIds.per_window` new ids a minute, so a script cannot mint ids without end.

Every count expires :attr:`JoinLimit.seconds` after its last refusal, and the table keeps at most
:attr:`JoinLimit.most` clients (the longest quiet go first): it never grows without bound.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

#: The cookie that holds a browser's id (HttpOnly, SameSite=Strict, like the seat cookie).
BROWSER_COOKIE = "cardlab-browser"


class _Window:
    """Events per key within the last ``seconds``; keys quiet for longer are dropped, and at
    most ``most`` keys are kept (the longest quiet dropped first)."""

    def __init__(self, seconds: float, most: int, clock: Callable[[], float]) -> None:
        self.seconds, self.most, self._clock = seconds, most, clock
        self._times: OrderedDict[str, deque[float]] = OrderedDict()  # the least recently added first
        self._lock = threading.Lock()

    def count(self, key: str) -> int:
        with self._lock:
            self._expire()
            times = self._times.get(key, deque())
            oldest = self._clock() - self.seconds
            while times and times[0] < oldest:
                times.popleft()
            return len(times)

    def add(self, key: str) -> None:
        with self._lock:
            now = self._clock()
            self._times.setdefault(key, deque()).append(now)
            self._times.move_to_end(key)
            self._expire()
            while len(self._times) > self.most:
                self._times.popitem(last=False)

    def _expire(self) -> None:
        oldest = self._clock() - self.seconds
        while self._times:
            key, times = next(iter(self._times.items()))
            while times and times[0] < oldest:
                times.popleft()
            if times:
                break
            del self._times[key]  # quiet for the whole window

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._times)


def client_key(address: str, browser: str = "") -> str:
    """The client a join comes from: a browser id (valid, or "" for none) at an address."""
    return f"{address} {browser}"


class JoinLimit:
    """At most ``attempts`` refused joins (wrong room codes) per ``seconds`` from one client
    (:func:`client_key`): room codes cannot be found by trying, and one learner's wrong codes
    lock out nobody else at their address. Joins that succeed do not count."""

    def __init__(
        self,
        attempts: int = 10,
        seconds: float = 60.0,
        *,
        most: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.attempts, self.seconds, self.most = attempts, seconds, most
        self._refused = _Window(seconds, most, clock)

    def allowed(self, client: str) -> bool:
        return self._refused.count(client) < self.attempts

    def refused(self, client: str) -> None:
        self._refused.add(client)

    def __len__(self) -> int:
        """How many clients have refusals that have not expired."""
        return len(self._refused)


class BrowserIds:
    """Browser ids: random, signed with ``key`` (so a made-up id is no id), at most
    ``per_window`` new ones per address per ``seconds``."""

    def __init__(
        self,
        key: str,
        *,
        per_window: int = 200,
        seconds: float = 60.0,
        most: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._key = key.encode()
        self.per_window = per_window
        self._issued = _Window(seconds, most, clock)

    def _sign(self, value: str) -> str:
        return hmac.new(self._key, value.encode(), hashlib.sha256).hexdigest()[:24]

    def issue(self, address: str) -> str | None:
        """A new browser id for a browser at ``address``, or None if that address had its share."""
        if self._issued.count(address) >= self.per_window:
            return None
        self._issued.add(address)
        value = secrets.token_urlsafe(12)
        return f"{value}.{self._sign(value)}"

    def check(self, cookie: str | None) -> str:
        """The browser id in ``cookie`` if it is one this class signed, else ""."""
        if not isinstance(cookie, str) or cookie.count(".") != 1 or len(cookie) > 80:
            return ""
        value, signature = cookie.split(".")
        return cookie if value and hmac.compare_digest(signature, self._sign(value)) else ""
