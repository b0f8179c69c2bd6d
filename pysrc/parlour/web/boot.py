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

PAGE_MODULES = ("parlour.web.app", "parlour.web.dom", "parlour.web.bots")
"""The app (and everything it imports), the page's bridge and the bots' worker end."""

LOADING_STEPS = (
    "parlour.engine",
    "parlour.games",
    "parlour.web.diagram",
    "parlour.web.screens",
    "parlour.web.session",
    "parlour.web.play",
    "parlour.web.embed",
    "parlour.web.teach",
    "parlour.net",
    "parlour.web.bots",
    "parlour.web.app",
    "parlour.web.dom",
)
""":data:`PAGE_MODULES` and what they import, in steps of about a tenth of the whole (each imports
what the step before left), so that a start without a snapshot is a task per step (decision 0089)."""


def loading() -> Iterator[float]:
    """Import the page's modules a step at a time, yielding the share done after each: the page
    lets its loading words paint between two steps. The app compiles from source on a first start
    (about 0.7-2 s in all), which in one task would hold the words still."""
    for done, name in enumerate(LOADING_STEPS, 1):
        importlib.import_module(name)
        yield done / len(LOADING_STEPS)


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
    settle()
    return names


def settle() -> None:
    """Move everything alive now (modules, catalogues, the first screen's app) out of the cyclic
    garbage collector's sight: a full collection in Pyodide scanned them all, 14-39 ms for 33,000
    objects, and one falling inside a click's redraw made a long task. Called once the app is up and
    before the snapshot is saved; what a match makes later is collected as usual."""
    gc.collect()
    gc.freeze()


def restored() -> None:
    """After a restore: the snapshot froze the state of Python's ``random`` generator; reseed it from
    the system (match seeds do not come from it, but nothing restored may repeat another start's)."""
    random = sys.modules.get("random")
    if random is not None:
        random.seed()
