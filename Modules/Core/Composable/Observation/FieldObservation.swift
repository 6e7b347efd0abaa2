/// The reads of the `observe { }` running now, if any: stores record the fields read through them here.
@MainActor enum FieldReadTracking {
  private static var current: [ObjectIdentifier: (hub: any FieldHubProtocol, fields: FieldSet)]?

  /// Whether an `observe { }` is recording reads (one check on every `store.field` read).
  static var isRecording: Bool { current != nil }

  /// Runs `body`, returning the fields it read of each store; a nested recording keeps its own.
  static func recording(_ body: () -> Void) -> [(hub: any FieldHubProtocol, fields: FieldSet)] {
    let outer = current
    current = [:]
    body()
    let reads = current ?? [:]
    current = outer
    return reads.values.map { ($0.hub, $0.fields) }
  }

  /// Notes that `fields` of `hub`'s store were read.
  static func record(_ fields: FieldSet, of hub: any FieldHubProtocol) {
    guard current != nil else { return }
    let key = ObjectIdentifier(hub)
    var entry = current![key] ?? (hub, FieldSet())
    entry.fields.formUnion(fields)
    current![key] = entry
  }
}

/// A store's followers of fields, as `observe { }` sees it without its state type.
@MainActor protocol FieldHubProtocol: AnyObject {
  /// Calls `onChange` after a send that changed one of `fields`; returns the id to remove it with.
  func addObserver(reading fields: FieldSet, onChange: @escaping @MainActor () -> Void) -> UInt64
  /// Stops telling observer `id`.
  func removeObserver(_ id: UInt64)
  /// How many observers it tells.
  var observerCount: Int { get }
}

/// The observers of one store's fields (a root or a scoped store): after each send of the root it compares the
/// store's state field by field with the last one and tells the observers that read a changed field, and
/// Observation about the fields read through it (a SwiftUI view's `store.count`). It follows the root only while it
/// has observers or once Observation saw a field read, so a store nobody observes this way pays nothing.
@MainActor @usableFromInline final class FieldHub<State>: FieldHubProtocol {
  private let read: @MainActor () -> State?
  private weak var root: (any StoreObservationRoot)?
  let fields: ObservableFieldList<State>?
  /// Where the state is in the root's, for a hub every store there shares (nil for one store's own): Observation
  /// knows its fields by it.
  var scope: ScopeKey?
  /// The state at the last send, kept only for a state compared whole (`Equatable`, not `ObservableState`, read
  /// whole): a list read for its ids keeps its ids, since a list kept here would be copied by the next write to a
  /// row. An `ObservableState`'s fields are followed one by one instead (`fieldChanges`).
  private var last: State?
  /// Follows an `ObservableState`'s fields from send to send while the state is there, keeping their values (a
  /// list's ids and write version), not the state.
  private var fieldChanges: ((State) -> FieldSet)?
  /// Whether the state was there at the last send.
  private var wasPresent = false
  // Kept out of the generic class: its loop over the observers then runs as specialized code, with no type
  // metadata looked up per observer.
  private let observers = FieldObservers()
  private var rootSubscription: UInt64?
  /// What this hub follows sends through: the root's, or its list's for a row (nil: the root).
  var source: (any SendSource)?
  /// The fields read where Observation could see it since it was last told of them: Observation is told when one
  /// changes. Its observers of a field are gone once told (they read again to go on), so a field told leaves the
  /// set, and a hub with no field left and no observer stops following the root: a row read once and changed
  /// since costs nothing at later sends. A field whose observer went without being told (a view gone) stays
  /// until it changes, since Observation does not say when its observers go.
  private var observationFields = FieldSet()
  /// Whether Observation saw the whole state read (`store.state` of a scope): told at any change of a field.
  private var wholeStateObserved = false
  /// Whether the structure (a list's ids, a stack's) differs from the one it read last, which it keeps: set by
  /// the first scope that reads it. An optional's structure needs none: it changes when the state comes or goes.
  private var structureDiffers: ((State?) -> Bool)?

