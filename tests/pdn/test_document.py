"""A PDN document on disk: links, write protection, full disks, changes by other programs,
and the leftovers of saves killed mid-write.  Real files, real subprocesses, real signals."""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from dame_desktop.pdn.document import DocumentError, PdnDocument
from dame_desktop.store import files as storage
from dame_desktop.store.files import FileProblem

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "ui"
POSIX = os.name == "posix"


def copy(folder: Path, name: str = "three_games.pdn") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    shutil.copyfile(DATA / "three_games.pdn", target)
    return target


def edited(path: Path, comment: str = "edited") -> PdnDocument:
    doc = PdnDocument.open(path)
    game = doc.load_game(1)
    game.comment = comment
    doc.mark_edited(1, game)
    return doc


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


# -- symbolic links ----------------------------------------------------------------------------


@pytest.mark.skipif(not POSIX, reason="symbolic links need POSIX here")
def test_saving_through_a_link_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    real = copy(tmp_path / "archive")
    links = tmp_path / "desk"
    links.mkdir()
    link = links / "games.pdn"
    link.symlink_to(Path("..") / "archive" / real.name)  # relative, as `ln -s` makes it
    doc = edited(link)
    assert doc.save() == link
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / "archive" / real.name)
    assert b"{edited}" in real.read_bytes()
    assert PdnDocument.open(real).load_game(1).comment == "edited"
    assert temps(links) == [] and temps(real.parent) == []
    assert not doc.changed_on_disk()


@pytest.mark.skipif(not POSIX, reason="symbolic links need POSIX here")
def test_a_chain_of_links_and_a_dangling_link(tmp_path: Path) -> None:
    real = copy(tmp_path / "a")
    first = tmp_path / "first.pdn"
    second = tmp_path / "second.pdn"
    second.symlink_to(real)
    first.symlink_to(second)
    edited(first, "through two links").save()
    assert first.is_symlink() and second.is_symlink()
    assert PdnDocument.open(real).load_game(1).comment == "through two links"
    dangling = tmp_path / "new.pdn"
    dangling.symlink_to(tmp_path / "a" / "made.pdn")
    edited(real, "copy").save(dangling)
    assert dangling.is_symlink() and (tmp_path / "a" / "made.pdn").is_file()


@pytest.mark.skipif(not POSIX, reason="symbolic links need POSIX here")
def test_a_link_loop_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    loop = tmp_path / "loop.pdn"
    loop.symlink_to(tmp_path / "loop2.pdn")
    (tmp_path / "loop2.pdn").symlink_to(loop)
    doc = edited(copy(tmp_path / "src"))
    with pytest.raises(DocumentError) as info:
        doc.save(loop)
    assert info.value.kind is FileProblem.NOT_A_FILE and loop.is_symlink()
    with pytest.raises(DocumentError) as info:
        PdnDocument.open(loop)
    assert info.value.kind is FileProblem.NOT_A_FILE


# -- refusals that leave the file as it was ---------------------------------------------------


def test_a_read_only_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = copy(tmp_path)
    before = path.read_bytes()
    doc = edited(path)
    path.chmod(0o444)
    try:
        with pytest.raises(DocumentError) as info:
            doc.save()
        error = info.value
        assert error.kind is FileProblem.READ_ONLY and error.path == path
        assert "read-only" in str(error) and str(path) in str(error)
        assert error.kind.save_as_helps and not FileProblem.NOT_PDN.save_as_helps
        assert path.read_bytes() == before and temps(tmp_path) == []
        assert doc.modified  # the edits are still there for "Save as"
        other = tmp_path / "copy.pdn"
        doc.save(other)  # Save as works
        assert PdnDocument.open(other).load_game(1).comment == "edited"
    finally:
        path.chmod(0o644)


def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    path = copy(folder)
    before = path.read_bytes()
    doc = edited(path)
    folder.chmod(0o555)
    try:
        with pytest.raises(DocumentError) as info:
            doc.save()
        assert info.value.kind is FileProblem.FOLDER_READ_ONLY
        with pytest.raises(DocumentError) as info:
            doc.save(folder / "new.pdn")
        assert info.value.kind is FileProblem.FOLDER_READ_ONLY
    finally:
        folder.chmod(0o755)
    assert path.read_bytes() == before and temps(folder) == []
    assert not (folder / "new.pdn").exists()


