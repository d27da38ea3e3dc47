"""The ``dame`` command reads its number options with the digits 0-9 only: "３" is a usage
error (exit 2, one line naming the value), not silently 3."""

from __future__ import annotations

import pytest

from dame_desktop.cli.command import main


@pytest.mark.parametrize(
    "args",
    [
        ["perft", "--depth", "３"],
        ["perft", "--depth", "٣"],
        ["perft", "--depth", "1_0"],
        ["bestmove", "--depth", "２"],
        ["bestmove", "--movetime", "０.5"],
    ],
)
def test_foreign_digits_are_a_usage_error(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert args[-1] in err and err.count("\n") == 1, err


def test_ascii_digits_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--depth", "2"]) == 0
    assert capsys.readouterr().out.strip() == "49"
