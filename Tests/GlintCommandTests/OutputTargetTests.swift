import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// What `-o` names survives, and stream errors end with a documented exit code instead of a trap.
extension CLITests {
    /// Runs a bash command line in `directory` with `$GLINT` set to the built binary.
    func shell(_ command: String, in directory: URL) throws -> GlintCommand.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment
            .merging(["GLINT": try #require(GlintCommand.binary).path]) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        let (stdout, stderr) = try GlintCommand.capturingOutput(of: process)
        return GlintCommand.Run(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    func fileType(_ url: URL) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
    }

    /// Glint's own stderr lines (drivers may add warnings of their own).
    func glintLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("glint:") }
    }

    @Test func aDeviceNodeIsWrittenThroughNotReplaced() throws {
        guard getuid() == 0 else {
            print("skipped aDeviceNodeIsWrittenThroughNotReplaced: creating a device node needs root")
            return
        }
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let made = try shell("mknod nulldev c 1 3 && $GLINT demo -o nulldev --quiet", in: dir)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try fileType(dir.appendingPathComponent("nulldev")) == .typeCharacterSpecial)
        let null = try shell("$GLINT demo -o /dev/null --quiet && stat -c %F /dev/null", in: dir)
        #expect(String(decoding: null.stdout, as: UTF8.self) == "character special file\n", "\(null.stderr)")
        #expect(GlintCommand.files(dir) == ["nulldev"], "no temporary file is left beside it")
    }

    @Test func aFIFOReceivesThePNGAndStaysAFIFO() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("mkfifo f && { cat f > got.png & } && $GLINT demo -o f --quiet; status=$?; wait; stat -c %F f; exit $status", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self) == "fifo\n")
        let image = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("got.png"))))
        #expect(image.width == 960 && image.height == 540)
    }

    @Test func aLinkToStandardOutputDeliversToStandardOutput() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("ln -s /proc/self/fd/1 out && $GLINT demo -o out --quiet && $GLINT demo -o /dev/stdout --quiet > via-dev.png", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Image(pngData: [UInt8](run.stdout)).width == 960, "the PNG reached the pipe")
        #expect(try fileType(dir.appendingPathComponent("out")) == .typeSymbolicLink)
        #expect(try Image(pngData: [UInt8](Data(contentsOf: dir.appendingPathComponent("via-dev.png")))).height == 540)
    }

    @Test func devStdoutAppendsWhereTheShellAppends() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("echo log > app.log && $GLINT demo -o /dev/stdout --quiet >> app.log && stat -c %s app.log", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let png = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("app.log")).dropFirst(4)))
        #expect(png.width == 960, "the PNG follows the line already in the file")
    }

    @Test func anOrdinaryUserCanWriteToDevNullAndStdout() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else {
            print("skipped anOrdinaryUserCanWriteToDevNullAndStdout: needs root and runuser to become another user")
            return
        }
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A copy every user can run, in a folder every user can enter.
        let copy = dir.appendingPathComponent("glint")
        try FileManager.default.copyItem(at: try #require(GlintCommand.binary), to: copy)
        chmod(dir.path, 0o755)
        chmod(copy.path, 0o755)
        let run = try shell("runuser -u nobody -- ./glint demo -o /dev/null --quiet && runuser -u nobody -- ./glint demo -o /dev/stdout --quiet", in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Image(pngData: [UInt8](run.stdout)).width == 960)
    }

    @Test func aLinkToARegularFileUpdatesItsTargetAndStaysALink() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("""
            mkdir images && echo old > images/chart.png && chmod 640 images/chart.png && ln -s images/chart.png latest.png \
            && ln -s images/new.png dangling.png && $GLINT demo -o latest.png --quiet && $GLINT demo -o dangling.png --quiet \
            && stat -c %a images/chart.png
            """, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(String(decoding: run.stdout, as: UTF8.self) == "640\n", "the target keeps its permissions")
        #expect(try fileType(dir.appendingPathComponent("latest.png")) == .typeSymbolicLink)
        #expect(try fileType(dir.appendingPathComponent("dangling.png")) == .typeSymbolicLink)
        for name in ["chart.png", "new.png"] {
            let image = try Image(pngData: [UInt8](try Data(contentsOf: dir.appendingPathComponent("images/\(name)"))))
            #expect(image.width == 960, "\(name)")
        }
        #expect(GlintCommand.files(dir.appendingPathComponent("images")) == ["chart.png", "new.png"], "no temporary files are left")
    }

    @Test func aFullDeviceOrClosedStreamIsExit73WithOneLine() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (command, message) in [("$GLINT demo -o - > /dev/full", "glint: cannot write standard output: No space left on device"),
                                   ("$GLINT demo -o /dev/full", "glint: cannot write /dev/full: No space left on device"),
                                   ("$GLINT demo -o - >&-", "glint: cannot write standard output: it is closed")] {
            let run = try shell(command, in: dir)
            #expect(run.status == 73, "\(command): \(run.stderr)")
            #expect(glintLines(run.stderr) == [Substring(message)], "\(command): \(run.stderr)")
            #expect(!run.stderr.contains("Fatal error"))
        }
        #expect(GlintCommand.files(dir).isEmpty)
    }

    @Test func aFolderOnStandardInputIsExit66() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("$GLINT render - -o x.png < /tmp", in: dir)
        #expect(run.status == 66, "\(run.stderr)")
        #expect(glintLines(run.stderr) == ["glint: cannot read the spec from standard input: Is a directory"])
        #expect(GlintCommand.files(dir).isEmpty)
    }

    @Test func aReaderThatGoesAwayEndsTheProcessQuietly() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 2000x2000 is several megabytes of PNG: far more than a pipe holds, so the write meets the closed pipe.
        let run = try shell("$GLINT demo --width 2000 --height 2000 --backend cpu -o - | head -c 10 > head.bin; echo ${PIPESTATUS[0]}", in: dir)
        #expect(String(decoding: run.stdout, as: UTF8.self) == "141\n", "ended by SIGPIPE, as Unix tools are: \(run.stderr)")
        #expect(run.stderr.isEmpty, "no backtrace, no message: \(run.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("head.bin")).count == 10)
    }

    @Test func threadsFollowTheAffinityMaskNotTheHost() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/taskset") else {
            print("skipped threadsFollowTheAffinityMaskNotTheHost: no taskset")
            return
        }
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try shell("taskset -c 0 $GLINT info --backend cpu", in: dir)
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("CPU painter:      1 threads"), "\(run.stderr)")
    }

    @Test func theLibraryThrowsOnAFullDevice() throws {
        let image = try Shared.renderer(.cpu).render(bareChart([Series(kind: .line, x: [0, 10], y: [0, 10])]))
        #expect(throws: GlintError.cannotWrite("cannot write /dev/full: No space left on device")) {
            try image.writePNG(to: "/dev/full")
        }
    }
}
