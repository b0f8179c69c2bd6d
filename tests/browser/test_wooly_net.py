"""Wooly Bully across three browsers (WebRTC inside the test's network namespace): a host and two
guests at a three-seat table; a guest cries "Wolf!" during the host's turn, and everyone sees it.

The deal is made certain without any back door in the product: the match seed comes from every
peer's entropy (commit and reveal, ``parlour.net.fairness``), and each browser here gets a
``crypto.getRandomValues`` that fills every buffer with one byte of its own (an init script, i.e.
what a person's own browser would give). The same sessions replayed in CPython (:func:`deal`) then
say which tiles every seat holds, and the engine finds a short opening after which a guest holds a
wolf that fits during the host's turn. Every step waits a bounded time, and the test checks first
that the browsers dealt exactly what CPython predicted, so a change in seeding fails at once, saying so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from browser.conftest import BOOT_TIMEOUT_MS
from browser.test_net_manual import NET_TIMEOUT_MS, join, people, phase, received, rtc_ready, saved_host  # noqa: F401
from helpers.tables import sit_down
from parlour.engine import Match, MatchRecord
from parlour.games.wooly_bully import BOTS, GAME
from parlour.games.wooly_bully.moves import Move
from parlour.games.wooly_bully.tiles import tile
from parlour.net import GuestSession, HostSession

pytestmark = pytest.mark.webrtc

FILL = {"host": 3, "Anna": 0xA5, "Boris": 0xB7}
"""The byte each person's browser draws for every random value. With these, the deal gives a guest
a wolf it can lay during the host's second turn (checked by :func:`opening`, not assumed)."""
STEP_MS = 15_000
"""The longest wait for one move to reach every page (moves arrive in well under a second here)."""


def fixed_entropy(context: Any, byte: int) -> None:
    """Every ``crypto.getRandomValues`` in this person's pages fills its buffer with ``byte``."""
    context.add_init_script(
        "(() => { const fill = (view) => { new Uint8Array(view.buffer, view.byteOffset, view.byteLength)"
        f".fill({byte}); return view; }}; Crypto.prototype.getRandomValues = function (v) {{ return fill(v); }}; }})();"
    )


def deal() -> tuple[str, dict[str, int], Any]:
    """The same table in CPython: the seed, each guest's seat and the opening state.

    Python's ``secrets.token_hex(32)`` (the entropy of a host's table and of a guest's join) reads
    32 bytes from ``getRandomValues`` in Pyodide, so each browser's entropy is its byte, 32 times."""
    entropy = {name: bytes([b] * 32).hex() for name, b in FILL.items()}
    host = HostSession(GAME, BOTS, entropy=entropy["host"], name="Host")
    host.set_players(3)
    guests = {name: GuestSession(entropy=entropy[name], name=name, want="play") for name in ("Anna", "Boris")}
    sit_down(host, list(guests.values()))
    assert host.match is not None
    seats = {name: int(guest.seat) for name, guest in guests.items() if guest.seat is not None}
    return str(host.match.record.seed), seats, host.match.state


def opening(state: Any) -> tuple[list[tuple[int, Move]], tuple[int, Move]]:
    """Three landscape tiles (the host's, then each guest's) after which, in the host's turn, a
    guest can lay a wolf; each tile in the first rotation that fits its square (no turning needed)."""

    def lays(s: Any, seat: int) -> list[Move]:
        moves = [m for m in GAME.legal_moves(s, seat) if m.kind == "place"]
        first = {}
        for m in moves:
            first.setdefault((m.tile, m.pos), m.rot)
            first[(m.tile, m.pos)] = min(first[(m.tile, m.pos)], m.rot)
        return [m for m in moves if tile(m.tile).kind == "landscape" and first[(m.tile, m.pos)] == m.rot]

    def search(s: Any, script: list[tuple[int, Move]]) -> Any:
        turn = s.turns[0].seat
        if len(script) == 3:
            if turn != 0:
                return None
            for seat in (1, 2):
                for m in GAME.legal_moves(s, seat):
                    if m.kind == "place" and tile(m.tile).kind == "wolf":
                        return script, (seat, m)
            return None
        for m in lays(s, turn):
            found = search(GAME.apply(s, turn, m)[0], [*script, (turn, m)])
            if found:
                return found
        return None

    found = search(state, [])
    assert found, f"no opening gives a guest a wolf in the host's turn with {FILL}: pick other bytes"
    return found


def lay(page: Any, move: Move) -> None:
    """Choose the tile, its square (its first fitting rotation is shown), confirm."""
    x, y = move.pos
    page.click(f"#wb-hand-{move.tile}", timeout=STEP_MS)
    square = page.locator(f'[id="wb-sq-{x}_{y}"]')
    if square.get_attribute("aria-pressed", timeout=STEP_MS) != "true":  # one square only: chosen already
        square.click(timeout=STEP_MS)
    page.click("#wb-confirm", timeout=STEP_MS)


def laid(pages: list[Any], count: int) -> None:
    for page in pages:
        page.wait_for_function(
            f"document.querySelectorAll('.wb-field g[data-pos]').length === {count}", timeout=STEP_MS
        )


