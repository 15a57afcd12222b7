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

Where to read on, the package by concept (each sub-package's docstring draws its part):

- ``content/``: what is printed on the components, as data (``components``, ``loading``,
  ``documents``, ``primitives``: the named steps actions are made of, the pack's
  ``modules``, ``adventure`` and ``asymmetry`` content) and ``board``, the grid with its
  move tables;
- ``model/``: the frozen nouns, ``config``, ``state``, ``actions``, ``events``,
  ``progress`` (phase and stage), ``names`` (cell and pile labels), and the Adventure
  Pack's part of the state;
- ``engine/``: one way through an action: ``play`` (the legal actions, ``apply``),
  ``actions/`` (each action family's options, refusal and play, and the table from kind
  to rule), ``tables`` (what a config's rules need, computed once), ``work`` (the
  mutable copy ``apply`` works on), ``moments`` (the named moments of play), ``effects``,
  ``movement``, ``turns``, ``market``, ``cards`` (cards leaving and joining a Hand, and
  who knows them), ``shells``, and ``refusals`` (why an action is illegal);
- ``view/``: what players see and read: ``observe`` (hidden information), ``check``,
  ``words``, ``notation``, ``render``, ``svg``;
- ``adventure/``: the Adventure Pack's rules, plugged into the engine and the views;
- ``rules`` (setup, the legal actions, apply, the end), ``search`` (hints for search
  agents) and ``game`` (:data:`INFO`, :data:`GAME`) at the top.

The base game never imports ``adventure``: this package, where the game is made,
registers the pack's :class:`~crabrules.oh_crab.engine._expansion.Expansion` (hooks the
engine calls, its action kinds, its handlers of the named moments of play) and
:class:`~crabrules.oh_crab.view._observe.ViewParts` (what it adds to the views), and an
import contract in ``nox -s lint`` keeps it so.
"""

# The composition root: the Adventure Pack is registered with the engine and the views.
from crabrules.oh_crab import adventure
from crabrules.oh_crab.content._components import COLUMNS, SEA, Cell, Content, Layout
from crabrules.oh_crab.content._documents import AdventureContent
from crabrules.oh_crab.content._loading import (
    get_content,
    get_layout,
    load_content,
    reference_content,
    register_content,
)
from crabrules.oh_crab.content._primitives import Primitive
from crabrules.oh_crab.game import GAME, INFO
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
    CardAdded,
    CardDiscarded,
    CardDue,
    CardExchanged,
    CardPlanned,
    CardTakenBack,
    ChallengeResolved,
    ChallengeRevealed,
    CookPassed,
    CrabActivated,
    CrabMoved,
    CrabPlaced,
    DiscardPileTaken,
    Event,
    EventEnded,
    EventRevealed,
    GameEnded,
    KnockedOver,
    MarketCardTaken,
    MarketRefilled,
    Motion,
    MovingFinished,
    ObstacleMade,
    PincersRegenerated,
    PlanningStarted,
    ReachedSea,
    RestDeclared,
    Rested,
    RewardChosen,
    RoundEnded,
    ShellLost,
    ShellTaken,
    SkillDeclined,
    SkillsChosen,
    SkillsRevealed,
    SkillUsed,
    Spied,
    StoodUp,
    SurpriseFlipped,
    TraceActionPicked,
    TreasureUsed,
    TurnEnded,
    TurnStarted,
)
from crabrules.oh_crab.model._pack_state import Adventure
from crabrules.oh_crab.model._state import (
    IMPLEMENTED_MODULES,
    NO_CARD,
    NO_CRAB,
    RESTING,
    SCENARIOS,
    CardId,
    Config,
    CrabId,
    Grant,
    Module,
    Phase,
    Source,
    Stage,
    State,
    Turn,
    Variant,
    config_for_players,
)
from crabrules.oh_crab.rules import (
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
from crabrules.oh_crab.view._check import check_state
from crabrules.oh_crab.view._notation import action_to_str, parse_action
from crabrules.oh_crab.view._observe import (
    HIDDEN,
    Observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.oh_crab.view._render import render
from crabrules.oh_crab.view._svg import render_svg
from crabrules.oh_crab.view._words import describe, describe_event

__all__ = [
    "COLUMNS",
    "ADVENTURE_ACTIONS",
    "DRAW_PILE",
    "GAME",
    "HIDDEN",
    "IMPLEMENTED_MODULES",
    "INFO",
    "NO_CARD",
    "NO_CRAB",
    "NO_PILE",
    "RESTING",
    "SCENARIOS",
    "SEA",
    "Action",
    "ActionUsed",
    "Activate",
    "AddCard",
    "Adventure",
    "AdventureContent",
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
    "Decline",
    "MakeObstacle",
    "Skill",
    "ObstacleMade",
    "PincersRegenerated",
    "SkillDeclined",
    "SkillsChosen",
    "SkillsRevealed",
    "SkillUsed",
    "Spied",
    "Config",
    "Content",
    "CookPassed",
    "CrabActivated",
    "CrabId",
    "CrabMoved",
    "CrabPlaced",
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
    "GameEnded",
    "Grant",
    "IllegalReason",
    "KnockedOver",
    "Layout",
    "MarketCardTaken",
    "MarketRefilled",
    "Module",
    "Motion",
    "Move",
    "MovingFinished",
    "Observation",
    "Phase",
    "PickTrace",
    "Pile",
    "Place",
    "Plan",
    "PlanningStarted",
    "Primitive",
    "ReachedSea",
    "Rest",
    "RestDeclared",
    "Rested",
    "Reveal",
    "RewardChosen",
    "RoundEnded",
    "ShellLost",
    "ShellTaken",
    "Shift",
    "Shortcut",
    "Side",
    "Source",
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

adventure.plug_in()
