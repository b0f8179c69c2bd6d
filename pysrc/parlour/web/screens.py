"""The app's screens as markup: picker, setup, settings, rules help, "not found", the update banner.

Each screen is a pure function of what it shows and a translate function ``t(key, **params)``.
Buttons carry ``data-action`` (and ``data-arg``), dispatched by :class:`parlour.web.app.App`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.engine import Game
from parlour.games import GameInfo
from parlour.i18n import LANGUAGES
from parlour.web.markup import attrs, button, esc, labelled, tag
from parlour.web.settings import ANIMATIONS, Settings

T = Callable[..., str]


@dataclass(frozen=True)
class SavedMatch:
    """A saved match as the picker offers it: its slot and how many moves it has; ``damaged``: it
    cannot be resumed (listed to say so and to be deleted, never dropped unasked)."""

    slot: str
    moves: int
    damaged: bool = False


@dataclass(frozen=True)
class PickerEntry:
    """A game as the picker shows it: playable when both its rules and its board exist;
    ``matches`` the saved ones, newest first (Resume opens the first)."""

    info: GameInfo
    playable: bool
    saved: bool = False
    matches: Sequence[SavedMatch] = ()


def seat_label(t: T, game_id: str, seat: int) -> str:
    """The game's name for a seat ("Orange"), or "Player 3" where the game names none."""
    key = f"{game_id}.seat.{seat}"
    name = t(key, n=seat + 1)
    return t("app.seat.n", n=seat + 1) if name == key else name


GEAR = (
    '<svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="8.5" stroke-width="4"'
    ' stroke-dasharray="3.34"/><circle cx="12" cy="12" r="5.5" stroke-width="3"/></svg>'
)
"""A gear drawn as SVG (its teeth a dashed ring): the glyph ⚙ is in few fonts, only DejaVu on the
build machine, an empty box on a device without it (decision 0107). Its stroke is set in the CSS."""


def settings_link(t: T) -> str:
    """The header's way to the settings, a gear named for screen readers."""
    return tag("a", GEAR, href="#/settings", class_="icon-link", aria_label=t("app.settings"))


def header(t: T, title: str, back: str | None = "#/") -> str:
    back_link = tag("a", "←", href=back, class_="back", aria_label=t("app.back")) if back else ""
    settings = settings_link(t)
    heading = tag("h1", esc(title), id="screen-title", tabindex=-1)  # focused on a screen change
    return tag("header", back_link + heading + settings, class_="bar")


def picker(t: T, entries: Sequence[PickerEntry]) -> str:
    cards = []
    for e in entries:
        gid = e.info.id
        if e.info.min_players == e.info.max_players:
            players = t("app.players-n", count=e.info.min_players)
        else:
            # A range takes the plural of its last number: "2–4 игрока", "2–5 игроков".
            players = t(
                "app.players-range", min=e.info.min_players, max=e.info.max_players, count=e.info.max_players
            )
        body = tag("h2", esc(t(f"game.{gid}.name"))) + tag("p", esc(t(f"game.{gid}.blurb")), class_="blurb")
        body += tag("p", esc(players), class_="meta")
        if e.playable:
            link = tag(
                "a",
                esc(t("app.play")),
                href=f"#/{gid}",
                class_="button primary",
                data_game=gid,
                id=f"play-{gid}",
            )
            rules = tag("a", esc(t("app.rules")), href=f"#/{gid}/rules", class_="button")
            resume = ""
            whole = [m for m in e.matches if not m.damaged]
            if whole:
                resume = tag(
                    "a",
                    esc(t("app.resume")),
                    href=f"#/{gid}/play?s={whole[0].slot}",
                    class_="button",
                    id=f"resume-{gid}",
                )
            elif e.saved:
                resume = tag("a", esc(t("app.resume")), href=f"#/{gid}/play", class_="button")
            body += tag("div", link + resume + rules, class_="actions")
            damaged = len(whole) < len(e.matches)
            if len(e.matches) > 1 or damaged:
                body += tag(
                    "details",
                    tag("summary", esc(t("app.saved-matches", count=len(e.matches))), id=f"saved-sum-{gid}")
                    + tag(
                        "ol",
                        "".join(saved_item(t, gid, i, m) for i, m in enumerate(e.matches)),
                        class_="saved",
                    ),
                    class_="saved-matches",
                    id=f"saved-{gid}",
                    open=damaged,  # news to the player: shown, not folded away
                )
        else:
            body += tag("p", esc(t("app.coming-soon")), class_="soon")
        cards.append(tag("li", body, class_="card" + ("" if e.playable else " soon-card"), data_game=gid))
    main = tag("ul", "".join(cards), class_="picker", aria_label=t("app.games"))
    return header(t, t("app.title"), back=None) + tag("main", main, id="main", data_screen="picker")


