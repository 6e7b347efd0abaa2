import BoilerplateKit
import Foundation
import Testing

/// Each writer's whole output for one fixture, compared byte for byte with the file beside it: a change to what
/// the generator writes shows as a diff of that file in review. `BOILERPLATE_RECORD_GOLDEN=1 swift test --filter
/// GoldenOutputTests` writes the expected files again.
struct GoldenOutputTests {
  /// The folder holding the fixtures and their expected outputs.
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden")

  @Test(arguments: ["CasePaths", "EnumFeature", "EnumFeatureShapes", "Client", "SentCases", "ObservableState"])
  func theWholeOutputIsTheExpectedFile(fixture: String) throws {
    let input = try String(
      contentsOf: Self.folder.appendingPathComponent("\(fixture).input.swift.txt"), encoding: .utf8)
    let scanned = try SourceScanner.scan(input, file: "\(fixture).swift")
    let output = try BoilerplateGenerator(files: [scanned]).generate()
    let expectedURL = Self.folder.appendingPathComponent("\(fixture).expected.swift.txt")
    if ProcessInfo.processInfo.environment["BOILERPLATE_RECORD_GOLDEN"] == "1" {
      try output.write(to: expectedURL, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    #expect(output == expected, "the generator's output for \(fixture) changed; see the diff above")
  }
}
