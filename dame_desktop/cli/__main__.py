"""``python -m dame_desktop.cli`` runs the ``dame`` command."""

from __future__ import annotations

import sys

from dame_desktop.cli.command import main

sys.exit(main())