def saved_item(t: T, gid: str, i: int, match: SavedMatch) -> str:
    """One saved match of the picker's list: a link that resumes it; a damaged one says so (the
    link then says why it cannot be resumed) and has its own Delete button."""
    href = f"#/{gid}/play?s={match.slot}"
    if not match.damaged:
        words = t("app.saved-match", n=i + 1, count=match.moves)
        return tag("li", tag("a", esc(words), href=href, data_slot=match.slot))
    delete = button(
        t("app.delete"), "delete-save", f"{gid}/{match.slot}", aria_label=t("app.delete-n", n=i + 1)
    )
    link = tag("a", esc(t("app.saved-damaged", n=i + 1)), href=href, data_slot=match.slot)
    return tag("li", link + " " + delete, class_="damaged")


def setup(
    t: T,
    game: Game[Any, Any],
    levels: Sequence[str],
    seats: Sequence[str],
    options: dict[str, Any],
    error: str = "",
    editor: bool = False,
) -> str:
    """Players (a person or an AI level per seat) and the game's options, then Start; ``editor``:
    the game has a position editor (a link to it)."""
    gid = game.id
    rows = []
    choices = ["human", *[lv for lv in levels if lv != "random"]]
    for i, current in enumerate(seats):
        opts = "".join(
            tag(
                "option",
                esc(t("app.seat.human") if c == "human" else t("app.seat.ai", level=t(f"app.level.{c}"))),
                value=c,
                selected=c == current,
            )
            for c in choices
        )
        label = seat_label(t, gid, i)
        rows.append(labelled(label, tag("select", opts, data_action="seat", data_arg=i, id=f"seat-{i}")))
    if game.min_players != game.max_players:
        count = "".join(
            tag("option", str(n), value=n, selected=n == len(seats))
            for n in range(game.min_players, game.max_players + 1)
        )
        rows.insert(
            0,
            labelled(
                t("app.player-count"), tag("select", count, data_action="player-count", id="player-count")
            ),
        )
    for opt in (o for o in game.options if not o.hidden):
        value = options.get(opt.name, opt.default)
        if opt.choices:
            inner = "".join(
                tag("option", esc(t(f"{opt.label}.{c}")), value=str(c), selected=c == value)
                for c in opt.choices
            )
            control = tag("select", inner, data_action="option", data_arg=opt.name, id=f"opt-{opt.name}")
        else:
            control = f"<input{attrs(type='checkbox', checked=bool(value), data_action='option', data_arg=opt.name, id=f'opt-{opt.name}')}>"
        rows.append(labelled(t(opt.label), control))
    err = tag("p", esc(error), class_="error", role="alert") if error else ""
    start = button(t("app.start"), "start", class_="primary", id="start")
    rules = tag("a", esc(t("app.rules")), href=f"#/{gid}/rules", class_="button")
    rules += tag("a", esc(t("net.lobby.host")), href=f"#/{gid}/host", class_="button", id="host-link")
    if editor:
        rules += tag("a", esc(t("editor.title")), href=f"#/{gid}/editor", class_="button", id="editor-link")
    form = tag(
        "section",
        tag("h2", esc(t("app.setup"))) + "".join(rows) + err + tag("div", start + rules, class_="actions"),
        class_="setup",
    )
    return header(t, t(f"game.{gid}.name")) + tag("main", form, id="main", data_screen="setup")


