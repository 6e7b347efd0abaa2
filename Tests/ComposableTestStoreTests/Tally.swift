import Clocks
import Composable
import Foundation

/// A feature with nested actions, a stamp from the date dependency, a stream, a timer and a way to close
/// itself: what the parity tests send and receive by case path.
struct Tally: Reducer {
  struct State: Equatable {
    var count = 0
    var stamped: Date?
    var deleted: [Int] = []
    var isTicking = false
  }

  enum Action: Equatable, CasePathable {
    case tap
    case stampTapped
    case stamped(Date)
    case streamTapped
    case tickingStarted
    case tick
    case closeTapped
    case view(View)
    case delegate(Delegate)

    enum View: Equatable, CasePathable {
      case delete([Int])
      case rename(String, to: String)
    }

    enum Delegate: Equatable, CasePathable {
      case finished(count: Int)
    }
  }

  @Dependency(\.date) var date
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state.count += 1
      return state.count == 3 ? .send(.delegate(.finished(count: 3))) : .none
    case .stampTapped:
      return .run { [now = date.now] send in await send(.stamped(now)) }
    case let .stamped(date):
      state.stamped = date
      return .none
    case .streamTapped:
      // A stream that is already finished: the effect has only buffered values left to read.
      let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.yield(1)
      continuation.finish()
      return .run { _ in for await _ in stream {} }
    case .tickingStarted:
      state.isTicking = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.count += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    case let .view(.delete(offsets)):
      state.deleted += offsets
      return .none
    case .view(.rename):
      return .none
    case .delegate:
      return .none
    }
  }
}
