#!/bin/sh
# release.sh [OUTDIR] builds the release binaries of the Claude Code
# plugins: one static stophook-<plugin>_<goos>_<goarch> per plugin and
# platform (linux and darwin on amd64 and arm64, windows on amd64 with
# .exe), and OUTDIR/checksums.txt in sha256sum format. The plugin launcher
# (plugins/launch.sh) downloads these from the GitHub release v<version>
# of a plugin, or from $STOPHOOK_RELEASE_URL, when there is no Go to build
# them, and runs one only when its sha256 matches checksums.txt.
#
# Upload every file of OUTDIR (default dist) to the release whose tag is
# v<version> of the plugins' .claude-plugin/plugin.json.
#
# Environment:
#   PLUGINS    plugins to build (default: every plugin of .claude-plugin/marketplace.json)
#   PLATFORMS  goos/goarch pairs (default: linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64)
set -eu
cd "$(dirname -- "$0")/.."
out=${1:-dist}
plugins=${PLUGINS:-$(sed -n 's/^[[:space:]]*"source"[[:space:]]*:[[:space:]]*"\.\/examples\/\([^"]*\)".*/\1/p' .claude-plugin/marketplace.json)}
platforms=${PLATFORMS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64}
[ -n "$plugins" ] || {
	echo "release.sh: no plugin in .claude-plugin/marketplace.json" >&2
	exit 1
}
# The version every plugin's manifest names (plugins/plugins_test.go keeps
# them equal) and the commit, stamped into each binary for -version: the go
# command records no revision in a git worktree or with -buildvcs=false.
version=$(sed -n 's/^[[:space:]]*"version"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' .claude-plugin/marketplace.json | head -n 1)
revision=$(git rev-parse HEAD 2>/dev/null || true)
pkg=github.com/stophook/stophook/internal/buildinfo
ldflags="-s -w -X $pkg.version=v$version"
[ -n "$revision" ] && ldflags="$ldflags -X $pkg.revision=$revision"
if command -v sha256sum >/dev/null 2>&1; then
	sha() { sha256sum "$@"; }
else
	sha() { shasum -a 256 "$@"; }
fi
mkdir -p "$out"
rm -f "$out"/stophook-* "$out/checksums.txt"
for plugin in $plugins; do
	for platform in $platforms; do
		goos=${platform%/*}
		goarch=${platform#*/}
		file=stophook-${plugin}_${goos}_$goarch
		[ "$goos" = windows ] && file=$file.exe
		echo "release.sh: $out/$file" >&2
		CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch go build -trimpath -ldflags="$ldflags" -o "$out/$file" "./examples/$plugin"
	done
done
(cd "$out" && sha stophook-* >checksums.txt.tmp && mv checksums.txt.tmp checksums.txt)
echo "release.sh: $out/checksums.txt; upload every file of $out to the GitHub release v$version" >&2
