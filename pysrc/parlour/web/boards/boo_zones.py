"""Boo!'s seats' button zones (raise or lower a hand, "Booo!", the colour to announce, the tracing
controls, each person's at their own edge of the screen) and the panels beside the castle: the
players, the legend of the castle's edges, what just happened in words, the prompt."""

from __future__ import annotations

from typing import Any

from parlour.games.boo.castle import COLOURS, cell_name, components, parse_cell
from parlour.web.boards.boo_castle import colour_word, humans_here, route_words, seat_name
from parlour.web.boards.boo_svg import DASHES, HEX, MARKS, badge, reveal_groups, trace_end
from parlour.web.context import BoardContext
from parlour.web.markup import attrs, button, esc, region_of, tag
from parlour.web.screens import seat_label

EDGES = ("bottom", "top", "left", "right")
ZONE_EDGES = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "bottom", "left", "top", "right"),
    6: ("bottom", "bottom", "left", "top", "top", "right"),
}
"""Where each person's zone sits, clockwise from the bottom edge (players sit around a flat tablet)."""


# --- zones and panels ----------------------------------------------------------------------------
def locked_out(ctx: BoardContext, seat: int) -> bool:
    """Whether ``seat``'s Booo! is greyed by its lock-out after a wrong claim (BO-D2), by the match's
    clock: the device's own, or over the network the host's counted on from its latest view (the
    host still judges: a claim it finds too early is refused, not punished)."""
    clock = ctx.ui.get("clock")
    return isinstance(clock, int) and ctx.state.locked_until[seat] > clock


def next_control(ctx: BoardContext, seat: int, wanted: str) -> str | None:
    """Where the keyboard focus goes after ``seat``'s own action, once the match has played it: the
    button it pressed, turned (raise hand / lower hand), or after a claim the seat's Booo! for the
    next search (its hand while Booo! is greyed). ``None``: the focus is taken elsewhere (the route
    traced from the ghost, the colours, the end of the game) or the seat has no buttons here. Without
    this the pressed button is gone from the page and the focus with it (issue #11)."""
    state = ctx.state
    if state.winners is not None or state.claimant is not None or seat not in humans_here(ctx):
        return None
    if seat in ctx.ui.get("picking", []):
        return None
    hand = f"boo-lower-{seat}" if state.hands[seat] else f"boo-hand-{seat}"
    if wanted == "booo" and not locked_out(ctx, seat):
        return f"boo-booo-{seat}"
    return hand


def layout(ctx: BoardContext, here: list[int], current: dict[str, Any] | None) -> str:
    """What the seats' zones ask of a small frame (:attr:`BoardContext.layout`, as
    :func:`seat_zone` draws them): a colour to choose (a route's first, Booo! pressed, or a change
    at a transition room) or a route being traced."""
    state = ctx.state
    if state.winners is not None:
        return ""
    if state.claimant is None:
        return "choose" if any(seat in ctx.ui.get("picking", []) for seat in here) else ""
    if current is None or state.claimant not in here:
        return ""
    head, _colour = trace_end(cell_name(state.ghost), current["colour"], current["steps"])
    return "choose" if parse_cell(head) in state.transitions else "trace"


