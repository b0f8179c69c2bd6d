"""The position editor of boop. (``#/boop/editor``): set up a position, get its text and an embed.

The author picks a piece (a kitten or a cat of either colour, or "take off") and clicks cells, or
moves the bed's cursor with the arrows and presses Enter. The pools follow: whatever of a colour's
eight pieces is not on the bed is in its pool, as kittens, and as cats as many as the author says.
Each ghost cat is in its pool or on a seam segment, by its entry (which fixes the direction it
travels) and its step along the seam; the moment of the turn (a placement, a graduation after the
boops, the ghost question, a graduation at the end of the turn, or a finished game), the turn's
flags and the lines a ghost made that wait (BP-19) are set too: everything a position's text holds
(decision 0076). The engine judges: :func:`problem` asks :meth:`BoopGame.from_position`, the
validation every link and save gets, and puts its reason (a code) in words. A position the rules
allow comes with its notation and the embed snippet, and a live preview of that embed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import SimpleNamespace
from typing import Any

from parlour.games.boop import GAME
from parlour.games.boop import rules as boop_rules
from parlour.games.boop.board import (
    CELLS,
    EMPTY,
    ENTRIES,
    ENTRY_INDEX,
    LINE_INDEX,
    LINES,
    STEPS,
    cell_name,
    parse_cell,
    segment_cells,
)
from parlour.games.boop.notation import LETTER_PIECES, PIECE_LETTERS, PositionError
from parlour.games.boop.state import NO_GHOST, BoopState, Position
from parlour.web import embedlink
from parlour.web.boards import boop as board
from parlour.web.context import T, split_rule
from parlour.web.markup import attrs, button, esc, tag
from parlour.web.screens import header, labelled

BRUSHES = ("o", "O", "p", "P", "-")
"""What a click puts on a cell: a piece in the notation's letters, or ``-`` (take the piece off)."""


MOMENTS = ("place", "grad-a", "ghost", "grad-b", "win-line", "win-all-cats")
"""The moment of the turn, as the position's phase field writes it (docs/rules/boop.md): a
placement, a graduation after the boops (BP-8/BP-9), the ghost question (BP-13), a graduation at
the end of the turn (BP-19, BP-D3), or a game won (``win-no-pieces`` is never a position: BP-D4)."""

FLAGS = ("g", "r")
"""The turn's flags: ``g`` the mover has graduated this turn, ``r`` their ghost came back this turn."""


def line_name(i: int) -> str:
    """A line of three as the notation writes it: ``b4-c4-d4``."""
    return "-".join(cell_name(c) for c in LINES[i])


