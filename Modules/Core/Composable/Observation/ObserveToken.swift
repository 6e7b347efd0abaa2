import Foundation
import Sharing

/// Runs `apply` now, and again whenever something it read of a store changes, until the returned token is cancelled
/// or released: TCA's `observe { }`, with the fields it read through `store.field` (or a scoped store's), the
/// presence of the children and the ids of the lists it scoped, and the `@Shared` values it read as what it
/// depends on.
///
///     let token = observe { label = "\(store.count)" }   // a change of another field does not run it
///
/// It runs again once per change, as a SwiftUI body is rendered once per frame, never once per thing that changed:
/// - a send that changed what it read (one field or several, of one store or of several scopes of the tree) runs
///   it once, synchronously, when the send returns, after every store of the tree has been compared;
/// - a `@Shared` value it read that changed (by a reducer, an effect, another process) runs it on the main actor's
///   next turn, once for every change made until then, and not at all when a run after the change already saw
///   it (a send that wrote a field and a shared value is one run).
///
/// Reading `store.state` whole, or a field of a state that is not `ObservableState`, depends on every change of
/// that store's state. The token must be kept: releasing it stops the observation.
@MainActor @discardableResult
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
  let token = ObserveToken(apply)
  token.run()
  return token
}

/// Keeps an `observe { }` running; `cancel()` or releasing it stops it.
@MainActor public final class ObserveToken {
  private let apply: @MainActor () -> Void
  /// When it began among all observers: a pass runs the ones it told in this order, so an observer that began
  /// inside another's run (a child view's body inside its parent's) runs after it, as SwiftUI renders parents first.
  let order: UInt64
  private static var nextOrder: UInt64 = 0
  // The properties a run touches skip dynamic exclusivity checks (a large part of a run's cost): they are touched
  // only on the main actor, and never while a caller holds one.
  /// What the last run follows in the stores it read; a `let` of its own, so that a deinit on any thread can end it.
  private let subscriptions = FieldSubscriptions()
  private var isCancelled = false
  /// Whether a send changed what the last run read: the run waits for the end of the send's pass.
  @exclusivity(unchecked) private var isPending = false
  /// The shared values the last run read, each with the number of the last change it saw of it: a change told
  /// later that the run already saw runs nothing.
  @exclusivity(unchecked) private var sharedSeen: [ObjectIdentifier: UInt64] = [:]
  /// The shared values the last run read.
  private var sharedRead: [any FollowableSharedValue] = []
  /// The shared values being followed: each is followed once until it changes, however often `apply` runs, so
  /// follows do not pile up on a value that does not change.
  private var followedShared: Set<ObjectIdentifier> = []

  init(_ apply: @escaping @MainActor () -> Void) {
    self.apply = apply
    Self.nextOrder += 1
    order = Self.nextOrder
  }

  /// Runs `apply` with its reads recorded, then follows what it read (and only that) until the next run.
  func run() {
    isPending = false
    stopFollowing()
    guard !isCancelled else { return }
    var reads: [(hub: any FieldHubProtocol, fields: FieldSet)] = []
    let changesBefore = SharedHistory.now
    let shared = SharedReadRecording.recordingOnThisThread { reads = FieldReadTracking.recording(apply) }
    for (hub, fields) in reads {
      subscriptions.add(hub, hub.addObserver(reading: fields) { [weak self] in self?.readFieldChanged() })
    }
    if !sharedSeen.isEmpty { sharedSeen.removeAll(keepingCapacity: true) }
    sharedRead = shared
    var changedWhileRead: (any FollowableSharedValue)?
    for reference in shared {
      // A change stored while `apply` ran may or may not be what it read: counted as unseen, so it runs again.
      let lastChange = reference.lastChange
      sharedSeen[ObjectIdentifier(reference)] = lastChange > changesBefore ? changesBefore : lastChange
      if lastChange > changesBefore { changedWhileRead = reference }
      follow(reference)
    }
    // Its follower came too late to be told of that change: tell it as the follower would have.
    if let changedWhileRead { sharedChangeLater(changedWhileRead) }
  }

  /// A send changed a field (or a structure) the last run read: it runs once, when the send's pass is over.
  private func readFieldChanged() {
    guard !isPending, !isCancelled else { return }
    isPending = true
    ObservationPass.runWhenOver(self)
  }

  /// Runs `apply` again if a send changed what it read since it last ran.
  func runIfPending() {
    if isPending { run() }
  }