def settings(t: T, current: Settings, ice: str = "", relays: str = "") -> str:
    """Language, animations, and folded under "Advanced: network" (open when either is set) the
    STUN/TURN servers (``ice``, one a line) and the signalling relays of rooms (``relays``)."""
    langs = "".join(
        tag("option", esc(t(f"app.lang.{code}")), value=code, selected=code == current.lang)
        for code in LANGUAGES
    )
    anims = "".join(
        tag("option", esc(t(f"app.animations.{a}")), value=a, selected=a == current.animations)
        for a in ANIMATIONS
    )
    body = labelled(t("app.language"), tag("select", langs, data_action="lang", id="lang"))
    body += labelled(t("app.animations"), tag("select", anims, data_action="animations", id="animations"))
    network = labelled(
        t("app.net.ice"),
        tag("textarea", esc(ice), id="net-ice", rows=3, data_action="net-ice")
        + tag("small", esc(t("app.net.ice-help")), class_="muted"),
    )
    network += labelled(
        t("app.net.relays"),
        tag("textarea", esc(relays), id="net-relays", rows=2, data_action="net-relays")
        + tag("small", esc(t("app.net.relays-help")), class_="muted"),
    )
    # Most players never need these: folded away, open once the player has set any (decision 0099).
    summary = tag("summary", esc(t("app.net.advanced")))
    body += tag("details", summary + network, class_="advanced", id="net-advanced", open=bool(ice or relays))
    return header(t, t("app.settings")) + tag(
        "main", tag("section", body, class_="setup"), id="main", data_screen="settings"
    )


def rules(
    t: T,
    game_id: str,
    keys: Sequence[str],
    figures: Mapping[str, str] | None = None,
    wanted: str = "",
    rule_ids: Mapping[str, Sequence[str]] | None = None,
    sections: Sequence[tuple[str, Sequence[str]]] = (),
) -> str:
    """The rules help: the digest in plain words, one paragraph per message key (its id, so a rule
    can be linked to), each followed by the board's live examples for it (``figures``: key → markup
    drawn by the board's own code). ``sections`` group the paragraphs under headings
    (``GAME.help-h.NAME``), goal first; without them the paragraphs follow ``keys``. The rules a
    paragraph explains (``rule_ids``: key → ids, from the board; any id still written in a sentence
    is taken out of it) are named before it, each an anchor (``#/GAME/rules?rule=BP-2`` opens the
    help at that rule, marked, focus on it); the code itself is only the anchor's id."""
    from parlour.web.context import split_rule  # the one place that knows how a rule id is written

    figures = figures or {}

    def para(k: str) -> str:
        words, written = split_rule(t(k))
        ids = list(dict.fromkeys([*(rule_ids or {}).get(k, ()), *written]))
        anchors = "".join(
            tag(
                "span",
                esc(name if (name := t(f"{game_id}.rule.{r}")) != f"{game_id}.rule.{r}" else r),
                id=f"rule-{r}",
                class_="rule-id",
                data_rule=r,
                tabindex=-1 if r == wanted else None,
            )
            for r in ids
        )
        head = tag("span", anchors, class_="rule-ids") if anchors else ""
        hit = bool(wanted) and wanted in ids
        return tag("p", head + esc(words), id=k, class_="wanted" if hit else None) + figures.get(k, "")

    if sections:  # the goal, then a list of the sections (on a phone the help is long), then them
        links = "".join(
            tag("li", tag("a", esc(t(f"{game_id}.help-h.{name}")), href=f"#/{game_id}/rules?at={name}"))
            for name, _ in sections
        )
        toc = tag("nav", tag("ul", links), class_="help-toc", aria_label=t("app.rules-contents"))
        parts = [
            tag(
                "section",
                tag("h2", esc(t(f"{game_id}.help-h.{name}")), id=f"help-{name}", tabindex=-1)
                + "".join(para(k) for k in ks),
                aria_labelledby=f"help-{name}",
            )
            for name, ks in sections
        ]
        paras = parts[0] + toc + "".join(parts[1:])
    else:
        paras = "".join(para(k) for k in keys)
    paras = paras or tag("p", esc(t("app.rules-missing")))
    back = f"#/{game_id}"
    play = tag("a", esc(t("app.play")), href=f"#/{game_id}", class_="button primary")
    return header(t, t("app.rules-of", game=t(f"game.{game_id}.name")), back=back) + tag(
        "main",
        tag("article", paras + tag("div", play, class_="actions"), class_="rules"),
        id="main",
        data_screen="rules",
    )


