"""CI check: every user-visible string has a finished translation, and the committed .qm
files are what lrelease makes of the committed .ts files.

    python tools/check_translations.py

It copies each dame_<lang>.ts to a temporary folder, runs lupdate over the UI sources into
the copy (so strings added since the last update show up as unfinished), and lists every
entry without a finished translation.  Then it compiles the committed .ts and compares the
bytes with the committed .qm.  Exit 0 when all is well, 1 with a list of problems otherwise.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from translations import (
    CATALOGUES,
    LANGUAGES,
    SOURCES,
    entries,
    lrelease,
    lupdate,
    qm_path,
    ts_path,
)


def check(
    language: str, work: Path, sources: Path = SOURCES, catalogues: Path = CATALOGUES
) -> list[str]:
    """The problems of one language's .ts in ``sources`` and .qm in ``catalogues`` (empty when
    all is well)."""
    problems: list[str] = []
    ts = ts_path(language, sources)
    qm = qm_path(language, catalogues)
    if not ts.is_file():
        return [f"{ts} is missing"]
    copy = work / ts.name
    shutil.copyfile(ts, copy)
    lupdate(copy)
    for entry in entries(copy):
        if not entry.finished:
            problems.append(
                f"{language}: [{entry.context}] {entry.source!r} has no finished translation"
            )
    fresh = work / qm.name
    lrelease(ts, fresh)
    if not qm.is_file():
        problems.append(f"{qm} is missing: run tools/update_translations.py")
    elif qm.read_bytes() != fresh.read_bytes():
        problems.append(
            f"{qm} does not match {ts.name}: run "
            f"tools/update_translations.py --no-lupdate and commit the .qm"
        )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the translation catalogues.")
    parser.add_argument(
        "--folder",
        type=Path,
        default=None,
        help="one folder holding both dame_<lang>.ts and .qm (default: the .ts "
        "in translations/, the .qm in dame_desktop/translations/)",
    )
    args = parser.parse_args(argv)
    sources = args.folder or SOURCES
    catalogues = args.folder or CATALOGUES
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="dame-tr-") as tmp:
        for language in LANGUAGES:
            problems.extend(check(language, Path(tmp), sources, catalogues))
    if problems:
        print(f"check_translations: {len(problems)} problem(s)", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    count = sum(len(entries(ts_path(lang, sources))) for lang in LANGUAGES)
    print(
        f"check_translations: {count} messages in {len(LANGUAGES)} language(s), all "
        f"translated; .qm files match"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
