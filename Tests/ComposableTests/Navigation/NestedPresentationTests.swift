// White-box tests of internal representation: `@testable` needs a module built for testing, which the
// release suite does not do (it tests the code the shipped binary runs), so they run in debug only.
#if DEBUG
  @testable import Composable
#else
  import Composable
#endif
import ComposableTesting
import Testing

/// A feature that presents itself: how deep navigation nests in memory.
struct Nested: Reducer {
  struct State: Equatable {
    var value = 0
    @Presents var child: State?
  }

  indirect enum Action: Equatable, CasePathable {
    case increment
    case child(PresentationAction<Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .increment = action { state.value += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Nested() }
  }
}

struct NestedPresentationTests {
  private static let depth = 1_000

  private func nested(depth: Int) -> Nested.State {
    var state = Nested.State(value: depth)
    for level in stride(from: depth - 1, through: 0, by: -1) {
      state = Nested.State(value: level, child: state)
    }
    return state
  }

  #if DEBUG
    /// The boxes from the root down, by identity.
    private func boxes(_ state: Nested.State) -> [ObjectIdentifier] {
      var result: [ObjectIdentifier] = []
      var current = state.$child
      while let box = current.box {
        result.append(ObjectIdentifier(box))
        guard let next = box.value?.$child else { break }
        current = next
      }
      return result
    }
  #endif

  private func incrementDeepest(_ state: inout Nested.State) {
    if state.child == nil {
      state.value += 1
    } else {
      incrementDeepest(&state.child!)
    }
  }

  private func deepest(_ state: Nested.State) -> Int {
    var current = state
    while let child = current.child { current = child }
    return current.value
  }

  @Test func aParentHoldsOnePointerHoweverDeepItsChildren() {
    #expect(MemoryLayout<Presents<Nested.State>>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<Nested.State>.size == 2 * MemoryLayout<Int>.size)
  }

  #if DEBUG
    @Test func mutatingTheDeepestLevelCopiesNoBox() {
      var state = nested(depth: Self.depth)
      let before = boxes(state)
      #expect(before.count == Self.depth)
      incrementDeepest(&state)
      #expect(boxes(state) == before)
      #expect(deepest(state) == Self.depth + 1)
    }

    @Test func aCopyIsIndependentAndCopiesOnlyWhenMutated() {
      let original = nested(depth: Self.depth)
      var copy = original
      #expect(boxes(copy) == boxes(original))
      incrementDeepest(&copy)
      #expect(deepest(original) == Self.depth)
      #expect(deepest(copy) == Self.depth + 1)
      #expect(Set(boxes(copy)).isDisjoint(with: boxes(original)))
      #expect(copy != original)
    }
  #endif

  @MainActor @Test func aStoreReducesAnActionForTheDeepestLevel() async {
    let depth = Self.depth
    var action = Nested.Action.increment
    for _ in 0..<depth { action = .child(.presented(action)) }
    let store = TestStore(initialState: nested(depth: depth)) { Nested() }
    await store.send(action) { incrementDeepest(&$0) }
    #expect(deepest(store.state) == depth + 1)
  }
}
