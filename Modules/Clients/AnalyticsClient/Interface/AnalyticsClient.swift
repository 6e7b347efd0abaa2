import Dependencies
import Foundation

/// Sends analytics events somewhere; the composition root reaches it through the `analytics` reducer operator.
///
/// The interface only: `AnalyticsClientLive` appends JSON lines to a file, and
/// `AnalyticsClientTesting` collects events for a test to read (`collecting(into:)`).
public struct AnalyticsClient: DependencyClient {
  /// Records one event.
  public var track: @Sendable (AnalyticsEvent) async -> Void

  /// A client from its endpoint.
  public init(track: @escaping @Sendable (AnalyticsEvent) async -> Void) {
    self.track = track
  }

  /// A client that drops every event (`--no-analytics`).
  public static let disabled = Self(track: { _ in })
}

extension AnalyticsClient: TestDependencyKey {
  /// Drops events, so a reducer with analytics runs in any test without touching a file; a test that reads
  /// them overrides it with `collecting(into:)`.
  public static var testValue: AnalyticsClient { .disabled }

  /// Drops events: previews and examples have nothing to measure.
  public static var previewValue: AnalyticsClient { .disabled }
}
