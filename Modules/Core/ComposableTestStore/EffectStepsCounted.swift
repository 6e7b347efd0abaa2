/// Whether this process's test stores count their effects' steps (Linux, macOS 15, iOS 18 and later): where they
/// do not, a test store waits for a quiet stretch instead, and a test that relies on the order in which one
/// effect's child tasks wake (TCA's scheduling test) should say it is skipped there rather than fail or pass by luck.
///
///     @Test(.enabled(if: EffectStepsCounted.here, "effect steps are not counted below macOS 15 / iOS 18"))
public enum EffectStepsCounted {
  /// True where steps are counted (installing the counting hook once, as the first test store does).
  public static var here: Bool { EffectWorkCounting.isCounting }
}
