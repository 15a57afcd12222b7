"""Calls: signals, "You've got crabs!", the Double Crabs window and claim, the end check.

The rulebook's You've Got Crabs (scoring) and End of the game. :func:`signal`,
:func:`call`, :func:`resolve` and :func:`collect` carry out an action in a state where it is
legal (``rules.apply`` checks first). A resolved call goes through :func:`settle`, the
end-of-game check, once per call or per whole Double Crabs claim. "Decision N" cites the
docs page's "Decisions the library took" (1 to 9 are the rules specification's).

>>> from crabrules.youve_got_crabs.actions import Call
>>> from crabrules.youve_got_crabs.rules import initial_state
>>> state = call(initial_state(seed=7), Call(0, 1, time=2.5))
>>> state.window  # a call on one's partner waits for the counter-call
Window(caller=0, target=1, time=2.5)
"""

from __future__ import annotations

from crabrules.core import PlayerId
from crabrules.youve_got_crabs.actions import POT, Call, Collect, Resolve, Signal, Source
from crabrules.youve_got_crabs.cards import card_name, is_scoring
from crabrules.youve_got_crabs.config import Team
from crabrules.youve_got_crabs.events import (
    BOX,
    CallMade,
    CallResolved,
    DoubleCrabs,
    GameEnded,
    Log,
    NoTokenToGive,
    Signalled,
    SuddenDeath,
    TokenMoved,
    WindowOpened,
)
from crabrules.youve_got_crabs.piles import redraw
from crabrules.youve_got_crabs.rounds import is_playing, new_round
from crabrules.youve_got_crabs.state import (
    DOUBLE_CRABS_TOKENS,
    RECENT,
    CallRecord,
    Claim,
    State,
    Termination,
    Window,
    evolve,
)
from crabrules.youve_got_crabs.table import table

__all__ = [
    "DOUBLE_CRABS_WINDOW",
    "TIME_TOLERANCE",
    "call",
    "collect",
    "record_call",
    "resolve",
    "resolve_on_opponent",
    "resolve_on_partner",
    "settle",
    "signal",
    "sources",
    "take_token",
]

#: Double Crabs: both partners call each other "within one second of each other".
DOUBLE_CRABS_WINDOW = 1.0
#: Slack for binary floating point, so that calls at 1.14 s and 2.14 s (whose difference
#: is 1.0000000000000002 in floats) are one second apart, hence inside the window.
TIME_TOLERANCE = 1e-9


def signal(state: State, action: Signal, events: Log = None) -> State:
    """Record a signal: public, and what it means is the team's secret."""
    if events is not None:
        events.append(Signalled(action.player))
    return evolve(
        state,
        signals=(*state.signals, action.player)[-RECENT:],
        signal_count=state.signal_count + 1,
    )


def call(state: State, action: Call, events: Log = None) -> State:
    """Call "You've got crabs!": on a partner, open the window; else resolve now."""
    caller, target, time = action.player, action.target, float(action.time)
    if events is not None:
        events.append(CallMade(caller, target, time))
    window = state.window
    if window is not None:
        return _counter_call(evolve(state, window=None, clock=time), window, time, events)
    state = evolve(state, clock=time)
    if table(state.config).partner_of[caller] == target:
        # Decision 2: a call on one's partner waits for a possible Double Crabs counter-call.
        return _open_window(state, caller, target, time, events)
    before = state.tokens
    return settle(resolve_on_opponent(state, caller, target, events), before, events)


def resolve(state: State, action: Resolve, events: Log = None) -> State:
    """Close the window: the pending call on a partner is resolved alone."""
    window = state.window
    assert window is not None
    state = evolve(state, window=None)
    return _resolve_single(state, window.caller, window.target, events)


def collect(state: State, action: Collect, events: Log = None) -> State:
    """Take one token of the Double Crabs claim from the action's source."""
    claim = state.claim
    assert claim is not None
    team = table(state.config).team_of[action.player]
    before = state.tokens
    state = take_token(state, team, action.source, events)
    remaining = claim.remaining - 1
    if remaining and sources(state, team) and not state.tied:
        return evolve(state, claim=Claim(claim.player, remaining))
    # The claim is complete (or has nothing left to take, or won a sudden death): the
    # end-of-game check sees it as one event.
    return settle(evolve(state, claim=None), before, events)


