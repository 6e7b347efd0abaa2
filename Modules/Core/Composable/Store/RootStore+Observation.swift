import Foundation
import Observation

// Telling observers of state: Observation, `Store.observe` subscriptions, and the hubs that follow fields,
// rows and stack screens.
extension RootStore {
  @usableFromInline func notifyObservers() {
    if isObserved {
      registrar.withMutation(of: self, keyPath: observedStateKeyPath) {}
    }
    if !subscriptions.isEmpty {
      // One pass: an `observe { }` that several of them tell runs once, when all have compared.
      ObservationPass.telling {
        for subscription in Array(subscriptions.values) { subscription() }
      }
    }
  }

  @usableFromInline func subscribe(_ onChange: @escaping () -> Void) -> UInt64 {
    needsNotification = true
    nextSubscriptionID += 1
    subscriptions[nextSubscriptionID] = onChange
    return nextSubscriptionID
  }

  @usableFromInline func unsubscribe(_ id: UInt64) {
    subscriptions[id] = nil
    needsNotification = isObserved || !subscriptions.isEmpty
  }

  // MARK: Field observation

  /// What a field's key path for Observation stands for; its value is never read.
  subscript(observedField field: ObservedFieldKey) -> Int { 0 }

  @usableFromInline func fieldHub<Child>(
    at path: AnyKeyPath, read: @escaping @MainActor () -> Child?, source: (any SendSource)?
  ) -> FieldHub<Child> {
    let scope = ScopeKey(path: path, type: ObjectIdentifier(Child.self))
    if let hub = fieldHubs[scope] as? FieldHub<Child> { return hub }
    // `read` keeps neither the root nor a store: the root keeps the hub, and reads nothing once it is gone (nil
    // also for a dismissed child, whose hub keeps its last state).
    let hub = FieldHub<Child>(read: read, root: self)
    hub.scope = scope
    hub.source = source
    fieldHubs[scope] = hub
    return hub
  }

  @usableFromInline func rowWatch<ID>(at path: AnyKeyPath, make: () -> RowWatch<ID>) -> RowWatch<ID> {
    if let watch = rowWatches[path] as? RowWatch<ID> { return watch }
    let watch = make()
    rowWatches[path] = watch
    return watch
  }

  @usableFromInline func keepRowWatch(_ watch: AnyObject, at path: AnyKeyPath) {
    if rowWatches[path] == nil { rowWatches[path] = watch }
  }

  @usableFromInline func forgetRowWatch(_ watch: AnyObject, at path: AnyKeyPath) {
    if rowWatches[path] === watch { rowWatches[path] = nil }
  }

  @usableFromInline func forgetFieldHub(_ hub: AnyObject, at scope: ScopeKey) {
    guard fieldHubs[scope] === hub else { return }
    fieldHubs[scope] = nil
    fieldKeyPaths[scope] = nil
  }

  @usableFromInline func forgetFieldKeys(at scope: ScopeKey) {
    fieldKeyPaths[scope] = nil
  }

  @usableFromInline func keepFieldKeys(at scope: ScopeKey, only kept: (Int) -> Bool) {
    guard let keys = fieldKeyPaths[scope], keys.keys.contains(where: { !kept($0) }) else { return }
    fieldKeyPaths[scope] = keys.filter { kept($0.key) }
  }

  @usableFromInline func countAlive(into counts: inout AliveCounts) {
    counts.fieldHubs += fieldHubs.count
    for hub in fieldHubs.values { counts.fieldObservers += (hub as? any FieldHubProtocol)?.observerCount ?? 0 }
    // A watch counts while a row follows it: one made by a scope no row view followed yet holds nothing.
    for watch in rowWatches.values {
      let followers = (watch as? any RowFollowing)?.followerCount ?? 0
      if followers > 0 { counts.rowWatches += 1 }
      counts.rowFollowers += followers
    }
    counts.sendFollowers += subscriptions.count
    counts.observationKeys += fieldKeyPaths.values.reduce(0) { $0 + $1.count }
    counts.runningEffects += effects.count
  }

  @usableFromInline func registerFieldRead(_ field: ObservedFieldKey) {
    registrar.access(self, keyPath: keyPath(for: field))
  }

  @usableFromInline func fieldDidChange(_ field: ObservedFieldKey) {
    registrar.withMutation(of: self, keyPath: keyPath(for: field)) {}
  }

  func keyPath(for field: ObservedFieldKey) -> KeyPath<RootStore, Int> {
    if let keyPath = fieldKeyPaths[field.scope]?[field.field] { return keyPath }
    let keyPath = \RootStore.[observedField: field]
    fieldKeyPaths[field.scope, default: [:]][field.field] = keyPath
    return keyPath
  }
}
