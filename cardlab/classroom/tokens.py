"""Seat tokens and the teacher's key (the limit on wrong room codes is in :mod:`.limits`).

A learner who joins gets a random seat token, kept only in an HttpOnly, SameSite cookie
(:data:`SEAT_COOKIE`: never in a link, never readable by the page's scripts); the room keeps
only its digest. A page opens the seat whose digest matches, so a made-up token, a token of
another room or of a seat the teacher freed opens nothing. The teacher's link carries the
teacher's key once: the server turns it into another HttpOnly cookie (:data:`TEACHER_COOKIE`)
and sends the browser on to the dashboard, so the key does not stay in the address bar.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Literal, TypedDict

SEAT_COOKIE = "cardlab-seat"
TEACHER_COOKIE = "cardlab-teacher"


class CookieOptions(TypedDict):
    """How every classroom cookie is set (Starlette's ``set_cookie`` arguments)."""

    httponly: bool
    samesite: Literal["lax", "strict", "none"]
    path: str


#: Cookie settings: HttpOnly (scripts cannot read it), SameSite=Strict (other sites cannot use it).
COOKIE_OPTIONS: CookieOptions = {"httponly": True, "samesite": "strict", "path": "/"}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    """What a room keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def seat_cookie(code: str, token: str) -> str:
    return f"{code}.{token}"


def read_seat_cookie(value: str | None) -> tuple[str, str] | None:
    """The room code and token in a seat cookie's value, or None if it is not one."""
    if not value or "." not in value:
        return None
    code, token = value.split(".", 1)
    return (code, token) if code and token else None


def same_secret(given: str | None, secret: str) -> bool:
    """Whether ``given`` is ``secret``, compared in constant time."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), secret.encode())
