"""Fast constructors of frozen dataclasses (every state): :func:`replacer` and :func:`builder`."""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar, cast


class Dataclass(Protocol):
    """A dataclass, as :func:`dataclasses.fields` reads it."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]


#: a frozen dataclass (a state, a move, an option set)
T = TypeVar("T", bound=Dataclass)
F = TypeVar("F", bound=Callable[..., Any])


def _cache(function: F) -> F:
    """``functools.cache``, keeping the function's own signature for type checkers."""
    return cast(F, functools.cache(function))


@_cache
def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, in order (none for a class that is not a dataclass)."""
    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()


@_cache
def replacer(cls: type[T], *changed: str) -> Callable[..., T]:
    """A fast ``replace(state, **changes)`` for the frozen dataclass ``cls`` (where
    ``dataclasses.replace`` is several times slower): the one way to build the next state.

    With field names, the replacer takes new values for exactly those fields, in that order
    (``replacer(State, "hands", "stock")(s, hands, stock)``): the fastest, for hot paths.

    A frozen slots dataclass without ``__post_init__`` (every state) is built without the call
    of its ``__init__``, on a class of the same slots (see :func:`_twin`): the result is the same
    immutable value, in about a quarter of the time ``__init__`` takes.
    """
    names = [f.name for f in dataclasses.fields(cls)]
    unknown = [n for n in changed if n not in names]
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {', '.join(unknown)}")
    namespace: dict[str, Any] = {"_KEEP": object(), "_cls": cls, "_new": object.__new__}
    if changed:
        params = ", ".join(changed)
        values = [n if n in changed else f"s.{n}" for n in names]
        head = f"def replace(s, {params}):"
    else:
        params = ", ".join(f"{n}=_KEEP" for n in names)
        values = [f"s.{n} if {n} is _KEEP else {n}" for n in names]
        head = f"def replace(s, *, {params}):"
    exec("\n".join([head, *_build_body(cls, names, values, namespace)]), namespace)  # noqa: S102 - from field names
    replace: Callable[..., T] = namespace["replace"]
    replace.__doc__ = f"A copy of a {cls.__name__} with {', '.join(changed) or 'the given fields'} changed."
    return replace


def builder(cls: type[T]) -> Callable[..., T]:
    """A fast constructor of the frozen dataclass ``cls`` taking every field, positionally and in
    field order: ``builder(State)(seed, round, ...)`` is ``State(seed, round, ...)`` (see
    :func:`replacer`)."""
    names = [f.name for f in dataclasses.fields(cls)]
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__}
    body = _build_body(cls, names, names, namespace)
    exec("\n".join([f"def build({', '.join(names)}):", *body]), namespace)  # noqa: S102 - from field names
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"A new {cls.__name__} from all its fields, in order."
    return build


def _build_body(cls: type, names: list[str], values: list[str], namespace: dict[str, Any]) -> list[str]:
    """The lines of a function body that returns a new ``cls`` with each field of ``names`` set to
    the expression of ``values``; ``namespace`` gets the names those lines use."""
    twin = _twin(cls, names)
    if twin is None:
        return [f"    return _cls({', '.join(values)})"]
    namespace["_twin"] = twin
    return [
        "    o = _new(_twin)",
        *(f"    o.{n} = {v}" for n, v in zip(names, values)),
        "    o.__class__ = _cls",
        "    return o",
    ]


def _twin(cls: type, names: list[str]) -> type | None:
    """A class of the very same slots as ``cls``, a frozen slots dataclass whose ``__init__``
    does nothing but set its fields ``names`` (every state), but whose slots may be set; None
    for any other class.

    A value is built on the twin, then handed the class ``cls`` (Python allows ``__class__`` to
    change between classes of the same layout): the same immutable value as ``cls(...)``,
    without the frozen class's ``__init__``, which has to set each slot through the guard
    against changes."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__"):
        return None
    if any(type(getattr(cls, name, None)) is not types.MemberDescriptorType for name in names):
        return None
    twin = type(
        f"{cls.__name__}Twin",
        cls.__bases__,
        {"__slots__": cls.__dict__.get("__slots__", ()), "__module__": cls.__module__},
    )
    try:  # a trial value: the change of class is refused where the layouts differ
        trial: object = object.__new__(twin)
        for name in names:
            setattr(trial, name, None)
        trial.__class__ = cls
    except (TypeError, AttributeError):  # (a frozen base's guard raises FrozenInstanceError, an AttributeError)
        return None
    return twin
