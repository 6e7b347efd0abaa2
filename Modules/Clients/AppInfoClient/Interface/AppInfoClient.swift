import Dependencies
import Foundation

/// Reads the running app's environment and writes the environment report; features use `@Dependency(AppInfoClient.self)`.
///
/// The interface only: `AppInfoClientLive` adds the real one. Tests get endpoints
/// that fail unless overridden (`capturing` records the reports written); previews
/// get a fixed environment.
public struct AppInfoClient: DependencyClient {
  /// The app's environment now (file sizes change as the app runs).
  public var environment: @Sendable () async throws -> AppEnvironment
  /// Writes `report` to a file for a bug report and returns the file's path.
  public var saveReport: @Sendable (String) async throws -> String

  /// A client from its endpoints.
  public init(
    environment: @escaping @Sendable () async throws -> AppEnvironment,
    saveReport: @escaping @Sendable (String) async throws -> String
  ) {
    self.environment = environment
    self.saveReport = saveReport
  }

  /// A fixed environment whose reports are kept in `written` instead of a file (for tests and previews).
  public static func capturing(_ environment: AppEnvironment, into written: WrittenReports = WrittenReports()) -> Self {
    Self(
      environment: { environment },
      saveReport: { report in
        written.append(report)
        return "\(environment.dataDirectory)/environment-report.txt"
      })
  }

  /// An environment for previews and tests.
  public static let sampleEnvironment = AppEnvironment(
    version: "0.0.0", buildConfiguration: "debug", platform: "Linux 6.1 (x86_64)", swiftVersion: "6.3",
    dataDirectory: "/data",
    dataFiles: [
      .init(purpose: "users", path: "/data/users.json", bytes: 2048),
      .init(purpose: "settings", path: "/data/settings.json", bytes: nil),
    ])
}

/// The reports a capturing client wrote, in order.
public final class WrittenReports: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [String] = []

  /// No reports yet.
  public init() {}

  /// Every report written so far.
  public var all: [String] { lock.withLock { reports } }

  func append(_ report: String) { lock.withLock { reports.append(report) } }
}

extension AppInfoClient: TestDependencyKey {
  /// Every endpoint fails the test unless the test overrides it.
  public static var testValue: AppInfoClient { .unimplementedValue }

  /// A fixed sample environment; reports are kept in memory.
  public static var previewValue: AppInfoClient { .capturing(sampleEnvironment) }
}
