// peak-memory COMMAND [ARGUMENT…]: runs the command, waits for it and prints how it ended and its
// peak resident memory, as `status N` or `signal N`, then `peak BYTES`, on standard error's
// last line. For the end-to-end tests that bound the app's memory.
//
// A process spawned by the test runner itself starts its peak from the runner's (Linux keeps the
// larger of the two across exec in the rusage the parent reads), so the app is spawned from this
// small process instead: what it reports is the app's own, give or take this helper's few MB.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to standard error with write(2).
func say(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    say("usage: peak-memory COMMAND [ARGUMENT…]\n")
    exit(64)
}
var child: pid_t = 0
let argv = arguments.map { strdup($0) } + [nil]
let spawned = posix_spawnp(&child, arguments[0], nil, nil, argv, environ)
guard spawned == 0 else {
    say("peak-memory: cannot start \(arguments[0]): \(String(cString: strerror(spawned)))\n")
    exit(70)
}
var status: Int32 = 0
var usage = rusage()
while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
let signalled = status & 0x7F
#if canImport(Darwin)
let peak = Int(usage.ru_maxrss)  // bytes on macOS
#else
let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
#endif
say(signalled == 0 ? "status \((status >> 8) & 0xFF) peak \(peak)\n" : "signal \(signalled) peak \(peak)\n")
exit(0)
