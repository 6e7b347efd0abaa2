/// The work one `send` started: await it to wait for its effects, cancel it to stop them.
///
/// It covers the effects the action started and, as in TCA, the effects started by the
/// actions those effects send later on: cancelling it cancels them all, `finish` waits for them all.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let task: Task<Void, Never>?
  /// What the effect sent (or, with no task, the effects of a send that started several).
  @usableFromInline let lineage: EffectLineage?

  @inlinable init(_ task: Task<Void, Never>?, lineage: EffectLineage? = nil) {
    self.task = task
    self.lineage = lineage
  }

  /// The task of a send that started no effect.
  public static let none = StoreTask(nil)

  /// Cancels every effect the action started, and those started by the actions they sent.
  public func cancel() {
    task?.cancel()
    lineage?.cancel()
  }

  /// Waits until every effect the action started has finished, and those started by the actions they sent;
  /// cancelling the waiting task cancels them.
  nonisolated(nonsending) public func finish() async {
    guard hasEffects else { return }
    await withTaskCancellationHandler {
      await wait()
    } onCancel: {
      cancel()
    }
  }

  /// Waits as `finish` does, without cancelling anything when the waiting task is cancelled.
  nonisolated(nonsending) func wait() async {
    if let task { await task.value }
    if let lineage { await lineage.waitForDescendants() }
  }

  /// Whether the effects were cancelled (false when the action started none).
  public var isCancelled: Bool { task?.isCancelled ?? lineage?.isCancelled ?? false }

  /// Whether the action started any effect that runs in a task.
  public var hasEffects: Bool { task != nil || lineage != nil }

  /// Whether the work is known to have ended; false when only its task could tell, which it does not.
  @MainActor var isKnownFinished: Bool { lineage?.isFinished ?? (task == nil) }

  /// Two store tasks are equal when they stand for the same work.
  public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool {
    lhs.task == rhs.task && lhs.lineage === rhs.lineage
  }

  /// Hashes the work this stands for.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(task)
    hasher.combine(lineage.map(ObjectIdentifier.init))
  }
}
