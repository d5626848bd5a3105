import Storyboards

extension LintRule {
    /// A view the terminal does not draw that shows something on iOS (an image, a switch's
    /// state, a text view's text): a screen that reads fine in Interface Builder loses it here,
    /// and nothing else says so (issue 46). A control with a segue or an action is
    /// `unfireable-connection`'s to name; this names what is only seen.
    static let droppedContent = LintRule(rule: .droppedContent) { outline, classes in
        DroppedContent(outline: outline, classes: classes).warnings()
    }
}

@MainActor
private struct DroppedContent {
    let outline: StoryboardOutline
    let classes: StoryboardClasses

    func warnings() -> [StoryboardDiagnostic] {
        var warnings: [StoryboardDiagnostic] = []
        var pending = outline.model.controllers.compactMap(\.rootView)
        while let element = pending.popLast() {
            for (child, _) in element.builtChildren(isView: classes.isViewElement).reversed() {
                // An image view with no image in the file is filled by code: the file loses nothing.
                if Self.droppedViews.contains(child.elementName), !classes.isViewElement(child.elementName), child.customClass == nil,
                   child.elementName != "imageView" || child.imageName != nil,
                   !child.connections.contains(where: { $0.kind == .action || $0.kind == .segue }) {
                    let shown = Self.content(of: child).map { " (\($0))" } ?? ""
                    warnings.append(outline.warning(.droppedContent, child.line, child.column,
                        "\(ElementNames.withArticle(child.elementName))\(shown) is not drawn: the terminal has no \(ElementNames.described(child.elementName)), "
                            + "so what it shows on iOS is not on the screen; if the screen needs it, show it as a label or a button"))
                }
                pending.append(child)
            }
        }
        return warnings
    }

    /// Views that show something and that the terminal does not draw. Containers it does not
    /// have (a scroll view, a visual effect view) are drawn as their subviews, so they lose
    /// nothing.
    static let droppedViews: Set<String> = [
        "imageView", "switch", "slider", "stepper", "segmentedControl", "datePicker", "pickerView", "progressView",
        "activityIndicatorView", "textView", "wkWebView", "webView", "mapView", "searchBar", "pageControl", "colorWell",
    ]

    /// What the element shows, in a few words: its image's name, its text's start, its segments.
    private static func content(of element: SceneObject) -> String? {
        if let image = element.imageName { return "image \"\(image)\"" }
        if let text = element.string(forKey: "text"), !text.isEmpty {
            return "\"\(text.count > 24 ? String(text.prefix(24)) + "…" : text)\""
        }
        return nil
    }
}
