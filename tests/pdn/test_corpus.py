"""The shared real-world corpus (skipped when absent): OCA, the FMJD suite, messy files."""

from __future__ import annotations

from pathlib import Path

import pytest

from dame_desktop.cli.pdn import check_file

# Games in FMJD succeed/ files whose short captures stay ambiguous (two different captured
# sets share from and to, and the moves that follow fit both or there are none): the reader
# must report them, not guess.  Three more are settled by the moves that follow.
AMBIGUOUS = {
    "schildpad.pdn": 1,
    "Campionato Assoluto 2005.pdn": 1,
}
# fail/ files that replay cleanly: they break the strict PDN 3.0 *writing* grammar only
# (a date range in Date; 2-0/1-1/0-2 results in an 8x8 game), which a reader accepts.
FAIL_BUT_REPLAYABLE = {"40Camp.DamaInternazionaleAssoluto.pdn", "mrdrcd07.pdn", "mrdrcd08.pdn"}


def test_oca_archive_replays(corpus: Path) -> None:
    report = check_file(str(corpus / "english" / "OCA_2.0.pdn"))
    assert report.games == 22_621
    assert report.clean >= 0.999 * 22_621
    assert report.errors == []  # in fact every game replays


def test_fmjd_succeed_files_read_cleanly(corpus: Path) -> None:
    folder = corpus / "fmjd-pdn-testsuite" / "succeed"
    files = sorted(p for p in folder.iterdir() if p.is_file())
    assert len(files) == 39
    for path in files:
        report = check_file(str(path))
        assert report.games > 0, path.name
        dirty = report.games - report.clean
        assert dirty == AMBIGUOUS.get(path.name, 0), (path.name, report.errors)
        assert all(e.message.startswith("ambiguous capture") for _g, e in report.errors)


def test_fmjd_fail_files_each_produce_an_error(corpus: Path) -> None:
    folder = corpus / "fmjd-pdn-testsuite" / "fail"
    files = sorted(p for p in folder.iterdir() if p.is_file())
    assert len(files) == 8
    for path in files:
        report = check_file(str(path))
        if path.name in FAIL_BUT_REPLAYABLE:
            assert report.errors == [], path.name
        else:
            assert report.errors, path.name


@pytest.mark.parametrize(
    ("name", "games"),
    [
        ("international/2ème Open national du Léman.pdn", 147),
        ("international/Championnat de France 2021.pdn", 58),
        ("international/Partie_avec_FEN1.pdn", 4),
        ("international/dynamo_DBASE0.PDN", 1),
        ("lidraughts/lidraughts_casual_rapid_2020_001NahOY.pdn", 1),
        ("english/11_man_english_ballots.pdn", 2400),
        ("italian/11_man_italian_ballots.pdn", 2400),
        ("english/sage_oldbury1.pdn", 1),
    ],
)
def test_messy_files_read_cleanly(corpus: Path, name: str, games: int) -> None:
    report = check_file(str(corpus / name))
    assert (report.games, report.clean) == (games, games), report.errors


def test_files_without_gametype_are_read_with_one_rule_set(corpus: Path) -> None:
    from dame_desktop.pdn import read_games

    suite = corpus / "fmjd-pdn-testsuite"
    # Czech files name no variant; once a game needs Czech rules the rest follow the file
    for name in ("succeed/mrcd2000kval.pdn", "succeed/mrcd2007.pdn", "fail/mrdrcd07.pdn"):
        assert {g.rules.key for g in read_games(suite / name)} == {"czech"}, name
    assert {g.rules.key for g in read_games(suite / "succeed/ussr1947.pdn")} == {"russian"}
    assert {g.rules.key for g in read_games(suite / "succeed/goulds.pdn")} == {"english"}
    assert {g.rules.key for g in read_games(suite / "succeed/wk2003.pdn")} == {"international"}
