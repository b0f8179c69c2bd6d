"""The wire format: versioned, compact JSON messages, checked before anything acts on them.

Every message is one JSON object ``{"v": 1, "t": <type>, "s": <seq>, ...}``. Text from a peer is
measured before it is parsed (a hostile peer must not make us parse megabytes) and checked
against the schema of its type; anything else is a :class:`BadMessage`, which the sessions log
and drop.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import JSON, canonical_json

PROTOCOL_VERSION = 1
HOST = "host"
"""The peer id a guest's outgoing messages are addressed to."""

MAX_FROM_GUEST = 8_192
"""Largest message a host accepts: guests only send short intents."""
MAX_FROM_HOST = 2_000_000
"""Largest message a guest accepts: a snapshot carries a view and the visible log."""
MAX_SEQ = 2**53
"""Sequence numbers stay exact in JavaScript numbers."""
MAX_NESTING = 64
"""Arrays and objects one within another a guest's message may hold. ``json.loads`` recurses once
a level, and in Pyodide a deep one (a hostile guest's ``[[[[…``) overflows the stack before Python's
recursion limit is met: a fatal error that stops the host page's Python, not an exception."""
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")

Outgoing = tuple[str, str]
"""(peer id, message text): what every session method returns for the transport to send."""

Check = Callable[[Any], bool]


class _Missing:
    """The value a schema check sees for a field the message leaves out."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class BadMessage(Exception):
    """A message that is not one of ours: oversized, not JSON, wrong version, wrong shape."""

    def __init__(self, reason: str, kind: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        """The message type, when the message got far enough to have one."""


def integer(lo: int, hi: int) -> Check:
    return lambda x: isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def text(max_len: int) -> Check:
    return lambda x: isinstance(x, str) and len(x) <= max_len


def one_of(*values: str) -> Check:
    return lambda x: isinstance(x, str) and x in values


def hex_digest(length: int) -> Check:
    return lambda x: isinstance(x, str) and len(x) == length and all(c in "0123456789abcdef" for c in x)


def optional(check: Check) -> Check:
    """``None`` or a missing field, else what ``check`` accepts."""
    return lambda x: x is None or x is MISSING or check(x)


def boolean(x: Any) -> bool:
    return isinstance(x, bool)


def present(x: Any) -> bool:
    """Any JSON value, but the field must be there (a move without ``m`` is not a move)."""
    return x is not MISSING


MAX_SEAT = 63
SEAT = integer(0, MAX_SEAT)
TOKEN_LEN = 32

GUEST_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {
        "name": text(80),
        "want": one_of("play", "watch"),
        "seat": optional(SEAT),
        "colour": optional(text(16)),
        "token": optional(text(64)),
    },
    "seat": {"seat": optional(SEAT), "colour": optional(text(16))},
    "ready": {"ready": boolean},
    "commit": {"c": hex_digest(64)},
    "reveal": {"r": hex_digest(64)},
    "move": {"ply": integer(0, 10**7), "seat": SEAT, "m": present},
    "sync": {},
    "bye": {},
}
"""Guest → host messages and their fields. A field whose check accepts ``None`` may be left out."""


def well_formed_text(data: Any) -> bool:
    """Whether every string in ``data`` (keys included) is valid Unicode: JSON's ``\\ud800``
    escapes decode to lone surrogates, which cannot be encoded, hashed or stored."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def encode(kind: str, seq: int, **fields: JSON) -> str:
    """A message as compact JSON (sorted keys, so equal messages are equal text)."""
    return canonical_json({"v": PROTOCOL_VERSION, "t": kind, "s": seq, **fields})


def too_deep(raw: str, limit: int = MAX_NESTING) -> bool:
    """Whether ``raw`` nests arrays and objects over ``limit`` deep (or its brackets do not pair),
    found without recursing: the strings left out, each pass removes the innermost pairs."""
    if raw.count("[") + raw.count("{") <= limit:
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", raw))
    for _ in range(limit):
        if not brackets:
            return False
        brackets = _PAIR.sub("", brackets)
    return bool(brackets)


