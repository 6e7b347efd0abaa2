import IssueReporting

/// Lets a presented or stacked feature close itself: `await dismiss()` from one of its effects.
///
/// The navigation reducers (`ifLet` over `@Presents` state, `forEach` over a
/// `StackState`) run each child effect with a handler that sends the parent's
/// `.dismiss` or `.popFrom(id:)`, so no long-lived effect is needed and a test
/// store sees only that action. The innermost presentation wins, so a child's
/// child dismisses itself, not its parent.
///
/// A class, so that the task-local holding it is one reference wide (see `Scripts/check-task-locals`).
public final class DismissEffect: Sendable {
  private let dismiss: @MainActor @Sendable () async -> Void

  /// A dismiss action from a closure: a test of a child alone records the call with one.
  public init(_ dismiss: @escaping @MainActor @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Asks the presenting feature to dismiss the one this effect belongs to.
  @MainActor public func callAsFunction() async {
    await dismiss()
  }

  // A class and not a bare closure on purpose: Swift 6.3's optimizer pushes a
  // function-typed task-local with the metadata of its lowered SIL type, which
  // the runtime cannot build, and crashes (swiftlang/swift#88321; reproduced in
  // `TaskLocalToolchainTests`). A class's lowered type is the class itself.
  /// The dismissal the running effect belongs to, installed by the navigation reducers.
  @TaskLocal public static var presentation: DismissEffect?

  /// Sends the dismissal installed for this effect, or reports that nothing presented it.
  static let presented = DismissEffect {
    guard let presentation = DismissEffect.presentation else {
      reportIssue(
        """
        'dismiss' was called from an effect of a feature that is not presented: present it with 'ifLet' \
        over '@Presents' state or push it on a 'StackState' with 'forEach'. (It only works from '.run' effects.)
        """)
      return
    }
    await presentation()
  }
}

private enum DismissKey: TestDependencyKey, DependencyKey {
  static let liveValue = DismissEffect.presented
  static var testValue: DismissEffect { liveValue }
}

extension DependencyValues {
  /// Closes the presented feature that calls it; a runtime issue where nothing presented it.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}
