/// The work one `send` started: await it to wait for its effects, cancel it to stop them.
///
/// It covers the effects the action started and, as in TCA, the effects started by the
/// actions those effects send later on: cancelling it cancels them all, `finish` waits for them all.
public struct StoreTask: Hashable, Sendable {
  /// The effect's lineage (its task and what its actions started), or a group of several; nil for no effect.
  // One reference, not a task and a lineage: every caller that drops the result of `send` releases it.
  @usableFromInline let lineage: EffectLineage?

  @inlinable init(_ lineage: EffectLineage?) {
    self.lineage = lineage
  }

  /// The task of a send that started no effect.
  public static let none = StoreTask(nil)

  /// Cancels every effect the action started, and those started by the actions they sent.
  public func cancel() { lineage?.cancel() }

  /// Waits until every effect the action started has finished, and those started by the actions they sent;
  /// cancelling the waiting task cancels them.
  nonisolated(nonsending) public func finish() async {
    guard let lineage else { return }
    await withTaskCancellationHandler {
      await lineage.wait()
    } onCancel: {
      lineage.cancel()
    }
  }

  /// Waits as `finish` does, without cancelling anything when the waiting task is cancelled.
  nonisolated(nonsending) func wait() async {
    await lineage?.wait()
  }

  /// Whether the effects were cancelled (false when the action started none).
  public var isCancelled: Bool { lineage?.isCancelled ?? false }

  /// Whether the action started any effect that runs in a task.
  public var hasEffects: Bool { lineage != nil }

  /// Whether the work is known to have ended.
  @MainActor var isKnownFinished: Bool { lineage?.isFinished ?? true }

  /// Two store tasks are equal when they stand for the same work.
  public static func == (lhs: StoreTask, rhs: StoreTask) -> Bool { lhs.lineage === rhs.lineage }

  /// Hashes the work this stands for.
  public func hash(into hasher: inout Hasher) { hasher.combine(lineage.map(ObjectIdentifier.init)) }
}
