"""You've Got Crabs' observation tensor against its documented layout, section by section."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

np = pytest.importorskip("numpy")

from crabrules import youve_got_crabs as ygc  # noqa: E402
from crabrules.encoding import encoding  # noqa: E402
from crabrules.encoding.youve_got_crabs import YouveGotCrabsEncoding  # noqa: E402
from crabrules.youve_got_crabs._cards import IMITATION_CRAB  # noqa: E402
from crabrules.youve_got_crabs._observe import PileCards  # noqa: E402
from crabrules.youve_got_crabs._state import CallRecord, Claim, Phase  # noqa: E402


def _documented_tensor(enc: Any, view: ygc.Observation) -> Any:
    """The module docstring's table, one ``Tensor.set`` per entry (slow, plain, independent)."""
    n, kinds, config = enc.players, enc.kinds, view.config
    tensor = enc.new_tensor()
    tensor.set("observer", n if view.player is None else view.player)
    for slot, card in enumerate(view.hand):
        tensor.set("hand", slot, card + 1)
    for p, cards in enumerate(view.seen):
        for slot, card in enumerate(cards):
            tensor.set("seen", p, slot, card + 2)
    for p, piles in enumerate(view.drawn_from):
        for slot, pile in enumerate(piles):
            if pile == view.reshuffles:
                tensor.set("drawn_latest", p, slot)
    for slot, card in enumerate(view.ocean):
        tensor.set("ocean", slot, card + 1)
    tensor.set("draw_size", 0, value=view.draw_size / config.deck_size)
    for kind in range(kinds):
        card = kind - 1
        latest = sum(p.cards.count(card) for p in view.hidden if p.pile == view.reshuffles)
        older = sum(p.cards.count(card) for p in view.hidden if p.pile != view.reshuffles)
        tensor.set("discard", kind, value=view.discard.count(card) / config.copies)
        tensor.set("hidden_latest", kind, value=latest / config.copies)
        tensor.set("hidden_older", kind, value=older / config.copies)
    tensor.set("reshuffles", 0, value=view.reshuffles)
    for team, tokens in enumerate(view.tokens):
        tensor.set("tokens", team, value=tokens)
    tensor.set("pot", 0, value=view.pot)
    tensor.set("license", view.license)
    tensor.set("phase", list(Phase).index(view.phase))
    for section in ("down", "confirmed", "declined", "tied", "called_wrong"):
        for p in getattr(view, section):
            tensor.set(section, p)
    tensor.set("swapped", 0, value=float(view.swapped))
    tensor.set("claws", n if view.claws is None else view.claws)
    if view.window is not None:
        tensor.set("window", 0, view.window.caller)
        tensor.set("window", 1, view.window.target)
    if view.claim is not None:
        tensor.set("claim", view.claim.player)
        tensor.set("claim", n, value=view.claim.remaining)
    if view.winner is not None:
        tensor.set("winner", view.winner)
    for i, p in enumerate(view.signals):
        tensor.set("signals", i, p)
    tensor.set("signal_count", 0, value=view.signal_count)
    for i, call in enumerate(view.calls):
        tensor.set("calls", i, call.caller)
        tensor.set("calls", i, n + call.target)
        if call.right:
            tensor.set("calls", i, 2 * n)
        if call.double:
            tensor.set("calls", i, 2 * n + 1)
    tensor.set("call_count", 0, value=view.call_count)
    return tensor.values


