from __future__ import annotations

import xml.etree.ElementTree as ET

from crabrules.marche_du_crabe import (
    ITEMS,
    apply,
    initial_state,
    legal_actions,
    observe,
    render_svg,
)
from tests.snapshot import check_snapshot

NS = "{http://www.w3.org/2000/svg}"


def test_snapshot_of_sunnys_view_in_progress() -> None:
    state = initial_state(seed=7)
    for turn in range(9):
        actions = legal_actions(state)
        state = apply(state, actions[turn % len(actions)])
    check_snapshot("marche_du_crabe.svg", render_svg(observe(state, 1)))


def test_a_player_sees_only_their_own_forbidden_items() -> None:
    state = initial_state(seed=7)
    own = [ITEMS[i] for i in state.forbidden[1]]
    partner = [ITEMS[i] for i in state.forbidden[0]]
    picture = render_svg(observe(state, 1))
    panel = [t.text or "" for t in ET.fromstring(picture).iter(f"{NS}text")]
    line = next(text for text in panel if text.startswith("Your Forbidden Items"))
    assert all(name in line for name in own)
    assert not any(name in line for name in partner)
    assert not any(text.startswith("Your Forbidden") for text in _texts(render_svg(state)))


def test_the_crabs_token_is_on_its_card() -> None:
    state = initial_state(seed=7)
    root = ET.fromstring(render_svg(state))
    card = next(g for g in root.iter(f"{NS}g") if g.get("data-cell") == str(state.token))
    assert "Crabs" in [t.text for t in card.iter(f"{NS}text")]


def _texts(picture: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(picture).iter(f"{NS}text")]
