/// What a bug report needs to know about the running app: its build, its platform and its data files.
public struct AppEnvironment: Equatable, Codable, Sendable {
  /// The app's version (`users --version`).
  public var version: String
  /// `debug` or `release`.
  public var buildConfiguration: String
  /// The operating system, its version and the processor architecture.
  public var platform: String
  /// The Swift compiler version the binary was built with.
  public var swiftVersion: String
  /// The folder holding the data files.
  public var dataDirectory: String
  /// Each data file the app uses, with its size.
  public var dataFiles: [DataFile]

  /// An environment from its parts.
  public init(
    version: String, buildConfiguration: String, platform: String, swiftVersion: String, dataDirectory: String,
    dataFiles: [DataFile]
  ) {
    self.version = version
    self.buildConfiguration = buildConfiguration
    self.platform = platform
    self.swiftVersion = swiftVersion
    self.dataDirectory = dataDirectory
    self.dataFiles = dataFiles
  }

  /// One data file: what it holds, where it is, how big it is (nil when it does not exist yet).
  public struct DataFile: Equatable, Codable, Sendable {
    /// What the file holds ("users", "settings").
    public var purpose: String
    /// Its full path.
    public var path: String
    /// Its size in bytes, or nil when it does not exist.
    public var bytes: Int?

    /// A file from its parts.
    public init(purpose: String, path: String, bytes: Int?) {
      self.purpose = purpose
      self.path = path
      self.bytes = bytes
    }
  }

  /// The report as plain text, one fact per line, for pasting into a bug report.
  public var report: String {
    var lines = [
      "users \(version) (\(buildConfiguration))",
      "Platform: \(platform)",
      "Swift:    \(swiftVersion)",
      "Data:     \(dataDirectory)",
    ]
    for file in dataFiles {
      let size = file.bytes.map { "\($0) bytes" } ?? "not created yet"
      lines.append("  \(file.purpose): \(file.path) (\(size))")
    }
    return lines.joined(separator: "\n")
  }
}
