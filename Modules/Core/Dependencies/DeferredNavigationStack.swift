/// The deferred navigation ids of a `ReducingContext`, innermost last.
///
/// `forEach` pushes and pops one id for every element action. A Swift array
/// checks uniqueness and capacity on each `append` and `removeLast` (about 30
/// instructions together, a twentieth of such an action); this buffer belongs to
/// one context, never shared or copied, so a push is a store and a pop a decrement.
@usableFromInline struct DeferredNavigationStack {
  @usableFromInline var base: UnsafeMutablePointer<DeferredNavigationID>
  @usableFromInline var capacity: Int
  /// How many ids are pushed.
  @usableFromInline var count = 0

  /// An empty stack with room for `capacity` ids before it grows.
  init(capacity: Int = 8) {
    base = .allocate(capacity: capacity)
    self.capacity = capacity
  }

  /// Pushes `id`.
  @inlinable mutating func push(_ id: DeferredNavigationID) {
    if count == capacity { grow() }
    (base + count).initialize(to: id)
    count += 1
  }

  /// Pops the innermost id.
  @inlinable mutating func pop() {
    precondition(count > 0, "DeferredNavigationStack: pop without push")
    count -= 1
    (base + count).deinitialize(count: 1)
  }

  /// The id at `index`, counting from the outermost.
  @inlinable subscript(index: Int) -> DeferredNavigationID { base[index] }

  /// Doubles the room; out of line, as it happens only when features nest deeper than ever before.
  @inline(never) @usableFromInline mutating func grow() {
    let larger = UnsafeMutablePointer<DeferredNavigationID>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }

  /// Frees the buffer; the owner calls it once, when it goes away.
  func deallocate() {
    base.deinitialize(count: count)
    base.deallocate()
  }
}
