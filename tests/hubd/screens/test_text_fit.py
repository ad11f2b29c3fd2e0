"""``Painter.fit`` cuts text in a number of measurements that does not grow with its length:
a player's name of 50 million characters once hung the daemon at every start (issue 10)."""

from __future__ import annotations

import pytest

from hubd.screens.kit.painter import Painter


@pytest.fixture(scope="module")
def painter() -> Painter:
    return Painter()


def cut_one_by_one(painter: Painter, text: str, width: int, floor: int) -> str:
    """The old cut, one character at a time: what the binary search must agree with (less a
    space or hyphen it falls after)."""
    cut = text.replace("\n", " ")
    while cut and painter.width(cut + "…", floor) > width:
        cut = cut[:-1]
    return (cut.rstrip(" -") + "…") if cut else ""


@pytest.mark.parametrize(
    "text", ["Bartholomew the Magnificent", "Ana María de los Ángeles", "שרה בת אברהם", "W" * 60]
)
def test_the_cut_is_the_longest_start_that_fits_with_its_ellipsis(
    painter: Painter, text: str
) -> None:
    for width in (40, 90, 150):
        size, lines, cut = painter.fit(text, width, 30, 24, 20, False, False)
        if cut:
            # (a left-to-right mark after the ellipsis of a Latin cut: no glyph, no width)
            assert (lines[0].rstrip("\u200e"),) == (cut_one_by_one(painter, text, width, 20),)
            assert size == 20
            assert painter.width(lines[0], 20) <= width or lines == ("",)


@pytest.mark.parametrize("name", ["Grandma Rosa", "Maria-Helena", "Jean-Luc Picard"])
def test_a_cut_name_never_ends_in_a_space_or_hyphen_before_its_ellipsis(
    painter: Painter, name: str
) -> None:
    """ "Grandma …" read as two words, "Maria-…" as a name left half-said."""
    for width in range(20, painter.width(name, 20)):
        lines = painter.fit(name, width, 30, 20, 20, False, False)[1]
        kept = lines[0].rstrip("\u200e")
        assert not kept.endswith((" …", "-…")), (width, kept)
        assert painter.width(lines[0], 20) <= width or lines == ("",)


@pytest.mark.parametrize("length", [1_000, 100_000, 50_000_000])
def test_a_name_of_any_length_costs_a_few_measurements(
    painter: Painter, length: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "Bartholomew " * (length // 12) + "x" * (length % 12)
    measured: list[int] = []
    real = Painter.width

    def counting(self: Painter, value: str, size: int, bold: bool = False) -> int:
        measured.append(len(value))
        return real(self, value, size, bold)

    monkeypatch.setattr(Painter, "width", counting)
    for wrap in (False, True):
        size, lines, cut = painter.fit(text, 300, 90, 30, 20, False, wrap)
        assert cut and size == 20 and lines[0].startswith("Bartholomew")
        assert painter.width(lines[0], 20) <= 300
    assert len(measured) < 40
    assert max(measured) <= 302, "the whole text is never measured"


def test_a_wrapped_text_too_long_for_its_box_keeps_the_lines_it_holds(painter: Painter) -> None:
    """Not one cut line in a box with room for three: the first lines whole, the last cut."""
    text = "Last: Maria-Helena played 2-1 on the 7-7's first toe, after the 9-2"
    line = painter.line_height(20, False)
    size, lines, cut = painter.fit(text, 150, 3 * line, 20, 20, False, True)
    assert cut and size == 20 and len(lines) == 3
    # The first lines whole, broken at spaces or after the name's hyphen ("Last: Maria-").
    first_two = lines[0] + ("" if lines[0].endswith("-") else " ") + lines[1]
    assert lines[0] == "Last:" or text.startswith(first_two)
    assert lines[-1].rstrip("\u200e").endswith("…")
    assert all(painter.width(x, 20) <= 150 for x in lines)
    one_row = painter.fit(text, 150, line, 20, 20, False, True)[1]
    assert len(one_row) == 1 and one_row[0].rstrip("\u200e").endswith("…")


def test_a_name_breaks_after_its_hyphen_and_a_tile_never(painter: Painter) -> None:
    """A name ("Maria-Helena") in a column narrower than itself but as wide as "Helena"
    stands on two lines, as on paper (it was cut to "Maria…"); a tile's "12-13" stays whole."""
    width = painter.width("Helena", 50) + 4
    assert painter.wrap("Maria-Helena", width, 50, False) == ["Maria-", "Helena"]
    assert painter.wrap("on 12-13", painter.width("12-", 50) + 2, 50, False) is None
    wide = painter.width("Maria-Helena", 50)
    assert painter.wrap("Maria-Helena", wide, 50, False) == ["Maria-Helena"]
