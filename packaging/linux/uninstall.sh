#!/bin/sh
# Remove what install.sh put below ${XDG_DATA_HOME:-~/.local/share}: the menu entry, the
# icons, the PDN file type, the metainfo and the default-program line for .pdn files.
# Your games and settings are not touched.
set -eu

APP_ID=io.github.dame_desktop.Dame
MIME_TYPE=application/x-draughts-pdn
MIME_ICON=application-x-draughts-pdn
SIZES="16 32 48 64 128 256 512"

DATA=${XDG_DATA_HOME:-$HOME/.local/share}
CONFIG=${XDG_CONFIG_HOME:-$HOME/.config}

if command -v xdg-desktop-menu >/dev/null 2>&1 && [ -f "$DATA/applications/$APP_ID.desktop" ]; then
    XDG_DATA_HOME=$DATA xdg-desktop-menu uninstall --mode user --novendor "$APP_ID.desktop" || true
fi
rm -f "$DATA/applications/$APP_ID.desktop"
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$DATA/applications" ]; then
    update-desktop-database -q "$DATA/applications" || true
fi

for size in $SIZES; do
    rm -f "$DATA/icons/hicolor/${size}x$size/apps/$APP_ID.png" \
          "$DATA/icons/hicolor/${size}x$size/mimetypes/$MIME_ICON.png"
done
rm -f "$DATA/icons/hicolor/scalable/apps/$APP_ID.svg" \
      "$DATA/icons/hicolor/scalable/mimetypes/$MIME_ICON.svg"
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$DATA/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
fi

if [ -f "$DATA/mime/packages/$APP_ID.xml" ]; then
    rm -f "$DATA/mime/packages/$APP_ID.xml"
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$DATA/mime"
    fi
fi

rm -f "$DATA/metainfo/$APP_ID.metainfo.xml"

# Drop our default-program line (xdg-mime has no command to undo `xdg-mime default`).
for list in "$CONFIG/mimeapps.list" "$DATA/applications/mimeapps.list"; do
    if [ -f "$list" ] && grep -q "^$MIME_TYPE=" "$list"; then
        grep -v "^$MIME_TYPE=$APP_ID.desktop;*\$" "$list" > "$list.tmp" || true
        mv "$list.tmp" "$list"
    fi
done

echo "Dame removed from the menu of $(id -un)."
