#!/bin/sh
# Rebuild the measurement data that is not shipped (see README.md here):
#   scripts/corpus/build.sh MIRROR JUDGE_OUT TRIAGE_OUT
# MIRROR holds one bare git directory per repository, MIRROR/owner+name/repo
# (as the workplace's fetch tool leaves them); fetch every repository that
# build.py names first. JUDGE_OUT becomes $STOPHOOK_JUDGE_CORPUS, TRIAGE_OUT
# $STOPHOOK_TRANSCRIPTS for policy/triage. JUDGE_OUT is emptied first.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 MIRROR JUDGE_OUT TRIAGE_OUT" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$2"
mkdir -p "$2"
python3 "$here/build.py" "$1" "$2" "$2/SOURCES.md"
python3 "$here/triage.py" "$2" "$3"
