"""Every game of the golden corpus replays to the same states and events, byte for byte.

See :mod:`tests.golden.corpus`: a failure here means the library now plays a recorded
game differently. A deliberate change of the rules writes the corpus again.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.conformance.strategies import MIXES
from tests.golden.corpus import GAMES_PER_MIX, digest, load_corpus, record_of

ENTRIES = load_corpus()
# One test per named mix, so that a failure names the mix and xdist spreads the work.
BY_MIX = {
    key: list(group)
    for key, group in itertools.groupby(ENTRIES, key=lambda e: (e["game"], e["mix"]))
}


def test_the_corpus_holds_every_named_mix_and_both_agents() -> None:
    assert set(BY_MIX) == {(game, mix) for game, mixes in MIXES.items() for mix in mixes}
    for (game, _), entries in BY_MIX.items():
        assert len(entries) == GAMES_PER_MIX[game]
        assert {e["agent"] for e in entries} == {"random", "plausible"}


@pytest.mark.parametrize("key", list(BY_MIX), ids=[f"{g}-{m}" for g, m in BY_MIX])
def test_the_golden_games_replay_byte_for_byte(key: tuple[str, str]) -> None:
    for entry in BY_MIX[key]:
        record: Any = record_of(entry)
        seed = record.seed
        assert digest(entry["game"], record) == entry["digest"], f"seed {seed} changed"
