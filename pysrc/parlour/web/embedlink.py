"""An embed's address (``embed.html#game=boop&pos=...``: :class:`Spec`, :func:`fragment`) and the
"Embed this moment" dialog that makes one, with its snippet: what the match screen, the editor and
a network table need of the embed, without its board (split from :mod:`parlour.web.embed` so that
each module compiles in a short task: decision 0114)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour import games
from parlour.engine import canonical_json
from parlour.i18n import LANGUAGES
from parlour.web.diagram import START
from parlour.web.markup import button, esc, tag
from parlour.web.urls import quote, unquote  # not urllib.parse: 0110

THEMES = ("auto", "light", "dark")
MIN_INTERVAL_MS = 400
DEFAULT_INTERVAL_MS = 1500
BOT_DELAY_MS = 350
MAX_MOVES = 400
PREFIX = "parlour:"
"""Every message to and from the parent page has a ``type`` starting with this."""


class SpecError(ValueError):
    """A parameter that is not allowed, with the message key that says why."""

    def __init__(self, message: str, code: str = "embed.error.position", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Spec:
    """The embed's parameters, from its URL fragment (all optional but ``game``)."""

    game: str = "boop"
    source: str = START
    """A position in the game's notation, a share link (``m=``), or ``start``."""
    moves: tuple[str, ...] = ()
    step: int | None = None
    """The step shown first (default: the start when moves are given, else the last)."""
    lang: str | None = None
    theme: str = "auto"
    seat: int | None = None
    """The seat whose view is drawn (boop.: 1 turns the bed round); ``None``: no seat's view, only
    what everyone at the table sees (no hand, no hidden tile)."""
    controls: bool = True
    interactive: bool = True
    autoplay: int = 0
    """Milliseconds between steps when playing by itself; 0 is off."""
    try_mode: str = ""
    """``""`` (no "Try it"), ``"both"`` (the viewer plays both sides) or a bot level."""
    puzzles: frozenset[int] = frozenset()
    """Steps at which the viewer must find the next move of the sequence."""
    captions: Mapping[int, str] = field(default_factory=dict)
    name: str = ""
    """The author's name for this embed, echoed in every message to the parent page."""

    @classmethod
    def parse(cls, fragment: str) -> Spec:
        """Parse ``#key=value&...``; anything unknown or out of range raises :class:`SpecError`."""
        text = fragment[1:] if fragment.startswith("#") else fragment
        # Not parse_qsl: a "+" stays a "+" (positions use it: top-c+2), as a browser leaves it.
        params = {unquote(k): unquote(v) for k, _, v in (p.partition("=") for p in text.split("&") if p)}
        game = params.pop("game", "boop")
        if game not in games.BY_ID:
            raise SpecError(f"unknown game {game!r}", "embed.error.game", game=game)
        source = params.pop("m", "") or params.pop("pos", "") or START
        params.pop("pos", None)
        moves = tuple(m for m in params.pop("moves", "").replace(" ", ",").split(",") if m)
        if len(moves) > MAX_MOVES:
            raise SpecError("too many moves")
        captions: dict[int, str] = {}
        for key in [k for k in params if k.startswith("c") and k[1:].isdigit()]:
            captions[int(key[1:])] = params.pop(key)[:500]
        spec = cls(
            game=game,
            source=source,
            moves=moves,
            step=_int(params.pop("step", None), "step", 0, MAX_MOVES),
            lang=_choice(params.pop("lang", None), LANGUAGES, "lang"),
            theme=_choice(params.pop("theme", "auto"), THEMES, "theme") or "auto",
            seat=_int(params.pop("seat", None), "seat", 0, 7),
            controls=_flag(params.pop("controls", "1"), "controls"),
            interactive=_flag(params.pop("interactive", "1"), "interactive"),
            autoplay=_interval(params.pop("autoplay", "0")),
            try_mode=params.pop("try", ""),
            puzzles=frozenset(
                _int(s, "puzzle", 0, MAX_MOVES) or 0 for s in params.pop("puzzle", "").split(",") if s
            ),
            captions=captions,
            name=params.pop("id", "")[:80],
        )
        if spec.try_mode and spec.try_mode != "both" and spec.try_mode not in games.module(game).BOTS:
            raise SpecError(f"try must be 'both' or a bot level, not {spec.try_mode!r}")
        if params:
            raise SpecError(f"unknown parameter {sorted(params)[0]!r}")
        return spec


def _int(value: str | None, name: str, low: int, high: int) -> int | None:
    if value is None or value == "":
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        raise SpecError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return int(value)


def _choice(value: str | None, allowed: tuple[str, ...], name: str) -> str | None:
    if value in (None, ""):
        return None
    if value not in allowed:
        raise SpecError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _flag(value: str, name: str) -> bool:
    if value not in ("0", "1", "true", "false"):
        raise SpecError(f"{name} is 1 or 0, not {value!r}")
    return value in ("1", "true")


def _interval(value: str) -> int:
    if value in ("0", "", "false"):
        return 0
    if value in ("1", "true"):
        return DEFAULT_INTERVAL_MS
    ms = _int(value, "autoplay", 0, 60_000) or 0
    return max(ms, MIN_INTERVAL_MS)