  /// Whether two states are equal, for a state that is not an `ObservableState` but is `Equatable`: compared
  /// whole, so a send that did not change it tells no one.
  private let isEqual: ((State, State) -> Bool)?

  init(read: @escaping @MainActor () -> State?, root: any StoreObservationRoot) {
    self.read = read
    self.root = root
    fields = observableFieldList(of: State.self)
    isEqual = fields == nil ? wholeEquality(of: State.self) : nil
  }

  /// What reading `keyPath` of this store's state depends on.
  func reads(_ keyPath: AnyKeyPath) -> FieldSet {
    fields?.reads(keyPath) ?? .all
  }

  /// Registers a read of `fields` with Observation: field by field for a shared hub of an `ObservableState`, else
  /// as a read of the whole state.
  func registerObservationRead(of fields: FieldSet) {
    defer { keepLastStateIfCompared() }
    guard let root else { return }
    guard let scope, !fields.isAll || self.fields != nil || isEqual != nil else {
      root.registerRead()
      return
    }
    if fields.isAll {
      // The whole state of a scope whose fields are listed: a change of any of them, not of the whole root.
      if !wholeStateObserved, observationFields.isEmpty { followRoot() }
      // A lingering view reading a dismissed child's whole last state keeps nothing either (see below).
      guard wasPresent else {
        stopFollowingIfIdle()
        return
      }
      wholeStateObserved = true
      root.registerFieldRead(ObservedFieldKey(scope: scope, field: ObservedFieldKey.wholeState))
      return
    }
    if observationFields.isEmpty, !wholeStateObserved { followRoot() }
    // A lingering view reading a dismissed child's last state: only the child's return could change what it
    // read, and that is a change of the structure, which its parent follows. Nothing to keep for it.
    guard wasPresent || fields.structure else {
      stopFollowingIfIdle()
      return
    }
    observationFields.formUnion(fields)
    for field in fields.positions { root.registerFieldRead(ObservedFieldKey(scope: scope, field: field)) }
    if fields.structure { root.registerFieldRead(ObservedFieldKey(scope: scope, field: ObservedFieldKey.structure)) }
  }

  /// Registers a read of the structure (by `observe { }` and by Observation), changed when the state comes or goes
  /// or when the key `structure` reads differs: what a parent reads through an optional, row or stack scope.
  func registerStructureRead<Key: Equatable>(structure: ((State) -> Key)?) {
    if structureDiffers == nil, let structure {
      var lastKey: Key?
      structureDiffers = { state in
        let key = state.map(structure)
        defer { lastKey = key }
        guard let key, let lastKey else { return false }
        return key != lastKey
      }
      _ = structureDiffers?(read())
    }
    registerObservationRead(of: .structureOnly)
    if FieldReadTracking.isRecording { FieldReadTracking.record(.structureOnly, of: self) }
  }

  func addObserver(reading fields: FieldSet, onChange: @escaping @MainActor () -> Void) -> UInt64 {
    followRoot()
    defer { keepLastStateIfCompared() }
    return observers.add(fields, onChange)
  }

  func removeObserver(_ id: UInt64) {
    observers.remove(id)
    stopFollowingIfIdle()
    forgetKeysNoOneFollows()
  }

  /// Drops the key paths made for fields that no observer and no Observation read follows any more, so a view
  /// gone leaves none behind; a later read makes them again.
  private func forgetKeysNoOneFollows() {
    guard rootSubscription != nil, let root, let scope else { return }
    let followed = observers.fieldsRead.union(observationFields)
    root.keepFieldKeys(at: scope) { field in
      switch field {
      case ObservedFieldKey.structure: followed.structure
      case ObservedFieldKey.wholeState: wholeStateObserved || followed.isAll
      default: followed.isAll || followed.contains(field: field)
      }
    }
  }

