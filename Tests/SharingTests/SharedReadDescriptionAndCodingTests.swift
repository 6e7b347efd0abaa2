import Dependencies
import Foundation
import ComposableTesting
import IssueReporting
import Sharing
import Testing

private struct Profile: Codable, Equatable, Sendable {
  var name = "Ada"
  var city = "London"
}

/// `read { }`, descriptions that name the key, and file keys in a format of their own, as swift-sharing has them.
struct SharedReadDescriptionAndCodingTests {
  private func inTestStorage<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }, operation: body)
  }

  @Test func aReadValueFollowsTheValueItIsComputedFrom() {
    let profile = Shared(value: Profile())
    let label = profile.read { "\($0.name) (\($0.city))" }
    #expect(label.wrappedValue == "Ada (London)")
    profile.withLock { $0.city = "Paris" }
    #expect(label.wrappedValue == "Ada (Paris)")
    // A reader computes from a reader too.
    let length = label.read(\.count)
    #expect(length.wrappedValue == "Ada (Paris)".count)
  }

  @Test func aReadValueTellsItsFollowersOfTheParentsChanges() {
    let profile = Shared(value: Profile())
    let name = profile.read(\.name)
    let told = LockIsolated(0)
    name.reference.afterNextChange { told.withValue { $0 += 1 } }
    profile.withLock { $0.name = "Grace" }
    #expect(told.value == 1)
    #expect(name.reference.lastChange == profile.reference.lastChange)
  }

  @Test func writingThroughAReadValueIsReportedAndChangesNothing() {
    let profile = Shared(value: Profile())
    let name = profile.read(\.name)
    withKnownIssue {
      name.reference.withLock { $0 = "Grace" }
    } matching: {
      $0.description.contains("is read-only: it was computed with 'read'")
    }
    #expect(profile.wrappedValue.name == "Ada")
  }

  @Test func aDescriptionNamesTheTypeAndTheKey() {
    #expect(Shared(value: 0).description == "Shared<Int>(value: 0)")
    #expect(SharedReader(Shared(value: "a")).description == #"SharedReader<String>(value: "a")"#)
    inTestStorage {
      let count = Shared(wrappedValue: 0, .inMemory("count"))
      #expect(count.description == #"Shared<Int>(.inMemory("count"))"#)
      #expect(SharedReader(count).description == #"SharedReader<Int>(.inMemory("count"))"#)
      let names = Shared(wrappedValue: [String](), .dataFile(named: "names.json"))
      #expect(names.description == #"Shared<[String]>(.dataFile(named: "names.json"))"#)
      let file = Shared(wrappedValue: 1, .file(URL(fileURLWithPath: "/tmp/n.json")))
      #expect(file.description == "Shared<Int>(.file(file:///tmp/n.json))")
      let profile = Shared(wrappedValue: Profile(), .inMemory("profile"))
      #expect(profile.name.description == #"Shared<String>(.inMemory("profile")[dynamicMember: \Profile.name])"#)
    }
  }

  @Test func aFileKeyWithItsOwnCodingReadsAndWritesItsFormat() throws {
    // One line per name, not JSON: what a user's own format looks like.
    let lines = SharedKey<[String]>.dataFile(
      named: "names.txt",
      decode: { data in
        guard let text = String(data: data, encoding: .utf8) else { throw CocoaError(.fileReadCorruptFile) }
        return text.split(separator: "\n").map(String.init)
      },
      encode: { Data($0.joined(separator: "\n").utf8) },
      saveDelay: .zero)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coding-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("names.txt")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("Ada\nGrace".utf8).write(to: file)
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let names = withDependencies({ $0.sharedStorage = storage }) { Shared(wrappedValue: [], lines) }
    #expect(names.wrappedValue == ["Ada", "Grace"])
    names.withLock { $0.append("Alan") }
    names.flush()
    #expect(try String(contentsOf: file, encoding: .utf8) == "Ada\nGrace\nAlan")
  }

  @Test func aFileItsCodingRefusesIsSetAsideAsABadJSONFileIs() throws {
    struct Refused: Error {}
    let key = SharedKey<Int>.dataFile(named: "n.bin", decode: { _ in throw Refused() }, encode: { Data("\($0)".utf8) })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coding-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: folder.appendingPathComponent("n.bin"))
    let storage = SharedStorage(fileSystem: .live, directory: folder)
    let number = withDependencies({ $0.sharedStorage = storage }) { Shared(wrappedValue: 5, key) }
    #expect(number.wrappedValue == 5)
    guard case .corrupt(movedTo: let moved?, _) = number.persistenceStatus else {
      Issue.record("expected the file set aside, got \(number.persistenceStatus)")
      return
    }
    #expect(try String(contentsOf: moved, encoding: .utf8) == "garbage")
  }
}
