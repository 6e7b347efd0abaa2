/// Why `users` stops before or after its session: the line for standard error and the exit code.
///
/// Each step of `UsersShell.run` throws one instead of returning a code, so the steps read top to bottom and the
/// exit codes are decided in one place: 1 for a file or folder that cannot be used, 2 for a wrong command line,
/// 70 for a binary built without a screen it needs.
struct ShellExit: Error {
  /// What to print on standard error, without the `users: ` prefix or the newline.
  var message: String
  /// The process's exit code.
  var code: Int32

  /// A file or folder named on the command line, or the recording, cannot be used: exit 1.
  static func cannotUse(_ message: String) -> ShellExit { ShellExit(message: message, code: 1) }

  /// The command line itself is wrong: exit 2.
  static func usage(_ message: String) -> ShellExit { ShellExit(message: message, code: 2) }

  /// The binary links no view for `features` (a Feature module missing from the shell's dependencies, or one
  /// without its `LinkedFeatureView` conformance): exit 70, as sysexits' internal software error.
  static func incompleteBuild(_ features: [String]) -> ShellExit {
    ShellExit(
      message: "this build has no terminal view for \(features.joined(separator: ", ")): the shell must link each "
        + "one's Feature module, and that module must conform it to LinkedFeatureView.",
      code: 70)
  }
}
