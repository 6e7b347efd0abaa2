# Sourced by `Scripts/build-times --scale`, in its copy of the repository, after `measure` and `clean`: scaffolds
# throwaway features (ScaffolderTool, as Scripts/new-feature runs it) up to each count of $steps and measures a clean build, a no-op, the re-plan after an edit of
# Package.swift and a body edit at each, then rewrites the "Scaling with features" section of $output.

IFS=, read -r -a counts <<<"$steps"
if $plugin_everywhere; then
  # Every target runs the plugin, as before only the targets that declare something did (its tool then warns).
  sed 's/^  generates ? \[.plugin(name: "BoilerplatePlugin")\] : \[\]$/  [.plugin(name: "BoilerplatePlugin")]/' \
    Package.swift >"$log.package"
  cmp -s Package.swift "$log.package" && fail "cannot find the plugin's switch in Package.swift's boilerplate(_:)"
  cp "$log.package" Package.swift
fi
# Redrawing the module graph after each scaffold is not what is measured, and takes seconds each time.
rm -f docs/module-graph.dot
# The scaffolder built once and run directly: through Scripts/new-feature each run would re-plan the package first.
swift build --product ScaffolderTool >"$log" 2>&1 || { cat "$log" >&2; fail "could not build ScaffolderTool"; }
scaffolder="$(swift build --show-bin-path)/ScaffolderTool"
scaffolded=0
scale_rows=()
first_tool_links=""
for count in "${counts[@]}"; do
  [ "$count" -ge "$scaffolded" ] || fail "--steps must not decrease: $steps"
  while [ "$scaffolded" -lt "$count" ]; do
    scaffolded=$((scaffolded + 1))
    name=$(printf 'Scale%03d' "$scaffolded")
    "$scaffolder" "$name" >/dev/null || fail "could not scaffold the throwaway feature $name"
  done
  echo "==> +$count features" >&2
  swift package dump-package >"$log.dump"
  read -r targets plugin_targets < <(swift "$root/Scripts/lib/module-graph.swift" "$log.dump" --count-targets)
  clean
  measure s1 "+$count: clean" swift build
  clean_seconds=$seconds
  # SwiftPM builds the plugin's tool for the host (`-tool`) and, as an executable of the package, again.
  [ -n "$first_tool_links" ] || first_tool_links=$(tr ' ' '\n' <<<"$linked" | grep -c '^BoilerplateTool' || true)
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
  per_target=$(awk -v r="$replan_seconds" -v n="$noop_seconds" -v t="$targets" 'BEGIN {printf "%.0f", (r - n) * 1000 / t}')
  per_plugin=$(awk -v r="$replan_seconds" -v n="$noop_seconds" -v t="$plugin_targets" \
    'BEGIN {printf "%.0f", (r - n) * 1000 / t}')
  scale_rows+=("| +$count | $targets | $plugin_targets | $clean_seconds | $noop_seconds | $replan_seconds |"\
" $per_target | $per_plugin | $body_seconds (${body_compiled% }) |")
  [ -z "${replan_compiled// /}" ] || echo "warning: the re-plan compiled ${replan_compiled}" >&2
done

section=$(
  echo "$scale_start"
  if $plugin_everywhere; then echo "## Scaling with features, the plugin on every target"; else
    echo "## Scaling with features"; fi
  echo
  echo "Written by \`Scripts/build-times --scale\` on $(date -u +%Y-%m-%d) (debug, one run each, wall seconds), in a"
  echo "copy of the repository with throwaway features scaffolded by \`Scripts/new-feature\`. The re-plan is what"
  echo "every new feature costs: SwiftPM evaluates the manifest again, plans every target and runs each build-tool"
  echo "plugin once per target that uses it. Per target: (re-plan − no-op) ÷ targets, and ÷ plugin targets."
  echo
  echo "| Features | Targets | Plugin targets | Clean (s) | No-op (s) | Re-plan (s) | per target (ms) | per plugin target (ms) | Body edit (s, compiled) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
  printf '%s\n' "${scale_rows[@]}"
  echo
  echo "A clean build links the plugin's tool $first_tool_links time(s): once for the host, to run it, and once as an"
  echo "executable of the package, which \`swift build\` builds with every other one (\`swift run users\` does not)."
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
rm -f "$log".*
echo "Wrote the scaling section of $output" >&2
