"""An in-memory network for tests and docs: one host, guests on numbered connections, a clock.

Messages wait in one queue and are delivered in order by :meth:`Loopback.run`; every text a
guest received is kept in :attr:`Loopback.inbox`, so a test can check all of it. Connections can
be dropped and reopened, and raw text can be injected as if a peer had sent it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from parlour.net.guest import GuestSession
from parlour.net.host import HostSession
from parlour.net.wire import HOST, Outgoing


@dataclass
class Loopback:
    """Wires a :class:`HostSession` to :class:`GuestSession` objects through a message queue."""

    host: HostSession
    now: int = 0
    guests: dict[str, GuestSession] = field(default_factory=dict)
    """Open connections: connection id → guest."""
    inbox: dict[str, list[str]] = field(default_factory=dict)
    """Every text delivered to each guest (by its first connection id), in order."""
    queue: deque[tuple[str, str, str]] = field(default_factory=deque)
    """(from, to, text) waiting to be delivered."""
    delivered: int = 0
    _names: dict[int, str] = field(default_factory=dict)
    _next: int = 0

    def connect(self, guest: GuestSession) -> str:
        """Open a new connection for ``guest`` and send its hello; returns the connection id."""
        self._next += 1
        conn = f"c{self._next}"
        self.guests[conn] = guest
        self._names.setdefault(id(guest), conn)
        self.inbox.setdefault(self._names[id(guest)], [])
        self._post(conn, guest.hello(self.now))
        return conn

    def disconnect(self, conn: str) -> None:
        """The connection breaks: messages in flight on it are lost, both ends are told."""
        guest = self.guests.pop(conn)
        self.queue = deque(m for m in self.queue if conn not in (m[0], m[1]))
        guest.disconnected(self.now)
        self.host_out(self.host.disconnected(conn, self.now))

    def inject(self, conn: str, text: str) -> None:
        """Deliver ``text`` to the host as if it came on ``conn`` (which need not exist)."""
        self.host_out(self.host.receive(conn, text, self.now))

    def host_out(self, out: list[Outgoing]) -> None:
        """Queue what the host returned."""
        for to, text in out:
            self.queue.append((HOST, to, text))

    def guest_out(self, guest: GuestSession, out: list[Outgoing]) -> None:
        """Queue what a guest returned (on its current connection)."""
        conn = next(c for c, g in self.guests.items() if g is guest)
        self._post(conn, out)

    def advance(self, ms: int) -> None:
        """Let time pass and give the host its tick."""
        self.now += ms
        self.host_out(self.host.tick(self.now))

    def run(self, limit: int = 100_000) -> int:
        """Deliver until nothing is in flight; returns how many messages were delivered."""
        count = 0
        while self.queue:
            count += 1
            if count > limit:
                raise RuntimeError("the loopback network did not settle")
            frm, to, text = self.queue.popleft()
            if to == HOST:
                self.host_out(self.host.receive(frm, text, self.now))
            elif to in self.guests:
                guest = self.guests[to]
                self.inbox[self._names[id(guest)]].append(text)
                self._post(to, guest.receive(text, self.now))
        self.delivered += count
        return count

    def play_bots(self, limit: int = 10_000, wait: bool = True) -> None:
        """Let the host's AI seats move until none has anything to do, delivering after each move.
        With ``wait``, time runs on to each real-time bot's planned moment."""
        for _ in range(limit):
            if not self.host.bots_to_move(self.now):
                due = self.host.next_bot_at(self.now) if wait else None
                if due is None or due <= self.now:
                    return
                self.advance(due - self.now)
                self.run()
                continue
            self.host_out(self.host.run_bots(self.now))
            self.run()

    def _post(self, conn: str, out: list[Outgoing]) -> None:
        for _to, text in out:
            self.queue.append((conn, HOST, text))
