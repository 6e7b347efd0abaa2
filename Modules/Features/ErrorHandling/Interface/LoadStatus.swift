/// Where loading something from the directory stands, as a screen shows it.
///
/// One type for every feature that loads users, so each shows the same four
/// states and a parent (or a restore) can treat them alike.
public enum LoadStatus: Equatable, Sendable, Codable {
  /// Not started (or reset after restoring saved state).
  case idle
  /// A load is in flight.
  case loading
  /// Loaded and shown.
  case loaded
  /// The load failed with a message; `retry` loads again.
  case failed(String)
  /// The user cancelled the load (Ctrl-C); `retry` loads again.
  case cancelled

  /// Whether the last load failed.
  public var isFailed: Bool {
    if case .failed = self { return true }
    return false
  }
}
