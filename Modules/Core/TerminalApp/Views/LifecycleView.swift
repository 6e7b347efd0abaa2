import Composable
import TerminalUI

/// A screen with what it sends over its life: when it comes to the front, what it follows while it shows, when it
/// gets room to draw in, and after Ctrl-C. Made by `onAppear`, `following`, `onResize` and `onInterrupt`, as SwiftUI
/// attaches `onAppear` and `task` to a view: the view itself only draws its state and lists its commands.
///
/// Each modifier adds to what the screen under it answers: an action it gives wins over the screen's own, and
/// lists of actions are the screen's followed by its own.
public struct LifecycleView<Base: TerminalView>: TerminalView {
  let base: Base
  var appear: ((Base.State) -> Base.Action?)?
  var follow: ((Base.State) -> Base.Action?)?
  var resize: ((TerminalSize, Base.State) -> [Base.Action])?
  var interrupt: ((Base.State) -> [Base.Action])?

  /// The base's screen read through `store`, with what the modifiers send for its current state (an action they
  /// give wins over the base's, their lists come after the base's): what they send is not drawn, so it is read
  /// without being observed.
  @MainActor public func screen(
    of store: Store<Base.State, Base.Action>, in context: ScreenContext
  ) -> TerminalScreen<Base.State, Base.Action> {
    adding(to: base.screen(of: store, in: context), state: store.currentState, context: context)
  }

  private func adding(
    to base: TerminalScreen<Base.State, Base.Action>, state: Base.State, context: ScreenContext
  ) -> TerminalScreen<Base.State, Base.Action> {
    var screen = base
    if let appear { screen.appearAction = appear(state) ?? screen.appearAction }
    if let follow { screen.followAction = follow(state) ?? screen.followAction }
    if let resize, let room = context.room { screen.fitActions += resize(room, state) }
    if let interrupt { screen.interruptedActions += interrupt(state) }
    return screen
  }
}

extension TerminalView {
  /// Sends what `action` gives for the state when this screen comes to the front (nil: nothing), as SwiftUI's
  /// `task`: loading what the screen shows, say.
  public func onAppear(send action: @escaping (State) -> Action?) -> LifecycleView<Self> {
    LifecycleView(base: self).onAppear(send: action)
  }

  /// Sends `action` when this screen first comes to the front, to start work that lasts as long as the screen
  /// (following the changes other sessions make), as SwiftUI's `task`: a live session neither shows it as work in
  /// progress nor lets Ctrl-C cancel it, and does not send it again when the screen is uncovered (a sheet closed,
  /// a pushed screen popped), only when the screen left the tree and came back. The feature ends it when the
  /// screen goes (a dismissed screen's effects are cancelled).
  public func following(send action: Action) -> LifecycleView<Self> {
    LifecycleView(base: self).following(send: action)
  }

  /// Sends what `action` gives for the state (nil: nothing) when this screen comes to the front, to start work
  /// that lasts as long as the screen (see `following(send:)` with an action).
  public func following(send action: @escaping (State) -> Action?) -> LifecycleView<Self> {
    LifecycleView(base: self).following(send: action)
  }

  /// Sends what `actions` gives when the screen gets room to draw in (the session starts, the terminal is
  /// resized), so a long list shows a page that fits.
  public func onResize(send actions: @escaping (TerminalSize, State) -> [Action]) -> LifecycleView<Self> {
    LifecycleView(base: self).onResize(send: actions)
  }

  /// Sends what `actions` gives after Ctrl-C cancelled the work in progress, so the screen stops showing work that
  /// will never finish ("Loading…") and says what to type instead.
  public func onInterrupt(send actions: @escaping (State) -> [Action]) -> LifecycleView<Self> {
    LifecycleView(base: self).onInterrupt(send: actions)
  }
}

// The modifiers on a screen that has some already: one wrapper, whatever their number. A second modifier of the
// same kind adds to the first (its action wins; its lists come after).
extension LifecycleView {
  /// Sends what `action` gives when the screen comes to the front (see `TerminalView.onAppear(send:)`).
  public func onAppear(send action: @escaping (Base.State) -> Base.Action?) -> Self {
    var copy = self
    copy.appear = appear.map { earlier in { action($0) ?? earlier($0) } } ?? action
    return copy
  }

  /// Sends `action` when the screen comes to the front, for as long as it shows (see
  /// `TerminalView.following(send:)`).
  public func following(send action: Base.Action) -> Self {
    following { _ in action }
  }

  /// Sends what `action` gives for the state when the screen comes to the front, for as long as it shows.
  public func following(send action: @escaping (Base.State) -> Base.Action?) -> Self {
    var copy = self
    copy.follow = follow.map { earlier in { action($0) ?? earlier($0) } } ?? action
    return copy
  }

  /// Sends what `actions` gives when the screen gets room to draw in (see `TerminalView.onResize(send:)`).
  public func onResize(send actions: @escaping (TerminalSize, Base.State) -> [Base.Action]) -> Self {
    var copy = self
    copy.resize = resize.map { earlier in { earlier($0, $1) + actions($0, $1) } } ?? actions
    return copy
  }

  /// Sends what `actions` gives after Ctrl-C (see `TerminalView.onInterrupt(send:)`).
  public func onInterrupt(send actions: @escaping (Base.State) -> [Base.Action]) -> Self {
    var copy = self
    copy.interrupt = interrupt.map { earlier in { earlier($0) + actions($0) } } ?? actions
    return copy
  }
}
