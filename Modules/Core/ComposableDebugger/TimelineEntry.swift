import Composable
import Foundation

/// One action as a timeline keeps it: when it came, from whom, and the state it left.
public struct TimelineEntry<State, Action> {
  /// Its number in the store's life, from 1; numbers are never reused, even once the entry is dropped.
  public let sequence: Int
  /// The action.
  public let action: Action
  /// Who sent it.
  public let origin: TimelineOrigin
  /// When it was reduced, in nanoseconds of the system's monotonic clock (see `date`).
  private let time: UInt64
  /// The state after it: states are values, so entries share what did not change.
  public let state: State
  /// The shared values' change number after it (`SharedHistory.now`): the state's `@Shared` values read as they
  /// were then inside `SharedHistory.reading(asOf: sharedChange)`.
  public let sharedChange: UInt64
  /// How long its reduce took, when the timeline timed it (`StoreTimeline.timesReduces`).
  public let reduceDuration: Duration?

  /// The entry for an action the store's send loop stored.
  init(_ stored: StoredAction<State, Action>) {
    sequence = stored.sequence
    action = stored.action
    origin = TimelineOrigin(stored.origin)
    time = stored.time
    state = stored.state
    sharedChange = stored.sharedChange
    reduceDuration = stored.reduceNanos == 0 ? nil : .nanoseconds(Int64(stored.reduceNanos - 1))
  }

  /// When it was reduced (wall clock), from the monotonic reading taken then.
  public var date: Date { MonotonicClock.date(of: time) }

  /// The action's full path in the feature tree (`path[id: 1].detail.delegate(.saved)`).
  public var path: String { actionPath(action) }
}
