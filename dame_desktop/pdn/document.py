"""An open PDN file: a fast index of its games, games opened on demand, saving in place.

No Qt here.  The index keeps, for every game, its tags and the byte range it has in the file,
so the game list of a 22,000-game archive is built without reading any move, and saving
rewrites only the games that were edited: every other byte of the file stays as it was
(other games, their spelling, comments and unknown tags, the line endings and encoding).

Two ways to cut a file into games:

* ``exact``: the PDN lexer itself (what :func:`dame_desktop.pdn.read_game` sees), used for
  files up to :data:`EXACT_LIMIT` bytes and for files whose games carry no tags;
* ``fast``: a scan for tag sections, a game starting at each tag section that follows
  move text -- about twenty times faster, used for big files.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import stat
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dame_desktop.core import RuleSet
from dame_desktop.pdn import Game, PdnProblem, ProblemKind, write_game
from dame_desktop.pdn import lexer as lx
from dame_desktop.pdn.problems import HEAD_BYTES, not_pdn_reason, wide_encoding
from dame_desktop.pdn.reader import read_text
from dame_desktop.store.files import (
    FileProblem,
    StorageError,
    atomic_write_bytes,
    problem_of,
    remove_stale_temps,
)

EXACT_LIMIT = 2_000_000
"""Files up to this many bytes are cut into games by the PDN lexer itself."""

_TAG = re.compile(
    r'^[ \t\ufeff]*\[[ \t]*([A-Za-z_]\w*)[ \t]*"((?:\\.|[^"\\\n])*)"[ \t]*\]', re.MULTILINE
)
_MORE_TAGS = re.compile(r'[ \t]*\[[ \t]*([A-Za-z_]\w*)[ \t]*"((?:\\.|[^"\\\n])*)"[ \t]*\]')
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_UNESCAPE = re.compile(r"\\(.)")

LIST_TAGS = ("White", "Black", "Event", "Site", "Date", "Round", "Result")


_UNITS = {"utf-16": 2, "utf-32": 4}  # bytes per code unit, by the codec's name

OPEN_LIMIT = 512 << 20
"""Files larger than this (512 MiB) are not opened: the index would not fit in memory."""


class DocumentError(StorageError):
    """A file cannot be opened or saved; the message names the file and the reason.

    ``kind`` (a :class:`~dame_desktop.store.files.FileProblem`) says what went wrong as data:
    READ_ONLY, FOLDER_READ_ONLY, FOLDER_MISSING, DISK_FULL, NOT_A_FILE, PERMISSION, OTHER
    when saving; NOT_FOUND, PERMISSION, NOT_A_FILE, TOO_BIG, OTHER when opening; NO_PATH for
    a document without a file.  ``path`` is the file, ``reason`` the words for it.
    """

    def __init__(
        self,
        message: str,
        path: Path | None = None,
        reason: str = "",
        kind: FileProblem = FileProblem.OTHER,
    ) -> None:
        super().__init__(message, path, kind, reason)


def looks_binary(data: bytes) -> str:
    """Why ``data`` cannot be opened as a PDN document ("" when it can): not PDN text by the
    rule every reader follows (:func:`~dame_desktop.pdn.problems.not_pdn_reason`: a stray NUL
    in a comment is still text).  UTF-8, Windows-1252, UTF-16 and UTF-32 (with or without
    byte order mark) are read and saved in their own encoding."""
    reason = not_pdn_reason(data[:HEAD_BYTES])
    return "" if reason is None else reason


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=32).digest()


def _read_error(target: Path, exc: OSError) -> DocumentError:
    kind = FileProblem.NOT_FOUND if isinstance(exc, FileNotFoundError) else problem_of(exc)
    if kind is FileProblem.FOLDER_MISSING:  # ENOTDIR: a part of the path is a file
        kind = FileProblem.NOT_FOUND
    reason = exc.strerror or str(exc)
    return DocumentError(f"cannot open {target}: {reason}", target, reason, kind)


@dataclass
class GameEntry:
    """One game of the file as the game list shows it."""

    number: int  # 1-based position in the file
    tags: dict[str, str]
    start: int  # byte range in the file (None for a game not yet saved)
    end: int
    line: int  # 1-based line of the game's first character

    def tag(self, name: str) -> str:
        return self.tags.get(name, "")


@dataclass
class Problem:
    """A problem found in the file: which game, where, what."""

    game: int  # 1-based game number; 0 for the file as a whole
    line: int
    column: int
    message: str
    detail: PdnProblem | None = None  # the PDN layer's problem (kind and values) behind it

    @property
    def pdn(self) -> PdnProblem:
        """The problem as the PDN layer's kind and values (a user interface words it)."""
        return self.detail or PdnProblem(self.message, self.line, self.column)


