/// A value that stands for screens a parent shows on top of itself (a presentation, a navigation stack), telling
/// how many it shows now: what an exploration reads to know it is back at the screen it started on.
package protocol ScreenPresence {
  /// How many screens it shows now (0 or 1 for a presentation, the depth of a stack).
  var screensShown: Int { get }
}

extension Presents: ScreenPresence {
  package var screensShown: Int { wrappedValue == nil ? 0 : 1 }
}

extension StackState: ScreenPresence {
  package var screensShown: Int { count }
}
