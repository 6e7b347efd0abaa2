/// What a test store binds around its sends for code inside its feature to find: the work of its effects (a
/// `TestClock` woken inside one waits on it) and its tracker of shared changes. The effects' tasks inherit it.
///
/// One binding for both: each new task copies every task-local bound where it is made, so a second binding would
/// make every effect a test store starts dearer.
public final class TestStoreScope: Sendable {
  /// The work of the test store's effects, where the runtime lets it be counted.
  public let work: (any SettleableWork)?
  /// The test store's tracker of shared changes (a `SharedChangeTracker`, which this module cannot name).
  public let sharedChanges: (any AnyObject & Sendable)?

  /// A scope for one test store.
  public init(work: (any SettleableWork)?, sharedChanges: (any AnyObject & Sendable)?) {
    self.work = work
    self.sharedChanges = sharedChanges
  }

  /// The scope of the test store whose feature is running, if any.
  @TaskLocal public static var current: TestStoreScope?
}
