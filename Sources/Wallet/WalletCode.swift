import Storyboards

/// Where `WalletViewController` sets its balance label: the one line of the sample's code whose
/// place the iOS 13 lesson turns on (rule 30). The sample's 2019 code sets it in
/// `viewWillAppear`, which a sheet's dismissal never calls, so after Send the label is stale;
/// the fix sets it in `sendTransaction:` as well, where the balance changes.
///
/// `wallet --code FILE` and exercise 10 read it from a copy of the sample's
/// `WalletViewController.swift`: the methods in which a line `amountLabel.text = …` stands. The
/// rest of that file is the app's own code, read only for that (the terminal compiles no Swift).
public struct WalletCode: Sendable, Equatable {
    /// The methods of `WalletViewController` the terminal can run the line in.
    public enum Method: String, Sendable, CaseIterable {
        case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear
        case cancel = "cancel:"
        case sendTransaction = "sendTransaction:"

        /// The name a `func` declares it by, without the selector's colon.
        var functionName: String { rawValue.hasSuffix(":") ? String(rawValue.dropLast()) : rawValue }
    }

    /// The methods that set the label, each time they run.
    public var setsBalanceLabel: Set<Method>

    public init(setsBalanceLabelIn methods: Set<Method>) {
        setsBalanceLabel = methods
    }

    /// What the app runs by default: the label set in `viewWillAppear` (the first time the wallet
    /// shows) and in `sendTransaction:` (where the balance changes), as the sample's author would
    /// fix it for iOS 13.
    public static let fixed = WalletCode(setsBalanceLabelIn: [.viewWillAppear, .sendTransaction])
    /// The sample as written in 2019 (`--as-written`): in `viewWillAppear` only.
    public static let asWritten = WalletCode(setsBalanceLabelIn: [.viewWillAppear])

    public func setsBalanceLabel(in method: Method) -> Bool { setsBalanceLabel.contains(method) }

    /// The statement the reader looks for: `amountLabel.text =`, with `self.`, `?` or `!` allowed.
    static let statement = "amountLabel.text ="

