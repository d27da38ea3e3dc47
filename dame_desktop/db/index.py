"""The index of one PDN file: a SQLite cache of its games and of every main-line position.

The PDN file is the only source of truth.  Its index lives in the user cache folder
(:func:`dame_desktop.store.files.cache_dir`, ``db/``), one SQLite file per PDN file, and
records the file's size, modification time and SHA-256.  Opening an index checks the file:
the same size and time are trusted, anything else is hashed, and a different content is
indexed again.  A missing, damaged, foreign or half-written index is rebuilt (logged, never
raised).

The default rule set (the rules of games whose tags name none) is recorded too.  An index
opened with ``any_default`` (the window: its game list, explorer and position search share
one index whatever asked first) takes the index as it is; otherwise (the command line's
``--rules``) an index built with another default is built again, unless every game of the
file names its rule set and the default decides nothing.

Building writes a new SQLite file next to the final name and renames it into place when it
is complete, so a build killed at any moment leaves no index (the next start builds one),
and two programs indexing the same file at once both finish with one index.  A file that
changes while it is indexed is indexed again.  Where the cache folder cannot be written the
index is built in memory for the session.

Tables (see :data:`SCHEMA`):

``games``
    one row per game, numbered from 1 in file order (as ``dame analyse --game`` counts):
    byte offset and length in the file, the usual tags and all tags as JSON, the result,
    its outcome by the side that moves first, plies, rule set, start FEN when not the
    standard start, final material and the number of problems.
``positions``
    one row per (position key, game): the first ply at which the game's main line reaches
    the position, the move played next there (NULL where the game ends) and the game's
    outcome, so ``find`` and ``explore`` read one range of the primary key.

``tally``
    for every position that at least :data:`TALLY_FROM` games reach: the games per move
    played next (-1 where games end) and outcome, counted once when the index is built, so
    ``explore`` and ``find``'s total answer at once for the start and other common
    positions; rarer positions are counted from ``positions`` (a short range).
``lines``
    per game with a known rule set: its main line as bytes (:func:`walk.line_code`) and the
    squares each kind of piece ever stands on, for the search of a piece pattern
    (:mod:`dame_desktop.db.similar`).

Prefilters: the per-game final material (men and kings per side) lets a search for a
position skip every game that ends with more pieces of a side than the position has
(material never grows); an exact search needs none, the key range is the answer.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core import Color, Position, RuleSet, find_rules
from ..core.geometry import geometry
from ..core.position import Stacks
from ..pdn.problems import NotPdnError
from ..pdn.tree import game_result, result_scores
from ..store.files import cache_dir, install_file
from .keys import position_key, rules_salt, scheme_check, tower_key
from .replay import ReplayedGame, Replayer
from .walk import line_code, line_masks, move_code, position_rows

log = logging.getLogger(__name__)

FORMAT = 3  # the layout of the tables; a change rebuilds every index
BATCH = 2000  # games per write
PROGRESS_EVERY = 256  # games between progress reports
MAX_REBUILDS = 3  # a file that keeps changing while indexed: give up after this many tries
TALLY_FROM = 256  # positions reached by at least this many games get their moves counted
BUILD_CACHE_KB = 65536  # SQLite's page cache and sorter memory while an index is built
LINES_CHUNK = 4096  # rows of ``lines`` read at a time by a pattern search

# outcome codes
UNKNOWN, FIRST, DRAW, SECOND = 0, 1, 2, 3

SCHEMA = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    game INTEGER PRIMARY KEY,
    offset INTEGER NOT NULL,
    length INTEGER NOT NULL,
    white TEXT NOT NULL, black TEXT NOT NULL, event TEXT NOT NULL, site TEXT NOT NULL,
    date TEXT NOT NULL, round TEXT NOT NULL,
    result TEXT NOT NULL,
    outcome INTEGER NOT NULL,
    plies INTEGER NOT NULL,
    rules TEXT,
    fen TEXT,
    white_men INTEGER NOT NULL, white_kings INTEGER NOT NULL,
    black_men INTEGER NOT NULL, black_kings INTEGER NOT NULL,
    problems INTEGER NOT NULL,
    tags TEXT NOT NULL
);
CREATE TABLE positions (
    key INTEGER NOT NULL,
    game INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    move INTEGER,
    outcome INTEGER NOT NULL,
    PRIMARY KEY (key, game)
) WITHOUT ROWID;
CREATE TABLE tally (
    key INTEGER NOT NULL,
    move INTEGER NOT NULL,
    outcome INTEGER NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (key, move, outcome)
) WITHOUT ROWID;
CREATE TABLE lines (
    game INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    white_men INTEGER NOT NULL, white_kings INTEGER NOT NULL,
    black_men INTEGER NOT NULL, black_kings INTEGER NOT NULL,
    setups INTEGER NOT NULL,
    line BLOB NOT NULL
);
"""


