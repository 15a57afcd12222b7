"""The search tree that :class:`MCTSAgent` and :class:`ISMCTSAgent` share.

Each iteration plays one imagined game from the root: it descends the tree by UCB1
(Kocsis and Szepesvári's UCT), adds one new node, finishes the game with random play up
to a depth limit, and backs the result up. Node statistics are kept per player (the
"max-n" form of UCT for several players), and a node's action is chosen by the player who
takes it, so every player plays for itself; in cooperative games everyone's reward is the
shared one.

The tree is keyed by actions, not states, so the same tree serves many sampled worlds:
that is the single-observer information-set MCTS of Cowling, Powley and Whitehouse
(2012). An action seen in some worlds but not others is judged against how often it was
*available* (its availability count) rather than against its parent's visits.

Below the root the tree follows :func:`~crabrules.agents.match.play_match`: in sequential
and simultaneous games the lowest active player acts next, in real-time games anyone
active. At the root only the deciding player's actions are candidates.

>>> import crabrules
>>> from crabrules import Rng
>>> game = crabrules.get_game("crab-stack")
>>> state = game.initial_state(seed=1)
>>> legal = game.legal_actions(state)
>>> search = Search(game, legal, Budget(iterations=50))
>>> best = search.run(lambda rng: (state, rng), Rng.from_seed(2))
>>> best in legal
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import attrs

from crabrules.agents.base import Agent, AnyGame, Decision, Turn, stamped
from crabrules.agents.match import StalledError, next_decision
from crabrules.agents.plausible import PlausibleAgent
from crabrules.agents.timing import Table, TimingSeat, Wait
from crabrules.agents.value import estimate, rewards
from crabrules.core import Dynamics, InvalidConfigError, PlayerId, Rng, Utility

__all__ = [
    "DEFAULT_DEPTH",
    "EXPLORATION",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "MAX_SECONDS",
    "Budget",
    "Node",
    "Search",
    "Worlds",
    "decide",
]

#: UCB1's exploration constant for rewards in [0, 1]: sqrt(2), as in Kocsis and Szepesvári.
EXPLORATION = math.sqrt(2)
#: Random play in a rollout stops after this many actions and is judged by
#: :func:`~crabrules.agents.value.estimate`, unless the game's
#: :attr:`~crabrules.core.SearchHints.rollout_depth` says otherwise (a game whose
#: estimate follows the lead closely stops sooner, and gets more rollouts).
DEFAULT_DEPTH = 200

#: The most iterations a budget may have: a million imagined games per decision.
MAX_ITERATIONS = 1_000_000
#: The most seconds a budget may have per decision: ten minutes.
MAX_SECONDS = 600.0
#: The deepest rollout a budget may ask for.
MAX_DEPTH = 1_000_000

#: A source of worlds: given a generator, a state to search and the next generator.
Worlds = Callable[[Rng], tuple[Any, Rng]]


def _up_to(maximum: float, types: tuple[type, ...]) -> Callable[..., None]:
    # A validator: None, or a value of one of ``types`` above 0 and at most ``maximum``.
    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None:
            return
        if type(value) not in types or not 0 < value <= maximum:  # type: ignore[operator]
            kind = "a positive integer" if types == (int,) else "a positive number"
            raise InvalidConfigError(
                f"{attribute.name}: {kind} at most {maximum:,.0f}, not {value!r:.40}"
            )

    return check


@attrs.frozen
class Budget:
    """How long a search thinks: ``iterations``, or ``seconds`` of wall-clock time.

    With ``seconds`` set, the search stops at whichever comes first, so its choices then
    depend on the machine's speed: only an iteration budget is reproducible. Each is
    bounded (:data:`MAX_ITERATIONS`, :data:`MAX_SECONDS`, :data:`MAX_DEPTH`), so a
    decision always ends.

    Attributes:
        iterations: imagined games per decision.
        seconds: the longest a decision may take (``None``: no time limit).
        depth: actions of play per rollout before the game is judged unfinished
            (``None``: the game's :attr:`~crabrules.core.SearchHints.rollout_depth`,
            else :data:`DEFAULT_DEPTH`).

    >>> Budget(iterations=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: iterations: a positive integer at most ..., not 0
    """

    iterations: int = attrs.field(default=1000, validator=_up_to(MAX_ITERATIONS, (int,)))
    seconds: float | None = attrs.field(default=None, validator=_up_to(MAX_SECONDS, (int, float)))
    depth: int | None = attrs.field(default=None, validator=_up_to(MAX_DEPTH, (int,)))

    def depth_for(self, game: AnyGame) -> int:
        """The rollout depth in ``game``: :attr:`depth`, or the game's default.

        >>> import crabrules
        >>> Budget().depth_for(crabrules.get_game("oh-crab"))
        40
        >>> Budget(depth=7).depth_for(crabrules.get_game("oh-crab"))
        7
        """
        if self.depth is not None:
            return self.depth
        hinted = game.search.rollout_depth
        return DEFAULT_DEPTH if hinted is None else hinted


class Node:
    """One action's statistics: visits, availability, and the rewards it earned each player."""

    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.children: dict[Any, Node] = {}


class _Waiting:
    """The searching player while it waits: it lets the others act."""

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        return None


def _seat_rngs(rng: Rng, players: int) -> tuple[list[Rng], Rng]:
    rngs = []
    for _ in range(players):
        rng, seat = rng.split()
        rngs.append(seat)
    return rngs, rng


class Search:
    """One decision's search: :meth:`run` returns the root action visited most.

    A candidate may be :class:`~crabrules.agents.timing.Wait` (a timing choice): then
    the candidates are compared flat, each world played out after each of them, a wait
    moving the world on by the other players' next action, played by casual players.

    ``casual_rollouts`` says how a rollout plays: ``True``, by casual players (the
    game's plausible agents, or ``table``'s); ``False``, uniformly at random; ``None``
    (the default), casual where random play says little about a position (a game whose
    random play need not end, and a cooperative game), random elsewhere.
    """

    def __init__(
        self,
        game: AnyGame,
        candidates: tuple[Any, ...],
        budget: Budget,
        now: float = 0.0,
        table: Table | None = None,
        *,
        casual_rollouts: bool | None = None,
    ) -> None:
        self.game = game
        self.table = table  # the casual players of rollouts (None: fresh ones)
        self.now = now  # the game clock, for the casual players of real-time rollouts
        self.candidates = candidates
        self.budget = budget
        self.depth = budget.depth_for(game)
        self.real_time = game.info.dynamics is Dynamics.REAL_TIME
        if casual_rollouts is None:
            info = game.info
            casual_rollouts = (
                info.max_random_steps is not None or info.utility is Utility.COOPERATIVE
            )
        self.casual_rollouts = casual_rollouts
        self.root: Node | None = None

    def run(self, worlds: Worlds, rng: Rng) -> Any:
        """Search worlds drawn from ``worlds`` and return the best candidate action."""
        if len(self.candidates) == 1:
            return self.candidates[0]
        if any(isinstance(action, Wait) for action in self.candidates):
            return self._compare(worlds, rng)
        deadline = self._deadline()
        root: Node | None = None
        for _ in range(self.budget.iterations):
            world, rng = worlds(rng)
            if root is None:
                root = Node(self.game.num_players(world))
            rng = self._iterate(root, world, rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        assert root is not None
        self.root = root
        # The most visited action is the most robust choice (Browne et al., 2012).
        return max(
            self.candidates, key=lambda a: root.children[a].visits if a in root.children else -1
        )

    def _deadline(self) -> float | None:
        if self.budget.seconds is None:
            return None
        return time.perf_counter() + self.budget.seconds

    def _compare(self, worlds: Worlds, rng: Rng) -> Any:
        # Timing (act, or wait): each world is played out after every option with the
        # same generator (common random numbers), the budget shared among the options,
        # so the few tokens a call wins or loses are not drowned by the rollouts' noise.
        # The first option (the action) wins ties.
        me = next(a.player for a in self.candidates if isinstance(a, Wait))
        totals = [0.0] * len(self.candidates)
        rounds = max(self.budget.iterations // len(self.candidates), 1)
        deadline = self._deadline()
        for _ in range(rounds):
            world, rng = worlds(rng)
            rng, shared = rng.split()
            for i, action in enumerate(self.candidates):
                state, sub = self._step(world, action, shared)
                value, _ = self._rollout(state, sub, isinstance(action, Wait))
                totals[i] += value[me]
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(range(len(totals)), key=lambda i: (totals[i], -i))
        return self.candidates[best]

    def _iterate(self, root: Node, state: Any, rng: Rng) -> Rng:
        game = self.game
        node, path = root, [root]
        legal = self.candidates
        while True:
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action, rng = rng.choice(untried)
                child = Node(len(root.totals))
                child.available = 1
                node.children[action] = child
                path.append(child)
                state = game.apply(state, action, check=False)
                break
            action = self._select(node, legal)
            node = node.children[action]
            path.append(node)
            state = game.apply(state, action, check=False)
            if game.is_terminal(state):
                break
            legal = self._actions(state)
        value, rng = self._rollout(state, rng, waited=False)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for player, reward in enumerate(value):
                totals[player] += reward
        return rng

    def _step(self, state: Any, action: Any, rng: Rng) -> tuple[Any, Rng]:
        if isinstance(action, Wait):
            return self._others_act(state, action.player, rng)
        return self.game.apply(state, action, check=False), rng

    def _others_act(self, state: Any, me: PlayerId, rng: Rng) -> tuple[Any, Rng]:
        # Waiting: the next action at the table is the other players', played casually.
        agents = self._players(state, True)
        agents[me] = _Waiting()
        rngs, rng = _seat_rngs(rng, len(agents))
        try:
            _, decision = next_decision(self.game, state, agents, rngs, self.now)
        except StalledError:
            return state, rng  # nobody else acts: the position stands
        return self.game.apply(state, decision.action, check=False), rng

    def _players(self, state: Any, waited: bool) -> list[Agent]:
        if self.table is not None:
            return self.table(state, waited)
        return [PlausibleAgent() for _ in range(self.game.num_players(state))]

    def _select(self, node: Node, legal: tuple[Any, ...]) -> Any:
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action]
            mean = child.totals[action.player] / child.visits
            score = mean + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _actions(self, state: Any) -> tuple[Any, ...]:
        # As play_match asks: the lowest active player, or anyone active in real time.
        if self.real_time:
            return self.game.legal_actions(state)
        return self.game.legal_actions(state, min(self.game.active_players(state)))

    def _rollout(self, state: Any, rng: Rng, waited: bool) -> tuple[tuple[float, ...], Rng]:
        game = self.game
        if self.casual_rollouts:
            state, rng = self._casual_rollout(state, rng, waited)
        else:
            for _ in range(self.depth):
                if game.is_terminal(state):
                    break
                action, rng = rng.choice(self._actions(state))
                state = game.apply(state, action, check=False)
        outcome = game.outcome(state)
        if outcome is None:
            return estimate(game, state), rng
        return rewards(game, outcome, state), rng

    def _casual_rollout(self, state: Any, rng: Rng, waited: bool) -> tuple[Any, Rng]:
        # A game whose random play need not end (You've Got Crabs) says nothing about its
        # positions when played out at random, nor does a cooperative one (random pairs
        # of La Marche du Crabe lose every game), so by default their rollouts are played
        # by casual players, new for each rollout (in real time, knowing the standing
        # signals).
        game = self.game
        agents = self._players(state, waited)
        rngs, rng = _seat_rngs(rng, len(agents))
        now = self.now
        for _ in range(self.depth):
            if game.is_terminal(state):
                break
            try:
                _, decision = next_decision(game, state, agents, rngs, now)
            except StalledError:
                break  # the casual players all wait: judge the position as it stands
            state = game.apply(state, decision.action, check=False)
            now = max(now, decision.at)
        return state, rng


def decide(
    turn: Turn,
    rng: Rng,
    budget: Budget,
    worlds: Worlds,
    timing: TimingSeat,
) -> Decision | None:
    """Search ``turn`` over ``worlds`` and take the best action, or wait.

    In real-time play (:mod:`~crabrules.agents.timing`) the game's timing player
    (``timing.player_for(game)``, registered by the game's id) proposes when to act and the
    actions its casual player finds as good as its own. When a wait would pass over some
    of them (in You've Got Crabs, a call), waiting
    (:class:`~crabrules.agents.timing.Wait`) is searched too, and if it wins the agent
    answers ``None``. The worlds are those the timing player believes, and it names the
    rollouts' casual players. The timing player is asked at every turn, so it remembers
    what it saw; ``timing.patience`` remembers where the agent waited, so that it waits
    once per moment and never stalls the table. For any other game nothing is built for
    timing, and the search is over the legal actions.
    """
    game = turn.game
    player = timing.player_for(game)
    if player is None:
        return Decision(Search(game, turn.legal, budget).run(worlds, rng), turn.now)
    rng, casual_rng = rng.split()
    when, options = player.options(turn, casual_rng)
    if when is None:
        return None
    me = turn.player
    view = turn.observation
    passed = player.passed(options)
    if passed and timing.patience.may_wait(view):
        options = (*options, Wait(me))

    def believed(rng: Rng) -> tuple[Any, Rng]:
        world, rng = worlds(rng)
        return player.believed(world, me), rng

    players = player.rollout_players(me, passed)
    action = Search(game, options, budget, turn.now, players).run(believed, rng)
    if isinstance(action, Wait):
        timing.patience.waited(view)
        return None
    return Decision(stamped(action, when.at), when.at)
