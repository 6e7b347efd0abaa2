import UserClient

extension UserClient {
  /// The same client, each call waiting `latency` first (`--latency`), so loading and saving states can be seen.
  func delayed(by latency: Duration) -> UserClient {
    guard latency > .zero else { return self }
    return UserClient(
      load: {
        try await Task.sleep(for: latency)
        return try await load()
      },
      add: {
        try await Task.sleep(for: latency)
        return try await add($0)
      },
      update: {
        try await Task.sleep(for: latency)
        try await update($0)
      },
      delete: {
        try await Task.sleep(for: latency)
        try await delete($0)
      })
  }
}
