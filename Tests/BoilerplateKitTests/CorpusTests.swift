import BoilerplateKit
import Foundation
import Testing

/// The scanner reads every Swift file of this repository without failing: whatever a module of ours is written
/// like, the plugin that runs on it can scan it.
struct CorpusTests {
  @Test func everySwiftFileOfTheRepositoryScans() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var scanned = 0
    var failures: [String] = []
    for folder in ["Modules", "App", "Tests", "Scripts"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let source = try String(contentsOf: url, encoding: .utf8)
        do {
          _ = try SourceScanner.scan(source, file: url.path)
          scanned += 1
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    #expect(scanned > 300, "the corpus is the whole repository (\(scanned) files scanned)")
  }
}
