"""Automatic mode in real Chromium: one room link, trystero's Nostr strategy, signalling through a
Nostr relay the test starts on 127.0.0.1 (never the internet); the game itself goes over the WebRTC
data channels trystero opens. Runs with the other WebRTC tests (see test_net_manual.py)."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import socketserver
import struct
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS
from browser.test_net_manual import (  # noqa: F401  (fixtures)
    NET_TIMEOUT_MS,
    People,
    assert_finished_alike,
    host_table,
    people,
    play,
    rtc_ready,
    saved_host,
    start,
)

pytestmark = pytest.mark.webrtc

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Client:
    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.lock = threading.Lock()
        self.subs: dict[str, list[dict[str, Any]]] = {}

    def send(self, message: Any) -> None:
        data = json.dumps(message).encode()
        n = len(data)
        head = (
            bytes([0x81, n])
            if n < 126
            else (b"\x81\x7e" + struct.pack(">H", n) if n < 65536 else b"\x81\x7f" + struct.pack(">Q", n))
        )
        with self.lock, contextlib.suppress(OSError):
            self.sock.sendall(head + data)


def matches(flt: dict[str, Any], event: dict[str, Any]) -> bool:
    if "kinds" in flt and event.get("kind") not in flt["kinds"]:
        return False
    for key, wanted in flt.items():
        if key.startswith("#"):
            values = {t[1] for t in event.get("tags", []) if len(t) > 1 and t[0] == key[1:]}
            if not values & set(wanted):
                return False
    return True


class NostrRelay(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.clients: set[Client] = set()
        self.lock = threading.Lock()
        self.events = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server_address[1]}"

    def start(self) -> NostrRelay:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def publish(self, event: dict[str, Any]) -> None:
        with self.lock:
            self.events += 1
            targets = [
                (c, sid)
                for c in self.clients
                for sid, flts in c.subs.items()
                if any(matches(f, event) for f in flts)
            ]
        for client, sid in targets:
            client.send(["EVENT", sid, event])


class Handler(socketserver.BaseRequestHandler):
    server: NostrRelay

    def handle(self) -> None:
        sock = self.request
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = sock.recv(4096)
            if not chunk:
                return
            request += chunk
        headers = dict(
            line.split(": ", 1) for line in request.decode("latin-1").split("\r\n")[1:] if ": " in line
        )
        key = {k.lower(): v for k, v in headers.items()}.get("sec-websocket-key", "")
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        sock.sendall(
            (
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Accept: {accept}\r\n\r\n"
            ).encode()
        )
        client = Client(sock)
        with self.server.lock:
            self.server.clients.add(client)
        try:
            self.serve(client)
        finally:
            with self.server.lock:
                self.server.clients.discard(client)

    def read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.request.recv(n - len(data))
            if not chunk:
                raise ConnectionError
            data += chunk
        return data

    def serve(self, client: Client) -> None:
        buffer = b""
        while True:
            try:
                b0, b1 = self.read(2)
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack(">H", self.read(2))[0]
                elif n == 127:
                    n = struct.unpack(">Q", self.read(8))[0]
                mask = self.read(4) if b1 & 0x80 else b"\0\0\0\0"
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(self.read(n)))
            except (ConnectionError, OSError):
                return
            opcode = b0 & 0x0F
            if opcode == 8:
                return
            if opcode == 9:
                with client.lock:
                    self.request.sendall(bytes([0x8A, len(payload)]) + payload)
                continue
            buffer += payload
            if not b0 & 0x80:
                continue
            text, buffer = buffer.decode(), b""
            self.on_message(client, text)

    def on_message(self, client: Client, text: str) -> None:
        try:
            message = json.loads(text)
        except ValueError:
            return
        if message[0] == "REQ":
            client.subs[message[1]] = list(message[2:])
            client.send(["EOSE", message[1]])
        elif message[0] == "CLOSE":
            client.subs.pop(message[1], None)
        elif message[0] == "EVENT":
            event = message[1]
            client.send(["OK", event.get("id", ""), True, ""])
            self.server.publish(event)


@pytest.fixture
def relay() -> Iterator[NostrRelay]:
    server = NostrRelay().start()
    yield server
    server.shutdown()
    server.server_close()


def use_relay(page: Any, url: str) -> None:
    """Settings → relays: only the local one."""
    page.evaluate("(url) => localStorage.setItem('parlour.net.relays', url)", url)


def test_two_browsers_play_a_whole_game_in_a_room_through_a_local_relay(people, relay):  # noqa: F811
    host = host_table(people)
    use_relay(host, relay.url)
    host.click("#net-room")
    host.wait_for_selector("#room-link", timeout=NET_TIMEOUT_MS)
    link = host.input_value("#room-link")
    assert "#/join?r=" in link and "o=" not in link
    guest = people.page(people.context(), "#/")
    use_relay(guest, relay.url)
    guest.goto(link)
    guest.wait_for_selector("#net-answer", timeout=BOOT_TIMEOUT_MS)
    guest.fill("#net-name", "Rita")
    guest.click("#net-answer")
    guest.wait_for_selector("[data-screen=net-guest]", timeout=NET_TIMEOUT_MS)
    assert guest.locator("#answer-out").count() == 0, "no code to carry in a room"
    host.wait_for_selector("#net-peers li[data-state=connected] >> text=Rita", timeout=NET_TIMEOUT_MS)
    start(host, [guest])
    play([host, guest], [])
    assert_finished_alike(host, [guest])
    assert relay.events > 0, "signalling went through the local relay"
    assert any(json.loads(t)["t"] == "end" for t in guest.evaluate("parlourRtc.received"))
    assert saved_host(host)["record"]["moves"]


def test_a_guest_in_a_room_comes_back_when_the_host_reloads(people, relay):  # noqa: F811
    host = host_table(people)
    use_relay(host, relay.url)
    host.click("#net-room")
    link = host.input_value("#room-link")
    guest = people.page(people.context(), "#/")
    use_relay(guest, relay.url)
    guest.goto(link)
    guest.wait_for_selector("#net-answer", timeout=BOOT_TIMEOUT_MS)
    guest.click("#net-answer")
    guest.wait_for_selector("[data-screen=net-guest]", timeout=NET_TIMEOUT_MS)
    start(host, [guest])
    play([host, guest], [], decisions=4)
    host.reload()
    host.wait_for_selector("[data-screen=net-host][data-phase=playing]", timeout=BOOT_TIMEOUT_MS)
    assert host.input_value("#room-link") == link, "the reloaded host went back to its room"
    # The guest's page finds the host again by itself and its token gets the seat back.
    host.wait_for_selector("#net-peers li[data-pid=p1][data-state=connected]", timeout=NET_TIMEOUT_MS)
    assert guest.get_attribute("#main", "data-seat") == "1"
    play([host, guest], [])
    assert_finished_alike(host, [guest])
    # The reload aborted the host's data channels: trystero logs that on the guest as a console
    # error. That one is expected; any other still fails the test.
    for w in people.watches:
        w.errors[:] = [e for e in w.errors if "peer error: OperationError: User-Initiated Abort" not in e]
