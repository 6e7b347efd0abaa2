import ComposableTesting
import Dispatch
import Foundation
import Sharing
import Testing

/// A file's own events, as Apple platforms need them to see a write in place (kqueue tells a descriptor of the file,
/// not its folder): here on inotify, with no folder watch and no polling, so only the file's own watch can pass.
@Suite(.serialized) struct FileOwnEventsTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileOwnEventsTests-\(UUID().uuidString)")
  private var file: URL { folder.appendingPathComponent("count.json") }

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func aWriteInPlaceIsSeenAndTheNewFileIsFollowedAfterAReplace() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("1".utf8).write(to: file)
    let events = Counter()
    let watch = FileOwnEvents(of: file, queue: DispatchQueue(label: "test")) { events.add() }
    defer { watch.cancel() }
    #expect(await eventually { watch.isFollowingAFile })

    try shell("printf 2 >> '\(file.path)'")
    #expect(await eventually { events.count >= 1 }, "a write in place")

    // Replaced atomically: the watch was on the old file, and must move to the new one by itself.
    try shell("printf 3 > '\(folder.path)/tmp' && mv '\(folder.path)/tmp' '\(file.path)'")
    #expect(await eventually { events.count >= 2 }, "the replace")
    try await Task.sleep(for: .milliseconds(100))
    let beforeWrite = events.count
    try shell("printf 4 >> '\(file.path)'")
    #expect(await eventually { events.count > beforeWrite }, "a write in place to the new file")
  }

  @Test func aDeletedFileIsLetGoAndARecreatedOneFollowedWhenItsFolderSaysSo() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("1".utf8).write(to: file)
    let events = Counter()
    let watch = FileOwnEvents(of: file, queue: DispatchQueue(label: "test")) { events.add() }
    defer { watch.cancel() }
    #expect(await eventually { watch.isFollowingAFile })
    try FileManager.default.removeItem(at: file)
    #expect(await eventually { !watch.isFollowingAFile }, "nothing to follow once deleted")
    try Data("5".utf8).write(to: file)
    watch.nameMayHaveChanged()
    #expect(await eventually { watch.isFollowingAFile })
    let before = events.count
    try shell("printf 6 >> '\(file.path)'")
    #expect(await eventually { events.count > before }, "a write in place to the recreated file")
  }

  // Linux only: the limit is inotify's; on Apple platforms each watch holds a descriptor of its file instead.
  #if os(Linux)
    @Test func aHundredAndFiftyFilesAreFollowedAtOnceThroughOneInotifyInstance() async throws {
      defer { try? FileManager.default.removeItem(at: folder) }
      let files = (0..<150).map { folder.appendingPathComponent("file\($0).json") }
      for file in files { try Data("0".utf8).write(to: file) }
      let events = Counter()
      let queue = DispatchQueue(label: "test")
      // Linux allows 128 inotify instances per user: one per watch would leave some of these unfollowed.
      let watches = files.map { file in FileOwnEvents(of: file, queue: queue) { events.add() } }
      defer { for watch in watches { watch.cancel() } }
      #expect(await eventually { watches.allSatisfy(\.isFollowingAFile) })
      try shell("printf 1 >> '\(files[140].path)'")
      #expect(await eventually { events.count >= 1 }, "a write in place to one of them")
    }
  #endif
}

/// Events counted from any thread.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}
