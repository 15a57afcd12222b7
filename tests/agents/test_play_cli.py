"""``crabrules play``: people and agents at one terminal, driven by scripted input."""

from __future__ import annotations

import io
import pathlib

import pytest

import crabrules
from crabrules.__main__ import main
from crabrules.agents.human import CLEAR_SCREEN


def play(monkeypatch: pytest.MonkeyPatch, argv: list[str], answers: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(["play", *argv])


def test_a_person_plays_a_whole_game_against_an_agent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["crab-stack", "--seat", "0=human", "--seat", "1=random", "--seed", "3"]
    assert play(monkeypatch, argv, "1\n" * 200) == 0
    out = capsys.readouterr().out
    # Players by the colours the board shows, with the seat numbers --seat takes.
    assert out.startswith("Crab Stack, seed 3: red (seat 0): human, blue (seat 1): random")
    assert "Red (seat 0), your legal actions:" in out
    assert "    1. " in out
    assert "blue (random): " in out  # the agent's moves are shown
    assert "Game over after" in out
    assert "Player 0" not in out
    assert "player 0" not in out


def test_bad_input_reprompts_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["crab-stack", "--seat", "0=human", "--seed", "3"]
    assert play(monkeypatch, argv, "zero\n999\n") == 0
    out = capsys.readouterr().out
    assert "'zero'" in out  # the notation's parser says what it expected
    assert out.count("type a number from 1 to") == 1
    assert out.count("Your action (a number or the notation): ") == 3


def test_a_number_typed_in_other_digits_is_read_as_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["crab-stack", "--seat", "0=human", "--seed", "3"]
    assert play(monkeypatch, argv, "\u00b2\n\uff11\n" + "9" * 5000 + "\n") == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert out.count("Your action (a number or the notation): ") == 4


class CtrlCAfter(io.StringIO):
    """Answers from a script; Ctrl-C at one prompt; then the rest of the script."""

    def __init__(self, before: str, after: str) -> None:
        super().__init__(after)
        self.before = before.splitlines(keepends=True)
        self.interrupted = False

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if self.before:
            return self.before.pop(0)
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return super().readline()


def test_ctrl_c_quits_and_offers_to_save_what_was_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", CtrlCAfter("1\n1\n", f"{path}\n"))
    assert (
        main(["play", "crab-stack", "--seat", "0=human", "--seat", "1=mcts:5", "--seed", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "Game left unfinished." in out
    assert "Save the record? A file name, or Enter for no: " in out
    assert f"Record written to {path}." in out
    record = crabrules.from_json(path.read_text(), crabrules.GameRecord)
    assert len(record.actions) >= 2  # the person's two moves and the agent's between
    crabrules.replay(record)


def test_end_of_input_quits_and_saves_to_the_save_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["crab-stack", "--seat", "0=human", "--seat", "1=human", "--seed", "3"]
    # Hot seat: each turn waits for Enter before showing the next person's view.
    assert play(monkeypatch, [*argv, "--save", str(path)], "\n1\n\n1\n") == 0
    out = capsys.readouterr().out
    assert "Game left unfinished." in out
    assert f"Record written to {path}." in out
    record = crabrules.from_json(path.read_text(), crabrules.GameRecord)
    assert len(record.actions) == 2
    crabrules.replay(record)


def test_hot_seat_clears_the_screen_between_people(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["crab-stack", "--seat", "0=human", "--seat", "1=human", "--seed", "3"]
    assert play(monkeypatch, argv, "\n1\n\n1\n") == 0
    out = capsys.readouterr().out
    assert out.count(CLEAR_SCREEN) >= 2
    assert "pass them the keyboard" in out


def test_a_person_sees_only_their_own_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["la-marche-du-crabe", "--seat", "0=human", "--seat", "1=plausible", "--seed", "40"]
    assert play(monkeypatch, argv, "1\n" * 100) == 0
    out = capsys.readouterr().out
    assert "Your Forbidden Items (Boater)" in out
    assert "Sunny's Forbidden Items" not in out  # the whole truth stays hidden


def test_real_time_play_lets_a_person_wait(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["youve-got-crabs", "--seat", "0=human", "--seed", "1"]
    assert play(monkeypatch, argv, "\n" * 30) == 0
    out = capsys.readouterr().out
    assert "Enter to wait" in out
    assert "Blue 1 (plausible): " in out  # seat 2 played while the person waited


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["crab-stack", "--seat", "2=human"], "--seat: SEAT=WHO with SEAT from 0 to 1"),
        (["crab-stack", "--seat", "human"], "--seat: SEAT=WHO"),
        (["crab-stack", "--seat", "\u00b2=human"], "--seat: SEAT=WHO"),  # '²'.isdigit()
        (["crab-stack", "--seat", "\u0661=human"], "--seat: SEAT=WHO"),  # Arabic-Indic 1
        (["crab-stack", "--seat", "9" * 5000 + "=human"], "--seat: SEAT=WHO"),
        (["crab-stack", "--seat", "1=alphazero"], "unknown agent 'alphazero'"),
        (["chess"], "unknown game 'chess'"),
    ],
)
def test_bad_seats_give_one_line_and_status_2(
    argv: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert play(monkeypatch, argv, "") == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_the_demo_plays_casual_players_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "youve-got-crabs", "--seed", "2"]) == 0
    assert "Game over after" in capsys.readouterr().out
