"""boop.'s legal marks are one class or state on the bed's grid (issue #17, decision 0094): a person's
turn starting or ending changes the grid's attributes, not the six rows of cells, and what a player
sees and a screen reader hears of each cell is what it was with the marks drawn cell by cell."""

from __future__ import annotations

import functools
import re

from tests.web.test_task_split import boop_against_a_bot

from parlour import games
from parlour.i18n import translate
from parlour.web import context
from parlour.web.boards import boop as board
from parlour.web.redraw import Change, changes, split_regions
from parlour.web.session import HUMAN, LocalSession, Seat

GAME = games.load("boop")
CELLS = [f"{f}{r}" for f in board.FILES for r in range(1, board.SIZE + 1)]


def the_bed(board_markup: str) -> str:
    """The bed's region (``boop-bed``) of the board's markup, marked as a region."""
    split = split_regions(board_markup)
    assert split is not None
    return f"<!--r:boop-bed-->{split[1]['boop-bed']}<!--/r:boop-bed-->"


def grid_of(bed: str) -> str:
    found = re.search(r"<!--r:boop-grid-->.*<!--/r:boop-grid-->", bed, re.S)
    assert found is not None
    return found[0]


def heard(bed: str) -> dict[str, tuple[str, bool, bool]]:
    """Each cell as a player meets it: its name, whether it is disabled (its own ``aria-disabled``, or
    the grid's: ARIA 1.2 disables an element's focusable descendants with it), and whether its dot
    shows (the stylesheet hides the dots under a disabled grid)."""
    grid = re.search(r'<g role="grid"[^>]*>', bed)
    assert grid is not None
    grid_off = 'aria-disabled="true"' in grid[0]
    out = {}
    for head, cell, body in re.findall(r'(<g class="cell[^"]*" id="cell-(\w+)"[^>]*>)(.*?)</g>', bed):
        label = re.search(r'aria-label="([^"]*)"', head)
        assert label is not None
        disabled = grid_off or 'aria-disabled="true"' in head
        out[cell] = (label[1], disabled, 'class="dot"' in body and not grid_off)
    assert len(out) == 36
    return out


def test_a_turn_starting_or_ending_changes_the_grids_attributes_alone_and_each_cell_reads_the_same():
    """The same position drawn on the person's placing turn and off it (a moment of the log, a
    spectator, the bot's turn): the page's change is one attribute change on the grid; a cell is
    disabled, and its dot hidden, unless the person may place a piece on it now."""
    session = LocalSession.new(GAME, [Seat(HUMAN), Seat(HUMAN)], games.module("boop").BOTS, None, "11")
    checked = 0
    for ply in range(80):
        state = session.state
        info = GAME.info(state)
        for lang in ("en", "ru"):
            t = functools.partial(translate, lang)
            for flip in (False, True):
                ui = {"flip": flip, "cursor": "c3"}
                live = context.BoardContext(session, t, state, 0, ui=dict(ui), animate=False)
                still = context.BoardContext(session, t, state, 0, ui=dict(ui), animate=False, replay=ply)
                assert live.interactive and not still.interactive
                on, off = the_bed(board.render(live)), the_bed(board.render(still))
                placing = info["phase"] == "place"
                legal = (
                    set(GAME.placement_cells(state, board.selected_kind(live, info))) if placing else set()
                )
                for cells, is_live in ((heard(on), True), (heard(off), False)):
                    for cell, (label, disabled, dot) in cells.items():
                        may = is_live and cell in legal
                        assert (disabled, dot) == (not may, may), (cell, is_live, info["phase"])
                        piece = info["pieces"].get(cell)
                        said = t(f"boop.a11y.{piece['colour']}.{piece['piece']}", cell=cell) if piece else ""
                        assert label.startswith(said or t("boop.a11y.empty", cell=cell))
                assert [v[0] for v in heard(on).values()] == [v[0] for v in heard(off).values()]
                if placing:
                    for a, b in ((off, on), (on, off)):
                        found = changes(a, b)
                        assert found is not None and len(found) == 1, found
                        change = found[0]
                        assert (change.kind, change.target) == ("attrs", "boop-grid")
                        assert dict(change.attrs).get("class") == ("legal" if b is on else None)
                        assert dict(change.attrs).get("aria-disabled") == (None if b is on else "true")
                    checked += 1
                elif info["phase"] == "ghost":  # a decision after placing, by its own buttons
                    assert grid_of(on) == grid_of(off)
        person = session.human_to_act()
        if person is None:
            break
        moves = GAME.legal_moves(state, person)
        session.play(person, moves[(ply * 7) % len(moves)])
    assert ply > 40 and checked > 100


def marks_aside(row: str) -> str:
    """A row of cells without its legal marks: the cells' ``open``/``legal`` classes, their
    ``aria-disabled`` and their dots (what a turn starting or ending may change)."""
    row = re.sub(r' aria-disabled="\w+"', "", row)
    row = re.sub(r"<circle [^>]*class=\"dot\"/>", "", row)
    return re.sub(r'class="cell( (?:open|legal))?', 'class="cell', row)


def test_a_game_against_the_bot_redraws_a_row_of_the_bed_only_when_a_cell_in_it_changed():
    """A whole game on the match screen, the bot's moves drawn in their own task (decision 0066): no
    redraw replaces a row whose cells show what they showed (the same piece, name, line, focus
    stop) — the marks of a turn starting or ending are the grid's attributes."""
    dom, app, session = boop_against_a_bot()

    def rows_of(html: str) -> dict[str, str]:
        return dict(re.findall(r"<!--r:(boop-row-\d)-->(.*?)<!--/r:boop-row-\d-->", html, re.S))

    shown_rows = rows_of(dom.html)
    turns, grid_changes = 0, 0
    for step in range(400):
        if session.outcome() is not None:
            break
        if session.ai_to_act() is None:
            dom.click("bench-move", str(step))
        elif dom.timers:
            dom.timers.pop(0)()
        while dom.tasks:
            dom.run_task()
        assert dom.html == app.shown
        for redraw in dom.changed:
            replaced: list[Change] = [
                c for c in redraw if c.kind == "replace" and c.target.startswith("boop-row-")
            ]
            for change in replaced:
                assert marks_aside(change.markup) != marks_aside(shown_rows[change.target]), change.target
                shown_rows[change.target] = change.markup
            grid_changes += any(c.kind == "attrs" and c.target == "boop-grid" for c in redraw)
        dom.changed.clear()
        shown_rows = rows_of(dom.html)
        turns += 1
    assert session.outcome() is not None and turns > 10 and grid_changes > 5
