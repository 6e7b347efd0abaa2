import Composable

/// Where a store's timeline writes what happens as it happens (a ``TraceFile``): each action
/// and its reduce, each effect from start to end, and the changes and saves of shared values.
///
/// Told on the store's actor, as things happen; times are microseconds since the timeline began.
public protocol TimelineTrace: AnyObject, Sendable {
  /// Action `sequence` (its `path`, sent from `origin`) was reduced from `start`, for `duration`.
  func action(sequence: Int, path: String, origin: TimelineOrigin, start: Int64, duration: Int64)
  /// Effect `id` began, started by the reduce of action `startedBy` (at `path`).
  func effectBegan(id: UInt64, startedBy: Int, path: String, at time: Int64)
  /// Effect `id`, started by action `startedBy` (at `path`), ended with `outcome`.
  func effectEnded(id: UInt64, startedBy: Int, path: String, outcome: EffectOutcome, at time: Int64)
  /// The shared value `name` changed (its change `number`), here or in another process (`elsewhere`).
  func sharedChange(name: String, number: UInt64, elsewhere: Bool, at time: Int64)
  /// The shared file `file` began save `id`.
  func saveBegan(file: String, id: UInt64, at time: Int64)
  /// Save `id` of the shared file `file` ended, with `failure` if it failed.
  func saveEnded(file: String, id: UInt64, failure: String?, at time: Int64)
}
