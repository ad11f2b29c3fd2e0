"""Every command the guides show runs, and every ``hubd``/``chickenfoot`` command they name parses.

The guides are the Markdown files a reader follows (README.md, CONTRIBUTING.md, docs/,
hardware/, benchmarks/, engine/RULES.md, sounds/). Each shell block (```sh, bash, shell or
console) is run in a throw-away folder: its own HOME, so the hub's data and config folders are
fresh, with one game already stored, and the checkout's files linked in so that ``.venv/bin/…``
and ``tests/…`` work as they do from the checkout. A block not meant to run here (sudo, an
installed hub, a Pi, the network) starts with a marker and its reason, or has it just above
(where another test reads the block as it is):

    # docs-test: skip (an installed hub's pins)
    <!-- docs-test: skip (an installed hub's pins) -->

and a block of another kind that a shell block needs as a file is named just above it:

    <!-- docs-test: file game.jsonl -->

In a block of ``$`` prompts only the prompted lines run, each on its own, and each must exit 0
unless the block shows ``$ echo $?`` after it with the status it expects.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from installer_helpers import REPO

GUIDES = sorted(
    {
        *(REPO / name for name in ("README.md", "CONTRIBUTING.md")),
        *REPO.glob("docs/*.md"),
        *REPO.glob("hardware/*.md"),
        *(REPO / "benchmarks" / "README.md", REPO / "engine" / "RULES.md"),
        *(REPO / "sounds" / "README.md",),
    }
)
SHELLS = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)\s*$")
MARKER = re.compile(r"#\s*docs-test:\s*(?P<what>.*)$")
SKIP = re.compile(r"skip \((?P<reason>[^)]+)\)$")
FILE = re.compile(r"<!--\s*docs-test: file (?P<name>[\w.-]+)\s*-->")
ABOVE = re.compile(r"<!--\s*docs-test:\s*(?P<what>skip \([^)]+\))\s*-->")
#: Words that mean a block changes a machine, not a throw-away folder: such a block must say why.
UNSAFE = re.compile(r"(^|[\s;&|(])(sudo|systemctl|apt-get|journalctl|raspi-config|nmcli|ssh)\s")
#: A command the guides name: the program and up to two words after it (``hubd club standings``).
NAMED = re.compile(
    r"(?:^|(?<=[\s`/(]))(?P<prog>hubd|chickenfoot)(?P<words>(?: [a-z][a-z-]*){1,2})(?![\w.-])"
)
#: Each command's entry point: called with ``--help``, as its installed script would be.
MAINS = {"hubd": "hubd.cli.run", "chickenfoot": "engine.cli"}
LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)|\b(?:src|href)=\"(?P<src>[^\"]+)\"")
SEEDED_GAME = (
    '{"type": "new_game", "players": ["Ana", "Ben"], "rules": {"preset": "classic"}}\n'
    '{"type": "start_round", "opener": "Ana"}\n'
    '{"type": "play", "player": "Ana", "tile": [9, 4], "on": [9, 9]}\n'
)
TIMEOUT = 120


@dataclass(frozen=True)
class Block:
    """A fenced code block of a guide: where it is, its language, its text, the file it names."""

    guide: Path
    line: int
    lang: str
    text: str
    file_name: str | None
    skip_above: str | None

    @property
    def where(self) -> str:
        return f"{self.guide.relative_to(REPO)}:{self.line}"

    @property
    def marker(self) -> str | None:
        """The block's ``docs-test:`` marker (its first non-empty line, or a comment above it)."""
        if self.skip_above:
            return self.skip_above
        first = next((line for line in self.text.splitlines() if line.strip()), "")
        found = MARKER.match(first.strip())
        return found["what"].strip() if found else None


def blocks(guide: Path) -> list[Block]:
    """The fenced blocks of one guide, their text dedented by their fence's indentation."""
    found: list[Block] = []
    lines = guide.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent = len(opening["indent"])
        above = next((line for line in reversed(lines[:index]) if line.strip()), "")
        named = FILE.search(above)
        skip = ABOVE.search(above)
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = "\n".join(line[indent:] for line in lines[index + 1 : end]) + "\n"
        found.append(
            Block(
                guide,
                index + 1,
                opening["lang"],
                body,
                named and named["name"],
                skip and skip["what"],
            )
        )
        index = end + 1
    return found


ALL_BLOCKS = [block for guide in GUIDES for block in blocks(guide)]
SHELL_BLOCKS = [block for block in ALL_BLOCKS if block.lang in SHELLS]
#: Never run: a block that would change the machine (the safety test fails for it instead).
RUNNABLE = [b for b in SHELL_BLOCKS if b.marker is None and UNSAFE.search(b.text) is None]


def prompted(text: str) -> list[tuple[str, int]]:
    """A ``$`` block's commands, each with the exit status it must give (a following
    ``$ echo $?`` shows it; else 0)."""
    commands: list[tuple[str, int]] = []
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("$ "):
            continue
        command = line[2:]
        if command.strip() == "echo $?":
            status = lines[index + 1].strip() if index + 1 < len(lines) else ""
            assert commands and status.isdigit(), f"`$ echo $?` needs a command, a status: {text}"
            commands[-1] = (commands[-1][0], int(status))
            continue
        commands.append((command, 0))
    return commands