  var observerCount: Int { observers.count }

  /// Stops following the root once nobody follows a field here; a shared hub is then forgotten by the root too.
  private func stopFollowingIfIdle() {
    guard observers.isEmpty, observationFields.isEmpty, !wholeStateObserved, let subscription = rootSubscription
    else { return }
    (source ?? root)?.unsubscribe(subscription)
    rootSubscription = nil
    last = nil
    fieldChanges = nil
    wasPresent = false
    _ = structureDiffers?(nil)
    if let scope { root?.forgetFieldHub(self, at: scope) }
  }

  private func followRoot() {
    guard rootSubscription == nil, let source = source ?? root else { return }
    let state = read()
    wasPresent = state != nil
    last = comparesLastState ? state : nil
    fieldChanges = state.flatMap(followFields(from:))
    _ = structureDiffers?(state)
    rootSubscription = source.subscribe { [weak self] in self?.rootDidSend() }
  }

  private func rootDidSend() {
    guard let new = read() else {
      // The state is gone (a dismissed child, a removed row): whoever read it is told once, and finds it gone.
      guard wasPresent else { return }
      last = nil
      fieldChanges = nil
      wasPresent = false
      _ = structureDiffers?(nil)
      observers.notify(.all)
      tellObservation(.all)
      // A dismissed child's fields are read again only if it comes back, with keys made again then.
      if let scope { root?.forgetFieldKeys(at: scope) }
      return
    }
    var changed = FieldSet.all
    if wasPresent {
      if let fieldChanges {
        changed = fieldChanges(new)
      } else if let isEqual, let old = last, isEqual(old, new) {
        // Kept, and so compared, only for a reader of the whole state: a list's hub read for its ids compares none.
        changed = FieldSet()
      } else {
        changed = .everyField
      }
      if structureDiffers?(new) == true { changed.structure = true }
    } else {
      fieldChanges = followFields(from: new)
      _ = structureDiffers?(new)
    }
    wasPresent = true
    last = comparesLastState ? new : nil
    observers.notify(changed)
    guard !observationFields.isEmpty || wholeStateObserved else { return }
    tellObservation(changed)
  }

  /// Whether an observer or Observation reads the state itself, not only its structure.
  private var readsWholeState: Bool {
    wholeStateObserved || observers.readsFields || observationFields.isAll || observationFields.mask != 0
  }

  /// Whether the next send compares the state with this one, which must then be kept.
  private var comparesLastState: Bool {
    isEqual != nil && readsWholeState
  }

  /// A follower of the fields of an `ObservableState`, starting from `state`.
  private func followFields(from state: State) -> ((State) -> FieldSet)? {
    guard let fields else { return nil }
    let follow = fields.makeChangeFollower()
    _ = follow(state)
    return follow
  }

  /// Keeps the state now when a new reader means the next send compares it, so that send tells only a change.
  private func keepLastStateIfCompared() {
    guard rootSubscription != nil, wasPresent, last == nil, comparesLastState else { return }
    last = read()
  }

  /// Tells Observation that `changed` changed, where it saw them read; their observers are gone once told.
  private func tellObservation(_ changed: FieldSet) {
    guard !changed.isEmpty, let root, let scope else { return }
    if wholeStateObserved {
      wholeStateObserved = false
      root.fieldDidChange(ObservedFieldKey(scope: scope, field: ObservedFieldKey.wholeState))
    }
    let fields = changed.intersection(observationFields)
    guard !fields.isEmpty else {
      stopFollowingIfIdle()
      return
    }
    observationFields.subtract(fields)
    for field in fields.positions { root.fieldDidChange(ObservedFieldKey(scope: scope, field: field)) }
    if fields.structure { root.fieldDidChange(ObservedFieldKey(scope: scope, field: ObservedFieldKey.structure)) }
    stopFollowingIfIdle()
  }
}

