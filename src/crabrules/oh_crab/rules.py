"""Setting up, the legal actions, applying them, and how the game ends.

The order of :func:`legal_actions` is fixed. While the crabs are placed (2-player
setup): :class:`Place` by crab, then Start space. In the planning phase: each planning
player's :class:`Plan` actions, by player then card. At the start of a turn in the
2-player mode's Action 1: :class:`Activate` by crab. Then: :class:`AddCard`
(left, then right), then :class:`Rest` (by kept Trace card, then Market pile). While an
action is being resolved: the choices of its current step, as generated (destinations in
board order, then discards, then pushes), :class:`Finish` last. Otherwise: :class:`Use`
by grant index, :class:`Shortcut`, :class:`ExchangeAndEnd`, and :class:`EndTurn` last (by
the card a Water Current's Obstacle takes, then ignoring the current under Head Down!).

With Adventure Pack modules: while a decision comes first (a frame: a Surprise flipped by
a pushed crab, a reward to choose, an Event's target), only its player acts and the legal
actions are its step's options. Otherwise :class:`UseTreasure` (by token) follows
:class:`Use`; while a card is due, :class:`Reveal` follows them, then :class:`Shortcut`,
and the turn cannot end; a turn that ended with a card due (``Stage.ENDING``) offers
:class:`Reveal` alone.
"""

from __future__ import annotations

import enum

from crabrules.core.actions import check_action
from crabrules.core.errors import GameOverError, NotYourTurnError
from crabrules.core.game import Outcome, PlayerId, check_config, check_viewer, not_a_state
from crabrules.core.rng import Rng, resolve_seed
from crabrules.oh_crab.actions import (
    ACTIONS,
    NO_PILE,
    Action,
    Activate,
    AddCard,
    ChooseSkills,
    EndTurn,
    ExchangeAndEnd,
    Place,
    Plan,
    Rest,
    Reveal,
    Shortcut,
    Side,
    Skill,
    Use,
    UseTreasure,
)
from crabrules.oh_crab.adventure import asymmetry as module4
from crabrules.oh_crab.adventure.frames import frame_options, in_order, run_in_frame, settle
from crabrules.oh_crab.adventure.reveal import reveal_steps
from crabrules.oh_crab.adventure.setup import setup_adventure
from crabrules.oh_crab.adventure.skills import open_windows, skill_options, use_skill
from crabrules.oh_crab.adventure.treasures import treasure_options, use_treasure
from crabrules.oh_crab.board import NOWHERE, SEA
from crabrules.oh_crab.config import Config
from crabrules.oh_crab.content import get_content
from crabrules.oh_crab.effects import (
    advance,
    exchange,
    grant_usable,
    resolve,
    shortcut_options,
    step_options,
)
from crabrules.oh_crab.events import (
    ActionUsed,
    CardPlanned,
    CrabPlaced,
    Event,
    GameEnded,
    Motion,
)
from crabrules.oh_crab.market import market_takes, refill
from crabrules.oh_crab.movement import do_move
from crabrules.oh_crab.names import cell_label
from crabrules.oh_crab.refusals import refusal
from crabrules.oh_crab.state import NO_CARD, RESTING, CardId, Phase, Source, Stage, State
from crabrules.oh_crab.turns import (
    activate,
    add_to_trace,
    end_turn,
    end_turn_options,
    maybe_start_actions,
    pass_turn,
    rest,
    turn_grants,
)
from crabrules.oh_crab.work import Work, rules_for, rules_of

__all__ = [
    "Termination",
    "active_players",
    "apply",
    "apply_with_events",
    "check_legal",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "num_players",
    "outcome",
]


class Termination(str, enum.Enum):
    """How a game of Oh Crab! ended."""

    SEA_REACHED = "sea_reached"
    """One crab alone reached the sea this round."""
    MOST_CARDS = "most_cards_in_hand"
    """Several crabs reached the sea; the most cards in hand won."""
    MOST_SHELLS = "most_shells"
    """Several crabs reached the sea with as many cards; the most shells won."""
    JOINT_WINNERS = "joint_winners"
    """Several crabs reached the sea tied on cards and shells: joint winners."""


