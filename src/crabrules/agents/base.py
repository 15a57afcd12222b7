"""What an agent is told and what it answers: :class:`Turn`, :class:`Decision`, :class:`Agent`.

An agent is asked for a decision whenever its player may act. It is given a :class:`Turn`
(the game, its player, what that player sees, the legal actions and the clock) and a
seeded :class:`~crabrules.Rng`, and answers with a :class:`Decision`: an action, and the
time on the game's clock at which it is taken. In sequential games the time is simply
now; in real-time play (You've Got Crabs) it orders the players' decisions, and an action
that carries a time (a ``Call``) is stamped with it. An agent may also answer ``None``,
"nothing for now", where the game lets a player wait (real-time play).

>>> import crabrules
>>> from crabrules.agents import RandomAgent
>>> game = crabrules.get_game("crab-stack")
>>> state = game.initial_state(seed=1)
>>> turn = Turn.of(game, state, 1)
>>> decision = RandomAgent().act(turn, crabrules.Rng.from_seed(5))
>>> decision.action in turn.legal, decision.at
(True, 0.0)
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from crabrules.core import CrabRulesError, Game, Information, PlayerId, Rng

__all__ = [
    "Agent",
    "AnyGame",
    "Decision",
    "HiddenStateError",
    "NotAnAgentError",
    "Turn",
    "check_is_agent",
    "own_label",
    "stamped",
]

AnyGame = Game[Any, Any, Any, Any]


class HiddenStateError(CrabRulesError, AttributeError):
    """An agent asked for the whole state of a hidden-information game."""


@attrs.frozen
class Turn:
    """One player's moment to act, as an agent may know it.

    The true state stays private: a hidden-information game shows the agent only
    :attr:`observation`, and worlds it cannot tell from the real one
    (:meth:`determinize`). For a perfect-information game :attr:`state` is the state.

    Attributes:
        game: the game being played.
        player: who is to decide.
        legal: that player's legal actions now, in the game's order.
        now: the game clock's time, in seconds: when the latest action was taken.
    """

    game: AnyGame
    player: PlayerId
    legal: tuple[Any, ...]
    now: float
    _state: Any = attrs.field(alias="state", repr=False)

    @classmethod
    def of(cls, game: AnyGame, state: Any, player: PlayerId, now: float = 0.0) -> Turn:
        """The turn of ``player`` in ``state``, with their legal actions.

        >>> import crabrules
        >>> game = crabrules.get_game("la-marche-du-crabe")
        >>> turn = Turn.of(game, game.initial_state(seed=2), 0)
        >>> turn.player, len(turn.legal) > 0
        (0, True)
        """
        return cls(game, player, game.legal_actions(state, player), now, state)

    @property
    def perfect_information(self) -> bool:
        """Whether the game hides nothing, so the agent may see the whole state."""
        return self.game.info.information is Information.PERFECT

    @property
    def observation(self) -> Any:
        """What the player sees: ``game.observe(state, player)``."""
        return self.game.observe(self._state, self.player)

    @property
    def state(self) -> Any:
        """The whole state, for a perfect-information game.

        Raises:
            HiddenStateError: the game hides information; use :attr:`observation` and
                :meth:`determinize`.

        >>> import crabrules
        >>> game = crabrules.get_game("oh-crab")
        >>> Turn.of(game, game.initial_state(seed=2), 0).state  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        crabrules.agents.base.HiddenStateError: Oh Crab! hides information: ...
        """
        if not self.perfect_information:
            raise HiddenStateError(
                f"{self.game.info.name} hides information: "
                "an agent sees the observation and determinized worlds"
            )
        return self._state

    def determinize(self, seed: int) -> Any:
        """A full state the player cannot tell from the real one, drawn from ``seed``.

        Everything hidden from the player is re-sampled; with nothing hidden, it is the
        state itself.

        >>> import crabrules
        >>> game = crabrules.get_game("youve-got-crabs")
        >>> turn = Turn.of(game, game.initial_state(seed=3), 0)
        >>> world = turn.determinize(7)
        >>> game.observe(world, 0) == turn.observation
        True
        """
        if self.perfect_information:
            return self._state
        return self.game.determinize(self._state, self.player, seed)


@attrs.frozen
class Decision:
    """What an agent answers: ``action``, taken at time ``at`` on the game's clock.

    Attributes:
        action: one of the turn's legal actions (a ``Call`` may carry another time).
        at: when the action is taken, in seconds, at least :attr:`Turn.now`. In real-time
            play the earliest decision is applied first; otherwise it is :attr:`Turn.now`.

    >>> Decision("pass", 1.5)
    Decision(action='pass', at=1.5)
    """

    action: Any
    at: float = 0.0


class Agent(Protocol):
    """Anything that chooses actions: ``act(turn, rng)`` returns a decision or ``None``.

    An agent is deterministic: the same turns and generators give the same decisions. It
    may remember what it saw earlier in the same game (who signalled, say), so a game
    needs agents of its own: :func:`crabrules.agents.make_agent` makes fresh ones.
    ``None`` means "nothing for now" and is allowed only in real-time play, where another
    player's action will come.
    """

    def act(self, turn: Turn, rng: Rng) -> Decision | None:
        """The decision of ``turn.player``, drawing any randomness from ``rng``."""


class NotAnAgentError(CrabRulesError, TypeError):
    """A value given as an agent that is not one: it has no ``act(turn, rng)`` method.

    >>> check_is_agent(object(), "agents[0]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    crabrules.agents.base.NotAnAgentError: agents[0]: an object has no act(turn, rng) method; ...
    """


def check_is_agent(value: object, where: str) -> Agent:
    """``value`` itself if it has the :class:`Agent` protocol's ``act``, else a refusal.

    Raises:
        NotAnAgentError: ``value`` has no callable ``act``; the message names ``where``.
    """
    if not callable(getattr(value, "act", None)):
        raise NotAnAgentError(
            f"{where}: {_a(type(value).__name__)} has no act(turn, rng) method; an agent is an "
            "object whose act(turn, rng) returns a Decision (see crabrules.agents.Agent)"
        )
    return value  # type: ignore[return-value]  # it has the protocol's one method


def own_label(agent: object) -> str:
    """What ``agent`` calls itself: its string ``label``, else its ``name``, else its class.

    >>> class Bot:
    ...     label = "greedy"
    >>> own_label(Bot()), own_label(object())
    ('greedy', 'object')
    """
    for attribute in ("label", "name"):
        value = getattr(agent, attribute, None)
        if isinstance(value, str) and value:
            return value
    return type(agent).__qualname__


def _a(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def stamped(action: Any, at: float) -> Any:
    """``action`` taken at time ``at``: with its ``time`` field set, if it has one.

    Real-time actions carry their clock time (You've Got Crabs' ``Call``); the others are
    returned unchanged.

    >>> from crabrules import youve_got_crabs as ygc
    >>> stamped(ygc.Call(player=0, target=1), 12.5).time
    12.5
    >>> stamped(ygc.Signal(player=0), 12.5)
    Signal(player=0)
    """
    if attrs.has(type(action)) and any(f.name == "time" for f in attrs.fields(type(action))):
        return attrs.evolve(action, time=at)
    return action
