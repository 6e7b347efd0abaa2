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
    return try ReducingContext.withDependencies(update, operation)
  }
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$taskLocal.withValue(values, operation: operation)
}

/// Runs the async `operation` with the current dependencies changed by `update`.
public func withDependencies<R>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  var values = DependencyValues.current
  try update(&values)
  return try await DependencyValues.$taskLocal.withValue(values, operation: operation)
}

/// Runs `operation` with exactly `values` as the current dependencies (effects use this).
public func withDependencyValues<R>(
  _ values: DependencyValues,
  operation: () async throws -> R,
  isolation: isolated (any Actor)? = #isolation
) async rethrows -> R {
  try await DependencyValues.$taskLocal.withValue(values, operation: operation)
}
