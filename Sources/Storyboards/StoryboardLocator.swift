#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a storyboard reference's `storyboardName="Detail"` is found on disk, as the app's bundle
/// would have it: Xcode copies every storyboard of a target into one bundle, so the name finds
/// `Detail.storyboard` wherever it lives in the project. Looked for, in order:
/// 1. beside the referencing file;
/// 2. in its `.lproj` siblings and parent: a file in `Base.lproj/` finds one in the folder above
///    and in the other `.lproj` folders there, a file elsewhere one in the `.lproj` folders
///    beside it (a localized storyboard is one storyboard: `Base.lproj` first, then `en.lproj`);
/// 3. anywhere under the project (the nearest folder above that holds an `.xcodeproj`, else the
///    repository's root, the nearest holding `.git`) and under each extra folder given
///    (`--storyboard-path`): one file, or a refusal listing every candidate, as two storyboards
///    of one name in a target make Xcode's build fail.
/// The walk is bounded (depth, folders read, entries), skips hidden folders and the build
/// products and dependencies of Swift, Xcode, CocoaPods and Carthage, and follows no link to a
/// folder, so a project's tree never costs more than a bounded look.
public struct StoryboardLocator: Sendable {
    /// Folders searched beside the project, whole (`--storyboard-path DIR`).
    public var searchPaths: [String]

    public init(searchPaths: [String] = []) { self.searchPaths = searchPaths }

    public enum Found: Equatable, Sendable {
        case path(String)
        /// Several files of that name in the places searched, each path.
        case ambiguous([String])
        /// None: the places searched, for the message.
        case none(searched: [String])
    }

    /// The deepest a search descends below a root.
    public static let maximumDepth = 12
    /// The most folders a search reads, all roots together.
    public static let maximumFolders = 5_000
    /// Folders a bundle never takes storyboards from.
    static let skipped: Set<String> = ["build", "Build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// Finds `NAME.storyboard` for a reference in the storyboard at `path`.
    public func locate(name: String, referencedFrom path: String) -> Found {
        let file = name + ".storyboard"
        let folder = Self.folder(of: path)
        let beside = Self.join(folder, file)
        if Self.isFile(beside) { return .path(beside) }

        let lprojParent = Self.lastComponent(of: folder).hasSuffix(".lproj") ? Self.parent(of: folder) : nil
        if let parent = lprojParent, Self.isFile(Self.join(parent, file)) { return .path(Self.join(parent, file)) }
        let localized = Self.localizedCandidates(file, in: lprojParent ?? folder)
        if let preferred = Self.preferred(localized) { return .path(preferred) }

        var roots: [String] = []
        if let project = Self.projectRoot(from: folder) { roots.append(project) }
        roots += searchPaths
        var budget = Self.maximumFolders
        var found: [String] = []
        for root in roots { Self.find(file, under: root, depth: 0, budget: &budget, into: &found) }
        // One storyboard in several .lproj folders of one folder is one storyboard.
        var byFolder: [String: [String]] = [:]
        var order: [String] = []
        for candidate in found {
            let container = Self.folder(of: candidate)
            let key = Self.lastComponent(of: container).hasSuffix(".lproj") ? Self.parent(of: container) : container
            if byFolder[key] == nil { order.append(key) }
            byFolder[key, default: []].append(candidate)
        }
        var distinct: [String] = []
        var identities: Set<FileIdentity> = []
        for key in order {
            guard let group = byFolder[key], let chosen = Self.preferred(group) ?? group.first else { continue }
            if let identity = StoryboardFile.identity(atPath: chosen), !identities.insert(identity).inserted { continue }
            distinct.append(chosen)
        }
        if distinct.count == 1 { return .path(distinct[0]) }
        if distinct.count > 1 { return .ambiguous(distinct.sorted()) }
        return .none(searched: [folder] + roots)
    }

    // MARK: The places

    /// `Base.lproj/NAME`, `en.lproj/NAME`, … in `folder`'s `.lproj` folders.
    private static func localizedCandidates(_ file: String, in folder: String) -> [String] {
        entries(of: folder).filter { $0.hasSuffix(".lproj") }.sorted().map { join(join(folder, $0), file) }.filter(isFile)
    }

    /// The development language's copy first: `Base.lproj`, then `en.lproj`, then the first.
    private static func preferred(_ candidates: [String]) -> String? {
        for language in ["Base.lproj", "en.lproj"] {
            if let match = candidates.first(where: { lastComponent(of: folder(of: $0)) == language }) { return match }
        }
        return candidates.first
    }

    /// The nearest folder at or above `folder` that holds an `.xcodeproj`, else the nearest
    /// that holds `.git`; nil when neither is there.
    static func projectRoot(from folder: String) -> String? {
        var repository: String?
        var current = absolute(folder)
        for _ in 0..<64 {
            let names = entries(of: current)
            if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return current }
            if repository == nil, names.contains(".git") { repository = current }
            let up = parent(of: current)
            if up == current { break }
            current = up
        }
        return repository
    }

    private static func find(_ file: String, under folder: String, depth: Int, budget: inout Int, into found: inout [String]) {
        guard depth <= maximumDepth, budget > 0 else { return }
        budget -= 1
        for name in entries(of: folder).sorted() {
            let path = join(folder, name)
            if name == file, isFile(path) {
                found.append(path)
            } else if !name.hasPrefix("."), !skipped.contains(name), isFolder(path) {
                find(file, under: path, depth: depth + 1, budget: &budget, into: &found)
            }
        }
    }

    // MARK: Paths

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func parent(of folder: String) -> String {
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        if trimmed == "." || trimmed.isEmpty { return ".." }
        if lastComponent(of: trimmed) == ".." { return trimmed + "/.." }
        return self.folder(of: trimmed)
    }

    static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `folder` from the root, so that walking up from `.` reaches the project.
    private static func absolute(_ folder: String) -> String {
        if folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard let resolved = realpath(folder, &buffer) else { return folder }
        return String(cString: resolved)
    }

    /// The names in a folder, without `.` and `..`; none when it cannot be read.
    static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
            // A folder of a million entries is not a project's: read no more of it.
            if names.count >= 10_000 { break }
        }
        return names
    }

    private static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// A folder itself, not a link to one: a link can lead back up the tree.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
