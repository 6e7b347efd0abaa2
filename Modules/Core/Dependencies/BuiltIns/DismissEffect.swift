import IssueReporting

/// Lets a presented feature close itself; the navigation reducers install the real one.
public struct DismissEffect: Sendable {
  private let dismiss: @MainActor @Sendable () -> Void

  /// A dismiss action from a closure (navigation reducers create these).
  public init(_ dismiss: @escaping @MainActor @Sendable () -> Void) {
    self.dismiss = dismiss
  }

  /// Asks the presenting feature to dismiss the one this effect belongs to.
  @MainActor public func callAsFunction() {
    dismiss()
  }
}

private enum DismissKey: TestDependencyKey, DependencyKey {
  static let liveValue = DismissEffect {
    reportIssue(
      "'dismiss' was called from a feature that is not presented: present it with 'ifLet' over '@Presents' state or push it on a 'StackState'."
    )
  }
  static var testValue: DismissEffect { liveValue }
}

extension DependencyValues {
  /// Closes the presented feature that calls it; a runtime issue where nothing presented it.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}
