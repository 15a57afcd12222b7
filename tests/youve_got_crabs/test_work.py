"""The working copy of a state (youve_got_crabs.work): every field, each in its place."""

from __future__ import annotations

import attrs

from crabrules.youve_got_crabs import Config, Phase, State, initial_state
from crabrules.youve_got_crabs._state import CallRecord, Claim, Window
from crabrules.youve_got_crabs._table import Table
from crabrules.youve_got_crabs._work import Work, seats_of


def _every_field_distinct() -> State:
    """A state (not a reachable one) whose fields of one type all hold different values."""
    return attrs.evolve(
        initial_state(Config(teams=3), seed=11),
        discard=(5,),
        reshuffles=3,
        pot=4,
        license=1,
        phase=Phase.OFFER,
        down=frozenset({0}),
        confirmed=frozenset({1}),
        declined=frozenset({2}),
        swapped=True,
        claws=2,
        clock=2.5,
        window=Window(0, 1, 2.5),
        claim=Claim(3, 2),
        tied=frozenset({0, 1}),
        winner=0,
        signals=(4, 5),
        signal_count=6,
        calls=(CallRecord(1, 2, True, False),),
        call_count=7,
        called_wrong=frozenset({3}),
        since_clock=8,
    )


def test_the_working_copy_builds_each_field_of_the_state_from_its_own() -> None:
    # Work.state() builds the State by position: a field added to State, or two fields in
    # the wrong order, fails here.
    # The one difference: a working copy applies one action, which since_clock counts.
    state = _every_field_distinct()
    work = Work(state)
    after = attrs.evolve(state, since_clock=state.since_clock + 1)
    for field in attrs.fields(State):
        # Equal, not identical: the compiled Work keeps a float unboxed.
        assert getattr(work, field.name) == getattr(after, field.name), field.name
    assert work.state() == after


def test_changing_the_working_copy_leaves_the_state_untouched() -> None:
    state = initial_state(Config(), seed=2)
    work = Work(state)
    work.pot -= 3
    work.clock = 4.5
    after = work.state()
    assert (after.pot, after.clock) == (state.pot - 3, 4.5)
    assert (state.pot, state.clock) == (8, 0.0)
    assert attrs.evolve(after, pot=state.pot, clock=state.clock, since_clock=0) == state


def test_the_seating_of_a_config_is_its_own_whatever_config_came_before() -> None:
    # seats_of keeps the last config's seating: a config equal to the last one but another
    # object, or a different config, must still get its own seating, never the last one's.
    reference = Table(
        team_of=(0, 0, 1, 1),
        partner_of=(1, 0, 3, 2),
        side_of=(0, 1, 0, 1),
        side_players=((0, 2), (1, 3)),
        team_players=((0, 1), (2, 3)),
    )
    crossed = Table(
        team_of=(0, 1, 1, 0),
        partner_of=(3, 2, 1, 0),
        side_of=(0, 1, 0, 1),
        side_players=((0, 2), (1, 3)),
        team_players=((0, 3), (1, 2)),
    )
    six = Table(
        team_of=(0, 0, 1, 1, 2, 2),
        partner_of=(1, 0, 3, 2, 5, 4),
        side_of=(0, 1, 0, 1, 0, 1),
        side_players=((0, 2, 4), (1, 3, 5)),
        team_players=((0, 1), (2, 3), (4, 5)),
    )
    order = [
        (Config(), reference),
        (Config(seating=(0, 1, 1, 0)), crossed),
        (Config(seating=(0, 1, 1, 0)), crossed),  # equal to the last, another object
        (Config(teams=3), six),
        (Config(), reference),
    ]
    for config, seats in order + order[::-1]:
        for _ in range(2):  # the first call remembers the config, the second finds it
            assert seats_of(config) == seats
