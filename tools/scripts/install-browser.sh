#!/usr/bin/env bash
# Installs the headless browser that the page tests of `reprise view` drive (ViewIT): Debian's
# chromium and chromium-driver (chromedriver). Idempotent: does nothing when both are on PATH.
# Needs root (or sudo) and Debian's package lists; prints the two paths on success, and on failure
# says why on stderr and exits 1 (ViewIT then skips, naming this script).
set -euo pipefail

found() {
  command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1
}

if ! found; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get here: install Chromium and its chromedriver by hand" >&2
    exit 1
  fi
  SUDO=()
  if [ "$(id -u)" != 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "install-browser: not root and no sudo: cannot apt-get install chromium chromium-driver" >&2
      exit 1
    fi
    SUDO=(sudo -n)
  fi
  echo "install-browser: apt-get install chromium chromium-driver" >&2
  # Package lists may be missing on a fresh machine; the install needs them.
  if ! "${SUDO[@]}" apt-get update -qq >&2 ||
     ! DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
         chromium chromium-driver >&2; then
    echo "install-browser: apt-get could not install chromium and chromium-driver (see above)" >&2
    exit 1
  fi
  found || { echo "install-browser: chromium or chromedriver still not on PATH after apt-get" >&2; exit 1; }
fi
command -v chromium
command -v chromedriver
