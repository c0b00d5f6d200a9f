// Compiled by tsc (npm test) only: the declarations describe the API as
// the tests use it.
import { parse, parseMany, resolve, UriTemplate, URIError, type ParsedURI } from '../src/index.js';

const p: ParsedURI = parse('http://a/b', { profile: 'uri' });
const host: string | undefined = p.host;
const path: string = p.path;
const many: Array<ParsedURI | URIError> = parseMany([host ?? '', path]);
const r: string = resolve(p, '../c', { strict: false });
const t = new UriTemplate('/x/{id}');
const vars = t.match('/x/1', { mode: 'lenient' });
const s: string = t.expand({ id: 1, list: ['a', 'b'] });
export const used = [many, r, vars, s];
