"""What a newcomer reads first: ``nox -l`` and the README's first commands.

``nox -l`` shows the first line of each session's docstring: that line must be a whole
sentence, never one cut in the middle. The README's first commands must work on a
Python that refuses ``pip install`` outside a virtual environment (PEP 668).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).parent.parent
NOXFILE = ROOT / "noxfile.py"
README = ROOT / "README.md"
#: The widest line ``nox -l`` should print for a session (its name and an arrow first).
WIDEST = 100


def _sessions() -> dict[str, str]:
    """Each nox session's docstring, by function name, read without importing nox."""
    tree = ast.parse(NOXFILE.read_text(encoding="utf-8"))
    found = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(
            "session" in ast.unparse(decorator) for decorator in node.decorator_list
        ):
            found[node.name] = ast.get_docstring(node, clean=False) or ""
    return found


@pytest.mark.skipif(not NOXFILE.exists(), reason="a copy of the tests without the noxfile")
def test_nox_l_shows_each_session_as_a_whole_short_sentence() -> None:
    sessions = _sessions()
    assert len(sessions) >= 9
    for name, doc in sessions.items():
        lines = doc.strip().split("\n")
        first = lines[0]  # what nox -l prints
        assert first.endswith("."), f"{name}: {first!r} is cut mid-sentence"
        assert len(lines) == 1 or not lines[1].strip(), f"{name}: the sentence runs on"
        assert len(f"* {name} -> {first}") <= WIDEST, f"{name}: {first!r} is too long"


def _console_blocks(text: str) -> list[str]:
    return re.findall(r"```console\n(.*?)```", text, flags=re.S)


def test_the_readme_starts_with_two_commands_in_a_virtual_environment() -> None:
    text = README.read_text(encoding="utf-8")
    first, second = _console_blocks(text)[:2]
    for command in (first, second):
        assert command.count("\n") == 1, f"not one copy-pasteable line: {command!r}"
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && ")
    assert "crabrules demo" in first
    assert second.rstrip().endswith("nox")
    # What the newcomer should expect of `nox`, said before they run it.
    before = text[: text.index("## The API")]
    for promise in ("virtual environment", "20 minutes", "Chromium", "C compiler", "nox -l"):
        assert promise in before, promise


def test_the_rl_page_installs_pytorch_for_the_cpu_before_the_rest() -> None:
    # A plain `pip install torch` on Linux fetches gigabytes of CUDA libraries.
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    commands = [line for block in _console_blocks(text) for line in block.splitlines()]
    torch = [n for n, line in enumerate(commands) if "torch" in line]
    assert torch, "the RL page no longer installs PyTorch: drop this test"
    first = commands[torch[0]]
    assert "--index-url https://download.pytorch.org/whl/cpu" in first
    assert all("sb3-contrib" not in line for line in commands[: torch[0]])
