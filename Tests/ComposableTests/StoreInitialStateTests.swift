import Composable
import Foundation
import Testing

@MainActor struct StoreInitialStateTests {
  @Test func theInitialStateIsBuiltWithTheStoresDependencies() {
    let store = Store(initialState: DependencyValues.current.date.now) {
      EmptyReducer<Date, Never>()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 7))
    }
    #expect(store.currentState == Date(timeIntervalSince1970: 7))
  }

  @Test func sharedStateInTheInitialStateUsesTheStoresStorage() {
    let storage = SharedStorage(fileSystem: .inMemory())
    let store = Store(initialState: Shared(wrappedValue: 0, .inMemory("count"))) {
      EmptyReducer<Shared<Int>, Never>()
    } withDependencies: {
      $0.sharedStorage = storage
    }
    store.currentState.withLock { $0 = 5 }
    let sameKey = withDependencies({ $0.sharedStorage = storage }) { Shared(wrappedValue: 0, .inMemory("count")) }
    #expect(sameKey.wrappedValue == 5)
  }
}
