"""Every message key the protocol sends or shows has English, Russian and Ukrainian text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.i18n import translate

PACKAGE = Path(__file__).parents[2] / "pysrc" / "parlour" / "net"


def catalogue(lang: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((PACKAGE / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        found |= set(re.findall(r'"(net\.[a-z]+\.[a-z-]+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_code_the_protocol_uses_has_text(lang):
    keys = set(catalogue(lang))
    assert codes_in_source() - keys == set()
    assert all(key.startswith("net.") for key in keys)


def test_the_three_catalogues_have_the_same_keys():
    assert set(catalogue("en")) == set(catalogue("ru")) == set(catalogue("uk"))


def test_peer_states_and_plurals_read_naturally():
    assert translate("ru", "net.peer.reconnecting") == "переподключается…"
    assert translate("uk", "net.lobby.players", count=5) == "5 гравців"
    assert translate("en", "net.lobby.players", count=1) == "1 player"
