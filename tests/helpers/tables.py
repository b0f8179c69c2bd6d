"""A network table on the in-memory loopback, seated and (by default) started: the set-up every
network test needs before it can test anything."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.net import GuestSession, HostSession
from parlour.net.loopback import Loopback


def sit_down(
    host: HostSession,
    players: Sequence[GuestSession] = (),
    watchers: Sequence[GuestSession] = (),
    *,
    now: int = 0,
    start: bool = True,
) -> Loopback:
    """Connect ``players`` then ``watchers`` to ``host`` (in that order, so the first player is
    ``p1``), mark every player ready and, with ``start``, draw the seed so play begins."""
    net = Loopback(host, now=now)
    for guest in (*players, *watchers):
        net.connect(guest)
    net.run()
    for guest in players:
        net.guest_out(guest, guest.set_ready())
        net.run()
    if start:
        net.host_out(host.start(net.now))
        net.run()
    return net
