import Navigation
import Terminal

/// A row of a table, as `UITableViewCell`: a content view laid out as a row, and an accessory.
open class TableViewCell: View, Drawable, AccessoryConnectionsHolding {
    public enum AccessoryType: String, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }

    public private(set) var contentView: View = TableViewCellContentView()
    public var accessoryType = AccessoryType.none { didSet { if accessoryType != oldValue { setNeedsDisplay() } } }
    public internal(set) var reuseIdentifier: String?
    /// Made by `dequeueReusableCell` from a prototype: the table may hand it out again for
    /// another row once its row leaves the screen. A static cell is never reused.
    var isReusable = false
    /// What the accessory (the detail button) fires: segues with `trigger="accessoryAction"`.
    public let accessoryConnections = Connections()
    /// The title of the static section this cell starts, drawn as a line above it.
    public var sectionHeaderTitle: String? { didSet { if sectionHeaderTitle != oldValue { setNeedsDisplay() } } }
    /// The footer of the static section this cell ends, drawn as a line below it.
    public var sectionFooterTitle: String? { didSet { if sectionFooterTitle != oldValue { setNeedsDisplay() } } }

    public override init() {
        super.init()
        super.addSubview(contentView)
    }

    open override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        accessoryType = coder.string("accessoryType").flatMap(AccessoryType.init(rawValue:)) ?? .none
        reuseIdentifier = coder.string("reuseIdentifier")
        // A list content configuration (Xcode 13 and later) is the cell's content: its image's
        // name, its text, and its secondary text under them, as a subtitle cell draws them.
        if let content = coder.listContent { show(content) }
    }

    private func show(_ content: (text: String?, secondaryText: String?, image: String?)) {
        let line = [content.image.map { "(\($0))" }, content.text].compactMap { $0 }.joined(separator: " ")
        if !line.isEmpty {
            let label = Label()
            label.text = line
            contentView.addSubview(label)
        }
        if let secondary = content.secondaryText, !secondary.isEmpty {
            let label = Label()
            label.text = secondary
            label.textStyle = .secondary
            contentView.addSubview(label)
        }
    }

    open override func addSubview(_ view: View, forKey key: String) {
        guard key == "contentView" else { return super.addSubview(view, forKey: key) }
        contentView.removeFromSuperview()
        // What the cell put in its content view before the storyboard's arrived (a list content
        // configuration's labels) moves into it.
        let kept = contentView.subviews
        contentView = view
        super.addSubview(view)
        for subview in kept { view.addSubview(subview) }
    }

    /// Content goes into the content view, as in UIKit.
    open override func addSubview(_ view: View) {
        if view === contentView { super.addSubview(view) } else { contentView.addSubview(view) }
    }

    private func accessory(_ glyphs: Glyphs) -> String? {
        switch accessoryType {
        case .none: return nil
        case .checkmark: return glyphs == .unicode ? "✓" : "*"
        // The detail button, which Right presses: "(i)" reads the same on every terminal, where
        // a circled i is ambiguous in width.
        case .detailButton: return "(i)"
        case .detailDisclosureButton: return "(i) \(glyphs.disclosure)"
        case .disclosureIndicator: return glyphs.disclosure
        }
    }

    private func contentWidth(_ width: Int, context: DrawContext) -> Int {
        accessory(context.glyphs).map { width - $0.terminalWidth - 1 } ?? width
    }

    private var titleLines: Int { (sectionHeaderTitle == nil ? 0 : 1) + (sectionFooterTitle == nil ? 0 : 1) }

    public func height(forWidth width: Int, context: DrawContext) -> Int {
        titleLines + max(1, Layout.height(of: contentView, width: contentWidth(width, context: context), context: context))
    }

    /// The rows between the section's titles, and the content view's part of them (the
    /// accessory takes the right end of the first).
    private func frames(in rect: Rect, context: DrawContext) -> (between: Rect, content: Rect) {
        var rect = rect
        if sectionHeaderTitle != nil, rect.height > 1 { rect = rect.dropTop(1) }
        if sectionFooterTitle != nil, rect.height > 1 { rect = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 1) }
        return (rect, Rect(x: rect.x, y: rect.y, width: contentWidth(rect.width, context: context), height: rect.height))
    }

    open func layOut(in rect: Rect, context: DrawContext) {
        Layout.layOut(contentView, in: frames(in: rect, context: context).content, context: context)
    }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let (between, content) = frames(in: rect, context: context)
        if let header = sectionHeaderTitle, between.y > rect.y {
            buffer.put(context.theme.display(header.uppercased()), at: rect.origin, style: context.theme.secondaryText, clip: rect)
        }
        if let footer = sectionFooterTitle, between.maxY < rect.maxY {
            buffer.put(context.theme.display(footer), at: Point(x: rect.x, y: rect.maxY - 1), style: context.theme.secondaryText, clip: rect)
        }
        Layout.draw(contentView, in: content, buffer: &buffer, context: context)
        if let accessory = accessory(context.glyphs) {
            buffer.put(accessory, at: Point(x: between.maxX - accessory.terminalWidth, y: between.y), style: context.theme.secondaryText, clip: between)
        }
    }
}

/// A cell's content view: its subviews side by side, since a cell is a row. (Storyboards
/// written for iOS place them with constraints, which the terminal does not read.)
open class TableViewCellContentView: View, Drawable {
    public override init() { super.init() }

    public func height(forWidth width: Int, context: DrawContext) -> Int {
        let views = Layout.visible(subviews)
        let widths = Layout.rowWidths(views, width: width, gap: 1, context: context)
        return zip(views, widths).map { Layout.height(of: $0, width: $1, context: context) }.max() ?? 1
    }

    public func intrinsicWidth(context: DrawContext) -> Int? { nil }

    open func layOut(in rect: Rect, context: DrawContext) {
        Layout.forEachInRow(Layout.visible(subviews), in: rect, gap: 1, context: context) { Layout.layOut($0, in: $1, context: context) }
    }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        Layout.forEachInRow(Layout.visible(subviews), in: rect, gap: 1, context: context) {
            Layout.draw($0, in: $1, buffer: &buffer, context: context)
        }
    }
}
