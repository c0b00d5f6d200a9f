// Builds the WebAssembly core (the workspace crate ../wasm) and its
// JavaScript glue into dist/wasm/:
//   1. cargo build -p urikit-wasm --target wasm32-unknown-unknown (release,
//      with LTO and no debug info: set here by environment, so the
//      workspace's own release profile is untouched);
//   2. wasm-bindgen --target web (an ES module that works in browsers and,
//      given the bytes, in Node); wasm-bindgen-cli is installed with
//      `cargo install --locked --debug` at the exact version wasm/Cargo.toml pins
//      when it is missing or another version.
// No prebuilt binary is downloaded from anywhere.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const js = join(here, '..');
const root = join(js, '..');
const out = join(js, 'dist', 'wasm');

function run(cmd, args, opts = {}) {
  console.error(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
}

const manifest = readFileSync(join(root, 'wasm', 'Cargo.toml'), 'utf8');
const pinned = /^wasm-bindgen\s*=\s*"=([0-9.]+)"/m.exec(manifest)?.[1];
if (!pinned) throw new Error('wasm/Cargo.toml does not pin wasm-bindgen exactly (="x.y.z")');

const have = spawnSync('wasm-bindgen', ['--version'], { encoding: 'utf8' });
if (have.status !== 0 || !have.stdout.includes(` ${pinned}`)) {
  // --debug: an unoptimized build of the tool installs in about a third
  // of the time (5 min against 16 on this 2-core machine under load, the
  // one-time cost of a fresh CI machine) and writes the same glue, byte for
  // byte; it takes 1.1 s instead of 0.3 s per run.
  run('cargo', ['install', 'wasm-bindgen-cli', '--version', pinned, '--locked', '--debug']);
}

const env = {
  ...process.env,
  CARGO_PROFILE_RELEASE_LTO: 'true',
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '1',
  CARGO_PROFILE_RELEASE_DEBUG: '0',
  CARGO_PROFILE_RELEASE_PANIC: 'abort',
  CARGO_PROFILE_RELEASE_OPT_LEVEL: process.env.URIKIT_WASM_OPT_LEVEL ?? 's',
};
run('cargo', ['build', '-p', 'urikit-wasm', '--target', 'wasm32-unknown-unknown', '--release'], { env });

const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const wasm = join(target, 'wasm32-unknown-unknown', 'release', 'urikit_wasm.wasm');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
run('wasm-bindgen', ['--target', 'web', '--out-dir', out, '--out-name', 'urikit_wasm', wasm]);
console.error(`built ${join(out, 'urikit_wasm_bg.wasm')}: ${statSync(join(out, 'urikit_wasm_bg.wasm')).size} bytes`);
