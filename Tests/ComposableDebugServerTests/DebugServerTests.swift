import Composable
import ComposableDebugServer
import ComposableDebugger
import ComposableTesting
import DebuggerKit
import Foundation
import Testing

/// A counter whose actions are `Codable`, as an app's are when it records them.
private struct Counter: Reducer {
  struct State: Equatable, Codable {
    var count = 0
    var notes: [String] = []
  }
  enum Action: Equatable, Codable {
    case increment
    case note(String)
    case fill(megabytes: Int)
    case wait
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case let .note(text):
      state.notes.append("\(text) at \(state.count)")
      return .none
    case let .fill(megabytes):
      state.notes = (0..<(megabytes * 1_024)).map { "\($0): " + String(repeating: "x", count: 1_000) }
      return .none
    case .wait:
      return .run { _ in try await Task.sleep(for: .seconds(60)) }
    }
  }
}

/// A tally kept in a shared value: leaving out one of its actions would change what is shared, not only state.
private struct Tally: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("debug-server.tally")) var total = 0
    var taps = 0
  }
  enum Action: Equatable, Codable {
    case add
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add: state.$total.withLock { $0 += 1 }
    case .tap: state.taps += 1
    }
    return .none
  }
}

/// A store serving its debugger in a folder of the test's own.
@MainActor private final class ServedCounter {
  let store = Store(initialState: Counter.State(), reducer: Counter())
  let server: DebugServer
  nonisolated let folder: URL
  nonisolated let socketPath: String

  init(name: String = "counter") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-\(UUID().uuidString.prefix(8))")
    server = try store.serveDebugger(name: name, in: folder)
    socketPath = server.socketURL!.path
  }

  func send(_ actions: Counter.Action...) {
    for action in actions { store.send(action) }
  }

  func stop() {
    server.stop()
    try? FileManager.default.removeItem(at: folder)
  }
}

/// The permission bits of `path`.
private func mode(of path: String) -> mode_t {
  var status = stat()
  return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
}

/// What an answer said, or its error.
private func said(_ answer: DebugAnswer) -> String { answer.ok ? answer.text ?? "" : "error: " + (answer.error ?? "") }

