"""The engine of Oh Crab!: the legal actions, and playing an action on a working copy.

:mod:`crabrules.oh_crab.rules` is the front: it checks its arguments (the state's type,
the player, the action when asked to), then calls this module, which trusts them. The
compiled build compiles this module with the working copy and the effects it runs
(:mod:`~crabrules.oh_crab.engine.work`, :mod:`~crabrules.oh_crab.engine.effects`,
:mod:`~crabrules.oh_crab.engine.turns`, :mod:`~crabrules.oh_crab.engine.movement`); the order
of the legal actions is the one :mod:`~crabrules.oh_crab.rules` documents. With modules, the
Adventure Pack's hooks are called at named moments
(:class:`~crabrules.oh_crab.engine.expansion.Expansion`), each behind a test of
``state.adventure``: the base game pays that test and nothing else.
"""

from __future__ import annotations

from typing import Final

from crabrules.core.construct import constructor
from crabrules.core.game import PlayerId
from crabrules.oh_crab.content.board import NOWHERE, SEA
from crabrules.oh_crab.engine.cards import discard_from_hand, forget
from crabrules.oh_crab.engine.effects import (
    advance,
    exchange,
    grant_usable,
    resolve,
    shortcut_options,
    step_options,
)
from crabrules.oh_crab.engine.market import market_takes
from crabrules.oh_crab.engine.movement import do_move
from crabrules.oh_crab.engine.turns import (
    activate,
    add_to_trace,
    end_turn,
    end_turn_options,
    maybe_start_actions,
    pass_turn,
    rest,
    turn_grants,
)
from crabrules.oh_crab.engine.work import Rules, Work, overlaid, rules_for, shared
from crabrules.oh_crab.model.actions import (
    NO_PILE,
    Action,
    Activate,
    AddCard,
    EndTurn,
    ExchangeAndEnd,
    Place,
    Plan,
    Rest,
    Shortcut,
    Side,
    Use,
)
from crabrules.oh_crab.model.events import ActionUsed, CardPlanned, CrabPlaced, Event, Motion
from crabrules.oh_crab.model.names import cell_label
from crabrules.oh_crab.model.progress import Phase, Source, Stage
from crabrules.oh_crab.model.state import NO_CARD, RESTING, State

__all__ = ["apply", "legal_actions"]

# Built field by field (crabrules.core.construct): in the compiled wheel, a fraction of
# the cost of State's own __init__ (the class itself in the pure build).
_new_state: Final = constructor(State)