@pytest.mark.parametrize("teams", [2, 3])
def test_the_tensor_is_the_documented_layout(teams: int) -> None:
    config = ygc.Config(teams=teams)
    enc = encoding("youve-got-crabs", config)
    views = []
    for seed in range(6):
        state = ygc.initial_state(config, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            views += [ygc.observe(state, viewer) for viewer in (None, *range(enc.players))]
            if ygc.is_terminal(state):
                break
            state = ygc.apply(state, rng.choice(ygc.legal_actions(state)))
    # Random play reaches these optional sections, so each is compared for real.
    assert any(v.window is not None for v in views)
    assert any(v.calls for v in views)
    assert any(v.down for v in views)
    assert any(v.called_wrong for v in views)
    for view in views:
        assert np.array_equal(enc.observation_tensor(view), _documented_tensor(enc, view))


def test_the_tensor_of_a_late_game_view_is_the_documented_layout() -> None:
    # Random play rarely discards, reshuffles, calls right, claims or ends: the view is
    # set by hand to every such value (a view need not be reachable for its tensor).
    config = ygc.Config(teams=3)
    enc = encoding("youve-got-crabs", config)
    assert isinstance(enc, YouveGotCrabsEncoding)
    view = attrs.evolve(
        ygc.observe(ygc.initial_state(config, seed=4), 1),
        discard=(0, 0, 3, IMITATION_CRAB, 10),
        reshuffles=2,
        drawn_from=((2, 1, 0, 2),) * enc.players,
        hidden=(PileCards(0, (1, 2)), PileCards(1, (0, 0, 5)), PileCards(2, (4, 4, 4, 7))),
        tokens=(3, 0, 5),
        pot=2,
        calls=(CallRecord(0, 1, True, True), CallRecord(2, 3, False, False)),
        call_count=11,
        signal_count=7,
        claim=Claim(2, 3),
        tied=frozenset({0, 2}),
        winner=1,
        swapped=True,
        claws=4,
    )
    values = enc.observation_tensor(view)
    assert np.array_equal(values, _documented_tensor(enc, view))
    at, kinds = enc.layout.offsets, enc.kinds
    # The counts: the discard's two card-0s, and the unseen cards of the latest pile (2).
    assert values[at["discard"] + 1] == pytest.approx(2 / config.copies)
    assert values[at["hidden_latest"] + 5] == pytest.approx(3 / config.copies)
    assert values[at["hidden_older"] + 1] == pytest.approx(2 / config.copies)
    assert values[at["hidden_latest"] : at["hidden_latest"] + kinds].sum() == pytest.approx(
        4 / config.copies
    )


def _counts(enc: Any, tensor: Any, name: str) -> list[int]:
    """The section ``name`` of ``tensor``: counts by kind, divided by ``copies`` in the tensor."""
    start = enc.layout.offsets[name]
    return [round(x * enc.config.copies) for x in tensor[start : start + enc.kinds]]


def test_the_state_tensor_shows_another_hands_unseen_cards_only_as_counts_by_pile() -> None:
    # Player 1's first card (unseen by the others) swapped with a Draw card of another
    # kind: player 0 cannot tell the twins apart, while player 1's own hand changed.
    state = ygc.initial_state(ygc.Config(teams=2), seed=3)
    enc = YouveGotCrabsEncoding(state.config)
    hands, draw = [list(h) for h in state.hands], list(state.draw)
    at = next(i for i, card in enumerate(draw) if card != hands[1][0])
    hands[1][0], draw[at] = draw[at], hands[1][0]
    twin = attrs.evolve(state, hands=tuple(map(tuple, hands)), draw=tuple(draw))
    for viewer in (None, 0, 2, 3):
        assert ygc.observe(twin, viewer) == ygc.observe(state, viewer)
        assert np.array_equal(enc.state_tensor(twin, viewer), enc.state_tensor(state, viewer))
    for s in (state, twin):
        for viewer in (None, 0, 1, 2, 3):
            expected = enc.observation_tensor(ygc.observe(s, viewer))
            assert np.array_equal(enc.state_tensor(s, viewer), expected)
    assert not np.array_equal(enc.state_tensor(twin, 1), enc.state_tensor(state, 1))

    # After a reshuffle the Draw pile is the latest pile and the hands' cards the older one:
    # the same swap moves a kind between the two counts, for every other viewer too.
    older = attrs.evolve(state, reshuffles=1)
    older_twin = attrs.evolve(twin, reshuffles=1)
    # The hands' (older) pile gains the Draw card's kind and loses the hand card's.
    gain = [0] * enc.kinds
    gain[twin.hands[1][0] + 1], gain[state.hands[1][0] + 1] = 1, -1
    for viewer in (None, 0):
        before = enc.state_tensor(older, viewer)
        after = enc.state_tensor(older_twin, viewer)
        assert np.array_equal(after, enc.observation_tensor(ygc.observe(older_twin, viewer)))
        for name, sign in (("hidden_older", 1), ("hidden_latest", -1)):
            changed = np.subtract(_counts(enc, after, name), _counts(enc, before, name))
            assert changed.tolist() == [sign * g for g in gain], name
