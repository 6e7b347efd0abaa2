/// Something done with whichever feature an enum feature's state holds: the shell's view of a Destination or a
/// Path uses one to show the case's own screen without a `switch` over the cases.
///
/// An enum feature's generated `visitCase(of:with:)` calls `visit` with the case's feature type, so the visitor
/// works with that feature's real `State` and `Action` types, never with `Any`.
public protocol CaseVisitor<Action> {
  /// The enum feature's actions, which the case's actions embed into.
  associatedtype Action
  /// What the visit produces.
  associatedtype Result

  /// Visits the case `caseName`, which runs `feature` on `state`; `embed` wraps the feature's actions in the case.
  func visit<Feature: Reducer>(
    _ feature: Feature.Type, caseName: String, state: Feature.State, embed: @escaping (Feature.Action) -> Action
  ) -> Result
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
