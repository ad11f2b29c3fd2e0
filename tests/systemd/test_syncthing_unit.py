"""systemd/chickenfoot-syncthing.service: Syncthing for club nights, LAN only, as the hub's
user, prepared by `hubd club prepare-syncthing`; `systemd-analyze` finds nothing in it."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from checkout import REPO
from systemd_helpers import one, unit_settings, words

from hubd.club.syncthing import LAN_LISTEN, LAN_ONLY, read_endpoint

UNIT = REPO / "systemd" / "chickenfoot-syncthing.service"
HUB_UNIT = REPO / "systemd" / "hubd.service"
needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed (Debian package systemd; .ci/system-deps installs it)",
)


@pytest.fixture(scope="module")
def unit() -> dict[str, list[str]]:
    return unit_settings(UNIT.read_text(encoding="utf-8"))


def test_it_runs_as_the_hubs_user_with_its_home_in_the_games_folder(
    unit: dict[str, list[str]],
) -> None:
    hub = unit_settings(HUB_UNIT.read_text(encoding="utf-8"))
    assert one(unit, "Service.User") == one(hub, "Service.User") == "chickenfoot"
    assert one(unit, "Service.StateDirectory") == one(hub, "Service.StateDirectory")
    start = words(unit, "Service.ExecStart")
    assert start[:2] == ["/usr/bin/syncthing", "serve"]
    assert "--home=/var/lib/chickenfoot/syncthing" in start
    assert {"--no-browser", "--no-restart", "--no-upgrade"} <= set(start)
    prepare = words(unit, "Service.ExecStartPre")
    assert prepare == ["/opt/chickenfoot-hub/venv/bin/hubd", "club", "prepare-syncthing",
                       "--data", "/var/lib/chickenfoot"]  # fmt: skip
    assert one(unit, "Install.WantedBy") == "multi-user.target"


def test_it_reaches_the_local_network_alone(unit: dict[str, list[str]]) -> None:
    assert one(unit, "Service.IPAddressDeny") == "any"
    allowed = words(unit, "Service.IPAddressAllow")
    assert "localhost" in allowed and "192.168.0.0/16" in allowed
    assert not any(a in allowed for a in ("any", "0.0.0.0/0", "::/0"))


def test_prepare_syncthing_holds_the_config_to_lan_only(tmp_path: Path) -> None:
    if shutil.which("syncthing") is None:
        pytest.skip("syncthing is not installed (apt-get install syncthing)")
    from hubd.cli.run import main

    home = tmp_path / "syncthing"
    urls = []
    for _ in range(2):  # again: the same keys, the same config, the same GUI port
        assert main(["club", "prepare-syncthing", "--data", str(tmp_path)]) == 0
        urls.append(read_endpoint(home / "config.xml").url)
    config = (home / "config.xml").read_text()
    assert urls[0] == urls[1] and urls[0].startswith("http://127.0.0.1:")
    for key, value in LAN_ONLY.items():
        assert re.search(f"<{key}>{str(value).lower()}</{key}>", config), key
    assert "<localAnnounceEnabled>true</localAnnounceEnabled>" in config
    assert f"<listenAddress>{LAN_LISTEN}</listenAddress>" in config
    assert len(list(home.glob("cert.pem"))) == 1


def test_prepare_syncthing_keeps_the_organisers_choices(tmp_path: Path) -> None:
    if shutil.which("syncthing") is None:
        pytest.skip("syncthing is not installed (apt-get install syncthing)")
    from hubd.cli.run import main

    home = tmp_path / "syncthing"
    chosen = ["--gui", "127.0.0.1:18384", "--listen", "tcp://10.0.0.2:22000",
              "--local-discovery", "off"]  # fmt: skip
    assert main(["club", "prepare-syncthing", "--data", str(tmp_path), *chosen]) == 0
    assert main(["club", "prepare-syncthing", "--data", str(tmp_path)]) == 0  # as at each start
    config = (home / "config.xml").read_text()
    assert read_endpoint(home / "config.xml").url == "http://127.0.0.1:18384"
    assert "<localAnnounceEnabled>false</localAnnounceEnabled>" in config
    assert re.findall("<listenAddress>(.*?)</listenAddress>", config) == ["tcp://10.0.0.2:22000"]
    assert main(["club", "prepare-syncthing", "--data", str(tmp_path),
                 "--local-discovery", "on"]) == 0  # fmt: skip
    assert "<localAnnounceEnabled>true</localAnnounceEnabled>" in (home / "config.xml").read_text()


@needs_analyze
def test_systemd_analyze_verify_and_security(tmp_path: Path) -> None:
    stand_in = tmp_path / "stand-in"
    stand_in.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stand_in.chmod(0o755)
    text = UNIT.read_text(encoding="utf-8")
    text = text.replace("/opt/chickenfoot-hub/venv/bin/hubd", str(stand_in))
    text = text.replace("/usr/bin/syncthing", str(stand_in))
    copy = tmp_path / UNIT.name
    copy.write_text(text, encoding="utf-8")
    verify = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)],
                            capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    output = verify.stdout + verify.stderr
    assert verify.returncode == 0, output
    assert [line for line in output.splitlines() if UNIT.name in line] == [], output
    security = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    found = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", security.stdout)
    assert found is not None, security.stdout + security.stderr
    print(f"systemd-analyze security: {UNIT.name} exposure {found.group(1)}")
    assert float(found.group(1)) <= 2.0


@pytest.mark.parametrize(
    "option", [["--gui", "8384"], ["--gui", "127.0.0.1"], ["--listen", "192.168.1.2:22000"]]
)
def test_prepare_syncthing_refuses_an_address_it_cannot_use_in_one_line(
    tmp_path: Path, option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from hubd.cli.run import main

    assert main(["club", "prepare-syncthing", "--data", str(tmp_path), *option]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and option[1] in err
    assert not (tmp_path / "syncthing").exists()  # nothing made
