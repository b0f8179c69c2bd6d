"""The bridge to ``web/assets/rtc.js`` (WebRTC data channels): with :mod:`parlour.web.dom`, the only
modules that import ``js``. :mod:`parlour.web.netplay` takes this module (or a fake one in tests)
and never touches the browser itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

_keep: list[Any] = []


def listen(on_event: Callable[[str, str, str], None]) -> None:
    """``on_event(kind, conn, data)`` for ``offer``/``answer`` (data: the code), ``open``,
    ``message`` (data: the text), ``close`` and ``error`` (data: the reason)."""
    from parlour.web.dom import timed

    proxy = create_proxy(timed(lambda kind, conn, data: on_event(str(kind), str(conn), str(data)), "rtc"))
    _keep.append(proxy)
    js.parlourRtc.listen(proxy)


def _servers(ice_servers: list[dict[str, Any]]) -> Any:
    return js.JSON.parse(json.dumps(ice_servers))


def offer(ice_servers: list[dict[str, Any]]) -> None:
    """Host: the table's invite (the same one after a reload); its code arrives as an ``offer`` event."""
    js.parlourRtc.offer(_servers(ice_servers))


def accept(code: str) -> None:
    """Host: a guest's answer code; the new connection's events follow (``open``, ``message``…)."""
    js.parlourRtc.accept(code)


def forget() -> None:
    """Host: drop the table's invite, so the next :func:`offer` makes a new link."""
    js.parlourRtc.forget()


def answer(code: str, ice_servers: list[dict[str, Any]]) -> None:
    """Guest: answer an invite; the answer code arrives as an ``answer`` event."""
    js.parlourRtc.answer(code, _servers(ice_servers))


def join_room(room: str, relays: list[str], ice_servers: list[dict[str, Any]], role: str, sid: str) -> None:
    """Join a trystero room through Nostr ``relays`` (none: trystero's public ones) as ``host`` or
    ``guest`` of session ``sid``: peers arrive as ``open`` events of connections ``r:<peer>``."""
    js.parlourRtc.joinRoom(room, js.JSON.parse(json.dumps(relays)), _servers(ice_servers), role, sid)


def send(conn: str, text: str) -> bool:
    return bool(js.parlourRtc.send(conn, text))


def close(conn: str) -> None:
    js.parlourRtc.close(conn)
