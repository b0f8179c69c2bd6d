"""The match screen's log: each ply in the viewer's words with its events' lines and the rules
behind them, the newest moves only (:data:`LOG_SHOWN`), kept drawn between redraws; and what a screen
reader hears after a ply (:func:`announcement`)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlour.engine import Event, ParlourError
from parlour.i18n import catalogue
from parlour.web.context import (
    BoardContext,
    T,
    button_markup,
    panel,
    player_name,
    rule_link,
)
from parlour.web.markup import button, esc, region, region_of, tag
from parlour.web.session import LogEntry


def event_line(t: T, board: Any, ctx: BoardContext, event: Event) -> str | None:
    """One event of the log in plain words (see :func:`event_said`), or nothing."""
    said = event_said(t, board, ctx, event)
    return said[0] if said else None


def event_said(t: T, board: Any, ctx: BoardContext, event: Event) -> tuple[str, str] | None:
    """One event as the viewer may see it (:meth:`Event.seen_by`, never more): its words and the
    rule that made it happen (``""`` for none). The board's own ``event_line`` hook if it has one,
    else the game's :meth:`Game.describe_event` (the words an embed's caption gives), else the
    catalogue's ``<game>.event.<kind>`` with the event's data, else nothing."""
    seen = event.seen_by(ctx.viewer)
    if seen is None:
        return None
    visible = Event(event.kind, {k: v for k, v in seen.items() if k != "kind"})
    hook = getattr(board, "event_line", None)
    if hook is not None:
        line = hook(ctx, visible)
        return (str(line), "") if line else None
    said = described(t, ctx.game, visible, lambda seat: player_name(t, ctx, seat))
    if said is not None:
        return said
    key = f"{ctx.game.id}.event.{event.kind}"
    if key not in catalogue("en"):
        return None
    params = {k: "–".join(map(str, v)) if isinstance(v, list) else v for k, v in visible.data.items()}
    return t(key, **params), ""


def event_lines(t: T, board: Any, ctx: BoardContext, events: list[Event], words: str) -> tuple[str, ...]:
    """The lines of a ply's events under its ``words``: each said once, and none that says what
    the move's own line already says (a tile laid, a claim: decision 0046)."""
    return tuple(text for text, _rule in ruled_lines(t, board, ctx, events, words)[0])


def ruled_lines(
    t: T, board: Any, ctx: BoardContext, events: list[Event], words: str
) -> tuple[tuple[tuple[str, str], ...], str]:
    """The lines of a ply's events under its ``words`` as :func:`event_lines` says them, each with
    the rule that made it happen (``""`` for none), and the rule of the move's own line: that of
    an event whose line says what the move's line says (decision 0046: its rule goes with it)."""
    lines: dict[str, str] = {}
    own = ""
    for event in events:
        said = event_said(t, board, ctx, event)
        if not said or not said[0]:
            continue
        text, rule = said
        if text == words:
            own = own or rule
        elif text not in lines:
            lines[text] = rule
    return tuple(lines.items()), own


def described(t: T, game: Any, event: Event, name: Callable[[int], str]) -> tuple[str, str] | None:
    """``event`` (already cut to what the viewer may see) in the words of the game's
    :meth:`Game.describe_event` and the rule behind it, or ``None``. The parameter ``player`` is a
    seat, said by ``name``; the other parameters as :func:`worded` says them. An event whose data
    does not fit its words (a peer's, malformed) is said not at all, rather than breaking the page."""
    try:
        said = game.describe_event(event)
        if said is None:
            return None
        key, params, rule = said
        words = worded(t, dict(params))
        if type(params.get("player")) is int:
            words["player"] = name(params["player"])
        return t(key, **words), rule
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ParlourError):
        return None


def worded(t: T, params: dict[str, Any]) -> dict[str, Any]:
    """Parameters whose value is itself a catalogue key ("boo.colour.red") said in words, and a
    message within a message (``{"key": "boo.route.stone", "params": {"step": 3}}``) said whole."""
    english = catalogue("en")
    out = {}
    for k, v in params.items():
        if isinstance(v, dict) and isinstance(v.get("key"), str):
            v = t(v["key"], **worded(t, dict(v.get("params") or {})))
        elif isinstance(v, str) and v in english:
            v = t(v)
        out[k] = v
    return out


@dataclass(frozen=True)
class LogItem:
    """One entry of the log: ply ``index`` (0-based), its words and notation, and one line per event
    of that ply the viewer may see."""

    index: int
    words: str
    notation: str = ""
    lines: tuple[str, ...] = ()
    replayable: bool = True
    """Whether that moment can be shown again (a network guest has no view of the plies played
    before it joined)."""
    rules: tuple[str, ...] = ()
    """The rule behind each of ``lines`` (``""`` for none): each is a link into the rules help."""
    rule: str = ""
    """The rule behind the move's own line (``""`` for none)."""


