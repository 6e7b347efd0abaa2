import Composable
import Foundation
import TerminalUI

/// The terminal view of feature `Feature`, which its Implementation module provides.
///
/// This is how a screen shows another feature's screen without importing its Implementation (which the module
/// boundaries forbid). The Implementation conforms the Interface's type to `LinkedFeatureView`:
///
///     extension UserForm: LinkedFeatureView {
///       public static func view() -> UserFormView { UserFormView() }
///     }
///
/// and any view writes `FeatureView(UserForm.self)` where it needs the form. At run time the conformance is
/// found by a dynamic cast once the executable links the Implementation, as `FeatureLogic` finds the logic.
/// For an enum feature (a Destination, a Path) each case shows its own feature's view, so the shell composes
/// `FeatureView(AppFeature.Destination.self)` and has no switch over the cases. Without a linked view the screen
/// says which module to link, and `unlinkedFeatures` lets a test prove nothing is missing.
public struct FeatureView<Feature: Reducer>: TerminalView {
  /// The view of `feature`, found when first used.
  public init(_ feature: Feature.Type) {}

  // Found at each use rather than at init: a feature's view may show a `FeatureView` of itself (a list of
  // nested lists), and finding that view while building it would never end.
  private var linked: AnyTerminalView<Feature.State, Feature.Action>? { LinkedViewCache.view(for: Feature.self) }

  /// The features this view would show with no linked view: `Feature`, or the features of an enum feature's
  /// cases (and theirs, for a case that is an enum feature itself). Empty when everything is linked.
  public static var unlinkedFeatures: [String] {
    if Feature.self is any LinkedFeatureView.Type { return [] }
    guard let cases = Feature.self as? any CaseReducer.Type else { return [featureName(Feature.self)] }
    return cases.caseFeatures.flatMap { unlinked($0.feature) }
  }

  /// The linked view's screen of `store`, read through it, or one that says what to link to get it (with no
  /// commands: `quit` still works).
  @MainActor public func screen(
    of store: Store<Feature.State, Feature.Action>, in context: ScreenContext
  ) -> TerminalScreen<Feature.State, Feature.Action> {
    if let linked { return linked.screen(of: store, in: context) }
    return unlinkedScreen
  }

  /// Says which module to link to get the feature's view.
  private var unlinkedScreen: TerminalScreen<Feature.State, Feature.Action> {
    TerminalScreen(
      text: """
        No terminal view of the feature '\(featureName(Feature.self))' is linked: the executable must depend on \
        '\(implementationModule(of: Feature.self))', which conforms it to 'LinkedFeatureView'.
        """,
      id: featureName(Feature.self))
  }
}

/// A feature's Interface type whose Implementation module supplies its terminal view.
public protocol LinkedFeatureView: Reducer {
  /// The type of the feature's screen.
  associatedtype Screen: TerminalView<State, Action>
  /// The feature's whole screen, with the alerts and children it presents, as the app shows it.
  static func view() -> Screen
}

private func unlinked<Child: Reducer>(_ feature: Child.Type) -> [String] {
  FeatureView<Child>.unlinkedFeatures
}

/// The linked views found so far, so the dynamic casts run once per feature.
private enum LinkedViewCache {
  nonisolated(unsafe) private static var cache: [ObjectIdentifier: Any] = [:]
  private static let lock = NSLock()

  static func view<Feature: Reducer>(for feature: Feature.Type) -> AnyTerminalView<Feature.State, Feature.Action>? {
    if let cached = lock.withLock({ cache[ObjectIdentifier(feature)] }) {
      return cached as? AnyTerminalView<Feature.State, Feature.Action>
    }
    // Built outside the lock: building a view finds the views it shows, which takes the lock again.
    let found: Any?
    if let linked = feature as? any LinkedFeatureView.Type {
      found = makeView(linked)
    } else if let cases = feature as? any CaseReducer.Type {
      found = makeCaseView(cases)
    } else {
      found = nil
    }
    guard let view = found as? AnyTerminalView<Feature.State, Feature.Action> else { return nil }
    lock.withLock { cache[ObjectIdentifier(feature)] = view }
    return view
  }

  private static func makeView<Linked: LinkedFeatureView>(_ type: Linked.Type) -> Any {
    AnyTerminalView(type.view())
  }

  private static func makeCaseView<Cases: CaseReducer>(_ type: Cases.Type) -> Any {
    AnyTerminalView(CaseFeatureView<Cases>())
  }
}
