import IssueReporting

/// Runs `operation` with the current dependencies changed by `update`.
///
/// Effects created inside keep the changed values. In a test this is how a
/// dependency is overridden for code that does not run in a store.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  if ReducingContext.current != nil {
    // Inside a reduce: change the installed context, which outranks task-locals.
    return try ReducingContext.withDependencies({ values in try DependencyUpdate.run { try update(&values) } }) {
      let result = try operation()
      DependencyObjects.register(result, madeUnder: DependencyValues.current)
      return result
    }
  }
  var values = DependencyValues.current
  try DependencyUpdate.run { try update(&values) }
  let result = try DependencyValues.$taskLocal.withValue(InstalledDependencies(values), operation: operation)
  DependencyObjects.register(result, madeUnder: values)
  return result
}

/// Runs the async `operation` with the current dependencies changed by `update`.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  var values = DependencyValues.current
  try DependencyUpdate.run { try update(&values) }
  let result = try await DependencyValues.$taskLocal.withValue(InstalledDependencies(values), operation: operation)
  DependencyObjects.register(result, madeUnder: values)
  return result
}

/// Runs `operation` with exactly `values` as the current dependencies (effects use this).
public func withDependencyValues<R>(
  _ values: DependencyValues,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  try await DependencyValues.$taskLocal.withValue(InstalledDependencies(values), operation: operation)
}

/// Runs `operation` with the dependencies of `parent` (the values it was made under by a `withDependencies`
/// operation, or that its `@Dependency` properties were created with), under the current scope's own changes,
/// then `update`: how a parent object hands its dependencies to a child it creates. The current scope wins over
/// the parent, as in swift-dependencies: a test's overrides reach a child made from a parent made before them.
public func withDependencies<Parent, R>(
  from parent: Parent,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) rethrows -> R {
  guard let inherited = parentDependencies(of: parent, fileID: fileID, filePath: filePath, line: line) else {
    return try operation()
  }
  return try withDependencies(
    { values in
      values = inherited.overriding(with: values)
      try update(&values)
    }, operation: operation)
}

/// Runs `operation` with the dependencies of `parent`, unchanged.
public func withDependencies<Parent, R>(
  from parent: Parent,
  operation: () throws -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) rethrows -> R {
  try withDependencies(from: parent, { _ in }, operation: operation, fileID: fileID, filePath: filePath, line: line)
}

/// The values `parent` was made under, or its `@Dependency` properties were created with; nil (reported) when it
/// has none to give.
private func parentDependencies<Parent>(
  of parent: Parent, fileID: StaticString, filePath: StaticString, line: UInt
) -> DependencyValues? {
  if let registered = DependencyObjects.values(of: parent) { return registered }
  var mirror: Mirror? = Mirror(reflecting: parent)
  var sawDependency = false
  while let current = mirror {
    for child in current.children {
      guard let dependency = child.value as? any CapturedDependencies else { continue }
      sawDependency = true
      if let values = dependency.capturedValues { return values }
    }
    mirror = current.superclassMirror
  }
  if !sawDependency {
    reportIssue(
      "'withDependencies(from:)' was given a \(typeName(Parent.self)) with no dependencies to hand down: make it "
        + "in a 'withDependencies' operation, or give it a '@Dependency' property. The child gets the current ones.",
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line))
    return nil
  }
  return DependencyValues.current
}

/// Runs `operation` with a continuation that carries the current dependencies into escaping closures (a
/// callback, a dispatch to another queue), where the scope they were read in has ended.
public func withEscapedDependencies<R>(_ operation: (DependencyValues.Continuation) throws -> R) rethrows -> R {
  try operation(DependencyValues.Continuation(values: DependencyValues.current))
}

/// Runs the async `operation` with a continuation that carries the current dependencies into escaping closures.
public func withEscapedDependencies<R>(
  _ operation: (DependencyValues.Continuation) async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  try await operation(DependencyValues.Continuation(values: DependencyValues.current))
}

extension DependencyValues {
  /// Dependencies carried out of their scope by `withEscapedDependencies`, to be put back with `yield`.
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Runs `operation` with the carried dependencies.
    public func yield<R>(_ operation: () throws -> R) rethrows -> R {
      try withDependencies({ $0 = values }, operation: operation)
    }

    /// Runs the async `operation` with the carried dependencies.
    public func yield<R>(
      _ operation: () async throws -> R, isolation: isolated (any Actor)? = #isolation
    ) async rethrows -> R {
      try await withDependencyValues(values, operation: operation)
    }
  }
}

/// Sets dependencies once for the whole process, at its start (before anything reads them): an app's entry point
/// choosing its live values, or a test's setup. Returns what `update` returns (a value it made on the way, say a
/// database connection).
///
/// As swift-dependencies does, a prepared value is seen by every scope from then on, the `withDependencies`
/// scope it is called in and those around it too (scopes' own overrides still win), and a test store's; a key
/// that was already read or prepared keeps its value, and that is reported, except in the preview context, where
/// a later preparation replaces the value (a preview's setup runs again at each render). Reading a key inside `update` to set
/// a part of it (`$0.client.fetch = …`) is not a read before.
@discardableResult
public func prepareDependencies<R>(
  _ update: (inout DependencyValues) -> R,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line
) -> R {
  let (start, isScoped) = DependencyValues.currentWithScope
  var values = start
  var cache = values.defaults
  var readBefore = cache.computedKeys
  let (result, written) = DependencyUpdate.recordingWrites { DependencyUpdate.run { update(&values) } }
  let location = SourceLocation(fileID: fileID, filePath: filePath, line: line)
  if values.context != cache.context {
    // The process's (or the running test's) context, changed before anything else reads it: from then on its
    // values are the new context's, as swift-dependencies' `prepareDependencies { $0.context = .live }`.
    if !isScoped {
      var replaced = DependencyValues(context: values.context)
      replaced.overrides = start.overrides
      if !TestScopedDefaults.replaceCurrent(with: replaced) { ProcessDefaults.replace(with: replaced) }
      cache = replaced.defaults
      readBefore = []
    } else {
      reportIssue(
        "'prepareDependencies' cannot change the context (\(cache.context) to \(values.context)) inside a "
          + "'withDependencies' scope or a store: call it at the start of the app or test, outside them.",
        at: location)
    }
  }
  var refused: (read: [String], prepared: [String]) = ([], [])
  for (id, key) in written.sorted(by: { "\($0.value)" < "\($1.value)" }) {
    guard let value = values.overrides[id] else { continue }
    // A preview runs its setup again each time it renders: there the latest preparation wins, read or not, as in
    // swift-dependencies.
    if cache.context == .preview {
      cache.prepare(id, value)
    } else if cache.isPrepared(id) {
      refused.prepared.append("\(key)")
    } else if readBefore.contains(id) {
      refused.read.append("\(key)")
    } else {
      cache.prepare(id, value)
    }
  }
  if !refused.read.isEmpty {
    reportIssue(
      "'prepareDependencies' set \(refused.read.joined(separator: ", ")), already read: call it first, at the start "
        + "of the app or test, so every reader gets the prepared value. What was read stays; to change a value for "
        + "a while, use 'withDependencies'.",
      at: location)
  }
  if !refused.prepared.isEmpty {
    reportIssue(
      "'prepareDependencies' set \(refused.prepared.joined(separator: ", ")) a second time: a dependency is prepared "
        + "once, and the first value stays. To change a value for a while, use 'withDependencies'.",
      at: location)
  }
  return result
}
