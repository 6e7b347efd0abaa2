import Clocks
import Foundation
import IssueReporting
import ValueDump

/// Records the changes a feature makes to shared values, so a test store can insist that each is asserted.
///
/// A test store installs its tracker while its feature runs (effects inherit
/// it), and runs each assertion closure in "asserting" mode, where
/// `$value.withLock` edits what the test expects instead of the value.
public final class SharedChangeTracker: @unchecked Sendable {
  /// The tracker of the test store whose feature is running, if any (its `TestStoreScope`).
  public static var current: SharedChangeTracker? { TestStoreScope.current?.sharedChanges as? SharedChangeTracker }
  /// The tracker whose assertion closure is running, if any.
  @TaskLocal public static var asserting: SharedChangeTracker?

  private let lock = NSLock()
  private var pending: [ObjectIdentifier: SharedChange] = [:]
  private var order: [ObjectIdentifier] = []
  private var baseline: [ObjectIdentifier: SharedChange] = [:]
  private var expectations: [ObjectIdentifier: (reference: any SharedTrackable, value: Any)] = [:]
  /// Where an unasserted change is reported when the tracker goes; nil: it is not (a test store reports its own).
  private let unassertedChangesLocation: SourceLocation?

  /// A tracker with nothing recorded that, when `reportUnassertedChanges`, reports at its creation's line a change
  /// still unasserted when it goes away, as swift-sharing's does.
  public init(
    reportUnassertedChanges: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    unassertedChangesLocation =
      reportUnassertedChanges ? SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column) : nil
  }

  deinit {
    guard let location = unassertedChangesLocation else { return }
    for change in takeChanges() where !isEqual(change.before, change.after) {
      // The last line is swift-sharing's, word for word: a test ported from it matches the report's end.
      reportIssue(
        """
        The shared value '\(change.reference.name)' changed under this tracker, but no 'assert' checked it. \
        (- before, + after)
        \(valueDiff(change.before, change.after) ?? "")
        Tracked unasserted changes to '\(change.reference.sharedDescription)': \
        \(String(reflecting: change.before)) → \(String(reflecting: change.after))
        """,
        at: location)
    }
  }

  /// Remembers the value before a reference's first change since the last `takeChanges`.
  func willChange(_ reference: some SharedTrackable) {
    let id = ObjectIdentifier(reference)
    lock.withLock {
      guard pending[id] == nil else { return }
      pending[id] = SharedChange(reference: reference, before: reference.trackedValue, after: reference.trackedValue)
      order.append(id)
    }
  }

  /// Notes that a wrapper now reads `newReference` where it read `old` (`$x = other`): a change of the new
  /// reference from the old one's value, which a test asserts as any other (`$0.$x.withLock { $0 = … }`).
  func willRebind(to newReference: some SharedTrackable, from old: some SharedTrackable) {
    let id = ObjectIdentifier(newReference)
    lock.withLock {
      guard pending[id] == nil else { return }
      let before = pending[ObjectIdentifier(old)]?.before ?? old.trackedValue
      pending[id] = SharedChange(reference: newReference, before: before, after: newReference.trackedValue)
      order.append(id)
    }
  }

  /// The changes since the last `takeChanges`, without taking them.
  func peekChanges() -> [SharedChange] {
    lock.withLock { order.compactMap { pending[$0] } }
  }

  /// The changes since the last call, each with its value before and now (one test-store step).
  public func takeChanges() -> [SharedChange] {
    let taken: [SharedChange] = lock.withLock {
      defer {
        pending = [:]
        order = []
      }
      return order.compactMap { pending[$0] }
    }
    return taken.map { SharedChange(reference: $0.reference, before: $0.before, after: $0.reference.trackedValue) }
  }

  /// Runs an assertion closure with `withLock` editing expectations that start from each change's `before`.
  ///
  /// Returns what the closure returns, and the values it expects per reference.
  public func asserting<R>(
    baseline changes: [SharedChange], _ body: () throws -> R
  ) rethrows -> (result: R, expectations: [SharedExpectation]) {
    lock.withLock {
      baseline = Dictionary(changes.map { (ObjectIdentifier($0.reference), $0) }, uniquingKeysWith: { $1 })
      expectations = [:]
    }
    let result = try Self.$asserting.withValue(self) { try body() }
    let expected = lock.withLock {
      defer {
        baseline = [:]
        expectations = [:]
      }
      return expectations.map { SharedExpectation(reference: $0.value.reference, value: $0.value.value) }
    }
    return (result, expected)
  }

  /// Applies an assertion's edit to the expectation for `reference`.
  func editExpectation<Value, R>(of reference: SharedReference<Value>, _ body: (inout Value) throws -> R) rethrows -> R
  {
    let id = ObjectIdentifier(reference)
    var value: Value = lock.withLock {
      if let expected = expectations[id]?.value as? Value { return expected }
      if let before = baseline[id]?.before as? Value { return before }
      return reference.trackedValue as! Value
    }
    let result = try body(&value)
    lock.withLock { expectations[id] = (reference, value) }
    return result
  }

  /// What the running assertion expects `reference` to hold: its edit there, else its value before the changes
  /// being asserted; nil when the assertion has neither (the reference did not change).
  func expectedValue(of reference: some SharedTrackable) -> Any? {
    let id = ObjectIdentifier(reference)
    return lock.withLock { expectations[id]?.value ?? baseline[id]?.before }
  }

  /// Failure messages for a step: changes the test did not expect, and expectations that did not happen.
  ///
  /// Exhaustively, every changed reference must end as expected (unchanged when
  /// the test said nothing). Otherwise only what the test stated is checked.
  public static func mismatches(
    changes: [SharedChange], expectations: [SharedExpectation], exhaustive: Bool
  ) -> [String] {
    var messages: [String] = []
    var expectedByID: [ObjectIdentifier: SharedExpectation] = [:]
    for expectation in expectations { expectedByID[ObjectIdentifier(expectation.reference)] = expectation }
    var checked: Set<ObjectIdentifier> = []
    for change in changes {
      let id = ObjectIdentifier(change.reference)
      checked.insert(id)
      if let expectation = expectedByID[id] {
        if !isEqual(expectation.value, change.after) {
          messages.append(mismatch(change.reference.name, expected: expectation.value, actual: change.after))
        }
      } else if exhaustive, !isEqual(change.before, change.after) {
        messages.append(
          """
          The shared value '\(change.reference.name)' changed, but the test did not assert it. (- before, + after)
          \(valueDiff(change.before, change.after) ?? "")
          Assert it in the closure: '$0.$value.withLock { … }'.
          """)
      }
    }
    for expectation in expectations where !checked.contains(ObjectIdentifier(expectation.reference)) {
      let actual = expectation.reference.trackedValue
      if !isEqual(expectation.value, actual) {
        messages.append(mismatch(expectation.reference.name, expected: expectation.value, actual: actual))
      }
    }
    return messages
  }

  private static func mismatch(_ name: String, expected: Any, actual: Any) -> String {
    """
    The shared value '\(name)' is not what the test expected. (- expected, + actual)
    \(valueDiff(expected, actual) ?? "(their dumps are equal)")
    """
  }
}

/// One reference's change during a test-store step.
public struct SharedChange: @unchecked Sendable {
  /// The reference that changed.
  public let reference: any SharedTrackable
  /// Its value before the step's first change.
  public let before: Any
  /// Its value at the end of the step.
  public let after: Any
}

/// The value a test's assertion expects a reference to hold.
public struct SharedExpectation: @unchecked Sendable {
  /// The reference the test wrote to.
  public let reference: any SharedTrackable
  /// What it wrote.
  public let value: Any
}

/// A reference a tracker can read, whatever its value type.
public protocol SharedTrackable: AnyObject, Sendable {
  /// The current value, read without registering an observation.
  var trackedValue: Any { get }
  /// How failure messages name it.
  var name: String { get }
  /// How a `Shared` of it describes itself (`Shared<Int?>(value: Optional(2))`): what a tracker's report names.
  var sharedDescription: String { get }
}

/// Equal by `==` when the values are Equatable, else by their dumps.
func isEqual(_ lhs: Any, _ rhs: Any) -> Bool {
  func open<T: Equatable>(_ lhs: T) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs == rhs
  }
  if let lhs = lhs as? any Equatable { return open(lhs) }
  return valueDump(lhs) == valueDump(rhs)
}
