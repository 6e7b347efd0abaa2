import Composable

/// The life of the feature an exploration runs at its root: the effects it has running, and whether it dismissed
/// itself. A feature explored alone stands where a parent would present it, so its `dismiss` ends it as the
/// parent's `ifLet` would: its effects are cancelled and the sequence is over.
@MainActor final class ExploredFeatureLife {
  /// Whether the feature dismissed itself.
  private(set) var isDismissed = false
  /// The effects started and not yet finished.
  private var running: Set<UInt64> = []
  /// Their tasks, once they exist (an effect that ended synchronously gets its task after it finished).
  private var tasks: [UInt64: Task<Void, Never>] = [:]

  /// A test clock that settles as soon as every running effect of the feature sleeps on it (or has ended):
  /// steps take no wall time while the feature's effects wait only for time to pass.
  nonisolated func makeClock() -> TestClock {
    TestClock(settling: .untilAtRest { [weak self] sleeping in (self?.running.count ?? 0) <= sleeping })
  }

  /// The `dismiss` dependency the explored feature gets: a presented child's dismisses the child as usual.
  nonisolated var dismissEffect: DismissEffect {
    DismissEffect { [self] in
      if let presentation = DismissEffect.presentation {
        await presentation()
      } else {
        endByDismissal()
      }
    }
  }

  /// The hook that keeps the feature's effect tasks, to cancel them when it is dismissed.
  func hook<State, Action>() -> StoreHook<State, Action> {
    StoreHook(
      kind: "explorer", didReduce: { _, _, _, _, _ in },
      event: { [weak self] event in
        guard let self else { return }
        switch event {
        case let .effectStarted(id):
          running.insert(id)
        case let .effectAttached(id, task):
          if running.contains(id) { tasks[id] = task }
        case let .effectFinished(id):
          running.remove(id)
          tasks[id] = nil
        default:
          break
        }
      })
  }

  private func endByDismissal() {
    isDismissed = true
    for task in tasks.values { task.cancel() }
  }
}

extension Explorer {
  /// What each sequence (and each replay) starts from: the feature's life, its clock, and fresh test dependencies
  /// with that clock as `continuousClock`, prepared by the test.
  func sequenceSetup() -> (ExploredFeatureLife, TestClock, DependencyValues) {
    let life = ExploredFeatureLife()
    let clock = life.makeClock()
    var dependencies = DependencyValues.current.withFreshDefaults(context: .test)
    dependencies.continuousClock = clock
    prepare(&dependencies, clock)
    return (life, clock, dependencies)
  }

  /// A store running `reducer` from `initialState` with `dependencies`, its root dismissal handled by `life`.
  func exploredStore<Base: Reducer>(
    _ reducer: Base, initialState: State, dependencies: DependencyValues, life: ExploredFeatureLife
  ) -> Store<State, Action> where Base.State == State, Base.Action == Action {
    var dependencies = dependencies
    dependencies.dismiss = life.dismissEffect
    return Store(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      hook: life.hook())
  }
}