@pytest.fixture
def workspace(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder to run a guide's commands in, the checkout linked in, and an environment whose
    HOME (so the hub's data and config) is fresh, with one game stored."""
    work = tmp_path / "work"
    work.mkdir()
    for entry in REPO.iterdir():
        if entry.name not in {".git", ".venv"}:
            (work / entry.name).symlink_to(entry)
    venv = REPO / ".venv" if (REPO / ".venv" / "bin").is_dir() else Path(sys.prefix)
    (work / ".venv").symlink_to(venv)
    home = tmp_path / "home"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("XDG_", "STATE_DIRECTORY", "CONFIGURATION_DIRECTORY"))
    }
    env.update(
        HOME=str(home),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONDONTWRITEBYTECODE="1",
    )
    seed = tmp_path / "seed.jsonl"
    seed.write_text(SEEDED_GAME, encoding="utf-8")
    stored = run(f"hubd import {seed}", work, env)
    assert stored.returncode == 0, stored.stdout
    return work, env


def run(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", command],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_the_guides_have_shell_blocks_to_run() -> None:
    assert len(RUNNABLE) >= 5, [block.where for block in RUNNABLE]


@pytest.mark.parametrize("block", SHELL_BLOCKS, ids=lambda block: block.where)
def test_a_block_not_run_says_why_and_a_block_run_is_safe(block: Block) -> None:
    if block.marker is not None:
        assert SKIP.match(block.marker), f"{block.where}: unknown marker {block.marker!r}"
        return
    unsafe = UNSAFE.search(block.text)
    assert unsafe is None, (
        f"{block.where} would run `{unsafe and unsafe[2]}` here: mark it "
        "`# docs-test: skip (why)` if it is not meant to run in a throw-away folder"
    )


@pytest.mark.slow  # runs pytest, lint-imports and hubd as the guides do: ~15 s in all
@pytest.mark.parametrize("block", RUNNABLE, ids=lambda block: block.where)
def test_a_guides_commands_run(block: Block, workspace: tuple[Path, dict[str, str]]) -> None:
    work, env = workspace
    for named in ALL_BLOCKS:
        if named.guide == block.guide and named.file_name:
            (work / named.file_name).write_text(named.text, encoding="utf-8")
    commands = prompted(block.text) or [(block.text, 0)]
    for command, status in commands:
        done = run(command, work, env)
        assert done.returncode == status, (
            f"{block.where}: `{command.strip()}` exited {done.returncode}, not {status}:\n"
            f"{done.stdout[-3000:]}"
        )


def named_commands() -> list[str]:
    """Every ``hubd …`` and ``chickenfoot …`` command the guides name, in code or in a block."""
    found: set[str] = set()
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        code = re.findall(r"`([^`\n]+)`", text)
        code += [block.text for block in blocks(guide) if block.lang in SHELLS | {""}]
        for piece in code:
            for line in piece.splitlines():
                for match in NAMED.finditer(line.removeprefix("$ ")):
                    found.add(f"{match['prog']}{match['words']}")
    return sorted(found)


NAMED_COMMANDS = named_commands()


def test_the_guides_name_the_commands_they_document() -> None:
    for command in ("hubd export", "hubd club standings", "chickenfoot replay"):
        assert command in NAMED_COMMANDS, NAMED_COMMANDS


@pytest.mark.parametrize("command", NAMED_COMMANDS)
def test_a_named_command_parses(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    prog, *words = command.split()
    main = importlib.import_module(MAINS[prog]).main
    with pytest.raises(SystemExit) as leaving:
        main([*words, "--help"])
    shown = capsys.readouterr().out
    assert leaving.value.code in (0, None), f"`{command} --help`: {shown}"
    # an unknown word would be taken as `hubd run`'s: the usage names the command itself
    assert shown.startswith(f"usage: {prog} {words[0]} "), f"`{command}` is not a command: {shown}"


def anchors(guide: Path) -> set[str]:
    """The anchors GitHub gives a guide's headings (``## The hub's own Wi-Fi``:
    ``the-hubs-own-wi-fi``), a second of the same name with ``-1``."""
    seen: dict[str, int] = {}
    inside = False
    for line in guide.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            inside = not inside
        if inside or not line.startswith("#"):
            continue
        words = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        count = seen.get(words, 0)
        seen[words] = count + 1
    return {name if n == 0 else f"{name}-{n}" for name, total in seen.items() for n in range(total)}


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: str(guide.relative_to(REPO)))
def test_a_guides_links_lead_somewhere(guide: Path) -> None:
    broken = []
    for match in LINK.finditer(guide.read_text(encoding="utf-8")):
        target = match["target"] or match["src"]
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        leads_to = (guide.parent / path).resolve() if path else guide
        if not leads_to.exists():
            broken.append(f"{target}: no such file")
        elif anchor and leads_to.suffix == ".md" and anchor not in anchors(leads_to):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{guide.relative_to(REPO)}: {broken}"
