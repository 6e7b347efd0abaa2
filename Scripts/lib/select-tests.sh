#!/usr/bin/env bash
# Scripts/test --affected [BASE] [--shard I/N] [--dry-run] and Scripts/test --shard I/N [--dry-run]: runs the debug
# tests of some test targets (see Scripts/test --help).
# --affected: the targets the changes since BASE reach (BASE defaults to the merge base with main; the files not
#   committed or not tracked count too), through Scripts/graph --affected-by.
# --shard I/N: of those (or of all), the I-th of N shards, the targets spread by their measured times
#   (Scripts/lib/test-times.txt, which a shard's run updates; --times FILE reads another): the longest first, each
#   to the shard with the least time so far, so a given file always gives the same shards.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/lib/common.sh

times_file=Scripts/lib/test-times.txt
outside_readers=Scripts/lib/outside-readers.txt

# The test targets of the package, one a line.
all_test_targets() {
  swift package dump-package | awk -F'"' '/"type" *: *"test"/ { print found } /"name" *:/ { found=$4 }' | sort -u
}

# shard_of I N TARGETS...: the targets of shard I of N, one a line, from the times file (an even split, said on
# standard error, when the file is damaged).
shard_of() {
  local index=$1 count=$2 weights
  shift 2
  [ -f "$times_file" ] || fail "no times file at $times_file (Scripts/test --shard writes it; restore it from git)" 2
  if awk '!/^#/ && NF > 0 && !/^[A-Za-z0-9_]+ [0-9]+(\.[0-9]+)?$/ { bad = 1 } END { exit bad ? 0 : 1 }' \
    "$times_file"; then
    echo "warning: $times_file is damaged (a line is not 'TARGET SECONDS'): an even split instead" >&2
    weights=$(printf '%s 1\n' "$@")
  else
    # Targets the file does not know yet count as its median time.
    weights=$(printf '%s\n' "$@" | awk -v file="$times_file" '
      BEGIN { while ((getline line < file) > 0) if (line !~ /^#/ && split(line, f, " ") == 2) { t[f[1]] = f[2]; s[++n] = f[2] } }
      END {}
      { name[NR] = $0 }
      END {
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (s[j] < s[i]) { x = s[i]; s[i] = s[j]; s[j] = x }
        median = n ? s[int((n + 1) / 2)] : 1
        for (i = 1; i <= NR; i++) print name[i], (name[i] in t ? t[name[i]] : median)
      }')
  fi
  # Longest first (ties by name); each to the shard with the least time so far (ties: the lowest index).
  sort -k2,2nr -k1,1 <<<"$weights" | awk -v count="$count" -v index_="$index" '
    {
      best = 1
      for (i = 2; i <= count; i++) if (load[i] < load[best]) best = i
      load[best] += $2
      if (best == index_) print $1
    }' | sort
}

# --self-test: in a throwaway clone, a change in each kind of place selects the tests it must; the shards of a
# split cover every target once; bad arguments are refused (CI runs it).
self_test() {
  local clone status output union
  clone=$(mktemp -d)
  trap 'rm -rf "$clone"' RETURN
  git clone -q . "$clone"
  # The scripts as they are here, committed or not: they are what is tested.
  cp -R Scripts/. "$clone/Scripts/"
  (cd "$clone" && git add -A && git -c user.name=self-test -c user.email=self-test@localhost commit -qm scripts \
    --allow-empty)
  # affected CHANGE [OPTIONS]: what --affected HEAD --dry-run says in the clone after CHANGE (then undone).
  affected() {
    local change=$1
    shift
    (cd "$clone" && eval "$change" && bash Scripts/test --affected HEAD --dry-run "$@"; git checkout -q -- . \
      && git clean -qfd)
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
  # A file in no module: the tests a rule says read it (a template: the scaffolder's), else every test target.
  output=$(affected 'echo "// more" >>Scripts/templates/Feature/Interface.swift')
  grep -q "^  ScaffolderKitTests  " <<<"$output" || fail "self-test: a template's change must run ScaffolderKitTests: $output"
  ! grep -q "every test target runs" <<<"$output" || fail "self-test: a template's change ran every target: $output"
  output=$(affected 'echo "# more" >>Scripts/format')
  grep -q "every test target runs" <<<"$output" || fail "self-test: a loose file must run every test target: $output"
  # No test reads docs/, which is why a change there runs none: a test that starts to must change this rule.
  # (A string naming the folder, "docs/…" or "docs", is how a test would read it; a comment citing a doc is not.)
  local readers
  readers=$(grep -rlE '"docs(/|")' Tests --include='*.swift' || true)
  [ -z "$readers" ] || fail "self-test: a test reads docs/, so a change there must run it: $readers"
  output=$(affected 'echo "more" >>docs/testing.md')
  grep -qx "No test target is reached: none to run." <<<"$output" || fail "self-test: a doc change runs none: $output"
  grep -qx "  docs/testing.md" <<<"$output" || fail "self-test: the doc is not listed: $output"
  # --affected with --shard: the shards of what it reaches.
  output=$(affected 'echo "// a body change" >>Modules/Features/UserList/Feature/UserListFeature.swift' --shard 1/2)
  grep -q "^Shard 1 of 2: " <<<"$output" || fail "self-test: --affected --shard names no shard: $output"
  ! grep -q "^  ComposableTests$" <<<"$output" || fail "self-test: a shard of a feature's change ran ComposableTests"

  # Every split: the union of its shards is every target, none twice, and the same split twice over.
  local all count index
  all=$(all_test_targets)
  for count in 1 2 3 5; do
    union=""
    for index in $(seq 1 "$count"); do union+=$(shard_of "$index" "$count" $all)$'\n'; done
    [ "$(grep -v '^$' <<<"$union" | sort)" = "$all" ] || fail "self-test: the $count shards are not every target once"
    [ "$(shard_of 1 "$count" $all)" = "$(shard_of 1 "$count" $all)" ] || fail "self-test: shards differ between runs"
  done
  # A damaged times file: an even split, said.
  local damaged
  damaged=$(mktemp)
  printf 'UsersShellTests lots\n' >"$damaged"
  output=$(times_file=$damaged shard_of 1 2 $all 2>&1 >/dev/null)
  rm -f "$damaged"
  grep -q "damaged" <<<"$output" || fail "self-test: a damaged times file is not said: $output"
  for bad in 0/3 4/3 a/b 3 "1/0"; do
    status=0
    bash Scripts/test --shard "$bad" --dry-run >/dev/null 2>&1 || status=$?
    [ $status = 2 ] || fail "self-test: --shard $bad must exit 2 (exit $status)"
  done
  status=0
  bash Scripts/test --shard 1/2 --dry-run --times /nonexistent >/dev/null 2>&1 || status=$?
  [ $status = 2 ] || fail "self-test: a missing times file must exit 2 (exit $status)"
  status=0
  (cd "$clone" && bash Scripts/test --affected not-a-commit --dry-run) >/dev/null 2>&1 || status=$?
  [ $status = 2 ] || fail "self-test: a base that is not a commit must exit 2 (exit $status)"
  echo "Scripts/test --affected and --shard pick the tests they must, every target in exactly one shard."
}

affected=false
base=""
shard=""
dry_run=false
while [ $# -gt 0 ]; do
  case "$1" in
    --self-test) self_test; exit 0 ;;
    --affected) affected=true ;;
    --dry-run) dry_run=true ;;
    --shard)
      [ $# -ge 2 ] || fail "--shard needs I/N, for example --shard 1/3" 2
      shard=$2; shift ;;
    --times)
      [ $# -ge 2 ] || fail "--times needs a file" 2
      times_file=$2; shift ;;
    --*) fail "unknown option '$1' (Scripts/test --help)" 2 ;;
    *)
      $affected || fail "'$1' is a BASE, which goes after --affected (Scripts/test --help)" 2
      [ -z "$base" ] || fail "one BASE at most, not '$base' and '$1'" 2
      base=$1 ;;
  esac
  shift