def fragment(spec: Spec) -> str:
    """The URL fragment (without ``#``) that :meth:`Spec.parse` reads back as ``spec``."""
    parts: list[tuple[str, str]] = [("game", spec.game)]
    if spec.source != START:
        parts.append(("pos" if " " in spec.source or spec.source[:1] == "{" else "m", spec.source))
    if spec.moves:
        parts.append(("moves", ",".join(spec.moves)))
    if spec.step is not None:
        parts.append(("step", str(spec.step)))
    for key, value, default in (
        ("lang", spec.lang, None),
        ("theme", spec.theme, "auto"),
        ("seat", None if spec.seat is None else str(spec.seat), None),
        ("controls", "1" if spec.controls else "0", "1"),
        ("interactive", "1" if spec.interactive else "0", "1"),
        ("autoplay", str(spec.autoplay), "0"),
        ("try", spec.try_mode, ""),
        ("puzzle", ",".join(str(s) for s in sorted(spec.puzzles)), ""),
        ("id", spec.name, ""),
    ):
        if value is not None and value != default:
            parts.append((key, value))
    parts.extend((f"c{n}", text) for n, text in sorted(spec.captions.items()))
    return "&".join(f"{k}={quote(v, safe='@:,/-_.~+')}" for k, v in parts)


# --- "Embed this moment" -----------------------------------------------------------------------
SNIPPET_SIZE = (380, 540)


def moment_fragment(game_id: str, link: str, step: int, lang: str | None = None) -> str:
    """The embed fragment showing a match (its share link) at ``step``, stepping from the start."""
    return fragment(Spec(game=game_id, source=link, step=step, lang=lang))


def table_source(game: Any, view: Any) -> str:
    """A seat's ``view`` of a moment as the position every seat at the table saw (decision 0077):
    cut to no seat's view, its secrets stand-ins made from that alone (:meth:`Game.stand_in`), in
    the game's notation (its state's JSON without one). Nothing in it depends on what the seat could
    not see, nor on the seat's own secrets (a reader may be one of its opponents)."""
    table = game.stand_in(game.view(game.stand_in(view), None))
    notation = getattr(game, "position", None)
    return str(notation(table)) if notation is not None else canonical_json(game.encode_state(table))


def table_fragment(game: Any, view: Any, step: int, t: Any) -> str:
    """The embed fragment of a network table's moment after ``step`` plies: that one position, not
    the match's record (its seed and moves would tell every hand and stack to come), captioned."""
    caption = {0: t("embed.moment.after", n=step)}
    return fragment(Spec(game=game.id, source=table_source(game, view), captions=caption))


def snippet(base_url: str, frag: str, title: str) -> str:
    """The ``<iframe>`` an author pastes into their page (lazy, so a page of many starts few)."""
    width, height = SNIPPET_SIZE
    return (
        f'<iframe src="{esc(base_url)}embed.html#{esc(frag)}" width="{width}" height="{height}" '
        f'loading="lazy" style="border:0" title="{esc(title)}"></iframe>'
    )


def embed_dialog(
    t: Any, base_url: str, frag: str, title: str, copied: bool = False, edit: str = "", net: bool = False
) -> str:
    """The "Embed this moment" dialog of the match screen: the snippet to copy, a live preview;
    ``edit`` is the position editor's address for this moment (games that have one); ``net``: a
    network table's moment (one position as the table saw it, said so)."""
    code = snippet(base_url, frag, title)
    preview = tag(
        "iframe",
        "",
        src=f"./embed.html#{frag}",
        width=SNIPPET_SIZE[0],
        height=SNIPPET_SIZE[1],
        title=title,
        class_="embed-preview",
        id="embed-preview",
        data_keep="hash",
    )
    body = (
        tag("h2", esc(t("embed.moment.title")), id="embed-title", tabindex=-1)
        + tag("p", esc(t("embed.moment.help-net" if net else "embed.moment.help")), class_="muted")
        + tag(
            "label",
            tag("span", esc(t("embed.moment.snippet")))
            + f'<textarea readonly id="embed-snippet" rows="4">{esc(code)}</textarea>',
            class_="field",
        )
        + tag(
            "div",
            button(t("embed.moment.copy"), "embed-copy", id="embed-copy", class_="primary")
            + (tag("span", esc(t("embed.moment.copied")), role="status", id="embed-copied") if copied else "")
            + tag(
                "a",
                esc(t("embed.moment.docs")),
                href=t("embed.moment.docs-href"),
                target="_blank",
                class_="button",
            )
            + (tag("a", esc(t("editor.title")), href=edit, class_="button", id="embed-edit") if edit else "")
            + button(t("embed.moment.close"), "embed-close", id="embed-close"),
            class_="actions",
        )
        + preview
    )
    return tag(
        "div",
        tag("div", body, class_="dialog embed-dialog"),
        class_="end-screen",
        role="dialog",
        aria_modal="true",
        aria_labelledby="embed-title",
        id="embed-dialog",
    )
