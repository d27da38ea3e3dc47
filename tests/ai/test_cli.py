"""``dame bestmove``: text and JSON output, and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest

from dame_desktop.cli.command import main
from dame_desktop.core import Position, find_rules


def test_bestmove_prints_a_legal_move_in_full_path_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bestmove", "--rules", "english", "--depth", "4"]) == 0
    out = capsys.readouterr().out.strip()
    pos = Position.start(find_rules("english"))
    assert out in {m.full_text() for m in pos.legal_moves()}


def test_bestmove_shows_every_landing_of_a_multiple_capture(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # White 26 jumps 22 and then 14: the output names the landing square 17 too
    fen = "W:W26:B22,14"
    assert main(["bestmove", "--rules", "german", "--fen", fen, "--depth", "2"]) == 0
    assert capsys.readouterr().out.strip() == "26x17x10"


def test_bestmove_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bestmove", "--rules", "international", "--movetime", "0.2", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"move", "score", "depth", "nodes", "pv"}
    pos = Position.start(find_rules("international"))
    assert data["move"] in {m.full_text() for m in pos.legal_moves()}
    assert data["pv"][0] == data["move"]
    assert isinstance(data["score"], int) and data["depth"] >= 1 and data["nodes"] > 0


def test_bestmove_with_a_switch(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bestmove", "--rules", "german", "--set", "giveaway=on", "--depth", "3", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["move"] is not None


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["bestmove", "--rules", "nope", "--depth", "3"], "unknown rule set"),
        (["bestmove", "--depth", "3", "--movetime", "1"], "not allowed"),
        (["bestmove"], "required"),
        (["bestmove", "--depth", "0"], "out of range"),
        (["bestmove", "--movetime", "-1"], "out of range"),
        (["bestmove", "--movetime", "soon"], "expected seconds"),
        (["bestmove", "--fen", "X:W1", "--depth", "2"], "X"),
        (["bestmove", "--set", "flying=maybe", "--depth", "2"], "flying"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err
