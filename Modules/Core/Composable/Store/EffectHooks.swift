import Foundation

/// The effect hooks of a `StoreInstrumentation` or a timeline's storage, apart from their generic parts so that starting
/// an effect needs no knowledge of the store's types.
final class EffectHooks: Sendable {
  let started: @MainActor @Sendable (UInt64) -> Void
  let attached: @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void
  let finished: @MainActor @Sendable (UInt64) -> Void

  init(
    started: @escaping @MainActor @Sendable (UInt64) -> Void,
    attached: @escaping @MainActor @Sendable (UInt64, Task<Void, Never>) -> Void,
    finished: @escaping @MainActor @Sendable (UInt64) -> Void
  ) {
    self.started = started
    self.attached = attached
    self.finished = finished
  }

  convenience init<State, Action>(_ instrumentation: StoreInstrumentation<State, Action>) {
    self.init(
      started: instrumentation.effectStarted, attached: instrumentation.effectAttached,
      finished: instrumentation.effectFinished)
  }

  /// A timeline storage's hooks: `finished` runs inside the effect's task, so it can tell a cancelled end.
  @MainActor convenience init<State, Action>(_ timeline: TimelineStorage<State, Action>) {
    self.init(
      started: { timeline.effectStarted($0) }, attached: { _, _ in },
      finished: { id in
        timeline.effectEnded(
          id, outcome: Task.isCancelled ? .cancelled : timeline.takeFailure(of: id) ? .failed : .finished)
      })
  }

  /// Hooks that call both `first` and `second`, either of which may be absent.
  static func combining(_ first: EffectHooks?, _ second: EffectHooks?) -> EffectHooks? {
    guard let first else { return second }
    guard let second else { return first }
    return EffectHooks(
      started: {
        first.started($0); second.started($0)
      },
      attached: {
        first.attached($0, $1); second.attached($0, $1)
      },
      finished: {
        first.finished($0); second.finished($0)
      })
  }
}
