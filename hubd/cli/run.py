"""``hubd``: the hub daemon, and its helper commands (export, import, backup, check-hardware)."""

from __future__ import annotations

import argparse
import dataclasses
import io
import logging
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from hubd.cli.stopping import StopSignals
from hubd.config.files import FileRefused, write_new
from hubd.config.loading import ConfigError, HubConfig, default_config_path, load_config
from hubd.config.schema import DisplayConfig
from hubd.hardware.clock import MonotonicClock
from hubd.hardware.pins import build_pins, check_hardware
from hubd.text import i18n

if TYPE_CHECKING:
    from hubd.web.desk import PhoneDesk

log = logging.getLogger("hubd")

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
#: The daemon stopped because the hub button was held to shut down: systemd/hubd.service
#: powers the Pi off on this exit status (and does not restart the daemon).
EXIT_POWEROFF = 3
COMMANDS = ("run", "export", "import", "backup", "check-hardware", "club", "layout")
DEMO_PACE_S = 1.2  # a step every so often: slow enough to follow at a shop window
PORTRAIT = (720, 1280)  # the Touch Display 2, upright


def _nothing() -> None:
    """What closes a phones' page that is off."""


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="TOML config file (default: ~/.config/chickenfoot-hub/hub.toml "
                        "if present, else built-in defaults)")  # fmt: skip
    parser.add_argument("--data", type=Path, metavar="FOLDER",
                        help="data folder (default: $STATE_DIRECTORY "
                        "or ~/.local/share/chickenfoot-hub)")  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    # The run options sit on the top parser too, so that `hubd --help` lists them; parse_args
    # hands them to `run` all the same.
    parser = argparse.ArgumentParser(
        prog="hubd",
        usage="%(prog)s [options]          run the hub\n"
        "       %(prog)s COMMAND [options]  one of the commands below",
        description="The Chicken Foot Hub daemon. With no command it runs the hub, "
        "with the options below (the same as `hubd run [options]`).",
        epilog="`hubd COMMAND --help` shows a command's own options.",
    )
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="the version and the commit it was installed from")  # fmt: skip
    _run_options(parser)
    commands = parser.add_subparsers(
        dest="command", title="commands", metavar="COMMAND", prog="hubd"
    )
    run = commands.add_parser("run", help="run the hub (the default)")
    _run_options(run)
    export = commands.add_parser("export", help="write a game's log or score sheet")
    _common(export)
    export.add_argument("game", nargs="?", type=game_number, help="game id (default: the latest)")
    export.add_argument("--format", choices=("jsonl", "csv"), default="jsonl")
    export.add_argument("-o", "--output", type=Path, help="file to write (default: stdout)")
    load = commands.add_parser("import", help="load a JSON Lines game log into the store")
    _common(load)
    load.add_argument("file", type=Path)
    backup = commands.add_parser("backup", help="copy the database safely, even while running")
    _common(backup)
    backup.add_argument("dest", type=Path)
    check = commands.add_parser("check-hardware", help="test the button, light and speaker")
    _common(check)
    check.add_argument("--mock-pins", action="store_true", help="use gpiozero's MockFactory")
    check.add_argument("--seconds", type=float, default=10.0,
                       help="how long to watch the button (default 10)")  # fmt: skip
    layout = commands.add_parser(
        "layout", help="print the screen shown after each line of a game log, as JSON Lines"
    )
    layout.add_argument("log", type=Path, help="a JSON Lines game log")
    layout.add_argument("--size", type=window_size, default=(800, 480), metavar="WxH",
                        help="screen size in pixels (default 800x480)")  # fmt: skip
    layout.add_argument("--lang", default="en", choices=i18n.available_languages(),
                        help="language of the screen (default en)")  # fmt: skip
    from hubd.club.command import add_parser as add_club

    add_club(commands, _common)
    return parser


