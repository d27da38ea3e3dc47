"""Games you can manage: delete, reorder, copy or move to another file, merge, de-duplicate.

A :class:`Tidy` works on an open :class:`~dame_desktop.pdn.document.PdnDocument` and never
touches the file until :meth:`Tidy.save`, which writes it atomically (as every save does).
Every change can be undone and redone until then.  A save keeps each game that was not edited
byte for byte (its own bytes; the blank lines between games become the file's usual ones),
games copied from a file in the same encoding too; edited and new games are written by the
PDN writer.

Moving games to another file is a copy there plus a delete here: the games leave this file
only when it is saved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core import RuleSet
from ..pdn.document import DocumentError, PdnDocument
from ..pdn.tree import Game
from ..pdn.writer import write_game
from ..store.files import StorageError, atomic_write_bytes


@dataclass(frozen=True, eq=False)
class Item:
    """One game of the tidied list: game ``index`` (0-based) of ``document``."""

    document: PdnDocument
    index: int

    def tags(self) -> dict[str, str]:
        doc = self.document
        if self.index in doc.edited:
            return dict(doc.edited[self.index].headers.items())
        return doc.all_entries()[self.index].tags

    def game(self, default_rules: RuleSet | None = None) -> Game:
        return self.document.load_game(self.index, default_rules)

    def text(self, encoding: str) -> bytes:
        """The game's bytes in ``encoding``: its own bytes where it was not edited."""
        doc = self.document
        if self.index in doc.edited or self.index >= len(doc.entries):
            return write_game(self.game()).rstrip("\n").encode(encoding)
        entry = doc.entries[self.index]
        raw = doc.data[entry.start : entry.end]
        if doc.encoding == encoding:
            return raw
        return raw.decode(doc.encoding, errors="replace").encode(encoding)


