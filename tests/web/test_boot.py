"""What the memory snapshot holds (decision 0085): the app, the bots' end and every game with its
board imported, every catalogue read, and nothing of the page touched while doing it."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour import games
from parlour.i18n import LANGUAGES, catalogue
from parlour.web import boards, boot


class Untouchable(types.ModuleType):
    """Pyodide's ``js``: any use of it while preparing the snapshot fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"js.{name} used while preparing the snapshot")


def test_prepare_imports_every_game_and_board_and_reads_every_catalogue_without_touching_the_page(
    monkeypatch: pytest.MonkeyPatch,
):
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", Untouchable("js"))
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "parlour.web.dom", raising=False)
    catalogue.cache_clear()
    names = boot.prepare()
    gc.unfreeze()  # prepare ends by freezing what lives (settle): not for the rest of the test run
    assert {"parlour.web.app", "parlour.web.dom", "parlour.web.bots"} <= set(names)
    for info in games.GAMES:
        assert info.package in sys.modules and boards.BOARDS[info.id] in sys.modules
    assert catalogue.cache_info().currsize == len(LANGUAGES)
    sys.modules.pop("parlour.web.dom")  # it holds the stand-in js: not for later tests


def test_after_a_restore_python_random_numbers_differ_from_the_snapshots():
    random.seed(17)
    frozen = random.random()
    random.seed(17)  # as the snapshot left it
    boot.restored()
    assert random.random() != frozen


def test_settle_leaves_what_lives_now_out_of_the_collectors_scans():
    try:
        boot.settle()
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()


