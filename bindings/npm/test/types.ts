// Compiled by tsc (npm test) only: the declarations describe the API as
// the tests use it.
import { parse, parseMany, parseBatch, resolve, UriTemplate, URIError, type ParsedURI, type URIBatch } from '../src/index.js';
import { views, VIEW_PARSERS, type Views, type ViewParser } from '../src/index.js';

const p: ParsedURI = parse('http://a/b', { profile: 'uri' });
const host: string | undefined = p.host;
const path: string = p.path;
const many: Array<ParsedURI | URIError> = parseMany([host ?? '', path]);
const columns: URIBatch = parseBatch([path, p], { profile: 'iri-reference' });
const firstHost: string | undefined = columns.component(0, 'host');
const r: string = resolve(p, '../c', { strict: false });
const t = new UriTemplate('/x/{id}');
const vars = t.match('/x/1', { mode: 'lenient' });
const s: string = t.expand({ id: 1, list: ['a', 'b'] });
export const used = [many, r, vars, s, firstHost];

// views
const vs: Views = views('http://a_b.example/', { parsers: ['rfc3986', 'java'] });
const vp: readonly ViewParser[] = VIEW_PARSERS;
const vh: string | undefined = 'error' in (vs.views.java ?? { error: '' }) ? undefined : (vs.views.java as { host?: string }).host;
void vp;
void vh;
for (const f of vs.findings) {
  const w: string = f.weight;
  const v: (string | undefined)[] = f.values;
  void w;
  void v;
}

// urikit/views: every parser
import { views as allViews, VIEW_PARSERS as ALL_PARSERS, DEFAULT_VIEW_PARSERS, type ViewParser as AnyParser } from '../src/views.js';
const av = allViews('http://a\\@b/', { parsers: ['go', 'urllib', 'all'] });
const goView = av.views.go;
const parsersOfAll: readonly AnyParser[] = [...ALL_PARSERS, ...DEFAULT_VIEW_PARSERS];
const firstFinding: AnyParser[] | undefined = av.findings[0]?.parsers;
export const usedViews = [goView, parsersOfAll, firstFinding];

// urikit/guard: the SSRF guard
import { Policy, check, guardDispatcher, guardConnect, GuardError, GUARD_CLIENTS, REFUSAL_KINDS, type GuardVerdict, type GuardClient, type RefusalKind } from '../src/guard.js';
const gp: Policy = Policy.fromText('preset = "private"');
const gv: GuardVerdict = gp.check('http://0x7f.1/', { client: 'urllib3' });
const gr: RefusalKind | null = check('http://a/').reason;
const gc: readonly GuardClient[] = GUARD_CLIENTS;
const gk: readonly RefusalKind[] = REFUSAL_KINDS;
const ga: GuardVerdict = gp.checkAddresses('a.example', 443, ['93.184.215.14']);
class FakeAgent {
  constructor(readonly options: { connect: unknown }) {}
}
const gd: FakeAgent = guardDispatcher(gp, { Agent: FakeAgent, lookup: (_h, _o, cb) => cb(null, ['127.0.0.2']) });
const gconnect = guardConnect(gp, { timeout: 1000 });
const ge = new GuardError('address denied', { reason: 'denied-address', host: 'x', address: '127.0.0.1' });
const geReason: RefusalKind = ge.reason;
export const usedGuard = [gv, gr, gc, gk, ga, gd, gconnect, geReason, gv.addresses[0], gv.port];
