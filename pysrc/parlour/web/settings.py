"""The player's settings, kept in browser storage as JSON. A damaged value falls back to defaults."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from parlour.i18n import LANGUAGES, pick_language

STORAGE_KEY = "parlour.settings"
ANIMATIONS = ("system", "on", "off")


@dataclass(frozen=True)
class Settings:
    """``lang`` is a catalogue language; ``animations`` follows the system's reduced-motion wish by default."""

    lang: str = "en"
    animations: str = "system"

    def with_(self, **changes: str) -> Settings:
        new = replace(self, **changes)
        if new.lang not in LANGUAGES or new.animations not in ANIMATIONS:
            raise ValueError(f"bad settings {changes!r}")
        return new

    def dumps(self) -> str:
        return json.dumps(asdict(self))

    def animate(self, system_reduced_motion: bool) -> bool:
        if self.animations == "system":
            return not system_reduced_motion
        return self.animations == "on"


def load(stored: str | None, browser_languages: list[str]) -> Settings:
    """Settings from storage; the language defaults to the browser's first supported one."""
    default = Settings(lang=pick_language(browser_languages))
    if not stored:
        return default
    try:
        data = json.loads(stored)
        return default.with_(**{k: str(v) for k, v in data.items() if k in ("lang", "animations")})
    except (ValueError, TypeError, AttributeError):
        return default
