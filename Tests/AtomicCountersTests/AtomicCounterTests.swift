import AtomicCounters
import Dispatch
import Testing

/// Both ways a counter can run (atomics, and the lock below their platforms) behave alike, alone and under threads.
struct AtomicCounterTests {
  @Test(arguments: [false, true]) func loadsStoresAddsAndExchanges(locking: Bool) {
    let counter = AtomicCounter(5, lockingBelowTheFloor: locking)
    #expect(counter.isLocked == locking)
    #expect(counter.load() == 5)
    #expect(counter.add(3) == 8)
    #expect(counter.add(-10) == -2)
    counter.store(40)
    #expect(counter.exchange(1) == 40)
    #expect(counter.load() == 1)
  }

  @Test(arguments: [false, true]) func wrapsAroundInsteadOfTrapping(locking: Bool) {
    let counter = AtomicCounter(.max, lockingBelowTheFloor: locking)
    #expect(counter.add(1) == .min)
  }

  @Test(arguments: [false, true]) func losesNoAdditionAcrossThreads(locking: Bool) {
    let counter = AtomicCounter(0, lockingBelowTheFloor: locking)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.add(1) }
    }
    #expect(counter.load() == 80_000)
  }

  @Test func onThisPlatformACounterUsesAtomics() {
    // Linux has `Atomic` everywhere: the default counter must not pay for a lock here.
    #expect(AtomicCounter().isLocked == false)
  }
}
