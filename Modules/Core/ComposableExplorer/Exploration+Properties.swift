import Composable
import Foundation
import IssueReporting
import ValueDump

extension Exploration where State: Equatable {
  /// The first property `state` breaks after `action` (from `previous`): an invariant, or the Codable round trip
  /// when it is on; nil when all hold.
  public func brokenProperty(_ state: State, previous: State, action: Action?) -> ExplorationFailure? {
    for invariant in invariants {
      if let message = invariant.check(state, previous, action) {
        return ExplorationFailure(property: invariant.name, message: message)
      }
    }
    if checksCodableRoundTrip, let message = codableRoundTripFailure(state) {
      return ExplorationFailure(property: "Codable round trip", message: message)
    }
    return nil
  }

  /// Reports, as a test failure, the first property `state` breaks: an invariant, the Codable round trip, or the
  /// restoration, each as the exploration checks it. What a shrunk sequence pasted as a test ends with.
  public func expectProperties(
    of state: State, previous: State? = nil, action: Action? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    guard
      let failure = brokenProperty(state, previous: previous ?? state, action: action)
        ?? restorationFailure(state)
    else { return }
    reportIssue(
      failure.description, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Why `state` does not survive encoding and decoding, if it is `Codable` and does not.
  func codableRoundTripFailure(_ state: State) -> String? {
    guard let encodable = state as? any Encodable, let type = State.self as? any Decodable.Type else { return nil }
    do {
      let data = try JSONEncoder().encode(encodable)
      guard let decoded = try JSONDecoder().decode(type, from: data) as? State else { return nil }
      guard decoded != state else { return nil }
      return "decoding the encoded state gives another state:\n" + (valueDiff(state, decoded) ?? "")
    } catch {
      return "the state does not round-trip: \(error)"
    }
  }

  /// Why settling `state` for restoration is not idempotent, if it is `RestorableState`, the check is on, and it
  /// is not.
  func restorationFailure(_ state: State) -> ExplorationFailure? {
    guard checksRestoration, var once = state as? any RestorableState else { return nil }
    once.settleForRestoration()
    var twice = once
    twice.settleForRestoration()
    guard let settled = once as? State, let again = twice as? State, settled != again else { return nil }
    return ExplorationFailure(
      property: "restoration",
      message: "settling twice differs from settling once:\n" + (valueDiff(settled, again) ?? ""))
  }
}
