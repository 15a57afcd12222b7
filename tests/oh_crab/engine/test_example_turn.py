"""The rulebook's "Example of a Player's Turn", played on a board drawn for it."""

from __future__ import annotations

from crabrules.oh_crab import (
    Config,
    Discard,
    Grant,
    Move,
    Primitive,
    Shortcut,
    Source,
    Use,
    apply,
    legal_actions,
)
from tests.oh_crab.helpers import at, cid, grant, make, redrawn_config

P = Primitive
RED, ORANGE, BLUE = 0, 1, 2  # Lucas, Adam, Natalie


def example_config() -> Config:
    """Scenario 1 with Beach tile 1A redrawn: a Shell space, an Obstacle, a Shortcut whose
    arrow ends beside a knocking-over Obstacle."""
    return redrawn_config(
        "example-turn",
        3,
        {
            "1A": [
                ".?  .?  .   x   .?",
                ".   o   s   .   .",
                ".   .   .   .   .",
                ".   .$  .   .   .",
            ]
        },
        {"1A": [{"at": [2, 2], "to": [3, 2], "icon": "move_toward_sea", "cards": 2}]},
    )


def test_the_rulebooks_example_turn() -> None:
    toward_sea = [cid("a03"), cid("a07")]
    spare = cid("red-1")
    grants = [
        grant("take_shell"),  # 2a: the card's main action
        grant("faster"),  # 3a: its special action
        Grant(Source.SECONDARY, "move_forward", (P.MOVE_FORWARD,)),  # 5a
        Grant(Source.COOK, "move_diagonal", (P.MOVE_DIAGONAL,)),  # 4a: Lucas has the cook
        grant("Ba"),  # 7a: Shove! (In My Place!), 2 shells
    ]
    state = make(
        example_config(),
        crabs=(at(1, 1), at(3, 2), at(5, 3)),
        hands=[[*toward_sea, spare], [cid("orange-1"), cid("orange-2")], []],
        grants=grants,
    )
    # 2. Take a shell from the supply.
    state = apply(state, Use(RED, 0))
    assert state.shells[RED] == 1
    # 3. Faster!: discard a card, then move forward onto a Shell space: another shell.
    state = apply(state, Use(RED, 0))
    state = apply(state, Discard(RED, spare))
    state = apply(state, Move(RED, at(2, 1)))
    assert state.shells[RED] == 2
    # 4. The cook's diagonal onto Adam's crab, pushed diagonally left onto an Obstacle.
    state = apply(state, Use(RED, 1))
    push = Move(RED, at(3, 2), pushes=(at(4, 1),))
    assert push in legal_actions(state)
    state = apply(state, push)
    assert state.crabs[ORANGE] == at(4, 1)
    assert state.knocked[ORANGE]
    assert len(state.hands[ORANGE]) == 1  # a card drawn at random from Adam's Hand
    assert len(state.discards[ORANGE]) == 1
    # 5. The secondary action: move forward onto the Shortcut.
    state = apply(state, Use(RED, 0))
    state = apply(state, Move(RED, at(4, 2)))
    # 6. Discard two Move-toward-the-sea cards and follow the arrow.
    state = apply(state, Shortcut(RED, tuple(toward_sea)))
    assert state.crabs[RED] == at(5, 2)
    # 7. Spend both shells: swap with Natalie's crab, onto a knocking-over Obstacle.
    state = apply(state, Use(RED, 0))
    assert state.shells[RED] == 0
    state = apply(state, Move(RED, at(5, 3)))
    assert state.crabs[RED] == at(5, 3)
    assert state.crabs[BLUE] == at(5, 2)
    assert state.knocked[RED]
    assert not state.knocked[BLUE]