def legal_actions(state: State, player: PlayerId | None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s, a player of the game)."""
    rules = rules_for(state.config)
    if state.adventure is not None:
        # With modules: a decision that comes first (a setup choice, a frame), maybe
        # another player's.
        expansion = rules.expansion
        assert expansion is not None
        first = expansion.first_options(state, player)
        if first is not None:
            return first
    if state.phase is Phase.PLANNING:
        plans = rules.plans
        out: list[Action] = []
        for p, planned in enumerate(state.planned):
            if planned == NO_CARD and player in (None, p):
                mine = plans[p]
                out.extend([mine[c] for c in state.hands[p]])
        return tuple(out)
    if player not in (None, state.current):
        return ()
    if state.phase is Phase.ACTION:
        return tuple(_turn_actions(rules, state))
    if state.phase is Phase.PLACING:
        return tuple(_place_options(rules, state))
    return ()


def _place_options(rules: Rules, state: State) -> list[Action]:
    """2-player setup, step 6: Start space 1 for the first player's first crab, then 2-4.

    The first player's second crab takes the space left over without a choice.
    """
    p = state.current
    taken = set(state.crabs)
    unplaced = [c for c in rules.crabs_of[p] if state.crabs[c] == NOWHERE]
    if all(cell == NOWHERE for cell in state.crabs):
        return [Place(p, c, 1) for c in unplaced]
    spaces = [k for k in (2, 3, 4) if rules.layout.starts[k - 1] not in taken]
    return [Place(p, c, k) for c in unplaced for k in spaces]


def _turn_actions(config_rules: Rules, state: State) -> list[Action]:
    """The legal actions of the action phase, in the order the module documents."""
    turn = state.turn
    assert turn is not None
    p, crab = state.current, turn.crab
    rules = config_rules if state.adventure is None else overlaid(config_rules, state)
    if turn.stage is Stage.START:
        return _add_or_rest_options(rules, state, p)
    if turn.stage is Stage.ACTIVATE:
        return [Activate(p, c) for c in rules.crabs_of[p] if not state.tokens[c]]
    if turn.queue:
        return step_options(
            rules, state, crab, turn.queue[0], head_down=turn.head_down, crabs_left=turn.crabs_left
        )
    if turn.stage is Stage.ENDING:
        # The turn has ended (only with modules); what it triggered is due before it passes.
        assert rules.expansion is not None
        return rules.expansion.turn_options(rules, state, crab, turn.head_down)[0]
    head_down, tile_used = turn.head_down, turn.tile_used
    out: list[Action] = [
        shared(rules, Use, p, i)
        for i, grant in enumerate(turn.grants)
        if grant_usable(rules, state, crab, grant, head_down=head_down, tile_used=tile_used)
    ]
    if state.adventure is not None:
        assert rules.expansion is not None
        more, held = rules.expansion.turn_options(rules, state, crab, head_down)
        out.extend(more)
        if held:
            # A card due: the turn cannot end before it is revealed.
            out.extend(shortcut_options(rules, state, crab))
            return out
    # F. Board actions: available whenever no other action is being resolved.
    out.extend(shortcut_options(rules, state, crab))
    cell = state.crabs[crab]
    if cell != SEA and rules.exchange[cell]:
        takes = market_takes(state.market, state.draw)
        out.extend(shared(rules, ExchangeAndEnd, p, c, t) for c in state.hands[p] for t in takes)
    out.extend(end_turn_options(rules, state, crab, turn.head_down))
    return out


def _add_or_rest_options(rules: Rules, state: State, p: PlayerId) -> list[Action]:
    """Start of turn: add the face-down card to the Trace, or Rest (a declared Rest must)."""
    out: list[Action] = []
    if state.planned[p] != RESTING:
        # "If it is your first turn of play, simply place the card": one side only.
        sides = (Side.LEFT, Side.RIGHT) if state.traces[p] else (Side.LEFT,)
        out.extend(shared(rules, AddCard, p, s) for s in sides)
    keeps = state.traces[p] or (NO_CARD,)
    takes = market_takes(state.market, state.draw) or (NO_PILE,)
    out.extend(shared(rules, Rest, p, k, t) for k in keeps for t in takes)
    return out


def apply(state: State, action: Action, events: list[Event] | None = None) -> State:
    """Return the state after ``action``, logging its events in ``events`` if given."""
    if events is None and type(action) is Plan:
        planned = _planned_alone(state, action)
        if planned is not None:
            return planned
    work = Work(state, events)
    _run(work, action)
    if work.adventure is not None:
        expansion = work.rules.expansion
        assert expansion is not None
        held = expansion.action_ended(work, state)
        # With modules a turn ends in two times: what it triggered is resolved before it
        # passes (see end_turn).
        if work.stage is Stage.ENDING and not (held or work.turn_decision.queue):
            pass_turn(work)
    return work.freeze()


def _planned_alone(state: State, action: Plan) -> State | None:
    """The state after a Plan that leaves others to plan, or ``None`` for the last one.

    Such a Plan moves one card from the Hand to the face-down card and nothing else: the
    new state is built directly, without the working copy (a fifth of a game's actions).
    """
    p, card = action.player, action.card
    planned = list(state.planned)
    planned[p] = card
    if NO_CARD not in planned:
        return None  # the last Plan starts the action phase: the full path
    hands = list(state.hands)
    hands[p] = tuple([c for c in hands[p] if c != card])
    s = state
    return _new_state(
        s.config,
        s.seed,
        s.rng,
        s.round,
        s.phase,
        s.cook,
        s.current,
        s.owners,
        s.crabs,
        s.knocked,
        s.tokens,
        s.cook_used,
        tuple(hands),
        tuple(planned),
        s.traces,
        s.discards,
        s.shells,
        s.supply,
        s.market,
        s.draw,
        s.removed,
        s.known,
        s.draw_seen,
        s.turn,
        s.adventure,
    )


def _run(work: Work, action: Action) -> None:
    """Play ``action`` on ``work`` (the one engine of ``apply`` and ``apply_with_events``)."""
    p = action.player
    if work.adventure is not None:
        # With modules: the expansion's own actions, and decisions that come first.
        expansion = work.rules.expansion
        assert expansion is not None
        if expansion.run_action(work, action):
            return
    if isinstance(action, Plan):
        work.hand(p).remove(action.card)
        work.planned[p] = action.card
        if work.events is not None:
            rules = work.rules
            name = rules.card_names[action.card]
            work.events.append(CardPlanned(p, rules.names[p], action.card, name))
        maybe_start_actions(work)
    elif isinstance(action, Activate):
        activate(work, action.crab)
    elif isinstance(action, Place):
        _place(work, action.crab, action.space)
    elif isinstance(action, AddCard):
        card = work.planned[p]
        work.planned[p] = NO_CARD
        forget(work, p, card)
        work.stage = Stage.ACT
        add_to_trace(work, p, card, action.side)
        work.grants.extend(turn_grants(work, p))
    elif isinstance(action, Rest):
        rest(work, p, action.keep, action.take)
    elif isinstance(action, Use):
        _use(work, action.grant)
    elif isinstance(action, Shortcut):
        _take_shortcut(work, action)
    elif isinstance(action, ExchangeAndEnd):
        exchange(work, p, action.card, action.take)
        end_turn(work)
    elif isinstance(action, EndTurn):
        end_turn(work, action.discard, ignore_current=action.ignore_current)
    else:
        resolve(work, action)


def _place(work: Work, crab: int, space: int) -> None:
    """2-player setup: place ``crab``.

    After the second player's two crabs, the first player's last crab goes on the space
    left over and the first Planning phase begins.
    """
    rules = work.rules
    starts = rules.layout.starts
    _put(work, crab, space)
    placed = sum(cell != NOWHERE for cell in work.crabs)
    if placed == 1:
        work.current = (work.cook + 1) % rules.players
    elif placed == 3:
        last = next(c for c in rules.crabs_of[work.cook] if work.crabs[c] == NOWHERE)
        _put(work, last, next(k for k in (2, 3, 4) if starts[k - 1] not in work.crabs))
        work.current = work.cook
        work.phase = Phase.PLANNING


def _put(work: Work, crab: int, space: int) -> None:
    cell = work.rules.layout.starts[space - 1]
    work.crabs[crab] = cell
    if work.events is not None:
        rules = work.rules
        work.events.append(
            CrabPlaced(
                rules.owners[crab], crab, rules.colours[crab], space, cell, cell_label(cell)
            )
        )


def _take_shortcut(work: Work, action: Shortcut) -> None:
    # Shortcut: discard the cards the arrow asks for, then follow it, pushing as a move does
    # (onto a 2-player teammate: a swap).
    for card in action.cards:
        discard_from_hand(work, action.player, card)
    crab = work.turn_decision.crab
    arrow = work.rules.layout.shortcut[work.crabs[crab]]
    assert arrow is not None
    do_move(work, crab, arrow[0], NO_CARD, action.pushes, Motion.SHORTCUT)


def _use(work: Work, index: int) -> None:
    """Begin the action ``grant``: its steps go into the queue, automatic ones resolve."""
    grant = work.grants.pop(index)
    if work.events is not None:
        rules, p = work.rules, work.current
        title = rules.titles[grant.name]
        work.events.append(
            ActionUsed(p, rules.names[p], grant.source, grant.name, title, grant.cost)
        )
    steps = grant.steps
    if grant.source is Source.COOK:
        # The cook serves once a round (2-player mode: "for a single crab").
        work.cook_used = True
        steps = work.rules.cook_steps or steps
    elif grant.source is Source.TILE:
        # E: once per turn, pay the tile's shells (what the rules say now) to the supply.
        costs = work.rules.tile_costs
        cost = grant.cost if costs is None else costs[grant.name]
        work.shells[work.current] -= cost
        work.supply += cost
        work.grants = [g for g in work.grants if g.source is not Source.TILE]
        work.tile_used = True
    own = work.turn_decision
    own.queue, own.crabs_left = list(steps), None
    advance(work)
