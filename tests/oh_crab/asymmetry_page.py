"""Module 4's card table on the Adventure Pack's docs page, generated from the data.

Run ``python -m tests.oh_crab.asymmetry_page`` to write it again after changing the cards.
"""

from __future__ import annotations

from crabrules.oh_crab import get_content
from crabrules.oh_crab.adventure._content import AdventureContent, AsymmetryCard
from tests.oh_crab.adventure_page import PAGE, _steps

START = "<!-- Module 4's cards below are generated from adventure.json: do not edit. -->"
END = "<!-- End of Module 4's cards. -->"


def _skill(card: AsymmetryCard) -> str:
    parts = []
    if card.own:
        parts.append(f"own turn: {_steps(card.own)}")
    if card.other:
        parts.append(f"another's turn (knocked over): {_steps(card.other)}")
    if card.react:
        situation = card.situation.value if card.situation else "-"
        parts.append(f"any turn ({situation}): {_steps(card.react)}")
    return "; ".join(parts)


def cards_section(pack: AdventureContent) -> str:
    """The Markdown table of every Asymmetry card, between the two markers."""
    out = [START, "", "### The Asymmetry cards", ""]
    out.append(
        "The library's own design (the rulebook prints no card): the cards of `asymmetry`\n"
        "in `crabrules/oh_crab/content/data/adventure.json`. Starfish: the difficulty (1 to 3);\n"
        "sunset: the card's own setup, right after the choice."
    )
    out += [
        "",
        "| id | name | Pincers | starfish | timing | requires | sunset | skill | steps |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in pack.asymmetry:
        requires = ", ".join(m.value for m in c.requires) or "-"
        sunset = _steps(c.sunset) if c.sunset else "-"
        out.append(
            f"| `{c.id}` | {c.name} | {c.pincers} | {c.starfish} | {c.timing.value} "
            f"| {requires} | {sunset} | {c.text} | {_skill(c)} |"
        )
    out += ["", END]
    return "\n".join(out)


def page_section() -> str:
    """The block as the page has it now (markers included)."""
    text = PAGE.read_text("utf-8")
    return text[text.index(START) : text.index(END) + len(END)]


if __name__ == "__main__":
    reference = get_content("reference").adventure
    assert isinstance(reference, AdventureContent)
    page = PAGE.read_text("utf-8")
    PAGE.write_text(page.replace(page_section(), cards_section(reference)), "utf-8")
