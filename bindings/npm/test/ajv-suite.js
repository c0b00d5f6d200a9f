// Runs JSON-Schema-Test-Suite cases (test/data/json-schema-test-suite,
// copied from json-schema-org/JSON-Schema-Test-Suite with its licence)
// through ajv with a given uriResolver and format set. Shared by
// test/ajv.test.js and scripts/ajv-compare.mjs.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';

export const suite = fileURLToPath(new URL('./data/json-schema-test-suite/', import.meta.url));

export const FORMAT_FILES = ['uri', 'uri-reference', 'iri', 'iri-reference', 'uri-template'].map(
  (f) => `tests/draft2020-12/optional/format/${f}.json`,
);
export const REF_FILES = [
  'tests/draft2020-12/ref.json',
  'tests/draft2020-12/refRemote.json',
  'tests/draft2020-12/anchor.json',
  'tests/draft2020-12/defs.json',
  'tests/draft7/ref.json',
  'tests/draft7/refRemote.json',
];

function remotes() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push([`http://localhost:1234/${relative(join(suite, 'remotes'), p)}`, JSON.parse(readFileSync(p, 'utf8'))]);
    }
  };
  walk(join(suite, 'remotes'));
  return out;
}

function makeAjv(file, uriResolver, formats) {
  const draft7 = file.includes('/draft7/');
  const Ctor = draft7 ? Ajv.default : Ajv2020.default;
  const ajv = new Ctor({ strict: false, uriResolver, validateFormats: true, loadSchema: undefined });
  if (formats) for (const [name, f] of Object.entries(formats)) ajv.addFormat(name, f);
  for (const [uri, schema] of remotes()) {
    const is7 = uri.includes('/draft7/');
    const is2020 = uri.includes('/draft2020-12/');
    // Each draft's remotes with its own validator; the draft-free ones with both.
    if ((draft7 && is2020) || (!draft7 && is7)) continue;
    try {
      ajv.addSchema(schema, uri);
    } catch {
      // A remote this ajv cannot compile (another draft's keywords): skipped.
    }
  }
  return ajv;
}

/**
 * Every case of `files` through ajv: a list of `{file, group, test,
 * data, expected, got}`; `got` is `true`/`false`, or `error: <message>`
 * when ajv throws (compiling the schema or resolving a reference).
 */
export function run(files, uriResolver, formats) {
  const out = [];
  for (const file of files) {
    for (const group of JSON.parse(readFileSync(join(suite, file), 'utf8'))) {
      let validate;
      let error;
      try {
        validate = makeAjv(file, uriResolver, formats).compile(group.schema);
      } catch (e) {
        error = `error: ${e.message}`;
      }
      for (const t of group.tests) {
        let got = error;
        if (!got) {
          try {
            got = validate(t.data);
          } catch (e) {
            got = `error: ${e.message}`;
          }
        }
        out.push({ file, group: group.description, test: t.description, data: t.data, expected: t.valid, got });
      }
    }
  }
  return out;
}
