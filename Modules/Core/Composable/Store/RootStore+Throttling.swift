import Foundation
import Observation

// Throttled effects: one per id and window, the latest or the first kept for the window's end.
extension RootStore {
  /// Per-id throttle window: when the last effect ran, and what waits for the window to close.
  struct ThrottleRecord {
    var lastStart: any Sendable
    var pending: Effect<Action>?
    var timer: Task<Void, Never>?
  }

  func throttle(
    _ spec: ThrottleSpec, _ inner: Effect<Action>, keys: [CancelKey], into started: inout [StoreTask]
  ) {
    if var record = throttles[spec.key], let elapsed = spec.elapsedSince(record.lastStart), elapsed < spec.interval {
      if spec.latest || record.pending == nil { record.pending = inner }
      if record.timer == nil {
        let remaining = spec.interval - elapsed
        record.timer = startTask(
          keys: keys + spec.key.registrationKeys, priority: nil, lineage: EffectLineage(lock: effects.lineageLock)
        ) {
          [weak self] in
          do { try await spec.sleep(remaining) } catch { return }
          self?.fireThrottled(spec, keys: keys)
        }
      }
      throttles[spec.key] = record
      return
    }
    throttles[spec.key] = ThrottleRecord(lastStart: spec.now(), pending: nil, timer: nil)
    start(inner, keys: keys + spec.key.registrationKeys, into: &started)
  }

  func fireThrottled(_ spec: ThrottleSpec, keys: [CancelKey]) {
    guard let record = throttles[spec.key] else { return }
    throttles[spec.key] = ThrottleRecord(lastStart: spec.now(), pending: nil, timer: nil)
    guard let pending = record.pending else { return }
    var started: [StoreTask] = []
    senderEvent?(.firingTimer(true))
    startOutsideLoop(pending, keys: keys + spec.key.registrationKeys, into: &started)
    senderEvent?(.firingTimer(false))
  }
}
