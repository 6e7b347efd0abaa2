import Foundation
import UsersShell

// Everything lives in UsersShell so tests can run whole sessions in process.
exit(await UsersShell.run(arguments: Array(CommandLine.arguments.dropFirst())))
