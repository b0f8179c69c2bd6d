"""The table around a networked match: seats, the peers who sit in them or watch, and their states."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from parlour.engine import JSON

PALETTE = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "pink")
"""Seat colours, as message keys ``net.colour.<name>``; the board draws each with a second cue."""

HOST_PID = "h"

# Seat kinds.
OPEN, HOST_SEAT, GUEST, AI = "open", "host", "guest", "ai"

# Peer states.
CONNECTED, RECONNECTING, GONE = "connected", "reconnecting", "gone"

# Session phases.
LOBBY, SEEDING, PLAYING, PAUSED, OVER = "lobby", "seeding", "playing", "paused", "over"

# What happens to the seat of a peer gone for good.
ON_GONE = ("pause", "ai")


@dataclass
class Seat:
    """One seat at the table. ``pid`` is the peer who owns it (kept while an AI stands in for a
    guest who is gone, so the guest can take it back)."""

    index: int
    kind: str = OPEN
    pid: str | None = None
    name: str = ""
    colour: str = ""
    level: str = ""

    def public(self) -> dict[str, JSON]:
        return {"kind": self.kind, "pid": self.pid, "name": self.name, "colour": self.colour}

    def to_json(self) -> dict[str, JSON]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(
            int(data["index"]),
            str(data["kind"]),
            data.get("pid"),
            str(data.get("name", "")),
            str(data.get("colour", "")),
            str(data.get("level", "")),
        )


@dataclass
class Member:
    """A peer of the session (the host included, with no connection of its own).

    ``token`` is the secret that lets the peer back into its place after a reload; ``conn`` is the
    transport's id of its current connection; ``seq_in``/``seq_out`` number the messages of that
    connection in each direction.
    """

    pid: str
    name: str
    token: str
    seat: int | None = None
    state: str = CONNECTED
    since: int = 0
    ready: bool = False
    conn: str | None = None
    seq_in: int = 0
    seq_out: int = 0

    def public(self) -> dict[str, JSON]:
        return {
            "pid": self.pid,
            "name": self.name,
            "seat": self.seat,
            "state": self.state,
            "ready": self.ready,
        }

    def to_json(self) -> dict[str, JSON]:
        return {
            "pid": self.pid,
            "name": self.name,
            "token": self.token,
            "seat": self.seat,
            "ready": self.ready,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], now: int) -> Member:
        seat = data.get("seat")
        return cls(
            str(data["pid"]),
            str(data["name"]),
            str(data["token"]),
            None if seat is None else int(seat),
            RECONNECTING,
            now,
            bool(data.get("ready", False)),
        )
