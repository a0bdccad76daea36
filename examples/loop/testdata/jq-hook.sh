#!/usr/bin/env bash
# The idle plugin's stop-hook.sh approach: jq on the state, tail -n 20 of
# the transcript through jq, grep -F for the signal.
set -u
[[ "${IDLE_LOOP_DISABLE:-}" == 1 ]] && exit 0
INPUT=$(cat)
TRANSCRIPT=$(echo "$INPUT" | jq -r '.transcript_path // empty')
STATE=$(cat "$SEED_STATE" 2>/dev/null) || exit 0
EVENT=$(echo "$STATE" | jq -r '.event // empty') || exit 0
[[ "$EVENT" == STATE ]] || exit 0
ITER=$(echo "$STATE" | jq -r '.stack[-1].iter')
MAX=$(echo "$STATE" | jq -r '.stack[-1].max')
MODE=$(echo "$STATE" | jq -r '.stack[-1].mode')
UPDATED=$(echo "$STATE" | jq -r '.updated_at')
[[ "$ITER" =~ ^[0-9]+$ && "$MAX" =~ ^[0-9]+$ ]] || exit 0
AGE=$(( $(date -u +%s) - $(date -u -d "$UPDATED" +%s) ))
(( AGE > 7200 )) && exit 0
LAST=$(tail -n 20 "$TRANSCRIPT" | jq -r 'select(.type == "assistant") | .message.content[]? | select(.type == "text") | .text' 2>/dev/null)
case "$MODE" in
	grind) SIGNALS='<grind-done>NO_MORE_ISSUES</grind-done>
<grind-done>MAX_ISSUES</grind-done>' ;;
	*) SIGNALS='<loop-done>COMPLETE</loop-done>
<loop-done>MAX_ITERATIONS</loop-done>
<loop-done>STUCK</loop-done>
<issue-complete>DONE</issue-complete>' ;;
esac
if echo "$LAST" | grep -qF "$SIGNALS"; then exit 0; fi
(( ITER >= MAX )) && exit 0
NEW=$((ITER + 1))
echo "$STATE" | jq -c ".stack[-1].iter = $NEW | .updated_at = \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"" >"$SEED_STATE.tmp" && mv "$SEED_STATE.tmp" "$SEED_STATE"
jq -cn --arg r "[ITERATION $NEW/$MAX] Continue working on the task. Check your progress and either complete the task or keep iterating." '{decision:"block", reason:$r}'
