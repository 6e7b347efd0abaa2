/// Reports an action sent by an effect that had already finished (its `send` was kept by an unstructured task);
/// the action is dropped.
@usableFromInline func reportSendAfterEnd(_ action: Any, createdAt location: SourceLocation) {
  reportIssue(
    """
    An effect created at \(location.fileID):\(location.line) sent an action after it had finished: \(action). \
    The action was dropped. Await the work that sends (a task started inside the effect) before returning \
    from '.run'.
    """,
    at: location)
}
