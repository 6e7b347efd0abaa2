import Testing
import UsersShell

/// The shell shows every screen through its feature's linked view, found when the binary links the feature.
struct LinkedViewTests {
  @Test func everyScreenTheAppShowsHasItsFeaturesLinkedView() {
    #expect(featuresWithoutLinkedView() == [])
  }
}