  /// Runs `apply` now if what it read changed since it last ran, a shared value included (whose change would run
  /// it only on the next turn): for a caller about to use what the last run made (a session about to draw after
  /// a command that wrote a shared value). The later turn then finds the change seen, and runs nothing.
  package func runIfOutdated() {
    guard !isCancelled else { return }
    if isPending || sharedRead.contains(where: { $0.lastChange > (sharedSeen[ObjectIdentifier($0)] ?? 0) }) {
      run()
    }
  }

  private func follow(_ reference: any FollowableSharedValue) {
    guard followedShared.insert(ObjectIdentifier(reference)).inserted else { return }
    // Told on the writing thread once the new value is stored; `apply` runs on the main actor.
    reference.afterNextChange { [weak self] in self?.sharedChangeLater(reference) }
  }

  private nonisolated func sharedChangeLater(_ reference: any FollowableSharedValue) {
    Task { @MainActor [weak self] in self?.sharedValueChanged(reference) }
  }

  private func sharedValueChanged(_ reference: any FollowableSharedValue) {
    let id = ObjectIdentifier(reference)
    followedShared.remove(id)
    // Not read by the last run (it depends on it no more), or already seen by a run after the change.
    guard !isCancelled, let seen = sharedSeen[id] else { return }
    if reference.lastChange > seen {
      run()
    } else {
      follow(reference)
    }
  }

  /// Stops the observation: `apply` runs no more.
  public func cancel() {
    isCancelled = true
    isPending = false
    stopFollowing()
  }

  private func stopFollowing() {
    subscriptions.removeAll()
  }

  // Not `isolated deinit` (see `onMainActorNowOrNextTurn`). A pass holds a waiting token weakly, so a release
  // anywhere leaves nothing dangling; the stores stop telling it on the main actor, now if this is it.
  deinit {
    let subscriptions = subscriptions
    onMainActorNowOrNextTurn { subscriptions.removeAll() }
  }
}

/// The pass in which a send tells its followers: the `observe { }` runs it asks for wait until it is over, so one
/// send that changed several things an observer read (a parent's field and a child's, a list's ids and a row)
/// runs it once.
@MainActor enum ObservationPass {
  /// How many passes are telling now (a follower's work may send, and that send tells in a pass of its own).
  @exclusivity(unchecked) private static var depth = 0
  /// The observers told and not run yet, in the order they were told; one released meanwhile is nil (held
  /// weakly, so a token released on any thread leaves nothing dangling).
  @exclusivity(unchecked) private static var waiting: [WaitingObserver] = []
  /// Where the run of the waiting observers is in `waiting`, while it runs.
  @exclusivity(unchecked) private static var nextToRun = 0
  @exclusivity(unchecked) private static var isRunning = false
  /// Whether `waiting` from `nextToRun` on is in the order its observers began.
  @exclusivity(unchecked) private static var isInOrder = true

  /// Runs `tell` as a pass: the observers it asks to run again run once each when the outermost pass ends.
  static func telling(_ tell: () -> Void) {
    depth += 1
    tell()
    depth -= 1
    if depth == 0, !isRunning, !waiting.isEmpty { runWaiting() }
  }

  /// Runs the waiting observers, those that began first first; an observer's run may send again, and what that
  /// send tells joins this run.
  private static func runWaiting() {
    isRunning = true
    while nextToRun < waiting.count {
      if !isInOrder {
        waiting[nextToRun...].sort { $0.order < $1.order }
        isInOrder = true
      }
      let observer = waiting[nextToRun]
      nextToRun += 1
      guard let token = observer.token else { continue }
      token.runIfPending()
    }
    waiting.removeAll(keepingCapacity: true)
    nextToRun = 0
    isRunning = false
  }

  /// Runs `token` once the pass is over, or now when no pass runs.
  static func runWhenOver(_ token: ObserveToken) {
    guard depth > 0 || isRunning else {
      token.runIfPending()
      return
    }
    if let last = waiting.last, last.order > token.order { isInOrder = false }
    waiting.append(WaitingObserver(token: token, order: token.order))
  }
}

/// An observer waiting for the end of a pass, and when it began.
struct WaitingObserver {
  weak var token: ObserveToken?
  let order: UInt64
}

/// The stores' followers an `ObserveToken`'s last run added, each with its hub: ended all at once, on the main
/// actor, whichever thread releases the token.
final class FieldSubscriptions: @unchecked Sendable {
  // Touched only on the main actor (`add` and `removeAll` are called there); unchecked so a deinit may hold it.
  private var subscriptions: [(hub: any FieldHubProtocol, id: UInt64)] = []

  @MainActor func add(_ hub: any FieldHubProtocol, _ id: UInt64) {
    subscriptions.append((hub, id))
  }

  @MainActor func removeAll() {
    for (hub, id) in subscriptions { hub.removeObserver(id) }
    subscriptions.removeAll()
  }
}
