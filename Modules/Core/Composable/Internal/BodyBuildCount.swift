import AtomicCounters
import Dependencies

/// Counts the bodies a store's reducers build: kept (once per reducer and store), or built again at an action (a
/// reducer the store could not prepare, such as one hidden in a closure). A test of a whole composition sets one
/// in the store's dependencies and checks that nothing is built per action.
package final class BodyBuildCount: Sendable {
  /// Bodies built once and kept for the store's life.
  package let kept = AtomicCounter()
  /// Bodies built for one action and thrown away.
  package let perAction = AtomicCounter()

  package init() {}
}

private enum BodyBuildCountKey: DependencyKey {
  static let liveValue: BodyBuildCount? = nil
  static let testValue: BodyBuildCount? = nil
}

extension DependencyValues {
  /// Where a store's reducers count the bodies they build; nil (nothing counted) unless a test sets it.
  package var bodyBuildCount: BodyBuildCount? {
    get { self[BodyBuildCountKey.self] }
    set { self[BodyBuildCountKey.self] = newValue }
  }
}
