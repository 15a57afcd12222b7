"""The encodings: numbering round trips, masks, tensors that leak nothing, returns."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import crabrules  # noqa: E402
from crabrules.core import Outcome, Utility  # noqa: E402
from crabrules.encoding import ENCODED_GAMES, encoding, returns_of  # noqa: E402

CONFIGS = [
    ("crab-stack", 2),
    ("crab-stack", 4),
    ("la-marche-du-crabe", 2),
    ("youve-got-crabs", 4),
    ("youve-got-crabs", 6),
    ("oh-crab", 2),
    ("oh-crab", 4),
]


def _playout(
    game_id: str, players: int, seed: int, steps: int = 120, config: Any = None
) -> list[Any]:
    """The states of a random game (at most ``steps`` actions) of ``config``, by default
    the game's for ``players``."""
    game = crabrules.get_game(game_id)
    if config is None:
        config = game.config_for_players(players)
    state = game.initial_state(config, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not game.is_terminal(state) and len(states) <= steps:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_every_legal_action_round_trips_and_masks_match(game_id: str, players: int) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    for state in _playout(game_id, players, seed=players)[::3]:
        for player in range(players):
            legal = game.legal_actions(state, player)
            numbers = [enc.action_to_int(a) for a in legal]
            assert len(set(numbers)) == len(numbers)
            assert all(0 <= n < enc.num_distinct_actions for n in numbers)
            assert [enc.int_to_action(state, player, n) for n in numbers] == list(legal)
            mask = enc.legal_action_mask(state, player)
            assert mask.shape == (enc.num_distinct_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_legal_numbers_are_the_mask_and_give_each_legal_action(game_id: str, players: int) -> None:
    # What the AEC environment steps through: 1s exactly at the legal numbers, and the
    # action of each number (equal to the legal action, for apply without its check).
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    for state in _playout(game_id, players, seed=10 + players)[::3]:
        for player in range(players):
            legal = game.legal_actions(state, player)
            ones, actions = enc.legal_numbers(state, player)
            assert type(ones) is bytearray
            assert len(ones) == enc.num_distinct_actions
            numbers = [n for n, one in enumerate(ones) if one]
            assert set(ones) <= {0, 1}
            assert {n: actions[n] for n in numbers} == {enc.action_to_int(a): a for a in legal}


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_numpy_numbers_decode_to_plain_actions(game_id: str, players: int) -> None:
    # RL libraries hand back numpy integers; the action built from one must be the same
    # plain action (exact field types), so `apply` with or without checks treats it alike.
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    for state in _playout(game_id, players, seed=20 + players)[::9]:
        for player in game.active_players(state):
            for action in game.legal_actions(state, player):
                number = np.int64(enc.action_to_int(action))
                decoded = enc.int_to_action(state, player, number)
                assert decoded == action
                game.apply(state, decoded)  # checked: refuses numpy-typed fields


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_equal_observations_give_equal_tensors(game_id: str, players: int) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    for state in _playout(game_id, players, seed=10 + players)[::7]:
        for viewer in [None, *range(players)]:
            twin = game.determinize(state, viewer, seed=99)
            view = game.observe(state, viewer)
            assert game.observe(twin, viewer) == view
            tensor = enc.observation_tensor(view)
            assert tensor.shape == enc.observation_shape
            assert tensor.dtype == np.float32
            assert np.array_equal(tensor, enc.observation_tensor(game.observe(twin, viewer)))


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_the_state_tensor_is_the_tensor_of_the_observation(game_id: str, players: int) -> None:
    # The environments' shortcut past the observation: the same numbers, for every viewer,
    # and no more than the observation shows (a determinized twin gives the same tensor).
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    for state in _playout(game_id, players, seed=30 + players)[::5]:
        for viewer in [None, *range(players)]:
            expected = enc.observation_tensor(game.observe(state, viewer))
            tensor = enc.state_tensor(state, viewer)
            assert tensor.dtype == np.float32
            assert np.array_equal(tensor, expected)
            twin = game.determinize(state, viewer, seed=5)
            assert np.array_equal(enc.state_tensor(twin, viewer), expected)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_sections_add_up_to_the_shape(game_id: str, players: int) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    names = [s.name for s in enc.sections]
    assert len(set(names)) == len(names)
    assert sum(s.size for s in enc.sections) == enc.observation_shape[0]


@pytest.mark.parametrize("game_id", ENCODED_GAMES)
def test_returns_at_the_end_follow_the_convention(game_id: str) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id)
    for seed in range(3):
        states = _playout(game_id, enc.players, seed, steps=10_000)
        final = states[-1]
        returns = enc.returns(final)
        assert len(returns) == enc.players
        if not game.is_terminal(final):
            assert returns == [0.0] * enc.players
        elif game.info.utility is Utility.COOPERATIVE:
            assert all(0.0 <= r <= 1.0 for r in returns)
        else:
            assert set(returns) <= {-1.0, 1.0, 0.0}


def test_zero_sum_returns_add_up_to_zero_with_four_players() -> None:
    outcome = Outcome(frozenset({2}), False, (0, 0, 1, 0), "last_player")
    returns = returns_of(outcome, 4, Utility.ZERO_SUM, 1.0)
    assert returns[2] == 1.0
    assert sum(returns) == pytest.approx(0.0)
    assert returns_of(
        Outcome(frozenset(), True, (0, 0), "repetition"), 2, Utility.ZERO_SUM, 1
    ) == [
        0.0,
        0.0,
    ]


@pytest.mark.parametrize("number", [-1, 342, 1.0, True, "0"])
def test_a_number_out_of_range_is_refused(number: Any) -> None:
    enc = encoding("crab-stack")
    state = crabrules.crab_stack.initial_state(seed=1)
    with pytest.raises(ValueError, match="action number"):
        enc.int_to_action(state, 0, number)


def test_a_registered_game_without_an_encoding_is_refused() -> None:
    # Every crabrules game has one; a game registered by someone else has not.
    from crabrules.encoding import _encoding

    with pytest.raises(ValueError, match="no encoding"):
        _encoding("someone-elses-game", None)


def test_encodings_are_cached_per_config() -> None:
    assert encoding("crab-stack") is encoding("crab-stack", crabrules.crab_stack.Config())


def test_a_tensor_write_needs_one_index_per_axis() -> None:
    from crabrules.encoding import Layout, Section, Tensor

    tensor = Tensor(Layout((Section("a", (2,), ""), Section("b", (2, 3), ""))))
    tensor.set("b", 1, 2)
    tensor.set("a", 1, value=0.5)
    assert tensor.values.tolist() == [0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    with pytest.raises(ValueError, match="b: 2 indices, not 1"):
        tensor.set("b", 4)


def test_tensor_writes_take_numpy_integers() -> None:
    # Observations can hold numpy integers (an action number sent by a learner).
    from crabrules.encoding import Layout, Section, Tensor

    tensor = Tensor(Layout((Section("a", (2,), ""), Section("b", (2, 3), ""))))
    tensor.set_many("b", [np.int64(4)])
    tensor.set("a", np.int64(1))
    assert tensor.values.tolist() == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]


# Per encoded game: the encoding's config, and a config whose states it must refuse (another
# player count, or another mix of Oh Crab!'s Adventure Pack modules).
OTHER_CONFIGS = [
    ("crab-stack", {"players": 2}, {"players": 4}),
    ("youve-got-crabs", {"teams": 2}, {"teams": 3}),
    ("oh-crab", {"players": 2}, {"players": 4}),
    ("oh-crab", {}, {"modules": {"events", "surprises"}}),
    ("oh-crab", {"modules": {"asymmetry"}}, {"modules": {"challenges"}}),
]


def _by_method(enc: Any, state: Any) -> dict[str, Any]:
    """Each public method of ``enc`` that takes a state or an observation, called on ``state``."""
    view = enc.game.observe(state, 0)
    return {
        "observation_tensor": lambda: enc.observation_tensor(view).tolist(),
        "state_tensor": lambda: enc.state_tensor(state, 0).tolist(),
        "int_to_action": lambda: enc.int_to_action(state, 0, 0),
        "legal_numbers": lambda: enc.legal_numbers(state, 0)[0],
        "numbered_legal_actions": lambda: enc.numbered_legal_actions(state, 0),
        "legal_ints": lambda: enc.legal_ints(state, 0),
        "legal_action_mask": lambda: enc.legal_action_mask(state, 0).tolist(),
        "returns": lambda: enc.returns(state),
    }


@pytest.mark.parametrize(("game_id", "fields", "other"), OTHER_CONFIGS)
def test_a_state_or_observation_of_another_config_is_refused(
    game_id: str, fields: dict[str, Any], other: dict[str, Any]
) -> None:
    # Its numbers and layout are not the encoding's: a wrong tensor or mask, silently.
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_type(**fields))
    foreign = game.initial_state(game.config_type(**other), seed=3)
    for method, call in _by_method(enc, foreign).items():
        field = "observation" if method == "observation_tensor" else "state"
        with pytest.raises(ValueError, match=rf"^{field}\.config: this encoding is for "):
            call()
    # An equal config built anew is the encoding's config: the same answers as its own.
    own = game.initial_state(enc.config, seed=3)
    anew = game.initial_state(copy.deepcopy(enc.config), seed=3)
    assert anew.config is not enc.config
    expected = {method: call() for method, call in _by_method(enc, own).items()}
    for method, call in _by_method(enc, anew).items():
        assert call() == expected[method], method