class _Version(argparse.Action):
    """``--version``: read only when asked (a checkout asks git)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from hubd.config.version import this_release

        print(f"hubd {this_release().describe()}")
        parser.exit()


def _run_options(parser: argparse.ArgumentParser) -> None:
    _common(parser)
    parser.add_argument("--mock-pins", action="store_true",
                        help="gpiozero's MockFactory; the space bar is the hub button")  # fmt: skip
    parser.add_argument("--windowed", action="store_true", help="a desktop window, not full screen")
    parser.add_argument("--no-web", action="store_true",
                        help="no phones' page (the same as [web] enabled = false)")  # fmt: skip
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--size", type=window_size, metavar="WxH",
                      help="window size in pixels, e.g. 720x1280 (implies --windowed; "
                      "default: [display] in the config, else 800x480)")  # fmt: skip
    size.add_argument("--portrait", dest="size", action="store_const", const=PORTRAIT,
                      help="the portrait Touch Display 2: the same as --size 720x1280")  # fmt: skip
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no screen (SDL dummy video; dummy audio unless SDL_AUDIODRIVER is set)",
    )
    parser.add_argument("--demo", action="store_true", help="play games by itself")
    parser.add_argument("--demo-fast", action="store_true", help="demo as fast as it can go")
    parser.add_argument("--demo-seed", type=int, metavar="N", help="seed for a repeatable demo")
    parser.add_argument("--demo-events", type=int, metavar="N",
                        help="stop once N events are committed (soak tests)")  # fmt: skip
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``, each side checked by the config's own rule for [display]."""
    found = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if found is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not WIDTHxHEIGHT in pixels, e.g. 800x480 or 720x1280"
        )
    size = (int(found[1]), int(found[2]))
    rules = {f.name: f.metadata["rule"] for f in dataclasses.fields(DisplayConfig)}
    for side, value in zip(("width", "height"), size, strict=True):
        if rules[side].check(value) is None:
            raise argparse.ArgumentTypeError(
                f"{text}: the {side} must be {rules[side].allowed} (pixels)"
            )
    return size


def game_number(text: str) -> int:
    """A game id as SQLite can hold it (a 5,000-digit number is refused, not overflowed)."""
    if not re.fullmatch(r"\s*\d{1,18}\s*", text):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a game number (0 or more)")
    return int(text)


