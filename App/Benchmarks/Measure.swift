import Dispatch

/// Nanoseconds per operation: the median of `runs` timed runs after one warm-up run.
@MainActor func measure(operations: Int, runs: Int = 5, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let end = DispatchTime.now().uptimeNanoseconds
    samples.append(Double(end - start) / Double(operations))
  }
  return samples.sorted()[runs / 2]
}

/// The async variant, for scenarios that wait on effects.
@MainActor func measureAsync(operations: Int, runs: Int = 5, _ body: () async -> Void) async -> Double {
  await body()
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    await body()
    let end = DispatchTime.now().uptimeNanoseconds
    samples.append(Double(end - start) / Double(operations))
  }
  return samples.sorted()[runs / 2]
}

/// Keeps a value alive and observable so the optimizer cannot delete the work that made it.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
