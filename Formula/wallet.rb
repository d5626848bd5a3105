# Homebrew formula for the wallet. Homebrew (4.6.4 and later) installs formulae only from taps, and
# this repository is one (Formula/ at its root), so from a clone:
#   brew tap workshop/wallet "$PWD" && brew install --HEAD workshop/wallet/wallet
# macOS's own ncurses is used (no Homebrew ncurses needed); Swift 6.2 comes from Xcode 26 or its
# command-line tools. Written from Homebrew's Formula Cookbook; not yet installed on a Mac (issue 20).
class Wallet < Formula
  desc "UIKit's storyboards, segues and unwind segues, in the terminal"
  homepage "https://developer.apple.com/library/archive/technotes/tn2298/_index.html"
  # The repository this formula is in (the tap's own clone): --HEAD builds its main branch.
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  depends_on xcode: ["26.0", :build]
  depends_on :macos

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "wallet"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "wallet-server"
    bin.install ".build/release/wallet", ".build/release/wallet-server"
  end

  test do
    assert_match "Saldo", shell_output("#{bin}/wallet --headless --keys ''")
  end
end