def _own_files(folder: Path, config_path: Path | None) -> list[tuple[Path, str]]:
    """The files of the hub's a command must never write over, besides the store's own."""
    from hubd.config.settings import SETTINGS_FILE

    files = [(folder / SETTINGS_FILE, f"the hub's settings file {SETTINGS_FILE}")]
    if config_path is not None:
        files.append((config_path, f"the hub's config file {config_path.name}"))
    return files


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    argv = list(argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "run")  # `hubd --mock-pins` means `hubd run --mock-pins`
    return build_parser().parse_args(argv)


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
    logging.basicConfig(
        level=logging.DEBUG if getattr(args, "verbose", False) else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if args.command == "layout":  # a log and a size: no config, no store
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the frames alone
        from hubd.screens.shots.log_layout import run as run_layout

        return run_layout(args.log, args.size, args.lang, sys.stdout, sys.stderr)
    try:
        config, folder = _load(args)
    except ConfigError as err:
        print(f"hubd: {err}", file=sys.stderr)
        return EXIT_USAGE
    from hubd.store import StoreError  # after the config: a config error needs no SQLite

    try:
        if args.command == "export":
            return _export(args, folder)
        if args.command == "import":
            return _import(args, folder)
        if args.command == "club":
            from hubd.club.command import run as run_club

            return run_club(args, folder)
        if args.command == "backup":
            return _backup(args, folder)
        if args.command == "check-hardware":
            return check_hardware(config, folder, args.mock_pins, args.seconds)
        return run_daemon(args, config, folder, stops)
    except StoreError as err:
        print(f"hubd: {err}", file=sys.stderr)
        return EXIT_ERROR


# -- the store commands -------------------------------------------------------------------


def _say(text: str, stream: TextIO | None = None) -> None:
    """One line to a terminal of any encoding (a path may hold bytes it cannot show)."""
    stream = stream or sys.stdout
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")
    stream.flush()


def _export(args: argparse.Namespace, folder: Path) -> int:
    """The whole export is made first, so an unknown game leaves no file behind; a log is
    UTF-8 whatever the terminal's encoding."""
    from hubd.store import GameStore

    store = GameStore.open(folder, readonly=True)
    try:
        game_id = store.latest_game() if args.game is None else args.game
        if game_id is None:
            _say("hubd: there are no games to export", sys.stderr)
            return EXIT_ERROR
        text = io.StringIO()
        (store.export_csv if args.format == "csv" else store.export_jsonl)(game_id, text)
        own = store.own_files()
    finally:
        store.close()
    data = _utf8(text.getvalue())
    if args.output is None:
        try:
            sys.stdout.flush()
            binary = getattr(sys.stdout, "buffer", None)
            if binary is None:  # a stream without bytes underneath (an IDE's console)
                sys.stdout.write(data.decode("utf-8"))
                sys.stdout.flush()
            else:
                binary.write(data)
                binary.flush()
        except OSError as err:  # > /dev/full, a closed pipe
            _say(f"hubd: cannot write the export: {err.strerror or err}", sys.stderr)
            _drop_stdout()
            return EXIT_ERROR
        return EXIT_OK
    try:
        write_new(args.output, data, [*own, *_own_files(folder, args.config_path)])
    except FileRefused as err:
        _say(f"hubd: cannot write {args.output}: {err.reason}", sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


def _utf8(text: str) -> bytes:
    """The export's bytes: a byte that was not UTF-8 in the store is written back as it was;
    a lone surrogate (from a log stored before the name rules) becomes a visible escape."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace")


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file underneath: nothing to flush
        pass


def _import(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import GameStore, ImportRefusedError

    store = GameStore.open(folder)
    try:
        if store.cannot_save:  # the store opened view-only: say why, do not try
            _say(f"hubd: cannot import {args.file}: {store.cannot_save}", sys.stderr)
            return EXIT_ERROR
        game_id = store.import_log(args.file)
    except ImportRefusedError as err:
        _say(f"hubd: cannot import {args.file}: {err.message}", sys.stderr)
        return EXIT_ERROR
    finally:
        store.close()
    _say(f"imported {args.file} as game {game_id}")
    return EXIT_OK


def _backup(args: argparse.Namespace, folder: Path) -> int:
    from hubd.store import GameStore

    store = GameStore.open(folder, readonly=True)
    try:
        written = store.backup(args.dest, protect=_own_files(folder, args.config_path))
    finally:
        store.close()
    _say(f"backed up {folder} to {written}")
    return EXIT_OK


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
    from hubd.store import GameStore

    # Refuses a second daemon on the same folder; any other problem with the folder or the
    # database is said in one line by the store, which then opens view-only or fresh.
    store = GameStore.open(folder)
    import pygame

    from hubd.config.settings import Settings
    from hubd.hardware.button import ButtonLogic
    from hubd.hardware.display import AnyDisplay, Display, NoDisplay
    from hubd.hardware.notify import SdNotifier
    from hubd.hardware.sounds import DEFAULT_SOUND_DIR
    from hubd.hardware.speaker import make_speaker
    from hubd.loop.app import HubApp
    from hubd.loop.core import Devices
    from hubd.loop.demo import DemoPlayer
    from hubd.loop.events import Inbox, MockButton, Shutdown
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

    def press_mock(pressed: bool) -> None:
        if pressed:
            mock_pin.drive_low()
        else:
            mock_pin.drive_high()

    speech = make_speech(config.sound.speaker, folder, wanted=settings.speech, log=log)
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
    demo = None
    if (args.demo or args.demo_fast) and not config.display.enabled:
        log.warning("the demo taps the screens, and [display] enabled = false: no demo")
    elif args.demo or args.demo_fast:
        demo = DemoPlayer(settings.preset, seed=args.demo_seed)
    app = HubApp(
        display=display, ui=ui, store=store, devices=devices, clock=clock, inbox=inbox,
        settings=settings, data_folder=folder,
        button_logic=ButtonLogic(
            config.button.debounce_ms / 1000, config.button.hold_seconds,
            glitch_s=config.button.glitch_ms / 1000,
            long_hold_s=config.button.shutdown_seconds or None,
        ),
        demo=demo, demo_interval=0.0 if args.demo_fast else DEMO_PACE_S,
        stop_after_events=args.demo_events, phones=phones, club=club,
        powers_off=powers_off,
    )  # fmt: skip

    (stops or StopSignals().install()).deliver_to(lambda reason: inbox.post(Shutdown(reason)))

    def on_mock_button(signum: int, _frame: object) -> None:
        inbox.post(MockButton(signum == signal.SIGUSR1))

    if mock_pin is not None:  # the mock button without a keyboard (a hub with no screen)
        signal.signal(signal.SIGUSR1, on_mock_button)
        signal.signal(signal.SIGUSR2, on_mock_button)
    app.resume()
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
    if app.poweroff and powers_off and not under_systemd:
        power_off()  # outside systemd (a desktop's autostart) nobody else would
    return EXIT_POWEROFF if app.poweroff else EXIT_OK


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


if __name__ == "__main__":
    sys.exit(main())
