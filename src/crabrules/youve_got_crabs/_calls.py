"""Calls: signals, "You've got crabs!", the Double Crabs window and claim, the end check.

The rulebook's You've Got Crabs (scoring) and End of the game. :func:`signal`,
:func:`call`, :func:`resolve` and :func:`collect` carry out an action in a state where it is
legal (``rules.apply`` checks first). A resolved call goes through :func:`settle`, the
end-of-game check, once per call or per whole Double Crabs claim. The steps of a call
(:func:`record_call`, :func:`resolve_on_partner`, :func:`resolve_on_opponent`,
:func:`take_token`, :func:`settle`) change a :class:`~crabrules.youve_got_crabs._work.Work`,
the working copy of the state, so an action builds a single new state at its end.
"Decision N" cites the docs page's "Decisions the library took" (1 to 9 are the rules
specification's).

>>> from crabrules.youve_got_crabs._actions import Call
>>> from crabrules.youve_got_crabs._rules import initial_state
>>> state = call(initial_state(seed=7), Call(0, 1, time=2.5))
>>> state.window  # a call on one's partner waits for the counter-call
Window(caller=0, target=1, time=2.5)
"""

from __future__ import annotations

from typing import Final

from crabrules.core import PlayerId
from crabrules.core.construct import constructor
from crabrules.youve_got_crabs._actions import POT, Call, Collect, Resolve, Signal, Source
from crabrules.youve_got_crabs._cards import card_name, is_scoring
from crabrules.youve_got_crabs._config import Team
from crabrules.youve_got_crabs._events import (
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
from crabrules.youve_got_crabs._piles import redraw
from crabrules.youve_got_crabs._rounds import is_playing, start_round
from crabrules.youve_got_crabs._state import (
    DOUBLE_CRABS_TOKENS,
    RECENT,
    CallRecord,
    Claim,
    State,
    Termination,
    Window,
)
from crabrules.youve_got_crabs._work import Work

#: Double Crabs: both partners call each other "within one second of each other".
DOUBLE_CRABS_WINDOW = 1.0
#: Slack for binary floating point, so that calls at 1.14 s and 2.14 s (whose difference
#: is 1.0000000000000002 in floats) are one second apart, hence inside the window.
TIME_TOLERANCE = 1e-9

# Built field by field (crabrules.core.construct): every call records one, and in the
# compiled wheel this costs a fraction of CallRecord's own __init__.
_new_call_record: Final = constructor(CallRecord)


def signal(state: State, action: Signal, events: Log = None) -> State:
    """Record a signal: public, and what it means is the team's secret."""
    if events is not None:
        events.append(Signalled(action.player))
    work = Work(state)
    work.signals = (*work.signals, action.player)[-RECENT:]
    work.signal_count += 1
    return work.state()


def call(state: State, action: Call, events: Log = None) -> State:
    """Call "You've got crabs!": on a partner, open the window; else resolve now."""
    caller, target, time = action.player, action.target, float(action.time)
    if events is not None:
        events.append(CallMade(caller, target, time))
    work = Work(state)
    window = work.window
    if time != work.clock:
        work.since_clock = 0  # stall rule: the clock moved
    work.clock = time
    if window is not None:
        work.window = None
        _counter_call(work, window, time, events)
    elif work.seats.partner_of[caller] == target:
        # Decision 2: a call on one's partner waits for a possible Double Crabs counter-call.
        _open_window(work, caller, target, time, events)
    else:
        before = work.tokens
        resolve_on_opponent(work, caller, target, events)
        settle(work, before, events)
    return work.state()


def resolve(state: State, action: Resolve, events: Log = None) -> State:
    """Close the window: the pending call on a partner is resolved alone."""
    window = state.window
    assert window is not None
    work = Work(state)
    work.window = None
    _resolve_single(work, window.caller, window.target, events)
    return work.state()


def collect(state: State, action: Collect, events: Log = None) -> State:
    """Take one token of the Double Crabs claim from the action's source."""
    claim = state.claim
    assert claim is not None
    work = Work(state)
    team = work.seats.team_of[action.player]
    before = work.tokens
    take_token(work, team, action.source, events)
    remaining = claim.remaining - 1
    if remaining and sources(work, team) and not work.tied:
        work.claim = Claim(claim.player, remaining)
    else:
        # The claim is complete (or has nothing left to take, or won a sudden death): the
        # end-of-game check sees it as one event.
        work.claim = None
        settle(work, before, events)
    return work.state()


def _open_window(work: Work, caller: PlayerId, target: PlayerId, time: float, events: Log) -> None:
    if events is not None:
        events.append(WindowOpened(caller, target, time))
    work.window = Window(caller, target, time)


def _counter_call(work: Work, window: Window, time: float, events: Log) -> None:
    # Double Crabs: "both call each other within one second of each other" (either order).
    caller, partner = window.caller, window.target
    if abs(time - window.time) > DOUBLE_CRABS_WINDOW + TIME_TOLERANCE:
        # Too late for Double Crabs: the first call resolves alone, the second opens its
        # own window.
        _resolve_single(work, caller, partner, events)
        if work.winner is None and is_playing(work, partner):
            _open_window(work, partner, caller, time, events)
        return
    # Decision 2: the two calls take effect in the order of their clock times, not of
    # their arrival (the call that arrived first on a tie): with an empty treasury a wrong
    # call before a right one costs nothing, after it a token.
    first, second = (partner, caller) if time < window.time else (caller, partner)
    if is_scoring(work.hands[second]) and is_scoring(work.hands[first]):
        _double_crabs(work, first, second, partner, events)
        return
    # Mixed (or both wrong): each is resolved as a single call, in that order.
    _resolve_single(work, first, second, events)
    if work.winner is None and is_playing(work, second):
        _resolve_single(work, second, first, events)


def _resolve_single(work: Work, caller: PlayerId, target: PlayerId, events: Log) -> None:
    before = work.tokens
    resolve_on_partner(work, caller, target, events)
    settle(work, before, events)


def _double_crabs(
    work: Work, first: PlayerId, second: PlayerId, collector: PlayerId, events: Log
) -> None:
    # Double Crabs: both hands shown, both discard their four and draw four (the player
    # called first first), and the team collects three tokens from the sources the
    # counter-caller (``collector``) names.
    # There is always a source (Decision 3): outside sudden death the Pot has a token, and
    # in sudden death the Pot or another team holds the tokens this team could not have
    # gained.
    record_call(work, first, second, double=True, events=events)
    record_call(work, second, first, double=True, events=events)
    if events is not None:
        team = work.seats.team_of[collector]
        events.append(DoubleCrabs(team, collector, DOUBLE_CRABS_TOKENS))
    redraw(work, second, events)
    redraw(work, first, events)
    work.claim = Claim(collector, DOUBLE_CRABS_TOKENS)


def record_call(
    work: Work, caller: PlayerId, target: PlayerId, *, double: bool, events: Log = None
) -> None:
    """Remember the call and its result (public) among the :data:`RECENT` latest.

    A wrong call tells everyone the hand is not four of a kind, until it changes. A
    right call shows the hand (:class:`CallResolved` carries it).
    """
    hand = work.hands[target]
    right = is_scoring(hand)
    if events is not None:
        shown = hand if right else ()
        names = tuple(card_name(work.config, c) for c in shown)
        events.append(CallResolved(caller, target, right, double, shown, names))
    work.calls = (*work.calls, _new_call_record(caller, target, right, double))[-RECENT:]
    work.call_count += 1
    if not right:
        work.called_wrong = work.called_wrong | {target}


def resolve_on_partner(work: Work, caller: PlayerId, target: PlayerId, events: Log = None) -> None:
    """Resolve a single call on one's partner.

    Right: the team takes a token from the Pot, and the called player discards the four
    and draws four. In sudden death an empty Pot still gives the point (Decision 7).
    Wrong: the team loses a token to the Pot, if it has one (Decision 4); the hand stays
    hidden.
    """
    team = work.seats.team_of[target]
    right = is_scoring(work.hands[target])
    record_call(work, caller, target, double=False, events=events)
    tokens, pot = list(work.tokens), work.pot
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
    work.tokens, work.pot = tuple(tokens), pot
    if right:
        redraw(work, target, events)


def resolve_on_opponent(
    work: Work, caller: PlayerId, target: PlayerId, events: Log = None
) -> None:
    """Resolve a call on another team's player.

    Right: the caller's team steals a token from the called team, or takes one from the
    Pot when that team has none; the called player discards the four and draws four.
    Wrong: the caller's team gives the called team a token, if it has one (Decision 4).
    """
    seats = work.seats
    ours, theirs = seats.team_of[caller], seats.team_of[target]
    right = is_scoring(work.hands[target])
    record_call(work, caller, target, double=False, events=events)
    tokens, pot = list(work.tokens), work.pot
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
    work.tokens, work.pot = tuple(tokens), pot
    if right:
        redraw(work, target, events)


def sources(state: State | Work, team: Team) -> tuple[Source, ...]:
    """Where a Double Crabs token of ``team`` may come from now (Decision 3).

    The Pot first, then the other teams in id order; a source with no token is no choice,
    and a team never takes from itself.
    """
    pot: tuple[Source, ...] = (POT,) if state.pot > 0 else ()
    return pot + tuple(t for t, n in enumerate(state.tokens) if n > 0 and t != team)


def take_token(work: Work, team: Team, source: Source, events: Log = None) -> None:
    """Move one token of a Double Crabs claim from ``source`` to ``team``."""
    if events is not None:
        events.append(TokenMoved(source, team))
    tokens = list(work.tokens)
    tokens[team] += 1
    if source == POT:
        work.pot -= 1
    else:
        tokens[source] -= 1
    work.tokens = tuple(tokens)


def settle(work: Work, before: tuple[int, ...], events: Log = None) -> None:
    """Run the end-of-game check after a call (or a whole Double Crabs claim) is resolved.

    End of the game: when the last token is taken from the Pot, the team with the most
    tokens wins. On a tie, only the tied teams go on, in a fresh round on the License's
    side, and the first of them to gain a token by any call wins (Decision 7).

    Args:
        work: the game after the call.
        before: the teams' tokens before it, to see who gained in sudden death.
        events: where to report the end or the sudden death, if anywhere.
    """
    if work.tied:
        gained = [t for t in sorted(work.tied) if work.tokens[t] > before[t]]
        if gained:
            _won(work, gained[0], Termination.SUDDEN_DEATH, events)
        return
    if work.pot > 0:
        return
    best = max(work.tokens)
    leaders = [t for t, n in enumerate(work.tokens) if n == best]
    if len(leaders) == 1:
        _won(work, leaders[0], Termination.POT_EMPTY, events)
        return
    if events is not None:
        events.append(SuddenDeath(tuple(leaders)))
    work.tied = frozenset(leaders)
    start_round(work, work.license, events)


def _won(work: Work, team: Team, reason: Termination, events: Log) -> None:
    if events is not None:
        players = work.seats.team_players[team]
        events.append(GameEnded(team, players, work.tokens, reason.value))
    work.winner = team
