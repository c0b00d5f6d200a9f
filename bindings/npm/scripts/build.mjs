// Builds the three WebAssembly modules (the workspace crates urikit-wasm,
// the main module, urikit-wasm-views, the second module of `urikit/views`,
// and urikit-wasm-guard, the third, of `urikit/guard`) and their
// JavaScript glue into dist/wasm/, each by:
//   1. cargo build -p CRATE --target wasm32-unknown-unknown (release,
//      with LTO and no debug info: set here by environment, so the
//      workspace's own release profile is untouched);
//   2. wasm-bindgen --target web (an ES module that works in browsers and,
//      given the bytes, in Node); wasm-bindgen-cli must be the exact
//      version bindings/npm/wasm/Cargo.toml pins: `npm run setup` (--setup) installs it
//      with `cargo install --locked --debug`, and the build stops with that
//      advice when it is missing or another version (it installs nothing);
//   3. binaryen's wasm-opt (the npm devDependency `binaryen`, pinned in
//      package.json) on the _bg.wasm only, in place: the glue's imports and
//      exports are untouched, so the JavaScript stays consistent with it.
//      -O3, chosen by measurement (docs/javascript.md: 242,533 -> 225,278
//      bytes gzipped, 259 more than -Os, and parseMany 456 ns a URL against
//      511 with -Os); the features
//      enabled are the ones rustc's wasm32-unknown-unknown target emits.
//      URIKIT_WASM_OPT=0 skips it (to measure), URIKIT_WASM_OPT=Os etc.
//      picks another level.
// No prebuilt binary is downloaded from anywhere.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const js = join(here, '..');
const root = join(js, '..', '..');
const out = join(js, 'dist', 'wasm');

function run(cmd, args, opts = {}) {
  console.error(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
}

const manifest = readFileSync(join(js, 'wasm', 'Cargo.toml'), 'utf8');
const pinned = /^wasm-bindgen\s*=\s*"=([0-9.]+)"/m.exec(manifest)?.[1];
if (!pinned) throw new Error('bindings/npm/wasm/Cargo.toml does not pin wasm-bindgen exactly (="x.y.z")');

// wasm-bindgen-cli must be the version bindings/npm/wasm/Cargo.toml pins. The build
// never installs it on its own (a silent `cargo install` took minutes and
// changed ~/.cargo/bin behind the user's back): `npm run setup` (this
// script with --setup) installs it, explicitly; without it a missing or
// other version stops the build with the command to run.
const have = spawnSync('wasm-bindgen', ['--version'], { encoding: 'utf8' });
const found = have.status === 0 ? have.stdout.trim() : 'no wasm-bindgen on PATH';
const ready = have.status === 0 && have.stdout.includes(` ${pinned}`);
const install = ['install', 'wasm-bindgen-cli', '--version', pinned, '--locked', '--debug'];
if (process.argv.includes('--setup')) {
  if (ready) {
    console.error(`setup: ${found} is installed (the version bindings/npm/wasm/Cargo.toml pins)`);
  } else {
    console.error(`setup: installing wasm-bindgen-cli ${pinned} (found: ${found}); minutes on a slow machine`);
    // --debug: an unoptimized build of the tool installs in about a third
    // of the time (5 min against 16 on this 2-core machine under load, the
    // one-time cost of a fresh CI machine) and writes the same glue, byte for
    // byte; it takes 1.1 s instead of 0.3 s per run.
    run('cargo', install);
  }
  process.exit(0);
}
if (!ready) {
  console.error(
    `build: wasm-bindgen-cli ${pinned} is required (the version bindings/npm/wasm/Cargo.toml pins; found: ${found}).\n` +
      `Install it once with \`npm run setup\` (runs: cargo ${install.join(' ')}).`,
  );
  process.exit(1);
}

const env = {
  ...process.env,
  CARGO_PROFILE_RELEASE_LTO: 'true',
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '1',
  CARGO_PROFILE_RELEASE_DEBUG: '0',
  CARGO_PROFILE_RELEASE_PANIC: 'abort',
  CARGO_PROFILE_RELEASE_OPT_LEVEL: process.env.URIKIT_WASM_OPT_LEVEL ?? 's',
};
const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');

// The modules, each in its own cargo invocation: one invocation would
// unify urikit-views' features over both crates and put the readings in
// the main module too, out of its budget. `urikit_wasm` is the main
// module (src/load.js); `urikit_views` the second (src/views-load.js,
// loaded by `urikit/views` only): every parser's view, the readings of
// other languages' libraries among them; `urikit_guard` the third
// (src/guard-load.js, loaded by `urikit/guard` only): the SSRF guard.
// URIKIT_WASM_ONLY=main, views or guard builds one of them (the others'
// files in dist/ are left as they are).
const only = process.env.URIKIT_WASM_ONLY;
const modules = [
  { crate: 'urikit-wasm', file: 'urikit_wasm', name: 'urikit_wasm' },
  { crate: 'urikit-wasm-views', file: 'urikit_wasm_views', name: 'urikit_views' },
  { crate: 'urikit-wasm-guard', file: 'urikit_wasm_guard', name: 'urikit_guard' },
].filter((m) => !only || `urikit_${only === 'main' ? 'wasm' : only}` === m.name);
if (!only) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const m of modules) {
  const start = Date.now();
  run('cargo', ['build', '-p', m.crate, '--target', 'wasm32-unknown-unknown', '--release'], { env });
  const wasm = join(target, 'wasm32-unknown-unknown', 'release', `${m.file}.wasm`);
  run('wasm-bindgen', ['--target', 'web', '--out-dir', out, '--out-name', m.name, wasm]);

  const bg = join(out, `${m.name}_bg.wasm`);
  const level = process.env.URIKIT_WASM_OPT ?? 'O3';
  if (level !== '0') {
    const wasmOpt = join(js, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
    if (!existsSync(wasmOpt)) throw new Error(`${wasmOpt} is missing: run npm ci in bindings/npm/ first`);
    const features = [
      'bulk-memory', 'nontrapping-float-to-int', 'sign-ext', 'mutable-globals', 'reference-types', 'multivalue',
    ].map((f) => `--enable-${f}`);
    run(process.execPath, [wasmOpt, ...features, `-${level}`, bg, '-o', bg]);
  }
  const bytes = readFileSync(bg);
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  console.error(`built ${bg}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped (${seconds} s)`);
}
