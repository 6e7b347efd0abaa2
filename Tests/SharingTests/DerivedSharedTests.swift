import Composable
import ComposableTesting
import Foundation
import Observation
import Testing

private struct Profile: Codable, Equatable, Sendable {
  var name = "Ada"
  var city = "London"
}

extension SharedKeyWithDefault where Value == Int {
  /// A counter whose default, 7, is declared once here.
  fileprivate static var visits: Self { SharedKey.inMemory("visits").withDefault(7) }
}

/// A profile screen that edits its name through a projection of the shared profile.
struct NameEditor: Reducer {
  struct State: Equatable {
    @Shared var name: String
  }

  enum Action: Equatable, CasePathable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .rename(name):
      state.$name.withLock { $0 = name }
      return .none
    }
  }
}

/// Projections of shared values, read-only views, keys that declare their default, and a persistence of our own.
struct DerivedSharedTests {
  @Test func aProjectedFieldReadsAndWritesThroughItsParent() {
    let profile = Shared(value: Profile())
    let name: Shared<String> = profile.name
    #expect(name.wrappedValue == "Ada")
    name.withLock { $0 = "Grace" }
    #expect(profile.wrappedValue == Profile(name: "Grace", city: "London"))
    profile.withLock { $0.name = "Alan" }
    #expect(name.wrappedValue == "Alan")
  }

  @Test func observersOfAProjectionAreToldWhenTheParentChanges() {
    let profile = Shared(value: Profile())
    let name = profile.name
    let told = LockIsolated(false)
    withObservationTracking {
      _ = name.wrappedValue
    } onChange: {
      told.setValue(true)
    }
    profile.withLock { $0.city = "Paris" }
    #expect(told.value)
  }

  @Test func aProjectionOfAFileBackedValueSavesTheWholeValue() throws {
    let files = InMemoryFiles()
    let url = URL(fileURLWithPath: "/data/profile.json")
    let profile = withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory(files)) }) {
      Shared(wrappedValue: Profile(), .file(url))
    }
    profile.city.withLock { $0 = "Zurich" }
    profile.city.flush()
    let saved = try JSONDecoder().decode(Profile.self, from: try #require(files[url]))
    #expect(saved == Profile(name: "Ada", city: "Zurich"))
    #expect(profile.city.persistenceStatus == .loaded)
  }

  @Test func aReadOnlyProjectionFollowsTheValueAndCannotWrite() {
    let profile = Shared(value: Profile())
    let city: SharedReader<String> = SharedReader(profile).city
    #expect(city.wrappedValue == "London")
    profile.withLock { $0.city = "Oslo" }
    #expect(city.wrappedValue == "Oslo")
    withKnownIssue {
      city.reference.withLock { $0 = "Lima" }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("is read-only") }
    }
    #expect(profile.wrappedValue.city == "Oslo")
  }

  @Test func aKeyDeclaresItsDefaultOnce() {
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      @Shared(.visits) var visits
      #expect(visits == 7)
      $visits.withLock { $0 += 1 }
      let again = Shared(.visits)
      #expect(again.wrappedValue == 8)
    }
    withDependencies({ $0.sharedStorage = SharedStorage(fileSystem: .inMemory()) }) {
      // A default given at the use site wins over the key's.
      @Shared(.visits) var visits = 100
      #expect(visits == 100)
    }
  }

  @MainActor @Test func aTestStoreSeesAChangeThroughAProjectionAsAChangeOfTheParent() async {
    let profile = Shared(value: Profile())
    let store = TestStore(initialState: NameEditor.State(name: profile.name)) { NameEditor() }
    await store.send(.rename("Grace")) {
      $0.$name.withLock { $0 = "Grace" }
    }
    #expect(profile.wrappedValue.name == "Grace")
  }

  @MainActor @Test func aChangeThroughAProjectionThatIsNotAssertedFails() async {
    let profile = Shared(value: Profile())
    let store = TestStore(initialState: NameEditor.State(name: profile.name)) { NameEditor() }
    await withKnownIssue {
      await store.send(.rename("Grace"))
    }
  }
}

