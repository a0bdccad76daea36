#!/bin/sh
# launch.sh NAME [ARGS...] runs the stophook-NAME hook of a Claude Code
# plugin, getting the binary on first use.
#
# Where the binary comes from, first found wins:
#   1. $CLAUDE_PLUGIN_ROOT/bin/stophook-NAME: shipped with the plugin;
#   2. $CLAUDE_PLUGIN_DATA/bin/stophook-NAME: built or downloaded earlier
#      (kept across sessions, redone when the plugin is updated);
#   3. built with Go from the stophook source: the checkout that holds the
#      plugin ($CLAUDE_PLUGIN_ROOT/../..), else a marketplace's
#      installLocation in $CLAUDE_CONFIG_DIR/plugins/known_marketplaces.json
#      (default ~/.claude; Claude Code runs a plugin from a copy in its cache);
#   4. downloaded: $STOPHOOK_RELEASE_URL/stophook-NAME_<os>_<arch> (default
#      base: the GitHub release of the plugin's version) with curl or wget,
#      and run only when its sha256 matches the one in checksums.txt next to it.
#
# One build or download at a time: a second session waits for the first,
# but takes over a lock whose owner is dead or that is older than
# $STOPHOOK_LOCK_TIMEOUT seconds (default 300), so a first run killed by
# the hook timeout never wedges the plugin.
#
# When the hook cannot run, the session goes on (exit 0): the user sees a
# systemMessage naming the plugin and the fix, stderr gets one line, and
# $CLAUDE_PLUGIN_DATA/launch-error holds the reason for `stophook doctor`.
#
# This file is copied into every plugin (examples/*/hooks/launch.sh); edit
# plugins/launch.sh and run `go test ./plugins` to check the copies.
set -u
name=${1:?usage: launch.sh NAME [ARGS...]}
shift
bin=stophook-$name
root=${CLAUDE_PLUGIN_ROOT:-$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)}
config=${CLAUDE_CONFIG_DIR:-$HOME/.claude}

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
status=$data/launch-error
manifest=$root/.claude-plugin/plugin.json
exe=
[ "${OS:-}" = Windows_NT ] && exe=.exe
out=$data/bin/$bin$exe

# run execs a binary that works, clearing an earlier failure.
run() {
	[ -e "$status" ] && rm -f "$status"
	exec "$@"
}

if [ -x "$root/bin/$bin$exe" ]; then
	run "$root/bin/$bin$exe" "$@"
fi
fresh() { [ -x "$out" ] && ! [ "$manifest" -nt "$out" ]; }
if fresh; then
	run "$out" "$@"
fi

# fail lets the session go on without the hook: a systemMessage for the
# user, one line on stderr, the reason in $status for stophook doctor.
fail() {
	msg="$bin (plugin $name): $1; the session goes on without this hook. Fix: $2"
	echo "$msg" >&2
	mkdir -p "$data" 2>/dev/null && printf '%s\n' "$msg" >"$status" 2>/dev/null
	json=$(printf '%s' "$msg" | tr '\000-\037' ' ' | sed 's/\\/\\\\/g; s/"/\\"/g')
	printf '{"systemMessage":"%s"}\n' "$json"
	exit 0
}

mkdir -p "$data/bin" 2>/dev/null || fail "cannot create $data/bin" "make $data writable"

# One build or download at a time. The lock is a directory holding the
# owner's pid; a lock whose owner is gone, or older than its timeout, is
# taken over at once; a live one is waited for, at most 90 s. (Two
# sessions taking over at once only build twice: each writes its own
# temporary file and renames it into place.)
lock=$data/bin/.$bin.lock
lock_timeout=${STOPHOOK_LOCK_TIMEOUT:-300}
case $lock_timeout in '' | *[!0-9]*)
	echo "$bin (plugin $name): STOPHOOK_LOCK_TIMEOUT=\"$lock_timeout\" is not a number of seconds; using 300" >&2
	lock_timeout=300
	;;
esac
lock_minutes=$(((lock_timeout + 59) / 60))
stale() {
	[ -n "$(find "$lock" -prune -mmin +"$lock_minutes" 2>/dev/null)" ] && return 0
	owner=$(cat "$lock/pid" 2>/dev/null) || return 1
	case $owner in '' | *[!0-9]*) return 1 ;; esac
	! kill -0 "$owner" 2>/dev/null
}
waited=0
until mkdir "$lock" 2>/dev/null; do
	if stale; then
		rm -rf "$lock"
		continue
	fi
	[ "$waited" -lt "$lock_timeout" ] && [ "$waited" -lt 90 ] || fail "another session has been getting $bin for $waited s" "wait for it, or remove $lock"
	sleep 1
	waited=$((waited + 1))
	if fresh; then
		run "$out" "$@"
	fi
done
echo $$ >"$lock/pid"
trap 'rm -rf "$lock"' EXIT
trap 'exit 1' HUP INT TERM
tmp=$out.tmp.$$

