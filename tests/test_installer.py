"""hardware/install.sh and uninstall.sh, run for real into a throw-away root under tmp_path.

The root is a bare ``etc/`` (passwd, group, shadow, gshadow, as on a fresh Raspberry Pi OS
that lacks some device groups) and ``boot/firmware/``. The shadow tools edit it through their
``--prefix`` option and systemctl enables the unit with ``--root``; nothing outside tmp_path
changes. The venv is made without pip and nothing is pip-installed, to stay fast and offline.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hubd.config.loading import load_config

REPO = Path(__file__).resolve().parent.parent
INSTALL = REPO / "hardware" / "install.sh"
UNINSTALL = REPO / "hardware" / "uninstall.sh"
DEVICE_GROUPS = ("gpio", "audio", "video", "input", "render", "dialout")
CONFIG_TXT = "# Raspberry Pi config\ndtoverlay=vc4-kms-v3d\n\n[cm4]\notg_mode=1\n\n[all]\n"
CMDLINE_TXT = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait\n"

_missing = [tool for tool in ("bash", "useradd", "groupadd", "usermod", "userdel", "tar")
            if shutil.which(tool) is None]  # fmt: skip
pytestmark = [
    pytest.mark.skipif(
        bool(_missing), reason=f"cannot make a throw-away root without {', '.join(_missing)}"
    ),
    pytest.mark.skipif(
        os.geteuid() != 0,
        reason="the shadow tools (useradd --prefix) only run as root, as CI does",
    ),
]

Runner = Callable[..., subprocess.CompletedProcess[str]]


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
def run(root: Path) -> Runner:
    def run(script: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            ["bash", str(script), "--root", str(root), *staging(script), *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if check:
            assert result.returncode == 0, result.stdout + result.stderr
        return result

    return run


def staging(script: Path) -> list[str]:
    """A throw-away root is a staging root: the installer refuses it without --staging."""
    return ["--staging"] if script.name == "install.sh" else []


def passwd_entry(root: Path, user: str) -> list[str] | None:
    for line in (root / "etc" / "passwd").read_text().splitlines():
        fields = line.split(":")
        if fields[0] == user:
            return fields
    return None


def group_members(root: Path) -> dict[str, list[str]]:
    groups = {}
    for line in (root / "etc" / "group").read_text().splitlines():
        name, _, _, members = line.split(":")
        groups[name] = [m for m in members.split(",") if m]
    return groups


def test_install_twice_then_uninstall_keeps_the_games(root: Path, run: Runner) -> None:
    """A staging root: the files, the user and the config; no venv, the unit not enabled
    (the live install's venv, bytecode and enabling are checked further down)."""
    first = run(INSTALL)
    # The user: a system account with no login, in every device group (missing ones made).
    user = passwd_entry(root, "chickenfoot")
    assert user is not None
    uid, gid = int(user[2]), int(user[3])
    assert uid < 1000
    assert user[5:] == ["/var/lib/chickenfoot", "/usr/sbin/nologin"]
    groups = group_members(root)
    for group in DEVICE_GROUPS:
        assert groups[group].count("chickenfoot") == 1, group
    assert "Group gpio is missing" in first.stdout
    assert "Group audio is missing" not in first.stdout
    assert "\naudio:x:29:pi,chickenfoot\n" in (root / "etc" / "group").read_text()
    # The code, without the checkout's clutter, in a release of its own that the fixed paths
    # lead to.
    prefix = root / "opt" / "chickenfoot-hub"
    src = prefix / "src"
    assert os.readlink(src) == "current/src" and os.readlink(prefix / "venv") == "current/venv"
    first_release = os.readlink(prefix / "current")
    assert first_release.startswith("releases/")
    for name in ("pyproject.toml", "hubd/__init__.py", "hubd/config/pinmap.py",
                 "engine/__init__.py", "sounds/cackle.wav", "systemd/hubd.service"):  # fmt: skip
        assert (src / name).is_file(), name
    assert not (src / "tests").exists() and not (src / ".venv").exists()
    assert not (src / "hubd" / "__pycache__").exists(), "a staging root gets no bytecode"
    assert all(p.stat().st_uid == 0 for p in src.rglob("*"))
    assert not (prefix / "venv").exists() and "none in a staging root" in first.stdout
    # The unit, installed as it is in the repository, but not enabled: a staging root does
    # not run the hub, so an image made from it does not restart a missing daemon forever.
    unit = root / "etc" / "systemd" / "system" / "hubd.service"
    assert unit.read_bytes() == (REPO / "systemd" / "hubd.service").read_bytes()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "hubd.service"
    assert not wants.is_symlink()
    assert "does not boot into a working hub" in first.stdout
    # Syncthing for club nights: its own unit, installed the same way.
    sync_unit = root / "etc" / "systemd" / "system" / "chickenfoot-syncthing.service"
    assert sync_unit.read_bytes() == (REPO / "systemd" / sync_unit.name).read_bytes()
    # The config: the package's own commented file, for the kiosk.
    config_path = root / "etc" / "chickenfoot-hub" / "hubd.toml"
    config = load_config(config_path)
    assert config.display.fullscreen is True
    assert config.sound.speaker == "mixer"
    assert config.data.folder == Path("/var/lib/chickenfoot")
    # The games folder, the service's own; and the command.
    state = root / "var" / "lib" / "chickenfoot"
    assert (state.stat().st_uid, state.stat().st_gid) == (uid, gid)
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    command = root / "usr" / "local" / "bin" / "hubd"
    assert command.stat().st_mode & 0o111
    # Without --boot-config, the boot files are only talked about.
    assert (root / "boot" / "firmware" / "config.txt").read_text() == CONFIG_TXT
    assert "dtparam=audio=on" in first.stdout

    # A game was played; the user edited the config. Then an update:
    (state / "hub.sqlite3").write_bytes(b"games")
    config_path.write_text(config_path.read_text() + "# mine\n")
    (src / "stale.py").write_text("")
    passwd_before = (root / "etc" / "passwd").read_text()
    second = run(INSTALL)
    assert "keeping /etc/chickenfoot-hub/hubd.toml" in second.stdout
    assert config_path.read_text().endswith("# mine\n")
    assert (state / "hub.sqlite3").read_bytes() == b"games"
    assert not (src / "stale.py").exists(), "the code is a fresh copy each time"
    assert os.readlink(prefix / "current") != first_release
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == sorted(
        [first_release.split("/")[1], os.readlink(prefix / "current").split("/")[1]]
    ), "the previous release is kept, to go back to"
    assert (root / "etc" / "passwd").read_text() == passwd_before
    assert group_members(root) == groups
    assert "useradd" not in second.stdout and "groupadd" not in second.stdout
    second_release = os.readlink(prefix / "current")
    third = run(INSTALL)
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == sorted(
        [second_release.split("/")[1], os.readlink(prefix / "current").split("/")[1]]
    ), "at most two: the running one and the one before"
    # Nothing is removed before what replaces it is on the card.
    removal = third.stdout.index(f"+ rm -rf {prefix}/{first_release}")
    assert "+ sync" in third.stdout[:removal]

    # Uninstall (twice: it is safe to repeat) keeps the games, the config and their owner.
    for _ in range(2):
        run(UNINSTALL)
    assert not unit.exists() and not wants.is_symlink() and not sync_unit.exists()
    assert not (root / "opt" / "chickenfoot-hub").exists()
    assert not command.exists()
    assert (state / "hub.sqlite3").read_bytes() == b"games"
    assert config_path.exists()
    assert passwd_entry(root, "chickenfoot") is not None

    # --purge takes the rest, but not the device groups other software uses.
    run(UNINSTALL, "--purge")
    assert not state.exists() and not config_path.parent.exists()
    assert passwd_entry(root, "chickenfoot") is None
    groups = group_members(root)
    assert "chickenfoot" not in groups
    assert set(DEVICE_GROUPS) <= set(groups)
    assert groups["audio"] == ["pi"]


def test_dfplayer_boot_config_is_applied_once_and_removed_again(root: Path, run: Runner) -> None:
    boot = root / "boot" / "firmware"
    for _ in range(2):
        run(INSTALL, "--skip-venv", "--dfplayer", "--boot-config")
    config_txt = (boot / "config.txt").read_text()
    assert config_txt.startswith(CONFIG_TXT)
    assert config_txt.count("enable_uart=1") == 1
    assert config_txt.count("dtparam=audio=on") == 1
    assert config_txt.count("# BEGIN chickenfoot-hub") == 1
    # The block opens with [all]: the file may end inside a [cm4]-style section.
    added = config_txt[len(CONFIG_TXT) :].splitlines()
    assert added[1] == "[all]"
    cmdline = (boot / "cmdline.txt").read_text()
    assert "console=serial0" not in cmdline
    assert cmdline == "console=tty1 root=PARTUUID=1234-02 rootwait\n"
    assert (boot / "config.txt.chickenfoot-hub.bak").read_text() == CONFIG_TXT
    assert (boot / "cmdline.txt.chickenfoot-hub.bak").read_text() == CMDLINE_TXT
    config = load_config(root / "etc" / "chickenfoot-hub" / "hubd.toml")
    assert config.sound.speaker == "dfplayer"
    assert not (root / "opt" / "chickenfoot-hub" / "venv").exists()

    run(UNINSTALL)
    assert (boot / "config.txt").read_text() == CONFIG_TXT


def test_dry_run_shows_the_real_install_and_changes_nothing(root: Path, run: Runner) -> None:
    def snapshot() -> dict[Path, bytes | None]:
        return {p: p.read_bytes() if p.is_file() else None for p in root.rglob("*")}

    before = snapshot()
    result = run(INSTALL, "--dry-run", "--dfplayer", "--boot-config")
    assert snapshot() == before
    lines = result.stdout.splitlines()
    assert any(line.startswith("+ groupadd --prefix") and line.endswith(" gpio") for line in lines)
    assert any(line.startswith("+ useradd --prefix") for line in lines)
    assert not [line for line in lines if " -m venv " in line], "no venv in a staging root"
    assert any(line.startswith("+ write /etc/chickenfoot-hub/hubd.toml") for line in lines)


def test_without_a_root_the_venv_gets_pip_and_the_package(tmp_path: Path) -> None:
    """The real install's venv and pip commands, shown by --dry-run on this machine (nothing
    is changed: every step goes through the dry-run guard, checked above)."""
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--no-apt", "--no-systemctl"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines = result.stdout.splitlines()
    made = r" -m venv --system-site-packages (/opt/chickenfoot-hub/releases/[^/ ]+)/venv$"
    release = next(m.group(1) for line in lines if (m := re.search(made, line)))
    # The dependencies from the lock of the Python the installer uses (the system's),
    # checked by hash; then the package alone.
    system_python = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3"
    tag = subprocess.run(
        [system_python, "-c", "import platform, sys; "
         "print(f'cp{sys.version_info[0]}{sys.version_info[1]}-{platform.machine()}')"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    if not (REPO / "hardware" / "locks" / f"{tag}.txt").exists():
        assert f"no lock for {tag}" in result.stderr
        return
    pip_prefix = f"+ {release}/venv/bin/python -m pip install --quiet --disable-pip-version-check"
    locked = (f"{pip_prefix} --require-hashes --only-binary :all: --ignore-installed "
              f"--requirement {release}/src/hardware/locks/{tag}.txt")  # fmt: skip
    pip = f"{pip_prefix} --no-deps --no-build-isolation -e {release}/src"
    assert locked in lines and lines.index(locked) < lines.index(pip)
    unit = REPO / "systemd" / "hubd.service"
    assert f"+ install -D -m 0644 {unit} /etc/systemd/system/hubd.service" in lines
    # Staged, then swapped: pip and a start-up check run before the new release replaces the
    # running one, and the service restarts only after the swap.
    swap = lines.index("+ mv -T /opt/chickenfoot-hub/current.new /opt/chickenfoot-hub/current")
    assert lines.index(pip) < swap
    check = next(
        i for i, line in enumerate(lines) if "/venv/bin/python -c import\\ hubd.cli.run" in line
    )
    assert lines.index(pip) < check < swap


def test_make_install_and_uninstall_pass_destdir(root: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for target, args in (("install", ["INSTALL_ARGS=--staging"]), ("uninstall", [])):
        result = subprocess.run(
            ["make", "-C", str(REPO), "--no-print-directory", target, f"DESTDIR={root}", *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"into {root}" in result.stdout or f"from {root}" in result.stdout
    assert passwd_entry(root, "chickenfoot") is not None
    assert not (root / "etc" / "systemd" / "system" / "hubd.service").exists()


def test_bad_options_are_refused_with_a_message(root: Path, run: Runner) -> None:
    result = run(INSTALL, "--frobnicate", check=False)
    assert result.returncode != 0
    assert "unknown option: --frobnicate" in result.stderr
    result = subprocess.run(["bash", str(INSTALL), "--root", str(root / "nowhere")],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode != 0
    assert "no such folder" in result.stderr


@pytest.mark.parametrize(
    "script",
    [
        INSTALL,
        UNINSTALL,
        REPO / "hardware" / "hubd-command.sh",
        REPO / "hardware" / "arm64-check.sh",
        REPO / "hardware" / "boot-check.sh",
        REPO / "hardware" / "boot-check-guest.sh",
        REPO / "hardware" / "games-on-card.sh",
        REPO / "hardware" / "lock.sh",
        REPO / "hardware" / "wheelhouse.sh",
    ],
)
def test_the_scripts_parse_and_pass_shellcheck_where_it_exists(script: Path) -> None:
    shell = "sh" if script.name in ("hubd-command.sh", "games-on-card.sh") else "bash"
    subprocess.run([shell, "-n", str(script)], check=True)
    if shutil.which("shellcheck"):
        subprocess.run(["shellcheck", "-x", str(script)], check=True, cwd=REPO)


@pytest.mark.skipif(shutil.which("runuser") is None, reason="runuser (util-linux) is missing")
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], ["run"]),
        (["--mock-pins"], ["run", "--mock-pins"]),
        (["check-hardware", "--seconds", "3"], ["check-hardware", "--seconds", "3"]),
        (["backup", "/tmp/b.sqlite3"], ["backup", "/tmp/b.sqlite3"]),
    ],
)
def test_the_hubd_command_puts_the_config_after_the_subcommand(
    tmp_path: Path, args: list[str], expected: list[str]
) -> None:
    """/usr/local/bin/hubd: `hubd check-hardware` runs `.../venv/bin/hubd check-hardware
    --config /etc/chickenfoot-hub/hubd.toml` as the service's user (root stands in here)."""
    stand_in = tmp_path / "hubd"
    stand_in.write_text('#!/bin/sh\nid -un\nprintf "%s\\n" "$@"\necho "LG_WD=$LG_WD"\n')
    stand_in.chmod(0o755)
    script = (REPO / "hardware" / "hubd-command.sh").read_text()
    assert "HUBD=/opt/chickenfoot-hub/venv/bin/hubd\n" in script
    assert "APP_USER=chickenfoot\n" in script
    script = script.replace("HUBD=/opt/chickenfoot-hub/venv/bin/hubd\n", f"HUBD={stand_in}\n")
    script = script.replace("APP_USER=chickenfoot\n", "APP_USER=root\n")
    command = tmp_path / "hubd-command"
    command.write_text(script)
    environment = {k: v for k, v in os.environ.items() if k != "LG_WD"}
    result = subprocess.run(
        ["sh", str(command), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
        env=environment,
    )
    user, subcommand, *rest = result.stdout.splitlines()
    assert user == "root"
    config = ["--config", "/etc/chickenfoot-hub/hubd.toml"]
    assert [subcommand, *rest] == [
        expected[0],
        *config,
        *expected[1:],
        "LG_WD=/var/cache/chickenfoot",
    ]


# --- the machine and its packages (dry runs on this machine, with stand-in dpkg and apt) ---------


def fake_tools(
    tmp_path: Path, arch: str, installed: tuple[str, ...], known: tuple[str, ...]
) -> Path:
    """``dpkg``, ``dpkg-query`` and ``apt-cache`` stand-ins in a folder to put first on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    scripts = {
        "dpkg": f'[ "$1" = --print-architecture ] && echo {arch}\n',
        # dpkg-query -W -f='${Status}' PACKAGE
        "dpkg-query": 'case " ' + " ".join(installed) + ' " in *" $3 "*) '
        'echo "install ok installed" ;; *) exit 1 ;; esac\n',
        # apt-cache show --no-all-versions PACKAGE
        "apt-cache": 'case " ' + " ".join(known) + ' " in *" $3 "*) echo "Package: $3" ;; esac\n',
    }
    for name, body in scripts.items():
        (bin_dir / name).write_text("#!/bin/sh\n" + body)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def dry_run(bin_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--no-systemctl", "--skip-venv", *args],
        capture_output=True, text=True, timeout=60, check=False, env=environment,
    )  # fmt: skip


@pytest.mark.parametrize("arch", ["armhf", "armel", "i386"])
def test_a_32_bit_system_is_refused_with_one_line(tmp_path: Path, arch: str) -> None:
    result = dry_run(fake_tools(tmp_path, arch, (), ()))
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert f"this is a 32-bit system ({arch})" in line and "64-bit" in line
    assert "+ " not in result.stdout, "nothing was begun"


def test_a_system_other_than_linux_is_refused_with_one_line(tmp_path: Path) -> None:
    bin_dir = fake_tools(tmp_path, "arm64", (), ())
    (bin_dir / "uname").write_text('#!/bin/sh\n[ "$1" = -s ] && echo Darwin || echo arm64\n')
    (bin_dir / "uname").chmod(0o755)
    result = dry_run(bin_dir)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "install.sh: the hub needs 64-bit Linux (Raspberry Pi OS 64-bit); this is Darwin"
    ]


ALL_BUT_ALSA = ("python3-venv", "python3-lgpio", "libgbm1", "libegl1", "libegl-mesa0",
                "libgles2", "libgl1-mesa-dri", "espeak-ng", "syncthing", "fonts-dejavu-core",
                "alsa-utils", "gpiod")  # fmt: skip


@pytest.mark.parametrize("alsa", ["libasound2t64", "libasound2"])
def test_either_alsa_library_counts_so_a_rerun_needs_no_network(tmp_path: Path, alsa: str) -> None:
    result = dry_run(fake_tools(tmp_path, "arm64", (*ALL_BUT_ALSA, alsa), ()))
    assert result.returncode == 0, result.stderr
    assert "System packages: all present" in result.stdout
    assert "apt-get" not in result.stdout


def test_missing_packages_are_installed_by_the_names_this_release_knows(tmp_path: Path) -> None:
    """Trixie (libasound2t64, no python3-lgpio on plain Debian): what is there is installed,
    what is not is named in a warning."""
    known = ("libasound2t64", "fonts-dejavu-core", "gpiod")
    result = dry_run(fake_tools(tmp_path, "arm64", (*ALL_BUT_ALSA[2:-3], "alsa-utils"), known))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "+ apt-get update -qq" in lines
    install = next(line for line in lines if "apt-get install" in line)
    assert install.split("--no-install-recommends ")[1].split() == [
        "libasound2t64", "fonts-dejavu-core", "gpiod"
    ]  # fmt: skip
    assert "python3-lgpio is not in this system's package sources" in result.stderr


# --- the code's modes, staging, and undoing the options ------------------------------------------


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


def install_from(checkout: Path, root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(checkout / "hardware" / "install.sh"), "--root", str(root), "--staging",
         *args],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_the_code_is_installed_root_owned_and_never_group_or_world_writable(
    root: Path, checkout: Path
) -> None:
    (checkout / "hubd" / "config" / "pinmap.py").chmod(0o666)
    (checkout / "sounds").chmod(0o777)
    (checkout / "hardware" / "install.sh").chmod(0o777)
    result = install_from(checkout, root, "--skip-venv")
    assert result.returncode == 0, result.stdout + result.stderr
    src = root / "opt" / "chickenfoot-hub" / "src"
    modes = {p.relative_to(src): stat.S_IMODE(p.stat().st_mode) for p in src.rglob("*")}
    assert modes[Path("hubd/config/pinmap.py")] == 0o644
    assert modes[Path("sounds")] == 0o755
    assert modes[Path("hardware/install.sh")] == 0o755
    writable = [path for path, mode in modes.items() if mode & 0o022]
    assert writable == []
    assert all(p.stat().st_uid == 0 and p.stat().st_gid == 0 for p in src.rglob("*"))


# --- the live install: a throw-away root standing in for a running Pi ----------------------------
# CHICKENFOOT_INSTALL_TEST_LIVE=1 makes the installer treat --root as the running system, with
# the systemctl below as its systemd: `restart` fails (no READY=1) while the release that
# `current` points at holds a file named BROKEN, as a release that imports but dies under the
# unit would. Every call is logged.

FAKE_SYSTEMCTL = """#!/bin/sh
echo "$*" >>"$SYSTEMCTL_LOG"
case $1 in
    restart) [ ! -e "$HUB_ROOT/opt/chickenfoot-hub/current/src/BROKEN" ] ;;
    show) echo 0 ;;
    --root=*) wants=$HUB_ROOT/etc/systemd/system/multi-user.target.wants
        [ "$2" = enable ] && mkdir -p "$wants" \\
            && ln -sfn "/etc/systemd/system/$3" "$wants/$3"; exit 0 ;;
    *) exit 0 ;;
