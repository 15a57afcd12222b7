"""Every encoded game as an OpenSpiel (``pyspiel``) game (extra ``crabrules[openspiel]``).

Importing this module registers each game of :data:`crabrules.encoding.ENCODED_GAMES`
as a pyspiel Python game named ``python_crabrules_<id>`` (``-`` turned into ``_``):

>>> import pyspiel
>>> from crabrules.adapters.openspiel import load_game
>>> game = load_game("crab-stack", players=3)
>>> game.num_players(), game.num_distinct_actions()
(3, 756)
>>> state = game.new_initial_state()
>>> state.apply_action(0)  # the chance node: the deal with seed 0
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> state.returns()
[1.0, -0.5, -0.5]
>>> pyspiel.load_game("python_crabrules_la_marche_du_crabe").get_type().utility
<Utility.IDENTICAL: 3>

**Parameters.** Every field of the game's ``Config`` is a parameter, in one of four forms
(:class:`Parameter`), since a pyspiel parameter is an int, a bool or a string: an int,
bool or str field is itself; a set of names (Oh Crab!'s ``modules="surprises+asymmetry"``
and ``variants``) is its names joined by ``+``; an optional int or str is itself, with
``-1`` or ``""`` for ``None``; any other value is its JSON with ``;`` for ``,``
(``colours=["coral";"teal"]``; ``""``, the default, is the ``Config``'s default), since
OpenSpiel's game strings reserve ``,``. :func:`load_game` also takes each field as the
``Config`` does (a tuple, a set, ``None``). The forms live in
:mod:`crabrules.adapters.openspiel_parameters` (no ``pyspiel`` needed). There are also:

- ``deals`` (default 100) and ``seed`` (default 0): the setups the chance node chooses
  from, crabrules seeds ``seed`` to ``seed + deals - 1`` (below);
- ``max_steps``: the game ends after this many actions, with all returns 0 (OpenSpiel
  needs a bounded game length): You've Got Crabs' ``max_random_steps`` (300), 10000 for
  the others, whose games end long before.

**Chance.** crabrules keeps its generator inside the state: a seed fixes the setup and
every later draw (La Marche du Crabe's Baddie cards, You've Got Crabs' reshuffles).
OpenSpiel's sampled-stochastic mode would fit, but it serialises a state's generator
through ``GetRNGState``, which a Python game cannot provide, so ``random_sim_test`` could
not check it. Every game is therefore ``EXPLICIT_STOCHASTIC`` with one small chance node,
at the root: it chooses one of ``deals`` seeds, uniformly, and the game is played from
that seed's setup; after it, play is deterministic. The deals are a sample of the game's
chance, as large as ``deals`` makes it; algorithms that enumerate chance (CFR,
expectimax) see ``deals`` outcomes, those that sample (MCTS) sample them.

**Players and time.** Players are the game's ids. You've Got Crabs is real time; as in
:mod:`crabrules.adapters.pettingzoo`, the player to act is the next active player after
the last one who acted, in seat order, and every call is made at the state's clock (see
:mod:`crabrules.encoding.youve_got_crabs`).

**Utility.** ``GameType.utility`` comes from ``GameInfo.utility``: zero-sum stays
``ZERO_SUM``, cooperative is ``IDENTICAL`` (both get the same normalised score), team
games are ``GENERAL_SUM``. Returns are :meth:`~crabrules.encoding.base.Encoding.returns`.

**Observers.** ``make_py_observer`` gives the observation tensor of
:mod:`crabrules.encoding`, one ``dict`` entry per section; the observation string is
the JSON of the player's ``Observation`` (:func:`~crabrules.core.serialize.to_json`,
which writes sets sorted, so equal observations give equal strings, as tabular methods
keyed on them need). A legal action's string is the game's notation (``action_to_str``:
``"b2-c3"``, ``"red: move c4 push c5"``...); a number not legal in the state, which has
no notation, is written as its action's JSON.

**No information-state tensor.** An information state is the player's whole history
(perfect recall): what they saw at every step and what they did. OpenSpiel's tensors
have one fixed size, so it would have to hold ``max_steps`` observations or actions
(10,000 steps of Crab Stack's 2,099-float observations, or of one-hot actions over 342
numbers: millions of floats a step), and crabrules' observations are not summaries of
the past (they are what the table shows now). Games that need it can stack the
observations the observer gives, step by step, as recurrent policies do.

**Serialisation** is OpenSpiel's default, the history of action numbers: a game is a
pure function of its parameters and actions, so replaying them rebuilds the state.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs
import numpy as np
import pyspiel

from crabrules.adapters.config import DEFAULT_MAX_STEPS, check_names
from crabrules.adapters.openspiel_parameters import DEFAULT, Parameter, config_parameters
from crabrules.core import GameInfo, Information, Utility, get_game
from crabrules.core.errors import (
    CommonReason,
    GameOverError,
    IllegalActionError,
    InvalidConfigError,
)
from crabrules.core.rng import SEED_LIMIT
from crabrules.core.serialize import to_json
from crabrules.encoding import ENCODED_GAMES, Encoding, encoding

__all__ = [
    "DEFAULT",
    "CrabrulesGame",
    "CrabrulesState",
    "Parameter",
    "config_parameters",
    "game_name",
    "load_game",
]

_DEFAULT_DEALS = 100

_UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.ZERO_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    Utility.COOPERATIVE: pyspiel.GameType.Utility.IDENTICAL,
}


def game_name(game_id: str) -> str:
    """The pyspiel short name of ``game_id``.

    >>> game_name("youve-got-crabs")
    'python_crabrules_youve_got_crabs'
    """
    return "python_crabrules_" + game_id.replace("-", "_")


def load_game(game_id: str, **config: Any) -> pyspiel.Game:
    """The pyspiel game of ``game_id``; ``config`` holds its parameters (see the module).

    Every field of the game's ``Config`` may be given as the ``Config`` takes it (a
    tuple, a set of names, ``None``...) or as its pyspiel parameter (:class:`Parameter`);
    it is checked by the ``Config`` and written as its pyspiel parameter here.

    Raises:
        InvalidConfigError: a name that is not a parameter of the game, a value its
            ``Config`` refuses, or an int outside pyspiel's range (the message starts
            with the field's name).

    >>> load_game("youve-got-crabs", teams=3).num_players()
    6
    >>> sorted(load_game("oh-crab", modules={"events", "surprises"}).encoding.config.modules)
    [<Module.EVENTS: 'events'>, <Module.SURPRISES: 'surprises'>]
    >>> str(load_game("crab-stack", colours=("red", "blue"), max_turns=50))
    'python_crabrules_crab_stack(colours=["red";"blue"],deals=100,first_player=-1,layout=,max_steps=10000,max_turns=50,players=2,seed=0)'
    """
    check_names(game_id, config, own=_ADAPTER_PARAMETERS)
    parameters = config_parameters(game_id)
    fields = {}
    for name, value in config.items():
        if name in parameters:
            parameter = parameters[name]
            # A value written as pyspiel takes it ("a+b", -1 for None, JSON) is read first.
            given = type(value) is type(parameter.default)
            fields[name] = parameter.read(value) if given else value
    fields = {name: value for name, value in fields.items() if value is not DEFAULT}
    # The Config checks the values and names the field it refuses.
    checked = get_game(game_id).config_type(**fields)
    written = {name: parameters[name].write(getattr(checked, name)) for name in fields}
    adapter = {name: value for name, value in config.items() if name in _ADAPTER_PARAMETERS}
    parameters_given = {**written, **adapter}
    for name, value in parameters_given.items():
        # pyspiel keeps an int parameter in a C int, and fails on a larger one.
        if type(value) is int and not _C_INT[0] <= value <= _C_INT[1]:
            raise InvalidConfigError(
                f"{name}: an OpenSpiel int parameter from {_C_INT[0]} to {_C_INT[1]}, not {value}"
            )
    return pyspiel.load_game(game_name(game_id), parameters_given)


#: The range of pyspiel's int parameters (a C int).
_C_INT = (-(2**31), 2**31 - 1)


#: The parameters of every game that are the adapter's own, not its ``Config``'s.
_ADAPTER_PARAMETERS = ("deals", "max_steps", "seed")


def _game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=game_name(info.id),
        long_name=f"Python crabrules {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.information is Information.PERFECT
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=_UTILITY[info.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            **{name: p.default for name, p in config_parameters(info.id).items()},
            "deals": _DEFAULT_DEALS,
            "seed": 0,
            "max_steps": info.max_random_steps or DEFAULT_MAX_STEPS,
        },
    )


class CrabrulesGame(pyspiel.Game):
    """A crabrules game and config as a pyspiel game."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        game = self.crabrules_game = get_game(game_id)
        game_type = _game_type(game.info)
        params = {**game_type.parameter_specification, **(params or {})}
        self.seed = int(params.pop("seed"))
        self.deals = int(params.pop("deals"))
        self.max_steps = int(params.pop("max_steps"))
        if self.deals < 1:
            raise InvalidConfigError(f"deals: at least 1, not {self.deals}")
        if not 0 <= self.seed <= SEED_LIMIT - self.deals:
            raise InvalidConfigError(
                f"seed: the deals' seeds {self.seed} to {self.seed + self.deals - 1} must lie "
                f"in 0 to {SEED_LIMIT - 1}"
            )
        if self.max_steps < 1:
            raise InvalidConfigError(f"max_steps: at least 1, not {self.max_steps}")
        parameters = config_parameters(game_id)
        read = {name: parameters[name].read(value) for name, value in params.items()}
        fields = {name: value for name, value in read.items() if value is not DEFAULT}
        enc = self.encoding = encoding(game_id, game.config_type(**fields))
        utility = game.info.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_distinct_actions,
            max_chance_outcomes=self.deals,
            num_players=enc.players,
            min_utility=0.0 if utility is Utility.COOPERATIVE else -1.0,
            max_utility=1.0,
            utility_sum=0.0 if utility is Utility.ZERO_SUM else None,
            max_game_length=self.max_steps,
        )
        fixed = {"deals": self.deals, "seed": self.seed, "max_steps": self.max_steps}
        super().__init__(game_type, info, {**params, **fixed})

    def new_initial_state(self) -> CrabrulesState:
        """The root: the chance node that chooses the deal."""
        return CrabrulesState(self)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled as its game string, which names every parameter.
        return pyspiel.load_game, (str(self),)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CrabrulesObserver:
        """The observer of the encoding's observation tensor (no perfect recall).

        The default (or ``private_info=SINGLE_PLAYER``) is what the player sees; with
        ``private_info=NONE`` it is the public observation, what a spectator sees.

        Raises:
            InvalidConfigError: perfect recall (an information state), no public information, or
                every player's private information: crabrules gives none of them.
        """
        if iig_obs_type is None:
            return CrabrulesObserver(self.encoding, params)
        if iig_obs_type.perfect_recall:
            raise InvalidConfigError(
                "crabrules games provide observations, not information states"
            )
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidConfigError(
                "crabrules observers give what one player sees (private_info=SINGLE_PLAYER) "
                "or what everyone sees (private_info=NONE), both with the public "
                f"information; not {iig_obs_type}"
            )
        public = private == pyspiel.PrivateInfoType.NONE
        return CrabrulesObserver(self.encoding, params, public=public)


