"""Resolving "You've got crabs!": who is right, where tokens go, and the end of the game.

The resolving functions take a state whose pause (window or claim) is already cleared.
:func:`settle` then runs the end-of-game check, once per call or per whole Double Crabs
claim. "Decision N" cites the decisions of the rules specification, numbered alike on the
docs page.
"""

from __future__ import annotations

import attrs

from crabrules.core import PlayerId
from crabrules.youve_got_crabs.actions import POT, Source
from crabrules.youve_got_crabs.cards import is_scoring
from crabrules.youve_got_crabs.config import Side, Team
from crabrules.youve_got_crabs.piles import redraw
from crabrules.youve_got_crabs.state import RECENT, CallRecord, Phase, State
from crabrules.youve_got_crabs.table import table

__all__ = [
    "collect",
    "is_playing",
    "new_round",
    "record_call",
    "resolve_on_opponent",
    "resolve_on_partner",
    "settle",
    "sources",
]


def is_playing(state: State, player: PlayerId) -> bool:
    """Whether ``player`` still takes part: everyone, except in sudden death (Decision 7)."""
    return not state.tied or table(state.config).team_of[player] in state.tied


def new_round(state: State, license: Side) -> State:
    """Start a fresh round for the side ``license``: hands up, nothing confirmed, no swap yet."""
    empty: frozenset[PlayerId] = frozenset()
    return attrs.evolve(
        state,
        license=license,
        phase=Phase.PLAY,
        down=empty,
        confirmed=empty,
        declined=empty,
        swapped=False,
    )


def record_call(state: State, caller: PlayerId, target: PlayerId, *, double: bool) -> State:
    """Remember the call and its result (public) among the :data:`RECENT` latest.

    A wrong call tells everyone the hand is not four of a kind, until it changes.
    """
    right = is_scoring(state.hands[target])
    calls = (*state.calls, CallRecord(caller, target, right, double))[-RECENT:]
    wrong = state.called_wrong if right else state.called_wrong | {target}
    return attrs.evolve(state, calls=calls, call_count=state.call_count + 1, called_wrong=wrong)


def resolve_on_partner(state: State, caller: PlayerId, target: PlayerId) -> State:
    """Resolve a single call on one's partner.

    Right: the team takes a token from the Pot, and the called player discards the four
    and draws four. In sudden death an empty Pot still gives the point (Decision 7).
    Wrong: the team loses a token to the Pot, if it has one (Decision 4); the hand stays
    hidden.
    """
    team = table(state.config).team_of[target]
    right = is_scoring(state.hands[target])
    state = record_call(state, caller, target, double=False)
    tokens, pot = list(state.tokens), state.pot
    if right:
        tokens[team] += 1
        pot = max(pot - 1, 0)
    elif tokens[team] > 0:
        tokens[team] -= 1
        pot += 1
    state = attrs.evolve(state, tokens=tuple(tokens), pot=pot)
    return redraw(state, target) if right else state


def resolve_on_opponent(state: State, caller: PlayerId, target: PlayerId) -> State:
    """Resolve a call on another team's player.

    Right: the caller's team steals a token from the called team, or takes one from the
    Pot when that team has none; the called player discards the four and draws four.
    Wrong: the caller's team gives the called team a token, if it has one (Decision 4).
    """
    seats = table(state.config)
    ours, theirs = seats.team_of[caller], seats.team_of[target]
    right = is_scoring(state.hands[target])
    state = record_call(state, caller, target, double=False)
    tokens, pot = list(state.tokens), state.pot
    giver = theirs if right else ours
    taker = ours if right else theirs
    if tokens[giver] > 0:
        tokens[giver] -= 1
        tokens[taker] += 1
    elif right and pot > 0:
        pot -= 1
        tokens[taker] += 1
    state = attrs.evolve(state, tokens=tuple(tokens), pot=pot)
    return redraw(state, target) if right else state


def sources(state: State, team: Team) -> tuple[Source, ...]:
    """Where a Double Crabs token of ``team`` may come from now (Decision 3).

    The Pot first, then the other teams in id order; a source with no token is no choice,
    and a team never takes from itself.
    """
    pot: tuple[Source, ...] = (POT,) if state.pot > 0 else ()
    return pot + tuple(t for t, n in enumerate(state.tokens) if n > 0 and t != team)


def collect(state: State, team: Team, source: Source) -> State:
    """Move one token of a Double Crabs claim from ``source`` to ``team``."""
    tokens = list(state.tokens)
    tokens[team] += 1
    pot = state.pot
    if source == POT:
        pot -= 1
    else:
        tokens[source] -= 1
    return attrs.evolve(state, tokens=tuple(tokens), pot=pot)


def settle(state: State, before: tuple[int, ...]) -> State:
    """Run the end-of-game check after a call (or a whole Double Crabs claim) is resolved.

    End of the game: when the last token is taken from the Pot, the team with the most
    tokens wins. On a tie, only the tied teams go on, in a fresh round on the License's
    side, and the first of them to gain a token by any call wins (Decision 7).

    Args:
        state: the state after the call.
        before: the teams' tokens before it, to see who gained in sudden death.
    """
    if state.tied:
        gained = [t for t in sorted(state.tied) if state.tokens[t] > before[t]]
        return attrs.evolve(state, winner=gained[0]) if gained else state
    if state.pot > 0:
        return state
    best = max(state.tokens)
    leaders = [t for t, n in enumerate(state.tokens) if n == best]
    if len(leaders) == 1:
        return attrs.evolve(state, winner=leaders[0])
    return new_round(attrs.evolve(state, tied=frozenset(leaders)), state.license)
