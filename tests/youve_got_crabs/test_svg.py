from __future__ import annotations

import xml.etree.ElementTree as ET

from crabrules.youve_got_crabs import apply, initial_state, legal_actions, observe, render_svg
from crabrules.youve_got_crabs.cards import card_name
from tests.snapshot import check_snapshot

NS = "{http://www.w3.org/2000/svg}"


def _hand_texts(picture: str, player: int) -> list[str]:
    root = ET.fromstring(picture)
    return [
        t.text or ""
        for g in root.iter(f"{NS}g")
        if g.get("data-player") == str(player)
        for t in g.iter(f"{NS}text")
    ]


def test_snapshot_of_player_0s_table_in_progress() -> None:
    state = initial_state(seed=2)
    for turn in range(9):
        actions = legal_actions(state)
        state = apply(state, actions[turn * 7 % len(actions)])
    check_snapshot("youve_got_crabs.svg", render_svg(observe(state, 0)))


def test_a_player_sees_their_own_hand_and_never_an_unseen_card_of_another() -> None:
    state = initial_state(seed=2)
    picture = render_svg(observe(state, 0))
    own = " ".join(_hand_texts(picture, 0))
    for card in state.hands[0]:
        assert all(word in own for word in card_name(state.config, card).split())
    for other in (1, 2, 3):
        assert [t for t in _hand_texts(picture, other) if t not in "1234"] == []
    spectator = render_svg(state)
    assert [t for t in _hand_texts(spectator, 0) if t not in "1234"] == []
