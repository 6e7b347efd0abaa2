/// State that an app saves when it quits and restores at the next start.
///
/// A restored screen must be usable: work that was in flight when the app quit
/// (a load, a save, a delete) will never answer the restored state, so its flags
/// must be settled or the screen would say "Saving…" forever and refuse to save.
/// Every feature's `State` conforms and settles its own flags and its children's;
/// the app settles the whole tree when it saves the session and again when it
/// restores one (a file from another version or edited by hand may hold anything).
/// A parent whose children are enum cases calls this in an exhaustive switch with
/// no `default`, so a new child cannot be added without taking part.
public protocol RestorableState {
  /// Clears what was in flight, so the restored screen starts idle (and loads again where it shows data).
  mutating func settleForRestoration()
}
