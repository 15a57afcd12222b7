"""Adventure mode: a campaign of beaches played one after the other.

A :class:`Campaign` is data: a name and an ordered tuple of
:class:`~crabrules.marche_du_crabe.beaches.Beach` definitions. A :class:`CampaignState`
is the progress of one adventure: the beach layout (laid out once, for the first beach,
and never redealt), the Shrimps carried over, the beaches won and the one lost, and the
beach in progress with the Shrimps it started with and its game. It is an ordinary frozen
value, so ``to_json`` saves it and ``from_json`` resumes it, between beaches or in the
middle of one.

Each beach is an ordinary game: :func:`start_beach` records the beach in progress and
returns its first state, played through the normal API; :func:`save_beach` records the
game as it stands, for a save in the middle of the beach; :func:`finish_beach` records
the result. Beaches may be played in any order; losing one ends the adventure.

>>> from crabrules.marche_du_crabe import apply, legal_actions, is_terminal
>>> progress = start_campaign(REFERENCE_CAMPAIGN, seed=3)
>>> next_beach(progress)
0
>>> progress, state = start_beach(progress, 0, seed=11)
>>> progress.playing, progress.started_with
(0, 5)
>>> while not is_terminal(state):
...     state = apply(state, legal_actions(state)[0])
>>> progress = finish_beach(progress, state)
>>> progress.lost, campaign_over(progress)
(0, True)
"""

from __future__ import annotations

import attrs

from crabrules.core import InvalidConfigError, Rng, serialize
from crabrules.core.errors import ContentError, InvalidStateError
from crabrules.core.rng import SEED_LIMIT, resolve_seed
from crabrules.marche_du_crabe._board import CELLS, Layout, layout_problem, random_layout
from crabrules.marche_du_crabe._config import MAX_SHRIMPS, Config
from crabrules.marche_du_crabe._content import Icon
from crabrules.marche_du_crabe._rules import initial_state
from crabrules.marche_du_crabe._state import State, Termination, check_state
from crabrules.marche_du_crabe.beaches import REFERENCE_BEACHES, Beach, Modifier

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
    "save_beach",
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
        ContentError: no name, no beaches, or two with the same name.

    >>> Campaign("c", 5)
    Traceback (most recent call last):
    ...
    crabrules.core.errors.ContentError: beaches: a tuple of at least one Beach, not 5
    """

    name: str
    beaches: tuple[Beach, ...]

    def __attrs_post_init__(self) -> None:
        if type(self.name) is not str or not self.name:
            raise ContentError(f"name: a campaign has a non-empty name, not {self.name!r}")
        if (
            type(self.beaches) is not tuple
            or not self.beaches
            or not all(type(b) is Beach for b in self.beaches)
        ):
            raise ContentError(
                f"beaches: a tuple of at least one Beach, not {self.beaches!r}"[:160]
            )
        names = [b.name for b in self.beaches]
        if len(set(names)) != len(names):
            raise ContentError("beaches: each beach of a campaign has its own name")


#: The base beach and the library's own ten beaches (see
#: :mod:`~crabrules.marche_du_crabe.beaches`): eleven, as the rulebook's Adventure deck.
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
        playing: the index of the beach in progress, or ``None`` between beaches.
        started_with: the Shrimps the beach in progress started with (all 5 on a beach
            with fresh Shrimps, else those carried), or ``None`` between beaches.
        game: the game of the beach in progress as last recorded (by
            :func:`start_beach` or :func:`save_beach`), or ``None`` between beaches.
    """

    campaign: Campaign
    seed: int
    layout: Layout
    shrimps: int = MAX_SHRIMPS
    won: tuple[int, ...] = ()
    lost: int | None = None
    playing: int | None = None
    started_with: int | None = None
    game: State | None = None


