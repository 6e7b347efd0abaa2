// White-box tests of internal representation: `@testable` needs a module built for testing, which the
// release suite does not do (it tests the code the shipped binary runs), so they run in debug only.
#if DEBUG
  @testable import Composable
#else
  import Composable
#endif
import ComposableTesting
import Testing

/// Counts how often a feature's `body` is built.
final class BodyCount {
  var value = 0
}

struct PreparedCounter: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable { case increment, start, finished }
  let clock: TestClock?

  init(clock: TestClock? = nil) { self.clock = clock }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .start:
      guard let clock else { return .none }
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished)
      }
    case .finished:
      state.count += 100
      return .none
    }
  }
}

/// A parent whose counter lives behind a computed property as well as in a stored field.
struct PreparedParent: Reducer {
  struct State: Equatable {
    var stored = PreparedCounter.State()
    var storage: [Int] = [0]
    /// No field offset: a `Scope` over it must go through the key path.
    var computed: PreparedCounter.State {
      get { PreparedCounter.State(count: storage[0]) }
      set { storage[0] = newValue.count }
    }
  }
  enum Action: Equatable, CasePathable {
    case stored(PreparedCounter.Action)
    case computed(PreparedCounter.Action)
  }
  let bodyCount: BodyCount

  var body: some ReducerOf<Self> {
    let _ = bodyCount.value += 1
    Scope(state: \.stored, action: \.stored) { PreparedCounter() }
    Scope(state: \.computed, action: \.computed) { PreparedCounter() }
  }
}

/// PreparedRows kept in a stored array, or reached through a computed property (no offset).
struct PreparedRows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<PreparedCounter.State> = []
    var viaComputed: IdentifiedArrayOf<PreparedCounter.State> {
      get { rows }
      set { rows = newValue }
    }
  }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedAction<Int, PreparedCounter.Action>)
    case replace(IdentifiedArrayOf<PreparedCounter.State>)
  }
  let clock: TestClock
  let throughComputedProperty: Bool

  var body: some ReducerOf<Self> {
    if throughComputedProperty {
      Reduce(replace).forEach(\.viaComputed, action: \.rows) { PreparedCounter(clock: clock) }
    } else {
      Reduce(replace).forEach(\.rows, action: \.rows) { PreparedCounter(clock: clock) }
    }
  }

  func replace(_ state: inout State, _ action: Action) -> Effect<Action> {
    if case let .replace(rows) = action { state.rows = rows }
    return .none
  }
}

/// State and actions of an optional `PreparedParent`, to check that `ifLet` passes preparation down.
enum Holder {
  struct State: Equatable {
    var parent: PreparedParent.State?
  }
  enum Action: Equatable, CasePathable {
    case parent(PreparedParent.Action)
  }
}

@MainActor struct PreparationTests {
  @Test func aRootStoreBuildsItsFeaturesBodyOnce() {
    let count = BodyCount()
    let store = Store(initialState: PreparedParent.State(), reducer: PreparedParent(bodyCount: count))
    store.send(.stored(.increment))
    store.send(.stored(.increment))
    store.send(.computed(.increment))
    #expect(count.value == 1)
    #expect(store.state.stored.count == 2)
    #expect(store.state.storage == [1])
  }

  @Test func reducingAFeatureDirectlyBuildsItsBodyEachTime() {
    let count = BodyCount()
    var state = PreparedParent.State()
    _ = PreparedParent(bodyCount: count).reduce(into: &state, action: .stored(.increment))
    _ = PreparedParent(bodyCount: count).reduce(into: &state, action: .computed(.increment))
    #expect(count.value == 2)
    #expect(state.stored.count == 1)
    #expect(state.storage == [1])
  }

  #if DEBUG
    @Test func aStoredFieldHasAnOffsetAndAComputedPropertyHasNone() {
      var stored = FieldPath(\PreparedParent.State.stored)
      var computed = FieldPath(\PreparedParent.State.computed)
      #expect(stored.offset == nil)
      stored.prepare()
      computed.prepare()
      #expect(stored.offset == MemoryLayout<PreparedParent.State>.offset(of: \PreparedParent.State.stored))
      #expect(stored.offset != nil)
      #expect(computed.offset == nil)
    }
  #endif

