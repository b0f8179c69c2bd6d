"""The player's settings, kept in browser storage as JSON. A damaged value falls back to defaults."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace

from parlour.i18n import LANGUAGES, pick_language

STORAGE_KEY = "parlour.settings"
ANIMATIONS = ("system", "on", "fast", "off")
"""``on`` is normal speed; ``system`` is normal unless the system asks for reduced motion (then off)."""


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
        return self.speed(system_reduced_motion) > 0

    def speed(self, system_reduced_motion: bool) -> float:
        """The factor on animation times: 1 normal, 0.5 fast, 0 none (off, or reduced motion asked)."""
        if self.animations == "system":
            return 0.0 if system_reduced_motion else 1.0
        return {"on": 1.0, "fast": 0.5}.get(self.animations, 0.0)


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
