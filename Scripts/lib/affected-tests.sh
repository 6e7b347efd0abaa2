#!/usr/bin/env bash
# Scripts/test --affected [BASE] [--dry-run]: runs the debug tests of the test targets a change reaches (see
# Scripts/test --help). The files: `git diff BASE` (BASE defaults to the merge base with main) and those changed
# or added since and not committed. The targets: Scripts/graph --affected-by over those files.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/lib/common.sh

# --self-test: in a throwaway clone, a change in each kind of place selects the tests it must, and a bad base is
# refused (CI runs it).
self_test() {
  local clone status output
  clone=$(mktemp -d)
  trap 'rm -rf "$clone"' RETURN
  git clone -q . "$clone"
  # The scripts as they are here, committed uncommitted or not: they are what is tested.
  cp -R Scripts/. "$clone/Scripts/"
  (cd "$clone" && git add -A && git -c user.name=self-test -c user.email=self-test@localhost commit -qm scripts \
    --allow-empty)
  # affected CHANGE: what --affected HEAD --dry-run says in the clone after CHANGE (then undone).
  affected() {
    (cd "$clone" && eval "$1" && bash Scripts/test --affected HEAD --dry-run; git checkout -q -- . && git clean -qfd)
  }
  output=$(affected 'echo "// a body change" >>Modules/Features/UserList/Feature/UserListFeature.swift')
  for target in UserListFeatureTests AppFeatureTests UsersShellTests; do
    grep -q "^  $target  " <<<"$output" || fail "self-test: a feature's change must run $target: $output"
  done
  ! grep -q "^  ComposableTests  " <<<"$output" || fail "self-test: a feature's change must not run ComposableTests"
  grep -q "^Skipped (not reached): .*ComposableTests" <<<"$output" || fail "self-test: skipped not said: $output"
  output=$(affected 'echo "// a core change" >>Modules/Core/Composable/Store/Store.swift')
  for target in ComposableTests UserListFeatureTests UsersShellTests; do
    grep -q "^  $target  " <<<"$output" || fail "self-test: a core change must run $target: $output"
  done
  output=$(affected 'echo "more" >>docs/testing.md')
  grep -qx "No test target is reached: none to run." <<<"$output" || fail "self-test: a doc change runs none: $output"
  grep -qx "  docs/testing.md" <<<"$output" || fail "self-test: the doc is not listed: $output"
  status=0
  (cd "$clone" && bash Scripts/test --affected not-a-commit --dry-run) >/dev/null 2>&1 || status=$?
  [ $status = 2 ] || fail "self-test: a base that is not a commit must exit 2 (exit $status)"
  echo "Scripts/test --affected picks a feature's, a core module's and a doc's tests as it must."
}

base=""
dry_run=false
for argument in "$@"; do
  case "$argument" in
    --self-test) self_test; exit 0 ;;
    --dry-run) dry_run=true ;;
    --*) fail "unknown option '$argument' (Scripts/test --help)" 2 ;;
    *) [ -z "$base" ] || fail "one BASE at most, not '$base' and '$argument'" 2; base=$argument ;;
  esac
done
if [ -z "$base" ]; then
  git rev-parse --verify --quiet main >/dev/null || fail "no branch 'main' to compare with: give a BASE" 2
  base=$(git merge-base HEAD main)
fi
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || fail "'$base' is not a commit" 2

files=$( { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
if [ -z "$files" ]; then
  echo "Nothing changed since $base: no test to run."
  exit 0
fi
# shellcheck disable=SC2086
answer=$(bash Scripts/graph --affected-by $files)
tests=$(awk '$1 ~ /Tests$/ && $2 != "" && $1 != "outside" { print $1 }' <<<"$answer" | sort -u)
outside=$(grep '^outside any module: ' <<<"$answer" | sed 's/^outside any module: //' || true)

echo "Changed since $(git rev-parse --short "$base"):"
sed 's/^/  /' <<<"$files"
if [ -n "$outside" ]; then
  echo "Outside any module (no module's tests run for them; Scripts/test runs every check):"
  sed 's/^/  /' <<<"$outside"
fi
if [ -z "$tests" ]; then
  echo "No test target is reached: none to run."
  exit 0
fi
echo "Test targets to run, and why:"
grep -E "^($(tr '\n' '|' <<<"$tests" | sed 's/|$//'))  " <<<"$answer" | sed 's/^/  /'
all=$(swift package dump-package | awk -F'"' '/"type" *: *"test"/ { print found } /"name" *:/ { found=$4 }' | sort -u)
skipped=$(comm -23 <(sort -u <<<"$all") <(sort -u <<<"$tests") | tr '\n' ' ')
[ -z "$skipped" ] || echo "Skipped (not reached): $skipped"
if $dry_run; then exit 0; fi
swift build --build-tests
swift test --skip-build --no-parallel --filter "^($(tr '\n' '|' <<<"$tests" | sed 's/|$//'))\."
