"""The store on Redis: the room directory and every room's move log, for several processes.

``RedisStore("redis://HOST:PORT/DB?prefix=NAME")`` keeps, under the key prefix ``NAME``
(default ``cardlab``): a hash of room records (``NAME:rooms``), their order (a sorted set,
``NAME:order``), a list per deal of each room (``NAME:moves:CODE:DEAL``, one move a line,
appended with a check of its number in one Lua call, so a move is never written twice or out
of order), and the named secrets (``NAME:secrets``). Processes that share a Redis keep their
rooms apart with a prefix each (docs/classroom.md).
"""

from __future__ import annotations

import time
import urllib.parse

import redis

from .records import RoomRecord
from .store import Store, StoreError, new_secret

#: Append ARGV[2] as move number ARGV[1] of the list KEYS[1]; -1 (and nothing written) unless it is the next one.
_APPEND = """
local count = redis.call('LLEN', KEYS[1])
if count + 1 ~= tonumber(ARGV[1]) then return -1 - count end
return redis.call('RPUSH', KEYS[1], ARGV[2])
"""


class RedisStore(Store):
    """The :class:`~.store.Store` interface on a Redis server."""

    def __init__(self, address: str) -> None:
        parts = urllib.parse.urlsplit(address)
        query = urllib.parse.parse_qs(parts.query)
        self.prefix = (query.pop("prefix", ["cardlab"]) or ["cardlab"])[0]
        kept = urllib.parse.urlencode({k: v[0] for k, v in query.items()})
        self._redis = redis.Redis.from_url(urllib.parse.urlunsplit(parts._replace(query=kept)), decode_responses=True)
        self._append = self._redis.register_script(_APPEND)
        try:
            self._redis.ping()
        except redis.RedisError as err:
            raise StoreError(f"store: no Redis answers at {parts.netloc or address} ({err})") from None

    def _key(self, *parts: object) -> str:
        return ":".join([self.prefix, *map(str, parts)])

    def save_room(self, record: RoomRecord) -> None:
        with self._redis.pipeline() as pipe:
            pipe.hset(self._key("rooms"), record.code, record.to_json())
            pipe.zadd(self._key("order"), {record.code: time.time()}, nx=True)
            pipe.execute()

    def rooms(self) -> list[RoomRecord]:
        codes = self._redis.zrange(self._key("order"), 0, -1)
        texts = self._redis.hmget(self._key("rooms"), codes) if codes else []
        return [RoomRecord.from_json(text) for text in texts if text is not None]

    def append_move(self, code: str, deal: int, number: int, move: str) -> None:
        answer = self._append(keys=[self._key("moves", code, deal)], args=[number, move])
        if answer < 0:
            raise StoreError(f"room {code}, deal {deal}: move {number} given, but the log holds {-1 - answer} moves")

    def moves(self, code: str, deal: int) -> list[str]:
        return self._redis.lrange(self._key("moves", code, deal), 0, -1)

    def secret(self, name: str) -> str:
        self._redis.hsetnx(self._key("secrets"), name, new_secret())
        return self._redis.hget(self._key("secrets"), name)

    def close(self) -> None:
        self._redis.close()
