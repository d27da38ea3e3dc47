"""Work-arounds for defects of the Qt binding that the program cannot avoid otherwise."""

from __future__ import annotations

import ctypes
import sys

_MARGIN = 1 << 40


def keep_none_alive() -> None:
    """Guard against PySide6 6.12.0 dropping references to ``None``, ``True`` and ``False``.

    On Python 3.11 (where these are not yet immortal) each call of a Qt method that returns
    nothing -- ``QPainter.setPen``, ``drawRect``, ... -- lowers ``None``'s reference count by
    one, and each ``Signal.emit`` lowers ``True``'s.  A board repaint makes several hundred
    such calls and the counts start at a few thousand, so the process aborts with
    "none_dealloc" / "bool_dealloc" after a dozen repaints.  PySide6 6.11.3 does not do this.
    Raising the counts by 2**40 once makes the three as good as immortal, which is what
    Python 3.12 does by design.  It does nothing on 3.12+ or on other interpreters.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        if refcount.value < _MARGIN:
            refcount.value += _MARGIN
