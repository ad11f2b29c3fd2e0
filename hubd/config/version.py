"""Which hub this is: the version and the commit it came from (``hubd --version``, Settings).

An installed hub reads ``release.txt``, which hardware/install.sh writes beside the code (the
version, the commit of the checkout it was installed from, the release and when). A checkout
asks git, so a developer sees the commit too; elsewhere the commit is "unknown".
"""

from __future__ import annotations

import functools
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: The folder that holds ``engine/``, ``hubd/`` and, when installed, ``release.txt``.
CODE_ROOT = Path(__file__).resolve().parents[2]
RELEASE_FILE = "release.txt"
DIST_NAME = "chicken-foot-hub"


@dataclass(frozen=True)
class Release:
    version: str
    commit: str  # a short hash, "abc123 + local changes", or "unknown"

    def describe(self) -> str:
        return f"{self.version} (commit {self.commit})"


def read_release(root: Path = CODE_ROOT) -> Release:
    """The installer's record if there is one, else the package's version and git's commit."""
    fields: dict[str, str] = {}
    try:
        text = (root / RELEASE_FILE).read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and not key.startswith("#"):
            fields[key.strip()] = value.strip()
    return Release(
        fields.get("version") or _package_version(),
        fields.get("commit") or (_git_commit(root) if text == "" else "unknown"),
    )


@functools.cache
def this_release() -> Release:
    """This process's release, read once."""
    return read_release()


def _package_version() -> str:
    from importlib import metadata  # only without release.txt (a checkout)

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "unknown"


def _git_commit(root: Path) -> str:
    if not (root / ".git").exists():
        return "unknown"

    def git(*args: str) -> str:
        result = subprocess.run(
            ["git", "-C", str(root), *args], capture_output=True, text=True, timeout=5, check=True
        )
        return result.stdout.strip()

    try:
        commit = git("rev-parse", "--short=12", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return f"{commit} + local changes" if changed else commit
