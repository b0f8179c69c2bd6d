"""Message catalogues in English, Russian and Ukrainian, with plural forms.

Catalogues are JSON files: the app's own in this package (``en.json``, ``ru.json``, ``uk.json``)
and each game's in ``parlour/games/<package>/i18n/``. A game's keys start with its id
(``"boop.piece.kitten"``), so catalogues never collide. A value is either a string with
``{name}`` placeholders or, for words that follow a number, a dict of plural forms
(``one``/``few``/``many``/``other``) chosen by the ``count`` parameter.

The site's wheel carries them packed in one file instead (``SHIPPED``, written by build.py, decision
0088): the keys once, then each language's values in the keys' order. Read either way, a language's
catalogue is the same dict, in the same order.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "ru", "uk")
DEFAULT = "en"
_PACKAGES = (
    "parlour.i18n",
    "parlour.games.boop",
    "parlour.games.boo",
    "parlour.games.wooly_bully",
    "parlour.games.ghosts_galore",
    "parlour.net",
    "parlour.web",
)
SHIPPED = "catalogues.json"
"""The packed catalogues in ``parlour/i18n/`` of the site's wheel: ``{"keys": [...], "en": [...], ...}``,
a value ``null`` where a language lacks the key. The source tree has no such file."""


def plural_form(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (integers only)."""
    n = abs(n)
    if lang in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def _read(package: str, lang: str) -> dict[str, Any]:
    # Found by path under the parlour package, not by importing ``package``: importing a game just to
    # read its words would load every game's rules at start-up.
    parts = package.split(".")[1:]
    if parts != ["i18n"]:
        parts.append("i18n")
    try:
        text = resources.files("parlour").joinpath(*parts, f"{lang}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def from_sources(lang: str) -> dict[str, Any]:
    """Every message of ``lang``, merged from the catalogue files of all packages present."""
    merged: dict[str, Any] = {}
    for package in _PACKAGES:
        merged.update(_read(package, lang))
    return merged


@cache
def _packed() -> dict[str, list[Any]] | None:
    # Three languages in one file cost the site about 22 KB less than 21 files: deflate finds the keys
    # and much of Russian and Ukrainian once (decision 0088).
    try:
        text = resources.files("parlour").joinpath("i18n", SHIPPED).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None
    data: dict[str, list[Any]] = json.loads(text)
    return data


@cache
def catalogue(lang: str) -> dict[str, Any]:
    """Every message of ``lang``: from the packed file in the site's wheel, else from the sources."""
    packed = _packed()
    if packed is None:
        return from_sources(lang)
    texts = packed.get(lang)
    if texts is None:
        return {}
    return {key: text for key, text in zip(packed["keys"], texts, strict=True) if text is not None}


def translate(lang: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``lang``, falling back to English, then to the key itself."""
    text = catalogue(lang).get(key)
    if text is None and lang != DEFAULT:
        text = catalogue(DEFAULT).get(key)
        lang_used = DEFAULT
    else:
        lang_used = lang
    if text is None:
        return key
    if isinstance(text, dict):
        count = params.get("count", 0)
        form = plural_form(lang_used, int(count))
        text = text.get(form, text.get("other", text.get("many", "")))
    try:
        return str(text).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(text)


def pick_language(preferences: list[str]) -> str:
    """The first supported language among the browser's preferences (``"uk-UA"`` → ``"uk"``)."""
    for pref in preferences:
        code = pref.lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return DEFAULT
