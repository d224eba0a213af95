#!/usr/bin/env bash
# Installs Debian's Chromium for the headless-browser paths (classification fallback, URL scans) and
# their browser tests. DomainLens finds it at /usr/bin/chromium, or wherever CHROMIUM_PATH points.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }
