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
    lines = render_view(position(), 0).splitlines()
    assert "Your Forbidden Items (Boater): Drink can (Dc), Air mattress (Am)" in lines
    assert not any(line.startswith("Sunny's Forbidden Items") for line in lines)
    spectator = render_view(position(), None)
    assert "Forbidden" not in spectator


def test_render_labels_columns_and_rows_as_the_notation_names_cards() -> None:
    lines = render(position(token=14)).splitlines()
    assert lines[3].split() == ["A", "B", "C", "D", "E", "F"]
    assert [line.split()[0] for line in lines[4:10]] == ["1", "2", "3", "4", "5", "6"]
    assert lines[6].split()[1:5] == ["..", "..", "..", "@"]  # C3, cell 14: the Crabs
    assert any(line.startswith("Actions: place C4") for line in lines)
    assert max(len(line) for line in lines) <= 100


def test_render_lists_exposed_forbidden_items_for_everyone() -> None:
    state = position(baddies={26: 1}, exposed=frozenset({8}))
    assert "Exposed, Boater's: Air mattress (Am)" in render_view(state, 1)