def _open_window(
    state: State, caller: PlayerId, target: PlayerId, time: float, events: Log
) -> State:
    if events is not None:
        events.append(WindowOpened(caller, target, time))
    return evolve(state, window=Window(caller, target, time))


def _counter_call(state: State, window: Window, time: float, events: Log) -> State:
    # Double Crabs: "both call each other within one second of each other" (either order).
    caller, partner = window.caller, window.target
    if abs(time - window.time) > DOUBLE_CRABS_WINDOW + TIME_TOLERANCE:
        # Too late for Double Crabs: the first call resolves alone, the second opens its
        # own window.
        state = _resolve_single(state, caller, partner, events)
        if state.winner is not None or not is_playing(state, partner):
            return state
        return _open_window(state, partner, caller, time, events)
    # Decision 2: the two calls take effect in the order of their clock times, not of
    # their arrival (the call that arrived first on a tie): with an empty treasury a wrong
    # call before a right one costs nothing, after it a token.
    first, second = (partner, caller) if time < window.time else (caller, partner)
    if is_scoring(state.hands[second]) and is_scoring(state.hands[first]):
        return _double_crabs(state, first, second, partner, events)
    # Mixed (or both wrong): each is resolved as a single call, in that order.
    state = _resolve_single(state, first, second, events)
    if state.winner is not None or not is_playing(state, second):
        return state
    return _resolve_single(state, second, first, events)


def _resolve_single(state: State, caller: PlayerId, target: PlayerId, events: Log) -> State:
    before = state.tokens
    return settle(resolve_on_partner(state, caller, target, events), before, events)


def _double_crabs(
    state: State, first: PlayerId, second: PlayerId, collector: PlayerId, events: Log
) -> State:
    # Double Crabs: both hands shown, both discard their four and draw four (the player
    # called first first), and the team collects three tokens from the sources the
    # counter-caller (``collector``) names.
    # There is always a source (Decision 3): outside sudden death the Pot has a token, and
    # in sudden death the Pot or another team holds the tokens this team could not have
    # gained.
    state = record_call(state, first, second, double=True, events=events)
    state = record_call(state, second, first, double=True, events=events)
    if events is not None:
        team = table(state.config).team_of[collector]
        events.append(DoubleCrabs(team, collector, DOUBLE_CRABS_TOKENS))
    state = redraw(redraw(state, second, events), first, events)
    return evolve(state, claim=Claim(collector, DOUBLE_CRABS_TOKENS))


def record_call(
    state: State, caller: PlayerId, target: PlayerId, *, double: bool, events: Log = None
) -> State:
    """Remember the call and its result (public) among the :data:`RECENT` latest.

    A wrong call tells everyone the hand is not four of a kind, until it changes. A
    right call shows the hand (:class:`CallResolved` carries it).
    """
    hand = state.hands[target]
    right = is_scoring(hand)
    if events is not None:
        shown = hand if right else ()
        names = tuple(card_name(state.config, c) for c in shown)
        events.append(CallResolved(caller, target, right, double, shown, names))
    calls = (*state.calls, CallRecord(caller, target, right, double))[-RECENT:]
    wrong = state.called_wrong if right else state.called_wrong | {target}
    return evolve(state, calls=calls, call_count=state.call_count + 1, called_wrong=wrong)


