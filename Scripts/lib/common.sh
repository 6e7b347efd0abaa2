# Helpers every script sources (`source Scripts/lib/common.sh`). POSIX tools only, in forms BSD and GNU share.

# Prints the script's header comment (from line 2 to the first line that is not a comment) without the '# '.
print_usage() {
  awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$1"
}

# Prints "error: MESSAGE" on stderr and exits with CODE (1 unless given).
fail() {
  echo "error: $1" >&2
  exit "${2:-1}"
}

# Prints the floors Package.swift declares, one a line: `.macOS(.v14)` is macOS=14.0, `.macOS(.v10_15)` macOS=10.15.
declared_floors() {
  grep -oE '\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v[0-9_]+\)' Package.swift \
    | sed -E 's/^\.([A-Za-z]+)\(\.v([0-9]+)_?([0-9]*)\)$/\1=\2.\3/; s/\.$/.0/'
}

# Prints the macOS version Package.swift declares as its floor (14.0), or fails when it declares none.
declared_macos_floor() {
  local floor
  floor=$(declared_floors | sed -n 's/^macOS=//p')
  [ -n "$floor" ] || fail "Package.swift declares no macOS floor (platforms: [.macOS(.vNN)])"
  echo "$floor"
}

# Prints milliseconds since the epoch. `date +%s%N` is GNU-only (BSD date prints a literal N), so: bash 5's
# EPOCHREALTIME, else a date that prints nanoseconds, else perl's Time::HiRes (macOS's bash is 3.2).
now_ms() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local seconds=${EPOCHREALTIME%[.,]*} fraction=${EPOCHREALTIME#*[.,]}
    echo $((seconds * 1000 + 10#${fraction:0:3}))
  elif [[ "$(date +%N)" =~ ^[0-9]+$ ]]; then
    echo $(($(date +%s%N) / 1000000))
  elif command -v perl >/dev/null && perl -MTime::HiRes -e 1 2>/dev/null; then
    perl -MTime::HiRes=time -e 'printf "%d\n", time() * 1000'
  else
    fail "no millisecond clock: needs bash 5, GNU date or perl"
  fi
}

# Prints the path of a toolchain program: on PATH, else through xcrun (Xcode keeps docc there), else beside the
# toolchain's resources (a Linux toolchain unpacked anywhere).
toolchain_program() {
  local found
  found=$(command -v "$1" 2>/dev/null || true)
  if [ -z "$found" ] && command -v xcrun >/dev/null 2>&1; then found=$(xcrun --find "$1" 2>/dev/null || true); fi
  if [ -z "$found" ]; then
    local resources
    resources=$(swiftc -print-target-info | sed -n 's/^ *"runtimeResourcePath": "\(.*\)",*$/\1/p')
    [ ! -x "$resources/../../bin/$1" ] || found="$resources/../../bin/$1"
  fi
  [ -n "$found" ] || fail "$1 is not in this toolchain (looked on PATH, through xcrun and beside swiftc)"
  echo "$found"
}

# Builds every target and its tests with the given options (`swift build --build-tests "$@"`), its output shown as
# it goes; fails on a build error or on any warning in the package's own sources. SwiftPM's warnings about the
# package itself (files in a target folder it does not know what to do with) have no path, and count too.
# swift_build ARGS…: `swift build ARGS…`, run once more when SwiftPM itself dies of a signal. SwiftPM 6.3 on Linux
# has crashed in libdispatch's event loop during plain builds (a segmentation fault, exit 139: twice in
# November 2026, once in CI's import check). A build error exits with 1 and is never retried.
swift_build() {
  local status=0
  swift build "$@" || status=$?
  if [ "$status" -gt 128 ]; then
    echo "note: 'swift build $*' died of signal $((status - 128)) (SwiftPM crashed, not the build); once more" >&2
    status=0
    swift build "$@" || status=$?
  fi
  return "$status"
}

build_without_warnings() {
  local build_log
  build_log=$(mktemp)
  if ! swift_build --build-tests "$@" 2>&1 | tee "$build_log"; then
    rm -f "$build_log"
    fail "the build failed ($*)"
  fi
  local ours="^/.*(Modules|App|Tests)/.*: warning:|^warning: '[^']*': found [0-9]+ file"
  if grep -E "$ours" "$build_log" >/dev/null; then
    echo "error: the build printed warnings ($*); the project builds with zero warnings:" >&2
    grep -E "$ours" "$build_log" | sort -u >&2
    rm -f "$build_log"
    exit 1
  fi
  rm -f "$build_log"
}

# Sets TSAN_OPTIONS as every sanitized run uses them: every report printed (not only the first), with the
# suppressions of Scripts/lib/tsan-suppressions.txt if it exists.
tsan_environment() {
  export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
  local suppressions=Scripts/lib/tsan-suppressions.txt
  [ ! -f "$suppressions" ] || TSAN_OPTIONS="$TSAN_OPTIONS suppressions=$PWD/$suppressions"
}

# tsan_reports_to FOLDER: from now on, every instrumented process started from this shell (the test runner, and
# the `users` binary a suite launches, whose standard error the suite reads as the app's output or drops) writes
# its Thread Sanitizer reports to FOLDER/report.<pid> instead of its standard error, where tsan_check_reports
# reads them all. Call after tsan_environment.
tsan_reports_to() {
  TSAN_OPTIONS="$TSAN_OPTIONS log_path=$1/report"
}

# tsan_check_reports FOLDER WHAT: fails (status 1) and prints them when a process wrote reports into FOLDER.
tsan_check_reports() {
  local folder=$1 what=$2 combined status=0
  combined=$(mktemp)
  cat "$folder"/report.* >"$combined" 2>/dev/null || true
  tsan_check_log "$combined" "$what" || status=1
  rm -f "$combined"
  return "$status"
}

# tsan_check_log LOG WHAT: fails (status 1) and prints the reports when the Thread Sanitizer reported in LOG.
tsan_check_log() {
  local log=$1 what=$2
  if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "error: the Thread Sanitizer reported $(grep -c 'WARNING: ThreadSanitizer' "$log") problem(s) in $what:" >&2
    grep -A 12 "WARNING: ThreadSanitizer" "$log" | head -80 >&2
    return 1
  fi
}
