"""Work-arounds for defects of the Qt binding that the program cannot avoid otherwise."""

from __future__ import annotations

import ctypes
import sys

_MARGIN = 1 << 40


def keep_none_alive() -> None:
    """Guard against PySide6 6.12.0 dropping a reference to ``None`` on every void call.

    On Python 3.11 (where ``None`` is not yet immortal) each call of a Qt method that returns
    nothing -- ``QPainter.setPen``, ``drawRect``, ... -- lowers ``None``'s reference count by
    one.  A board repaint makes several hundred such calls and ``None`` starts with a few
    thousand references, so the process aborts with "none_dealloc" after a dozen repaints.
    Raising the count by 2**40 once makes ``None`` as good as immortal, which is what Python
    3.12 does by design.  It does nothing on 3.12+ or on other interpreters.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    refcount = ctypes.c_ssize_t.from_address(id(None))
    if refcount.value < _MARGIN:
        refcount.value += _MARGIN
