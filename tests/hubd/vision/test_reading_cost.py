"""What one reading of a photo measures, it measures once: a photo read again (taking a lit
table for table, or as seen from above at a slant) reuses what the first reading measured.
The CPU itself is measured by benchmarks/camera_bench.py, never timed here."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_synth import make_photo  # noqa: E402

import hubd.vision.at_work_size as at_work_size  # noqa: E402
import hubd.vision.cutting as cutting  # noqa: E402
import hubd.vision.reader as reader  # noqa: E402
from engine.tiles import Tile  # noqa: E402


def _digest(*arrays: Any) -> str:
    found = hashlib.sha1()
    for array in arrays:
        found.update(np.ascontiguousarray(array).tobytes())
        found.update(str(array.shape).encode())
    return found.hexdigest()


def _calls(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, key: Any) -> Counter[str]:
    """Each call of ``module.name`` counted by what it measures (``key`` of its arguments)."""
    calls: Counter[str] = Counter()
    measure = getattr(module, name)

    def counted(*args: Any) -> Any:
        calls[key(*args)] += 1
        return measure(*args)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_photo_read_again_as_seen_from_above_is_whitened_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone held at a slant; the photo's tiles did not come apart ("Some tiles lie too
    close") and it is read again as seen from above: the photo at the work size was whitened
    again for it (and its faces found again)."""
    calls = _calls(monkeypatch, at_work_size, "whiteness", _digest)
    photo = make_photo(80, camera_slant=True)  # (44 said so before a patch cut into
    # nothing was taken whole: now read, see test_a_patch_cut_into_nothing)
    with pytest.raises(reader.PhotoUnreadable):
        reader.read_photo(photo.image, photo.highest)
    assert len(calls) >= 3  # the photo, its patches read on their own, lengthened
    assert max(calls.values()) == 1


def test_the_lines_across_a_patch_are_measured_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """One double-12 tile on a checked cloth, read again taking a lit table for table: each
    patch of face was cut again and its lines measured again (and a patch cut again by the
    tiles' size measured the lines it had)."""
    calls = _calls(monkeypatch, cutting, "lines_across", lambda image, outline, *_: _digest(
        image, outline))  # fmt: skip
    photo = make_photo(129)
    seen = reader.read_photo(photo.image, photo.highest)  # (it was said, its tile cut off)
    assert [(s.tile.first.best, s.tile.second.best) for s in seen] == photo.tiles
    assert len(calls) >= 40  # the tile and the cloth's light squares
    assert max(calls.values()) == 1


def test_a_patch_read_on_its_own_is_read_at_twice_the_work_scale_at_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A phone's full photo (3,437 x 2,578, read at 0.29 of its size) held at a slant: each of
    its five patches read on its own was read at 0.73-0.95 of its size, each costing about a
    whole reading. Read at twice the photo's work scale at the most, its eight tiles read the
    same."""
    smalls: list[tuple[int, ...]] = []  # each reading's photo at its work size
    made = reader.AtWorkSize

    class Noted(made):  # type: ignore[misc, valid-type]
        def __init__(self, photo: Any) -> None:
            super().__init__(photo)
            smalls.append(self.small.shape)

    monkeypatch.setattr(reader, "AtWorkSize", Noted)
    shares: list[float] = []  # each cut read on its own: the share of its size read
    alone = reader.read_on_its_own

    def noted_alone(photo: Any, outline: Any, stretch: float, read: Any) -> Any:
        def read_noted(cut: Any) -> Any:
            first = len(smalls)
            found = read(cut)
            shares.append(smalls[first][0] / cut.shape[0])
            return found

        return alone(photo, outline, stretch, read_noted)

    monkeypatch.setattr(reader, "read_on_its_own", noted_alone)
    photo = make_photo(6, camera_slant=True)
    seen = reader.read_photo(photo.image, photo.highest)
    work_scale = smalls[0][0] / photo.image.shape[0]
    assert len(shares) >= 3
    assert max(shares) <= 2 * work_scale + 0.01
    read = Counter(Tile.of(s.tile.first.best, s.tile.second.best) for s in seen)
    assert read == Counter(Tile.of(a, b) for a, b in photo.tiles)


def test_a_patch_of_tiles_joined_is_not_read_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten double-9 tiles touching at a slant ("Some tiles lie too close"): two patches of
    them joined, 49 and 53 pips each, were taken for single tiles foreshortened and each read
    on its own, a whole reading apiece (a third of the photo's CPU), to find nothing: a tile
    shows 30 pips at the most. Its ten tiles read as seen from above, as before."""
    outlines = _calls(
        monkeypatch, reader, "read_on_its_own", lambda _, outline, *rest: _digest(outline)
    )
    photo = make_photo(161, camera_slant=True)
    seen = reader.read_photo(photo.image, photo.highest)
    assert not outlines
    assert len(seen) == len(photo.tiles) == 10