def test_la_marche_du_crabe_encodes_a_state_of_any_config() -> None:
    # Every config has the same numbers and layout, and a state carries no config: the
    # encoding of the base game gives a state of another beach its own encoding's answers.
    from crabrules import marche_du_crabe

    other = marche_du_crabe.Config(beach=marche_du_crabe.beaches.STORM_SURGE, shrimps=2)
    state = marche_du_crabe.initial_state(other, seed=3)
    base = _by_method(encoding("la-marche-du-crabe"), state)
    own = _by_method(encoding("la-marche-du-crabe", other), state)
    for method, call in base.items():
        assert call() == own[method](), method


#: Oh Crab! with Adventure Pack modules: their actions are numbered by a table of their own.
ALL_MODULES = frozenset({"surprises", "events", "challenges", "asymmetry"})
MODULE_CONFIGS: list[dict[str, Any]] = [
    {"players": 4, "modules": ALL_MODULES},
    {"players": 2, "modules": frozenset({"asymmetry"})},
]


def _foreign_actions() -> list[Any]:
    """Values to offer an encoding as actions: junk, and the legal actions of every game in
    its biggest config and of Oh Crab!'s module mixes (cells, teams, players and cards
    beyond a smaller config's; some of them a smaller config has too)."""
    junk: list[Any] = [None, "x", 0, object()]
    oh_crab = crabrules.get_game("oh-crab")
    games: list[tuple[str, int, Any]] = [
        (g, max(p for c, p in CONFIGS if c == g), None) for g in ENCODED_GAMES
    ]
    games += [("oh-crab", c["players"], oh_crab.config_type(**c)) for c in MODULE_CONFIGS]
    for game_id, players, config in games:
        game = crabrules.get_game(game_id)
        for state in _playout(game_id, players, seed=5, steps=60, config=config)[::4]:
            for player in range(players):
                junk += game.legal_actions(state, player)
    return junk


