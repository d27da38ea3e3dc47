"""Desktop integration files: validators, the user install script, Windows and macOS metadata."""

from __future__ import annotations

import ast
import os
import plistlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.dame_desktop.Dame"
MIME = "application/x-draughts-pdn"


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (apt-get install desktop-file-utils appstream)")
    return path


def test_desktop_entry_validates() -> None:
    result = subprocess.run(
        [_tool("desktop-file-validate"), str(LINUX / f"{APP_ID}.desktop")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and result.stdout == "", result.stdout + result.stderr


def test_metainfo_validates() -> None:
    result = subprocess.run(
        [_tool("appstreamcli"), "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ids_agree_across_the_linux_files() -> None:
    desktop = (LINUX / f"{APP_ID}.desktop").read_text("utf-8")
    assert f"Icon={APP_ID}\n" in desktop
    assert f"MimeType={MIME};\n" in desktop
    meta = (LINUX / f"{APP_ID}.metainfo.xml").read_text("utf-8")
    assert f"<id>{APP_ID}</id>" in meta and f"{APP_ID}.desktop</launchable>" in meta
    mime = (LINUX / f"{APP_ID}.mime.xml").read_text("utf-8")
    assert f'type="{MIME}"' in mime and 'pattern="*.pdn"' in mime


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    env["XDG_CONFIG_HOME"] = str(home / "config")
    return env


def test_install_and_uninstall_for_one_user(tmp_path: Path) -> None:
    _tool("update-mime-database")
    env = _env(tmp_path)
    program = tmp_path / "my games" / "Dame"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    result = subprocess.run(
        ["sh", str(LINUX / "install.sh"), "--exec", str(program)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    data = tmp_path / "data"
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text("utf-8")
    assert f'Exec="{program}" %f\n' in entry  # quoted because of the space
    for size in (16, 48, 512):
        assert (data / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png").is_file()
    assert (data / f"icons/hicolor/scalable/apps/{APP_ID}.svg").is_file()
    assert f"{MIME}:*.pdn" in (data / "mime" / "globs2").read_text("utf-8")

    # Qt (like every toolkit) now recognises a .pdn file through shared-mime-info.
    game = tmp_path / "partie.pdn"
    game.write_text('[Event "x"]\n1. 11-15 *\n')
    probe = (
        "import sys\nfrom PySide6.QtCore import QMimeDatabase\n"
        "print(QMimeDatabase().mimeTypeForFile(sys.argv[1]).name())"
    )
    seen = subprocess.run(
        [sys.executable, "-c", probe, str(game)], env=env, capture_output=True, text=True
    )
    assert seen.stdout.strip() == MIME, seen.stderr

    result = subprocess.run(
        ["sh", str(LINUX / "uninstall.sh")], env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    leftovers = [p for p in data.rglob("*") if APP_ID in p.name or "x-draughts-pdn" in p.name]
    assert leftovers == []
    assert MIME not in (data / "mime" / "globs2").read_text("utf-8")


def test_install_refuses_a_missing_program(tmp_path: Path) -> None:
    result = subprocess.run(
        ["sh", str(LINUX / "install.sh"), "--exec", str(tmp_path / "nothing")],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert "not an executable file" in result.stderr
    assert not (tmp_path / "data" / "applications").exists()


def test_windows_version_info_template_is_a_version_resource() -> None:
    text = (ROOT / "packaging" / "windows" / "version_info.txt").read_text("utf-8")
    filled = text.replace("@VERSION_TUPLE@", "0, 1, 0, 0").replace("@VERSION@", "0.1.0.0")
    tree = ast.parse(filled, mode="eval")
    assert isinstance(tree.body, ast.Call) and ast.unparse(tree.body.func) == "VSVersionInfo"
    strings = {
        ast.literal_eval(node.args[0]): ast.literal_eval(node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "StringStruct"
    }
    assert strings["OriginalFilename"] == "Dame.exe"
    assert strings["ProductVersion"] == "0.1.0.0"


def test_macos_plist_declares_the_pdn_document_type() -> None:
    with open(ROOT / "packaging" / "macos" / "Info.plist", "rb") as handle:
        plist = plistlib.load(handle)
    (doc,) = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeExtensions"] == ["pdn"]
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert doc["LSItemContentTypes"] == [uti["UTTypeIdentifier"]]
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["pdn"]
    assert "_" not in plist["CFBundleIdentifier"]  # Apple allows letters, digits, - and .
