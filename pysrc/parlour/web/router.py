"""Routes live in the URL fragment, so every screen has a link and the browser's back button works.

``#/`` the game picker; ``#/settings``; ``#/GAME`` a game's setup screen; ``#/GAME/play`` the match
being played (``?m=LINK`` opens a shared match); ``#/GAME/rules`` the rules help; ``#/boop/editor``
the position editor (``?pos=POSITION`` starts from a position); ``#/GAME/host`` a
table hosted for network play; ``#/join?o=OFFER&s=SID`` a guest's page for a host's invite.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour.web import urls  # urllib.parse (with ipaddress) compiles from source on a first start: 0110


@dataclass(frozen=True)
class Route:
    """A parsed fragment: ``screen`` is ``picker``, ``settings``, ``setup``, ``play``, ``rules``, ``host``,
    ``editor``, ``join`` or ``missing``."""

    screen: str
    game: str = ""
    params: dict[str, str] = field(default_factory=dict)

    def fragment(self) -> str:
        if self.screen == "picker":
            path = "/"
        elif self.screen in ("settings", "join"):
            path = f"/{self.screen}"
        elif self.screen == "setup":
            path = f"/{self.game}"
        else:
            path = f"/{self.game}/{self.screen}"
        if not self.params:
            return f"#{path}"
        return f"#{path}?{urls.urlencode(self.params)}"


def parse(fragment: str, known_games: frozenset[str] | set[str]) -> Route:
    """The route of ``fragment`` (with or without the leading ``#``); unknown paths give ``missing``."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    path, _, query = text.partition("?")
    params: dict[str, str] = {}
    if query:
        params = dict(urls.parse_qsl(query))
    parts = [p for p in path.split("/") if p]
    if not parts:
        return Route("picker", params=params)
    if parts in (["settings"], ["join"]):
        return Route(parts[0], params=params)
    game = parts[0]
    if game not in known_games:
        return Route("missing", params={"path": path})
    if len(parts) == 1:
        return Route("setup", game, params)
    if len(parts) == 2 and parts[1] in ("play", "rules", "host", "editor"):
        return Route(parts[1], game, params)
    return Route("missing", params={"path": path})
