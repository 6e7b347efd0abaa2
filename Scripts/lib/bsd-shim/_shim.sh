# Sourced by each tool in this folder: a stand-in for macOS's BSD tools on a GNU system. Each refuses the options
# BSD lacks (the script that used one would fail on a Mac) and prints what BSD prints, then runs the real tool.
# Put this folder first on PATH (Scripts/test does) to run the scripts as a Mac would.

shim_folder=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shim_tool=$(basename "$0")

# The real tool: the first one on PATH outside this folder.
shim_real() {
  local path=":$PATH:"
  # Twice on PATH side by side (":shim:shim:"), one pass leaves one: a shim that found itself would loop.
  while [[ "$path" == *":$shim_folder:"* ]]; do path=${path//:$shim_folder:/:}; done
  PATH=$path command -v "$shim_tool" || { echo "$shim_tool (bsd-shim): no real $shim_tool on PATH" >&2; exit 127; }
}

# Refuses, as a Mac would, with the option's name and the script that used it.
shim_refuse() {
  echo "$shim_tool: $1 is GNU-only: macOS's BSD $shim_tool has no such option (bsd-shim, called from ${PWD})" >&2
  exit 64
}