@dataclass
class PdnDocument:
    """The games of one file (or of no file yet) and the edits not saved."""

    path: Path | None = None
    data: bytes = b""
    encoding: str = "utf-8"
    bom: bool = False
    newline: str = "\n"
    entries: list[GameEntry] = field(default_factory=list)
    edited: dict[int, Game] = field(default_factory=dict)  # entry index -> edited game
    added: list[Game] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    method: str = "exact"
    verified: set[int] = field(default_factory=set)  # fast index: ranges checked by the lexer
    digest: bytes | None = None  # BLAKE2b of the bytes last read from or written to ``path``

    def changed_on_disk(self) -> bool:
        """True when the file's content is no longer what was read or saved: compared by a
        hash of its bytes (a change that keeps size and modification time is found too).  A
        file that is gone or cannot be read counts as changed.  Never raises."""
        if self.path is None or self.digest is None:
            return False
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                return True
            with open(self.path, "rb") as handle:
                if os.fstat(handle.fileno()).st_size != len(self.data):
                    return True
                current = hashlib.blake2b(digest_size=32)
                while chunk := handle.read(1 << 20):
                    current.update(chunk)
        except (OSError, ValueError):
            return True
        return current.digest() != self.digest

    # -- opening ---------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, method: str | None = None) -> PdnDocument:
        """Index the games of ``path`` (the temporary files killed saves of it left are
        removed first).  Raises DocumentError (kind NOT_FOUND, PERMISSION, NOT_A_FILE,
        TOO_BIG or OTHER) when it cannot be read, NOT_PDN when it is no text at all."""
        target = Path(path)
        remove_stale_temps(target)
        try:
            if not stat.S_ISREG(os.stat(target).st_mode):  # a pipe or device would block
                reason = "this is not a file"
                raise DocumentError(
                    f"cannot open {target}: {reason}", target, reason, FileProblem.NOT_A_FILE
                )
            with open(target, "rb") as handle:
                info = os.fstat(handle.fileno())
                if info.st_size > OPEN_LIMIT:
                    reason = f"the file is larger than {OPEN_LIMIT >> 20} MB"
                    raise DocumentError(
                        f"cannot open {target}: {reason}", target, reason, FileProblem.TOO_BIG
                    )
                data = handle.read(OPEN_LIMIT + 1)
        except OSError as exc:
            raise _read_error(target, exc) from exc
        except MemoryError:
            reason = "not enough memory to read the file"
            raise DocumentError(
                f"cannot open {target}: {reason}", target, reason, FileProblem.TOO_BIG
            ) from None
        binary = looks_binary(data)
        if binary:
            reason = f"this is not a PDN file: {binary}"
            raise DocumentError(
                f"cannot open {target}: {reason}", target, reason, FileProblem.NOT_PDN
            )
        try:
            doc = cls.from_bytes(data, method)
        except MemoryError:
            reason = "not enough memory to index the file"
            raise DocumentError(
                f"cannot open {target}: {reason}", target, reason, FileProblem.TOO_BIG
            ) from None
        doc.path = target
        doc.digest = _digest(data)
        return doc

    @classmethod
    def from_bytes(cls, data: bytes, method: str | None = None) -> PdnDocument:
        doc = cls(data=data)
        text = doc._decode()
        first = _LINE_BREAK.search(text)
        doc.newline = first.group() if first is not None else "\n"
        if method is None:
            method = "exact" if len(data) <= EXACT_LIMIT else "fast"
        spans: list[tuple[int, int, dict[str, str]]]
        if method == "fast":
            spans = _fast_spans(text)
            if not spans and text.strip():
                method, spans = "exact", _exact_spans(text)
        else:
            spans = _exact_spans(text)
        doc.method = method
        doc.entries = doc._entries(text, spans)
        if "\ufffd" in text and doc.encoding == "cp1252":
            doc.problems.append(Problem(0, 0, 0, "some bytes are neither UTF-8 nor Windows-1252"))
        return doc

    def _decode(self) -> str:
        data = self.data
        wide = wide_encoding(data[:HEAD_BYTES])
        if wide is not None:
            self.encoding = wide[0]
            self.bom = wide[1] > 0
            return data[wide[1] :].decode(self.encoding, errors="replace")
        if data.startswith(b"\xef\xbb\xbf"):
            self.bom = True
            data = data[3:]
        try:
            text = data.decode("utf-8")
            self.encoding = "utf-8"
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
            self.encoding = "cp1252"
        return text

    def _entries(self, text: str, spans: list[tuple[int, int, dict[str, str]]]) -> list[GameEntry]:
        """Character spans -> byte spans (one pass over the text) and line numbers."""
        offset = self._bom_size()
        entries: list[GameEntry] = []
        single = self.encoding == "cp1252"
        encoding = self.encoding
        done_chars = 0
        done_bytes = offset
        line = 1
        counted = 0
        breaks = "\n" if "\n" in text else "\r"

        def to_bytes(char: int) -> int:
            nonlocal done_chars, done_bytes
            if single:
                return offset + char
            if char >= done_chars:
                done_bytes += len(text[done_chars:char].encode(encoding, errors="replace"))
            else:  # not expected: spans come in order
                done_bytes = offset + len(text[:char].encode(encoding, errors="replace"))
            done_chars = char
            return done_bytes

        for number, (start, end, tags) in enumerate(spans, 1):
            b_start = to_bytes(start)
            b_end = to_bytes(end)
            line += text.count(breaks, counted, start)
            counted = start
            entries.append(GameEntry(number, tags, b_start, b_end, line))
        return entries

    # -- games -----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.entries) + len(self.added)

    def game_text(self, index: int) -> str:
        entry = self.entries[index]
        return self.data[entry.start : entry.end].decode(self.encoding, errors="replace")

    def load_game(self, index: int, default_rules: RuleSet | None = None) -> Game:
        """The game at ``index`` (its edited version if there is one).

        Line numbers of its errors are those of the file.  A span that holds no game
        (nothing readable) gives an empty game with one error.
        """
        if index in self.edited:
            return self.edited[index]
        if index >= len(self.entries):
            return self.added[index - len(self.entries)]
        if self.method == "fast" and index not in self.verified:
            self._split(index)
        entry = self.entries[index]
        found = read_text(self.game_text(index), default_rules=default_rules)
        if not isinstance(found, Game):
            game = Game(default_rules)
            game.errors.append(PdnProblem("no game can be read here", 1, 1, ProblemKind.NO_GAME))
        else:
            game = found
        game.errors[:] = [error.shifted(entry.line - 1) for error in game.errors]
        return game

    def _split(self, index: int, count: int = 1) -> None:
        """The fast index may have joined games without tags to the game before them: cut
        the ranges ``index .. index+count-1`` with the lexer, so each game is listed (and
        saved) on its own.  One rebuild of the entry list per call, whatever it finds."""
        stop = min(index + count, len(self.entries))
        replaced: list[list[GameEntry]] = []
        for at in range(index, stop):
            parts = self._parts(at) if at not in self.verified else [self.entries[at]]
            replaced.append(parts)
        self.verified.update(range(index, stop))
        if all(len(parts) == 1 for parts in replaced):
            for at, parts in zip(range(index, stop), replaced, strict=True):
                self.entries[at] = parts[0]
            return
        new_index: list[int] = []  # old position -> new position, for index .. stop-1
        flat: list[GameEntry] = []
        for parts in replaced:
            new_index.append(index + len(flat))
            flat.extend(parts)
        shift = len(flat) - (stop - index)

        def moved(old: int) -> int:
            if old < index:
                return old
            return new_index[old - index] if old < stop else old + shift

        self.entries[index:stop] = flat
        self.edited = {moved(i): g for i, g in self.edited.items()}
        self.verified = {moved(i) for i in self.verified}
        self.verified.update(range(index, index + len(flat)))
        for number in range(index, len(self.entries)):
            self.entries[number].number = number + 1

    def _parts(self, index: int) -> list[GameEntry]:
        """The games the lexer finds in the range of entry ``index`` (itself when one)."""
        entry = self.entries[index]
        text = self.game_text(index)
        spans = _exact_spans(text)
        if len(spans) <= 1:
            return [entry]
        single = self.encoding == "cp1252"
        encoding = self.encoding
        done_chars, done_bytes = 0, entry.start
        counted, line = 0, entry.line

        def to_bytes(char: int) -> int:  # spans come in order: one pass over the text
            nonlocal done_chars, done_bytes
            if single:
                return entry.start + char
            done_bytes += len(text[done_chars:char].encode(encoding, errors="replace"))
            done_chars = char
            return done_bytes

        parts = []
        for i, (start, end, tags) in enumerate(spans):
            line += text.count("\n", counted, start)
            counted = start
            parts.append(
                GameEntry(
                    0, tags or entry.tags if i == 0 else tags, to_bytes(start), to_bytes(end), line
                )
            )
        return parts

    def game_problems(self, index: int, game: Game) -> list[Problem]:
        return [Problem(index + 1, e.line, e.column, e.message, e) for e in game.errors]

    def check_all(self, default_rules: RuleSet | None = None) -> Iterator[tuple[int, Game]]:
        """Read every game (for the problem list); yields (index, game) as it goes."""
        index = 0
        while index < len(self):  # the fast index may find more games on the way
            if self.method == "fast" and index < len(self.entries) and (index not in self.verified):
                # cut ranges in batches of a fiftieth of the file: a linear pass in all
                self._split(index, max(200, len(self.entries) // 50))
            game = self.load_game(index, default_rules)
            yield index, game
            index += 1

    def mark_edited(self, index: int, game: Game) -> None:
        if index < len(self.entries):
            self.edited[index] = game
            self.entries[index].tags = _list_tags(game)

    def add_game(self, game: Game) -> int:
        """Append a new game (saved at the end of the file); returns its index."""
        self.added.append(game)
        return len(self) - 1

    @property
    def modified(self) -> bool:
        return bool(self.edited or self.added)

    def all_entries(self) -> list[GameEntry]:
        """The indexed games plus the added ones (these with an empty byte range)."""
        out = list(self.entries)
        for i, game in enumerate(self.added):
            out.append(GameEntry(len(self.entries) + i + 1, _list_tags(game), 0, 0, 0))
        return out

    # -- saving ----------------------------------------------------------------------------

    def render(self) -> bytes:
        """The file's new bytes: untouched games byte for byte, edited ones rewritten."""
        pieces: list[tuple[bool, bytes | str]] = []  # (is new text, content)
        position = 0
        for index in sorted(self.edited):
            entry = self.entries[index]
            pieces.append((False, self.data[position : entry.start]))
            text = write_game(self.edited[index]).rstrip("\n")
            if self._char(entry.start - self._unit()) not in ("", "\n", "\r"):
                text = "\n\n" + text  # the game shared a line with the one before it
            if self._char(entry.end) not in ("", "\n", "\r"):
                text += "\n\n"
            pieces.append((True, text))
            position = entry.end
        pieces.append((False, self.data[position:]))
        if self.added:  # after the last byte of the file, a blank line between games
            data = self.data[self._bom_size() :].decode(self.encoding, errors="replace")
            if not data.strip() or data.endswith(("\n\n", "\r\n\r\n", "\r\r")):
                gap = ""
            elif data.endswith(("\n", "\r")):
                gap = "\n"
            else:
                gap = "\n\n"
            new = gap + "\n\n".join(write_game(g).rstrip("\n") for g in self.added) + "\n"
            pieces.append((True, new))
        try:
            return self._join(pieces, self.encoding)
        except UnicodeEncodeError:
            return self._join(pieces, "utf-8", recode=True)

    def _bom_size(self) -> int:
        if not self.bom:
            return 0
        return 3 if self._unit() == 1 else self._unit()

    def _unit(self) -> int:
        """Bytes per character where line ends are: 2 in UTF-16, 4 in UTF-32, else 1."""
        return _UNITS.get(self.encoding[:6], 1)

    def _char(self, at: int) -> str:
        """The character whose bytes start at ``at`` ("" outside the text) -- a line end or
        not is all that is asked, so a byte of a longer UTF-8 sequence is good enough."""
        unit = self._unit()
        if at < self._bom_size() or at + unit > len(self.data):
            return ""
        return self.data[at : at + unit].decode(
            self.encoding if unit > 1 else "latin-1", errors="replace"
        )

    def _join(
        self, pieces: list[tuple[bool, bytes | str]], encoding: str, recode: bool = False
    ) -> bytes:
        out: list[bytes] = []
        for is_new, content in pieces:
            if is_new:
                assert isinstance(content, str)
                text = content.replace("\n", self.newline) if self.newline != "\n" else content
                out.append(text.encode(encoding))
            else:
                assert isinstance(content, bytes)
                if recode:
                    start = content[3:] if content.startswith(b"\xef\xbb\xbf") else content
                    if self._unit() > 1 and self.bom and content is pieces[0][1]:
                        start = start[self._bom_size() :]
                    out.append(start.decode(self.encoding, errors="replace").encode("utf-8"))
                else:
                    out.append(content)
        data = b"".join(out)
        if recode and self.bom:
            data = b"\xef\xbb\xbf" + data
        return data

    def save(self, path: str | Path | None = None) -> Path:
        """Write the file atomically (to ``path`` for Save as); the index is rebuilt.

        Goes through :func:`dame_desktop.store.files.atomic_write_bytes`: a symbolic link's
        target is written (the link stays), the file's permissions are kept, a write-protected
        file is refused, and on any error the file on disk is unchanged.  Raises
        DocumentError with ``kind`` NO_PATH, READ_ONLY, FOLDER_READ_ONLY, FOLDER_MISSING,
        DISK_FULL, NOT_A_FILE, PERMISSION or OTHER.  It does not check
        :meth:`changed_on_disk`: ask the user first.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            reason = "the games have no file yet: choose one with Save as"
            raise DocumentError(reason, None, reason, FileProblem.NO_PATH)
        data = self.render()
        try:
            atomic_write_bytes(target, data)
        except StorageError as exc:
            raise DocumentError(
                f"cannot save {target}: {exc.reason}", target, exc.reason, exc.kind
            ) from exc
        fresh = PdnDocument.from_bytes(data, self.method)
        self.data = data
        self.encoding, self.bom, self.newline = fresh.encoding, fresh.bom, fresh.newline
        self.entries = fresh.entries
        self.verified = set()
        self.path = target
        self.digest = _digest(data)
        self.edited = {}
        self.added = []
        return target


def _list_tags(game: Game) -> dict[str, str]:
    tags = {name: game.headers.get(name, "") for name in LIST_TAGS}
    tags["Result"] = game.result()
    return tags


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


def _fast_spans(text: str) -> list[tuple[int, int, dict[str, str]]]:
    """Games as (start, end, tags) by tag sections: a section after move text starts a game."""
    spans: list[tuple[int, int, dict[str, str]]] = []
    start = -1
    tags: dict[str, str] = {}
    last_end = 0
    for m in _TAG.finditer(text):
        between = text[last_end : m.start()]
        if start < 0 or (between and not _blank(between)):
            if start >= 0:
                spans.append((start, _trim_end(text, m.start()), tags))
            start = m.start() + (len(m.group()) - len(m.group().lstrip(" \t\ufeff")))
            tags = {}
        tags[m.group(1)] = _unescape(m.group(2))
        pos = m.end()
        more = _MORE_TAGS.match(text, pos)
        while more is not None:  # several tags on one line
            tags[more.group(1)] = _unescape(more.group(2))
            pos = more.end()
            more = _MORE_TAGS.match(text, pos)
        last_end = pos
    if start >= 0:
        spans.append((start, _trim_end(text, len(text)), tags))
    return spans


def _blank(text: str) -> bool:
    """Only white space (and the literal ``\\r`` garbage of some broken exports)."""
    return text.isspace() or not text.replace("\\r", "").strip()


def _trim_end(text: str, end: int) -> int:
    while end > 0 and text[end - 1] in " \t\r\n\ufeff":
        end -= 1
    return end


def _exact_spans(text: str) -> list[tuple[int, int, dict[str, str]]]:
    """Games as the PDN lexer cuts them, located in ``text`` by their own characters.

    The lexer sees the text with line breaks made ``\n`` (as a file opened in text mode);
    each game's characters are then found again from where the previous game ended, and
    the offsets mapped back to the raw text (where a line break may be ``\r\n``).
    """
    normal = text.replace("\r\n", "\n")
    collapsed = [m.start() - i for i, m in enumerate(re.finditer("\r\n", text))]
    normal = normal.replace("\r", "\n")

    def raw(offset: int) -> int:
        return offset + bisect_left(collapsed, offset)

    lexer = lx.GameLexer(io.StringIO(normal).readline)
    spans: list[tuple[int, int, dict[str, str]]] = []
    cursor = 0
    while True:
        game = lexer.next_game()
        if game is None:
            break
        if not game.tokens or all(t[0] == lx.TAG and t[3] is None for t in game.tokens):
            continue
        tags = {t[2]: str(t[3]) for t in game.tokens if t[0] == lx.TAG and t[3] is not None}
        snippet = game.text[game.tokens[0][1] : game.end_offset].rstrip("\n")
        found = normal.find(snippet, cursor)
        if found < 0:  # not expected (the lexer hands out the characters it read): by lines
            found = _by_line(normal, *game.line_column(game.tokens[0][1]))
            snippet = normal[found : _by_line(normal, *game.line_column(game.end_offset))]
        cursor = found + len(snippet)
        spans.append((raw(found), _trim_end(text, raw(cursor)), tags))
    return spans


def _by_line(text: str, line: int, column: int) -> int:
    """Offset of a 1-based line and column in ``text`` (lines end with ``\n``)."""
    offset = 0
    for _ in range(line - 1):
        found = text.find("\n", offset)
        if found < 0:
            return len(text)
        offset = found + 1
    return min(offset + column - 1, len(text))
