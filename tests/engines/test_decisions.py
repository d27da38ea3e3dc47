"""Play's decisions through the engine interface: a draw answer and a huffing decision are the
policy of ``ai.advice`` judged with the asked engine's own search."""

from __future__ import annotations

import random
from collections.abc import Sequence

from dame_desktop.ai import MEDIUM, Limit, choose_move
from dame_desktop.ai.advice import DrawReason, answer_draw_offer, should_huff
from dame_desktop.core import Color, Game, HuffChoice, Position, RuleSet, find_rules
from dame_desktop.engines import Analysis, BuiltinEngine, Engine, EngineInfo, Score
from dame_desktop.engines.base import InfoCallback, StopFlag

QUICK = Limit(depth=4)
GERMAN = find_rules("german")


class Pessimist(Engine):
    """An engine that sees every position four men worse for the side to move than the
    built-in search does (its own judgement, through the interface)."""

    GLOOM = 400

    def __init__(self) -> None:
        super().__init__()
        self.inner = BuiltinEngine()
        self.asked: list[Position] = []

    @property
    def info(self) -> EngineInfo:
        return EngineInfo(name="Pessimist")

    def supports(self, rules: RuleSet) -> bool:
        return True

    def analyse(
        self,
        position: Position,
        limit: Limit,
        *,
        lines: int = 1,
        history: Sequence[Position] = (),
        quiet_plies: int = 0,
        should_stop: StopFlag | None = None,
        on_info: InfoCallback | None = None,
    ) -> Analysis:
        self.asked.append(position)
        found = self.inner.analyse(
            position, limit, history=history, quiet_plies=quiet_plies, should_stop=should_stop
        )
        worse = Score.from_search(found.score.to_search() - self.GLOOM)
        return Analysis(position, found.lines, worse, found.depth, found.nodes)


def test_the_builtin_engine_answers_a_draw_offer_as_the_advice_does():
    position = Position.from_fen("W:W21,22,23:B3", GERMAN)  # three men against one
    engine = BuiltinEngine()
    for side in (Color.WHITE, Color.BLACK):
        ours = engine.answer_draw(position, MEDIUM, engine=side, limit=QUICK)
        assert ours == answer_draw_offer(position, MEDIUM, engine=side, limit=QUICK)
    assert not engine.answer_draw(position, MEDIUM, limit=QUICK).accept


def test_another_engine_answers_a_draw_offer_by_its_own_judgement():
    position = Position.from_fen("W:W21,22,28:B3,4,12", GERMAN)  # level material
    builtin = answer_draw_offer(position, MEDIUM, limit=QUICK)
    pessimist = Pessimist()
    answer = pessimist.answer_draw(position, MEDIUM, limit=QUICK)
    assert pessimist.asked == [position]  # its search judged, not the built-in one
    assert answer.score is not None and builtin.score is not None
    assert answer.score == builtin.score - Pessimist.GLOOM
    assert answer.accept and answer.reason is DrawReason.STANDS_WORSE


def test_a_huffing_decision_is_the_asked_engines():
    rules = GERMAN.with_switches(["huffing=on"])
    game = Game(rules, Position.from_fen("W:W22,25,31:B18,3,4", rules))
    before = game.position
    game.play("31-27")  # White ignores 22x15: blowing 22 away wins a man
    pending = game.pending_huff
    assert pending is not None
    builtin = BuiltinEngine().decide_huff(before, game.position, pending.candidates, QUICK)
    assert builtin == should_huff(before, game.position, rules, pending.candidates, QUICK)
    assert builtin == (HuffChoice.BLOW, 22)
    pessimist = Pessimist()
    # accept, correct and blow, each valued by the pessimist's own search: it sees every
    # position four men worse for the side to move, so taking the move back (the opponent
    # to move) looks best to it
    choice = pessimist.decide_huff(before, game.position, pending.candidates, QUICK)
    assert len(pessimist.asked) == 3
    assert choice == (HuffChoice.CORRECT, None)


def test_the_builtin_engine_plays_at_a_level_as_choose_move_does():
    position = Position.start(GERMAN)
    engine = BuiltinEngine()
    ours = engine.play_level(position, MEDIUM, random.Random(4))
    assert ours.move == choose_move(position, MEDIUM, random.Random(4)).move
