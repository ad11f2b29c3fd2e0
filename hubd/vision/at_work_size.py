"""A photo shrunk to the work size, and what its readings measure on it, each measured once
(see :mod:`hubd.vision.reader`, which decides which readings are tried)."""

from __future__ import annotations

from functools import cached_property

import cv2
import numpy as np

from hubd.vision.cloth import evened
from hubd.vision.cutting import Lightness
from hubd.vision.faces import cloth_faces, faces, own_colour, patches, relief, whiteness
from hubd.vision.one_reading import MIN_FACE
from hubd.vision.patch_tiles import Looks
from hubd.vision.said import PhotoUnreadable
from hubd.vision.seen import TileSeen
from hubd.vision.shapes import Image
from hubd.vision.slant import Pip, face_pips, stretch_of

__all__ = ["WORK_SIDE", "AtWorkSize", "share"]

WORK_SIDE = 1000  # the photo's longer side while reading, pixels
_CLOTH = 25  # a photo whose faces are this many patches or more lies on a patterned cloth (its
# light squares): it is not read again as seen from above, nor by rims (see on_cloth)


class AtWorkSize:
    """A photo, shrunk to the work size, and what its readings measure on it, measured once:
    its whiteness, its faces, its lightness and the lines across its patches, each patch's
    cut."""

    def __init__(self, photo: Image) -> None:
        self.photo = photo
        self.scale = min(1.0, WORK_SIDE / max(photo.shape[:2]))
        self.small: Image = cv2.resize(
            photo, None, fx=self.scale, fy=self.scale, interpolation=cv2.INTER_AREA
        )
        self.read_by: dict[str, list[TileSeen] | PhotoUnreadable] = {}  # see reader._read_once

    @cached_property
    def score(self) -> Image:
        """Its whiteness (see :func:`whiteness`)."""
        return whiteness(self.small, self.lab)

    @cached_property
    def white_faces(self) -> Image:
        """Its faces by one threshold over its whiteness, less a glossy table's reflection
        joined to them (see :func:`faces`)."""
        return faces(self.score, None, reflections=True)

    @cached_property
    def threshold_faces(self) -> Image:
        """Its faces by one threshold over its whiteness alone (see :func:`faces`)."""
        return faces(self.score, None)

    @cached_property
    def uncut_faces(self) -> Image | None:
        """:attr:`threshold_faces` where they differ from :attr:`faces` (a reflection cut off
        them), else None: read where those are not."""
        if self.on_cloth or np.array_equal(self.threshold_faces, self.white_faces):
            return None
        return self.threshold_faces

    @cached_property
    def faces(self) -> Image:
        """Its faces: by one threshold over its whiteness, on a patterned cloth over its
        whiteness evened out (see :func:`evened`, :func:`cloth_faces`)."""
        if not self.on_cloth:
            return self.white_faces
        return cloth_faces(evened(self.score, self.lightness.image))

    @cached_property
    def relief(self) -> Image | None:
        """Its relief on a light plain table (see :func:`relief`), None on a dark one."""
        return relief(self.small, self.lightness.image, self.lab)

    @cached_property
    def shaded(self) -> Image:
        """Its relief on a dark table too (see :func:`relief`): faces in the table's shade
        are as much lighter than the table there as those in a lamp's pool of light."""
        found = self.relief
        if found is None:
            found = relief(self.small, self.lightness.image, self.lab, dark_too=True)
        assert found is not None
        return found

    @cached_property
    def lit_faces(self) -> Image:
        """Its faces by their relief (see :attr:`relief`; a light table's only)."""
        assert self.relief is not None
        return faces(self.relief, None)

    @cached_property
    def own_colour(self) -> Image | None:
        """How much each pixel looks like a face of another colour than a light table (see
        :func:`own_colour`), None where no face is of another colour or the table is dark."""
        return own_colour(self.small, self.lightness.image, self.lab)

    @property
    def lit_share(self) -> float:
        """The share of the photo its faces by relief cover."""
        return share(self.lit_faces)

    @cached_property
    def lab(self) -> Image:
        """It in Lab, converted once: its whiteness and its lightness are both read from it."""
        lab: Image = cv2.cvtColor(self.small, cv2.COLOR_BGR2LAB)
        return lab

    @cached_property
    def lightness(self) -> Lightness:
        """Its lightness (Lab's L)."""
        return Lightness(self.lab[:, :, 0])

    @cached_property
    def pips(self) -> list[Pip]:
        """The pips on its faces, found once: they tell its slant and which patches hold more
        than a tile."""
        return face_pips(self.score, self.faces)

    @cached_property
    def slant(self) -> float | None:
        """How much its height would be lengthened to undo a slant (see :func:`pips_stretch`)."""
        return stretch_of(self.pips)

    @cached_property
    def looks(self) -> Looks:
        """Its patches' cuts and its pieces' faces, read against its whiteness."""
        return Looks(self.photo, self.scale, self.score, self.lightness, lambda: self.slant)

    @property
    def least(self) -> float:
        """A face's least area at the work size (smaller: a speck)."""
        return MIN_FACE * self.score.size

    @cached_property
    def on_cloth(self) -> bool:
        """Whether it lies on a patterned cloth: its faces by whiteness take in the cloth's
        light squares, stripes or dots, :data:`_CLOTH` patches or more (each closed round by
        its dark part as a face by its rim: see :func:`hubd.vision.faces.rimmed`)."""
        return len(patches(self.threshold_faces, self.least)) >= _CLOTH


def share(mask: Image) -> float:
    """The share of the photo a mask of faces covers."""
    return float(np.count_nonzero(mask)) / mask.size
