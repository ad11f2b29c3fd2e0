"""``hubd``'s start: the command it was given, and the daemon's run (the console entry point)."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hubd.cli.args import EXIT_ERROR, EXIT_OK, EXIT_POWEROFF, EXIT_USAGE, parse_args
from hubd.cli.journal_lines import start_journal
from hubd.cli.stopping import StopSignals
from hubd.cli.store_commands import run_backup, run_export, run_import, say_error
from hubd.config.loading import ConfigError, HubConfig, default_config_path, load_config
from hubd.devices.clock import MonotonicClock
from hubd.devices.pins import build_pins, check_hardware

if TYPE_CHECKING:
    from hubd.loop.camera import CameraKeeper, CameraReport
    from hubd.web.desk import PhoneDesk

log = logging.getLogger("hubd")

DEMO_PACE_S = 1.2  # a step every so often: slow enough to follow at a shop window


def _nothing() -> None:
    """What closes a phones' page that is off."""


def _load(args: argparse.Namespace) -> tuple[HubConfig, Path]:
    path = args.config
    if path is None and default_config_path(os.environ).is_file():
        path = default_config_path(os.environ)
    args.config_path = path
    config = load_config(path)
    return config, Path(args.data or config.data_folder())


def main(argv: Sequence[str] | None = None) -> int:
    stops = StopSignals().install()  # first: a SIGTERM from here on is a clean stop
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        if args.command != "run":  # the commands keep the default: a signal ends them
            stops.uninstall()
        return _main(args, stops)
    finally:
        stops.uninstall()


def _main(args: argparse.Namespace, stops: StopSignals) -> int:
    start_journal(getattr(args, "verbose", False))
    if args.command == "layout":  # a log and a size: no config, no store
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the frames alone
        from hubd.screens.shots.log_layout import run as run_layout

        return run_layout(args.log, args.size, args.lang, sys.stdout, sys.stderr)
    if args.command == "count-tiles":  # a photo: no config, no store
        from hubd.cli.count_tiles import run as count_tiles

        return count_tiles(args, sys.stdout, sys.stderr)
    try:
        config, folder = _load(args)
    except ConfigError as err:
        print(f"hubd: {err}", file=sys.stderr)
        return EXIT_USAGE
    from hubd.store import StoreError  # after the config: a config error needs no SQLite

    try:
        if args.command == "export":
            return run_export(args, folder)
        if args.command == "import":
            return run_import(args, folder)
        if args.command == "club":
            from hubd.club.command import run as run_club

            return run_club(args, folder)
        if args.command == "backup":
            return run_backup(args, folder)
        if args.command == "check-hardware":
            return check_hardware(config, folder, args.mock_pins, args.seconds)
        return run_daemon(args, config, folder, stops)
    except StoreError as err:
        say_error(str(err))
        return EXIT_ERROR


# -- the daemon ---------------------------------------------------------------------------


def window_mode(args: argparse.Namespace, config: HubConfig) -> tuple[tuple[int, int], bool]:
    """The window's size and whether it fills the screen: ``--size`` wins over the config."""
    windowed = args.windowed or args.headless or args.size is not None
    size = args.size or (config.display.width, config.display.height)
    return size, config.display.fullscreen and not windowed


