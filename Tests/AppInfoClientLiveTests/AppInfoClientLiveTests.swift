import AppInfoClientInterface
import AppInfoClientLive
import Foundation
import Testing

struct AppInfoClientLiveTests {
  @Test func theEnvironmentListsEachDataFileWithItsSizeAndTheReportIsWrittenInTheFolder() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AppInfoClientLiveTests-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("12345".utf8).write(to: folder.appendingPathComponent("users.json"))
    let client = AppInfoClient.live(
      version: "9.9.9", directory: folder, dataFiles: [("users", "users.json"), ("settings", "settings.json")])

    let environment = try await client.environment()
    #expect(environment.version == "9.9.9")
    #expect(environment.swiftVersion.hasPrefix("6."))
    #expect(["debug", "release"].contains(environment.buildConfiguration))
    #if os(Linux)
      #expect(environment.platform.hasPrefix("Linux "))
    #endif
    #expect(
      environment.dataFiles == [
        .init(purpose: "users", path: folder.appendingPathComponent("users.json").path, bytes: 5),
        .init(purpose: "settings", path: folder.appendingPathComponent("settings.json").path, bytes: nil),
      ])

    let path = try await client.saveReport(environment.report)
    #expect(path == folder.appendingPathComponent("environment-report.txt").path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == environment.report + "\n")
  }

  @Test func aReportThatCannotBeWrittenThrows() async {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("AppInfoClientLiveTests-file-\(getpid())")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
    // The "folder" is a file, so nothing can be written inside it.
    let client = AppInfoClient.live(version: "1", directory: file, dataFiles: [])
    await #expect(throws: (any Error).self) { _ = try await client.saveReport("report") }
  }
}
