"""The window follows the one rule for "not a PDN file" that ``dame pdn check`` and ``dame
analyse`` follow: a game with one stray NUL opens (and the NUL is named as a problem of the
game), a file with many control characters is refused with the same reason."""

from __future__ import annotations

from pathlib import Path

from dame_desktop.pdn.problems import not_pdn_reason
from tests.pdn.test_not_pdn_rule import nuls, stray_nul


def test_the_window_opens_a_game_with_a_stray_nul(window, tmp_path: Path) -> None:
    path = tmp_path / "nul.pdn"
    path.write_bytes(stray_nul())
    assert not_pdn_reason(path.read_bytes()) is None
    files = window.document
    assert files.open_path(path)
    assert window.studying() and files.doc is not None
    game = files.doc.load_game(0)
    assert [e.kind.value for e in game.errors] == ["control_character"]
    assert len(game.mainline_moves()) == 10


def test_the_window_refuses_what_the_command_refuses(window, tmp_path: Path) -> None:
    path = tmp_path / "binary.pdn"
    path.write_bytes(nuls(8, 523))
    reason = not_pdn_reason(path.read_bytes())
    assert reason is not None
    files = window.document
    assert not files.open_path(path)
    box = files.open_error
    assert box is not None and box.isVisible()
    assert box.detailedText() == f"this is not a PDN file: {reason}"
    box.close()
