import Composable
import ComposableTesting
import Dependencies
import Testing

/// Counts how often a feature's `body` is built, and is kept alive by the bodies built.
final class Builds {
  var count = 0
}

/// How much one `.increment` adds: read while the body is built, so it shows which dependencies the build saw.
private struct Step: TestDependencyKey {
  let value: Int
  static let testValue = Step(value: 1)
}

extension DependencyValues {
  fileprivate var step: Step {
    get { self[Step.self] }
    set { self[Step.self] = newValue }
  }
}

/// A child feature with a body, to count builds.
struct Leaf: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable { case increment }
  let builds: Builds

  var body: some ReducerOf<Self> {
    let _ = builds.count += 1
    let step = DependencyValues.current.step.value
    Reduce { state, _ in
      // Keeps `builds` alive for as long as this body is.
      _ = builds
      state.count += step
      return .none
    }
  }
}

/// A root holding a leaf in a field, a list of leaves, and an optional leaf.
struct Root: Reducer {
  struct State: Equatable {
    var leaf = Leaf.State()
    var rows: IdentifiedArrayOf<Leaf.State> = [.init(id: 1), .init(id: 2)]
    var optional: Leaf.State? = Leaf.State()
  }
  enum Action: Equatable, CasePathable {
    case leaf(Leaf.Action)
    case rows(IdentifiedAction<Int, Leaf.Action>)
    case optional(Leaf.Action)
  }
  let leafBuilds: Builds
  let rowBuilds: Builds
  let optionalBuilds: Builds

  var body: some ReducerOf<Self> {
    Scope(state: \.leaf, action: \.leaf) { Leaf(builds: leafBuilds) }
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Leaf(builds: rowBuilds) }
      .ifLet(\.optional, action: \.optional) { Leaf(builds: optionalBuilds) }
  }
}

@MainActor struct BodyStorageTests {
  private let leaf = Builds()
  private let rows = Builds()
  private let optional = Builds()

  private var root: Root { Root(leafBuilds: leaf, rowBuilds: rows, optionalBuilds: optional) }

  @Test func aStoreBuildsEachChildsBodyOnceWhateverTheNumberOfActions() {
    let store = Store(initialState: Root.State(), reducer: root)
    for _ in 0..<3 {
      store.send(.leaf(.increment))
      store.send(.rows(.element(id: 1, action: .increment)))
      store.send(.rows(.element(id: 2, action: .increment)))
      store.send(.optional(.increment))
    }
    #expect(leaf.count == 1)
    #expect(rows.count == 1, "one body serves every row")
    #expect(optional.count == 1)
    #expect(store.state.leaf.count == 3)
    #expect(store.state.rows.map(\.count) == [3, 3])
    #expect(store.state.optional?.count == 3)
  }

  /// A test store gets its reducer as `some Reducer` (generic code), yet must run what an app's store
  /// runs: the feature's body kept and prepared, not rebuilt on every action.
  @Test func aTestStoreKeepsAndPreparesBodiesLikeAStore() async {
    let store = TestStore(initialState: Root.State()) { root }
    for count in 1...3 {
      await store.send(.leaf(.increment)) { $0.leaf.count = count }
      await store.send(.rows(.element(id: 1, action: .increment))) { $0.rows[id: 1]?.count = count }
    }
    #expect(leaf.count == 1)
    #expect(rows.count == 1)
  }

  /// Wrappers (`.dependency`, `onChange`, `printChanges`) and erasure (`Reduce(feature)`) hold a feature
  /// whose body a store must still keep: an app erases its root this way. Each store keeps its own.
  @Test func wrappedAndErasedFeaturesKeepTheirBodiesPerStore() {
    let erased = Reduce(
      root
        .dependency(\.step, Step(value: 1))
        .onChange(of: \.leaf.count) { _, _ in EmptyReducer() }
        .printChanges(to: ChangeSink { _ in }))
    let first = Store(initialState: Root.State(), reducer: erased)
    let second = Store(initialState: Root.State(), reducer: erased)
    for _ in 0..<3 { first.send(.leaf(.increment)) }
    second.send(.leaf(.increment))
    #expect(leaf.count == 2, "one body per store, not one per action")
    #expect(first.state.leaf.count == 3)
    #expect(second.state.leaf.count == 1)
  }

  @Test func aChildsBodyIsBuiltOnItsFirstActionNotBefore() {
    let store = Store(initialState: Root.State(), reducer: root)
    #expect(leaf.count == 0)
    store.send(.rows(.element(id: 1, action: .increment)))
    #expect(leaf.count == 0)
    #expect(rows.count == 1)
    store.send(.leaf(.increment))
    #expect(leaf.count == 1)
  }

  @Test func reducingWithoutAStoreBuildsTheChildsBodyOnEveryAction() {
    var state = Root.State()
    let reducer = root
    _ = reducer.reduce(into: &state, action: .leaf(.increment))
    _ = reducer.reduce(into: &state, action: .leaf(.increment))
    #expect(leaf.count == 2)
    #expect(state.leaf.count == 2)
  }

  @Test func eachStoreKeepsItsOwnBodies() {
    let first = Store(initialState: Root.State(), reducer: root)
    let second = Store(initialState: Root.State(), reducer: root)
    first.send(.leaf(.increment))
    second.send(.leaf(.increment))
    first.send(.leaf(.increment))
    #expect(leaf.count == 2)
    #expect(first.state.leaf.count == 2)
    #expect(second.state.leaf.count == 1)
  }

  @Test func aChildsBodyIsBuiltUnderTheStoresDependencies() {
    let store = Store(initialState: Root.State(), reducer: root) { $0.step = Step(value: 10) }
    store.send(.leaf(.increment))
    store.send(.leaf(.increment))
    #expect(store.state.leaf.count == 20)
  }

  @Test func aChildsBodyIsBuiltUnderADependencyModifierAboveIt() {
    let reducer = Scope(state: \Root.State.leaf, action: \Root.Action.Cases.leaf) {
      Leaf(builds: leaf)
    }
    .dependency(\.step, Step(value: 5))
    let store = Store(initialState: Root.State(), reducer: reducer)
    store.send(.leaf(.increment))
    store.send(.leaf(.increment))
    #expect(store.state.leaf.count == 10)
    #expect(leaf.count == 1)
  }

  @Test func keptBodiesAreReleasedWithTheirStore() {
    weak var released: Builds?
    do {
      let builds = Builds()
      released = builds
      let store = Store(
        initialState: Root.State(),
        reducer: Root(leafBuilds: builds, rowBuilds: builds, optionalBuilds: builds))
      store.send(.leaf(.increment))
      store.send(.rows(.element(id: 2, action: .increment)))
      #expect(builds.count == 2)
    }
    #expect(released == nil)
  }
}
