"""The game's entry points: setup, legal actions, apply, the end, hints for search.

Each dispatches through ``engine/_action_table``; the views are ``view/``, the frozen
nouns ``model/``.

>>> from crabrules import oh_crab
>>> lead(oh_crab.initial_state(oh_crab.Config(players=2), seed=1))
(0.5, 0.5)
"""

from __future__ import annotations

import enum

import crabrules.oh_crab.engine._action_table as engine
from crabrules.core.actions import check_action
from crabrules.core.errors import GameOverError, NotYourTurnError
from crabrules.core.game import (
    Outcome,
    PlayerId,
    SearchHints,
    check_config,
    check_viewer,
    not_a_state,
)
from crabrules.core.rng import Rng, resolve_seed
from crabrules.oh_crab.content._components import COLUMNS, NOWHERE, SEA, Cell
from crabrules.oh_crab.content._loading import get_content
from crabrules.oh_crab.content._primitives import Phase
from crabrules.oh_crab.engine._action_table import refusal
from crabrules.oh_crab.engine._tables import rules_for
from crabrules.oh_crab.engine._turns import refill
from crabrules.oh_crab.model._actions import (
    ACTIONS,
    Action,
)
from crabrules.oh_crab.model._events import (
    AnyEvent,
    GameEnded,
)
from crabrules.oh_crab.model._state import NO_CARD, CardId, Config, State

__all__ = [
    "SEARCH",
    "Termination",
    "active_players",
    "apply",
    "apply_with_events",
    "check_legal",
    "initial_state",
    "is_terminal",
    "lead",
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
    rng = Rng(seed)  # resolve_seed checked it (from_seed would check it again)
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
    # The modules are set up after the base game, whose draws stay what they were.
    adventure, rng = rules.expansion.setup(config, rules, rng)
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
    if state.adventure is not None:
        # With modules: who decides first (a setup choice, a decision of another player's).
        first = rules_for(state.config).expansion.first_players(state)
        if first is not None:
            return first
    if state.phase is Phase.PLANNING:
        return frozenset(p for p, c in enumerate(state.planned) if c == NO_CARD)
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
    return engine.legal_actions(state, player)


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
    return engine.apply(state, action)


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[AnyEvent, ...]]:
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
    events: list[AnyEvent] = []
    after = engine.apply(state, action, events)
    if after.phase is Phase.OVER:
        result = outcome(after)
        assert result is not None
        winners = tuple(sorted(result.winners))
        colours = tuple(rules_for(state.config).names[p] for p in winners)
        events.append(GameEnded(winners, colours, result.reason))
    return after, tuple(events)


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
    crabs_of = rules_for(state.config).crabs_of
    hand_sizes = tuple(len(hand) for hand in state.hands)
    winners, reason = decide_winners(state.crabs, hand_sizes, state.shells, crabs_of)
    scores = tuple(int(p in winners) for p in range(len(crabs_of)))
    return Outcome(winners, False, scores, reason.value)


def decide_winners(
    crabs: tuple[int, ...],
    hand_sizes: tuple[int, ...],
    shells: tuple[int, ...],
    crabs_of: tuple[tuple[int, ...], ...],
) -> tuple[frozenset[PlayerId], Termination]:
    """Who won a finished game, and why: the rule of :func:`outcome`, on public facts.

    Among the players with every crab in the sea, the most cards in hand, then the most
    shells; a tie left is joint winners. Everything it reads is public, so a picture of
    any player's observation names the winners too.

    >>> decide_winners((SEA, 3, SEA), (2, 5, 4), (0, 0, 1), ((0,), (1,), (2,)))
    (frozenset({2}), <Termination.MOST_CARDS: 'most_cards_in_hand'>)
    """
    contenders = [p for p, mine in enumerate(crabs_of) if all(crabs[c] == SEA for c in mine)]
    reason = Termination.SEA_REACHED
    if len(contenders) > 1:
        reason = Termination.MOST_CARDS
        most = max(hand_sizes[p] for p in contenders)
        contenders = [p for p in contenders if hand_sizes[p] == most]
    if len(contenders) > 1:
        reason = Termination.MOST_SHELLS
        most = max(shells[p] for p in contenders)
        contenders = [p for p in contenders if shells[p] == most]
    if len(contenders) > 1:
        reason = Termination.JOINT_WINNERS
    return frozenset(contenders), reason


#: What a crab in the sea counts, against one a row on the board.
SEA_ROWS = 100


def _rows_come(cell: Cell) -> int:
    """Rows from the land: 1 on the first row, ..., and 0 for a crab not yet placed."""
    if cell == SEA:
        return SEA_ROWS
    return cell // COLUMNS + 1 if cell >= 0 else 0


def lead(state: State) -> tuple[float, ...]:
    """Each player's share of the rows their crabs have come (see the module)."""
    come = [
        sum(_rows_come(state.crabs[c]) for c in crabs)
        for crabs in rules_for(state.config).crabs_of
    ]
    total = sum(come)
    if not total:
        return (1 / len(come),) * len(come)
    return tuple(rows / total for rows in come)


#: A rollout of 40 actions is about a round; the rows come judge the position it reaches.
SEARCH = SearchHints(lead=lead, rollout_depth=40)
