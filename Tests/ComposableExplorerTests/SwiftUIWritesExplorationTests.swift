import Composable
import ComposableTesting
import Foundation
import Testing

/// A leg of a hike: a label its view edits, and a stopwatch once started, for three seconds.
struct HikeLeg: Reducer {
  struct State: Equatable, ObservableState {
    var label = ""
    var seconds = 0
    var loaded = false
  }

  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case startTapped
    case tick
    case loaded

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding: return .none
      case .startTapped:
        return .run { [clock] send in
          for _ in 0..<3 {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.seconds += 1
        return .none
      case .loaded:
        state.loaded = true
        return .none
      }
    }
  }
}

/// A note in a sheet: a text its view edits, and a confirmation over it before it is thrown away.
struct HikeNote: Reducer {
  struct State: Equatable, ObservableState {
    var text = ""
    @Presents var confirmation: HikeLeg.State?
  }

  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case discardTapped
    case confirmation(PresentationAction<HikeLeg.Action>)

    var binding: BindingAction<State>? {
      if case let .binding(action) = self { action } else { nil }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if action == .discardTapped { state.confirmation = HikeLeg.State(label: "discard?") }
      return .none
    }
    .ifLet(\.$confirmation, action: \.confirmation) { HikeLeg() }
  }
}

/// A stack of legs, each loaded by the hike once pushed, and a note in a sheet. With the bug planted, the hike
/// loads a leg with an effect of its own that nothing cancels when the leg is popped: its answer reaches a leg no
/// longer on the stack. Only a pop the user makes through SwiftUI (a swipe back) gets there first, as the
/// feature's own actions never pop.
struct Hike: Reducer {
  struct State: Equatable, ObservableState {
    var path = StackState<HikeLeg.State>()
    @Presents var note: HikeNote.State?
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<HikeLeg>)
    case note(PresentationAction<HikeNote.Action>)
    case pushTapped
    case noteTapped
  }

  /// The cancellation of a leg's load.
  struct LoadID: Hashable { let leg: StackElementID }

  let leaks: Bool
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .pushTapped:
        state.path.append(HikeLeg.State(label: "leg \(state.path.count + 1)"))
        guard let id = state.path.ids.last else { return .none }
        let load = Effect<Action>.run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.path(.element(id: id, action: .loaded)))
        }
        return leaks ? load : load.cancellable(id: LoadID(leg: id))
      case let .path(.popFrom(id)) where !leaks:
        // The legs popped are this one and every one above it.
        let popped = state.path.ids.drop { $0 != id }
        return .merge(popped.map { .cancel(id: LoadID(leg: $0)) })
      case .noteTapped:
        state.note = HikeNote.State()
        return .none
      case .path, .note: return .none
      }
    }
    .forEach(\.path, action: \.path) { HikeLeg() }
    .ifLet(\.$note, action: \.note) { HikeNote() }
  }
}

/// What SwiftUI writes by itself, explored: the explorer interleaves a stack's swipes back, its path as rendered
/// one step before, a sheet's dismissal (from two levels deep too), and the fields lingering views write as they
/// go, with the user's own actions, through the bindings a view holds.
@MainActor struct SwiftUIWritesExplorationTests {
  /// The user's own actions: pushing, starting a leg's stopwatch, the note and its confirmation; never a pop.
  private func exploration(seed: UInt64, swiftUI: Bool) -> Exploration<Hike.State, Hike.Action> {
    var exploration = Exploration<Hike.State, Hike.Action>(generators: [
      .always("push", .pushTapped), .always("note", .noteTapped),
      ActionGenerator("start") { state, _ in
        state.path.ids.last.map { .path(.element(id: $0, action: .startTapped)) }
      },
      ActionGenerator("discard") { state, _ in state.note == nil ? nil : .note(.presented(.discardTapped)) },
    ])
    exploration.seed = seed
    exploration.sequences = 100
    exploration.steps = 12
    exploration.advanceChance = 0.2
    if swiftUI {
      exploration.swiftUIChance = 0.35
      exploration.swiftUI(stack: \.path, action: \.path, fields: [.binding(\.label)])
      exploration.swiftUI(presentation: \.note, action: \.note, fields: [.binding(\.text)])
      exploration.swiftUI(presentation: \.note?.confirmation, action: \.note.presented.confirmation)
    }
    return exploration
  }

