"""Adventure mode: a campaign of beaches played one after the other.

A :class:`Campaign` is data: a name and an ordered tuple of
:class:`~crabrules.marche_du_crabe.beaches.Beach` definitions. A :class:`CampaignState`
is the progress of one adventure: the beach layout (laid out once, for the first beach,
and never redealt), the Shrimps carried over, the beaches won and the one lost. It is an
ordinary frozen value, so ``to_json`` saves it and ``from_json`` resumes it.

Each beach is an ordinary game: :func:`beach_config` gives its
:class:`~crabrules.marche_du_crabe.config.Config` (the beach, the Shrimps carried, the
layout kept), played through the normal API; :func:`finish_beach` records the result.
Beaches may be played in any order; losing one ends the adventure.

>>> from crabrules.marche_du_crabe import apply, legal_actions, is_terminal
>>> progress = start_campaign(REFERENCE_CAMPAIGN, seed=3)
>>> next_beach(progress)
0
>>> state = start_beach(progress, 0, seed=11)
>>> while not is_terminal(state):
...     state = apply(state, legal_actions(state)[0])
>>> progress = finish_beach(progress, 0, state)
>>> progress.lost, campaign_over(progress)
(0, True)
"""

from __future__ import annotations

import attrs

from crabrules.core import InvalidConfigError, Rng, serialize
from crabrules.core.errors import ContentError
from crabrules.core.rng import SEED_LIMIT, resolve_seed
from crabrules.marche_du_crabe.beaches import REFERENCE_BEACHES, Beach
from crabrules.marche_du_crabe.board import Layout, layout_problem, random_layout
from crabrules.marche_du_crabe.config import MAX_SHRIMPS, Config
from crabrules.marche_du_crabe.rules import initial_state
from crabrules.marche_du_crabe.state import State, Termination

__all__ = [
    "REFERENCE_CAMPAIGN",
    "Campaign",
    "CampaignState",
    "beach_config",
    "campaign_over",
    "campaign_won",
    "check_campaign_state",
    "finish_beach",
    "next_beach",
    "start_beach",
    "start_campaign",
]


@attrs.frozen
class Campaign:
    """An adventure as data: beaches in their deck order.

    Attributes:
        name: the campaign's name.
        beaches: the beaches, first to last (they may be played in any order).

    Raises:
        ContentError: no beaches, or two with the same name.
    """

    name: str
    beaches: tuple[Beach, ...]

    def __attrs_post_init__(self) -> None:
        if not self.beaches or not all(isinstance(b, Beach) for b in self.beaches):
            raise ContentError("beaches: a campaign has at least one Beach")
        names = [b.name for b in self.beaches]
        if len(set(names)) != len(names):
            raise ContentError("beaches: each beach of a campaign has its own name")


#: The base beach and the library's own seven beaches (see
#: :mod:`~crabrules.marche_du_crabe.beaches`).
REFERENCE_CAMPAIGN = Campaign("La Grande Marche", REFERENCE_BEACHES)


@attrs.frozen
class CampaignState:
    """The progress of one adventure; serialise it to save, load it to resume.

    Attributes:
        campaign: the campaign played.
        seed: the seed the beach was laid out from.
        layout: the Beach cards as laid out for the first beach, kept for all.
        shrimps: the live Shrimps carried into the next beach.
        won: the indices of the beaches won, in the order they were played.
        lost: the index of the beach lost, which ended the adventure, or ``None``.
    """

    campaign: Campaign
    seed: int
    layout: Layout
    shrimps: int = MAX_SHRIMPS
    won: tuple[int, ...] = ()
    lost: int | None = None


