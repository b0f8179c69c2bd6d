"""The rules help's lessons made as it opens, and put on the page as they near the view
(decisions 0039, 0100, 0106, 0109).

A help opens with its lessons still (:mod:`parlour.web.teach`): each one's layout, the size it
will take, without its large drawing, made a few a task before the help's screen is
(:func:`make_lessons`). When the page says lessons near the view (``near``), the
first is drawn whole in tasks of its own, then the next: its moves played (:func:`near`), its
markup made and its kept layers parsed off the page (:func:`draw_lesson`), then its region alone
put on the page (:class:`Putting`); a lesson of more than :data:`PIECE_CHARS` of markup goes on in
pieces, a frame each (:func:`parlour.web.redraw.in_pieces`). None of it makes the help's screen
again or compares it with the page (the screen is up to 260 KB).

The app (:class:`parlour.web.app.App`) keeps what the page shows (``shown``, ``dirty``) and
whether a drawing of its own is pending (``draw_pending``): a lesson gives way to it, the whole
screen then drawn with that lesson whole in it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from parlour.web import boards, markup, redraw, spent, teach

if TYPE_CHECKING:
    from parlour.web.app import App

SLICE_MS = 10.0
"""Opening a help, its lessons are made a few a task, each task stopping once it has taken this
long (ms): Wooly Bully's 17 still lessons were 48 ms of Python in the task that opened the help,
which with the screen's markup made it a task of 65-88 ms (issue #17)."""
PIECE_CHARS = 24_000
"""A rules help's lesson with more markup than this is put on the page in pieces of about this
size, a frame each (decision 0106): a 70-tile field (94 KB, 1,450 elements) was one task of the
browser's parsing and another of its laying out, each over 50 ms on this machine at load 7."""


def make_lessons(app: App) -> bool:
    """Make the help's lessons (``app.route``'s game, in the app's language) a few a task, each
    with its still markup, the page showing the screen before meanwhile (input held, as for any
    drawing pending: ``app.draw_pending``); once all are made, the help's screen is made from them
    in a task of its own. Whether it began: nothing to make (made already for this game and
    language), or a page that draws its lessons whole (no ``observe_near``), and the screen makes
    them as it is made."""
    wanted = (app.route.game, app.settings.lang)
    if app.lessons_of == wanted or getattr(app.dom, "observe_near", None) is None:
        return False
    board = boards.board(app.route.game)
    motion = app.settings.animate(app.dom.reduced_motion())
    rows = teach.making(board, app.route.game, app.settings.lang, motion, still=True)
    made: dict[str, teach.Live] = {}
    count = len(getattr(board, "LESSONS", ()))

    def step() -> None:
        if (app.route.screen, app.route.game) != ("rules", wanted[0]) or app.lessons_of == wanted:
            app.making = False  # elsewhere meanwhile: whatever is current is drawn
            app.dom.soon(app.flush)
            return
        began = time.perf_counter()
        try:
            with spent.part("lessons"):
                for lid, live in rows:
                    live.markup()  # its still markup, kept: the screen puts it as it is
                    made[lid] = live
                    if len(made) < count and (time.perf_counter() - began) * 1000 > SLICE_MS:
                        app.dom.soon(step)
                        return
        except Exception:
            # The screen makes them all (what failed raises there, and the screen says the game
            # could not be opened, as for any error making a game's first screen).
            app.making = False
            app.flush()
            return
        app.lessons, app.lessons_of, app.making = made, wanted, False
        app.dom.soon(app.flush)  # the screen, from the lessons made

    app.draw_pending = app.making = True
    step()
    return True


def near(app: App, ids: list[str]) -> None:
    """Draw the first still lesson of ``ids`` whole (near the view now), the others each in
    tasks of their own once it is on the page (one lesson's field is 94 KB of markup, a castle
    47 KB): its moves played in this task, its markup made in the next (:func:`draw_lesson`)."""
    still = [lid for lid in ids if lid in app.lessons and app.lessons[lid].still]
    if not still:
        return
    with spent.part("wake"):  # its moves played
        teach.wake(app.lessons, still[:1])

    def then() -> None:  # after that lesson is on the page and any input waiting meanwhile (a timer)
        if still[1:]:
            app.dom.later(0, lambda: app.on_event("near", " ".join(still[1:]), "", "", ""))

    app.dom.soon(lambda: draw_lesson(app, still[0], then))


