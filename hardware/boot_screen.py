"""hardware/boot-check.sh's screen check: what the hub should show, and how close a dump is.

    python hardware/boot_screen.py render WIDTH HEIGHT CONFIG OUT.bmp   # in the booted machine
    python hardware/boot_screen.py compare DUMP.ppm EXPECTED.bmp        # on the host

``render`` draws, with SDL's dummy driver and the installed code, the screen the daemon shows
after a first start (no game yet: the new-game screen), with the installed config's settings
and no sound card, as in the emulated machine. ``compare`` prints the share of pixels that
differ between QEMU's ``screendump`` of the virtio GPU and that picture (a channel off by more
than 16 counts as differing) and exits 1 above 1 %.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

LIMIT = 0.01
TOLERANCE = 16


def render(width: int, height: int, config_path: Path, out: Path) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hubd.config.loading import HubConfig, load_config
    from hubd.config.settings import Settings
    from hubd.hardware.button import ButtonLogic
    from hubd.hardware.clock import MonotonicClock
    from hubd.hardware.display import Display
    from hubd.hardware.light import FakeLight
    from hubd.hardware.notify import FakeNotifier
    from hubd.hardware.speaker import FakeSpeaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices
    from hubd.loop.events import Inbox
    from hubd.screens import Ui
    from hubd.store import GameStore

    config: HubConfig = load_config(config_path)
    folder = Path(tempfile.mkdtemp(prefix="boot-screen-"))
    pygame.font.init()
    clock = MonotonicClock()
    settings = Settings.from_config(config)
    display = Display((width, height), settings.rotation)
    ui = Ui(display.logical_size)
    ui.set_language(settings.language)
    store = GameStore.open(folder)
    app = HubApp(
        display=display, ui=ui, store=store, clock=clock, inbox=Inbox(), settings=settings,
        devices=Devices(speaker=FakeSpeaker(available=False), light=FakeLight(clock),
                        notifier=FakeNotifier()),
        data_folder=folder, out=io.StringIO(), button_logic=ButtonLogic(0.02, 3.0),
    )  # fmt: skip
    app.resume()
    app.draw()
    pygame.image.save(display.screen, str(out))
    store.close()


def compare(dump: Path, expected: Path) -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    got, want = pygame.image.load(str(dump)), pygame.image.load(str(expected))
    if got.get_size() != want.get_size():
        print(f"screen: the dump is {got.get_size()}, the expected screen {want.get_size()}")
        return 1.0
    width, height = got.get_size()
    a, b = pygame.image.tobytes(got, "RGB"), pygame.image.tobytes(want, "RGB")
    differing = sum(
        1
        for i in range(0, len(a), 3)
        if max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2])) > TOLERANCE
    )
    share = differing / (width * height)
    print(f"screen: {width}x{height}, {differing} of {width * height} pixels differ ({share:.2%})")
    return share


def main(argv: list[str]) -> int:
    if len(argv) == 5 and argv[0] == "render":
        render(int(argv[1]), int(argv[2]), Path(argv[3]), Path(argv[4]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return 0 if compare(Path(argv[1]), Path(argv[2])) <= LIMIT else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