def check_campaign_state(progress: CampaignState) -> None:
    """Refuse a campaign state that no adventure can reach, such as a hand-edited save.

    Loading a campaign state runs this check.

    Raises:
        InvalidConfigError: ``progress`` is not a :class:`CampaignState`.
        InvalidStateError: what is impossible about ``progress``.

    >>> progress = start_campaign(seed=3)
    >>> check_campaign_state(progress)
    >>> check_campaign_state(attrs.evolve(progress, won=(0, 0)))
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidStateError: won, lost, playing: different beaches of the campaign
    """
    _check_progress(progress)
    count = len(progress.campaign.beaches)
    if not 0 <= progress.seed < SEED_LIMIT:
        raise InvalidStateError("seed: an int in [0, 2**64)")
    problem = layout_problem(progress.layout)
    if problem is not None:
        raise InvalidStateError(f"layout: {problem}")
    if not 0 <= progress.shrimps <= MAX_SHRIMPS:
        raise InvalidStateError(f"shrimps: 0 to {MAX_SHRIMPS}")
    played = [b for b in (*progress.won, progress.lost, progress.playing) if b is not None]
    if any(not 0 <= b < count for b in played) or len(set(played)) != len(played):
        raise InvalidStateError("won, lost, playing: different beaches of the campaign")
    if progress.lost is not None and progress.playing is not None:
        raise InvalidStateError("playing: no beach is in progress once the adventure is lost")
    in_progress = (progress.playing, progress.started_with, progress.game)
    if progress.playing is None or progress.started_with is None or progress.game is None:
        if in_progress != (None, None, None):
            raise InvalidStateError("playing, started_with, game: all set or all null")
        return
    beach = progress.campaign.beaches[progress.playing]
    fresh = Modifier.FRESH_SHRIMPS in beach.modifiers
    if progress.started_with != (MAX_SHRIMPS if fresh else progress.shrimps):
        raise InvalidStateError("started_with: the Shrimps carried (5 with fresh Shrimps)")
    check_state(progress.game)
    problem = _not_this_game(progress, progress.game)
    if problem is not None:
        raise InvalidStateError(f"game: {problem}")


serialize.register_check(CampaignState, check_campaign_state)


def _check_progress(progress: object) -> None:
    if type(progress) is not CampaignState:
        raise InvalidConfigError(f"progress: a CampaignState, not {progress!r}"[:120])


def start_campaign(
    campaign: Campaign = REFERENCE_CAMPAIGN, *, seed: int | None = None
) -> CampaignState:
    """Begin an adventure: lay out the beach from ``seed`` (drawn when ``None``), 5 Shrimps.

    Raises:
        InvalidConfigError: ``campaign`` is not a :class:`Campaign`, or the seed is not
            an integer in ``[0, 2**64)``.

    >>> start_campaign(seed=3).shrimps
    5
    >>> start_campaign("x")
    Traceback (most recent call last):
    ...
    crabrules.core.errors.InvalidConfigError: campaign: a Campaign, not 'x'
    """
    if type(campaign) is not Campaign:
        raise InvalidConfigError(f"campaign: a Campaign, not {campaign!r}"[:120])
    seed = resolve_seed(seed)
    layout, _ = random_layout(Rng.from_seed(seed))
    return CampaignState(campaign, seed, layout)


def campaign_over(progress: CampaignState) -> bool:
    """Tell whether the adventure has ended: a beach was lost, or every beach is won.

    >>> campaign_over(start_campaign(seed=3))
    False
    """
    _check_progress(progress)
    return progress.lost is not None or len(progress.won) == len(progress.campaign.beaches)


def campaign_won(progress: CampaignState) -> bool:
    """Tell whether every beach of the campaign is won.

    >>> campaign_won(start_campaign(seed=3))
    False
    """
    _check_progress(progress)
    return progress.lost is None and len(progress.won) == len(progress.campaign.beaches)


def next_beach(progress: CampaignState) -> int | None:
    """Return the beach in progress, else the first not yet won, in deck order.

    ``None`` once the adventure ends.

    >>> next_beach(start_campaign(seed=3))
    0
    """
    if campaign_over(progress):
        return None
    if progress.playing is not None:
        return progress.playing
    return next(b for b in range(len(progress.campaign.beaches)) if b not in progress.won)


def beach_config(progress: CampaignState, beach: int) -> Config:
    """Build the config of beach number ``beach``: its rules, Shrimps carried, layout.

    Raises:
        InvalidConfigError: the adventure is over, that beach is won or does not exist,
            or another beach is in progress.

    >>> beach_config(start_campaign(seed=3), 3).beach.name
    'High Tide'
    """
    _check_progress(progress)
    count = len(progress.campaign.beaches)
    if progress.lost is not None:
        raise InvalidConfigError(f"beach: the adventure ended when beach {progress.lost} was lost")
    if type(beach) is not int or not 0 <= beach < count:
        raise InvalidConfigError(
            f"beach: the campaign has beaches 0 to {count - 1}, not {beach!r}"
        )
    if beach in progress.won:
        raise InvalidConfigError(f"beach: beach {beach} is already won")
    if progress.playing is not None and progress.playing != beach:
        raise InvalidConfigError(f"beach: beach {progress.playing} is in progress")
    return Config(
        beach=progress.campaign.beaches[beach], shrimps=progress.shrimps, layout=progress.layout
    )