def log_items(t: T, ctx: BoardContext, board: Any = None) -> list[LogItem]:
    """A local match's log: each ply described by the game, with its events' lines."""
    return [log_item(t, ctx, board, entry) for entry in ctx.session.log()]


def log_item(t: T, ctx: BoardContext, board: Any, entry: LogEntry) -> LogItem:
    """One ply of a local match described by the game, with its events' lines."""
    all_events = ctx.session.match.events
    words = t(
        entry.key,
        **{**worded(t, dict(entry.params)), "player": player_name(t, ctx, entry.player)},
    )
    events = all_events[entry.index] if entry.index < len(all_events) else []
    lines, rule = ruled_lines(t, board, ctx, events, words)
    return LogItem(
        entry.index,
        words,
        entry.notation,
        tuple(text for text, _ in lines),
        rules=tuple(r for _, r in lines),
        rule=rule,
    )


def announcement(t: T, ctx: BoardContext, board: Any = None) -> str:
    """What the screen reader's live region says after a ply: the same words the visible log
    shows for the last ply (players by name, colours in the reader's language) and its events'
    lines; ``""`` before the first ply."""
    plies = len(ctx.session.match.plies)
    if not plies:
        return ""
    item = log_item(t, ctx, board, ctx.session.log_entry(plies - 1))
    return " ".join((item.words, *item.lines))


_LOG_MARKUP: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()
"""Each local match's log entries as drawn, per session: a redraw after a move draws only the new
entry (a long match's log was most of a redraw's time: issue #17). An entry is kept while its ply is
the same object, in the same language, for the same viewer; ``current`` (the moment on show) is part
of the entry. The end of a match keeps them too: an entry says its ply from the state before it and
the viewer's cut of its events, neither of which an end changes, and making a 180-ply log afresh
was tens of ms of the end's one task in Pyodide."""


LOG_SHOWN = 50
"""How many of a local match's newest moves its log draws, and how many more "Show earlier moves"
adds (decision 0006). The log's markup, its comparison with the page's and the page's own nodes
then stay the same size however long the match runs: a Boo! match between hard bots can run to
800 plies, and a move's task grew with them (issue #17)."""


def log_first(plies: int, replay: int | None = None, earlier: int | None = None) -> int:
    """The index of the first of ``plies`` moves the log draws: the newest :data:`LOG_SHOWN`, from
    ``earlier`` when the player asked for earlier moves, and from the moment on show (``replay``,
    the position after that many plies) when it is older still.

    >>> log_first(30), log_first(130), log_first(130, earlier=40), log_first(130, replay=12)
    (0, 80, 40, 11)
    """
    first = max(0, plies - LOG_SHOWN)
    if earlier is not None:
        first = min(first, max(0, earlier))
    if replay is not None:
        first = min(first, max(0, replay - 1))
    return first


def earlier_button(t: T, first: int, oldest: int = 0) -> str:
    """ "Show 50 earlier moves" above a log that starts at ply ``first`` (nothing when it starts at
    ``oldest``, the first it has): a region of its own, so a move that changes its words redraws
    it alone."""
    if first <= oldest:
        return ""
    label = t("app.log-earlier", count=min(LOG_SHOWN, first - oldest))
    return region("log-earlier", button(label, "log-earlier", id="log-earlier", class_="small log-earlier"))


def local_log_entries(t: T, ctx: BoardContext, board: Any, replayable: bool, first: int = 0) -> list[str]:
    """Each ply's log entry from ply ``first`` on, marked as a region, kept between redraws while its
    ply and state stay."""
    memo = _LOG_MARKUP.setdefault(ctx.session, {})
    stamp = (t("app.log-empty"), t("app.seat.n", n=1), ctx.viewer, replayable)
    if memo.get("stamp") != stamp:
        memo.clear()
        memo["stamp"] = stamp
    entries = []
    plies = ctx.session.match.plies
    stop = tab_stop(ctx.replay, len(plies))
    for i in range(first, len(plies)):
        ply = plies[i]
        current = replayable and ctx.replay == i + 1
        hit = memo.get(i)
        state = (current, stop == i + 1)
        if hit is None or hit[0] is not ply or hit[1] != state:
            item = log_item(t, ctx, board, ctx.session.log_entry(i))
            markup = log_entry_markup(t, item, current, replayable, stop == i + 1, game_id=ctx.game.id)
            hit = memo[i] = (ply, state, region_of(markup))
        entries.append(hit[2])
    return entries


def tab_stop(replay: int | None, plies: int) -> int:
    """The log's one Tab stop (the arrows move along it): the entry shown, else the newest."""
    return replay if replay is not None else plies


