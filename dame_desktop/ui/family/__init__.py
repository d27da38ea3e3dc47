"""The family table's window parts: clocks, the score table, the choice of clocks,
draw-offer words, the notation preference, touch-move's "straighten", sounds and one naming
of the sides and the winner.  Each is mounted by the main window; none reaches into it."""
