"""Snapshot files: a picture is compared byte for byte with the one stored in ``tests/snapshots``.

After a deliberate change to a drawing, rewrite the files with
``CRABRULES_UPDATE_SNAPSHOTS=1 pytest tests -k svg`` and look at the new pictures before
committing them.
"""

from __future__ import annotations

import os
import pathlib

SNAPSHOTS = pathlib.Path(__file__).parent / "snapshots"


def check_snapshot(name: str, text: str) -> None:
    """Fail unless ``text`` is the stored snapshot ``name`` (or store it when updating)."""
    path = SNAPSHOTS / name
    if os.environ.get("CRABRULES_UPDATE_SNAPSHOTS"):
        path.write_text(text, encoding="utf-8")
    stored = path.read_text(encoding="utf-8")
    assert text == stored, f"{name} changed; see tests/snapshot.py to update it"