@dataclass
class Draft:
    """The position being set up: pieces by cell name, who plays, cats in each pool, the ghosts
    (``entry * 6 + step``, or ``NO_GHOST`` in the pool), the moment of the turn, its flags, and
    the waiting lines (line numbers into ``LINES``)."""

    pieces: dict[str, str] = field(default_factory=dict)
    mover: int = 0
    pool_cats: list[int] = field(default_factory=lambda: [0, 0])
    ghosts: list[int] = field(default_factory=lambda: [NO_GHOST, NO_GHOST])
    moment: str = "place"
    flags: set[str] = field(default_factory=set)
    held: set[int] = field(default_factory=set)
    brush: str = "o"
    cursor: str = "c3"
    copied: str = ""

    @classmethod
    def of(cls, state: BoopState) -> Draft:
        """The draft of a game's state: every field of its position, so its text is the same."""
        pieces = {cell_name(c): PIECE_LETTERS[code] for c, code in enumerate(state.board) if code != EMPTY}
        moment = f"win-{state.reason}" if state.phase == "over" else state.phase
        flags = {f for f, on in zip(FLAGS, (state.graduated, state.ghost_returned), strict=True) if on}
        return cls(
            pieces, state.mover, list(state.pool_cats), list(state.ghosts), moment, flags, set(state.held)
        )

    def on_bed(self, p: int) -> tuple[int, int]:
        """Kittens and cats of player ``p`` on the bed."""
        letters = list(self.pieces.values())
        kitten = "op"[p]
        return letters.count(kitten), letters.count(kitten.upper())

    def over(self) -> bool:
        return self.moment.startswith("win-")

    def state(self) -> BoopState:
        """The state the draft describes, pools derived from the bed (never below zero)."""
        board_ = [EMPTY] * CELLS
        for name, letter in self.pieces.items():
            cell = parse_cell(name)
            if cell is not None:
                board_[cell] = LETTER_PIECES[letter]
        kittens, cats, reserve = [0, 0], [0, 0], [0, 0]
        for p in (0, 1):
            bed_k, bed_c = self.on_bed(p)
            reserve[p] = max(8 - bed_c - self.pool_cats[p], 0)
            kittens[p] = max(reserve[p] - bed_k, 0)
            cats[p] = self.pool_cats[p]
        over = self.over()
        return BoopState(
            tuple(board_),
            (kittens[0], kittens[1]),
            (cats[0], cats[1]),
            (reserve[0], reserve[1]),
            (self.ghosts[0], self.ghosts[1]),
            self.mover,
            "over" if over else self.moment,
            "g" in self.flags,
            "r" in self.flags,
            tuple(sorted(self.held)),
            self.mover if over else None,
            self.moment[4:] if over else "",
        )

    def text(self) -> str:
        return GAME.position(self.state())

    def put(self, cell: str) -> None:
        """The brush on ``cell``: a piece there (replacing any), or the cell emptied."""
        if parse_cell(cell) is None:
            return
        self.cursor = cell
        if self.brush == "-":
            self.pieces.pop(cell, None)
        elif self.brush in BRUSHES:
            self.pieces[cell] = self.brush

    def place_ghost(self, p: int, entry: str | None, step: int | None = None) -> None:
        """Player ``p``'s ghost at ``entry`` (its seam and heading) and ``step`` along it (the step
        it stands on is kept when only the entry changes), or back in the pool (``entry=None``)."""
        if entry is None:
            self.ghosts[p] = NO_GHOST
            return
        here = self.ghosts[p] % STEPS if self.ghosts[p] != NO_GHOST else 0
        self.ghosts[p] = ENTRY_INDEX[entry] * STEPS + (here if step is None else step)

    def candidate_lines(self) -> list[int]:
        """Lines that may wait (BP-19): three pieces of one colour with a kitten, and those already
        marked (so that a mark the bed no longer supports can still be taken off)."""
        pos = Position(self.state())
        found = set(self.held)
        for p in (0, 1):
            found.update(boop_rules.graduable_lines(pos, p))
        return sorted(found)


def problem(draft: Draft) -> tuple[str, dict[str, Any]] | None:
    """Why the rules allow no such position (a message key and its parameters), or ``None``.

    The engine decides and names its reason by a code (:class:`PositionError`); here that code
    is put in the viewer's words (``boop.why.<code>``), with the colours it concerns, so an author
    learns what to change. Parameters that are message keys are translated by the screen."""
    try:
        GAME.from_position(draft.text())
        return None
    except PositionError as err:
        code, params, said = err.code, dict(err.params), str(err)
    colour = ("boop.colour.orange", "boop.colour.purple")
    if code == "count":
        p = int(params["player"])
        return "editor.too-many", {"side": colour[p], "count": sum(draft.on_bed(p)) + draft.pool_cats[p]}
    if code == "notation":  # the draft writes canonical text: this is a bug, said as the engine says it
        return "editor.never", {"reason": split_rule(said)[0]}
    if "line" in params:
        params["line"] = params["line"].replace("-", "–")
    return f"boop.why.{code}", {"side": colour[draft.mover], "other": colour[1 - draft.mover], **params}