  @Test func everyWriteSwiftUIMakesByItselfIsExploredAndTheStateAndScreensStayInStep() async {
    // Pops and dismissals come only from SwiftUI here: counted as the feature reduces them.
    let seen = SeenActions()
    var exploration = exploration(seed: 3, swiftUI: true)
    exploration.invariants.append(
      Invariant("counts SwiftUI's pops") { state, _, action in
        seen.note(action)
        // A stack's ids only grow from the bottom up: a pop never leaves a hole.
        return state.path.ids == state.path.ids.sorted() ? nil : "the path's ids are out of order: \(state.path.ids)"
      })
    let result = await ComposableExplorer.explore(
      exploration, initialState: { Hike.State() }, reducer: { Hike(leaks: false) })
    #expect(result.failure == nil)
    for cause in [
      "swipe back", "path as rendered before", "swiped down", "written nil again as it goes", "text committed",
      "as its screen goes",
    ] {
      #expect(result.swiftUIWrites[cause, default: 0] > 0, "\(cause): \(result.swiftUIWrites)")
    }
    #expect(result.swiftUIWrites.keys.contains { $0.hasPrefix("back ") }, "\(result.swiftUIWrites)")
    #expect(seen.pops > 0)
    #expect(seen.noteDismissals > 0)
    #expect(seen.confirmationDismissals > 0, "a dismissal from two levels deep")
  }

  @Test func withoutSwiftUIsWritesNothingPopsAndThePlantedBugStaysHidden() async {
    let seen = SeenActions()
    var exploration = exploration(seed: 3, swiftUI: false)
    exploration.invariants.append(
      Invariant("counts pops") { _, _, action in
        seen.note(action)
        return nil
      })
    let result = await ComposableExplorer.explore(
      exploration, initialState: { Hike.State() }, reducer: { Hike(leaks: true) })
    #expect(result.failure == nil)
    #expect(result.swiftUIWrites.isEmpty)
    #expect(seen.pops == 0)
  }

  @Test func aLoadThatOutlivesASwipedBackLegIsFoundShrunkAndWrittenAsATest() async throws {
    var result: ExplorationResult<Hike.Action>?
    await withKnownIssue {
      result = await ComposableExplorer.explore(
        exploration(seed: 3, swiftUI: true), initialState: { Hike.State() }, reducer: { Hike(leaks: true) })
    }
    let failure = try #require(result?.failure)
    #expect(failure.reason.property == "runtime issue")
    #expect(failure.reason.message.contains("not on the stack"))
    let steps = failure.steps.map(\.description)
    // The load answers when the clock runs out at the end of the sequence: no advance is needed.
    #expect(steps.count == 2, "\(steps)")
    #expect(steps.first == "send pushTapped")
    #expect(steps.last?.hasPrefix("SwiftUI (") == true, "\(steps)")
    #expect(steps.last == "SwiftUI (swipe back): path = []", "\(steps)")
    // The pasted test sends what the binding sent, under a comment that says what SwiftUI wrote.
    let test = try #require(result?.shrunkTest)
    #expect(test.contains("  // SwiftUI ("), "\(test)")
    #expect(test.contains("path = [], which sends:\n  await store.send(.path(.popFrom(id: 0)))"), "\(test)")
    // A stack's screens are written through their ids, as a test states a push and a pop (a stack has no literal).
    #expect(test.contains("    $0.path[id: 0] = HikeLeg.State("), "\(test)")
    #expect(test.contains("    $0.path[id: 0] = nil"), "\(test)")
    #expect(!test.contains("StackState(") && !test.contains("#0"), "\(test)")
  }
}

/// The navigation actions an exploration's steps made the feature reduce.
@MainActor final class SeenActions {
  private(set) var pops = 0
  private(set) var noteDismissals = 0
  private(set) var confirmationDismissals = 0

  func note(_ action: Hike.Action?) {
    switch action {
    case .path(.popFrom)?: pops += 1
    case .note(.dismiss)?: noteDismissals += 1
    case .note(.presented(.confirmation(.dismiss)))?: confirmationDismissals += 1
    default: break
    }
  }
}
