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


class MalformedMove(IllegalMove):
    """Move data that does not even parse as a move of this game."""


class CorruptMatch(ParlourError):
    """A saved match, share link or match record that cannot be read or does not replay."""


class NotYourTurn(IllegalMove):
    """A player tried to act when the rules give them nothing to do."""
