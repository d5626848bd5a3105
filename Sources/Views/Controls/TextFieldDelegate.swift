/// Hears of edits before they happen, as `UITextFieldDelegate`: a form refuses what it cannot hold.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether the characters in `range` (UTF-16 offsets into `textField.text`, as UIKit gives
    /// them) may be replaced by `string`.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
}

extension TextFieldDelegate {
    public func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
}
