/// Waits until `condition` holds, checking every 10 ms for at most `limit`, and returns whether it came true: for
/// what happens on its own time, such as a live terminal drawing after a send or a file watcher noticing a write.
///
///     #expect(await eventually { renders.count == 2 })
public func eventually(
  within limit: Duration = .seconds(2), isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while ContinuousClock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
