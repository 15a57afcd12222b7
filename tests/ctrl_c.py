"""Children of tests that press Ctrl-C: they must start with Ctrl-C at its default.

A command started in the background by a non-interactive shell (``nox &``, a CI runner)
ignores SIGINT, its children inherit that, and Python then leaves SIGINT ignored: a test
that presses Ctrl-C would wait for nothing. Such tests start their child with this.
"""

from __future__ import annotations

import signal


def ctrl_c_at_default() -> None:
    """``preexec_fn`` for ``subprocess``: SIGINT back to its default in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
