// The JavaScript example of docs/javascript.md ("## The API") runs, and
// each line `EXPR; // VALUE ...` gives VALUE (a literal at the start of
// the comment; the words after it are prose).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRepo } from './helpers.js';

/** The longest prefix of `comment` that is a JavaScript literal, or undefined. */
function literal(comment) {
  for (let end = comment.length; end > 0; end--) {
    const head = comment.slice(0, end).trim();
    if (!/^(['"[{]|true|false|null|undefined|-?\d)/.test(head)) return undefined;
    try {
      return { text: head, value: new Function(`return (${head});`)() };
    } catch {
      // shorter
    }
  }
  return undefined;
}

test('the API example of docs/javascript.md runs and gives what its comments say', async () => {
  const doc = readRepo('docs', 'javascript.md');
  const start = doc.indexOf('```js', doc.indexOf('## The API'));
  const block = doc.slice(doc.indexOf('\n', start) + 1, doc.indexOf('```', start + 5));
  let checks = 0;
  const lines = block.split('\n').map((line) => {
    const m = /^(\s*)(.+?);\s*\/\/\s*(.*)$/.exec(line);
    const lit = m && literal(m[3]);
    if (!m || !lit || m[2].startsWith('const ') || m[2].startsWith('import')) return line;
    checks++;
    return `${m[1]}__check(${JSON.stringify(m[2])}, () => (${m[2]}), ${lit.text});`;
  });
  const file = fileURLToPath(new URL('./docs-example.tmp.mjs', import.meta.url));
  const code = [
    "import assert from 'node:assert/strict';",
    'const __check = (what, f, want) => { const got = f(); assert.deepEqual(JSON.parse(JSON.stringify(got ?? null)), JSON.parse(JSON.stringify(want ?? null)), what); };',
    ...lines,
  ].join('\n');
  writeFileSync(file, code.replaceAll("from 'urikit'", "from '../src/index.js'"));
  try {
    await import(file);
  } finally {
    rmSync(file, { force: true });
  }
  assert.ok(checks >= 20, `${checks} checked lines`);
  console.log(`${checks} lines of docs/javascript.md checked`);
});
