"""The game database: fast replay of whole PDN files, a SQLite index per file (in the user
cache folder, rebuilt whenever missing, damaged or stale), position search and an opening
explorer over one file or a library of several.  No Qt.

- :mod:`.replay`: every game of a file with its main line and problems, in one linear pass;
- :mod:`.keys`: position keys and move codes;
- :mod:`.index`: :class:`GameIndex`, the SQLite index of one file;
- :mod:`.library`: :class:`Library`, ``find`` and ``explore`` over several indexes.
"""
