"""The tile set and the board as data, and the message catalogues."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from parlour.games.ghosts_galore import BOTS, tilegen
from parlour.games.ghosts_galore.board import DOOR_KINDS, DOORS, cell_name, neighbour, parse_cell
from parlour.games.ghosts_galore.rules import DRAFT_ROUNDS, EXTRA_PER_ROUND
from parlour.games.ghosts_galore.scoring import CATEGORIES
from parlour.games.ghosts_galore.tiles import MONSTERS, TRACKS, parse_tiles, tile_set

PACKAGE = Path(tilegen.__file__).parent


def test_the_shipped_tiles_json_is_what_the_generator_writes():
    assert (PACKAGE / "tiles.json").read_text(encoding="utf-8") == tilegen.dumps(tilegen.generate())
    assert parse_tiles(tilegen.dumps(tilegen.generate())) == tile_set()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_there_are_enough_tiles_for_every_player_count(players):
    assert len(tile_set()) >= players + DRAFT_ROUNDS * (players + EXTRA_PER_ROUND)


def test_twelve_doors_two_bone_two_tooth_eight_plain_at_fixed_places():
    data = json.loads((PACKAGE / "tiles.json").read_text(encoding="utf-8"))
    assert len(data["doors"]) == 12
    rim = {(c, s) for c in range(9) for s in range(4) if neighbour(c, s) is None}
    assert {(c, s) for c, s, _ in DOORS} == rim
    kinds = [k for _, _, k in DOORS]
    assert len(DOORS) == 12 and [kinds.count(k) for k in DOOR_KINDS] == [2, 2, 8]
    special = {(cell_name(c), s, k) for c, s, k in DOORS if k != "plain"}
    assert special == {("a1", 3, "bone"), ("a2", 3, "bone"), ("c2", 1, "tooth"), ("c3", 1, "tooth")}
    # The module's and the rules page's words say the same places.
    import parlour.games.ghosts_galore.board as board_module

    doc = " ".join((board_module.__doc__ or "").split())
    assert "west sides of ``a1`` and ``a2``" in doc and "east sides of ``c2`` and ``c3``" in doc


def test_cells_are_named_like_a_chessboard_from_the_top_left():
    assert [cell_name(c) for c in range(9)] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert all(parse_cell(cell_name(c)) == c for c in range(9))


def test_bad_tile_data_is_refused():
    with pytest.raises(ValueError):
        parse_tiles('{"tiles":[{"id":0,"track":"loop"}]}')
    with pytest.raises(ValueError):
        parse_tiles('{"tiles":[{"id":0,"track":"curve","monsters":[["ghost",1]]}]}')
    with pytest.raises(ValueError):
        parse_tiles('{"tiles":[{"id":0,"track":"curve","diamonds":[4]}]}')


# --- catalogues -------------------------------------------------------------------------------


def catalogue(lang):
    text = resources.files("parlour.games.ghosts_galore").joinpath(f"i18n/{lang}.json").read_text("utf-8")
    return json.loads(text)


def keys_used_in_code():
    keys = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r'"(ghosts-galore\.[a-z0-9.-]+[a-z0-9])"', text))
        keys |= {
            f"ghosts-galore.illegal.{k}" for k in re.findall(r'_illegal\(\s*f?"[^"]*",\s*"([a-z-]+)"', text)
        }
    return keys


def test_every_key_used_is_in_all_three_languages_and_prefixed():
    en, ru, uk = catalogue("en"), catalogue("ru"), catalogue("uk")
    assert set(en) == set(ru) == set(uk)
    assert all(k.startswith("ghosts-galore.") for k in en)
    needed = keys_used_in_code()
    needed |= {f"ghosts-galore.monster.{m}" for m in MONSTERS}
    needed |= {f"ghosts-galore.category.{c}" for c in CATEGORIES}
    needed |= {f"ghosts-galore.door.{d}" for d in DOOR_KINDS}
    needed |= {f"ghosts-galore.track.{t}" for t in TRACKS}
    needed |= {f"ghosts-galore.bot.{b}" for b in BOTS}
    needed |= {f"ghosts-galore.log.{k}" for k in ("flip", "pass", "take", "hidden", "round")}
    needed |= {f"ghosts-galore.log.{k}" for k in ("round-end", "last-look", "game-end")}
    assert len([k for k in needed if k.startswith("ghosts-galore.illegal.")]) >= 10
    assert needed <= set(en), sorted(needed - set(en))
    assert any(k.startswith("ghosts-galore.help.") for k in en)


def test_error_messages_carry_no_rule_codes_the_error_names_its_rule_instead():
    """Player-facing sentences carry no "(GG-3)": the rule travels in ``IllegalMove.rule``, and the
    screen turns it into a link into the rules help."""
    for lang in ("en", "ru", "uk"):
        for key, text in catalogue(lang).items():
            for form in text.values() if isinstance(text, dict) else [text]:
                assert not re.search(r"GG-", form), (lang, key)


def test_russian_uses_the_rulebook_terms():
    ru = catalogue("ru")
    rules = (Path(__file__).parents[2] / "../shared/seeds/ghosts-galore-rules-ru.txt").resolve()
    terms = ["Драконы", "Призраки", "Големы", "Сатиры", "Скелеты", "Слизни", "Летучие мыши", "Оборотни",
             "Блуждающие огни", "Алмазы", "Костяные двери", "Зубчатые двери"]  # fmt: skip
    assert [ru[f"ghosts-galore.category.{c}"] for c in CATEGORIES[:12]] == terms
    if rules.exists():
        text = rules.read_text(encoding="utf-8")
        assert all(t.split()[0][:5] in text for t in terms)


def test_placeholders_match_across_languages():
    en, ru, uk = catalogue("en"), catalogue("ru"), catalogue("uk")
    for key, text in en.items():
        forms = text.values() if isinstance(text, dict) else [text]
        want = {p for f in forms for p in re.findall(r"\{(\w+)\}", f)}
        for other in (ru, uk):
            value = other[key]
            got = {
                p
                for f in (value.values() if isinstance(value, dict) else [value])
                for p in re.findall(r"\{(\w+)\}", f)
            }
            assert got == want, key
