"""What Python does before the app's first screen, split so a memory snapshot can hold it.

A worker (``assets/snapshot-worker.mjs``) starts Pyodide, runs :func:`prepare` and saves Pyodide's
memory; the next start of the page restores that memory instead of starting Python and importing
Parlour again, then runs :func:`restored` (decision 0085). :func:`prepare` touches nothing of the
page (no ``js`` call is made, only the modules are imported), so what it leaves in memory is the
same whichever page or worker restores it.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Iterator

LOADING_STEPS = (
    "parlour.engine",
    "parlour.games",
    "parlour.web.screens",
    "parlour.web.saves",
    "parlour.web.app",
    "parlour.web.dom",
)
"""What the interactive picker needs (the app and the page's bridge), imported before it is up in
steps of a few modules (each imports what the step before left), so that a start without a snapshot
is a task per step (decision 0089)."""

MATCH_STEPS = (
    "parlour.web.session",
    "parlour.web.context",
    "parlour.web.match_log",
    "parlour.web.play",
    "parlour.web.diagram",
    "parlour.web.fit",
    "parlour.web.embedlink",
    "parlour.web.embedview",
    "parlour.web.embed",
    "parlour.web.teach",
    "parlour.web.teach_draw",
    "parlour.web.bots",
)
"""What a game's screens need beyond the picker's modules: a match, its screen, embeds, the rules
help's lessons, the bots' driver. Not imported before the picker is interactive (decision 0004).
The match screen is three modules (its context, its log, the screen), each a step (decision 0113)."""

OPENED_WITH = (
    "parlour.web.session",
    "parlour.web.context",
    "parlour.web.match_log",
    "parlour.web.play",
    "parlour.web.fit",
    "parlour.web.bots",
)
"""Of :data:`MATCH_STEPS`, what a game's screens other than its rules help need (a match, its screen,
the fitting Boo!'s board imports, the bots' driver): a game opened before the idle steps imports
these first (:func:`parlour.web.boards.opening`). The rules help's lessons (``teach``, with the
embed's and the diagram's modules it imports: 0.3-0.6 s of a cold opening at load 6, decision 0110)
come in the idle steps, or first when the rules help itself is opened."""

NET_STEPS = tuple(
    f"parlour.net.{name}"
    for name in ("wire", "fairness", "lobby", "guest", "hostbots", "hosttable", "hostguests", "host")
)
"""The network package's modules, each after those it imports (the package imports none of them
itself: one task of all six was 0.2-0.3 s of a first start, decision 0110)."""

NETPLAY_STEPS = tuple(
    f"parlour.web.{name}" for name in ("qr", "netview", "netlobby", "netmatch", "netlink", "netplay")
)
"""The network screens' modules, each after those it imports (``netplay``, 48 KB, was one task of
the first network screen: decision 0114). Not ``rtc``, the WebRTC bridge: imported only by a page
that opens a network screen, never in the memory snapshot's worker (decision 0110)."""

NET_OPENED_WITH = (*OPENED_WITH, *NET_STEPS, *NETPLAY_STEPS)
"""What a network screen (a hosted table, a guest's page) needs beyond the picker's modules: one
opened before the idle steps brought them imports these a step a task, its loading words between
(:func:`parlour.web.boards.opening`, decision 0114)."""

LATER_STEPS = (*MATCH_STEPS, *NET_STEPS, *NETPLAY_STEPS)
"""Imported a module a task once the picker is interactive, while the page is idle (:func:`later`):
a game opened after that finds them in; one opened before imports what is missing in its own steps
(:func:`parlour.web.boards.opening`). The network's modules last: only a network table needs them."""

PAGE_MODULES = ("parlour.web.app", "parlour.web.dom", *LATER_STEPS)
"""Everything the page may need (the app, its bridge, a match's modules, the network package): what
the memory snapshot holds, so that a restored start compiles none of it."""


def loading() -> Iterator[float]:
    """Import the picker's modules a step at a time, yielding the share done after each: the page
    lets its loading words paint between two steps. The app compiles from source on a first start,
    which in one task would hold the words still."""
    for done, name in enumerate(LOADING_STEPS, 1):
        importlib.import_module(name)
        yield done / len(LOADING_STEPS)


def later() -> Iterator[str]:
    """Import what the picker left for later (:data:`LATER_STEPS`) a module a step, yielding each
    one's name; the page runs a step a task while it is idle, then :func:`settle`."""
    for name in LATER_STEPS:
        if name not in sys.modules:
            importlib.import_module(name)
            yield name


def prepare(with_games: bool = True) -> list[str]:
    """Import the app, read every catalogue and (``with_games``) import each game's rules and board,
    so none of it is compiled again after a restore. Returns the modules imported, in order."""
    # Imported here, not above: importing this module is the first step of a start (loading).
    from parlour import games
    from parlour.i18n import LANGUAGES, catalogue
    from parlour.web import boards

    names = list(PAGE_MODULES)
    if with_games:
        for info in games.GAMES:
            names.append(info.package)
            board = boards.BOARDS.get(info.id)
            if board is not None:
                names.append(board)
    for name in names:
        importlib.import_module(name)
    for lang in LANGUAGES:
        catalogue(lang)
    settle(collect=True)
    return names


def settle(collect: bool = False) -> None:
    """Move everything alive now (modules, catalogues, the first screen's app) out of the cyclic
    garbage collector's sight: a full collection in Pyodide scanned them all, 14-39 ms for 33,000
    objects, and one falling inside a click's redraw made a long task. Called once the app is up and
    before the snapshot is saved; what a match makes later is collected as usual.

    Only the snapshot's worker (``collect``) collects before it freezes, where nobody waits: on the
    page, that full collection was a task of its own of 70-97 ms at load 7-9 and found no garbage to
    free (a first start's modules, catalogues and picker make no cycles that die: decision 0110), so
    freezing alone leaves the same objects frozen. The youngest generation is collected first (under
    a ms): whatever the picker's drawing left is not kept for ever."""
    gc.collect(2 if collect else 0)
    gc.freeze()


def restored() -> None:
    """After a restore: the snapshot froze the state of Python's ``random`` generator; reseed it from
    the system (match seeds do not come from it, but nothing restored may repeat another start's)."""
    random = sys.modules.get("random")
    if random is not None:
        random.seed()
