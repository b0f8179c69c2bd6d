"""Errors the engine raises. Each carries a message key so the UI can say it in the player's language."""

from __future__ import annotations

from typing import Any


class ParlourError(Exception):
    """Base of every error Parlour reports to a person.

    ``code`` is a message-catalogue key (``"boop.illegal.cell-occupied"``), ``params`` fill its
    placeholders, ``rule`` names the rule of the digest that forbids the action (``"BP-2"``).
    ``str(error)`` is an English sentence for logs and tests.
    """

    def __init__(self, message: str, *, code: str = "", rule: str = "", **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.rule = rule
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message, "code": self.code, "rule": self.rule, "params": self.params}


class IllegalMove(ParlourError):
    """A move the rules do not allow now; the state is unchanged."""


MAX_MALFORMED_TEXT = 200
"""How much of a malformed move its error repeats: a 1 MB move must not make a 1 MB error (or log)."""


def _clip(text: str) -> str:
    return text if len(text) <= MAX_MALFORMED_TEXT else text[: MAX_MALFORMED_TEXT - 1] + "…"


class MalformedMove(IllegalMove):
    """Move data that does not even parse as a move of this game.

    The message and any text parameter are cut to :data:`MAX_MALFORMED_TEXT` characters: games quote
    the input they could not read, and that input may come from a hostile peer.
    """

    def __init__(self, message: str, *, code: str = "", rule: str = "", **params: Any) -> None:
        clipped = {k: _clip(v) if isinstance(v, str) else v for k, v in params.items()}
        for key, value in params.items():
            if not isinstance(value, (str, int, float, bool, type(None))):
                clipped[key] = _clip(repr(value))
        super().__init__(_clip(message), code=code, rule=rule, **clipped)


class CorruptMatch(ParlourError):
    """A saved match, share link or match record that cannot be read or does not replay."""


class NotYourTurn(IllegalMove):
    """A player tried to act when the rules give them nothing to do."""
