"""Text measured without pygame (hubd/screens/kit/measure.py) is pygame's width to the pixel,
so the hub's screen and ``hubd layout`` agree, and drawn text is never wider than measured."""

from __future__ import annotations

import gzip
import json

import pygame
import pytest

from hubd.screens.kit.measure import BOLD_FONT_PATH, FONT_PATH, METRICS_PATH, SIZES, TextMeasure
from hubd.screens.shots.font_metrics import characters
from hubd.text.i18n import available_languages, catalog_path, parse_po

#: The screens' sizes at 800x480 and 720x1280 (the smallest text, buttons, titles, the map's
#: numbers, the big score), and the table's ends.
CHECKED_SIZES = (8, 12, 17, 25, 32, 39, 43, 48, 56, 67, 72, 108)


def catalog_texts() -> list[str]:
    """Every line of every catalog's texts, and each of their words."""
    found: set[str] = set()
    for code in available_languages():
        for entry in parse_po(catalog_path(code).read_text(encoding="utf-8"), code):
            for text in (entry.msgid, entry.msgid_plural or "", *entry.msgstr):
                for line in text.split("\n"):
                    found.add(line)
                    found.update(line.split(" "))
    return sorted(found - {""})


@pytest.fixture(scope="module")
def measure() -> TextMeasure:
    return TextMeasure()


@pytest.mark.parametrize("bold", [False, True])
def test_every_catalog_text_measures_as_pygame_draws_it(measure: TextMeasure, bold: bool) -> None:
    pygame.font.init()
    texts = catalog_texts()
    assert len(texts) > 5000  # six languages' lines and words
    wrong = []
    for size in CHECKED_SIZES:
        font = pygame.font.Font(str(BOLD_FONT_PATH if bold else FONT_PATH), size)
        assert measure.line_height(size, bold) == font.get_linesize()
        assert measure.descent(size, bold) == -font.get_descent()
        wrong += [
            (size, text, font.size(text)[0], measure.width(text, size, bold))
            for text in texts
            if font.size(text)[0] != measure.width(text, size, bold)
        ]
    assert not wrong, f"{len(wrong)} widths differ, e.g. {wrong[:5]}"


def test_every_glyph_at_every_size_is_pygames(measure: TextMeasure) -> None:
    """The table itself: each character's width and ink alone, at each size it holds."""
    pygame.font.init()
    table = json.loads(gzip.decompress(METRICS_PATH.read_bytes()))
    for bold, path in ((False, FONT_PATH), (True, BOLD_FONT_PATH)):
        chars = table["bold" if bold else "regular"]["chars"]
        for size in SIZES[::7]:
            font = pygame.font.Font(str(path), size)
            for ch in chars:
                assert measure.width(ch, size, bold) == font.size(ch)[0], (ch, size, bold)
                tops = [m[3] for m in font.metrics(ch) if m is not None]
                assert measure.ink(ch, size, bold) == (font.get_ascent() - tops[0], tops[0])


@pytest.mark.parametrize("bold", [False, True])
def test_direction_marks_take_no_room(measure: TextMeasure, bold: bool) -> None:
    """The Phones panel wraps an address in Hebrew in left-to-right marks."""
    pygame.font.init()
    font = pygame.font.Font(str(BOLD_FONT_PATH if bold else FONT_PATH), 25)
    for text in ("\u202ahttp://chickenfoot.local:8080\u202c", "\u200fשלום\u200e", "Ana\u00adBel"):
        assert measure.width(text, 25, bold) == font.size(text)[0]


def test_the_table_holds_every_character_the_hub_needs() -> None:
    """A catalog or a screen that gains a character needs the table written again."""
    pygame.font.init()
    font = pygame.font.Font(str(FONT_PATH), 25)
    table = json.loads(gzip.decompress(METRICS_PATH.read_bytes()))
    wanted = set(characters()) - set(table["regular"]["chars"])
    missing = {ch for ch in wanted if font.metrics(ch)[0] is not None}  # the font has it
    assert not missing, f"run `make font-metrics`: the table lacks {''.join(sorted(missing))!r}"


@pytest.mark.parametrize("text", ["Ωμέγα", "Ярослава ёлка", "李小龍", "Zoë 🐔", "Łukasz Dvořák"])
@pytest.mark.parametrize("size", [12, 25, 67, 140])
def test_a_character_beyond_the_table_is_never_narrower_than_drawn(
    measure: TextMeasure, text: str, size: int
) -> None:
    pygame.font.init()
    for bold, path in ((False, FONT_PATH), (True, BOLD_FONT_PATH)):
        font = pygame.font.Font(str(path), size)
        assert measure.width(text, size, bold) >= font.size(text)[0]
        assert measure.line_height(size, bold) >= font.get_linesize()


def test_text_fits_its_box_as_measured(measure: TextMeasure) -> None:
    size, lines, cut = measure.fit("Maria-Helena Pereira", 200, 80, 40, 20, True, True)
    assert not cut and 20 <= size <= 40
    assert all(measure.width(line, size, True) <= 200 for line in lines)
    assert measure.shorten("Maria-Helena Pereira", 120, 30, True).endswith("…\u200e")
