# Sourced by `Scripts/build-times --scale`, in its copy of the repository, after `measure` and `clean`: scaffolds
# throwaway features (ScaffolderTool, then the generator, as Scripts/new-feature runs them) up to each count of
# $steps and measures a clean build, a no-op, the re-plan after an edit of Package.swift, a body edit, and one
# feature's Example built alone from an empty build folder (Scripts/build-feature --empty-build-folder) at each,
# and the first four again on SwiftPM's floor for the package at that size (the same graph, one-line sources),
# then rewrites the "Scaling with features" section of $output.

IFS=, read -r -a counts <<<"$steps"
# Redrawing the module graph after each scaffold is not what is measured, and takes seconds each time.
rm -f docs/module-graph.dot
# The scaffolder and the generator built once and run directly: through Scripts/new-feature each run would
# re-plan the package first.
swift build --product ScaffolderTool >"$log" 2>&1 || { cat "$log" >&2; fail "could not build ScaffolderTool"; }
swift build --product BoilerplateTool >"$log" 2>&1 || { cat "$log" >&2; fail "could not build BoilerplateTool"; }
scaffolder="$(swift build --show-bin-path)/ScaffolderTool"
generator="$(swift build --show-bin-path)/BoilerplateTool"
# Copied out of the build folder, which each step's clean build removes.
mkdir -p "$log.tools" && cp "$scaffolder" "$generator" "$log.tools/"
scaffolder="$log.tools/ScaffolderTool"
generator="$log.tools/BoilerplateTool"
# SwiftPM's floor: the same targets, edges and products with one-line sources (Scripts/lib/floor-package.swift).
swiftc -O "$root/Scripts/lib/floor-package.swift" -o "$log.tools/floor-package" >"$log" 2>&1 \
  || { cat "$log" >&2; fail "could not build the floor's generator"; }
