"""Oh Crab!: race your crab from the fish-and-chip shop to the sea (2 to 5 players).

Each round, every player secretly plans a card (:class:`Plan`); then, from the cook,
each adds it to their Trace (:class:`AddCard`) or rests (:class:`Rest`), uses the actions
it gives (:class:`Use`, then the choices of each action: :class:`Move`, ...) and ends
the turn (:class:`EndTurn`). The first crab in the sea wins at the end of the round.
With two players (``Config(players=2)``), each plays two crabs sharing one deck: the
crabs are placed (:class:`Place`), and each round has two Planning and two Action phases,
each turn moving the crab its player activated (:class:`Activate`, ``state.turn.crab``).

>>> from crabrules import oh_crab
>>> state = oh_crab.initial_state(oh_crab.Config(players=3), seed=4)
>>> for player in range(3):
...     state = oh_crab.apply(state, oh_crab.legal_actions(state, player)[0])
>>> state.current, oh_crab.legal_actions(state)[0]
(1, AddCard(player=1, side=<Side.LEFT: 'left'>))
>>> state = oh_crab.apply(state, oh_crab.AddCard(player=1, side=oh_crab.Side.LEFT))
>>> [g.name for g in state.turn.grants]
['move_forward', 'move_diagonal', 'Aa', 'Ba', 'Ca']

The board, the cards and the Additional Action tiles are data
(:mod:`crabrules.oh_crab.content._loading`); the six scenarios of the rulebook are configs:
``Config(scenario="pirate-island")``. The Adventure Pack's modules are configuration
(``Config(modules={"surprises", "events", "challenges"})``) and data
(:mod:`crabrules.oh_crab.adventure`).

Where to read on (each sub-package's docstring draws its part; the modules inside are
private): ``content/`` (what is printed on the components, as data), ``model/`` (the frozen
nouns: config, state, actions, events), ``engine/`` (one way through an action, the table
from action kind to rule, and ``_invariants``: the rules a loaded state keeps), ``view/``
(what players see and read, and the observation check), ``adventure/`` (the Adventure Pack,
its own state, events, tokens and cards), and ``rules`` at the top. This package makes the
game (:data:`INFO`, :data:`GAME`) and plugs the pack in; the base game never imports the
pack, and an import contract in ``nox -s lint`` keeps it so.
"""

from __future__ import annotations

from cattrs.gen import make_dict_unstructure_fn, override

