"""No module compiled while a person can act is large (issue #17, decision 0113).

A start without the memory snapshot (a first visit) compiles Parlour's modules from source on the
page, a module an import step and a step a task at least (the idle steps after the picker, a game's
opening, the first network screen); our own bytecode does not fit the site's budget (0111). A
module's compile is then one task, about 1.3-1.8 ms per KB of shipped source on a quiet machine and
two or three times that at load: a module of more than :data:`LIMIT` is a task a person can feel.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import build
import pytest

from parlour.web import boot
from web.test_boot import PAGE_PYTHON

LIMIT = 14 * 1024
"""Shipped (stripped) source per module, in bytes: 14 KB compiles in about 20-25 ms on a quiet
machine, so that a step stays under 50 ms at a moderate load (decision 0113)."""

NOT_SPLIT_YET: set[str] = set()  # netplay, net.host and embed split too (decision 0114)
"""Modules over :data:`LIMIT` not split yet: each is a long task of a first start. Take a module off
this list when it is split; the test fails for one listed that fits (the list stays true)."""

IMPORTED = (
    PAGE_PYTHON
    + r"""
picker = set(sys.modules)
for _ in boot.later():
    pass
from parlour import games
from parlour.web import boards
for info in games.GAMES:
    for _ in boards.opening(info.id) if boards.playable(info.id) else ():
        pass
import parlour.web.netplay  # the first network screen's
print(json.dumps(sorted(m for m in sys.modules if m.startswith("parlour") and m not in picker)))
"""
)


def imported_while_a_person_can_act() -> list[str]:
    """Parlour's modules a start imports after the picker is up: the idle steps, every game's
    opening, the first network screen (in a new Python, as the page's start does)."""
    out = subprocess.run(
        [sys.executable, "-c", IMPORTED],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(boot.__file__).parents[2],
    )
    names: list[str] = json.loads(out.stdout)
    return names


def shipped_size(module: str) -> int:
    """The module's source as the build ships it (comments, docstrings, annotations stripped)."""
    root = Path(boot.__file__).parents[2]
    base = root.joinpath(*module.split("."))
    path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
    return len(build.shipped_python(path.read_text(encoding="utf-8")).encode())


@pytest.fixture(scope="module")
def sizes() -> dict[str, int]:
    return {name: shipped_size(name) for name in imported_while_a_person_can_act()}


def test_every_module_imported_while_a_person_can_act_compiles_in_a_short_task(sizes: dict[str, int]):
    """Every game's opening and the idle steps bring these; a module over the limit that is not on
    the list of those not split yet fails here (split it along its seams, decision 0113)."""
    assert {"parlour.web.play", "parlour.web.boards.boo", "parlour.games.boo.rules"} <= set(sizes)
    large = {name: size for name, size in sizes.items() if size > LIMIT}
    assert set(large) <= NOT_SPLIT_YET, sorted(set(large) - NOT_SPLIT_YET)


def test_the_list_of_modules_not_split_yet_names_only_large_modules_still_imported(sizes: dict[str, int]):
    """A module split (or no longer imported then) comes off the list: it keeps the list true."""
    small = {name: sizes.get(name) for name in NOT_SPLIT_YET if sizes.get(name, 0) <= LIMIT}
    assert not small, small
