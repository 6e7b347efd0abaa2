import Composable
import IssueReporting

/// The effects one `TestStore.send` started: wait for them to finish or cancel them.
public struct TestStoreTask: Sendable {
  /// The underlying store task.
  public let rawValue: StoreTask
  /// Ledger ids of the effect tasks the send started.
  let effectIDs: [UInt64]
  let ledger: TestStoreLedger
  let events: TestStoreEvents
  let timeout: Duration

  @usableFromInline init(
    rawValue: StoreTask, effectIDs: [UInt64], ledger: TestStoreLedger, events: TestStoreEvents, timeout: Duration
  ) {
    self.rawValue = rawValue
    self.effectIDs = effectIDs
    self.ledger = ledger
    self.events = events
    self.timeout = timeout
  }

  /// Waits until the effects finish; fails at the caller's line if they still run after `timeout`.
  @MainActor public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let limit = timeout ?? self.timeout
    let finished = await events.wait(timeout: limit) { isFinished }
    if !finished {
      reportIssue(
        "An effect is still running \(limit) after the action that started it; it must finish (or be cancelled) first.",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
  }

  /// Cancels the effects.
  public func cancel() { rawValue.cancel() }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool { rawValue.isCancelled }

  /// Whether every effect the send started has returned.
  public var isFinished: Bool { effectIDs.allSatisfy { !ledger.isRunning($0) } }
}