def check_campaign_state(progress: CampaignState) -> None:
    """Refuse a loaded campaign state that no adventure can reach.

    Raises:
        ValueError: what is impossible about ``progress``.
    """
    count = len(progress.campaign.beaches)
    if not 0 <= progress.seed < SEED_LIMIT:
        raise ValueError("seed: an int in [0, 2**64)")
    problem = layout_problem(progress.layout)
    if problem is not None:
        raise ValueError(f"layout: {problem}")
    if not 0 <= progress.shrimps <= MAX_SHRIMPS:
        raise ValueError(f"shrimps: 0 to {MAX_SHRIMPS}")
    played = [*progress.won, *([] if progress.lost is None else [progress.lost])]
    if any(not 0 <= b < count for b in played) or len(set(played)) != len(played):
        raise ValueError("won, lost: different beaches of the campaign")


serialize.register_check(CampaignState, check_campaign_state)


def start_campaign(
    campaign: Campaign = REFERENCE_CAMPAIGN, *, seed: int | None = None
) -> CampaignState:
    """Begin an adventure: lay out the beach from ``seed`` (drawn when ``None``), 5 Shrimps.

    Raises:
        InvalidConfigError: the seed is not an int in ``[0, 2**64)``.
    """
    seed = resolve_seed(seed)
    layout, _ = random_layout(Rng.from_seed(seed))
    return CampaignState(campaign, seed, layout)


def campaign_over(progress: CampaignState) -> bool:
    """Tell whether the adventure has ended: a beach was lost, or every beach is won."""
    return progress.lost is not None or len(progress.won) == len(progress.campaign.beaches)


def campaign_won(progress: CampaignState) -> bool:
    """Tell whether every beach of the campaign is won."""
    return progress.lost is None and len(progress.won) == len(progress.campaign.beaches)


def next_beach(progress: CampaignState) -> int | None:
    """Return the first beach not yet won, in deck order; ``None`` once the adventure ends."""
    if campaign_over(progress):
        return None
    return next(b for b in range(len(progress.campaign.beaches)) if b not in progress.won)


def beach_config(progress: CampaignState, beach: int) -> Config:
    """Build the config of beach number ``beach``: its rules, Shrimps carried, layout.

    Raises:
        InvalidConfigError: the adventure is over, or that beach is won or does not exist.
    """
    count = len(progress.campaign.beaches)
    if progress.lost is not None:
        raise InvalidConfigError(f"beach: the adventure ended when beach {progress.lost} was lost")
    if type(beach) is not int or not 0 <= beach < count:
        raise InvalidConfigError(
            f"beach: the campaign has beaches 0 to {count - 1}, not {beach!r}"
        )
    if beach in progress.won:
        raise InvalidConfigError(f"beach: beach {beach} is already won")
    return Config(
        beach=progress.campaign.beaches[beach], shrimps=progress.shrimps, layout=progress.layout
    )


def start_beach(progress: CampaignState, beach: int, *, seed: int | None = None) -> State:
    """Set up beach number ``beach``: ``initial_state(beach_config(...), seed=seed)``.

    The layout is kept; the Forbidden Items are dealt afresh, the decks are full again
    and every Item shows.
    """
    return initial_state(beach_config(progress, beach), seed=seed)


def finish_beach(progress: CampaignState, beach: int, final: State) -> CampaignState:
    """Record the end of beach number ``beach``, whose last state is ``final``.

    A win carries the Shrimps left into the next beach; a loss ends the adventure.

    Raises:
        InvalidConfigError: ``final`` is not a finished game of that beach of this
            adventure.
    """
    config = beach_config(progress, beach)
    if not isinstance(final, State):
        raise InvalidConfigError(f"final: a State of La Marche du Crabe, not {final!r}")
    if final.termination is None:
        raise InvalidConfigError("final: the beach is not over yet")
    if final.beach != config.beach or final.layout != config.layout:
        raise InvalidConfigError(f"final: not a game of beach {beach} of this adventure")
    if final.termination is Termination.CRABS_FREED:
        return attrs.evolve(progress, shrimps=final.shrimps, won=(*progress.won, beach))
    return attrs.evolve(progress, lost=beach)
