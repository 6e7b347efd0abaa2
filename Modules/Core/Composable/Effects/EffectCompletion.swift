/// Whether a `.run` effect's operation has returned, so its `send`, if kept and called later, is refused.
@usableFromInline @MainActor final class EffectCompletion {
  @usableFromInline var isFinished = false

  @usableFromInline nonisolated init() {}

  /// Reports an action sent after the effect that owned `send` finished; the action is dropped.
  @usableFromInline func reportSend(_ action: Any, createdAt location: SourceLocation) {
    reportIssue(
      """
      An effect created at \(location.fileID):\(location.line) sent an action after it had finished: \(action). \
      The action was dropped. Await the work that sends (a task started inside the effect) before returning \
      from '.run'.
      """,
      at: location)
  }
}
