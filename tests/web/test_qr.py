"""The QR encoder of invite links (parlour.web.qr), checked by reading its output back: known vectors
from ISO/IEC 18004 and from an independent encoder, format and version bits, and the data itself
decoded from the modules."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.web import qr

# "parlour", version 1-M, mask 6, as made by the independent `qrcode` package (8.2).
PARLOUR_1M = [
    "111111101101001111111",
    "100000101110001000001",
    "101110101011101011101",
    "101110100010001011101",
    "101110101011101011101",
    "100000100010001000001",
    "111111101010101111111",
    "000000000010000000000",
    "100111111001010010111",
    "101000001101110010100",
    "011010110001100100111",
    "001100001110111000100",
    "010001110101111110011",
    "000000001110111110100",
    "111111101011000010000",
    "100000101010001111110",
    "101110101110011001011",
    "101110101000111100000",
    "101110100101110011111",
    "100000100011100111111",
    "111111101100110000000",
]
# Format strings of level M, masks 0–7 (the standard's table).
FORMAT_M = [
    "101010000010010",
    "101000100100101",
    "101111001111100",
    "101101101001011",
    "100010111111001",
    "100000011001110",
    "100111110010111",
    "100101010100000",
]
LINK = "http://192.168.1.20:8000/#/join?o=o.k3x9a.JOIq.2b0mlh9PanBOCHjBjhmqrgmh.fBzPxRo3zeEQBPxZIev-mrFW89k3IGM7Uv7hW04UYQA.h10.0.0.1:47734&s=4a33c1006289"


def rows(matrix: list[list[bool]]) -> list[str]:
    return ["".join("1" if c else "0" for c in row) for row in matrix]


def read_format(m: list[list[bool]]) -> tuple[int, int]:
    """Both copies of the 15 format bits, read back from where the standard puts them."""
    n = len(m)
    first = [m[i][8] for i in range(6)] + [m[7][8], m[8][8], m[8][7]] + [m[8][14 - i] for i in range(9, 15)]
    second = [m[8][n - 1 - i] for i in range(8)] + [m[n - 15 + i][8] for i in range(8, 15)]
    to_int = lambda bits: sum(1 << i for i, b in enumerate(bits) if b)  # noqa: E731
    return to_int(first), to_int(second)


def decode(m: list[list[bool]]) -> bytes:
    """Read the data back: format → mask → unmask → zigzag → de-interleave → byte-mode payload."""
    version = (len(m) - 17) // 4
    fmt, _ = read_format(m)
    mask = (fmt ^ 0x5412) >> 10 & 0b111
    grid = qr._Grid(version)
    bits = [m[y][x] != qr.MASKS[mask](x, y) for x, y in grid.positions()]
    words = [
        sum(int(b) << (7 - i) for i, b in enumerate(bits[k : k + 8])) for k in range(0, len(bits) - 7, 8)
    ]
    _ec, sizes = qr.BLOCKS_M[version]
    blocks: list[list[int]] = [[] for _ in sizes]
    k = 0
    for i in range(max(sizes)):
        for b, size in enumerate(sizes):
            if i < size:
                blocks[b].append(words[k])
                k += 1
    data = [w for block in blocks for w in block]
    stream = "".join(format(w, "08b") for w in data)
    assert stream[:4] == "0100", "byte mode"
    width = 8 if version < 10 else 16
    length = int(stream[4 : 4 + width], 2)
    start = 4 + width
    return bytes(int(stream[start + 8 * i : start + 8 * i + 8], 2) for i in range(length))


def test_reed_solomon_matches_the_standards_worked_example():
    # ISO/IEC 18004 Annex I: "01234567" as version 1-M.
    data = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
    assert qr.rs_remainder(data, 10) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]


def test_format_and_version_bits_are_the_standards():
    assert [format(qr.format_bits(mask), "015b") for mask in range(8)] == FORMAT_M
    assert qr.version_bits(7) == 0b000111110010010100
    assert qr.version_bits(10) == 0b001010010011010011


def test_a_short_text_gives_the_same_modules_as_an_independent_encoder():
    assert rows(qr.encode("parlour")) == PARLOUR_1M


@pytest.mark.parametrize("text", ["parlour", LINK, "é" * 60, "A" * 213])
def test_the_modules_read_back_as_the_text_with_level_m_in_both_format_copies(text):
    m = qr.encode(text)
    first, second = read_format(m)
    assert first == second
    assert format(first, "015b") in FORMAT_M, "level M with one of the eight masks"
    assert decode(m) == text.encode()
    assert len(m) == 17 + 4 * qr.version_for(len(text.encode()))
    n = len(m)
    finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
    for x0, y0 in ((0, 0), (n - 7, 0), (0, n - 7)):
        assert ["".join("1" if m[y0 + y][x0 + x] else "0" for x in range(7)) for y in range(7)] == finder


def test_an_invite_link_fits_and_anything_longer_than_version_10_is_refused():
    assert qr.version_for(len(LINK)) <= 9
    assert qr.version_for(213) == 10
    with pytest.raises(ValueError):
        qr.version_for(214)


def test_the_svg_draws_one_square_per_dark_module_inside_a_quiet_zone():
    m = qr.encode("parlour")
    svg = qr.svg("parlour", label="Invite")
    assert svg.count("h1v1h-1z") == sum(map(sum, m))
    assert 'viewBox="0 0 29 29"' in svg and 'aria-label="Invite"' in svg


def test_agrees_with_the_qrcode_package_when_it_is_installed():
    qrcode = pytest.importorskip("qrcode")
    for text in ["parlour", LINK, "x" * 100, "hello world " * 9]:
        data = text.encode()
        mine = qr.encode(text)
        matches = []
        for mask in range(8):
            ref = qrcode.QRCode(
                qr.version_for(len(data)), qrcode.constants.ERROR_CORRECT_M, mask_pattern=mask
            )
            ref.border = 0
            ref.add_data(qrcode.util.QRData(data, mode=qrcode.util.MODE_8BIT_BYTE))
            ref.make(fit=False)
            matches.append(ref.get_matrix() == mine)
        assert any(matches), text


def reference_penalty(m: list[list[bool]]) -> int:
    """The standard's mask penalty worked module by module (as parlour.web.qr did until decision 0114)."""
    n, score = len(m), 0
    lines = [list(row) for row in m] + [[m[y][x] for y in range(n)] for x in range(n)]
    finder = [True, False, True, True, True, False, True]
    for line in lines:
        run, prev = 0, None
        for cell in line:
            run = run + 1 if cell == prev else 1
            prev = cell
            if run == 5:
                score += 3
            elif run > 5:
                score += 1
        padded = [False] * 4 + line + [False] * 4
        for i in range(len(padded) - 10):
            window = padded[i : i + 11]
            if (window[:7] == finder and not any(window[7:])) or (
                window[4:] == finder and not any(window[:4])
            ):
                score += 40
    for y in range(n - 1):
        for x in range(n - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, m))
    return score + 10 * (abs(dark * 20 - n * n * 10) // (n * n))


@given(
    st.integers(min_value=1, max_value=10), st.integers(min_value=0, max_value=2**32), st.floats(0.05, 0.95)
)
def test_the_mask_penalty_is_the_standards_module_by_module(version: int, seed: int, dark: float):
    """The penalty that picks the mask, worked on strings and bits for speed (an invite's code was
    the longest task of a host's first network screen), scores any symbol as the standard's rules
    do cell by cell: the same mask is chosen, so the same code is drawn."""
    rnd = Random(seed)
    n = 17 + 4 * version
    m = [[rnd.random() < dark for _ in range(n)] for _ in range(n)]
    assert qr._penalty(m) == reference_penalty(m)
    for y in range(0, n - 1, 3):  # long runs and blocks alike, and finder-like patterns
        m[y] = [True] * n if y % 2 else [x % 7 not in (1, 5) for x in range(n)]
    assert qr._penalty(m) == reference_penalty(m)
