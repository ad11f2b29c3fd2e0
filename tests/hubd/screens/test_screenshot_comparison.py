"""The screenshot comparison: the same pictures pass, a changed pixel or a missing file does not."""

from __future__ import annotations

from pathlib import Path

import pygame

from hubd.screens.shots.compare import differences, main


def _picture(path: Path, colour: tuple[int, int, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    surface = pygame.Surface((4, 3))
    surface.fill(colour)
    pygame.image.save(surface, path)


def test_the_same_folders_pass_and_a_pixel_or_a_file_fails(tmp_path: Path) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    for folder in (before, after):
        _picture(folder / "en" / "play.png", (10, 20, 30))
        (folder / "en" / "play.layout.json").write_text("{}")
    assert differences(before, after) == (2, [])
    assert main([str(before), str(after)]) == 0
    _picture(after / "en" / "play.png", (10, 20, 31))
    (after / "en" / "extra.png").write_bytes((after / "en" / "play.png").read_bytes())
    compared, found = differences(before, after)
    assert compared == 2
    assert found == [f"only in {after}: en/extra.png", "pixels differ: en/play.png"]
    assert main([str(before), str(after)]) == 1
