import ErrorHandlingInterface

extension ErrorReport {
  /// A load that failed because the data folder is offline; it can be retried.
  public static let offline = ErrorReport(
    title: "Could not load the users.", reason: "The data folder is offline.",
    suggestion: "Check that the data folder is readable, then retry.")

  /// A load that failed on a full disk; it can be retried once space is freed.
  public static let diskFull = ErrorReport(
    title: "Could not load the users.", reason: "The disk is full.", suggestion: "Free some space, then retry.")
}
