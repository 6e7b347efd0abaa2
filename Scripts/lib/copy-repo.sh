# Sourced by scripts that work on a throwaway copy of the repository.
# copy_repo DEST: copies the tracked and the untracked-but-not-ignored files of the working tree into DEST,
# so the copy sees uncommitted work but no build folder. Portable (tar, not GNU cp --parents).
copy_repo() {
  local dest=$1
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | (cd "$dest" && tar -xf -)
}