def test_a_missing_folder_and_a_folder_in_the_way(tmp_path: Path) -> None:
    doc = edited(copy(tmp_path))
    with pytest.raises(DocumentError) as info:
        doc.save(tmp_path / "gone" / "x.pdn")
    assert info.value.kind is FileProblem.FOLDER_MISSING and "does not exist" in str(info.value)
    assert not (tmp_path / "gone").exists()
    (tmp_path / "dir.pdn").mkdir()
    with pytest.raises(DocumentError) as info:
        doc.save(tmp_path / "dir.pdn")
    assert info.value.kind is FileProblem.NOT_A_FILE
    with pytest.raises(DocumentError) as info:
        PdnDocument().save()
    assert info.value.kind is FileProblem.NO_PATH


def test_open_errors_are_typed(tmp_path: Path) -> None:
    with pytest.raises(DocumentError) as info:
        PdnDocument.open(tmp_path / "missing.pdn")
    assert info.value.kind is FileProblem.NOT_FOUND and info.value.reason
    with pytest.raises(DocumentError) as info:
        PdnDocument.open(tmp_path)
    assert info.value.kind is FileProblem.NOT_A_FILE


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 40,
        b"\x00" * 4096,
        random.Random(5).randbytes(20_000),
    ],
)
def test_a_file_that_is_not_text_is_not_a_pdn_file(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "picture.pdn"
    path.write_bytes(data)
    with pytest.raises(DocumentError) as info:
        PdnDocument.open(path)
    assert info.value.kind is FileProblem.NOT_PDN
    assert "not a PDN file" in str(info.value) and str(path) in str(info.value)


def test_a_stray_nul_in_a_comment_is_still_a_pdn_file(tmp_path: Path) -> None:
    path = copy(tmp_path)
    path.write_bytes(path.read_bytes().replace(b"1-0", b"{\x00} 1-0", 1))
    assert len(PdnDocument.open(path)) == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_instead_of_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "games.pdn"
    os.mkfifo(pipe)
    with pytest.raises(DocumentError) as info:
        PdnDocument.open(pipe)  # open() of a pipe would wait for a writer forever
    assert info.value.kind is FileProblem.NOT_A_FILE
    doc = edited(copy(tmp_path / "src"))
    with pytest.raises(DocumentError) as info:
        doc.save(pipe)
    assert info.value.kind is FileProblem.NOT_A_FILE
    doc.path = pipe
    assert doc.changed_on_disk()


@pytest.mark.skipif(not POSIX or shutil.which("unshare") is None, reason="needs unshare")
@pytest.mark.parametrize("case", ["full", "read-only"])
def test_a_full_disk_and_a_read_only_disk_keep_the_original(tmp_path: Path, case: str) -> None:
    """A tiny tmpfs in a private mount namespace: ENOSPC and EROFS are real there."""
    mount = tmp_path / "mnt"
    mount.mkdir()
    script = textwrap.dedent(f"""
        import os, subprocess, sys
        from pathlib import Path
        from dame_desktop.pdn.document import DocumentError, PdnDocument
        mount = Path({str(mount)!r})
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                       check=True)
        path = mount / "games.pdn"
        path.write_bytes(Path({str(DATA / "three_games.pdn")!r}).read_bytes())
        before = path.read_bytes()
        if {case!r} == "read-only":
            subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        doc = PdnDocument.open(path)
        game = doc.load_game(1)
        game.comment = "x" * (200_000 if {case!r} == "full" else 10)
        doc.mark_edited(1, game)
        try:
            doc.save()
        except DocumentError as exc:
            print("KIND", exc.kind.value)
            print("REASON", exc.reason)
        print("SAME", path.read_bytes() == before)
        print("LEFT", sorted(p.name for p in mount.iterdir()))
    """)
    command = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-Urm"]
    done = subprocess.run(
        [*command, sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    if "KIND" not in done.stdout and (
        "Operation not permitted" in done.stderr or "mount" in done.stderr
    ):
        pytest.skip(f"no private mounts here: {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stderr
    want = "disk-full" if case == "full" else "folder-read-only"
    assert f"KIND {want}" in done.stdout, done.stdout
    assert "SAME True" in done.stdout
    assert "LEFT ['games.pdn']" in done.stdout  # no temporary file left behind


# -- permissions -------------------------------------------------------------------------------


@pytest.mark.skipif(not POSIX, reason="POSIX permission bits")
def test_the_saved_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = copy(tmp_path)
    path.chmod(0o640)
    edited(path).save()
    assert path.stat().st_mode & 0o7777 == 0o640
    old = os.umask(0o027)
    try:
        edited(path).save(tmp_path / "fresh.pdn")
    finally:
        os.umask(old)
    assert (tmp_path / "fresh.pdn").stat().st_mode & 0o777 == 0o640  # 0o666 minus the umask


@pytest.mark.skipif(not POSIX or os.geteuid() != 0, reason="only root can give files away")
def test_root_saving_someone_elses_file_keeps_its_owner(tmp_path: Path) -> None:
    path = copy(tmp_path)
    os.chown(path, 65534, 65534)
    edited(path).save()
    assert (path.stat().st_uid, path.stat().st_gid) == (65534, 65534)


# -- changes by another program ---------------------------------------------------------------


def test_a_change_that_keeps_size_and_time_is_found(tmp_path: Path) -> None:
    path = copy(tmp_path)
    doc = edited(path)
    info = path.stat()
    assert not doc.changed_on_disk()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
    assert not doc.changed_on_disk()  # touched, same bytes: nothing to ask about
    data = bytearray(path.read_bytes())
    spot = data.index(b"Anna")
    data[spot : spot + 4] = b"Hans"  # same size
    path.write_bytes(bytes(data))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # and the same time
    assert path.stat().st_size == info.st_size and path.stat().st_mtime_ns == info.st_mtime_ns
    assert doc.changed_on_disk()
    doc.save()  # the window asked; now the saved bytes are the reference
    assert not doc.changed_on_disk()
    path.unlink()
    assert doc.changed_on_disk()  # gone counts as changed


# -- leftovers of killed saves ----------------------------------------------------------------

_SLOW_SAVE = """
import os, sys, time
from dame_desktop.pdn.document import PdnDocument
doc = PdnDocument.open(sys.argv[1])
game = doc.load_game(0)
game.comment = "y" * 2_000_000
doc.mark_edited(0, game)
real_fsync = os.fsync
def slow_fsync(fd):  # the data is written; hold the save here until the parent kills us
    real_fsync(fd)
    print("WRITING", flush=True)
    time.sleep(120)
os.fsync = slow_fsync
doc.save()
"""


def kill_mid_save(path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_SAVE, str(path)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "WRITING"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
        if child.stdout is not None:
            child.stdout.close()
    assert child.returncode == -signal.SIGKILL


@pytest.mark.slow
@pytest.mark.skipif(not POSIX, reason="SIGKILL and pid checks are POSIX")
def test_leftovers_of_killed_saves_are_removed_at_the_next_open_and_save(
    tmp_path: Path,
) -> None:
    path = copy(tmp_path)
    before = path.read_bytes()
    seen = set()
    for _ in range(3):  # each killed child first opened the file: the earlier leftover went
        kill_mid_save(path)
        (left,) = temps(tmp_path)
        assert re.fullmatch(r"\.three_games\.pdn\.dame-save-\d+-[0-9a-f]{8}\.tmp", left)
        assert (tmp_path / left).stat().st_size > 2_000_000
        seen.add(left)
        assert path.read_bytes() == before  # the killed save changed nothing
    assert len(seen) == 3
    # files that are not ours, or not stale, or of another file, stay
    keep = [
        tmp_path / ".three_games.pdn.backup.tmp",  # someone else's name
        tmp_path / f".three_games.pdn.dame-save-{os.getpid()}-0123abcd.tmp",  # alive: ours now
        tmp_path / ".other.pdn.dame-save-999999-0123abcd.tmp",  # another file's
        tmp_path / ".three_games.pdn.abcdefgh.tmp",  # an old version's name, but fresh
        tmp_path / "notes.txt",
    ]
    for item in keep:
        item.write_text("keep", encoding="utf-8")
    old_style = tmp_path / ".three_games.pdn.zyxwvuts.tmp"  # an old version's, an hour old
    old_style.write_text("half", encoding="utf-8")
    hour_ago = time.time() - 3600
    os.utime(old_style, (hour_ago, hour_ago))

    doc = PdnDocument.open(path)
    assert sorted(temps(tmp_path)) == sorted(p.name for p in keep if p.suffix == ".tmp")
    assert all(item.read_text(encoding="utf-8") == "keep" for item in keep)
    assert len(doc) == 3

    kill_mid_save(path)
    assert len(temps(tmp_path)) == 5  # the child's open left the other files alone too
    game = doc.load_game(2)
    game.comment = "after the kills"
    doc.mark_edited(2, game)
    doc.save()
    assert len(temps(tmp_path)) == 4  # the new leftover went at the save
    assert PdnDocument.open(path).load_game(2).comment == "after the kills"


@pytest.mark.skipif(not POSIX, reason="symbolic links need POSIX here")
def test_leftovers_beside_a_link_target_are_found_through_the_link(tmp_path: Path) -> None:
    real = copy(tmp_path / "archive")
    link = tmp_path / "link.pdn"
    link.symlink_to(real)
    kill_mid_save(link)
    assert len(temps(real.parent)) == 1 and temps(tmp_path) == []  # beside the target
    PdnDocument.open(link)
    assert temps(real.parent) == []


def test_an_old_leftover_of_a_live_pid_is_removed(tmp_path: Path) -> None:
    path = copy(tmp_path)
    stale = tmp_path / f".{path.name}.dame-save-{os.getpid()}-00ff00ff.tmp"
    stale.write_bytes(b"x")
    old = time.time() - storage.STALE_TEMP_SECONDS - 60
    os.utime(stale, (old, old))
    PdnDocument.open(path)
    assert not stale.exists()


def test_a_very_long_file_name_still_saves(tmp_path: Path) -> None:
    name = "ä" * 120 + ".pdn"  # 244 bytes: a temp name with all of it would not fit
    path = copy(tmp_path, name)
    edited(path).save()
    assert PdnDocument.open(path).load_game(1).comment == "edited"
    assert temps(tmp_path) == []


# -- one atomic write for the whole program ----------------------------------------------------


def test_only_store_files_replaces_files() -> None:
    """Every write of the package goes through store.files.atomic_write_bytes."""
    package = ROOT / "dame_desktop"
    pattern = re.compile(
        r"\bos\.(replace|rename)\(|mkstemp|NamedTemporaryFile|"
        r"\.write_(bytes|text)\(|open\([^)]*['\"][wax]b?['\"]"
    )
    offenders = []
    for source in package.rglob("*.py"):
        if source == package / "store" / "files.py":
            continue
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{source.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


# -- the fast index stays linear ---------------------------------------------------------------


def _seconds(run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):  # CPU time, the best of three: a busy machine changes it little
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _split_one(games: int) -> float:
    text = '[Event "x"]\n1. 11-15 *\n\n' + "1. 11-15 23-19 ä *\n\n" * games
    data = text.encode()

    def run() -> None:
        doc = PdnDocument.from_bytes(data, "fast")
        doc.load_game(0)  # cuts the one range into all its games
        assert len(doc.entries) == games + 1

    return _seconds(run)


def _check_every(games: int) -> float:
    data = (('[Event "x"]\n1. 11-15 *\n\n' + "1. 11-15 23-19 *\n\n") * games).encode()

    def run() -> None:
        doc = PdnDocument.from_bytes(data, "fast")
        assert sum(1 for _ in doc.check_all()) == 2 * games
        assert [e.number for e in doc.entries] == list(range(1, 2 * games + 1))

    return _seconds(run)


@pytest.mark.slow
@pytest.mark.parametrize(("measure", "games"), [(_split_one, 500), (_check_every, 150)])
def test_cutting_fast_ranges_is_linear(measure: Callable[[int], float], games: int) -> None:
    """1x and 16x the games: linear is about 16-22 times slower, the quadratic cutting of
    before was 47 (check_all, 150 -> 2400) and 106 (500 -> 8000) times slower."""
    small, big = measure(games), measure(16 * games)
    assert big / small < 40, (small, big)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_read_and_saved_in_utf16(tmp_path: Path, encoding: str) -> None:
    """UTF-16 text is PDN text for every reader: the document reads it, and saving an edited
    game keeps the encoding and every byte of the other games."""
    games = [
        f'[Event "Zürich {n}"]\r\n[GameType "20"]\r\n\r\n1. 32-28 19-23 *\r\n' for n in range(3)
    ]
    bom = b"\xff\xfe" if encoding == "utf-16-le" else b"\xfe\xff"
    path = tmp_path / "utf16.pdn"
    path.write_bytes(bom + "\r\n".join(games).encode(encoding))
    doc = PdnDocument.open(path)
    assert [e.tags["Event"] for e in doc.entries] == [f"Zürich {n}" for n in range(3)]
    game = doc.load_game(1)
    assert game.errors == [] and len(game.mainline_moves()) == 2
    game.end().comment = "ein Kommentar"
    doc.mark_edited(1, game)
    doc.add_game(doc.load_game(0))
    doc.save()
    data = path.read_bytes()
    assert data.startswith(bom + games[0].encode(encoding))
    text = data[2:].decode(encoding)
    assert text.count("\r\n") == text.count("\n")  # the file's line ends, everywhere
    assert games[2] in text and "{ein Kommentar}" in text
    again = PdnDocument.open(path)
    assert len(again) == 4 and again.load_game(1).end().comment == "ein Kommentar"
    assert [e.tags["Event"] for e in again.entries] == [
        "Zürich 0",
        "Zürich 1",
        "Zürich 2",
        "Zürich 0",
    ]
