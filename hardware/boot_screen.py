"""hardware/boot-check.sh's screen check: what the hub should show, and how close a dump is.

    python hardware/boot_screen.py render WIDTH HEIGHT CONFIG OUT.bmp   # in the booted machine
    python hardware/boot_screen.py grab OUT.ppm [CARD]                  # in the machine, as root
    python hardware/boot_screen.py compare DUMP.ppm EXPECTED.bmp        # on the host (or in it)

``render`` draws, with SDL's dummy driver and the installed code, the screen the daemon shows
after a first start (no game yet: the new-game screen), with the installed config's settings
and no sound card, as in the emulated machine. ``compare`` prints the share of pixels that
differ between QEMU's ``screendump`` of the virtio GPU and that picture (a channel off by more
than 16 counts as differing) and exits 1 above 1 %. ``grab`` reads, through DRM, the framebuffer
on the display's active CRTC (the one the daemon, as DRM master, put there) into a PPM: what
the machine itself holds, to tell a picture the hub never drew from one the GPU did not show.
"""

from __future__ import annotations

import ctypes
import fcntl
import io
import mmap
import os
import struct
import sys
import tempfile
from pathlib import Path

LIMIT = 0.01
TOLERANCE = 16


def _drm_iowr(number: int, size: int) -> int:
    """An ioctl request of DRM's ('d'), read and write, as the kernel's _IOWR builds it."""
    return (3 << 30) | (size << 16) | (ord("d") << 8) | number


GETRESOURCES = _drm_iowr(0xA0, 64)  # struct drm_mode_card_res
GETCRTC = _drm_iowr(0xA1, 104)  # struct drm_mode_crtc
GETFB = _drm_iowr(0xAD, 28)  # struct drm_mode_fb_cmd
MAP_DUMB = _drm_iowr(0xB3, 16)  # struct drm_mode_map_dumb


def xrgb_to_rgb(raw: bytes, width: int, height: int, pitch: int) -> bytes:
    """XR24/AR24 rows (little-endian: B, G, R, X in memory; ``pitch`` bytes apart) as RGB."""
    rgb = bytearray(width * height * 3)
    for row in range(height):
        line = raw[row * pitch : row * pitch + width * 4]
        out = row * width * 3
        rgb[out : out + width * 3 : 3] = line[2::4]
        rgb[out + 1 : out + width * 3 : 3] = line[1::4]
        rgb[out + 2 : out + width * 3 : 3] = line[0::4]
    return bytes(rgb)


def grab(out: Path, card: str = "/dev/dri/card0") -> str:
    """The framebuffer on the first active CRTC, read through DRM, written to ``out`` (PPM).

    GETFB hands out the buffer's handle only to the DRM master or root (CAP_SYS_ADMIN).
    """
    fd = os.open(card, os.O_RDWR | os.O_CLOEXEC)
    try:
        res = bytearray(64)
        fcntl.ioctl(fd, GETRESOURCES, res)
        count = struct.unpack_from("I", res, 36)[0]
        crtcs = (ctypes.c_uint32 * count)()
        res = bytearray(struct.pack("4Q4I4I", 0, ctypes.addressof(crtcs), 0, 0, 0, count, *[0] * 6))
        fcntl.ioctl(fd, GETRESOURCES, res)
        for crtc_id in crtcs:
            crtc = bytearray(104)
            struct.pack_into("I", crtc, 12, crtc_id)
            fcntl.ioctl(fd, GETCRTC, crtc)
            fb_id = struct.unpack_from("I", crtc, 16)[0]
            if fb_id:
                break
        else:
            raise SystemExit(f"grab: no CRTC of {card} shows a framebuffer")
        fb = bytearray(struct.pack("7I", fb_id, *[0] * 6))
        fcntl.ioctl(fd, GETFB, fb)
        _, width, height, pitch, bpp, depth, handle = struct.unpack("7I", fb)
        if bpp != 32 or not handle:
            raise SystemExit(f"grab: framebuffer {fb_id} is {bpp} bpp, handle {handle}")
        dumb = bytearray(struct.pack("IIQ", handle, 0, 0))
        fcntl.ioctl(fd, MAP_DUMB, dumb)
        offset = struct.unpack_from("Q", dumb, 8)[0]
        with mmap.mmap(fd, pitch * height, mmap.MAP_SHARED, mmap.PROT_READ, offset=offset) as m:
            raw = m[: pitch * height]
    finally:
        os.close(fd)
    out.write_bytes(b"P6\n%d %d\n255\n" % (width, height) + xrgb_to_rgb(raw, width, height, pitch))
    return f"framebuffer {fb_id} on CRTC {crtc_id}: {width}x{height}, depth {depth}"


