import AnalyticsClientInterface
import AnalyticsClientLive
import AnalyticsClientTesting
import Composable
import ComposableTesting
import Foundation
import Testing

/// A feature that knows nothing about analytics.
private struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment, reset }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .reset: state.count = 0
    }
    return .none
  }
}

@MainActor struct AnalyticsTests {
  @Test func chosenActionsBecomeEventsWithTheStateAfterTheAction() async {
    let events = CollectedEvents()
    let store = TestStore(initialState: Counter.State()) {
      Counter().analytics { state, action in
        action == .reset ? [AnalyticsEvent("counter_reset", ["from": "\(state.count)"])] : []
      }
    } withDependencies: {
      $0[AnalyticsClient.self] = .collecting(into: events)
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.reset) { $0.count = 0 }
    // Tracking is an effect: wait for it, as the store waits for any effect.
    await store.finish()
    #expect(events.all == [AnalyticsEvent("counter_reset", ["from": "0"])])
  }

  @Test func theLiveClientAppendsOneJSONLinePerEvent() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AnalyticsTests-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("analytics.jsonl")
    let client = AnalyticsClient.live(file: file, now: { Date(timeIntervalSince1970: 0) })
    await client.track(AnalyticsEvent("app_started"))
    await client.track(AnalyticsEvent("user_opened", ["id": "2"]))
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(
      text == """
        {"event":"app_started","properties":{},"time":"1970-01-01T00:00:00Z"}
        {"event":"user_opened","properties":{"id":"2"},"time":"1970-01-01T00:00:00Z"}

        """)
    // A second client on the same file appends rather than replaces.
    await AnalyticsClient.live(file: file).track(AnalyticsEvent("app_started"))
    #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 3)
  }

  @Test func writersThatDoNotShareALockStillAppendWholeLines() async throws {
    // Two sessions on one data folder append to one file; clients of their own stand for them here, each with
    // its own lock, so nothing but the file's own appending keeps their lines apart.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("AnalyticsTests-many-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("analytics.jsonl")
    let clients = (0..<8).map { _ in AnalyticsClient.live(file: file) }
    await withTaskGroup(of: Void.self) { group in
      for (writer, client) in clients.enumerated() {
        group.addTask {
          for index in 0..<200 { await client.track(AnalyticsEvent("event", ["writer": "\(writer)-\(index)"])) }
        }
      }
    }
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    let decoded = lines.dropLast().compactMap {
      try? JSONDecoder.iso8601.decode(AnalyticsLine.self, from: Data($0.utf8))
    }
    #expect(decoded.count == 8 * 200, "every line whole, none lost")
    #expect(Set(decoded.compactMap { $0.properties["writer"] }).count == 8 * 200)
  }

  @Test func aFileThatCannotBeWrittenDoesNotStopTheApp() async throws {
    let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("AnalyticsTests-blocker-\(getpid())")
    defer { try? FileManager.default.removeItem(at: blocker) }
    #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
    // The folder is a file, so the event cannot be written; tracking returns anyway.
    await AnalyticsClient.live(file: blocker.appendingPathComponent("analytics.jsonl")).track(AnalyticsEvent("x"))
    #expect(try Data(contentsOf: blocker).isEmpty)
  }
}

extension JSONDecoder {
  /// A decoder for the analytics file's dates.
  fileprivate static var iso8601: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
