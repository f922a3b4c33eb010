#!/usr/bin/env sh
# What the tests need from the system, on Debian or Ubuntu: python3, make and g++ to build the
# native SQLite module (better-sqlite3), Chromium for the browser tests (test/ui) and poppler's
# pdftotext for the report test. `npm run setup:system`; .ci/run calls it too.
set -eu
missing=""
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v g++ >/dev/null 2>&1 || missing="$missing g++"
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
if [ -z "$missing" ]; then
  echo "python3, make, g++, chromium and pdftotext are installed."
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Install these with your system's package manager:$missing" >&2
  echo "(a Chromium elsewhere than /usr/bin/chromium: set CHROMIUM_PATH to it)" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update
# shellcheck disable=SC2086
$sudo apt-get install -y $missing
