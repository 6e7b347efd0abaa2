/// An async piece of an effect: its body, priority, the dependencies it was created under and where.
@usableFromInline struct RunOperation<Action>: Sendable {
  let priority: TaskPriority?
  let body: nonisolated(nonsending) @Sendable (Send<Action>) async -> Void
  let dependencies: DependencyValues
  let location: SourceLocation

  func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> RunOperation<T> {
    let body = self.body
    return RunOperation<T>(
      priority: priority,
      body: { send in await body(Send { action in send(transform(action)) }) },
      dependencies: dependencies,
      location: location)
  }
}

extension Effect {
  /// Runs `operation` in a task on the store's main actor; it sends actions back with `send`.
  ///
  /// The operation runs on the main actor between its suspension points
  /// (`nonisolated(nonsending)`), so sending back costs no thread hop; move heavy
  /// synchronous work into a `@concurrent` function or a dependency.
  ///
  /// A thrown error goes to `handler`; without one it is a runtime issue naming
  /// where the effect was created (cancellation is not an error). The effect keeps
  /// the dependencies current where it was created.
  public static func run(
    priority: TaskPriority? = nil,
    operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
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
