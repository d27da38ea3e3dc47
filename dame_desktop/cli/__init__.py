"""The ``dame`` command (Qt-free).  It sits above every layer: core, pdn and ai never import it.

``main`` is the console entry point; each layer's subcommands live in a module of this package.
"""

from __future__ import annotations

from dame_desktop.cli.command import main

__all__ = ["main"]
