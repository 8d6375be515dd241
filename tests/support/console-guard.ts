// Setup file (vitest.config.ts): a console.error nobody asked for fails the test that logged it.
// A test that expects one calls `expectConsoleError()` from ./console.ts.
import { afterAll, afterEach } from "vitest";
import { format } from "node:util";
import { consoleGuardState } from "./console.ts";

const state = consoleGuardState();
const original = console.error.bind(console);

console.error = (...args: unknown[]) => {
  if (state.allowed) {
    state.expected.push(args);
    return;
  }
  state.unexpected.push(format(...args));
  original(...args);
};

function check(where: string) {
  const logged = state.unexpected.splice(0);
  state.allowed = false;
  state.expected = [];
  if (logged.length > 0) {
    throw new Error(`Unexpected console.error ${where}:\n${logged.map((line) => `  ${line}`).join("\n")}`);
  }
}

afterEach(() => check("during this test"));
afterAll(() => check("outside a test (hooks or module scope)"));
