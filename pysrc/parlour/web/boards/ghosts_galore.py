"""The Ghosts Galore board: the draft, your ghost train, the others' trains, the hidden tile, live scores.

Drawn from the viewer's view alone (``GAME.view``; a network guest has nothing else) and the last
ply's events, with the SVG of :mod:`parlour.web.boards.ghosts_draw` and the trains, draft and hidden
tile of :mod:`parlour.web.boards.ghosts_table` (decision 0113). What the person is doing lives
in ``ctx.ui``: the tile in hand (``tile``), where it is previewed (``cell``) and how it is turned
(``rot``), the keyboard cursor, and which other train a narrow screen shows. The pencilled hidden
tile lives in ``ctx.private`` (the seat's private notes: never a move, never sent, decision 0044).

A placement is two steps, as the rulebook's Confirm button: choose a free cell (the tile is
previewed there, turned with the arrows or R), then confirm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlour.games.ghosts_galore.board import Grid, resolve
from parlour.games.ghosts_galore.moves import Pencil
from parlour.games.ghosts_galore.scoring import CATEGORIES, ScoreSheet, count_werewolves, explain, score_all
from parlour.web.boards import ghosts_draw as draw
from parlour.web.boards.ghosts_help import HELP, HELP_RULES, LESSONS  # noqa: F401  (the help reads them here)
from parlour.web.boards.ghosts_help import examples as help_examples  # noqa: F401
from parlour.web.boards.ghosts_table import (
    GID,
    acting,
    changed,
    draft_panel,
    free_cells,
    hand,
    hidden_panel,
    mine,
    name,
    offer,
    pencil_icon,
    pencil_of,
    sheets,
    train,
    turn_icon,
    view_of,
)
from parlour.web.context import BoardContext, Choice, Decision
from parlour.web.markup import button, esc, region, region_of, tag
from parlour.web.screens import seat_label

PRIVATE = True
"""The board shows the viewer's hidden tile and pencil (and on the last look the stack): on one
device with several people, the shared privacy screen covers it between turns."""
ARROWS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


def prompt_key(view: dict[str, Any], held: dict[str, Any] | None, pencilling: bool) -> str:
    """The decision in words (the screen puts the player's name before it)."""
    if pencilling:
        return "ghosts-galore.prompt.pencil"
    if held is not None and held["hidden"]:
        return "ghosts-galore.prompt.hidden"
    if held is not None:
        return "ghosts-galore.prompt.confirm" if held["cell"] is not None else "ghosts-galore.prompt.cell"
    if view["last_look"] is not None:
        return "ghosts-galore.prompt.last-look"
    if view["table"]:
        return "ghosts-galore.prompt.flip-or-take"
    return "ghosts-galore.prompt.flip"


def decision(ctx: BoardContext) -> Decision | None:
    """The decision of the person acting, in words, and its buttons (the match screen draws them):
    turn and confirm the tile in hand, put it back, pass, or pick from the stack."""
    view = view_of(ctx)
    if not acting(ctx, view):
        return None
    t = ctx.t
    held = hand(ctx, view)
    pencilling = bool(ctx.ui.get("pencilling")) and ctx.private is not None
    choices: list[Choice] = []
    if pencilling:
        choices.append(Choice(t("ghosts-galore.action.done"), "gg-pencil", id="gg-pencil-done"))
    else:
        if held is not None:
            on = (f"cell-{held['cell']}",) if held["cell"] is not None else ()
            choices.append(
                Choice(
                    t("ghosts-galore.action.rotate-left"),
                    "gg-rot",
                    -1,
                    id="gg-rot-left",
                    highlights=on,
                    icon=turn_icon(-1),
                )
            )
            choices.append(
                Choice(
                    t("ghosts-galore.action.rotate-right"),
                    "gg-rot",
                    1,
                    id="gg-rot-right",
                    highlights=on,
                    icon=turn_icon(1),
                )
            )
            choices.append(
                Choice(
                    t("ghosts-galore.action.confirm"),
                    "gg-confirm",
                    id="gg-confirm",
                    disabled=held["cell"] is None,
                    primary=True,
                    highlights=on,
                )
            )
            if not held["hidden"] and held["tile"] != view["pending"]:
                choices.append(Choice(t("ghosts-galore.action.cancel"), "gg-cancel", id="gg-cancel"))
        if view["pending"] is not None:
            choices.append(Choice(t("ghosts-galore.action.pass"), "gg-pass", id="gg-pass"))
        if (
            view["round"] <= 8
            and view["pending"] is None
            and view["stack_count"]
            and view["last_look"] is None
        ):
            choices.append(Choice(t("ghosts-galore.action.flip"), "gg-flip", id="gg-flip-button"))
    return Decision(t(prompt_key(view, held, pencilling)), tuple(choices))


def score_table(ctx: BoardContext, view: dict[str, Any], pencil: Pencil | None, dialog: bool = False) -> str:
    """Each player's 13 categories and total (GG-D1); the category the last tile changed is marked.
    At the end: the final breakdown, the dead ends and the tie-break (GG-D2, GG-T)."""
    t = ctx.t
    all_sheets = sheets(ctx, view)
    marked = changed(ctx, view)
    you = mine(view)
    over = view["round"] > 9
    head = tag("th", esc(t("ghosts-galore.category.category")), scope="col") + "".join(
        tag(
            "th",
            esc(name(ctx, p)) + (pencil_icon(t) if p == you and pencil is not None and not over else ""),
            scope="col",
            class_="you" if p == you else None,
        )
        for p in range(view["players"])
    )
    rows = [tag("tr", head)]
    for i, cat in enumerate(CATEGORIES):
        cells = tag("th", esc(t(f"ghosts-galore.category.{cat}")), scope="row")
        for p, sheet in enumerate(all_sheets):
            hit = (p, cat) in marked
            cells += tag(
                "td",
                esc(sheet.points[i]),
                class_=" ".join(c for c in ("changed" if hit else "", "you" if p == you else "") if c)
                or None,
                data_cat=cat,
                data_seat=p,
            )
        rows.append(region_of(tag("tr", cells, id=None if dialog else f"gg-cat-{cat}")))
    total = tag("th", esc(t("ghosts-galore.category.total")), scope="row") + "".join(
        tag("td", tag("strong", esc(s.total)), data_total=p, class_="you" if p == you else None)
        for p, s in enumerate(all_sheets)
    )
    rows.append(region_of(tag("tr", total, class_="total", id=None if dialog else "gg-total")))
    if over:
        dead = tag("th", esc(t("ghosts-galore.dead-ends-label")), scope="row") + "".join(
            tag("td", esc(len(s.dead_ends)), data_dead=p) for p, s in enumerate(all_sheets)
        )
        rows.append(tag("tr", dead, class_="dead"))
    caption = t("ghosts-galore.final-scores") if over else t("ghosts-galore.live-scores")
    note = "" if over else tag("p", esc(t("ghosts-galore.help.live")), class_="muted small-print")
    return tag(
        "section",
        tag(
            "table",
            tag("caption", esc(caption)) + "".join(rows),
            class_="gg-scores",
            id="gg-end-scores" if dialog else "gg-scores",
        )
        + note
        + (tie_break(ctx, all_sheets, dialog) if over else ""),
        class_="gg-score-wrap",
    )


def end_details(ctx: BoardContext) -> str:
    """The end dialog's breakdown (GG-D2): every player's 13 categories, totals and dead ends, and
    the tie-break in words when it decided."""
    view = view_of(ctx)
    return score_table(ctx, view, None, dialog=True)


def tie_break(ctx: BoardContext, all_sheets: list[ScoreSheet], dialog: bool = False) -> str:
    """Why the winner won, in words: the highest total, or a tie settled by dead ends, or shared."""
    t = ctx.t
    best = max(s.total for s in all_sheets)
    top = [p for p, s in enumerate(all_sheets) if s.total == best]
    ident = "gg-end-tie" if dialog else "gg-tie"
    if len(top) == 1:
        if dialog:
            return ""  # the dialog already says the highest score wins
        return tag("p", esc(t("ghosts-galore.end.highest-score")), class_="gg-tie", id=ident)
    return tag("p", esc(tie_words(t, all_sheets, lambda p: name(ctx, p))), class_="gg-tie", id=ident)


def tie_words(t: Any, all_sheets: list[ScoreSheet], named: Callable[[int], str]) -> str:
    """A tie on points in words (GG-T): who tied, at what, and who won on dead ends, or shared."""
    best = max(s.total for s in all_sheets)
    top = [p for p, s in enumerate(all_sheets) if s.total == best]
    fewest = min(len(all_sheets[p].dead_ends) for p in top)
    winners = [p for p in top if len(all_sheets[p].dead_ends) == fewest]
    key = "ghosts-galore.end.tie-dead-ends" if len(winners) == 1 else "ghosts-galore.end.tie-shared"
    return str(
        t(
            key,
            names=", ".join(named(p) for p in top),
            points=best,
            winner=named(winners[0]),
            dead=t("ghosts-galore.dead-ends", count=fewest),
        )
    )


def public_grids(game: Any, state: Any) -> list[Grid]:
    """Every board as the table scores it live (GG-D1, as ``view_sheets``): no hidden tile until
    the game is over."""
    view = game.view(state, None)
    over = view["round"] > 9
    return [
        resolve([None if p is None or (not over and p[0] == h) else (p[0], p[1]) for p in g])
        for g, h in zip(view["grids"], view["hidden"], strict=True)
    ]


def why_words(t: Any, category: str, parts: dict[str, object]) -> str:
    """What a category's points are made of (one entry of ``scoring.explain``) in words; a category
    said differently by case (the werewolves' bonus: the most, a tie, fewer, none) has a key a case."""
    case = parts.get("case")
    return str(t(f"ghosts-galore.why.{category}" + (f".{case}" if case else ""), **parts))


def step_lines(t: Any, game: Any, before: Any, after: Any, player: int) -> list[tuple[str, str]]:
    """What a lesson's step did to the score, from the engine (lines of text and rule): each
    category the step changed on its player's board, old and new points and what they are made of
    (GG-S1..GG-S13); at the end of a game tied on points, who tied and how the dead ends settled it
    (GG-T)."""
    grids = public_grids(game, after)
    old, new = (score_all(g)[player].points for g in (public_grids(game, before), grids))
    wolves = [count_werewolves(g) for j, g in enumerate(grids) if j != player]
    why = explain(grids[player], len(grids), wolves)
    lines = [
        (
            t(
                "ghosts-galore.scored",
                category=t(f"ghosts-galore.category.{cat}"),
                old=old[i],
                new=t("ghosts-galore.points", count=new[i]),
                why=why_words(t, cat, why[cat]),
            ),
            f"GG-S{i + 1}",
        )
        for i, cat in enumerate(CATEGORIES)
        if old[i] != new[i]
    ]
    if game.outcome(after) is not None and game.outcome(before) is None:
        final = game.score_sheets(after)
        if [s.total for s in final].count(max(s.total for s in final)) > 1:
            lines.append((tie_words(t, final, lambda p: seat_label(t, GID, p)), "GG-T"))
    return lines


def others(
    ctx: BoardContext, view: dict[str, Any], seats: list[int], scored: dict[int, dict[int, set[int]]]
) -> str:
    """The other players' trains: side by side when there is room, one at a time (tabs) when not."""
    if not seats:
        return ""
    t = ctx.t
    shown = ctx.ui.get("other", seats[0])
    if shown not in seats:
        shown = seats[0]
    tabs = "".join(
        button(
            name(ctx, s),
            "gg-other",
            s,
            class_="small",
            aria_pressed="true" if s == shown else "false",
            id=f"gg-tab-{s}",
        )
        for s in seats
    )
    trains = "".join(
        region_of(
            tag(
                "figure",
                region_of(
                    tag(
                        "figcaption",
                        esc(name(ctx, s))
                        + (" · " + esc(t("ghosts-galore.taken")) if view["taken"][s] else ""),
                        id=f"gg-cap-{s}",
                    )
                )
                + train(ctx, view, s, live=False, scored=scored.get(s)),
                class_="gg-train other" + (" shown" if s == shown else ""),
                data_seat=s,
                id=f"gg-other-{s}",
            )
        )
        for s in seats
    )
    return tag(
        "section",
        tag("div", tabs, class_="gg-tabs", role="group", aria_label=t("ghosts-galore.other-trains"))
        + tag("div", trains, class_="gg-other-trains"),
        class_="gg-others",
        aria_label=t("ghosts-galore.other-trains"),
    )


def scored_pieces(ctx: BoardContext, view: dict[str, Any]) -> dict[int, dict[int, set[int]]]:
    """At the end: per seat, per cell, the track pieces of door-to-door tracks that scored (GG-D2)."""
    if view["round"] <= 9:
        return {}
    out: dict[int, dict[int, set[int]]] = {}
    for p, sheet in enumerate(sheets(ctx, view)):
        for st in sheet.tracks:
            for cell, piece in st.track.pieces:
                out.setdefault(p, {}).setdefault(cell, set()).add(piece)
    return out


def render(ctx: BoardContext) -> str:
    view = view_of(ctx)
    you = mine(view)
    live = acting(ctx, view)
    held = hand(ctx, view)
    pencil = pencil_of(ctx, view)
    scored = scored_pieces(ctx, view)
    me = you if you is not None else 0
    own = train(
        ctx,
        view,
        me,
        live=live or bool(ctx.ui.get("pencilling")),
        held=held,
        pencil=pencil,
        scored=scored.get(me),
    )
    title = tag("h2", esc(name(ctx, me) if you is None else ctx.t("ghosts-galore.your-train")))
    # Regions (markup.region): a move redraws the trains and panels it changed, not the whole board.
    mine_part = tag("div", title + own, class_="gg-train mine", data_seat=me)
    side = region_of(draft_panel(ctx, view, held, live)) + region_of(hidden_panel(ctx, view, pencil))
    top = tag("div", mine_part + tag("div", side, class_="gg-side"), class_="gg-top")
    board = tag(
        "div", top, class_="gg", id="gg-board", data_round=view["round"], data_you="" if you is None else you
    )
    return region("gg-board", board)


def side_panels(ctx: BoardContext) -> list[tuple[str, str, str]]:
    """The other players' trains, a side panel of the match screen (folded below the board on a
    narrow screen, so the controls stay in view)."""
    view = view_of(ctx)
    you = mine(view)
    me = you if you is not None else 0
    seats = [s for s in range(view["players"]) if s != me]
    body = tag("div", others(ctx, view, seats, scored_pieces(ctx, view)), class_="gg")
    return [("trains", ctx.t("ghosts-galore.other-trains"), body)]


def score_details(ctx: BoardContext) -> str:
    """The score panel's body (beside the board, folded below it on a narrow screen, so the controls
    stay in view): the 13-category table with the viewer's pencil mark (GG-D1)."""
    view = view_of(ctx)
    return score_table(ctx, view, pencil_of(ctx, view))


# --- input ---------------------------------------------------------------------------------------
def act(ctx: BoardContext, action: str, arg: str) -> str | None:
    """A move in notation for the engine, or ``None`` after a change of selection or of the pencil."""
    view = view_of(ctx)
    ui = ctx.ui
    you = mine(view)
    live = acting(ctx, view)
    if action == "gg-other":
        ui["other"] = int(arg)
        return None
    if action == "key":
        return key(ctx, view, arg)
    if action in ("gg-pencil", "gg-pencil-rot", "gg-unpencil") or (action == "cell" and ui.get("pencilling")):
        pencil_act(ctx, view, action, arg)
        return None
    if not live or you is None:
        return None
    if action == "gg-flip":
        return "flip"
    if action == "gg-pass":
        return "pass"
    if action == "gg-pick":
        tid = int(arg)
        if tid in offer(view):
            ui.update(tile=tid, rot=0, cell=None)
            ui["focus"] = f"cell-{ui.get('cursor', 4)}"
        return None
    held = hand(ctx, view)
    if held is None:
        return None
    if action == "cell":
        cell = int(arg)
        ui["cursor"] = cell
        ui["focus"] = f"cell-{cell}"
        if held["hidden"]:
            return None
        if cell in free_cells(view, you):
            if held["cell"] == cell:
                ui["rot"] = (held["rot"] + 1) % 4  # a second tap on the preview turns it
            else:
                ui.update(tile=held["tile"], cell=cell, rot=held["rot"])
        return None
    if action == "gg-rot":
        ui.update(tile=held["tile"], cell=held["cell"], rot=(held["rot"] + int(arg)) % 4)
        return None
    if action == "gg-cancel":
        for k in ("tile", "cell", "rot"):
            ui.pop(k, None)
        return None
    if action == "gg-confirm" and held["cell"] is not None:
        if held["hidden"]:
            return f"hidden r{held['rot']}"
        return f"take {held['tile']} {draw.cell_name(held['cell'])} r{held['rot']}"
    return None


def pencil_act(ctx: BoardContext, view: dict[str, Any], action: str, arg: str) -> None:
    """Pencil in, move, turn or rub out the hidden tile: private notes only (decision 0044)."""
    notes = ctx.private
    ui = ctx.ui
    if notes is None or mine(view) is None:
        return
    current = pencil_of(ctx, view)
    if action == "gg-pencil":
        ui["pencilling"] = not ui.get("pencilling")
        return
    if action == "gg-unpencil":
        notes.pop("pencil", None)
        return
    if action == "gg-pencil-rot" and current is not None:
        notes["pencil"] = Pencil(current.cell, (current.rot + int(arg)) % 4).notation()
        return
    if action == "cell":
        cell = int(arg)
        rot = current.rot if current is not None else 0
        pencil = ctx.game.pencil(view, cell, rot)  # IllegalMove (a taken cell) is shown to the person
        notes["pencil"] = pencil.notation()
        ui["pencilling"] = False
        ui["cursor"] = cell


def key(ctx: BoardContext, view: dict[str, Any], pressed: str) -> str | None:
    ui = ctx.ui
    if pressed in ARROWS:
        dr, dc = ARROWS[pressed]
        cursor = int(ui.get("cursor", 4))
        r, c = min(max(cursor // 3 + dr, 0), 2), min(max(cursor % 3 + dc, 0), 2)
        ui["cursor"] = r * 3 + c
        ui["focus"] = f"cell-{ui['cursor']}"
        return None
    if pressed in ("r", "R"):
        return act(ctx, "gg-rot", "1" if pressed == "r" else "-1")
    if pressed == "Escape":
        ui.pop("pencilling", None)
        return act(ctx, "gg-cancel", "")
    return None
