"""Every reference Surprise token, Event, Challenge and Reward does what its text says; content
that cannot be played is refused on load, saying where."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
import pytest

from crabrules.core.errors import ContentError, InvalidConfigError
from crabrules.oh_crab import (
    NO_CARD,
    Config,
    Move,
    Reveal,
    State,
    Use,
    UseTreasure,
    apply,
    legal_actions,
)
from crabrules.oh_crab.adventure._content import Measure
from crabrules.oh_crab.adventure._model import NONE, Adventure, Challenges
from crabrules.oh_crab.adventure._reading import parse_adventure
from crabrules.oh_crab.adventure._triggers import measure
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.engine._tables import rules_for, rules_of
from tests.oh_crab.adventure_helpers import (
    ALL,
    adventure,
    challenges,
    event,
    events,
    pack,
    sur,
    surprises,
    token,
)
from tests.oh_crab.helpers import at, cid, grant, make

EVERYTHING = Config(players=3, modules=ALL)
FORWARD = grant("move_forward")


def chs_of(part: Adventure) -> Challenges:
    assert part.challenges is not None
    return part.challenges


def _settle(state: State) -> State:
    """Take the first option of every decision until the turn is back to its player, idle."""
    for _ in range(20):
        part = state.adventure
        assert part is not None
        waiting = part.frames or (state.turn is not None and state.turn.queue)
        if not waiting:
            return state
        state = apply(state, legal_actions(state)[0])
    raise AssertionError("the decisions never end")


def _table(config: Config = EVERYTHING, **changes: Any) -> State:
    # Red stands on the Start tile's sea row with cards everywhere; orange and blue behind.
    base: dict[str, Any] = {
        "crabs": [5, 0, 1],
        "hands": [[cid("red-1"), cid("red-2")], [cid("orange-1")], [cid("blue-1")]],
        "traces": [[cid("red-3")], [], []],
        "discards": [[cid("red-4")], [], []],
        "shells": [1, 0, 2],
        "grants": [FORWARD],
    }
    base.update(changes)
    return make(config, **base)


SURPRISE_EFFECTS: dict[str, Callable[[State, State], bool]] = {
    "crab-trap": lambda b, a: a.knocked[0],
    "hole-in-the-bag": lambda b, a: a.shells[0] == b.shells[0] - 1,
    "soggy-cards": lambda b, a: len(a.hands[0]) == len(b.hands[0]) - 1,
    "sunburn": lambda b, a: len(a.discards[0]) == len(b.discards[0]) + 1,
    "undertow": lambda b, a: a.crabs[0] in (5, 6),
    "pearl": lambda b, a: a.shells[0] == b.shells[0] + 2,
    "message-in-a-bottle": lambda b, a: len(a.hands[0]) == len(b.hands[0]) + 1,
    "old-map": lambda b, a: a.traces[0] == () and cid("red-3") in a.hands[0],
    "gold-coin": lambda b, a: a.shells[0] == b.shells[0] + 2,
    "flip-flops": lambda b, a: a.crabs[0] == at(3, 0),
    "compass": lambda b, a: a.crabs[0] == at(3, 1),
    "starfish": lambda b, a: a.crabs[0] // 5 == 2 and a.crabs[0] != 10,
    "snorkel": lambda b, a: a.turn is not None and a.turn.head_down,
    "bucket": lambda b, a: cid("red-4") in a.hands[0],
}


@pytest.mark.parametrize("name", sorted(SURPRISE_EFFECTS))
def test_every_surprise_token_does_what_it_says(name: str) -> None:
    assert {t.id for t in pack().surprises} == set(SURPRISE_EFFECTS)
    info = pack().surprises[token(name)]
    only = Config(players=3, modules={"surprises"})
    state = _table(only, adventure=adventure(surprises(only, {10: token(name)})))
    moved = apply(apply(state, Use(0, 0)), Move(0, 10))
    before = state
    if not info.immediate:
        assert sur(moved).kept[0] == (token(name),)
        before, moved = moved, apply(moved, UseTreasure(0, token(name)))
    after = _settle(moved)
    assert SURPRISE_EFFECTS[name](before, after)
    assert sur(after).gone == (token(name),)


def _revealing(card: str, **changes: Any) -> State:
    # Red crosses Beach tile 1's lower border; the Event there is due, then revealed.
    tiles = [
        event(card),
        *[e for e in (event("tailwind"), event("sunny-day")) if e != event(card)],
    ][:3]
    while len(tiles) < 3:
        tiles.append(event("shell-rain"))
    state = _table(adventure=adventure(events=events(EVERYTHING, tiles)), **changes)
    state = apply(apply(state, Use(0, 0)), Move(0, 10))
    return _settle(apply(state, Reveal(0)))


EVENT_EFFECTS: dict[str, tuple[dict[str, Any], Callable[[State], bool]]] = {
    "robin-crab": ({"shells": [3, 0, 1]}, lambda a: a.shells == (2, 1, 1)),
    "its-broken": ({}, lambda a: rules_of(a).tile_costs == {}),
    "tailwind": ({"crabs": [5, 0, 7]}, lambda a: a.crabs[1] in (5, 6)),
    "shell-rain": ({}, lambda a: a.shells == (2, 1, 3)),
    "market-day": ({}, lambda a: len(a.hands[0]) == 3),
    "beach-cleanup": ({}, lambda a: cid("red-4") in a.hands[0]),
    "sunny-day": ({"knocked": [False, True, True]}, lambda a: not any(a.knocked)),
    "big-wave": ({}, lambda a: a.crabs[0] in (5, 6)),
    "lucky-find": (
        {"adventure_kept": [[], [token("flip-flops")], []]},
        lambda a: a.shells == (1, 1, 2),
    ),
    "trophy-parade": ({"trophies": (0, 0, 1)}, lambda a: a.shells == (1, 0, 3)),
    "happy-hour": ({}, lambda a: rules_of(a).tile_costs == {"Aa": 0, "Ba": 1, "Ca": 2}),
    "slippery-rocks": (
        {},
        lambda a: (
            not any(rules_of(a).obstacle)
            and all(
                rules_of(a).knock_over[c] for c, o in enumerate(rules_for(a.config).obstacle) if o
            )
        ),
    ),
    "soft-sand": ({}, lambda a: not any(rules_of(a).knock_over)),
    "chefs-special": ({}, lambda a: rules_of(a).cook_steps == (Primitive.MOVE_TOWARD_SEA,)),
}


@pytest.mark.parametrize("name", sorted(EVENT_EFFECTS))
def test_every_event_card_does_what_it_says(name: str) -> None:
    assert {e.id for e in pack().events} == set(EVENT_EFFECTS)
    changes, check = EVENT_EFFECTS[name]
    changes = dict(changes)
    kept = changes.pop("adventure_kept", None)
    trophies = changes.pop("trophies", None)
    tiles = [
        event(name),
        event("tailwind") if name != "tailwind" else event("sunny-day"),
        event("shell-rain") if name != "shell-rain" else event("sunny-day"),
    ]
    part = adventure(
        surprises=surprises(EVERYTHING, kept=kept),
        events=events(EVERYTHING, tiles),
        challenges=challenges(EVERYTHING, [NONE, 5, 6], resolved=[0]),
    )
    if trophies is not None:
        won = attrs.evolve(chs_of(part), trophies=trophies)
        part = attrs.evolve(part, challenges=won)
    state = _table(adventure=part, **changes)
    state = apply(apply(state, Use(0, 0)), Move(0, 10))
    after = _settle(apply(state, Reveal(0)))
    assert check(after), name


#: What each measure counts for red and for orange on the table below.
MEASURES = {
    Measure.SHELLS: (1, 0),
    Measure.HAND: (2, 1),
    Measure.TRACE: (1, 0),
    Measure.DISCARDS: (1, 0),
    Measure.TREASURES: (1, 0),
    Measure.STARTING_IN_HAND: (2, 1),
    Measure.FORWARD_IN_HAND: (2, 1),
    Measure.CRABS_ON_TILE: (1, 0),
}


@pytest.mark.parametrize("card", [c.id for c in pack().challenges])
def test_every_challenge_counts_what_it_says(card: str) -> None:
    info = next(c for c in pack().challenges if c.id == card)
    # Red: 1 shell, red-1 and red-2 (Moves forward) in Hand, 1 card in the Trace and 1 in
    # the Discard pile, 1 kept Treasure, its crab on Beach tile 1. Orange: orange-1 in Hand.
    state = _table(
        crabs=[at(3, 0), 0, 1],
        adventure=adventure(
            surprises=surprises(EVERYTHING, kept=[[token("compass")], [], []]),
            events=events(
                EVERYTHING, [event("tailwind"), event("shell-rain"), event("sunny-day")]
            ),
            challenges=challenges(EVERYTHING, [0, 1, 2]),
        ),
    )
    rules = rules_for(state.config)
    counted = (
        measure(state, rules, info.measure, 0, 0),
        measure(state, rules, info.measure, 1, 0),
    )
    assert counted == MEASURES[info.measure]


@pytest.mark.parametrize("card", [r.id for r in pack().rewards])
def test_every_reward_of_every_reward_card_gives_something(card: str) -> None:
    index = next(i for i, r in enumerate(pack().rewards) if r.id == card)
    for option in range(len(pack().rewards[index].options)):
        tiles = [2, 3, 5]
        only = Config(players=3, modules={"challenges"})
        state = _table(
            only,
            crabs=[at(5, 1), 0, 1],
            adventure=adventure(challenges=challenges(only, tiles, index)),
        )
        # Red alone has cards in a Trace: "longest Trace" (card 2) is red's first place.
        state = apply(apply(state, Use(0, 0)), Move(0, at(6, 1)))
        state = apply(state, Reveal(0))
        assert legal_actions(state)[option].player == 0
        before = state
        after = _settle(apply(state, legal_actions(state)[option]))
        assert (after.shells, after.hands, after.crabs, after.knocked) != (
            before.shells,
            before.hands,
            before.crabs,
            before.knocked,
        ) or after.discards != before.discards


# --- content validation ---------------------------------------------------------------------


def _document() -> dict[str, Any]:
    text = (resources.files("crabrules.oh_crab.content") / "data" / "adventure.json").read_text(
        "utf-8"
    )
    document: dict[str, Any] = json.loads(text)
    return document


def _refused(change: Callable[[dict[str, Any]], None]) -> str:
    doc = copy.deepcopy(_document())
    change(doc)
    with pytest.raises(ContentError) as error:
        parse_adventure(doc)
    return str(error.value)


def test_the_reference_document_loads() -> None:
    loaded = parse_adventure(_document())
    assert len(loaded.surprises) == 14
    assert len(loaded.wastes()) == 5
    assert len(loaded.events) == 14
    assert (len(loaded.challenges), len(loaded.rewards)) == (8, 3)


def test_an_unknown_primitive_is_refused_saying_where() -> None:
    message = _refused(lambda d: d["surprises"][0].update(steps=["fly"]))
    assert message == "adventure.json: surprise 'crab-trap' step 1: unknown primitive 'fly'"


def test_an_impossible_count_is_refused() -> None:
    message = _refused(
        lambda d: d["surprises"][5].update(steps=[{"do": "take_shell", "count": 12}])
    )
    assert "count must be 1 to 9, not 12" in message


def test_a_rules_own_step_is_refused_in_content() -> None:
    assert "rules' own step" in _refused(lambda d: d["surprises"][0].update(steps=["reveal_due"]))


def test_a_step_of_ones_own_turn_is_refused_where_it_may_act_in_anothers() -> None:
    message = _refused(lambda d: d["surprises"][5].update(steps=["ignore_negative_spaces"]))
    assert "needs its owner's own turn" in message


def test_a_kept_waste_is_refused() -> None:
    assert "every Waste is immediate" in _refused(
        lambda d: d["surprises"][0].update(immediate=False)
    )


def test_too_few_wastes_are_refused() -> None:
    def drop(d: dict[str, Any]) -> None:
        d["surprises"] = [s for s in d["surprises"] if s["kind"] != "waste"][:]

    assert "0 wastes, at least 3 are needed" in _refused(drop)


def test_a_target_needing_a_module_the_card_does_not_name_is_refused() -> None:
    message = _refused(lambda d: d["events"][8].update(requires=[]))
    assert "'treasure_keepers' requires 'surprises'" in message


def test_a_temporary_event_needs_rule_changes_and_a_reminder() -> None:
    assert "rule changes and a reminder" in _refused(lambda d: d["events"][1].pop("reminder"))


def test_impossible_rule_parameters_are_refused() -> None:
    message = _refused(lambda d: d["events"][10]["changes"][0].update(amount=7))
    assert "tile_discount needs an amount of 1 to 3" in message
    message = _refused(lambda d: d["events"][13]["changes"][0].update(step="take_shell"))
    assert "cook_action needs a basic move" in message


def test_a_duplicate_id_is_refused() -> None:
    message = _refused(lambda d: d["challenges"].append(d["challenges"][0]))
    assert message == "adventure.json: challenge 'most-shells' appears twice"


def test_a_malformed_document_is_refused_saying_where() -> None:
    assert _refused(lambda d: d.pop("rewards")).startswith("adventure.json:")


def test_modules_need_content_with_an_adventure_pack() -> None:
    # Module 4 is played since issue 13: the four modules are all accepted.
    assert len(Config(modules={"surprises", "events", "challenges", "asymmetry"}).modules) == 4
    with pytest.raises(InvalidConfigError, match="'sand' is none of"):
        Config(modules={"sand"})
    with pytest.raises(InvalidConfigError, match="a set of names"):
        Config(modules="surprises")
    assert NO_CARD == -1
