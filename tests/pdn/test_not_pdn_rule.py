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


# --- UTF-16 and UTF-32 text: their zero bytes are not binary data ------------------------------

WIDE = [
    ("utf-32-le", b"\xff\xfe\x00\x00"),
    ("utf-32-be", b"\x00\x00\xfe\xff"),
    ("utf-16-le", b"\xff\xfe"),
    ("utf-16-be", b"\xfe\xff"),
    ("utf-32-le", b""),
    ("utf-32-be", b""),
    ("utf-16-le", b""),  # what Windows tools call "Unicode" text, saved without a mark
    ("utf-16-be", b""),
]


def wide_games(encoding: str, bom: bytes) -> bytes:
    text = (GAME % " Zürich ").replace("\n", "\r\n")
    return bom + (text + "\r\n" + text.replace("Club", "Second")).encode(encoding)


@pytest.mark.parametrize(("encoding", "bom"), WIDE)
def test_utf16_and_utf32_text_is_read_by_every_reader(
    tmp_path: Path, encoding: str, bom: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    data = wide_games(encoding, bom)
    path = tmp_path / "wide.pdn"
    path.write_bytes(data)
    assert not_pdn_reason(data) is None
    doc = PdnDocument.open(path)  # the window, dame analyse
    assert [e.tags["Event"] for e in doc.entries] == ["Club", "Second"]
    assert doc.encoding == encoding and doc.bom == bool(bom)
    game = doc.load_game(1)
    assert game.errors == [] and len(game.mainline_moves()) == 10
    assert list(game.mainline())[4].comment.strip() == "a note Zürich here"
    with open_pdn(path) as handle:  # dame pdn check, read_games
        events = [g.headers["Event"] for g in iter(lambda: read_game(handle), None)]
    assert events == ["Club", "Second"]
    binary = io.BytesIO(data)  # read_game on a binary handle: its lines are cut at b"\n"
    games = [read_game(binary), read_game(binary), read_game(binary)]
    assert [g.headers["Event"] for g in games[:2] if isinstance(g, Game)] == ["Club", "Second"]
    assert games[2] is None and all(g.errors == [] for g in games[:2] if isinstance(g, Game))
    assert main(["pdn", "check", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["files"][0]["games"] == 2 and report["files"][0]["errors"] == []


@pytest.mark.parametrize(("encoding", "bom"), WIDE[:2] + WIDE[4:5])
def test_an_edited_utf32_file_is_saved_in_utf32(tmp_path: Path, encoding: str, bom: bytes) -> None:
    """Saving keeps the encoding, the mark and every byte of the games not edited."""
    data = wide_games(encoding, bom)
    path = tmp_path / "wide.pdn"
    path.write_bytes(data)
    doc = PdnDocument.open(path)
    game = doc.load_game(1)
    game.end().comment = "neu"
    doc.mark_edited(1, game)
    doc.save()
    saved = path.read_bytes()
    assert saved[: doc.entries[1].start] == data[: doc.entries[1].start]
    assert saved.startswith(bom) and "{neu}" in saved[len(bom) :].decode(encoding)
    again = PdnDocument.open(path)
    assert again.encoding == encoding and again.load_game(1).end().comment == "neu"


@pytest.mark.parametrize(
    "data",
    [
        b"".join(n.to_bytes(4, "little") for n in range(1, 2000)),  # numbers, not text
        b"".join(n.to_bytes(2, "big") for n in range(1, 4000, 3)),
        b"\x00" * 4096,
    ],
)
def test_binary_data_with_zero_bytes_is_still_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "numbers.pdn"
    path.write_bytes(data)
    reason = not_pdn_reason(data)
    assert reason is not None and "binary data" in reason
    assert document_reason(path) == open_pdn_reason(path) == f"this is not a PDN file: {reason}"
