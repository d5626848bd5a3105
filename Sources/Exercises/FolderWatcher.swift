#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when a file in some folders is saved. A save is what editors end a write with: a file
/// closed after writing (vim, which truncates and writes, or writes a new file; `>` in a shell)
/// or a file renamed into place (Xcode, which writes elsewhere and replaces the whole file). The
/// steps before it (a truncation, each write) are not saves, so a save is reported once. A file
/// deleted or moved away is reported as saved too: checked, its exercise says it is missing.
///
/// Three ways, the best the system has (issue 47: on macOS, where Xcode is, it could not watch):
/// - Linux: inotify, which names each file closed after writing or renamed into place; nothing
///   runs while nothing changes.
/// - macOS and the BSDs: kqueue (`EVFILT_VNODE`) on each folder (a rename into it) and each file
///   (a write), which wakes the watcher; which files changed is then found by their state.
/// - Anywhere else, or when asked (`Method.polling`, which the tests force on to run the same
///   checks as inotify): the folders' files compared a few times a second (`pollInterval`):
///   inode, size, modification time, and for a file changed in the last two seconds its bytes
///   (a clock tick can hold two writes). A change is a save once the file has stayed the same
///   from one look to the next, so a file caught half written is not one.
public final class FolderWatcher {
    public enum Method: Sendable { case system, polling }

    /// Readable when something happened, for `poll`; nil when the folders are polled (wake
    /// every `pollInterval` and ask `saves()`).
    public let descriptor: Int32?
    /// How often polled folders are looked at, in milliseconds.
    public static let pollInterval: Int32 = 250
    private var folders: [Int32: String] = [:]
    private var snapshot: Snapshot?
    #if canImport(Darwin)
    /// The descriptors kqueue watches (folders, then files), closed with the watcher.
    private var watched: [Int32] = []
    #endif

    /// Watches `folders`; throws when the system cannot (no inotify, too many watches).
    public init(folders: [String], method: Method = .system) throws(DiskError) {
        if method == .polling {
            descriptor = nil
            snapshot = Snapshot(folders: folders)
            return
        }
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw DiskError("inotify") }
        for folder in folders {
            // Saves, and a file deleted or moved away (the watcher says it is gone).
            let watch = inotify_add_watch(descriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM))
            guard watch >= 0 else {
                let error = DiskError(folder)
                close(descriptor)
                throw error
            }
            self.folders[watch] = folder
        }
        self.descriptor = descriptor
        #elseif canImport(Darwin)
        let queue = kqueue()
        guard queue >= 0 else { throw DiskError("kqueue") }
        descriptor = queue
        snapshot = Snapshot(folders: folders)
        for folder in folders {
            let watch = open(folder, O_EVTONLY)
            guard watch >= 0 else {
                let error = DiskError(folder)
                close(queue)
                throw error
            }
            self.folders[watch] = folder
        }
        watchFiles()
        #else
        descriptor = nil
        snapshot = Snapshot(folders: folders)
        #endif
    }

    deinit {
        if let descriptor { close(descriptor) }
        #if canImport(Darwin)
        for watch in watched { close(watch) }
        for watch in folders.keys { close(watch) }
        #endif
    }

    /// A change was seen that is not a save yet (the file may still be being written): ask again.
    public var isWaiting: Bool { snapshot?.isWaiting ?? false }

    /// The files saved since the last call, as FOLDER/NAME, each once, in the order first saved;
    /// empty when nothing was. Never blocks.
    public func saves() -> [String] {
        #if os(Linux)
        if descriptor != nil { return inotifySaves() }
        #elseif canImport(Darwin)
        if let descriptor {
            // What woke the queue is read and dropped: the files' states say what changed.
            var events = [kevent](repeating: kevent(), count: 64)
            var none = timespec(tv_sec: 0, tv_nsec: 0)
            while kevent(descriptor, nil, 0, &events, Int32(events.count), &none) > 0 {}
            let saved = snapshot?.changes() ?? []
            watchFiles()
            return saved
        }
        #endif
        return snapshot?.changes() ?? []
    }

    #if os(Linux)
    private func inotifySaves() -> [String] {
        guard let descriptor else { return [] }
        var saved: [String] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + length
                guard let folder = folders[watch], !name.isEmpty else { continue }
                let path = folder + "/" + name
                if !saved.contains(path) { saved.append(path) }
            }
        }
        return saved
    }
    #endif

    #if canImport(Darwin)
    /// Registers the folders, and each file in them now (a file renamed into place is a new
    /// one), with the queue: a write to any wakes it.
    private func watchFiles() {
        guard let descriptor else { return }
        for watch in watched { close(watch) }
        watched = []
        for path in snapshot?.paths ?? [] {
            let watch = open(path, O_EVTONLY)
            if watch >= 0 { watched.append(watch) }
        }
        let flags = UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB)
        var changes = (Array(folders.keys) + watched).map {
            kevent(ident: UInt($0), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR), fflags: flags, data: 0, udata: nil)
        }
        _ = kevent(descriptor, &changes, Int32(changes.count), nil, 0, nil)
    }
    #endif
}

/// The state of the files in some folders, compared from one look to the next.
private struct Snapshot {
    struct State: Equatable {
        var inode: UInt64
        var size: Int64
        var modified: Int64
        /// The bytes' hash, for a file changed in the last two seconds.
        var hash: UInt64?

        /// The same file, unchanged: its hash compared only when both looks read its bytes (a
        /// file older than two seconds is not read again, and is no change for that).
        static func same(_ one: State?, _ other: State?) -> Bool {
            guard let one, let other else { return one == nil && other == nil }
            return one.inode == other.inode && one.size == other.size && one.modified == other.modified
                && (one.hash == nil || other.hash == nil || one.hash == other.hash)
        }
    }

    let folders: [String]
    private var states: [String: State] = [:]
    /// Changed since the last save reported, with the state last seen: a save once it stays.
    private var changed: [(path: String, state: State?)] = []

    init(folders: [String]) {
        self.folders = folders
        states = look()
    }

    var isWaiting: Bool { !changed.isEmpty }
    var paths: [String] { states.keys.sorted() }

    /// The files whose change has settled since the last call.
    mutating func changes() -> [String] {
        let now = look()
        var saved: [String] = []
        var waiting: [(path: String, state: State?)] = []
        // Those seen changing last time: a save if unchanged since; still changing otherwise.
        // A file deleted is one too: the watcher says it is gone.
        for (path, state) in changed {
            if State.same(now[path], state) {
                saved.append(path)
            } else {
                waiting.append((path, now[path]))
            }
        }
        let paths = Set(now.keys).union(states.keys).sorted()
        for path in paths where !State.same(states[path], now[path]) && !changed.contains(where: { $0.path == path }) {
            waiting.append((path, now[path]))
        }
        changed = waiting
        states = now
        return saved
    }

    /// Each regular file's state in the folders now.
    private func look() -> [String: State] {
        var found: [String: State] = [:]
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder + "/" + name
                var info = stat()
                guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                #if canImport(Darwin)
                let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
                #else
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                #endif
                let recent = Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec) - modified < 2_000_000_000
                found[path] = State(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified,
                                    hash: recent ? Self.hash(of: path) : nil)
            }
        }
        return found
    }

    /// FNV-1a of the file's bytes; nil when it cannot be read.
    private static func hash(of path: String) -> UInt64? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[..<count] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return hash
    }
}
