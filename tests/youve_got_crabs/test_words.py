"""Words for people: players and teams by name and colour, never by number."""

from __future__ import annotations

import random
import re
import typing

from crabrules.youve_got_crabs import (
    POT,
    Action,
    Call,
    CallMade,
    Config,
    NoTokenToGive,
    TokenMoved,
    apply,
    describe,
    describe_event,
    initial_state,
    is_terminal,
    legal_actions,
)
from crabrules.youve_got_crabs._words import _DOES, player_name

_NUMBERED = re.compile(r"\b[PT]\d")


def test_describe_names_players_and_teams_by_name_in_every_seating() -> None:
    for config in (Config(), Config(seating=(0, 1, 1, 0)), Config(teams=3)):
        rnd = random.Random(7)
        state = initial_state(config, seed=7)
        for _ in range(120):
            if is_terminal(state):
                break
            action = rnd.choice(legal_actions(state))
            text = describe(state, action)
            assert text.startswith(player_name(config, action.player) + " ")
            assert not _NUMBERED.search(text), text
            state = apply(state, action)


def test_describe_follows_the_configs_seating() -> None:
    # Seated (0, 1, 1, 0), player 1 is Blue on side 2, and player 3 is Red 2, partner of 0.
    state = initial_state(Config(seating=(0, 1, 1, 0)), seed=2)
    assert describe(state, Call(1, 3, time=2.0)) == (
        'Blue 2 calls "You\'ve got crabs!" on Red 2 at 2 s'
    )
    assert describe(state, Call(0, 3, time=2.0)) == (
        'Red 1 calls "You\'ve got crabs!" on partner Red 2 at 2 s'
    )


def test_describe_has_a_sentence_for_every_kind_of_action() -> None:
    assert set(_DOES) == set(typing.get_args(Action))


def test_event_sentences_name_teams_by_colour_and_players_by_seat_label() -> None:
    # An event carries no config: a team's colour is the same in every seating, a
    # player's is not, so players keep the label the notation uses rather than a guess.
    assert describe_event(NoTokenToGive(team=1)) == "team Blue has no Crab token to give"
    assert describe_event(TokenMoved(giver=2, taker=POT)) == (
        "a Crab token goes from team Green to the Pot"
    )
    assert describe_event(CallMade(1, 3, 2.0)) == 'P1 calls "You\'ve got crabs!" on P3 at 2 s'
