import Clocks
import Composable
import Foundation
import IssueReporting
import ValueDump

extension TestStore {
  /// Sends `action` as the user would and asserts the state it leaves.
  ///
  /// `expectedChange` mutates the state as of the last assertion into what the
  /// test expects now; leave it out when the action changes nothing. Any
  /// difference fails the test with a diff. In exhaustive mode, sending while
  /// received actions are still unasserted fails too.
  @discardableResult
  @inlinable public func send(
    _ action: Action,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      reportIssue(
        """
        The test sent \(describe(action)) to a test store whose feature dismissed itself ('await dismiss()' \
        at the root): its effects were cancelled, and it takes no more actions.
        """,
        at: location)
      return TestStoreTask(rawValue: StoreTask.none, effectIDs: [], ledger: ledger, events: events, timeout: timeout)
    }
    if !received.isEmpty { settleReceivedBeforeSending(action, at: location) }
    effectsOfCurrentSend = []
    stateAfterSentAction = nil
    sharedAfterSentAction = []
    isSendingFromTest = true
    currentSendLocation = location
    // What it makes ready belongs to this store's work (its effects' tasks are bound to it as they are made).
    let task = effectWork.counting { TestStoreScope.$current.withValue(scope) { store.send(action) } }
    isSendingFromTest = false
    let actual = stateAfterSentAction ?? store.currentState
    let shared = stateAfterSentAction == nil ? sharedTracker.takeChanges() : sharedAfterSentAction
    stateAfterSentAction = nil
    sharedAfterSentAction = []
    checkState(
      actual, shared: shared, against: expectedChange, after: "sending \(describe(action))", at: location)
    assertedState = actual
    let started = effectsOfCurrentSend
    // Checked here so that a send whose effects all ended makes no async call at all. Effects started earlier
    // count too: this action may have released one (finished its stream, delivered its value), and a test
    // ending here must not find it still running.
    if ledger.runningCount > 0 { await letEffectsSettle() }
    return TestStoreTask(rawValue: task, effectIDs: started, ledger: ledger, events: events, timeout: timeout)
  }

  /// What sending with received actions still unasserted does: in exhaustive mode it fails and keeps them (a
  /// later `receive` of each still matches, checking the action only); otherwise it skips them.
  @usableFromInline func settleReceivedBeforeSending(_ action: Action, at location: SourceLocation) {
    guard exhaustivity.isOn else {
      if exhaustivity.showsSkipped { printSkipped("received actions", received.map { describe($0.action) }) }
      dropReceived(count: received.count)
      return
    }
    reportIssue(
      """
      Must handle \(received.count) received action\(received.count == 1 ? "" : "s") before sending an action: \
      the test sent \(describe(action)) while these were unasserted:
      \(received.map { "  " + describe($0.action) }.joined(separator: "\n"))
      Assert them with 'receive' first, or call 'skipReceivedActions()'.
      """,
      at: location)
    // The send is checked against the state they left, so its own failure (if any) is about itself.
    if let last = received.last(where: { !$0.isFolded }) { assertedState = last.state }
    for index in received.indices { received[index].isFolded = true }
  }

  /// Lets the running effects go on until each is suspended on something that is not ready yet (a clock, an
  /// unfinished stream, a request), or all have ended.
  ///
  /// Where the runtime lets it (Linux, macOS 15, iOS 18 and later), the store counts its effects' work
  /// (`EffectWork`) and knows when they are at rest: no wall time is spent, and a loaded machine only makes it
  /// slower. Elsewhere an effect's step that is ready may wait for a thread unseen, so the effects count as at rest
  /// once nothing has moved (no effect ended, no action arrived) for a few yields and for `EffectWork.quietPeriod`
  /// of wall time. A busy effect that never rests is given up on after `EffectWork.roundLimit` yields.
  @usableFromInline func letEffectsSettle() async {
    await effectWork.settle()
  }

  /// Sends the payload-less case `casePath` names (`send(\.onAppear)`, `send(\.view.refreshTapped)`).
  @discardableResult
  @inlinable public func send(
    _ casePath: CaseKeyPath<Action, Void>,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.casePath(casePath).embed(()), assert: expectedChange,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the case `casePath` names with `value` (`send(\.queryChanged, "ada")`, `send(\.view.delete, [0])`).
  @discardableResult
  @inlinable public func send<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.casePath(casePath).embed(value), assert: expectedChange,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts the current state without sending anything (for changes made outside an action, or when
  /// exhaustivity is off).
  public func assert(
    _ expectedChange: (inout State) throws -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let actual = store.currentState
    let shared = sharedTracker.takeChanges()
    withoutActuallyEscaping(expectedChange) { expectedChange in
      checkState(
        actual, shared: shared, against: expectedChange, after: "the last assertion",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    assertedState = actual
  }

  // MARK: Shared checks

  /// Fails the test when `actual` is not the asserted state changed by `expectedChange`.
  ///
  /// With exhaustivity off the change is applied to `actual` itself: only what
  /// the closure states is checked.
  @inlinable func checkState(
    _ actual: State, shared: [SharedChange], against expectedChange: ((inout State) throws -> Void)?,
    after event: @autoclosure () -> String, at location: SourceLocation
  ) {
    var expectations: [SharedExpectation] = []
    defer {
      let mismatches = SharedChangeTracker.mismatches(
        changes: shared, expectations: expectations, exhaustive: exhaustivity.isOn)
      for message in mismatches { reportIssue("After \(event()): " + message, at: location) }
    }
    guard let areEqual = stateEquality.areEqual else {
      if expectedChange != nil || exhaustivity.isOn {
        reportIssue(
          """
          The test store cannot compare states: '\(State.self)' is not Equatable. Conform it to Equatable, \
          or set 'exhaustivity = .off' and assert no state change.
          """,
          at: location)
      }
      return
    }
    var expected = exhaustivity.isOn ? assertedState : actual
    do {
      // Run with the test store's dependencies, so `Date()` from `@Dependency(\.date)` is the test's date there too.
      expectations = try store.withRootDependencies {
        try sharedTracker.asserting(baseline: shared) { try expectedChange?(&expected) }.expectations
      }
    } catch {
      reportIssue("The state assertion after \(event()) threw an error: \(error)", at: location)
      return
    }
    if !areEqual(expected, actual) {
      let diff = unequalValuesDiff(expected, actual)
      reportIssue(
        expectedChange == nil && exhaustivity.isOn
          ? """
          The state was not expected to change after \(event()), but it did. Assert the change in a trailing \
          closure. (- expected, + actual)
          \(diff)
          """
          : """
          The state after \(event()) is not what the test expected. (- expected, + actual)
          \(diff)
          """,
        at: location)
    } else if exhaustivity.isOn, expectedChange != nil, expectations.isEmpty, areEqual(assertedState, actual) {
      reportIssue(
        """
        Expected the state to change after \(event()), but no change occurred: the trailing closure changed \
        nothing. If nothing should change, leave the closure out.
        """,
        at: location)
    } else if exhaustivity.showsSkipped {
      var strict = assertedState
      try? expectedChange?(&strict)
      if !areEqual(strict, actual), let diff = valueDiff(strict, actual) {
        printSkipped("state changes after \(event()) (- not asserted, + actual)", [diff])
      }
    }
  }

  /// Forgets the oldest `count` received actions, taking the state the last of them left.
  @inlinable func dropReceived(count: Int) {
    guard count > 0 else { return }
    // A folded action's state is already behind the asserted state.
    if !received[count - 1].isFolded { assertedState = received[count - 1].state }
    received.removeFirst(count)
    ledger.removeFirstUnasserted(count)
  }

  /// Tells the developer what a non-exhaustive test did not assert (never a failure).
  @usableFromInline func printSkipped(_ what: String, _ items: [String]) {
    let lines = items.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    skippedAssertionsLog("Skipped assertions (\(what)):\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n")
  }
}
