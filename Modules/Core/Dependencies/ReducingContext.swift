#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The environment of the reduce running on this thread: its dependencies and where in the feature tree it runs.
///
/// A store installs its context for the length of one synchronous send loop, so
/// `@Dependency` reads in reducers cost a thread-local load instead of a
/// task-local push (which costs more than a whole action). Nothing awaits while a context is installed, so a task
/// can never carry it to another thread.
@usableFromInline package final class ReducingContext: @unchecked Sendable {
  // Unchecked: a context is only touched by the thread it is installed on.
  /// The dependencies reducers in this context see.
  @exclusivity(unchecked) @usableFromInline package var dependencies: DependencyValues
  /// The built part of the navigation path: every id entered with `enterNavigationID`, and deferred ones flushed.
  @exclusivity(unchecked) @usableFromInline var builtPath: NavigationIDPath
  /// Ids entered without being built (`enterDeferredNavigationID`), innermost last.
  @exclusivity(unchecked) @usableFromInline var deferredIDs = DeferredNavigationStack()
  /// How many of `deferredIDs`, from the first, were built into `builtPath`.
  @exclusivity(unchecked) @usableFromInline var flushedCount = 0

  /// The thread-specific key of the per-thread cells (`slot`), read without `swift_once`.
  @usableFromInline let threadKey: pthread_key_t

  /// Creates a context.
  @usableFromInline package init(dependencies: DependencyValues, navigationPath: NavigationIDPath = NavigationIDPath())
  {
    self.dependencies = dependencies
    builtPath = navigationPath
    threadKey = Self.slot
  }

  deinit {
    deferredIDs.deallocate()
  }

  /// The chain of presented, stacked or listed features the running reducer belongs to.
  ///
  /// Deferred ids are built here, when something asks (an effect made
  /// cancellable, say), rather than on every element action.
  @usableFromInline package var navigationPath: NavigationIDPath {
    guard deferredIDs.count > flushedCount else { return builtPath }
    var path = builtPath
    for index in flushedCount..<deferredIDs.count { path.ids.append(deferredIDs[index].build()) }
    return path
  }

  /// The context installed on this thread, if a reduce is running.
  @inline(__always) @usableFromInline package static var current: ReducingContext? {
    guard let cell = existingCell(), let raw = cell.pointee else { return nil }
    return Unmanaged<ReducingContext>.fromOpaque(raw).takeUnretainedValue()
  }

  /// The dependencies of the running reduce, if any.
  @inline(__always) static var currentDependencies: DependencyValues? { current?.dependencies }

  /// Installs `self` on this thread; the result puts back what was installed before.
  ///
  /// The store's loop uses this pair instead of `install` because a closure
  /// created on the main actor and passed to a nonisolated function gets a
  /// dynamic isolation check on every call.
  @inlinable @inline(__always) package func enter() -> ContextRestoration {
    let cell = Self.cell(key: threadKey)
    let previous = cell.pointee
    cell.pointee = Unmanaged.passUnretained(self).toOpaque()
    return ContextRestoration(cell: cell, previous: previous)
  }

  /// Uninstalls any context from this thread; the result puts it back.
  ///
  /// An effect that starts running synchronously inside the store's loop uses
  /// this, so it reads the dependencies it captured and not the running reduce's.
  @inlinable @inline(__always) package static func leave() -> ContextRestoration {
    let cell = cell(key: slot)
    let previous = cell.pointee
    cell.pointee = nil
    return ContextRestoration(cell: cell, previous: previous)
  }

  /// Runs `body` with `self` installed, restoring whatever was installed before.
  @inline(__always) @usableFromInline package func install<R>(_ body: () throws -> R) rethrows -> R {
    let restoration = enter()
    defer { restoration.restore() }
    return try body()
  }

  /// Runs `body` with the current context's dependencies changed by `update`, then restores them.
  @usableFromInline package static func withDependencies<R>(
    _ update: (inout DependencyValues) throws -> Void, _ body: () throws -> R
  ) rethrows -> R {
    guard let context = current else {
      var values = DependencyValues.current
      try update(&values)
      return try ReducingContext(dependencies: values).install(body)
    }
    let saved = context.dependencies
    try update(&context.dependencies)
    defer { context.dependencies = saved }
    return try body()
  }

  /// Appends `id` to the running context's navigation path; pair with `leaveNavigationID`.
  ///
  /// The closure-free form of `withNavigationID`, for hot paths: a closure would
  /// capture (copy) the reducer it runs.
  @inline(__always) @usableFromInline package static func enterNavigationID(_ id: NavigationID) -> ReducingContext? {
    guard let context = current else { return nil }
    // Deferred ids entered before this one come before it in the path.
    while context.flushedCount < context.deferredIDs.count {
      context.builtPath.ids.append(context.deferredIDs[context.flushedCount].build())
      context.flushedCount += 1
    }
    context.builtPath.ids.append(id)
    return context
  }

  /// Removes the id `enterNavigationID` appended.
  @inline(__always) @usableFromInline package static func leaveNavigationID(_ context: ReducingContext?) {
    context?.builtPath.ids.removeLast()
  }

  /// Appends the id `source` stands for without building it; pair with `leaveDeferredNavigationID`.
  ///
  /// For `forEach`, which enters an element's id on every element action while
  /// few of those actions read the path: building a `NavigationID` (two
  /// existentials) and copying it in and out of the path cost a quarter of such
  /// an action. `source` must stay valid until the matching leave.
  @inlinable @inline(__always) package static func enterDeferredNavigationID<Source: NavigationIDSource>(
    _ source: UnsafePointer<Source>
  ) -> Unmanaged<ReducingContext>? {
    // Unmanaged: the store that installed the context keeps it alive, and a
    // retain and release per element action would be a tenth of its cost.
    guard let cell = existingCell(), let raw = cell.pointee else { return nil }
    let context = Unmanaged<ReducingContext>.fromOpaque(raw)
    context._withUnsafeGuaranteedRef {
      $0.deferredIDs.push(DeferredNavigationID(source: UnsafeRawPointer(source), type: Source.self))
    }
    return context
  }

  /// Removes the id `enterDeferredNavigationID` appended, and its built copy if it was built.
  @inlinable @inline(__always) package static func leaveDeferredNavigationID(_ context: Unmanaged<ReducingContext>?) {
    context?._withUnsafeGuaranteedRef { context in
      context.deferredIDs.pop()
      if context.flushedCount > context.deferredIDs.count {
        context.flushedCount -= 1
        context.builtPath.ids.removeLast()
      }
    }
  }

  /// Runs `body` with `id` appended to the current navigation path, then removes it.
  @inline(__always) @usableFromInline package static func withNavigationID<R>(
    _ id: NavigationID, _ body: () throws -> R
  ) rethrows -> R {
    let context = enterNavigationID(id)
    defer { leaveNavigationID(context) }
    return try body()
  }

  /// This thread's cell, or nil if no context was ever installed on it.
  @inlinable @inline(__always) static func existingCell() -> ContextCell? {
    pthread_getspecific(slot)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// This thread's cell, made on the thread's first install.
  @inlinable @inline(__always) static func cell(key: pthread_key_t) -> ContextCell {
    guard let raw = pthread_getspecific(key) else { return makeCell(key: key) }
    return raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
  }

  /// Allocates this thread's cell; the key's destructor frees it when the thread ends.
  @usableFromInline @inline(never) static func makeCell(key: pthread_key_t) -> ContextCell {
    let cell = ContextCell.allocate(capacity: 1)
    cell.initialize(to: nil)
    let status = pthread_setspecific(key, cell)
    precondition(status == 0, "could not store this thread's reducing-context cell")
    return cell
  }

  /// The thread-specific key of the cells; copied into each context (`threadKey`), because reading
  /// a lazily initialized global goes through `swift_once` on every read.
  @usableFromInline static let slot: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { $0.deallocate() }
    #else
      let status = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(status == 0, "could not create the reducing-context thread key")
    return key
  }()
}

