/// The one door through which a tool watches a root store: each action with the state it left and the effect it
/// returned, and every other step of the send loop as a `StoreEvent`.
///
/// The package's tools (the test store, the explorer, the debugger's timeline and the server it feeds) attach one
/// each (`Store.attach(_:)`); the store knows none of them. A store with none attached pays one branch per action.
/// `didReduce` is a closure so that a tool built where the store's types are known (an inlinable factory, as the
/// debugger's timeline has) records through code specialized for them.
@usableFromInline package final class StoreHook<State, Action> {
  /// Called after each action's reduce: the action, the state it left, the effect it returned, whether it waited
  /// in the loop's buffer (sent while another action was handled), and the monotonic clock's reading before the
  /// reduce (0 unless `timesReduces`). Always called on the main actor, by the send loop, but typed nonisolated: a
  /// main-actor closure made outside the main actor checks the executor on every call, a third of a send.
  @usableFromInline let didReduce: (Action, State, Effect<Action>, Bool, UInt64) -> Void
  /// Whether `didReduce` needs the clock's reading before each reduce (a trace shows the reduce's span, the
  /// debugger times each action); the tool may change it as it goes. Read on the main actor, by the send loop.
  @usableFromInline @exclusivity(unchecked) package var timesReduces: Bool {
    didSet { combination?.timesReduces = combination?.parts.contains { $0.timesReduces } ?? false }
  }
  /// The hook that tells this one among others (`combining`), which the store calls instead: it times reduces
  /// while any of its parts does.
  private weak var combination: StoreHook?
  /// The hooks this one tells, when it combines several.
  private var parts: [StoreHook] = []
  /// Whether the tool follows who sends each action (`StoreEvent.isAboutSenders`): the loop builds those events
  /// only for a tool that reads them.
  let tracksSenders: Bool
  /// Every other step: effects starting, given their task, failing and finishing, and where the next actions come
  /// from. Told on the main actor; an effect's end is told inside its task, so `Task.isCancelled` there says how.
  @usableFromInline let event: @MainActor @Sendable (StoreEvent) -> Void
  /// Which tool this is: attaching another hook of the same kind replaces it.
  package let kind: String
  /// What the tool keeps alive for as long as the store reports to it (its reader, say).
  package let owner: AnyObject?

  /// A hook of `kind` whose tool is kept alive by `owner`, told each reduce through `didReduce` and every other
  /// step through `event`.
  @usableFromInline package init(
    kind: String,
    owner: AnyObject? = nil,
    timesReduces: Bool = false,
    tracksSenders: Bool = false,
    didReduce: @escaping (Action, State, Effect<Action>, Bool, UInt64) -> Void,
    event: @escaping @MainActor @Sendable (StoreEvent) -> Void
  ) {
    self.kind = kind
    self.owner = owner
    self.timesReduces = timesReduces
    self.tracksSenders = tracksSenders
    self.didReduce = didReduce
    self.event = event
  }

  /// The monotonic clock's reading before a reduce, for the hook at `pointer` (a store's unretained reference)
  /// when it times reduces; else 0.
  @inlinable static func readingBeforeReduce(_ pointer: UnsafeMutableRawPointer) -> UInt64 {
    Unmanaged<StoreHook>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.timesReduces ? MonotonicClock.now() : 0 }
  }

  /// `didReduce` of the hook at `pointer`: no retain, and, being nonisolated, no executor check in the send loop.
  @inlinable static func tell(
    _ pointer: UnsafeMutableRawPointer, _ action: Action, state: State, effect: Effect<Action>, fromBuffer: Bool,
    started: UInt64
  ) {
    Unmanaged<StoreHook>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
      $0.didReduce(action, state, effect, fromBuffer, started)
    }
  }

  /// One hook telling every hook of `hooks` in turn, or the only one, or nil for none.
  static func combining(_ hooks: [StoreHook]) -> StoreHook? {
    guard hooks.count > 1 else { return hooks.first }
    let reduces = hooks.map(\.didReduce)
    // Who sent what goes only to the hooks that track it, as it would were each attached alone.
    let events = hooks.map { hook in (told: hook.event, tracksSenders: hook.tracksSenders) }
    let combined = StoreHook(
      kind: hooks.map(\.kind).joined(separator: "+"),
      timesReduces: hooks.contains { $0.timesReduces },
      tracksSenders: hooks.contains { $0.tracksSenders },
      didReduce: { action, state, effect, fromBuffer, started in
        for reduced in reduces { reduced(action, state, effect, fromBuffer, started) }
      },
      event: { event in
        for (told, tracksSenders) in events where tracksSenders || !event.isAboutSenders { told(event) }
      })
    combined.parts = hooks
    for hook in hooks { hook.combination = combined }
    return combined
  }
}