def public(page: Any) -> tuple[str, list[str], str, int]:
    """What every seat sees alike: whose turn, each laid square, the bag, the wolves on the field."""
    squares = page.eval_on_selector_all(
        ".wb-field g[data-pos]", "gs => gs.map(g => g.dataset.pos + ' ' + g.getAttribute('aria-label'))"
    )
    return (
        str(page.get_attribute(".wb-board", "data-turn")),
        sorted(squares),
        page.inner_text("#wb-bag"),
        page.locator(".wb-field .figure.wolf").count(),
    )


def hand(page: Any) -> list[int]:
    keys = page.eval_on_selector_all(".wb-hand .hand-tile", "bs => bs.map(b => b.dataset.arg)")
    return [int(k) for k in keys if k != "reveal"]


def test_three_browsers_and_a_guest_wolf_during_the_hosts_turn(people):  # noqa: F811
    seed, seats, start_state = deal()
    script, (wolf_seat, wolf) = opening(start_state)
    contexts = {name: people.context() for name in FILL}
    for name, context in contexts.items():
        fixed_entropy(context, FILL[name])
    host = people.page(contexts["host"], "#/wooly-bully/host")
    host.wait_for_selector("[data-screen=net-host]", timeout=BOOT_TIMEOUT_MS)
    host.select_option("#net-players", "3")
    guests = {name: join(people, host, name, context=contexts[name]) for name in ("Anna", "Boris")}
    for guest in guests.values():
        guest.wait_for_selector("#net-ready", timeout=NET_TIMEOUT_MS)
        guest.click("#net-ready")
    host.wait_for_selector("#net-start:not([disabled])", timeout=NET_TIMEOUT_MS)
    host.click("#net-start")
    pages = [host, *guests.values()]
    for page in pages:
        page.wait_for_selector("[data-phase=playing] .wb-board", timeout=NET_TIMEOUT_MS)
    by_seat = {0: host} | {seats[name]: page for name, page in guests.items()}
    for name, page in guests.items():
        assert page.get_attribute("#main", "data-seat") == str(seats[name])

    # The browsers dealt what CPython predicted (else the fixed entropy no longer fixes the deal).
    assert saved_host(host)["record"]["seed"] == seed, "the browsers' seed is not the one CPython derived"
    for seat, page in by_seat.items():
        assert hand(page) == list(start_state.hands[seat]), f"seat {seat}'s hand"

    # The opening: the host, then each guest, lays a tile; the host's turn comes round again.
    for ply, (seat, move) in enumerate(script, start=1):
        assert public(by_seat[seat])[0] == str(seat)
        lay(by_seat[seat], move)
        laid(pages, 1 + ply)
    assert public(host)[0] == "0"
    wolves_before = public(host)[3]

    # During the host's turn, the guest lays its wolf; everyone sees it, and the host's turn goes on.
    guest = by_seat[wolf_seat]
    assert guest.locator(f"#wb-hand-{wolf.tile}.usable").count() == 1, "the wolf is offered out of turn"
    lay(guest, wolf)
    for page in pages:
        page.wait_for_function(
            f"document.querySelectorAll('.wb-field .figure.wolf').length === {wolves_before + 1}",
            timeout=STEP_MS,
        )
    views = [public(page) for page in pages]
    assert views[0] == views[1] == views[2], "every screen shows the same table"
    assert views[0][0] == "0", "the host's turn goes on after the wolf"
    record = MatchRecord.from_json(saved_host(host)["record"])
    match = Match.replay(GAME, record)
    assert [m[0] for m in record.to_json()["moves"]] == [0, 1, 2, wolf_seat]
    assert GAME.decode_move(record.to_json()["moves"][-1][1]) == wolf
    for seat, page in by_seat.items():  # the wolf drew tiles (WB-10): each hand is the engine's
        assert hand(page) == list(match.state.hands[seat]), f"seat {seat}'s hand after the wolf"

    # Views leak nothing: every view a guest received is exactly the engine's view for its seat.
    for name, page in guests.items():
        shown = [m for m in received(page) if m["t"] in ("view", "update")]
        assert shown, f"{name} received views"
        for message in shown:
            expected = GAME.view(match.state_at(message["ply"]), seats[name])
            assert message["view"] == json.loads(json.dumps(expected)), (
                f"{name}'s view at ply {message['ply']}"
            )
            assert all(h is None for s, h in enumerate(message["view"]["hands"]) if s != seats[name])
    for seat, page in by_seat.items():  # nobody revealed: only one's own colour is on one's screen
        unknown = page.locator(".wb-seats li .chip.unknown").count()
        assert unknown == 3, f"seat {seat} sees no colour in the table panel"
        colour = ("black", "yellow", "red", "blue")[start_state.colours[seat]]
        assert colour in (page.get_attribute(".wb-own .mine", "class") or "").split()

    # Everyone leaves (the guests first, then the host): the game is over on every page.
    for gone, seat in enumerate((wolf_seat, 3 - wolf_seat, 0), start=1):
        page = by_seat[seat]
        page.click("#wb-leave", timeout=STEP_MS)
        page.click("#wb-leave-yes", timeout=STEP_MS)
        if gone < 3:
            host.wait_for_function(
                f"document.querySelectorAll('.wb-seats li.gone').length === {gone}", timeout=STEP_MS
            )
    for page in pages:
        page.wait_for_function("document.querySelector('#main')?.dataset.phase === 'over'", timeout=STEP_MS)
        assert phase(page) == "over"