class _Shared:
    """What every state of one game shares; immutable, so a clone shares it too."""

    __slots__ = ("deals", "encoding", "game", "max_steps", "seed")

    def __init__(self, game: CrabrulesGame) -> None:
        self.game = game.crabrules_game
        self.encoding = game.encoding
        self.max_steps = game.max_steps
        self.seed = game.seed
        self.deals = game.deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


@attrs.frozen(eq=False)
class _Position:
    """A state's crabrules part: the state, the actions played, who acts and how."""

    state: Any
    steps: int
    player: int
    legal: dict[int, Any]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        # pyspiel clones a Python state with copy.deepcopy; crabrules states are immutable
        # and the legal actions are never changed, so a clone shares them.
        return self


class CrabrulesState(pyspiel.State):
    """A crabrules state as a pyspiel state (see the module's docs)."""

    def __init__(self, game: CrabrulesGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._position = _Position(None, 0, pyspiel.PlayerId.CHANCE, {})

    @property
    def state(self) -> Any:
        """The crabrules ``State``; ``None`` at the root, before the deal."""
        return self._position.state

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At the root: each deal, equally likely."""
        deals = self._shared.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _next(self, state: Any, steps: int, after: int) -> _Position:
        """The position of ``state``: the next active player after ``after``, and their actions."""
        shared = self._shared
        game = shared.game
        active = game.active_players(state)
        if not active or steps >= shared.max_steps:
            return _Position(state, steps, pyspiel.PlayerId.TERMINAL, {})
        players = shared.encoding.players
        player = min(active, key=lambda p: (p - after - 1) % players)
        return _Position(
            state, steps, player, shared.encoding.numbered_legal_actions(state, player)
        )

    def current_player(self) -> int:
        """The player to act, or ``TERMINAL``."""
        return int(self._position.player)

    def _legal_actions(self, player: int) -> list[int]:
        """The player's legal action numbers (at the root: the deals), ascending."""
        if player == pyspiel.PlayerId.CHANCE:
            return list(range(self._shared.deals))
        position = self._position
        return sorted(position.legal) if player == position.player else []

    def _apply_action(self, action: int) -> None:
        shared, position = self._shared, self._position
        if position.state is None:
            if not 0 <= action < shared.deals:
                raise IllegalActionError(
                    f"chance: deal {action} is not one of the {shared.deals} deals "
                    f"(0 to {shared.deals - 1})",
                    action=action,
                    reason=CommonReason.MALFORMED,
                )
            state = shared.game.initial_state(shared.encoding.config, seed=shared.seed + action)
            self._position = self._next(state, 0, -1)
            return
        chosen = position.legal.get(action)
        if chosen is None:
            self._refuse(action)
        # A number of the legal actions just listed: no second check.
        state = shared.game.apply(position.state, chosen, check=False)
        self._position = self._next(state, position.steps + 1, position.player)

    def _refuse(self, action: int) -> typing.NoReturn:
        """Raise the error that says why ``action`` is not legal now (pyspiel does not check)."""
        shared, position = self._shared, self._position
        if position.player == pyspiel.PlayerId.TERMINAL:
            raise GameOverError(
                f"the game is over (after {position.steps} actions): no action {action} applies",
                action=action,
            )
        player = position.player
        if not 0 <= action < shared.encoding.num_distinct_actions:
            raise IllegalActionError(
                f"player {player}: action {action} is not a number of the game "
                f"(0 to {shared.encoding.num_distinct_actions - 1})",
                action=action,
                reason=CommonReason.MALFORMED,
            )
        chosen = shared.encoding.int_to_action(position.state, player, action)
        try:
            shared.game.apply(position.state, chosen)
        except IllegalActionError as error:
            # The game's own refusal names the rule the action breaks; say whose it was.
            raise type(error)(
                f"player {player}: action {action} is not legal now: {error.message}",
                action=error.action,
                reason=error.reason,
            ) from None
        raise IllegalActionError(  # unreachable while the numbering equals legal_actions
            f"player {player}: action {action} ({chosen!r}) is not legal now",
            action=chosen,
            reason=CommonReason.MALFORMED,
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal with seed {self._shared.seed + action}"
        position = self._position
        if self.state is None:  # before the deal there is no position to read it in
            return f"player {player}: action {action}, before the deal"
        if player == position.player and action in position.legal:
            # The game's own notation, as its players write it (defined for legal actions).
            return str(self._shared.game.action_to_str(position.state, position.legal[action]))
        return to_json(self._shared.encoding.int_to_action(self.state, player, action))

    def is_terminal(self) -> bool:
        """The game is over, or ``max_steps`` actions were played."""
        return bool(self._position.player == pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        """Each player's return: the encoding's returns at the end, 0 before."""
        encoding = self._shared.encoding
        if self.state is None:
            return [0.0] * encoding.players
        return encoding.returns(self.state)

    def __str__(self) -> str:
        return "before the deal" if self.state is None else self._shared.game.render(self.state)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Pickled as OpenSpiel serialises it: the game string and the actions played.
        return _deserialized_state, (pyspiel.serialize_game_and_state(self.get_game(), self),)


def _deserialized_state(text: str) -> CrabrulesState:
    """The state ``pyspiel.serialize_game_and_state`` wrote as ``text``."""
    state: CrabrulesState = pyspiel.deserialize_game_and_state(text)[1]
    return state


class CrabrulesObserver:
    """The PyObserver of the encoding's observation tensor, one dict entry per section."""

    def __init__(
        self, enc: Encoding[Any, Any, Any], params: dict[str, Any] | None, *, public: bool = False
    ) -> None:
        if params:
            raise InvalidConfigError(f"observation parameters are not supported; got {params}")
        self._encoding = enc
        #: Every player's view is the spectator's (``observe(state, None)``): public only.
        self.public = public
        self.tensor = np.zeros(enc.observation_shape, np.float32)
        self.dict: dict[str, Any] = {}
        index = 0
        for section in enc.sections:
            self.dict[section.name] = self.tensor[index : index + section.size].reshape(
                section.shape
            )
            index += section.size

    def set_from(self, state: CrabrulesState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state`` (the public one if public)."""
        if state.state is None:
            self.tensor.fill(0.0)
            return
        viewer = None if self.public else player
        self.tensor[:] = self._encoding.state_tensor(state.state, viewer)

    def string_from(self, state: CrabrulesState, player: int) -> str:
        """What ``player`` sees of ``state`` (everyone, if public): its observation's JSON.

        The JSON, not the ``repr``: it writes sets sorted, so equal observations give
        equal strings (a ``repr`` follows a set's order, which depends on the hash seed and
        on how the set was built), and ``from_json`` reads it back.
        """
        if state.state is None:
            return "before the deal"
        game = self._encoding.game
        return to_json(game.observe(state.state, None if self.public else player))


def _register(game_id: str) -> None:
    # pyspiel keeps the factory until the interpreter exits; a class (as OpenSpiel's own
    # Python games register) is released cleanly there, where a closure aborts the exit.
    def init(self: CrabrulesGame, params: dict[str, Any] | None = None) -> None:
        CrabrulesGame.__init__(self, game_id, params or {})

    name = "".join(word.title() for word in game_id.split("-")) + "Game"
    factory = type(name, (CrabrulesGame,), {"__init__": init, "__module__": __name__})
    # A module attribute, so pickle finds the class (multiprocessing sends games and states).
    globals()[name] = factory
    pyspiel.register_game(_game_type(get_game(game_id).info), factory)


for _game_id in ENCODED_GAMES:
    _register(_game_id)
