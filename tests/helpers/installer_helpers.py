"""What the installer's tests share: the scripts, a fresh card's boot files, the root they need."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable

import pytest
from checkout import REPO

INSTALL = REPO / "hardware" / "install.sh"
UNINSTALL = REPO / "hardware" / "uninstall.sh"
CONFIG_TXT = "# Raspberry Pi config\ndtoverlay=vc4-kms-v3d\n\n[cm4]\notg_mode=1\n\n[all]\n"
CMDLINE_TXT = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n"

_missing = [tool for tool in ("bash", "useradd", "groupadd", "usermod", "userdel", "tar")
            if shutil.which(tool) is None]  # fmt: skip
NEEDS_ROOT = [
    pytest.mark.skipif(
        bool(_missing), reason=f"cannot make a throw-away root without {', '.join(_missing)}"
    ),
    pytest.mark.skipif(
        os.geteuid() != 0,
        reason="the shadow tools (useradd --prefix) only run as root, as CI does",
    ),
]

Runner = Callable[..., subprocess.CompletedProcess[str]]
