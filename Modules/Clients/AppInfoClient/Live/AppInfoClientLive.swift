import AppInfoClientInterface
import Dependencies
import Foundation

extension AppInfoClient {
  /// The real environment of this binary, with the sizes of `dataFiles` (purpose and file name) in `directory`;
  /// reports go to `environment-report.txt` there.
  public static func live(
    version: String, directory: URL, dataFiles: [(purpose: String, name: String)]
  ) -> AppInfoClient {
    AppInfoClient(
      environment: {
        AppEnvironment(
          version: version, buildConfiguration: BuildFacts.configuration, platform: BuildFacts.platform,
          swiftVersion: BuildFacts.swiftVersion, dataDirectory: directory.path,
          dataFiles: dataFiles.map { file in
            let url = directory.appendingPathComponent(file.name)
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
            return AppEnvironment.DataFile(purpose: file.purpose, path: url.path, bytes: size)
          })
      },
      saveReport: { report in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("environment-report.txt")
        try Data((report + "\n").utf8).write(to: url, options: .atomic)
        return url.path
      })
  }
}

extension AppInfoClient: DependencyKey {
  /// This binary's environment over the default data folder's users and settings.
  public static var liveValue: AppInfoClient {
    let directory =
      ProcessInfo.processInfo.environment["USERS_DATA_DIR"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    return .live(
      version: "unknown", directory: directory,
      dataFiles: [("users", "users.json"), ("settings", "settings.json")])
  }
}

/// Facts fixed when this module was compiled.
enum BuildFacts {
  static var configuration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  static var platform: String {
    let version = ProcessInfo.processInfo.operatingSystemVersion
    #if os(macOS)
      let system = "macOS"
    #elseif os(Linux)
      let system = "Linux"
    #elseif os(Windows)
      let system = "Windows"
    #else
      let system = "unknown OS"
    #endif
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "unknown architecture"
    #endif
    return "\(system) \(version.majorVersion).\(version.minorVersion).\(version.patchVersion) (\(architecture))"
  }

  /// The compiler's version, to the minor release (Swift offers no string for it, only `#if compiler` checks).
  static var swiftVersion: String {
    #if compiler(>=6.5)
      "6.5 or later"
    #elseif compiler(>=6.4)
      "6.4"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }
}
