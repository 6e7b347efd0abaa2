import Dependencies
import Foundation

/// Sends analytics events somewhere; the composition root reaches it through the `analytics` reducer operator.
///
/// The interface only: `AnalyticsClientLive` appends JSON lines to a file. The
/// test value collects events in memory (`collecting(into:)` lets a test read them).
public struct AnalyticsClient: Sendable {
  /// Records one event.
  public var track: @Sendable (AnalyticsEvent) async -> Void

  /// A client from its endpoint.
  public init(track: @escaping @Sendable (AnalyticsEvent) async -> Void) {
    self.track = track
  }

  /// A client that keeps every event in `events`, in order.
  public static func collecting(into events: CollectedEvents) -> Self {
    Self(track: { events.append($0) })
  }

  /// A client that drops every event (`--no-analytics`).
  public static let disabled = Self(track: { _ in })
}

/// The events a collecting client received, in order.
public final class CollectedEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [AnalyticsEvent] = []

  /// No events yet.
  public init() {}

  /// Every event so far.
  public var all: [AnalyticsEvent] { lock.withLock { events } }

  func append(_ event: AnalyticsEvent) { lock.withLock { events.append(event) } }
}

extension AnalyticsClient: TestDependencyKey {
  /// Collects events in memory, so a reducer with analytics runs in any test without touching a file.
  public static var testValue: AnalyticsClient { .collecting(into: CollectedEvents()) }

  /// Drops events: previews and examples have nothing to measure.
  public static var previewValue: AnalyticsClient { .disabled }
}