esac
"""


@pytest.fixture
def live(tmp_path: Path, root: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    bin_dir = tmp_path / "live-bin"
    bin_dir.mkdir()
    (bin_dir / "systemctl").write_text(FAKE_SYSTEMCTL)
    (bin_dir / "systemctl").chmod(0o755)
    environment = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
                   "CHICKENFOOT_INSTALL_TEST_LIVE": "1", "HUB_ROOT": str(root),
                   "SYSTEMCTL_LOG": str(tmp_path / "systemctl.log"), "READY_SETTLE": "0",
                   "READY_TIMEOUT": "20"}  # fmt: skip

    def live(checkout: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(checkout / "hardware" / "install.sh"), "--root", str(root), *args],
            capture_output=True, text=True, timeout=120, check=False, env=environment,
        )  # fmt: skip

    return live


def systemctl_calls(tmp_path: Path) -> list[str]:
    log = tmp_path / "systemctl.log"
    return log.read_text().splitlines() if log.exists() else []


def break_release(checkout: Path) -> None:
    """The release made from ``checkout`` imports, but never reports READY under the unit."""
    (checkout / "BROKEN").write_text("")
    script = (checkout / "hardware" / "install.sh").read_text()
    assert "sounds hardware systemd)" in script
    (checkout / "hardware" / "install.sh").write_text(
        script.replace("sounds hardware systemd)", "sounds hardware systemd BROKEN)")
    )


def releases(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "opt" / "chickenfoot-hub" / "releases").iterdir())


def test_the_live_install_compiles_enables_restarts_and_records_the_version(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    result = live(checkout, "--skip-pip")
    assert result.returncode == 0, result.stdout + result.stderr
    src = root / "opt" / "chickenfoot-hub" / "src"
    assert list((src / "hubd" / "config" / "__pycache__").glob("pinmap.*.pyc"))
    venv = root / "opt" / "chickenfoot-hub" / "venv"
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "hubd.service"
    assert os.readlink(wants) == "/etc/systemd/system/hubd.service"
    assert "restart hubd.service" in systemctl_calls(tmp_path)
    sync_wants = wants.with_name("chickenfoot-syncthing.service")
    assert os.readlink(sync_wants) == "/etc/systemd/system/chickenfoot-syncthing.service"
    if shutil.which("syncthing"):  # started after the hub (a warning without it)
        assert "restart chickenfoot-syncthing.service" in systemctl_calls(tmp_path)
    assert "hubd.service reported READY" in result.stdout
    # What `hubd --version` and the Settings screen show.
    release = dict(
        line.split("=", 1) for line in (src / "release.txt").read_text().splitlines()
        if "=" in line
    )  # fmt: skip
    assert release["version"] == "0.1.0"
    assert release["commit"] == "unknown"  # this checkout is a copy without .git
    assert release["release"] == os.readlink(root / "opt" / "chickenfoot-hub" / "current")[9:]
    # The checkout is not written to: no root-owned bytecode left in the user's folder.
    assert not list(checkout.rglob("__pycache__"))


def test_a_failed_update_leaves_the_running_install_as_it_was(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    assert live(checkout, "--skip-pip").returncode == 0
    prefix = root / "opt" / "chickenfoot-hub"
    running = os.readlink(prefix / "current")
    before = (prefix / "src" / "hubd" / "loop" / "app.py").read_bytes()
    # The update is broken (it does not even compile), like a pip that cannot reach the index.
    (checkout / "hubd" / "loop" / "app.py").write_text("def broken(:\n")
    result = live(checkout, "--skip-pip")
    assert result.returncode != 0
    assert "the installed hub is unchanged" in result.stderr
    assert os.readlink(prefix / "current") == running
    assert (prefix / "src" / "hubd" / "loop" / "app.py").read_bytes() == before
    assert releases(root) == [running.split("/")[1]]
    # It failed before the swap: the running hub was never stopped nor restarted.
    assert systemctl_calls(tmp_path).count("restart hubd.service") == 1


def test_an_update_that_never_reports_ready_is_rolled_back(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    assert live(checkout, "--skip-venv").returncode == 0
    prefix = root / "opt" / "chickenfoot-hub"
    unit = root / "etc" / "systemd" / "system" / "hubd.service"
    running = os.readlink(prefix / "current")
    unit_before = unit.read_bytes()
    # The next release imports, but dies under the unit (its unit file differs too).
    break_release(checkout)
    (checkout / "systemd" / "hubd.service").write_text(unit_before.decode() + "# new\n")
    result = live(checkout, "--skip-venv")
    assert result.returncode == 1
    assert "did not report READY within 20 s" in result.stderr
    assert f"switched back: release {running.split('/')[1]} runs again" in result.stderr
    assert os.readlink(prefix / "current") == running
    assert unit.read_bytes() == unit_before, "the unit file of the release that runs"
    assert releases(root) == [running.split("/")[1]], "the broken release is gone"
    assert systemctl_calls(tmp_path).count("restart hubd.service") == 3  # first, new, back
    assert not list(root.rglob("*.chickenfoot-undo"))


def test_a_failed_first_install_undoes_itself(
    tmp_path: Path, root: Path, checkout: Path, live: Runner
) -> None:
    etc = {name: (root / "etc" / name).read_text() for name in ("passwd", "group", "shadow")}
    before = {p.relative_to(root) for p in root.rglob("*")}
    break_release(checkout)
    result = live(checkout, "--skip-venv", "--console-boot")
    assert result.returncode == 1
    assert "everything this first install did is undone" in result.stderr
    assert {name: (root / "etc" / name).read_text() for name in etc} == etc
    # What is left: the shadow tools' own backups (passwd- ...) and the install lock's folder.
    left = {p.relative_to(root) for p in root.rglob("*")} - before
    assert {str(p) for p in left} <= {
        "etc/passwd-",
        "etc/group-",
        "etc/shadow-",
        "etc/gshadow-",
        "run",
        "run/lock",
        "run/lock/chickenfoot-hub.install.lock",
    }
    assert "stop hubd.service" in systemctl_calls(tmp_path)


def test_a_second_install_at_the_same_time_is_refused(root: Path, checkout: Path) -> None:
    if shutil.which("flock") is None:
        pytest.skip("flock (util-linux) is not installed")
    lock = root / "run" / "lock" / "chickenfoot-hub.install.lock"
    lock.parent.mkdir(parents=True)
    holder = subprocess.Popen(["flock", str(lock), "sleep", "30"])
    try:
        for _ in range(100):  # until the holder has it
            probe = subprocess.run(["flock", "--nonblock", str(lock), "true"], check=False)
            if probe.returncode != 0:
                break
        result = install_from(checkout, root)
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 1
    assert "another install or uninstall of the hub is running" in result.stderr
    assert not (root / "opt").exists()


def test_destdir_without_staging_is_refused(root: Path) -> None:
    result = subprocess.run(["bash", str(INSTALL), "--root", str(root)],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert "only a staging root" in line and "--staging" in line
    assert not (root / "opt").exists()


def test_an_offline_install_takes_the_wheels_folder_only(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--no-apt", "--no-systemctl", "--wheels", str(wheels)],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    pips = [line for line in result.stdout.splitlines() if " -m pip install " in line]
    assert len(pips) == 2
    for line in pips:
        assert f" --no-index --find-links {wheels} " in line


@pytest.mark.parametrize("lock", sorted((REPO / "hardware" / "locks").glob("*.txt")),
                         ids=lambda p: p.stem)  # fmt: skip
def test_each_lock_is_current_pinned_and_hashed(lock: Path) -> None:
    """Run `make lock` after changing pyproject.toml's dependencies."""
    sys.path.insert(0, str(REPO / "hardware"))
    try:
        import lock_inputs
    finally:
        sys.path.pop(0)
    text = lock.read_text()
    assert f"# inputs-sha256: {lock_inputs.digest()}\n" in text, f"{lock.name} is stale: make lock"
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", text, re.MULTILINE))
    for requirement in lock_inputs.requirements():
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        wanted = name.lower().replace("_", "-")
        assert wanted in {p.lower().replace("_", "-") for p in pins}, f"{name}: make lock"
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 3)[3])
    for entry in entries:
        assert "--hash=sha256:" in entry, entry


