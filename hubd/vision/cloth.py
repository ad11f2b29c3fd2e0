"""A patterned cloth under the tiles: its light part evened out, so that the faces are the
lightest thing on it wherever the light falls."""

from __future__ import annotations

import cv2
import numpy as np

from hubd.vision.shapes import Image

_AROUND = 0.04  # the cloth's own light is measured over this share of the photo's short side
_SHRINK = 4  # and on the photo shrunk this many times (the light varies slowly)
_SEEN = 0.02  # where its dark part is under this share of the pixels around, its light is
# the photo's median (under a block of tiles: their pips, grooves and shadows are the dark)
_PIP = 0.025  # a pip is narrower than this share of the photo's short side
_DARKEST = 4.0  # the cloth's light is taken as this much at the least (Lab's L)


def evened(score: Image, lightness: Image) -> Image:
    """The faces' whiteness (``score``) on a patterned cloth, each pixel's divided by the light
    falling there, as the lightness of the cloth's dark part around it tells (uint8).

    A cloth's light squares, stripes or dots, nearly grey, are as white where the light falls
    on them as a face in a shadow or the light's far side: one threshold over the photo takes
    them with the lit faces and leaves the shaded faces out, or joins the faces to them. Its
    dark part (under the photo's threshold) is one colour everywhere, lit as the faces beside
    it: beside its lightness, a face is lighter than the cloth's light part in the shade and
    in the light alike."""
    level, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    # Wider than a pip: a face's pips (coloured ones as light as a face), its bar and the
    # grooves between faces are lit as the face is, not as the cloth.
    size = max(3, round(_PIP * min(score.shape))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    dark = cv2.morphologyEx((score <= level).astype(np.float32), cv2.MORPH_OPEN, disc)
    shrunk = [cv2.resize(image, None, fx=1 / _SHRINK, fy=1 / _SHRINK, interpolation=cv2.INTER_AREA)
              for image in (dark, dark * lightness.astype(np.float32))]  # fmt: skip
    spread = _AROUND * min(score.shape) / _SHRINK
    weight, dark_light = (cv2.GaussianBlur(image, (0, 0), spread) for image in shrunk)
    around = dark_light / np.maximum(weight, 1e-6)
    seen = weight >= _SEEN
    if not seen.any():
        return score
    kept = np.maximum(np.where(seen, around, float(np.median(around[seen]))), _DARKEST)
    light = cv2.resize(kept, (score.shape[1], score.shape[0]), interpolation=cv2.INTER_LINEAR)
    shown = score.astype(np.float32) * float(np.median(light)) / light
    out: Image = np.clip(shown, 0, 255).astype(np.uint8)
    return out