def log_lines(t: T, game_id: str, item: LogItem, tabindex: int) -> str:
    """The entry's event lines, each run of lines made by one rule linking it once, after its
    last line (a capture's four lines: one link), as the embed's captions do."""
    rules = [*item.rules, *[""] * (len(item.lines) - len(item.rules))]
    out = []
    for i, text in enumerate(item.lines):
        rule = rules[i]
        last = i + 1 == len(rules) or rules[i + 1] != rule
        link = " " + rule_link(t, game_id, rule, "log-rule", tabindex) if game_id and rule and last else ""
        out.append(tag("li", esc(text) + link))
    return tag("ul", "".join(out), class_="events") if out else ""


def log_entry_markup(
    t: T,
    item: LogItem,
    current: bool,
    replayable: bool,
    stop: bool = True,
    game_id: str = "",
) -> str:
    """A log entry: the ply's words (a button showing that moment when ``replayable``), the "embed
    this moment" button, its events' lines under it, and with ``game_id``
    the rule behind each line as a link into that game's rules help (beside the button, not in it:
    the button's click shows the moment). Only the ``stop`` entry's buttons and links are in the
    Tab order (a long game's log is one stop, not two per move; Enter on an entry makes it the stop).

    The move's notation is not shown: the words already say the move in the player's language,
    and the notation (English, code-like) only crowded the entry. It stays in the entry's
    tooltip and ``data-notation`` (on the entry's button) for those who read it (decision 0099)."""
    label = tag("span", esc(f"{item.index + 1}. {item.words}"))
    step, tabindex = item.index + 1, 0 if stop else -1
    sub = log_lines(t, game_id, item, tabindex)
    if game_id and item.rule and item.rules[:1] != (item.rule,):  # a run of one rule links it once
        sub = tag("p", rule_link(t, game_id, item.rule, "log-rule", tabindex), class_="move-rule") + sub
    known = {"title": item.notation or None, "data_notation": item.notation or None}
    head = (
        button_markup(label, "replay", step, current, id=f"replay-{step}", tabindex=tabindex, **known)
        if replayable
        else tag("p", label, **known)
    )
    if replayable:  # "Embed this moment": the position after this move (a network table's: decision 0077)
        head += tag(
            "button",
            esc(t("embed.moment.entry-label")),  # words, not a cryptic "</>"
            type="button",
            class_="log-embed",
            data_action="embed",
            data_arg=item.index + 1,
            id=f"embed-{item.index + 1}",
            tabindex=tabindex,
            aria_label=t("embed.moment.entry", n=item.index + 1),
            title=t("embed.moment.entry", n=item.index + 1),
        )
    return tag("li", head + sub, class_="current" if current else None, id=f"log-{item.index}")


def log_panel(
    t: T,
    ctx: BoardContext,
    board: Any = None,
    open_: bool = True,
    items: list[LogItem] | None = None,
    replayable: bool = True,
    memo: dict[Any, Any] | None = None,
    oldest: int = 0,
) -> str:
    """Every ply drawn as an entry with its events' lines under it; with ``replayable`` each entry
    is a button showing the position after that move (decision 0072). ``items`` default to the
    local match's newest; a network table passes its own (the moments its page saw are replayable
    and embeddable, decisions 0075, 0077; "Show earlier moves" above them when its log has plies
    from ``oldest`` on before them), and may pass a ``memo`` it keeps between redraws: each
    entry's markup by what it is drawn from (an entry drawn before is not drawn again)."""
    earlier = ""
    if items is None:
        first = log_first(len(ctx.session.match.plies), ctx.replay, ctx.earlier)
        entries = local_log_entries(t, ctx, board, replayable, first)
        earlier = earlier_button(t, first)
    else:
        shown = {item.index + 1 for item in items if replayable and item.replayable}
        stop = ctx.replay if ctx.replay is not None else max(shown, default=0)
        memo = {} if memo is None else memo
        stamp = (t("app.log"), ctx.game.id)  # the rule links' words are the page's language
        if memo.get("stamp") != stamp or len(memo) > 4 * len(items) + 64:  # another game, or moments
            memo.clear()
            memo["stamp"] = stamp
        earlier = earlier_button(t, items[0].index, oldest) if items else ""
        entries = []
        for item in items:
            step = item.index + 1
            key = (item, ctx.replay == step, step in shown, stop == step)
            markup = memo.get(key)
            if markup is None:
                markup = memo[key] = region_of(log_entry_markup(t, item, *key[1:], game_id=ctx.game.id))
            entries.append(markup)
    body = (
        # Each entry a region (marked once, when it is drawn): a move's entry is inserted alone, the
        # log is not drawn again. The list is a region too, so "Show earlier moves" appearing (the
        # 51st move) goes in beside it alone: it replaced the whole panel, 40 KB and a frame of
        # 55-80 ms restyling and laying out 580 elements on a network table (issue #17).
        earlier + region_of(tag("ol", "".join(entries), class_="log", id="move-log", data_keep_scroll="end"))
        if entries
        else tag("p", esc(t("app.log-empty")), class_="muted")
    )
    return panel("log", t("app.log"), body, open_ or ctx.replay is not None)
