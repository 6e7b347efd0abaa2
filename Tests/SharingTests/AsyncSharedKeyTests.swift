import ComposableTesting
import Dependencies
import Foundation
import Observation
import Sharing
import Testing

/// A server that answers when the test says so: each load or save waits until the test releases it.
private final class SlowServer: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String: String] = [:]
  private var waitingLoads: [(String, SharedLoadContinuation<String>)] = []
  private var waitingSaves: [(String, String, SharedSaveContinuation)] = []
  /// What the next released load or save fails with, if anything.
  var failure: (any Error)? {
    get { lock.withLock { nextFailure } }
    set { lock.withLock { nextFailure = newValue } }
  }
  private var nextFailure: (any Error)?

  subscript(name: String) -> String? {
    get { lock.withLock { stored[name] } }
    set { lock.withLock { stored[name] = newValue } }
  }

  var pendingLoads: Int { lock.withLock { waitingLoads.count } }
  var pendingSaves: Int { lock.withLock { waitingSaves.count } }

  func load(_ name: String, _ continuation: SharedLoadContinuation<String>) {
    lock.withLock { waitingLoads.append((name, continuation)) }
  }

  func save(_ name: String, _ value: String, _ continuation: SharedSaveContinuation) {
    lock.withLock { waitingSaves.append((name, value, continuation)) }
  }

  /// Answers every load waiting, from another thread, as a server's reply would come.
  func answerLoads() async {
    let (loads, failure) = lock.withLock {
      defer { waitingLoads = [] }
      return (waitingLoads, nextFailure)
    }
    await Task.detached {
      for (name, continuation) in loads {
        if let failure {
          continuation.resume(throwing: failure)
        } else {
          continuation.resume(with: .success(self[name]))
        }
      }
    }.value
  }

  /// Drops every load and save waiting without answering them, as a key that forgot its continuations does.
  func dropWaiting() {
    let dropped = lock.withLock {
      defer {
        waitingLoads = []
        waitingSaves = []
      }
      return (waitingLoads, waitingSaves)
    }
    withExtendedLifetime(dropped) {}
  }

  /// Answers every save waiting, storing its value unless the save fails.
  func answerSaves() async {
    let (saves, failure) = lock.withLock {
      defer { waitingSaves = [] }
      return (waitingSaves, nextFailure)
    }
    await Task.detached {
      for (name, value, continuation) in saves {
        if let failure {
          continuation.resume(throwing: failure)
        } else {
          self[name] = value
          continuation.resume()
        }
      }
    }.value
  }
}

private final class ServerPersistence: SharedPersistence, @unchecked Sendable {
  let server: SlowServer
  let name: String

  init(server: SlowServer, name: String) {
    self.server = server
    self.name = name
  }

  func load(context: SharedLoadContext<String>, continuation: SharedLoadContinuation<String>) {
    server.load(name, continuation)
  }

  func save(_ value: String, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    server.save(name, value, continuation)
  }

  var status: SharedPersistenceStatus { .loaded }
}

extension SharedKey where Value == String {
  fileprivate static func server(_ server: SlowServer, _ name: String) -> Self {
    SharedKey(id: "server:\(name)") { _ in ServerPersistence(server: server, name: name) }
  }
}

private struct Offline: Error, Equatable {}

/// Runs `body` in a storage of its own, as a test store's features would.
private func inStorage<R>(_ body: () throws -> R) rethrows -> R {
  try withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }, operation: body)
}

struct AsyncSharedKeyTests {
  @Test func aKeyThatAnswersLaterHoldsItsDefaultWhileLoadingThenTheLoadedValue() async {
    let server = SlowServer()
    server["motd"] = "Welcome back"
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    #expect(motd.wrappedValue == "…")
    #expect(motd.isLoading)
    let told = LockIsolated(false)
    withObservationTracking {
      _ = motd.wrappedValue
    } onChange: {
      told.setValue(true)
    }
    await server.answerLoads()
    #expect(motd.wrappedValue == "Welcome back")
    #expect(!motd.isLoading)
    #expect(motd.loadError == nil)
    #expect(told.value, "a view that read the value re-renders when the load ends")
  }

  @Test func aViewShowingTheSpinnerIsToldWhenLoadingEnds() async {
    let server = SlowServer()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    let told = LockIsolated(false)
    withObservationTracking {
      _ = motd.isLoading
    } onChange: {
      told.setValue(true)
    }
    await server.answerLoads()
    #expect(told.value)
    #expect(motd.wrappedValue == "…", "nothing stored: the default stays")
  }

  @Test func aFailedLoadKeepsTheValueAndSaysWhyUntilALoadSucceeds() async throws {
    let server = SlowServer()
    server.failure = Offline()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    await server.answerLoads()
    #expect(motd.wrappedValue == "…")
    #expect(!motd.isLoading)
    #expect(motd.loadError as? Offline == Offline())

    server.failure = nil
    server["motd"] = "Back online"
    async let loaded: Void = motd.load()
    try await waitUntil { server.pendingLoads == 1 }
    #expect(motd.isLoading)
    await server.answerLoads()
    try await loaded
    #expect(motd.wrappedValue == "Back online")
    #expect(motd.loadError == nil)
    #expect(!motd.isLoading)
  }

