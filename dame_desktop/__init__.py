"""Dame: German draughts and its relatives for the desktop."""

from __future__ import annotations

from .native import install_hook as _install_native_hook

__version__ = "0.1.0"

# DAME_PURE=1 (or compiled modules older than their sources) loads the pure-Python modules
_install_native_hook()
