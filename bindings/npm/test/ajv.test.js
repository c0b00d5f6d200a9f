// ajv with urikit's fast-uri face as its uriResolver and urikit's format
// checks, over the JSON-Schema-Test-Suite's format and $ref/$id cases;
// beside it stock ajv (fast-uri, ajv-formats). The comparison table of
// docs/javascript.md is scripts/ajv-compare.mjs's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stockFastUri from 'fast-uri';
import { fastUri, jsonSchemaFormats } from '../src/index.js';
import { run, FORMAT_FILES, REF_FILES } from './ajv-suite.js';

const fails = (rows) => rows.filter((r) => r.got !== r.expected);
const key = (r) => `${r.file} | ${r.group} | ${r.test}`;

test('format cases: urikit answers every one as the suite does', () => {
  const rows = run(FORMAT_FILES, fastUri, jsonSchemaFormats);
  assert.ok(rows.length > 80, `${rows.length} cases`);
  assert.deepEqual(fails(rows).map(key), []);
});

test('$ref/$id cases: urikit as uriResolver passes every case stock fast-uri passes', () => {
  const ours = run(REF_FILES, fastUri);
  const stock = run(REF_FILES, stockFastUri);
  assert.equal(ours.length, stock.length);
  assert.ok(ours.length > 150, `${ours.length} cases`);
  const stockFails = new Set(fails(stock).map(key));
  const regressions = fails(ours).filter((r) => !stockFails.has(key(r)));
  assert.deepEqual(regressions.map((r) => `${key(r)}: ${r.got}`), []);
});