def resolve_on_partner(
    state: State, caller: PlayerId, target: PlayerId, events: Log = None
) -> State:
    """Resolve a single call on one's partner.

    Right: the team takes a token from the Pot, and the called player discards the four
    and draws four. In sudden death an empty Pot still gives the point (Decision 7).
    Wrong: the team loses a token to the Pot, if it has one (Decision 4); the hand stays
    hidden.
    """
    team = table(state.config).team_of[target]
    right = is_scoring(state.hands[target])
    state = record_call(state, caller, target, double=False, events=events)
    tokens, pot = list(state.tokens), state.pot
    if right:
        tokens[team] += 1
        move: tuple[Source, Source] | None = (POT if pot > 0 else BOX, team)
        pot = max(pot - 1, 0)
    elif tokens[team] > 0:
        tokens[team] -= 1
        pot += 1
        move = (team, POT)
    else:
        move = None
    if events is not None:
        events.append(NoTokenToGive(team) if move is None else TokenMoved(*move))
    state = evolve(state, tokens=tuple(tokens), pot=pot)
    return redraw(state, target, events) if right else state


def resolve_on_opponent(
    state: State, caller: PlayerId, target: PlayerId, events: Log = None
) -> State:
    """Resolve a call on another team's player.

    Right: the caller's team steals a token from the called team, or takes one from the
    Pot when that team has none; the called player discards the four and draws four.
    Wrong: the caller's team gives the called team a token, if it has one (Decision 4).
    """
    seats = table(state.config)
    ours, theirs = seats.team_of[caller], seats.team_of[target]
    right = is_scoring(state.hands[target])
    state = record_call(state, caller, target, double=False, events=events)
    tokens, pot = list(state.tokens), state.pot
    giver = theirs if right else ours
    taker = ours if right else theirs
    move: tuple[Source, Source] | None = None
    if tokens[giver] > 0:
        tokens[giver] -= 1
        tokens[taker] += 1
        move = (giver, taker)
    elif right and pot > 0:
        pot -= 1
        tokens[taker] += 1
        move = (POT, taker)
    if events is not None:
        events.append(NoTokenToGive(giver) if move is None else TokenMoved(*move))
    state = evolve(state, tokens=tuple(tokens), pot=pot)
    return redraw(state, target, events) if right else state


def sources(state: State, team: Team) -> tuple[Source, ...]:
    """Where a Double Crabs token of ``team`` may come from now (Decision 3).

    The Pot first, then the other teams in id order; a source with no token is no choice,
    and a team never takes from itself.
    """
    pot: tuple[Source, ...] = (POT,) if state.pot > 0 else ()
    return pot + tuple(t for t, n in enumerate(state.tokens) if n > 0 and t != team)


def take_token(state: State, team: Team, source: Source, events: Log = None) -> State:
    """Move one token of a Double Crabs claim from ``source`` to ``team``."""
    if events is not None:
        events.append(TokenMoved(source, team))
    tokens = list(state.tokens)
    tokens[team] += 1
    pot = state.pot
    if source == POT:
        pot -= 1
    else:
        tokens[source] -= 1
    return evolve(state, tokens=tuple(tokens), pot=pot)


def settle(state: State, before: tuple[int, ...], events: Log = None) -> State:
    """Run the end-of-game check after a call (or a whole Double Crabs claim) is resolved.

    End of the game: when the last token is taken from the Pot, the team with the most
    tokens wins. On a tie, only the tied teams go on, in a fresh round on the License's
    side, and the first of them to gain a token by any call wins (Decision 7).

    Args:
        state: the state after the call.
        before: the teams' tokens before it, to see who gained in sudden death.
        events: where to report the end or the sudden death, if anywhere.
    """
    if state.tied:
        gained = [t for t in sorted(state.tied) if state.tokens[t] > before[t]]
        return _won(state, gained[0], Termination.SUDDEN_DEATH, events) if gained else state
    if state.pot > 0:
        return state
    best = max(state.tokens)
    leaders = [t for t, n in enumerate(state.tokens) if n == best]
    if len(leaders) == 1:
        return _won(state, leaders[0], Termination.POT_EMPTY, events)
    if events is not None:
        events.append(SuddenDeath(tuple(leaders)))
    return new_round(evolve(state, tied=frozenset(leaders)), state.license, events)


def _won(state: State, team: Team, reason: Termination, events: Log) -> State:
    if events is not None:
        players = table(state.config).team_players[team]
        events.append(GameEnded(team, players, state.tokens, reason.value))
    return evolve(state, winner=team)
