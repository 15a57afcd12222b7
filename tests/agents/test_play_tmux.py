"""``crabrules play`` end to end in a real terminal (tmux), keys typed as a person would.

Skipped where tmux is not installed.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import pytest

import crabrules

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Terminal:
    def __init__(self, command: list[str]) -> None:
        self.name = f"crabrules-{uuid.uuid4().hex[:8]}"
        src = pathlib.Path(crabrules.__file__).parents[1]
        env = f"PYTHONPATH={src}"
        line = " ".join([env, *command, "; sleep 120"])  # keep the pane to read the end
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", "250", "-y", "50", line],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-J", "-S", "-2000", "-t", self.name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    # Generous: a loaded CI machine can take many seconds just to import and start.
    def wait_for(self, text: str, timeout: float = 120) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], check=False)


@pytest.fixture
def play() -> Iterator[type[Terminal]]:
    opened: list[Terminal] = []

    class Opened(Terminal):
        def __init__(self, command: list[str]) -> None:
            super().__init__(command)
            opened.append(self)

    yield Opened
    for terminal in opened:
        terminal.close()


def test_a_person_plays_to_the_end_in_a_terminal(play: type[Terminal]) -> None:
    terminal = play(
        [
            sys.executable,
            "-m",
            "crabrules",
            "play",
            "crab-stack",
            "--seat",
            "0=human",
            "--seat",
            "1=random",
            "--seed",
            "3",
        ]
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        screen = terminal.screen()
        if "Game over after" in screen:
            break
        if screen.rstrip().endswith("the notation):"):
            terminal.keys("1", "Enter")
        time.sleep(0.1)
    screen = terminal.wait_for("Game over after")
    assert "Red (seat 0), your legal actions:" in screen


def test_ctrl_c_in_a_terminal_offers_to_save(play: type[Terminal], tmp_path: pathlib.Path) -> None:
    path = tmp_path / "left.json"
    terminal = play(
        [
            sys.executable,
            "-m",
            "crabrules",
            "play",
            "crab-stack",
            "--seat",
            "0=human",
            "--seed",
            "3",
        ]
    )
    terminal.wait_for("the notation):")
    terminal.keys("C-c")
    terminal.wait_for("Save the record? A file name, or Enter for no:")
    terminal.keys(str(path), "Enter")
    terminal.wait_for(f"Record written to {path}.")
    assert "Traceback" not in terminal.screen()
    crabrules.replay(crabrules.from_json(path.read_text(), crabrules.GameRecord))
    assert os.path.getsize(path) > 0
