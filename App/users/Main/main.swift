import Foundation
import UsersShell

// Before the session starts threads: a long session's memory stays flat (see AllocatorTuning).
AllocatorTuning.limitArenas()
// Everything lives in UsersShell so tests can run whole sessions in process.
exit(await UsersShell.run(arguments: Array(CommandLine.arguments.dropFirst())))
