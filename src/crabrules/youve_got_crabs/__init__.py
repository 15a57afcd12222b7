"""You've Got Crabs (2018), with the Imitation Crab expansion: a real-time team card game.

Teams of two try to hold four crab cards of one type and get their partner to call
"You've got crabs!" before anyone else notices the signal. The side of the table the
Crabbing License points at swaps cards with the Ocean, all at once; anyone may call at
any moment. Calls carry the caller's clock time, for Double Crabs.

A front end keeps a :class:`State`, applies actions in the order they arrive and shows
each player :func:`observe` of it:

>>> from crabrules import youve_got_crabs as ygc
>>> state = ygc.initial_state(ygc.Config(teams=2), seed=5)
>>> state = ygc.apply(state, ygc.Swap(player=0, hand_slot=0, ocean_slot=3))
>>> state = ygc.apply(state, ygc.Signal(player=0))
>>> state = ygc.apply(state, ygc.Call(player=1, target=0, time=12.25))
>>> state.window  # a call on one's partner waits for a Double Crabs counter-call
Window(caller=1, target=0, time=12.25)
>>> state = ygc.apply(state, ygc.Resolve(player=1))  # no counter-call within the second
>>> state.calls[-1].right, state.tokens, state.pot
(False, (1, 2), 9)

The library reads no clock: while ``state.window`` is open only the partner's counter-call
(Double Crabs, if within :data:`DOUBLE_CRABS_WINDOW` seconds) and the caller's
:class:`Resolve` are legal, and the front end sends ``Resolve`` once the second has passed
or before any other action that arrives.
"""

from crabrules.youve_got_crabs._actions import (
    POT,
    Action,
    Answer,
    Call,
    Collect,
    Confirm,
    IllegalReason,
    PickUp,
    PutDown,
    Resolve,
    Signal,
    Source,
    Swap,
)
from crabrules.youve_got_crabs._calls import DOUBLE_CRABS_WINDOW, TIME_TOLERANCE
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, Card, card_name, deck, is_scoring
from crabrules.youve_got_crabs._check import check_state
from crabrules.youve_got_crabs._config import (
    MAX_RANDOM_STEPS,
    REFERENCE_TYPES,
    Config,
    Side,
    Team,
    config_for_players,
)
from crabrules.youve_got_crabs._events import (
    BOX,
    Answered,
    CallMade,
    CallResolved,
    CardsDrawn,
    ClawsPassed,
    Confirmed,
    DoubleCrabs,
    Event,
    GameEnded,
    HandDiscarded,
    HandPickedUp,
    HandPutDown,
    LicenseTurned,
    NoTokenToGive,
    OceanDiscarded,
    OceanTurnedUp,
    OfferMade,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Signalled,
    SuddenDeath,
    Swapped,
    TokenMoved,
    WindowOpened,
)
from crabrules.youve_got_crabs._game import GAME, INFO
from crabrules.youve_got_crabs._notation import action_to_str, parse_action
from crabrules.youve_got_crabs._observe import (
    Observation,
    PileCards,
    check_observation,
    determinize,
    observe,
    observe_events,
)
from crabrules.youve_got_crabs._render import render
from crabrules.youve_got_crabs._rules import (
    active_players,
    apply,
    apply_with_events,
    initial_state,
    is_terminal,
    legal_actions,
    num_players,
    outcome,
)
from crabrules.youve_got_crabs._state import (
    DOUBLE_CRABS_TOKENS,
    POT_TOKENS,
    RECENT,
    STALL_ACTIONS,
    TEAM_TOKENS,
    UNSEEN,
    CallRecord,
    Claim,
    Phase,
    State,
    Termination,
    Window,
)
from crabrules.youve_got_crabs._svg import render_svg
from crabrules.youve_got_crabs._table import Table, table
from crabrules.youve_got_crabs._words import describe, describe_event

__all__ = [
    "BOX",
    "DOUBLE_CRABS_TOKENS",
    "DOUBLE_CRABS_WINDOW",
    "GAME",
    "IMITATION_CRAB",
    "INFO",
    "MAX_RANDOM_STEPS",
    "POT",
    "POT_TOKENS",
    "RECENT",
    "REFERENCE_TYPES",
    "STALL_ACTIONS",
    "TEAM_TOKENS",
    "TIME_TOLERANCE",
    "UNSEEN",
    "Action",
    "Answer",
    "Answered",
    "Call",
    "CallMade",
    "CallRecord",
    "CallResolved",
    "Card",
    "CardsDrawn",
    "Claim",
    "ClawsPassed",
    "Collect",
    "Config",
    "Confirm",
    "Confirmed",
    "DoubleCrabs",
    "Event",
    "GameEnded",
    "HandDiscarded",
    "HandPickedUp",
    "HandPutDown",
    "IllegalReason",
    "LicenseTurned",
    "NoTokenToGive",
    "Observation",
    "OceanDiscarded",
    "OceanTurnedUp",
    "OfferMade",
    "Phase",
    "PickUp",
    "PileCards",
    "PutDown",
    "Reshuffled",
    "Resolve",
    "RoundEnded",
    "RoundStarted",
    "Side",
    "Signal",
    "Signalled",
    "Source",
    "State",
    "SuddenDeath",
    "Swap",
    "Swapped",
    "Table",
    "Team",
    "Termination",
    "TokenMoved",
    "Window",
    "WindowOpened",
    "action_to_str",
    "active_players",
    "apply",
    "apply_with_events",
    "card_name",
    "check_observation",
    "check_state",
    "config_for_players",
    "deck",
    "describe",
    "describe_event",
    "determinize",
    "initial_state",
    "is_scoring",
    "is_terminal",
    "legal_actions",
    "num_players",
    "observe",
    "observe_events",
    "outcome",
    "parse_action",
    "render",
    "render_svg",
    "table",
]