    /// The code of the Swift file `bytes` (at `path`, named so in messages): every method a line
    /// `amountLabel.text = …` stands in. A line outside the methods the terminal can run it in,
    /// braces that do not balance, or a file that is not UTF-8 is refused at its line.
    public static func read(_ bytes: [UInt8], path: String) throws(StoryboardErrors) -> WalletCode {
        func refuse(_ line: Int, _ message: String) -> StoryboardErrors {
            StoryboardErrors(errors: [StoryboardDiagnostic(file: path, line: line, rule: .behaviours, message: message)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw refuse(0, "not UTF-8 text: write the wallet's Swift code as Xcode saves it")
        }
        var scanner = SwiftOutline(text)
        let sets: [SwiftOutline.Statement]
        do {
            sets = try scanner.assignments(to: ["amountLabel", "text"])
        } catch {
            throw refuse(error.line, error.message)
        }
        var methods: Set<Method> = []
        let known = Method.allCases.map(\.rawValue).joined(separator: ", ")
        // Another class's label of that name (the sample's `Cell` has one) is not the balance's.
        for statement in sets where statement.type == "WalletViewController" {
            guard let function = statement.function else {
                throw refuse(statement.line, "the balance label is set (\(statement.text) …) outside any method: set it in \(known)")
            }
            guard let method = Method.allCases.first(where: { $0.functionName == function }) else {
                throw refuse(statement.line, "the balance label is set (\(statement.text) …) in \(function)(…), which the terminal does not run "
                    + "for the wallet: set it in \(known)")
            }
            methods.insert(method)
        }
        return WalletCode(setsBalanceLabelIn: methods)
    }
}

/// Just enough of Swift's grammar to say which type and `func` a statement stands in: comments
/// and string literals skipped, braces counted, each `func NAME` (and `class`, `struct`, `enum`,
/// `actor`, `extension` NAME) opening a body at its next `{`.
struct SwiftOutline {
    struct Statement {
        let line: Int
        /// The innermost function it stands in, nil at the top level or in a type's body.
        let function: String?
        /// The innermost type (or extension) it stands in, by name; nil at the top level.
        let type: String?
        /// The statement as the file writes it, up to the `=`.
        let text: String
    }

    struct Failure: Error {
        let line: Int
        let message: String
    }

    private let scalars: [Unicode.Scalar]

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Every assignment (`=`, not `==`) to the member path `path` (`amountLabel.text`), with
    /// `self.` before it and `?` or `!` after a member allowed.
    mutating func assignments(to path: [String]) throws(Failure) -> [Statement] {
        var found: [Statement] = []
        var line = 1
        var index = 0
        /// Open braces, each with the function or type whose body it opened (nil for others).
        var braces: [(function: String?, type: String?, line: Int)] = []
        var pendingFunction: String?
        var pendingType: String?
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        func identifier() -> String {
            var name = ""
            while let scalar = peek(), isIdentifier(scalar) {
                name.unicodeScalars.append(scalar)
                index += 1
            }
            return name
        }
        func skipSpaces() {
            while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
        }
        while let scalar = peek() {
            switch scalar {
            case "\n":
                line += 1
                index += 1
            case "/" where peek(1) == "/":
                while let next = peek(), next != "\n" { index += 1 }
            case "/" where peek(1) == "*":
                let opened = line
                index += 2
                var depth = 1
                while depth > 0 {
                    guard let next = peek() else { throw Failure(line: opened, message: "a comment opened here (/*) is never closed") }
                    if next == "\n" { line += 1 }
                    if next == "/", peek(1) == "*" { depth += 1; index += 1 } else if next == "*", peek(1) == "/" { depth -= 1; index += 1 }
                    index += 1
                }
            case "\"":
                let opened = line
                let multiline = peek(1) == "\"" && peek(2) == "\""
                index += multiline ? 3 : 1
                while true {
                    guard let next = peek() else { throw Failure(line: opened, message: "a string opened here is never closed") }
                    if next == "\\" { index += 2; continue }
                    if next == "\n" {
                        guard multiline else { throw Failure(line: opened, message: "a string opened here is not closed on its line") }
                        line += 1
                    }
                    if next == "\"", !multiline || (peek(1) == "\"" && peek(2) == "\"") {
                        index += multiline ? 3 : 1
                        break
                    }
                    index += 1
                }
            case "{":
                braces.append((pendingFunction, pendingType, line))
                pendingFunction = nil
                pendingType = nil
                index += 1
            case "}":
                guard braces.popLast() != nil else { throw Failure(line: line, message: "this } closes nothing: the braces do not balance") }
                index += 1
            case _ where isIdentifier(scalar):
                let start = line
                let word = identifier()
                if word == "func" {
                    skipSpaces()
                    pendingFunction = identifier()
                    continue
                }
                if ["class", "struct", "enum", "actor", "extension", "protocol"].contains(word) {
                    skipSpaces()
                    let name = identifier()
                    // `class func` and `class var` declare members, not a type.
                    if !name.isEmpty, name != "func", name != "var", name != "let" { pendingType = name }
                    if name == "func" {
                        skipSpaces()
                        pendingFunction = identifier()
                    }
                    continue
                }
                // A member path: word(.word)*, each perhaps followed by ? or !.
                var members = [word]
                while true {
                    if peek() == "?" || peek() == "!", peek(1) == "." { index += 1 }
                    guard peek() == ".", let next = peek(1), isIdentifier(next) else { break }
                    index += 1
                    members.append(identifier())
                }
                if members.first == "self" { members.removeFirst() }
                guard members == path else { continue }
                if peek() == "?" || peek() == "!" { index += 1 }
                skipSpaces()
                if peek() == "=", peek(1) != "=" {
                    let function = braces.last(where: { $0.function != nil })?.function
                    let type = braces.last(where: { $0.type != nil })?.type
                    found.append(Statement(line: start, function: function, type: type, text: path.joined(separator: ".") + " ="))
                }
            default:
                index += 1
            }
        }
        if let open = braces.last {
            throw Failure(line: open.line, message: "this { is never closed: the braces do not balance")
        }
        return found
    }
}
