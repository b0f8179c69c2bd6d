"""The peer-to-peer session protocol: pure Python, no browser, no threads, no clock of its own.

One peer hosts: :class:`HostSession` runs the rules (the engine's :class:`~parlour.engine.Match`)
and is the authority. Guests (:class:`GuestSession`) send intents and receive only their own
player's view. Both are objects the transport (WebRTC data channels in the browser, a
:class:`~parlour.net.loopback.Loopback` in tests) feeds with message text and the time, and which
return the messages to send as ``(peer id, text)`` pairs. The protocol is documented in
``docs/net-protocol.md``.
"""

from parlour.net.fairness import Problem, SeedLog, commitment, derive_seed, verify_match, verify_seed
from parlour.net.guest import GuestSession
from parlour.net.host import HostSession, lookup_game
from parlour.net.lobby import PALETTE
from parlour.net.wire import HOST, MAX_FROM_GUEST, MAX_FROM_HOST, PROTOCOL_VERSION, BadMessage, Outgoing

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
