"""Percent-encoding of the app's addresses, without ``urllib.parse``.

``urllib.parse`` imports ``ipaddress``: together 128 KB of the standard library that Pyodide
compiles from source on a start without the memory snapshot (0105's bytecode holds only the
bootstrap's modules), the larger part of the 0.2-0.6 s task that imported the embed's module when a
game first opened (decision 0110). The app needs four of its functions, on text: these give the
same results (a hypothesis test compares them with ``urllib.parse``'s).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby

_ALWAYS_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")
_HEX = frozenset(b"0123456789ABCDEFabcdef")


def quote(text: str, safe: str = "/") -> str:
    """``urllib.parse.quote``: each UTF-8 byte of ``text`` that is not a letter, a digit, one of
    ``_.-~`` or an ASCII character of ``safe`` as ``%XX``."""
    keep = _ALWAYS_SAFE | frozenset(safe.encode("ascii", "ignore"))
    return "".join(chr(b) if b in keep else f"%{b:02X}" for b in text.encode())


def _quote_plus(text: str) -> str:
    """``urllib.parse.quote_plus``: :func:`quote` with nothing safe, a space as ``+``."""
    return quote(text, " ").replace(" ", "+") if " " in text else quote(text, "")


def _unquote_ascii(text: str) -> str:
    """The ``%XX`` escapes of ASCII ``text`` as the bytes they stand for, read as UTF-8 (a byte that
    is no UTF-8 as U+FFFD); a ``%`` not followed by two hex digits stays as it is."""
    bits = text.encode().split(b"%")
    out = bytearray(bits[0])
    for bit in bits[1:]:
        if len(bit) >= 2 and bit[0] in _HEX and bit[1] in _HEX:
            out.append(int(bit[:2], 16))
            out += bit[2:]
        else:
            out += b"%" + bit
    return out.decode("utf-8", "replace")


def unquote(text: str) -> str:
    """``urllib.parse.unquote``: ``%XX`` escapes replaced by the characters their UTF-8 bytes make;
    characters beyond ASCII are kept as they are."""
    if "%" not in text:
        return text
    runs = ((plain, "".join(chars)) for plain, chars in groupby(text, key=str.isascii))
    return "".join(_unquote_ascii(run) if plain else run for plain, run in runs)


def urlencode(params: Mapping[str, str]) -> str:
    """``urllib.parse.urlencode`` of text names and values: ``name=value`` pairs joined by ``&``,
    each quoted with nothing safe and a space as ``+``."""
    return "&".join(f"{_quote_plus(name)}={_quote_plus(value)}" for name, value in params.items())


def parse_qsl(query: str) -> list[tuple[str, str]]:
    """``urllib.parse.parse_qsl(query, keep_blank_values=True)``: the ``name=value`` pairs of a
    query split at ``&`` (empty ones skipped), ``+`` read as a space, then unquoted."""
    pairs = []
    for field in query.split("&"):
        if field:
            name, _, value = field.partition("=")
            pairs.append((unquote(name.replace("+", " ")), unquote(value.replace("+", " "))))
    return pairs