/// Where a shared hub's state is in the root's: the key path, and the state's type (an optional scope and a plain
/// one may end at one key path with two types).
@usableFromInline struct ScopeKey: Hashable, @unchecked Sendable {
  // Unchecked: a key path of stored properties holds no mutable state.
  let path: AnyKeyPath
  let type: ObjectIdentifier
}

/// A field as Observation knows it: its hub's scope, and its position in the state's list.
@usableFromInline struct ObservedFieldKey: Hashable, Sendable {
  let scope: ScopeKey
  let field: Int

  /// The position that stands for the state's structure (`FieldSet.structure`).
  static let structure = -1
  /// The position that stands for the whole state read at once.
  static let wholeState = -2
}

/// One follower of fields: what it read, and what to run when one of them changes.
struct FieldObserver {
  let id: UInt64
  let fields: FieldSet
  let onChange: @MainActor () -> Void
}

/// The followers of one store's fields, in the order they began.
@MainActor final class FieldObservers {
  private var observers: [UInt64: FieldObserver] = [:]
  private var order: [UInt64] = []
  private var nextID: UInt64 = 0
  /// How many observers read each field, and the whole state: their union is checked first, so a send that
  /// changed no field anyone read is done at once, however many observers there are.
  private var readers = [Int](repeating: 0, count: 64)
  private var wholeStateReaders = 0
  private var structureReaders = 0
  private var read = FieldSet()

  var isEmpty: Bool { observers.isEmpty }
  var count: Int { observers.count }
  /// The fields some observer reads.
  var fieldsRead: FieldSet { read }
  /// Whether an observer reads a field (or the whole state), not only the structure.
  var readsFields: Bool { read.isAll || read.mask != 0 }

  func add(_ fields: FieldSet, _ onChange: @escaping @MainActor () -> Void) -> UInt64 {
    nextID += 1
    observers[nextID] = FieldObserver(id: nextID, fields: fields, onChange: onChange)
    order.append(nextID)
    count(fields, by: 1)
    return nextID
  }

  func remove(_ id: UInt64) {
    guard let observer = observers.removeValue(forKey: id) else { return }
    count(observer.fields, by: -1)
    // Dropped from `order` lazily, when it has grown past twice the observers.
    if order.count > 2 * observers.count + 16 { order.removeAll { observers[$0] == nil } }
  }

  private func count(_ fields: FieldSet, by step: Int) {
    if fields.isAll { wholeStateReaders += step }
    if fields.structure { structureReaders += step }
    var read = FieldSet()
    for field in 0..<64 {
      if fields.mask & (1 << UInt64(field)) != 0 { readers[field] += step }
      if readers[field] > 0 { read.insert(field: field) }
    }
    if wholeStateReaders > 0 { read.formUnion(.everyField) }
    if structureReaders > 0 { read.structure = true }
    self.read = read
  }

  /// Runs the observers that read a field in `changed`; one removed by an earlier one's run is not run.
  func notify(_ changed: FieldSet) {
    guard changed.intersects(read) else { return }
    // An observer removed by an earlier one's run is not run; one added by it waits for the next send.
    for id in order {
      guard let observer = observers[id], observer.fields.intersects(changed) else { continue }
      observer.onChange()
    }
  }
}

/// `State`'s field list when it is an `ObservableState`.
private func observableFieldList<State>(of type: State.Type) -> ObservableFieldList<State>? {
  guard let observable = type as? any ObservableState.Type else { return nil }
  return fieldList(observable) as? ObservableFieldList<State>
}

private func fieldList<Observable: ObservableState>(_ type: Observable.Type) -> Any {
  type.observableFields
}

/// `==` of `State` when it is `Equatable`, else nil.
private func wholeEquality<State>(of type: State.Type) -> ((State, State) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equality(of: equatable) as? (State, State) -> Bool
}

private func equality<Value: Equatable>(of type: Value.Type) -> Any {
  { (lhs: Value, rhs: Value) in lhs == rhs } as (Value, Value) -> Bool
}