def start_beach(
    progress: CampaignState, beach: int, *, seed: int | None = None
) -> tuple[CampaignState, State]:
    """Set up beach number ``beach`` and record it as the beach in progress.

    The layout is kept; the Forbidden Items are dealt afresh, the decks are full again
    and every Item shows. Returns the progress, which records the beach, the Shrimps it
    starts with and its first state, and that first state.

    Raises:
        InvalidConfigError: see :func:`beach_config`; also when a beach is already in
            progress (an adventure does not restart a beach it has begun).

    >>> progress, state = start_beach(start_campaign(seed=3), 3, seed=51)
    >>> progress.playing, progress.started_with, state == progress.game
    (3, 5, True)
    """
    config = beach_config(progress, beach)
    if progress.playing is not None:
        raise InvalidConfigError(f"beach: beach {progress.playing} is already in progress")
    state = initial_state(config, seed=seed)
    return (
        attrs.evolve(progress, playing=beach, started_with=state.shrimps, game=state),
        state,
    )


def save_beach(progress: CampaignState, state: State) -> CampaignState:
    """Record ``state``, the game of the beach in progress as it stands, to save it.

    The returned progress holds everything needed to resume: ``to_json`` it, and after
    ``from_json`` play on from its ``game``.

    Raises:
        InvalidConfigError: no beach is in progress, or ``state`` is not its game.

    >>> from crabrules.core import from_json, to_json
    >>> from crabrules.marche_du_crabe import apply, legal_actions
    >>> progress, state = start_beach(start_campaign(seed=3), 0, seed=11)
    >>> state = apply(state, legal_actions(state)[0])
    >>> saved = to_json(save_beach(progress, state))
    >>> from_json(saved, CampaignState).game == state
    True
    """
    _check_in_progress(progress, state, "state")
    return attrs.evolve(progress, game=state)


def finish_beach(progress: CampaignState, final: State) -> CampaignState:
    """Record the end of the beach in progress, whose last state is ``final``.

    A win carries the Shrimps left into the next beach; a loss ends the adventure.

    Raises:
        InvalidConfigError: no beach is in progress, or ``final`` is not a finished game
            of it: another beach, another game, or a game that did not start with the
            Shrimps carried.
    """
    _check_in_progress(progress, final, "final")
    assert progress.playing is not None  # _check_in_progress refuses it
    if final.termination is None:
        raise InvalidConfigError("final: the beach is not over yet")
    between = attrs.evolve(progress, playing=None, started_with=None, game=None)
    if final.termination is Termination.CRABS_FREED:
        return attrs.evolve(between, shrimps=final.shrimps, won=(*progress.won, progress.playing))
    return attrs.evolve(between, lost=progress.playing)


def _check_in_progress(progress: CampaignState, state: object, name: str) -> None:
    _check_progress(progress)
    if progress.playing is None:
        raise InvalidConfigError("progress: no beach is in progress")
    if type(state) is not State:
        raise InvalidConfigError(f"{name}: a State of La Marche du Crabe, not {state!r}"[:120])
    try:
        check_state(state)
    except InvalidStateError as error:
        raise InvalidConfigError(f"{name}: {error}") from None
    problem = _not_this_game(progress, state)
    if problem is not None:
        raise InvalidConfigError(f"{name}: {problem}")


def _not_this_game(progress: CampaignState, state: State) -> str | None:
    """Say why ``state`` is not the game of the beach in progress, or ``None`` if it is.

    It is that beach's game when it has the beach, the layout, the setup seed and the
    Forbidden Items recorded at its start, and could have come from the recorded game:
    no Freed Crab turned back, no snack uneaten again, and no more Shrimps than the beach
    started with plus the snacks eaten since (the only way Shrimps come back).
    """
    assert progress.playing is not None
    assert progress.game is not None
    assert progress.started_with is not None
    recorded = progress.game
    if state.beach != progress.campaign.beaches[progress.playing]:
        return f"not a game of beach {progress.playing}, {recorded.beach.name!r}"
    if state.layout != progress.layout:
        return "not a game on this adventure's beach layout"
    if state.seed != recorded.seed or state.forbidden != recorded.forbidden:
        return "not the game set up for this beach"
    if not (state.freed >= recorded.freed and state.snacks <= recorded.snacks):
        return "not a later position of the game recorded"
    snacks = sum(
        1
        for c in CELLS
        if Icon.SHRIMP in state.beach.flip and state.layout.icons[c] is Icon.SHRIMP
    )
    if state.shrimps > progress.started_with + snacks - len(state.snacks):
        return f"more Shrimps than the beach started with ({progress.started_with}) could give"
    return None
