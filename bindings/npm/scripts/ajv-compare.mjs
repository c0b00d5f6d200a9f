// Prints, as Markdown, where ajv answers the JSON-Schema-Test-Suite's
// format and $ref/$id cases differently with urikit (its fast-uri face as
// uriResolver, its format checks) and with stock fast-uri (ajv's default
// uriResolver; the formats of ajv-formats, which has no iri formats, and
// fast-uri's own parse as a format check). The table of docs/javascript.md
// is this output. Usage: node scripts/ajv-compare.mjs
import stockFastUri from 'fast-uri';
import addFormats from 'ajv-formats';
import { fastUri, jsonSchemaFormats } from '../src/index.js';
import { run, FORMAT_FILES, REF_FILES } from '../test/ajv-suite.js';

// ajv-formats' checks, taken from a real ajv-formats install.
const ajvFormats = {};
addFormats({ addFormat: (n, f) => (ajvFormats[n] = f), opts: { code: {} } }, ['uri', 'uri-reference', 'uri-template']);
const fmt = (f) => (typeof f === 'function' ? f : f instanceof RegExp ? (s) => f.test(s) : f.validate instanceof RegExp ? (s) => f.validate.test(s) : f.validate);
const stockFormats = Object.fromEntries(Object.entries(ajvFormats).map(([n, f]) => [n, fmt(f)]));
// fast-uri's parse as a format check: no error, and a scheme where one is required.
const fastUriFormats = {
  uri: (s) => { const c = stockFastUri.parse(s); return !c.error && c.scheme !== undefined; },
  'uri-reference': (s) => !stockFastUri.parse(s).error,
  iri: (s) => { const c = stockFastUri.parse(s, { unicodeSupport: true }); return !c.error && c.scheme !== undefined; },
  'iri-reference': (s) => !stockFastUri.parse(s, { unicodeSupport: true }).error,
};

const show = (v) => (v === true ? 'valid' : v === false ? 'invalid' : v === undefined ? 'n/a' : String(v).slice(0, 60));
// JSON text, with DEL and other invisible characters as \u escapes too.
const esc = (s) =>
  JSON.stringify(s)
    .replace(/[\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\|/g, '\\|');

const ours = run(FORMAT_FILES, fastUri, jsonSchemaFormats);
const stock = run(FORMAT_FILES, stockFastUri, stockFormats);
const parsed = run(FORMAT_FILES, stockFastUri, fastUriFormats);
const count = (rows) => rows.filter((r) => r.got === r.expected).length;
console.log(`Format cases: ${ours.length}. Answered as the suite does: urikit ${count(ours)}, ajv-formats ${count(stock)}, fast-uri parse ${count(parsed)} (ajv-formats has no iri/iri-reference check: ajv ignores those formats, which passes the valid cases only).\n`);
console.log('| format | input | suite | urikit | ajv-formats | fast-uri parse |');
console.log('|---|---|---|---|---|---|');
ours.forEach((r, i) => {
  const s = stock[i].got;
  const p = parsed[i].got;
  if (r.got !== r.expected || s !== r.expected || (p !== r.expected && r.file.match(/\/(uri|uri-reference|iri|iri-reference)\.json$/))) {
    const name = r.file.replace(/.*\//, '').replace('.json', '');
    console.log(`| ${name} | ${esc(r.data)} | ${show(r.expected)} | ${show(r.got)} | ${show(s)} | ${show(p)} |`);
  }
});

const refOurs = run(REF_FILES, fastUri);
const refStock = run(REF_FILES, stockFastUri);
console.log(`\n$ref/$id cases: ${refOurs.length}. Answered as the suite does: urikit ${count(refOurs)}, stock fast-uri ${count(refStock)}.\n`);
console.log('| file | group | test | suite | urikit | fast-uri |');
console.log('|---|---|---|---|---|---|');
refOurs.forEach((r, i) => {
  const s = refStock[i].got;
  if (r.got !== r.expected || s !== r.expected) {
    console.log(`| ${r.file.replace('tests/', '')} | ${r.group} | ${r.test} | ${show(r.expected)} | ${show(r.got)} | ${show(s)} |`);
  }
});
