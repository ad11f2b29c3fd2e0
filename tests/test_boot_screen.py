"""hardware/boot_screen.py, the boot check's screen comparison: the pixels and the tolerance.

``grab`` needs a DRM device and root (the emulated machine has both); here its conversion of
the framebuffer's rows is checked, and ``compare`` on small pictures.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pygame
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "hardware" / "boot_screen.py"


@pytest.fixture(scope="module")
def boot_screen(load_script: Callable[[str, Path], ModuleType]) -> ModuleType:
    return load_script("boot_screen", SCRIPT)


def test_xr24_rows_become_rgb_and_the_padding_is_dropped(boot_screen: ModuleType) -> None:
    # Two pixels a row, B G R X in memory, 12 bytes a row (4 of padding), two rows.
    raw = bytes([1, 2, 3, 0, 4, 5, 6, 0, 9, 9, 9, 9, 7, 8, 9, 255, 10, 11, 12, 255, 9, 9, 9, 9])
    assert boot_screen.xrgb_to_rgb(raw, 2, 2, 12) == bytes([3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10])


def ppm(path: Path, rgb: bytes, width: int, height: int) -> Path:
    path.write_bytes(b"P6\n%d %d\n255\n" % (width, height) + rgb)
    return path


def test_compare_counts_pixels_off_by_more_than_the_tolerance(
    boot_screen: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    width, height = 10, 10
    expected = pygame.Surface((width, height))
    expected.fill((40, 80, 120))
    pygame.image.save(expected, str(tmp_path / "expected.bmp"))
    pixels = bytearray(bytes([40, 80, 120]) * (width * height))
    pixels[0:3] = bytes([40 + 16, 80 - 16, 120])  # at the tolerance: the same
    pixels[3:6] = bytes([40, 80, 120 + 17])  # one channel past it: differs
    pixels[6:9] = bytes([0, 0, 0])  # black: differs
    dump = ppm(tmp_path / "dump.ppm", bytes(pixels), width, height)
    assert boot_screen.compare(dump, tmp_path / "expected.bmp") == pytest.approx(0.02)
    assert "2 of 100 pixels differ (2.00%)" in capsys.readouterr().out
    assert boot_screen.main(["compare", str(dump), str(tmp_path / "expected.bmp")]) == 1


def test_a_black_dump_is_all_different_and_a_size_mismatch_fails(
    boot_screen: ModuleType, tmp_path: Path
) -> None:
    expected = pygame.Surface((4, 4))
    expected.fill((200, 30, 30))
    pygame.image.save(expected, str(tmp_path / "expected.bmp"))
    black = ppm(tmp_path / "black.ppm", bytes(4 * 4 * 3), 4, 4)
    assert boot_screen.compare(black, tmp_path / "expected.bmp") == 1.0
    small = ppm(tmp_path / "small.ppm", bytes(2 * 2 * 3), 2, 2)
    assert boot_screen.compare(small, tmp_path / "expected.bmp") == 1.0
    same = ppm(tmp_path / "same.ppm", bytes([200, 30, 30]) * 16, 4, 4)
    assert boot_screen.main(["compare", str(same), str(tmp_path / "expected.bmp")]) == 0
