import ArgumentParser
import FormgenCollect
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Formgen {
    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "users",
            abstract: "Manage the people who may use formgen collect's admin view.",
            subcommands: [Add.self]
        )

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "add",
                abstract: "Add a user (or set a user's password) in a users file.",
                discussion: """
                The password is asked for without echo (twice) on a terminal, or read from the first line of standard \
                input when that is not a terminal; it is stored as a bcrypt hash. --token also makes a bearer token for \
                scripts (Authorization: Bearer TOKEN), printed once and stored as its SHA-256 hash.
                """
            )

            @Argument(help: "The user's name (letters, digits, . _ - @).")
            var name: String

            @Option(help: "The users file (created when missing, readable by its owner only).")
            var users: String

            @Option(help: "The forms this user may see, by path, comma-separated (default: every form).")
            var forms: String?

            @Flag(help: "Also make a bearer token for scripts and print it.")
            var token = false

            @Option(help: "The bcrypt cost (work factor), 4 to 16.")
            var cost = 12

            func validate() throws {
                guard AdminUsers.isValidName(name) else { throw ValidationError("'\(name)' is not a user name: use letters, digits, . _ - @") }
                guard (4...16).contains(cost) else { throw ValidationError("--cost must be from 4 to 16") }
            }

            func run() async throws {
                do {
                    var list = try AdminUsers.load(users)
                    let password = try Self.password()
                    guard password.count >= 12 else {
                        FileHandle.standardError.write(Data("error: the password must be at least 12 characters\n".utf8))
                        throw ExitCode(1)
                    }
                    var user = list.users[name] ?? AdminUsers.User(name: name, passwordHash: "", forms: ["*"])
                    user.passwordHash = AdminUsers.passwordHash(password, cost: cost)
                    if let forms {
                        user.forms = forms.split(separator: ",").map { $0.split(separator: "/").joined(separator: "/") }.filter { !$0.isEmpty }
                    }
                    var printed: String?
                    if token {
                        let secret = AdminUsers.newToken()
                        user.tokenHashes.append(AdminUsers.tokenHash(secret))
                        printed = secret
                    }
                    list.users[name] = user
                    try list.write(to: users)
                    print("\(name) saved in \(users) (forms: \(user.forms.joined(separator: ", ")))")
                    if let printed { print("bearer token (shown once): \(printed)") }
                } catch let error as CollectError {
                    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                    throw ExitCode(1)
                }
            }

            /// The password: asked twice without echo on a terminal, else the first line of standard input.
            static func password() throws -> String {
                guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) ?? "" }
                let first = prompt("Password: ")
                guard prompt("Password again: ") == first else {
                    FileHandle.standardError.write(Data("error: the passwords differ\n".utf8))
                    throw ExitCode(1)
                }
                return first
            }

            static func prompt(_ text: String) -> String {
                FileHandle.standardError.write(Data(text.utf8))
                var saved = termios()
                tcgetattr(STDIN_FILENO, &saved)
                var silent = saved
                silent.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
                defer {
                    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                    FileHandle.standardError.write(Data("\n".utf8))
                }
                return readLine(strippingNewline: true) ?? ""
            }
        }
    }
}
