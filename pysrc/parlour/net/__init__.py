"""The peer-to-peer session protocol: pure Python, no browser, no threads, no clock of its own.

One peer hosts: :class:`HostSession` runs the rules (the engine's :class:`~parlour.engine.Match`)
and is the authority. Guests (:class:`GuestSession`) send intents and receive only their own
player's view. Both are objects the transport (WebRTC data channels in the browser, a
:class:`~parlour.net.loopback.Loopback` in tests) feeds with message text and the time, and which
return the messages to send as ``(peer id, text)`` pairs. The protocol is documented in
``docs/net-protocol.md``.

The names below come from their modules when first asked for: importing the package runs none of
them, so a page can import its modules one a task (``parlour.web.boot.LATER_STEPS``: in one task,
a first start compiled all six from source, 0.2-0.3 s; decision 0110).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.net.fairness import Problem, SeedLog, commitment, derive_seed, verify_match, verify_seed
    from parlour.net.guest import GuestSession
    from parlour.net.host import HostSession, lookup_game
    from parlour.net.lobby import PALETTE
    from parlour.net.wire import HOST, MAX_FROM_GUEST, MAX_FROM_HOST, PROTOCOL_VERSION, BadMessage, Outgoing

_FROM = {
    "Problem": "fairness",
    "SeedLog": "fairness",
    "commitment": "fairness",
    "derive_seed": "fairness",
    "verify_match": "fairness",
    "verify_seed": "fairness",
    "GuestSession": "guest",
    "HostSession": "host",
    "lookup_game": "host",
    "PALETTE": "lobby",
    "HOST": "wire",
    "MAX_FROM_GUEST": "wire",
    "MAX_FROM_HOST": "wire",
    "PROTOCOL_VERSION": "wire",
    "BadMessage": "wire",
    "Outgoing": "wire",
}
"""Each name the package gives, by the module that defines it."""

__all__ = [
    "HOST",
    "MAX_FROM_GUEST",
    "MAX_FROM_HOST",
    "PALETTE",
    "PROTOCOL_VERSION",
    "BadMessage",
    "GuestSession",
    "HostSession",
    "Outgoing",
    "Problem",
    "SeedLog",
    "commitment",
    "derive_seed",
    "lookup_game",
    "verify_match",
    "verify_seed",
]


def __getattr__(name: str) -> Any:
    """A name of :data:`__all__`, imported from its module when first asked for (PEP 562)."""
    where = _FROM.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value  # asked once
    return value
