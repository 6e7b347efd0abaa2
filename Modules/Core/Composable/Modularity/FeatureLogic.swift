import Foundation

/// Runs the logic of feature `Feature`, which its Implementation module provides.
///
/// This is how a feature is split in two targets. The Interface declares the
/// public reducer type with its `State` and `Action`, and its `body` is only
/// `FeatureLogic(Self.self)`:
///
///     public struct UserList: Reducer {
///       public struct State { … }
///       public enum Action { …; case delegate(Delegate) }
///       public init() {}
///       public var body: some ReducerOf<Self> { FeatureLogic(Self.self) }
///     }
///
/// The Implementation conforms that same type to `LinkedFeatureLogic`:
///
///     extension UserList: LinkedFeatureLogic {
///       public static func logic() -> Reduce<State, Action> { Reduce(UserListLogic()) }
///     }
///
/// A parent composes `UserList()` from the Interface alone. At run time the
/// conformance is found by a dynamic cast once the executable links the
/// Implementation. Without it, every action is a runtime issue naming the
/// module to link. Tests replace the logic through
/// `DependencyValues.featureLogic`, with a stand-in or with the real logic.
public struct FeatureLogic<Feature: Reducer>: Reducer {
  /// The linked implementation, prepared for the store that runs this reducer (its body built once and kept).
  private var preparedLogic: Reduce<Feature.State, Feature.Action>?

  /// Logic for `feature`'s state and actions.
  public init(_ feature: Feature.Type) {}

  /// Finds the linked implementation once and prepares a copy of it for this store, so that its body is built
  /// once rather than at every action.
  @usableFromInline mutating func prepareForStore() {
    guard var logic = LinkedLogicCache.logic(for: Feature.self) else { return }
    prepareReducer(&logic)
    preparedLogic = logic
  }

  /// Runs the override from the current dependencies, else the linked implementation, else reports it missing.
  public func reduce(into state: inout Feature.State, action: Feature.Action) -> Effect<Feature.Action> {
    if let override = DependencyValues.current.featureLogic[Feature.self] {
      return override.reduce(into: &state, action: action)
    }
    if let preparedLogic { return preparedLogic.reduce(into: &state, action: action) }
    guard let logic = LinkedLogicCache.logic(for: Feature.self) else {
      reportIssue(
        """
        No implementation of the feature '\(featureName(Feature.self))' is linked: the executable or test \
        target must depend on '\(implementationModule(of: Feature.self))', which conforms it to \
        'LinkedFeatureLogic'. (A test can also install a stand-in with \
        'withDependencies: { $0.featureLogic.standIn(\(featureName(Feature.self)).self) }'.) \
        Ignored action: \(actionLabel(action)).
        """)
      return .none
    }
    return logic.reduce(into: &state, action: action)
  }
}

/// A feature's Interface type whose Implementation module supplies its logic.
public protocol LinkedFeatureLogic: Reducer {
  /// The feature's real logic.
  static func logic() -> Reduce<State, Action>
}

/// Logic that replaces features' linked implementations, by feature type (for tests and examples).
public struct FeatureLogicOverrides: Sendable {
  private var logic: [ObjectIdentifier: UncheckedLogic] = [:]

  /// No overrides.
  public init() {}

  /// The logic that replaces `feature`'s, if any; set a reducer to replace it, nil to restore it.
  public subscript<Feature: Reducer>(feature: Feature.Type) -> Reduce<Feature.State, Feature.Action>? {
    get { logic[ObjectIdentifier(feature)]?.value as? Reduce<Feature.State, Feature.Action> }
    set { logic[ObjectIdentifier(feature)] = newValue.map { UncheckedLogic(value: $0) } }
  }

  /// Replaces `feature`'s logic with one that does nothing, so a parent's test sends its delegate actions by hand.
  public mutating func standIn<Feature: Reducer>(_ feature: Feature.Type) {
    self[feature] = Reduce { _, _ in .none }
  }

  /// Uses the linked implementation even where another override was set (the default when none is).
  public mutating func useLinked<Feature: Reducer>(_ feature: Feature.Type) {
    self[feature] = nil
  }
}

/// A reducer stored for the main actor's store loop; reducers are only ever run there.
private struct UncheckedLogic: @unchecked Sendable {
  let value: Any
}

private enum FeatureLogicOverridesKey: DependencyKey {
  static let liveValue = FeatureLogicOverrides()
  static let testValue = FeatureLogicOverrides()
}

extension DependencyValues {
  /// Replacements for features' linked logic; empty unless a test or an example sets one.
  public var featureLogic: FeatureLogicOverrides {
    get { self[FeatureLogicOverridesKey.self] }
    set { self[FeatureLogicOverridesKey.self] = newValue }
  }
}

/// The linked implementations found so far, so the dynamic cast runs once per feature.
private enum LinkedLogicCache {
  nonisolated(unsafe) private static var cache: [ObjectIdentifier: Any] = [:]
  private static let lock = NSLock()

  static func logic<Feature: Reducer>(for feature: Feature.Type) -> Reduce<Feature.State, Feature.Action>? {
    if let cached = lock.withLock({ cache[ObjectIdentifier(feature)] }) {
      return cached as? Reduce<Feature.State, Feature.Action>
    }
    guard let linked = feature as? any LinkedFeatureLogic.Type else { return nil }
    let logic = makeLogic(linked) as? Reduce<Feature.State, Feature.Action>
    if let logic { lock.withLock { cache[ObjectIdentifier(feature)] = logic } }
    return logic
  }

  private static func makeLogic<Linked: LinkedFeatureLogic>(_ type: Linked.Type) -> Any {
    type.logic()
  }
}

/// A feature's name as messages show it: `UserList` for `UserListInterface.UserList`.
public func featureName(_ type: Any.Type) -> String {
  String(describing: type)
}

/// The module expected to implement `type`: `UserListFeature` for a type declared in `UserListInterface`.
public func implementationModule(of type: Any.Type) -> String {
  let module = String(reflecting: type).split(separator: ".").first.map(String.init) ?? ""
  guard module.hasSuffix("Interface") else { return "the module that implements it" }
  return String(module.dropLast("Interface".count)) + "Feature"
}
