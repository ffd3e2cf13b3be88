import Glint

/// A command line split into its command, positional arguments and `--key value` / `--key=value` options.
struct Arguments {
    /// The subcommand: render, demo, info, serve, hit or layout.
    let command: String
    /// Arguments that are not options.
    let positional: [String]
    private let options: [String: [String]]
    private let flags: Set<String>

    /// Options that take a value, and flags that do not, per command.
    static let valued: [String: Set<String>] = [
        "render": ["output", "width", "height", "scale", "backend", "png-level", "format", "rasterize-above"],
        "demo": ["output", "width", "height", "scale", "backend", "png-level", "format", "rasterize-above"],
        "info": ["backend"],
        "hit": ["at", "tolerance", "width", "height", "scale"],
        "layout": ["width", "height", "scale"],
        "serve": ["host", "port", "listen", "workers", "queue", "max-body", "max-buffered", "timeout", "max-connections",
                  "max-per-client", "idle-timeout", "read-timeout", "drain", "worker-memory", "data-dir", "allow-db", "backend",
                  "log-format"],
        "serve-worker": [],
    ]
    static let switches: Set<String> = ["quiet"]
    /// Flags only some commands take.
    static let commandSwitches: [String: Set<String>] = ["layout": ["check"]]

    /// Parses the arguments after the program name; throws `GlintError.usage` for anything unknown.
    init(_ args: [String]) throws {
        guard let command = args.first else { throw GlintError.usage("no command given") }
        guard let valued = Arguments.valued[command] else { throw GlintError.usage("unknown command '\(command)'") }
        self.command = command
        var positional: [String] = [], options: [String: [String]] = [:], flags = Set<String>()
        var rest = args.dropFirst()[...]
        while let arg = rest.popFirst() {
            guard arg.hasPrefix("-"), arg != "-" else {
                positional.append(arg)
                continue
            }
            var key = String(arg.drop { $0 == "-" })
            var value: String? = nil
            if let eq = key.firstIndex(of: "=") {
                value = String(key[key.index(after: eq)...])
                key = String(key[..<eq])
            }
            if key == "o" { key = "output" }
            if Arguments.switches.contains(key) || Arguments.commandSwitches[command]?.contains(key) == true {
                guard value == nil else { throw GlintError.usage("--\(key) takes no value") }
                flags.insert(key)
            } else if valued.contains(key) {
                if value == nil { value = rest.popFirst() }
                guard let value else { throw GlintError.usage("--\(key) needs a value") }
                options[key, default: []].append(value)
            } else {
                throw GlintError.usage("unknown option '\(arg)' for '\(command)'")
            }
        }
        self.positional = positional
        self.options = options
        self.flags = flags
    }

    /// The value of an option (the last one when given more than once), nil when not given.
    func value(_ key: String) -> String? { options[key]?.last }

    /// Every value of an option given more than once.
    func values(_ key: String) -> [String] { options[key] ?? [] }

    /// Whether a flag was given.
    func flag(_ key: String) -> Bool { flags.contains(key) }

    /// A whole-number option within `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(key) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw GlintError.usage("--\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return n
    }

    /// A number of seconds within `range`.
    func seconds(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(key) else { return nil }
        guard let n = Double(text), range.contains(n) else {
            throw GlintError.usage("--\(key) must be a number of seconds from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return n
    }

    /// The backend option, if given.
    func backend() throws -> Backend? {
        try value("backend").map { try Backend.named($0, source: "--backend") }
    }
}
