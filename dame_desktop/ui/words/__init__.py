"""Every module that turns the program's data into the user's language: rule sets, levels,
reasons and sides (:mod:`.texts`), the rule switches and their differences (:mod:`.rules`),
the players and the result (:mod:`.names`), squares, moves and positions in the chosen
notation (:mod:`.notation`), analysis values and lines (:mod:`.analysis`), the problems of
a PDN file (:mod:`.problems`) and engine faults (:mod:`.engine_texts`).  Nothing here changes
state; the rest of ``ui`` asks these modules for words and never words data itself.
"""