def run_daemon(
    args: argparse.Namespace, config: HubConfig, folder: Path, stops: StopSignals | None = None
) -> int:
    if args.headless:
        # No screen. Sound stays on when a driver is named (a hub with no display still
        # cackles); otherwise it is SDL's dummy too.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from hubd.store import open_store

    # Refuses a second daemon on the same folder; any other problem with the folder or the
    # database is said in one line by the store, which then opens view-only or fresh.
    store = open_store(folder)
    import pygame

    from hubd.config.settings import Settings
    from hubd.devices.button import ButtonLogic
    from hubd.devices.display import AnyDisplay, Display, NoDisplay
    from hubd.devices.mixer import MixerSpeaker
    from hubd.devices.notify import SdNotifier
    from hubd.devices.sounds import DEFAULT_SOUND_DIR
    from hubd.devices.speaker import make_speaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices, Extras, HubCore
    from hubd.loop.hub_button import ButtonHandler
    from hubd.loop.inbox import Inbox, MockButton, Shutdown
    from hubd.loop.pictures import PictureKeeper
    from hubd.screens import Ui
    from hubd.speech import make_speech

    clock = MonotonicClock()
    inbox = Inbox()
    settings = Settings.load(folder, config)
    # The speaker first: it opens the mixer with its own small buffer, which a plain
    # pygame.init() would have opened with SDL's defaults.
    speaker = make_speaker(config.sound.speaker, DEFAULT_SOUND_DIR, config.sound.serial_port,
                           settings.volume / 100, log, buffer=config.sound.buffer,
                           device=config.sound.device, clock=clock)  # fmt: skip
    pygame.font.init()
    size, fullscreen = window_mode(args, config)
    # No screen yet must not mean no hub: the display runs without one and the loop keeps
    # trying (a DSI panel or USB touchscreen that appears late); button, sound, store work.
    display: AnyDisplay = NoDisplay(size)  # [display] enabled = false: no pygame display
    if config.display.enabled:
        display = Display(size, settings.rotation, fullscreen=fullscreen, kiosk=fullscreen,
                          clock=clock)  # fmt: skip
    ui = Ui(display.logical_size)
    ui.set_language(settings.language)
    speaker.set_muted(settings.muted)
    button, light, mock_pin = build_pins(config, folder, args.mock_pins, inbox.post, clock)
    # Who powers off after the 8 s hold: the unit under systemd; hubd itself on a Pi's desktop
    # (real pins); nobody with mock pins (the space bar on a laptop must not switch it off).
    under_systemd = bool(os.environ.get("INVOCATION_ID") and os.environ.get("NOTIFY_SOCKET"))
    powers_off = under_systemd or mock_pin is None
    web = config.override("web", enabled=False).web if args.no_web else config.web
    phones: PhoneDesk | None = None
    close_web: Callable[[], None] = _nothing
    if web.enabled:  # the page's modules (hashlib, secrets, html) only when it is on
        from hubd.web.start import start_web

        phones, close_web = start_web(web, folder, inbox.post)  # its own thread: posts
    club = None
    if config.club.enabled:  # the club night: its importer and Syncthing link are threads
        from hubd.club.night import ClubNight

        club = ClubNight(folder, store, config.club.table)
        club.start(inbox.post, config.club.syncthing_config)

    from hubd.loop.wifi import make_keeper

    wifi = make_keeper(config, folder, inbox.post, clock.now())  # nmcli on its worker only

    camera = _camera(args.fake_camera, inbox.post)

    def press_mock(pressed: bool) -> None:
        if pressed:
            mock_pin.drive_low()
        else:
            mock_pin.drive_high()

    # The speech opens the speaker's mixer again if it closed its device after a quiet spell.
    wake = speaker.wake if isinstance(speaker, MixerSpeaker) else None
    speech = make_speech(config.sound.speaker, folder, wanted=settings.speech, log=log, wake=wake)
    devices = Devices(
        speaker=speaker,
        light=light,
        notifier=SdNotifier.from_environ(clock=clock),
        press_mock_button=press_mock if mock_pin is not None else None,
        closers=[close_web, button.close, light.close, speech.close, speaker.close],
        speech=speech,
    )
    if club is not None:
        devices.closers.append(club.close)
    if camera is not None:
        devices.closers.append(camera.close)
    demo = None
    if (args.demo or args.demo_fast) and not config.display.enabled:
        log.warning("the demo taps the screens, and [display] enabled = false: no demo")
    elif args.demo or args.demo_fast:
        from hubd.loop.demo import DemoPlayer, demo_players

        # A club night's hubs each seat their own four, so their demos stay apart.
        players = demo_players(club.table if club is not None else None)
        demo = DemoPlayer(settings.preset, seed=args.demo_seed, players=players)
    pictures = None
    if config.display.enabled:  # the table's pictures are laid out off the loop
        pictures = PictureKeeper(inbox.post)
        devices.closers.append(pictures.close)
    core = HubCore(
        display=display, ui=ui, store=store, devices=devices, clock=clock, settings=settings,
        data_folder=folder, extras=Extras(phones=phones, club=club, wifi=wifi, camera=camera),
        stop_after_events=args.demo_events, pictures=pictures,
    )  # fmt: skip
    button_part = ButtonHandler(core, ButtonLogic.from_config(config.button), powers_off=powers_off)
    app = HubApp(core, button_part, inbox, demo=demo,
                 demo_interval=0.0 if args.demo_fast else DEMO_PACE_S)  # fmt: skip

    (stops or StopSignals().install()).deliver_to(lambda reason: inbox.post(Shutdown(reason)))

    def on_mock_button(signum: int, _frame: object) -> None:
        inbox.post(MockButton(signum == signal.SIGUSR1))

    if mock_pin is not None:  # the mock button without a keyboard (a hub with no screen)
        signal.signal(signal.SIGUSR1, on_mock_button)
        signal.signal(signal.SIGUSR2, on_mock_button)
    core.resume()
    try:
        app.run()
    finally:
        for close in devices.closers:
            try:
                close()
            except Exception as err:  # shutting down: report and go on closing the rest
                log.warning("while closing: %s", err)
        devices.notifier.close()
        store.close()
        display.close()
        pygame.quit()
    if button_part.poweroff and powers_off and not under_systemd:
        power_off()  # outside systemd (a desktop's autostart) nobody else would
    return EXIT_POWEROFF if button_part.poweroff else EXIT_OK


def power_off(command: Sequence[str] = ("systemctl", "poweroff")) -> bool:
    """The shutdown hold outside systemd: power the Pi off as the unit would (logind lets the
    desktop's own user do it). On failure the log says how to switch off by hand."""
    import subprocess

    log.info("powering off: %s", " ".join(command))
    try:
        subprocess.run(list(command), check=True, timeout=30, capture_output=True)
    except (OSError, subprocess.SubprocessError) as err:
        log.error("could not power off (%s): run sudo poweroff, then unplug", err)
        return False
    return True


def _camera(fake: Path | None, post: Callable[[CameraReport], None]) -> CameraKeeper | None:
    """The hub's camera when it has one and can read photos (OpenCV): the round end then
    offers "Show your tiles to the hub"; None otherwise, and nothing is offered."""
    from hubd.devices.camera import open_camera
    from hubd.vision.available import photos_readable

    if not photos_readable():
        if fake is not None:
            log.warning("camera: OpenCV is not installed (pip install .[camera]): no camera")
        return None
    camera = open_camera(fake)
    if camera is None:
        return None
    from hubd.loop.camera import CameraKeeper

    return CameraKeeper(camera, post)


if __name__ == "__main__":
    sys.exit(main())