  @Test func aPreparedScopeWritesTheFieldItsOffsetNames() {
    // A store prepares the scope it keeps: the field's offset is found once, and only that field is written.
    let store = Store(initialState: PreparedParent.State()) {
      Scope(state: \PreparedParent.State.stored, action: \PreparedParent.Action.Cases.stored) {
        PreparedCounter()
      }
    }
    store.send(.stored(.increment))
    store.send(.computed(.increment))
    #expect(store.state.stored.count == 1)
    #expect(store.state.storage == [0])
  }

  @Test(arguments: [false, true])
  func removingARowCancelsItsEffectsWithOrWithoutAnOffset(throughComputedProperty: Bool) async {
    let clock = TestClock()
    let store = Store(
      initialState: PreparedRows.State(rows: [.init(id: 1), .init(id: 2)]),
      reducer: PreparedRows(clock: clock, throughComputedProperty: throughComputedProperty))
    store.send(.rows(.element(id: 1, action: .increment)))
    store.send(.rows(.element(id: 1, action: .start)))
    store.send(.rows(.element(id: 2, action: .start)))
    store.send(.replace([.init(id: 2, count: 5), .init(id: 3)]))
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.ids == [2, 3])
    #expect(store.state.rows[id: 2]?.count == 105)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aSameSizedReplacementIsSeenAsAChangeOfIDs() {
    let before: IdentifiedArrayOf<PreparedCounter.State> = [.init(id: 1), .init(id: 2)]
    var after = before
    #expect(before.membershipVersion == after.membershipVersion)
    after[id: 1]?.count = 7
    #expect(before.membershipVersion == after.membershipVersion)
    after = [.init(id: 2), .init(id: 3)]
    #expect(before.membershipVersion != after.membershipVersion)
    after.remove(id: 3)
    after.append(.init(id: 1))
    #expect(before.membershipVersion != after.membershipVersion)
  }

  #if DEBUG
    @Test(arguments: [false, true])
    func preparationReachesAScopeInsideAnIfAndEitherBranchOfAnIfElse(condition: Bool) {
      // Optional and the if/else reducer are found to be preparable at run time, as the other combinators are.
      var reducer = CombineReducers<PreparedParent.State, PreparedParent.Action, _> {
        if condition {
          Scope(state: \PreparedParent.State.stored, action: \PreparedParent.Action.Cases.stored) { PreparedCounter() }
        }
        if condition {
          Scope(state: \PreparedParent.State.stored, action: \PreparedParent.Action.Cases.stored) { PreparedCounter() }
        } else {
          Scope(state: \PreparedParent.State.stored, action: \PreparedParent.Action.Cases.computed) {
            PreparedCounter()
          }
        }
      }
      let offset = MemoryLayout<PreparedParent.State>.offset(of: \PreparedParent.State.stored)
      #expect(branchOffset(reducer.reducers.second) == nil)
      prepareReducer(&reducer)
      #expect(reducer.reducers.first?.core.fieldOffset == (condition ? offset : nil))
      #expect(branchOffset(reducer.reducers.second) == offset)
    }

    @Test func ifLetPassesPreparationToTheScopeInsideIt() {
      var reducer = EmptyReducer<Holder.State, Holder.Action>()
        .ifLet(\.parent, action: \.parent) {
          Scope(state: \PreparedParent.State.stored, action: \PreparedParent.Action.Cases.stored) { PreparedCounter() }
        }
      #expect(reducer.child.reducer.core.fieldOffset == nil)
      prepareReducer(&reducer)
      #expect(
        reducer.child.reducer.core.fieldOffset
          == MemoryLayout<PreparedParent.State>.offset(of: \PreparedParent.State.stored))
      var state = Holder.State(parent: PreparedParent.State())
      _ = reducer.reduce(into: &state, action: .parent(.stored(.increment)))
      #expect(state.parent?.stored.count == 1)
    }
  #endif
}

#if DEBUG
  /// The field offset of the scope an if/else built, whichever branch it is.
  func branchOffset<First, Second>(
    _ reducer: ConditionalReducer<
      Scope<PreparedParent.State, PreparedParent.Action, First>,
      Scope<PreparedParent.State, PreparedParent.Action, Second>
    >
  ) -> Int? {
    switch reducer {
    case let .first(scope): scope.core.fieldOffset
    case let .second(scope): scope.core.fieldOffset
    }
  }
#endif
