"""``determinize`` depends only on what the viewer sees.

Whenever ``observe(s, p) == observe(s2, p)``, ``determinize(s, p, k)`` must equal
``determinize(s2, p, k)``. A twin is a state the viewer cannot tell from the real one, so
it is such an ``s2``: re-determinizing it with the same ``k`` must give the same twin. A
game that lets a hidden part of the real state (its seed, a hand slot, the deck order)
shape the twin fails here for some viewer.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from crabrules.core import to_json
from tests.conformance.common import AnyGame, by_game, conformance, players, playouts, seeds


@by_game
@conformance
@given(data=st.data(), first=seeds, second=seeds)
def test_determinize_depends_only_on_the_observation(
    game: AnyGame, data: st.DataObject, first: int, second: int
) -> None:
    playout, rnd = data.draw(playouts(game))
    picks = sorted({0, len(playout.states) - 1, *(rnd.randrange(len(playout.states)),) * 3})
    for state in (playout.states[i] for i in picks):
        for p in [None, *players(game, state)]:
            twin = game.determinize(state, p, first)
            assert game.observe(twin, p) == game.observe(state, p)
            assert to_json(game.determinize(twin, p, second)) == to_json(
                game.determinize(state, p, second)
            ), f"determinize for viewer {p} depends on something the viewer cannot see"