def loading_game(t: T, game_id: str, share: float = 0.0) -> str:
    """The game's package being loaded (its rules and board compiled on first use): named, with the
    ``share`` of its modules imported so far (no game: a guest's page, the network's modules,
    decision 0114), in the person's language, with the start-up screen's
    look, until the game's screen replaces it. Not a live region: the figure changes every step (6-11
    times a second), and a screen reader hears the phase once, through the page's own (the app)."""
    name = opened_name(t, game_id)
    percent = min(100, max(0, round(share * 100)))
    cat = tag(
        "svg", '<use href="./assets/icons/icon.svg#cat"></use>', class_="loading-cat", viewBox="0 0 64 64"
    )
    body = (
        cat.replace("<svg ", '<svg aria-hidden="true" ', 1)
        + tag("h1", esc(name), id="screen-title", tabindex="-1")
        + tag("progress", "", max="100", value=str(percent))
        + tag(
            "p",
            esc(t("boot.game" if game_id else "boot.net", game=name, percent=percent)),
            id="loading-game-text",
        )
    )
    return tag("main", tag("section", body, class_="loading"), id="main", data_screen="loading")


def opened_name(t: T, game_id: str) -> str:
    """What is being opened: the game, or network play on a guest's page (no game named yet)."""
    return t(f"game.{game_id}.name") if game_id else t("net.lobby.title")


def failed_words(t: T, game_id: str) -> str:
    """Why the screen asked for is not shown: its game, or network play (a guest's page), failed."""
    return t("app.open-failed", game=t(f"game.{game_id}.name")) if game_id else t("app.net-open-failed")


def loading_said(t: T, game_id: str) -> str:
    """What a screen reader hears once as :func:`loading_game` is first shown."""
    return t("boot.game-said", game=t(f"game.{game_id}.name")) if game_id else t("boot.net-said")


def open_failed(t: T, game_id: str) -> str:
    """A game whose opening raised (a module, a saved match): said in the person's language, with
    the way back to the picker, which takes the focus (the app, :meth:`App.fail`)."""
    name = opened_name(t, game_id)
    body = tag("p", esc(failed_words(t, game_id))) + tag(
        "a", esc(t("app.to-picker")), href="#/", class_="button primary", id="open-failed-back"
    )
    return header(t, name) + tag(
        "main", tag("section", body, class_="setup"), id="main", data_screen="open-failed"
    )


def missing(t: T) -> str:
    body = tag("p", esc(t("app.not-found"))) + tag(
        "a", esc(t("app.to-picker")), href="#/", class_="button primary"
    )
    return header(t, t("app.title")) + tag(
        "main", tag("section", body, class_="setup"), id="main", data_screen="missing"
    )


def banner(t: T, update_waiting: bool, error: str, delete: str = "") -> str:
    """Notices over every screen: a new version to take, or an error to read; ``delete``: the
    error is a saved match that cannot be resumed ("GAME/SLOT"), which it offers to delete."""
    parts = []
    if update_waiting:
        parts.append(
            tag(
                "div",
                esc(t("app.update")) + " " + button(t("app.reload"), "update"),
                class_="notice",
                role="status",
                id="update-banner",
            )
        )
    if error:
        parts.append(
            tag(
                "div",
                esc(error)
                + " "
                + (button(t("app.delete"), "delete-save", delete, id="delete-save") + " " if delete else "")
                + button("×", "dismiss", aria_label=t("app.close")),
                class_="notice error",
                role="alert",
                id="error-banner",
            )
        )
    return "".join(parts)
