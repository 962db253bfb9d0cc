#!/bin/sh
# The journeys' browser (playwright.config.ts): Chromium as Playwright starts it, with a few more of
# its features off where Playwright's own --disable-features list is (a second --disable-features
# would replace that list, not add to it, and copying the list would tie it to one Playwright
# version). The features added are parts of the full browser's window that no page sees
# (bench/README.md#ci-stages): the omnibox's WebUI popups (a renderer of their own per window, so
# per browser context) and the spare renderer kept warm for the next site.
#
#   E2E_CHROMIUM=/usr/bin/chromium tests/e2e/chromium.sh ARGS…   (Playwright runs it as the browser)
set -eu
extra=WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess
added=false
for arg do
  shift
  case $arg in
    --disable-features=*)
      arg="$arg,$extra"
      added=true
      ;;
  esac
  set -- "$@" "$arg"
done
$added || set -- "$@" "--disable-features=$extra"
exec "${E2E_CHROMIUM:?the browser to start}" "$@"
