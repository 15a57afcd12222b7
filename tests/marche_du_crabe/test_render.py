"""The beach as text, whole and per player."""

from __future__ import annotations

from crabrules.marche_du_crabe import render, render_view
from tests.marche_du_crabe.helpers import position


def test_render_shows_items_freed_crabs_baddies_token_and_shrimps() -> None:
    state = position(token=14, shrimps=3, baddies={20: 0, 21: 1}, freed=frozenset({0}))
    text = render(state)
    rows = text.splitlines()
    assert "Shrimps 3/5" in text
    assert "Crabs freed 1/8" in text
    assert rows[4].split()[1:3] == ["++", "Pc"]  # row 0: a Freed Crab, then item 1
    assert ".. @" in rows[6]  # the token on cell 14, no Baddie under it
    assert "..r" in rows[7]  # a red Baddie on row 3
    assert "..b" in rows[7]  # and a blue one
    assert "Boater's Forbidden Items: Drink can (Dc), Air mattress (Am)" in text
    assert "Sunny's Forbidden Items: Tyre (Ty), Fishing net (Fn)" in text


def test_render_view_hides_the_partners_forbidden_items() -> None:
    text = render_view(position(), 0)
    assert "Drink can" in text
    assert "Tyre" not in text
    assert "Fishing net" not in text
    spectator = render_view(position(), None)
    assert "Forbidden" not in spectator


def test_render_lists_exposed_forbidden_items_for_everyone() -> None:
    state = position(baddies={26: 1}, exposed=frozenset({8}))
    assert "Exposed, Boater's: Air mattress (Am)" in render_view(state, 1)