def draw_lesson(app: App, lid: str, then: Callable[[], None]) -> None:
    """Put the lesson ``lid`` on the page alone: its region replaced, the rest of the help
    neither made again nor compared; then ``then()``. Its markup is made (and its kept layers, a
    castle's walls, parsed off the page) in this task, and put on the page in the next (decision
    0100); a large one in pieces, a piece a frame (a 70-tile field's 1,450 elements are most of a
    long task to parse and lay out, decision 0106). Where the page cannot, the app draws the screen."""
    apply = getattr(app.dom, "redraw", None)
    if apply is None or app.shown is None or app.dirty or app.draw_pending:
        app.show()
        then()
        return
    with spent.part("lesson"):
        element = app.lessons[lid].markup()
        layers = markup.kept_elements(element)
    prepare = getattr(app.dom, "prepare", None)
    if prepare is not None and layers:
        with spent.part("prepare"):
            prepare({element_id: body for (element_id, _), body in layers.items()})
    else:
        layers = {}
    kept_ids = frozenset(element_id for element_id, _ in layers)
    free = len(element) - len(markup.reuse_kept(element, set(layers))[0])
    first, pieces = redraw.in_pieces(element, PIECE_CHARS, kept_ids, free)
    putting = Putting(app, f"L-{lid}-box", element, first, pieces, set(layers), then)
    app.dom.soon(putting.put)


class Putting:
    """One lesson made and on its way to the page (:func:`draw_lesson`): its first piece replaces
    its region (:meth:`put`), each later piece is inserted a frame after the one before
    (:meth:`piece`); then ``then()``. Anything the app draws meanwhile draws the screen against
    what the page shows, this lesson whole in it: what is left to put is dropped."""

    def __init__(
        self,
        app: App,
        rid: str,
        element: str,
        first: str,
        pieces: list[list[redraw.Change]],
        layers: set[tuple[str, str]],
        then: Callable[[], None],
    ) -> None:
        self.app, self.rid, self.element, self.first, self.pieces = app, rid, element, first, pieces
        self.lean, self.reused, _ = markup.reuse_kept(first, layers)
        self.shown = app.shown
        """What the page showed when the lesson was made: the page shows it still unless the app
        drew meanwhile."""
        self.then = then

    def fall_back(self) -> None:
        """The page could not take a piece: the app draws the screen whole, this lesson in it."""
        self.app.show()
        self.then()

    def put(self) -> None:
        """The lesson's region replaced by its first piece (the whole lesson, when small)."""
        app, shown = self.app, self.shown
        assert shown is not None
        # The screen drawn meanwhile (a step, another lesson's action): the whole screen is
        # drawn again, this lesson whole in it.
        after = (
            redraw.replaced(shown, self.rid, self.element) if app.shown is shown and not app.dirty else None
        )
        if (
            after is None
            or app.draw_pending
            or not app.dom.redraw([redraw.Change("replace", self.rid, self.lean)], "status", self.reused)
        ):
            self.fall_back()
            return
        if self.pieces:
            app.shown = redraw.replaced(shown, self.rid, self.first) or after
            self.next_piece(0, app.shown)
        else:
            app.shown = after
            self.then()

    def next_piece(self, k: int, expected: str) -> None:
        """Piece ``k`` in a task after the page's next frame, the page then showing ``expected``."""
        self.app.dom.after_frame(lambda: self.piece(k, expected))

    def piece(self, k: int, expected: str) -> None:
        """Piece ``k``'s regions inserted, each after the sibling before it (on the page by now)."""
        app = self.app
        # Anything drawn meanwhile drew the screen against what the page showed, this lesson
        # whole in it (its regions still missing inserted then): nothing is left to put.
        if app.shown is not expected or app.dirty or app.draw_pending:
            self.then()
            return
        changes, after = self.pieces[k], expected
        for change in changes:
            after = redraw.inserted(after, change)
        if not app.dom.redraw(changes, "status", []):
            self.fall_back()
            return
        app.shown = after
        if k + 1 < len(self.pieces):
            self.next_piece(k + 1, after)
        else:
            self.then()
