# Sourced by `Scripts/build-times --scale`, in its copy of the repository, after `measure` and `clean`: scaffolds
# throwaway features (ScaffolderTool, then the generator, as Scripts/new-feature runs them) up to each count of
# $steps and measures a clean build, a no-op, the re-plan after an edit of Package.swift, a body edit, and one
# feature's Example built alone from an empty build folder (Scripts/build-feature --empty-build-folder) at each,
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
