"""The errors cardlab raises. Every one is a ``ValueError``, so ``except ValueError`` catches bad input."""

from __future__ import annotations

__all__ = ["NotationError", "CardError", "IllegalMove", "StateError", "quoted"]

#: The most characters of the input an error message quotes (a longer token is cut short with "…").
QUOTE_CHARS = 40


def quoted(text: str, limit: int = QUOTE_CHARS) -> str:
    """``repr(text)``, cut short with "…" after ``limit`` characters: how a message quotes input."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


class NotationError(ValueError):
    """Text that could not be read: a card, a list of cards, or a move.

    ``text`` is the whole input, ``start``/``end`` the span of the bad token in it, and
    ``reason`` what is wrong with it. The message quotes the text and points at the token.
    """

    def __init__(self, text: str, start: int, end: int, reason: str, what: str = "text") -> None:
        self.text, self.start, self.end, self.reason = text, start, end, reason
        token = text[start:end]
        where = f" at position {start + 1}" if (start, end) != (0, len(text)) else ""
        message = f"{quoted(token)} is not a valid {what}{where}: {reason}"
        if len(text) <= 120 and "\n" not in text and where:
            message += f"\n  {text}\n  {' ' * start}{'^' * max(1, end - start)}"
        super().__init__(message)


class CardError(NotationError):
    """A card that could not be read, such as ``4Z`` or ``1H``."""

    def __init__(self, text: str, start: int, end: int, reason: str) -> None:
        super().__init__(text, start, end, reason, what="card")


class IllegalMove(ValueError):
    """A move that the rules do not allow in this state. The state is left as it was.

    ``move`` is the move (or its text), ``rule`` the id of the rule it breaks (listed in
    ``docs/rules/<game>.md``) and ``reason`` a sentence a learner can read.
    """

    def __init__(self, move: object, rule: str, reason: str) -> None:
        self.move, self.rule, self.reason = move, rule, reason
        super().__init__(f"illegal move {str(move)!r}: {reason} [{rule}]")


class StateError(ValueError):
    """A state (text, JSON or edited value) that is malformed or breaks the rules.

    ``where`` names the place: a line of the text form, a field, or a zone of the table.
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"{where}: {reason}" if where else reason)
