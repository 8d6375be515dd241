export interface ConsoleGuardState {
  allowed: boolean;
  expected: unknown[][];
  unexpected: string[];
}

const KEY = Symbol.for("shop.tests.consoleGuard");

/** Shared through globalThis so the setup file and tests see one state whatever module instance they load. */
export function consoleGuardState(): ConsoleGuardState {
  const holder = globalThis as typeof globalThis & { [KEY]?: ConsoleGuardState };
  return (holder[KEY] ??= { allowed: false, expected: [], unexpected: [] });
}

/**
 * Lets the current test log console.error; returns the calls it made (for asserting on them).
 * The permission ends with the test.
 */
export function expectConsoleError(): unknown[][] {
  const state = consoleGuardState();
  state.allowed = true;
  return state.expected;
}
