import { afterEach, vi } from 'vitest';

// A test that makes the app log an error fails: errors are never expected noise.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${String(seen[0][0])}`);
});