  @Test func loadThrowsWhatTheKeyThrew() async throws {
    let server = SlowServer()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    await server.answerLoads()
    server.failure = Offline()
    let loading = Task { try await motd.load() }
    try await waitUntil { server.pendingLoads == 1 }
    await server.answerLoads()
    await #expect(throws: Offline.self) { try await loading.value }
    #expect(motd.loadError is Offline)
  }

  @Test func aChangeIsSavedAndAFailedSaveShowsInSaveErrorUntilOneSucceeds() async throws {
    let server = SlowServer()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    await server.answerLoads()
    server.failure = Offline()
    motd.withLock { $0 = "Hello" }
    #expect(server.pendingSaves == 1)
    await server.answerSaves()
    #expect(motd.saveError is Offline)
    #expect(motd.wrappedValue == "Hello", "the change stays in memory")
    #expect(server["motd"] == nil)

    server.failure = nil
    async let saved: Void = motd.save()
    try await waitUntil { server.pendingSaves == 1 }
    await server.answerSaves()
    try await saved
    #expect(server["motd"] == "Hello")
    #expect(motd.saveError == nil)
  }

  @Test func requireMakesTheValueFromTheKeyOrThrows() async throws {
    let server = SlowServer()
    server["motd"] = "Stored"
    let storage = SharedStorage(fileSystem: .inMemory())
    try await withDependencies({ $0.sharedStorage = storage }) {
      async let required = Shared(require: .server(server, "motd"))
      try await waitUntil { server.pendingLoads == 1 }
      await server.answerLoads()
      let motd = try await required
      #expect(motd.wrappedValue == "Stored")
      #expect(!motd.isLoading)

      let missing = Task { try await Shared(require: .server(server, "nothing")) }
      try await waitUntil { server.pendingLoads == 1 }
      await server.answerLoads()
      await #expect(throws: SharedLoadError.notFound(key: "server:nothing")) { try await missing.value }

      server.failure = Offline()
      let failing = Task { try await SharedReader(require: .server(server, "other")) }
      try await waitUntil { server.pendingLoads == 1 }
      await server.answerLoads()
      await #expect(throws: Offline.self) { try await failing.value }
    }
  }

  @Test func aContinuationResumedTwiceOrNeverIsReported() async {
    let server = SlowServer()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    let extra = LockIsolated<SharedLoadContinuation<String>?>(nil)
    withKnownIssue {
      let continuation = SharedLoadContinuation<String>("server:twice") { _ in }
      continuation.resume(returning: "a")
      continuation.resume(returning: "b")
    } matching: {
      $0.description.contains("resumed more than once")
    }
    withKnownIssue {
      extra.setValue(SharedLoadContinuation<String>("server:never") { _ in })
      extra.setValue(nil)
    } matching: {
      $0.description.contains("never resumed")
    }
    #expect(motd.isLoading)
    await server.answerLoads()
    #expect(!motd.isLoading)
  }

  @Test func aContinuationDroppedWithoutAResumeIsReportedAndWhoWaitsOnItGoesOn() async throws {
    let server = SlowServer()
    let motd = inStorage { Shared(wrappedValue: "…", .server(server, "motd")) }
    #expect(motd.isLoading)
    withKnownIssue {
      server.dropWaiting()
    } matching: {
      $0.description.contains("The load of server:motd was never resumed")
    }
    #expect(!motd.isLoading, "as if nothing were stored")
    #expect(motd.wrappedValue == "…")

    let load = Task { try await motd.load() }
    try await waitUntil { server.pendingLoads == 1 }
    withKnownIssue {
      server.dropWaiting()
    } matching: {
      $0.description.contains("never resumed")
    }
    try await load.value
    #expect(!motd.isLoading)

    let save = Task { try await motd.save() }
    try await waitUntil { server.pendingSaves == 1 }
    withKnownIssue {
      server.dropWaiting()
    } matching: {
      $0.description.contains("The save of")
    }
    try await save.value
    #expect(motd.saveError == nil, "as if it had succeeded")
  }

  @Test func aFileKeyAnswersAtOnceAndSaysWhyItCouldNotLoad() async throws {
    let files = SharedFileSystem.inMemory()
    let url = URL(fileURLWithPath: "/data/motd.json")
    try files.write(Data("{ not json".utf8), url)
    let motd = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: files) }) {
      Shared(wrappedValue: "…", .file(url, saveDelay: .seconds(60)))
    }
    #expect(!motd.isLoading)
    #expect(motd.wrappedValue == "…")
    // The load error is the decoder's own, as swift-sharing's; what to tell the user is the persistence status.
    #expect(motd.loadError is DecodingError)
    #expect(motd.persistenceStatus.notice?.hasPrefix("The saved data could not be read") == true)

    // Two changes inside the window: the second waits for the window's end, unless `save()` writes it now.
    motd.withLock { $0 = "first" }
    #expect(motd.loadError == nil, "a successful save ends the failed load's error, as in swift-sharing")
    motd.withLock { $0 = "second" }
    #expect(try files.read(url) == Data(#""first""#.utf8))
    try await motd.save()
    #expect(try files.read(url) == Data(#""second""#.utf8))
    #expect(motd.saveError == nil)
  }
}

/// Waits until `condition` holds, yielding between checks (a bounded number of times).
private func waitUntil(_ condition: () -> Bool) async throws {
  for _ in 0..<10_000 {
    if condition() { return }
    try await Task.sleep(nanoseconds: 100_000)
  }
  Issue.record("the condition never held")
}