def seat_zone(ctx: BoardContext, seat: int, current: dict[str, Any] | None, edge: str) -> str:
    """One person's buttons at their edge: hand, Booo!, the colour choice, the tracing controls."""
    state, t = ctx.state, ctx.t
    name = tag("strong", esc(seat_name(ctx, seat)), class_="zone-name")
    body = ""
    picking = seat in ctx.ui.get("picking", [])
    tracing = state.winners is None and state.claimant == seat and current is not None
    if state.winners is not None:
        body = ""
    elif state.claimant is not None:
        if state.claimant == seat and current is not None:
            body = trace_controls(ctx, seat, current)
        else:
            body = tag("span", esc(t("boo.zone.wait", player=seat_name(ctx, state.claimant))), class_="muted")
    elif picking:
        held = state.walls_of(seat)
        for c, colour in enumerate(COLOURS):
            body += zone_button(
                t,
                colour_chip(c) + tag("span", esc(colour_word(t, colour)), class_="word"),
                "boo-colour",
                f"{seat}:{colour}",
                f"boo-colour-{seat}-{colour}",
                disabled=c in held,
                cls=f"colour c-{colour}",
            )
        body += zone_button(t, esc(t("boo.action.cancel")), "boo-cancel", seat, f"boo-cancel-{seat}")
        body = tag("span", esc(t("boo.zone.pick")), class_="zone-ask") + body
    else:
        clock = ctx.ui.get("clock")
        locked = locked_out(ctx, seat)
        hand = "boo-lower" if state.hands[seat] else "boo-hand"
        body += zone_button(
            t, esc(t("boo.lower" if state.hands[seat] else "boo.hand")), hand, seat, f"{hand}-{seat}"
        )
        booo_label, left = esc(t("boo.booo")), None
        if locked:
            wait = max(0, state.locked_until[seat] - int(clock or 0))
            booo_label += tag("span", "", class_="lock", style=f"animation-duration:{wait}ms")
            left = t("boo.label.time-left", count=-(-wait // 1000))  # BO-D2: the lock-out's time
        body += zone_button(t, booo_label, "boo-booo", seat, f"boo-booo-{seat}", locked, "primary booo", left)
    return tag(
        "div",
        name + tag("div", body, class_="zone-buttons"),
        class_=f"zone edge-{edge}" + (" tracing" if tracing else " picking" if picking else ""),
        id=f"boo-zone-{seat}",
        data_seat=seat,
        role="group",
        aria_label=seat_name(ctx, seat),
    )


def zone_button(
    t: Any,
    label: str,
    action: str,
    arg: Any,
    id_: str,
    disabled: bool = False,
    cls: str = "",
    title: str | None = None,
) -> str:
    return (
        f"<button{attrs(type='button', data_action=action, data_arg=arg, data_press='1', id=id_, disabled=disabled, class_=cls or None, title=title)}>"
        f"{label}</button>"
    )


def colour_chip(c: int) -> str:
    return (
        f'<svg viewBox="-10 -10 20 20" class="chip" aria-hidden="true"><circle r="9.5" fill="{HEX[c]}"/>'
        f'<g class="mark">{MARKS[c]}</g></svg>'
    )


def trace_controls(ctx: BoardContext, seat: int, current: dict[str, Any]) -> str:
    state, t = ctx.state, ctx.t
    start = cell_name(state.ghost)
    head, colour = trace_end(start, current["colour"], current["steps"])
    remaining = max(0, state.deadline - ctx.ui.get("clock", state.now))
    timer = tag(
        "div",
        tag(
            "div",
            tag("span", "", class_="timer-bar", style=f"animation-duration:{remaining}ms"),
            class_="timer",
        )
        + seconds_left(t, remaining),
        class_="timer-box",
        role="timer",
        aria_label=t("boo.label.time-left", count=remaining // 1000),
    )
    out = tag(
        "span",
        colour_chip(COLOURS.index(colour)) + esc(t("boo.zone.tracing", colour=colour_word(t, colour))),
        class_="zone-ask",
    )
    out += timer
    if parse_cell(head) in state.transitions:
        held = state.walls_of(seat)
        for c, name in enumerate(COLOURS):
            if name != colour:
                out += zone_button(
                    t,
                    colour_chip(c) + esc(colour_word(t, name)),
                    "boo-change",
                    name,
                    f"boo-change-{name}",
                    disabled=c in held,
                    cls="colour small",
                )
    out += zone_button(
        t, esc(t("boo.action.step-back")), "boo-back", seat, "boo-back", disabled=not current["steps"]
    )
    out += zone_button(t, esc(t("boo.action.show")), "boo-show", seat, "boo-show", cls="primary")
    return out


def seconds_left(t: Any, remaining: int) -> str:
    """The trace's time left in words on screen ("12 seconds left"), counting down with no redraw:
    one line a second, each shown by a CSS animation during its own second (``.second``), in the
    catalogue's plural for its number. The timer's label says it to a screen reader."""
    whole = -(-remaining // 1000)  # the number shown now: 2.4 s left reads "3 seconds left"
    first = remaining - (whole - 1) * 1000  # how long that first number stays
    lines = []
    for count in range(whole, 0, -1):
        delay = 0 if count == whole else first + (whole - 1 - count) * 1000
        length = first if count == whole else 1000
        style = f"animation-delay:{delay}ms;animation-duration:{length}ms"
        lines.append(tag("span", esc(t("boo.label.time-left", count=count)), class_="second", style=style))
    lines.append(
        tag(
            "span",
            esc(t("boo.label.time-left", count=0)),
            class_="second last",
            style=f"animation-delay:{remaining}ms",
        )
    )
    return tag("span", "".join(lines), class_="seconds", aria_hidden="true")


HAND = (
    '<path d="M7.8 12V5.2M10.9 11.5V3.6M14 11.5V4.2M17 12.6V6.8M6.6 15.6 4.3 12.3" fill="none" stroke="currentColor"'
    ' stroke-width="2.7" stroke-linecap="round"/><path d="M6.3 11h12v5a6 6 0 0 1-12 0z"/>'
)
"""A raised hand as SVG: the emoji ✋ is missing from many devices' fonts (an empty box here)."""


def hand_icon(name: str) -> str:
    """A raised hand named ``name`` for screen readers (the words beside it are hidden from them)."""
    return tag("svg", HAND, viewBox="0 0 24 24", class_="hand-icon", role="img", aria_label=name)


def players_panel(ctx: BoardContext) -> str:
    """Everything the table shows openly: each seat's wall tiles, visitors, hand; the stack and reserve."""
    state, t = ctx.state, ctx.t
    rows = []
    for seat in range(state.players):
        chips = "".join(colour_chip(c) for c in state.walls_of(seat))
        walls = [colour_word(t, COLOURS[c]) for c in state.walls_of(seat)]
        status = []
        if state.claimant == seat:
            status.append(t("boo.status.tracing"))
        if seat == state.first:
            status.append(t("boo.status.first"))
        words = (
            t("boo.count.visitors", count=len(state.captured[seat]))
            + " · "
            + t("boo.count.walls", count=len(walls))
        )
        rows.append(
            tag(
                "li",
                tag("span", esc(seat_name(ctx, seat)), class_="who")
                + (hand_icon(t("boo.status.hand")) if state.hands[seat] else "")
                + tag(
                    "span",
                    chips,
                    class_="chips",
                    aria_label=", ".join(walls) or None,
                    role="img" if walls else None,
                )
                + tag("span", esc(words), class_="counts")
                + (tag("span", esc(" · ".join(status)), class_="status-words") if status else "")
                + (
                    tag("span", esc(t("boo.status.hand")), class_="status-words", aria_hidden="true")
                    if state.hands[seat]
                    else ""
                ),
                data_seat=seat,
                data_walls=",".join(COLOURS[c] for c in state.walls_of(seat)),
                class_="hand-up" if state.hands[seat] else None,
            )
        )
    reserve = [c for c, h in enumerate(state.markers) if h == -1]
    foot = t("boo.count.stack", count=len(state.stack)) + " · " + t("boo.reserve") + ": "
    foot_markup = esc(foot) + tag(
        "span",
        "".join(colour_chip(c) for c in reserve),
        class_="chips",
        role="img",
        aria_label=", ".join(colour_word(t, COLOURS[c]) for c in reserve) or "—",
    )
    return tag(
        "section",
        tag("ul", "".join(rows), class_="boo-players")
        + tag("p", foot_markup, class_="boo-stack", id="boo-stack"),
        class_="boo-panel",
        id="boo-players",
        aria_label=t("boo.label.players"),
    )


def legend(ctx: BoardContext) -> str:
    """What the short names on the castle's edges are (a newcomer could not tell): the coats of
    arms naming the columns, the portraits naming the rows, each with its whole name as a title;
    none on a small castle, which has no edges drawn."""
    if ctx.ui.get("compact"):
        return ""
    t, comps = ctx.t, components()

    def names(kind: str, keys: tuple[str, ...]) -> str:
        return ", ".join(tag("abbr", esc(t(f"boo.short.{k}")), title=t(f"boo.{kind}.{k}")) for k in keys)

    text = esc(t("boo.legend", arms="\0a", portraits="\0p"))
    text = text.replace("\0a", names("arms", comps.arms)).replace("\0p", names("portrait", comps.portraits))
    return region_of(tag("p", text, class_="muted boo-legend", id="boo-legend"))


def explanation(ctx: BoardContext, shown: dict[str, Any] | None) -> str:
    """Words for what just happened that a picture does not say: why a claim was wrong, the reveal."""
    t = ctx.t
    out = []
    for event in ctx.events:
        if event.kind == "claim-wrong":
            params = dict(event.data.get("params") or {})
            for key in ("colour", "wall"):
                if key in params:
                    params[key] = colour_word(t, str(params[key]))
            why = t(str(event.data["code"]), **params)
            who = seat_name(ctx, int(event.data["player"]))
            rule = str(event.data.get("rule") or "")
            link = (
                tag("a", esc(t("boo.label.rule")), href=f"#/boo/rules?rule={rule}", class_="rule-link")
                if rule
                else ""
            )
            out.append(
                tag(
                    "p",
                    esc(t("boo.wrong.why", player=who, why=why)) + " " + link,
                    class_="boo-why",
                    id="boo-why",
                    role="status",
                )
            )
    if shown and "reveal" in shown:
        out.append(reveal_panel(ctx, shown["reveal"]))
    # One box, always there (empty: not shown), so that the layout can put it by the castle.
    return region_of(tag("div", "".join(map(region_of, out)), class_="boo-said", id="boo-said"))


def reveal_panel(ctx: BoardContext, reveal: list[Any]) -> str:
    """The reveal in words, each seat beside its route's lane and badge as the castle draws them,
    and a button that hides the routes (they stay drawn until a "Booo!" or the next visitor)."""
    t = ctx.t
    lane = {s: k for k, (seats, _) in enumerate(reveal_groups(reveal)) for s in seats}
    items = []
    for seat, route in enumerate(reveal):
        if isinstance(route, dict):
            sample = (
                f'<svg viewBox="0 0 56 24" width="56" height="24" style="flex:none" class="reveal"'
                f' stroke-dasharray="{DASHES[lane[seat]]}" aria-hidden="true">'
                f'<line x1="4" y1="12" x2="52" y2="12" class="seg revealed" stroke="{HEX[COLOURS.index(route["colour"])]}"/>'
                f'<g transform="translate(28,12)" class="badge">{badge(str(seat + 1))}</g></svg>'
            )
            # A phone shows the count alone beside the lane and badge (app.css); the words stay read.
            steps = sum(1 for s in route["steps"] if not s.startswith("!"))
            short = tag("span", esc(t("boo.reveal.steps", count=steps)), class_="short", aria_hidden="true")
            items.append(
                tag("li", sample + tag("span", esc(route_words(ctx, seat, route)), class_="long") + short)
            )
        else:
            items.append(tag("li", esc(t("boo.reveal.none", player=seat_name(ctx, seat)))))
    hide = button(t("boo.reveal.hide"), "boo-hide", id="boo-hide") if ctx.replay is None else ""
    return tag(
        "div",
        tag("p", esc(t("boo.reveal.title"))) + tag("ul", "".join(items)) + hide,
        class_="boo-reveal",
        id="boo-reveal",
        role="status",
    )


def pending(t: Any, game: Any, state: Any) -> str:
    """What the table is doing, said to an onlooker (an embed's status line): Boo! has no turns,
    everyone searches at once, so never "Player 1 to play" but the visitor searched for, or who is
    showing a route; ``""`` once the game is over."""
    if state.winners is not None:
        return ""
    if state.claimant is not None:
        return str(t("boo.zone.wait", player=seat_label(t, "boo", state.claimant)))
    return str(t("boo.pending.search", visitor=state.visitor)) if state.visitor is not None else ""


def prompt_text(ctx: BoardContext, current: dict[str, Any] | None) -> str:
    state, t = ctx.state, ctx.t
    if state.winners is not None or ctx.replay is not None:
        return ""  # a moment of the log: the turn region says which, with "Back to the game"
    if current is not None:
        return t("boo.prompt.trace", player=seat_name(ctx, current["seat"]))
    if state.claimant is not None:
        return t("boo.zone.wait", player=seat_name(ctx, state.claimant))
    return t("boo.prompt.search", visitor=state.visitor)
