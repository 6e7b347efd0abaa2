import Composable
import IssueReporting

extension TestStore {
  /// Waits for every running effect to end, then checks that nothing is left unasserted.
  ///
  /// Effects still running after `timeout` fail the test (naming the action that
  /// started each) and are cancelled; in exhaustive mode, so do received actions
  /// the test did not assert.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let ended = await events.wait(timeout: limit) { ledger.inFlight.isEmpty }
    if !ended {
      for effect in ledger.inFlight {
        reportIssue(
          """
          An effect started by \(effect.startedBy.text) is still running \(limit) after 'finish' (at line \
          \(location.line)) began waiting. Make it end (cancel it from the feature, advance a test clock) or call \
          'skipInFlightEffects()'.
          """,
          at: effect.startedAt ?? location)
      }
      _ = ledger.cancelAll()
    }
    guard exhaustivity.isOn, !received.isEmpty else { return }
    reportIssue(
      """
      The store received \(received.count) action\(received.count == 1 ? "" : "s") that the test did not assert:
      \(received.map { "  " + describe($0.action) }.joined(separator: "\n"))
      Assert each with 'receive', or call 'skipReceivedActions()'.
      """,
      at: location)
    dropReceived(count: received.count)
  }

  /// Accepts every received action not asserted yet, without checking them; the state they left becomes the
  /// asserted state. With `strict` (the default) it fails when there is nothing to skip, so a stale call is seen.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await Task.yield()
    if received.isEmpty {
      if strict {
        reportIssue(
          "There were no received actions to skip.",
          at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      }
      return
    }
    if exhaustivity.showsSkipped {
      printSkipped("received actions", received.map { describe($0.action) })
    }
    dropReceived(count: received.count)
  }

  /// Stops tracking every running effect without cancelling it: the test no longer waits for or fails on them,
  /// and what they send later is still received. With `strict` (the default) it fails when none is running.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let skipped = ledger.forgetAll()
    if skipped.isEmpty, strict {
      reportIssue(
        "There were no in-flight effects to skip.",
        at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    if exhaustivity.showsSkipped, !skipped.isEmpty {
      printSkipped("in-flight effects", skipped.map { "started by " + $0.text })
    }
    await Task.yield()
  }
}