def test_uninstall_undoes_console_boot_and_read_only_root(root: Path, run: Runner) -> None:
    system = root / "etc" / "systemd" / "system"
    system.mkdir(parents=True)
    targets = root / "lib" / "systemd" / "system"
    targets.mkdir(parents=True)
    for name in ("multi-user.target", "graphical.target"):
        (targets / name).write_text(f"[Unit]\nDescription={name}\n")
    (system / "default.target").symlink_to("/lib/systemd/system/graphical.target")
    result = run(INSTALL, "--skip-venv", "--console-boot", "--read-only-root")
    assert os.readlink(system / "default.target").endswith("/multi-user.target")
    assert (system / "chickenfoot-data.service").read_bytes() == (
        REPO / "systemd" / "chickenfoot-data.service"
    ).read_bytes()
    dropin = (system / "hubd.service.d" / "read-only-root.conf").read_text()
    assert "Requires=chickenfoot-data.service" in dropin
    assert "raspi-config nonint do_overlayfs 0" in result.stderr  # told what to do on the Pi
    state = (root / "etc" / "chickenfoot-hub" / "installed-options").read_text().splitlines()
    assert state == ["previous-default-target=graphical.target", "read-only-root=1"]
    run(INSTALL, "--skip-venv", "--console-boot")  # again: the first default is kept
    assert (
        "previous-default-target=graphical.target"
        in (root / "etc" / "chickenfoot-hub" / "installed-options").read_text()
    )

    run(UNINSTALL)
    assert os.readlink(system / "default.target").endswith("/graphical.target")
    assert not (system / "chickenfoot-data.service").exists()
    assert not (system / "hubd.service.d").exists()
    assert not (root / "etc" / "chickenfoot-hub" / "installed-options").exists()


def test_uninstall_turns_the_serial_console_back_on(root: Path, run: Runner) -> None:
    run(INSTALL, "--skip-venv", "--dfplayer", "--boot-config")
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    assert "console=serial0" not in cmdline.read_text()
    run(UNINSTALL)
    assert cmdline.read_text() == CMDLINE_TXT
