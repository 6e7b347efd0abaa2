/// Something done with whichever feature an enum feature's state holds: the shell's view of a Destination or a
/// Path uses one to show the case's own screen without a `switch` over the cases.
///
/// An enum feature's generated `visitCase(of:with:)` calls `visit` with the case's feature type, so the visitor
/// works with that feature's real `State` and `Action` types, never with `Any`; an alert, a dialog or a plain-state
/// case calls the method of its kind.
public protocol CaseVisitor<Action> {
  /// The enum feature's actions, which the case's actions embed into.
  associatedtype Action
  /// What the visit produces.
  associatedtype Result

  /// Visits the case `caseName`, which runs `feature` on `state`; `embed` wraps the feature's actions in the case.
  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> Result

  /// Visits the case `caseName`, an alert (`case alert(AlertState<Alert>)`); `embed` wraps its buttons' actions.
  func visitAlert<AlertAction>(
    _ alert: AlertState<AlertAction>, caseName: String, embed: @escaping (AlertAction) -> Action
  ) -> Result

  /// Visits the case `caseName`, a confirmation dialog; `embed` wraps its buttons' actions.
  func visitConfirmationDialog<DialogAction>(
    _ dialog: ConfirmationDialogState<DialogAction>, caseName: String, embed: @escaping (DialogAction) -> Action
  ) -> Result

  /// Visits the case `caseName`, plain state with no logic and no actions (`case loading`,
  /// `case meeting(Meeting, syncUp: SyncUp)`); `value` is its payload (a tuple for several values, `()` for none).
  func visitPlainState<Value>(_ value: Value, caseName: String) -> Result
}

/// One case of an enum feature and the feature it runs, as `caseFeatures` lists them.
public struct CaseFeature {
  /// The case's name (`add` for `case add(UserForm)`).
  public let caseName: String
  /// The feature the case runs.
  public let feature: any Reducer.Type

  /// The case `caseName`, running `feature`.
  public init(caseName: String, feature: any Reducer.Type) {
    self.caseName = caseName
    self.feature = feature
  }
}