def parse(raw: str, limit: int) -> dict[str, JSON]:
    """Measure, parse and check the envelope (version, type, sequence number)."""
    if not isinstance(raw, str):
        raise BadMessage("not text")
    if len(raw) > limit:
        raise BadMessage(f"oversized ({len(raw)} characters)")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise BadMessage(f"not JSON: {type(exc).__name__}") from None
    if not isinstance(data, dict):
        raise BadMessage("not a JSON object")
    if ("\\u" in raw or not raw.isascii()) and not well_formed_text(data):
        raise BadMessage("not valid Unicode (a lone surrogate)")
    if not integer(PROTOCOL_VERSION, PROTOCOL_VERSION)(data.get("v")):
        kind = str(data["t"]) if isinstance(data.get("t"), str) else ""
        raise BadMessage(f"protocol version {str(data.get('v'))[:20]}", kind)
    if not isinstance(data.get("t"), str):
        raise BadMessage("no message type")
    if not integer(1, MAX_SEQ)(data.get("s")):
        raise BadMessage("no sequence number")
    return data


def parse_guest(raw: str) -> dict[str, JSON]:
    """A guest's message, checked against :data:`GUEST_MESSAGES`; unknown fields are ignored."""
    if isinstance(raw, str) and len(raw) <= MAX_FROM_GUEST and too_deep(raw):
        raise BadMessage("nested too deep")
    data = parse(raw, MAX_FROM_GUEST)
    schema = GUEST_MESSAGES.get(data["t"])
    if schema is None:
        raise BadMessage(f"unknown message type {str(data['t'])[:20]!r}")
    for name, check in schema.items():
        if not check(data.get(name, MISSING)):
            raise BadMessage(f"{data['t']}: bad field {name!r}")
    return data


def digest(*parts: str) -> str:
    """sha256 of the parts joined by NUL, as 64 hex digits."""
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


def view_hash(view: JSON) -> str:
    """The hash a view is sent with: what a guest can recompute from what it received."""
    return hashlib.sha256(canonical_json(view).encode()).hexdigest()[:16]


def clean_name(name: str, fallback: str) -> str:
    """A display name without control characters, at most 40 characters."""
    kept = "".join(c for c in name if c.isprintable()).strip()[:40]
    return kept or fallback


def as_mapping(value: JSON) -> Mapping[str, JSON]:
    return value if isinstance(value, dict) else {}


MAX_WORDS_PARAMS = 16
"""Parameters a move's words (``say``) may carry: a few cells, a tile, a colour, the player."""
MAX_WORDS_SIZE = 2_000
"""Characters of a move's words as JSON: a sentence's parameters, never a position."""
_WORDS_KEY = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+")
_PARAM_NAME = re.compile(r"[a-z_][a-z0-9_]{0,31}")


def words_problem(say: Any, game_id: str) -> str:
    """What is wrong with a move's words as a host sends them (``''``: nothing): ``None`` (the
    receiver may only know who moved) or ``[key, params]`` with a message key of the table's game
    (``"boop.log.orange.place-kitten"``) and at most :data:`MAX_WORDS_PARAMS` parameters, named
    like identifiers, :data:`MAX_WORDS_SIZE` characters in all; a ``count`` (which picks a plural
    form) is an integer. A peer's page says them with its own catalogue, nothing else."""
    if say is None:
        return ""
    if not isinstance(say, list) or len(say) != 2:
        return "not [key, params]"
    key, params = say
    if not isinstance(key, str) or len(key) > 100 or not _WORDS_KEY.fullmatch(key):
        return "bad key"
    if not key.startswith(game_id + "."):
        return "a key of another game"
    if not isinstance(params, dict) or len(params) > MAX_WORDS_PARAMS:
        return "bad params"
    if not all(isinstance(name, str) and _PARAM_NAME.fullmatch(name) for name in params):
        return "bad parameter name"
    count = params.get("count", 0)
    if not isinstance(count, int) or isinstance(count, bool) or abs(count) >= 2**53:
        return "count is not a whole number"
    if len(canonical_json(params)) > MAX_WORDS_SIZE:
        return "too long"
    return ""
