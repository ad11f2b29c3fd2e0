"""The pygame window or kiosk screen, with rotation done by the program itself.

The kmsdrm video driver ignores the console's rotation, so the screens draw on a logical
canvas (portrait or landscape as the user sees it) and ``present`` turns it onto the panel.
Touch and mouse positions are turned back the same way.

A screen that does not open (a DSI panel or a USB touchscreen that appears late, a desktop
that still holds it) is no reason to stop: the display falls back to SDL's dummy driver, so
the hub runs on without a picture, and the main loop tries the real one again by
:meth:`Display.retry` on the schedule of :class:`~hubd.devices.retry.Retry` (every 2 s for
a minute, then every 30 s) until it opens.

The main loop sleeps until something happens rather than asking SDL for input over and over
(with the kmsdrm and dummy drivers SDL's own wait polls every millisecond). Under kmsdrm SDL
reads the touchscreen and keyboards from ``/dev/input/event*``; :class:`InputWatch` opens
those devices a second time, only so the loop can sleep on them (each open file gets its own
copy of every input event). The dummy driver has no input at all, and a desktop's window
system is polled :data:`INPUT_POLL_S` apart (a desktop is no appliance).
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
from collections.abc import Callable, Iterable

import pygame

from hubd.devices.clock import Clock, MonotonicClock
from hubd.devices.retry import Retry

log = logging.getLogger(__name__)

ROTATIONS = (0, 90, 180, 270)
#: Opens the screen: pygame.display.set_mode's (size, flags); tests pass one that fails.
SetMode = Callable[[tuple[int, int], int], pygame.Surface]
NO_SCREEN = "dummy"  # SDL's video driver that draws nowhere
#: How often SDL's input is read where the loop cannot sleep on it: a desktop window, or a
#: kiosk whose input devices cannot be opened. 25 Hz keeps a tap's answer within a frame or two.
INPUT_POLL_S = 0.04
#: SDL's drivers that read input from evdev themselves (no window system in between).
EVDEV_DRIVERS = frozenset({"kmsdrm"})
INPUT_DEVICES = "/dev/input/event*"
#: The SDL renderer that shows pygame's screen under kmsdrm, unless $SDL_RENDER_DRIVER names
#: another. SDL shows the display surface through one of its renderers and, asked for none,
#: takes desktop OpenGL ("opengl") first. The installer puts Mesa's EGL and GLES 2 on the Pi
#: (libegl1, libgles2), not desktop GL's libGL, and GLES 2 is what the Pi's v3d is made for;
#: on Mesa's software driver (the boot check's virtio GPU) SDL's desktop-GL renderer never
#: drew a pixel: the screen stayed black while GLES 2 showed the picture (hardware/emulation.md,
#: "The boot check"). SDL falls back to its other renderers if this one does not open.
KMSDRM_RENDERER = "opengles2"


class InputWatch:
    """The input devices SDL reads, opened again only to wake the loop when one has input."""

    def __init__(self, paths: Iterable[str]) -> None:
        self._fds: list[int] = []
        self.unreadable = 0  # devices there, but not ours to read (no "input" group)
        for path in sorted(paths):
            try:
                self._fds.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
            except OSError:
                self.unreadable += 1

    @property
    def fds(self) -> list[int]:
        return list(self._fds)

    def drain(self, ready: Iterable[int]) -> None:
        """Read away what woke us (SDL reads its own copy); a device unplugged is dropped."""
        for fd in ready:
            if fd not in self._fds:
                continue
            try:
                while os.read(fd, 4096):
                    pass
            except BlockingIOError:
                continue
            except OSError:  # ENODEV: the device is gone
                self._fds.remove(fd)
                with contextlib.suppress(OSError):
                    os.close(fd)

    def close(self) -> None:
        for fd in self._fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._fds = []


class Display:
    def __init__(
        self,
        size: tuple[int, int],
        rotation: int = 0,
        fullscreen: bool = False,
        kiosk: bool = False,
        title: str = "Chicken Foot Hub",
        *,
        clock: Clock | None = None,
        set_mode: SetMode | None = None,
    ) -> None:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")
        self.rotation = rotation
        self._size = size
        self._fullscreen = fullscreen
        self._kiosk = kiosk
        self._title = title
        self._clock = clock or MonotonicClock()
        self._set_mode: SetMode = set_mode or pygame.display.set_mode
        # The driver asked for (kmsdrm under systemd; None: SDL's own choice), to go back to.
        self._driver = os.environ.get("SDL_VIDEODRIVER")
        self._retry = Retry("The screen", log)
        self._canvas: pygame.Surface | None = None
        self._watch = InputWatch(())
        self._poll: float | None = None
        problem = self._open()
        if problem is not None:
            self._open_no_screen()
            self._retry.lost(
                self._clock.now(),
                f"cannot open the screen ({problem}); running without one for now. "
                "See hardware/TROUBLESHOOTING.md",
            )
        self._make_canvas()

    def _open(self) -> pygame.error | None:
        """Open the real screen with the driver asked for; the error if it does not open."""
        if self._driver is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = self._driver
            if self._driver.lower() in EVDEV_DRIVERS:  # kmsdrm: no window system
                os.environ.setdefault("SDL_RENDER_DRIVER", KMSDRM_RENDERER)
        try:
            pygame.display.init()
            pygame.display.set_caption(self._title)
            flags = pygame.FULLSCREEN if self._fullscreen else 0
            size = (0, 0) if self._fullscreen else self._size  # full screen: the panel's mode
            self.screen = self._set_mode(size, flags)
        except pygame.error as err:
            pygame.display.quit()
            return err
        if self._kiosk or self._fullscreen:
            pygame.mouse.set_visible(False)
        self._watch_input(pygame.display.get_driver())
        return None

    def _open_no_screen(self) -> None:
        """SDL's dummy driver: the screens draw, nobody sees it, input (SDL's) is none."""
        os.environ["SDL_VIDEODRIVER"] = NO_SCREEN
        pygame.display.init()
        self.screen = pygame.display.set_mode(self._size)
        self._watch_input(NO_SCREEN)

    def _watch_input(self, driver: str) -> None:
        """How the loop learns of SDL's input with this driver: the devices, or a poll."""
        self._watch.close()
        self._watch, self._poll = InputWatch(()), None
        driver = driver.lower()  # SDL names its drivers "KMSDRM", "x11", "dummy"
        if driver == NO_SCREEN:
            return  # no input at all
        if driver not in EVDEV_DRIVERS:
            self._poll = INPUT_POLL_S  # a window system: SDL has to be asked
            return
        self._watch = InputWatch(glob.glob(INPUT_DEVICES))
        if self._watch.unreadable:
            log.warning("%d input devices cannot be read (is the user in the input group?): "
                        "the touchscreen is polled instead", self._watch.unreadable)  # fmt: skip
            self._poll = INPUT_POLL_S

    def input_fds(self) -> list[int]:
        """The devices to sleep on: SDL has input when one of them can be read."""
        return self._watch.fds

    def input_poll_s(self) -> float | None:
        """How long the loop may sleep before asking SDL for input; None: until woken."""
        return self._poll

    def input_ready(self, fds: Iterable[int]) -> None:
        """The loop woke for these devices: clear them (SDL reads the input itself)."""
        self._watch.drain(fds)

    @property
    def available(self) -> bool:
        """Whether a real screen is open (False while running on the dummy driver)."""
        return not self._retry.missing

    def next_retry(self) -> float | None:
        """When the main loop should try the real screen again (None: it is open)."""
        return self._retry.next_deadline()

    def retry(self, now: float) -> bool:
        """Try the real screen again if a try is due; True when it has just opened.

        The caller must then lay out for :attr:`logical_size` and redraw everything.
        """
        if not self._retry.due(now):
            return False
        pygame.display.quit()
        problem = self._open()
        if problem is not None:
            self._open_no_screen()
            self._retry.failed(now, problem)
            return False
        self._retry.back(now)
        self._make_canvas()
        return True

    @property
    def physical_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def logical_size(self) -> tuple[int, int]:
        w, h = self.physical_size
        return (h, w) if self.rotation in (90, 270) else (w, h)

    def _make_canvas(self) -> None:
        self._canvas = None if self.rotation == 0 else pygame.Surface(self.logical_size)

    @property
    def surface(self) -> pygame.Surface:
        """Where the screens draw, in logical coordinates."""
        return self.screen if self._canvas is None else self._canvas

    def set_rotation(self, rotation: int) -> None:
        if rotation not in ROTATIONS:
            raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")
        self.rotation = rotation
        self._make_canvas()

    def resized(self) -> None:
        """The window changed size (desktop): make the canvas follow."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self._make_canvas()

    def present(self, dirty: list[pygame.Rect]) -> None:
        if not dirty:
            return
        if self._canvas is None:
            pygame.display.update(dirty)
            return
        # ``rotation`` is counter-clockwise, as pygame.transform.rotate turns.
        self.screen.blit(pygame.transform.rotate(self._canvas, self.rotation), (0, 0))
        pygame.display.flip()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A physical pixel position as a position on the logical canvas."""
        px, py = int(pos[0]), int(pos[1])
        w, h = self.physical_size
        if self.rotation == 90:  # the canvas is turned a quarter counter-clockwise
            return h - 1 - py, px
        if self.rotation == 180:
            return w - 1 - px, h - 1 - py
        if self.rotation == 270:
            return py, w - 1 - px
        return px, py

    def to_physical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A position on the logical canvas as a physical pixel (the inverse of to_logical)."""
        lx, ly = pos
        w, h = self.physical_size
        if self.rotation == 90:
            return ly, h - 1 - lx
        if self.rotation == 180:
            return w - 1 - lx, h - 1 - ly
        if self.rotation == 270:
            return w - 1 - ly, lx
        return lx, ly

    def finger_to_logical(self, fx: float, fy: float) -> tuple[int, int]:
        """SDL reports fingers in 0..1 of the panel; turn that into a logical position."""
        w, h = self.physical_size
        return self.to_logical((fx * w, fy * h))

    def close(self) -> None:
        self._watch.close()
        pygame.display.quit()


class NoDisplay:
    """``[display] enabled = false``: no screen at all, and no pygame display initialised.

    The loop asks it what it asks a :class:`Display`; it never draws and reads no SDL input,
    so the hub is the button, the light and the sound (see :mod:`hubd.loop.screenless`).
    """

    available = False  # no real screen, and none will come
    rotation = 0

    def __init__(self, size: tuple[int, int]) -> None:
        self.logical_size = self.physical_size = size

    def next_retry(self) -> float | None:
        return None

    def retry(self, now: float) -> bool:
        return False

    def input_fds(self) -> list[int]:
        return []

    def input_poll_s(self) -> float | None:
        return None  # no SDL input to ask for

    def input_ready(self, fds: Iterable[int]) -> None:
        """No devices are watched."""

    def set_rotation(self, rotation: int) -> None:
        """A rotation saved for a screen: kept in the settings, nothing to turn here."""

    def resized(self) -> None:
        """No window, so no window to follow."""

    def present(self, dirty: list[pygame.Rect]) -> None:
        """Nothing is drawn."""

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return int(pos[0]), int(pos[1])

    def to_physical(self, pos: tuple[int, int]) -> tuple[int, int]:
        return pos

    def finger_to_logical(self, fx: float, fy: float) -> tuple[int, int]:
        return self.to_logical((fx * self.logical_size[0], fy * self.logical_size[1]))

    def close(self) -> None:
        """No display was opened."""


#: What the loop shows on: a screen (maybe the dummy driver's stand-in for one) or none.
AnyDisplay = Display | NoDisplay
