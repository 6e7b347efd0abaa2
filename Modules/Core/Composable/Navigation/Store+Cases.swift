extension Store where State: CaseReducerState {
  /// A store of the feature the case `caseName` runs, while the state is that case (nil otherwise): TCA's
  /// `switch store.case`, for a view that shows whichever case an enum feature's state is through a store.
  ///
  /// Reading it depends on whether the state is that case, not on what the case holds; the child store is the
  /// same one at every call while something keeps it, and reads as that case by a key path from the root, so a
  /// view of it depends only on the fields it reads.
  public func scope<ChildState, ChildAction>(
    case caseName: String, state: ChildState.Type, action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let toChild = \State.[caseState: CaseStateName<ChildState>(caseName: caseName)]
    return scopeWhilePresent(at: toChild, key: ScopeCacheKey(state: toChild, action: toChild), action: embed)
  }
}

extension CaseReducerState {
  /// The state of the case `name` names, while this state is that case and holds a `ChildState`; a key path's
  /// step, so that a case's store is found from the root as a field's is.
  subscript<ChildState>(caseState name: CaseStateName<ChildState>) -> ChildState? {
    guard let state = self as? StateReducer.State else { return nil }
    return StateReducer.visitCase(
      of: state, with: CaseStateVisitor<ChildState, StateReducer.Action>(caseName: name.caseName))
  }
}

/// The name of an enum feature's case whose feature has state `ChildState`: the index of a case's key path.
struct CaseStateName<ChildState>: Hashable {
  let caseName: String
}

/// The state of case `caseName` when the enum's state is that case and runs a `FeatureState` feature, else nil.
struct CaseStateVisitor<FeatureState, Action>: CaseVisitor {
  typealias Result = FeatureState?
  let caseName: String

  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> FeatureState? {
    caseName == self.caseName ? state as? FeatureState : nil
  }

  func visitAlert<AlertAction>(
    _ alert: AlertState<AlertAction>, caseName: String, embed: @escaping (AlertAction) -> Action
  ) -> FeatureState? {
    caseName == self.caseName ? alert as? FeatureState : nil
  }

  func visitConfirmationDialog<DialogAction>(
    _ dialog: ConfirmationDialogState<DialogAction>, caseName: String, embed: @escaping (DialogAction) -> Action
  ) -> FeatureState? {
    caseName == self.caseName ? dialog as? FeatureState : nil
  }

  func visitPlainState<Value>(_ value: Value, caseName: String) -> FeatureState? {
    caseName == self.caseName ? value as? FeatureState : nil
  }
}
