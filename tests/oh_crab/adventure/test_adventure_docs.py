"""The Adventure Pack's docs page shows the reference content as the data says."""

from __future__ import annotations

from crabrules.oh_crab import get_content
from crabrules.oh_crab.adventure._content import AdventureContent
from tests.oh_crab.adventure_page import MARKER, PAGE, content_section


def test_the_adventure_page_shows_the_reference_content() -> None:
    pack = get_content("reference").adventure
    assert isinstance(pack, AdventureContent)
    text = PAGE.read_text("utf-8")
    assert MARKER in text
    assert text[text.index(MARKER) :] == content_section(pack)


if __name__ == "__main__":
    pack = get_content("reference").adventure
    assert isinstance(pack, AdventureContent)
    text = PAGE.read_text("utf-8")
    PAGE.write_text(text[: text.index(MARKER)] + content_section(pack), "utf-8")
