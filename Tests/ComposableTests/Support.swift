import Composable

/// An ordered record of what happened, for asserting order across reducers and effects.
@MainActor final class EventLog {
  private(set) var events: [String] = []
  func record(_ event: String) { events.append(event) }
}
