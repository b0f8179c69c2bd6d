"""The position editor of boop. (``#/boop/editor``): set up a position, get its text and an embed.

The author picks a piece (a kitten or a cat of either colour, or "take off") and clicks cells, or
moves the bed's cursor with the arrows and presses Enter. The pools follow: whatever of a colour's
eight pieces is not on the bed is in its pool, as kittens, and as cats as many as the author says.
The engine judges: :func:`problem` asks :meth:`BoopGame.from_position`, the validation every
link and save gets, and says in words why a position is refused. A position the rules allow
comes with its notation and the embed snippet, and a live preview of that embed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from parlour.games.boop import GAME
from parlour.games.boop import rules as boop_rules
from parlour.games.boop.board import CELLS, EMPTY, cell_name, parse_cell
from parlour.games.boop.notation import LETTER_PIECES, PIECE_LETTERS
from parlour.games.boop.state import NO_GHOST, BoopState, Position
from parlour.web import embed
from parlour.web.boards import boop as board
from parlour.web.markup import button, esc, tag
from parlour.web.play import T, split_rule
from parlour.web.screens import header, labelled

BRUSHES = ("o", "O", "p", "P", "-")
"""What a click puts on a cell: a piece in the notation's letters, or ``-`` (take the piece off)."""


@dataclass
class Draft:
    """The position being set up: pieces by cell name, who plays, cats in each pool."""

    pieces: dict[str, str] = field(default_factory=dict)
    mover: int = 0
    pool_cats: list[int] = field(default_factory=lambda: [0, 0])
    brush: str = "o"
    cursor: str = "c3"
    copied: str = ""

    @classmethod
    def of(cls, state: BoopState) -> Draft:
        """The draft of a game's state (its ghosts and any decision under way are left out)."""
        pieces = {cell_name(c): PIECE_LETTERS[code] for c, code in enumerate(state.board) if code != EMPTY}
        return cls(pieces, state.mover, list(state.pool_cats))

    def on_bed(self, p: int) -> tuple[int, int]:
        """Kittens and cats of player ``p`` on the bed."""
        letters = list(self.pieces.values())
        kitten = "op"[p]
        return letters.count(kitten), letters.count(kitten.upper())

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
        return BoopState(
            tuple(board_),
            (kittens[0], kittens[1]),
            (cats[0], cats[1]),
            (reserve[0], reserve[1]),
            (NO_GHOST, NO_GHOST),
            self.mover,
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


def problem(draft: Draft) -> tuple[str, dict[str, Any]] | None:
    """Why the rules allow no such position (a message key and its parameters), or ``None``.

    The engine decides; the reasons it gives are put in the viewer's words here, the commonest
    first, so an author learns what to change."""
    try:
        GAME.from_position(draft.text())
        return None
    except ValueError as err:
        reason = str(err)
    colour = ("boop.colour.orange", "boop.colour.purple")
    for p in (0, 1):
        total = sum(draft.on_bed(p)) + draft.pool_cats[p]
        if total > 8:
            return "editor.too-many", {"side": colour[p], "count": total}
    pos = Position(draft.state())
    p, q = draft.mover, 1 - draft.mover
    if pos.pool_size(p) == 0:
        return "editor.no-piece", {"side": colour[p]}
    if pos.pool_size(q) == 0:
        return "editor.no-piece-other", {"side": colour[q], "mover": colour[p]}
    if boop_rules.has_won(pos, q):
        return "editor.won", {"side": colour[q]}
    return "editor.never", {"reason": split_rule(reason)[0]}


def act(draft: Draft, action: str, arg: str) -> bool:
    """A click of the editor's own (``ed-*`` or a cell); ``False`` when it is not the editor's."""
    if action == "cell":
        draft.put(arg)
    elif action == "ed-brush" and arg in BRUSHES:
        draft.brush = arg
    elif action == "ed-clear":
        draft.pieces.clear()
        draft.pool_cats = [0, 0]
    elif action in ("ed-copy-pos", "ed-copy-snippet"):
        draft.copied = action
        return True
    else:  # "ed-play": the app starts a match from the draft (when the rules allow it)
        return action == "ed-play"
    draft.copied = ""
    return True


def change(draft: Draft, action: str, arg: str, value: str) -> None:
    """A select of the editor: who plays, or how many cats a pool holds."""
    if action == "ed-mover" and value in ("0", "1"):
        draft.mover = int(value)
    elif action == "ed-cats" and arg in ("0", "1") and value.isdigit() and int(value) <= 8:
        draft.pool_cats[int(arg)] = int(value)
    draft.copied = ""


def key(draft: Draft, pressed: str, at: str = "") -> str | None:
    """Arrows move the bed's cursor from cell ``at`` (the focused one); the id of the cell to focus."""
    if not pressed.startswith("Arrow"):
        return None
    draft.cursor = board.neighbour(at if parse_cell(at) is not None else draft.cursor, pressed)
    return f"cell-{draft.cursor}"


def fragment(draft: Draft) -> str:
    return embed.fragment(embed.Spec(game="boop", source=draft.text()))


def screen(t: T, draft: Draft, base_url: str) -> str:
    """The editor: the bed, the pieces to put, who plays, the pools, and the position's outputs."""
    state = draft.state()
    bed = board.bed(GAME, state, t, cursor=draft.cursor, editing=True)
    brushes = "".join(
        tag(
            "button",
            _icon(b) + esc(t(f"editor.brush.{_name(b)}")),
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
    controls = labelled(t("editor.mover"), tag("select", sides, data_action="ed-mover", id="ed-mover"))
    for p, c in enumerate(board.COLOURS):
        counts = "".join(tag("option", str(n), value=n, selected=n == draft.pool_cats[p]) for n in range(9))
        select = tag("select", counts, data_action="ed-cats", data_arg=p, id=f"ed-cats-{p}")
        controls += labelled(t("editor.pool-cats", side=t(f"boop.colour.{c}")), select)
    info = GAME.info(state)
    ctx: Any = SimpleNamespace(t=t)
    pools = board.pools(ctx, info, 0) + board.pools(ctx, info, 1)
    found = problem(draft)
    if found is not None:
        words, params = found
        params = {k: t(v) if k in ("side", "mover") else v for k, v in params.items()}
        verdict = tag("p", esc(t(words, **params)), class_="error", role="alert", id="ed-problem")
        out = ""
    else:
        verdict = tag("p", esc(t("editor.allowed")), class_="copied", role="status", id="ed-ok")
        # Play it: a match from this position, with the players of the game's setup.
        verdict += button(t("editor.play"), "ed-play", class_="primary", id="ed-play")
        out = outputs(t, draft, base_url)
    side = (
        tag("fieldset", tag("legend", esc(t("editor.brush"))) + brushes, class_="brushes")
        + controls
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


def _name(letter: str) -> str:
    """``orange-kitten`` for ``o``, ``purple-cat`` for ``P``, ``off`` for ``-``."""
    if letter == "-":
        return "off"
    return f"{board.COLOURS[letter.lower() == 'p']}-{'kitten' if letter.islower() else 'cat'}"


def _icon(letter: str) -> str:
    if letter == "-":
        return ""
    colour, kind = _name(letter).split("-")
    return tag(
        "svg",
        board.cat_shape(colour, kind),
        viewBox="-45 -70 90 115",
        class_=f"mini piece {colour} {kind}",
        aria_hidden="true",
    )


def outputs(t: T, draft: Draft, base_url: str) -> str:
    """The position's text and its embed snippet, each with Copy, and the embed itself."""
    frag = fragment(draft)
    title = t("game.boop.name")
    code = embed.snippet(base_url, frag, title)
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
        width=embed.SNIPPET_SIZE[0],
        height=embed.SNIPPET_SIZE[1],
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
