#if canImport(Glibc)
import Glibc
#endif

/// The process's standard streams as the CLI uses them: messages to stderr that never trap, and the
/// guard that keeps a closed stream's descriptor from being taken by a file the drivers open.
enum StandardStreams {
    /// Whether standard output was closed when the process started (`glint ... >&-`).
    private(set) static var outputWasClosed = false
    /// Whether standard input was closed when the process started (`glint render - <&-`).
    private(set) static var inputWasClosed = false

    /// Run first: a closed stdin, stdout or stderr gets `/dev/null` in its place, so no file opened later
    /// (a driver's, a font) receives descriptor 0, 1 or 2 and then the PNG. A closed stdin or stdout is
    /// remembered, so reading the spec from `-` (exit 66) or writing to `-o -` (exit 73) can be refused; a reader that goes away (`glint demo -o - | head -c 10`) ends the
    /// process quietly through SIGPIPE, as other Unix tools end.
    static func prepare() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
            if fd == STDOUT_FILENO { outputWasClosed = true }
            if fd == STDIN_FILENO { inputWasClosed = true }
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        signal(SIGPIPE, SIG_DFL)
    }

    /// Writes one line to standard error; a failure to write it is ignored (there is nowhere left to say it).
    static func error(_ line: String) {
        fputs(line + "\n", stderr)
    }

    /// Writes one line to standard output.
    static func print(_ text: String) {
        fputs(text + "\n", stdout)
        fflush(stdout)
    }
}
