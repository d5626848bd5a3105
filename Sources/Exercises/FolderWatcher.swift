#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when a file in some folders is saved, from the kernel (Linux's inotify): nothing runs
/// while nothing changes. A save is what editors end a write with: a file closed after writing
/// (vim, which truncates and writes, or writes a new file; `>` in a shell) or a file renamed into
/// place (Xcode, which writes elsewhere and replaces the whole file). The steps before it (a
/// truncation, each write) are not saves, so a save is reported once.
public final class FolderWatcher {
    /// Readable when something happened: for `poll`.
    public let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Watches `folders`; throws when the system cannot (no inotify, too many watches).
    public init(folders: [String]) throws(DiskError) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw DiskError("inotify") }
        for folder in folders {
            let watch = inotify_add_watch(descriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
            guard watch >= 0 else {
                let error = DiskError(folder)
                close(descriptor)
                throw error
            }
            self.folders[watch] = folder
        }
        #else
        // kqueue would watch each folder's vnode for NOTE_WRITE (a rename into it) and each file
        // for NOTE_WRITE; not written yet: on macOS, `wallet exercises verify` checks after a save.
        throw DiskError("watching folders (macOS's kqueue is not supported yet)", ENOSYS)
        #endif
    }

    deinit { close(descriptor) }

    /// The files saved since the last call, as FOLDER/NAME, each once, in the order first saved;
    /// empty when nothing was. Never blocks.
    public func saves() -> [String] {
        var saved: [String] = []
        #if os(Linux)
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
        #endif
        return saved
    }
}
