"""Step 1 of a turn, the revealed Baddie shows up in its row; and refused actions.

Also how ``apply`` refuses what is not a legal action: the partner acting out of turn,
any action after the end, and malformed values (wrong types, huge or negative ints, other
games' actions), each with an ``IllegalActionError``.
"""

from __future__ import annotations

from typing import Any

import pytest

from crabrules.core import (
    GAMES,
    CommonReason,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Reason,
)
from crabrules.marche_du_crabe import (
    IllegalReason,
    Move,
    Place,
    Stay,
    Termination,
    apply,
    legal_actions,
)
from tests.marche_du_crabe.helpers import position


def test_revealed_baddie_goes_in_the_row_it_shows() -> None:
    state = position(revealed=2)
    cells = [a.cell for a in legal_actions(state) if isinstance(a, Place)]
    assert len(cells) == len(legal_actions(state)) == 4
    assert all(c // 6 == 2 for c in cells)


def test_baddie_may_not_go_on_item_baddie_or_freed_crab() -> None:
    # Row 1: items at 8 (freed) and 9; a Baddie already on 6.
    state = position(revealed=1, baddies={6: 1}, freed=frozenset({8}))
    assert legal_actions(state) == (Place(0, 7), Place(0, 10), Place(0, 11))


def test_baddie_on_the_token_card_costs_one_shrimp() -> None:
    state = position(revealed=0, token=3)
    after = apply(state, Place(0, 3))
    assert after.shrimps == 4
    assert after.baddies[3] == 0
    assert apply(state, Place(0, 4)).shrimps == 5


def test_baddie_on_the_token_card_with_no_shrimp_loses() -> None:
    after = apply(position(revealed=0, token=3, shrimps=0), Place(0, 3))
    assert after.termination is Termination.NO_SHRIMPS


def test_placing_leads_to_the_move_step_of_the_same_player() -> None:
    after = apply(position(revealed=0), Place(0, 4))
    assert after.to_move == 0
    assert after.revealed is None
    assert legal_actions(after)[-1] == Stay(0)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place(0, 13), IllegalReason.WRONG_ROW),
        (Place(0, 0), IllegalReason.CARD_TAKEN),
        (Place(0, 36), IllegalReason.OFF_BEACH),
        (Place(0, -1), IllegalReason.OFF_BEACH),
        (Move(0, 14), IllegalReason.PLACE_FIRST),
        (Stay(0), IllegalReason.PLACE_FIRST),
        (Place(0, True), CommonReason.MALFORMED),
        (Place(0, "3"), CommonReason.MALFORMED),  # type: ignore[arg-type]
        ("place", CommonReason.MALFORMED),
    ],
)
def test_illegal_placements_are_refused_with_a_reason(action: Any, reason: Reason) -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply(position(revealed=0), action)
    assert refused.value.reason is reason
    assert refused.value.action == action


def test_the_partner_may_not_act_on_your_turn() -> None:
    with pytest.raises(NotYourTurnError):
        apply(position(revealed=0), Place(1, 3))
    assert legal_actions(position(revealed=0), 1) == ()


def test_no_action_after_the_end() -> None:
    state = position(shrimps=0, termination=Termination.NO_SHRIMPS)
    assert legal_actions(state) == ()
    with pytest.raises(GameOverError):
        apply(state, Place(0, 3))


def _foreign_actions() -> list[object]:
    """A few legal opening actions of every other registered game."""
    actions: list[object] = []
    for game_id, game in GAMES.items():
        if game_id != "la-marche-du-crabe":
            start = game.initial_state(game.config_for_players(game.info.min_players), seed=1)
            actions.extend(game.legal_actions(start)[:2])
    return actions


MALFORMED: list[Any] = [
    None,
    0,
    "stay",
    (0, 3),
    {"type": "place", "player": 0, "cell": 3},
    Place(0, 10**30),
    Place(0, -(10**30)),
    Move(0, 10**30),
    Move(0, -7),
    Place(None, 3),  # type: ignore[arg-type]
    Place(0, None),  # type: ignore[arg-type]
    Move(0, 3.0),  # type: ignore[arg-type]
    Stay("0"),  # type: ignore[arg-type]
    Place(-1, 3),
    Place(2, 3),
    Stay(10**30),
    *_foreign_actions(),
]


@pytest.mark.parametrize("step", ["place", "move"])
def test_malformed_actions_raise_illegal_action_error(step: str) -> None:
    state = position(revealed=0) if step == "place" else position()
    assert len(MALFORMED) > 16  # the other games' actions are there too
    for action in MALFORMED:
        with pytest.raises(IllegalActionError):
            apply(state, action)


def test_on_the_base_beach_the_last_baddie_of_a_row_still_finds_a_card() -> None:
    # Row 0 has 4 sand cards and the two decks 4 row-0 cards: 3 are placed, the 4th is
    # revealed, and one card is left for it (no "cannot be placed" on the base beach).
    state = position(to_move=1, revealed=0, token=14, baddies={2: 0, 3: 0, 4: 1})
    assert legal_actions(state) == (Place(1, 5),)