class IndexCancelled(Exception):
    """Indexing was cancelled by the caller (nothing was written)."""


Progress = Callable[[int, int], None]
"""progress(bytes read, file size), called now and then while a file is indexed."""


@dataclass(frozen=True)
class FileState:
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> FileState:
        st = path.stat()
        return cls(st.st_size, st.st_mtime_ns)


def outcome_of(result: str, rules: RuleSet | None) -> int:
    """FIRST, SECOND (the side that moves first / second won), DRAW or UNKNOWN."""
    scores = result_scores(result)
    if scores is None or rules is None:
        return UNKNOWN
    first, second = scores
    if first > second:
        return FIRST
    if second > first:
        return SECOND
    return UNKNOWN if first == 0 else DRAW


def file_digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 22):
            sha.update(chunk)
    return sha.hexdigest()


def index_folder() -> Path:
    return cache_dir() / "db"


def index_name(path: Path) -> str:
    """The index file's name: a digest of the absolute path (one index per file, whatever
    default rule set it was built with)."""
    ident = str(path.resolve())
    return hashlib.sha256(ident.encode("utf-8", "surrogateescape")).hexdigest()[:24] + ".sqlite"


def default_ident(rules: RuleSet | None) -> str:
    """What names a default rule set in an index's meta table ("" for none)."""
    return f"{rules.key}:{rules_salt(rules)}" if rules is not None else ""


def names_no_rules(headers: Sequence[tuple[str, str]]) -> bool:
    """Whether a game's tags name no rule set, so that the default rule set may decide it."""
    return not any(name in _RULE_TAGS for name, _ in headers)


_RULE_TAGS = frozenset(("GameType", "Rules", "Variant", "Bianco", "Nero"))


@dataclass
class GameRow:
    """A game as the index lists it."""

    game: int
    offset: int
    length: int
    white: str
    black: str
    event: str
    site: str
    date: str
    round: str
    result: str
    outcome: int
    plies: int
    rules: str | None
    fen: str | None
    problems: int


@dataclass
class GameFilter:
    """What :meth:`GameIndex.games` keeps: every field optional (None: any)."""

    text: str | None = None  # in the players, event or site (case-insensitive)
    player: str | None = None
    event: str | None = None
    date_from: str | None = None  # PDN dates compare as text: "1841" <= "1841-??-??"
    date_to: str | None = None
    outcome: int | None = None
    rules: str | None = None
    games: Sequence[int] | None = None
    limit: int | None = None
    offset: int = 0


_GAME_COLUMNS = (
    "game, offset, length, white, black, event, site, date, round, result, "
    "outcome, plies, rules, fen, problems"
)


@dataclass
class BuildStats:
    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    rebuilt_because: str = ""
    fallbacks: int = 0
    index_bytes: int = 0
    rounds: int = 0


