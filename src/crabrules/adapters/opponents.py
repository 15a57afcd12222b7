"""The Gymnasium environment's opponents: agents, policies, and pools of policy snapshots.

An opponent seat is played by one of:

- an **agent**, a name (``"random"``, ``"plausible"``, ``"mcts:200"``) or an agent object,
  as everywhere in crabrules (:mod:`crabrules.agents`); each episode plays a fresh copy;
- a **policy**: a callable ``policy(observation, action_mask) -> action number``, that
  sees what a learner at that seat would see (the seat's observation tensor, and a
  boolean mask of its legal numbers), or a saved policy object with sb3's
  ``predict(observation, action_masks=mask, deterministic=True)`` (a loaded
  ``MaskablePPO``, say). It is called as it is, never copied; in real-time play it acts
  at once, at the table's clock;
- a :class:`SnapshotPool` of any of those: each episode, each seat it plays draws one of
  them with the environment's seeded generator, so a seeded run draws the same ones.

A policy that raises, or answers anything but a legal action number, stops the step with
an :class:`OpponentPolicyError` that names the seat and the policy.

>>> def first_legal(observation, mask):
...     return int(mask.nonzero()[0][0])
>>> pool = SnapshotPool([first_legal, "random"])
>>> len(pool), pool.labels
(2, ('first_legal', 'random'))
>>> SnapshotPool([])
Traceback (most recent call last):
...
crabrules.core.errors.InvalidConfigError: opponents: a SnapshotPool needs at least one snapshot
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from crabrules.adapters.config import action_number
from crabrules.agents import Agent, AgentError, AgentSpec, Decision, Turn
from crabrules.agents.base import NotAnAgentError, own_label
from crabrules.agents.registry import check_agent, fresh_agent
from crabrules.core import InvalidConfigError, Rng
from crabrules.encoding import Encoding

__all__ = [
    "Opponent",
    "OpponentPolicyError",
    "Policy",
    "PolicyAgent",
    "SavedPolicy",
    "SnapshotPool",
    "check_opponent",
    "is_policy",
    "opponent_label",
    "seat_agent",
]


class SavedPolicy(Protocol):
    """A saved policy object, as sb3's models are: ``predict`` gives ``(action, state)``."""

    def predict(self, observation: Any, action_masks: Any, deterministic: bool) -> Any:
        """The action for ``observation``, among the 1s of ``action_masks``, and a state."""


#: A policy: from an observation tensor and a boolean mask of legal numbers, a number; or
#: a saved policy object.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], Any] | SavedPolicy


class OpponentPolicyError(AgentError):
    """An opponent policy raised, or answered something that is not a legal action number.

    The message names the seat and the policy (a pool's snapshot by its index too); an
    exception the policy raised is this error's ``__cause__``.
    """


def is_policy(value: object) -> bool:
    """Whether ``value`` is taken as a policy: no agent's ``act``, but ``predict`` or a call.

    >>> is_policy(lambda observation, mask: 0), is_policy("random"), is_policy(3)
    (True, False, False)
    """
    if isinstance(value, str) or callable(getattr(value, "act", None)):
        return False
    return callable(getattr(value, "predict", None)) or callable(value)


def opponent_label(opponent: object) -> str:
    """How errors and :attr:`SnapshotPool.labels` name an opponent.

    A name is itself; an object goes by its ``label`` or ``name``, a function by its name.

    >>> def greedy(observation, mask):
    ...     return 0
    >>> opponent_label(greedy), opponent_label("mcts:200")
    ('greedy', 'mcts:200')
    """
    if isinstance(opponent, str):
        return opponent
    label = own_label(opponent)
    if label in ("function", "method", "builtin_function_or_method"):
        return str(getattr(opponent, "__qualname__", label))
    return label


