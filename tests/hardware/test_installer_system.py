"""The installer's guards by dry runs and a spoilable checkout: pip, scripts, machine, locks."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from installer_helpers import INSTALL, NEEDS_ROOT, REPO

pytestmark = NEEDS_ROOT


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


@pytest.mark.parametrize(
    "script", sorted((REPO / "hardware").glob("*.sh")), ids=lambda path: path.name
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
                "libgles2", "libgl1-mesa-dri", "espeak-ng", "syncthing", "avahi-daemon",
                "python3-opencv", "fonts-dejavu-core", "alsa-utils", "gpiod")  # fmt: skip


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


# --- the code's modes and the install lock, from a copy of the checkout ------------------------


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


# --- offline installs and the dependency locks -------------------------------------------------


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