from crabrules.core.game import ChanceMode, Dynamics, GameBundle, GameInfo, Information, Utility
from crabrules.core.names import Names
from crabrules.core.serialize import converter, register_check
from crabrules.oh_crab import adventure
from crabrules.oh_crab.adventure._content import AdventureContent
from crabrules.oh_crab.adventure._model import (
    Adventure,
    CardDue,
    ChallengeResolved,
    ChallengeRevealed,
    EventEnded,
    EventRevealed,
    ObstacleMade,
    PackEvent,
    PincersRegenerated,
    RewardChosen,
    SkillDeclined,
    SkillsChosen,
    SkillsRevealed,
    SkillUsed,
    Spied,
    SurpriseFlipped,
    TreasureUsed,
)
from crabrules.oh_crab.content._components import COLUMNS, SEA, Cell, Content, Layout
from crabrules.oh_crab.content._loading import (
    get_content,
    get_layout,
    load_content,
    reference_content,
    register_content,
)
from crabrules.oh_crab.content._primitives import Module, Phase, Primitive, Source, Stage, Variant
from crabrules.oh_crab.engine._invariants import check_state
from crabrules.oh_crab.model._actions import (
    ADVENTURE_ACTIONS,
    DRAW_PILE,
    NO_PILE,
    Action,
    Activate,
    AddCard,
    Choose,
    ChooseSkills,
    Decline,
    Discard,
    Dope,
    EndTurn,
    Exchange,
    ExchangeAndEnd,
    Finish,
    IllegalReason,
    MakeObstacle,
    Move,
    PickTrace,
    Pile,
    Place,
    Plan,
    Rest,
    Reveal,
    Shift,
    Shortcut,
    Side,
    Skill,
    StandUp,
    TakeMarket,
    Use,
    UseTreasure,
    cell_label,
    parse_cell,
)
from crabrules.oh_crab.model._events import (
    ActionUsed,
    BaseEvent,
    CardAdded,
    CardDiscarded,
    CardExchanged,
    CardPlanned,
    CardTakenBack,
    CookPassed,
    CrabActivated,
    CrabMoved,
    CrabPlaced,
    DiscardPileTaken,
    GameEnded,
    KnockedOver,
    MarketCardTaken,
    MarketRefilled,
    Motion,
    MovingFinished,
    PlanningStarted,
    ReachedSea,
    RestDeclared,
    Rested,
    RoundEnded,
    ShellLost,
    ShellTaken,
    StoodUp,
    TraceActionPicked,
    TurnEnded,
    TurnStarted,
)
from crabrules.oh_crab.model._state import (
    IMPLEMENTED_MODULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_CARD,
    NO_CRAB,
    RESTING,
    SCENARIOS,
    CardId,
    Config,
    CrabId,
    Grant,
    State,
    Turn,
    config_for_players,
)
from crabrules.oh_crab.rules import (
    SEARCH,
    Termination,
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.oh_crab.view._notation import action_to_str, parse_action
from crabrules.oh_crab.view._observe import (
    HIDDEN,
    Observation,
    check_observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.oh_crab.view._render import render
from crabrules.oh_crab.view._svg import render_svg
from crabrules.oh_crab.view._words import ENDINGS, describe, describe_event

__all__ = [
    "ADVENTURE_ACTIONS",
    "Action",
    "ActionUsed",
    "Activate",
    "AddCard",
    "Adventure",
    "AdventureContent",
    "COLUMNS",
    "CardAdded",
    "CardDiscarded",
    "CardDue",
    "CardExchanged",
    "CardId",
    "CardPlanned",
    "CardTakenBack",
    "Cell",
    "ChallengeResolved",
    "ChallengeRevealed",
    "Choose",
    "ChooseSkills",
    "Config",
    "Content",
    "CookPassed",
    "CrabActivated",
    "CrabId",
    "CrabMoved",
    "CrabPlaced",
    "DRAW_PILE",
    "Decline",
    "Discard",
    "DiscardPileTaken",
    "Dope",
    "EndTurn",
    "Event",
    "EventEnded",
    "EventRevealed",
    "Exchange",
    "ExchangeAndEnd",
    "Finish",
    "GAME",
    "GameEnded",
    "Grant",
    "HIDDEN",
    "IMPLEMENTED_MODULES",
    "INFO",
    "IllegalReason",
    "KnockedOver",
    "Layout",
    "MakeObstacle",
    "MarketCardTaken",
    "MarketRefilled",
    "Module",
    "Motion",
    "Move",
    "MovingFinished",
    "NO_CARD",
    "NO_CRAB",
    "NO_PILE",
    "Observation",
    "ObstacleMade",
    "Phase",
    "PickTrace",
    "Pile",
    "PincersRegenerated",
    "Place",
    "Plan",
    "PlanningStarted",
    "Primitive",
    "RESTING",
    "ReachedSea",
    "Rest",
    "RestDeclared",
    "Rested",
    "Reveal",
    "RewardChosen",
    "RoundEnded",
    "SCENARIOS",
    "SEA",
    "ShellLost",
    "ShellTaken",
    "Shift",
    "Shortcut",
    "Side",
    "Skill",
    "SkillDeclined",
    "SkillUsed",
    "SkillsChosen",
    "SkillsRevealed",
    "Source",
    "Spied",
    "Stage",
    "StandUp",
    "State",
    "StoodUp",
    "SurpriseFlipped",
    "TakeMarket",
    "Termination",
    "TraceActionPicked",
    "TreasureUsed",
    "Turn",
    "TurnEnded",
    "TurnStarted",
    "Use",
    "UseTreasure",
    "Variant",
    "action_to_str",
    "active_players",
    "apply",
    "apply_with_events",
    "cell_label",
    "check_state",
    "config_for_players",
    "describe",
    "describe_event",
    "determinize",
    "get_content",
    "get_layout",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "load_content",
    "num_players",
    "observe",
    "observe_events",
    "outcome",
    "parse_action",
    "parse_cell",
    "reference_content",
    "register_content",
    "render",
    "render_svg",
]


Event = BaseEvent | PackEvent
"""Every event of Oh Crab!, the Adventure Pack's included, tagged by ``type`` in JSON."""


INFO = GameInfo(
    id="oh-crab",
    name="Oh Crab!",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    dynamics=Dynamics.SIMULTANEOUS,
    chance=ChanceMode.SAMPLED,
    information=Information.IMPERFECT,
    utility=Utility.GENERAL_SUM,
)


def _player_names(config: Config) -> tuple[str, ...]:
    # Each player's crab colour (both, red+orange, in the 2-player mode), as the board
    # and the sentences name them.
    return tuple("+".join(team) for team in config.crab_colours())


GAME: GameBundle[Config, State, Action, Observation] = GameBundle(
    info=INFO,
    config_type=Config,
    state_type=State,
    action_type=Action,
    observation_type=Observation,
    initial_state=initial_state,
    legal_actions=legal_actions,
    apply=apply,
    is_terminal=is_terminal,
    active_players=active_players,
    outcome=outcome,
    observe=observe,
    determinize=determinize,
    render=render,
    num_players=num_players,
    config_for_players=config_for_players,
    event_type=Event,
    apply_with_events=apply_with_events,
    observe_events=observe_events,
    describe=describe,
    describe_event=describe_event,
    action_to_str=action_to_str,
    parse_action=parse_action,
    check_state=check_state,
    render_svg=render_svg,
    search=SEARCH,
    names=Names(_player_names, ENDINGS),
)


# The Adventure Pack's fields are left out of a document while unused: a game without
# modules writes the very documents it wrote before they existed.
_UNUSED = override(omit_if_default=True)
converter.register_unstructure_hook(
    Config, make_dict_unstructure_fn(Config, converter, modules=_UNUSED, variants=_UNUSED)
)
for _document in (State, Observation):
    converter.register_unstructure_hook(
        _document, make_dict_unstructure_fn(_document, converter, adventure=_UNUSED)
    )
register_check(State, check_state)
register_check(Observation, check_observation)

# The composition root: the Adventure Pack is registered with the engine and the views.
adventure.plug_in()
