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

  /// The base's screen.
  public func render(_ state: Base.State, style: TextStyle) -> String { base.render(state, style: style) }

  /// The base's commands.
  public func commands(for state: Base.State) -> [TerminalCommand<Base.Action>] { base.commands(for: state) }

  /// The base's back action.
  public func backAction(for state: Base.State) -> Base.Action? { base.backAction(for: state) }

  /// The base's screen name.
  public func screenID(for state: Base.State) -> String { base.screenID(for: state) }

  /// What `onAppear` sends, else what the base sends.
  public func appearAction(for state: Base.State) -> Base.Action? {
    appear?(state) ?? base.appearAction(for: state)
  }

  /// What `following` follows, else what the base follows.
  public func followAction(for state: Base.State) -> Base.Action? {
    follow?(state) ?? base.followAction(for: state)
  }

  /// The base's refusal.
  public func refusal(in state: Base.State) -> String? { base.refusal(in: state) }

  /// What the base sends for `room`, then what `onResize` sends.
  public func fitActions(for room: TerminalSize, in state: Base.State) -> [Base.Action] {
    base.fitActions(for: room, in: state) + (resize?(room, state) ?? [])
  }

  /// What the base sends after Ctrl-C, then what `onInterrupt` sends.
  public func interruptedActions(in state: Base.State) -> [Base.Action] {
    base.interruptedActions(in: state) + (interrupt?(state) ?? [])
  }

  /// Whether the base shows the screen below it.
  public func showsScreenBelow(for state: Base.State) -> Bool { base.showsScreenBelow(for: state) }

  /// Whether the base's screen changes.
  public func screenChanges(from old: Base.State, to new: Base.State) -> Bool {
    base.screenChanges(from: old, to: new)
  }
}

extension TerminalView {
  /// Sends what `action` gives for the state when this screen comes to the front (nil: nothing), as SwiftUI's
  /// `task`: loading what the screen shows, say.
  public func onAppear(send action: @escaping (State) -> Action?) -> LifecycleView<Self> {
    LifecycleView(base: self).onAppear(send: action)
  }

  /// Sends `action` when this screen comes to the front, to start work that lasts as long as the screen
  /// (following the changes other sessions make): a live session neither shows it as work in progress nor lets
  /// Ctrl-C cancel it. The feature ends it when the screen goes (a dismissed screen's effects are cancelled).
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
