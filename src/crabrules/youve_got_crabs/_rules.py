"""The rules of You've Got Crabs: setup, who may act, applying an action, the end.

:func:`apply` checks an action here and hands it to :mod:`.rounds` (swaps, hands down and
up, confirmations, the offer) or :mod:`.calls` (signals, calls, the Double Crabs window
and claim, the end-of-game check).

Play is real-time (DESIGN.md): every player who may act now is active at once, each
action names its player, and the caller of :func:`apply` applies actions in the order they
arrived. The library never reads a clock; a :class:`Call` carries its caller's clock time.

>>> from crabrules.youve_got_crabs import Swap
>>> state = initial_state(Config(), seed=7)
>>> sorted(active_players(state))
[0, 1, 2, 3]
>>> state = apply(state, Swap(0, hand_slot=1, ocean_slot=2))
>>> state.swapped
True
"""

from __future__ import annotations

from crabrules.core import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    PlayerId,
    Rng,
    check_config,
    check_viewer,
)
from crabrules.core.actions import check_action
from crabrules.core.game import not_a_state
from crabrules.core.rng import resolve_seed
from crabrules.youve_got_crabs import _actions as acts
from crabrules.youve_got_crabs._actions import Action, IllegalReason, is_finite_time
from crabrules.youve_got_crabs._calls import sources
from crabrules.youve_got_crabs._cards import IMITATION_CRAB, deck
from crabrules.youve_got_crabs._config import CARDS_PER_HAND, OCEAN_SIZE, Config
from crabrules.youve_got_crabs._engine import HANDLERS, act, legal_moves
from crabrules.youve_got_crabs._events import Event
from crabrules.youve_got_crabs._piles import draw_cards
from crabrules.youve_got_crabs._rounds import (
    all_down,
    is_playing,
)
from crabrules.youve_got_crabs._state import (
    POT_TOKENS,
    TEAM_TOKENS,
    UNSEEN,
    Phase,
    State,
    Termination,
    is_over,
)
from crabrules.youve_got_crabs._work import seats_of

_DEFAULT_CONFIG = Config()


# --- setup -------------------------------------------------------------------------------------


def initial_state(config: Config = _DEFAULT_CONFIG, *, seed: int | None = None) -> State:
    """Set up a new game: the deck shuffled, four cards dealt to each player, the Ocean turned up.

    Args:
        config: the game's options.
        seed: the seed of the game's generator; ``None`` draws one from the OS.

    >>> state = initial_state(Config(teams=5), seed=1)
    >>> len(state.hands), len(state.ocean), len(state.draw), state.tokens, state.pot
    (10, 4, 34, (2, 2, 2, 2, 2), 8)
    """
    check_config(config, Config)
    seed = resolve_seed(seed)
    # Setup, step 4: shuffle, and deal four cards face down to each player. (Rng, not
    # Rng.from_seed: resolve_seed checked the seed, and the check is not free.)
    draw, rng = Rng(seed).shuffle(deck(config))
    hands = []
    for _ in range(config.players):
        dealt = draw_cards(draw, (), rng, CARDS_PER_HAND)
        hands.append(dealt.cards)
        draw, rng = dealt.draw, dealt.rng
    # Step 5: the top four cards of the Draw pile, face up, are the Ocean.
    turned = draw_cards(draw, (), rng, OCEAN_SIZE)
    ocean, draw, rng = turned.cards, turned.draw, turned.rng
    empty: frozenset[PlayerId] = frozenset()
    return State(
        config=config,
        seed=seed,
        rng=rng,
        hands=tuple(hands),
        seen=((UNSEEN,) * CARDS_PER_HAND,) * config.players,
        drawn_from=((0,) * CARDS_PER_HAND,) * config.players,
        ocean=ocean,
        draw=draw,
        discard=(),
        reshuffles=0,
        tokens=(TEAM_TOKENS,) * config.teams,  # step 6
        pot=POT_TOKENS,
        license=config.first_side,  # step 7
        phase=Phase.PLAY,
        down=empty,
        confirmed=empty,
        declined=empty,
        swapped=False,
        claws=next((p for p, hand in enumerate(hands) if IMITATION_CRAB in hand), None),
        clock=0.0,
        window=None,
        claim=None,
        tied=frozenset(),
        winner=None,
        signals=(),
        signal_count=0,
        calls=(),
        call_count=0,
        called_wrong=frozenset(),
    )


