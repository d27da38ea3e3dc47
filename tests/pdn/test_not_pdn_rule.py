"""One rule for "not a PDN file", followed by every reader: the document (what the window and
``dame analyse`` open), ``open_pdn`` and ``dame pdn check``, and ``read_game`` on any handle.
A stray NUL in a comment is text (reported as a problem of its game); many control characters
are binary data, for all of them alike."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dame_desktop.cli.command import main
from dame_desktop.cli.pdn import check_file
from dame_desktop.pdn import Game, NotPdnError, ProblemKind, open_pdn, read_game
from dame_desktop.pdn.document import DocumentError, PdnDocument
from dame_desktop.pdn.problems import not_pdn_reason

GAME = (
    '[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n[GameType "20"]\n\n'
    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {a note%shere} 10-14 4. 41-37 5-10 "
    "5. 31-26 20-24 1-0\n"
)


def stray_nul(size: int = 523) -> bytes:
    """One game of ``size`` bytes with one NUL byte in a comment."""
    data = (GAME % "\x00").encode()
    return data + b"\n" * (size - len(data))


def nuls(count: int, size: int) -> bytes:
    """The game with ``count`` NUL bytes in its comment, ``size`` bytes in all."""
    data = (GAME % ("\x00" * count)).encode()
    return data + b"\n" * (size - len(data))


def document_reason(path: Path) -> str | None:
    try:
        PdnDocument.open(path)
    except DocumentError as exc:
        return exc.reason
    return None


def open_pdn_reason(path: Path) -> str | None:
    try:
        with open_pdn(path) as handle:
            assert isinstance(read_game(handle), Game)
    except NotPdnError as exc:
        return exc.message
    return None


def handle_reason(data: bytes) -> str | None:
    """What ``read_game`` says of the bytes and of their text, from a fresh handle."""
    said = []
    for handle in (io.BytesIO(data), io.StringIO(data.decode("utf-8"))):
        game = read_game(handle)
        assert isinstance(game, Game)
        not_pdn = [e for e in game.errors if e.kind is ProblemKind.NOT_PDN]
        said.append(not_pdn[0].message if not_pdn else None)
    assert said[0] == said[1]
    return said[0]


def check_status(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["pdn", "check", str(path), "--json"])
    captured = capsys.readouterr()
    return status, captured.err


@pytest.mark.parametrize(
    ("data", "binary"),
    [
        (stray_nul(), False),  # 1 in 523: a stray byte
        (nuls(2, 400), False),  # 2 in 400: 0.5 %
        (nuls(2, 190), True),  # 2 in 190: more than 1 %
        (nuls(3, 523), False),  # 3 in 523: below 1 %
        (nuls(8, 523), True),  # 8 in 523
        (b'[Event "x"]\n\x00\x00\x001. 32-28 *\n', True),
    ],
)
def test_every_reader_follows_the_same_rule(
    tmp_path: Path, data: bytes, binary: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.pdn"
    path.write_bytes(data)
    reason = not_pdn_reason(data)
    assert (reason is not None) is binary
    expected = None if reason is None else f"this is not a PDN file: {reason}"
    assert document_reason(path) == expected  # the window, dame analyse
    assert open_pdn_reason(path) == expected  # dame pdn check, read_games
    assert handle_reason(data) == expected  # read_game on any handle
    status, err = check_status(path, capsys)
    if binary:
        assert status == 2 and err == f"dame: cannot read {path}: {expected}\n"
        return
    assert err == ""
    # the game itself: the same problems for the window (a game of the document) and the check
    kinds = [e.kind for e in PdnDocument.open(path).load_game(0).errors]
    assert kinds == [ProblemKind.CONTROL_CHARACTER]
    assert [e.kind for _game, e in check_file(str(path)).errors] == kinds


def test_a_stray_nul_is_read_and_named_by_the_check_and_the_analysis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nul.pdn"
    path.write_bytes(stray_nul())
    assert main(["pdn", "check", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    (error,) = report["files"][0]["errors"]
    assert (error["game"], error["line"]) == (1, 7)
    assert "U+0000" in error["message"] and "comment" in error["message"]
    # the analysis reads the game (the NUL does not stop the replay) and analyses it
    assert main(["analyse", str(path), "--depth", "1", "--jobs", "1", "--json"]) == 0
    (game,) = json.loads(capsys.readouterr().out)["games"]
    assert "error" not in game and len(game["moves"]) == 10