def initial_state(config: Config | None = None, *, seed: int | None = None) -> State:
    """Set up a game: board, Market, starting decks, cook and Start spaces.

    Player ``i`` plays the ``i``-th colour of the content (red, orange, blue, green, brown
    in the reference content, unless ``Config.colours`` says otherwise) and holds its 4
    starting cards. The first player, chosen at random, takes the cook pawn and Start
    space 1; the others follow clockwise on 2, 3... One shell lies on every Shell space; the
    rest is the supply; players have none. The starting cards of unused colours go back in
    the box (:attr:`State.removed`).

    In the 2-player mode each player plays two crabs and holds their first crab's starting
    deck; the game begins in the placing phase (:class:`Place`): the first player puts a
    crab on Start space 1, the second player theirs on two of the spaces 2, 3 and 4, and the
    first player's other crab takes the space left over.

    >>> state = initial_state(Config(players=3), seed=7)
    >>> state.phase.value, state.round, [len(h) for h in state.hands]
    ('planning', 1, [4, 4, 4])
    >>> duel = initial_state(Config(players=2), seed=7)
    >>> duel.phase.value, duel.owners, [len(h) for h in duel.hands], duel.crabs
    ('placing', (0, 0, 1, 1), [4, 4], (-2, -2, -2, -2))
    """
    if config is None:
        config = Config()
    check_config(config, Config)
    seed = resolve_seed(seed)
    rules = rules_for(config)
    content = get_content(config.content)
    n = config.players
    # The draws' order (first player, then the shuffle) is what a seed means: keep it.
    rng = Rng.from_seed(seed)
    first, rng = rng.below(n)
    if rules.team:
        # 2-player mode: the players place their crabs themselves (Place).
        crabs = [NOWHERE] * len(rules.owners)
    else:
        # The first player takes Start space 1 and the cook pawn; the others follow clockwise.
        crabs = [0] * n
        for k in range(n):
            crabs[(first + k) % n] = rules.layout.starts[k]
    # The content lists the starting cards first; the action cards form the Market's deck.
    starting = sum(c.starting for c in rules.cards)
    deck, rng = rng.shuffle(range(starting, len(rules.cards)))
    market: list[list[CardId]] = [[], [], []]
    draw = list(deck)
    refill(market, draw, rules.special_ids)
    adventure = None
    if config.modules:
        # The modules are set up after the base game, whose draws stay what they were.
        adventure, rng = setup_adventure(config, rules, rng)
    return State(
        config=config,
        seed=seed,
        rng=rng,
        round=1,
        phase=Phase.PLACING if rules.team else Phase.PLANNING,
        cook=first,
        current=first,
        owners=rules.owners,
        crabs=tuple(crabs),
        knocked=(False,) * len(crabs),
        tokens=(0,) * len(crabs),
        cook_used=False,
        hands=rules.decks,
        planned=(NO_CARD,) * n,
        traces=((),) * n,
        discards=((),) * n,
        shells=(0,) * n,
        # The shells lying on Shell spaces are markers, not part of the supply.
        supply=content.shells - sum(rules.shell),
        market=tuple(tuple(p) for p in market),
        draw=tuple(draw),
        removed=tuple(c for c in range(starting) if not any(c in deck for deck in rules.decks)),
        known=((),) * n,
        draw_seen=0,
        turn=None,
        adventure=adventure,
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over.

    A crab reached the sea (both of a player's, in the 2-player mode) and the round was
    finished.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.phase is Phase.OVER


def num_players(state: State) -> int:
    """Return the number of players (two crabs each in the 2-player mode)."""
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.config.players


def active_players(state: State) -> frozenset[PlayerId]:
    """Who may act: every player still to plan, or the one whose turn it is (or who places).

    Adventure Pack: while a decision belongs to another player (a frame, such as the
    Surprise flipped by their pushed crab), that player alone.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if state.adventure is not None and module4.is_choosing(state):
        # Module 4's setup: every player still to choose their Asymmetry card(s).
        assert state.adventure.asymmetry is not None
        return module4.active_players(state.adventure.asymmetry)
    if state.phase is Phase.PLANNING:
        return frozenset(p for p, c in enumerate(state.planned) if c == NO_CARD)
    if state.adventure is not None and state.adventure.frames:
        return frozenset({state.adventure.frames[-1].player})
    if state.phase is Phase.ACTION or state.phase is Phase.PLACING:
        return frozenset({state.current})
    return frozenset()


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s), in the order the module documents.

    >>> state = initial_state(Config(players=3), seed=7)
    >>> legal_actions(state, 0)[:2]
    (Plan(player=0, card=0), Plan(player=0, card=1))

    Raises:
        NotAStateError: ``state`` is not a :class:`State`.
        InvalidPlayerError: ``player`` is not ``None`` nor a player of the game.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if player is not None and (type(player) is not int or not 0 <= player < len(state.planned)):
        check_viewer(player, len(state.planned))
    if state.adventure is not None and module4.is_choosing(state):
        assert state.adventure.asymmetry is not None
        rules = rules_for(state.config)
        return tuple(module4.choice_options(rules, state.adventure.asymmetry, player))
    if state.phase is Phase.PLANNING:
        plans = rules_for(state.config).plans
        out: list[Action] = []
        for p, planned in enumerate(state.planned):
            if planned == NO_CARD and player in (None, p):
                mine = plans[p]
                out.extend([mine[c] for c in state.hands[p]])
        return tuple(out)
    adventure = state.adventure
    if adventure is not None and adventure.frames:
        # Adventure Pack: a decision that comes first, maybe another player's.
        if player not in (None, adventure.frames[-1].player):
            return ()
        return tuple(frame_options(state))
    if player not in (None, state.current):
        return ()
    if state.phase is Phase.ACTION:
        return tuple(_turn_actions(state))
    if state.phase is Phase.PLACING:
        return tuple(_place_options(state))
    return ()


def _place_options(state: State) -> list[Action]:
    """2-player setup, step 6: Start space 1 for the first player's first crab, then 2-4.

    The first player's second crab takes the space left over without a choice.
    """
    rules = rules_for(state.config)
    p = state.current
    taken = set(state.crabs)
    unplaced = [c for c in rules.crabs_of[p] if state.crabs[c] == NOWHERE]
    if all(cell == NOWHERE for cell in state.crabs):
        return [Place(p, c, 1) for c in unplaced]
    spaces = [k for k in (2, 3, 4) if rules.layout.starts[k - 1] not in taken]
    return [Place(p, c, k) for c in unplaced for k in spaces]


def _turn_actions(state: State) -> list[Action]:
    """The legal actions of the action phase, in the order the module documents."""
    turn = state.turn
    assert turn is not None
    p, crab = state.current, turn.crab
    adventure = state.adventure
    rules = rules_for(state.config) if adventure is None else rules_of(state)
    if turn.stage is Stage.START:
        return _add_or_rest_options(state, p)
    if turn.stage is Stage.ACTIVATE:
        return [Activate(p, c) for c in rules.crabs_of[p] if not state.tokens[c]]
    if turn.queue:
        return step_options(
            rules, state, crab, turn.queue[0], head_down=turn.head_down, crabs_left=turn.crabs_left
        )
    if turn.stage is Stage.ENDING:
        # The turn has ended; what it triggered last is due before it passes.
        return [Reveal(p)]
    head_down, tile_used = turn.head_down, turn.tile_used
    out: list[Action] = [
        Use(p, i)
        for i, grant in enumerate(turn.grants)
        if grant_usable(rules, state, crab, grant, head_down=head_down, tile_used=tile_used)
    ]
    if adventure is not None:
        out.extend(treasure_options(rules, state, crab, head_down))
        out.extend(skill_options(rules, state, crab, head_down))
        if adventure.due:
            # "At any moment of their turn ... but no later": the turn cannot end before.
            out.append(Reveal(p))
            out.extend(shortcut_options(rules, state, crab))
            return out
    # F. Board actions: available whenever no other action is being resolved.
    out.extend(shortcut_options(rules, state, crab))
    cell = state.crabs[crab]
    if cell != SEA and rules.exchange[cell]:
        takes = market_takes(state.market, state.draw)
        out.extend(ExchangeAndEnd(p, c, t) for c in state.hands[p] for t in takes)
    out.extend(end_turn_options(rules, state, crab, turn.head_down))
    return out


def _add_or_rest_options(state: State, p: PlayerId) -> list[Action]:
    """Start of turn: add the face-down card to the Trace, or Rest (a declared Rest must)."""
    out: list[Action] = []
    if state.planned[p] != RESTING:
        # "If it is your first turn of play, simply place the card": one side only.
        sides = (Side.LEFT, Side.RIGHT) if state.traces[p] else (Side.LEFT,)
        out.extend(AddCard(p, s) for s in sides)
    keeps = state.traces[p] or (NO_CARD,)
    takes = market_takes(state.market, state.draw) or (NO_PILE,)
    out.extend(Rest(p, k, t) for k in keeps for t in takes)
    return out


def apply(state: State, action: Action, *, check: bool = True) -> State:
    """Return the state after ``action``; ``state`` is untouched.

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the action's player may not act now.
        IllegalActionError: the action is not legal now (``reason`` says why).

    >>> state = initial_state(Config(players=3), seed=7)
    >>> for p in range(3):
    ...     state = apply(state, legal_actions(state, p)[0])
    >>> state.phase.value, state.current == state.cook
    ('action', True)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    if type(action) is Plan:
        planned = _planned_alone(state, action)
        if planned is not None:
            return planned
    work = Work(state)
    _run(work, action)
    if work.adventure is not None:
        _settle_adventure(work, state)
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
    return State(
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


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Return what :func:`apply` returns, and the events of the action in order.

    Raises:
        GameOverError, NotYourTurnError, IllegalActionError: as :func:`apply`.

    >>> state = initial_state(Config(players=3), seed=7)
    >>> state, events = apply_with_events(state, legal_actions(state, 0)[0])
    >>> events
    (CardPlanned(player=0, colour='red', card=0, card_name='red-1 (Move forward)'),)
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    events: list[Event] = []
    work = Work(state, events)
    _run(work, action)
    if work.adventure is not None:
        _settle_adventure(work, state)
    after = work.freeze()
    if after.phase is Phase.OVER:
        result = outcome(after)
        assert result is not None
        winners = tuple(sorted(result.winners))
        colours = tuple(work.rules.names[p] for p in winners)
        events.append(GameEnded(winners, colours, result.reason))
    return after, tuple(events)


def _run(work: Work, action: Action) -> None:
    """Play ``action`` on ``work`` (the one engine of ``apply`` and ``apply_with_events``)."""
    p = action.player
    if isinstance(action, ChooseSkills):
        module4.choose_skills(work, action)  # Module 4's setup
    elif work.frames:
        # Adventure Pack: the choice of the decision that comes first.
        run_in_frame(work, action)
    elif isinstance(action, Plan):
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
        work.forget(p, card)
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
    elif isinstance(action, Reveal):
        assert work.adventure is not None
        work.queue = list(reveal_steps(work.adventure.due))
        advance(work)
    elif isinstance(action, UseTreasure):
        use_treasure(work, p, action.token)
    elif isinstance(action, Skill):
        use_skill(work, p, action.crab)
    else:
        resolve(work, action)


def _settle_adventure(work: Work, before: State) -> None:
    """Adventure Pack: resolve the frames the action pushed; end a turn nothing holds up."""
    in_order(work, 0)
    settle(work)
    adventure = work.adventure
    assert adventure is not None
    if adventure.asymmetry is not None:
        # Module 4: the windows the action opened come first; what is face up is no secret.
        open_windows(work, before)
        module4.forget_revealed(work)
    adventure = work.adventure
    assert adventure is not None
    if work.stage is Stage.ENDING and not (work.frames or adventure.due or work.queue):
        pass_turn(work)


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
        work.discard_from_hand(action.player, card)
    arrow = work.rules.layout.shortcut[work.crabs[work.crab]]
    assert arrow is not None
    do_move(work, work.crab, arrow[0], NO_CARD, action.pushes, Motion.SHORTCUT)


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
    work.queue = list(steps)
    work.crabs_left = None
    advance(work)


def check_legal(state: State, action: object) -> None:
    """Raise the error that says why ``action`` (anything at all) is not legal now.

    Raises:
        GameOverError, NotYourTurnError, IllegalActionError: as :func:`apply`.
    """
    check_action(action, ACTIONS)
    player = getattr(action, "player", None)
    if state.phase is Phase.OVER:
        raise GameOverError("the game is over", action=action)
    if type(player) is not int or player not in active_players(state):
        colours = rules_for(state.config).colours
        who = colours[player] if type(player) is int and 0 <= player < len(colours) else player
        raise NotYourTurnError(f"{who!s} may not act now", action=action)
    legal = legal_actions(state, player)
    if action in legal:
        return
    assert isinstance(action, Action)  # check_action let only the game's actions through
    raise refusal(state, action, legal)  # which field, which rule: in the game's words


def outcome(state: State) -> Outcome | None:
    """Return who won, once the game is over.

    The only player with every crab in the sea (both, in the 2-player mode); else, among
    them, the most cards in hand, then the most shells, else joint winners. Scores are 1
    for a winner, 0 otherwise.

    >>> outcome(initial_state(Config(), seed=1)) is None
    True
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if state.phase is not Phase.OVER:
        return None
    crabs = state.crabs
    crabs_of = rules_for(state.config).crabs_of
    contenders = [p for p, mine in enumerate(crabs_of) if all(crabs[c] == SEA for c in mine)]
    reason = Termination.SEA_REACHED
    if len(contenders) > 1:
        reason = Termination.MOST_CARDS
        most = max(len(state.hands[p]) for p in contenders)
        contenders = [p for p in contenders if len(state.hands[p]) == most]
    if len(contenders) > 1:
        reason = Termination.MOST_SHELLS
        most = max(state.shells[p] for p in contenders)
        contenders = [p for p in contenders if state.shells[p] == most]
    if len(contenders) > 1:
        reason = Termination.JOINT_WINNERS
    winners = frozenset(contenders)
    scores = tuple(int(p in winners) for p in range(len(crabs_of)))
    return Outcome(winners, False, scores, reason.value)
