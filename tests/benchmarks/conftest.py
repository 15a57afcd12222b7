from __future__ import annotations

import platform

import pytest

from tests.benchmarks.measure import FIGURES


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not FIGURES:
        return
    terminalreporter.section(f"crabrules figures (means; Python {platform.python_version()})")
    width = max(len(f"{game}: {measure}") for game, measure, _, _ in FIGURES)
    for game, measure, value, unit in FIGURES:
        label = f"{game}: {measure}"
        terminalreporter.write_line(f"{label:<{width}}  {value:>12,.2f} {unit}")
