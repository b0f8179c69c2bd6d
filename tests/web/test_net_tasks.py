"""A guest's check of a finished match replays the whole game (decisions 0055-0059): on a page it runs
in slices, each a task of its own, so that the check holds no task over 50 ms (issue #17, decision
0067). The verdict shown is the whole check's, for an honest match and for a tampered record."""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from typing import Any

import pytest
from tests.web.test_net_regions import page, random_ply, table

from helpers.tables import sit_down
from parlour import games
from parlour.engine import Ply
from parlour.net import GuestSession, HostSession
from parlour.web import netlobby, netmatch

BOARD = "parlour.web.boards.boop"


def finished_boop() -> tuple[Any, Any, Any, Any]:
    """A boop. table played to its end; the guest's page (Anna's), not yet drawn at the end."""
    net, (anna,), _host_app, _host_dom, guest_app, guest_dom = table("boop", 2)
    host, pick = net.host, random.Random(3)
    while host.match.outcome() is None:
        random_ply(net, anna, pick)
    assert anna.phase == "over" and anna.record is not None
    return anna, guest_app, guest_dom, host.game


def tamper_seed(record: Any) -> Any:
    return dataclasses.replace(record, seed="chosen by the host")


def tamper_move(record: Any) -> Any:
    """The record with a move other than the one played (each peer's views no longer match it)."""
    first = record.plies[0]
    other = "k@a1" if first.move != "k@a1" else "k@b2"
    return dataclasses.replace(record, plies=(Ply(first.player, other, first.t), *record.plies[1:]))


@pytest.mark.parametrize("tamper", [None, tamper_seed, tamper_move])
def test_the_guests_check_runs_in_slices_and_finds_what_the_whole_check_finds(monkeypatch, tamper):
    anna, app, dom, game = finished_boop()
    if tamper is not None:
        anna.record = tamper(anna.record)
    whole = anna.verify(game)
    assert (whole == []) == (tamper is None)
    tasks: list[Any] = []
    dom.soon = tasks.append
    monkeypatch.setattr(netmatch, "CHECK_SLICE_MS", 0)  # one ply or one view a task
    app.render()
    slices = 0
    while app.net._verified[1] is None:
        assert tasks, "the check stopped before its end"
        assert "Checking the game" in dom.html  # said while it runs, then the verdict
        tasks.pop(0)()
        slices += 1
    while tasks:  # the verdict's drawing
        tasks.pop(0)()
    assert app.net._verified[1] == whole
    assert dom.html == app.shown and netlobby.verification(app.t, whole) in dom.html
    # It yielded between plies: a slice a ply replayed or a view compared (a failed replay ends it).
    assert slices > (1 if tamper is tamper_move else len(anna.record.plies))
    # Checked once: drawing the screen again starts nothing.
    app.render()
    assert not tasks


def test_without_tasks_the_check_runs_at_once():
    _anna, app, dom, _game = finished_boop()
    app.render()
    assert 'id="net-verify" data-ok' in dom.html and "Checked:" in dom.html


def test_a_guests_page_imports_the_board_in_a_task_of_its_own_while_in_the_lobby(monkeypatch):
    """Its first match screen does not import the board (100-170 ms in Pyodide, one task)."""
    game = games.load("boop")
    host = HostSession(game, games.module("boop").BOTS, entropy="ahead", name="Hanna", players=2)
    net = sit_down(host, [GuestSession(entropy="a", name="Anna")], start=False)
    (received,) = net.inbox.values()
    monkeypatch.delitem(sys.modules, BOARD)
    app, dom = page(f"#/join?o=x&s={host.sid}", guest=GuestSession(entropy="a", name="Anna"), role="guest")
    app.net.conn = "c"
    for text in received:
        app.net.on_rtc("message", "c", text)
    assert 'data-screen="net-guest"' in dom.html and BOARD not in sys.modules
    assert len(dom.timers) == 1  # once, however many messages came
    dom.run_timers()
    assert BOARD in sys.modules


def first_use_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wooly Bully's and Ghosts Galore's tile tables not read yet, as in a page that never used them."""
    from parlour.games.ghosts_galore import tiles as ghosts_tiles
    from parlour.games.wooly_bully import tiles as wooly_tiles
    from parlour.web import boards

    monkeypatch.setattr(boards, "WARMED", set())
    wooly_tiles.all_tiles.cache_clear()
    ghosts_tiles.tile_set.cache_clear()


@pytest.mark.parametrize(
    ("game_id", "tables"),
    [
        ("wooly-bully", "parlour.games.wooly_bully.tiles:all_tiles"),
        ("ghosts-galore", "parlour.games.ghosts_galore.tiles:tile_set"),
    ],
)
def test_a_game_reads_its_tables_in_a_task_of_its_own_before_its_first_match(monkeypatch, game_id, tables):
    """A game's first-use work (its tiles read from their table, tens of ms in Pyodide) is done in a
    task of its own once the game is loaded: on the host's page before its lobby's Start, on a
    guest's while in the lobby; never in the start's task, the first screen's, or a first check."""
    module, _, name = tables.partition(":")
    read = getattr(importlib.import_module(module), name)
    game = games.load(game_id)
    host = HostSession(game, games.module(game_id).BOTS, entropy="ahead", name="Hanna", players=2)
    app, dom = page(f"#/{game_id}/host?s={host.sid}")
    first_use_undone(monkeypatch)
    app.go(f"#/{game_id}/host?s={host.sid}")  # the host's page opens its lobby
    assert read.cache_info().currsize == 0 and dom.timers  # not in the task that opens the page
    dom.run_timers()
    assert read.cache_info().currsize == 1
    first_use_undone(monkeypatch)
    net = sit_down(host, [GuestSession(entropy="a", name="Anna")], start=False)
    (received,) = net.inbox.values()
    app, dom = page(f"#/join?o=x&s={host.sid}", guest=GuestSession(entropy="a", name="Anna"), role="guest")
    app.net.conn = "c"
    for text in received:
        app.net.on_rtc("message", "c", text)
    assert 'data-screen="net-guest"' in dom.html and read.cache_info().currsize == 0
    dom.run_timers()
    assert read.cache_info().currsize == 1, "read in the lobby, a task of its own"
