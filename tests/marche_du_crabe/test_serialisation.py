"""Documents: actions, configs, states; corrupt states are refused at load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from crabrules.core import DeserializationError, from_dict, from_json, to_dict, to_json
from crabrules.marche_du_crabe import (
    REFERENCE_BEACHES,
    Action,
    Beach,
    CampaignState,
    Config,
    Icon,
    Move,
    Place,
    State,
    Stay,
    Termination,
    initial_state,
    start_campaign,
)
from crabrules.marche_du_crabe._state import BROWN_FISH
from tests.marche_du_crabe.helpers import LAYOUT, position


def test_actions_carry_stable_tags() -> None:
    assert to_json(Move(1, 4)) == '{"format_version":1,"type":"move","player":1,"cell":4}'
    for action in (Place(0, 3), Move(1, 4), Stay(0)):
        assert from_json(to_json(action), Action) == action


def test_configs_round_trip() -> None:
    for beach in REFERENCE_BEACHES:
        config = Config(beach=beach, shrimps=2, layout=LAYOUT)
        assert from_json(to_json(config), Config) == config


def test_states_round_trip_with_enum_members() -> None:
    state = initial_state(Config(beach=REFERENCE_BEACHES[4]), seed=3)
    loaded = from_json(to_json(state), State)
    assert loaded == state
    assert loaded.layout.icons == state.layout.icons


def _corrupt(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(to_json(position(baddies={20: 1}, freed=frozenset({0}))))
    node = document
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return document


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("token",), 36),
        (("shrimps",), 6),
        (("to_move",), 2),
        (("revealed",), 6),
        (("forbidden",), [[5, 5], [6, 11]]),
        (("freed",), [17]),  # a Forbidden Item cannot be freed
        (("freed",), [2]),  # no Item there
        (("baddies", 0), 1),  # a Baddie on an Item not exposed
        (("baddies", 20), 7),
        (("baddies",), [-1] * 35),
        (("decks", 1), [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]),  # three row-0 cards
        (("decks", 0), [5, 4]),  # not sorted
        (("exposed",), [0]),  # not a Forbidden Item
        (("layout", "items", 0), -1),
        (("layout", "icons", 5), "wave"),
        (("snacks",), [5]),  # no shrimp card flipped on the base beach
        (("termination",), "crabs_freed"),
        (("termination",), "lost"),
        (("termination",), "deck_empty"),  # Boater still has cards
        (("termination",), "baddie_cannot_be_placed"),  # no Baddie revealed
        (("seed",), -3),
    ],
)
def test_corrupt_state_documents_are_refused(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(DeserializationError):
        from_dict(_corrupt(path, value), State)


def test_corrupt_campaign_documents_are_refused() -> None:
    document = to_dict(start_campaign(seed=2))
    document["won"] = [0, 0]
    with pytest.raises(DeserializationError):
        from_dict(document, CampaignState)
    document["won"] = [99]
    with pytest.raises(DeserializationError):
        from_dict(document, CampaignState)


def test_a_revealed_baddie_with_no_card_to_go_on_must_have_ended_the_game() -> None:
    # Row 2 of the fish beach: sand cards 12, 13, 15 taken, 14 a Brown Fish.
    fish = Beach("Fish", flip=frozenset({Icon.BROWN_FISH}))
    board = {12: 0, 13: 0, 15: 1, 14: BROWN_FISH, 23: BROWN_FISH, 28: BROWN_FISH, 32: BROWN_FISH}
    ended = position(
        beach=fish,
        to_move=1,
        revealed=2,
        baddies=board,
        termination=Termination.BADDIE_CANNOT_BE_PLACED,
    )
    document = to_dict(ended)
    assert from_dict(document, State) == ended
    document["termination"] = None
    with pytest.raises(DeserializationError, match="revealed"):
        from_dict(document, State)


def test_an_exposed_forbidden_item_holds_a_baddie_while_the_game_goes_on() -> None:
    document = to_dict(position(baddies={26: 1}, exposed=frozenset({8})))
    document["baddies"][26] = -1
    document["decks"][1].append(5)  # the buried card back in Sunny's deck
    with pytest.raises(DeserializationError, match="exposed"):
        from_dict(document, State)