class Tidy:
    """The games of a document as a list one can change, undoably, before saving."""

    def __init__(self, document: PdnDocument, default_rules: RuleSet | None = None) -> None:
        if document.method == "fast" and not _all_verified(document):
            # the fast index may still cut a range in two
            for _ in document.check_all(default_rules):
                pass
        self.document = document
        self.default = default_rules
        self.items: list[Item] = [Item(document, i) for i in range(len(document))]
        self._undo: list[list[Item]] = []
        self._redo: list[list[Item]] = []

    def __len__(self) -> int:
        return len(self.items)

    # -- changes (each one undoable) -------------------------------------------------------

    def _change(self, items: list[Item]) -> None:
        self._undo.append(self.items)
        self._redo.clear()
        self.items = items

    def delete(self, positions: Iterable[int]) -> None:
        """Remove the games at ``positions`` (0-based places in the list)."""
        gone = set(positions)
        self._check(gone)
        self._change([item for i, item in enumerate(self.items) if i not in gone])

    def move(self, positions: Sequence[int], to: int) -> None:
        """Move the games at ``positions`` (in their order) to stand before place ``to`` of
        the list as it is now (``len``: the end), as a drag and drop does."""
        chosen = sorted(set(positions))
        self._check(chosen)
        if not 0 <= to <= len(self.items):
            raise IndexError(f"place {to} is outside the list of {len(self.items)} games")
        moving = [self.items[i] for i in chosen]
        before = sum(1 for i in chosen if i < to)
        rest = [item for i, item in enumerate(self.items) if i not in set(chosen)]
        at = to - before
        self._change(rest[:at] + moving + rest[at:])

    def insert(self, items: Sequence[Item], at: int | None = None) -> None:
        """Put games (of this or another document) at place ``at`` (default: the end)."""
        at = len(self.items) if at is None else at
        self._change(self.items[:at] + list(items) + self.items[at:])

    def copy_to(self, positions: Sequence[int], other: Tidy, at: int | None = None) -> None:
        """Copy the games at ``positions`` into ``other`` (saved with it)."""
        self._check(positions)
        other.insert([self.items[i] for i in sorted(set(positions))], at)

    def move_to(self, positions: Sequence[int], other: Tidy, at: int | None = None) -> None:
        """Move the games to ``other``: a copy there and a delete here (each undoable in its
        own list; the games leave this file when it is saved)."""
        self.copy_to(positions, other, at)
        self.delete(positions)

    def merge(self, other: PdnDocument) -> None:
        """Append every game of another document."""
        self.insert([Item(other, i) for i in range(len(other))])

    def remove_duplicates(self) -> int:
        """Remove every game whose main line (start, moves) and result equal an earlier
        game's; returns how many were removed."""
        seen: set[tuple[object, ...]] = set()
        keep: list[Item] = []
        for item in self.items:
            key = _identity(item.game(self.default))
            if key is not None and key in seen:
                continue
            if key is not None:
                seen.add(key)
            keep.append(item)
        removed = len(self.items) - len(keep)
        if removed:
            self._change(keep)
        return removed

    def _check(self, positions: Iterable[int]) -> None:
        for i in positions:
            if not 0 <= i < len(self.items):
                raise IndexError(f"game {i + 1} is not in the list of {len(self.items)} games")

    # -- undo ------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if self._undo:
            self._redo.append(self.items)
            self.items = self._undo.pop()

    def redo(self) -> None:
        if self._redo:
            self._undo.append(self.items)
            self.items = self._redo.pop()

    @property
    def modified(self) -> bool:
        doc = self.document
        own = [Item(doc, i) for i in range(len(doc))]
        return (
            doc.modified
            or len(self.items) != len(own)
            or any(
                a.document is not b.document or a.index != b.index
                for a, b in zip(self.items, own, strict=True)
            )
        )

    # -- saving ----------------------------------------------------------------------------

    def render(self) -> bytes:
        """The file's new bytes (see the module docstring)."""
        doc = self.document
        encoding = doc.encoding
        try:
            return self._render(encoding)
        except UnicodeEncodeError:
            return self._render("utf-8")

    def _render(self, encoding: str) -> bytes:
        doc = self.document
        newline = doc.newline.encode(encoding)
        head = doc.data[: doc.entries[0].start] if doc.entries else b""
        if head.startswith(b"\xef\xbb\xbf"):
            head = head[3:]
        body = (newline * 2).join(item.text(encoding) for item in self.items)
        data = head + body + (newline if body else b"")
        if doc.bom and encoding == "utf-8":
            data = b"\xef\xbb\xbf" + data
        return data

    def save(self, path: str | Path | None = None) -> Path:
        """Write the list atomically to the document's file (or ``path``); then the document
        is that file and nothing is left to undo.  Raises DocumentError as
        :meth:`PdnDocument.save` does."""
        doc = self.document
        target = Path(path) if path is not None else doc.path
        if target is None:
            reason = "the games have no file yet: choose one with Save as"
            raise DocumentError(reason, None, reason)
        data = self.render()
        try:
            atomic_write_bytes(target, data)
        except StorageError as exc:
            raise DocumentError(
                f"cannot save {target}: {exc.reason}", target, exc.reason, exc.kind
            ) from exc
        fresh = PdnDocument.open(target, doc.method if doc.method == "exact" else None)
        for f in dataclasses.fields(PdnDocument):
            setattr(doc, f.name, getattr(fresh, f.name))
        self.items = [Item(doc, i) for i in range(len(doc))]
        self._undo.clear()
        self._redo.clear()
        return target


def _all_verified(document: PdnDocument) -> bool:
    """Whether every range of a fast-indexed document is known to hold one game (as in a
    document made from the game database's index): nothing left to cut."""
    return len(document.verified) >= len(document.entries) and all(
        i in document.verified for i in range(len(document.entries))
    )


def _identity(game: Game) -> tuple[object, ...] | None:
    """What makes two games the same for :meth:`Tidy.remove_duplicates`; None for a game
    without rules (never a duplicate)."""
    if game.rules is None:
        return None
    moves = tuple((node.raw[0], node.raw[1], node.raw[2]) for node in game.mainline())
    return (game.rules, game.state, moves, game.result())
