"""The store on Redis: rooms shared by every process that serves the same key prefix.

``RedisStore("redis://HOST:PORT/DB?prefix=NAME")`` keeps, under the key prefix ``NAME``
(default ``cardlab``): a hash of room records (``NAME:rooms``), their order (a sorted set,
``NAME:order``), a list per deal of each room (``NAME:moves:CODE:DEAL``, one move a line), and
the named secrets (``NAME:secrets``).

Every write that could race is one Lua call, so Redis runs it whole, one at a time: a move is
appended only if it is the next one of its log and the room's stored record is on that deal
and open; a record is replaced only if the stored one is the record the writer read. Of two
processes writing from the same copy, exactly one succeeds; the other gets a
:class:`~.store.StaleWrite`, reads the room again and refuses its move in the learner's words.
Each successful write publishes the room's code on ``NAME:changes``; every process listens
(:meth:`RedisStore.listen`), reads that room again and redraws its pages.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

import redis

from .records import OPEN, RoomRecord
from .store import Listener, StaleWrite, Store, StoreError, new_secret

log = logging.getLogger(__name__)

#: KEYS: the move list, the room hash, the channel. ARGV: the move's number, the move, the room's
#: code, its deal, the message to publish. "ok"; "behind N" (the log holds N moves); "room" (the
#: stored room is on another deal, or not open).
_APPEND = """
local stored = redis.call('HGET', KEYS[2], ARGV[3])
if stored then
  local record = cjson.decode(stored)
  if tonumber(record['deal']) ~= tonumber(ARGV[4]) or record['state'] ~= ARGV[6] then return 'room' end
end
local count = redis.call('LLEN', KEYS[1])
if count + 1 ~= tonumber(ARGV[1]) then return 'behind ' .. count end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[3], ARGV[5])
return 'ok'
"""

#: KEYS: the room hash, the order, the channel. ARGV: the code, the record expected ("" for
#: none), the new record, the time, the message. 1 if written, 0 if the stored record differs.
_REPLACE = """
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[2] == '' then
  if stored then return 0 end
elseif stored ~= ARGV[2] then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZADD', KEYS[2], 'NX', ARGV[4], ARGV[1])
redis.call('PUBLISH', KEYS[3], ARGV[5])
return 1
"""


class RedisStore(Store):
    """The :class:`~.store.Store` interface on a Redis server, shared by every process on the prefix."""

    def __init__(self, address: str) -> None:
        parts = urllib.parse.urlsplit(address)
        query = urllib.parse.parse_qs(parts.query)
        self.prefix = (query.pop("prefix", ["cardlab"]) or ["cardlab"])[0]
        kept = urllib.parse.urlencode({k: v[0] for k, v in query.items()})
        # decode_responses: every answer is text, which redis-py's annotations cannot say
        self._redis: Any = redis.Redis.from_url(
            urllib.parse.urlunsplit(parts._replace(query=kept)), decode_responses=True
        )
        self._append = self._redis.register_script(_APPEND)
        self._replace = self._redis.register_script(_REPLACE)
        #: This store's own name on the channel: its own writes are not news to it.
        self.origin = secrets.token_hex(8)
        self._stops: list[Callable[[], None]] = []
        try:
            self._redis.ping()
        except redis.RedisError as err:
            raise StoreError(f"store: no Redis answers at {parts.netloc or address} ({err})") from None

    def _key(self, *parts: object) -> str:
        return ":".join([self.prefix, *map(str, parts)])

    def _news(self, code: str) -> str:
        return f"{self.origin} {code}"

    def save_room(self, record: RoomRecord) -> None:
        with self._redis.pipeline() as pipe:
            pipe.hset(self._key("rooms"), record.code, record.to_json())
            pipe.zadd(self._key("order"), {record.code: time.time()}, nx=True)
            pipe.publish(self._key("changes"), self._news(record.code))
            pipe.execute()

    def replace_room(self, old: RoomRecord | None, new: RoomRecord) -> bool:
        keys = [self._key("rooms"), self._key("order"), self._key("changes")]
        expected = "" if old is None else old.to_json()
        args: list[str | float] = [new.code, expected, new.to_json(), time.time(), self._news(new.code)]
        return bool(self._replace(keys=keys, args=args))

    def room(self, code: str) -> RoomRecord | None:
        text = self._redis.hget(self._key("rooms"), code)
        return None if text is None else RoomRecord.from_json(text)

    def rooms(self) -> list[RoomRecord]:
        codes = self._redis.zrange(self._key("order"), 0, -1)
        texts = self._redis.hmget(self._key("rooms"), codes) if codes else []
        return [RoomRecord.from_json(text) for text in texts if text is not None]

    def append_move(self, code: str, deal: int, number: int, move: str) -> None:
        keys = [self._key("moves", code, deal), self._key("rooms"), self._key("changes")]
        answer = self._append(keys=keys, args=[number, move, code, deal, self._news(code), OPEN])
        if answer == "room":
            raise StaleWrite(f"room {code}: the stored room is no longer open on deal {deal}")
        if answer != "ok":
            count = answer.split()[-1]
            raise StaleWrite(f"room {code}, deal {deal}: move {number} given, but the log holds {count} moves")

    def moves(self, code: str, deal: int, start: int = 0) -> list[str]:
        return self._redis.lrange(self._key("moves", code, deal), start, -1)

    def secret(self, name: str) -> str:
        self._redis.hsetnx(self._key("secrets"), name, new_secret())
        return self._redis.hget(self._key("secrets"), name)

    def listen(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(code)`` for each room another process changes, in a thread of its
        own; ``callback(None)`` once listening (again, after a lost link), since changes made
        meanwhile were not heard. Returns a function that stops it."""
        stop = threading.Event()
        channel = self._key("changes")

        def tell(code: str | None) -> None:
            try:
                callback(code)
            except Exception:  # noqa: BLE001 - a room that cannot be read must not stop the listening
                log.exception("cardlab classroom: reading a room another process changed failed")

        def run() -> None:
            while not stop.is_set():
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                try:
                    pubsub.subscribe(channel)
                    tell(None)
                    while not stop.is_set():
                        message = pubsub.get_message(timeout=0.5)
                        if message is None or message.get("type") != "message":
                            continue
                        origin, _, code = str(message["data"]).partition(" ")
                        if origin != self.origin and code:
                            tell(code)
                except redis.RedisError as err:
                    log.warning("cardlab classroom: lost the link to Redis (%s); trying again", err)
                    stop.wait(1.0)
                finally:
                    pubsub.close()

        thread = threading.Thread(target=run, name="cardlab-redis-listener", daemon=True)
        thread.start()

        def stop_listening() -> None:
            stop.set()
            thread.join(timeout=5)

        self._stops.append(stop_listening)
        return stop_listening

    def close(self) -> None:
        for stop in self._stops:
            stop()
        self._redis.close()