def test_settle_on_the_page_freezes_without_a_full_collection_only_the_snapshots_worker_collects_all():
    """A full collection over a first start's objects was a task of 70-97 ms at load and freed
    nothing (decision 0110): the page collects the youngest generation only, the snapshot's worker
    (where nobody waits) everything, before freezing."""
    started: list[int] = []

    def heard(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(heard)
    try:
        boot.settle()
        assert started == [0] and gc.get_freeze_count() > 1000
        gc.unfreeze()
        started.clear()
        boot.settle(collect=True)
        assert started == [2]
    finally:
        gc.callbacks.remove(heard)
        gc.unfreeze()


LOADING = r"""
import json, sys, types
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
sys.modules.update({"js": types.ModuleType("js"), "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})
from parlour.web import boot
before = set(sys.modules)
parlour = lambda: sorted(m for m in sys.modules if m.startswith("parlour"))
first = parlour()
steps = [[done, parlour()] for done in boot.loading()]


class Page:
    # The page as the app's start sees it: nothing saved, the picker's address; the rest does nothing.
    html = ""
    def __getattr__(self, name):
        return lambda *args, **kwargs: None
    def storage_get(self, key):
        return None
    def languages(self):
        return ["en"]
    def location_hash(self):
        return "#/"
    def update_waiting(self):
        return False
    def render(self, html, home):
        self.html = html


from parlour.web import app
page = Page()
app.start.__globals__["App"](page).start()
picker = {"drawn": 'data-screen="picker"' in page.html, "parlour": parlour(),
          "stdlib": sorted(m for m in set(sys.modules) - before if not m.startswith("parlour"))}
later = [[name, parlour()] for name in boot.later()]
print(json.dumps({"first": first, "steps": steps, "picker": picker, "later": later}))
"""


def test_a_start_without_a_snapshot_imports_the_picker_in_steps_and_a_matchs_modules_after():
    """The page shows its words between two steps (decision 0089): the picker's modules come a few
    at a time, the share done rising to 1. The picker is drawn with none of a match's modules, nor
    the standard library's ``html``, ``urllib.parse`` or ``argparse`` (decision 0004: compiled from
    source on a first start, they were a third of the app's import time); those come after, a
    module a step, and then everything the page may need is there."""
    out = subprocess.run(
        [sys.executable, "-c", LOADING],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(boot.__file__).parents[2],
    )
    result = json.loads(out.stdout)
    steps, picker, later = result["steps"], result["picker"], result["later"]
    shares = [done for done, _ in steps]
    assert shares == sorted(shares) and shares[-1] == 1 and len(steps) == len(boot.LOADING_STEPS)
    modules = [set(names) for _, names in steps]
    assert {"parlour.web.app", "parlour.web.dom"} <= modules[-1]
    new = [
        len(after - before) for before, after in zip([set(result["first"]), *modules], modules, strict=False)
    ]
    # No step takes the bulk: the largest brings at most a third of the picker's modules.
    assert max(new) <= len(modules[-1]) / 3, new
    assert picker["drawn"] and set(picker["parlour"]) == modules[-1], "drawing the picker imports nothing"
    assert not set(boot.LATER_STEPS) & set(picker["parlour"]), picker["parlour"]
    assert not any(m.startswith("parlour.games.") for m in picker["parlour"])
    assert not {"html", "urllib.parse", "argparse"} & set(picker["stdlib"]), picker["stdlib"]
    # Then the rest, one module of LATER_STEPS a step, each bringing little, until all is there.
    assert [name for name, _ in later] == list(boot.LATER_STEPS)
    brought = [
        len(set(names) - set(before))
        for before, (_, names) in zip([picker["parlour"], *(n for _, n in later)], later, strict=False)
    ]
    assert set(boot.PAGE_MODULES) <= set(later[-1][1]) and "parlour.net" in later[-1][1]
    assert "parlour.web.rtc" not in later[-1][1], "the WebRTC bridge: never in the snapshot (0110)"
    assert max(brought) <= 3, brought  # the network package's modules too, one a step (0110)


PAGE_PYTHON = r"""
import json, sys, types
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
sys.modules.update({"js": types.ModuleType("js"), "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})
from parlour.web import boot
for _ in boot.loading():
    pass
"""
"""The page's Python as a subprocess script starts it: no ``js`` (stand-in modules), then the
start's own imports (``boot.loading``), as the page has them when the picker is up."""

OPENING = (
    PAGE_PYTHON
    + r"""
gid, how, idle, screen = sys.argv[1], sys.argv[2], sys.argv[3] == "idle", sys.argv[4]
for _ in boot.later() if idle else ():  # the page's idle steps after the picker came first
    pass
from parlour import games
from parlour.web import boards
before = list(sys.modules)
steps = []
if how == "steps":
    complete = set()
    for done in boards.opening(gid, screen):
        # What each step brought complete (a package held in sys.modules, not yet run, is not).
        new = [m for m in sys.modules if m not in before and m not in complete and m not in games.OPENING]
        complete.update(new)
        steps.append([done, new, sorted(games.OPENING)])
else:
    games.module(gid)
    boards.board(gid)
package = sys.modules[games.BY_ID[gid].package]
print(json.dumps({
    "steps": steps,
    "modules": [m for m in sys.modules if m not in before],
    "names": sorted(vars(package)),
    "bound": getattr(sys.modules["parlour.games"], package.__name__.rpartition(".")[2]) is package,
    "game": type(package.GAME).__name__,
    "half_made": sorted(games.OPENING),
}))
"""
)


def opened(game_id: str, how: str, idle: bool = True, screen: str = "setup") -> dict[str, Any]:
    """Open ``game_id`` in a new Python after the app's start, ``how``: "steps" or "import";
    ``idle``: after the page's idle steps (:func:`parlour.web.boot.later`), else right after the picker."""
    out = subprocess.run(
        [sys.executable, "-c", OPENING, game_id, how, "idle" if idle else "at once", screen],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(boot.__file__).parents[2],
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize("game_id", [info.id for info in games.GAMES])
def test_opening_a_game_in_steps_imports_one_module_a_step_and_ends_as_an_import_does(game_id: str):
    """A start without a snapshot opens a game a module a task (decision 0038): each step brings
    exactly the module it names, the share done rises to 1, and the end is the same as importing
    the game's package and board at once: the same modules, the package run and bound, its names."""
    at_once, stepped = opened(game_id, "import"), opened(game_id, "steps")
    # The table is the order an import finishes the modules in (a new module: add it there).
    assert tuple(at_once["modules"]) == boards.OPENING[game_id]
    assert [new for _, new, _ in stepped["steps"]] == [[name] for name in boards.OPENING[game_id]]
    shares = [done for done, _, _ in stepped["steps"]]
    assert shares == sorted(set(shares)) and shares[-1] == 1
    # The package's modules came before its __init__ ran: it was held in sys.modules meanwhile.
    package = games.BY_ID[game_id].package
    assert stepped["steps"][0][2] == [package] and stepped["half_made"] == []
    for key in ("modules", "names", "bound", "game"):
        assert (
            sorted(stepped[key]) == sorted(at_once[key]) if key == "modules" else stepped[key] == at_once[key]
        )
    assert stepped["bound"] is True and stepped["game"] != "NoneType"


@pytest.mark.parametrize("screen", ["setup", "rules"])
def test_a_game_opened_before_the_idle_steps_imports_the_match_modules_its_screen_needs_first(screen: str):
    """A tap on a game right after the picker is up (or during the start): the modules the picker
    left for later (decision 0004) that the screen needs come first in the game's own steps, each
    step bringing the module it names and little else, then the game's as usual; the end is that
    of an import at once. The setup leaves the rules help's lessons (and the embed's and diagram's
    modules they import) to the idle steps (decision 0110); the rules help brings them first."""
    at_once, stepped = opened("boop", "import", idle=False), opened("boop", "steps", False, screen)
    wanted = boot.MATCH_STEPS if screen == "rules" else boot.OPENED_WITH
    n = len(wanted)
    first, then = stepped["steps"][:n], stepped["steps"][n:]
    for name, (_, new, _) in zip(wanted, first, strict=True):
        assert name in new and len(new) <= 3, first  # the picker had imported none of them
    assert [new for _, new, _ in then] == [[m] for m in boards.OPENING["boop"]]
    shares = [done for done, _, _ in stepped["steps"]]
    assert shares == sorted(set(shares)) and shares[-1] == 1
    match_modules = {m for _, new, _ in first for m in new}
    assert set(stepped["modules"]) == set(at_once["modules"]) | match_modules
    assert stepped["names"] == at_once["names"] and stepped["bound"] is True
    lessons = {"parlour.web.teach", "parlour.web.embed", "parlour.web.diagram"}
    assert lessons <= match_modules if screen == "rules" else not lessons & match_modules


NET_OPENING = (
    PAGE_PYTHON
    + r"""
from parlour.web import boards
seen = set(sys.modules)
steps = []
for done in boards.opening(sys.argv[1], sys.argv[2]):
    steps.append([done, [m for m in sys.modules if m not in seen and m.startswith("parlour")]])
    seen.update(sys.modules)
from parlour.web import netplay
print(json.dumps({"steps": steps, "left": [m for m in sys.modules if m not in seen and m.startswith("parlour")]}))
"""
)


@pytest.mark.parametrize(("game_id", "screen"), [("", "join"), ("boop", "host")])
def test_a_network_screen_opened_before_the_idle_steps_imports_its_modules_a_step_each(
    game_id: str, screen: str
):
    """A guest's invite link or a host's table opened right after the picker (decision 0114): the
    network's modules come a step each (no ``netplay`` of 48 KB in one task), each step bringing the
    module it names and little else of ours (the standard library's come compiled, 0105), never the
    WebRTC bridge; then the game's; then nothing of ours is left to import for the screen."""
    out = subprocess.run(
        [sys.executable, "-c", NET_OPENING, game_id, screen],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(boot.__file__).parents[2],
    )
    result = json.loads(out.stdout)
    steps = result["steps"]
    net = [(name, new) for name, (_, new) in zip(boot.NET_OPENED_WITH, steps, strict=False)]
    assert len(net) == len(boot.NET_OPENED_WITH)
    for name, new in net:
        assert name in new and len(new) <= 3, net
    assert {"parlour.web.netplay", "parlour.net.host"} <= {m for _, new in net for m in new}
    game = [new for _, new in steps[len(net) :]]  # its package is held in sys.modules meanwhile
    assert [m for m in boards.OPENING.get(game_id, ()) if m.startswith("parlour.web.boards")] == [
        m for new in game for m in new if m.startswith("parlour.web.boards")
    ]
    assert len(game) == len(boards.OPENING.get(game_id, ()))
    assert not [m for _, new in steps for m in new if m.endswith(".rtc")]
    shares = [done for done, _ in steps]
    assert shares == sorted(set(shares)) and shares[-1] == 1
    assert result["left"] == []


@pytest.fixture
def fake_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game package ``fakegame`` whose ``__init__`` imports its two modules; ``b`` fails unless
    ``B_WORKS`` is set."""
    (tmp_path / "fakegame").mkdir()
    (tmp_path / "fakegame" / "__init__.py").write_text(
        "from fakegame.a import A\nfrom fakegame.b import B\nGAME = A + B\n"
    )
    (tmp_path / "fakegame" / "a.py").write_text("A = 1\n")
    (tmp_path / "fakegame" / "b.py").write_text(
        "import os\nif not os.environ.get('B_WORKS'):\n    raise ValueError('broken')\nB = 2\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(games, "PACKAGES", games.PACKAGES | {"fakegame"})
    monkeypatch.setitem(games.BY_ID, "fake", games.GameInfo("fake", "fakegame", 2, 2))
    yield "fakegame"
    for name in ("fakegame", "fakegame.a", "fakegame.b"):
        sys.modules.pop(name, None)
    games.OPENING.pop("fakegame", None)


def test_a_step_that_fails_leaves_no_half_made_package_behind(fake_game: str):
    games.import_step("fakegame.a")
    assert "fakegame" in games.OPENING and not hasattr(sys.modules["fakegame"], "GAME")
    with pytest.raises(ValueError, match="broken"):
        games.import_step("fakegame.b")
    assert "fakegame" not in sys.modules and "fakegame" not in games.OPENING


def test_a_game_asked_for_while_it_is_opened_in_steps_is_finished_at_once(
    fake_game: str, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("B_WORKS", "1")
    games.import_step("fakegame.a")
    assert games.load("fake") == 3  # the rest of the package imported and run there and then
    assert games.OPENING == {} and "fakegame.b" in sys.modules


def test_the_network_package_imports_its_modules_only_when_a_name_is_asked_for():
    """So a page can import them one a task (``boot.NET_STEPS``, decision 0110); every name the
    package gives is its module's own."""
    probe = (
        "import sys, parlour.net as net\n"
        "assert not [m for m in sys.modules if m.startswith('parlour.net.')], sorted(sys.modules)\n"
        "from parlour.net import HostSession, verify_seed\n"
        "from parlour.net.host import HostSession as host_session\n"
        "assert HostSession is host_session and verify_seed.__module__ == 'parlour.net.fairness'\n"
        "assert 'parlour.net.guest' not in sys.modules\n"
        "assert all(getattr(net, name) for name in net.__all__)\n"
        "try:\n    net.nothing\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError\n"
    )
    root = Path(boot.__file__).parents[2]
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
