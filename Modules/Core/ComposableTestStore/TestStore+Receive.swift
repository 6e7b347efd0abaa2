import Composable
import IssueReporting
import ValueDump

extension TestStore {
  /// Asserts that an effect sent `expected` next, and the state it left.
  ///
  /// Waits up to `timeout` (the store's by default) for the action to arrive. A
  /// different action fails with a diff of the two.
  @inlinable public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expected }, expected: { describe(expected) },
      mismatch: { valueDiff(expected, $0) }, timeout: timeout, expectedChange: expectedChange,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of the case `casePath` names next (any payload), and the state it left.
  ///
  /// For actions whose payload is not Equatable, or not worth spelling out.
  @inlinable public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Action: CasePathable {
    let path = Action.casePath(casePath)
    await receive(
      matching: { path.extract($0) != nil }, expected: { "an action of the case \(caseKeyPathName(casePath))" },
      mismatch: { _ in nil }, timeout: timeout, expectedChange: expectedChange,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent the case `casePath` names with payload `value` next, and the state it left.
  @inlinable public func receive<Value: Equatable>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async where Action: CasePathable {
    let path = Action.casePath(casePath)
    await receive(
      matching: { path.extract($0) == value }, expected: { describe(path.embed(value)) },
      mismatch: { valueDiff(path.embed(value), $0) }, timeout: timeout, expectedChange: expectedChange,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action `isMatching` accepts next, and the state it left.
  ///
  /// For actions easier to recognise than to spell out: `receive({ if case .loaded = $0 { true } else { false } })`.
  @inlinable public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert expectedChange: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await receive(
      matching: isMatching, expected: { "an action the predicate accepts" }, mismatch: { _ in nil },
      timeout: timeout, expectedChange: expectedChange,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The receive every overload shares: wait, match, assert the state.
  @inlinable func receive(
    matching: (Action) -> Bool,
    expected: () -> String,
    mismatch: (Action) -> String?,
    timeout: Duration?,
    expectedChange: ((inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let limit = timeout ?? self.timeout
    let exhaustive = exhaustivity.isOn
    // Nothing can arrive once no effect is running, so stop waiting then.
    let settled = await events.wait(timeout: limit) {
      (exhaustive ? !received.isEmpty : received.contains { matching($0.action) }) || ledger.inFlight.isEmpty
    }
    let index = exhaustive ? (received.isEmpty ? nil : 0) : received.firstIndex { matching($0.action) }
    guard let index else {
      let running = ledger.inFlight.map { "  started by " + $0.startedBy.text }
      reportIssue(
        settled
          ? "Expected to receive \(expected()), but no effect that could send it is running."
          : """
          Expected to receive \(expected()) within \(limit), but it did not arrive. Effects still running:
          \(running.joined(separator: "\n"))
          If one waits on a TestClock, advance the clock first; if it is slow, pass a longer 'timeout'.
          """,
        at: location)
      return
    }
    if index > 0, exhaustivity.showsSkipped {
      printSkipped("received actions", received[..<index].map { describe($0.action) })
    }
    dropReceived(count: index)
    let entry = received[0]
    if !matching(entry.action) {
      reportIssue(
        """
        Received an action other than the one expected. (- expected, + received)
        \(mismatch(entry.action) ?? "- \(expected())\n+ \(describe(entry.action))")
        """,
        at: location)
      // The mismatch is the failure: a state check of an action the test did not mean would only add noise.
      received.removeFirst()
      ledger.removeFirstUnasserted(1)
      if !entry.isFolded { assertedState = entry.state }
      return
    }
    received.removeFirst()
    ledger.removeFirstUnasserted(1)
    // Received before a later send, which took the state it left as its starting point: only the action is checked.
    if entry.isFolded { return }
    checkState(
      entry.state, shared: entry.shared, against: expectedChange, after: "receiving \(describe(entry.action))",
      at: location)
    assertedState = entry.state
  }
}
