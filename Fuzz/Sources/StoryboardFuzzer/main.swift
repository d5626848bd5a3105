#if canImport(Glibc)
import Glibc
#endif
import App
import FuzzDriver
import Navigation
import Terminal
import Views
import Wallet

/// What a user does with the wallet's storyboard: send, cancel, and go back and pick another
/// contact. Each runs on a fresh app, as a run of `wallet --headless --keys` would.
let flows: [[KeyScriptStep]] = [
    "n<down><down><enter>12.34<enter><wait 3><tab><enter><esc>",
    "n<esc>q",
    "n<enter><esc><enter><esc><esc><s-tab><enter>",
].map { try! KeyNotation.parse($0) }

/// What a workshop does with an attendee's storyboard under `wallet storyboard run`: every tab,
/// each button's letter, Show Detail, popovers, Back and unwinds, across the regular width.
let standInFlow = try! KeyNotation.parse("1<tab><enter>2s<enter>r3mp<esc>c4fo<esc>u5<c-n><c-p><c-o><tab><enter><esc><esc>")

/// A folder of storyboards from one input: the bytes up to the first NUL are `d/Main.storyboard`;
/// after it come names and contents in turn, NUL between (XML allows no NUL, so no storyboard is
/// cut), each written as `d/NAME.storyboard`, NAME kept to letters, digits, - and _. References
/// between them, spelled `Main`, `./Main`, `/Main` or `../d/Main`, are how the loader meets
/// files that name each other, themselves, or a chain. At most 8 files.
func writeFolder(_ bytes: [UInt8]) -> String? {
    var template = Array("/tmp/storyboard-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return nil }
    let folder = String(cString: made)
    mkdir(folder + "/d", 0o700)
    let parts = bytes.split(separator: 0, maxSplits: 16, omittingEmptySubsequences: false)
    var files = [("Main", parts[0])]
    var index = 1
    while index + 1 < parts.count, files.count < 8 {
        let name = String(decoding: parts[index].filter(isNameByte).prefix(64), as: UTF8.self)
        if !name.isEmpty { files.append((name, parts[index + 1])) }
        index += 2
    }
    for (name, contents) in files {
        let file = fopen(folder + "/d/" + name + ".storyboard", "w")
        guard let file else { continue }
        contents.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    return folder
}

func isNameByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
}

func removeFolder(_ folder: String) {
    if let directory = opendir(folder + "/d") {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(folder + "/d/" + name) }
        }
        closedir(directory)
    }
    rmdir(folder + "/d")
    rmdir(folder)
}

/// Loads the input's folder (`writeFolder`) from `d/Main.storyboard` with the wallet's classes;
/// when it loads, runs each flow on an in-memory terminal (`run(script:)` launches the app
/// first). Errors are the expected outcome of most inputs; a crash, a hang or memory past
/// ./run's limits is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func storyboardFuzzer(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let folder = writeFolder(bytes) else { return 0 }
    defer { removeFolder(folder) }
    let main = folder + "/d/Main.storyboard"
    MainActor.assumeIsolated {
        for flow in flows {
            let scheduler = Scheduler(clock: .manual)
            let network = SimulatedNetwork(scheduler: scheduler, delay: 2, failureRate: 0, seed: 1)
            guard let storyboard = try? Storyboard(contentsOfFile: main, classes: WalletApp.classes(network: network)),
                  let initial = storyboard.instantiateInitialViewController() else { break }
            let window = Window()
            window.rootViewController = initial
            let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 80, height: 24)), scheduler: scheduler)
            app.run(script: flow)
        }
        // The same files run without their code, stand-ins for every class the app lacks.
        guard let storyboard = try? Storyboard(contentsOfFile: main, classes: StoryboardWithoutCode.classes()),
              let initial = storyboard.instantiateInitialViewController() else { return }
        let window = Window()
        window.rootViewController = initial
        let app = Application(window: window, backend: MemoryTerminal(size: Size(width: 110, height: 24)), scheduler: Scheduler(clock: .manual))
        app.run(script: standInFlow)
    }
    return 0
}

/// libFuzzer's own mutations of an input in place; the size after.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// One mutation in eight respells a storyboard reference of the folder: its `storyboardName`
/// becomes a file of the folder (Main or another's name) under a spelling the loader must see
/// through (`X`, `./X`, `/X`, `.//X`, `../d/X`). Byte mutations alone would have to insert
/// these at the one right offset; the loader's defects lived exactly there.
@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
    func next(_ bound: Int) -> Int {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Int(random % UInt64(bound))
    }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let marker = Array(#"storyboardName=""#.utf8)
    var starts: [Int] = []
    var index = 0
    while index + marker.count <= bytes.count {
        if bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) { starts.append(index + marker.count) }
        index += 1
    }
    guard next(8) == 0, !starts.isEmpty else { return LLVMFuzzerMutate(data, size, maxSize) }
    let parts = bytes.split(separator: 0, maxSplits: 16, omittingEmptySubsequences: false)
    var names = ["Main"]
    var part = 1
    while part < parts.count {
        let name = String(decoding: parts[part].filter(isNameByte).prefix(64), as: UTF8.self)
        if !name.isEmpty { names.append(name) }
        part += 2
    }
    let prefixes = ["", "./", "/", ".//", "../d/", "./././"]
    let spelling = Array((prefixes[next(prefixes.count)] + names[next(names.count)]).utf8)
    let start = starts[next(starts.count)]
    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return LLVMFuzzerMutate(data, size, maxSize) }
    let mutated = Array(bytes[..<start]) + spelling + Array(bytes[end...])
    guard mutated.count <= maxSize else { return LLVMFuzzerMutate(data, size, maxSize) }
    mutated.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: mutated.count) }
    return mutated.count
}

runFuzzer(storyboardFuzzer)
