# Homebrew formula for the wallet: `brew install --HEAD ./Formula/wallet.rb` from a clone.
# macOS's own ncurses is used (no Homebrew ncurses needed); Swift comes from Xcode or its
# command-line tools. Written from Homebrew's Formula Cookbook; not yet installed on a Mac (issue 20).
class Wallet < Formula
  desc "UIKit's storyboards, segues and unwind segues, in the terminal"
  homepage "https://developer.apple.com/library/archive/technotes/tn2298/_index.html"
  # The clone this formula is in: `brew install --HEAD ./Formula/wallet.rb` builds its main branch.
  head "file://#{File.expand_path("..", __dir__)}", using: :git, branch: "main"

  depends_on xcode: ["15.0", :build]
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