# install_tmp moves the new binary into place and runs it.
install_tmp() {
	mv -f "$tmp" "$out" || fail "cannot write $out" "make $data/bin writable"
	rm -rf "$lock"
	trap - EXIT
	run "$out" "$@"
}

is_source() { [ -f "$1/go.mod" ] && grep -q '^module github.com/stophook/stophook$' "$1/go.mod" && [ -d "$1/examples/$name" ]; }

# nobuild says why Go did not give a binary; nogo is the fix for it.
nobuild="Go is not installed"
nogo="install Go (https://go.dev/dl/) to build it"
if command -v go >/dev/null 2>&1; then
	src=
	if is_source "$root/../.."; then
		src=$(CDPATH= cd -- "$root/../.." && pwd)
	elif [ -f "$config/plugins/known_marketplaces.json" ]; then
		# Every installLocation in the file, one per line; the first that
		# holds the source wins.
		for loc in $(tr ',{}' '\n\n\n' <"$config/plugins/known_marketplaces.json" | sed -n 's/^[[:space:]]*"installLocation"[[:space:]]*:[[:space:]]*"\(.*\)"[[:space:]]*$/\1/p'); do
			if is_source "$loc"; then
				src=$loc
				break
			fi
		done
	fi
	nobuild="the stophook source to build it is not found (looked in $root/../.. and $config/plugins/known_marketplaces.json)"
	nogo="add the stophook checkout as a marketplace (claude plugin marketplace add DIR)"
	if [ -n "$src" ]; then
		log=$data/bin/$bin.build.log
		if (cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$tmp" "./examples/$name") </dev/null >"$log" 2>&1; then
			install_tmp "$@"
		fi
		rm -f "$tmp"
		nobuild="go build failed (see $log)"
		nogo="fix the build error in $log"
	fi
fi

# Download a release binary.
version=$(tr ',{}' '\n\n\n' <"$manifest" 2>/dev/null | sed -n 's/^[[:space:]]*"version"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -n 1)
base=${STOPHOOK_RELEASE_URL:-https://github.com/stophook/stophook/releases/download/v$version}
base=${base%/}
case $(uname -s 2>/dev/null) in
Linux) goos=linux ;;
Darwin) goos=darwin ;;
MINGW* | MSYS* | CYGWIN* | Windows_NT) goos=windows ;;
*) goos= ;;
esac
case $(uname -m 2>/dev/null) in
x86_64 | amd64) goarch=amd64 ;;
aarch64 | arm64) goarch=arm64 ;;
*) goarch= ;;
esac
[ -n "$goos" ] && [ -n "$goarch" ] || fail "$nobuild and there is no release binary for $(uname -s 2>/dev/null)/$(uname -m 2>/dev/null)" "$nogo"
asset=${bin}_${goos}_$goarch
[ "$goos" = windows ] && asset=$asset.exe
if [ -z "${STOPHOOK_RELEASE_URL:-}" ] && [ -z "$version" ]; then
	fail "$nobuild and $manifest names no version to download" "$nogo, or set STOPHOOK_RELEASE_URL"
fi
if command -v curl >/dev/null 2>&1; then
	get() { curl -fsSL --connect-timeout 20 --max-time 120 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
	get() { wget -q -T 60 -O "$2" "$1"; }
else
	fail "$nobuild and neither curl nor wget is there to download a release binary" "$nogo, or install curl"
fi
if command -v sha256sum >/dev/null 2>&1; then
	sha() { sha256sum "$1"; }
elif command -v shasum >/dev/null 2>&1; then
	sha() { shasum -a 256 "$1"; }
else
	fail "$nobuild and neither sha256sum nor shasum is there to verify a download" "$nogo, or install sha256sum"
fi
sums=$data/bin/checksums.txt.$$
get "$base/$asset" "$tmp" 2>/dev/null || {
	rm -f "$tmp"
	fail "$nobuild and the download of $base/$asset failed" "$nogo, or check the network and STOPHOOK_RELEASE_URL"
}
get "$base/checksums.txt" "$sums" 2>/dev/null || {
	rm -f "$tmp" "$sums"
	fail "$nobuild and the download of $base/checksums.txt failed" "$nogo, or check the network and STOPHOOK_RELEASE_URL"
}
want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1; exit }' "$sums")
got=$(sha "$tmp" | awk '{ print $1 }')
rm -f "$sums"
if [ -z "$want" ] || [ "$want" != "$got" ]; then
	rm -f "$tmp"
	fail "$nobuild and the download of $base/$asset does not match its sha256 in checksums.txt (want ${want:-none}, got $got), so it was not run" "$nogo, or check STOPHOOK_RELEASE_URL"
fi
chmod 0755 "$tmp" || fail "cannot make $tmp executable" "make $data/bin writable"
install_tmp "$@"
