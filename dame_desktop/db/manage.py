"""Managing the games of the open file with other files: one undo history over them all.

No Qt.  A :class:`GameManager` holds the :class:`~dame_desktop.db.tidy.Tidy` of the open file
and one of each other file games were copied or moved to.  Every command is one step of one
history: undoing a move to another file takes the games back here and out of that file
alike.  Nothing is written until :meth:`GameManager.save`, which writes the other files
first (each atomically), then the open file, so a move never loses a game: at worst it is in
both files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from ..core import RuleSet
from ..pdn.document import PdnDocument
from .tidy import Item, Tidy, _identity

Identity = tuple[object, ...]
IdentitySource = Callable[[PdnDocument], "list[Identity | None] | None"]


class GameManager:
    """The open file's games as a list to change, with other files to copy them to."""

    def __init__(self, document: PdnDocument, default_rules: RuleSet | None = None) -> None:
        self.tidy = Tidy(document, default_rules)
        self.default = default_rules
        self.others: dict[Path, Tidy] = {}
        self._undo: list[list[Tidy]] = []
        self._redo: list[list[Tidy]] = []

    @property
    def document(self) -> PdnDocument:
        return self.tidy.document

    @property
    def items(self) -> list[Item]:
        return self.tidy.items

    def __len__(self) -> int:
        return len(self.tidy)

    def _step(self, tidies: list[Tidy]) -> None:
        self._undo.append(tidies)
        self._redo.clear()

    # -- commands ----------------------------------------------------------------------

    def delete(self, positions: Sequence[int]) -> None:
        if positions:
            self.tidy.delete(positions)
            self._step([self.tidy])

    def move(self, positions: Sequence[int], to: int) -> None:
        if positions:
            self.tidy.move(positions, to)
            self._step([self.tidy])

    def merge(self, other: PdnDocument) -> int:
        """Append every game of another file; returns how many."""
        if not len(other):
            return 0
        self.tidy.merge(other)
        self._step([self.tidy])
        return len(other)

    def target(self, path: str | Path) -> Tidy:
        """The list of another file that games go to (read once, kept until saved)."""
        key = Path(path).resolve()
        own = self.document.path
        if own is not None and own.resolve() == key:
            raise ValueError("the games are already in this file")
        found = self.others.get(key)
        if found is None:
            doc = PdnDocument.open(key)
            # games are only appended there: its own ranges are written back whole
            doc.verified = set(range(len(doc.entries)))
            found = self.others[key] = Tidy(doc, self.default)
        return found

    def copy_to(self, positions: Sequence[int], path: str | Path) -> None:
        if positions:
            other = self.target(path)
            self.tidy.copy_to(positions, other)
            self._step([other])

    def move_to(self, positions: Sequence[int], path: str | Path) -> None:
        if positions:
            other = self.target(path)
            self.tidy.copy_to(positions, other)
            self.tidy.delete(positions)
            self._step([other, self.tidy])

    def duplicates(self, identities: IdentitySource | None = None) -> list[int]:
        """The places of every game whose start, main line and result equal an earlier
        game's.  ``identities(document)`` may give every game of a document at once (the
        fast replay of its file); games it does not cover are read one by one."""
        known: dict[int, list[Identity | None] | None] = {}
        seen: set[Identity] = set()
        out: list[int] = []
        for place, item in enumerate(self.tidy.items):
            doc = item.document
            ident: Identity | None
            by_doc = known.get(id(doc), ())
            if by_doc == ():
                by_doc = known[id(doc)] = (
                    identities(doc) if identities is not None and doc.path is not None else None
                )
            if (
                by_doc is not None
                and item.index < len(by_doc)
                and item.index not in doc.edited
                and item.index < len(doc.entries)
            ):
                ident = by_doc[item.index]
            else:
                ident = _identity(item.game(self.default))
            if ident is None:
                continue
            if ident in seen:
                out.append(place)
            else:
                seen.add(ident)
        return out

    # -- history -----------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if self._undo:
            step = self._undo.pop()
            for tidy in reversed(step):
                tidy.undo()
            self._redo.append(step)

    def redo(self) -> None:
        if self._redo:
            step = self._redo.pop()
            for tidy in step:
                tidy.redo()
            self._undo.append(step)

    @property
    def modified(self) -> bool:
        return self.tidy.modified or any(t.modified for t in self.others.values())

    @property
    def list_changed(self) -> bool:
        """The list of games (not only their moves) differs from the file's."""
        doc = self.document
        items = self.tidy.items
        return (
            len(items) != len(doc)
            or any(it.document is not doc or it.index != i for i, it in enumerate(items))
            or any(t.modified for t in self.others.values())
        )

    def pending_files(self) -> list[Path]:
        """The other files with games waiting to be written there."""
        return [path for path, tidy in self.others.items() if tidy.modified]

    def place_of(self, index: int) -> int | None:
        """Where game ``index`` of the open file now stands in the list (None: deleted)."""
        doc = self.document
        for place, item in enumerate(self.tidy.items):
            if item.document is doc and item.index == index:
                return place
        return None

    def save(self, path: str | Path | None = None) -> Path:
        """Write the other files, then this one (each atomically); the history ends.
        Raises DocumentError as :meth:`Tidy.save` does (files written before stay)."""
        for other in list(self.others.values()):
            if other.modified:
                other.save()
        self.others.clear()
        target = self.tidy.save(path)
        self._undo.clear()
        self._redo.clear()
        return target

    def note_added(self, index: int) -> None:
        """A game was added to the document meanwhile (a new game studied): it joins the
        list at the end, in every state of the history."""
        item = Item(self.document, index)
        self.tidy.items.append(item)
        for states in (self.tidy._undo, self.tidy._redo):
            for state in states:
                state.append(item)
