import AnalyticsClientInterface
import Foundation

extension AnalyticsClient {
  /// A client that keeps every event in `events`, in order, for a test to read.
  public static func collecting(into events: CollectedEvents) -> Self {
    Self(track: { events.append($0) })
  }
}

/// The events a collecting client received, in order.
public final class CollectedEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [AnalyticsEvent] = []

  /// No events yet.
  public init() {}

  /// Every event so far.
  public var all: [AnalyticsEvent] { lock.withLock { events } }

  /// The names of the events so far, in order.
  public var names: [String] { all.map(\.name) }

  fileprivate func append(_ event: AnalyticsEvent) { lock.withLock { events.append(event) } }
}
