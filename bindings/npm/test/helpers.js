// Shared by the tests: the repository's data files (hand-worked vectors,
// not urikit's output) and their escapes.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

export const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export function readRepo(...parts) {
  return readFileSync(join(repo, ...parts), 'utf8');
}

export function repoHas(...parts) {
  return existsSync(join(repo, ...parts));
}

/**
 * The escapes of crates/urikit/tests/data/vectors/README.md, to a JavaScript
 * string; `undefined` when the bytes are not UTF-8 (such an input has no
 * JavaScript string).
 */
export function unescape(s) {
  const bytes = [];
  const enc = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\') {
      bytes.push(...enc.encode(c));
      continue;
    }
    const n = s[++i];
    if (n === '\\') bytes.push(0x5c);
    else if (n === 't') bytes.push(9);
    else if (n === 'n') bytes.push(10);
    else if (n === 'r') bytes.push(13);
    else if (n === 'x') {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (n === 'u') {
      const end = s.indexOf('}', i);
      bytes.push(...enc.encode(String.fromCodePoint(parseInt(s.slice(i + 2, end), 16))));
      i = end;
    } else throw new Error(`bad escape \\${n} in ${s}`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** The UTF-16 index of byte offset `byte` of `s` (the vectors count bytes). */
export function utf16Index(s, byte) {
  const enc = new TextEncoder();
  let b = 0;
  let u = 0;
  for (const ch of s) {
    if (b >= byte) break;
    b += enc.encode(ch).length;
    u += ch.length;
  }
  return u;
}

/** The lines of a vector file: `[fields]` for each line that is not a note. */
export function vectorLines(file) {
  return readRepo('crates', 'urikit', 'tests', 'data', 'vectors', file)
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t'));
}

/**
 * Runs the `uri` CLI with `args` and `stdin`, giving its standard output:
 * `cargo run -p urikit-cli` in this checkout, or the binary URIKIT_CLI
 * names. Exit 1 is an answer (some input refused, or its parsers
 * disagreeing): its output is given too; any other failure throws.
 */
export function cli(args, stdin) {
  const env = { ...process.env, CARGO_TERM_COLOR: 'never' };
  const [cmd, pre] = process.env.URIKIT_CLI
    ? [process.env.URIKIT_CLI, []]
    : ['cargo', ['run', '-q', '-p', 'urikit-cli', '--']];
  try {
    return execFileSync(cmd, [...pre, ...args], { cwd: repo, env, input: stdin, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'inherit'] });
  } catch (e) {
    if (e.status === 1 && e.stdout) return e.stdout;
    throw e;
  }
}
