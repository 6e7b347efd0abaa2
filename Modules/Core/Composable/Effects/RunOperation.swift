/// An async piece of an effect: its body, priority, the dependencies it was created under and where.
@usableFromInline struct RunOperation<Action>: Sendable {
  @usableFromInline let priority: TaskPriority?
  @usableFromInline let body: @MainActor @Sendable (Send<Action>) async -> Void
  @usableFromInline let dependencies: DependencyValues
  @usableFromInline let location: SourceLocation

  @usableFromInline init(
    priority: TaskPriority?, body: @escaping @MainActor @Sendable (Send<Action>) async -> Void,
    dependencies: DependencyValues, location: SourceLocation
  ) {
    self.priority = priority
    self.body = body
    self.dependencies = dependencies
    self.location = location
  }

  func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> RunOperation<T> {
    let body = self.body
    return RunOperation<T>(
      priority: priority,
      body: { send in await body(Send { action in send.sendNow(transform(action)) }) },
      dependencies: dependencies,
      location: location)
  }
}

extension Effect {
  /// Runs `operation` in a task on the store's main actor; it sends actions back with `send`.
  ///
  /// The operation is isolated to the main actor, like the store: it starts
  /// synchronously when the store starts the effect, and awaiting a client that
  /// runs elsewhere hops there and back. Sending costs no hop. Keep heavy
  /// synchronous work out of it (in a `@concurrent` function or a dependency).
  /// (A `nonisolated(nonsending)` parameter type would not do: Swift 6.3 infers
  /// the closures passed to it as plain nonisolated ones and hops on every call.)
  ///
  /// A thrown error goes to `handler`; without one it is a runtime issue naming
  /// where the effect was created (cancellation is not an error). The effect keeps
  /// the dependencies current where it was created.
  @inlinable public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @MainActor @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@MainActor @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return Self(
      .run(
        RunOperation(
          priority: priority,
          body: { send in
            do {
              try await operation(send)
            } catch {
              if error is CancellationError || Task.isCancelled { return }
              noteRunningEffectFailed()
              if let handler {
                await handler(error, send)
              } else {
                reportIssue(
                  """
                  An effect created at \(location.fileID):\(location.line) threw an unhandled error: \(error). \
                  Catch it in the effect or pass a 'catch' handler to '.run'.
                  """,
                  at: location)
              }
            }
          },
          dependencies: DependencyValues.current,
          location: location)))
  }
}
