// The guard crate's vector files (crates/urikit-guard/tests/data/vectors),
// read as its tests/it/vectors.rs reads them: for guard.test.js and
// guard-cli.test.js.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './helpers.js';

const vectorDir = join(repo, 'crates', 'urikit-guard', 'tests', 'data', 'vectors');

/** `[file, line, url, kind]` of every vector of one side, read as tests/it/vectors.rs reads them. */
export function vectors(side) {
  const out = [];
  for (const file of readdirSync(join(vectorDir, side)).filter((f) => f.endsWith('.txt')).sort()) {
    const generated = file.startsWith('payloads-') || file.startsWith('gsd-sample');
    readFileSync(join(vectorDir, side, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '' || line.startsWith('#')) return;
        let url = line;
        let kind = null;
        const tab = line.lastIndexOf('\t');
        if (tab >= 0 && /^[a-z-]+$/.test(line.slice(tab + 1).trimEnd()) && !generated) {
          [url, kind] = [line.slice(0, tab), line.slice(tab + 1).trimEnd()];
        } else if (tab >= 0 && generated) {
          url = line.slice(0, line.indexOf('\t'));
        }
        // The generated files write control characters as control pictures.
        if (generated) {
          url = [...url]
            .map((c) => {
              const p = c.codePointAt(0);
              return p >= 0x2400 && p <= 0x241f ? String.fromCodePoint(p - 0x2400) : p === 0x2420 ? ' ' : c;
            })
            .join('');
        }
        out.push([file, i + 1, url, kind]);
      });
  }
  return out;
}
