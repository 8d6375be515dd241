// The system Chromium (Debian package) and the flags it needs on these machines: the closed
// network refuses its background connections. Used by Playwright and the Lighthouse benchmark.
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
