// The browser tests need Debian's Chromium. Install it when we can (root with apt-get); otherwise stop
// at once with the one command that installs it. Never skip the browser tests silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL = 'sudo apt-get update && sudo apt-get install -y chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${CHROMIUM}; the browser tests need it. Install it with:\n  ${INSTALL}`,
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium) ...");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing. Install it with:\n  ${INSTALL}`);
    process.exit(1);
  }
}