@Suite struct DebugServerTests {
  @Test func aClientInAnotherThreadReadsTheTimelineStatesAndDiffs() async throws {
    let app = try await ServedCounter()
    await app.send(.increment, .increment, .note("hi"))
    let client = try DebugClient(socketPath: app.socketPath)
    #expect(client.greeting.text?.contains("Attached to counter (process ") == true)
    #expect(client.greeting.text?.contains("3 actions so far, kept #1–#3") == true)

    let timeline = said(try client.ask("run", ":timeline", pageSize: 2))
    #expect(timeline.contains("#2") && timeline.contains("#3") && timeline.contains("note(\"hi\")"))
    #expect(!timeline.contains("#1 "))
    #expect(timeline.contains("Actions 2–3 of 3"))
    // The connection's own debugger remembers the listing, as the app's prompt does.
    let older = said(try client.ask("run", ":more", pageSize: 2))
    #expect(older.contains("#1") && older.contains("Actions 1–1 of 3"))

    #expect(said(try client.ask("run", ":at 2")).contains("count: 2"))
    let diff = said(try client.ask("run", ":diff 3"))
    #expect(diff.contains("#3 note(\"hi\")") && diff.contains("+") && diff.contains("hi at 2"))
    #expect(said(try client.ask("run", ":at 9")) == "error: There is no action #9: actions go from #1 to #3.")
    #expect(said(try client.ask("run", ":diff x")) == "error: 'x' is not an action number; try ':diff 12'.")
    #expect(said(try client.ask("run", ":effects")) == "No effects are running.")
    #expect(said(try client.ask("run", ":alive")).contains("store"))
    #expect(said(try client.ask("frobnicate")).hasPrefix("error: Unknown request 'frobnicate'"))
    #expect(
      said(try client.ask("run", ":frobnicate")) == "error: Unknown debugger command ':frobnicate'; ':help' lists them."
    )
    client.close()
    await app.stop()
  }

  @Test func followingSeesNewActionsAsTheyCome() async throws {
    let app = try await ServedCounter()
    let client = try DebugClient(socketPath: app.socketPath)
    let console = DebuggerConsole(client: client)
    let sender = Task { @MainActor in
      for _ in 0..<3 {
        try? await Task.sleep(for: .milliseconds(50))
        app.store.send(.increment)
      }
    }
    var printed: [String] = []
    let result = console.follow(count: 3, interval: .milliseconds(10), shouldStop: { false }) { printed.append($0) }
    await sender.value
    #expect(try result.get() == 3)
    let rows = printed.joined(separator: "\n")
    #expect(rows.contains("#1") && rows.contains("#2") && rows.contains("#3") && rows.contains("increment"))
    await app.stop()
  }

  @Test func anActionReducedAsSoonAsFollowingIsAnnouncedIsFollowed() async throws {
    let app = try await ServedCounter()
    let client = try DebugClient(socketPath: app.socketPath)
    let console = DebuggerConsole(client: client)
    var printed: [String] = []
    let deadline = Date().addingTimeInterval(5)
    // The user acts the moment they read the announcement, as the attached-debugger test's app does.
    let result = console.follow(
      count: 1, interval: .milliseconds(10), announcement: "Following.", shouldStop: { Date() > deadline }
    ) { line in
      printed.append(line)
      if line == "Following." { _ = try? client.ask("run", #":send {"increment":{}}"#) }
    }
    #expect(try result.get() == 1, "\(printed)")
    #expect(printed.first == "Following.")
    #expect(printed.dropFirst().joined().contains("#1"), "\(printed)")
    await app.stop()
  }

  @Test func sendingAnActionAsARecordingWritesItAndRefusingOneThatDoesNotDecode() async throws {
    let app = try await ServedCounter()
    let client = try DebugClient(socketPath: app.socketPath)
    #expect(said(try client.ask("run", #":send {"increment":{}}"#)) == "Sent #1 increment.")
    #expect(
      said(try client.ask("run", #":send {"time":1,"action":{"note":{"_0":"sent"}}}"#)) == "Sent #2 note(\"sent\").")
    #expect(await app.store.currentState.notes == ["sent at 1"])
    let refused = said(try client.ask("run", #":send {"explode":{}}"#))
    #expect(refused.hasPrefix("error: {\"explode\":{}} is not an action of Counter.Action:"))
    #expect(said(try client.ask("run", ":send")).hasPrefix("error: ':send' takes an action"))
    #expect(await app.store.timeline?.lastSequence == 2)
    await app.stop()
  }

  @Test func skippingAnActionShowsTheStateWithoutItAndLeavesTheAppAlone() async throws {
    let app = try await ServedCounter()
    await app.send(.increment, .increment, .note("after"))
    let client = try DebugClient(socketPath: app.socketPath)
    let skipped = said(try client.ask("run", ":skip 1"))
    #expect(skipped.contains("Without #1 increment, the 2 actions after it reduced again"))
    #expect(skipped.contains("count: 2") && skipped.contains("count: 1"))
    #expect(skipped.contains("after at 1"))
    #expect(said(try client.ask("run", ":skip 3")).contains("the 0 actions after it"))
    #expect(await app.store.currentState == Counter.State(count: 2, notes: ["after at 2"]))
    await app.stop()
  }

  @Test func applyingMakesTheStateWithoutAnActionLiveAndTellsObservers() async throws {
    let app = try await ServedCounter()
    await app.send(.increment, .increment, .note("after"))
    let renders = LockIsolated(0)
    let token = await MainActor.run {
      observe { [store = app.store] in
        _ = store.count
        renders.withValue { $0 += 1 }
      }
    }
    let client = try DebugClient(socketPath: app.socketPath)
    #expect(said(try client.ask("run", ":skip 1")).hasSuffix("':apply 1' makes it the live state."))
    #expect(
      said(try client.ask("run", ":apply 1")).hasPrefix("Applied: the live state is the state without #1 increment."))
    #expect(await app.store.currentState == Counter.State(count: 1, notes: ["after at 1"]))
    #expect(renders.value == 2, "observers told once of the applied state")
    #expect(said(try client.ask("run", ":apply 9")) == "error: There is no action #9: actions go from #1 to #3.")
    // The next action goes on from the applied state.
    await app.send(.increment)
    #expect(await app.store.currentState.count == 2)
    withExtendedLifetime(token) {}
    await app.stop()
  }

  @Test func applyingIsRefusedWhenLeavingTheActionOutWouldChangeSharedValues() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (store, server) = try await MainActor.run {
      let store = Store(initialState: Tally.State(), reducer: Tally())
      let server = try store.serveDebugger(name: "tally", in: folder)
      store.send(.add)
      store.send(.tap)
      store.send(.add)
      return (UncheckedSendableBox(store), server)
    }
    let client = try DebugClient(socketPath: server.socketURL!.path)
    #expect(said(try client.ask("run", ":skip 1")).hasSuffix("It changes shared values too: ':apply' cannot apply it."))
    #expect(
      said(try client.ask("run", ":apply 1"))
        == "error: Without #1 the shared values would differ too: the debugger applies state only, never what is "
        + "saved in files.")
    #expect(await MainActor.run { store.value.currentState.total } == 2, "the shared value is put back")
    #expect(said(try client.ask("run", ":apply 2")).hasPrefix("Applied: the live state is the state without #2 tap."))
    #expect(await MainActor.run { store.value.currentState.taps } == 0)
    #expect(await MainActor.run { store.value.currentState.total } == 2)
    server.stop()
  }

  @Test func anExportIsARecordingThatReplaysToTheSameState() async throws {
    let app = try await ServedCounter()
    await app.send(.increment, .note("kept"), .increment)
    let client = try DebugClient(socketPath: app.socketPath)
    let recording = try #require(try client.ask("export").text)
    let replayed = try await replayActions(recording, initialState: Counter.State(), reducer: Counter())
    #expect(replayed == Counter.State(count: 2, notes: ["kept at 1"]))
    #expect(try recordingHeader(in: recording, of: RecordingStart.self)?.initialState?.contains("\"count\":0") == true)
    await app.stop()
  }

  @Test func onlyItsUserCanOpenTheFolderAndTheSocket() async throws {
    let app = try await ServedCounter()
    #expect(mode(of: app.folder.path) == 0o700)
    #expect(mode(of: app.socketPath) == 0o600)
    #expect(app.socketPath.hasSuffix("/counter-\(getpid()).sock"))
    await app.stop()
    #expect(!FileManager.default.fileExists(atPath: app.socketPath))

    let open = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-open-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
    chmod(open.path, 0o755)
    defer { try? FileManager.default.removeItem(at: open) }
    let store = await Store(initialState: Counter.State(), reducer: Counter())
    await #expect(throws: DebugSocketError.self) {
      try await MainActor.run { _ = try store.serveDebugger(name: "open", in: open) }
    }
    let error = try? await MainActor.run { try store.serveDebugger(name: "open", in: open) }
    #expect(error == nil)
    do {
      try DebugSocketFolder.prepare(open)
      Issue.record("a folder others can open was accepted")
    } catch {
      #expect(
        error.message
          == "\(open.path) can be opened by other users (mode 755): 'chmod 700 \(open.path)', or choose another folder with COMPOSABLE_DEBUGGER_DIR"
      )
    }
  }

  @Test func onALoopbackPortOnlyAClientWithTheTokenIsServed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await MainActor.run {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      let server = try store.serveDebugger(name: "simulated", loopbackPort: 0, in: folder)
      store.send(.increment)
      return (server, UncheckedSendableBox(store))
    }
    let (served, store) = server
    let port = try #require(served.port)
    let tokenFile = try #require(served.tokenURL)
    #expect(port > 0 && served.socketURL == nil)
    #expect(mode(of: tokenFile.path) == 0o600)
    #expect(served.servingLine.hasPrefix("serving the debugger at 127.0.0.1:\(port), its token in \(tokenFile.path)"))
    let token = try #require(DebugSocketFolder.token(forPort: port, in: folder))
    #expect(token.count == 64)

    let client = try DebugClient(loopbackPort: port, token: token)
    #expect(client.greeting.text?.contains("Attached to simulated") == true)
    #expect(said(try client.ask("run", ":at 1")).contains("count: 1"))
    #expect(throws: DebugSocketError("Wrong token: this app's debugger was not opened to you.")) {
      _ = try DebugClient(loopbackPort: port, token: String(repeating: "0", count: 64))
    }
    #expect(throws: DebugSocketError("Wrong token: this app's debugger was not opened to you.")) {
      _ = try DebugClient(loopbackPort: port, token: "")
    }
    served.stop()
    #expect(!FileManager.default.fileExists(atPath: tokenFile.path))
    withExtendedLifetime(store) {}
  }

  @Test func aFileAtTheSocketsPathIsNotReplacedAndAStaleSocketIs() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-\(UUID().uuidString.prefix(8))")
    try DebugSocketFolder.prepare(folder)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = DebugSocketFolder.socket(named: "app", pid: getpid(), in: folder).path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: DebugSocketError("\(path) exists and is not a socket: the debugger will not replace it")) {
      _ = try DebugSocket.listen(at: path)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    try FileManager.default.removeItem(atPath: path)

    // A socket bound and closed without being removed: what a process that crashed leaves.
    let stale = try DebugSocket.listen(at: path)
    stale.close()
    #expect(FileManager.default.fileExists(atPath: path))
    let live = try DebugSocket.listen(at: path)
    #expect(throws: DebugSocketError("another process already serves a debugger at \(path)")) {
      _ = try DebugSocket.listen(at: path)
    }
    live.close()
    let long = folder.appendingPathComponent(String(repeating: "n", count: 120)).path
    #expect(throws: DebugSocketError.self) { _ = try DebugSocket.listen(at: long) }
  }

  @Test func twoClientsAreServedAndGarbageOrAnotherVersionIsRefused() async throws {
    let app = try await ServedCounter()
    await app.send(.increment)
    let first = try DebugClient(socketPath: app.socketPath)
    let second = try DebugClient(socketPath: app.socketPath)
    #expect(said(try first.ask("run", ":at 1")).contains("count: 1"))
    #expect(said(try second.ask("run", ":at 1")).contains("count: 1"))
    #expect(app.server.clientCount == 2)

    let raw = try DebugSocket.connect(to: app.socketPath)
    let reader = SocketLineReader(raw, longest: 1 << 20)
    _ = reader.next()
    raw.write(Data("hello there\n".utf8))
    guard case let .line(garbage) = reader.next() else { Issue.record("no answer to garbage"); return }
    #expect(garbage.contains("Not a request: each line is a JSON object with v, id and command"))
    raw.write(Data((#"{"v":2,"id":7,"command":"timeline"}"# + "\n").utf8))
    guard case let .line(version) = reader.next() else { Issue.record("no answer to version 2"); return }
    #expect(version.contains("This app speaks version 1 of the debugger's protocol, not 2."))
    #expect(version.contains("\"id\":7"))
    raw.close()
    await app.stop()
    #expect(throws: DebugSocketError.self) { _ = try first.ask("run", ":effects") }
  }

  @Test func aClientThatLeavesMidwayThroughALargeStateCostsTheAppNothing() async throws {
    let app = try await ServedCounter()
    await app.send(.fill(megabytes: 10))
    // Asked for a 10 MB state, then gone before reading it.
    for _ in 0..<3 {
      let leaving = try DebugSocket.connect(to: app.socketPath)
      leaving.write(DebugRequestLine.at(1))
      leaving.close()
    }
    let path = app.socketPath
    let finished = LockIsolated(false)
    let size = LockIsolated(0)
    // On a thread of its own, as a client in another process: the test's tasks keep the cooperative pool.
    Thread.detachNewThread {
      defer { finished.setValue(true) }
      size.setValue((try? DebugClient(socketPath: path).ask("run", ":at 1").text?.utf8.count) ?? 0)
    }
    // The main actor stays free while the 10 MB state is dumped and written: each hop to it comes back at once.
    var slowestHop = Duration.zero
    var hops = 0
    while hops < 5 || !finished.value {
      let asked = ContinuousClock.now
      await MainActor.run { _ = app.store.currentState.count }
      hops += 1
      slowestHop = max(slowestHop, ContinuousClock.now - asked)
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(size.value > 10_000_000)
    // Against what the dump costs where it is made: were it made on the main actor, a hop would wait that long.
    let dumpStarted = ContinuousClock.now
    _ = await MainActor.run { valueDump(app.store.currentState).utf8.count }
    let dumpCost = ContinuousClock.now - dumpStarted
    // Measured here: 0.4 ms against 7.5 s (debug). 100 ms leaves room for a loaded machine, not for the dump.
    #expect(
      slowestHop < min(dumpCost / 4, .milliseconds(100)),
      "the main actor waited \(slowestHop) for a client's dump, which costs \(dumpCost) to make")
    await app.send(.increment)
    #expect(await app.store.currentState.count == 1)
    #expect(said(try DebugClient(socketPath: path).ask("run", ":effects")) == "No effects are running.")
    await app.stop()
  }

  @Test func aScopedStoreIsRefusedAndAGoneStoreTakesItsSocketWithIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbg-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: folder) }
    let holder = await StoreHolder()
    let server = try await MainActor.run {
      let scoped = holder.store!.scope(state: \.count, action: { $0 })
      #expect(throws: DebugSocketError("only a root store serves a debugger, not a scoped one")) {
        _ = try scoped.serveDebugger(name: "scoped", in: folder)
      }
      return try holder.store!.serveDebugger(name: "gone", in: folder)
    }
    let path = server.socketURL!.path
    let client = try DebugClient(socketPath: path)
    #expect(said(try client.ask("run", ":effects")) == "No effects are running.")
    await MainActor.run { holder.store = nil }
    // The test still holds the server; it went with its store all the same.
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(throws: DebugSocketError("the app closed the connection")) { _ = try client.ask("run", ":effects") }
    #expect(throws: (any Error).self) { _ = try DebugClient(socketPath: path) }
  }
}

/// Keeps a store until the test lets it go.
@MainActor private final class StoreHolder: Sendable {
  var store: Store<Counter.State, Counter.Action>? = Store(initialState: Counter.State(), reducer: Counter())
}

/// Requests written by hand, as a client of another language would.
private enum DebugRequestLine {
  static func at(_ sequence: Int) -> Data {
    Data("{\"v\":1,\"id\":1,\"command\":\"at\",\"argument\":\"\(sequence)\"}\n".utf8)
  }
}

/// Hands a main-actor value across an `await` in a test; only read back on the main actor.
private struct UncheckedSendableBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
