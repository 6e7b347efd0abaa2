import Composable
import ComposableTesting
import Foundation

/// Fetches a fact about a number; the test value fails the test if a test forgets to override it.
struct FactClient: TestDependencyKey {
  var fetch: @Sendable (Int) async throws -> String
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch"))
}

struct FactError: Error, Equatable {}

/// The feature the test store's own tests drive: a counter with a fact, a timer and an id.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var failure: String?
    var isTimerOn = false
    var lastID: UUID?
  }

  enum Action: Equatable, CasePathable {
    case increment
    case incrementTwiceTapped
    case factTapped
    case factResponse(String)
    case factFailed(String)
    case timerToggled
    case tick
    case idTapped
  }

  private enum CancelID { case timer }

  @Dependency(FactClient.self) var facts
  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementTwiceTapped:
      return .concatenate(.send(.increment), .send(.increment))
    case .factTapped:
      return .run { [count = state.count, facts] send in
        do {
          await send(.factResponse(try await facts.fetch(count)))
        } catch {
          await send(.factFailed("\(error)"))
        }
      }
    case let .factResponse(fact):
      state.fact = fact
      return .none
    case let .factFailed(message):
      state.failure = message
      return .none
    case .timerToggled:
      state.isTimerOn.toggle()
      guard state.isTimerOn else { return .cancel(id: CancelID.timer) }
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.count += 1
      return .none
    case .idTapped:
      state.lastID = uuid()
      return .none
    }
  }
}

/// Wraps a value that has no `Equatable` conformance, to prove the store says so clearly.
struct Opaque {
  var value: Int
}

/// A test store for `Counter` whose timer runs on `clock`, created at the caller's line.
@MainActor func timerStore(
  clock: TestClock, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> TestStore<Counter.State, Counter.Action> {
  TestStore(
    initialState: Counter.State(), reducer: { Counter() }, withDependencies: { $0.continuousClock = clock },
    fileID: fileID, filePath: filePath, line: line)
}