/// A value a `NavigationID` can be built from when it is needed.
@usableFromInline package protocol NavigationIDSource {
  /// The id the `Self` at `source` stands for.
  static func navigationID(at source: UnsafeRawPointer) -> NavigationID
}

/// A navigation id entered but not built: where its source is, and the source's type.
@usableFromInline struct DeferredNavigationID {
  @usableFromInline let source: UnsafeRawPointer
  @usableFromInline let type: any NavigationIDSource.Type

  @inlinable init(source: UnsafeRawPointer, type: any NavigationIDSource.Type) {
    self.source = source
    self.type = type
  }

  /// The id, built.
  @usableFromInline func build() -> NavigationID {
    type.navigationID(at: source)
  }
}

/// A thread's slot for the context installed on it.
///
/// The thread-specific value is this cell, made once per thread, rather than
/// the context itself: installing and restoring a context then write the cell,
/// where `pthread_setspecific` cost two thirds of a counter's whole send.
@usableFromInline package typealias ContextCell = UnsafeMutablePointer<UnsafeMutableRawPointer?>

/// What `ReducingContext.enter()` or `leave()` replaced on this thread.
@usableFromInline package struct ContextRestoration {
  @usableFromInline let cell: ContextCell
  @usableFromInline let previous: UnsafeMutableRawPointer?

  @inlinable init(cell: ContextCell, previous: UnsafeMutableRawPointer?) {
    self.cell = cell
    self.previous = previous
  }

  /// Puts back what was installed before; call it on the same thread, in reverse order of entering.
  @inlinable @inline(__always) package func restore() {
    cell.pointee = previous
  }
}