class GameIndex:
    """The index of one PDN file (see the module docstring).

    ``GameIndex(path, default_rules).open()`` returns it ready to query, building or
    rebuilding it first when needed; ``progress`` and ``cancel`` reach that build.
    """

    def __init__(
        self,
        path: str | Path,
        default_rules: RuleSet | None = None,
        folder: str | Path | None = None,
        any_default: bool = False,
    ) -> None:
        self.path = Path(path)
        self.default = default_rules
        self.any_default = any_default
        self.folder = Path(folder) if folder is not None else index_folder()
        self.file = self.folder / index_name(self.path)
        self.conn: sqlite3.Connection | None = None
        self.in_memory = False
        self.stats = BuildStats()
        self.tally_from = TALLY_FROM
        self._lock = threading.Lock()

    # -- opening and building ------------------------------------------------------------

    def open(
        self,
        progress: Progress | None = None,
        cancel: Callable[[], bool] | None = None,
        rebuild: bool = False,
    ) -> GameIndex:
        """Make the index current and open it.  Raises OSError when the PDN file cannot be
        read, NotPdnError when it is not PDN text and IndexCancelled when cancelled."""
        state = FileState.of(self.path)  # OSError when the file is missing
        if not rebuild:
            why = self._usable(state)
            if why is None:
                return self
            self.stats.rebuilt_because = why
        else:
            self.stats.rebuilt_because = "asked"
        self.build(progress, cancel)
        return self

    def open_if_current(self) -> bool:
        """Open the index when it is current for the file as it is now (nothing is built);
        False when it is missing, stale or damaged, or the file cannot be read."""
        try:
            state = FileState.of(self.path)
        except OSError:
            return False
        return self._usable(state) is None

    def _usable(self, state: FileState) -> str | None:
        """None when the index on disk is current (and is now open), else why not."""
        if self.conn is not None and self.in_memory:
            meta = self._meta(self.conn)
            if meta.get("size") == str(state.size) and meta.get("mtime") == str(state.mtime_ns):
                return None
            return "the file changed"
        if not self.file.exists():
            return "no index yet"
        try:
            conn = sqlite3.connect(str(self.file), check_same_thread=False)
        except sqlite3.Error as exc:
            return self._damaged(f"cannot open: {exc}")
        try:
            meta = self._meta(conn)
        except sqlite3.DatabaseError as exc:
            conn.close()
            return self._damaged(f"not an index: {exc}")
        why = self._meta_problem(meta, state)
        if why is not None:
            conn.close()
            if why == "damaged":
                return self._damaged("its tables are not the index's")
            return why
        self._close()
        self.conn = conn
        return None

    def _meta_problem(self, meta: dict[str, str], state: FileState) -> str | None:
        if meta.get("format") != str(FORMAT) or meta.get("keys") != scheme_check():
            return "damaged" if "format" not in meta else "an older index format"
        if meta.get("complete") != "1":
            return "damaged"
        if (
            not self.any_default
            and meta.get("default_rules") != default_ident(self.default)
            and meta.get("undecided") != "0"
        ):
            return "another default rule set"
        if meta.get("size") == str(state.size) and meta.get("mtime") == str(state.mtime_ns):
            return None
        if meta.get("size") == str(state.size) and meta.get("sha256") == file_digest(self.path):
            return None  # touched, not changed
        return "the file changed"

    def _damaged(self, detail: str) -> str:
        log.warning(
            "game index %s for %s is damaged (%s): building it again", self.file, self.path, detail
        )
        with contextlib.suppress(OSError):
            self.file.unlink()
        return f"damaged ({detail})"

    @staticmethod
    def _meta(conn: sqlite3.Connection) -> dict[str, str]:
        return dict(conn.execute("SELECT name, value FROM meta").fetchall())

    def build(
        self, progress: Progress | None = None, cancel: Callable[[], bool] | None = None
    ) -> BuildStats:
        """Index the file afresh (again while it changes under the build)."""
        import time

        started = time.process_time()
        for rounds in range(1, MAX_REBUILDS + 1):
            before = FileState.of(self.path)
            conn, target, stats = self._build_once(before, progress, cancel)
            if FileState.of(self.path) == before:
                break
            log.info("%s changed while it was indexed: indexing it again", self.path)
            if rounds == MAX_REBUILDS:
                log.warning(
                    "%s kept changing while it was indexed; the index is of one of its versions",
                    self.path,
                )
                break
            conn.close()
            if target is not None:
                with contextlib.suppress(OSError):
                    target.unlink()
        stats.rounds = rounds
        self._install(conn, target)
        stats.seconds = time.process_time() - started
        stats.rebuilt_because = self.stats.rebuilt_because
        self.stats = stats
        return stats

    def _install(self, conn: sqlite3.Connection, target: Path | None) -> None:
        self._close()
        if target is None:
            self.conn = conn
            self.in_memory = True
            return
        conn.close()
        try:
            install_file(target, self.file)
        except OSError as exc:
            log.warning(
                "cannot put the game index %s in place (%s): it stays where it was "
                "built for this session",
                self.file,
                exc,
            )
            self.conn = sqlite3.connect(str(target), check_same_thread=False)
            return
        self.conn = sqlite3.connect(str(self.file), check_same_thread=False)
        self.in_memory = False

    def _new_database(self) -> tuple[sqlite3.Connection, Path | None]:
        """A fresh database: a temporary file in the cache folder, else in memory."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _remove_stale(self.folder)
            target = self.folder / f".{self.file.stem}.{os.getpid()}.{threading.get_ident()}.tmp"
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
            conn = sqlite3.connect(str(target), check_same_thread=False)
            conn.execute("PRAGMA journal_mode=OFF")
            conn.execute("PRAGMA synchronous=OFF")
            conn.execute(f"PRAGMA cache_size=-{BUILD_CACHE_KB}")
            conn.executescript(SCHEMA)
            return conn, target
        except (OSError, sqlite3.Error) as exc:
            log.warning(
                "cannot write the game index in %s (%s): it is kept in memory for this session",
                self.folder,
                exc,
            )
            conn = sqlite3.connect(":memory:", check_same_thread=False)
            conn.executescript(SCHEMA)
            return conn, None

    def _build_once(
        self, before: FileState, progress: Progress | None, cancel: Callable[[], bool] | None
    ) -> tuple[sqlite3.Connection, Path | None, BuildStats]:
        conn, target = self._new_database()
        try:
            stats = self._fill(conn, before, progress, cancel)
        except BaseException:
            conn.close()
            if target is not None:
                with contextlib.suppress(OSError):
                    target.unlink()
            raise
        return conn, target, stats

    def _fill(
        self,
        conn: sqlite3.Connection,
        before: FileState,
        progress: Progress | None,
        cancel: Callable[[], bool] | None,
    ) -> BuildStats:
        stats = BuildStats()
        replayer = Replayer(self.path, self.default)
        conn.execute(
            "CREATE TEMP TABLE stage (key INTEGER, game INTEGER, ply INTEGER, "
            "move INTEGER, outcome INTEGER)"
        )
        games_rows: list[tuple[object, ...]] = []
        pos_rows: list[tuple[int, int, int, int | None, int]] = []
        line_rows: list[tuple[object, ...]] = []
        total = max(before.size, 1)
        # per rule set object (by identity: a RuleSet's hash covers all its fields)
        tables: dict[int, tuple[RuleSet, int, tuple[int, ...]]] = {}
        undecided = 0  # games whose tags name no rule set (the default may decide them)
        for game in replayer.games():
            if cancel is not None and cancel():
                raise IndexCancelled()
            stats.games += 1
            undecided += names_no_rules(game.headers)
            games_rows.append(self._game_row(game))
            if game.rules is not None:
                table = tables.get(id(game.rules))
                if table is None:
                    geo = geometry(game.rules.board_size, game.rules.numbering)
                    table = tables[id(game.rules)] = (
                        game.rules,
                        rules_salt(game.rules),
                        geo.bit_to_sq,
                    )
                outcome = int(games_rows[-1][10])  # type: ignore[call-overload]
                if game.stacks is not None:
                    stats.positions += tower_rows(
                        game, game.stacks, table[1], table[2], outcome, pos_rows
                    )
                else:
                    stats.positions += position_rows(
                        game.number, game.states, game.moves, table[1], table[2], outcome, pos_rows
                    )
                line_rows.append(
                    (
                        game.number,
                        game.rules.key,
                        *line_masks(game.states),
                        int(None in game.moves),
                        line_code(game.states, game.moves),
                    )
                )
            if len(games_rows) >= BATCH:
                _flush(conn, games_rows, pos_rows, line_rows)
            if progress is not None and stats.games % PROGRESS_EVERY == 0:
                progress(min(replayer.bytes_done, total), total)
        _flush(conn, games_rows, pos_rows, line_rows)
        conn.execute(
            "INSERT INTO positions SELECT key, game, ply, move, outcome FROM stage "
            "ORDER BY key, game"
        )
        conn.execute("DROP TABLE stage")
        conn.execute(
            "INSERT INTO tally SELECT key, COALESCE(move, -1), outcome, COUNT(*) FROM positions "
            "WHERE key IN (SELECT key FROM positions GROUP BY key HAVING COUNT(*) >= ?) "
            "GROUP BY key, move, outcome",
            (self.tally_from,),
        )
        digest = replayer.digest or file_digest(self.path)
        meta = {
            "format": str(FORMAT),
            "keys": scheme_check(),
            "path": str(self.path.resolve()),
            "size": str(before.size),
            "mtime": str(before.mtime_ns),
            "sha256": digest,
            "default_rules": default_ident(self.default),
            "undecided": str(undecided),
            "games": str(stats.games),
            "positions": str(stats.positions),
            "tally_from": str(self.tally_from),
            "complete": "1",
        }
        conn.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
        conn.commit()
        conn.execute("PRAGMA journal_mode=WAL")
        stats.fallbacks = replayer.fallbacks
        if progress is not None:
            progress(total, total)
        return stats

    @staticmethod
    def _game_row(game: ReplayedGame) -> tuple[object, ...]:
        tags = dict(game.headers)
        rules = game.rules
        result = game_result(tags.get("Result", ""), game.result_token)
        outcome = outcome_of(result, rules)
        final = game.states[-1] if game.states else (0, 0, 0, True)
        w, b, k, _ = final
        start = game.states[0] if game.states else None
        fen = None
        if rules is not None and start is not None and start != _standard_start(rules):
            fen = Position(
                rules, start[0], start[1], start[2], Color.WHITE if start[3] else Color.BLACK
            ).fen()
        return (
            game.number,
            game.offset,
            game.length,
            tags.get("White", ""),
            tags.get("Black", ""),
            tags.get("Event", ""),
            tags.get("Site", ""),
            tags.get("Date", ""),
            tags.get("Round", ""),
            result,
            outcome,
            game.plies,
            rules.key if rules is not None else None,
            fen,
            (w & ~k).bit_count(),
            (w & k).bit_count(),
            (b & ~k).bit_count(),
            (b & k).bit_count(),
            len(game.problems),
            json.dumps(game.headers, ensure_ascii=False),
        )

    # -- queries ---------------------------------------------------------------------------

    def _conn(self) -> sqlite3.Connection:
        if self.conn is None:
            self.open()
        assert self.conn is not None
        return self.conn

    def meta(self) -> dict[str, str]:
        return self._meta(self._conn())

    def rule_sets(self) -> list[tuple[str, int]]:
        """(rule set key, games) for every rule set of the file's games, most games first."""
        with self._lock:
            rows = (
                self._conn()
                .execute(
                    "SELECT rules, COUNT(*) AS n FROM games WHERE rules IS NOT NULL "
                    "GROUP BY rules ORDER BY n DESC, rules"
                )
                .fetchall()
            )
        return [(r[0], r[1]) for r in rows]

    def count_games(self) -> int:
        with self._lock:
            return int(self._conn().execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def games(self, where: GameFilter | None = None) -> list[GameRow]:
        """The games (in file order) that pass ``where``."""
        where = where or GameFilter()
        clauses: list[str] = []
        args: list[object] = []
        if where.text:
            like = f"%{_like(where.text)}%"
            clauses.append(
                "(white LIKE ? ESCAPE '\\' OR black LIKE ? ESCAPE '\\' OR "
                "event LIKE ? ESCAPE '\\' OR site LIKE ? ESCAPE '\\')"
            )
            args += [like] * 4
        if where.player:
            like = f"%{_like(where.player)}%"
            clauses.append("(white LIKE ? ESCAPE '\\' OR black LIKE ? ESCAPE '\\')")
            args += [like, like]
        if where.event:
            clauses.append("event LIKE ? ESCAPE '\\'")
            args.append(f"%{_like(where.event)}%")
        if where.date_from:
            clauses.append("date >= ?")
            args.append(where.date_from)
        if where.date_to:
            clauses.append("date <= ?")
            args.append(where.date_to + "\uffff")
        if where.outcome is not None:
            clauses.append("outcome = ?")
            args.append(where.outcome)
        if where.rules:
            clauses.append("rules = ?")
            args.append(where.rules)
        if where.games is not None:
            clauses.append(f"game IN ({','.join('?' * len(where.games))})")
            args += list(where.games)
        sql = f"SELECT {_GAME_COLUMNS} FROM games"
        if clauses:
            sql += " WHERE " + " AND ".join(clauses)
        sql += " ORDER BY game"
        if where.limit is not None:
            sql += " LIMIT ? OFFSET ?"
            args += [where.limit, where.offset]
        with self._lock:
            rows = self._conn().execute(sql, args).fetchall()
        return [GameRow(*row) for row in rows]

    def game_text(self, game: int) -> str:
        """The PDN text of one game, read from the file at its offset."""
        row = self.games(GameFilter(games=[game]))
        if not row or row[0].offset < 0:
            raise KeyError(game)
        with open(self.path, "rb") as handle:
            handle.seek(row[0].offset)
            data = handle.read(row[0].length)
        from ..pdn.reader import decode

        return decode(data)

    def hits_any(
        self, keys: Sequence[int], limit: int | None = None
    ) -> tuple[int, list[tuple[int, int, int]]]:
        """(games reaching any of ``keys``, [(game, first ply, the key met there)] in game
        order, at most ``limit``)."""
        with self._lock:
            conn = self._conn()
            per_key = [(key, self._count(conn, key)) for key in dict.fromkeys(keys)]
            per_key = [(key, n) for key, n in per_key if n]
            total = sum(n for _, n in per_key)
            if len(per_key) == 2:  # a game reaching both keys counts once
                (small, _), (big, _) = sorted(per_key, key=lambda kn: kn[1])
                total -= conn.execute(
                    "SELECT COUNT(*) FROM positions AS p WHERE p.key = ? AND EXISTS "
                    "(SELECT 1 FROM positions AS q WHERE q.key = ? AND q.game = p.game)",
                    (small, big),
                ).fetchone()[0]
            elif len(per_key) > 2:
                marks = ",".join("?" * len(per_key))
                total = conn.execute(
                    f"SELECT COUNT(DISTINCT game) FROM positions WHERE key IN ({marks})",
                    [k for k, _ in per_key],
                ).fetchone()[0]
            rows: dict[int, tuple[int, int]] = {}
            if limit != 0:
                sql = "SELECT game, ply FROM positions WHERE key = ? ORDER BY game"
                if limit is not None:
                    sql += f" LIMIT {int(limit)}"
                # the first ``limit`` games of each key hold the first ``limit`` of them all
                for key, _ in per_key:
                    for game, ply in conn.execute(sql, (key,)):
                        seen = rows.get(game)
                        if seen is None or ply < seen[0]:
                            rows[game] = (ply, key)
        found = [(game, rows[game][0], rows[game][1]) for game in sorted(rows)]
        return int(total), found[:limit] if limit is not None else found

    def _count(self, conn: sqlite3.Connection, key: int) -> int:
        """The games reaching ``key``: from the tally where it has the key."""
        counted = conn.execute("SELECT SUM(games) FROM tally WHERE key = ?", (key,)).fetchone()
        if counted[0] is not None:
            return int(counted[0])
        return int(
            conn.execute("SELECT COUNT(*) FROM positions WHERE key = ?", (key,)).fetchone()[0]
        )

    def next_moves(self, key: int) -> list[tuple[int | None, int, int]]:
        """[(move code or None where games end, outcome, games)] at the key."""
        with self._lock:
            conn = self._conn()
            rows = conn.execute(
                "SELECT move, outcome, games FROM tally WHERE key = ?", (key,)
            ).fetchall()
            if rows:
                return [(None if r[0] < 0 else r[0], r[1], r[2]) for r in rows]
            rows = conn.execute(
                "SELECT move, outcome, COUNT(*) FROM positions WHERE key = ? "
                "GROUP BY move, outcome",
                (key,),
            ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def lines(
        self, rules: str, white_men: int, white_kings: int, black_men: int, black_kings: int
    ) -> Iterator[tuple[int, int, bytes]]:
        """(game, has setups, main line bytes) of the games of rule set ``rules`` where every
        given square ever holds that kind of piece (the first test of a pattern search), in
        game order, read :data:`LINES_CHUNK` rows at a time (never all at once)."""
        with self._lock:
            cursor = self._conn().execute(
                "SELECT game, setups, line FROM lines WHERE rules = ? AND "
                "white_men & ? = ? AND white_kings & ? = ? AND black_men & ? = ? AND "
                "black_kings & ? = ? ORDER BY game",
                (
                    rules,
                    white_men,
                    white_men,
                    white_kings,
                    white_kings,
                    black_men,
                    black_men,
                    black_kings,
                    black_kings,
                ),
            )
        try:
            while True:
                with self._lock:
                    rows = cursor.fetchmany(LINES_CHUNK)
                if not rows:
                    return
                yield from rows
        finally:
            cursor.close()

    def size_bytes(self) -> int:
        if self.in_memory or self.conn is None:
            return 0
        try:
            return self.file.stat().st_size
        except OSError:
            return 0

    def _close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def close(self) -> None:
        self._close()

    def __enter__(self) -> GameIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_STARTS: dict[int, tuple[RuleSet, tuple[int, int, int, bool]]] = {}


def _standard_start(rules: RuleSet) -> tuple[int, int, int, bool]:
    """The rule set's start (kept per rule set object: a RuleSet hashes all its fields)."""
    got = _STARTS.get(id(rules))
    if got is None or got[0] is not rules:
        if len(_STARTS) > 64:
            _STARTS.clear()
        pos = Position.start(rules)
        state = (pos.white, pos.black, pos.kings, pos.turn is Color.WHITE)
        got = _STARTS[id(rules)] = (rules, state)
    return got[1]


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _flush(
    conn: sqlite3.Connection,
    games_rows: list[tuple[object, ...]],
    pos_rows: list[tuple[int, int, int, int | None, int]],
    line_rows: list[tuple[object, ...]],
) -> None:
    if games_rows:
        conn.executemany("INSERT INTO games VALUES (" + ",".join("?" * 20) + ")", games_rows)
        games_rows.clear()
    if pos_rows:
        conn.executemany("INSERT INTO stage VALUES (?, ?, ?, ?, ?)", pos_rows)
        pos_rows.clear()
    if line_rows:
        conn.executemany("INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?, ?, ?)", line_rows)
        line_rows.clear()


def _remove_stale(folder: Path) -> None:
    """Remove half-built indexes whose builder is gone (killed mid-build)."""
    for temp in folder.glob(".*.tmp"):
        parts = temp.name.split(".")
        try:
            pid = int(parts[2])
        except (IndexError, ValueError):
            continue
        if pid == os.getpid() or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            temp.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def state_key_of(position: Position) -> int:
    return position_key(position)


def tower_rows(
    game: ReplayedGame,
    stacks: list[Stacks],
    salt: int,
    bit_to_sq: tuple[int, ...],
    outcome: int,
    out: list[tuple[int, int, int, int | None, int]],
) -> int:
    """As :func:`walk.position_rows` for a game with towers: the keys cover the towers'
    columns (:func:`keys.tower_key`), so positions that differ only below the tops are told
    apart."""
    seen: set[int] = set()
    plies = 0
    count = 0
    moves = game.moves
    for index, state in enumerate(game.states):
        key = tower_key(state, stacks[index], salt)
        raw = moves[index] if index < len(moves) else None
        if key not in seen:
            seen.add(key)
            code = move_code(raw, bit_to_sq) if raw is not None else None
            out.append((key, game.number, plies, code, outcome))
            count += 1
        if raw is not None:
            plies += 1
    return count


def rules_named(key: str) -> RuleSet:
    return find_rules(key)


def open_indexes(
    paths: Iterable[str | Path],
    default_rules: RuleSet | None = None,
    progress: Progress | None = None,
) -> Iterator[GameIndex]:
    for path in paths:
        yield GameIndex(path, default_rules).open(progress)


__all__ = [
    "DRAW",
    "FIRST",
    "SECOND",
    "UNKNOWN",
    "BuildStats",
    "GameFilter",
    "GameIndex",
    "GameRow",
    "IndexCancelled",
    "NotPdnError",
    "outcome_of",
    "state_key_of",
]
