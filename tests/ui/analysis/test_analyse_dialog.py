"""Analyse game / Analyse file through their dialogs: real clicks, real threads and processes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from dame_desktop.engines import parse_eval
from dame_desktop.pdn import Game, GameNode, Nag, read_game, write_game
from dame_desktop.pdn.document import PdnDocument
from dame_desktop.ui.analysis import AnalyseFileDialog, AnalyseGameDialog, apply_file_analysis
from tests.engines.helpers import parent

from .helpers import BLUNDER, QUIET, load

MOVETIME = 0.15
BROKEN = """[Event "broken"]
[Result "*"]
[GameType "21,W,8,8,N2,0"]
1. 22-18 11-15 2. 18-13 *
"""


def click(button) -> None:
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def set_movetime(dialog, seconds: float) -> None:
    box = dialog.movetime
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, f"{seconds:.2f}")
    QTest.keyClick(box, Qt.Key.Key_Tab)
    assert abs(box.value() - seconds) < 1e-9


def open_dialog(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def analyse(qtbot, dialog, timeout: int = 60_000) -> list[object]:
    with qtbot.waitSignal(dialog.finished_analysis, timeout=timeout) as blocker:
        click(dialog.start_button)
        assert dialog.is_running() and dialog.cancel_button.isEnabled()
        assert not dialog.start_button.isEnabled()
    args: list[object] = blocker.args
    return args


def reread(game: Game) -> Game:
    found = read_game(io.StringIO(write_game(game)))
    assert isinstance(found, Game) and not found.errors
    return found


def test_a_game_analysed_end_to_end_written_and_read_back(qtbot) -> None:
    game = load(BLUNDER)
    dialog = open_dialog(qtbot, AnalyseGameDialog(game))
    assert dialog.movetime.value() == 1.0  # the default time per move
    set_movetime(dialog, MOVETIME)
    got: list[object] = []
    dialog.analysed.connect(got.append)
    assert analyse(qtbot, dialog) == [True]
    assert got == [game] and dialog.outcome() == "done"
    assert "7 moves annotated" in dialog.status.text()
    back = reread(game)
    line = list(back.mainline())
    assert all(parse_eval(node.commands()["eval"]) is not None for node in line)
    blunder = line[4]
    assert blunder.move.full_text() == "17-14"
    # "??" at any fixed depth; "?" where the clock cut the search short on a busy machine
    mark = {4: "??", 2: "?"}[blunder.nags[0].value]
    assert len(blunder.nags) == 1
    variations = parent(blunder).variations
    assert len(variations) == 2 and "[%review line]" in variations[1].starting_comment
    assert variations[1].next() is not None  # the better move comes with its line
    assert "a user comment" in line[2].comment
    assert ("1 blunder" if mark == "??" else "1 mistake") in back.comment
    assert dialog.review is not None and dialog.review.moves[4].mark == mark


def load_annotated(text: str) -> Game:
    game = read_game(io.StringIO(text))
    assert isinstance(game, Game)
    return game


def own_annotations(game: Game) -> tuple[list[int], bool]:
    """The evaluations after each main-line move, and whether no node anywhere carries two
    evaluations or two review-line marks."""
    single = True
    todo: list[GameNode] = [game]
    while todo:
        node = todo.pop()
        text = node.comment + node.starting_comment
        single = single and text.count("[%eval") <= 1 and text.count("[%review line]") <= 1
        todo.extend(node.variations)
    return [n.comment.count("[%eval") for n in game.mainline()], single


@pytest.mark.slow
def test_a_second_analysis_replaces_its_own_and_keeps_the_users(qtbot) -> None:
    game = load(BLUNDER)
    dialog = open_dialog(qtbot, AnalyseGameDialog(game))
    set_movetime(dialog, MOVETIME)
    assert analyse(qtbot, dialog) == [True]
    line = list(game.mainline())
    line[0].nags.append(Nag(1, "!"))  # the user marks, writes, adds a variation
    line[0].comment += " good start"
    game.comment = "Annotated by me. " + game.comment
    before = parent(line[1])
    other = next(
        m
        for m in before.position().legal_moves()
        if m != line[1].move and not before.has_variation(m)
    )
    before.add_variation(other).comment = "my idea"
    first_text = write_game(game)
    assert analyse(qtbot, dialog) == [True]  # Analyse again in the same dialog
    text = write_game(game)
    # the second analysis replaces the first's annotations instead of adding to them: one
    # evaluation after every main-line move, at most one of ours per node; its review lines
    # may differ from the first's (a timed search sees a little more or less), never double
    for annotated in (first_text, text):
        assert own_annotations(load_annotated(annotated)) == ([1] * len(line), True)
    assert text.count("[%review White:") == 1
    back = reread(game)
    first = next(back.mainline())
    assert [n.value for n in first.nags] == [1] and "good start" in first.comment
    assert back.comment.startswith("Annotated by me.")
    words = " ".join(text.split())  # the writer wraps long comments
    assert "my idea" in words and "a user comment" in words


def test_cancel_leaves_the_game_untouched(qtbot) -> None:
    game = load(BLUNDER)
    before = write_game(game)
    dialog = open_dialog(qtbot, AnalyseGameDialog(game))  # 1 s a move: about 7 s in all
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
        qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
        click(dialog.cancel_button)
    assert blocker.args == [False] and dialog.outcome() == "cancelled"
    assert write_game(game) == before
    assert dialog.start_button.isEnabled()


def write_file(path: Path, *games: str) -> bytes:
    data = "\n".join(games).encode()
    path.write_bytes(data)
    return data


@pytest.mark.slow
def test_analyse_file_over_two_processes_then_saved_like_any_edit(qtbot, tmp_path) -> None:
    path = tmp_path / "games.pdn"
    write_file(path, BLUNDER, BROKEN, QUIET)
    document = PdnDocument.open(path)
    assert len(document) == 3
    dialog = open_dialog(qtbot, AnalyseFileDialog(document, jobs=2))
    set_movetime(dialog, 0.05)
    got: list[dict[int, Game]] = []
    dialog.analysed.connect(got.append)
    assert analyse(qtbot, dialog, timeout=120_000) == [True]
    assert not document.modified, "the dialog itself never edits the document"
    games = got[0]
    assert sorted(games) == [0, 2]  # the broken game is skipped, not rewritten
    assert "Game 2 was skipped" in dialog.status.text()
    apply_file_analysis(document, games)
    document.save()
    reopened = PdnDocument.open(path)
    first = reopened.load_game(0)
    assert all("[%eval" in node.comment for node in first.mainline())
    # the man dropped: "??", or "?" where the clock cut the search short on a busy machine
    assert [n.value for n in list(first.mainline())[4].nags] in ([4], [2])
    assert reopened.game_text(1).strip() == BROKEN.strip()  # byte for byte
    third = reopened.load_game(2)
    assert "[%review White:" in third.comment


@pytest.mark.slow
def test_cancel_mid_file_leaves_the_document_and_the_file_untouched(qtbot, tmp_path) -> None:
    path = tmp_path / "games.pdn"
    data = write_file(path, BLUNDER, QUIET, BLUNDER, QUIET, BLUNDER)
    document = PdnDocument.open(path)
    dialog = open_dialog(qtbot, AnalyseFileDialog(document, jobs=2))
    set_movetime(dialog, 0.5)
    got: list[object] = []
    dialog.analysed.connect(got.append)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
        qtbot.waitUntil(
            lambda: dialog.progress.maximum() == 5 and dialog.progress.value() >= 1, timeout=60_000
        )
        click(dialog.cancel_button)
    assert blocker.args == [False] and dialog.outcome() == "cancelled"
    assert got == [] and dialog.games == {}
    assert not document.modified and document.edited == {}
    assert path.read_bytes() == data
    assert "nothing was changed" in dialog.status.text()


def test_an_edit_during_the_analysis_is_kept_and_the_rest_annotated(qtbot) -> None:
    game = load(BLUNDER)
    dialog = open_dialog(qtbot, AnalyseGameDialog(game))
    set_movetime(dialog, MOVETIME)
    with qtbot.waitSignal(dialog.finished_analysis, timeout=60_000) as blocker:
        click(dialog.start_button)
        line = list(game.mainline())
        parent(line[3]).remove_variation(line[3])  # the user cuts the game after 3 plies
    assert blocker.args == [True]
    assert dialog.written == 3
    assert len(list(game.mainline())) == 3
    assert all("[%eval" in node.comment for node in game.mainline())


def test_a_failing_hub_engine_gives_one_message_and_the_builtin_one_reviews(qtbot) -> None:
    import sys

    from dame_desktop.core import find_rules
    from dame_desktop.ui.analysis.runner import hub_factory
    from tests.engines.helpers import fake

    international = find_rules("international")
    game = Game(international)
    node: GameNode = game
    for _ in range(4):
        node = node.add_variation(node.position().legal_moves()[0])
    dialog = open_dialog(
        qtbot, AnalyseGameDialog(game, hub_factory(sys.executable, (fake("crash"),)))
    )
    set_movetime(dialog, 0.1)
    messages: list[str] = []
    dialog.engine_failed.connect(messages.append)
    assert analyse(qtbot, dialog) == [True]
    assert len(messages) == 1 and messages[0]
    assert dialog.review is not None and dialog.review.engine == "Dame"
    assert all("[%eval" in n.comment for n in game.mainline())
