"""Tidying a file's games: nothing written before the save, undo/redo, byte-identical games."""

from __future__ import annotations

from pathlib import Path

import pytest

from dame_desktop.db.tidy import Tidy
from dame_desktop.pdn.document import PdnDocument

GAMES = [
    b'[Event "one"]\n[Result "1-0"]\n1. 11-15 23-19 2. 8-11 22-17 1-0',
    b'[Event "two"]\n[Result "0-1"]\n1. 9-13 {  odd   spacing  } 22-18 0-1',
    b'[Event "three"]\n[Result "*"]\n1. 11-15 24-20 *',
    b'[Event "four"]\n[Result "1-0"]\n1. 11-15  23-19  2. 8-11  22-17  1-0',  # = one, spaced
]


def write(tmp_path: Path, name: str, games: list[bytes]) -> Path:
    path = tmp_path / name
    path.write_bytes(b"\n\n".join(games) + b"\n")
    return path


def events(tidy: Tidy) -> list[str]:
    return [item.tags().get("Event", "") for item in tidy.items]


def test_delete_and_reorder_are_undoable_and_touch_nothing_until_saved(tmp_path: Path) -> None:
    path = write(tmp_path, "a.pdn", GAMES)
    before = path.read_bytes()
    tidy = Tidy(PdnDocument.open(path))
    tidy.delete([1])
    tidy.move([2], 0)
    assert events(tidy) == ["four", "one", "three"]
    assert tidy.modified and path.read_bytes() == before
    tidy.undo()
    assert events(tidy) == ["one", "three", "four"]
    tidy.undo()
    assert events(tidy) == ["one", "two", "three", "four"] and not tidy.modified
    tidy.redo()
    tidy.redo()
    assert events(tidy) == ["four", "one", "three"]
    tidy.save()
    data = path.read_bytes()
    assert data == GAMES[3] + b"\n\n" + GAMES[0] + b"\n\n" + GAMES[2] + b"\n"
    assert not tidy.can_undo and not tidy.modified
    assert [e.tag("Event") for e in PdnDocument.open(path).entries] == ["four", "one", "three"]


def test_drag_to_a_later_place(tmp_path: Path) -> None:
    tidy = Tidy(PdnDocument.open(write(tmp_path, "a.pdn", GAMES)))
    tidy.move([0, 1], 3)  # before "four"
    assert events(tidy) == ["three", "one", "two", "four"]
    tidy.move([0], 4)  # to the end
    assert events(tidy) == ["one", "two", "four", "three"]
    with pytest.raises(IndexError):
        tidy.move([9], 0)


def test_move_to_another_file_copies_there_and_deletes_here(tmp_path: Path) -> None:
    source = write(tmp_path, "a.pdn", GAMES)
    target = write(tmp_path, "b.pdn", [b'[Event "other"]\n1. 11-16 *'])
    here, there = Tidy(PdnDocument.open(source)), Tidy(PdnDocument.open(target))
    here.move_to([1, 2], there)
    assert events(here) == ["one", "four"]
    assert events(there) == ["other", "two", "three"]
    there.save()
    assert (
        target.read_bytes()
        == b'[Event "other"]\n1. 11-16 *\n\n' + GAMES[1] + b"\n\n" + GAMES[2] + b"\n"
    )
    assert source.read_bytes().count(b"[Event") == 4  # not saved yet: still all four
    here.save()
    assert source.read_bytes() == GAMES[0] + b"\n\n" + GAMES[3] + b"\n"


def test_merge_and_remove_duplicates(tmp_path: Path) -> None:
    first = write(tmp_path, "a.pdn", GAMES[:2])
    second = write(tmp_path, "b.pdn", GAMES[2:] + [GAMES[1]])
    tidy = Tidy(PdnDocument.open(first))
    tidy.merge(PdnDocument.open(second))
    assert events(tidy) == ["one", "two", "three", "four", "two"]
    # "four" has the moves and result of "one" (other spacing, other Event): a duplicate
    assert tidy.remove_duplicates() == 2
    assert events(tidy) == ["one", "two", "three"]
    tidy.undo()
    assert len(tidy) == 5
    tidy.redo()
    tidy.save()
    assert first.read_bytes() == GAMES[0] + b"\n\n" + GAMES[1] + b"\n\n" + GAMES[2] + b"\n"


def test_an_edited_game_is_written_and_the_others_kept(tmp_path: Path) -> None:
    path = write(tmp_path, "a.pdn", GAMES)
    doc = PdnDocument.open(path)
    game = doc.load_game(2)
    game.comment = "edited"
    doc.mark_edited(2, game)
    tidy = Tidy(doc)
    tidy.delete([0])
    tidy.save()
    data = path.read_bytes()
    assert data.startswith(GAMES[1] + b"\n\n")
    assert data.endswith(b"\n\n" + GAMES[3] + b"\n")
    assert b"edited" in data and PdnDocument.open(path).load_game(1).comment == "edited"


def test_a_failed_save_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, "a.pdn", GAMES)
    before = path.read_bytes()
    tidy = Tidy(PdnDocument.open(path))
    tidy.delete([0])
    with pytest.raises(Exception):  # noqa: B017 - a DocumentError of whatever kind
        tidy.save(tmp_path / "missing folder" / "x.pdn")
    assert path.read_bytes() == before and events(tidy) == ["two", "three", "four"]
