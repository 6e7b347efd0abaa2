import Composable

#if DEBUG
  @testable import ComposableDebugger
#else
  import ComposableDebugger
#endif
import ComposableTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A feature whose every action sends one more from an effect, so a trace keeps growing.
private struct Echoing: Reducer {
  enum Action: Equatable { case ping(Int), pong(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case let .ping(n):
      state += 1
      return .run { send in await send(.pong(n)) }
    case .pong:
      state += 1
      return .none
    }
  }
}

/// The trace file itself: valid JSON at every moment, and a full disk met in the middle of a session.
@MainActor struct TraceFileTests {
  private func temporaryURL() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json")
  }

  private func events(at url: URL) throws -> [[String: Any]] {
    let data = try #require(FileManager.default.contents(atPath: url.path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  @Test func theFileIsValidJSONAfterEveryEventWithoutBeingClosed() async throws {
    let url = temporaryURL()
    defer { try? FileManager.default.removeItem(at: url) }
    let trace = try TraceFile(url: url, processName: "tests")
    #expect(try events(at: url).count == 4, "the header alone (the process and its three tracks) is a valid trace")
    let store = Store(initialState: 0) { Echoing() }
    store.recordTimeline(trace: trace)
    for n in 1...3 {
      await store.send(.ping(n)).finish()
      // Read as a process killed now (SIGKILL: no handler, no close) would leave it.
      let actions = try events(at: url).filter { $0["cat"] as? String == "action" }
      #expect(actions.count == 2 * n)
    }
  }

  #if DEBUG
    @Test(.requiresPath("/dev/full")) func aFullDiskInTheMiddleStopsTheTraceOnceAndLeavesItValid() async throws {
      let url = temporaryURL()
      defer { try? FileManager.default.removeItem(at: url) }
      let reasons = LockedReasons()
      let trace = try TraceFile(url: url, processName: "tests") { reasons.append($0) }
      let store = Store(initialState: 0) { Echoing() }
      store.recordTimeline(trace: trace)
      await store.send(.ping(1)).finish()
      let before = try events(at: url).count
      // From now on every write fails as on a full disk.
      let full = open("/dev/full", O_WRONLY)
      try #require(full >= 0)
      #expect(dup2(full, trace.descriptor) >= 0)
      close(full)
      await store.send(.ping(2)).finish()
      await store.send(.ping(3)).finish()
      #expect(reasons.all.count == 1, "told once")
      #expect(reasons.all.first?.hasSuffix("No space left on device; tracing stopped") == true)
      #expect(try events(at: url).count == before, "what was written stays valid JSON")
      #expect(store.currentState == 6, "the store goes on")
    }
  #endif
}

/// Failure reasons a trace reported, from any thread.
private final class LockedReasons: @unchecked Sendable {
  private let lock = NSLock()
  private var reasons: [String] = []

  func append(_ reason: String) { lock.withLock { reasons.append(reason) } }
  var all: [String] { lock.withLock { reasons } }
}