done
if [ -n "$shard" ]; then
  [[ "$shard" =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] || fail "--shard takes I/N with 1 <= I <= N, not '$shard'" 2
  shard_index=${BASH_REMATCH[1]}
  shard_count=${BASH_REMATCH[2]}
  [ "$shard_index" -le "$shard_count" ] || fail "--shard takes I/N with 1 <= I <= N, not '$shard'" 2
  [ -f "$times_file" ] || fail "no times file at $times_file (restore it from git, or give --times FILE)" 2
fi

all=$(all_test_targets)
tests=$all
if $affected; then
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
  # Errs toward running: a file in no module runs the test targets Scripts/lib/outside-readers.txt says read it
  # (a scaffold template: ScaffolderKitTests); one no rule names runs every test target, since a test may read
  # it; only docs/, which no test reads (the self-test holds the test sources to that), selects none.
  unruled=""
  if [ -n "$outside" ]; then
    echo "Outside any module:"
    while IFS= read -r file; do
      case "$file" in docs/*) echo "  $file (no test reads docs/)"; continue ;; esac
      readers=$(awk -v file="$file" '!/^#/ && NF >= 2 && index(file, $1) == 1 { for (i = 2; i <= NF; i++) print $i }' \
        "$outside_readers" | sort -u)
      if [ -n "$readers" ]; then
        echo "  $file (read by $(paste -sd, - <<<"$readers"))"
        tests=$(printf '%s\n%s\n' "$tests" "$readers" | grep -v '^$' | sort -u)
        answer+=$'\n'$(sed "s|$| read: $file|; s|^|  |; s|^  ||" <<<"$readers" | awk '{ print $1 "  " substr($0, index($0, $2)) }')
      else
        echo "  $file (no rule says which tests read it)"
        unruled+="$file "
      fi
    done <<<"$outside"
  fi
  if [ -n "$unruled" ]; then
    echo "A file no rule names may be read by any test: every test target runs ($(grep -c . <<<"$all"))."
    tests=$all
  else
    if [ -z "$tests" ]; then
      echo "No test target is reached: none to run."
      exit 0
    fi
    echo "Test targets to run, and why:"
    grep -E "^($(tr '\n' '|' <<<"$tests" | sed 's/|$//'))  " <<<"$answer" | sed 's/^/  /'
    skipped=$(comm -23 <(echo "$all") <(echo "$tests") | tr '\n' ' ')
    [ -z "$skipped" ] || echo "Skipped (not reached): $skipped"
  fi
fi
if [ -n "$shard" ]; then
  # shellcheck disable=SC2086
  tests=$(shard_of "$shard_index" "$shard_count" $tests)
  echo "Shard $shard_index of $shard_count: $(grep -c . <<<"$tests" || true) test targets (times from $times_file)"
  [ -z "$tests" ] || sed 's/^/  /' <<<"$tests"
  [ -n "$tests" ] || { echo "This shard has no test target: nothing to run."; exit 0; }
fi
if $dry_run; then exit 0; fi

swift build --build-tests
failed=()
measured=$(mktemp)
trap 'rm -f "$measured"' EXIT
for target in $tests; do
  started=$(now_ms)
  swift test --skip-build --no-parallel --filter "^($target)\." || failed+=("$target")
  echo "$target $(( ($(now_ms) - started) / 100 ))" | awk '{ printf "%s %.1f\n", $1, $2 / 10 }' >>"$measured"
done
if [ -n "$shard" ]; then
  # The times of the targets just run replace theirs; the others are kept.
  awk 'NR == FNR { t[$1] = $2; next } /^#/ || !($1 in t) { print } END { for (n in t) print n, t[n] }' \
    "$measured" "$times_file" >"$measured.all"
  { grep '^#' "$measured.all" || true; grep -v '^#' "$measured.all" | sort; } >"$times_file.new"
  rm -f "$measured.all"
  mv "$times_file.new" "$times_file"
  echo "Updated $times_file with the times of this shard's targets."
fi
[ ${#failed[@]} -eq 0 ] || fail "tests failed in: ${failed[*]}"
