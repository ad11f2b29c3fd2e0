"""Test-wide fixtures: dummy SDL drivers, gpiozero's MockFactory, the installer's root, checkout."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from installer_helpers import CMDLINE_TXT, CONFIG_TXT, REPO

# SDL reads these when pygame initialises; set them before any test imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@contextmanager
def _mock_pins() -> Iterator[object]:
    """gpiozero's MockFactory with PWM-capable pins, restoring the previous factory after."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def mock_factory() -> Iterator[object]:
    """gpiozero's MockFactory with PWM-capable pins, restoring the previous factory after."""
    with _mock_pins() as factory:
        yield factory


@pytest.fixture(scope="module")
def module_mock_factory() -> Iterator[object]:
    """The same, kept for a module's tests (a hub they share, set up once)."""
    with _mock_pins() as factory:
        yield factory


@pytest.fixture(scope="session")
def load_script() -> Callable[[str, Path], ModuleType]:
    """Loads a script (not a package module) from its file as the module ``name``."""

    def load(name: str, path: Path) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up while it loads
        spec.loader.exec_module(module)
        return module

    return load


# --- the installer's tests (test_installer*.py) ---------------------------------------------------
# The root is a bare ``etc/`` (passwd, group, shadow, gshadow, as on a fresh Raspberry Pi OS
# that lacks some device groups) and ``boot/firmware/``. The shadow tools edit it through their
# ``--prefix`` option and systemctl enables the unit with ``--root``; nothing outside tmp_path
# changes. The venv is made without pip and nothing is pip-installed, to stay fast and offline.


@pytest.fixture
def root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    etc = root / "etc"
    etc.mkdir(parents=True)
    (etc / "passwd").write_text(
        "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000::/home/pi:/bin/bash\n"
    )
    (etc / "group").write_text("root:x:0:\naudio:x:29:pi\nvideo:x:44:pi\npi:x:1000:\n")
    (etc / "shadow").write_text("root:*:19000:0:99999:7:::\npi:*:19000:0:99999:7:::\n")
    (etc / "gshadow").write_text("root:*::\naudio:*::pi\nvideo:*::pi\npi:!::\n")
    for name in ("shadow", "gshadow"):
        (etc / name).chmod(0o640)
    boot = root / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text(CONFIG_TXT)
    (boot / "cmdline.txt").write_text(CMDLINE_TXT)
    return root


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A copy of the checkout's parts the installer copies, to spoil without touching ours."""
    copy = tmp_path / "checkout"
    copy.mkdir()
    for item in ("pyproject.toml", "README.md", "engine", "hubd", "sounds", "hardware", "systemd"):
        source = REPO / item
        if source.is_dir():
            shutil.copytree(source, copy / item, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / item)
    return copy