class SnapshotPool:
    """Opponents to draw from, one per episode and seat: snapshots of earlier policies.

    Args:
        snapshots: policies, saved policy objects or agents (see the module), at least one.
        limit: keep at most this many; :meth:`add` then drops the oldest. ``None``: all.

    Raises:
        InvalidConfigError: no snapshot, or a ``limit`` that is not a positive int.
        NotAnAgentError: a snapshot that is neither a policy nor an agent.
        UnknownAgentError: a name that is not an agent.
    """

    def __init__(self, snapshots: Iterable[Policy | AgentSpec], *, limit: int | None = None):
        if limit is not None and (type(limit) is not int or limit < 1):
            raise InvalidConfigError(f"limit: a positive int or None, not {limit!r:.40}")
        self.limit = limit
        self._snapshots: list[Policy | AgentSpec] = []
        for snapshot in snapshots:
            self.add(snapshot)
        if not self._snapshots:
            raise InvalidConfigError("opponents: a SnapshotPool needs at least one snapshot")

    def add(self, snapshot: Policy | AgentSpec) -> None:
        """Add ``snapshot`` (checked), dropping the oldest beyond :attr:`limit`.

        The environment draws from the pool as it is at each ``reset``.
        """
        where = f"opponents: SnapshotPool[{len(self._snapshots)}]"
        if not is_policy(snapshot):
            check_agent(snapshot, where)
        self._snapshots.append(snapshot)
        if self.limit is not None:
            del self._snapshots[: -self.limit]

    def __len__(self) -> int:
        return len(self._snapshots)

    def __getitem__(self, index: int) -> Policy | AgentSpec:
        return self._snapshots[index]

    @property
    def labels(self) -> tuple[str, ...]:
        """Each snapshot's label (:func:`opponent_label`), oldest first."""
        return tuple(opponent_label(snapshot) for snapshot in self._snapshots)

    def __repr__(self) -> str:
        return f"SnapshotPool({list(self.labels)!r}, limit={self.limit!r})"


#: What an opponent seat takes.
Opponent = AgentSpec | Policy | SnapshotPool


def check_opponent(value: object, where: str) -> Opponent:
    """``value`` itself if it is an agent, a policy or a pool; else a refusal naming ``where``.

    Raises:
        NotAnAgentError: neither an agent (no ``act``) nor a policy (not callable).
        UnknownAgentError: a name that is not an agent.
    """
    if isinstance(value, SnapshotPool) or is_policy(value):
        return value  # type: ignore[return-value]  # a policy is any callable
    try:
        return check_agent(value, where)
    except NotAnAgentError:
        raise NotAnAgentError(
            f"{where}: {type(value).__name__!r} is no opponent: an opponent is an agent (a "
            "name or an object with act(turn, rng)), a policy (observation, mask) -> number, "
            "an object with predict(observation, action_masks=...), or a SnapshotPool"
        ) from None


def seat_agent(
    opponent: Opponent, encoding: Encoding[Any, Any, Any], seat: int, rng: np.random.Generator
) -> Agent:
    """The agent that plays ``seat`` for one episode: a pool's draw, a fresh or wrapped one.

    ``rng`` draws from a pool (and from nothing else).
    """
    label = opponent_label(opponent)
    if isinstance(opponent, SnapshotPool):
        index = int(rng.integers(len(opponent)))
        label = f"SnapshotPool[{index}]: {opponent.labels[index]}"
        opponent = opponent[index]
    if is_policy(opponent):
        return PolicyAgent(opponent, encoding, f"seat {seat}'s policy ({label})")
    return fresh_agent(opponent)  # type: ignore[arg-type]  # not a policy: an agent


class PolicyAgent:
    """A policy playing as an agent: it is given the seat's tensor and mask, answers a number.

    Args:
        policy: a callable ``(observation, mask) -> number``, or an object with ``predict``.
        encoding: the game's encoding, which makes the tensor and numbers the actions.
        label: how errors name it.
    """

    def __init__(self, policy: Any, encoding: Encoding[Any, Any, Any], label: str) -> None:
        self.policy = policy
        self.encoding = encoding
        self.label = label

    def act(self, turn: Turn, rng: Rng) -> Decision:
        """The policy's number for ``turn``, checked, as the legal action it names.

        Raises:
            OpponentPolicyError: the policy raised, or its answer is not a legal number.
        """
        encoding = self.encoding
        observation = encoding.observation_tensor(turn.observation)
        legal = {encoding.action_to_int(action): action for action in turn.legal}
        mask = np.zeros(encoding.num_distinct_actions, dtype=np.bool_)
        mask[list(legal)] = True
        try:
            answer = self._ask(observation, mask)
        except Exception as error:  # the policy's own code failed: name it, keep the cause
            raise OpponentPolicyError(
                f"{self.label} raised {type(error).__name__}: {error}"
            ) from error
        number = action_number(answer)
        if number not in legal:
            what = "a legal action number" if number >= 0 else "an action number (an int)"
            shown = ", ".join(str(n) for n in sorted(legal)[:10])
            more = ", ..." if len(legal) > 10 else ""
            raise OpponentPolicyError(
                f"{self.label} answered {answer!r:.40}, not {what} (legal now: {shown}{more})"
            )
        return Decision(legal[number], turn.now)

    def _ask(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Any:
        predict = getattr(self.policy, "predict", None)
        if callable(predict):  # sb3's models: (actions, states)
            return predict(observation, action_masks=mask, deterministic=True)[0]
        return self.policy(observation, mask)
