"""The screens' own ``Rect`` computes what pygame's does, to the pixel (kit/rect.py)."""

from __future__ import annotations

import random

import pygame
import pytest

from hubd.screens.kit.rect import Rect

POINTS = ("center", "topleft", "topright", "bottomleft", "bottomright")
POINTS += ("midtop", "midbottom", "midleft", "midright")
SIDES = ("x", "y", "w", "h", "left", "top", "right", "bottom", "centerx", "centery")
SIDES += ("width", "height")


def pair(rng: random.Random) -> tuple[Rect, pygame.Rect]:
    numbers = [rng.randint(-40, 40) for _ in range(2)] + [rng.randint(-9, 40) for _ in range(2)]
    return Rect(*numbers), pygame.Rect(*numbers)


def same(ours: Rect, theirs: pygame.Rect) -> bool:
    return tuple(ours) == tuple(theirs)


@pytest.mark.parametrize("seed", range(4))
def test_every_side_point_and_operation_as_pygame(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        a, pa = pair(rng)
        b, pb = pair(rng)
        for name in SIDES + POINTS + ("size",):
            assert getattr(a, name) == getattr(pa, name), name
        dx, dy = rng.randint(-13, 13), rng.randint(-13, 13)
        assert same(a.inflate(dx, dy), pa.inflate(dx, dy))
        assert same(a.move(dx, dy), pa.move(dx, dy))
        if a.w >= 0 and a.h >= 0 and b.w >= 0 and b.h >= 0:  # pygame's own results for these
            assert same(a.clip(b), pa.clip(pb))
            assert same(a.union(b), pa.union(pb))
            assert same(a.clamp(b), pa.clamp(pb))
            assert a.contains(b) == pa.contains(pb)
        assert a.colliderect(b) == pa.colliderect(pb)
        point = (rng.randint(-50, 90), rng.randint(-50, 90))
        assert a.collidepoint(point) == pa.collidepoint(point)
        assert a.collidelistall([b, a]) == pa.collidelistall([pb, pa])
        assert bool(a) == bool(pa)


@pytest.mark.parametrize("seed", range(2))
def test_setting_a_side_or_a_point_moves_it_as_pygame(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        a, pa = pair(rng)
        name = rng.choice(SIDES + POINTS)
        value: object = rng.uniform(-60, 60)
        if name in POINTS:
            value = (rng.uniform(-60, 60), rng.uniform(-60, 60))
        if name in ("w", "h", "width", "height"):
            value = rng.randint(0, 50)
        setattr(a, name, value)
        setattr(pa, name, value)
        assert same(a, pa), (name, value)


def test_made_from_the_forms_pygame_takes() -> None:
    for args in [(1.7, 2.2, 3.9, 4.5), (-1.5, -2.7, 3, 4), ((1, 2), (3, 4)), ((5, 6, 7, 8),)]:
        assert same(Rect(*args), pygame.Rect(*args))
    assert Rect(pygame.Rect(1, 2, 3, 4)) == (1, 2, 3, 4)
    assert pygame.Rect(Rect(1, 2, 3, 4)) == pygame.Rect(1, 2, 3, 4)  # and pygame takes ours
    with pytest.raises(TypeError):
        Rect(1, 2, 3)