def render(width: int, height: int, config_path: Path, out: Path) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from hubd.config.loading import HubConfig, load_config
    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic
    from hubd.devices.clock import MonotonicClock
    from hubd.devices.display import Display
    from hubd.devices.light import FakeLight
    from hubd.devices.notify import FakeNotifier
    from hubd.devices.speaker import FakeSpeaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices, HubCore
    from hubd.loop.hub_button import ButtonHandler
    from hubd.loop.inbox import Inbox
    from hubd.screens import Ui
    from hubd.store import open_store

    config: HubConfig = load_config(config_path)
    folder = Path(tempfile.mkdtemp(prefix="boot-screen-"))
    pygame.font.init()
    clock = MonotonicClock()
    settings = Settings.from_config(config)
    display = Display((width, height), settings.rotation)
    ui = Ui(display.logical_size)
    ui.set_language(settings.language)
    store = open_store(folder)
    core = HubCore(
        display=display, ui=ui, store=store, clock=clock, settings=settings,
        devices=Devices(speaker=FakeSpeaker(available=False), light=FakeLight(clock),
                        notifier=FakeNotifier()),
        data_folder=folder, out=io.StringIO(),
    )  # fmt: skip
    app = HubApp(core, ButtonHandler(core, ButtonLogic.from_config(config.button)), Inbox())
    app.core.resume()
    app.draw()
    pygame.image.save(display.screen, str(out))
    store.close()


def read_ppm(path: Path) -> tuple[int, int, bytes]:
    """A binary PPM (P6, 8 bits: QEMU's ``screendump``) as width, height and RGB rows."""
    data = path.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:  # magic, width, height, maxval; "#" comments between them
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at) + 1
            continue
        end = at
        while end < len(data) and not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic != b"P6" or maxval != 255:
        raise ValueError(f"{path}: not an 8-bit binary PPM ({magic!r}, maxval {maxval})")
    pixels = data[at + 1 : at + 1 + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ValueError(f"{path}: {len(pixels)} bytes of pixels, not {width * height * 3}")
    return width, height, pixels


def read_bmp(path: Path) -> tuple[int, int, bytes]:
    """An uncompressed 24- or 32-bit BMP (SDL's ``SDL_SaveBMP``) as width, height and RGB rows
    from the top (a BMP's own rows run from the bottom unless its height is negative)."""
    data = path.read_bytes()
    if data[:2] != b"BM":
        raise ValueError(f"{path}: not a BMP")
    offset = struct.unpack_from("<I", data, 10)[0]
    width, height, _, bits, compression = struct.unpack_from("<iiHHI", data, 18)
    if bits not in (24, 32) or compression not in (0, 3):  # BI_RGB, BI_BITFIELDS (SDL's own)
        raise ValueError(f"{path}: {bits}-bit BMP, compression {compression}: not read here")
    step = bits // 8
    pitch = (width * step + 3) & ~3
    rows = range(abs(height)) if height < 0 else range(height - 1, -1, -1)
    rgb = bytearray()
    for row in rows:
        line = data[offset + row * pitch : offset + row * pitch + width * step]
        pixels = bytearray(width * 3)
        pixels[0::3], pixels[1::3], pixels[2::3] = line[2::step], line[1::step], line[0::step]
        rgb += pixels
    return width, abs(height), bytes(rgb)


def compare(dump: Path, expected: Path) -> float:
    """Python's standard library alone: the host needs no checkout's venv (a fresh clone)."""
    got_w, got_h, a = read_ppm(dump)
    width, height, b = read_bmp(expected)
    if (got_w, got_h) != (width, height):
        print(f"screen: the dump is {(got_w, got_h)}, the expected screen {(width, height)}")
        return 1.0
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
    if len(argv) in (2, 3) and argv[0] == "grab":
        print(grab(Path(argv[1]), *argv[2:]))
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        try:
            share = compare(Path(argv[1]), Path(argv[2]))
        except (OSError, ValueError, IndexError, struct.error) as err:
            print(f"screen: cannot compare: {err}")
            return 1
        return 0 if share <= LIMIT else 1
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
