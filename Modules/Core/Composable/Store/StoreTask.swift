/// The work one `send` started: await it to wait for its effects, cancel it to stop them.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let task: Task<Void, Never>?

  @inlinable init(_ task: Task<Void, Never>?) {
    self.task = task
  }

  /// The task of a send that started no effect.
  public static let none = StoreTask(nil)

  /// Cancels every effect the action started.
  public func cancel() { task?.cancel() }

  /// Waits until every effect the action started has finished; cancelling the waiting task cancels them.
  nonisolated(nonsending) public func finish() async {
    guard let task else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Whether the effects were cancelled (false when the action started none).
  public var isCancelled: Bool { task?.isCancelled ?? false }

  /// Whether the action started any effect that runs in a task.
  public var hasEffects: Bool { task != nil }
}
