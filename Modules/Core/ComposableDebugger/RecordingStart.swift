import Composable
import Foundation
import Sharing

/// A recording's header: what its actions start from besides themselves, and, for a failure an exploration
/// found, where it failed. Any terminal app opening the recording (`--replay FILE --step`) reads it.
public struct RecordingStart: Codable, Equatable, Sendable {
  /// The shared values when the recording began: its actions change them, so a replay starts from these, not
  /// from what a data folder holds now.
  public var sharedValues: SharedValuesSnapshot
  /// The state the actions start from, as JSON, when it is not the app's own first state (an explored feature
  /// starts where its test put it); nil: the app's.
  public var initialState: String?
  /// The failure the recording ends with, when an exploration wrote it.
  public var failure: RecordedFailure?
  /// The shape of the action and state types that made it (`recordingFingerprint(of:actions:)`); nil in a
  /// recording made before fingerprints were written.
  public var fingerprint: String?

  /// A header of `sharedValues`, starting from `initialState`, ending with `failure`, made by types of
  /// `fingerprint`.
  public init(
    sharedValues: SharedValuesSnapshot, initialState: String? = nil, failure: RecordedFailure? = nil,
    fingerprint: String? = nil
  ) {
    self.sharedValues = sharedValues
    self.initialState = initialState
    self.failure = failure
    self.fingerprint = fingerprint
  }
}

/// Where a recorded sequence broke a property: the debugger opens on that action and names the property.
public struct RecordedFailure: Codable, Equatable, Sendable {
  /// The failing action's place among the recording's actions, from 1.
  public var action: Int
  /// The property it broke.
  public var property: String
  /// What was wrong.
  public var message: String

  /// The failure of `property` at the recording's `action`-th action.
  public init(action: Int, property: String, message: String) {
    self.action = action
    self.property = property
    self.message = message
  }

  /// `Action #N broke "property": message`, for the debugger's first screen.
  public func said(atSequence sequence: Int) -> String {
    "The exploration failed here, at #\(sequence): \"\(property)\": \(message)"
  }
}

/// Drops the effects of the actions a store is fed from a recording (the recording holds every action those
/// effects sent), while `isReplaying`; the rest of the time the reducer's effects run as usual.
@MainActor public final class ReplayGate {
  /// Whether the store is being fed a recording.
  public var isReplaying = false

  /// A gate that lets effects through until a replay starts.
  public init() {}

  /// Sends `actions` into `store` with their effects dropped and shared saves paused (the recorded writes were
  /// saved when they were recorded), and returns the number the timeline gave the first (nil without one).
  @discardableResult
  public func feed<State, Action>(_ actions: [Action], into store: Store<State, Action>) -> Int? {
    let first = store.timeline.map { $0.lastSequence + 1 }
    isReplaying = true
    let pause = SharedSaves.pause()
    for action in actions { store.send(action) }
    pause.end()
    isReplaying = false
    return first
  }
}

extension Reducer {
  /// This reducer, whose effects are dropped while `gate` replays a recording; the store still prepares it.
  public func droppingEffects(while gate: ReplayGate) -> ModifiedReducer<Self, ReplayEffectsDrop<State, Action>> {
    modified(by: ReplayEffectsDrop(gate: gate))
  }
}

/// What `droppingEffects(while:)` puts around a reducer.
public struct ReplayEffectsDrop<State, Action>: ReducerModifier {
  let gate: ReplayGate

  /// Runs the reducer, and keeps its effect unless the gate replays.
  public func reduce(
    into state: inout State, action: Action, next: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    let effect = next(&state, action)
    let gate = gate
    // Reducers run on the store's main actor.
    return MainActor.assumeIsolated { gate.isReplaying } ? .none : effect
  }
}
