/// When a store's `.run` effect starts running: inside `send`, or after it returns.
///
/// `Task.immediate` (macOS 26, iOS 26 and their siblings; always on Linux) lets the store run an effect inside
/// `send`, up to its first suspension. Below those releases the package's floor (macOS 14, iOS 17) has only
/// `Task { }`, which enqueues the effect on the main actor to run after `send` returns. Both orders are a contract:
/// a `TestStore` gives the same results under each, and CI runs the suites under the second one too, by building
/// with `-Xswiftc -DCOMPOSABLE_DEFERRED_EFFECT_START` (docs/platforms.md, "Two start orders").
public enum EffectStartOrder: Sendable, Equatable {
  /// The effect runs inside `send`, up to its first suspension, before `send` returns.
  case immediate
  /// The effect is enqueued on the main actor and runs after `send` returns.
  case deferred

  /// The order this process's stores start effects in.
  public static var current: EffectStartOrder {
    #if COMPOSABLE_DEFERRED_EFFECT_START
      return .deferred
    #else
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return .immediate }
      return .deferred
    #endif
  }

  /// Starts `operation` on the main actor in the order of `current`. Isolated to the main actor, as the store that
  /// calls it: `Task.immediate` runs the operation in place only when called on the executor it is isolated to.
  @MainActor static func startTask(
    priority: TaskPriority?, operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never> {
    #if !COMPOSABLE_DEFERRED_EFFECT_START
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return Task.immediate(priority: priority, operation: operation)
      }
    #endif
    return Task(priority: priority, operation: operation)
  }
}
