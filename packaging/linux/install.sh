#!/bin/sh
# Put Dame into the current user's application menu: the menu entry, the icons, the PDN
# file type (so a double-click on a .pdn file opens Dame) and the AppStream metainfo.
# Everything goes below ${XDG_DATA_HOME:-~/.local/share}; nothing needs root.
#
#   install.sh                     # starts the bundle next to this script, else `dame-desktop`
#   install.sh --exec /opt/Dame/Dame
#
# uninstall.sh in the same folder removes it all again.
set -eu

APP_ID=io.github.dame_desktop.Dame
MIME_TYPE=application/x-draughts-pdn
MIME_ICON=application-x-draughts-pdn
SIZES="16 32 48 64 128 256 512"

die() { echo "install.sh: $*" >&2; exit 1; }

HERE=$(cd "$(dirname "$0")" && pwd)
EXEC=""
while [ $# -gt 0 ]; do
    case "$1" in
        --exec) [ $# -ge 2 ] || die "--exec needs the program to start"; EXEC=$2; shift 2 ;;
        --exec=*) EXEC=${1#--exec=}; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (try --help)" ;;
    esac
done

# Source files: this folder holds the .desktop, metainfo and MIME files; the icons are the
# package's resources, in a one-folder bundle (Dame/linux -> Dame/_internal/...) or in a
# source checkout (packaging/linux -> dame_desktop/...).
for candidate in "$HERE/../_internal/dame_desktop/resources/icons" \
                 "$HERE/../../dame_desktop/resources/icons"; do
    if [ -f "$candidate/dame.svg" ]; then ICONS=$(cd "$candidate" && pwd); break; fi
done
[ -n "${ICONS:-}" ] || die "cannot find the icons (dame.svg) next to $HERE"
for f in "$APP_ID.desktop" "$APP_ID.metainfo.xml" "$APP_ID.mime.xml"; do
    [ -f "$HERE/$f" ] || die "missing $HERE/$f"
done

# What the menu entry starts: an explicit --exec, else the bundle this script came with
# (dist/Dame/linux/install.sh -> dist/Dame/Dame), else dame-desktop from a pip install.
if [ -z "$EXEC" ]; then
    if [ -x "$HERE/../Dame" ] && [ -f "$HERE/../Dame" ]; then
        EXEC=$(cd "$HERE/.." && pwd)/Dame
    elif command -v dame-desktop >/dev/null 2>&1; then
        EXEC=dame-desktop
    else
        die "no Dame bundle next to this script and no dame-desktop on PATH; use --exec PROGRAM"
    fi
fi
case "$EXEC" in
    *'"'*|*'`'*|*'$'*|*'\'*|*'%'*) die "the program path must not contain \" \` \$ \\ or %: $EXEC" ;;
esac
case "$EXEC" in
    /*) [ -x "$EXEC" ] || die "not an executable file: $EXEC" ;;
    *) command -v "$EXEC" >/dev/null 2>&1 || echo "install.sh: warning: $EXEC is not on PATH" >&2 ;;
esac

DATA=${XDG_DATA_HOME:-$HOME/.local/share}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

# The desktop entry with Exec/TryExec pointing at the chosen program (quoted per the
# Desktop Entry spec when the path has spaces).
case "$EXEC" in
    *' '*) QUOTED="\"$EXEC\"" ;;
    *) QUOTED=$EXEC ;;
esac
sed -e "s|^Exec=.*|Exec=$QUOTED %f|" -e "s|^TryExec=.*|TryExec=$EXEC|" \
    "$HERE/$APP_ID.desktop" > "$TMP/$APP_ID.desktop"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$TMP/$APP_ID.desktop" || die "the generated desktop entry is invalid"
fi

# Icons: the app icon and the same picture for PDN files, in every size plus the SVG.
for size in $SIZES; do
    png="$ICONS/dame-$size.png"
    [ -f "$png" ] || die "missing icon $png"
    for context in apps mimetypes; do
        mkdir -p "$DATA/icons/hicolor/${size}x$size/$context"
    done
    cp "$png" "$DATA/icons/hicolor/${size}x$size/apps/$APP_ID.png"
    cp "$png" "$DATA/icons/hicolor/${size}x$size/mimetypes/$MIME_ICON.png"
done
mkdir -p "$DATA/icons/hicolor/scalable/apps" "$DATA/icons/hicolor/scalable/mimetypes"
cp "$ICONS/dame.svg" "$DATA/icons/hicolor/scalable/apps/$APP_ID.svg"
cp "$ICONS/dame.svg" "$DATA/icons/hicolor/scalable/mimetypes/$MIME_ICON.svg"
touch "$DATA/icons/hicolor" 2>/dev/null || true
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$DATA/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
fi

# The PDN file type.
mkdir -p "$DATA/mime/packages"
cp "$HERE/$APP_ID.mime.xml" "$DATA/mime/packages/$APP_ID.xml"
if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$DATA/mime"
else
    echo "install.sh: update-mime-database not found; .pdn files are recognised after the next login or never" >&2
fi

# The menu entry (xdg-desktop-menu also refreshes the menus; --novendor because the
# reverse-DNS id has no vendor- prefix).
if command -v xdg-desktop-menu >/dev/null 2>&1; then
    XDG_DATA_HOME=$DATA xdg-desktop-menu install --mode user --novendor "$TMP/$APP_ID.desktop"
else
    mkdir -p "$DATA/applications"
    cp "$TMP/$APP_ID.desktop" "$DATA/applications/$APP_ID.desktop"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$DATA/applications" || true
fi

# Software centres read the metainfo.
mkdir -p "$DATA/metainfo"
cp "$HERE/$APP_ID.metainfo.xml" "$DATA/metainfo/$APP_ID.metainfo.xml"

# Make Dame the default program for .pdn files.
if command -v xdg-mime >/dev/null 2>&1; then
    xdg-mime default "$APP_ID.desktop" "$MIME_TYPE" || true
fi

echo "Dame installed for $(id -un): menu entry $DATA/applications/$APP_ID.desktop starts $EXEC"
