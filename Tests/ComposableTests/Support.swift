import Composable

/// An ordered record of what happened, for asserting order across reducers and effects.
@MainActor final class EventLog {
  private(set) var events: [String] = []
  func record(_ event: String) { events.append(event) }
}

/// Lets a test hand a main-actor log to `@Sendable` effect closures.
struct SendableLog: @unchecked Sendable {
  let log: EventLog
  @MainActor func record(_ event: String) { log.record(event) }
}
