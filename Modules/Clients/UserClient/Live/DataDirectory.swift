import Foundation

/// Where the app keeps its files: `--data-dir`, else `USERS_DATA_DIR`, else the platform's per-user data folder.
public enum DataDirectory {
  /// The environment variable that overrides the default folder.
  public static let environmentVariable = "USERS_DATA_DIR"

  /// The folder to use, from an explicit path (the `--data-dir` option), the environment, or the platform default.
  public static func resolve(
    explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit, isDirectory: true) }
    if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
      return URL(fileURLWithPath: fromEnvironment, isDirectory: true)
    }
    return platformDefault(environment: environment)
  }

  /// `~/Library/Application Support/users` on macOS; `$XDG_DATA_HOME/users` or `~/.local/share/users` elsewhere.
  public static func platformDefault(environment: [String: String]) -> URL {
    #if os(macOS)
      let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
      return base.appendingPathComponent("users", isDirectory: true)
    #else
      if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
        return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("users", isDirectory: true)
      }
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      return home.appendingPathComponent(".local/share/users", isDirectory: true)
    #endif
  }
}