# --- who may act, and what ------------------------------------------------------------------


def is_terminal(state: State) -> bool:
    """Whether the game is over: a team has won, or the game stalled (a draw).

    >>> is_terminal(initial_state(Config(), seed=7))
    False
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return is_over(state)


def num_players(state: State) -> int:
    """Return the number of players: two per team.

    >>> num_players(initial_state(Config(teams=3), seed=7))
    6
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    return state.config.players


def active_players(state: State) -> frozenset[PlayerId]:
    """Return the players who may act now.

    While a call on a partner waits for its counter-call, the two partners; while a
    Double Crabs claim collects, its player; otherwise every player still in the game
    (anyone may call or signal at any moment, Decision 1). Nobody once the game is over.

    >>> from crabrules.youve_got_crabs import Call
    >>> state = apply(initial_state(Config(), seed=7), Call(0, 1, time=3.0))
    >>> sorted(active_players(state))  # the window: only partners 0 and 1
    [0, 1]
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if is_over(state):
        return frozenset()
    if state.window is not None:
        return frozenset((state.window.caller, state.window.target))
    if state.claim is not None:
        return frozenset((state.claim.player,))
    return frozenset(p for p in range(state.config.players) if is_playing(state, p))


def legal_actions(state: State, player: PlayerId | None = None) -> tuple[Action, ...]:
    """Every legal action now (or only ``player``'s), grouped by player in id order.

    A player's actions come in this order: swaps (by hand slot, then Ocean slot), then
    :class:`PutDown` or :class:`PickUp`, :class:`Confirm`, the two :class:`Answer` s (yes
    first), the calls (by target), :class:`Signal`. While play is paused: the counter-call
    and :class:`Resolve`, or the :class:`Collect` s (Pot first, then teams by id).

    Calls are listed at the state's ``clock``; :func:`apply` accepts them at any time.

    >>> state = initial_state(Config(), seed=7)
    >>> legal_actions(state, 1)
    (Call(player=1, target=0, time=0.0), Call(player=1, target=2, time=0.0), \
Call(player=1, target=3, time=0.0), Signal(player=1))

    Raises:
        InvalidPlayerError: ``player`` is neither ``None`` nor a player of the game.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if player is not None and (type(player) is not int or not 0 <= player < len(state.hands)):
        check_viewer(player, len(state.hands))
    return legal_moves(state, player)


# --- apply --------------------------------------------------------------------------------------

_ACTION_TYPES = tuple(HANDLERS)


def apply(state: State, action: Action, *, check: bool = True) -> State:
    """Return the state after ``action``; ``state`` is untouched.

    >>> from crabrules.youve_got_crabs import Swap
    >>> state = initial_state(Config(), seed=7)
    >>> apply(state, Swap(0, hand_slot=0, ocean_slot=0)).swapped
    True
    >>> apply(state, Swap(1, hand_slot=0, ocean_slot=0))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.IllegalActionError: the License points at the other side

    Args:
        state: the state to act on.
        action: the action, taken by ``action.player``.
        check: refuse illegal actions (``False`` skips the check, for actions just taken
            from :func:`legal_actions`).

    Raises:
        GameOverError: the game is over.
        NotYourTurnError: the player may not act now (play is paused for a call they take
            no part in, or they are out of a sudden death).
        IllegalActionError: any other illegal action; ``reason`` says why (``malformed``
            for a value that is not exactly one of the game's actions, naming the field).
        NotAStateError: ``state`` is not a :class:`State`.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    return act(state, action, None)


def apply_with_events(
    state: State, action: Action, *, check: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Return the state after ``action`` (as :func:`apply` does) and what happened, in order.

    The events are the whole truth; show a player
    :func:`~crabrules.youve_got_crabs.observe_events` of them.

    >>> from crabrules.youve_got_crabs import PutDown
    >>> state = initial_state(Config(), seed=7)
    >>> after, events = apply_with_events(state, PutDown(0))
    >>> after == apply(state, PutDown(0)), events
    (True, (HandPutDown(player=0),))

    Raises:
        the same errors as :func:`apply`.
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    if check:
        check_legal(state, action)
    events: list[Event] = []
    return act(state, action, events), tuple(events)


def _refuse(action: object, reason: IllegalReason, message: str) -> IllegalActionError:
    return IllegalActionError(message, action=action, reason=reason)


def check_legal(state: State, action: object) -> None:
    """Raise the reason ``action`` is illegal; pass when :func:`legal_actions` lists it.

    What ``apply`` checks, for a ``state`` known to be a :class:`State`.

    >>> from crabrules.youve_got_crabs._actions import Signal
    >>> check_legal(initial_state(Config(), seed=7), Signal(2))
    """
    if is_over(state):
        raise GameOverError("the game is over", action=action)
    # Exactly one of this game's actions, every field of exactly its type (1.0 is not 1).
    check_action(action, _ACTION_TYPES)
    player = action.player  # type: ignore[attr-defined]
    if not 0 <= player < state.config.players:
        raise _refuse(action, IllegalReason.NO_SUCH_PLAYER, f"no player {player!r}")
    if isinstance(action, acts.Call) and not is_finite_time(action.time):
        # Call's constructor checks the time, but attrs validators can be switched off.
        raise _refuse(action, IllegalReason.BAD_TIME, f"a call's time, not {action.time!r}")
    if state.window is not None or state.claim is not None:
        _check_paused(state, action, player)
    elif not is_playing(state, player):
        raise NotYourTurnError(f"P{player} is out of the sudden death", action=action)
    elif isinstance(action, (acts.Swap, acts.PutDown, acts.PickUp, acts.Confirm)):
        _check_round(state, action, player)
    elif isinstance(action, acts.Answer):
        _check_answer(state, action, player)
    elif isinstance(action, acts.Call):
        _check_target(state, action, player)
    elif isinstance(action, acts.Resolve):
        raise _refuse(action, IllegalReason.NO_PENDING_CALL, "no call is waiting to be resolved")
    elif isinstance(action, acts.Collect):
        raise _refuse(action, IllegalReason.NO_CLAIM, "no Double Crabs claim is collecting")


def _check_paused(state: State, action: object, player: PlayerId) -> None:
    window, claim = state.window, state.claim
    if window is not None:
        if isinstance(action, acts.Call) and player == window.target:
            if action.target != window.caller:
                raise _refuse(
                    action, IllegalReason.PLAY_PAUSED, "only a counter-call on the caller"
                )
            return
        if isinstance(action, acts.Resolve):
            if player == window.caller:
                return
            # Resolve belongs to the caller alone, whoever else sends it.
            error = NotYourTurnError if player != window.target else IllegalActionError
            raise error(
                f"only P{window.caller}, who called, resolves the call",
                action=action,
                reason=IllegalReason.NOT_THE_CALLER,
            )
        if player not in (window.caller, window.target):
            raise NotYourTurnError(
                "play is paused while a call is resolved",
                action=action,
                reason=IllegalReason.PLAY_PAUSED,
            )
        raise _refuse(
            action,
            IllegalReason.PLAY_PAUSED,
            "while the window is open: the partner's counter-call or the caller's Resolve",
        )
    assert claim is not None
    if player != claim.player:
        raise NotYourTurnError(
            "play is paused while a claim is collected",
            action=action,
            reason=IllegalReason.PLAY_PAUSED,
        )
    if not isinstance(action, acts.Collect):
        raise _refuse(action, IllegalReason.PLAY_PAUSED, "collect the Double Crabs tokens first")
    team = seats_of(state.config).team_of[player]
    if action.source not in sources(state, team):
        raise _refuse(
            action,
            IllegalReason.EMPTY_SOURCE,
            "a token comes from the Pot or another team, and only if it has one",
        )


def _check_round(
    state: State, action: acts.Swap | acts.PutDown | acts.PickUp | acts.Confirm, player: PlayerId
) -> None:
    seats = seats_of(state.config)
    if state.phase is not Phase.PLAY or seats.side_of[player] != state.license:
        raise _refuse(action, IllegalReason.NOT_YOUR_SIDE, "the License points at the other side")
    down = player in state.down
    if isinstance(action, acts.Swap):
        if down:
            raise _refuse(action, IllegalReason.HAND_IS_DOWN, "pick the hand up to swap")
        if not 0 <= action.hand_slot < CARDS_PER_HAND:
            message = f"hand_slot: the Hand's slots are 0..{CARDS_PER_HAND - 1}"
            raise _refuse(action, IllegalReason.NO_SUCH_CARD, message)
        if not 0 <= action.ocean_slot < OCEAN_SIZE:
            message = f"ocean_slot: the Ocean's slots are 0..{OCEAN_SIZE - 1}"
            raise _refuse(action, IllegalReason.NO_SUCH_CARD, message)
    elif isinstance(action, acts.PutDown):
        if down:
            raise _refuse(action, IllegalReason.HAND_IS_DOWN, "the hand is already down")
    elif not down:
        raise _refuse(action, IllegalReason.HAND_IS_UP, "the hand is not down")
    elif isinstance(action, acts.Confirm):
        if player in state.confirmed:
            raise _refuse(action, IllegalReason.ALREADY_CONFIRMED, "already confirmed")
        if not all_down(state, seats):
            raise _refuse(action, IllegalReason.NOT_ALL_DOWN, "not every hand is down yet")


def _check_answer(state: State, action: acts.Answer, player: PlayerId) -> None:
    if state.phase is not Phase.OFFER or seats_of(state.config).side_of[player] == state.license:
        raise _refuse(action, IllegalReason.NOT_ASKED, "only the other side answers the offer")
    if player in state.declined:
        raise _refuse(action, IllegalReason.ALREADY_ANSWERED, "already said no")


def _check_target(state: State, action: acts.Call, player: PlayerId) -> None:
    target = action.target
    if not 0 <= target < state.config.players or target == player or not is_playing(state, target):
        raise _refuse(
            action, IllegalReason.BAD_TARGET, "call another player who is still in the game"
        )


# --- the end -------------------------------------------------------------------------------------


def outcome(state: State) -> Outcome | None:
    """Return how the game ended, or ``None`` while it goes on.

    The winners are the winning team's two players; each player's score is their team's
    tokens. A game that stalled (:data:`~crabrules.youve_got_crabs.STALL_ACTIONS` actions
    in a row without the clock moving) is a draw, whoever leads.

    >>> outcome(initial_state(Config(), seed=1)) is None
    True
    """
    if type(state) is not State:
        raise not_a_state(state, State)
    team_of = seats_of(state.config).team_of
    if state.winner is None:
        if not is_over(state):
            return None
        scores = tuple(state.tokens[t] for t in team_of)
        return Outcome(frozenset(), draw=True, scores=scores, reason=Termination.STALLED.value)
    return Outcome(
        winners=frozenset(p for p, t in enumerate(team_of) if t == state.winner),
        draw=False,
        scores=tuple(state.tokens[t] for t in team_of),
        reason=(Termination.SUDDEN_DEATH if state.tied else Termination.POT_EMPTY).value,
    )