floor_rows=()
engine_rows=()
# measure_floor COUNT: the floor of the package as it is now, built as the package was (clean, no-op, re-plan,
# the edited feature's one line); sets floor_clean, floor_noop, floor_replan, floor_body.
measure_floor() {
  local floor="$log.floor" here=$PWD
  rm -rf "$floor"
  "$log.tools/floor-package" "$floor" <"$log.dump" >"$log.floor-files" || fail "could not write the floor at +$1"
  local edited
  edited=$(awk -v t="${feature}Feature" '$1 == t {print $2}' "$log.floor-files")
  [ -n "$edited" ] || fail "the floor has no ${feature}Feature"
  cd "$floor"
  measure f1 "+$1: the floor, clean" swift build
  floor_clean=$seconds
  swift build >/dev/null 2>&1
  measure f2 "+$1: the floor, no-op" swift build
  floor_noop=$seconds
  echo "// build-times re-plan probe" >>Package.swift
  measure f3 "+$1: the floor, re-plan after an edit of Package.swift" swift build
  floor_replan=$seconds
  # The package's probe, in the floor's one function body.
  sed 's/{}$/{ _ = "build-times probe" }/' "$edited" >"$edited.tmp" && mv "$edited.tmp" "$edited"
  measure f4 "+$1: the floor, a function body in \`${feature}Feature\`" swift build
  floor_body=$seconds
  floor_body_linked=$linked
  cd "$here"
  rm -rf "$floor"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", (b > 0 ? a / b : 0)}'; }
scaffolded=0
scale_rows=()
first_count=""
first_replan=""
first_example=""
for count in "${counts[@]}"; do
  [ "$count" -ge "$scaffolded" ] || fail "--steps must not decrease: $steps"
  while [ "$scaffolded" -lt "$count" ]; do
    scaffolded=$((scaffolded + 1))
    name=$(printf 'Scale%03d' "$scaffolded")
    "$scaffolder" "$name" >/dev/null || fail "could not scaffold the throwaway feature $name"
  done
  echo "==> +$count features" >&2
  swift package dump-package >"$log.dump"
  "$generator" --package "$PWD" <"$log.dump" >/dev/null || fail "could not generate the boilerplate at +$count"
  read -r targets plugin_targets < <(swift "$root/Scripts/lib/module-graph.swift" "$log.dump" --count-targets)
  clean
  measure s1 "+$count: clean" swift build
  clean_seconds=$seconds
  swift build >/dev/null 2>&1
  measure s2 "+$count: no-op" swift build
  noop_seconds=$seconds
  cp Package.swift "$log.package"
  echo "// build-times re-plan probe" >>Package.swift
  measure s3 "+$count: re-plan after an edit of Package.swift" swift build
  replan_seconds=$seconds
  replan_compiled=$compiled
  cp "$log.package" Package.swift
  swift build >/dev/null 2>&1
  cp "$implementation_file" "$log.orig"
  insert_after "$implementation_file" "func render\\(" '    _ = "build-times probe"'
  measure s4 "+$count: a function body in \`${feature}Feature\`" swift build
  body_seconds=$seconds
  body_compiled=$compiled
  body_linked=$linked
  cp "$log.orig" "$implementation_file"
  swift build >/dev/null 2>&1
  measure s5 "+$count: \`${feature}Example\` alone from an empty build folder" \
    bash Scripts/build-feature --empty-build-folder "$feature"
  example_seconds=$seconds
  per_target=$(awk -v r="$replan_seconds" -v n="$noop_seconds" -v t="$targets" 'BEGIN {printf "%.0f", (r - n) * 1000 / t}')
  # What each feature added to the re-plan since the first step, and the Example's time against the first's.
  per_feature="–"
  example_ratio="1.00x"
  if [ -z "$first_count" ]; then
    first_count=$count first_replan=$replan_seconds first_example=$example_seconds
  else
    per_feature=$(awk -v r="$replan_seconds" -v f="$first_replan" -v c="$count" -v d="$first_count" \
      'BEGIN {printf "%.0f", (r - f) * 1000 / (c - d)}')
    example_ratio=$(awk -v e="$example_seconds" -v f="$first_example" 'BEGIN {printf "%.2fx", e / f}')
  fi
  scale_rows+=("| +$count | $targets | $plugin_targets | $clean_seconds | $noop_seconds | $replan_seconds |"\
" $per_target | $per_feature | $body_seconds (${body_compiled% }) | $example_seconds ($example_ratio) |")
  measure_floor "$count"
  # Swift Build (Xcode's engine) plans the whole graph again on every build: its no-op against SwiftPM's native one.
  if [[ ",${swift_build_steps:-$steps}," == *",$count,"* ]]; then
    swift build --build-system swiftbuild >"$log" 2>&1 || { cat "$log" >&2; fail "Swift Build failed at +$count"; }
    measure s6 "+$count: no-op under Swift Build" swift build --build-system swiftbuild
    swiftbuild_noop=$seconds
    engine_rows+=("| +$count | $targets | $noop_seconds | $swiftbuild_noop | $(ratio "$swiftbuild_noop" "$noop_seconds") |")
  fi
  floor_rows+=("| +$count | $clean_seconds / $floor_clean ($(ratio "$clean_seconds" "$floor_clean")) |"\
" $noop_seconds / $floor_noop ($(ratio "$noop_seconds" "$floor_noop")) |"\
" $replan_seconds / $floor_replan ($(ratio "$replan_seconds" "$floor_replan")) |"\
" $body_seconds / $floor_body ($(ratio "$body_seconds" "$floor_body")) | ${body_linked:-nothing} |"\
" ${floor_body_linked:-nothing} |")
  [ -z "${replan_compiled// /}" ] || echo "warning: the re-plan compiled ${replan_compiled}" >&2
done

section=$(
  echo "$scale_start"
  echo "## Scaling with features"
  echo
  echo "Written by \`Scripts/build-times --scale\` on $(date -u +%Y-%m-%d) (debug, one run each, wall seconds), in a"
  echo "copy of the repository with throwaway features scaffolded as \`Scripts/new-feature\` does (generated files"
  echo "included). The re-plan is what every new feature costs: SwiftPM evaluates the manifest again and plans every"
  echo "target; no target runs a build-tool plugin. Per target: (re-plan − no-op) ÷ targets; per feature: what each"
  echo "feature added to the re-plan since the first row. The Example column is \`Scripts/build-feature"
  echo "--empty-build-folder $feature\`: the feature's Interface, Feature and Example built from nothing, against the first row."
  echo
  echo "| Features | Targets | Plugin targets | Clean (s) | No-op (s) | Re-plan (s) | per target (ms) | per feature (ms) | Body edit (s, compiled) | Example alone (s) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"
  printf '%s\n' "${scale_rows[@]}"
  echo
  echo "### Over SwiftPM's floor"
  echo
  echo "The same steps on SwiftPM's floor for the package at each size: a package with the same targets, dependency"
  echo "edges, products, platforms and language mode whose every source is one line (\`Scripts/lib/floor-package.swift\`),"
  echo "built the same way in the same run. Each cell is this package / the floor (ratio): what the package's own"
  echo "code adds to what SwiftPM, the compiler and the linker cost for that graph. The body edit puts the same"
  echo "statement in a function of \`${feature}Feature\` in both; the last columns say what each relinked."

  echo
  echo "| Features | Clean (s) | No-op (s) | Re-plan (s) | Body edit (s) | Relinked (package) | Relinked (floor) |"
  echo "|---|---:|---:|---:|---:|---|---|"
  printf '%s\n' "${floor_rows[@]}"
  echo
  echo "### The build engines' no-op"
  echo
  echo "A \`swift build\` with nothing to do, by SwiftPM's native engine and by Swift Build (\`--build-system"
  echo "swiftbuild\`, the engine Xcode uses), each after a build of its own: what every build pays before compiling."
  echo
  echo "| Features | Targets | Native no-op (s) | Swift Build no-op (s) | Swift Build / native |"
  echo "|---|---:|---:|---:|---:|"
  printf '%s\n' "${engine_rows[@]}"
  echo "$scale_end"
)
cd "$root"
if [ -f "$output" ] && grep -qxF "$scale_start" "$output"; then
  # The section goes through the environment: a value passed with -v may not hold line breaks in every awk.
  section="$section" awk -v first="$scale_start" -v last="$scale_end" '
    $0 == first {print ENVIRON["section"]; skipping = 1; next}
    skipping && $0 == last {skipping = 0; next}
    !skipping {print}' "$output" >"$log.out"
elif [ -f "$output" ] && grep -q '^## Type-checking time' "$output"; then
  section="$section" awk '/^## Type-checking time/ && !done {print ENVIRON["section"]; print ""; done = 1} {print}' \
    "$output" >"$log.out"
else
  { [ ! -f "$output" ] || cat "$output"; printf '\n%s\n' "$section"; } >"$log.out"
fi
mv "$log.out" "$output"
rm -rf "$log".*
echo "Wrote the scaling section of $output" >&2
