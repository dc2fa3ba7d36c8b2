#!/usr/bin/env bash
# First step of `npm test`: the OS programs the suite drives (a real redis-server,
# Debian's Chromium for the end-to-end tests, ffmpeg/ffprobe for media checks,
# espeak-ng for real speech in the speech-to-text tests, a CJK font for the
# screenshots). Installed with apt-get when missing and we may (root, or sudo
# without a password); otherwise one line says what to run.
set -euo pipefail
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v chromium >/dev/null || missing+=(chromium)
command -v ffprobe >/dev/null || missing+=(ffmpeg)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
{ command -v fc-list >/dev/null && fc-list :lang=ja | grep -q .; } || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then as_root=(sudo -n); else as_root=(none); fi
fi
if ! command -v apt-get >/dev/null || [ "${as_root[0]:-}" = none ]; then
  echo "npm test needs ${missing[*]} from the OS. Run: sudo apt-get install ${missing[*]}   (or your system's equivalent), then npm test again." >&2
  exit 1
fi
echo "npm test: installing ${missing[*]} with apt-get ..." >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
