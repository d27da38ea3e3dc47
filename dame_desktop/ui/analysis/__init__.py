"""Study with an engine in the window: the analysis panel, the evaluation graph, and the
Analyse game / Analyse file dialogs.  Each piece is a self-contained widget the window mounts;
see each module's docstring for its API.  The engines themselves are Qt-free
(:mod:`dame_desktop.engines`); :mod:`.runner` and :mod:`.jobs` run them off the UI thread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dame_desktop.lazy import exports

if TYPE_CHECKING:
    from .analyse_dialog import AnalyseFileDialog, AnalyseGameDialog, apply_file_analysis
    from .graph import EvaluationGraph, GraphPoint
    from .panel import AnalysisPanel, LineView, PanelEvaluation
    from .runner import AnalysisRunner, AnalysisUpdate, EngineFactory, builtin_factory

# each name is imported from its module the first time it is used
__getattr__, __dir__ = exports(
    __name__,
    {
        ".analyse_dialog": ("AnalyseFileDialog", "AnalyseGameDialog", "apply_file_analysis"),
        ".graph": ("EvaluationGraph", "GraphPoint"),
        ".panel": ("AnalysisPanel", "LineView", "PanelEvaluation"),
        ".runner": ("AnalysisRunner", "AnalysisUpdate", "EngineFactory", "builtin_factory"),
    },
)

__all__ = [
    "AnalyseFileDialog",
    "AnalyseGameDialog",
    "AnalysisPanel",
    "AnalysisRunner",
    "AnalysisUpdate",
    "EngineFactory",
    "EvaluationGraph",
    "GraphPoint",
    "LineView",
    "PanelEvaluation",
    "apply_file_analysis",
    "builtin_factory",
]
