"""hardware/boot_screen.py, the boot check's screen comparison: the pixels and the tolerance.

``grab`` needs a DRM device and root (the emulated machine has both); here its conversion of
the framebuffer's rows is checked, and ``compare`` on small pictures.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pygame
import pytest
from checkout import REPO

SCRIPT = REPO / "hardware" / "boot_screen.py"


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


@pytest.mark.parametrize("flags", [0, pygame.SRCALPHA], ids=["24-bit", "32-bit"])
def test_the_pictures_read_as_pygame_reads_them(
    boot_screen: ModuleType, tmp_path: Path, flags: int
) -> None:
    """The standard library's reading of SDL's BMP (rows from the bottom, padded to 4 bytes:
    an odd width) and of a PPM gives pygame's own pixels."""
    picture = pygame.Surface((7, 3), flags)
    for x in range(7):
        for y in range(3):
            picture.set_at((x, y), (x * 30, y * 80, 255 - x * 10, 255))
    pygame.image.save(picture, str(tmp_path / "p.bmp"))
    rgb = pygame.image.tobytes(picture, "RGB")
    assert boot_screen.read_bmp(tmp_path / "p.bmp") == (7, 3, rgb)
    dump = tmp_path / "p.ppm"
    dump.write_bytes(b"P6\n# QEMU\n7 3\n255\n" + rgb)
    assert boot_screen.read_ppm(dump) == (7, 3, rgb)


def test_compare_needs_no_pygame(tmp_path: Path) -> None:
    """boot-check.sh compares on the host with its python3: a fresh clone has no venv."""
    expected = pygame.Surface((4, 4))
    expected.fill((200, 30, 30))
    pygame.image.save(expected, str(tmp_path / "expected.bmp"))
    same = ppm(tmp_path / "same.ppm", bytes([200, 30, 30]) * 16, 4, 4)
    no_pygame = "import sys, runpy; sys.modules['pygame'] = None; sys.argv = sys.argv[1:]; "
    no_pygame += "runpy.run_path(sys.argv[0], run_name='__main__')"
    result = subprocess.run(
        [sys.executable, "-c", no_pygame, str(SCRIPT), "compare", str(same),
         str(tmp_path / "expected.bmp")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 of 16 pixels differ" in result.stdout
    broken = tmp_path / "broken.ppm"
    broken.write_bytes(b"P6\n4 4\n255\n")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "compare", str(broken), str(tmp_path / "expected.bmp")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 1 and result.stdout.startswith("screen: cannot compare:")


def test_boot_check_keeps_its_channel_and_needs_no_venv() -> None:
    """hardware/boot-check.sh (an hour's emulation, run by hand): no login prompt on the
    console the check service writes its steps to, and no checkout's venv on the host."""
    script = (SCRIPT.parent / "boot-check.sh").read_text()
    [channel] = re.findall(r"^TTYPath=/dev/(\w+)$", script, re.MULTILINE)
    assert f'ln -sfn /dev/null "$WORK/etc/systemd/system/serial-getty@{channel}.service"' in script
    assert "systemd.getty_auto=0" in script
    assert ".venv/bin" not in script