NUMBERED = [
    *((g, crabrules.get_game(g).config_for_players(p)) for g, p in CONFIGS),
    *(("oh-crab", crabrules.get_game("oh-crab").config_type(**c)) for c in MODULE_CONFIGS),
]


NUMBERED_IDS = [
    *(f"{g}-{p}" for g, p in CONFIGS),
    *(f"oh-crab-{c['players']}-{'+'.join(sorted(c['modules']))}" for c in MODULE_CONFIGS),
]


@pytest.mark.parametrize(("game_id", "config"), NUMBERED, ids=NUMBERED_IDS)
def test_an_action_gets_a_number_only_if_the_number_gives_it_back(
    game_id: str, config: Any
) -> None:
    # A field outside the config must not alias another action's number (a You've Got
    # Crabs call of a team that does not play was numbered as a Collect; a 4-player Crab
    # Stack move was numbered past the end of a 2-player action space); anything else,
    # another game's action or junk, is refused by name rather than failing inside.
    from crabrules.youve_got_crabs import Call

    game = crabrules.get_game(game_id)
    enc = encoding(game_id, config)
    state = game.initial_state(enc.config, seed=1)
    refusals: list[str] = []
    for action in _foreign_actions():
        try:
            number = enc.action_to_int(action)
        except ValueError as error:
            refusals.append(str(error))
            continue
        assert 0 <= number < enc.num_distinct_actions
        decoded = enc.int_to_action(state, action.player, number)
        if type(action) is Call:  # a call's time is not part of its number
            assert (decoded.player, decoded.target) == (action.player, action.target)
        else:
            assert decoded == action
    assert refusals
    assert all("has no action number" in refusal for refusal in refusals)


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_a_player_or_state_not_of_the_config_is_refused(game_id: str, players: int) -> None:
    from crabrules.core import InvalidPlayerError, NotAStateError

    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    state = game.initial_state(enc.config, seed=1)
    other = crabrules.get_game(next(g for g in ENCODED_GAMES if g != game_id))
    # int_to_action needs a player; state_tensor also takes None, a spectator.
    by_method: dict[str, tuple[Callable[[Any, Any], Any], list[Any]]] = {
        "int_to_action": (lambda s, p: enc.int_to_action(s, p, 0), [None]),
        "state_tensor": (enc.state_tensor, []),
    }
    for method, (call, also_refused) in by_method.items():
        for player in (players, -1, "0", 1.0, True, *also_refused):
            with pytest.raises(InvalidPlayerError, match=r"^player: "):
                call(state, player)
        for not_a_state in (None, game.observe(state, 0), other.initial_state()):
            with pytest.raises(NotAStateError):
                call(not_a_state, 0)
        # A numpy player is taken as the int it is (learners hand them back).
        assert repr(call(state, np.int64(1))) == repr(call(state, 1)), method
    assert type(enc.int_to_action(state, np.int64(1), 0).player) is int
    assert enc.state_tensor(state, None).shape == enc.observation_shape


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_a_numpy_player_gets_the_same_mask_and_tensor(game_id: str, players: int) -> None:
    game = crabrules.get_game(game_id)
    enc = encoding(game_id, game.config_for_players(players))
    state = game.initial_state(enc.config, seed=2)
    for player in range(players):
        assert enc.legal_action_mask(state, np.int64(player)).tolist() == (
            enc.legal_action_mask(state, player).tolist()
        )
        assert enc.legal_ints(state, np.int32(player)) == enc.legal_ints(state, player)
        assert enc.state_tensor(state, np.int64(player)).tolist() == (
            enc.state_tensor(state, player).tolist()
        )


@pytest.mark.parametrize("game_id", ENCODED_GAMES)
def test_observation_tensor_refuses_what_is_not_an_observation_of_the_game(game_id: str) -> None:
    from crabrules.core import NotAnObservationError

    game = crabrules.get_game(game_id)
    enc = encoding(game_id)
    state = game.initial_state(seed=1)
    others = [crabrules.get_game(g) for g in ENCODED_GAMES if g != game_id]
    for value in (state, None, *(o.observe(o.initial_state(seed=1), 0) for o in others)):
        with pytest.raises(NotAnObservationError, match=r"^observation: a crabrules\.\w+\."):
            enc.observation_tensor(value)


@pytest.mark.parametrize("game_id", ENCODED_GAMES)
def test_an_encoding_needs_the_games_config(game_id: str) -> None:
    from crabrules.core import InvalidConfigError

    other = next(g for g in ENCODED_GAMES if g != game_id)
    for config in ({"players": 2}, crabrules.get_game(other).config_type(), 2):
        with pytest.raises(InvalidConfigError, match=r"^config: a crabrules\.\w+\.Config, not "):
            encoding(game_id, config)
