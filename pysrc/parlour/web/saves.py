"""Saved matches, several per game, kept in browser storage: nothing a player opens (a shared link,
a new game) overwrites another saved match.

Storage layout (every value a string): ``parlour.saves.GAME`` is a JSON list of slot ids, newest
first; ``parlour.save.GAME.ID`` a match record; ``parlour.notes.GAME.ID`` its seats' private notes.
A save from before slots (``parlour.save.GAME``, one per game) is moved into a slot on first use.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

INDEX_KEY = "parlour.saves.{game}"
RECORD_KEY = "parlour.save.{game}.{slot}"
NOTES_KEY = "parlour.notes.{game}.{slot}"
LEGACY_KEY = "parlour.save.{game}"
LEGACY_NOTES_KEY = "parlour.notes.{game}"
KEEP = 8
"""Saved matches kept per game; the oldest beyond this are dropped."""


@dataclass
class Saves:
    """One game's saved matches over a key/value storage (``get`` returns ``None`` when absent)."""

    game: str
    get: Callable[[str], str | None]
    set: Callable[[str, str], object]
    """Stores a value; returning ``False`` means the storage refused it (quota full)."""
    remove: Callable[[str], None]

    def slots(self) -> list[str]:
        """Slot ids, newest first (a damaged index counts as empty)."""
        self._migrate()
        try:
            data = json.loads(self.get(INDEX_KEY.format(game=self.game)) or "[]")
        except ValueError:
            return []
        return [s for s in data if isinstance(s, str) and s] if isinstance(data, list) else []

    def record(self, slot: str) -> str | None:
        return self.get(RECORD_KEY.format(game=self.game, slot=slot))

    def notes(self, slot: str) -> str | None:
        return self.get(NOTES_KEY.format(game=self.game, slot=slot))

    def newest(self) -> str | None:
        found = self.slots()
        return found[0] if found else None

    def put(self, slot: str, record: str, notes: str = "") -> bool:
        """Save ``record`` in ``slot`` and make it the newest; the oldest beyond ``KEEP`` go.
        ``False`` when the storage refused something (the caller tells the player)."""
        kept = self.set(RECORD_KEY.format(game=self.game, slot=slot), record) is not False
        if notes:
            kept = self.set(NOTES_KEY.format(game=self.game, slot=slot), notes) is not False and kept
        order = [slot] + [s for s in self.slots() if s != slot]
        for old in order[KEEP:]:
            self._drop(old)
        return self._write(order[:KEEP]) and kept

    def delete(self, slot: str) -> None:
        """Forget a slot (a finished match)."""
        self._drop(slot)
        self._write([s for s in self.slots() if s != slot])

    def _drop(self, slot: str) -> None:
        self.remove(RECORD_KEY.format(game=self.game, slot=slot))
        self.remove(NOTES_KEY.format(game=self.game, slot=slot))

    def _write(self, order: list[str]) -> bool:
        return self.set(INDEX_KEY.format(game=self.game), json.dumps(order)) is not False

    def _migrate(self) -> None:
        legacy = self.get(LEGACY_KEY.format(game=self.game))
        if legacy is None:
            return
        notes = self.get(LEGACY_NOTES_KEY.format(game=self.game)) or ""
        self.remove(LEGACY_KEY.format(game=self.game))
        self.remove(LEGACY_NOTES_KEY.format(game=self.game))
        self.put("0", legacy, notes)
