#!/bin/sh
# launch.sh NAME [ARGS...] runs the stophook-NAME hook of a Claude Code
# plugin, building it with Go on first use.
#
# The binary is looked up in $CLAUDE_PLUGIN_ROOT/bin (a prebuilt one), then
# in $CLAUDE_PLUGIN_DATA/bin (built earlier; survives plugin updates). When
# neither exists it is built from the stophook source: the checkout that
# holds the plugin ($CLAUDE_PLUGIN_ROOT/../..), else the marketplace's
# installLocation in ~/.claude/plugins/known_marketplaces.json (Claude Code
# may copy a plugin into its cache, away from the source). A build that
# cannot happen (no Go, no source) lets the session go on: one line on
# stderr, exit 0.
#
# This file is copied into every plugin (examples/*/hooks/launch.sh); edit
# plugins/launch.sh and run `go test ./plugins` to check the copies.
set -u
name=${1:?usage: launch.sh NAME [ARGS...]}
shift
bin=stophook-$name
root=${CLAUDE_PLUGIN_ROOT:-$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)}

if [ -x "$root/bin/$bin" ]; then
	exec "$root/bin/$bin" "$@"
fi
data=${CLAUDE_PLUGIN_DATA:-}
if [ -z "$data" ]; then
	# Outside a hook (the Bash tool running a plugin command): Claude Code's
	# data dir for a plugin in its cache (plugins/cache/MARKET/PLUGIN/VERSION)
	# is plugins/data/PLUGIN-MARKET.
	case $root in
	*/plugins/cache/*/*/*)
		version_dir=$root
		plugin=$(basename "$(dirname "$version_dir")")
		market=$(basename "$(dirname "$(dirname "$version_dir")")")
		data=$(dirname "$(dirname "$(dirname "$(dirname "$version_dir")")")")/data/$plugin-$market
		;;
	*) data=${XDG_CACHE_HOME:-$HOME/.cache}/stophook ;;
	esac
fi
out=$data/bin/$bin
if [ -x "$out" ] && ! [ "$root/.claude-plugin/plugin.json" -nt "$out" ]; then
	exec "$out" "$@"
fi

fail() {
	echo "$bin: $*; the session goes on without this hook" >&2
	exit 0
}

is_source() { [ -f "$1/go.mod" ] && grep -q '^module github.com/stophook/stophook$' "$1/go.mod" && [ -d "$1/examples/$name" ]; }

src=
if is_source "$root/../.."; then
	src=$(CDPATH= cd -- "$root/../.." && pwd)
else
	known=$HOME/.claude/plugins/known_marketplaces.json
	if [ -f "$known" ]; then
		# Every installLocation in the file, one per line; the first that
		# holds the source wins.
		for loc in $(tr ',{}' '\n\n\n' <"$known" | sed -n 's/^[[:space:]]*"installLocation"[[:space:]]*:[[:space:]]*"\(.*\)"[[:space:]]*$/\1/p'); do
			if is_source "$loc"; then
				src=$loc
				break
			fi
		done
	fi
fi
[ -n "$src" ] || fail "cannot find the stophook source to build it (looked in $root/../.. and ~/.claude/plugins/known_marketplaces.json)"
command -v go >/dev/null 2>&1 || fail "Go is not installed (https://go.dev/dl/), so it cannot be built"

mkdir -p "$data/bin" || fail "cannot create $data/bin"
# One build at a time: others wait for it (at most about a minute).
lock=$data/bin/.$bin.lock
tries=0
until mkdir "$lock" 2>/dev/null; do
	tries=$((tries + 1))
	[ "$tries" -le 90 ] || fail "another build of $bin is still running"
	sleep 1
	if [ -x "$out" ] && ! [ "$root/.claude-plugin/plugin.json" -nt "$out" ]; then
		exec "$out" "$@"
	fi
done
trap 'rmdir "$lock" 2>/dev/null' EXIT
tmp=$out.tmp.$$
if ! (cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$tmp" "./examples/$name") </dev/null >"$data/bin/$bin.build.log" 2>&1; then
	rm -f "$tmp"
	fail "go build failed (see $data/bin/$bin.build.log)"
fi
mv -f "$tmp" "$out" || fail "cannot install $out"
rmdir "$lock" 2>/dev/null
trap - EXIT
exec "$out" "$@"
