// The package as another project gets it: `npm pack` makes the tarball,
// which is installed into a new project in a temporary directory, and that
// project imports the package by its name, runs one parse, and type-checks
// a TypeScript file against the installed declarations. The tarball must
// hold the README and the licenses, the built module, and nothing of the
// tests or scripts. (docs/javascript.md, "From another project".)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo } from './helpers.js';

const js = join(repo, 'bindings', 'npm');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

test('the licenses in the package are the repository\'s', () => {
  for (const f of ['LICENSE-MIT', 'LICENSE-APACHE']) {
    assert.equal(readFileSync(join(js, f), 'utf8'), readFileSync(join(repo, f), 'utf8'), f);
  }
});

test('npm pack, install the tarball into a new project, import it and parse', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'urikit-pack-'));
  try {
    const packed = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', tmp], { cwd: js, encoding: 'utf8' }));
    const files = packed[0].files.map((f) => f.path).sort();
    for (const f of ['README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'package.json', 'src/index.js', 'src/index.d.ts',
      'dist/wasm/urikit_wasm.js', 'dist/wasm/urikit_wasm_bg.wasm',
      // The second module, `urikit/views`.
      'src/views.js', 'src/views.d.ts', 'src/views-load.js', 'dist/wasm/urikit_views.js', 'dist/wasm/urikit_views_bg.wasm',
      // The third, `urikit/guard`.
      'src/guard.js', 'src/guard.d.ts', 'src/guard-load.js', 'dist/wasm/urikit_guard.js', 'dist/wasm/urikit_guard_bg.wasm']) {
      assert.ok(files.includes(f), `the tarball has no ${f}: ${files.join(', ')}`);
    }
    for (const f of files) assert.match(f, /^(src\/|dist\/wasm\/|README\.md$|LICENSE-|package\.json$)/, `${f} in the tarball`);
    const tarball = join(tmp, packed[0].filename);

    const project = join(tmp, 'project');
    execFileSync('mkdir', [project]);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-urikit', version: '1.0.0', private: true, type: 'module' }));
    // The package has no dependencies: the install reads nothing from a registry.
    execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: project, stdio: 'pipe' });
    assert.ok(existsSync(join(project, 'node_modules', 'urikit', 'README.md')));

    writeFileSync(join(project, 'main.mjs'), [
      "import { parse, URIError } from 'urikit';",
      "import { fastUri } from 'urikit/fast-uri';",
      "import { views } from 'urikit/views';",
      "import { check } from 'urikit/guard';",
      "const u = parse('foo://example.com:8042/over/there?name=ferret#nose');",
      "let kind; try { parse('http://exa mple.com/'); } catch (e) { kind = e instanceof URIError && e.kind; }",
      "const v = views('http://evil.com\\\\@good.com/', { parsers: ['urllib', 'urllib3'] }).views;",
      "const g = check('http://0x7f.1/');",
      "console.log(JSON.stringify([u.host, u.port, u.query, kind, fastUri.parse('http://a/b').host, v.urllib.host, v.urllib3.host, g.reason, g.host]));",
    ].join('\n'));
    const out = execFileSync(process.execPath, ['main.mjs'], { cwd: project, encoding: 'utf8' });
    // The example, as urllib and urllib3 read it (tried by hand).
    // The guard's: docs/guard.md's first example (reqwest and Node's URL read 0x7f.1 as 127.0.0.1).
    assert.deepEqual(JSON.parse(out), ['example.com', 8042, 'name=ferret', 'invalid-character', 'a', 'good.com', 'evil.com', 'denied-address', '127.0.0.1']);

    // From CommonJS: a dynamic import (the package is an ES module).
    writeFileSync(join(project, 'main.cjs'), "import('urikit').then(({ parse }) => console.log(parse('http://a/b').path));");
    assert.equal(execFileSync(process.execPath, ['main.cjs'], { cwd: project, encoding: 'utf8' }).trim(), '/b');

    // TypeScript against the installed declarations (this package's tsc).
    writeFileSync(join(project, 'main.ts'), [
      "import { parse, type ParsedURI, URIError } from 'urikit';",
      "import { views, type ViewParser } from 'urikit/views';",
      "import { Policy, type GuardVerdict, type RefusalKind } from 'urikit/guard';",
      "const verdict: GuardVerdict = Policy.preset('private').check('http://10.0.0.1/', { client: 'urllib3' });",
      "const why: RefusalKind | null = verdict.reason;",
      "const goParser: ViewParser = 'go';",
      "const goHost: string | undefined = 'error' in (views('http://a/', { parsers: [goParser] }).views.go ?? { error: '' }) ? undefined : 'a';",
      "const u: ParsedURI = parse('http://a/b');",
      "const host: string | undefined = u.host;",
      "const e = new URIError('x', { kind: 'not-unicode', index: 1 });",
      'export { host, e, goHost, why };',
    ].join('\n'));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, lib: ['es2022', 'dom'] },
      files: ['main.ts'],
    }));
    execFileSync(process.execPath, [join(js, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: project, stdio: 'pipe' });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
