// Runs the MCP TypeScript SDK's own UriTemplate tests
// (test/data/mcp-sdk/uriTemplate.test.ts, verbatim from the SDK's
// repository) against a UriTemplate class, with a small shim for the jest
// calls the file makes (describe, it, expect(...).toBe/toEqual/toBeNull/
// toThrow/toBeLessThan/not.toThrow). The file's one TypeScript annotation
// is stripped; nothing else is changed.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual, inspect } from 'node:util';

const source = readFileSync(new URL('./data/mcp-sdk/uriTemplate.test.ts', import.meta.url), 'utf8');

function body() {
  const lines = source.split('\n');
  if (!lines[0].startsWith('import { UriTemplate }')) throw new Error('the test file changed: its first line is not the import');
  const code = lines.slice(1).join('\n');
  const stripped = code.replace('const vars: Record<string, string> = {};', 'const vars = {};');
  if (stripped === code) throw new Error('the test file changed: the annotation to strip is gone');
  return stripped;
}

function expect(actual) {
  const fail = (what) => {
    throw new Error(`expected ${inspect(actual)} ${what}`);
  };
  const throws = () => {
    try {
      actual();
      return false;
    } catch {
      return true;
    }
  };
  return {
    toBe: (v) => Object.is(actual, v) || fail(`to be ${inspect(v)}`),
    toEqual: (v) => isDeepStrictEqual(JSON.parse(JSON.stringify(actual)), v) || fail(`to equal ${inspect(v)}`),
    toBeNull: () => actual === null || fail('to be null'),
    toBeLessThan: (v) => actual < v || fail(`to be less than ${v}`),
    toThrow: () => throws() || fail('to throw'),
    not: { toThrow: () => !throws() || fail('not to throw') },
  };
}

/** The SDK's test names (describe path > it) and, for each, `null` (passed) or the error message. */
export function runSdkTests(UriTemplate) {
  const tests = [];
  const path = [];
  const describe = (name, fn) => {
    path.push(name);
    fn();
    path.pop();
  };
  const it = (name, fn) => tests.push([[...path, name].join(' > '), fn]);
  new Function('describe', 'it', 'expect', 'UriTemplate', body())(describe, it, expect, UriTemplate);
  return tests.map(([name, fn]) => {
    try {
      fn();
      return [name, null];
    } catch (e) {
      return [name, e.message.slice(0, 300)];
    }
  });
}
