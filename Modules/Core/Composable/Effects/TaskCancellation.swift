/// A running effect as cancellation by id sees it: its store's registry and its place in the feature tree.
protocol RunningEffect: AnyObject, Sendable {
  /// The registry of the effect's store; nil once the store is gone.
  var registry: EffectRegistry? { get }
  /// The navigation path of the feature that created the effect.
  var navigationPath: NavigationIDPath { get }
  /// Notes that the effect's body threw an error other than cancellation (a debugger shows it as failed).
  @MainActor func noteFailure()
}

/// Notes that the running effect's body threw: its trace span ends as failed.
@usableFromInline @MainActor func noteRunningEffectFailed() {
  (DependencyValues.current.runningEffect as? any RunningEffect)?.noteFailure()
}

/// Where cancellation ids used outside any store are filed: one registry for the process, at the root path.
private let registryOutsideStores = EffectRegistry()

/// The registry and navigation path that an id is scoped to where the caller runs.
private func cancellationScope() -> (EffectRegistry, NavigationIDPath) {
  if let effect = DependencyValues.current.runningEffect as? any RunningEffect, let registry = effect.registry {
    return (registry, effect.navigationPath)
  }
  return (registryOutsideStores, NavigationIDPath())
}

/// Runs `operation` in a task cancellable with `id`: `Task.cancel(id:)`, or a reducer's `.cancel(id:)` when
/// this runs in an effect, cancels it; with `cancelInFlight`, first cancels any other running with `id`.
///
/// Inside an effect, the id is scoped like `.cancellable(id:)`: to the effect's store and to the place
/// of its feature in the tree (two rows of a `forEach` using one id do not cancel each other). Outside
/// a store it is scoped to the process. Cancelling the calling task cancels the operation too.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: sending @escaping @isolated(any) () async throws -> T
) async throws -> T {
  let (registry, path) = cancellationScope()
  let key = CancelKey(id: AnyHashableSendable(id), path: path)
  if cancelInFlight { registry.cancel(key) }
  let result = OperationResult<T>()
  let registration = registry.reserve(keys: key.registrationKeys)
  let task = Task<Void, Never> {
    do {
      result.value = .success(try await operation())
    } catch {
      result.value = .failure(error)
    }
  }
  registry.attach(task, id: registration)
  await withTaskCancellationHandler {
    await task.value
  } onCancel: {
    task.cancel()
  }
  registry.remove(id: registration)
  return try result.value!.get()
}

/// The outcome of an operation run in its own task, read once that task has ended.
private final class OperationResult<T: Sendable>: @unchecked Sendable {
  // Written by the task before it ends, read after awaiting it: the await orders the two.
  var value: Result<T, any Error>?
}

extension Task where Success == Never, Failure == Never {
  /// Cancels every operation running under `withTaskCancellation(id:)` with `id`, and inside an effect
  /// every effect made `.cancellable(id:)` with it, here or in features below.
  ///
  /// Scoped as `withTaskCancellation(id:)` is: to the calling effect's store and feature, or to the process.
  public static func cancel(id: some Hashable & Sendable) {
    let (registry, path) = cancellationScope()
    registry.cancel(CancelKey(id: AnyHashableSendable(id), path: path))
  }
}
