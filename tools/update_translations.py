"""Refresh the translation catalogues after UI strings changed, then compile them.

    python tools/update_translations.py          # lupdate + lrelease for every language
    python tools/update_translations.py --no-lupdate   # only recompile the .qm files

The compiled dame_<lang>.qm files are committed next to their .ts (a source checkout runs
without a build step; the wheel and the PyInstaller bundle take them from there).  After
editing a .ts, run this and commit both files; CI's tools/check_translations.py fails when a
string has no finished translation or when a .qm does not match its .ts.
"""

from __future__ import annotations

import argparse

from translations import LANGUAGES, entries, lrelease, lupdate, qm_path, ts_path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-lupdate", action="store_true", help="only run lrelease")
    args = parser.parse_args()
    for language in LANGUAGES:
        ts = ts_path(language)
        if not args.no_lupdate:
            print(lupdate(ts).strip())
        lrelease(ts, qm_path(language))
        todo = [e for e in entries(ts) if not e.finished]
        print(
            f"{ts.name}: {len(entries(ts))} messages, {len(todo)} without a finished "
            f"translation -> {qm_path(language).name}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