def act(draft: Draft, action: str, arg: str) -> bool:
    """A click of the editor's own (``ed-*`` or a cell); ``False`` when it is not the editor's."""
    if action == "cell":
        draft.put(arg)
    elif action == "ed-brush" and arg in BRUSHES:
        draft.brush = arg
    elif action == "ed-clear":  # an empty bed: the ghosts leave it, and a turn begins
        fresh = Draft(mover=draft.mover, brush=draft.brush, cursor=draft.cursor)
        for name in (f.name for f in fields(Draft)):
            setattr(draft, name, getattr(fresh, name))
    elif action in ("ed-copy-pos", "ed-copy-snippet"):
        draft.copied = action
        return True
    else:  # "ed-play": the app starts a match from the draft (when the rules allow it)
        return action == "ed-play"
    draft.copied = ""
    return True


def change(draft: Draft, action: str, arg: str, value: str) -> None:
    """A select or checkbox of the editor: who plays, how many cats a pool holds, where a ghost
    stands, the moment of the turn, a flag of the turn, a waiting line (checkboxes give ``"1"``
    or ``""``). A value no control offers changes nothing."""
    player = int(arg) if arg in ("0", "1") else None
    if action == "ed-mover" and value in ("0", "1"):
        draft.mover = int(value)
    elif action == "ed-cats" and player is not None and value.isdigit() and int(value) <= 8:
        draft.pool_cats[player] = int(value)
    elif action == "ed-ghost" and player is not None and (value == "-" or value in ENTRY_INDEX):
        draft.place_ghost(player, None if value == "-" else value)
    elif action == "ed-ghost-step" and player is not None and draft.ghosts[player] != NO_GHOST:
        if value.isdigit() and int(value) < STEPS:
            draft.place_ghost(player, ENTRIES[draft.ghosts[player] // STEPS], int(value))
    elif action == "ed-moment" and value in MOMENTS:
        draft.moment = value
    elif action == "ed-flag" and arg in FLAGS:
        (draft.flags.add if value else draft.flags.discard)(arg)
    elif action == "ed-held":
        cells = tuple(sorted(c for c in map(parse_cell, arg.split("-")) if c is not None))
        if cells in LINE_INDEX:
            (draft.held.add if value else draft.held.discard)(LINE_INDEX[cells])
    draft.copied = ""


def key(draft: Draft, pressed: str, at: str = "") -> str | None:
    """Arrows move the bed's cursor from cell ``at`` (the focused one); the id of the cell to focus."""
    if not pressed.startswith("Arrow"):
        return None
    draft.cursor = board.neighbour(at if parse_cell(at) is not None else draft.cursor, pressed)
    return f"cell-{draft.cursor}"


def fragment(draft: Draft) -> str:
    return embedlink.fragment(embedlink.Spec(game="boop", source=draft.text()))


def screen(t: T, draft: Draft, base_url: str) -> str:
    """The editor: the bed, the pieces to put, who plays, the pools, the ghosts, the moment of
    the turn, and the position's outputs."""
    state = draft.state()
    found = problem(draft)
    # In an allowed graduation the bed marks the lines to choose from (it marks waiting lines itself).
    marked: set[str] = set()
    if found is None and state.phase in ("grad-a", "grad-b"):
        marked = {c for ch in GAME.graduation_choices(state) for c in ch["cells"]}
    bed = board.bed(GAME, state, t, cursor=draft.cursor, editing=True, lines=marked)
    brushes = "".join(
        tag(
            "button",
            _icon(b, t) + esc(t(f"editor.brush.{_name(b)}")),
            type="button",
            data_action="ed-brush",
            data_arg=b,
            id=f"brush-{_name(b)}",
            aria_pressed="true" if b == draft.brush else "false",
        )
        for b in BRUSHES
    )
    sides = "".join(
        tag("option", esc(t(f"boop.colour.{c}")), value=p, selected=p == draft.mover)
        for p, c in enumerate(board.COLOURS)
    )
    who = t("editor.winner" if draft.over() else "editor.mover")
    controls = labelled(who, tag("select", sides, data_action="ed-mover", id="ed-mover"))
    for p, c in enumerate(board.COLOURS):
        counts = "".join(tag("option", str(n), value=n, selected=n == draft.pool_cats[p]) for n in range(9))
        select = tag("select", counts, data_action="ed-cats", data_arg=p, id=f"ed-cats-{p}")
        controls += labelled(t("editor.pool-cats", side=t(f"boop.colour.{c}")), select)
    info = GAME.info(state)
    ctx: Any = SimpleNamespace(t=t)
    pools = board.pools(ctx, info, 0) + board.pools(ctx, info, 1)
    if found is not None:
        words, params = found
        params = {k: t(v) if str(v).startswith("boop.colour.") else v for k, v in params.items()}
        verdict = tag("p", esc(t(words, **params)), class_="error", role="alert", id="ed-problem")
        out = ""
    else:
        verdict = tag("p", esc(t("editor.allowed")), class_="copied", role="status", id="ed-ok")
        if not draft.over():  # Play it: a match from this position, with the game's setup's players.
            verdict += button(t("editor.play"), "ed-play", class_="primary", id="ed-play")
        out = outputs(t, draft, base_url)
    side = (
        tag("fieldset", tag("legend", esc(t("editor.brush"))) + brushes, class_="brushes")
        + controls
        + ghost_controls(t, draft)
        + turn_controls(t, draft)
        + button(t("editor.clear"), "ed-clear", id="ed-clear")
        + verdict
    )
    body = tag(
        "div",
        tag("div", bed + pools, class_="editor-bed") + tag("div", side, class_="editor-side"),
        class_="editor",
    )
    return header(t, t("editor.title"), "#/boop") + tag(
        "main", tag("p", esc(t("editor.help")), class_="muted") + body + out, id="main", data_screen="editor"
    )


def ghost_controls(t: T, draft: Draft) -> str:
    """Each ghost cat: in the pool or entered at an edge (its seam and heading, BP-13), and the
    segment of that seam it stands on now (BP-14)."""
    rows = ""
    for p, colour in enumerate(board.COLOURS):
        side = t(f"boop.colour.{colour}")
        ghost = draft.ghosts[p]
        entry = ENTRIES[ghost // STEPS] if ghost != NO_GHOST else "-"
        options = tag("option", esc(t("editor.ghost.pool")), value="-", selected=entry == "-")
        for name in ENTRIES:
            a, b = segment_cells(ENTRY_INDEX[name], 0)
            edge, _ = name.split("-")
            words = t(
                "editor.ghost.entry",
                edge=t(f"editor.edge.{edge}"),
                a=a,
                b=b,
                heading=t(f"editor.heading.{HEADINGS[edge]}"),
            )
            options += tag("option", esc(words), value=name, selected=name == entry)
        select = tag("select", options, data_action="ed-ghost", data_arg=p, id=f"ed-ghost-{p}")
        rows += labelled(t("editor.ghost.where", side=side), select)
        if ghost != NO_GHOST:
            steps = ""
            for step in range(STEPS):
                a, b = segment_cells(ghost // STEPS, step)
                words = t("editor.ghost.segment", a=a, b=b)
                if step == STEPS - 1:
                    words += " · " + t("boop.label.leaves-next")
                steps += tag("option", esc(words), value=step, selected=step == ghost % STEPS)
            select = tag("select", steps, data_action="ed-ghost-step", data_arg=p, id=f"ed-ghost-step-{p}")
            rows += labelled(t("editor.ghost.step", side=side), select)
    return tag("fieldset", tag("legend", esc(t("editor.ghosts"))) + rows, class_="editor-group")


HEADINGS = {"top": "down", "bottom": "up", "left": "right", "right": "left"}
"""The way a ghost travels from each edge (BP-13: toward the opposite edge)."""


def turn_controls(t: T, draft: Draft) -> str:
    """The moment of the turn, the turn's flags, and the lines a ghost made that wait (BP-19)."""
    moments = "".join(
        tag("option", esc(t(f"editor.moment.{m}")), value=m, selected=m == draft.moment) for m in MOMENTS
    )
    rows = labelled(t("editor.moment"), tag("select", moments, data_action="ed-moment", id="ed-moment"))
    for flag in FLAGS:
        rows += _checkbox(t(f"editor.flag.{flag}"), "ed-flag", flag, flag in draft.flags, f"ed-flag-{flag}")
    lines = ""
    pieces = draft.state().board
    for i in draft.candidate_lines():
        name = line_name(i)
        owners = {(pieces[c] - 1) >> 1 for c in LINES[i] if pieces[c] != EMPTY}
        colour = t(f"boop.colour.{board.COLOURS[owners.pop()]}") if len(owners) == 1 else ""
        words = name.replace("-", "–") + (f" ({colour})" if colour else "")
        lines += _checkbox(words, "ed-held", name, i in draft.held, f"ed-held-{name}")
    if lines:
        rows += tag("fieldset", tag("legend", esc(t("editor.held"))) + lines, class_="editor-held")
    return tag("fieldset", tag("legend", esc(t("editor.turn"))) + rows, class_="editor-group")


def _checkbox(label: str, action: str, arg: str, checked: bool, id_: str) -> str:
    box = f"<input{attrs(type='checkbox', checked=checked, data_action=action, data_arg=arg, id=id_)}>"
    return labelled(label, box)


def _name(letter: str) -> str:
    """``orange-kitten`` for ``o``, ``purple-cat`` for ``P``, ``off`` for ``-``."""
    if letter == "-":
        return "off"
    return f"{board.COLOURS[letter.lower() == 'p']}-{'kitten' if letter.islower() else 'cat'}"


def _icon(letter: str, t: T) -> str:
    if letter == "-":
        return ""
    colour, kind = _name(letter).split("-")
    return tag(
        "svg",
        board.cat_shape(colour, kind, t),
        viewBox="-45 -70 90 115",
        class_=f"mini piece {colour} {kind}",
        aria_hidden="true",
    )


def outputs(t: T, draft: Draft, base_url: str) -> str:
    """The position's text and its embed snippet, each with Copy, and the embed itself."""
    frag = fragment(draft)
    title = t("game.boop.name")
    code = embedlink.snippet(base_url, frag, title)
    done = tag("span", esc(t("embed.moment.copied")), role="status", class_="copied")
    text = tag(
        "label",
        tag("span", esc(t("editor.position")))
        + f'<input readonly id="ed-position" value="{esc(draft.text())}">',
        class_="field",
    ) + button(t("embed.moment.copy"), "ed-copy-pos", id="ed-copy-pos")
    snippet = tag(
        "label",
        tag("span", esc(t("embed.moment.snippet")))
        + f'<textarea readonly id="ed-snippet" rows="3">{esc(code)}</textarea>',
        class_="field",
    ) + button(t("embed.moment.copy"), "ed-copy-snippet", id="ed-copy-snippet")
    preview = tag(
        "iframe",
        "",
        src=f"./embed.html#{frag}",
        width=embedlink.SNIPPET_SIZE[0],
        height=embedlink.SNIPPET_SIZE[1],
        title=t("editor.preview"),
        class_="embed-preview",
        id="ed-preview",
        data_keep="hash",
    )
    return tag(
        "section",
        tag("h2", esc(t("editor.outputs")))
        + tag("div", text + (done if draft.copied == "ed-copy-pos" else ""), class_="actions")
        + tag("div", snippet + (done if draft.copied == "ed-copy-snippet" else ""), class_="actions")
        + preview,
        class_="editor-out",
        id="ed-out",
    )
