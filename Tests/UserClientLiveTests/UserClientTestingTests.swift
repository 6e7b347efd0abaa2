import Clocks
import ComposableTesting
import Testing
import UserClientInterface
import UserClientTesting

/// The stand-in clients other modules' tests rely on behave as their names say.
struct UserClientTestingTests {
  @Test func aFailingClientThrowsTheGivenFailureFromEveryEndpoint() async {
    let client = UserClient.failing(with: StubFailure.diskFull)
    await #expect(throws: StubFailure.diskFull) { try await client.load() }
    await #expect(throws: StubFailure.diskFull) { try await client.add(NewUser(name: "A", email: "a@x.io")) }
    await #expect(throws: StubFailure.diskFull) { try await client.update(User.ada, User.ada) }
    await #expect(throws: StubFailure.diskFull) { try await client.delete(1) }
  }

  @Test func aSlowedClientAnswersOnlyWhenItsClockReachesTheDelay() async throws {
    let clock = TestClock()
    let client = UserClient.inMemory([User.ada]).slowed(by: .seconds(2), on: clock)
    let answered = LockIsolated(false)
    let load = Task {
      let users = try await client.load()
      answered.setValue(true)
      return users
    }
    // Bounded, so a client that never sleeps fails here instead of hanging the suite.
    for _ in 0..<100_000 where clock.pendingSleepCount == 0 { await Task.yield() }
    try #require(clock.pendingSleepCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(!answered.value)
    #expect(clock.pendingSleepCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(try await load.value == [User.ada])
    #expect(answered.value)
  }
}