/// Values kept in a dictionary another "process" can change: a persistence written on the public protocol.
private final class Backend: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Int] = [:]
  private var version = 0
  private var subscribers: [@Sendable () -> Void] = []

  subscript(key: String) -> Int? {
    get { lock.withLock { values[key] } }
    set {
      let toTell = lock.withLock {
        values[key] = newValue
        version += 1
        return subscribers
      }
      for subscriber in toTell { subscriber() }
    }
  }

  var currentVersion: Int { lock.withLock { version } }

  func subscribe(_ subscriber: @escaping @Sendable () -> Void) { lock.withLock { subscribers.append(subscriber) } }
}

private final class BackendPersistence: SharedPersistence, @unchecked Sendable {
  let backend: Backend
  let name: String
  private let lock = NSLock()
  private var seenVersion = -1
  private var saves = 0

  init(backend: Backend, name: String) {
    self.backend = backend
    self.name = name
  }

  func load(context: SharedLoadContext<Int>, continuation: SharedLoadContinuation<Int>) {
    lock.withLock { seenVersion = backend.currentVersion }
    continuation.resume(with: .success(backend[name]))
  }

  func save(_ value: Int, context: SharedSaveContext, continuation: SharedSaveContinuation) {
    lock.withLock { saves += 1 }
    backend[name] = value
    lock.withLock { seenVersion = backend.currentVersion }
    continuation.resume()
  }

  var status: SharedPersistenceStatus { backend[name] == nil ? .missing : .loaded }

  func subscribe(_ onPossibleChange: @escaping @Sendable () -> Void) { backend.subscribe(onPossibleChange) }

  var isStale: Bool { lock.withLock { seenVersion } != backend.currentVersion }

  func reloadIfStale() -> Int?? {
    guard isStale else { return nil }
    lock.withLock { seenVersion = backend.currentVersion }
    return .some(backend[name])
  }
}

extension SharedKey where Value == Int {
  /// A counter kept in `backend` under `name`.
  fileprivate static func backend(_ backend: Backend, _ name: String) -> Self {
    SharedKey(id: "backend:\(name)") { _ in BackendPersistence(backend: backend, name: name) }
  }
}

struct CustomPersistenceTests {
  @Test func aPersistenceOfOurOwnLoadsSavesAndFollowsChangesMadeElsewhere() {
    let backend = Backend()
    backend["score"] = 3
    let storage = SharedStorage(fileSystem: .inMemory())
    let score = withDependencies({ $0.sharedStorage = storage }) {
      Shared(wrappedValue: 0, .backend(backend, "score"))
    }
    #expect(score.wrappedValue == 3)
    #expect(score.persistenceStatus == .loaded)
    score.withLock { $0 = 4 }
    #expect(backend["score"] == 4)
    // Someone else changes it: the value follows, and observers are told.
    let told = LockIsolated(false)
    withObservationTracking {
      _ = score.wrappedValue
    } onChange: {
      told.setValue(true)
    }
    backend["score"] = 10
    #expect(score.wrappedValue == 10)
    #expect(told.value)
    // Removed elsewhere: back to the default.
    backend["score"] = nil
    #expect(score.wrappedValue == 0)
    #expect(score.persistenceStatus == .missing)
  }

  @Test func theInMemoryKeyIsAPersistenceThatKeepsNothing() {
    let storage = SharedStorage(fileSystem: .inMemory())
    let count = storage.reference(for: SharedKey<Int>.inMemory("count")) { 1 }
    count.withLock { $0 = 2 }
    #expect(count.persistenceStatus == .notPersisted)
    #expect(storage.reference(for: SharedKey<Int>.inMemory("count")) { 1 }.value == 2)
  }
}
