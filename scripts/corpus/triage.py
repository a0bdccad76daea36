#!/usr/bin/env python3
"""Rebuild STOPHOOK_TRANSCRIPTS for policy/triage's real turns.

Every referenced turn of policy/triage/testdata/real/turns.jsonl is read from
OUT/<ref.file>. ref.file is <folder>/<checkpoint path> (the checkpoint path as
in the judge corpus, RAW/owner+name/<checkpoint path>), except pup-mcp, whose
files are flat (<folder>/<xx><id>.jsonl for <xx>/<id>/0/full.jsonl). The shared
transcripts' own folders (spotter, claude-code-viewer, claude-code-log) are
linked in from SHARED, so that the directory also serves every other reader of
STOPHOOK_TRANSCRIPTS.

Usage: triage.py RAW OUT [TURNS] [SHARED]
(TURNS defaults to the repository's, SHARED to ../shared/data/transcripts beside it.)
"""
import json
import os
import re
import shutil
import sys

RAW, OUT = sys.argv[1], sys.argv[2]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the repository
TURNS = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "policy", "triage", "testdata", "real", "turns.jsonl")
SHARED = sys.argv[4] if len(sys.argv) > 4 else os.path.join(ROOT, "..", "shared", "data", "transcripts")

os.makedirs(OUT, exist_ok=True)
for name in sorted(os.listdir(SHARED)):
    src = os.path.join(SHARED, name)
    dst = os.path.join(OUT, name)
    if os.path.isdir(src) and not os.path.lexists(dst):
        os.symlink(src, dst)

done, missing = {}, []
for line in open(TURNS):
    t = json.loads(line)
    ref = t.get("ref")
    if not ref:
        continue
    f = ref["file"]
    if f in done:
        continue
    folder, rest = f.split("/", 1)
    if os.path.isdir(os.path.join(SHARED, folder)):
        done[f] = "shared"
        continue
    m = re.search(r"github\.com/([^/,\s]+/[^/,\s]+)", t["source"])
    if not m:
        missing.append((f, "no repository in source"))
        continue
    repo = m.group(1).replace("/", "+")
    if folder == "pup-mcp":
        h = rest[: -len(".jsonl")]
        rest = "%s/%s/0/full.jsonl" % (h[:2], h[2:])
    src = os.path.join(RAW, repo, rest)
    if not os.path.exists(src):
        missing.append((f, src))
        continue
    dst = os.path.join(OUT, f)
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    shutil.copyfile(src, dst)
    done[f] = repo
print("triage transcripts: %d files (%d copied), %d missing" % (
    len(done), sum(1 for v in done.values() if v != "shared"), len(missing)))
for f, why in missing:
    print("missing", f, why)
