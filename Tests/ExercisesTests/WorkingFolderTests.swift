import Exercises
import Foundation
import Testing
import TestSupport

/// The attendee's working folder: made once from the shipped exercises, its progress kept, a
/// reset that never loses the attendee's work.
@MainActor
@Suite struct WorkingFolderTests {
    @Test func initCopiesEveryStartingPointAndAReadme() throws {
        let scratch = try TemporaryFolder("working")
        let workbook = try Workbook.shipped()
        let (folder, created) = try WorkingFolder.open(scratch.path("mine"), workbook: workbook, creating: true)
        #expect(created)
        for exercise in workbook.exercises {
            for file in exercise.files {
                let copied = try Data(contentsOf: URL(fileURLWithPath: folder.folder(of: exercise) + "/" + file))
                #expect(Array(copied) == workbook.bytes(of: file, in: exercise, .start))
            }
            let readme = try String(contentsOfFile: folder.folder(of: exercise) + "/README.md", encoding: .utf8)
            #expect(readme.contains(exercise.goal))
        }
        #expect(folder.current?.name == "01-cancel")
        #expect(folder.listing.last == "0 of \(workbook.exercises.count) done")
    }

    /// A folder of someone else's files is never written into.
    @Test func aFolderWithOtherFilesIsRefused() throws {
        let scratch = try TemporaryFolder("working-foreign")
        try scratch.write("notes/todo.txt", "mine")
        #expect(throws: DiskError.self) { try WorkingFolder.open(scratch.path("notes"), workbook: try Workbook.shipped(), creating: true) }
        #expect(try String(contentsOfFile: scratch.path("notes/todo.txt"), encoding: .utf8) == "mine")
    }

    /// Progress, hints included, is the folder's: a new run finds it as the last left it.
    @Test func progressIsKeptPerFolder() throws {
        let scratch = try TemporaryFolder("working-progress")
        let workbook = try Workbook.shipped()
        var (folder, _) = try WorkingFolder.open(scratch.path("w"), workbook: workbook, creating: true)
        let cancel = workbook.exercises[0]
        try workbook.write(cancel, .solution, to: folder.folder(of: cancel))
        try folder.record(folder.check(cancel), of: cancel)
        #expect(folder.nextHint(of: workbook.exercises[1]).number == 1)
        #expect(folder.nextHint(of: workbook.exercises[1]).number == 2)

        var again = try WorkingFolder.open(scratch.path("w"), workbook: workbook, creating: false).folder
        #expect(again.done == ["01-cancel"])
        #expect(again.current?.name == "02-send")
        #expect(again.nextHint(of: workbook.exercises[1]).number == 3)
        // Past the last hint, the last again.
        #expect(again.nextHint(of: workbook.exercises[1]).number == workbook.exercises[1].hints.count)
        #expect(again.listing[0].hasPrefix("✓  1. Cancel goes back to the wallet"))
        #expect(again.listing[1].hasPrefix("→  2."))
    }

    /// A reset puts the starting point back and moves the attendee's files aside, each reset to
    /// a folder of its own.
    @Test func resetKeepsTheAttendeesFilesAside() throws {
        let scratch = try TemporaryFolder("working-reset")
        let workbook = try Workbook.shipped()
        var folder = try WorkingFolder.open(scratch.path("w"), workbook: workbook, creating: true).folder
        let tabs = try #require(workbook.exercise("4"))
        try "my first try".write(toFile: folder.folder(of: tabs) + "/Mail.behaviours.yaml", atomically: false, encoding: .utf8)
        let first = try folder.reset(tabs)
        try "my second try".write(toFile: folder.folder(of: tabs) + "/Mail.behaviours.yaml", atomically: false, encoding: .utf8)
        let second = try folder.reset(tabs)
        #expect(first != second)
        #expect(try String(contentsOfFile: first + "/Mail.behaviours.yaml", encoding: .utf8) == "my first try")
        #expect(try String(contentsOfFile: second + "/Mail.behaviours.yaml", encoding: .utf8) == "my second try")
        let restored = try Data(contentsOf: URL(fileURLWithPath: folder.folder(of: tabs) + "/Mail.behaviours.yaml"))
        #expect(Array(restored) == workbook.bytes(of: "Mail.behaviours.yaml", in: tabs, .start))
        #expect(!folder.check(tabs).passed)
    }
}
