/// The instants of a clock every `interval`, as a sequence to `for await` over: a timer that a test drives with a
/// `TestClock` (swift-clocks' `clock.timer(interval:)`). It ends when its task is cancelled.
public struct AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable where C: Sendable, C.Duration: Sendable {
  /// The instant each tick was due.
  public typealias Element = C.Instant

  let clock: C
  let interval: C.Duration
  let tolerance: C.Duration?

  /// Ticks of `clock` every `interval`, the first one `interval` from when iteration starts.
  public init(interval: C.Duration, tolerance: C.Duration? = nil, clock: C) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// An iterator sleeping to each next tick.
  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, tolerance: tolerance)
  }

  /// Sleeps until each next tick; nil once its task is cancelled.
  public struct Iterator: AsyncIteratorProtocol {
    let clock: C
    let interval: C.Duration
    let tolerance: C.Duration?
    var last: C.Instant?

    init(clock: C, interval: C.Duration, tolerance: C.Duration?) {
      self.clock = clock
      self.interval = interval
      self.tolerance = tolerance
    }

    /// The next tick's instant, once the clock reaches it.
    public mutating func next() async -> C.Instant? {
      // From the last tick, not from now: a slow consumer does not make the ticks drift.
      let due = (last ?? clock.now).advanced(by: interval)
      do {
        try await clock.sleep(until: due, tolerance: tolerance)
      } catch {
        return nil
      }
      last = due
      return due
    }
  }
}

extension Clock where Self: Sendable, Duration: Sendable {
  /// A tick every `interval` of this clock.
  public func timer(interval: Duration, tolerance: Duration? = nil) -> AsyncTimerSequence<Self> {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: self)
  }
}
